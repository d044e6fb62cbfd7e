//! `triton-test-loop-peeling` (test only): peels the last iteration of every
//! `scf.for` marked `__test_peel_epilogue` (Triton's `peelLoopEpilogue`).
//!
//! The loop's upper bound becomes `ub - step`; after it, the last induction
//! value `lb + ((ub - lb - 1) / step) * step` is computed and an `scf.if`
//! (taken when the loop runs at all, `lb < ub`) runs a copy of the body on
//! the loop's results, yielding the body's values; its else branch yields
//! the loop's results. Uses of the loop's results after it become uses of
//! the `scf.if`.
use std::collections::HashMap;

use tritium_dialects::ir::{block_arguments, block_ops, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;

use crate::pipeliner::{append_block, clone_mapped, replace_all_uses, vkey, walk_post, InsertPoint};

/// The pass.
pub struct TestLoopPeeling;

const MARK: &str = "__test_peel_epilogue";

fn binary(at: InsertPoint, loc: mlir_sys::MlirLocation, name: &str, a: Val, b: Val) -> Val {
    at.create(loc, name, &[a, b], &[a.ty()], &[]).result(0)
}

/// Peels the last iteration of `for_op` into an `scf.if` after it.
fn peel_epilogue(for_op: Op) -> Result<(), ()> {
    let Some(body) = for_op.entry_block(0) else {
        emit_error(for_op, "triton-test-loop-peeling: the loop has no body");
        return Err(());
    };
    let loc = for_op.location();
    let (lb, ub, step) = (for_op.operand(0), for_op.operand(1), for_op.operand(2));
    let ty = step.ty();
    let new_ub = binary(InsertPoint::Before(for_op), loc, "arith.subi", ub, step);
    for_op.set_operand(1, new_ub);

    let at = InsertPoint::after(for_op);
    let range = binary(at, loc, "arith.subi", ub, lb);
    let one = at.const_int(loc, ty, 1);
    let range_m1 = binary(at, loc, "arith.subi", range, one);
    let iters_m1 = binary(at, loc, "arith.divsi", range_m1, step);
    let delta = binary(at, loc, "arith.muli", iters_m1, step);
    let last_iv = binary(at, loc, "arith.addi", delta, lb);
    let ctx = ty.context();
    let slt = Attr::integer(Ty::int(ctx, 64), 2);
    let cond = at.create(loc, "arith.cmpi", &[lb, ub], &[Ty::i1(ctx)], &[("predicate", slt)]).result(0);

    let results = for_op.results();
    let types: Vec<Ty> = results.iter().map(|r| r.ty()).collect();
    let if_op = at.insert(Rewriter::build(loc, "scf.if", &[cond], &types, &[], 2));
    // Every use of the loop's results is after the loop, outside the new op.
    for (r, i) in results.iter().zip(if_op.results()) {
        replace_all_uses(*r, i);
    }
    let then_block = append_block(if_op.region(0), &[], loc);
    let else_block = append_block(if_op.region(1), &[], loc);
    let args = block_arguments(body);
    let mut mapping: HashMap<usize, Val> = HashMap::new();
    mapping.insert(vkey(args[0]), last_iv);
    for (arg, r) in args.iter().skip(1).zip(&results) {
        mapping.insert(vkey(*arg), *r);
    }
    for op in block_ops(body) {
        clone_mapped(op, InsertPoint::End(then_block), &mut mapping);
    }
    InsertPoint::End(else_block).create(loc, "scf.yield", &results, &[], &[]);
    Ok(())
}

impl Pass for TestLoopPeeling {
    fn argument(&self) -> &'static str {
        "triton-test-loop-peeling"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let mut ops = Vec::new();
        walk_post(module, &mut ops);
        for op in ops {
            if op.attr(MARK).is_none() {
                continue;
            }
            if op.name() != "scf.for" {
                emit_error(op, &format!("triton-test-loop-peeling: only scf.for loops can be peeled, not '{}'", op.name()));
                return Err(());
            }
            peel_epilogue(op)?;
        }
        Ok(())
    }
}
