//! `tritongpu-reorder-instructions`: moves layout conversions, shared-memory
//! allocations, transpositions and dot-operand loads to where they cost the
//! fewest live registers.
//!
//! Algorithm (Triton's `TritonGPUReorderInstructions`), each step a walk of
//! the module:
//! 1. a `ttg.convert_layout` sinks below the last `ttg.local_dealloc` that
//!    precedes its first use in its block;
//! 2. a `ttg.local_load`, or a conversion to a dot operand, with a single
//!    use in another `scf.for` than its own moves just before that use;
//! 3. a `ttg.local_alloc` of a tensor moves just after the op defining the
//!    tensor (unless that is a constant or a splat);
//! 4. a transposition (`tt.trans`, `ttg.memdesc_trans`) moves just after
//!    the op defining its source;
//! 5. a `ttg.local_load` of dot operand B used only by a `tt.dot` whose
//!    operand A is a `ttg.local_load` placed after it moves just after the
//!    load of A, unless an op in between may write memory.
use crate::analysis::tensor_encoding;
use mlir_sys::*;
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::services;
use tritium_dialects::ttg::encoding::Encoding;

/// The pass.
pub struct ReorderInstructions;

impl Pass for ReorderInstructions {
    fn argument(&self) -> &'static str {
        "tritongpu-reorder-instructions"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let ops_named = |name: &str| module.nested_ops().into_iter().filter(|o| o.name() == name).collect::<Vec<_>>();
        // Step 1 (nothing to sink below without a dealloc).
        if !ops_named("ttg.local_dealloc").is_empty() {
            for cvt in ops_named("ttg.convert_layout") {
                sink_below_deallocs(cvt);
            }
        }
        // Step 2.
        let mut moves = Vec::new();
        for op in module.nested_ops() {
            if !increases_register_pressure(op) || op.num_results() != 1 {
                continue;
            }
            let users = op.result(0).users();
            if users.len() != 1 {
                continue;
            }
            let user = users[0];
            if !same_op(enclosing_for(user), enclosing_for(op)) {
                moves.push((op, user));
            }
        }
        for (op, user) in moves {
            move_before(op, user);
        }
        // Step 3.
        for alloc in ops_named("ttg.local_alloc") {
            if alloc.num_operands() == 0 {
                continue;
            }
            let Some(def) = alloc.operand(0).defining_op() else { continue };
            if matches!(def.name(), "arith.constant" | "tt.splat") {
                continue;
            }
            move_after(alloc, def);
        }
        // Step 4.
        for trans in module.nested_ops().into_iter().filter(|o| matches!(o.name(), "tt.trans" | "ttg.memdesc_trans")) {
            if let Some(def) = trans.operand(0).defining_op() {
                move_after(trans, def);
            }
        }
        // Step 5.
        for load in ops_named("ttg.local_load") {
            let Some(Encoding::DotOperand { op_idx: 1, .. }) = tensor_encoding(load.result(0).ty()) else { continue };
            let users = load.result(0).users();
            if users.len() != 1 || users[0].name() != "tt.dot" {
                continue;
            }
            let Some(a_load) = users[0].operand(0).defining_op().filter(|o| o.name() == "ttg.local_load") else {
                continue;
            };
            if !dominates(load, a_load) || crosses_write(load, a_load) {
                continue;
            }
            move_after(load, a_load);
        }
        Ok(())
    }
}

fn increases_register_pressure(op: Op) -> bool {
    match op.name() {
        "ttg.local_load" => true,
        "ttg.convert_layout" => matches!(tensor_encoding(op.result(0).ty()), Some(Encoding::DotOperand { .. })),
        _ => false,
    }
}

fn same_op(a: Option<Op>, b: Option<Op>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => x.same(y),
        (None, None) => true,
        _ => false,
    }
}

/// The closest `scf.for` strictly enclosing `op`.
fn enclosing_for(op: Op) -> Option<Op> {
    let mut current = op.parent();
    while let Some(p) = current {
        if p.name() == "scf.for" {
            return Some(p);
        }
        current = p.parent();
    }
    None
}

fn move_after(op: Op, anchor: Op) {
    if !op.same(anchor) && anchor.block().is_some() {
        unsafe { mlirOperationMoveAfter(op.0, anchor.0) }
    }
}

fn move_before(op: Op, anchor: Op) {
    if !op.same(anchor) && anchor.block().is_some() {
        unsafe { mlirOperationMoveBefore(op.0, anchor.0) }
    }
}

/// The op of `block` that is `op` or contains it.
fn ancestor_in_block(block: MlirBlock, op: Op) -> Option<Op> {
    let mut current = Some(op);
    while let Some(o) = current {
        if o.block().is_some_and(|b| unsafe { mlirBlockEqual(b, block) }) {
            return Some(o);
        }
        current = o.parent();
    }
    None
}

/// Step 1: moves `cvt` after the last dealloc before its first use.
///
/// Walks forward from `cvt` to the first op of its block that is or holds a
/// user (the end of the block without one): the distance to the first use,
/// not the size of the block, for each conversion.
fn sink_below_deallocs(cvt: Op) {
    let Some(block) = cvt.block() else { return };
    let holders: Vec<Op> = cvt.result(0).users().into_iter().filter_map(|u| ancestor_in_block(block, u)).collect();
    // A use at or above the conversion leaves nothing to sink below.
    if holders.iter().any(|h| h.same(cvt) || unsafe { mlirOperationIsBeforeInBlock(h.0, cvt.0) }) {
        return;
    }
    let holders: std::collections::HashSet<usize> = holders.iter().map(|h| h.0.ptr as usize).collect();
    let mut last_dealloc = None;
    let mut next = cvt.next();
    while let Some(op) = next {
        if holders.contains(&(op.0.ptr as usize)) {
            break;
        }
        if op.name() == "ttg.local_dealloc" {
            last_dealloc = Some(op);
        }
        next = op.next();
    }
    if let Some(dealloc) = last_dealloc {
        move_after(cvt, dealloc);
    }
}

/// Whether `a` dominates `b` (same block, or `b` nested below an op of
/// `a`'s block that follows `a`).
fn dominates(a: Op, b: Op) -> bool {
    let Some(block) = a.block() else { return false };
    let Some(anc) = ancestor_in_block(block, b) else { return false };
    anc.same(a) || unsafe { mlirOperationIsBeforeInBlock(a.0, anc.0) }
}

/// Whether an op may write memory (Triton's `hasWriteSideEffect`: any
/// effect other than read, allocate and free, with Triton's effects of each
/// op; unknown effects are not counted).
fn has_write_effect(op: Op) -> bool {
    if services::is_memory_effect_free(op) || services::only_reads_memory(op) {
        return false;
    }
    match op.name() {
        "ttg.local_dealloc" | "tt.call" | "func.call" => false,
        // Triton gives an immutable buffer no effects until allocation
        // has placed it (`allocation.offset`); one written from a tensor
        // otherwise writes.
        "ttg.local_alloc" => {
            let mutable = tritium_dialects::ttg::bridge::memdesc_of(op.result(0).ty()).is_some_and(|m| m.mutable);
            op.num_operands() > 0 && (mutable || op.attr("allocation.offset").is_some())
        }
        _ => true,
    }
}

/// Whether an op after `start` up to the ancestor of `end` may write memory.
fn crosses_write(start: Op, end: Op) -> bool {
    let Some(block) = start.block() else { return true };
    let Some(anc) = ancestor_in_block(block, end) else { return true };
    let mut next = start.next();
    while let Some(op) = next {
        if has_write_effect(op) {
            return true;
        }
        if op.same(anc) {
            return false;
        }
        next = op.next();
    }
    true
}
