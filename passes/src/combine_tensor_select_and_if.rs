//! `tritongpu-combine-tensor-select-and-if`: folds an `arith.select` into the
//! `scf.if` of the same block that branches on the same condition, as a new
//! result of the `if` (the true value yielded by the then-branch, the false
//! value by the else-branch).
//!
//! Algorithm (Triton's `CombineTensorSelectAndIf`):
//! 0. a user of any `arith.select` nested in an `scf.if` on the select's
//!    condition reads the select's true value in the then-branch and its
//!    false value in the else-branch;
//! 1. for each `arith.select` of a tensor (scalar selects are left alone, as
//!    in Triton 3.9; in walk order), the first user of its
//!    condition (in block order) that is an `scf.if` in the select's block,
//!    placed after the select and before every user of the select, takes it;
//! 2. each `scf.if` that took selects is rebuilt with one more result per
//!    select (an else-branch is created when missing), its regions moved
//!    over, its yields extended, and the old results and the selects
//!    replaced by the new results.
use mlir_sys::*;
use std::collections::HashMap;
use tritium_dialects::ir::{block_ops, block_terminator, Op, Ty, Val};
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;

/// The pass.
pub struct CombineTensorSelectAndIf;

impl Pass for CombineTensorSelectAndIf {
    fn argument(&self) -> &'static str {
        "tritongpu-combine-tensor-select-and-if"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        select_users_in_if(op);
        let mut groups: Vec<(Op, Vec<Op>)> = Vec::new();
        let tensor_selects = op.nested_ops().into_iter().filter(|o| o.name() == "arith.select" && o.result(0).ty().is_tensor());
        // Each block's op positions, computed once per block that has a
        // candidate (a select whose condition an scf.if uses): looking
        // them up per select made the pass quadratic in a block's size.
        let mut positions: HashMap<usize, HashMap<usize, usize>> = HashMap::new();
        for select in tensor_selects {
            let Some(block) = select.block() else { continue };
            let cond = select.operand(0);
            let mut users: Vec<Op> = cond.users().into_iter().filter(|u| u.name() == "scf.if").collect();
            if users.is_empty() {
                continue;
            }
            let ops = positions.entry(block.ptr as usize).or_insert_with(|| {
                block_ops(block).into_iter().enumerate().map(|(i, o)| (o.0.ptr as usize, i)).collect()
            });
            let pos = |o: Op| ops.get(&(o.0.ptr as usize)).copied();
            users.retain(|u| pos(*u).is_some());
            users.sort_by_key(|u| pos(*u));
            users.dedup_by(|a, b| a.same(*b));
            let Some(select_pos) = pos(select) else { continue };
            for if_op in users {
                let Some(if_pos) = pos(if_op) else { continue };
                let dominates_users = select.result(0).users().iter().all(|u| {
                    let mut cur = Some(*u);
                    while let Some(c) = cur {
                        if let Some(p) = pos(c) {
                            return p > if_pos;
                        }
                        cur = c.parent();
                    }
                    false
                });
                if select_pos < if_pos && dominates_users {
                    match groups.iter_mut().find(|(i, _)| i.same(if_op)) {
                        Some((_, v)) => v.push(select),
                        None => groups.push((if_op, vec![select])),
                    }
                    break;
                }
            }
        }
        for (if_op, selects) in groups {
            merge(if_op, &selects);
        }
        Ok(())
    }
}

/// Step 0 (Triton's `canonicalizeSelectUsersInSCFIf`): the users are found
/// for every select first, then rewired, in the order found.
fn select_users_in_if(op: Op) {
    // (select result, replacement, users), one entry per pair.
    let mut rewires: Vec<(Val, Val, Vec<Op>)> = Vec::new();
    for select in op.nested_ops().into_iter().filter(|o| o.name() == "arith.select") {
        let (result, cond) = (select.result(0), select.operand(0));
        for if_op in cond.users().into_iter().filter(|u| u.name() == "scf.if") {
            let then_region = if_op.region(0);
            for user in result.users() {
                // The ancestor of `user` directly inside `if_op`, if any.
                let mut child = user;
                let inside = loop {
                    match child.parent() {
                        Some(p) if p.same(if_op) => break true,
                        Some(p) => child = p,
                        None => break false,
                    }
                };
                if !inside {
                    continue;
                }
                let in_then = child
                    .block()
                    .is_some_and(|b| unsafe { mlirBlockGetParentRegion(b) }.ptr == then_region.ptr);
                let value = select.operand(if in_then { 1 } else { 2 });
                match rewires.iter_mut().find(|(r, v, _)| r.same(result) && v.same(value)) {
                    Some((_, _, users)) => users.push(user),
                    None => rewires.push((result, value, vec![user])),
                }
            }
        }
    }
    for (result, value, users) in rewires {
        for user in users {
            for (i, operand) in user.operands().into_iter().enumerate() {
                if operand.same(result) {
                    user.set_operand(i, value);
                }
            }
        }
    }
}

/// Rebuilds `if_op` with one more result per select (step 2).
fn merge(if_op: Op, selects: &[Op]) {
    let location = if_op.location();
    let mut types: Vec<Ty> = if_op.results().iter().map(|r| r.ty()).collect();
    types.extend(selects.iter().map(|s| s.result(0).ty()));
    let new_if = Rewriter::build(location, "scf.if", &[if_op.operand(0)], &types, &[], 2);
    let Some(block) = if_op.block() else { return };
    unsafe {
        mlirBlockInsertOwnedOperationBefore(block, if_op.0, new_if.0);
        mlirRegionTakeBody(new_if.region(0), if_op.region(0));
        if if_op.entry_block(1).is_some() {
            mlirRegionTakeBody(new_if.region(1), if_op.region(1));
        } else {
            let empty = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            mlirRegionAppendOwnedBlock(new_if.region(1), empty);
            let y = Rewriter::build(location, "scf.yield", &[], &[], &[], 0);
            mlirBlockAppendOwnedOperation(empty, y.0);
        }
    }
    for (region, pick) in [(0usize, 1usize), (1, 2)] {
        let Some(body) = new_if.entry_block(region) else { continue };
        let Some(yield_op) = block_terminator(body) else { continue };
        let mut operands: Vec<Val> = yield_op.operands();
        operands.extend(selects.iter().map(|s| s.operand(pick)));
        yield_op.set_operands(&operands);
    }
    let old = if_op.num_results();
    for i in 0..old {
        unsafe { mlirValueReplaceAllUsesOfWith(if_op.result(i).0, new_if.result(i).0) };
    }
    for (k, s) in selects.iter().enumerate() {
        unsafe {
            mlirValueReplaceAllUsesOfWith(s.result(0).0, new_if.result(old + k).0);
            mlirOperationDestroy(s.0);
        }
    }
    unsafe { mlirOperationDestroy(if_op.0) };
}
