//! The native traits every (or some) `tt` op carries, verified in Rust.
use crate::ir::{Op, Ty, Val};
use crate::layout;
use crate::tt::rules;

fn tensor_types(values: &[Val]) -> impl Iterator<Item = Ty> + '_ {
    values.iter().map(|v| v.ty()).filter(|t| t.is_tensor())
}

fn encoding_key(ty: Ty) -> String {
    ty.encoding().map(|e| e.to_string()).unwrap_or_default()
}

fn all_same_encoding(types: impl Iterator<Item = Ty>) -> bool {
    let mut first: Option<String> = None;
    for ty in types {
        let key = encoding_key(ty);
        match &first {
            None => first = Some(key),
            Some(f) if *f != key => return false,
            _ => {}
        }
    }
    true
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
