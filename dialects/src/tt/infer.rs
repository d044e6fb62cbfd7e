//! Result-type inference of the `tt` ops. Shapes come from [`super::rules`];
//! encodings, when the operands carry one, from the encoding dialect's
//! [`crate::layout::LayoutInterface`].
use crate::ir::Ty;
use crate::layout;
use crate::tt::rules;

/// What the C++ side knows about an op whose result types are inferred.
pub struct InferInput<'a> {
    /// The op name, e.g. `tt.expand_dims`.
    pub op_name: &'a str,
    /// Operand types, in order.
    pub operands: &'a [Ty],
    /// The `axis` attribute, where the op has one.
    pub axis: i64,
    /// The `order` attribute, where the op has one.
    pub order: &'a [i32],
}

fn first(input: &InferInput<'_>) -> Result<Ty, String> {
    input.operands.first().copied().ok_or_else(|| "expects at least one operand".into())
}

fn ranked(ty: Ty) -> Result<Vec<i64>, String> {
    ty.shape().ok_or_else(|| format!("expected a ranked tensor, got {ty}"))
}

/// Infers the result types of `input`.
pub fn infer(input: &InferInput<'_>) -> Result<Vec<Ty>, String> {
    match input.op_name {
        "tt.unsplat" => Ok(vec![first(input)?.element()]),
        "tt.expand_dims" => {
            let src = first(input)?;
            let shape = rules::expand_dims_shape(&ranked(src)?, input.axis)?;
            let encoding = match src.encoding() {
                Some(e) => Some(layout::require(e)?.infer_expand_dims(e, input.axis as usize)?),
                None => None,
            };
            Ok(vec![Ty::tensor(&shape, src.element(), encoding)])
        }
        "tt.split" => {
            let src = first(input)?;
            let src_shape = ranked(src)?;
            let shape = rules::split_shape(&src_shape)?;
            let encoding = match src.encoding() {
                Some(e) => Some(layout::require(e)?.infer_split(e, &src_shape)?),
                None => None,
            };
            let half = Ty::tensor(&shape, src.element(), encoding);
            Ok(vec![half, half])
        }
        "tt.trans" => {
            let src = first(input)?;
            let src_shape = ranked(src)?;
            let shape = rules::trans_shape(&src_shape, input.order)?;
            let encoding = match src.encoding() {
                Some(e) => Some(layout::require(e)?.infer_trans(e, &src_shape, input.order)?),
                None => None,
            };
            Ok(vec![Ty::tensor(&shape, src.element(), encoding)])
        }
        "tt.dot" => {
            let c = *input.operands.get(2).ok_or("expects three operands")?;
            Ok(vec![c])
        }
        "tt.reduce" => {
            let mut results = Vec::with_capacity(input.operands.len());
            for &src in input.operands {
                let shape = rules::reduce_shape(&ranked(src)?, input.axis)?;
                if shape.is_empty() {
                    results.push(src.element());
                } else {
                    let encoding = match src.encoding() {
                        Some(e) => Some(layout::require(e)?.infer_reduce(e, input.axis as usize)?),
                        None => None,
                    };
                    results.push(Ty::tensor(&shape, src.element(), encoding));
                }
            }
            Ok(results)
        }
        "tt.scan" => Ok(input.operands.to_vec()),
        "tt.gather" => {
            let src = first(input)?;
            let indices = *input.operands.get(1).ok_or("expects two operands")?;
            Ok(vec![Ty::tensor(&ranked(indices)?, src.element(), indices.encoding())])
        }
        other => Err(format!("no type inference for '{other}'")),
    }
}
