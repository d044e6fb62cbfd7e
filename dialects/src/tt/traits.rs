//! The native traits every (or some) `tt` op carries, verified in Rust.
use crate::ir::{Op, Ty, Val};
use crate::layout;
use crate::tt::rules;

fn tensor_types(values: &[Val]) -> impl Iterator<Item = Ty> + '_ {
    values.iter().map(|v| v.ty()).filter(|t| t.is_tensor())
}

fn all_same_encoding(mut types: impl Iterator<Item = Ty>) -> bool {
    let Some(first) = types.next() else { return true };
    let encoding = first.encoding();
    types.all(|ty| ty.encoding() == encoding)
}

fn all_same_shape(types: impl Iterator<Item = Ty>) -> bool {
    let mut first: Option<Vec<i64>> = None;
    for ty in types {
        let shape = ty.shape_or_scalar();
        match &first {
            None => first = Some(shape),
            Some(f) if *f != shape => return false,
            _ => {}
        }
    }
    true
}

/// Verifies the trait `name` on `op`.
pub fn verify(name: &str, op: Op) -> Result<(), String> {
    let operands = op.operands();
    let results = op.results();
    match name {
        "TensorSizeTrait" => {
            for ty in tensor_types(&operands).chain(tensor_types(&results)) {
                rules::check_tensor_size(&ty.shape_or_scalar()).map_err(|e| format!("{e} ({ty})"))?;
            }
            Ok(())
        }
        "VerifyTensorLayoutsTrait" => {
            for ty in tensor_types(&operands).chain(tensor_types(&results)) {
                if let Some(encoding) = ty.encoding() {
                    if let Some(interface) = layout::lookup(encoding) {
                        interface.verify_tensor_layout(ty, op)?;
                    }
                }
            }
            Ok(())
        }
        "SameOperandsEncoding" => all_same_encoding(tensor_types(&operands))
            .then_some(())
            .ok_or_else(|| "requires the same encoding for all operands".into()),
        "SameOperandsAndResultEncoding" => {
            all_same_encoding(tensor_types(&operands).chain(tensor_types(&results)))
                .then_some(())
                .ok_or_else(|| "requires the same encoding for all operands and results".into())
        }
        "SameResultsType" => {
            let types: Vec<Ty> = results.iter().map(|r| r.ty()).collect();
            types
                .windows(2)
                .all(|w| w[0] == w[1])
                .then_some(())
                .ok_or_else(|| "requires the same type for all results".into())
        }
        "SameLoadStoreOperandsShape" => all_same_shape(operands.iter().map(|v| v.ty()))
            .then_some(())
            .ok_or_else(|| "requires same shape for all operands".into()),
        "SameLoadStoreOperandsAndResultShape" => {
            all_same_shape(operands.iter().chain(results.iter()).map(|v| v.ty()))
                .then_some(())
                .ok_or_else(|| "requires same shape for all operands and results".into())
        }
        "SameLoadStoreOperandsEncoding" => all_same_encoding(tensor_types(&operands))
            .then_some(())
            .ok_or_else(|| "requires the same encoding for all operands".into()),
        "SameLoadStoreOperandsAndResultEncoding" => {
            all_same_encoding(tensor_types(&operands).chain(tensor_types(&results)))
                .then_some(())
                .ok_or_else(|| "requires the same encoding for all operands and results".into())
        }
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
