//! `triton-combine`: Triton's TTIR peephole combinations (Triton 3.9's
//! `Combine.td` + `Combine.cpp`), run with MLIR's greedy driver (folding on).
//!
//! Patterns and their stable names:
//!
//! * `arith.addi.dot-zero-acc`, `arith.addf.dot-zero-acc`,
//!   `arith.addf.dot-scaled-zero-acc`: `add(dot(a, b, 0), d)` or
//!   `add(d, dot(a, b, 0))` -> `dot(a, b, d)`. The dot (`tt.dot`, or
//!   `tt.dot_scaled` for the float add) must have a single use and a zero
//!   accumulator (an integer zero, or a float `+0.0`/`-0.0`, scalar or splat).
//!   A float add only takes a `tt.dot` whose `maxNumImpreciseAcc` is 0. As in
//!   Triton, the right-hand operand is examined first: when it is a dot that
//!   does not qualify, the left one is not tried. The dot is updated in place
//!   and moved to the add's position.
//! * `arith.select.masked-load-other`:
//!   `select(c, load(p, splat(c)), x)` -> `load(p, splat(c), x)`, when the load
//!   has one use and `x` properly dominates it (the load's `other` is set in
//!   place).
//! * `tt.addptr.combine-offsets`: `addptr(addptr(p, i), j)` ->
//!   `addptr(p, addi(i, j))` when `i` and `j` have the same type and either
//!   have 64-bit elements or are both known constants (scalar, splat constant,
//!   or `tt.splat` of a constant) whose sum does not overflow. The new addptr
//!   keeps the outer one's `tt.divisibility`/`tt.contiguity`/`tt.constancy`/
//!   `tt.pointee_type` attributes (and no other discardable attribute).
//! * `tt.reduce.broadcast-mul-to-dot`: `sum(broadcast(x) * broadcast(y), 1)`
//!   over a rank-3 tensor, `x : MxKx1` broadcast along axis 2 only and
//!   `y : 1xKxN` along axis 0 only, `M, N >= 16`, with a single `arith.addf`
//!   (<= 32 bits) combiner -> `dot(reshape(x), reshape(y), 0)` (IEEE).
//! * `tt.reshape.allow-reorder-for-reduce`: a rank-1 reshape used only by
//!   `tt.reduce`/`tt.histogram` may reorder elements: sets `allow_reorder`.
//! * `tt.reshape.rank-reduce-descriptor-load`: `reshape(descriptor_load)` that
//!   only drops leading unit dimensions is folded into the load's result type
//!   (when the load has a single use).
//!
//! Differences from Triton: the dominance test of the select pattern only
//! answers within one block and its nested regions (a value defined in another
//! block of a multi-block region is treated as not dominating: no rewrite);
//! the broadcast-mul-reduce pattern needs unencoded tensors and materializes
//! its zero accumulator directly in the dot's element type (Triton splats an
//! `f32` zero, which is invalid for `f16`/`bf16` operands).
use mlir_sys::*;
use tritium_dialects::ir::{block_ops, block_arguments, block_terminator, Attr, Op, Ty, Val};
use tritium_dialects::spec;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, RewritePattern, Rewriter};

pub struct Combine;

impl Pass for Combine {
    fn argument(&self) -> &'static str {
        "triton-combine"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        if apply_patterns_greedily(op, spec::rewrite_patterns("triton-combine", PATTERNS)) {
            Ok(())
        } else {
            emit_error(op, "triton-combine: the greedy rewrite did not converge");
            Err(())
        }
    }
}

/// Every pattern of the pass.
pub static PATTERNS: &[&dyn RewritePattern] = &[
    &DotAdd { add: "arith.addi", dot: "tt.dot", name: "arith.addi.dot-zero-acc" },
    &DotAdd { add: "arith.addf", dot: "tt.dot", name: "arith.addf.dot-zero-acc" },
    &DotAdd { add: "arith.addf", dot: "tt.dot_scaled", name: "arith.addf.dot-scaled-zero-acc" },
    &SelectMaskedLoad,
    &AddPtrChain,
    &BroadcastMulReduce,
    &ReshapeForReduce,
    &RankReduceDescriptorLoad,
];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The value attribute of the `arith.constant` defining `value`, if any.
fn constant_of(value: Val) -> Option<Attr> {
    let def = value.defining_op()?;
    if def.name() != "arith.constant" {
        return None;
    }
    def.attr("value")
}

/// Whether `value` is a constant integer zero or float zero of either sign
/// (scalar or splat), like MLIR's `m_Zero() || m_AnyZeroFloat()`.
fn is_zero_constant(value: Val) -> bool {
    let Some(scalar) = constant_of(value).and_then(|a| a.scalar_or_splat()) else {
        return false;
    };
    unsafe {
        if mlirAttributeIsAInteger(scalar.0) {
            mlirIntegerAttrGetValueInt(scalar.0) == 0
        } else if mlirAttributeIsAFloat(scalar.0) {
            mlirFloatAttrGetValueDouble(scalar.0) == 0.0
        } else {
            false
        }
    }
}

/// The integer value of a scalar or splat integer attribute.
fn int_of(attr: Attr) -> Option<i64> {
    let scalar = attr.scalar_or_splat()?;
    unsafe { mlirAttributeIsAInteger(scalar.0).then(|| mlirIntegerAttrGetValueInt(scalar.0)) }
}

/// A known constant integer offset: a constant (scalar or splat) or a
/// `tt.splat` of a scalar constant.
fn constant_int(value: Val) -> Option<i64> {
    let def = value.defining_op()?;
    if def.name() == "tt.splat" {
        return constant_of(def.operand(0)).and_then(int_of);
    }
    constant_of(value).and_then(int_of)
}

/// Whether `a + b` fits a signed integer of `width` bits.
fn sum_fits(a: i64, b: i64, width: u32) -> bool {
    if width == 0 || width > 64 {
        return false;
    }
    let sum = a as i128 + b as i128;
    let min = -(1i128 << (width - 1));
    let max = (1i128 << (width - 1)) - 1;
    sum >= min && sum <= max
}

/// Whether two addptr offsets may be added into one (Triton's
/// `isAddPtrOffsetCombinable`).
fn offsets_combinable(first: Val, second: Val) -> bool {
    if first.ty() != second.ty() {
        return false;
    }
    let width = first.ty().element().bit_width();
    if width == 64 {
        return true;
    }
    match (constant_int(first), constant_int(second)) {
        (Some(a), Some(b)) => sum_fits(a, b, width),
        _ => false,
    }
}

/// The number of uses of `value`.
fn use_count(value: Val) -> usize {
    value.users().len()
}

/// Whether `a` and `b` are the same block.
fn same_block(a: MlirBlock, b: MlirBlock) -> bool {
    unsafe { mlirBlockEqual(a, b) }
}

/// Whether `value` properly dominates `user`, decided within one block and
/// the regions nested in it (false when the answer needs a CFG dominance tree).
fn properly_dominates(value: Val, user: Op) -> bool {
    if let Some(block) = value.owner_block() {
        let mut current = Some(user);
        while let Some(op) = current {
            if op.block().is_some_and(|b| same_block(b, block)) {
                return true;
            }
            current = op.parent();
        }
        return false;
    }
    let Some(def) = value.defining_op() else { return false };
    let Some(block) = def.block() else { return false };
    let mut current = Some(user);
    while let Some(op) = current {
        if op.block().is_some_and(|b| same_block(b, block)) {
            if op.same(def) {
                return false;
            }
            // `def` dominates `op` iff it comes first in the block.
            let mut next = def.next();
            while let Some(n) = next {
                if n.same(op) {
                    return true;
                }
                next = n.next();
            }
            return false;
        }
        current = op.parent();
    }
    false
}

fn i32_attr(context: MlirContext, value: i64) -> Attr {
    Attr::integer(Ty::int(context, 32), value)
}

// ---------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------

/// `add(dot(a, b, 0), d)` / `add(d, dot(a, b, 0))` -> `dot(a, b, d)`.
struct DotAdd {
    add: &'static str,
    dot: &'static str,
    name: &'static str,
}

impl RewritePattern for DotAdd {
    fn name(&self) -> &'static str {
        self.name
    }
    fn root(&self) -> &'static str {
        self.add
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.num_operands() != 2 || op.num_results() != 1 {
            return false;
        }
        let is_dot = |v: Val| v.defining_op().filter(|d| d.name() == self.dot);
        // The right-hand side first, as Triton does.
        let (dot, other) = match is_dot(op.operand(1)) {
            Some(dot) => (dot, op.operand(0)),
            None => match is_dot(op.operand(0)) {
                Some(dot) => (dot, op.operand(1)),
                None => return false,
            },
        };
        if dot.num_operands() < 3 || dot.num_results() != 1 || use_count(dot.result(0)) != 1 {
            return false;
        }
        if !is_zero_constant(dot.operand(2)) {
            return false;
        }
        if self.add == "arith.addf" && self.dot == "tt.dot" {
            let imprecise = dot.attr("maxNumImpreciseAcc").and_then(|a| a.int()).unwrap_or(0);
            if imprecise != 0 {
                return false;
            }
        }
        if dot.result(0).ty() != other.ty() {
            return false;
        }
        rw.modify_in_place(dot, || dot.set_operand(2, other));
        rw.move_before(dot, op);
        rw.replace(op, &[dot.result(0)]);
        true
    }
}

/// `select(c, load(p, splat(c)), x)` -> `load(p, splat(c), x)`.
struct SelectMaskedLoad;

impl RewritePattern for SelectMaskedLoad {
    fn name(&self) -> &'static str {
        "arith.select.masked-load-other"
    }
    fn root(&self) -> &'static str {
        "arith.select"
    }
    fn benefit(&self) -> u16 {
        3
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.num_operands() != 3 {
            return false;
        }
        let (cond, true_value, false_value) = (op.operand(0), op.operand(1), op.operand(2));
        let Some(load) = true_value.defining_op().filter(|d| d.name() == "tt.load") else {
            return false;
        };
        // Operand segments of tt.load: ptr, mask, other.
        if load.segment_size(1) != 1 || load.num_operands() < 2 {
            return false;
        }
        let mask = load.operand(1);
        let Some(splat) = mask.defining_op().filter(|d| d.name() == "tt.splat") else {
            return false;
        };
        if !splat.operand(0).same(cond) {
            return false;
        }
        if use_count(load.result(0)) != 1 || !properly_dominates(false_value, load) {
            return false;
        }
        if false_value.ty() != load.result(0).ty() {
            return false;
        }
        let has_other = load.segment_size(2) == 1 && load.num_operands() == 3;
        let ptr = load.operand(0);
        rw.modify_in_place(load, || {
            if has_other {
                load.set_operand(2, false_value);
            } else {
                load.set_operands(&[ptr, mask, false_value]);
                let sizes = [1i32, 1, 1];
                let attr = unsafe { mlirDenseI32ArrayGet(load.context(), 3, sizes.as_ptr()) };
                load.set_attr("operandSegmentSizes", Attr(attr));
            }
        });
        rw.replace(op, &[load.result(0)]);
        true
    }
}

/// `addptr(addptr(p, i), j)` -> `addptr(p, addi(i, j))`.
struct AddPtrChain;

/// The discardable attributes the combined addptr inherits.
const KEPT_ADDPTR_ATTRS: [&str; 4] = ["tt.divisibility", "tt.contiguity", "tt.constancy", "tt.pointee_type"];

impl RewritePattern for AddPtrChain {
    fn name(&self) -> &'static str {
        "tt.addptr.combine-offsets"
    }
    fn root(&self) -> &'static str {
        "tt.addptr"
    }
    fn benefit(&self) -> u16 {
        2
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.num_operands() != 2 || op.num_results() != 1 {
            return false;
        }
        let Some(inner) = op.operand(0).defining_op().filter(|d| d.name() == "tt.addptr") else {
            return false;
        };
        if inner.num_operands() != 2 {
            return false;
        }
        let (first, second) = (inner.operand(1), op.operand(1));
        if !offsets_combinable(first, second) {
            return false;
        }
        let overflow = unsafe { mlirAttributeParseGet(op.context(), tritium_dialects::ir::string_ref("#arith.overflow<none>")) };
        let mut add_attrs: Vec<(&str, MlirAttribute)> = Vec::new();
        if !overflow.ptr.is_null() {
            add_attrs.push(("overflowFlags", overflow));
        }
        let sum = rw.create(op, "arith.addi", &[first, second], &[first.ty()], &add_attrs);
        let kept: Vec<(&str, MlirAttribute)> =
            KEPT_ADDPTR_ATTRS.iter().filter_map(|n| op.attr(n).map(|a| (*n, a.0))).collect();
        let new = rw.create(op, "tt.addptr", &[inner.operand(0), sum.result(0)], &[op.result(0).ty()], &kept);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `sum(broadcast(x) * broadcast(y), axis 1)` -> `dot(x', y', 0)`.
struct BroadcastMulReduce;

impl BroadcastMulReduce {
    /// Whether the combiner of `reduce` is a single `arith.addf` of at most 32
    /// bits applied to the two block arguments.
    fn is_add_f32_combiner(reduce: Op) -> bool {
        let Some(block) = reduce.entry_block(0) else { return false };
        let ops = block_ops(block);
        if ops.len() != 2 {
            return false;
        }
        let (add, Some(terminator)) = (ops[0], block_terminator(block)) else { return false };
        if add.name() != "arith.addf" || add.num_operands() != 2 || add.num_results() != 1 {
            return false;
        }
        if add.result(0).ty().bit_width() > 32 || terminator.num_operands() != 1 {
            return false;
        }
        if !terminator.operand(0).same(add.result(0)) {
            return false;
        }
        let args = block_arguments(block);
        if args.len() != 2 {
            return false;
        }
        let (x, y) = (add.operand(0), add.operand(1));
        (x.same(args[0]) && y.same(args[1])) || (x.same(args[1]) && y.same(args[0]))
    }

    /// Whether `broadcast` expands exactly dimension `axis` of a rank-3 tensor.
    fn broadcasts_only_along(broadcast: Op, axis: usize) -> bool {
        let (Some(src), Some(dst)) = (broadcast.operand(0).ty().shape(), broadcast.result(0).ty().shape()) else {
            return false;
        };
        src.len() == 3 && dst.len() == 3 && (0..3).all(|i| (src[i] != dst[i]) == (i == axis))
    }
}

impl RewritePattern for BroadcastMulReduce {
    fn name(&self) -> &'static str {
        "tt.reduce.broadcast-mul-to-dot"
    }
    fn root(&self) -> &'static str {
        "tt.reduce"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.num_operands() != 1 || op.num_results() != 1 {
            return false;
        }
        let input_ty = op.operand(0).ty();
        if input_ty.shape().map(|s| s.len()) != Some(3) || op.attr("axis").and_then(|a| a.int()) != Some(1) {
            return false;
        }
        if !Self::is_add_f32_combiner(op) {
            return false;
        }
        let Some(mul) = op.operand(0).defining_op().filter(|d| d.name() == "arith.mulf") else {
            return false;
        };
        let broadcast = |v: Val| v.defining_op().filter(|d| d.name() == "tt.broadcast");
        let (Some(lhs), Some(rhs)) = (broadcast(mul.operand(0)), broadcast(mul.operand(1))) else {
            return false;
        };
        if !Self::broadcasts_only_along(lhs, 2) || !Self::broadcasts_only_along(rhs, 0) {
            return false;
        }
        let (lhs_src, rhs_src) = (lhs.operand(0), rhs.operand(0));
        // Unencoded tensors only (Tritium does not infer reshape encodings here).
        if [lhs_src.ty(), rhs_src.ty(), op.result(0).ty()].iter().any(|t| t.encoding().is_some()) {
            return false;
        }
        let (Some(lhs_shape), Some(rhs_shape)) = (lhs.result(0).ty().shape(), rhs.result(0).ty().shape()) else {
            return false;
        };
        if lhs_shape[2] < 16 || rhs_shape[0] < 16 {
            return false;
        }
        let element = lhs_src.ty().element();
        if !element.is_float() {
            return false;
        }
        let acc_ty = Ty::tensor(&[lhs_shape[0], rhs_shape[2]], element, None);
        if acc_ty != op.result(0).ty() {
            return false;
        }
        let Some(src_shape) = lhs_src.ty().shape() else { return false };
        let lhs_2d = Ty::tensor(&src_shape[..2], element, None);
        let Some(src_shape) = rhs_src.ty().shape() else { return false };
        let rhs_2d = Ty::tensor(&src_shape[1..], rhs_src.ty().element(), None);
        let a = rw.create(op, "tt.reshape", &[lhs_src], &[lhs_2d], &[]);
        let b = rw.create(op, "tt.reshape", &[rhs_src], &[rhs_2d], &[]);
        let zero = Attr(unsafe { mlirFloatAttrDoubleGet(op.context(), element.0, 0.0) });
        let acc = rw.create(op, "arith.constant", &[], &[acc_ty], &[("value", Attr::splat(acc_ty, zero).0)]);
        let context = op.context();
        let attrs = [("inputPrecision", i32_attr(context, 2).0), ("maxNumImpreciseAcc", i32_attr(context, 0).0)];
        let dot = rw.create(op, "tt.dot", &[a.result(0), b.result(0), acc.result(0)], &[acc_ty], &attrs);
        rw.replace(op, &[dot.result(0)]);
        true
    }
}

/// A rank-1 reshape only reduced over may reorder its elements.
struct ReshapeForReduce;

impl RewritePattern for ReshapeForReduce {
    fn name(&self) -> &'static str {
        "tt.reshape.allow-reorder-for-reduce"
    }
    fn root(&self) -> &'static str {
        "tt.reshape"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.attr("allow_reorder").is_some() || op.num_results() != 1 {
            return false;
        }
        if op.result(0).ty().shape().map(|s| s.len()) != Some(1) {
            return false;
        }
        if !op.result(0).users().iter().all(|u| matches!(u.name(), "tt.reduce" | "tt.histogram")) {
            return false;
        }
        let unit = Attr(unsafe { mlirUnitAttrGet(op.context()) });
        rw.modify_in_place(op, || op.set_attr("allow_reorder", unit));
        true
    }
}

/// `reshape(descriptor_load)` dropping leading unit dims -> a rank-reduced load.
struct RankReduceDescriptorLoad;

impl RewritePattern for RankReduceDescriptorLoad {
    fn name(&self) -> &'static str {
        "tt.reshape.rank-reduce-descriptor-load"
    }
    fn root(&self) -> &'static str {
        "tt.reshape"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(load) = op.operand(0).defining_op().filter(|d| d.name() == "tt.descriptor_load") else {
            return false;
        };
        if load.num_results() != 1 || use_count(load.result(0)) != 1 {
            return false;
        }
        let (Some(load_shape), Some(shape)) = (load.result(0).ty().shape(), op.result(0).ty().shape()) else {
            return false;
        };
        if shape.len() >= load_shape.len() {
            return false;
        }
        let dropped = load_shape.len() - shape.len();
        if load_shape[..dropped].iter().any(|d| *d != 1) || load_shape[dropped..] != shape[..] {
            return false;
        }
        let new_ty = op.result(0).ty();
        rw.modify_in_place(load, || load.result(0).set_type(new_ty));
        rw.replace(op, &[load.result(0)]);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_names_are_unique_and_rooted() {
        let mut names: Vec<&str> = PATTERNS.iter().map(|p| p.name()).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len());
        for p in PATTERNS {
            assert!(p.name().starts_with(&format!("{}.", p.root())), "{}", p.name());
        }
    }

    #[test]
    fn signed_sum_overflow() {
        assert!(sum_fits(1, 2, 32));
        assert!(!sum_fits(i32::MAX as i64, 1, 32));
        assert!(sum_fits(i32::MIN as i64, 0, 32));
        assert!(!sum_fits(i32::MIN as i64, -1, 32));
        assert!(!sum_fits(127, 1, 8));
        assert!(sum_fits(-128, 0, 8));
    }
}
