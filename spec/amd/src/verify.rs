//! Verifiers of the `amdg` ops (what the ODS constraints of
//! `spec/amd/dialect/TritonAMDGPU.td` cannot say), with Triton 3.9.0's
//! diagnostics. Reached through `tritium_verify` under the op's name.
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::tt::types;
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;

type Verdict = Result<(), String>;

fn ensure(cond: bool, msg: impl Into<String>) -> Verdict {
    if cond {
        Ok(())
    } else {
        Err(msg.into())
    }
}

/// The verifier of the `amdg` op `name`.
pub fn verify_op(name: &str, op: Op) -> Verdict {
    match name {
        "amdg.extract_slice" => extract_slice(op),
        "amdg.concat" => concat(op),
        "amdg.in_thread_transpose" => in_thread_transpose(op),
        "amdg.local_load_packed_transposed" => local_load_packed_transposed(op),
        "amdg.buffer_load" => pointee_matches(op, op.operand(0), op.result(0).ty(), "result"),
        "amdg.buffer_store" => pointee_matches(op, op.operand(1), op.operand(0).ty(), "value"),
        "amdg.buffer_atomic_rmw" => pointee_matches(op, op.operand(0), op.result(0).ty(), "result"),
        "amdg.buffer_atomic_cas" => pointee_matches(op, op.operand(0), op.result(0).ty(), "result"),
        "amdg.buffer_load_to_local" => buffer_load_to_local(op),
        "amdg.scaled_upcast_fp4" => scaled_upcast_fp4(op),
        "amdg.scaled_downcast_fp4" | "amdg.scaled_downcast_fp8" => scaled_downcast(op, name),
        "amdg.async_copy_local_to_global" => {
            let src = memdesc(op.operand(0))?;
            ensure(is_shared_memory(&src), "source must be in shared memory")
        }
        "amdg.async_tdm_copy_global_to_local" => tdm_copy_global_to_local(op),
        "amdg.async_tdm_fused_copy_global_to_local" => tdm_fused_copy(op),
        "amdg.async_tdm_copy_local_to_global" => tdm_copy_local_to_global(op),
        "amdg.async_tdm_scatter" => tdm_rows(op, "scatter", "dst_row_indices", 2),
        "amdg.async_tdm_gather" => tdm_rows(op, "gather", "src_row_indices", 2),
        "amdg.update_tensor_descriptor" => update_tensor_descriptor(op),
        "amdg.init_barrier" | "amdg.arrive_barrier" => {
            let count = op.attr("count").and_then(Attr::int).unwrap_or(0);
            ensure(count >= 1, "count must be greater than or equal to 1")
        }
        "amdg.cluster_barrier_arrive" | "amdg.cluster_barrier_wait" => {
            let num_ctas = module_int(op, "ttg.num-ctas").unwrap_or(1);
            ensure(num_ctas > 1, "requires ttg.num-ctas > 1")
        }
        _ => Ok(()),
    }
}

//===------------------------------------------------------------------===//
// Context and type helpers
//===------------------------------------------------------------------===//

fn enclosing_module(op: Op) -> Op {
    let mut current = op;
    while let Some(parent) = current.parent() {
        if current.name() == "builtin.module" {
            return current;
        }
        current = parent;
    }
    current
}

fn module_int(op: Op, name: &str) -> Option<i64> {
    enclosing_module(op).attr(name).and_then(Attr::int)
}

/// The nearest `ttg.num-warps` (function or module).
fn num_warps(op: Op) -> Option<i64> {
    let mut current = Some(op);
    while let Some(o) = current {
        if let Some(v) = o.attr("ttg.num-warps").and_then(Attr::int) {
            return Some(v);
        }
        current = o.parent();
    }
    None
}

fn memdesc(value: Val) -> Result<MemDesc, String> {
    bridge::memdesc_of(value.ty()).ok_or_else(|| "expected a !ttg.memdesc".to_string())
}

fn is_shared_memory(desc: &MemDesc) -> bool {
    desc.memory_space.to_string() == "#ttg.shared_memory"
}

fn encoding(attr: Attr) -> Option<Encoding> {
    bridge::encoding_of(attr).and_then(Result::ok)
}

fn shape(ty: Ty) -> Vec<i64> {
    ty.shape().unwrap_or_default()
}

/// The element type of the pointee of `ptr` matches `ty`'s element type.
fn pointee_matches(_op: Op, ptr: Val, ty: Ty, what: &str) -> Verdict {
    let Some(pointee) = types::pointee(ptr.ty()) else { return Ok(()) };
    ensure(pointee == ty.element(), format!("failed to verify that {what} element type matches the pointed type of ptr"))
}

//===------------------------------------------------------------------===//
// Tensors in registers
//===------------------------------------------------------------------===//

fn extract_slice(op: Op) -> Verdict {
    let (src, dst) = (op.operand(0).ty(), op.result(0).ty());
    ensure(src.element() == dst.element(), "result element type must match source element type")?;
    let (src_shape, dst_shape) = (shape(src), shape(dst));
    ensure(src_shape.len() == dst_shape.len(), "result rank must be equal to source rank")?;
    let offsets = op.attr("static_offsets").map(dense_i64).unwrap_or_default();
    ensure(
        offsets.len() == src_shape.len(),
        format!("expected {} offsets, got {}", src_shape.len(), offsets.len()),
    )?;
    for i in 0..src_shape.len() {
        ensure(dst_shape[i] <= src_shape[i], format!("result shape cannot exceed source shape at dimension {i}"))?;
        ensure(
            offsets[i] >= 0 && offsets[i] + dst_shape[i] <= src_shape[i],
            format!("invalid offset at dimension {i}"),
        )?;
    }
    Ok(())
}

/// The values of a `DenseI64ArrayAttr` (printed `array<i64: 0, 32>`).
fn dense_i64(attr: Attr) -> Vec<i64> {
    let text = attr.to_string();
    let body = text.trim_start_matches("array<i64").trim_start_matches(':').trim_end_matches('>');
    body.split(',').filter_map(|s| s.trim().parse().ok()).collect()
}

fn dense_i32(attr: Attr) -> Vec<i64> {
    attr.i32_array().map(|v| v.into_iter().map(i64::from).collect()).unwrap_or_else(|| {
        let text = attr.to_string();
        let body = text.trim_start_matches("array<i32").trim_start_matches(':').trim_end_matches('>');
        body.split(',').filter_map(|s| s.trim().parse().ok()).collect()
    })
}

fn concat(op: Op) -> Verdict {
    let sources = op.operands();
    let Some(first) = sources.first() else {
        return Err("requires at least one source".into());
    };
    let (src, dst) = (first.ty(), op.result(0).ty());
    let (src_shape, dst_shape) = (shape(src), shape(dst));
    ensure(src_shape.len() == dst_shape.len(), "Source and destination tensors must have the same rank.")?;
    let mut tiles: i64 = 1;
    for (s, d) in src_shape.iter().zip(&dst_shape) {
        ensure(*s > 0 && d % s == 0, "Source and destination tensor shapes don't match.")?;
        tiles = tiles.saturating_mul(d / s);
    }
    ensure(
        tiles == sources.len() as i64,
        format!("Number of source tiles ({}) doesn't match required count ({tiles}).", sources.len()),
    )?;
    ensure(sources.iter().all(|s| s.ty() == src), "All sources must have identical tensor types.")?;
    ensure(dst.element() == src.element(), "Element types of sources and destination must match.")
}

fn in_thread_transpose(op: Op) -> Verdict {
    let (src, dst) = (op.operand(0).ty(), op.result(0).ty());
    ensure(src.element() == dst.element(), "Expect input and output tensor to have same dtype")?;
    ensure(shape(src) == shape(dst), "Expect equal input and output shapes")?;
    ensure(shape(src).len() == 2, "Expect 2d tensor")?;
    ensure(
        matches!(src.encoding().and_then(encoding), Some(Encoding::Blocked { .. })),
        "Expect input tensor in Blocked encoding",
    )
}

fn local_load_packed_transposed(op: Op) -> Verdict {
    let src = memdesc(op.operand(0))?;
    let dst = op.result(0).ty();
    let Some(Encoding::DotOperand { op_idx, .. }) = dst.encoding().and_then(encoding) else {
        return Err("only works with DotOperandEncodingAttr dst encoding".into());
    };
    let Some(Encoding::SwizzledShared { order, .. }) = encoding(src.encoding) else {
        return Err("only works with SwizzledSharedEncodingAttr src encoding".into());
    };
    let batch = src.shape.len() == 3;
    let (m, k) = if batch { (1, 2) } else { (0, 1) };
    let expected_order: &[u32] = match (op_idx == 0, batch) {
        (true, false) => &[0, 1],
        (true, true) => &[1, 2, 0],
        (false, false) => &[1, 0],
        (false, true) => &[2, 1, 0],
    };
    ensure(order == expected_order || order == [0, 1] && op_idx == 0, "Order of dimensions don't match expected")?;
    let mut expected = shape(dst);
    ensure(expected.len() == src.shape.len(), "Input and output dimensions don't match after packing changes")?;
    if op_idx == 0 {
        expected[m] /= 2;
        expected[k] *= 2;
    } else {
        expected[m] *= 2;
        expected[k] /= 2;
    }
    ensure(expected == src.shape, "Input and output dimensions don't match after packing changes")
}

//===------------------------------------------------------------------===//
// Buffer operations and scaled conversions
//===------------------------------------------------------------------===//

fn buffer_load_to_local(op: Op) -> Verdict {
    let arch = enclosing_module(op).attr("ttg.target").map(|a| a.to_string()).unwrap_or_default();
    let arch = arch.trim_matches('"').strip_prefix("hip:").unwrap_or("").to_string();
    let supported = arch.is_empty() || ["gfx942", "gfx950", "gfx1250"].iter().any(|a| arch.starts_with(a));
    ensure(supported, "BufferLoadToLocal unsupported on target architecture")
}

fn scaled_upcast_fp4(op: Op) -> Verdict {
    let (input, scale, output) = (op.operand(0).ty(), op.operand(1).ty(), op.result(0).ty());
    ensure(shape(output) == shape(scale), "scale and output should have the same shape")?;
    ensure(
        scale.encoding().is_some() == output.encoding().is_some(),
        "scale and output must both have an encoding, or neither",
    )?;
    fp4_packing(op, &shape(input), &shape(output), "upcast")
}

fn scaled_downcast(op: Op, name: &str) -> Verdict {
    let (input, output) = (op.operand(0).ty(), op.result(0).ty());
    if name == "amdg.scaled_downcast_fp4" {
        fp4_packing(op, &shape(output), &shape(input), "downcast")
    } else {
        ensure(shape(input) == shape(output), "input and output must have the same shape")?;
        ensure(input.encoding() == output.encoding(), "input and output must have the same encoding")
    }
}

/// `packed` (i8) holds pairs of fp4 values of `unpacked` along `axis`.
fn fp4_packing(op: Op, packed: &[i64], unpacked: &[i64], _what: &str) -> Verdict {
    let axis = op.attr("axis").and_then(Attr::int).unwrap_or(-1);
    let rank = packed.len() as i64;
    ensure(axis >= 0 && axis < rank, format!("axis {axis} out of range for rank {rank}"))?;
    ensure(packed.len() == unpacked.len(), "packed and unpacked tensors must have the same rank")?;
    for (i, (p, u)) in packed.iter().zip(unpacked).enumerate() {
        let expected = if i as i64 == axis { p * 2 } else { *p };
        ensure(*u == expected, format!("axis {axis} dimension must be 2x source dimension (src={p}, dst={u})"))?;
    }
    Ok(())
}

//===------------------------------------------------------------------===//
// TDM
//===------------------------------------------------------------------===//

fn tdm_block(op: Op, desc: Val) -> Result<Vec<i64>, String> {
    let (block, _) = types::tensordesc_block(desc.ty()).ok_or("expected a !tt.tensordesc")?;
    for (i, d) in block.iter().enumerate() {
        ensure(*d <= 65535, format!("TDM block dimension {i} ({d}) exceeds maximum size of 65535"))?;
    }
    let _ = op;
    Ok(block)
}

fn tdm_common(op: Op, desc: Val, smem: &MemDesc) -> Result<Vec<i64>, String> {
    let block = tdm_block(op, desc)?;
    if let Some(Encoding::SwizzledShared { max_phase, .. }) = encoding(smem.encoding) {
        ensure(max_phase == 1, "TDM does not support swizzling")?;
    }
    Ok(block)
}

fn tdm_shared_encoding(smem: &MemDesc) -> Verdict {
    match encoding(smem.encoding) {
        Some(Encoding::SwizzledShared { .. }) => Ok(()),
        Some(Encoding::PaddedShared { intervals, paddings, .. }) => {
            ensure(intervals.len() == 1 && paddings.len() == 1, "TDM load only supports a single interval-padding pair")?;
            let bits = smem.element.bit_width().max(1);
            for (interval, padding) in intervals.iter().zip(&paddings) {
                ensure(interval * bits / 32 >= 2, "TDM padding interval must be at least 2 dwords")?;
                ensure(padding * bits / 32 >= 1, "TDM padding amount must be at least 1 dword")?;
            }
            Ok(())
        }
        Some(Encoding::PartitionedShared { .. }) => Ok(()),
        _ => Err("Invalid shared memory layout for TDM".into()),
    }
}

/// Triton's rule for `warp_used_hint`: a non-zero, axis-aligned set of a
/// power-of-two number of the module's warps.
fn warp_used_hint(op: Op, hint: u32) -> Verdict {
    let Some(warps) = num_warps(op) else { return Ok(()) };
    ensure(
        warps > 0 && warps & (warps - 1) == 0,
        format!("num_warps must be a power of two when using warp_used_hint, got {warps}"),
    )?;
    ensure(warps < 32, format!("num_warps must be less than 32 when using warp_used_hint, got {warps}"))?;
    ensure(hint != 0, "warp_used_hint must have at least one bit set")?;
    let mask = (1u32 << warps) - 1;
    ensure(hint & !mask == 0, format!("warp_used_hint = {hint:#x} sets bits beyond num_warps = {warps}"))?;
    let k = hint.count_ones();
    ensure(k.is_power_of_two(), format!("popcount(warp_used_hint) = {k} must be a power of two (got hint {hint:#x})"))?;
    let first = hint.trailing_zeros();
    let mut support = 0u32;
    let mut rest = hint;
    while rest != 0 {
        support |= rest.trailing_zeros() ^ first;
        rest &= rest - 1;
    }
    let log_k = k.trailing_zeros();
    let spanned = support.count_ones();
    ensure(
        spanned == log_k,
        format!(
            "warp_used_hint = {hint:#x} is not axis-aligned: K = {k} active warps span {spanned} warpId bit positions, but an axis-aligned hint spans exactly log2(K) = {log_k}"
        ),
    )
}

fn tdm_copy_global_to_local(op: Op) -> Verdict {
    let smem = memdesc(op.operand(1))?;
    tdm_common(op, op.operand(0), &smem)?;
    tdm_shared_encoding(&smem)?;
    if let Some(hint) = op.attr("warp_used_hint").and_then(Attr::int) {
        warp_used_hint(op, hint as u32)?;
    }
    Ok(())
}

fn tdm_fused_copy(op: Op) -> Verdict {
    let operands = op.operands();
    let members = operands.len() / 2;
    ensure((2..=4).contains(&members), "requires 2 to 4 members")?;
    let hints = op.attr("warp_used_hints").map(dense_i32).unwrap_or_default();
    ensure(hints.len() == members, "requires one warp_used_hint per member")?;
    let rank = tdm_block(op, operands[0])?.len();
    let mut union = 0u32;
    for i in 0..members {
        let (desc, dest) = (operands[i], operands[members + i]);
        let smem = memdesc(dest)?;
        let block = tdm_common(op, desc, &smem)?;
        tdm_shared_encoding(&smem)?;
        ensure(block.len() == rank, "requires all member descriptors to have the same rank")?;
        if let Some((_, element)) = types::tensordesc_block(desc.ty()) {
            ensure(
                element.bit_width() == smem.element.bit_width(),
                "requires each descriptor and its destination to have the same element bitwidth",
            )?;
        }
        let hint = hints[i] as u32;
        warp_used_hint(op, hint)?;
        ensure(union & hint == 0, "requires pairwise-disjoint warp_used_hint values")?;
        union |= hint;
    }
    Ok(())
}

fn tdm_copy_local_to_global(op: Op) -> Verdict {
    let smem = memdesc(op.operand(1))?;
    let block = tdm_common(op, op.operand(0), &smem)?;
    match encoding(smem.encoding) {
        Some(Encoding::SwizzledShared { .. }) => Ok(()),
        Some(Encoding::PaddedShared { intervals, .. }) => {
            ensure(intervals.len() == 1, "TDM store only supports single interval paddings.")?;
            let inner = block.last().copied().unwrap_or(0);
            ensure(
                i64::from(intervals[0]) == inner,
                format!(
                    "TDM store padding is only supported when padding interval equals the innermost block dimension (got padInterval={}, innermost dimension={inner})",
                    intervals[0]
                ),
            )
        }
        _ => Err("Invalid shared memory layout for TDM".into()),
    }
}

/// `amdg.async_tdm_scatter` / `amdg.async_tdm_gather`: operand 0 the
/// descriptor, 1 the row indices, 2 the shared buffer.
fn tdm_rows(op: Op, what: &str, indices_name: &str, rank: usize) -> Verdict {
    let block = types::tensordesc_block(op.operand(0).ty()).map(|(b, _)| b).unwrap_or_default();
    ensure(block.len() == rank, format!("TDM {what} only supports 2D tensors, got {}D", block.len()))?;
    let smem = memdesc(op.operand(2))?;
    tdm_common(op, op.operand(0), &smem)?;
    let enc = encoding(smem.encoding);
    ensure(
        matches!(enc, Some(Encoding::SwizzledShared { .. } | Encoding::PaddedShared { .. })),
        "Invalid shared memory layout for TDM",
    )?;
    ensure(smem.element.bit_width() >= 8, format!("TDM {what} requires element types of at least 8 bits"))?;
    let indices = shape(op.operand(1).ty());
    ensure(indices.len() == 1, format!("{indices_name} must be a 1D tensor"))?;
    let n = indices[0];
    ensure(n > 0 && n & (n - 1) == 0, format!("{indices_name} size must be a power of 2, got {n}"))?;
    Ok(())
}

fn update_tensor_descriptor(op: Op) -> Verdict {
    let rank = types::tensordesc_block(op.operand(0).ty()).map(|(b, _)| b.len()).unwrap_or(0) as i32;
    let (adds, bounds, pred) = (op.segment_size(1), op.segment_size(2), op.segment_size(3));
    ensure(adds == 0 || adds == rank, format!("expected {rank} add_offsets to match descriptor rank, got {adds}"))?;
    ensure(
        bounds == 0 || bounds == rank,
        format!("expected {rank} set_bounds to match descriptor rank, got {bounds}"),
    )?;
    ensure(adds > 0 || bounds > 0 || pred > 0, "must provide at least one of add_offsets, set_bounds, or pred")?;
    if op.attr("clamp_bounds").is_some() {
        ensure(adds > 0, "clamp_bounds requires add_offsets")?;
        ensure(bounds == 0, "clamp_bounds and set_bounds are mutually exclusive")?;
    }
    Ok(())
}
