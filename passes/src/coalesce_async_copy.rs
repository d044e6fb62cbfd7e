//! `tritongpu-coalesce-async-copy`: fixes the register layout of the global
//! side of `ttg.async_copy_global_to_local` so that cp.async stays coalesced.
//!
//! Algorithm (Triton's `CoalesceAsyncCopyPass`):
//! 1. run the module axis-info analysis and record, for every copy, the
//!    coalesced layout `tritongpu-coalesce` would pick for it (with the
//!    destination's per-CTA shape);
//! 2. for each copy, repeatedly:
//!    - clip: when the source is blocked and the destination swizzled, and a
//!      thread holds more contiguous elements along its fastest dimension
//!      than one copy can move into shared memory (the run of consecutive
//!      registers landing at consecutive offsets), shrink the size per thread
//!      to that run;
//!    - cheap copies (fewer elements than threads, elements of 32 bits or
//!      more) take the recorded coalesced layout;
//!    each rewrite converts `src`, `mask` and `other` to the new layout just
//!    before the copy and sets its `contiguity` from the converted values'
//!    axis info (which the analysis run before has none of: 1, as in Triton);
//! 3. like Triton's greedy driver, fold and deduplicate constants over the
//!    module.
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, Rewriter};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::to_linear::{blocked_encoding, to_linear_layout};

use crate::analysis::axis_info::AxisInfoAnalysis;
use crate::analysis::{i32_attr, post_order, tensor_encoding, threads_per_warp};
use crate::coalesce::{coalesced_encoding, lookup_num_warps, module_axis_info};

/// The pass.
pub struct CoalesceAsyncCopy;

impl Pass for CoalesceAsyncCopy {
    fn argument(&self) -> &'static str {
        "tritongpu-coalesce-async-copy"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let copies: Vec<Op> = post_order(module).into_iter().filter(|o| o.name() == "ttg.async_copy_global_to_local").collect();
        if !copies.is_empty() {
            let analysis = module_axis_info(module);
            let tpw = threads_per_warp(module);
            let mut plan: Vec<(Op, u32, Option<Attr>)> = Vec::new();
            for &copy in &copies {
                let num_warps = lookup_num_warps(copy)?;
                let Some(dst) = bridge::memdesc_of(copy.result(0).ty()).or_else(|| bridge::memdesc_of(copy.operand(1).ty())) else {
                    emit_error(copy, "expects a !ttg.memdesc destination");
                    return Err(());
                };
                let shape = memdesc_shape(&dst);
                let enc = coalesced_encoding(&analysis, copy, num_warps, tpw, &shape)?;
                plan.push((copy, num_warps, bridge::build(copy.context(), &enc)));
            }
            for (copy, num_warps, coalesced) in plan {
                for _ in 0..4 {
                    let next = clip_encoding(copy, num_warps, tpw).or_else(|| cheap_encoding(copy, num_warps, tpw, coalesced));
                    let Some(enc) = next else { break };
                    retarget(copy, enc, &analysis);
                }
            }
        }
        if apply_patterns_greedily(module, &[]) {
            Ok(())
        } else {
            emit_error(module, "tritongpu-coalesce-async-copy: the greedy rewrite did not converge");
            Err(())
        }
    }
}

/// The shape a memdesc's layout covers: the trailing dimensions of its
/// allocation shape (its shape when that is not given).
fn memdesc_shape(dst: &bridge::MemDesc) -> Vec<i64> {
    let rank = dst.shape.len();
    if dst.alloc_shape.len() >= rank {
        dst.alloc_shape[dst.alloc_shape.len() - rank..].to_vec()
    } else {
        dst.shape.clone()
    }
}

/// The shared-memory destination of a copy: its encoding and shape.
fn destination(copy: Op) -> Option<(Encoding, Vec<i64>, u32)> {
    let dst = bridge::memdesc_of(copy.operand(1).ty())?;
    let enc = bridge::encoding_of(dst.encoding)?.ok()?;
    Some((enc, memdesc_shape(&dst), dst.element.bit_width()))
}

/// The clipped blocked layout of the copy's source, when a thread holds more
/// contiguous elements than one copy moves.
fn clip_encoding(copy: Op, num_warps: u32, tpw: i64) -> Option<Attr> {
    let src_ty = copy.operand(0).ty();
    let Some(Encoding::Blocked { size_per_thread, order, cga, .. }) = tensor_encoding(src_ty) else { return None };
    let (dst_enc, dst_shape, _) = destination(copy)?;
    if !matches!(dst_enc, Encoding::SwizzledShared { .. }) {
        return None;
    }
    let shape = src_ty.shape()?;
    let reg = to_linear_layout(&tensor_encoding(src_ty)?, &shape).ok()?;
    let shared = to_linear_layout(&dst_enc, &dst_shape).ok()?;
    let copy_contig = u32::try_from(reg.invert_and_compose(&shared).ok()?.num_consecutive_in_out()).ok()?;
    let mut contig: Vec<u32> =
        size_per_thread.iter().zip(&shape).map(|(&s, &d)| s.min(u32::try_from(d).unwrap_or(u32::MAX))).collect();
    let fastest = *order.first()? as usize;
    if contig.get(fastest).copied()? <= copy_contig {
        return None;
    }
    contig[fastest] = copy_contig;
    let tpw = u32::try_from(tpw).ok()?;
    let enc = match blocked_encoding(&shape, &contig, &order, num_warps, tpw, 1) {
        Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, .. } => {
            Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga }
        }
        other => other,
    };
    enc.verify().ok()?;
    bridge::build(copy.context(), &enc)
}

/// The recorded coalesced layout, for a copy of fewer elements than threads
/// of elements of at least 32 bits whose source is not in it already.
fn cheap_encoding(copy: Op, num_warps: u32, tpw: i64, coalesced: Option<Attr>) -> Option<Attr> {
    let src_ty = copy.operand(0).ty();
    let (_, _, bits) = destination(copy)?;
    if src_ty.num_elements() >= i64::from(num_warps) * tpw || bits < 32 {
        return None;
    }
    let coalesced = coalesced?;
    (src_ty.encoding() != Some(coalesced)).then_some(coalesced)
}

/// Converts the copy's `src`, `mask` and `other` to `enc` just before it and
/// sets its `contiguity`.
fn retarget(copy: Op, enc: Attr, analysis: &AxisInfoAnalysis) {
    let Some(block) = copy.block() else { return };
    let location = copy.location();
    // Operands: src, result (memdesc), then the optional mask and other.
    let mask_index = (copy.segment_size(2) == 1).then_some(2);
    let other_index = (copy.segment_size(3) == 1).then_some(2 + usize::from(mask_index.is_some()));
    let convert = |v: Val| -> Val {
        let ty: Ty = v.ty().with_encoding(Some(enc));
        let cvt = Rewriter::build(location, "ttg.convert_layout", &[v], &[ty], &[], 0);
        unsafe { mlir_sys::mlirBlockInsertOwnedOperationBefore(block, copy.0, cvt.0) };
        cvt.result(0)
    };
    let src = convert(copy.operand(0));
    let mask = mask_index.map(|i| convert(copy.operand(i)));
    let other = other_index.map(|i| convert(copy.operand(i)));
    let mut contiguity = analysis.contiguity(src);
    if let Some(m) = mask {
        contiguity = contiguity.min(analysis.mask_alignment(m));
    }
    copy.set_operand(0, src);
    if let (Some(i), Some(m)) = (mask_index, mask) {
        copy.set_operand(i, m);
    }
    if let (Some(i), Some(o)) = (other_index, other) {
        copy.set_operand(i, o);
    }
    copy.set_attr("contiguity", i32_attr(copy.context(), i64::from(contiguity)));
}
