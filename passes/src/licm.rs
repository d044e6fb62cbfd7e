//! `triton-licm`: loop-invariant code motion with hoisting of read-only loads.
//!
//! The algorithm is MLIR's `moveLoopInvariantCode`, applied to every loop of
//! the module innermost first (post-order), so that what leaves an inner loop
//! can leave the enclosing one as well:
//!
//! * the worklist starts with every op of the loop's regions, in order;
//! * an op (still directly in that region, and not its terminator) is moved
//!   just before the loop when every value it uses, itself or in its nested
//!   regions, is defined outside the loop (values defined inside the op's
//!   own regions do not count), and when it may move: it is speculatable and
//!   free of memory effects;
//! * once an op moved, its users still directly in the region are queued.
//!
//! Triton's addition is `tt.load`: a load may move when it only reads memory
//! and the whole loop only reads memory (no op in it writes, allocates, frees
//! or has unknown effects). Hoisting a load out of an `scf.for` guards it with
//! "the loop runs at least once": `arith.cmpi slt, lb, ub` is built before
//! the loop (one per hoisted load), splatted to the mask shape when the
//! pointer is a tensor, and-ed with the load's mask when it has one
//! (`arith.andi splat, mask`), and becomes the load's mask. A load of any
//! other loop (`scf.while`, ...) qualifies but stays in place, as in Triton.
//!
//! Loops are the ops implementing `LoopLikeOpInterface` that appear in Triton
//! IR: `scf.for`, `scf.while`, `scf.parallel` and `scf.forall` (the C API
//! cannot query the interface itself).
use mlir_sys::*;
use tritium_dialects::ir::{block_ops, block_terminator, region_blocks, string_ref, Op, Ty, Val};
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services;

pub struct Licm;

impl Pass for Licm {
    fn argument(&self) -> &'static str {
        "triton-licm"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let mut loops = Vec::new();
        collect_loops_post_order(op, &mut loops);
        for lp in loops {
            hoist_loop_invariants(lp);
        }
        Ok(())
    }
}

/// The regions of `op` that form a loop body, or `None` if `op` is no loop.
fn loop_regions(op: Op) -> Option<Vec<MlirRegion>> {
    match op.name() {
        "scf.for" | "scf.parallel" | "scf.forall" => Some(vec![op.region(0)]),
        "scf.while" => Some(vec![op.region(0), op.region(1)]),
        _ => None,
    }
}

/// Every loop nested in `op` (not `op` itself), inner loops before outer.
fn collect_loops_post_order(op: Op, loops: &mut Vec<Op>) {
    for index in 0..op.num_regions() {
        for block in region_blocks(op.region(index)) {
            for child in block_ops(block) {
                collect_loops_post_order(child, loops);
                if loop_regions(child).is_some() {
                    loops.push(child);
                }
            }
        }
    }
}

/// The op whose region holds `value`'s definition (the parent op of its
/// defining op, or the owner of its block).
fn region_owner(value: Val) -> Option<Op> {
    if let Some(def) = value.defining_op() {
        return def.parent();
    }
    let block = value.owner_block()?;
    let owner = unsafe { mlirBlockGetParentOperation(block) };
    (!owner.ptr.is_null()).then_some(Op(owner))
}

/// Whether `value` is defined outside `lp` (MLIR's `isDefinedOutsideOfLoop`).
fn defined_outside(value: Val, lp: Op) -> bool {
    region_owner(value).is_some_and(|owner| !owner.is_within(lp))
}

/// The region directly containing `op`.
fn parent_region(op: Op) -> Option<MlirRegion> {
    let block = op.block()?;
    let region = unsafe { mlirBlockGetParentRegion(block) };
    (!region.ptr.is_null()).then_some(region)
}

/// Whether every value `op` (or an op nested in it) uses, apart from values
/// defined inside `op`, is defined outside `lp`; terminators never move.
fn can_be_hoisted(op: Op, lp: Op) -> bool {
    if op.block().and_then(block_terminator).is_some_and(|t| t.same(op)) {
        return false;
    }
    std::iter::once(op).chain(op.nested_ops()).all(|child| {
        child.operands().into_iter().all(|value| {
            region_owner(value).is_some_and(|owner| owner.is_within(op)) || defined_outside(value, lp)
        })
    })
}

/// Ops with regions whose memory effects are those of their nested ops
/// (`RecursiveMemoryEffects`), among the ops of Triton IR.
fn has_recursive_effects(op: Op) -> bool {
    matches!(
        op.name(),
        "scf.for" | "scf.while" | "scf.if" | "scf.execute_region" | "scf.parallel" | "scf.forall" | "scf.index_switch"
            | "tt.reduce" | "tt.scan" | "tt.map_elementwise"
    )
}

/// Whether the effects of `op` and everything nested in it are known and are
/// all reads (Triton's `isMemoryEffectFreeOrOnlyRead`).
fn only_reads(op: Op) -> bool {
    if services::is_memory_effect_free(op) || services::only_reads_memory(op) {
        return true;
    }
    op.num_regions() > 0
        && has_recursive_effects(op)
        && (0..op.num_regions())
            .flat_map(|i| region_blocks(op.region(i)))
            .flat_map(block_ops)
            .all(only_reads)
}

/// MLIR's `moveLoopInvariantCode` on one loop, with Triton's load rule.
fn hoist_loop_invariants(lp: Op) {
    let Some(regions) = loop_regions(lp) else { return };
    // Whether the loop only reads memory, computed on the first load asked.
    let mut loop_only_reads: Option<bool> = None;
    for region in regions {
        let mut worklist: std::collections::VecDeque<Op> =
            region_blocks(region).into_iter().flat_map(block_ops).collect();
        while let Some(op) = worklist.pop_front() {
            if !parent_region(op).is_some_and(|r| unsafe { mlirRegionEqual(r, region) }) {
                continue; // already moved
            }
            let may_move = if op.name() == "tt.load" {
                only_reads(op) && *loop_only_reads.get_or_insert_with(|| only_reads(lp))
            } else {
                services::is_speculatable(op) && services::is_memory_effect_free(op)
            };
            if !may_move || !can_be_hoisted(op, lp) {
                continue;
            }
            if op.name() == "tt.load" {
                if lp.name() != "scf.for" {
                    continue; // Triton leaves loads of other loops in place
                }
                guard_load_with_trip_check(op, lp);
            }
            unsafe { mlirOperationMoveBefore(op.0, lp.0) };
            for result in op.results() {
                for user in result.users() {
                    if parent_region(user).is_some_and(|r| unsafe { mlirRegionEqual(r, region) }) {
                        worklist.push_back(user);
                    }
                }
            }
        }
    }
}

/// Inserts `op` (detached) just before `anchor`.
fn insert_before(op: Op, anchor: Op) -> Op {
    if let Some(block) = anchor.block() {
        unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) };
    }
    op
}

/// Makes the mask of `load` (about to leave the `scf.for` `lp`) true only
/// when the loop runs at least once: `splat(lb < ub) & mask`.
fn guard_load_with_trip_check(load: Op, lp: Op) {
    let context = lp.context();
    let location = lp.location();
    let (lb, ub) = (lp.operand(0), lp.operand(1));
    let i1 = Ty::i1(context);
    let slt = unsafe { mlirIntegerAttrGet(mlirIntegerTypeGet(context, 64), 2) };
    let cmp = insert_before(Rewriter::build(location, "arith.cmpi", &[lb, ub], &[i1], &[("predicate", slt)], 0), lp);
    let mut mask = cmp.result(0);
    let ptr_ty = load.operand(0).ty();
    if ptr_ty.is_tensor() {
        let mask_ty = Ty::tensor(&ptr_ty.shape_or_scalar(), i1, ptr_ty.encoding());
        mask = insert_before(Rewriter::build(location, "tt.splat", &[mask], &[mask_ty], &[], 0), lp).result(0);
    }
    let has_mask = load.segment_size(1) > 0 && load.num_operands() > 1;
    if has_mask {
        let current = load.operand(1);
        let and = Rewriter::build(location, "arith.andi", &[mask, current], &[current.ty()], &[], 0);
        mask = insert_before(and, lp).result(0);
        load.set_operand(1, mask);
    } else {
        load.set_operands(&[load.operand(0), mask]);
        let sizes = [1i32, 1, 0];
        let attr = unsafe { mlirDenseI32ArrayGet(context, sizes.len() as isize, sizes.as_ptr()) };
        unsafe { mlirOperationSetAttributeByName(load.0, string_ref("operandSegmentSizes"), attr) };
    }
}
