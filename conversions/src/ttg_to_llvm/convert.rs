//! Ops that create tensors or move elements between registers, lanes and
//! warps: `tt.make_range`, `tt.splat`, program ids, the shape ops
//! (`broadcast`, `expand_dims`, `reshape`, `trans`, `join`, `split`) and
//! `ttg.convert_layout`.
//!
//! The shape ops keep every element in its thread (their layouts are
//! inferred so), so each is a register permutation: [`remap_registers`]
//! with the op's map of coordinates. `ttg.convert_layout` is one too when
//! both layouts put every element in the same thread; otherwise the
//! elements go through shared memory (see [`ConvertLayout`]).
use super::layout::{remap_registers, remap_registers_shifted, DistLayout};
use super::shared::Addresser;
use super::{warp_local, LowerPattern, Lowering};
use tritium_dialects::ir::{Op, Val};

/// `ttg-to-llvm.make-range`.
pub struct MakeRange;
/// `ttg-to-llvm.splat`.
pub struct Splat;
/// `ttg-to-llvm.program-id`: `tt.get_program_id` and `tt.get_num_programs`.
pub struct ProgramId;
/// `ttg-to-llvm.shape`: broadcast, expand_dims, reshape, trans, join, split.
pub struct Shape;
/// `ttg-to-llvm.convert-layout`.
pub struct ConvertLayout;

/// `ttg-to-llvm.barrier`: `ttg.barrier` (a CTA barrier ordering shared memory).
pub struct Barrier;
/// `ttg-to-llvm.gather`: `tt.gather` through its shared-memory scratch.
pub struct Gather;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&MakeRange, &Splat, &ProgramId, &Shape, &ConvertLayout, &Barrier, &Gather];

impl LowerPattern for Gather {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.gather"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.gather"]
    }
    /// Algorithm: every thread stores its source elements at their row-major
    /// index, barrier, then loads each result element from the index whose
    /// coordinates are its own with the gathered axis replaced by the index
    /// value. (A gather that stays within warps gets no scratch from the
    /// allocator; that shuffle-based form is not lowered yet.)
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let axis = op.attr("axis").and_then(|a| a.int()).ok_or("gather without axis")? as usize;
        let src = cx.layout(op.operand(0).ty())?;
        let res = cx.layout(op.result(0).ty())?;
        let values = cx.get(op.operand(0))?;
        let indices = cx.get(op.operand(1))?;
        if op.attr("allocation.offset").is_none() {
            return gather_in_warps(cx, &src, &res, &values, &indices, axis);
        }
        let elem = cx.elem_ty(op.operand(0).ty())?;
        let store_ty = if elem.is_integer() && elem.bit_width() < 8 {
            cx.e.int_ty(8)
        } else if elem.is_integer() || elem.is_float() {
            elem
        } else {
            cx.e.i64()
        };
        let base = cx.scratch(op)?;
        let src_t = cx.thread_coords(&src);
        let dup = src.duplicate_regs();
        let strides_src = strides(&src.shape);
        // The thread's part of the row-major index, per layout.
        let linear_of = |cx: &mut Lowering<'_>, t: &[Val], c: &[i64], skip: Option<usize>| -> Option<Val> {
            let mut acc: Option<Val> = None;
            for (d, td) in t.iter().enumerate() {
                if Some(d) == skip {
                    continue;
                }
                let k = cx.e.i32_const(c[d]);
                let x = cx.e.xor(*td, k);
                let term = cx.e.mul_i32(x, strides_src[d]);
                acc = Some(match acc {
                    Some(a) => cx.e.add(a, term),
                    None => term,
                });
            }
            acc
        };
        for (r, c) in src.regs.iter().enumerate() {
            if dup[r] {
                continue;
            }
            let idx = linear_of(cx, &src_t, c, None).unwrap_or_else(|| cx.e.i32_const(0));
            let p = cx.e.gep(base, store_ty, idx);
            let v = to_storage(cx, values[r], store_ty);
            cx.target.store_shared(&mut cx.e, p, v, None);
        }
        cx.barrier();
        let res_t = cx.thread_coords(&res);
        let i32t = cx.e.i32();
        let mut out = Vec::with_capacity(res.num_regs());
        for (r, c) in res.regs.iter().enumerate() {
            let rest = linear_of(cx, &res_t, c, Some(axis));
            let index = indices[r];
            let index = if index.ty().bit_width() > 32 { cx.e.cast("llvm.trunc", index, i32t) } else if index.ty().bit_width() < 32 { cx.e.cast("llvm.sext", index, i32t) } else { index };
            let along = cx.e.mul_i32(index, strides_src[axis]);
            let idx = match rest {
                Some(x) => cx.e.add(x, along),
                None => along,
            };
            let p = cx.e.gep(base, store_ty, idx);
            let v = cx.target.load_shared(&mut cx.e, p, store_ty);
            out.push(from_storage(cx, v, elem));
        }
        Ok(vec![out])
    }
}

/// `tt.gather` along an axis that lives within each warp (no scratch): the
/// wanted element's index is the result's own with the axis bits replaced by
/// the index value; [`warp_local::fetch`] shuffles it over.
fn gather_in_warps(
    cx: &mut Lowering<'_>,
    src: &DistLayout,
    res: &DistLayout,
    values: &[Val],
    indices: &[Val],
    axis: usize,
) -> Result<Vec<Vec<Val>>, String> {
    let bits = warp_local::IndexBits::of(src)
        .ok_or("tt.gather within warps: the source layout's bases are not single index bits")?;
    if src.warps.iter().any(|b| b[axis] != 0) {
        return Err("tt.gather within warps: the gathered axis spreads over warps".into());
    }
    let stride = strides(&src.shape)[axis];
    let size = src.shape[axis];
    let axis_mask = (size - 1) * stride;
    // The result's coordinates index the source (same shape off the axis).
    let src_linear = |c: &[i64]| -> i64 {
        let st = strides(&src.shape);
        c.iter().enumerate().filter(|(d, _)| *d != axis).map(|(d, x)| x * st[d]).sum()
    };
    let (t, touched) = {
        let (_, lane, _) = cx.thread_ids();
        let lanes: Vec<i64> = res.lanes.iter().map(|b| src_linear(b)).collect();
        let touched = lanes.iter().fold(0i64, |m, x| m | x);
        (cx.xor_of_bits(lane, &lanes, None).unwrap_or_else(|| cx.e.i32_const(0)), touched)
    };
    // Thread-local (as Triton lowers it, selects only): the gathered axis is
    // in the source's registers and each lane holds, off the axis, the same
    // indices in the source as in the result, so every wanted element is in
    // the reader's own lane.
    let own_lane = src.lanes.len() == res.lanes.len()
        && src.lanes.iter().zip(&res.lanes).all(|(s, r)| s[axis] == 0 && src.linear(s) == src_linear(r));
    let i32t = cx.e.i32();
    let mut out = Vec::with_capacity(res.num_regs());
    for (r, c) in res.regs.iter().enumerate() {
        let fixed = src_linear(c);
        if (fixed | touched | axis_mask) & !bits.covered() != 0 {
            return Err("tt.gather within warps: an element is not held by the warp".into());
        }
        let index = indices[r];
        let index = match index.ty().bit_width() {
            32 => index,
            w if w > 32 => cx.e.cast("llvm.trunc", index, i32t),
            _ => cx.e.cast("llvm.sext", index, i32t),
        };
        let index = cx.e.and_i32(index, size - 1);
        let along = cx.e.mul_i32(index, stride);
        let k = cx.e.i32_const(fixed);
        let base = cx.e.xor(t, k);
        let x = cx.e.or(base, along);
        out.push(warp_local::fetch(cx, &bits, values, x, fixed, touched | axis_mask, own_lane));
    }
    Ok(vec![out])
}

impl LowerPattern for Barrier {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.barrier"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.barrier"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, _op: Op) -> Result<Vec<Vec<Val>>, String> {
        cx.barrier();
        Ok(vec![])
    }
}

impl LowerPattern for MakeRange {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.make-range"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.make_range"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let start = op.attr("start").and_then(|a| a.int()).unwrap_or(0);
        let l = cx.layout(op.result(0).ty())?;
        let t = cx.thread_coords(&l)[0];
        let base = cx.e.add_i32(t, start);
        let mut out = Vec::with_capacity(l.num_regs());
        for c in &l.regs {
            // R ^ T == R + T when their bits are disjoint; XOR is exact always.
            let v = if c[0] == 0 {
                base
            } else {
                let k = cx.e.i32_const(c[0]);
                let x = cx.e.xor(t, k);
                cx.e.add_i32(x, start)
            };
            out.push(v);
        }
        Ok(vec![out])
    }
}

impl LowerPattern for Splat {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.splat"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.splat"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let v = cx.scalar(op.operand(0))?;
        let n = cx.num_values(op.result(0).ty())?;
        Ok(vec![vec![v; n]])
    }
}

impl LowerPattern for ProgramId {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.program-id"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.get_program_id", "tt.get_num_programs"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let axis = op.attr("axis").and_then(|a| a.int()).unwrap_or(0);
        if !(0..3).contains(&axis) {
            return Err(format!("program axis {axis} out of range"));
        }
        let v = if op.name() == "tt.get_program_id" {
            cx.target.program_id(&mut cx.e, axis as u32)
        } else {
            cx.target.num_programs(&mut cx.e, axis as u32)
        };
        Ok(vec![vec![v]])
    }
}

/// Row-major strides of `shape`.
fn strides(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

/// Coordinates of row-major linear index `l` in `shape`.
fn unlinear(mut l: i64, shape: &[i64]) -> Vec<i64> {
    let mut c = vec![0i64; shape.len()];
    for d in (0..shape.len()).rev() {
        c[d] = l % shape[d];
        l /= shape[d];
    }
    c
}

impl LowerPattern for Shape {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.shape"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.broadcast", "tt.expand_dims", "tt.reshape", "tt.trans", "tt.join", "tt.split", "tt.cat", "tt.unsplat"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let name = op.name();
        match name {
            "tt.join" => {
                let dst = cx.layout(op.result(0).ty())?;
                let src = cx.layout(op.operand(0).ty())?;
                let lhs = cx.get(op.operand(0))?;
                let rhs = cx.get(op.operand(1))?;
                let last = dst.shape.len() - 1;
                if dst.lanes.iter().chain(&dst.warps).any(|b| b[last] != 0) {
                    return Err("tt.join: the joined dimension must be held in registers".into());
                }
                let map = remap_registers(&src, &dst, |c| c[..last].to_vec()).map_err(|m| format!("tt.join: {m}"))?;
                let out = dst.regs.iter().zip(map).map(|(c, s)| if c[last] == 0 { lhs[s] } else { rhs[s] }).collect();
                Ok(vec![out])
            }
            "tt.cat" => {
                // Like Triton: the result holds the operands' registers one after the
                // other (tt.cat may reorder elements).
                let mut regs = cx.get(op.operand(0))?;
                regs.extend(cx.get(op.operand(1))?);
                let n = cx.num_values(op.result(0).ty())?;
                if regs.len() != n {
                    return Err(format!("tt.cat: the operands hold {} registers, the result {n}", regs.len()));
                }
                Ok(vec![regs])
            }
            "tt.unsplat" => Ok(vec![vec![cx.get(op.operand(0))?[0]]]),
            "tt.split" => {
                let src = cx.layout(op.operand(0).ty())?;
                let regs = cx.get(op.operand(0))?;
                let rank = src.shape.len();
                let mut results = Vec::new();
                for j in 0..2usize {
                    let dst = cx.layout(op.result(j).ty())?;
                    let mut offset = vec![0i64; rank];
                    offset[rank - 1] = j as i64;
                    let map = remap_registers_shifted(&src, &dst, |c| {
                        let mut c = c.to_vec();
                        c.push(0);
                        c
                    }, Some(&offset))
                    .map_err(|m| format!("tt.split: {m}"))?;
                    results.push(map.into_iter().map(|s| regs[s]).collect());
                }
                Ok(results)
            }
            _ => {
                let src = cx.layout(op.operand(0).ty())?;
                let dst = cx.layout(op.result(0).ty())?;
                let regs = cx.get(op.operand(0))?;
                let src_shape = src.shape.clone();
                let dst_shape = dst.shape.clone();
                let map = match name {
                    "tt.broadcast" => remap_registers(&src, &dst, |c| {
                        c.iter().zip(&src_shape).map(|(x, s)| if *s == 1 { 0 } else { *x }).collect()
                    }),
                    "tt.expand_dims" => {
                        let axis = op.attr("axis").and_then(|a| a.int()).ok_or("expand_dims without axis")? as usize;
                        remap_registers(&src, &dst, |c| c.iter().enumerate().filter(|(d, _)| *d != axis).map(|(_, x)| *x).collect())
                    }
                    "tt.reshape" => {
                        let ds = strides(&dst_shape);
                        let kept = remap_registers(&src, &dst, |c| {
                            let l: i64 = c.iter().zip(&ds).map(|(x, s)| x * s).sum();
                            unlinear(l, &src_shape)
                        });
                        // `allow_reorder`: any element order will do (the
                        // reshape of `tl.max(x)` before its reduction), and
                        // Triton keeps each thread's registers as they are.
                        match kept {
                            Err(_) if op.attr("allow_reorder").is_some() && src.num_regs() == dst.num_regs() => {
                                Ok((0..src.num_regs()).collect())
                            }
                            other => other,
                        }
                    }
                    "tt.trans" => {
                        let order: Vec<usize> = op
                            .attr("order")
                            .and_then(|a| a.i32_array())
                            .ok_or("trans without order")?
                            .into_iter()
                            .map(|x| x as usize)
                            .collect();
                        remap_registers(&src, &dst, |c| {
                            let mut s = vec![0i64; c.len()];
                            for (i, &o) in order.iter().enumerate() {
                                s[o] = c[i];
                            }
                            s
                        })
                    }
                    _ => return Err(format!("'{name}' has no lowering to LLVM")),
                }
                .map_err(|m| format!("'{name}': {m}"))?;
                Ok(vec![map.into_iter().map(|s| regs[s]).collect()])
            }
        }
    }
}

impl LowerPattern for ConvertLayout {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.convert-layout"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.convert_layout"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let src = cx.layout(op.operand(0).ty())?;
        let dst = cx.layout(op.result(0).ty())?;
        let regs = cx.get(op.operand(0))?;
        if let Ok(map) = remap_registers(&src, &dst, |c| c.to_vec()) {
            return Ok(vec![map.into_iter().map(|s| regs[s]).collect()]);
        }
        if op.attr("allocation.offset").is_none() && src.warps == dst.warps {
            // Within each warp (the allocator gave no scratch): shuffles.
            let bits = warp_local::IndexBits::of(&src)
                .ok_or("ttg.convert_layout within warps: the source layout's bases are not single index bits")?;
            let (t, touched) = warp_local::thread_index(cx, &dst, false);
            let mut out = Vec::with_capacity(dst.num_regs());
            for c in &dst.regs {
                let fixed = dst.linear(c);
                if (fixed | touched) & !bits.covered() != 0 {
                    return Err("ttg.convert_layout within warps: an element is not held by the warp".into());
                }
                let k = cx.e.i32_const(fixed);
                let x = cx.e.xor(t, k);
                out.push(warp_local::fetch(cx, &bits, &regs, x, fixed, touched, false));
            }
            return Ok(vec![out]);
        }
        let elem = cx.elem_ty(op.operand(0).ty())?;
        let out = through_shared(cx, op, &src, &dst, &regs, elem)?;
        Ok(vec![out])
    }
}

/// Moves a tensor from layout `src` to layout `dst` through `op`'s shared
/// scratch.
///
/// Algorithm:
/// 1. Index shared memory by the element's row-major linear index, with the
///    *round bits* removed: bits of the linear index that both layouts hold
///    in registers (and no lane or warp touches). Taking 2^k round bits cuts
///    the scratch 2^k times, so k is the fewest that fit `allocation.size`.
/// 2. For each round (a value of the round bits): every thread stores its
///    registers of that round, barrier, loads the registers of `dst` of that
///    round, and a barrier again before the next round's stores.
pub fn through_shared(
    cx: &mut Lowering<'_>,
    op: Op,
    src: &DistLayout,
    dst: &DistLayout,
    regs: &[Val],
    elem: tritium_dialects::ir::Ty,
) -> Result<Vec<Val>, String> {
    let numel: i64 = src.shape.iter().product();
    let bits = numel.trailing_zeros();
    // Storage: i1 as i8, pointers as i64.
    let is_ptr = !elem.is_integer() && !elem.is_float();
    let store_ty = if is_ptr {
        cx.e.i64()
    } else if elem.bit_width() < 8 {
        cx.e.int_ty(8)
    } else {
        elem
    };
    let bytes = i64::from(store_ty.bit_width().max(8) / 8);
    let limit = Lowering::scratch_size(op).unwrap_or(numel * bytes);
    let (map, write, read) = match triton_scratch_map(op, src, dst) {
        Some((m, write, read)) if (numel >> m.round_bits) * bytes <= limit => (m, write, read),
        _ => (SlotMap::from_rounds(bits, round_bits(src, dst, bytes, limit)?), ScratchAccess::Plain, ScratchAccess::Plain),
    };
    let base = cx.scratch(op)?;
    // Each side's addresses: the thread's part of the slot (its lanes' and
    // warps' slot bits) XOR a register constant, whose other bits are an
    // immediate offset.
    let addresser = |cx: &mut Lowering<'_>, l: &DistLayout| -> Addresser {
        let lanes: Vec<i64> = l.lanes.iter().map(|b| map.slot(l.linear(b))).collect();
        let warps: Vec<i64> = l.warps.iter().map(|b| map.slot(l.linear(b))).collect();
        let mask = lanes.iter().chain(&warps).fold(0, |m, x| m | x);
        let t = cx.xor_of_thread_bits(&lanes, &warps, None);
        Addresser::new(base, store_ty, t, mask)
    };
    let mut src_addr = addresser(cx, src);
    let mut dst_addr = addresser(cx, dst);
    // Triton writes with matrix stores and reads with matrix loads where
    // its allocator chose them.
    let matrix_write = match write {
        ScratchAccess::Matrix { trans } => plan_matrix_access(cx, base, store_ty, src, &map, trans, true),
        ScratchAccess::Plain => None,
    };
    let matrix = match read {
        ScratchAccess::Matrix { trans } => plan_matrix_access(cx, base, store_ty, dst, &map, trans, false),
        ScratchAccess::Plain => None,
    };
    let stored: Vec<Val> = match &matrix_write {
        Some(_) => regs.iter().map(|v| to_storage(cx, *v, store_ty)).collect(),
        None => Vec::new(),
    };
    let dup = src.duplicate_regs();
    let mut out: Vec<Option<Val>> = vec![None; dst.num_regs()];
    let rounds: Vec<i64> = (0..1i64 << map.round_bits).collect();
    // Vector width of each side: registers 0..v hold consecutive elements,
    // which stay consecutive in the slot index (no round bit below v)
    // and the thread part keeps the group aligned.
    let max_vec = (16 / bytes).max(1) as usize;
    let (src_vbits, dst_vbits) = (vector_bits(src, &map, max_vec), vector_bits(dst, &map, max_vec));
    let (src_vec, dst_vec) = (1usize << src_vbits.len(), 1usize << dst_vbits.len());
    let member = vector_member;
    let starts = vector_starts;
    let align = |v: usize| (v as i64) * bytes;
    for (i, round) in rounds.iter().enumerate() {
        if i > 0 {
            cx.barrier();
        }
        if let Some(m) = &matrix_write {
            m.emit_stores(cx, store_ty, *round, &stored)?;
        }
        for start in starts(&src_vbits, src.num_regs()) {
            if matrix_write.is_some() {
                break;
            }
            let lin = src.linear(&src.regs[start]);
            if map.round(lin) != *round || dup[start] {
                continue;
            }
            let ptr = src_addr.at(cx, map.slot(lin));
            let vals: Vec<Val> = (0..src_vec).map(|k| to_storage(cx, regs[member(&src_vbits, start, k)], store_ty)).collect();
            super::shared::store_shared_vector(cx, ptr, &vals, align(src_vec));
        }
        cx.barrier();
        if let Some(m) = &matrix {
            m.emit(cx, store_ty, elem, *round, &mut out)?;
            continue;
        }
        for start in starts(&dst_vbits, dst.num_regs()) {
            let lin = dst.linear(&dst.regs[start]);
            if map.round(lin) != *round {
                continue;
            }
            let ptr = dst_addr.at(cx, map.slot(lin));
            for (k, x) in super::shared::load_shared_vector(cx, ptr, store_ty, dst_vec, align(dst_vec)).into_iter().enumerate() {
                out[member(&dst_vbits, start, k)] = Some(from_storage(cx, x, elem));
            }
        }
    }
    if let Some(m) = &matrix {
        m.fill_duplicates(&mut out);
    }
    out.into_iter().map(|v| v.ok_or_else(|| "convert_layout: a register was never loaded".to_string())).collect()
}

/// For each slot bit j below the vector width, the register bit of `l` that
/// moves to it (a vector's registers need not be in order), at most
/// `max_vec` elements: the lanes, warps and other registers keep each
/// vector aligned, and the vector stays in one round.
pub fn vector_bits(l: &DistLayout, map: &SlotMap, max_vec: usize) -> Vec<usize> {
    let thread_low = l.lanes.iter().chain(&l.warps).fold(0i64, |m, b| m | map.slot(l.linear(b)));
    let mut bits = Vec::new();
    while (1usize << bits.len()) < max_vec {
        let want = 1i64 << bits.len();
        let found = (0..l.reg_bases.len()).find(|&i| {
            let lin = l.linear(&l.reg_bases[i]);
            !bits.contains(&i) && map.slot(lin) == want && map.round(lin) == 0
        });
        match found {
            Some(i) if thread_low & want == 0 => bits.push(i),
            _ => break,
        }
    }
    loop {
        let low = (1i64 << bits.len()) - 1;
        let misaligned =
            (0..l.reg_bases.len()).filter(|i| !bits.contains(i)).any(|i| map.slot(l.linear(&l.reg_bases[i])) & low != 0);
        if !misaligned || bits.pop().is_none() {
            break;
        }
    }
    bits
}

/// The register holding element k of the vector that starts at register r.
pub fn vector_member(vbits: &[usize], r: usize, k: usize) -> usize {
    vbits.iter().enumerate().fold(r, |acc, (j, &i)| if k >> j & 1 == 1 { acc | 1 << i } else { acc })
}

/// The first registers of the vectors of `n` registers.
pub fn vector_starts(vbits: &[usize], n: usize) -> Vec<usize> {
    let mask = vbits.iter().fold(0usize, |m, &i| m | 1 << i);
    (0..n).filter(|r| r & mask == 0).collect()
}

/// Where each element of a conversion goes in shared memory: per bit of the
/// row-major element index, the slot bits and the round bits it sets (the
/// map is linear over GF(2), so a slot is an XOR of columns).
pub struct SlotMap {
    slot_col: Vec<i64>,
    round_col: Vec<i64>,
    /// log2 of the number of rounds.
    pub round_bits: u32,
}

impl SlotMap {
    /// Row-major slots with the round bits (`round_mask`) taken out.
    pub fn from_rounds(bits: u32, round_mask: i64) -> SlotMap {
        let (mut slot_col, mut round_col) = (Vec::new(), Vec::new());
        let (mut k, mut r) = (0, 0);
        for b in 0..bits {
            if round_mask >> b & 1 == 1 {
                slot_col.push(0);
                round_col.push(1i64 << r);
                r += 1;
            } else {
                slot_col.push(1i64 << k);
                round_col.push(0);
                k += 1;
            }
        }
        SlotMap { slot_col, round_col, round_bits: r }
    }
    fn apply(cols: &[i64], x: i64) -> i64 {
        cols.iter().enumerate().filter(|(b, _)| x >> b & 1 == 1).fold(0, |m, (_, c)| m ^ c)
    }
    /// The slot of the element with row-major index `lin` (or an XOR part of one).
    pub fn slot(&self, lin: i64) -> i64 {
        Self::apply(&self.slot_col, lin)
    }
    /// The round of that element.
    pub fn round(&self, lin: i64) -> i64 {
        Self::apply(&self.round_col, lin)
    }
}

/// The scratch layout Triton's allocator chose for `op` (vector, bank and
/// segment bits of the offset, rounds), inverted into a [`SlotMap`]; `None`
/// when there is none or it does not suit (a lane or warp would change round).
fn triton_scratch_map(op: Op, src: &DistLayout, dst: &DistLayout) -> Option<(SlotMap, ScratchAccess, ScratchAccess)> {
    use tritium_passes::analysis::allocation::{convert_layout_scratch, ScratchTarget};
    let module = {
        let mut m = op;
        while let Some(p) = m.parent() {
            m = p;
        }
        m
    };
    // A module without `ttg.target` was allocated for the target the
    // lowering runs for.
    let target = match (module.attr("ttg.target"), super::lowering_target()) {
        (None, Some(t)) => ScratchTarget::of_target(&t),
        _ => ScratchTarget::of_module(module),
    };
    let scratch = convert_layout_scratch(op.operand(0).ty(), op.result(0).ty(), target)?;
    // Each instruction is an index into the allocator's source (write) or
    // destination (read) tiles: plain accesses, then 8x8 matrix accesses,
    // then their transposed form.
    let kind = |i: usize| match i {
        0 => ScratchAccess::Plain,
        1 => ScratchAccess::Matrix { trans: false },
        _ => ScratchAccess::Matrix { trans: true },
    };
    let (write, read) = (kind(scratch.instructions.0), kind(scratch.instructions.1));
    Some((scratch_slot_map(&scratch.smem.to_layout().ok()?, src, dst)?, write, read))
}

/// How one side accesses a conversion's scratch (the allocator's choice,
/// which also decided the scratch layout): the source side writes it, the
/// destination side reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScratchAccess {
    /// `ld.shared` / `st.shared`, vectorized where the slots allow.
    Plain,
    /// Warp-wide 8x8 matrix loads or stores (plain or transposed).
    Matrix { trans: bool },
}

/// One side of a conversion accessing the scratch with warp-wide 8x8 matrix
/// loads or stores: one instruction per entry of `loads` (first register,
/// round, address).
struct MatrixAccess {
    plan: super::shared::MatrixPlan,
    loads: Vec<(usize, i64, Val)>,
    /// Register bits repeating an element.
    dup: usize,
}

/// Plans reading `dst` from the scratch `map` with matrix loads (or, with
/// `store`, writing it with matrix stores; `trans`: the transposed form),
/// when the scratch layout makes each lane's word and each 16-byte row
/// contiguous and one instruction stays in one round (see
/// `shared::matrix_plan`); `None` when it does not, and the caller uses
/// plain accesses. The addresses are computed here, once.
fn plan_matrix_access(
    cx: &mut Lowering<'_>,
    base: Val,
    store_ty: tritium_dialects::ir::Ty,
    dst: &DistLayout,
    map: &SlotMap,
    trans: bool,
    store: bool,
) -> Option<MatrixAccess> {
    if !(store_ty.is_integer() || store_ty.is_float()) {
        return None;
    }
    let bits = store_ty.bit_width();
    let lin = |b: &Vec<i64>| dst.linear(b);
    if dst.lanes.iter().chain(&dst.warps).any(|b| map.round(lin(b)) != 0) {
        return None;
    }
    let regs: Vec<i64> = dst.reg_bases.iter().map(|b| map.slot(lin(b))).collect();
    let lanes: Vec<i64> = dst.lanes.iter().map(|b| map.slot(lin(b))).collect();
    let warps: Vec<i64> = dst.warps.iter().map(|b| map.slot(lin(b))).collect();
    let dup = dst.reg_bases.iter().enumerate().filter(|(_, b)| lin(b) == 0).fold(0usize, |m, (i, _)| m | 1 << i);
    let rounds = dst.reg_bases.iter().enumerate().filter(|(_, b)| map.round(lin(b)) != 0).fold(0usize, |m, (i, _)| m | 1 << i);
    let target = cx.target;
    let plan = {
        let e = &cx.e;
        let has = |t: bool| if store { target.has_store_matrix(e, t) } else { target.has_load_matrix(e, t) };
        super::shared::matrix_plan(&regs, &lanes, &warps, bits, dup, rounds, store, |t| t == trans && has(t))?
    };
    if plan.words.iter().chain(&plan.mats).any(|&i| map.round(lin(&dst.reg_bases[i])) != 0) {
        return None;
    }
    let thread = cx.xor_of_thread_bits(&plan.lanes, &warps, None);
    let mask = plan.lanes.iter().chain(&warps).fold(0, |m, x| m | x);
    let mut addr = Addresser::new(base, store_ty, thread, mask);
    let mut loads = Vec::new();
    for o in 0..1usize << plan.others.len() {
        let r0 = plan.instruction_register(o);
        let l0 = dst.linear(&dst.regs[r0]);
        let ptr = addr.at(cx, map.slot(l0));
        loads.push((r0, map.round(l0), ptr));
    }
    Some(MatrixAccess { plan, loads, dup })
}

impl MatrixAccess {
    /// Emits the loads of `round` from `base`, filling `out`.
    fn emit(&self, cx: &mut Lowering<'_>, store_ty: tritium_dialects::ir::Ty, elem: tritium_dialects::ir::Ty, round: i64, out: &mut [Option<Val>]) -> Result<(), String> {
        for &(r0, _, ptr) in self.loads.iter().filter(|(_, r, _)| *r == round) {
            super::shared::load_matrix_group(cx, ptr, &self.plan, r0, store_ty, elem, out)?;
        }
        Ok(())
    }

    /// Emits the stores of `round` of the registers `values` (of the
    /// storage type `store_ty`).
    fn emit_stores(&self, cx: &mut Lowering<'_>, store_ty: tritium_dialects::ir::Ty, round: i64, values: &[Val]) -> Result<(), String> {
        for &(r0, _, ptr) in self.loads.iter().filter(|(_, r, _)| *r == round) {
            super::shared::store_matrix_group(cx, ptr, &self.plan, r0, store_ty, values)?;
        }
        Ok(())
    }

    /// Copies each repeated register from the register it repeats.
    fn fill_duplicates(&self, out: &mut [Option<Val>]) {
        for r in 0..out.len() {
            if out[r].is_none() {
                out[r] = out[r & !self.dup];
            }
        }
    }
}

/// Inverts a scratch layout (`vector, bank, segment, block, reps -> dims`)
/// into a [`SlotMap`]; `None` unless it is a bijection of the tensor whose
/// rounds no lane or warp changes.
pub fn scratch_slot_map(ll: &tritium_dialects::ttg::linear_layout::LinearLayout, src: &DistLayout, dst: &DistLayout) -> Option<SlotMap> {
    let shape = &src.shape;
    let coords = DistLayout::from_linear(&{
        // Rename the scratch's inputs so DistLayout reads them: everything
        // but `reps` is an offset bit ("register"), `reps` are rounds ("lane").
        let mut bases = Vec::new();
        let mut offset = Vec::new();
        for (name, vectors) in ll.bases() {
            if name == "reps" {
                bases.push(("lane".to_string(), vectors.clone()));
            } else if name != tritium_dialects::ttg::to_linear::BLOCK {
                offset.extend(vectors.iter().cloned());
            } else if vectors.iter().any(|v| v.iter().any(|&x| x != 0)) {
                return None;
            }
        }
        bases.insert(0, ("register".to_string(), offset));
        tritium_dialects::ttg::linear_layout::LinearLayout::new(bases, ll.out_dims().to_vec(), false).ok()?
    }, shape)
    .ok()?;
    // Columns of (offset bits | round bits << n) -> element bits; invert them.
    let n_off = coords.reg_bases.len();
    let n_rep = coords.lanes.len();
    let bits = shape.iter().product::<i64>().trailing_zeros() as usize;
    if n_off + n_rep != bits {
        return None;
    }
    let cols: Vec<i64> = coords.reg_bases.iter().chain(&coords.lanes).map(|b| coords.linear(b)).collect();
    // Gauss-Jordan over GF(2): rows are (element bits, input bits); after
    // full reduction the row pivoting on element bit b has exactly that bit,
    // and its input bits are the offset/round bits of element bit b.
    let mut rows: Vec<(i64, i64)> = cols.iter().enumerate().map(|(i, c)| (*c, 1i64 << i)).collect();
    let mut input_of = vec![0i64; bits];
    let mut pivot_row = vec![usize::MAX; bits];
    for b in 0..bits {
        let p = (0..rows.len()).find(|&i| !pivot_row.contains(&i) && rows[i].0 >> b & 1 == 1)?;
        pivot_row[b] = p;
        let pr = rows[p];
        for (i, r) in rows.iter_mut().enumerate() {
            if i != p && r.0 >> b & 1 == 1 {
                r.0 ^= pr.0;
                r.1 ^= pr.1;
            }
        }
    }
    for b in 0..bits {
        let (elem, inputs) = rows[pivot_row[b]];
        if elem != 1i64 << b {
            return None;
        }
        input_of[b] = inputs;
    }
    let off_mask = (1i64 << n_off) - 1;
    let map = SlotMap {
        slot_col: input_of.iter().map(|x| x & off_mask).collect(),
        round_col: input_of.iter().map(|x| x >> n_off).collect(),
        round_bits: n_rep as u32,
    };
    // Lanes and warps must not change the round.
    let thread_ok = |l: &DistLayout| l.lanes.iter().chain(&l.warps).all(|b| map.round(l.linear(b)) == 0);
    (thread_ok(src) && thread_ok(dst)).then_some(map)
}

/// The round bits of a conversion through `limit` bytes of scratch (see
/// [`through_shared`]): the fewest high bits of the linear element index,
/// held in registers by both layouts and by no lane or warp, that make one
/// round's elements fit.
pub fn round_bits(src: &DistLayout, dst: &DistLayout, bytes: i64, limit: i64) -> Result<i64, String> {
    let numel: i64 = src.shape.iter().product();
    let bits = numel.trailing_zeros();
    let thread_bits = |l: &DistLayout| l.lanes.iter().chain(&l.warps).fold(0i64, |m, b| m | l.linear(b));
    let touched = thread_bits(src) | thread_bits(dst);
    let reg_single_bits =
        |l: &DistLayout| l.reg_bases.iter().map(|b| l.linear(b)).filter(|x| x.count_ones() == 1).fold(0i64, |m, x| m | x);
    let candidates = reg_single_bits(src) & reg_single_bits(dst) & !touched;
    let mut round_mask = 0i64;
    let mut bit = bits as i64 - 1;
    while (numel >> round_mask.count_ones()) * bytes > limit {
        while bit >= 0 && candidates >> bit & 1 == 0 {
            bit -= 1;
        }
        if bit < 0 {
            return Err(format!("convert_layout: {limit} bytes of scratch cannot hold the conversion"));
        }
        round_mask |= 1 << bit;
        bit -= 1;
    }
    Ok(round_mask)
}

/// `v` as stored in shared memory (`i1` widened, pointers as integers).
pub fn to_storage(cx: &mut Lowering<'_>, v: Val, store_ty: tritium_dialects::ir::Ty) -> Val {
    let ty = v.ty();
    if ty == store_ty {
        v
    } else if ty.is_integer() {
        cx.e.cast("llvm.zext", v, store_ty)
    } else {
        cx.e.cast("llvm.ptrtoint", v, store_ty)
    }
}

/// The inverse of [`to_storage`].
pub fn from_storage(cx: &mut Lowering<'_>, v: Val, elem: tritium_dialects::ir::Ty) -> Val {
    if v.ty() == elem {
        v
    } else if elem.is_integer() {
        cx.e.cast("llvm.trunc", v, elem)
    } else {
        cx.e.cast("llvm.inttoptr", v, elem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_dialects::ttg::encoding::{Cga, Encoding};

    fn blocked(spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32]) -> Encoding {
        Encoding::Blocked {
            size_per_thread: spt.to_vec(),
            threads_per_warp: tpw.to_vec(),
            warps_per_cta: wpc.to_vec(),
            order: order.to_vec(),
            cga: Cga::default(),
        }
    }

    #[test]
    fn conversion_rounds_fit_the_scratch() {
        // 1024 f32 from 4 per thread to 1 per thread: the element index bit 9 is a
        // register bit in both layouts, so 2048 bytes take two rounds.
        let src = DistLayout::from_encoding(&blocked(&[4], &[32], &[4], &[0]), &[1024]).unwrap();
        let dst = DistLayout::from_encoding(&blocked(&[1], &[32], &[4], &[0]), &[1024]).unwrap();
        assert_eq!(round_bits(&src, &dst, 4, 4096).unwrap(), 0);
        assert_eq!(round_bits(&src, &dst, 4, 2048).unwrap(), 1 << 9);
        assert!(round_bits(&src, &dst, 4, 1024).is_err());
    }

    #[test]
    fn shape_ops_are_register_permutations() {
        // Broadcast 32x1 -> 32x32 under the same encoding: every register of the
        // result reads the only column of its row.
        let enc = blocked(&[1, 4], &[4, 8], &[4, 1], &[1, 0]);
        let src = DistLayout::from_encoding(&enc, &[32, 1]).unwrap();
        let dst = DistLayout::from_encoding(&enc, &[32, 32]).unwrap();
        let map = remap_registers(&src, &dst, |c| vec![c[0], 0]).unwrap();
        for (r, s) in map.iter().enumerate() {
            assert_eq!(src.regs[*s][0], dst.regs[r][0]);
        }
        // A conversion that moves elements between threads is not a permutation.
        let other = DistLayout::from_encoding(&blocked(&[1, 4], &[2, 16], &[4, 1], &[1, 0]), &[32, 32]).unwrap();
        assert!(remap_registers(&dst, &other, |c| c.to_vec()).is_err());
    }

    #[test]
    fn thread_placement_of_a_blocked_layout() {
        let l = DistLayout::from_encoding(&blocked(&[4], &[32], &[4], &[0]), &[1024]).unwrap();
        assert_eq!(l.num_regs(), 8);
        assert_eq!(l.regs[1], vec![1]);
        assert_eq!(l.regs[4], vec![512]);
        assert_eq!(l.lanes[0], vec![4]);
        assert_eq!(l.warps[1], vec![256]);
        assert_eq!(l.contiguous_regs_along(0), 4);
        assert_eq!(l.broadcast_masks(), (0, 0));
        // 64 elements over 128 threads: the second warp pair holds copies.
        let b = DistLayout::from_encoding(&blocked(&[1], &[32], &[4], &[0]), &[64]).unwrap();
        assert_eq!(b.broadcast_masks(), (0, 0b10));
    }

    /// Plays a conversion through shared memory thread by thread, as the
    /// lowering addresses it (slots, rounds, vectors of permuted registers),
    /// and checks that every thread reads back exactly its elements.
    fn simulate(src_enc: &Encoding, dst_enc: &Encoding, shape: &[i64], bitwidth: u32) -> (usize, usize, u32) {
        use tritium_dialects::ttg::to_linear::to_linear_layout;
        use tritium_passes::analysis::allocation::{convert_layout_scratch_ll, ScratchTarget, ScratchTiles};
        // The scratch of a target with the matrix load but not the matrix store.
        let tiled = ScratchTarget::Tiled(ScratchTiles { matrix_load: true, matrix_store: false });
        let src = DistLayout::from_encoding(src_enc, shape).unwrap();
        let dst = DistLayout::from_encoding(dst_enc, shape).unwrap();
        let (sl, dl) = (to_linear_layout(src_enc, shape).unwrap(), to_linear_layout(dst_enc, shape).unwrap());
        let scratch = convert_layout_scratch_ll(&sl, &dl, bitwidth, tiled).unwrap();
        let map = scratch_slot_map(&scratch.smem.to_layout().unwrap(), &src, &dst).expect("Triton's scratch layout inverts");
        let max_vec = (128 / bitwidth) as usize;
        let (sv, dv) = (vector_bits(&src, &map, max_vec), vector_bits(&dst, &map, max_vec));
        let threads = |l: &DistLayout| -> Vec<Vec<i64>> {
            (0..1usize << l.lanes.len())
                .flat_map(|lane| (0..1usize << l.warps.len()).map(move |warp| (lane, warp)))
                .map(|(lane, warp)| {
                    let mut t = vec![0i64; l.shape.len()];
                    for (bases, id) in [(&l.lanes, lane), (&l.warps, warp)] {
                        for (j, b) in bases.iter().enumerate() {
                            if id >> j & 1 == 1 {
                                for (x, y) in t.iter_mut().zip(b) {
                                    *x ^= y;
                                }
                            }
                        }
                    }
                    t
                })
                .collect()
        };
        let at = |c: &[i64], t: &[i64]| -> Vec<i64> { c.iter().zip(t).map(|(a, b)| a ^ b).collect() };
        let slots = (scratch.elements) as i64;
        for round in 0..1i64 << map.round_bits {
            let mut smem: Vec<Option<i64>> = vec![None; slots as usize];
            for t in threads(&src) {
                for start in vector_starts(&sv, src.num_regs()) {
                    let lin0 = src.linear(&at(&src.regs[start], &t));
                    if map.round(lin0) != round {
                        continue;
                    }
                    let base = map.slot(src.linear(&src.regs[start])) ^ map.slot(src.linear(&t));
                    assert_eq!(base % (1 << sv.len()), 0, "misaligned vector");
                    for k in 0..1usize << sv.len() {
                        let r = vector_member(&sv, start, k);
                        let e = src.linear(&at(&src.regs[r], &t));
                        let slot = (base + k as i64) as usize;
                        assert!(slot < smem.len(), "slot {slot} past the scratch");
                        assert!(smem[slot].is_none() || smem[slot] == Some(e), "two elements share a slot");
                        smem[slot] = Some(e);
                    }
                }
            }
            for t in threads(&dst) {
                for start in vector_starts(&dv, dst.num_regs()) {
                    let lin0 = dst.linear(&at(&dst.regs[start], &t));
                    if map.round(lin0) != round {
                        continue;
                    }
                    let base = map.slot(dst.linear(&dst.regs[start])) ^ map.slot(dst.linear(&t));
                    for k in 0..1usize << dv.len() {
                        let r = vector_member(&dv, start, k);
                        let want = dst.linear(&at(&dst.regs[r], &t));
                        assert_eq!(smem[(base + k as i64) as usize], Some(want), "a thread reads another element");
                    }
                }
            }
        }
        (1 << sv.len(), 1 << dv.len(), map.round_bits)
    }

    #[test]
    fn conversions_through_triton_scratch_layouts_read_back_every_element() {
        let mma = Encoding::NvidiaMma {
            version_major: 2,
            version_minor: 0,
            warps_per_cta: vec![2, 4],
            instr_shape: vec![16, 8],
            cga: Cga::default(),
        };
        // matmul_f16's epilogue: 16-byte vectors on both sides, as Triton's code has.
        let (sv, dv, _) = simulate(&mma, &blocked(&[1, 8], &[2, 16], &[8, 1], &[1, 0]), &[128, 128], 16);
        assert_eq!((sv, dv), (8, 8));
        // atomic_accumulate's relayout, in two rounds.
        let (_, _, rounds) = simulate(&blocked(&[4], &[32], &[4], &[0]), &blocked(&[1], &[32], &[4], &[0]), &[1024], 32);
        assert_eq!(rounds, 1);
        // shape_ops'.
        simulate(&blocked(&[1, 8], &[4, 8], &[4, 1], &[1, 0]), &blocked(&[1, 4], &[2, 16], &[4, 1], &[1, 0]), &[32, 64], 32);
    }
}
