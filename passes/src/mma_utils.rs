//! Helpers shared by the dot-operand passes (`tritongpu-accelerate-matmul`,
//! `tritongpu-reduce-data-duplication`, `tritongpu-optimize-dot-operands`,
//! `tritongpu-reorder-instructions`): target queries, slices over the def-use
//! graph, and the shared-memory encodings Triton picks for MMA operands.
use crate::analysis::tensor_encoding;
use mlir_sys::*;
use tritium_dialects::ir::{str_of, Attr, Op, Ty, Val};
use tritium_dialects::services;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::{Cga, Encoding};
use tritium_dialects::ttg::to_linear::{matrix_order, order_per_dim, to_linear_layout};

/// The module's `ttg.target` string (`None` without one).
pub fn module_target(module: Op) -> Option<String> {
    let attr = module.attr("ttg.target")?;
    unsafe {
        if !mlirAttributeIsAString(attr.0) {
            return None;
        }
        Some(str_of(mlirStringAttrGetValue(attr.0)).to_string())
    }
}

/// The `ttg.num-warps` in effect at `op` (Triton's `lookupNumWarps`).
pub fn num_warps(op: Op) -> Option<i64> {
    op.inherited_int("ttg.num-warps")
}

/// The location of a value: its defining op's, or the block argument's.
pub fn value_location(v: Val) -> MlirLocation {
    unsafe { mlirValueGetLocation(v.0) }
}

/// Builds the attribute of `enc` in the context of `ty`.
pub fn build_encoding(ty: Ty, enc: &Encoding) -> Option<Attr> {
    bridge::build(ty.context(), enc)
}

/// `ty` (a ranked tensor) with encoding `enc`.
pub fn with_encoding(ty: Ty, enc: &Encoding) -> Option<Ty> {
    let attr = build_encoding(ty, enc)?;
    Some(ty.with_encoding(Some(attr)))
}

/// The textual name of a scalar type (`f16`, `i8`, `f8E5M2`, ...).
pub fn type_name(ty: Ty) -> String {
    ty.to_string()
}

/// Whether `ty` is one of the 8-bit float types Triton treats as fp8.
pub fn is_fp8(ty: Ty) -> bool {
    matches!(type_name(ty).as_str(), "f8E5M2" | "f8E4M3FN" | "f8E5M2FNUZ" | "f8E4M3FNUZ")
}

/// The CGA part of a distributed encoding (none for linear layouts, which
/// do not occur on the paths using this).
pub fn cga_of(enc: &Encoding) -> Cga {
    match enc {
        Encoding::Blocked { cga, .. }
        | Encoding::NvidiaMma { cga, .. }
        | Encoding::AmdMfma { cga, .. }
        | Encoding::AmdWmma { cga, .. }
        | Encoding::SwizzledShared { cga, .. }
        | Encoding::NvmmaShared { cga, .. } => cga.clone(),
        Encoding::DotOperand { parent, .. } => cga_of(parent),
        Encoding::Slice { dim, parent } => {
            let mut cga = cga_of(parent);
            for basis in &mut cga.bases {
                if (*dim as usize) < basis.len() {
                    basis.remove(*dim as usize);
                }
            }
            cga
        }
        _ => Cga::default(),
    }
}

/// How many CTA tiles split each dimension (Triton's `getCTASplitNum`).
pub fn cta_split_num(cga: &Cga, rank: usize) -> Vec<i64> {
    let mut split = vec![1i64; rank];
    for basis in &cga.bases {
        if let Some(d) = basis.iter().position(|&v| v != 0) {
            if d < rank {
                split[d] *= 2;
            }
        }
    }
    split
}

/// The shape one CTA holds (Triton's `getShapePerCTA`).
pub fn shape_per_cta(cga: &Cga, shape: &[i64]) -> Vec<i64> {
    let split = cta_split_num(cga, shape.len());
    shape.iter().zip(split).map(|(&s, n)| (s / n).max(1)).collect()
}

/// Whether `op` carries MLIR's `Elementwise` trait (the ops of Triton's IR
/// that do: arith and math ops, and `tt`'s elementwise ops).
pub fn is_elementwise(op: Op) -> bool {
    let name = op.name();
    if let Some(rest) = name.strip_prefix("arith.") {
        return rest != "constant";
    }
    if name.starts_with("math.") {
        return true;
    }
    matches!(
        name,
        "tt.int_to_ptr"
            | "tt.ptr_to_int"
            | "tt.bitcast"
            | "tt.fp_to_fp"
            | "tt.clampf"
            | "tt.precise_sqrt"
            | "tt.precise_divf"
            | "tt.approx_divf"
            | "tt.mulhiui"
            | "tt.addptr"
            | "tt.extern_elementwise"
            | "tt.elementwise_inline_asm"
    )
}

/// Triton's `isPureUnaryInlineAsm`.
pub fn is_pure_unary_inline_asm(op: Op) -> bool {
    op.name() == "tt.elementwise_inline_asm"
        && op.num_operands() == 1
        && op.num_results() == 1
        && op.attr("pure").and_then(|a| a.bool()).unwrap_or(false)
}

/// Whether `op` is memory-effect free.
pub fn is_pure(op: Op) -> bool {
    services::is_memory_effect_free(op)
}

/// Options of [`backward_slice`], as MLIR's `BackwardSliceOptions`.
pub struct SliceOptions<'a> {
    pub omit_block_arguments: bool,
    pub filter: &'a dyn Fn(Op) -> bool,
}

/// MLIR's `getBackwardSlice(root op)`: every op `root` transitively depends
/// on through ops accepted by the filter, in post-order (definitions before
/// users), `root` itself excluded. The filter applies to `root` too.
pub fn backward_slice(root: Op, options: &SliceOptions<'_>) -> Vec<Op> {
    let mut slice = Vec::new();
    backward_impl(root, options, &mut slice, 0);
    slice.retain(|o| !o.same(root));
    slice
}

/// MLIR's `getBackwardSlice(root value)`: the slice of its defining op with
/// that op included, or of the op owning the block when it is an argument.
pub fn backward_slice_of_value(root: Val, options: &SliceOptions<'_>) -> Vec<Op> {
    if let Some(def) = root.defining_op() {
        return backward_slice(def, options);
    }
    let Some(block) = root.owner_block() else { return Vec::new() };
    let parent = unsafe { mlirBlockGetParentOperation(block) };
    if parent.ptr.is_null() {
        return Vec::new();
    }
    backward_slice(Op(parent), options)
}

fn backward_impl(op: Op, options: &SliceOptions<'_>, slice: &mut Vec<Op>, depth: usize) {
    if depth > 10_000 || !(options.filter)(op) {
        return;
    }
    for operand in op.operands() {
        if let Some(def) = operand.defining_op() {
            if !slice.iter().any(|o| o.same(def)) {
                backward_impl(def, options, slice, depth + 1);
            }
        } else if !options.omit_block_arguments {
            let Some(block) = operand.owner_block() else { continue };
            let parent = unsafe { mlirBlockGetParentOperation(block) };
            if parent.ptr.is_null() {
                continue;
            }
            let parent = Op(parent);
            if parent.num_regions() == 1 && !slice.iter().any(|o| o.same(parent)) && !parent.same(op) {
                backward_impl(parent, options, slice, depth + 1);
            }
        }
    }
    if !slice.iter().any(|o| o.same(op)) {
        slice.push(op);
    }
}

/// MLIR's `getForwardSlice(root op, filter)`: the ops using `root`'s results
/// (and the ops nested in its regions), transitively, through ops accepted
/// by the filter; `root` excluded.
pub fn forward_slice(root: Op, filter: &dyn Fn(Op) -> bool) -> Vec<Op> {
    let mut slice = Vec::new();
    forward_impl(root, filter, &mut slice, 0);
    slice.retain(|o| !o.same(root));
    slice
}

fn forward_impl(op: Op, filter: &dyn Fn(Op) -> bool, slice: &mut Vec<Op>, depth: usize) {
    if depth > 10_000 || !filter(op) {
        return;
    }
    for nested in op.nested_ops() {
        if nested.parent().is_some_and(|p| p.same(op)) && !slice.iter().any(|o| o.same(nested)) {
            forward_impl(nested, filter, slice, depth + 1);
        }
    }
    for result in op.results() {
        for user in result.users() {
            if !slice.iter().any(|o| o.same(user)) {
                forward_impl(user, filter, slice, depth + 1);
            }
        }
    }
    if !slice.iter().any(|o| o.same(op)) {
        slice.push(op);
    }
}

/// MLIR's `getSlice`: the closure of `root` under backward and forward
/// slices with the two filters, `root` included, in discovery order.
pub fn closed_slice(root: Op, backward: &dyn Fn(Op) -> bool, forward: &dyn Fn(Op) -> bool) -> Vec<Op> {
    let mut slice = vec![root];
    let mut i = 0;
    let options = SliceOptions { omit_block_arguments: false, filter: backward };
    while i < slice.len() && slice.len() < 100_000 {
        let current = slice[i];
        for op in backward_slice(current, &options).into_iter().chain(forward_slice(current, forward)) {
            if !slice.iter().any(|o| o.same(op)) {
                slice.push(op);
            }
        }
        i += 1;
    }
    slice
}

/// The region holding `op`.
pub fn parent_region(op: Op) -> Option<MlirRegion> {
    let block = op.block()?;
    Some(unsafe { mlirBlockGetParentRegion(block) })
}

/// Whether two ops sit in the same region.
pub fn same_region(a: Op, b: Op) -> bool {
    match (parent_region(a), parent_region(b)) {
        (Some(x), Some(y)) => unsafe { mlirRegionEqual(x, y) },
        _ => false,
    }
}

/// Triton's `getOrderForMemory` of a distributed tensor type: the register
/// order, unless the fastest lane dimension holds a single element per
/// thread, then the lane order.
pub fn order_for_memory(ty: Ty) -> Option<Vec<u32>> {
    let enc = tensor_encoding(ty)?;
    let shape = ty.shape()?;
    let ll = to_linear_layout(&enc, &shape).ok()?;
    let order = order_per_dim(&ll, "register", &matrix_order(shape.len(), true));
    let thread_order = order_per_dim(&ll, "lane", &order);
    if order == thread_order {
        return Some(order);
    }
    let contig = enc.elems_per_thread(&shape).ok()?;
    if contig.get(*thread_order.first()? as usize) == Some(&1) {
        return Some(thread_order);
    }
    Some(order)
}

/// The swizzled shared encoding Triton gives a tensor that is read as MMA
/// operand `dot_enc` (`SwizzledSharedEncodingAttr::get` with a dot-operand
/// encoding): unswizzled for a non-MMA parent, the Ampere/Hopper swizzle
/// otherwise. `None` for parents Tritium has no swizzle for (AMD).
pub fn swizzled_shared_for_operand(
    dot_enc: &Encoding,
    shape: &[i64],
    order: &[u32],
    cga: &Cga,
    bitwidth: u32,
    need_trans: bool,
) -> Option<Encoding> {
    let Encoding::DotOperand { op_idx, parent, k_width } = dot_enc else { return None };
    let plain = |vec, per_phase, max_phase| Encoding::SwizzledShared {
        vec,
        per_phase,
        max_phase,
        order: order.to_vec(),
        cga: cga.clone(),
    };
    match parent.as_ref() {
        Encoding::NvidiaMma { version_major: 2 | 3, .. } => {}
        Encoding::NvidiaMma { .. } | Encoding::AmdMfma { .. } | Encoding::AmdWmma { .. } => return None,
        _ => return Some(plain(1, 1, 1)),
    }
    swizzled_shared_nvidia(*op_idx, *k_width, shape, order, cga, bitwidth, need_trans)
}

/// Triton's NVIDIA `SwizzledSharedEncodingAttr::get(opIdx, kWidth, ...)`:
/// the `ldmatrix`-friendly swizzling of an mma v2/v3 operand `op_idx` with
/// `k_width` elements per register along k, stored in `order`.
pub fn swizzled_shared_nvidia(
    op_idx: u32,
    k_width: u32,
    shape: &[i64],
    order: &[u32],
    cga: &Cga,
    bitwidth: u32,
    need_trans: bool,
) -> Option<Encoding> {
    if op_idx > 1 || bitwidth == 0 || order.is_empty() {
        return None;
    }
    let per_cta = shape_per_cta(cga, shape);
    let k = *per_cta.get(order[0] as usize)? as i64;
    if k <= 0 {
        return None;
    }
    let bitwidth = bitwidth as i64;
    let per_phase = (1024 / (bitwidth * k)).max(1);
    // f64 mma.sync is m8n8k4: 4 rows per stride instead of 8.
    let mut mma_stride: i64 = if bitwidth == 64 { 4 } else { 8 };
    let mut vec: i64 = 4 * k_width as i64;
    if need_trans {
        std::mem::swap(&mut vec, &mut mma_stride);
    }
    let rank = order.len();
    let k_dim = if op_idx == 0 { rank - 1 } else { rank.checked_sub(2)? };
    if order[0] as usize != k_dim {
        std::mem::swap(&mut vec, &mut mma_stride);
    }
    if vec <= 0 {
        return None;
    }
    let mut max_phase = mma_stride.min(1024 / (vec * bitwidth)).max(1);
    max_phase = (max_phase / per_phase).max(1);
    Some(Encoding::SwizzledShared {
        vec: vec as u32,
        per_phase: per_phase as u32,
        max_phase: max_phase as u32,
        order: order.to_vec(),
        cga: cga.clone(),
    })
}

/// Triton's `NVMMASharedEncodingAttr::get(shape, order, cga, elementType,
/// fp4Padded)`: the widest swizzle (128, 64 or 32 bytes, else none) that
/// divides the contiguous dimension's bytes in one CTA, none when the other
/// dimensions hold fewer than 8 rows; transposed when dimension 0 is the
/// contiguous one.
pub fn nvmma_shared_for(shape: &[i64], order: &[u32], cga: &Cga, element_bits: u32, fp4_padded: bool) -> Option<Encoding> {
    let per_cta = shape_per_cta(cga, shape);
    let contig = *per_cta.get(*order.first()? as usize)?;
    let packing: i64 = if fp4_padded { 2 } else { 1 };
    let bytes = contig * packing * element_bits as i64 / 8;
    let mut swizzle = [128i64, 64, 32].into_iter().find(|&w| bytes >= w && bytes % w == 0).unwrap_or(0) as u32;
    let outer: i64 = order.iter().skip(1).filter_map(|&d| per_cta.get(d as usize)).product();
    if per_cta.len() < 2 || outer < 8 {
        swizzle = 0;
    }
    Some(Encoding::NvmmaShared {
        swizzling_byte_width: swizzle,
        transposed: order[0] == 0,
        element_bit_width: element_bits,
        fp4_padded,
        cga: cga.clone(),
        rank: shape.len() as u32,
    })
}
