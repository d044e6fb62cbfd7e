//! `tt.reduce`: within each thread, then across the lanes of a warp with
//! butterfly shuffles, then across warps through shared memory.
//!
//! Triton 3.9's lowering (`reduce_linear.rs`) is tried first; the algorithm
//! below is the fallback for the cases it does not plan for.
//!
//! Algorithm:
//! 1. Group the thread's registers by their coordinates with the reduced
//!    axis zeroed; fold each group with the combiner (in axis order).
//! 2. For each lane bit that moves along the axis, combine with the value of
//!    the lane that differs in that bit (`shuffle_xor`).
//! 3. With W > 1 warps along the axis, every warp writes its partial
//!    results to shared memory at `((w * P) + p) * G + g` (w: the warp's
//!    index along the axis, p: the thread's position among the P threads
//!    holding distinct results, g: the group), barrier, and every thread
//!    combines the W partials of its groups. When the scratch
//!    (`allocation.size`) is smaller than W·P·G elements, this runs in rounds
//!    of G/R groups with a barrier between rounds.
//! 4. The result register at coordinates c is the group holding c with the
//!    axis coordinate re-inserted.
use super::convert::{from_storage, to_storage};
use super::layout::DistLayout;

#[path = "reduce_linear.rs"]
mod linear;
use super::{LowerPattern, Lowering};
use std::collections::HashMap;
use tritium_dialects::ir::{Op, Ty, Val};

/// `ttg-to-llvm.reduce`.
pub struct Reduce;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&Reduce];

/// Which lane a shuffle reads.
#[derive(Clone, Copy)]
pub enum Source {
    /// The lane `lane ^ mask`.
    Xor(u32),
    /// The lane given (i32).
    Lane(Val),
    /// The lane `lane - delta` (`true`) or `lane + delta` (`false`).
    UpDown(u32, bool),
}

fn shuffle32(cx: &mut Lowering<'_>, v: Val, from: Source) -> Val {
    match from {
        Source::Xor(mask) => cx.target.shuffle_xor(&mut cx.e, v, mask),
        Source::Lane(lane) => cx.target.shuffle_idx(&mut cx.e, v, lane),
        Source::UpDown(delta, up) => cx.target.shuffle_up_down(&mut cx.e, v, delta, up),
    }
}

/// `value` from the lane `lane ^ mask`, for any scalar type up to 64 bits.
pub fn shuffle_xor_any(cx: &mut Lowering<'_>, v: Val, mask: u32) -> Val {
    shuffle_any(cx, v, Source::Xor(mask))
}

/// `value` from another lane, for any scalar type up to 64 bits.
pub fn shuffle_any(cx: &mut Lowering<'_>, v: Val, from: Source) -> Val {
    let ty = v.ty();
    let i32t = cx.e.i32();
    let bits = ty.bit_width();
    if ty == i32t || (ty.is_float() && bits == 32) {
        return shuffle32(cx, v, from);
    }
    if ty.is_integer() && bits < 32 {
        let w = cx.e.cast("llvm.zext", v, i32t);
        let s = shuffle32(cx, w, from);
        return cx.e.cast("llvm.trunc", s, ty);
    }
    if ty.is_float() && bits < 32 {
        let it = cx.e.int_ty(bits);
        let b = cx.e.cast("llvm.bitcast", v, it);
        let w = cx.e.cast("llvm.zext", b, i32t);
        let s = shuffle32(cx, w, from);
        let t = cx.e.cast("llvm.trunc", s, it);
        return cx.e.cast("llvm.bitcast", t, ty);
    }
    // 64 bits (integers, floats, pointers): two halves.
    let i64t = cx.e.i64();
    let as_int = if ty.is_integer() {
        v
    } else if ty.is_float() {
        cx.e.cast("llvm.bitcast", v, i64t)
    } else {
        cx.e.cast("llvm.ptrtoint", v, i64t)
    };
    // As Triton's shuffle of 64-bit values: a vector of two 32-bit halves.
    let v2 = cx.e.vector_ty(i32t, 2);
    let vec = cx.e.cast("llvm.bitcast", as_int, v2);
    let lo = cx.e.extract_element(vec, 0, i32t);
    let hi = cx.e.extract_element(vec, 1, i32t);
    let lo = shuffle32(cx, lo, from);
    let hi = shuffle32(cx, hi, from);
    let u = cx.e.undef(v2);
    let vec = cx.e.insert_element(u, lo, 0);
    let vec = cx.e.insert_element(vec, hi, 1);
    let r = cx.e.cast("llvm.bitcast", vec, i64t);
    if ty.is_integer() {
        r
    } else if ty.is_float() {
        cx.e.cast("llvm.bitcast", r, ty)
    } else {
        cx.e.cast("llvm.inttoptr", r, ty)
    }
}

/// Concatenates the bits `bits` of `id` (in order) into a small index.
pub fn gather_bits(cx: &mut Lowering<'_>, id: Val, bits: &[usize], shift: usize, acc: Option<Val>) -> Option<Val> {
    let mut acc = acc;
    for (k, &b) in bits.iter().enumerate() {
        let m = cx.e.and_i32(id, 1 << b);
        let to = (shift + k) as u32;
        let t = if to >= b as u32 { cx.e.shl_i32(m, to - b as u32) } else { cx.e.lshr_i32(m, b as u32 - to) };
        acc = Some(match acc {
            Some(a) => cx.e.or(a, t),
            None => t,
        });
    }
    acc
}

/// The shared-memory slots through which the warps along an axis exchange
/// per-thread values (partial reductions, scan totals): slot
/// `((w * P) + pos) * per_round + g` of operand j's region, where w is a
/// warp's index along the axis, pos the thread's position among the P
/// threads holding distinct values, g a group of the thread's registers.
pub struct WarpExchange {
    /// Per operand: its region's start and the type stored there.
    pub bases: Vec<Val>,
    pub store_tys: Vec<Ty>,
    /// The operands' own types.
    pub types: Vec<Ty>,
    /// This thread's position and its warp's index along the axis (i32).
    pub pos: Val,
    pub w_idx: Val,
    /// Warps along the axis, positions, groups per round.
    pub w_count: i64,
    pub p_count: i64,
    pub per_round: i64,
}

impl WarpExchange {
    /// Sets up the exchange of `groups` groups of values of `types` among
    /// the warps of `l` along `axis`, in `op`'s scratch; `None` when one
    /// warp spans the axis. With `rounds`, groups are split into rounds until
    /// a round fits `allocation.size`; without, everything must fit.
    pub fn new(
        cx: &mut Lowering<'_>,
        op: Op,
        l: &DistLayout,
        axis: usize,
        groups: i64,
        types: &[Ty],
        rounds: bool,
    ) -> Result<Option<WarpExchange>, String> {
        let along = |b: &Vec<i64>| b[axis] != 0;
        let warp_axis_bits: Vec<usize> = (0..l.warps.len()).filter(|&i| along(&l.warps[i])).collect();
        if warp_axis_bits.is_empty() {
            return Ok(None);
        }
        let w_count = 1i64 << warp_axis_bits.len();
        let holds = |b: &Vec<i64>| !along(b) && b.iter().any(|&x| x != 0);
        let lane_pos: Vec<usize> = (0..l.lanes.len()).filter(|&i| holds(&l.lanes[i])).collect();
        let warp_pos: Vec<usize> = (0..l.warps.len()).filter(|&i| holds(&l.warps[i])).collect();
        let p_count = 1i64 << (lane_pos.len() + warp_pos.len());
        let store_tys: Vec<Ty> = types
            .iter()
            .map(|t| if t.is_integer() && t.bit_width() < 8 { cx.e.int_ty(8) } else if t.is_integer() || t.is_float() { *t } else { cx.e.i64() })
            .collect();
        let bytes: i64 = store_tys.iter().map(|t| i64::from(t.bit_width() / 8)).sum();
        let limit = Lowering::scratch_size(op).unwrap_or(w_count * p_count * groups * bytes);
        let mut per_round = groups;
        while w_count * p_count * per_round * bytes > limit {
            if !rounds || per_round == 1 || per_round % 2 != 0 {
                return Err(format!("'{}': {limit} bytes of scratch cannot hold the values the warps exchange", op.name()));
            }
            per_round /= 2;
        }
        let base = cx.scratch(op)?;
        let (_, lane, warp) = cx.thread_ids();
        let pos = gather_bits(cx, lane, &lane_pos, 0, None);
        let pos = gather_bits(cx, warp, &warp_pos, lane_pos.len(), pos).unwrap_or_else(|| cx.e.i32_const(0));
        let w_idx = gather_bits(cx, warp, &warp_axis_bits, 0, None).unwrap_or_else(|| cx.e.i32_const(0));
        let i8t = cx.e.int_ty(8);
        // The operands' regions, widest element first, so that every region
        // starts aligned to its element size (the scratch has no padding).
        let mut order: Vec<usize> = (0..store_tys.len()).collect();
        order.sort_by_key(|&j| std::cmp::Reverse(store_tys[j].bit_width()));
        let mut bases = vec![base; types.len()];
        let mut byte_offset = 0i64;
        for j in order {
            let off = cx.e.i32_const(byte_offset);
            bases[j] = cx.e.gep(base, i8t, off);
            byte_offset += w_count * p_count * per_round * i64::from(store_tys[j].bit_width() / 8);
        }
        Ok(Some(WarpExchange { bases, store_tys, types: types.to_vec(), pos, w_idx, w_count, p_count, per_round }))
    }

    /// The slot index of (warp `w`, this thread's position, group `g` of the round).
    pub fn slot(&self, cx: &mut Lowering<'_>, w: Val, g: i64) -> Val {
        let wp = cx.e.mul_i32(w, self.p_count);
        let row = cx.e.add(wp, self.pos);
        let row = cx.e.mul_i32(row, self.per_round);
        cx.e.add_i32(row, g)
    }

    /// Stores `values` (one per operand) at `slot`.
    pub fn store(&self, cx: &mut Lowering<'_>, slot: Val, values: &[Val]) {
        self.store_if(cx, slot, values, None);
    }

    /// Stores `values` (one per operand) at `slot` where `pred` holds.
    pub fn store_if(&self, cx: &mut Lowering<'_>, slot: Val, values: &[Val], pred: Option<Val>) {
        for (j, v) in values.iter().enumerate() {
            let p = cx.e.gep(self.bases[j], self.store_tys[j], slot);
            let v = to_storage(cx, *v, self.store_tys[j]);
            cx.target.store_shared(&mut cx.e, p, v, pred);
        }
    }

    /// Loads the values (one per operand) at `slot`.
    pub fn load(&self, cx: &mut Lowering<'_>, slot: Val) -> Vec<Val> {
        (0..self.bases.len())
            .map(|j| {
                let p = cx.e.gep(self.bases[j], self.store_tys[j], slot);
                let v = cx.target.load_shared(&mut cx.e, p, self.store_tys[j]);
                from_storage(cx, v, self.types[j])
            })
            .collect()
    }
}

impl LowerPattern for Reduce {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.reduce"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.reduce"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        if let Some(out) = linear::lower(cx, op)? {
            return Ok(out);
        }
        lower_legacy(cx, op)
    }
}

/// The lowering before Triton 3.9's linear-layout reduction (every thread
/// combines the partials of all warps itself); used where [`linear`] does
/// not apply.
fn lower_legacy(cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
    {
        let axis = op.attr("axis").and_then(|a| a.int()).ok_or("reduce without axis")? as usize;
        let operands = op.operands();
        let k = operands.len();
        let l = cx.layout(operands[0].ty())?;
        let regs: Vec<Vec<Val>> = operands.iter().map(|v| cx.get(*v)).collect::<Result<_, _>>()?;
        let region = op.region(0);
        let combine = |cx: &mut Lowering<'_>, a: &[Val], b: &[Val]| cx.combine(region, a, b);
        // 1. Within the thread.
        let mut group_of: HashMap<Vec<i64>, usize> = HashMap::new();
        let mut groups: Vec<(Vec<i64>, Vec<usize>)> = Vec::new();
        let dup = l.duplicate_regs();
        for (r, c) in l.regs.iter().enumerate() {
            if dup[r] {
                continue;
            }
            let mut key = c.clone();
            key[axis] = 0;
            let g = *group_of.entry(key.clone()).or_insert_with(|| {
                groups.push((key, Vec::new()));
                groups.len() - 1
            });
            groups[g].1.push(r);
        }
        let mut acc: Vec<Vec<Val>> = Vec::with_capacity(groups.len());
        for (_, members) in &mut groups {
            members.sort_by_key(|&r| l.regs[r][axis]);
            let mut a: Vec<Val> = (0..k).map(|j| regs[j][members[0]]).collect();
            for &r in &members[1..] {
                let b: Vec<Val> = (0..k).map(|j| regs[j][r]).collect();
                a = combine(cx, &a, &b)?;
            }
            acc.push(a);
        }
        // 2. Across lanes.
        let along = |b: &Vec<i64>| b[axis] != 0;
        let only_axis = |b: &Vec<i64>| b.iter().enumerate().all(|(d, &x)| d == axis || x == 0);
        for b in l.lanes.iter().chain(&l.warps) {
            if along(b) && !only_axis(b) {
                return Err("tt.reduce: a lane or warp moves along the axis and another dimension at once".into());
            }
        }
        for (bit, b) in l.lanes.iter().enumerate() {
            if !along(b) {
                continue;
            }
            for a in acc.iter_mut() {
                let other: Vec<Val> = a.iter().map(|v| shuffle_xor_any(cx, *v, 1 << bit)).collect();
                *a = combine(cx, a, &other)?;
            }
        }
        // 3. Across warps.
        let types: Vec<Ty> = acc[0].iter().map(|v| v.ty()).collect();
        if let Some(x) = WarpExchange::new(cx, op, &l, axis, acc.len() as i64, &types, true)? {
            let mut round_start = 0i64;
            while round_start < acc.len() as i64 {
                if round_start > 0 {
                    cx.barrier();
                }
                for g in round_start..round_start + x.per_round {
                    let slot = x.slot(cx, x.w_idx, g - round_start);
                    x.store(cx, slot, &acc[g as usize]);
                }
                cx.barrier();
                for g in round_start..round_start + x.per_round {
                    let mut total: Option<Vec<Val>> = None;
                    for w in 0..x.w_count {
                        let wv = cx.e.i32_const(w);
                        let slot = x.slot(cx, wv, g - round_start);
                        let part = x.load(cx, slot);
                        total = Some(match total {
                            Some(t) => combine(cx, &t, &part)?,
                            None => part,
                        });
                    }
                    acc[g as usize] = total.unwrap_or_default();
                }
                round_start += x.per_round;
            }
        }
        // 4. Results.
        let results = op.results();
        if !results[0].ty().is_tensor() {
            if acc.len() != 1 {
                return Err("tt.reduce to a scalar left several groups".into());
            }
            return Ok((0..k).map(|j| vec![acc[0][j]]).collect());
        }
        let rl = cx.layout(results[0].ty())?;
        let mut out = vec![Vec::with_capacity(rl.num_regs()); k];
        for c in &rl.regs {
            let mut key = c.clone();
            key.insert(axis, 0);
            let g = *group_of.get(&key).ok_or("tt.reduce: a result register has no group (layouts do not match)")?;
            for j in 0..k {
                out[j].push(acc[g][j]);
            }
        }
        Ok(out)
    }
}
