//! `tritongpu-reduce-data-duplication`: routes a conversion from a
//! distributed layout to a dot operand that needs shared memory through an
//! explicit `ttg.local_alloc` + `ttg.local_load`, with the swizzled shared
//! encoding the MMA operand wants.
//!
//! Algorithm (Triton's `TritonGPUReduceDataDuplication`), for each
//! `ttg.convert_layout` in walk order whose source is distributed and whose
//! result is a `#ttg.dot_op`:
//! 1. skip it when the conversion only reorders registers or shuffles lanes;
//! 2. otherwise replace it by `local_load(local_alloc(src))`, the buffer in
//!    the swizzled encoding of [`swizzled_shared_for_operand`] in the
//!    source's memory order.
use crate::analysis::swizzle::{classify_cvt, CvtKind};
use crate::analysis::{tensor_encoding, tensor_layout};
use crate::mma_utils::*;
use mlir_sys::*;
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge::{build_memdesc, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;

/// The pass.
pub struct ReduceDataDuplication;

impl Pass for ReduceDataDuplication {
    fn argument(&self) -> &'static str {
        "tritongpu-reduce-data-duplication"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let mut failed = false;
        for cvt in op.nested_ops().into_iter().filter(|o| o.name() == "ttg.convert_layout") {
            if let Err(message) = rewrite(cvt) {
                emit_error(cvt, &format!("tritongpu-reduce-data-duplication: {message}"));
                failed = true;
            }
        }
        if failed {
            Err(())
        } else {
            Ok(())
        }
    }
}

/// Rewrites one conversion when it qualifies; `Err` when it qualifies but
/// Tritium cannot build the shared buffer.
fn rewrite(cvt: Op) -> Result<(), String> {
    let src = cvt.operand(0);
    let (src_ty, dst_ty) = (src.ty(), cvt.result(0).ty());
    let (Some(src_enc), Some(dst_enc)) = (tensor_encoding(src_ty), tensor_encoding(dst_ty)) else { return Ok(()) };
    if src_enc.is_shared() || !matches!(dst_enc, Encoding::DotOperand { .. }) {
        return Ok(());
    }
    // Step 1.
    let (Some(src_ll), Some(dst_ll)) = (tensor_layout(src_ty), tensor_layout(dst_ty)) else { return Ok(()) };
    if classify_cvt(&src_ll, &dst_ll) != CvtKind::SharedMemory {
        return Ok(());
    }
    // Step 2.
    let shape = dst_ty.shape().unwrap_or_default();
    let order = order_for_memory(src_ty).ok_or("cannot compute the memory order of the source")?;
    let src_shape = src_ty.shape().unwrap_or_default();
    let shared = swizzled_shared_for_operand(
        &dst_enc,
        &src_shape,
        &order,
        &cga_of(&src_enc),
        src_ty.element().bit_width(),
        false,
    )
    .ok_or_else(|| format!("no shared encoding for operand layout {}", dst_ty))?;
    let context = cvt.context();
    let shared_attr = build_encoding(src_ty, &shared).ok_or("cannot build the shared encoding")?;
    let space = tritium_dialects::ttg::bridge::build(context, &Encoding::SharedMemory)
        .ok_or("cannot build #ttg.shared_memory")?;
    let memdesc = MemDesc {
        shape: shape.clone(),
        element: dst_ty.element(),
        encoding: shared_attr,
        memory_space: space,
        mutable: false,
        alloc_shape: shape.clone(),
    };
    let mem_ty = build_memdesc(context, &memdesc).ok_or("cannot build the shared buffer type")?;
    let location = cvt.location();
    let block = cvt.block().ok_or("the conversion is not in a block")?;
    let alloc = Rewriter::build(location, "ttg.local_alloc", &[src], &[mem_ty], &[], 0);
    let load = Rewriter::build(location, "ttg.local_load", &[alloc.result(0)], &[dst_ty], &[], 0);
    unsafe {
        mlirBlockInsertOwnedOperationBefore(block, cvt.0, alloc.0);
        mlirBlockInsertOwnedOperationBefore(block, cvt.0, load.0);
        mlirValueReplaceAllUsesOfWith(cvt.result(0).0, load.result(0).0);
        mlirOperationDestroy(cvt.0);
    }
    Ok(())
}
