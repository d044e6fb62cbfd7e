//! Triton's GPU analyses, reusable by the passes here and by the ttg→LLVM
//! lowering: [`axis_info`] (contiguity/divisibility/constancy of values),
//! [`allocation`] (shared-memory buffers, scratch sizes and offsets),
//! [`membar`] (shared-memory barriers), [`buffer_region`] (the exact
//! physical memory each shared-memory descriptor may refer to), and [`swizzle`] (the scratch layouts
//! of layout conversions, which decide their sizes).
use mlir_sys::*;
use tritium_dialects::ir::{block_ops, region_blocks, Attr, Op, Ty};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::to_linear_layout;

pub mod allocation;
pub mod axis_info;
pub mod buffer_region;
pub mod membar;
pub mod swizzle;

/// The encoding of a ranked tensor type, decoded; `None` without a (valid)
/// `ttg` encoding.
pub fn tensor_encoding(ty: Ty) -> Option<Encoding> {
    bridge::encoding_of(ty.encoding()?)?.ok()
}

/// The linear layout of a tensor type with a distributed `ttg` encoding
/// (Triton's `toLinearLayout(tensorTy)`); `None` for anything else.
pub fn tensor_layout(ty: Ty) -> Option<LinearLayout> {
    let enc = tensor_encoding(ty)?;
    if !enc.is_distributed() {
        return None;
    }
    to_linear_layout(&enc, &ty.shape()?).ok()
}

/// Triton's `getBitwidth` of a tensor's elements: 64 for pointers, at least
/// 8 (an `i1` is stored as a byte).
pub fn element_bitwidth(ty: Ty) -> u32 {
    let element = ty.element();
    if element.is_ptr() {
        64
    } else {
        element.bit_width().max(8)
    }
}

/// The `ttg.threads-per-warp` of the op's module (32 when absent).
pub fn threads_per_warp(op: Op) -> i64 {
    op.enclosing_module().and_then(|m| m.attr("ttg.threads-per-warp")).and_then(|a| a.int()).unwrap_or(32)
}

/// Every op of `op`'s regions, recursively, in post-order (children before
/// their parent), ending with `op` itself — MLIR's post-order walk.
pub fn post_order(op: Op) -> Vec<Op> {
    fn visit(op: Op, out: &mut Vec<Op>) {
        for r in 0..op.num_regions() {
            for block in region_blocks(op.region(r)) {
                for child in block_ops(block) {
                    visit(child, out);
                }
            }
        }
        out.push(op);
    }
    let mut out = Vec::new();
    visit(op, &mut out);
    out
}

/// The functions (`tt.func`, `func.func`) directly in a module.
pub fn module_functions(module: Op) -> Vec<Op> {
    (0..module.num_regions())
        .flat_map(|r| region_blocks(module.region(r)))
        .flat_map(block_ops)
        .filter(|op| matches!(op.name(), "tt.func" | "func.func"))
        .collect()
}

/// The symbol name of a function op.
pub fn symbol_name(func: Op) -> Option<String> {
    let attr = func.attr("sym_name")?;
    unsafe {
        if !mlirAttributeIsAString(attr.0) {
            return None;
        }
        Some(tritium_dialects::ir::str_of(mlirStringAttrGetValue(attr.0)).to_string())
    }
}

/// The callee name of a `tt.call` / `func.call`.
pub fn callee_name(call: Op) -> Option<String> {
    let attr = call.attr("callee")?;
    unsafe {
        if !mlirAttributeIsAFlatSymbolRef(attr.0) {
            return None;
        }
        Some(tritium_dialects::ir::str_of(mlirFlatSymbolRefAttrGetValue(attr.0)).to_string())
    }
}

/// An `i32` integer attribute.
pub fn i32_attr(context: MlirContext, value: i64) -> Attr {
    Attr::integer(Ty::int(context, 32), value)
}

/// The successor blocks of a terminator.
pub fn successors(op: Op) -> Vec<MlirBlock> {
    unsafe { (0..mlirOperationGetNumSuccessors(op.0)).map(|i| mlirOperationGetSuccessor(op.0, i)).collect() }
}

/// Whether two block handles are the same block.
pub fn same_block(a: MlirBlock, b: MlirBlock) -> bool {
    unsafe { mlirBlockEqual(a, b) }
}
