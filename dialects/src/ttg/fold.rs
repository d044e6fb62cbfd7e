//! Folders of the `ttg` ops.
use crate::ir::{Attr, Op};
use crate::tt::fold::Folded;

/// Folds the `ttg` op `op` (operands never need to be constants here).
pub fn fold(op: Op, _constants: &[Attr]) -> Folded {
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
        "ttg.memdesc_trans" => {
            let order = op.attr("order").and_then(Attr::i32_array).unwrap_or_default();
            let identity = order.iter().enumerate().all(|(i, &o)| o as usize == i);
            if identity && src.ty() == result_ty { Folded::Value(src) } else { Folded::None }
        }
        _ => Folded::None,
    }
}
