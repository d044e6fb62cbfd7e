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
//!    - `ttg.local_alloc.fuse-trans-mma-v3-plus` (Triton's
//!      `FuseTransMMAV3Plus`): `local_alloc(trans(x)) : #nvmma_shared` whose
//!      one user is a backend MMA (op role `Dot`) becomes
//!      `memdesc_trans(local_alloc(x))`, the buffer in the transposition of
//!      the alloc's encoding (the MMA reads the transposed view);
//!    - the canonicalization patterns of `ttg.convert_layout`.
//!
//! `hoist-layout-conversion` is accepted and changes nothing: Triton 3.9's
//! own pass leaves `convert(elementwise(load))` to a dot operand in place on
//! an MMA v2 target (checked at compute capability 80 on loads, shared-memory
//! loads and constants; older Tritons hoisted the conversion above the
//! elementwise ops).
//!
//! Triton's other patterns for a backend's MMA ops (register operand A of a
//! chained MMA v3, tensor-memory copies of scales) are not implemented: a
//! module where one would apply (and any MMA v5) is reported instead of
//! being half transformed; an MMA v3 reading plain shared copies of loaded
//! tensors is left as Triton leaves it.
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
            if !tritium_dialects::spec::op_has_role(nested.name(), tritium_dialects::spec::OpRole::Dot) {
                continue;
            }
            if let Some(why) = unsupported_backend_dot(nested) {
                emit_error(nested, &format!("tritongpu-optimize-dot-operands: {why} is not implemented in Tritium yet"));
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

/// Why Triton's pass would rewrite the operands of the backend MMA `dot`
/// in a way Tritium does not (`None`: Triton leaves them as they are).
/// Only MMA v3 results (a tensor in `#ttg.nvidia_mma` v3) are handled (a
/// transposition into a shared operand is fused by
/// [`FuseTransMmaV3Plus`]); Triton keeps operand A in registers when it comes
/// from another v3 MMA, which Tritium does not.
fn unsupported_backend_dot(dot: Op) -> Option<&'static str> {
    let v3 = dot.num_results() == 1
        && matches!(tensor_encoding(dot.result(0).ty()), Some(Encoding::NvidiaMma { version_major: 3, .. }));
    if !v3 {
        return Some("operand optimization of MMA v5");
    }
    for index in 0..2 {
        let Some(alloc) = dot.operand(index).defining_op().filter(|o| o.name() == "ttg.local_alloc") else { continue };
        if alloc.num_operands() == 0 {
            continue;
        }
        let src = alloc.operand(0);
        if index == 0 && matches!(tensor_encoding(src.ty()), Some(Encoding::NvidiaMma { version_major: 3, .. })) {
            return Some("a register operand A for a chained MMA v3");
        }
    }
    None
}

/// The pattern set of step 2.
fn patterns() -> &'static [&'static dyn RewritePattern] {
    static SET: OnceLock<&'static [&'static dyn RewritePattern]> = OnceLock::new();
    SET.get_or_init(|| {
        let mut set: Vec<&'static dyn RewritePattern> = vec![&SwizzleTransposedOperand, &FuseTransMmaV3Plus];
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
        // Only the conversion reads the shared copy (as Triton): other users
        // of the transposition keep it.
        rewriter.modify_in_place(cvt, || cvt.set_operand(0, load.result(0)));
        true
    }
}

/// `local_alloc(trans(x))` feeding a backend MMA → `memdesc_trans(local_alloc(x))`.
struct FuseTransMmaV3Plus;

impl RewritePattern for FuseTransMmaV3Plus {
    fn name(&self) -> &'static str {
        "ttg.local_alloc.fuse-trans-mma-v3-plus"
    }
    fn root(&self) -> &'static str {
        "ttg.local_alloc"
    }
    fn match_and_rewrite(&self, alloc: Op, rewriter: &Rewriter) -> bool {
        if alloc.num_operands() != 1 {
            return false;
        }
        let users = alloc.result(0).users();
        if users.len() != 1
            || users[0].name() == "tt.dot"
            || !tritium_dialects::spec::op_has_role(users[0].name(), tritium_dialects::spec::OpRole::Dot)
        {
            return false;
        }
        let Some(trans) = alloc.operand(0).defining_op().filter(|o| o.name() == "tt.trans") else { return false };
        if trans.attr("order").and_then(|a| a.i32_array()) != Some(vec![1, 0]) {
            return false;
        }
        let alloc_ty = alloc.result(0).ty();
        let Some(md) = tritium_dialects::ttg::bridge::memdesc_of(alloc_ty) else { return false };
        let Some(Ok(alloc_enc @ Encoding::NvmmaShared { .. })) = tritium_dialects::ttg::bridge::encoding_of(md.encoding)
        else {
            return false;
        };
        let src = trans.operand(0);
        let Some(src_shape) = src.ty().shape() else { return false };
        let Ok(inner_enc) = infer_trans(&alloc_enc, &src_shape, &[1, 0]) else { return false };
        let Some(inner_ty) = tritium_dialects::ttg::bridge::build(alloc.context(), &inner_enc).and_then(|encoding| {
            build_memdesc(
                alloc.context(),
                &MemDesc {
                    shape: src_shape.clone(),
                    element: md.element,
                    encoding,
                    memory_space: md.memory_space,
                    mutable: false,
                    alloc_shape: src_shape.clone(),
                },
            )
        }) else {
            return false;
        };
        let Some(order_attr) = trans.attr("order") else { return false };
        let inner = rewriter.create(alloc, "ttg.local_alloc", &[src], &[inner_ty], &[]);
        let view = rewriter.create(alloc, "ttg.memdesc_trans", &[inner.result(0)], &[alloc_ty], &[("order", order_attr.0)]);
        rewriter.replace(alloc, &[view.result(0)]);
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
