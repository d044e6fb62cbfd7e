//! `ttg`'s implementation of the [`LayoutInterface`] that `tt` consults for
//! encoded tensors, and the installation of the `ttg` hooks.
use super::bridge::{self, TtgHooks};
use super::encoding::Encoding;
use super::to_linear::to_linear_layout;
use super::{infer, verify};
use crate::ir::{Attr, Op, Ty};
use crate::layout::{self, LayoutInterface};
use mlir_sys::mlirAttributeGetContext;

/// The layout rules of the `ttg` encodings.
pub struct TtgLayouts;

fn decode(encoding: Attr) -> Result<Encoding, String> {
    bridge::encoding_of(encoding).unwrap_or_else(|| Err(format!("{encoding} is not a ttg encoding")))
}

fn build(like: Attr, encoding: &Encoding) -> Result<Attr, String> {
    let context = unsafe { mlirAttributeGetContext(like.0) };
    bridge::build(context, encoding).ok_or_else(|| format!("the inferred layout {encoding:?} is not valid"))
}

impl LayoutInterface for TtgLayouts {
    fn verify_tensor_layout(&self, tensor: Ty, op: Op) -> Result<(), String> {
        verify::verify_tensor_layout(tensor, op)
    }

    fn infer_expand_dims(&self, encoding: Attr, axis: usize) -> Result<Attr, String> {
        build(encoding, &infer::infer_expand_dims(&decode(encoding)?, axis)?)
    }

    fn infer_reduce(&self, encoding: Attr, axis: usize) -> Result<Attr, String> {
        build(encoding, &infer::infer_reduce(&decode(encoding)?, axis)?)
    }

    fn infer_trans(&self, encoding: Attr, shape: &[i64], order: &[i32]) -> Result<Attr, String> {
        build(encoding, &infer::infer_trans(&decode(encoding)?, shape, order)?)
    }

    fn infer_split(&self, encoding: Attr, shape: &[i64]) -> Result<Attr, String> {
        build(encoding, &infer::infer_split(&decode(encoding)?, shape)?)
    }

    fn verify_op_layouts(&self, op: Op) -> Result<(), String> {
        verify::verify_tt_op_layouts(op)
    }

    fn layouts_equivalent(&self, shape: &[i64], a: Attr, b: Attr) -> bool {
        let (Ok(a), Ok(b)) = (decode(a), decode(b)) else { return false };
        if !a.is_distributed() || !b.is_distributed() {
            return a == b;
        }
        match (to_linear_layout(&a, shape), to_linear_layout(&b, shape)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

static TTG_LAYOUTS: TtgLayouts = TtgLayouts;

/// Installs the hooks the `ttg` dialect hands over when it loads, and makes
/// `tt` consult [`TtgLayouts`] for `ttg` encodings.
pub fn install(hooks: TtgHooks) {
    bridge::install(hooks);
    layout::register("ttg", &TTG_LAYOUTS);
}
