//! The NVIDIA backend's canonicalization patterns (target patterns for
//! `cuda:*` modules, see `tritium_dialects::target_patterns`).
//!
//! `arith.divf.reciprocal-of-constant`: an f32 division by a constant (a
//! scalar, or a splat tensor) becomes a multiplication by the constant's
//! reciprocal, computed once by `tt.approx_divf` (the `div.approx.f32` of the
//! lowering) on scalars:
//!
//! ```mlir
//! %q = arith.divf %x, %c3 : tensor<128xf32>         // %c3 = dense<3.0>
//! // becomes
//! %r = tt.approx_divf %one, %three : f32
//! %s = tt.splat %r : f32 -> tensor<128xf32>
//! %q = arith.mulf %x, %s : tensor<128xf32>
//! ```
//!
//! This is what Triton 3.9's canonicalizer does for CUDA targets (checked
//! with its own `canonicalize` on scalars, splats, f16, non-constant and
//! constant-dividend divisions: only f32 divisions by a constant change).
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty};
use tritium_dialects::rewrite::{RewritePattern, Rewriter};

/// See the module documentation.
pub struct DivByConstantToReciprocal;

/// The scalar f32 value of a constant divisor, if `op`'s divisor is one.
fn constant_divisor(op: Op) -> Option<Attr> {
    let def = op.operand(1).defining_op()?;
    if def.name() != "arith.constant" {
        return None;
    }
    let value = def.attr("value")?.scalar_or_splat()?;
    let is_f32 = unsafe { mlirAttributeIsAFloat(value.0) && mlirTypeIsAF32(mlirAttributeGetType(value.0)) };
    is_f32.then_some(value)
}

impl RewritePattern for DivByConstantToReciprocal {
    fn name(&self) -> &'static str {
        "arith.divf.reciprocal-of-constant"
    }
    fn root(&self) -> &'static str {
        "arith.divf"
    }
    fn match_and_rewrite(&self, op: Op, rewriter: &Rewriter) -> bool {
        let result_ty = op.result(0).ty();
        let f32 = Ty(unsafe { mlirF32TypeGet(op.context()) });
        if result_ty.element() != f32 {
            return false;
        }
        let Some(divisor) = constant_divisor(op) else { return false };
        // A scalar divisor is used as it is; a splat one becomes a scalar
        // constant, made before the 1.0 (the order Triton's constants end
        // up in at the top of the function).
        let divisor = if result_ty.is_tensor() {
            rewriter.create(op, "arith.constant", &[], &[f32], &[("value", divisor.0)]).result(0)
        } else {
            op.operand(1)
        };
        let one = Attr(unsafe { mlirFloatAttrDoubleGet(op.context(), f32.0, 1.0) });
        let one = rewriter.create(op, "arith.constant", &[], &[f32], &[("value", one.0)]);
        let reciprocal = rewriter.create(op, "tt.approx_divf", &[one.result(0), divisor], &[f32], &[]);
        let factor = if result_ty.is_tensor() {
            rewriter.create(op, "tt.splat", &[reciprocal.result(0)], &[result_ty], &[]).result(0)
        } else {
            reciprocal.result(0)
        };
        let product = rewriter.create(op, "arith.mulf", &[op.operand(0), factor], &[result_ty], &[]);
        rewriter.replace(op, &[product.result(0)]);
        true
    }
}

/// The patterns, registered for the prefix `cuda` by [`crate::install`].
pub static PATTERNS: &[&dyn RewritePattern] = &[&DivByConstantToReciprocal];
