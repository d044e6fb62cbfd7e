//! `tritongpu-optimize-dot-operands{hoist-layout-conversion}`: canonicalizes
//! the module, then places dot operands where they are cheapest: a
//! transposed operand goes through shared memory as a `ttg.memdesc_trans`
//! view.
//!
//! Algorithm (Triton's `TritonGPUOptimizeDotOperands`):
//! 1. run the canonicalizer on the module;
//! 2. apply greedily (with folding) the patterns
//!    - `ttg.convert_layout.swizzle-transposed-operand`:
//!      `convert(trans(x)) : #dot_op` used by a `tt.dot` becomes
//!      `local_load(memdesc_trans(local_alloc(x)))`, the buffer swizzled for
//!      the transposed operand;
//!    - the canonicalization patterns of `ttg.convert_layout`.
//!
//! `hoist-layout-conversion` is accepted and changes nothing: Triton 3.9's
//! own pass leaves `convert(elementwise(load))` to a dot operand in place on
//! sm80 (checked on loads, shared-memory loads and constants; older Tritons
//! hoisted the conversion above the elementwise ops).
//!
//! Triton's MMA v3/v5 patterns (fusing a transposition into the shared
//! operand of `warp_group_dot`/`tc_gen5_mma`, register operand A of MMA v3,
//! tensor-memory copies of scales) need ops Tritium does not have; a module
//! holding such a dot is reported instead of being half transformed.
use crate::analysis::tensor_encoding;
use crate::mma_utils::*;
use std::sync::OnceLock;
use tritium_dialects::ir::{Op, Ty};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, RewritePattern, Rewriter};
use tritium_dialects::ttg::bridge::{build_memdesc, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::infer::infer_trans;

/// The pass.
pub struct OptimizeDotOperands;

impl Pass for OptimizeDotOperands {
    fn argument(&self) -> &'static str {
        "tritongpu-optimize-dot-operands"
    }
    fn run(&self, op: Op, options: &PassOptions) -> Result<(), ()> {
        let mut refused = false;
        for nested in op.nested_ops() {
            // A backend's own MMA ops (Triton's DotOpInterface beyond tt.dot).
            if tritium_dialects::spec::op_has_role(nested.name(), tritium_dialects::spec::OpRole::Dot) {
                emit_error(
                    nested,
                    "tritongpu-optimize-dot-operands: MMA v3/v5 operand optimizations are not implemented in Tritium yet",
                );
                refused = true;
            }
        }
        if refused {
            return Err(());
        }
        // Step 1. Triton ignores the canonicalizer's result.
        let _ = options.run_pipeline(op, "canonicalize");
        // Step 2.
        if !apply_patterns_greedily(op, patterns()) {
            emit_error(op, "tritongpu-optimize-dot-operands: the rewrite did not converge");
            return Err(());
        }
        Ok(())
    }
}

/// The pattern set of step 2.
fn patterns() -> &'static [&'static dyn RewritePattern] {
    static SET: OnceLock<&'static [&'static dyn RewritePattern]> = OnceLock::new();
    SET.get_or_init(|| {
        let mut set: Vec<&'static dyn RewritePattern> = vec![&SwizzleTransposedOperand];
        let canonical =
            tritium_dialects::spec::rewrite_patterns("canonicalize", tritium_dialects::tt::patterns::PATTERNS);
        set.extend(canonical.iter().copied().filter(|p| p.root() == "ttg.convert_layout"));
        Box::leak(set.into_boxed_slice())
    })
}

/// `convert(trans(x)) : #dot_op` → `local_load(memdesc_trans(local_alloc(x)))`.
struct SwizzleTransposedOperand;

impl RewritePattern for SwizzleTransposedOperand {
    fn name(&self) -> &'static str {
        "ttg.convert_layout.swizzle-transposed-operand"
    }
    fn root(&self) -> &'static str {
        "ttg.convert_layout"
    }
    fn match_and_rewrite(&self, cvt: Op, rewriter: &Rewriter) -> bool {
        let users = cvt.result(0).users();
        if users.len() != 1 || users[0].name() != "tt.dot" {
            return false;
        }
        let Some(trans) = cvt.operand(0).defining_op().filter(|o| o.name() == "tt.trans") else { return false };
        if trans.attr("order").and_then(|a| a.i32_array()) != Some(vec![1, 0]) {
            return false;
        }
        let trans_src = trans.operand(0);
        let mut src_ty = trans_src.ty();
        if let Some(inner) = trans_src.defining_op().filter(|o| o.name() == "ttg.convert_layout") {
            src_ty = inner.operand(0).ty();
        }
        let load_ty = cvt.result(0).ty();
        let Some(dot_enc @ Encoding::DotOperand { .. }) = tensor_encoding(load_ty) else { return false };
        let (Some(src_enc), Some(shape), Some(order)) = (tensor_encoding(src_ty), src_ty.shape(), order_for_memory(src_ty))
        else {
            return false;
        };
        let Some(shared) =
            swizzled_shared_for_operand(&dot_enc, &shape, &order, &cga_of(&src_enc), src_ty.element().bit_width(), true)
        else {
            return false;
        };
        let Ok(trans_shared) = infer_trans(&shared, &shape, &[1, 0]) else { return false };
        let transposed: Vec<i64> = shape.iter().rev().copied().collect();
        let (Some(alloc_ty), Some(view_ty)) =
            (memdesc(src_ty, &shape, &shared), memdesc(src_ty, &transposed, &trans_shared))
        else {
            return false;
        };
        let Some(order_attr) = trans.attr("order") else { return false };
        let alloc = rewriter.create(trans, "ttg.local_alloc", &[trans_src], &[alloc_ty], &[]);
        let view = rewriter.create(trans, "ttg.memdesc_trans", &[alloc.result(0)], &[view_ty], &[("order", order_attr.0)]);
        let load = rewriter.create(trans, "ttg.local_load", &[view.result(0)], &[load_ty], &[]);
        rewriter.replace(trans, &[load.result(0)]);
        true
    }
}

/// An immutable shared-memory buffer type for a tensor like `like`.
fn memdesc(like: Ty, shape: &[i64], enc: &Encoding) -> Option<Ty> {
    let context = like.context();
    let encoding = tritium_dialects::ttg::bridge::build(context, enc)?;
    let memory_space = tritium_dialects::ttg::bridge::build(context, &Encoding::SharedMemory)?;
    build_memdesc(
        context,
        &MemDesc {
            shape: shape.to_vec(),
            element: like.element(),
            encoding,
            memory_space,
            mutable: false,
            alloc_shape: shape.to_vec(),
        },
    )
}
