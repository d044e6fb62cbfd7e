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
use crate::ir::{Attr, Op, Ty, Val};
use crate::rewrite::{RewritePattern, Rewriter};
use mlir_sys::*;

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

/// The attribute of the `arith.constant` defining `value`, if any.
fn constant_attr(value: Val) -> Option<Attr> {
    defined_by(value, "arith.constant")?.attr("value")
}

/// The value of an integer attribute of at most 64 bits (sign-extended).
fn int_value(v: Attr) -> Option<i64> {
    unsafe {
        if !mlirAttributeIsAInteger(v.0) || Ty(mlirAttributeGetType(v.0)).bit_width() > 64 {
            return None;
        }
        Some(mlirIntegerAttrGetValueInt(v.0))
    }
}

/// The value of an integer constant or of a splat of one.
fn constant_int(value: Val) -> Option<i64> {
    int_value(constant_attr(value)?.scalar_or_splat()?)
}

/// The value of a scalar integer constant (a splat does not count).
fn scalar_constant_int(value: Val) -> Option<i64> {
    int_value(constant_attr(value)?)
}

/// Whether `value` is a float constant `-0.0` or a splat of it.
fn is_negative_zero(value: Val) -> bool {
    let Some(v) = constant_attr(value).and_then(|a| a.scalar_or_splat()) else { return false };
    unsafe {
        if !mlirAttributeIsAFloat(v.0) {
            return false;
        }
        let x = mlirFloatAttrGetValueDouble(v.0);
        x == 0.0 && x.is_sign_negative()
    }
}

/// A new `arith.constant` of the integer (or statically shaped tensor of
/// integer) type `ty` holding `value`, just before `anchor`, as a folder
/// result is materialized; `None` for a dynamic shape.
fn int_constant(rw: &Rewriter, anchor: Op, ty: Ty, value: i64) -> Option<Val> {
    let attr = if ty.is_tensor() {
        if ty.shape()?.iter().any(|&d| d < 0) {
            return None;
        }
        Attr::splat(ty, Attr::integer(ty.element(), value))
    } else {
        Attr::integer(ty, value)
    };
    Some(rw.create(anchor, "arith.constant", &[], &[ty], &[("value", attr.0)]).result(0))
}

/// The `fastmath` attribute of `op`, to carry over to its replacement.
fn fastmath_of(op: Op) -> Vec<(&'static str, MlirAttribute)> {
    op.attr("fastmath").map(|a| vec![("fastmath", a.0)]).unwrap_or_default()
}

/// `shli/shrui/shrsi(0, x)` -> `0`, `shrsi(-1, x)` -> `-1` (any in-range
/// amount keeps them; an out-of-range one is poison), and `shrui/shrsi(x, x)`
/// -> `0` (`v >> v` is 0 for every in-range `v`). Scalars and splats.
struct TrivialShift {
    root: &'static str,
    name: &'static str,
}

impl RewritePattern for TrivialShift {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> &'static str {
        self.root
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let (lhs, rhs) = (op.operand(0), op.operand(1));
        match constant_int(lhs) {
            Some(0) => {
                rw.replace(op, &[lhs]);
                return true;
            }
            Some(-1) if self.root == "arith.shrsi" => {
                rw.replace(op, &[lhs]);
                return true;
            }
            _ => {}
        }
        if self.root != "arith.shli" && lhs.same(rhs) {
            let Some(zero) = int_constant(rw, op, op.result(0).ty(), 0) else { return false };
            rw.replace(op, &[zero]);
            return true;
        }
        false
    }
}

/// `div(0, x)` -> `0`, `div(x, x)` -> `1`, `rem(0, x)` -> `0` and
/// `rem(x, x)` -> `0` for `divsi/divui/ceildivsi/ceildivui/floordivsi` and
/// `remsi/remui` (division by zero is undefined). A division's zero dividend
/// is its result; `x / x`, `x % x` and `0 % x` become a new scalar or splat
/// constant, as the folder materializes them (which one shows in the order of
/// the printed constants: Triton's `0 % x` drops a zero used nowhere else and
/// prints the new one after the constants before it, `0 / x` keeps it).
struct TrivialDivRem {
    root: &'static str,
    name: &'static str,
    remainder: bool,
}

impl RewritePattern for TrivialDivRem {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> &'static str {
        self.root
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let (lhs, rhs) = (op.operand(0), op.operand(1));
        let zero_dividend = constant_int(lhs) == Some(0);
        if zero_dividend && !self.remainder {
            rw.replace(op, &[lhs]);
            return true;
        }
        if !zero_dividend && !lhs.same(rhs) {
            return false;
        }
        let value = if self.remainder { 0 } else { 1 };
        let Some(c) = int_constant(rw, op, op.result(0).ty(), value) else { return false };
        rw.replace(op, &[c]);
        true
    }
}

/// `(x & c0) & c1` -> `x & (c0 & c1)`, and the same for `ori` and `xori`,
/// on scalar integer constants (splat tensors are kept, as newer MLIR keeps
/// them). The inner op stays for its other uses.
struct BitwiseConstantTriple {
    root: &'static str,
    name: &'static str,
    merge: fn(i64, i64) -> i64,
}

impl RewritePattern for BitwiseConstantTriple {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> &'static str {
        self.root
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(inner) = defined_by(op.operand(0), self.root) else { return false };
        let Some(c0) = scalar_constant_int(inner.operand(1)) else { return false };
        let Some(c1) = scalar_constant_int(op.operand(1)) else { return false };
        let ty = op.result(0).ty();
        let merged = Attr::integer(ty, (self.merge)(c0, c1));
        let c = rw.create(op, "arith.constant", &[], &[ty], &[("value", merged.0)]).result(0);
        let new = rw.create(op, self.root, &[inner.operand(0), c], &[ty], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `subf(-0.0, x)` -> `negf(x)` (scalars and splats), keeping the `fastmath`
/// flags of the `subf`.
struct SubFOfNegZero;

impl RewritePattern for SubFOfNegZero {
    fn name(&self) -> &'static str {
        "arith.subf.of-neg-zero"
    }
    fn root(&self) -> &'static str {
        "arith.subf"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if !is_negative_zero(op.operand(0)) {
            return false;
        }
        let new = rw.create(op, "arith.negf", &[op.operand(1)], &[op.result(0).ty()], &fastmath_of(op));
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `addf(negf(x), y)` -> `subf(y, x)`, else `addf(y, negf(x))` -> `subf(y, x)`
/// (the left operand is tried first), keeping the `fastmath` flags of the
/// `addf`.
struct AddFOfNegF;

impl RewritePattern for AddFOfNegF {
    fn name(&self) -> &'static str {
        "arith.addf.of-negf"
    }
    fn root(&self) -> &'static str {
        "arith.addf"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let (lhs, rhs) = (op.operand(0), op.operand(1));
        let (y, x) = if let Some(neg) = defined_by(lhs, "arith.negf") {
            (rhs, neg.operand(0))
        } else if let Some(neg) = defined_by(rhs, "arith.negf") {
            (lhs, neg.operand(0))
        } else {
            return false;
        };
        let new = rw.create(op, "arith.subf", &[y, x], &[op.result(0).ty()], &fastmath_of(op));
        rw.replace(op, &[new.result(0)]);
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
    &TrivialShift { root: "arith.shli", name: "arith.shli.trivial" },
    &TrivialShift { root: "arith.shrui", name: "arith.shrui.trivial" },
    &TrivialShift { root: "arith.shrsi", name: "arith.shrsi.trivial" },
    &TrivialDivRem { root: "arith.divsi", name: "arith.divsi.trivial", remainder: false },
    &TrivialDivRem { root: "arith.divui", name: "arith.divui.trivial", remainder: false },
    &TrivialDivRem { root: "arith.ceildivsi", name: "arith.ceildivsi.trivial", remainder: false },
    &TrivialDivRem { root: "arith.ceildivui", name: "arith.ceildivui.trivial", remainder: false },
    &TrivialDivRem { root: "arith.floordivsi", name: "arith.floordivsi.trivial", remainder: false },
    &TrivialDivRem { root: "arith.remsi", name: "arith.remsi.trivial", remainder: true },
    &TrivialDivRem { root: "arith.remui", name: "arith.remui.trivial", remainder: true },
    &BitwiseConstantTriple { root: "arith.andi", name: "arith.andi.of-andi-constants", merge: |a, b| a & b },
    &BitwiseConstantTriple { root: "arith.ori", name: "arith.ori.of-ori-constants", merge: |a, b| a | b },
    &BitwiseConstantTriple { root: "arith.xori", name: "arith.xori.of-xori-constants", merge: |a, b| a ^ b },
    &SubFOfNegZero,
    &AddFOfNegF,
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
