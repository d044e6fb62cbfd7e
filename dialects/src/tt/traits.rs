//! The native traits every (or some) `tt` op carries, verified in Rust.
//!
//! These run for every op at every verification (after each pass), so they
//! walk operands and results in place instead of collecting them.
use crate::ir::{Op, Ty};
use crate::layout;
use crate::tt::rules;

/// The types of `op`'s operands, then of its results (`results` false: operands only).
fn types(op: Op, results: bool) -> impl Iterator<Item = Ty> {
    let operands = (0..op.num_operands()).map(move |i| op.operand(i).ty());
    let results = (0..if results { op.num_results() } else { 0 }).map(move |i| op.result(i).ty());
    operands.chain(results)
}

/// The ranked-tensor types among `types`.
fn tensors(types: impl Iterator<Item = Ty>) -> impl Iterator<Item = Ty> {
    types.filter(|t| t.is_tensor())
}

fn all_same_encoding(mut types: impl Iterator<Item = Ty>) -> bool {
    let Some(first) = types.next() else { return true };
    let encoding = first.encoding();
    types.all(|ty| ty.encoding() == encoding)
}

/// Calls `f` with the shape of `ty` (empty for a scalar) without allocating
/// for ranks up to 8.
fn with_shape<R>(ty: Ty, f: impl FnOnce(&[i64]) -> R) -> R {
    if !ty.is_tensor() {
        return f(&[]);
    }
    let rank = unsafe { mlir_sys::mlirShapedTypeGetRank(ty.0) } as usize;
    if rank > 8 {
        return f(&ty.shape_or_scalar());
    }
    let mut dims = [0i64; 8];
    for (i, d) in dims.iter_mut().enumerate().take(rank) {
        *d = unsafe { mlir_sys::mlirShapedTypeGetDimSize(ty.0, i as isize) };
    }
    f(&dims[..rank])
}

fn same_shape(a: Ty, b: Ty) -> bool {
    a == b || with_shape(a, |sa| with_shape(b, |sb| sa == sb))
}

fn all_same_shape(mut types: impl Iterator<Item = Ty>) -> bool {
    let Some(first) = types.next() else { return true };
    types.all(|ty| same_shape(first, ty))
}

/// Verifies the trait `name` on `op`.
pub fn verify(name: &str, op: Op) -> Result<(), String> {
    match name {
        "TensorSizeTrait" => {
            for ty in tensors(types(op, true)) {
                // A zero-length range is reported by make_range's own
                // verifier ("start must be less than end"), as Triton does.
                if op.name() == "tt.make_range" && with_shape(ty, |s| s.contains(&0)) {
                    continue;
                }
                with_shape(ty, rules::check_tensor_size).map_err(|e| format!("{e} ({ty})"))?;
            }
            Ok(())
        }
        "VerifyTensorLayoutsTrait" => {
            for ty in tensors(types(op, true)) {
                if let Some(encoding) = ty.encoding() {
                    if let Some(interface) = layout::lookup(encoding) {
                        interface.verify_tensor_layout(ty, op)?;
                    }
                }
            }
            Ok(())
        }
        "SameOperandsEncoding" => all_same_encoding(tensors(types(op, false)))
            .then_some(())
            .ok_or_else(|| "requires the same encoding for all operands".into()),
        "SameOperandsAndResultEncoding" => all_same_encoding(tensors(types(op, true)))
            .then_some(())
            .ok_or_else(|| "requires the same encoding for all operands and results".into()),
        "SameResultsType" => {
            let mut results = (0..op.num_results()).map(|i| op.result(i).ty());
            let first = results.next();
            results
                .all(|ty| Some(ty) == first)
                .then_some(())
                .ok_or_else(|| "requires the same type for all results".into())
        }
        "SameLoadStoreOperandsShape" => all_same_shape(types(op, false))
            .then_some(())
            .ok_or_else(|| "requires same shape for all operands".into()),
        "SameLoadStoreOperandsAndResultShape" => all_same_shape(types(op, true))
            .then_some(())
            .ok_or_else(|| "requires same shape for all operands and results".into()),
        "SameLoadStoreOperandsEncoding" => all_same_encoding(tensors(types(op, false)))
            .then_some(())
            .ok_or_else(|| "requires the same encoding for all operands".into()),
        "SameLoadStoreOperandsAndResultEncoding" => all_same_encoding(tensors(types(op, true)))
            .then_some(())
            .ok_or_else(|| "requires the same encoding for all operands and results".into()),
        other => Err(format!("unknown trait '{other}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::string_ref;
    use melior::Context;
    use mlir_sys::*;

    /// Builds an unregistered op `test.op` with these operand and result types.
    fn op_with(context: &Context, results: &[Ty]) -> Op {
        unsafe {
            let raw = context.to_raw();
            mlirContextSetAllowUnregisteredDialects(raw, true);
            let mut state = mlirOperationStateGet(string_ref("test.op"), mlirLocationUnknownGet(raw));
            let types: Vec<MlirType> = results.iter().map(|t| t.0).collect();
            mlirOperationStateAddResults(&mut state, types.len() as isize, types.as_ptr());
            Op(mlirOperationCreate(&mut state))
        }
    }

    #[test]
    fn tensor_size_trait() {
        let context = Context::new();
        let f32 = Ty(unsafe { mlirF32TypeGet(context.to_raw()) });
        let good = op_with(&context, &[Ty::tensor(&[128, 4], f32, None)]);
        assert!(verify("TensorSizeTrait", good).is_ok());
        let odd = op_with(&context, &[Ty::tensor(&[3], f32, None)]);
        let err = verify("TensorSizeTrait", odd).unwrap_err();
        assert!(err.contains("Number of elements must be power-of-two"), "{err}");
        assert!(err.contains("tensor<3xf32>"), "{err}");
        let huge = op_with(&context, &[Ty::tensor(&[2048, 1024], f32, None)]);
        assert!(verify("TensorSizeTrait", huge).unwrap_err().contains("Maximum allowed number of elements"));
        for op in [good, odd, huge] {
            unsafe { mlirOperationDestroy(op.0) };
        }
    }

    #[test]
    fn same_results_type_trait() {
        let context = Context::new();
        let f32 = Ty(unsafe { mlirF32TypeGet(context.to_raw()) });
        let i32 = Ty(unsafe { mlirIntegerTypeGet(context.to_raw(), 32) });
        let same = op_with(&context, &[f32, f32]);
        let different = op_with(&context, &[f32, i32]);
        assert!(verify("SameResultsType", same).is_ok());
        assert!(verify("SameResultsType", different).is_err());
        assert!(verify("NoSuchTrait", same).is_err());
        unsafe {
            mlirOperationDestroy(same.0);
            mlirOperationDestroy(different.0);
        }
    }
}
