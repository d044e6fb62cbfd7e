//! Canonicalization patterns of the `tt` ops, as Rust rewrite patterns.
//!
//! Each pattern has a stable name (backend specs replace or disable patterns
//! by that name), a root op and a benefit. The C++ side asks the registry
//! ([`PATTERNS`]) for the patterns of each op's canonicalizer.
use crate::ir::{Attr, Op, Ty, Val};
pub use crate::rewrite::{RewritePattern, Rewriter};
use crate::tt::ods::tt as ods;
use mlir_sys::*;

/// The constant an op result is defined by (`arith.constant`), if any.
fn constant_of(value: Val) -> Option<crate::ir::Attr> {
    let def = value.defining_op()?;
    (def.name() == "arith.constant").then(|| def.attr("value")).flatten()
}

/// The mask of a load/store as a known constant (`Some(true)` = all true).
fn constant_mask(op: Op, mask_segment: usize, mask_operand: usize) -> Option<bool> {
    if op.segment_size(mask_segment) != 1 {
        return None;
    }
    constant_of(op.operand(mask_operand))?.as_bool_splat()
}

/// Copies the discardable and optional attributes a rebuilt load/store keeps.
fn kept_attrs(op: Op, names: &[&'static str]) -> Vec<(&'static str, MlirAttribute)> {
    names.iter().filter_map(|n| op.attr(n).map(|a| (*n, a.0))).collect()
}

fn dense_i32(op: Op, values: &[i32]) -> MlirAttribute {
    unsafe { mlirDenseI32ArrayGet(op.context(), values.len() as isize, values.as_ptr()) }
}

/// `tt.load %p, %true_mask[, %other]` -> `tt.load %p`.
struct LoadTrueMask;
impl RewritePattern for LoadTrueMask {
    fn name(&self) -> &'static str { "tt.load.drop-true-mask" }
    fn root(&self) -> &'static str { "tt.load" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if constant_mask(op, 1, 1) != Some(true) {
            return false;
        }
        let mut attrs = kept_attrs(op, &["cachePolicy", "isVolatile"]);
        attrs.push(("operandSegmentSizes", dense_i32(op, &[1, 0, 0])));
        let load = rw.create(op, "tt.load", &[op.operand(0)], &[op.result(0).ty()], &attrs);
        rw.replace(op, &[load.result(0)]);
        true
    }
}

/// `tt.load %p, %false_mask, %other` -> `%other`.
struct LoadFalseMask;
impl RewritePattern for LoadFalseMask {
    fn name(&self) -> &'static str { "tt.load.false-mask-to-other" }
    fn root(&self) -> &'static str { "tt.load" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.segment_size(2) != 1 || constant_mask(op, 1, 1) != Some(false) {
            return false;
        }
        if op.attr("isVolatile").and_then(|a| a.bool()) == Some(true) {
            return false;
        }
        rw.replace(op, &[op.operand(2)]);
        true
    }
}

/// `tt.store %p, %v, %true_mask` -> `tt.store %p, %v`.
struct StoreTrueMask;
impl RewritePattern for StoreTrueMask {
    fn name(&self) -> &'static str { "tt.store.drop-true-mask" }
    fn root(&self) -> &'static str { "tt.store" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.operands().len() != 3 {
            return false;
        }
        if constant_of(op.operand(2)).and_then(|c| c.as_bool_splat()) != Some(true) {
            return false;
        }
        let attrs = kept_attrs(op, &["cachePolicy", "ignore_cta"]);
        rw.create(op, "tt.store", &[op.operand(0), op.operand(1)], &[], &attrs);
        rw.erase(op);
        true
    }
}

/// `tt.store %p, %v, %false_mask` -> nothing.
struct StoreFalseMask;
impl RewritePattern for StoreFalseMask {
    fn name(&self) -> &'static str { "tt.store.erase-false-mask" }
    fn root(&self) -> &'static str { "tt.store" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.operands().len() != 3 || constant_of(op.operand(2)).and_then(|c| c.as_bool_splat()) != Some(false) {
            return false;
        }
        rw.erase(op);
        true
    }
}

/// `shape_op(tt.splat %x)` -> `tt.splat %x` for broadcast, expand_dims, reshape.
struct ShapeOfSplat(&'static str, &'static str);
impl RewritePattern for ShapeOfSplat {
    fn name(&self) -> &'static str { self.1 }
    fn root(&self) -> &'static str { self.0 }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.name() == "tt.reshape" && reshape_pinned(op) {
            return false;
        }
        let Some(splat) = op.operand(0).defining_op().filter(|d| d.name() == "tt.splat") else {
            return false;
        };
        rw.replace_with_unary(op, ods::splat, splat.operand(0));
        true
    }
}

/// `tt.broadcast(tt.broadcast %x)` -> `tt.broadcast %x`.
struct BroadcastOfBroadcast;
impl RewritePattern for BroadcastOfBroadcast {
    fn name(&self) -> &'static str { "tt.broadcast.fold-broadcast" }
    fn root(&self) -> &'static str { "tt.broadcast" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(inner) = op.operand(0).defining_op().filter(|d| d.name() == "tt.broadcast") else {
            return false;
        };
        rw.replace_with_unary(op, ods::broadcast, inner.operand(0));
        true
    }
}

/// A reshape whose layout a pass chose (`efficient_layout`) or that must stay
/// a sliced expand (`require_sliced`): canonicalization leaves it alone.
fn reshape_pinned(op: Op) -> bool {
    op.attr("efficient_layout").is_some() || op.attr("require_sliced").is_some()
}

/// `tt.reshape(tt.reshape %x)` -> `tt.reshape %x`; the merged reshape may
/// reorder when either of the two may.
struct ReshapeOfReshape;
impl RewritePattern for ReshapeOfReshape {
    fn name(&self) -> &'static str { "tt.reshape.fold-reshape" }
    fn root(&self) -> &'static str { "tt.reshape" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if reshape_pinned(op) {
            return false;
        }
        let Some(inner) = op.operand(0).defining_op().filter(|d| d.name() == "tt.reshape") else {
            return false;
        };
        let mut attrs = Vec::new();
        if let Some(unit) = op.attr("allow_reorder").or_else(|| inner.attr("allow_reorder")) {
            attrs.push(("allow_reorder", unit.0));
        }
        let new = rw.create(op, "tt.reshape", &[inner.operand(0)], &[op.result(0).ty()], &attrs);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `tt.reshape(tt.expand_dims %x)` -> `%x` when the reshape (which may not
/// reorder) undoes the expand exactly, type and layout included.
struct ReshapeOfExpandDims;
impl RewritePattern for ReshapeOfExpandDims {
    fn name(&self) -> &'static str { "tt.reshape.fold-expand-dims" }
    fn root(&self) -> &'static str { "tt.reshape" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if reshape_pinned(op) || op.attr("allow_reorder").is_some() {
            return false;
        }
        let Some(expand) = op.operand(0).defining_op().filter(|d| d.name() == "tt.expand_dims") else {
            return false;
        };
        if expand.operand(0).ty() != op.result(0).ty() {
            return false;
        }
        rw.replace(op, &[expand.operand(0)]);
        true
    }
}

/// `expand_dims(broadcast x)` -> `broadcast(expand_dims x)`, so broadcasts
/// move towards the uses.
struct ExpandDimsOfBroadcast;

impl RewritePattern for ExpandDimsOfBroadcast {
    fn name(&self) -> &'static str {
        "tt.expand_dims.swap-broadcast"
    }
    fn root(&self) -> &'static str {
        "tt.expand_dims"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(broadcast) = op.operand(0).defining_op().filter(|d| d.name() == "tt.broadcast") else { return false };
        let source = broadcast.operand(0);
        let src_ty = source.ty();
        let (Some(mut shape), Some(axis_attr)) = (src_ty.shape(), op.attr("axis")) else { return false };
        let Some(axis) = axis_attr.int().and_then(|a| usize::try_from(a).ok()).filter(|a| *a <= shape.len()) else {
            return false;
        };
        // The new expand_dims takes the layout inferred from the source's.
        let encoding = match src_ty.encoding() {
            Some(enc) => match crate::layout::require(enc).and_then(|l| l.infer_expand_dims(enc, axis)) {
                Ok(inferred) => Some(inferred),
                Err(_) => return false,
            },
            None => None,
        };
        shape.insert(axis, 1);
        let expanded_ty = Ty::tensor(&shape, src_ty.element(), encoding);
        let expanded = rw.create(op, "tt.expand_dims", &[source], &[expanded_ty], &[("axis", axis_attr.0)]);
        let new = rw.create(op, "tt.broadcast", &[expanded.result(0)], &[op.result(0).ty()], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `tt.int_to_ptr(tt.ptr_to_int %p)` -> `tt.bitcast %p` (which folds away
/// when the pointer types agree).
struct IntToPtrOfPtrToInt;
impl RewritePattern for IntToPtrOfPtrToInt {
    fn name(&self) -> &'static str { "tt.int_to_ptr.fold-ptr-to-int" }
    fn root(&self) -> &'static str { "tt.int_to_ptr" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(ptr_to_int) = op.operand(0).defining_op().filter(|d| d.name() == "tt.ptr_to_int") else {
            return false;
        };
        let new = rw.create(op, "tt.bitcast", &[ptr_to_int.operand(0)], &[op.result(0).ty()], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `tt.int_to_ptr(arith.addi %i, C)` -> `tt.addptr(tt.int_to_ptr %i, C / size)`
/// when the constant byte offset `C` is a whole number of pointee elements.
struct IntToPtrOfAddConstant;
impl RewritePattern for IntToPtrOfAddConstant {
    fn name(&self) -> &'static str { "tt.int_to_ptr.constant-offset-to-addptr" }
    fn root(&self) -> &'static str { "tt.int_to_ptr" }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(add) = op.operand(0).defining_op().filter(|d| d.name() == "arith.addi") else {
            return false;
        };
        let (base, offset) = (add.operand(0), add.operand(1));
        let Some(bytes) = constant_of(offset).and_then(|c| c.scalar_or_splat()).and_then(|c| c.int()) else {
            return false;
        };
        let result_ty = op.result(0).ty();
        let Some(pointee) = crate::tt::types::pointee(result_ty.element()) else { return false };
        let pointee_bits = if pointee.is_tensor() { pointee.element().bit_width() } else { pointee.bit_width() };
        if pointee_bits == 0 {
            return false;
        }
        let elem_bytes = i64::from(pointee_bits / 8).max(1);
        if bytes % elem_bytes != 0 {
            return false;
        }
        let offset_elem = offset.ty().element();
        let scalar = Attr::integer(offset_elem, bytes / elem_bytes);
        let (offset_ty, value) = match result_ty.shape() {
            Some(shape) => {
                let ty = Ty::tensor(&shape, offset_elem, result_ty.encoding());
                (ty, Attr::splat(ty, scalar))
            }
            None => (offset_elem, scalar),
        };
        let base_ptr = rw.create(op, "tt.int_to_ptr", &[base], &[result_ty], &[]);
        let elements = rw.create(op, "arith.constant", &[], &[offset_ty], &[("value", value.0)]);
        let new = rw.create(op, "tt.addptr", &[base_ptr.result(0), elements.result(0)], &[result_ty], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// The `tt.broadcast`/`tt.expand_dims` canonicalizations that
/// `triton-reorder-broadcast` also runs, as Triton's pass does.
pub const BROADCAST_FOLD_SPLAT: &dyn RewritePattern = &ShapeOfSplat("tt.broadcast", "tt.broadcast.fold-splat");
pub const BROADCAST_FOLD_BROADCAST: &dyn RewritePattern = &BroadcastOfBroadcast;
pub const EXPAND_DIMS_FOLD_SPLAT: &dyn RewritePattern = &ShapeOfSplat("tt.expand_dims", "tt.expand_dims.fold-splat");
pub const EXPAND_DIMS_SWAP_BROADCAST: &dyn RewritePattern = &ExpandDimsOfBroadcast;

/// Every canonicalization pattern of `tt` (and of `ttg`, see `crate::ttg::patterns`), in registration order.
pub static PATTERNS: &[&dyn RewritePattern] = &[
    &LoadTrueMask,
    &LoadFalseMask,
    &StoreTrueMask,
    &StoreFalseMask,
    BROADCAST_FOLD_SPLAT,
    EXPAND_DIMS_FOLD_SPLAT,
    &ShapeOfSplat("tt.reshape", "tt.reshape.fold-splat"),
    BROADCAST_FOLD_BROADCAST,
    EXPAND_DIMS_SWAP_BROADCAST,
    &ReshapeOfReshape,
    &ReshapeOfExpandDims,
    &IntToPtrOfPtrToInt,
    &IntToPtrOfAddConstant,
    crate::ttg::convert_patterns::CONVERT_FROM_CONVERT,
    crate::ttg::convert_patterns::RESHAPE_OF_CONVERT,
    crate::ttg::convert_patterns::HISTOGRAM_OF_CONVERT,
    crate::ttg::convert_patterns::GATHER_OF_CONVERT,
    crate::ttg::convert_patterns::TRANS_OF_CONVERT,
    crate::ttg::patterns::CONVERT_OF_LOCAL_LOAD,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_names_are_unique_and_rooted_in_tt_or_ttg() {
        let mut names: Vec<&str> = PATTERNS.iter().map(|p| p.name()).collect();
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "duplicate pattern names");
        for p in PATTERNS {
            assert!(p.root().starts_with("tt.") || p.root().starts_with("ttg."), "{} has root {}", p.name(), p.root());
            assert!(p.name().starts_with(p.root()), "{} should be named after its root", p.name());
        }
    }
}
