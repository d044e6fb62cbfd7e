//! Global memory: `tt.load`/`tt.store` vectorized by AxisInfo with masks and
//! `other`, `tt.atomic_rmw`/`tt.atomic_cas`, and `tt.histogram` (built on
//! shared-memory atomics). The instructions come from the backend.
//!
//! Vector width of an access: the registers are grouped by `vec`
//! consecutive elements along the layout's fastest dimension, where `vec`
//! is the smallest of (a) the registers holding consecutive elements, (b)
//! AxisInfo's contiguity and alignment of the pointers, (c) the constancy of
//! the mask, and (d) 128 bits.
use super::convert::{from_storage, to_storage};
use super::emit::ICmp;
use super::{CacheHints, LowerPattern, Lowering, MemScope, MemSemantic, RmwOp};
use tritium_dialects::ir::{Op, Val};

/// `ttg-to-llvm.load`.
pub struct Load;
/// `ttg-to-llvm.store`.
pub struct Store;
/// `ttg-to-llvm.atomic`: `tt.atomic_rmw` and `tt.atomic_cas`.
pub struct Atomic;
/// `ttg-to-llvm.histogram`.
pub struct Histogram;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&Load, &Store, &Atomic, &Histogram];

/// The cache hints of a load or store.
fn hints(op: Op) -> CacheHints {
    let field = |s: &str, key: &str| -> i64 {
        // `#tt.cache_policy<cache = cg, evict = evict_last>`-style text.
        let names: &[(&str, i64)] = if key == "cache" {
            &[("none", 1), ("ca", 2), ("cg", 3), ("wb", 4), ("cs", 5), ("wt", 6), ("cv", 7)]
        } else {
            &[("evict_normal", 1), ("evict_first", 2), ("evict_last", 3)]
        };
        s.split(&[',', '<', '>', '{', '}'][..])
            .filter_map(|part| part.split_once('='))
            .filter(|(k, _)| k.trim() == key)
            .find_map(|(_, v)| names.iter().find(|(n, _)| *n == v.trim()).map(|(_, x)| *x))
            .unwrap_or(1)
    };
    let text = op.attr("cachePolicy").map(|a| a.to_string()).unwrap_or_default();
    CacheHints {
        cache: field(&text, "cache"),
        evict: field(&text, "evict"),
        volatile: op.attr("isVolatile").and_then(|a| a.bool()).unwrap_or(false),
    }
}

/// The vector width of accesses through the pointer tensor `ptr`.
fn vector_width(cx: &mut Lowering<'_>, ptr: Val, mask: Option<Val>, elem_bits: u32) -> Result<usize, String> {
    let l = cx.layout(ptr.ty())?;
    let dim = l.fastest_dim();
    let mut vec = l.contiguous_regs_along(dim);
    vec = vec.min(cx.axis.ptr_alignment(ptr).max(1) as usize);
    if let Some(m) = mask {
        vec = vec.min(cx.axis.mask_alignment(m).max(1) as usize);
    }
    let max = (128 / elem_bits.max(8)).max(1) as usize;
    vec = vec.min(max).max(1);
    // A power of two.
    Ok(1 << (usize::BITS - 1 - vec.leading_zeros()))
}

/// Masked one-element accesses (`vec` 1) of a run of consecutive elements
/// share the run's first pointer and add immediate byte offsets, as Triton
/// does: one 64-bit address per run instead of one per element. The run is
/// AxisInfo's contiguity of the pointers capped by the thread's consecutive
/// registers along the fastest dimension (so registers `r - r % run .. r`
/// hold consecutive elements); 1 otherwise.
fn scalarized_run(cx: &mut Lowering<'_>, ptr: Val, masked: bool, vec: usize) -> usize {
    if !masked || vec != 1 || !ptr.ty().is_tensor() {
        return 1;
    }
    let run = cx.axis.scalarized_run(ptr).max(1) as usize;
    // Never beyond the registers that hold consecutive elements in this
    // lowering's own register order (the analysis reads the same layout;
    // this only guards the address arithmetic of `run_base`).
    let regs = cx.layout(ptr.ty()).map(|l| l.contiguous_regs_along(l.fastest_dim())).unwrap_or(1);
    let run = run.min(regs).max(1);
    // A power of two (the registers' consecutive runs are).
    1 << (usize::BITS - 1 - run.leading_zeros())
}

/// The register whose pointer addresses register `r`, and the byte offset
/// from it, for runs of `run` elements of `bits` bits.
fn run_base(r: usize, run: usize, bits: u32) -> (usize, u32) {
    let base = r - r % run;
    (base, ((r - base) as u32) * (bits / 8).max(1))
}

/// The optional operand of `op` in segment `segment` (AttrSizedOperandSegments).
fn optional_operand(op: Op, segment: usize) -> Option<Val> {
    let mut index = 0usize;
    for s in 0..segment {
        index += op.segment_size(s) as usize;
    }
    (op.segment_size(segment) > 0).then(|| op.operand(index))
}

/// The bit width of a scalar LLVM type in memory (pointers: 64).
fn mem_bits(ty: tritium_dialects::ir::Ty) -> u32 {
    match ty.bit_width() {
        0 => 64,
        b => b,
    }
}

impl LowerPattern for Load {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.load"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.load"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let ptr = op.operand(0);
        let mask = optional_operand(op, 1);
        let other = optional_operand(op, 2);
        let ty = op.result(0).ty();
        let elem = cx.elem_ty(ty)?;
        let hints = hints(op);
        let ptrs = cx.get(ptr)?;
        let masks = mask.map(|m| cx.get(m)).transpose()?;
        let others = other.map(|o| cx.get(o)).transpose()?;
        let vec = if ty.is_tensor() { vector_width(cx, ptr, mask, mem_bits(elem))? } else { 1 };
        let run = scalarized_run(cx, ptr, mask.is_some(), vec);
        let mut out = Vec::with_capacity(ptrs.len());
        for start in (0..ptrs.len()).step_by(vec) {
            let pred = masks.as_ref().map(|m| m[start]);
            let o = others.as_ref().map(|o| &o[start..start + vec]);
            let (base, offset) = run_base(start, run, mem_bits(elem));
            let vals = cx.target.load_global(&mut cx.e, ptrs[base], offset, elem, vec as u32, pred, o, hints)?;
            out.extend(vals);
        }
        Ok(vec![out])
    }
}

impl LowerPattern for Store {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.store"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.store"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let ptr = op.operand(0);
        let value = op.operand(1);
        let mask = (op.num_operands() > 2).then(|| op.operand(2));
        let hints = hints(op);
        let ptrs = cx.get(ptr)?;
        let values = cx.get(value)?;
        let masks = mask.map(|m| cx.get(m)).transpose()?;
        if !ptr.ty().is_tensor() {
            let first = cx.first_thread_pred();
            let pred = cx.e.and_pred(masks.as_ref().map(|m| m[0]), Some(first));
            cx.target.store_global(&mut cx.e, ptrs[0], 0, &values, pred, hints)?;
            return Ok(vec![]);
        }
        let elem = cx.elem_ty(value.ty())?;
        let vec = vector_width(cx, ptr, mask, mem_bits(elem))?;
        let l = cx.layout(ptr.ty())?;
        let dup = l.duplicate_regs();
        let unique = cx.unique_thread_pred(&l);
        let run = scalarized_run(cx, ptr, mask.is_some(), vec);
        for start in (0..ptrs.len()).step_by(vec) {
            if dup[start] {
                continue;
            }
            let pred = cx.e.and_pred(masks.as_ref().map(|m| m[start]), unique);
            let (base, offset) = run_base(start, run, mem_bits(elem));
            cx.target.store_global(&mut cx.e, ptrs[base], offset, &values[start..start + vec], pred, hints)?;
        }
        Ok(vec![])
    }
}

/// The [`RmwOp`] of Triton's `RMWOp` enum value `code`.
pub(super) fn rmw_op(code: i64) -> Result<RmwOp, String> {
    Ok(match code {
        1 => RmwOp::And,
        2 => RmwOp::Or,
        3 => RmwOp::Xor,
        4 => RmwOp::Add,
        5 => RmwOp::FAdd,
        6 => RmwOp::Max,
        7 => RmwOp::Min,
        8 => RmwOp::UMax,
        9 => RmwOp::UMin,
        10 => RmwOp::Xchg,
        _ => return Err(format!("unknown atomic operation {code}")),
    })
}

fn semantic(op: Op) -> MemSemantic {
    match op.attr("sem").and_then(|a| a.int()) {
        Some(1) => MemSemantic::Relaxed,
        Some(2) => MemSemantic::Acquire,
        Some(3) => MemSemantic::Release,
        _ => MemSemantic::AcqRel,
    }
}

fn scope(op: Op) -> MemScope {
    match op.attr("scope").and_then(|a| a.int()) {
        Some(2) => MemScope::Cta,
        Some(3) => MemScope::System,
        _ => MemScope::Gpu,
    }
}

impl LowerPattern for Atomic {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.atomic"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.atomic_rmw", "tt.atomic_cas"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let cas = op.name() == "tt.atomic_cas";
        let ptr = op.operand(0);
        let ptrs = cx.get(ptr)?;
        let (cmps, vals, masks) = if cas {
            (Some(cx.get(op.operand(1))?), cx.get(op.operand(2))?, None)
        } else {
            let mask = (op.num_operands() > 2).then(|| op.operand(2));
            (None, cx.get(op.operand(1))?, mask.map(|m| cx.get(m)).transpose()?)
        };
        let kind = if cas { RmwOp::Xchg } else { rmw_op(op.attr("atomic_rmw_op").and_then(|a| a.int()).unwrap_or(0))? };
        let (sem, scope) = (semantic(op), scope(op));
        // As Triton 3.9: the atomics of a CTA are ordered with the rest of
        // the CTA's memory accesses by a barrier before a release (so that
        // the atomics publish every thread's earlier writes) and one after
        // an acquire (so that every thread's later reads follow it).
        let release = matches!(sem, MemSemantic::Release | MemSemantic::AcqRel);
        let acquire = matches!(sem, MemSemantic::Acquire | MemSemantic::AcqRel);
        let result = op.result(0);
        // Several CTAs per program (a cluster) hold the same values: as in
        // Triton 3.9, only the cluster's first CTA does the atomic, and the
        // barriers that order it span the cluster.
        let ctas = op.enclosing_module().and_then(|m| m.attr("ttg.num-ctas")).and_then(|a| a.int()).unwrap_or(1);
        let in_cta0 = if ctas > 1 {
            if !result.users().is_empty() {
                return Err(format!("the result of an atomic in a program of {ctas} CTAs is not supported (only its first CTA does the atomic)"));
            }
            let rank = cx.target.cluster_cta_rank(&mut cx.e).ok_or("atomics in a program of several CTAs need the target's cluster rank")?;
            let zero = cx.e.i32_const(0);
            Some(cx.e.icmp(ICmp::Eq, rank, zero))
        } else {
            None
        };
        let barrier = |cx: &mut Lowering<'_>| {
            if ctas <= 1 || !cx.target.cluster_barrier(&mut cx.e) {
                cx.barrier();
            }
        };
        if release {
            barrier(cx);
        }
        // Nothing reads the old values: the target may reduce without
        // returning them (`red`); the result registers are then never used.
        let unread = result.users().is_empty();
        let apply = |cx: &mut Lowering<'_>, i: usize, pred: Option<Val>| -> Result<Val, String> {
            match &cmps {
                Some(c) => cx.target.atomic_cas(&mut cx.e, ptrs[i], c[i], vals[i], pred, sem, scope),
                None if unread => {
                    cx.target.atomic_reduce(&mut cx.e, kind, ptrs[i], vals[i], pred, sem, scope)?;
                    Ok(cx.e.undef(vals[i].ty()))
                }
                None => cx.target.atomic_rmw(&mut cx.e, kind, ptrs[i], vals[i], pred, sem, scope),
            }
        };
        if !ptr.ty().is_tensor() {
            // One thread does the atomic; the others read its result from
            // shared memory when anything uses it.
            let first = cx.first_thread_pred();
            let first = cx.e.and_pred(Some(first), in_cta0).unwrap_or(first);
            let pred = cx.e.and_pred(masks.as_ref().map(|m| m[0]), Some(first));
            let old = apply(cx, 0, pred)?;
            if result.users().is_empty() || op.attr("allocation.offset").is_none() {
                if acquire {
                    barrier(cx);
                }
                return Ok(vec![vec![old]]);
            }
            // The barrier of the broadcast below also orders the acquire.
            let base = cx.scratch(op)?;
            let store_ty = if old.ty().is_integer() || old.ty().is_float() { old.ty() } else { cx.e.i64() };
            let v = to_storage(cx, old, store_ty);
            cx.target.store_shared(&mut cx.e, base, v, Some(first));
            cx.barrier();
            let loaded = cx.target.load_shared(&mut cx.e, base, store_ty);
            let elem = old.ty();
            return Ok(vec![vec![from_storage(cx, loaded, elem)]]);
        }
        let l = cx.layout(ptr.ty())?;
        let dup = l.duplicate_regs();
        let unique = cx.unique_thread_pred(&l);
        let unique = cx.e.and_pred(unique, in_cta0);
        // Consecutive elements in one instruction where the target has one
        // for this op and type (and the pointers and mask allow it).
        let width = if cmps.is_none() {
            let elem = cx.elem_ty(op.operand(1).ty())?;
            let mask = (op.num_operands() > 2).then(|| op.operand(2));
            let vec = vector_width(cx, ptr, mask, mem_bits(elem))?;
            cx.target.atomic_vector_width(&cx.e, kind, elem, vec, sem, unread).clamp(1, vec)
        } else {
            1
        };
        if width > 1 {
            let mut out: Vec<Val> = Vec::with_capacity(ptrs.len());
            for start in (0..ptrs.len()).step_by(width) {
                if dup[start] {
                    let first = l.regs.iter().position(|c| *c == l.regs[start]).unwrap_or(start);
                    for k in 0..width {
                        out.push(out[first + k]);
                    }
                    continue;
                }
                let pred = cx.e.and_pred(masks.as_ref().map(|m| m[start]), unique);
                let olds = cx.target.atomic_rmw_vector(&mut cx.e, kind, ptrs[start], &vals[start..start + width], pred, sem, scope)?;
                out.extend(olds);
            }
            if acquire {
                barrier(cx);
            }
            return Ok(vec![out]);
        }
        let mut out = Vec::with_capacity(ptrs.len());
        for i in 0..ptrs.len() {
            if dup[i] {
                // A copy of an earlier register: the same element, done once.
                let first = l.regs.iter().position(|c| *c == l.regs[i]).unwrap_or(i);
                out.push(out[first]);
                continue;
            }
            let pred = cx.e.and_pred(masks.as_ref().map(|m| m[i]), unique);
            out.push(apply(cx, i, pred)?);
        }
        if !unread && unique.is_some() && op.attr("allocation.offset").is_some() {
            // Only one of the threads holding an element did its atomic: as
            // Triton, it writes the old value to the scratch (at the
            // element's row-major index) and every holder reads it back
            // after a barrier, which also orders an acquire.
            let base = cx.scratch(op)?;
            let elem = out[0].ty();
            let store_ty = if elem.is_integer() || elem.is_float() { elem } else { cx.e.i64() };
            let lanes: Vec<i64> = l.lanes.iter().map(|b| l.linear(b)).collect();
            let warps: Vec<i64> = l.warps.iter().map(|b| l.linear(b)).collect();
            let t = cx.xor_of_thread_bits(&lanes, &warps, None);
            let mut addrs = Vec::with_capacity(out.len());
            for (i, c) in l.regs.iter().enumerate() {
                let k = cx.e.i32_const(l.linear(c));
                let idx = match t {
                    Some(t) => cx.e.xor(t, k),
                    None => k,
                };
                let p = cx.e.gep(base, store_ty, idx);
                if !dup[i] {
                    let v = to_storage(cx, out[i], store_ty);
                    cx.target.store_shared(&mut cx.e, p, v, unique);
                }
                addrs.push(p);
            }
            cx.barrier();
            for (i, p) in addrs.into_iter().enumerate() {
                if dup[i] {
                    let first = l.regs.iter().position(|c| *c == l.regs[i]).unwrap_or(i);
                    out[i] = out[first];
                    continue;
                }
                let v = cx.target.load_shared(&mut cx.e, p, store_ty);
                out[i] = from_storage(cx, v, elem);
            }
            return Ok(vec![out]);
        }
        if acquire {
            barrier(cx);
        }
        Ok(vec![out])
    }
}

impl LowerPattern for Histogram {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.histogram"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.histogram"]
    }
    /// Algorithm: zero the bins in shared memory, barrier, one shared atomic
    /// add per (unique, unmasked, in-range) element, barrier, then each
    /// thread reads the bins its result registers hold.
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let src = op.operand(0);
        let mask = (op.num_operands() > 1).then(|| op.operand(1));
        let result = op.result(0).ty();
        let bins = result.shape().and_then(|s| s.first().copied()).ok_or("histogram result must be 1-D")?;
        let out_elem = cx.elem_ty(result)?;
        let i32t = cx.e.i32();
        if out_elem != i32t {
            return Err("histogram: only i32 results are lowered".into());
        }
        let values = cx.get(src)?;
        let masks = mask.map(|m| cx.get(m)).transpose()?;
        let base = cx.scratch(op)?;
        let threads = i64::from(cx.num_warps * cx.threads_per_warp);
        let tid = cx.target.thread_id(&mut cx.e);
        let zero = cx.e.i32_const(0);
        let mut i = 0;
        while i < bins {
            let idx = cx.e.add_i32(tid, i);
            let limit = cx.e.i32_const(bins);
            let pred = (i + threads > bins).then(|| cx.e.icmp(ICmp::Slt, idx, limit));
            let p = cx.e.gep(base, i32t, idx);
            cx.target.store_shared(&mut cx.e, p, zero, pred);
            i += threads;
        }
        cx.barrier();
        let sl = cx.layout(src.ty())?;
        let dup = sl.duplicate_regs();
        let unique = cx.unique_thread_pred(&sl);
        let src_elem = cx.elem_ty(src.ty())?;
        let one = cx.e.i32_const(1);
        let limit = cx.e.const_int(src_elem, bins);
        for (r, v) in values.iter().enumerate() {
            if dup[r] {
                continue;
            }
            let in_range = cx.e.icmp(ICmp::Ult, *v, limit);
            let mut pred = cx.e.and_pred(Some(in_range), unique);
            pred = cx.e.and_pred(pred, masks.as_ref().map(|m| m[r]));
            // The target's predicated atomic (Triton 3.9 branches around a
            // generic `atomicrmw` instead, which costs the assembler more
            // registers: histogram_bins 20 against 16 this way, Triton's 17).
            let idx = cx.e.cast("llvm.trunc", *v, i32t);
            let p = cx.e.gep(base, i32t, idx);
            cx.target.atomic_rmw(&mut cx.e, RmwOp::Add, p, one, pred, MemSemantic::Relaxed, MemScope::System)?;
        }
        cx.barrier();
        let dl = cx.layout(result)?;
        let t = cx.thread_coords(&dl)[0];
        let mut out = Vec::with_capacity(dl.num_regs());
        for c in &dl.regs {
            let k = cx.e.i32_const(c[0]);
            let idx = cx.e.xor(t, k);
            let p = cx.e.gep(base, i32t, idx);
            out.push(cx.target.load_shared(&mut cx.e, p, i32t));
        }
        Ok(vec![out])
    }
}
