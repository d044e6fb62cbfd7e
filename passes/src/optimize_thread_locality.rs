//! `tritongpu-optimize-thread-locality`: Triton's rewrites that keep work
//! inside a thread or a warp.
//!
//! - `tt.reshape {allow_reorder}` feeding reductions along one axis gets a
//!   blocked result layout holding that axis last in `order` (marked
//!   `efficient_layout`), converted back for its users.
//! - `tt.gather` gets a layout where one warp spans whole gather columns
//!   (marked `efficient_layout`); source and indices are converted to it
//!   and the result back (Triton 3.9 keeps wide indices as they are).
//! - a `tt.reduce` whose result accumulates into an `scf.for` carried value
//!   is refused (diagnostic, IR untouched) when it meets every condition under
//!   which Triton moves the reduction out of the loop: Tritium does not
//!   implement that restructuring yet. Reductions Triton leaves alone pass.
use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::{Cga, Encoding};
use tritium_dialects::ttg::to_linear::{blocked_encoding, order_per_dim, to_linear_layout, LANE, WARP};

use crate::analysis::{inherited_int, tensor_encoding, threads_per_warp};
use crate::coalesce::lookup_num_warps;

/// The pass.
pub struct OptimizeThreadLocality;

impl Pass for OptimizeThreadLocality {
    fn argument(&self) -> &'static str {
        "tritongpu-optimize-thread-locality"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        for o in op.nested_ops() {
            match o.name() {
                "tt.reshape" => {
                    optimize_reshape(o);
                }
                "tt.gather" if o.attr("efficient_layout").is_none() => {
                    optimize_gather(o);
                }
                _ => {}
            }
        }
        for o in op.nested_ops() {
            if o.name() == "tt.reduce" && moves_out_of_loop(o) {
                emit_error(o, "tritongpu-optimize-thread-locality: moving this reduction out of its loop is not implemented in Tritium");
                return Err(());
            }
        }
        Ok(())
    }
}


/// Points every use of `v` except those in `keep` at `with`.
fn replace_uses_except(v: Val, with: Val, keep: Op) {
    for (user, index) in v.uses() {
        if !user.same(keep) {
            user.set_operand(index, with);
        }
    }
}

/// A `ttg.convert_layout` of `v` to `ty`, not yet inserted.
fn convert(v: Val, ty: Ty, location: MlirLocation) -> Op {
    Rewriter::build(location, "ttg.convert_layout", &[v], &[ty], &[], 0)
}

fn insert_before(anchor: Op, new: Op) -> Option<()> {
    let block = anchor.block()?;
    unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, new.0) };
    Some(())
}

fn insert_after(anchor: Op, new: Op) -> Option<()> {
    let block = anchor.block()?;
    unsafe { mlirBlockInsertOwnedOperationAfter(block, anchor.0, new.0) };
    Some(())
}

fn unit_attr(op: Op) -> Attr {
    Attr(unsafe { mlirUnitAttrGet(op.context()) })
}

/// The attribute of a layout, when it verifies and builds.
fn layout_attr(op: Op, enc: &Encoding) -> Option<Attr> {
    enc.verify().ok()?;
    bridge::build(op.context(), enc)
}

/// The CGA layout of a tensor's encoding; `None` where it cannot be read
/// (an encoding other than blocked or MMA in a multi-CTA module).
fn tensor_cga(op: Op, enc: &Encoding) -> Option<Cga> {
    match enc {
        Encoding::Blocked { cga, .. } | Encoding::NvidiaMma { cga, .. } => Some(cga.clone()),
        _ if inherited_int(op, "ttg.num-ctas").unwrap_or(1) == 1 => Some(Cga::default()),
        _ => None,
    }
}

/// Triton's `isExpensiveView`: a view between these types moves data unless
/// both layouts broadcast the same bits and hold as many elements per thread.
pub(crate) fn is_expensive_view(src: Ty, dst: Ty) -> bool {
    let layout = |t: Ty| tensor_encoding(t).zip(t.shape()).and_then(|(e, s)| to_linear_layout(&e, &s).ok());
    let (Some(a), Some(b)) = (layout(src), layout(dst)) else { return true };
    let (ma, mb) = (a.get_free_variable_masks(), b.get_free_variable_masks());
    if ma.len() != mb.len() || ma.iter().zip(&mb).any(|(x, y)| x != y) {
        return true;
    }
    a.in_dim_size("register") != b.in_dim_size("register")
}

/// Gives a reorderable reshape used by reductions along one axis a layout
/// that keeps that axis within threads as far as possible.
fn optimize_reshape(view: Op) -> Option<()> {
    if view.attr("allow_reorder").is_none() {
        return None;
    }
    let result = view.result(0);
    let mut axis: Option<i64> = None;
    for user in result.users() {
        if user.name() == "tt.reduce" {
            let a = user.attr("axis")?.int()?;
            if axis.is_some_and(|b| b != a) {
                return None;
            }
            axis = Some(a);
        }
    }
    let axis = usize::try_from(axis?).ok()?;
    let ty = result.ty();
    let shape = ty.shape()?;
    let enc = tensor_encoding(ty)?;
    if axis >= shape.len() {
        return None;
    }
    if let Encoding::Blocked { threads_per_warp, warps_per_cta, cga, .. } = &enc {
        let ctas_along = 1u32 << cga.bases.iter().filter(|b| b.get(axis).is_some_and(|&v| v != 0)).count();
        if threads_per_warp.get(axis) == Some(&1) && warps_per_cta.get(axis) == Some(&1) && ctas_along == 1 {
            return None;
        }
    }
    let mut order: Vec<u32> = enc.order_for_shape(&shape).ok()?.into_iter().filter(|&d| d as usize != axis).collect();
    order.push(axis as u32);
    let num_warps = lookup_num_warps(view).ok()?;
    let tpw = u32::try_from(threads_per_warp(view)).ok()?;
    let num_ctas = u32::try_from(inherited_int(view, "ttg.num-ctas").unwrap_or(1)).ok()?;
    let new_enc = blocked_encoding(&shape, &vec![1; shape.len()], &order, num_warps, tpw, num_ctas);
    let new_attr = layout_attr(view, &new_enc)?;
    if ty.encoding().is_some_and(|a| unsafe { mlirAttributeEqual(a.0, new_attr.0) }) {
        return None;
    }
    let new_ty = ty.with_encoding(Some(new_attr));
    if is_expensive_view(view.operand(0).ty(), new_ty) {
        return None;
    }
    result.set_type(new_ty);
    view.set_attr("efficient_layout", unit_attr(view));
    let back = convert(result, ty, view.location());
    insert_after(view, back)?;
    replace_uses_except(result, back.result(0), back);
    Some(())
}

/// Gives a gather a layout in which each warp owns whole columns along the
/// gather axis, so the lowering needs only warp shuffles.
fn optimize_gather(op: Op) -> Option<()> {
    let src_ty = op.operand(0).ty();
    let idx_ty = op.operand(1).ty();
    let src_shape = src_ty.shape()?;
    let idx_shape = idx_ty.shape()?;
    let rank = src_shape.len();
    let axis = usize::try_from(op.attr("axis")?.int()?).ok()?;
    if rank <= 1 || axis >= rank || idx_shape.len() != rank {
        return None;
    }
    let lanes = u32::try_from(threads_per_warp(op)).ok()?;
    let num_warps = lookup_num_warps(op).ok()?;
    let src_enc = tensor_encoding(src_ty)?;
    let src_ll = to_linear_layout(&src_enc, &src_shape).ok()?;
    let base_order = src_enc.order_for_shape(&src_shape).ok()?;
    let dim = |d: usize| u32::try_from(src_shape[d]).ok().filter(|&s| s > 0);

    let mut tpw = vec![0u32; rank];
    let mut wpc = vec![0u32; rank];
    let mut order = vec![axis as u32];
    let along = dim(axis)?.min(lanes);
    tpw[axis] = along;
    let mut lanes_left = lanes / along;
    for d in order_per_dim(&src_ll, LANE, &base_order) {
        let d = d as usize;
        if d == axis {
            continue;
        }
        order.push(d as u32);
        let n = dim(d)?.min(lanes_left);
        tpw[d] = n;
        lanes_left /= n.max(1);
    }
    wpc[axis] = 1;
    let mut warps_left = num_warps;
    for d in order_per_dim(&src_ll, WARP, &base_order) {
        let d = d as usize;
        if d == axis {
            continue;
        }
        let fit = dim(d)? / tpw[d].max(1);
        let n = fit.min(warps_left);
        if n == 0 {
            return None;
        }
        wpc[d] = n;
        warps_left /= n;
    }
    if tpw.contains(&0) || wpc.contains(&0) {
        return None;
    }
    let mut spt = vec![1u32; rank];
    spt[axis] = u32::try_from(src_shape[axis].max(idx_shape[axis])).ok()? / tpw[axis];
    tpw[axis] *= lanes_left;
    wpc[axis] *= warps_left;
    if tpw.iter().product::<u32>() != lanes || wpc.iter().product::<u32>() != num_warps {
        return None;
    }
    let cga = tensor_cga(op, &src_enc)?;
    let layout = Encoding::Blocked { size_per_thread: spt, threads_per_warp: tpw, warps_per_cta: wpc, order, cga };
    let layout = layout_attr(op, &layout)?;

    let location = op.location();
    let indices = op.operand(1);
    let cvt_src = convert(op.operand(0), src_ty.with_encoding(Some(layout)), location);
    insert_before(op, cvt_src)?;
    let cvt_idx = convert(indices, idx_ty.with_encoding(Some(layout)), location);
    insert_before(op, cvt_idx)?;
    let result = op.result(0);
    let out_ty = result.ty();
    let back = convert(result, out_ty, location);
    insert_after(op, back)?;
    replace_uses_except(result, back.result(0), back);
    op.set_operand(0, cvt_src.result(0));
    op.set_operand(1, cvt_idx.result(0));
    result.set_type(out_ty.with_encoding(Some(layout)));
    op.set_attr("efficient_layout", unit_attr(op));
    Some(())
}

/// The single combining op of a reduction's body.
fn combiner(reduce: Op) -> Option<Op> {
    let body = reduce.entry_block(0)?;
    let ops = tritium_dialects::ir::block_ops(body);
    (ops.len() == 2).then(|| ops[0])
}

/// Whether Triton would move this reduction out of its loop: a reduction of
/// loads along the innermost axis of a blocked tensor, with several elements
/// per thread on that axis, whose one use is a binary update yielded as the
/// loop's accumulator started from a constant and used only by that update.
fn moves_out_of_loop(reduce: Op) -> bool {
    let check = || -> Option<bool> {
        let comb = combiner(reduce)?;
        let supported = ["arith.addf", "arith.mulf", "arith.maximumf", "arith.maxnumf", "arith.minimumf", "arith.minnumf"];
        if !supported.contains(&comb.name()) {
            return Some(false);
        }
        let src_ty = reduce.operand(0).ty();
        let shape = src_ty.shape()?;
        let rank = shape.len();
        let enc = tensor_encoding(src_ty)?;
        if !matches!(enc, Encoding::Blocked { .. }) || rank <= 1 {
            return Some(false);
        }
        if reduce.attr("axis")?.int()? != rank as i64 - 1 {
            return Some(false);
        }
        if !reduce.operands().iter().all(|v| v.defining_op().is_some_and(|d| d.name() == "tt.load")) {
            return Some(false);
        }
        if enc.elems_per_thread(&shape).ok()?.get(rank - 1).copied()? == 1 {
            return Some(false);
        }
        let reduce_uses: Vec<(Op, usize)> = reduce.results().into_iter().flat_map(|r| r.uses()).collect();
        let [(update, _)] = reduce_uses[..] else { return Some(false) };
        let update_uses = update.results().first().copied()?.uses();
        if update.num_operands() != 2 || update.num_results() != 1 || update_uses.len() != 1 {
            return Some(false);
        }
        let (yield_op, index) = update_uses[0];
        let for_op = yield_op.parent()?;
        if yield_op.name() != "scf.yield" || for_op.name() != "scf.for" {
            return Some(false);
        }
        let body = for_op.entry_block(0)?;
        if !reduce.block().is_some_and(|b| unsafe { mlirBlockEqual(b, body) }) {
            return Some(false);
        }
        let init = for_op.operands().get(3 + index).copied()?;
        if !init.defining_op().is_some_and(|d| d.name() == "arith.constant") {
            return Some(false);
        }
        let arg = block_arguments(body).get(1 + index).copied()?;
        Some(arg.uses().len() == 1)
    };
    check().unwrap_or(false)
}
