//! `ttng.packed_arith`.

use super::*;

/// How `ttng.packed_arith` packs one element type: the suffix of its
/// instruction (`f16x2`), the lanes per register and a one-letter kind used
/// by the signature table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Packing {
    suffix: &'static str,
    lanes: u32,
    kind: char,
}

pub(super) fn packing(element: Ty) -> Option<Packing> {
    let (suffix, lanes, kind) = match type_name(element).as_str() {
        "f32" => ("f32x2", 2, 'f'),
        "f16" => ("f16x2", 2, 'h'),
        "bf16" => ("bf16x2", 2, 'b'),
        "f8E5M2" => ("e5m2x4", 4, '5'),
        "f8E4M3FN" => ("e4m3x4", 4, '4'),
        // e2m1 comes two to a byte.
        "i8" => ("e2m1x4", 4, '2'),
        "f8E8M0FNU" => ("ue8m0x4", 4, 'u'),
        _ => return None,
    };
    Some(Packing { suffix, lanes, kind })
}

/// The instructions `ttng.packed_arith` lowers to: per operation, the result
/// kinds and each operand's kinds (`=`: the result's type; `!`: the other
/// 16-bit type), as in Triton 3.9.
pub(super) const PACKED_SIGNATURES: [(&str, &str, &[&str]); 13] = [
    ("add sub mul", "fhb", &["=", "="]),
    ("fma", "fhb", &["=", "=", "="]),
    ("min max", "hb", &["=", "="]),
    ("add sub", "f", &["hb", "f"]),
    ("add sub", "h", &["f", "f"]),
    ("add sub", "b", &["f", "f"]),
    ("mul", "h", &["f", "f"]),
    ("mul", "b", &["f", "f"]),
    ("mul", "hb", &["=", "!"]),
    ("fma", "f", &["hb", "f", "f"]),
    ("add sub", "54", &["542u", "="]),
    ("mul", "54", &["542u", "542u"]),
    ("fma", "54", &["542u", "542u", "="]),
];

pub(super) fn packed_signature_ok(kind: &str, result: Packing, operands: &[Packing]) -> bool {
    let matches = |types: &str, info: Packing| match types {
        "=" => info == result,
        "!" => info != result && "hb".contains(info.kind),
        _ => types.contains(info.kind),
    };
    PACKED_SIGNATURES.iter().any(|(ops, results, types)| {
        ops.split(' ').any(|o| o == kind)
            && matches(results, result)
            && operands.iter().zip(types.iter()).all(|(&info, t)| matches(t, info))
    })
}

/// The dimension along which every e2m1 (i8) operand is half the result, if
/// they all agree on one.
pub(super) fn packed_fp4_axis(result_shape: &[i64], operands: &[Val]) -> Option<Option<usize>> {
    let mut axis = None;
    for operand in operands {
        let ty = operand.ty();
        if type_name(ty.element()) != "i8" {
            continue;
        }
        let shape = ty.shape()?;
        if shape.len() != result_shape.len() {
            return None;
        }
        let differing: Vec<usize> = (0..shape.len()).filter(|&d| shape[d] != result_shape[d]).collect();
        let [d] = differing[..] else { return None };
        if shape[d].checked_mul(2) != Some(result_shape[d]) || axis.is_some_and(|a| a != d) {
            return None;
        }
        axis = Some(d);
    }
    Some(axis)
}

/// Triton 3.9's `PackedArithOp::verify`.
pub(super) fn verify_packed_arith(op: Op) -> Verdict {
    let names = ["add", "sub", "mul", "fma", "min", "max"];
    let kind_index = int_attr(op, "op_kind").unwrap_or(0);
    let kind = names.get(kind_index as usize).copied().unwrap_or("?");
    let expected = if kind == "fma" { 3 } else { 2 };
    if op.num_operands() != expected {
        return Err(format!("{kind} expects {expected} operands but got {}", op.num_operands()));
    }
    let result_ty = op.result(0).ty();
    let Some(result) = packing(result_ty.element()) else {
        return Err("has an unsupported result element type".into());
    };
    let result_enc = encoding_of(op.result(0)).filter(Encoding::is_distributed);
    let Some(result_enc) = result_enc else { return Err("requires a distributed tensor layout".into()) };
    let operands = op.operands();
    let infos: Vec<Option<Packing>> = operands.iter().map(|v| packing(v.ty().element())).collect();
    let known: Vec<Packing> = infos.iter().flatten().copied().collect();
    if known.len() != infos.len() || !packed_signature_ok(kind, result, &known) {
        let shown: Vec<&str> = infos.iter().map(|i| i.map_or("?", |i| i.suffix)).collect();
        return Err(format!("unsupported {kind} signature {} <- ({})", result.suffix, shown.join(", ")));
    }
    let shape = result_ty.shape().unwrap_or_default();
    let fp4_axis = packed_fp4_axis(&shape, &operands);
    if fp4_axis.flatten().is_none() && known.iter().any(|i| i.kind == '2') {
        return Err("requires every fp4 operand to have the result shape with the same single dimension halved".into());
    }
    let layout = to_linear::to_linear_layout(&result_enc, &shape)?;
    let registers = layout.in_dim_size("register").unwrap_or(1).max(1) as u32;
    let free = layout.get_free_variable_masks().into_iter().find(|(d, _)| d == "register").map_or(0, |(_, m)| m);
    let unique = registers >> free.count_ones();
    if unique < result.lanes || unique % result.lanes != 0 {
        return Err(format!("result layout must provide a multiple of {} unique elements per thread", result.lanes));
    }
    let canonical_fp4 = fp4_axis
        .flatten()
        .and_then(|axis| tritium_dialects::ttg::infer::infer_fp4_to_fp_src(&result_enc, &shape, axis).ok());
    let list = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    for (index, (operand, info)) in operands.iter().zip(&known).enumerate() {
        let operand_shape = operand.ty().shape().unwrap_or_default();
        let operand_enc = encoding_of(*operand).filter(Encoding::is_distributed);
        if info.kind == '2' {
            let compatible = match (&operand_enc, &canonical_fp4) {
                (Some(enc), Some(canonical)) => {
                    tritium_dialects::ttg::infer::layouts_equivalent(&operand_shape, canonical, enc).unwrap_or(false)
                }
                _ => false,
            };
            if !compatible {
                return Err(format!("fp4 operand {index} must have a layout compatible with the result"));
            }
            continue;
        }
        if operand_shape != shape {
            return Err(format!(
                "operand {index} must have the result shape {}, but got {}",
                list(&shape),
                list(&operand_shape)
            ));
        }
        let equivalent = encoding_of(*operand).is_some_and(|enc| {
            tritium_dialects::ttg::infer::layouts_equivalent(&shape, &enc, &result_enc).unwrap_or(false)
        });
        if !equivalent {
            return Err(format!("operand {index} must have a layout equivalent to the result"));
        }
    }
    Ok(())
}
