//! `ttg`'s implementation of the [`LayoutInterface`] that `tt` consults for
//! encoded tensors, and the installation of the `ttg` hooks.
use super::bridge::{self, TtgHooks};
use super::encoding::Encoding;
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
}

static TTG_LAYOUTS: TtgLayouts = TtgLayouts;

/// Installs the hooks the `ttg` dialect hands over when it loads, and makes
/// `tt` consult [`TtgLayouts`] for `ttg` encodings.
pub fn install(hooks: TtgHooks) {
    bridge::install(hooks);
    layout::register("ttg", &TTG_LAYOUTS);
}
