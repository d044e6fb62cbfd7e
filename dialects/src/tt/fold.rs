//! Folders of the `tt` ops: constant propagation and identities.
use crate::ir::{Attr, Op, Val};

/// The result of a fold.
pub enum Folded {
    /// Nothing to fold.
    None,
    /// The op's (single) result is this constant.
    Constant(Attr),
    /// The op's (single) result is this existing value.
    Value(Val),
}

fn constant(constants: &[Attr], i: usize) -> Option<Attr> {
    constants.get(i).copied().filter(|a| !a.is_null())
}

/// A splat of the scalar/splat constant `c` with the op's result type.
fn resplat(op: Op, c: Option<Attr>) -> Folded {
    let result = op.result(0).ty();
    match c.and_then(|c| c.scalar_or_splat()) {
        Some(value) if result.is_tensor() => Folded::Constant(Attr::splat(result, value)),
        _ => Folded::None,
    }
}

/// Folds `op` given its constant operands (null attributes where unknown).
pub fn fold(op: Op, constants: &[Attr]) -> Folded {
    let same_type_as_src = || op.operands().first().is_some_and(|s| s.ty() == op.result(0).ty());
    match op.name() {
        // splat(c) -> dense<c>.
        "tt.splat" => resplat(op, constant(constants, 0)),
        // addptr(p, 0) -> p.
        "tt.addptr" => match constant(constants, 1) {
            Some(offset) if offset.is_zero() => Folded::Value(op.operand(0)),
            _ => Folded::None,
        },
        // int_to_ptr(ptr_to_int(p)) -> p.
        "tt.int_to_ptr" => match op.operand(0).defining_op() {
            Some(def) if def.name() == "tt.ptr_to_int" && def.operand(0).ty() == op.result(0).ty() => {
                Folded::Value(def.operand(0))
            }
            _ => Folded::None,
        },
        // bitcast(x : T -> T) -> x. Triton 3.9 keeps a round trip
        // bitcast(bitcast(x : T -> U) : U -> T) as it is.
        "tt.bitcast" if same_type_as_src() => Folded::Value(op.operand(0)),
        // fp_to_fp(x : T -> T) -> x; fp_to_fp(±0.0) -> ±0.0 in the result format
        // (a format without -0 gets +0).
        "tt.fp_to_fp" if same_type_as_src() => Folded::Value(op.operand(0)),
        "tt.fp_to_fp" => match constant(constants, 0).and_then(|c| c.scalar_or_splat()) {
            Some(c) if unsafe { mlir_sys::mlirAttributeIsAFloat(c.0) } => {
                let x = unsafe { mlir_sys::mlirFloatAttrGetValueDouble(c.0) };
                if x != 0.0 {
                    return Folded::None;
                }
                let result = op.result(0).ty();
                let elem = result.element();
                let zero = Attr(unsafe { mlir_sys::mlirFloatAttrDoubleGet(op.context(), elem.0, x) });
                if result.is_tensor() {
                    Folded::Constant(Attr::splat(result, zero))
                } else {
                    Folded::Constant(zero)
                }
            }
            _ => Folded::None,
        },
        // Shape ops of a splat constant are splats; identities fold away.
        "tt.expand_dims" | "tt.broadcast" | "tt.reshape" => {
            // An identity reshape that may reorder elements is kept (as Triton does).
            let may_reorder = op.attr("allow_reorder").is_some();
            if op.name() != "tt.expand_dims" && same_type_as_src() && !may_reorder {
                return Folded::Value(op.operand(0));
            }
            resplat(op, constant(constants, 0))
        }
        "tt.trans" => {
            let order = op.attr("order").and_then(|a| a.i32_array()).unwrap_or_default();
            // The identity order keeps the layout only when the types agree.
            if order.iter().enumerate().all(|(i, &o)| o as usize == i) && same_type_as_src() {
                return Folded::Value(op.operand(0));
            }
            // trans(trans(x)) -> trans(x) with the composed order, in place
            // (an identity order with a new layout then becomes a
            // convert_layout: see `TRANS_TO_CONVERT`).
            if let Some(def) = op.operand(0).defining_op().filter(|d| d.name() == "tt.trans") {
                let inner = def.attr("order").and_then(|a| a.i32_array()).unwrap_or_default();
                let composed: Option<Vec<i32>> = order.iter().map(|&o| usize::try_from(o).ok().and_then(|o| inner.get(o).copied())).collect();
                if let Some(composed) = composed.filter(|c| c.len() == inner.len()) {
                    let attr = Attr(unsafe { mlir_sys::mlirDenseI32ArrayGet(op.context(), composed.len() as isize, composed.as_ptr()) });
                    op.set_attr("order", attr);
                    op.set_operand(0, def.operand(0));
                    return Folded::Value(op.result(0));
                }
            }
            resplat(op, constant(constants, 0))
        }
        // join(splat c, splat c) -> splat c.
        "tt.join" => match (constant(constants, 0), constant(constants, 1)) {
            (Some(a), Some(b)) if a.splat_value().is_some() && a == b => resplat(op, Some(a)),
            _ => Folded::None,
        },
        // A one-element range is the constant `start`.
        "tt.make_range" => {
            let ty = op.result(0).ty();
            let start = op.attr("start").and_then(|a| a.int()).unwrap_or(0);
            if ty.num_elements() == 1 {
                let value = Attr(unsafe { mlir_sys::mlirIntegerAttrGet(ty.element().0, start) });
                Folded::Constant(Attr::splat(ty, value))
            } else {
                Folded::None
            }
        }
        _ => Folded::None,
    }
}
