//! `triton-loop-aware-cse`: common-subexpression elimination that also merges
//! `scf.for` iter args that always hold the same value.
//!
//! The pass runs, on the module:
//! 1. MLIR's CSE, so that equal values defined outside loops become the
//!    same SSA value;
//! 2. loop CSE on every `scf.for`, inner loops first (below);
//! 3. MLIR's CSE again, to merge the loop-body computations that became
//!    identical once their iter args were merged;
//! 4. the greedy driver with `scf.for`'s canonicalization patterns (plus
//!    folding), which drops the iter args short-circuited in step 2.
//!
//! Loop CSE decides, for each pair `(i, j)` of iter args, whether they are
//! equal on every iteration: their init values are the same SSA value and
//! their yielded values are equal *assuming* `(i, j)` are equal (co-inductive:
//! a pair already being assumed on the stack counts as equal, which is how
//! cycles through the loop back-edge are closed). Two values of the loop body
//! are equal when they are the same value, or have the same type and are
//! either iter args equal in that sense (never the induction variable) or
//! the same-numbered results of two memory-effect-free, region-free ops of
//! the loop body with the same name, attributes and result types whose
//! operands are pairwise equal. Values of other blocks must be identical.
//! Equal pairs are grouped (union-find); in each group the lowest-numbered
//! iter arg replaces the others in the body, each other iter arg now yields
//! itself, and its loop result is replaced by the kept one's result.
//!
//! As in Triton, CSE is upstream MLIR's `cse` pass, run as a dynamic pipeline
//! of this pass, and the clean-up uses upstream `scf.for` patterns.
use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, Op, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::services;

pub struct LoopAwareCse;

impl Pass for LoopAwareCse {
    fn argument(&self) -> &'static str {
        "triton-loop-aware-cse"
    }
    fn run(&self, op: Op, options: &PassOptions) -> Result<(), ()> {
        cse(op, options)?;
        let mut loops = Vec::new();
        collect_for_loops_post_order(op, &mut loops);
        for lp in loops {
            loop_cse(lp);
        }
        cse(op, options)?;
        if services::apply_canonicalization_patterns(op, "scf.for") {
            Ok(())
        } else {
            emit_error(op, "triton-loop-aware-cse: the scf.for canonicalization did not converge");
            Err(())
        }
    }
}

/// MLIR's `cse` pass on `op`, as a dynamic pipeline of this pass.
fn cse(op: Op, options: &PassOptions) -> Result<(), ()> {
    if options.run_pipeline(op, "cse") {
        Ok(())
    } else {
        emit_error(op, "triton-loop-aware-cse: cse failed");
        Err(())
    }
}

/// Every `scf.for` nested in `op`, inner loops before outer (post-order).
fn collect_for_loops_post_order(op: Op, loops: &mut Vec<Op>) {
    for index in 0..op.num_regions() {
        for block in region_blocks(op.region(index)) {
            for child in block_ops(block) {
                collect_for_loops_post_order(child, loops);
                if child.name() == "scf.for" {
                    loops.push(child);
                }
            }
        }
    }
}

/// The view of one `scf.for` that the equivalence check needs.
struct LoopView {
    body: MlirBlock,
    induction_var: Val,
    iter_args: Vec<Val>,
    inits: Vec<Val>,
    yielded: Vec<Val>,
    /// The pairs of iter args currently assumed equal.
    assumed: Vec<(usize, usize)>,
}

impl LoopView {
    fn new(lp: Op) -> Option<LoopView> {
        let body = lp.entry_block(0)?;
        let args = block_arguments(body);
        let (&induction_var, iter_args) = args.split_first()?;
        let yielded = block_terminator(body)?.operands();
        let operands = lp.operands();
        // Operands: lower bound, upper bound, step, then the init values.
        let inits = operands.get(3..)?.to_vec();
        if inits.len() != iter_args.len() || yielded.len() != iter_args.len() {
            return None;
        }
        Some(LoopView { body, induction_var, iter_args: iter_args.to_vec(), inits, yielded, assumed: Vec::new() })
    }

    /// Whether iter args `i` and `j` hold the same value on every iteration.
    fn iter_args_equal(&mut self, i: usize, j: usize) -> bool {
        if i == j {
            return true;
        }
        if !self.inits[i].same(self.inits[j]) {
            return false;
        }
        if self.assumed.contains(&(i, j)) {
            return true;
        }
        self.assumed.push((i, j));
        let result = self.equal_in_loop(self.yielded[i], self.yielded[j]);
        self.assumed.pop();
        result
    }

    /// The index of `value` among the iter args, if it is one.
    fn iter_arg_index(&self, value: Val) -> Option<usize> {
        self.iter_args.iter().position(|a| a.same(value))
    }

    /// Whether `a` and `b` are equal on every iteration.
    fn equal_in_loop(&mut self, a: Val, b: Val) -> bool {
        if a.same(b) {
            return true;
        }
        if !unsafe { mlirTypeEqual(a.ty().0, b.ty().0) } {
            return false;
        }
        let in_body = |v: Val| match v.defining_op() {
            Some(def) => def.block().is_some_and(|blk| blk.ptr == self.body.ptr),
            None => v.owner_block().is_some_and(|blk| blk.ptr == self.body.ptr),
        };
        if !in_body(a) || !in_body(b) {
            return false;
        }
        if a.same(self.induction_var) || b.same(self.induction_var) {
            return false;
        }
        match (a.defining_op(), b.defining_op()) {
            (None, None) => match (self.iter_arg_index(a), self.iter_arg_index(b)) {
                (Some(i), Some(j)) => self.iter_args_equal(i, j),
                _ => false,
            },
            (Some(a_def), Some(b_def)) => {
                let a_index = unsafe { mlirOpResultGetResultNumber(a.0) };
                let b_index = unsafe { mlirOpResultGetResultNumber(b.0) };
                if a_index != b_index
                    || !services::is_memory_effect_free(a_def)
                    || !services::is_memory_effect_free(b_def)
                    || a_def.num_regions() > 0
                    || b_def.num_regions() > 0
                {
                    return false;
                }
                self.ops_equivalent(a_def, b_def)
            }
            _ => false,
        }
    }

    /// `OperationEquivalence::isEquivalentTo` (locations ignored) with
    /// operands compared by [`LoopView::equal_in_loop`].
    fn ops_equivalent(&mut self, a: Op, b: Op) -> bool {
        if a.same(b) {
            return true;
        }
        if a.name() != b.name() || a.num_operands() != b.num_operands() || a.num_results() != b.num_results() {
            return false;
        }
        let (a_attrs, b_attrs) = (a.attributes(), b.attributes());
        if a_attrs.len() != b_attrs.len()
            || a_attrs
                .iter()
                .zip(&b_attrs)
                .any(|((an, av), (bn, bv))| an != bn || !unsafe { mlirAttributeEqual(av.0, bv.0) })
        {
            return false;
        }
        if a.results().iter().zip(b.results()).any(|(x, y)| !unsafe { mlirTypeEqual(x.ty().0, y.ty().0) }) {
            return false;
        }
        a.operands().into_iter().zip(b.operands()).all(|(x, y)| self.equal_in_loop(x, y))
    }
}

/// Union-find root of `i`.
fn find(parent: &mut [usize], i: usize) -> usize {
    let mut root = i;
    while parent[root] != root {
        root = parent[root];
    }
    let mut node = i;
    while parent[node] != root {
        let next = parent[node];
        parent[node] = root;
        node = next;
    }
    root
}

/// Merges the iter args of `lp` that are equal on every iteration.
fn loop_cse(lp: Op) {
    let Some(mut view) = LoopView::new(lp) else { return };
    let n = view.iter_args.len();
    let mut parent: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in i + 1..n {
            if view.iter_args_equal(i, j) {
                let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
                parent[ri.max(rj)] = ri.min(rj);
            }
        }
    }
    let Some(yield_op) = block_terminator(view.body) else { return };
    for j in 0..n {
        let keep = find(&mut parent, j);
        if keep == j {
            continue;
        }
        let (other, unique) = (view.iter_args[j], view.iter_args[keep]);
        unsafe { mlirValueReplaceAllUsesOfWith(other.0, unique.0) };
        // The merged iter arg now forwards itself; the canonicalization drops it.
        yield_op.set_operand(j, other);
        unsafe { mlirValueReplaceAllUsesOfWith(lp.result(j).0, lp.result(keep).0) };
    }
}
