//! Folders of the `ttg` ops.
use crate::ir::{Attr, Op};
use crate::tt::fold::Folded;

/// Folds the `ttg` op `op` (operands never need to be constants here).
pub fn fold(op: Op, _constants: &[Attr]) -> Folded {
    if op.num_operands() == 0 || op.num_results() == 0 {
        return Folded::None;
    }
    let src = op.operand(0);
    let result_ty = op.result(0).ty();
    match op.name() {
        // (ttg.convert_layout has no folder, as in Triton; see
        // `convert_patterns`.)
        // A view that changes nothing is its source: a transposition by the
        // identity, a reinterpret to the same type. (Triton 3.9 keeps a
        // subslice at offset 0 of the same type: tritongpu-prefetch makes
        // one when the prefetched slice is the whole K of an fp8 operand.)
        "ttg.memdesc_reinterpret" if src.ty() == result_ty => Folded::Value(src),
        // subslice(subslice(x, a), b) -> subslice(x, a + b), in place.
        "ttg.memdesc_subslice" => {
            let Some(inner) = src.defining_op().filter(|d| d.name() == "ttg.memdesc_subslice") else {
                return Folded::None;
            };
            let (Some(outer_offsets), Some(inner_offsets)) =
                (op.attr("offsets").and_then(Attr::i32_array), inner.attr("offsets").and_then(Attr::i32_array))
            else {
                return Folded::None;
            };
            if outer_offsets.len() != inner_offsets.len() {
                return Folded::None;
            }
            let Some(sum) = outer_offsets.iter().zip(&inner_offsets).map(|(a, b)| a.checked_add(*b)).collect::<Option<Vec<i32>>>() else {
                return Folded::None;
            };
            let attr = Attr(unsafe { mlir_sys::mlirDenseI32ArrayGet(op.context(), sum.len() as isize, sum.as_ptr()) });
            op.set_attr("offsets", attr);
            op.set_operand(0, inner.operand(0));
            Folded::Value(op.result(0))
        }
        // An immutable copy of what was just loaded from an immutable buffer
        // of the same type is that buffer.
        "ttg.local_alloc" => match src.defining_op().filter(|d| d.name() == "ttg.local_load") {
            Some(load) if load.operand(0).ty() == result_ty && crate::ttg::bridge::memdesc_of(result_ty).is_some_and(|m| !m.mutable) => {
                Folded::Value(load.operand(0))
            }
            _ => Folded::None,
        },
        "ttg.memdesc_trans" => {
            let order = op.attr("order").and_then(Attr::i32_array).unwrap_or_default();
            let identity = order.iter().enumerate().all(|(i, &o)| o as usize == i);
            if identity && src.ty() == result_ty { Folded::Value(src) } else { Folded::None }
        }
        _ => Folded::None,
    }
}
