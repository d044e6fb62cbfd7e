//! Canonicalizations of `arith` ops that the MLIR Triton 3.9 is built on
//! (an LLVM 24 development snapshot) has and MLIR 22 lacks, so that
//! `canonicalize` (in `make_ttir` and `make_ttgir`) prints what Triton prints.
//!
//! They are target-independent and rooted outside `tt`/`ttg`; the `tt`
//! dialect's canonicalization hook hands them to the canonicalizer (see
//! `TritonDialect::getCanonicalizationPatterns`), composed after the `tt`
//! patterns in `capi/src/lib.rs`. Each one was isolated by running Triton's
//! own `canonicalize` (`../shared/corpus/run_triton_pass.py --pass
//! canonicalize`) on the inputs of `tests/tt/canonicalize-arith-*.mlir`.
use crate::ir::{Op, Val};
use crate::rewrite::{RewritePattern, Rewriter};

/// The op defining `value` if it is named `name`.
fn defined_by(value: Val, name: &str) -> Option<Op> {
    value.defining_op().filter(|d| d.name() == name)
}

/// `sitofp(extsi x)` -> `sitofp x`, `uitofp(extui x)` -> `uitofp x`, and
/// `sitofp(extui x)` -> `uitofp x`: the widening keeps the value, so the
/// narrow integer converts directly (`uitofp(extsi x)` is kept).
struct IntToFloatOfExt {
    root: &'static str,
    ext: &'static str,
    into: &'static str,
    name: &'static str,
}

impl RewritePattern for IntToFloatOfExt {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> &'static str {
        self.root
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(ext) = defined_by(op.operand(0), self.ext) else { return false };
        let new = rw.create(op, self.into, &[ext.operand(0)], &[op.result(0).ty()], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `arith.cmpi` predicates (`arith::CmpIPredicate`).
const SLT: i64 = 2;
const SLE: i64 = 3;
const SGT: i64 = 4;
const SGE: i64 = 5;
const ULT: i64 = 6;
const ULE: i64 = 7;
const UGT: i64 = 8;
const UGE: i64 = 9;

/// `select(cmpi P a, b), a, b)` -> `max/min a, b` and `select(cmpi P a, b), b, a)`
/// -> `min/max a, b` for the ordering predicates (`gt`/`ge` pick the max when
/// the select keeps the comparison's order, `lt`/`le` the min), signed or
/// unsigned as the predicate. The result takes the comparison's operand order.
/// Float selects are kept (NaN semantics).
struct SelectOfCmpToMinMax;

impl RewritePattern for SelectOfCmpToMinMax {
    fn name(&self) -> &'static str {
        "arith.select.cmpi-to-minmax"
    }
    fn root(&self) -> &'static str {
        "arith.select"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(cmp) = defined_by(op.operand(0), "arith.cmpi") else { return false };
        let (a, b) = (cmp.operand(0), cmp.operand(1));
        let (t, f) = (op.operand(1), op.operand(2));
        if a.ty() != op.result(0).ty() {
            return false; // e.g. a scalar condition selecting between tensors
        }
        let keeps_order = if t.same(a) && f.same(b) {
            true
        } else if t.same(b) && f.same(a) {
            false
        } else {
            return false;
        };
        let Some(predicate) = cmp.attr("predicate").and_then(|p| p.int()) else { return false };
        let (greater, signed) = match predicate {
            SGT | SGE => (true, true),
            SLT | SLE => (false, true),
            UGT | UGE => (true, false),
            ULT | ULE => (false, false),
            _ => return false,
        };
        let name = match (greater == keeps_order, signed) {
            (true, true) => "arith.maxsi",
            (false, true) => "arith.minsi",
            (true, false) => "arith.maxui",
            (false, false) => "arith.minui",
        };
        let new = rw.create(op, name, &[a, b], &[op.result(0).ty()], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `subi(a, subi(a, x))` -> `x` (any `a`, constants included; MLIR 22 only
/// folds it through `c0 - (c1 - x)` on scalar constants).
struct SubOfSubSameLhs;

impl RewritePattern for SubOfSubSameLhs {
    fn name(&self) -> &'static str {
        "arith.subi.of-subi-same-lhs"
    }
    fn root(&self) -> &'static str {
        "arith.subi"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(inner) = defined_by(op.operand(1), "arith.subi") else { return false };
        if !inner.operand(0).same(op.operand(0)) {
            return false;
        }
        rw.replace(op, &[inner.operand(1)]);
        true
    }
}

/// The `arith` canonicalizations of newer MLIR that Triton 3.9's canonicalizer applies, in registration order.
pub static PATTERNS: &[&dyn RewritePattern] = &[
    &IntToFloatOfExt { root: "arith.sitofp", ext: "arith.extsi", into: "arith.sitofp", name: "arith.sitofp.of-extsi" },
    &IntToFloatOfExt { root: "arith.uitofp", ext: "arith.extui", into: "arith.uitofp", name: "arith.uitofp.of-extui" },
    &IntToFloatOfExt { root: "arith.sitofp", ext: "arith.extui", into: "arith.uitofp", name: "arith.sitofp.of-extui" },
    &SelectOfCmpToMinMax,
    &SubOfSubSameLhs,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_names_are_unique_and_rooted_in_arith() {
        let mut names: Vec<&str> = PATTERNS.iter().map(|p| p.name()).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "duplicate pattern names");
        for p in PATTERNS {
            assert!(p.root().starts_with("arith."), "{} has root {}", p.name(), p.root());
            assert!(p.name().starts_with(p.root()), "{} should be named after its root", p.name());
        }
    }
}
