//! `triton-loop-unroll`: unrolls every `scf.for` annotated with
//! `tt.loop_unroll_factor = N` (N > 1).
//!
//! The loops are collected in post-order (inner loops first), the attribute is
//! dropped, and each loop is unrolled the way MLIR's `loopUnrollByFactor`
//! (SCF utils) does it, so that the output is the one Triton prints:
//!
//! 1. **Bounds.** With constant `lb`, `ub` and `step` the trip count `T` is
//!    computed here; the unrolled upper bound `lb + (T - T % N) * step` becomes
//!    a new `arith.constant` when it is below `ub` (an epilogue is needed), and
//!    the unrolled step `step * N` a new constant when it differs from `step`
//!    (and the main loop runs at all). Otherwise the bounds are computed in IR,
//!    just before the loop:
//!    `diff = ub - lb`, `T = (diff + (step - 1)) /u step`,
//!    `ubU = lb + (T - T %s N) * step`, `stepU = step * N`.
//!    **Unlike Triton 3.9**, `T` is guarded: `T = 0` when `ub <= lb` (`ule`
//!    for an `unsignedCmp` loop) or `step <= 0` (`== 0` unsigned), dividing
//!    by 1 then, and `T %u N` replaces `T %s N`. Triton (MLIR's
//!    `loopUnrollByFactor`) takes the negative `diff` of an empty range as a
//!    huge unsigned count, and `lb + (T - T % N) * step` wraps to a bound
//!    below `ub`, so the epilogue ran iterations of a loop that runs none
//!    (lb = 10, ub = 0, step = 2, N = 4: three). The option
//!    `guard-runtime-bounds=false` emits Triton's form, for byte comparisons
//!    with Triton's output only (`tests/corpus`).
//! 2. **Epilogue.** When needed, the (still original) loop is cloned right
//!    after itself; the clone starts at `ubU`, takes the main loop's results as
//!    its initial values and replaces the main loop's results for every other
//!    user. It gets `tt.num_stages = 1` (Triton does not pipeline it) unless it
//!    runs exactly once, in which case its body is inlined instead.
//! 3. **Body.** The main loop gets `ubU` and `stepU`; its body (minus the
//!    yield) is cloned `N - 1` times before the yield, copy `i` seeing the
//!    values yielded by copy `i - 1` for the iteration arguments and
//!    `iv + step * i` for the induction variable (materialised only when the
//!    induction variable is used). The yield then returns the last copy's
//!    values. A main loop left with a single iteration is inlined.
//!
//! With constant bounds every quantity (trip count, `ubU`, `stepU`) is
//! computed in `i128` and must fit the induction variable's type: a `stepU`
//! that does not fit is only acceptable when the main loop runs once (it is
//! then inlined, so its step is never used); otherwise the loop gets a
//! diagnostic (MLIR's `loopUnrollByFactor` wraps it around, a miscompile). A
//! factor larger than the trip count leaves the main loop empty, so its body
//! is not copied at all; a factor that would add more than
//! [`MAX_UNROLLED_OPS`] ops gets a diagnostic instead of an attempt to build
//! billions of ops.
//!
//! Loops whose body is only a yield are left alone; loops that cannot be
//! unrolled (64-bit unsigned constant bounds, non-positive constant step, an
//! unrolled step that overflows, too many ops) get a diagnostic and fail the
//! pass.
use std::collections::HashMap;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;

pub struct LoopUnroll;

const UNROLL_FACTOR: &str = "tt.loop_unroll_factor";
const NUM_STAGES: &str = "tt.num_stages";
/// The most ops unrolling one loop may add (`(factor - 1)` copies of its body).
pub const MAX_UNROLLED_OPS: u64 = 1 << 18;

impl Pass for LoopUnroll {
    fn argument(&self) -> &'static str {
        "triton-loop-unroll"
    }
    fn run(&self, op: Op, options: &PassOptions) -> Result<(), ()> {
        let guard = options.bool("guard-runtime-bounds", true);
        // `nested_ops` is pre-order; unroll inner loops first (post-order)
        // like `Operation::walk`, so reverse the list of loops of each nest.
        let mut loops: Vec<(Op, u64)> = Vec::new();
        collect_post_order(op, &mut loops);
        let mut ok = true;
        for (for_op, factor) in loops {
            for_op.remove_attr(UNROLL_FACTOR);
            if unroll_by_factor(for_op, factor, guard).is_err() {
                ok = false;
            }
        }
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }
}

/// Appends the annotated `scf.for` ops nested in `op`, in post-order.
fn collect_post_order(op: Op, out: &mut Vec<(Op, u64)>) {
    for r in 0..op.num_regions() {
        for block in tritium_dialects::ir::region_blocks(op.region(r)) {
            for child in block_ops(block) {
                collect_post_order(child, out);
            }
        }
    }
    if op.name() == "scf.for" {
        if let Some(factor) = op.attr(UNROLL_FACTOR).and_then(|a| a.int()) {
            if factor > 1 {
                out.push((op, factor as u64));
            }
        }
    }
}

/// The value of an `arith.constant` integer (zero-extended when `unsigned`).
fn constant_int(v: Val, unsigned: bool) -> Option<i64> {
    let def = v.defining_op()?;
    if def.name() != "arith.constant" {
        return None;
    }
    let attr = def.attr("value")?;
    unsafe {
        // Wider than 64 bits (an `i128` loop): not read as a constant, so the
        // bounds are computed in IR.
        if !mlirAttributeIsAInteger(attr.0) || iv_width(v.ty()) > 64 {
            return None;
        }
        Some(if unsigned { mlirIntegerAttrGetValueUInt(attr.0) as i64 } else { mlirIntegerAttrGetValueInt(attr.0) })
    }
}

/// The bit width of an induction variable of type `ty` (`index` as 64).
fn iv_width(ty: Ty) -> u32 {
    if unsafe { mlirTypeIsAIndex(ty.0) } {
        64
    } else {
        ty.bit_width()
    }
}

/// Whether `value` is a value of the `width`-bit induction variable type
/// (read as unsigned when `unsigned`).
fn fits(value: i128, width: u32, unsigned: bool) -> bool {
    let width = width.clamp(1, 64);
    if unsigned {
        (0..=(1i128 << width) - 1).contains(&value)
    } else {
        (-(1i128 << (width - 1))..=(1i128 << (width - 1)) - 1).contains(&value)
    }
}

/// The number of ops in `block` except its terminator, nested ones included.
fn body_op_count(block: MlirBlock) -> u64 {
    let mut ops = block_ops(block);
    ops.pop();
    ops.iter().map(|op| 1 + op.nested_ops().len() as u64).sum()
}

/// The constant trip count of a loop (`None` when unknown or when the step is
/// not positive).
fn static_trip_count(for_op: Op) -> Option<u64> {
    let (lb, ub, step) = (for_op.operand(0), for_op.operand(1), for_op.operand(2));
    let unsigned = for_op.attr("unsignedCmp").is_some();
    if lb.same(ub) {
        return Some(0);
    }
    let (l, u, s) = (constant_int(lb, unsigned)?, constant_int(ub, unsigned)?, constant_int(step, unsigned)?);
    if unsigned {
        let (l, u, s) = (l as u64, u as u64, s as u64);
        if s == 0 {
            return None;
        }
        Some(if u <= l { 0 } else { (u - l).div_ceil(s) })
    } else {
        if s <= 0 {
            return None;
        }
        Some(if u <= l { 0 } else { ((u as i128 - l as i128 + s as i128 - 1) / s as i128) as u64 })
    }
}

/// Builds op `name` at `loc` and inserts it before `anchor`; returns result 0.
fn create_before(anchor: Op, name: &str, operands: &[Val], ty: Ty, attrs: &[(&str, MlirAttribute)]) -> Val {
    let op = Rewriter::build(anchor.location(), name, operands, &[ty], attrs, 0);
    unsafe {
        if let Some(block) = anchor.block() {
            mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0);
        }
    }
    op.result(0)
}

fn constant_before(anchor: Op, ty: Ty, value: i64) -> Val {
    create_before(anchor, "arith.constant", &[], ty, &[("value", Attr::integer(ty, value).0)])
}

fn binary_before(anchor: Op, name: &str, lhs: Val, rhs: Val) -> Val {
    create_before(anchor, name, &[lhs, rhs], lhs.ty(), &[])
}

fn cmpi_before(anchor: Op, predicate: i64, lhs: Val, rhs: Val) -> Val {
    let context = anchor.context();
    let attr = unsafe { mlirIntegerAttrGet(mlirIntegerTypeGet(context, 64), predicate) };
    create_before(anchor, "arith.cmpi", &[lhs, rhs], Ty::i1(context), &[("predicate", attr)])
}

/// `arith.cmpi` predicates.
const SLE: i64 = 3;
const EQ: i64 = 0;
const ULE: i64 = 7;

/// Unrolls `for_op` by `factor` (see the module documentation); `guard`:
/// runtime bounds get the guarded trip count.
fn unroll_by_factor(for_op: Op, factor: u64, guard: bool) -> Result<(), ()> {
    let Some(body) = for_op.entry_block(0) else { return Ok(()) };
    if block_ops(body).len() <= 1 {
        return Ok(());
    }
    let (lb, ub, step) = (for_op.operand(0), for_op.operand(1), for_op.operand(2));
    let ty = ub.ty();
    let unsigned = for_op.attr("unsignedCmp").is_some();
    let constants = (constant_int(lb, unsigned), constant_int(ub, unsigned), constant_int(step, unsigned));
    let width = iv_width(ty);
    let too_many_ops = |for_op: Op| {
        // The induction variable of each copy costs up to 3 ops.
        let added = (factor - 1).saturating_mul(body_op_count(body) + 3);
        if added > MAX_UNROLLED_OPS {
            emit_error(
                for_op,
                &format!("cannot unroll by tt.loop_unroll_factor = {factor}: it would add {added} ops (at most {MAX_UNROLLED_OPS})"),
            );
            return true;
        }
        false
    };

    // Whether the main loop is known to run exactly once, with a step that
    // is not used (it is inlined after the body is copied).
    let mut runs_once = false;
    let (upper_unrolled, step_unrolled, epilogue, copies) = match (constants, static_trip_count(for_op)) {
        ((Some(lb_c), Some(ub_c), Some(step_c)), Some(trip)) => {
            if unsigned && width >= 64 {
                emit_error(for_op, "cannot unroll a loop with 64-bit unsigned constant bounds");
                return Err(());
            }
            // Everything in i128: no product or sum below can overflow.
            let wide = |c: i64| if unsigned { i128::from(c as u64) } else { i128::from(c) };
            let (lb_w, ub_w, step_w) = (wide(lb_c), wide(ub_c), wide(step_c));
            let (trip, factor_w) = (i128::from(trip), i128::from(factor));
            let even = trip - trip % factor_w;
            let main_trips = even / factor_w;
            if main_trips > 0 && too_many_ops(for_op) {
                return Err(());
            }
            let upper_w = lb_w + even * step_w;
            let step_unrolled_w = step_w * factor_w;
            // lb <= upper_w < ub: the new bound fits the type.
            let epilogue = upper_w < ub_w;
            let upper = if epilogue { constant_before(for_op, ty, upper_w as i64) } else { ub };
            let step_unrolled = if even == 0 || step_w == step_unrolled_w {
                step
            } else if fits(step_unrolled_w, width, unsigned) {
                constant_before(for_op, step.ty(), step_unrolled_w as i64)
            } else if main_trips == 1 {
                runs_once = true;
                step
            } else {
                emit_error(
                    for_op,
                    &format!(
                        "cannot unroll by tt.loop_unroll_factor = {factor}: the unrolled step {step_unrolled_w} does not fit in {ty}"
                    ),
                );
                return Err(());
            };
            // A factor above the trip count leaves the main loop empty: it is
            // dropped below, so its body is not copied.
            (upper, step_unrolled, epilogue, main_trips > 0)
        }
        ((Some(_), Some(_), Some(_)), None) => {
            emit_error(for_op, "cannot unroll a loop with a non-positive constant step");
            return Err(());
        }
        _ => {
            if too_many_ops(for_op) {
                return Err(());
            }
            let diff = binary_before(for_op, "arith.subi", ub, lb);
            let one = constant_before(for_op, step.ty(), 1);
            let step_minus_one = binary_before(for_op, "arith.subi", step, one);
            let sum = binary_before(for_op, "arith.addi", diff, step_minus_one);
            let trip = if guard {
                // An empty range (ub <= lb) or a step <= 0 (0 when unsigned)
                // gives a trip count of 0: the main loop runs [lb, lb) and
                // the epilogue, the original loop, runs [lb, ub) as written.
                // (Unguarded, `diff` is negative and `divui` makes it a huge
                // count whose multiple of N wraps the bound around.) The
                // divisor is 1 then, so nothing divides by zero.
                let zero = constant_before(for_op, step.ty(), 0);
                let empty = cmpi_before(for_op, if unsigned { ULE } else { SLE }, ub, lb);
                let no_step = cmpi_before(for_op, if unsigned { EQ } else { SLE }, step, zero);
                let skip = binary_before(for_op, "arith.ori", empty, no_step);
                let divisor = create_before(for_op, "arith.select", &[no_step, one, step], step.ty(), &[]);
                let count = binary_before(for_op, "arith.divui", sum, divisor);
                create_before(for_op, "arith.select", &[skip, zero, count], step.ty(), &[])
            } else {
                binary_before(for_op, "arith.divui", sum, step)
            };
            let factor_c = constant_before(for_op, trip.ty(), factor as i64);
            // The guarded count is a non-negative unsigned number (it may
            // exceed the signed maximum): its remainder is unsigned too.
            let rem = binary_before(for_op, if guard { "arith.remui" } else { "arith.remsi" }, trip, factor_c);
            let even = binary_before(for_op, "arith.subi", trip, rem);
            let span = binary_before(for_op, "arith.muli", even, step);
            let upper = binary_before(for_op, "arith.addi", lb, span);
            let step_unrolled = binary_before(for_op, "arith.muli", step, factor_c);
            (upper, step_unrolled, true, true)
        }
    };

    if epilogue {
        let clone = Op(unsafe { mlirOperationClone(for_op.0) });
        unsafe {
            if let Some(block) = for_op.block() {
                mlirBlockInsertOwnedOperationAfter(block, for_op.0, clone.0);
            }
        }
        clone.set_operand(0, upper_unrolled);
        for (i, result) in for_op.results().into_iter().enumerate() {
            unsafe { mlirValueReplaceAllUsesOfWith(result.0, clone.result(i).0) };
            clone.set_operand(3 + i, result);
        }
        if !promote_if_single_iteration(clone) {
            let i32_ty = Ty::int(clone.context(), 32);
            clone.set_attr(NUM_STAGES, Attr::integer(i32_ty, 1));
        }
    }
    for_op.set_operand(1, upper_unrolled);
    for_op.set_operand(2, step_unrolled);

    if copies {
        replicate_body(body, step, factor);
    }
    if runs_once {
        inline_single_iteration(for_op);
    } else {
        promote_if_single_iteration(for_op);
    }
    Ok(())
}

/// Appends `factor - 1` copies of the loop body `body` before its yield,
/// chaining the iteration values (MLIR's `generateUnrolledLoop`).
fn replicate_body(body: MlirBlock, step: Val, factor: u64) {
    let Some(yield_op) = block_terminator(body) else { return };
    let mut ops = block_ops(body);
    ops.pop();
    let args = block_arguments(body);
    let (iv, iter_args) = (args[0], &args[1..]);
    let yielded = yield_op.operands();
    let mut last: Vec<Val> = yielded.clone();
    let key = |v: Val| v.0.ptr as usize;
    for i in 1..factor {
        let mut map: HashMap<usize, Val> = HashMap::new();
        for (arg, value) in iter_args.iter().zip(&last) {
            map.insert(key(*arg), *value);
        }
        if unsafe { !mlirOpOperandIsNull(mlirValueGetFirstUse(iv.0)) } {
            let c = constant_before(yield_op, iv.ty(), i as i64);
            let stride = create_before(yield_op, "arith.muli", &[step, c], step.ty(), &[]);
            let iv_i = create_before(yield_op, "arith.addi", &[iv, stride], iv.ty(), &[]);
            map.insert(key(iv), iv_i);
        }
        for op in &ops {
            let clone = Op(unsafe { mlirOperationClone(op.0) });
            unsafe { mlirBlockInsertOwnedOperationBefore(body, yield_op.0, clone.0) };
            let mut targets = vec![clone];
            targets.extend(clone.nested_ops());
            for target in targets {
                for (k, operand) in target.operands().into_iter().enumerate() {
                    if let Some(new) = map.get(&key(operand)) {
                        target.set_operand(k, *new);
                    }
                }
            }
            for (old, new) in op.results().into_iter().zip(clone.results()) {
                map.insert(key(old), new);
            }
        }
        for (slot, value) in last.iter_mut().zip(&yielded) {
            *slot = map.get(&key(*value)).copied().unwrap_or(*value);
        }
    }
    yield_op.set_operands(&last);
}

/// Inlines the body of `for_op` in its place when it runs exactly once, and
/// drops it when it never runs (what MLIR does to the zero-trip main loop);
/// returns whether the loop is gone.
fn promote_if_single_iteration(for_op: Op) -> bool {
    match static_trip_count(for_op) {
        Some(0) => {
            // A loop that never runs forwards its initial values.
            let operands = for_op.operands();
            unsafe {
                for (result, init) in for_op.results().into_iter().zip(&operands[3..]) {
                    mlirValueReplaceAllUsesOfWith(result.0, init.0);
                }
                mlirOperationDestroy(for_op.0);
            }
            return true;
        }
        Some(1) => inline_single_iteration(for_op),
        _ => false,
    }
}

/// Inlines the body of `for_op`, which runs exactly once, in its place;
/// returns whether it did.
fn inline_single_iteration(for_op: Op) -> bool {
    let Some(body) = for_op.entry_block(0) else { return false };
    let Some(yield_op) = block_terminator(body) else { return false };
    let args = block_arguments(body);
    let operands = for_op.operands();
    // Block arguments: the induction variable takes the lower bound, the
    // iteration arguments take the initial values.
    unsafe {
        mlirValueReplaceAllUsesOfWith(args[0].0, operands[0].0);
        for (arg, init) in args[1..].iter().zip(&operands[3..]) {
            mlirValueReplaceAllUsesOfWith(arg.0, init.0);
        }
        for op in block_ops(body) {
            if op.same(yield_op) {
                break;
            }
            mlirOperationMoveBefore(op.0, for_op.0);
        }
        for (result, value) in for_op.results().into_iter().zip(yield_op.operands()) {
            mlirValueReplaceAllUsesOfWith(result.0, value.0);
        }
        mlirOperationDestroy(for_op.0);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::fits;

    #[test]
    fn fits_checks_the_induction_variable_range() {
        // The issue-15 step: 4 * 536870912 = 2^31 is not an i32, but is a u32.
        assert!(!fits(4 * 536_870_912, 32, false));
        assert!(fits(4 * 536_870_912, 32, true));
        assert!(fits(i128::from(i32::MIN), 32, false) && fits(i128::from(i32::MAX), 32, false));
        assert!(!fits(-1, 32, true) && !fits(1 << 32, 32, true));
        assert!(fits(i128::from(i64::MAX), 64, false) && !fits(i128::from(i64::MAX) + 1, 64, false));
    }
}
