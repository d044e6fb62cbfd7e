//! `tt.reduce` as Triton 3.9 lowers it, on the operand's linear layout:
//!
//! 1. Within each thread: the registers along the axis are combined as a
//!    balanced tree (pairs of neighbours first), one group per combination
//!    of the other register bits.
//! 2. Within each warp: for each lane bit along the axis, from the highest,
//!    a butterfly shuffle and a combine; those lanes then hold copies.
//! 3. Across warps: while warps still hold different partials, the partials
//!    move through shared memory to a layout where the warp bits along the
//!    axis are lane bits (Triton's `getInterLayout`: lanes that hold copies
//!    first, so that the result often stays where the output wants it), and
//!    step 2 runs again on those lanes.
//! 4. When the threads then hold the result elsewhere than the result's
//!    layout, one more trip through shared memory.
//!
//! Everything is planned (layouts, shared-memory maps) before any IR is
//! emitted: when a case does not fit (a scratch too small to move in one
//! round, a basis moving along the axis and another dimension), the caller
//! falls back to the older lowering.
use super::super::convert::{from_storage, scratch_slot_map, to_storage, vector_bits, vector_member, vector_starts, SlotMap};
use super::super::layout::DistLayout;
use super::super::Lowering;
use tritium_dialects::ir::{Op, Ty, Val};
use tritium_dialects::ttg::linear_layout::LinearLayout;

/// A linear layout as bases per input dimension (no register broadcast).
#[derive(Clone, Debug, PartialEq)]
struct Lay {
    shape: Vec<i64>,
    regs: Vec<Vec<i64>>,
    lanes: Vec<Vec<i64>>,
    warps: Vec<Vec<i64>>,
}

impl Lay {
    fn dist(&self) -> DistLayout {
        let n = 1usize << self.regs.len();
        let rank = self.shape.len();
        let regs = (0..n)
            .map(|r| {
                let mut c = vec![0i64; rank];
                for (bit, b) in self.regs.iter().enumerate() {
                    if r >> bit & 1 == 1 {
                        for (x, y) in c.iter_mut().zip(b) {
                            *x ^= *y;
                        }
                    }
                }
                c
            })
            .collect();
        DistLayout {
            shape: self.shape.clone(),
            regs,
            lanes: self.lanes.clone(),
            warps: self.warps.clone(),
            reg_bases: self.regs.clone(),
        }
    }

    fn linear_layout(&self) -> Option<LinearLayout> {
        let conv = |v: &[Vec<i64>]| -> Option<Vec<Vec<i32>>> {
            v.iter().map(|b| b.iter().map(|&x| i32::try_from(x).ok()).collect()).collect()
        };
        let bases = vec![
            ("register".to_string(), conv(&self.regs)?),
            ("lane".to_string(), conv(&self.lanes)?),
            ("warp".to_string(), conv(&self.warps)?),
            ("block".to_string(), Vec::new()),
        ];
        let outs = self.shape.iter().enumerate().map(|(d, &s)| Some((format!("dim{d}"), i32::try_from(s).ok()?))).collect::<Option<Vec<_>>>()?;
        LinearLayout::new(bases, outs, false).ok()
    }

    /// Zeroes the axis component of `lanes` bits in `mask`, then renumbers
    /// the bases still along the axis 1, 2, 4, … (registers, lanes, warps)
    /// (Triton's `zeroBasesAlongDimAndReorder`).
    fn reduce_lanes(&mut self, axis: usize, mask: u32) {
        for (i, b) in self.lanes.iter_mut().enumerate() {
            if mask >> i & 1 == 1 {
                b[axis] = 0;
            }
        }
        let mut next = 1i64;
        for b in self.regs.iter_mut().chain(self.lanes.iter_mut()).chain(self.warps.iter_mut()) {
            if b[axis] != 0 {
                b[axis] = next;
                next *= 2;
            }
        }
        self.shape[axis] = next;
    }

    /// The lane bits whose bases are zero (lanes holding copies).
    fn zero_lanes(&self) -> u32 {
        self.lanes.iter().enumerate().filter(|(_, b)| b.iter().all(|&x| x == 0)).fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The lane bits along the axis.
    fn axis_lanes(&self, axis: usize) -> u32 {
        self.lanes.iter().enumerate().filter(|(_, b)| b[axis] != 0).fold(0, |m, (i, _)| m | 1 << i)
    }

    /// Triton's `getInterLayout`: the warp bases along the axis swapped into
    /// lanes holding copies when there are enough, else into the lowest lanes.
    fn inter(&self, axis: usize) -> Lay {
        let mut l = self.clone();
        let warp_axis: Vec<usize> = (0..l.warps.len()).filter(|&i| l.warps[i][axis] != 0).collect();
        let zero_lanes: Vec<usize> = (0..l.lanes.len()).filter(|&i| l.lanes[i].iter().all(|&x| x == 0)).collect();
        let targets: Vec<usize> =
            if zero_lanes.len() >= warp_axis.len() { zero_lanes } else { (0..l.lanes.len()).collect() };
        for (&w, &ln) in warp_axis.iter().zip(&targets) {
            std::mem::swap(&mut l.lanes[ln], &mut l.warps[w]);
        }
        l
    }

    /// The same layout without dimension `axis`.
    fn drop_dim(&self, axis: usize) -> Lay {
        let f = |v: &[Vec<i64>]| -> Vec<Vec<i64>> {
            v.iter()
                .map(|b| {
                    let mut b = b.clone();
                    b.remove(axis);
                    b
                })
                .collect()
        };
        let mut shape = self.shape.clone();
        shape.remove(axis);
        Lay { shape, regs: f(&self.regs), lanes: f(&self.lanes), warps: f(&self.warps) }
    }
}

/// One move of all operands from `src` to `dst` through shared memory.
struct Move {
    src: DistLayout,
    dst: DistLayout,
    /// Per operand: byte offset in the scratch, its slot map, storage type.
    parts: Vec<(i64, SlotMap, Ty)>,
}

/// Plans moving the operands (of `elems`) from `src` to `dst` in one round
/// within `limit` bytes; `None` when it does not fit.
fn plan_move(cx: &mut Lowering<'_>, src: &Lay, dst: &Lay, elems: &[Ty], limit: i64) -> Option<Move> {
    use tritium_passes::analysis::allocation::{convert_layout_scratch_ll, ScratchTarget};
    let (sd, dd) = (src.dist(), dst.dist());
    let numel = src.shape.iter().try_fold(1i64, |a, &b| a.checked_mul(b))?;
    if numel <= 0 || numel.count_ones() != 1 || numel > 1 << 24 {
        return None;
    }
    let bits = numel.trailing_zeros();
    // Operands by decreasing width (Triton's getSmemBaseOffsets).
    let mut order: Vec<usize> = (0..elems.len()).collect();
    let stys: Vec<Ty> = elems.iter().map(|&t| crate::ttg_to_llvm::shared::storage_type(cx, t)).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(stys[i].bit_width()));
    let mut parts: Vec<Option<(i64, SlotMap, Ty)>> = (0..elems.len()).map(|_| None).collect();
    let mut offset = 0i64;
    let (sll, dll) = (src.linear_layout(), dst.linear_layout());
    for i in order {
        let sty = stys[i];
        let bytes = i64::from(sty.bit_width().max(8) / 8);
        let triton = match (&sll, &dll) {
            (Some(s), Some(d)) => convert_layout_scratch_ll(s, d, sty.bit_width().max(8), ScratchTarget::Generic)
                .and_then(|sc| sc.smem.to_layout().ok())
                .and_then(|ll| scratch_slot_map(&ll, &sd, &dd)),
            _ => None,
        };
        // Triton's scratch layout, in as many rounds as it has (each round
        // one tile of the scratch, as a convert_layout through it).
        let map = triton.unwrap_or_else(|| SlotMap::from_rounds(bits, 0));
        // Keep each region aligned to its element size.
        offset = (offset + bytes - 1) / bytes * bytes;
        let rounds = map.round_bits;
        parts[i] = Some((offset, map, sty));
        offset += (numel >> rounds) * bytes;
    }
    if offset > limit {
        return None;
    }
    Some(Move { src: sd, dst: dd, parts: parts.into_iter().collect::<Option<Vec<_>>>()? })
}

/// Moves `values` (per operand, per register of `m.src`) to `m.dst`'s
/// registers. When every operand fits the scratch at once: every operand
/// stored, one barrier, every operand loaded. Otherwise as Triton's one
/// convert_layout per operand: operand after operand, each in its rounds
/// (stores, barrier, loads; a barrier before each later round's stores).
fn do_move(cx: &mut Lowering<'_>, op: Op, m: &Move, values: &[Vec<Val>], elems: &[Ty]) -> Result<Vec<Vec<Val>>, String> {
    let base = cx.scratch(op)?;
    let i8t = cx.e.int_ty(8);
    let thread_slot = |cx: &mut Lowering<'_>, l: &DistLayout, map: &SlotMap| -> Val {
        let lanes: Vec<i64> = l.lanes.iter().map(|b| map.slot(l.linear(b))).collect();
        let warps: Vec<i64> = l.warps.iter().map(|b| map.slot(l.linear(b))).collect();
        cx.xor_of_thread_bits(&lanes, &warps, None).unwrap_or_else(|| cx.e.i32_const(0))
    };
    let mut bases = Vec::with_capacity(m.parts.len());
    for (off, _, _) in &m.parts {
        let o = cx.e.i32_const(*off);
        bases.push(cx.e.gep(base, i8t, o));
    }
    let store = |cx: &mut Lowering<'_>, j: usize, round: i64, t: Val| {
        let (_, map, sty) = &m.parts[j];
        let bytes = i64::from(sty.bit_width().max(8) / 8);
        let vbits = vector_bits(&m.src, map, (16 / bytes).max(1) as usize);
        let vec = 1usize << vbits.len();
        for start in vector_starts(&vbits, m.src.num_regs()) {
            let lin = m.src.linear(&m.src.regs[start]);
            if map.round(lin) != round {
                continue;
            }
            let slot = cx.e.i32_const(map.slot(lin));
            let idx = cx.e.xor(t, slot);
            let ptr = cx.e.gep(bases[j], *sty, idx);
            let vals: Vec<Val> = (0..vec).map(|k| to_storage(cx, values[j][vector_member(&vbits, start, k)], *sty)).collect();
            super::super::shared::store_shared_vector(cx, ptr, &vals, vec as i64 * bytes);
        }
    };
    let load = |cx: &mut Lowering<'_>, j: usize, round: i64, t: Val, regs: &mut [Option<Val>]| {
        let (_, map, sty) = &m.parts[j];
        let bytes = i64::from(sty.bit_width().max(8) / 8);
        let vbits = vector_bits(&m.dst, map, (16 / bytes).max(1) as usize);
        let vec = 1usize << vbits.len();
        for start in vector_starts(&vbits, m.dst.num_regs()) {
            let lin = m.dst.linear(&m.dst.regs[start]);
            if map.round(lin) != round {
                continue;
            }
            let slot = cx.e.i32_const(map.slot(lin));
            let idx = cx.e.xor(t, slot);
            let ptr = cx.e.gep(bases[j], *sty, idx);
            for (k, x) in super::super::shared::load_shared_vector(cx, ptr, *sty, vec, vec as i64 * bytes).into_iter().enumerate() {
                regs[vector_member(&vbits, start, k)] = Some(from_storage(cx, x, elems[j]));
            }
        }
    };
    let mut out: Vec<Vec<Option<Val>>> = vec![vec![None; m.dst.num_regs()]; m.parts.len()];
    if m.parts.iter().all(|(_, map, _)| map.round_bits == 0) {
        for j in 0..m.parts.len() {
            let t = thread_slot(cx, &m.src, &m.parts[j].1);
            store(cx, j, 0, t);
        }
        cx.barrier();
        for (j, regs) in out.iter_mut().enumerate() {
            let t = thread_slot(cx, &m.dst, &m.parts[j].1);
            load(cx, j, 0, t, regs);
        }
    } else {
        for (j, regs) in out.iter_mut().enumerate() {
            let map = &m.parts[j].1;
            let ts = thread_slot(cx, &m.src, map);
            let td = thread_slot(cx, &m.dst, map);
            for round in 0..1i64 << map.round_bits {
                if round > 0 {
                    cx.barrier();
                }
                store(cx, j, round, ts);
                cx.barrier();
                load(cx, j, round, td, regs);
            }
        }
    }
    out.into_iter()
        .map(|regs| regs.into_iter().map(|v| v.ok_or_else(|| "tt.reduce: a register was never loaded".to_string())).collect())
        .collect()
}

/// The plan of a reduction.
struct Plan {
    /// Among the operand's register bases that are not broadcasts, in order:
    /// the ones along the axis (reduced in thread), the others.
    along: Vec<usize>,
    others: Vec<usize>,
    /// Lanes reduced by shuffles within the warp, first round.
    first_lanes: u32,
    first_bcast: u32,
    lane_bits: usize,
    /// Rounds across warps: the move, then the lanes reduced and the lanes
    /// holding copies.
    rounds: Vec<(Move, u32, u32)>,
    /// The final layout, and the move to the result's layout if needed.
    last: Lay,
    to_result: Option<Move>,
}

fn plan(cx: &mut Lowering<'_>, op: Op, axis: usize, elems: &[Ty]) -> Result<Option<Plan>, String> {
    let operands = op.operands();
    let l = cx.layout(operands[0].ty())?;
    if axis >= l.shape.len() || l.shape.iter().any(|&s| s <= 0 || s.count_ones() != 1) || l.lanes.len() > 16 {
        return Ok(None);
    }
    let only_axis = |b: &Vec<i64>| b.iter().enumerate().all(|(d, &x)| d == axis || x == 0);
    let mixed = |b: &Vec<i64>| b[axis] != 0 && !only_axis(b);
    if l.reg_bases.iter().chain(&l.lanes).chain(&l.warps).any(mixed) {
        return Ok(None);
    }
    let kept: Vec<usize> = (0..l.reg_bases.len()).filter(|&i| l.reg_bases[i].iter().any(|&x| x != 0)).collect();
    let along: Vec<usize> = kept.iter().copied().filter(|&i| l.reg_bases[i][axis] != 0).collect();
    let others: Vec<usize> = kept.iter().copied().filter(|&i| l.reg_bases[i][axis] == 0).collect();
    let mut cur = Lay {
        shape: l.shape.clone(),
        regs: others.iter().map(|&i| l.reg_bases[i].clone()).collect(),
        lanes: l.lanes.clone(),
        warps: l.warps.clone(),
    };
    // Registers along the axis are gone; lanes next.
    let first_lanes = cur.axis_lanes(axis);
    let first_bcast = cur.zero_lanes();
    let lane_bits = cur.lanes.len();
    cur.reduce_lanes(axis, first_lanes);
    let limit = Lowering::scratch_size(op).unwrap_or(0);
    let mut rounds = Vec::new();
    while cur.shape[axis] != 1 {
        if rounds.len() >= 4 || op.attr("allocation.offset").is_none() {
            return Ok(None);
        }
        let tmp = cur.inter(axis);
        let Some(m) = plan_move(cx, &cur, &tmp, elems, limit) else { return Ok(None) };
        let lanes = tmp.axis_lanes(axis);
        if lanes == 0 {
            return Ok(None);
        }
        let bcast = tmp.zero_lanes();
        cur = tmp;
        cur.reduce_lanes(axis, lanes);
        rounds.push((m, lanes, bcast));
    }
    let last = cur.drop_dim(axis);
    let results = op.results();
    let mut to_result = None;
    if results[0].ty().is_tensor() {
        let out = cx.layout(results[0].ty())?;
        if out.lanes != last.lanes || out.warps != last.warps || !regs_cover(&last, &out) {
            if op.attr("allocation.offset").is_none() {
                return Ok(None);
            }
            let mut out_regs: Vec<Vec<i64>> = out.reg_bases.clone();
            out_regs.retain(|b| b.iter().any(|&x| x != 0));
            let out_lay = Lay { shape: out.shape.clone(), regs: out_regs, lanes: out.lanes.clone(), warps: out.warps.clone() };
            let Some(mut m) = plan_move(cx, &last, &out_lay, elems, limit) else { return Ok(None) };
            // Load every register of the result (copies included).
            m.dst = (*out).clone();
            to_result = Some(m);
        }
    } else if !last.regs.is_empty() {
        return Ok(None);
    }
    Ok(Some(Plan { along, others, first_lanes, first_bcast, lane_bits, rounds, last, to_result }))
}

/// Whether every register coordinate of `out` is held by a register of `l`.
fn regs_cover(l: &Lay, out: &DistLayout) -> bool {
    let d = l.dist();
    out.regs.iter().all(|c| d.regs.contains(c))
}

/// The `redux.sync` operation of a reduction whose combiner is one integer
/// op of at most 32 bits on the block's two arguments: (`op.type`, whether
/// narrower values are sign-extended, the identity).
fn redux_kind(op: Op) -> Option<(&'static str, bool, i64)> {
    use tritium_dialects::ir::{block_arguments, block_ops, region_blocks};
    if op.num_operands() != 1 {
        return None;
    }
    let blocks = region_blocks(op.region(0));
    let [block] = blocks.as_slice() else { return None };
    let ops = block_ops(*block);
    let [comb, ret] = ops.as_slice() else { return None };
    let args = block_arguments(*block);
    let (co, ro) = (comb.operands(), ret.operands());
    if args.len() != 2 || co.len() != 2 || ro.len() != 1 || comb.results().len() != 1 {
        return None;
    }
    if !co[0].same(args[0]) || !co[1].same(args[1]) || !ro[0].same(comb.result(0)) {
        return None;
    }
    let ty = comb.result(0).ty();
    if !ty.is_integer() || ty.bit_width() > 32 {
        return None;
    }
    Some(match comb.name() {
        "arith.addi" => ("add.s32", false, 0),
        "arith.andi" => ("and.b32", false, -1),
        "arith.ori" => ("or.b32", false, 0),
        "arith.xori" => ("xor.b32", false, 0),
        "arith.minsi" => ("min.s32", true, i64::from(i32::MAX)),
        "arith.minui" => ("min.u32", false, -1),
        "arith.maxsi" => ("max.s32", true, i64::from(i32::MIN)),
        "arith.maxui" => ("max.u32", false, 0),
        _ => return None,
    })
}

/// Reduces the single i≤32 operand of `acc` over the lanes `mask` with the
/// target's warp-wide instruction, as Triton 3.9 does on NVIDIA: the whole
/// warp takes part; lanes in `bcast` hold copies (masked out for add/xor),
/// and at most one other lane bit splits the warp into two groups (two
/// instructions). `None` (nothing emitted) when it does not apply.
fn try_redux(cx: &mut Lowering<'_>, op: Op, acc: &mut [Vec<Val>], mask: u32, bcast: u32, lane_bits: usize) -> Option<()> {
    let (kind, signed, identity) = redux_kind(op)?;
    if lane_bits != 5 {
        return None;
    }
    let full = 31u32;
    let group = full & !(mask | bcast);
    if group.count_ones() > 1 {
        return None;
    }
    let partitioned = group != 0;
    if mask != full {
        let min_lanes = if partitioned { 16 } else { 4 };
        if (1u32 << mask.count_ones()) < min_lanes {
            return None;
        }
    }
    let mask_bcast = bcast != 0 && (kind.starts_with("add") || kind.starts_with("xor"));
    if !cx.target.has_warp_redux(&cx.e) {
        return None;
    }
    let i32t = cx.e.i32();
    let widen = |cx: &mut Lowering<'_>, v: Val| -> Val {
        if v.ty().bit_width() < 32 {
            cx.e.cast(if signed { "llvm.sext" } else { "llvm.zext" }, v, i32t)
        } else {
            v
        }
    };
    let (_, lane, _) = cx.thread_ids();
    let zero = cx.e.i32_const(0);
    let id = cx.e.i32_const(identity);
    let unique = mask_bcast.then(|| {
        let m = cx.e.and_i32(lane, i64::from(bcast));
        cx.e.icmp(super::super::emit::ICmp::Eq, m, zero)
    });
    let first_group = partitioned.then(|| {
        let m = cx.e.and_i32(lane, i64::from(group));
        cx.e.icmp(super::super::emit::ICmp::Eq, m, zero)
    });
    for a in acc.iter_mut() {
        let v = a[0];
        let ty = v.ty();
        let mut x = widen(cx, v);
        if let Some(u) = unique {
            x = cx.e.select(u, x, id);
        }
        let r = if let Some(fg) = first_group {
            let a0 = cx.e.select(fg, x, id);
            let r0 = cx.target.warp_redux(&mut cx.e, a0, kind)?;
            let a1 = cx.e.select(fg, id, x);
            let r1 = cx.target.warp_redux(&mut cx.e, a1, kind)?;
            cx.e.select(fg, r0, r1)
        } else {
            cx.target.warp_redux(&mut cx.e, x, kind)?
        };
        a[0] = if ty.bit_width() < 32 { cx.e.cast("llvm.trunc", r, ty) } else { r };
    }
    Some(())
}

/// Shuffles and combines over the lane bits `mask`, highest first, each
/// register group in turn (or one `redux` per group where that applies;
/// `bcast`: the lanes holding copies).
fn warp_reduce(cx: &mut Lowering<'_>, op: Op, acc: &mut [Vec<Val>], mask: u32, bcast: u32, lane_bits: usize) -> Result<(), String> {
    if mask == 0 {
        return Ok(());
    }
    if redux_kind(op).is_some() && try_redux(cx, op, acc, mask, bcast, lane_bits).is_some() {
        return Ok(());
    }
    let region = op.region(0);
    for a in acc.iter_mut() {
        for bit in (0..32).rev() {
            if mask >> bit & 1 == 0 {
                continue;
            }
            let other: Vec<Val> = a.iter().map(|v| super::shuffle_xor_any(cx, *v, 1 << bit)).collect();
            *a = cx.combine(region, a, &other)?;
        }
    }
    Ok(())
}

/// Lowers `op` the Triton 3.9 way; `None` when the plan does not apply
/// (nothing emitted then).
pub fn lower(cx: &mut Lowering<'_>, op: Op) -> Result<Option<Vec<Vec<Val>>>, String> {
    let Some(axis) = op.attr("axis").and_then(|a| a.int()) else { return Ok(None) };
    let operands = op.operands();
    if operands.is_empty() || axis < 0 {
        return Ok(None);
    }
    let axis = axis as usize;
    let elems: Vec<Ty> = operands.iter().map(|v| cx.elem_ty(v.ty())).collect::<Result<_, _>>()?;
    let Some(p) = plan(cx, op, axis, &elems)? else { return Ok(None) };
    let k = operands.len();
    let regs: Vec<Vec<Val>> = operands.iter().map(|v| cx.get(*v)).collect::<Result<_, _>>()?;
    let region = op.region(0);
    // 1. Within the thread: a balanced tree over the registers along the axis,
    //    one per group of the other dimensions. Shallow trees (at most 8
    //    leaves) are built level by level across all groups (every group's
    //    first level, then every group's second, ...), deeper ones group
    //    after group. Same combines, same association; only the order
    //    differs, and the target's assembler follows it. A shallow tree has
    //    at most 4 independent combines of its own: group after group, a loop that
    //    sums 8 rows of 4 loaded values per iteration (x_rowsum_loop) kept
    //    fewer loads in flight and ran at 0.59x of Triton (1.00x level by
    //    level). A deep tree has enough of its own, and interleaving them
    //    only stretches live ranges (x_attention's 16-leaf row maxima:
    //    190 -> 197 registers, 1.04x -> 0.95x of Triton).
    let n_groups = 1usize << p.others.len();
    let n_along = 1usize << p.along.len();
    let interleave = n_along <= 8;
    let mut levels: Vec<Vec<Vec<Val>>> = (0..n_groups)
        .map(|g| {
            let gbase = p.others.iter().enumerate().fold(0usize, |m, (j, &b)| if g >> j & 1 == 1 { m | 1 << b } else { m });
            (0..n_along)
                .map(|a| {
                    let r = p.along.iter().enumerate().fold(gbase, |m, (j, &b)| if a >> j & 1 == 1 { m | 1 << b } else { m });
                    (0..k).map(|j| regs[j][r]).collect()
                })
                .collect()
        })
        .collect();
    // One level of one tree: pairs combined in order, an odd last one kept.
    let halve = |cx: &mut Lowering<'_>, level: &mut Vec<Vec<Val>>| -> Result<(), String> {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        let mut it = std::mem::take(level).into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => next.push(cx.combine(region, &a, &b)?),
                None => next.push(a),
            }
        }
        *level = next;
        Ok(())
    };
    if interleave {
        while levels.iter().any(|level| level.len() > 1) {
            for level in levels.iter_mut() {
                halve(cx, level)?;
            }
        }
    } else {
        for level in levels.iter_mut() {
            while level.len() > 1 {
                halve(cx, level)?;
            }
        }
    }
    let mut acc: Vec<Vec<Val>> = Vec::with_capacity(n_groups);
    for mut level in levels {
        acc.push(level.pop().ok_or("tt.reduce: empty group")?);
    }
    // 2. Within the warp.
    warp_reduce(cx, op, &mut acc, p.first_lanes, p.first_bcast, p.lane_bits)?;
    // 3. Across warps.
    for (i, (m, lanes, bcast)) in p.rounds.iter().enumerate() {
        if i > 0 {
            cx.barrier();
        }
        let per_operand: Vec<Vec<Val>> = (0..k).map(|j| acc.iter().map(|a| a[j]).collect()).collect();
        let moved = do_move(cx, op, m, &per_operand, &elems)?;
        let n = m.dst.num_regs();
        acc = (0..n).map(|r| (0..k).map(|j| moved[j][r]).collect()).collect();
        warp_reduce(cx, op, &mut acc, *lanes, *bcast, p.lane_bits)?;
    }
    // 4. Results.
    let results = op.results();
    if !results[0].ty().is_tensor() {
        let a = acc.first().ok_or("tt.reduce: no value left")?;
        return Ok(Some((0..k).map(|j| vec![a[j]]).collect()));
    }
    if let Some(m) = &p.to_result {
        cx.barrier();
        let per_operand: Vec<Vec<Val>> = (0..k).map(|j| acc.iter().map(|a| a[j]).collect()).collect();
        return do_move(cx, op, m, &per_operand, &elems).map(Some);
    }
    let out = cx.layout(results[0].ty())?;
    let have = p.last.dist();
    let mut res = vec![Vec::with_capacity(out.num_regs()); k];
    for c in &out.regs {
        let r = have.regs.iter().position(|x| x == c).ok_or("tt.reduce: a result register has no value")?;
        for j in 0..k {
            res[j].push(acc[r][j]);
        }
    }
    Ok(Some(res))
}
