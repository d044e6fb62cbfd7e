//! `tritongpu-optimize-thread-locality`: Triton's rewrites that keep work
//! inside a thread or a warp.
//!
//! - `tt.reshape {allow_reorder}` feeding reductions along one axis gets a
//!   blocked result layout holding that axis last in `order` (marked
//!   `efficient_layout`), converted back for its users.
//! - `tt.gather` gets a layout where one warp spans whole gather columns
//!   (marked `efficient_layout`); source and indices are converted to it
//!   and the result back (Triton 3.9 keeps wide indices as they are).
//! - a `tt.reduce` of a load along the innermost axis whose result
//!   accumulates into an `scf.for` carried value keeps only its in-thread part
//!   in the loop: the loop carries a per-thread partial accumulator (one more
//!   dimension, started from the combiner's neutral element), and the
//!   cross-thread reduction runs once after the loop, merged with the
//!   original initial value. The old reduction and update stay in the loop,
//!   unused, as Triton leaves them. Where the rewrite cannot be built the IR
//!   stays as it is.
//!
//! As in Triton, MLIR's greedy driver first runs over the module (folding,
//! constant uniquing and hoisting, dead-op erasure). Several reductions that
//! qualify are rewritten in walk order; Triton visits them in a hash-set
//! order that changes from run to run.
use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, Attr, Op, Ty, Val};
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, Rewriter};
use tritium_dialects::ttg::{bridge, infer};
use tritium_dialects::ttg::encoding::{Cga, Encoding};
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::{blocked_encoding, order_per_dim, to_linear_layout, LANE, WARP};

use crate::analysis::{tensor_encoding, threads_per_warp};
use crate::coalesce::lookup_num_warps;

/// The pass.
pub struct OptimizeThreadLocality;

impl Pass for OptimizeThreadLocality {
    fn argument(&self) -> &'static str {
        "tritongpu-optimize-thread-locality"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        // Triton applies its reshape and gather patterns with MLIR's greedy
        // driver, which also folds, uniques and hoists constants and erases
        // dead ops over the whole module; none of those effects depends on
        // the two patterns (`ttg.convert_layout` has no folder), so the
        // driver runs first, without patterns.
        if !apply_patterns_greedily(op, &[]) {
            return Err(());
        }
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
        let candidates: Vec<Op> = op.nested_ops().into_iter().filter(|&o| o.name() == "tt.reduce" && moves_out_of_loop(o)).collect();
        for reduce in candidates {
            if let Some(plan) = plan_loop_reduction(reduce) {
                move_out_of_loop(&plan);
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
        _ if op.inherited_int("ttg.num-ctas").unwrap_or(1) == 1 => Some(Cga::default()),
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
    let num_ctas = u32::try_from(view.inherited_int("ttg.num-ctas").unwrap_or(1)).ok()?;
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

/// Everything the loop rewrite of one reduction needs, computed before the
/// IR changes.
struct LoopReduction {
    reduce: Op,
    update: Op,
    for_op: Op,
    /// Index of the accumulator among the loop's carried values.
    slot: usize,
    /// The accumulator's initial value (an `arith.constant`).
    init: Val,
    /// The per-thread partial accumulator's initial value, not yet inserted.
    partial_init: Op,
    /// Source rank; the reduced axis is `rank - 1`.
    rank: usize,
    /// `[..., R, H, S]`: the reduced axis split into repetitions, threads and
    /// contiguous elements per thread.
    factored: Ty,
    /// `[..., H, R, S]`.
    transposed: Ty,
    transpose_order: Vec<i32>,
    /// `[..., H, R * S]` as the reshape infers it, and in the
    /// thread-locality layout.
    view: Ty,
    local: Ty,
    /// The partial accumulator (`local` reduced along its last axis).
    partial: Ty,
    /// The partial accumulator reduced along the original axis after the loop.
    reduced_partial: Ty,
}

/// The float attribute holding the neutral element of a reduction combiner
/// (MLIR's `arith::getNeutralElement`, with `maxnumf`/`minnumf` taken as
/// `-inf`/`+inf` as Triton does).
fn neutral_element(combiner: Op, elem: Ty) -> Option<Attr> {
    let (is_f16, is_bf16) = unsafe { (mlirTypeIsAF16(elem.0), mlirTypeIsABF16(elem.0)) };
    let (is_f32, is_f64) = unsafe { (mlirTypeIsAF32(elem.0), mlirTypeIsAF64(elem.0)) };
    let largest = if is_f16 {
        65504.0
    } else if is_bf16 {
        3.389_531_389_251_535_5e38
    } else if is_f32 {
        f64::from(f32::MAX)
    } else if is_f64 {
        f64::MAX
    } else {
        return None;
    };
    // `ninf` (also part of `fast`) makes MLIR pick the largest finite value
    // instead of an infinity for maximumf/minimumf.
    let finite = combiner.attr("fastmath").is_some_and(|a| {
        let text = a.to_string();
        text.contains("ninf") || text.contains("fast>")
    });
    let extreme = if finite { largest } else { f64::INFINITY };
    let value = match combiner.name() {
        "arith.addf" => 0.0,
        "arith.mulf" => 1.0,
        "arith.maximumf" => -extreme,
        "arith.minimumf" => extreme,
        "arith.maxnumf" => f64::NEG_INFINITY,
        "arith.minnumf" => f64::INFINITY,
        _ => return None,
    };
    Some(Attr(unsafe { mlirFloatAttrDoubleGet(combiner.context(), elem.0, value) }))
}

/// The encoding Triton's `tt.reshape` builder infers from `from` to `to`;
/// dropping a unit dimension of a blocked tensor gives the slice of the
/// source along it when that keeps every element in place (a linear source
/// stays linear).
fn reshape_encoding(enc: &Encoding, from: &[i64], to: &[i64]) -> Option<Encoding> {
    let inferred = infer::infer_reshape(enc, from, to).ok()?;
    if matches!(enc, Encoding::Blocked { .. }) && from.len() == to.len() + 1 {
        let unit = (0..from.len()).find(|&d| from[d] == 1 && from[..d] == to[..d] && from[d + 1..] == to[d..]);
        if let Some(d) = unit {
            let slice = Encoding::Slice { dim: d as u32, parent: Box::new(enc.clone()) };
            if infer::layouts_equivalent(to, &slice, &inferred).unwrap_or(false) {
                return Some(slice);
            }
        }
    }
    Some(inferred)
}

/// Plans Triton's move of `reduce` out of its loop, or `None` where the
/// rewrite cannot be built (the IR then stays as it is).
fn plan_loop_reduction(reduce: Op) -> Option<LoopReduction> {
    if !moves_out_of_loop(reduce) || reduce.num_operands() != 1 || reduce.num_results() != 1 {
        return None;
    }
    let context = reduce.context();
    let src = reduce.operand(0);
    let src_ty = src.ty();
    let shape = src_ty.shape()?;
    let rank = shape.len();
    let elem = src_ty.element();
    let enc = tensor_encoding(src_ty)?;
    let Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } = &enc else { return None };
    if rank < 2 || [size_per_thread.len(), threads_per_warp.len(), warps_per_cta.len(), order.len()] != [rank; 4] {
        return None;
    }
    let axis = rank - 1;

    // The update, the loop and the carried accumulator it feeds.
    let result = reduce.result(0);
    let [(update, _)] = result.uses()[..] else { return None };
    let [(yield_op, slot)] = update.result(0).uses()[..] else { return None };
    let for_op = yield_op.parent()?;
    let body = for_op.entry_block(0)?;
    let iter_arg = block_arguments(body).get(1 + slot).copied()?;
    let other = (0..2).map(|i| update.operand(i)).find(|v| !v.same(result))?;
    if !other.same(iter_arg) || update.result(0).ty() != iter_arg.ty() || result.ty() != iter_arg.ty() {
        return None;
    }
    let init = for_op.operands().get(3 + slot).copied()?;
    init.defining_op()?;
    let loop_elem = iter_arg.ty().element();

    // The reduced axis as [R, H, S]: R repetitions of H threads' S
    // contiguous elements; each thread holds E = R * S of them.
    let n = shape[axis];
    let e = i64::from(*enc.elems_per_thread(&shape).ok()?.get(axis)?);
    let s = i64::from(size_per_thread[axis]).min(e);
    if e <= 1 || s <= 0 || n % e != 0 || e % s != 0 {
        return None;
    }
    let (r, h) = (e / s, n / e);

    // The thread-locality layout: the new last dimension, fastest, holds a
    // thread's elements of the reduced axis.
    let mut spt = size_per_thread.clone();
    spt.push(size_per_thread[axis]);
    spt[axis] = 1;
    let mut tpw = threads_per_warp.clone();
    tpw.push(1);
    let mut wpc = warps_per_cta.clone();
    wpc.push(1);
    let mut local_order = vec![rank as u32];
    local_order.extend_from_slice(order);
    let bases = cga.bases.iter().map(|b| b.iter().copied().chain(std::iter::once(0)).collect()).collect();
    let local_enc = Encoding::Blocked {
        size_per_thread: spt,
        threads_per_warp: tpw,
        warps_per_cta: wpc,
        order: local_order,
        cga: Cga { bases },
    };
    let partial_enc = Encoding::Slice { dim: rank as u32, parent: Box::new(local_enc.clone()) };
    let reduced_enc = Encoding::Slice { dim: axis as u32, parent: Box::new(partial_enc.clone()) };

    let mut view_shape = shape[..axis].to_vec();
    view_shape.extend([h, e]);
    let mut factored_shape = shape[..axis].to_vec();
    factored_shape.extend([r, h, s]);
    let mut transpose_order: Vec<i32> = (0..rank as i32 + 2).collect();
    transpose_order.swap(rank - 1, rank);
    let mut transposed_shape = shape[..axis].to_vec();
    transposed_shape.extend([h, r, s]);

    let factored_enc = reshape_encoding(&enc, &shape, &factored_shape)?;
    let transposed_enc = infer::infer_trans(&factored_enc, &factored_shape, &transpose_order).ok()?;
    let view_enc = reshape_encoding(&transposed_enc, &transposed_shape, &view_shape)?;

    let tensor = |shape: &[i64], enc: &Encoding| -> Option<Ty> {
        enc.verify().ok()?;
        Some(Ty::tensor(shape, elem, Some(bridge::build(context, enc)?)))
    };
    let view = tensor(&view_shape, &view_enc)?;
    let local = tensor(&view_shape, &local_enc)?;
    // Triton asserts that the view reaches the thread-locality layout by
    // reordering registers only (it does not where CTAs split the axis).
    if !cvt_reorders_registers(view, local) {
        return None;
    }
    let partial = tensor(&view_shape[..rank], &partial_enc)?;
    let factored = tensor(&factored_shape, &factored_enc)?;
    let transposed = tensor(&transposed_shape, &transposed_enc)?;
    let reduced_partial = tensor(&shape[..axis], &reduced_enc)?;
    let neutral = neutral_element(combiner(reduce)?, loop_elem)?;
    if loop_elem != elem {
        return None;
    }
    let partial_init = Rewriter::build(
        unsafe { mlirValueGetLocation(init.0) },
        "arith.constant",
        &[],
        &[partial],
        &[("value", Attr::splat(partial, neutral).0)],
        0,
    );
    Some(LoopReduction {
        reduce,
        update,
        for_op,
        slot,
        init,
        partial_init,
        rank,
        factored,
        transposed,
        transpose_order,
        view,
        local,
        partial,
        reduced_partial,
    })
}

/// Whether converting `src` to `dst` only reorders each thread's registers
/// (Triton's `cvtReordersRegisters`): lanes, warps and CTAs hold the same
/// elements in both layouts.
fn cvt_reorders_registers(src: Ty, dst: Ty) -> bool {
    let layout = |t: Ty| tensor_encoding(t).zip(t.shape()).and_then(|(e, s)| to_linear_layout(&e, &s).ok());
    let (Some(a), Some(b)) = (layout(src), layout(dst)) else { return false };
    let bases = |ll: &LinearLayout, dim: &str| ll.bases().iter().find(|(n, _)| n == dim).map(|(_, b)| b.clone());
    a.out_dims() == b.out_dims() && [LANE, WARP, "block"].iter().all(|d| bases(&a, d) == bases(&b, d))
}

/// A copy of `for_op` carrying `extra` as one more value (the body moves
/// over; uses of the old results go to the new loop's, the old loop is
/// erased).
fn add_carried_value(for_op: Op, extra: Val) -> Option<Op> {
    let mut operands = for_op.operands();
    operands.push(extra);
    let mut types: Vec<Ty> = for_op.results().iter().map(|r| r.ty()).collect();
    types.push(extra.ty());
    let attrs: Vec<(&str, MlirAttribute)> = for_op.attributes().into_iter().map(|(n, a)| (n, a.0)).collect();
    let new_for = Rewriter::build(for_op.location(), "scf.for", &operands, &types, &attrs, 1);
    insert_before(for_op, new_for)?;
    unsafe { mlirRegionTakeBody(new_for.region(0), for_op.region(0)) };
    let body = new_for.entry_block(0)?;
    unsafe { mlirBlockAddArgument(body, extra.ty().0, mlirValueGetLocation(extra.0)) };
    for (old, new) in for_op.results().into_iter().zip(new_for.results()) {
        unsafe { mlirValueReplaceAllUsesOfWith(old.0, new.0) };
    }
    unsafe { mlirOperationDestroy(for_op.0) };
    Some(new_for)
}

/// A copy of the two-operand `update` applied to `(a, b)`, giving `ty`.
fn clone_update(update: Op, a: Val, b: Val, ty: Ty) -> Op {
    let copy = Op(unsafe { mlirOperationClone(update.0) });
    copy.set_operand(0, a);
    copy.set_operand(1, b);
    copy.result(0).set_type(ty);
    copy
}

/// Triton's restructuring: the loop reduces each thread's elements into a
/// partial accumulator; the cross-thread reduction and the original
/// accumulator's initial value are combined once after the loop.
fn move_out_of_loop(plan: &LoopReduction) -> Option<()> {
    let LoopReduction { reduce, update, for_op, slot, init, partial_init, rank, .. } = *plan;
    let location = reduce.location();
    insert_after(init.defining_op()?, partial_init)?;
    let new_for = add_carried_value(for_op, partial_init.result(0))?;
    let body = new_for.entry_block(0)?;
    let args = block_arguments(body);
    let partial_arg = *args.last()?;

    // In the loop: the thread-local reduction and its accumulation.
    let factored = Rewriter::build(location, "tt.reshape", &[reduce.operand(0)], &[plan.factored], &[], 0);
    insert_after(reduce, factored)?;
    let order = Attr(unsafe { mlirDenseI32ArrayGet(reduce.context(), plan.transpose_order.len() as isize, plan.transpose_order.as_ptr()) });
    let transposed = Rewriter::build(location, "tt.trans", &[factored.result(0)], &[plan.transposed], &[("order", order.0)], 0);
    insert_after(factored, transposed)?;
    let view = Rewriter::build(location, "tt.reshape", &[transposed.result(0)], &[plan.view], &[("efficient_layout", unit_attr(reduce).0)], 0);
    insert_after(transposed, view)?;
    let local = convert(view.result(0), plan.local, location);
    insert_after(view, local)?;
    let local_reduce = Op(unsafe { mlirOperationClone(reduce.0) });
    local_reduce.set_operand(0, local.result(0));
    local_reduce.set_attr("axis", Attr::integer(Ty::int(reduce.context(), 32), rank as i64));
    local_reduce.result(0).set_type(plan.partial);
    insert_after(local, local_reduce)?;
    let local_update = clone_update(update, partial_arg, local_reduce.result(0), plan.partial);
    insert_after(local_reduce, local_update)?;
    let yield_op = tritium_dialects::ir::block_terminator(body)?;
    let mut yielded = yield_op.operands();
    *yielded.get_mut(slot)? = *args.get(1 + slot)?;
    yielded.push(local_update.result(0));
    yield_op.set_operands(&yielded);

    // After the loop: the cross-thread reduction, back in the accumulator's
    // layout, merged with the initial value.
    let result = new_for.result(slot);
    let final_reduce = Op(unsafe { mlirOperationClone(reduce.0) });
    final_reduce.set_operand(0, *new_for.results().last()?);
    final_reduce.result(0).set_type(plan.reduced_partial);
    insert_after(new_for, final_reduce)?;
    let back = convert(final_reduce.result(0), result.ty(), location);
    insert_after(final_reduce, back)?;
    let merged = clone_update(update, init, back.result(0), result.ty());
    insert_after(back, merged)?;
    unsafe { mlirValueReplaceAllUsesOfWith(result.0, merged.result(0).0) };
    Some(())
}
