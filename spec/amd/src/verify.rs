//! Verifiers of the `amdg` ops (what the ODS constraints of
//! `spec/amd/dialect/TritonAMDGPU.td` cannot say), with Triton 3.9.0's
//! diagnostics. Reached through `tritium_verify` under the op's name.
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::tt::types;
use tritium_dialects::tt::verify::ensure;
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::infer::layouts_equivalent;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::{to_linear_layout, BLOCK, LANE, REGISTER, WARP};
use tritium_dialects::ttg::verify::enclosing_module;

type Verdict = Result<(), String>;

/// The verifier of the `amdg` op `name`.
pub fn verify_op(name: &str, op: Op) -> Verdict {
    match name {
        "amdg.extract_slice" => extract_slice(op),
        "amdg.concat" => concat(op),
        "amdg.in_thread_transpose" => in_thread_transpose(op),
        "amdg.local_load_packed_transposed" => local_load_packed_transposed(op),
        "amdg.buffer_load" => pointee_matches(op, op.operand(0), op.result(0).ty(), "result"),
        "amdg.buffer_store" => {
            pointee_matches(op, op.operand(1), op.operand(0).ty(), "value")?;
            global_base(op.operand(1))
        }
        "amdg.buffer_atomic_rmw" | "amdg.buffer_atomic_cas" => {
            pointee_matches(op, op.operand(0), op.result(0).ty(), "result")?;
            global_base(op.operand(0))
        }
        "amdg.buffer_load_to_local" => buffer_load_to_local(op),
        "amdg.scaled_upcast_fp4" => scaled_upcast_fp4(op),
        "amdg.scaled_upcast_fp8" => upcast_scale_type(op, op.operand(1).ty()),
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

/// The decoded `ttg` encoding of a tensor type, if it has one.
fn tensor_encoding(ty: Ty) -> Option<Encoding> {
    ty.encoding().and_then(encoding)
}

/// The linear layout of a tensor type with a `ttg` encoding (`None` without
/// one, or when Triton's `toLinearLayout` would not apply).
fn tensor_layout(ty: Ty) -> Option<LinearLayout> {
    to_linear_layout(&tensor_encoding(ty)?, &shape(ty)).ok()
}

//===------------------------------------------------------------------===//
// Linear-layout helpers
//===------------------------------------------------------------------===//

/// The bases of input dimension `name`, if the layout has it.
fn bases_of<'a>(ll: &'a LinearLayout, name: &str) -> Option<&'a Vec<Vec<i32>>> {
    ll.bases().iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// Triton's `pseudoinvert`: from tensor coordinates back to
/// `register, lane, warp, block`, the free variables chosen zero.
fn pseudoinverse(ll: &LinearLayout) -> Option<LinearLayout> {
    let mut identity = LinearLayout::empty();
    for (name, size) in ll.out_dims() {
        identity = identity.multiply(&LinearLayout::identity_1d(*size, name, name).ok()?).ok()?;
    }
    identity.invert_and_compose(ll).ok()
}

/// Triton's AMD `getRegFromCoordinates`: the register of the layout whose
/// pseudo-inverse is `inverse` holding element `coords` on lane, warp and
/// block 0, if one does.
fn register_holding(inverse: &LinearLayout, coords: &[i64]) -> Option<i32> {
    let mut named = Vec::with_capacity(coords.len());
    for (i, c) in coords.iter().enumerate() {
        named.push((format!("dim{i}"), i32::try_from(*c).ok()?));
    }
    let mut register = None;
    for (name, value) in inverse.apply(&named).ok()? {
        if name == REGISTER {
            register = Some(value);
        } else if value != 0 {
            return None;
        }
    }
    register
}

/// The checks `amdg.extract_slice` and `amdg.concat` share: every register
/// of `dst` (on lane, warp and block 0), moved into the source by
/// `to_source`, is held by a register of `src` on lane, warp and block 0;
/// and both layouts distribute lanes and warps alike.
fn registers_carry_over(src: &LinearLayout, dst: &LinearLayout, to_source: impl Fn(&mut [i64])) -> Verdict {
    let Some(inverse) = pseudoinverse(src) else { return Ok(()) };
    let count = dst.in_dim_size(REGISTER).unwrap_or(1);
    for register in 0..count {
        let at = [(REGISTER, register), (LANE, 0), (WARP, 0), (BLOCK, 0)];
        let Ok(element) = dst.apply(&at) else { return Ok(()) };
        let mut coords: Vec<i64> = element.iter().map(|(_, v)| i64::from(*v)).collect();
        to_source(&mut coords);
        if register_holding(&inverse, &coords).is_none() {
            let index = coords.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            return Err(format!("No source register holds the element for destination index [{index}]"));
        }
    }
    ensure(
        bases_of(src, LANE) == bases_of(dst, LANE) && bases_of(src, WARP) == bases_of(dst, WARP),
        "Lane and warp dim basis must match between source and destination layout.",
    )
}

/// The address space of a `!tt.ptr` (printed `!tt.ptr<f32>` for the global
/// space 1, `!tt.ptr<f32, 3>` otherwise); `None` for any other type.
fn address_space(ty: Ty) -> Option<i64> {
    if !ty.is_ptr() {
        return None;
    }
    let text = ty.to_string();
    let body = text.strip_prefix("!tt.ptr<")?.strip_suffix('>')?;
    let mut depth = 0i32;
    let mut last_comma = None;
    for (i, c) in body.char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => last_comma = Some(i),
            _ => {}
        }
    }
    match last_comma {
        Some(i) => body[i + 1..].trim().parse().ok(),
        None => Some(1),
    }
}

/// Buffer writes go through a base pointer in the global address space.
fn global_base(ptr: Val) -> Verdict {
    match address_space(ptr.ty()) {
        Some(space) if space != 1 => Err("buffer writes require a global address space base".into()),
        _ => Ok(()),
    }
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
        ensure(offsets[i] >= 0, format!("offset must be non-negative at dimension {i}"))?;
        ensure(dst_shape[i] <= src_shape[i], format!("result shape cannot exceed source shape at dimension {i}"))?;
        ensure(
            offsets[i].saturating_add(dst_shape[i]) <= src_shape[i],
            format!("invalid offset at dimension {i}"),
        )?;
    }
    let (Some(src_ll), Some(dst_ll)) = (tensor_layout(src), tensor_layout(dst)) else { return Ok(()) };
    registers_carry_over(&src_ll, &dst_ll, |coords| {
        for (c, o) in coords.iter_mut().zip(&offsets) {
            *c += o;
        }
    })
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
    ensure(dst.element() == src.element(), "Element types of sources and destination must match.")?;
    let (Some(src_ll), Some(dst_ll)) = (tensor_layout(src), tensor_layout(dst)) else { return Ok(()) };
    registers_carry_over(&src_ll, &dst_ll, |coords| {
        // The position inside the source tile the element comes from.
        for (c, s) in coords.iter_mut().zip(&src_shape) {
            *c %= s;
        }
    })
}

fn in_thread_transpose(op: Op) -> Verdict {
    let (src, dst) = (op.operand(0).ty(), op.result(0).ty());
    ensure(src.element() == dst.element(), "Expect input and output tensor to have same dtype")?;
    ensure(shape(src) == shape(dst), "Expect equal input and output shapes")?;
    ensure(shape(src).len() == 2, "Expect 2d tensor")?;
    let Some(blocked @ Encoding::Blocked { .. }) = tensor_encoding(src) else {
        return Err("Expect input tensor in Blocked encoding".into());
    };
    let (Some(expected), Some(dst_ll)) = (in_thread_transposed(&shape(src), &blocked), tensor_layout(dst)) else {
        return Ok(());
    };
    ensure(
        dst_ll == expected,
        format!(
            "Expect output layout to be transposed per thread: {}\nGot following dst layout: {}",
            &expected.triton_text(),
            &dst_ll.triton_text()
        ),
    )
}

/// Triton's `InThreadTransposeOp::deduceOutputLayout`: the layout of the
/// blocked `enc` for `shape` with each thread's register tile (its
/// `sizePerThread`, trimmed to the shape) walked in the order with the last
/// two dimensions swapped.
fn in_thread_transposed(shape: &[i64], enc: &Encoding) -> Option<LinearLayout> {
    let Encoding::Blocked { size_per_thread, order, .. } = enc else { return None };
    let rank = shape.len();
    if rank < 2 || order.len() != rank || size_per_thread.len() != rank {
        return None;
    }
    let src = to_linear_layout(enc, shape).ok()?;
    let mut tile_order = order.clone();
    tile_order.swap(rank - 2, rank - 1);
    let mut tile = Vec::new();
    for &dim in &tile_order {
        let dim = usize::try_from(dim).ok().filter(|&d| d < rank)?;
        let extent = i64::from(size_per_thread[dim]).min(shape[dim]);
        if extent <= 0 || extent & (extent - 1) != 0 {
            return None;
        }
        for bit in 0..extent.trailing_zeros() {
            let mut basis = vec![0i32; rank];
            basis[dim] = 1 << bit;
            tile.push(basis);
        }
    }
    let tile_bits = size_per_thread.iter().fold(1u64, |acc, &s| acc.saturating_mul(u64::from(s)));
    let tile_bits = if tile_bits == 0 { 0 } else { 63 - tile_bits.leading_zeros() as usize };
    let mut bases = src.bases().to_vec();
    let registers = &mut bases.iter_mut().find(|(name, _)| name == REGISTER)?.1;
    if registers.len() < tile.len() {
        return None;
    }
    let transposed = tile.len();
    for (i, basis) in tile.into_iter().enumerate() {
        registers[i] = basis;
    }
    for register in registers.iter_mut().take(tile_bits).skip(transposed) {
        register.iter_mut().for_each(|x| *x = 0);
    }
    let names = src.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    LinearLayout::with_inferred_out_dims(bases, names).ok()
}

fn local_load_packed_transposed(op: Op) -> Verdict {
    let src = memdesc(op.operand(0))?;
    let dst = op.result(0).ty();
    let Some(Encoding::DotOperand { op_idx, .. }) = dst.encoding().and_then(encoding) else {
        return Err("only works with DotOperandEncodingAttr dst encoding".into());
    };
    // Triton 3.9 takes the order of any shared encoding.
    let Some(order) = encoding(src.encoding).filter(Encoding::is_shared).map(|e| e.order()) else {
        return Ok(());
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

/// The ISA families Triton 3.9's `TargetFeatures` tells apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum IsaFamily {
    Unknown,
    Gcn5_1,
    Cdna1,
    Cdna2,
    Cdna3,
    Cdna4,
    Rdna3,
    Rdna3_5,
    Rdna4,
    Gfx1250,
}

/// Triton 3.9's reading of an AMD arch name (`gfx<major><minor><patch>`,
/// the patch a hex digit; a `-strict` suffix only names gfx1250).
fn isa_family(arch: &str) -> IsaFamily {
    let Some(rest) = arch.strip_prefix("gfx") else { return IsaFamily::Unknown };
    let (rest, strict) = match rest.strip_suffix("-strict") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let bytes = rest.as_bytes();
    if bytes.len() < 3 {
        return IsaFamily::Unknown;
    }
    let digits = |s: &[u8], radix: u32| std::str::from_utf8(s).ok().and_then(|t| u32::from_str_radix(t, radix).ok());
    let n = bytes.len();
    let (Some(patch), Some(minor), Some(major)) =
        (digits(&bytes[n - 1..], 16), digits(&bytes[n - 2..n - 1], 10), digits(&bytes[..n - 2], 10))
    else {
        return IsaFamily::Unknown;
    };
    match (major, minor, patch) {
        (12, 5, _) => IsaFamily::Gfx1250,
        _ if strict => IsaFamily::Unknown,
        (9, 5, 0) => IsaFamily::Cdna4,
        (9, 4, 2) => IsaFamily::Cdna3,
        (9, 0, 10) => IsaFamily::Cdna2,
        (9, 0, 8) => IsaFamily::Cdna1,
        (9, 0, 6) => IsaFamily::Gcn5_1,
        (12, 0, _) => IsaFamily::Rdna4,
        (11, 7, _) => IsaFamily::Rdna3_5,
        (11, _, _) => IsaFamily::Rdna3,
        _ => IsaFamily::Unknown,
    }
}

/// Triton 3.9 (`TargetFeatures::supportsBufferLoadToLocal`): CDNA3 and CDNA4
/// only (gfx942, gfx950); a module without a target passes.
fn buffer_load_to_local(op: Op) -> Verdict {
    let target = enclosing_module(op).attr("ttg.target").map(|a| a.to_string()).unwrap_or_default();
    let arch = target.trim_matches('"').strip_prefix("hip:").unwrap_or("");
    let supported = arch.is_empty() || matches!(isa_family(arch), IsaFamily::Cdna3 | IsaFamily::Cdna4);
    ensure(supported, "BufferLoadToLocal unsupported on target architecture")
}

/// The shape rules Triton 3.9 shares between the scaled conversions: the
/// scale has the output's shape except along `axis`, where it divides it.
/// Returns the axis and the number of output elements per scale.
fn scale_shape(op: Op, scale: Ty, output: Ty) -> Result<(usize, i64), String> {
    let (output_shape, scale_shape) = (shape(output), shape(scale));
    ensure(output_shape.len() == scale_shape.len(), "scale and output must have the same rank")?;
    let axis = op.attr("axis").and_then(Attr::int).unwrap_or(-1);
    let rank = output_shape.len();
    let Some(ax) = usize::try_from(axis).ok().filter(|&a| a < rank) else {
        return Err(format!("axis out of range: {axis} for rank {rank}"));
    };
    for dim in (0..rank).filter(|&d| d != ax) {
        ensure(output_shape[dim] == scale_shape[dim], "scale and output must match on non-axis dimensions")?;
    }
    let (out_extent, scale_extent) = (output_shape[ax], scale_shape[ax]);
    ensure(
        scale_extent > 0 && out_extent % scale_extent == 0,
        format!(
            "expected output.shape[axis] to be divisible by scale.shape[axis], but got output[{ax}]={out_extent}, scale[{ax}]={scale_extent}"
        ),
    )?;
    Ok((ax, out_extent / scale_extent))
}

fn scaled_upcast_fp4(op: Op) -> Verdict {
    let (input, scale, output) = (op.operand(0).ty(), op.operand(1).ty(), op.result(0).ty());
    let (ax, block) = scale_shape(op, scale, output)?;
    upcast_scale_layout(scale, output, ax, block)?;
    fp4_to_fp(input, output, ax as i64)?;
    upcast_scale_type(op, scale)
}

/// On gfx1250 (`v_cvt_scale_pk8`), hardware-scaled upcasts take raw E8M0
/// scales in i8 (Triton 3.9's `verifyScaledUpcastScaleType`).
fn upcast_scale_type(op: Op, scale: Ty) -> Verdict {
    let target = enclosing_module(op).attr("ttg.target").map(|a| a.to_string()).unwrap_or_default();
    let arch = target.trim_matches('"').strip_prefix("hip:").unwrap_or("");
    let pk8 = isa_family(arch) == IsaFamily::Gfx1250 && !arch.ends_with("-strict");
    let element = scale.element();
    ensure(
        !pk8 || element.is_integer() && element.bit_width() == 8,
        format!("v_cvt_scale_pk8 requires a raw E8M0 scale in i8, but got {element}"),
    )
}

/// Triton's check of the scale encoding of `amdg.scaled_upcast_fp4`: the
/// scale layout is the output layout (expanded scales, `block == 1`) or its
/// quotient along `axis` by `block` (compact scales), up to broadcast
/// registers; compact scales must give the 8 register-consecutive values of
/// a `v_cvt_scale_pk8` group one scale.
fn upcast_scale_layout(scale: Ty, output: Ty, axis: usize, block: i64) -> Verdict {
    ensure(
        scale.encoding().is_some() == output.encoding().is_some(),
        "scale and output must both have an encoding, or neither",
    )?;
    let (Some(scale_enc), Some(output_enc)) = (tensor_encoding(scale), tensor_encoding(output)) else {
        return Ok(());
    };
    let stripped = |enc: &Encoding| to_linear_layout(enc, &shape(scale)).ok().map(|ll| ll.without_zero_bases(Some(REGISTER)));
    let expected = if block == 1 {
        stripped(&output_enc)
    } else {
        let Ok(output_ll) = to_linear_layout(&output_enc, &shape(output)) else { return Ok(()) };
        let Some(compact) = scale_layout(&output_ll, axis, block) else {
            return Err("could not derive a scale layout from the output layout".into());
        };
        ensure(
            group_shares_scale(&compact, 8),
            "the 8 elements of a v_cvt_scale_pk8 group would not share a single scale; the scaled axis must place 8 register-consecutive elements within one scale block",
        )?;
        Some(compact.without_zero_bases(Some(REGISTER)))
    };
    let (Some(expected), Some(actual)) = (expected, stripped(&scale_enc)) else { return Ok(()) };
    ensure(actual == expected, "scale encoding is not compatible with the inferred scale layout")
}

/// Triton's `ScaledUpcastFp4Op::computeScaleLayout`: the layout of compact
/// scales, one per `per_scale` consecutive output elements along `axis`,
/// for an output laid out as `output` (coordinate `k` along `axis` reads
/// scale `k / per_scale`).
fn scale_layout(output: &LinearLayout, axis: usize, per_scale: i64) -> Option<LinearLayout> {
    if per_scale == 1 {
        return Some(output.clone());
    }
    if per_scale <= 0 || per_scale & (per_scale - 1) != 0 {
        return None;
    }
    let per_scale = i32::try_from(per_scale).ok()?;
    let axis_dim = format!("dim{axis}");
    if output.out_dim_size(&axis_dim)? % per_scale != 0 {
        return None;
    }
    let mut divisor = LinearLayout::empty();
    for (name, size) in output.out_dims() {
        let factor = if *name == axis_dim {
            LinearLayout::zeros_1d(per_scale, name, name)
                .ok()?
                .multiply(&LinearLayout::identity_1d(size / per_scale, name, name).ok()?)
                .ok()?
        } else {
            LinearLayout::identity_1d(*size, name, name).ok()?
        };
        divisor = divisor.multiply(&factor).ok()?;
    }
    output.compose(&divisor).ok()
}

/// Whether the first `group` registers of the compact scale layout all read
/// the same scale (Triton's `groupSharesSingleScale`).
fn group_shares_scale(scale: &LinearLayout, group: i32) -> bool {
    if scale.in_dim_size(REGISTER).unwrap_or(1) < group {
        return false;
    }
    let outs = scale.get_out_dim_names();
    scale
        .resize_in_dim(REGISTER, group)
        .and_then(|ll| ll.sublayout_is_zero(&[REGISTER], &outs))
        .unwrap_or(false)
}

/// Triton's `Fp4ToFpOp::verifyFp4ToFp`: `res` unpacks the i8 pairs of `src`
/// along `axis`, and its encoding is the one `src`'s implies.
fn fp4_to_fp(src: Ty, res: Ty, axis: i64) -> Verdict {
    let (src_shape, res_shape) = (shape(src), shape(res));
    let rank = src_shape.len();
    ensure(rank == res_shape.len(), format!("source rank {rank} != result rank {}", res_shape.len()))?;
    // Triton reads the axis as unsigned.
    let Some(ax) = usize::try_from(axis).ok().filter(|&a| a < rank) else {
        return Err(format!("axis {} out of range for rank {rank}", axis as u32));
    };
    for i in 0..rank {
        if i == ax {
            ensure(
                res_shape[i] == src_shape[i].saturating_mul(2),
                format!("axis {ax} dimension must be 2x source dimension (src={}, dst={})", src_shape[i], res_shape[i]),
            )?;
        } else {
            ensure(
                res_shape[i] == src_shape[i],
                format!("dimension {i} mismatch (src={}, dst={}, axis={ax})", src_shape[i], res_shape[i]),
            )?;
        }
    }
    ensure(
        src.encoding().is_some() == res.encoding().is_some(),
        "source and result must both have an encoding, or neither",
    )?;
    let (Some(src_enc), Some(res_enc)) = (tensor_encoding(src), tensor_encoding(res)) else { return Ok(()) };
    let Some(inferred) = fp4_source_encoding(&res_enc, &res_shape, ax) else { return Ok(()) };
    let inferred = inferred.map_err(|()| "failed to infer encoding".to_string())?;
    if layouts_equivalent(&src_shape, &inferred, &src_enc).unwrap_or(true) {
        return Ok(());
    }
    let (Ok(expected), Ok(actual)) = (to_linear_layout(&inferred, &src_shape), to_linear_layout(&src_enc, &src_shape))
    else {
        return Ok(());
    };
    Err(format!(
        "Src and Dst encodings are not compatible:\n{}\n{}",
        &expected.triton_text(),
        &actual.triton_text()
    ))
}

/// Triton's backward `inferFp4ToFpOpEncoding`: the encoding of the packed
/// source of a result encoded `res` (shape `shape`) unpacked along `axis`.
/// `Some(Err(()))` when there is none, `None` when the layout cannot be
/// computed at all.
fn fp4_source_encoding(res: &Encoding, shape: &[i64], axis: usize) -> Option<Result<Encoding, ()>> {
    if res.order().get(axis) == Some(&0) {
        match res {
            Encoding::DotOperand { op_idx, parent, k_width } => {
                return Some(if *k_width > 1 {
                    Ok(Encoding::DotOperand { op_idx: *op_idx, parent: parent.clone(), k_width: k_width / 2 })
                } else {
                    Err(())
                });
            }
            Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } => {
                let mut halved = size_per_thread.clone();
                let Some(s) = halved.get_mut(axis) else { return Some(Err(())) };
                if *s <= 1 {
                    return Some(Err(()));
                }
                *s /= 2;
                return Some(Ok(Encoding::Blocked {
                    size_per_thread: halved,
                    threads_per_warp: threads_per_warp.clone(),
                    warps_per_cta: warps_per_cta.clone(),
                    order: order.clone(),
                    cga: cga.clone(),
                }));
            }
            _ => {}
        }
    }
    // Triton's `tryJoinOnAxis` backwards: drop the register step along
    // `axis`, halve every other entry along it.
    let ll = to_linear_layout(res, shape).ok()?;
    if contiguous_per_thread(&ll, axis) <= 1 {
        return Some(Err(()));
    }
    let bases = ll
        .bases()
        .iter()
        .map(|(name, vectors)| {
            let kept = vectors
                .iter()
                .filter(|v| v.get(axis) != Some(&1))
                .map(|v| {
                    let mut v = v.clone();
                    if let Some(x) = v.get_mut(axis) {
                        *x /= 2;
                    }
                    v
                })
                .collect();
            (name.clone(), kept)
        })
        .collect();
    let names = ll.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    Some(LinearLayout::with_inferred_out_dims(bases, names).map(Encoding::Linear).map_err(|_| ()))
}

/// Triton's `LinearEncodingAttr::getContigPerThread()[axis]`: walking the
/// layout's order, the run of register bases `1, 2, 4, …` along each
/// dimension in turn, read off for `axis`.
fn contiguous_per_thread(ll: &LinearLayout, axis: usize) -> i64 {
    let order = Encoding::Linear(ll.clone()).order();
    let registers = bases_of(ll, REGISTER).cloned().unwrap_or_default();
    let rank = ll.num_out_dims();
    let mut next = registers.iter().peekable();
    for dim in order {
        let dim = dim as usize;
        let mut contig = 1i64;
        let mut step = 1i32;
        while let Some(basis) = next.peek() {
            let expected = (0..rank).all(|d| basis.get(d).copied() == Some(if d == dim { step } else { 0 }));
            if !expected || step > (1 << 30) {
                break;
            }
            contig *= 2;
            step = step.saturating_mul(2);
            next.next();
        }
        if dim == axis {
            return contig;
        }
    }
    1
}

/// `amdg.scaled_downcast_fp4` / `_fp8` (Triton 3.9): the output shape rules
/// for the scale, then compact scales whose blocks feed whole
/// `v_cvt_scalef32_pk8` groups (8 values: 4 packed bytes of fp4 output, 8
/// fp8 elements) laid out as the quotient of the output layout; fp4 then
/// checks its packing as `ttg.fp4_to_fp` does, backwards.
fn scaled_downcast(op: Op, name: &str) -> Verdict {
    let (input, scale, output) = (op.operand(0).ty(), op.operand(1).ty(), op.result(0).ty());
    let fp4 = name == "amdg.scaled_downcast_fp4";
    if !fp4 {
        ensure(shape(input) == shape(output), "input and output must have the same shape")?;
        ensure(input.encoding() == output.encoding(), "input and output must have the same encoding")?;
    }
    let (ax, block) = scale_shape(op, scale, output)?;
    let (group, multiple, group_size) = if fp4 {
        ("8 fp4 values", "a multiple of 8 fp4 values (4 packed bytes)", 4)
    } else {
        ("8 elements", "a multiple of 8 elements", 8)
    };
    ensure(
        scale.encoding().is_some() == output.encoding().is_some(),
        "scale and output must both have an encoding, or neither",
    )?;
    if let (Some(scale_enc), Some(output_enc)) = (tensor_encoding(scale), tensor_encoding(output)) {
        ensure(
            block != 1,
            "scaled_downcast requires compact scales along the scaled axis; expanded scales (one scale per output element) are not supported",
        )?;
        ensure(
            block % i64::from(group_size) == 0,
            format!("each scale block along the scaled axis must cover {multiple}, but got {block} output elements per scale"),
        )?;
        if let Ok(output_ll) = to_linear_layout(&output_enc, &shape(output)) {
            let Some(compact) = scale_layout(&output_ll, ax, block) else {
                return Err("the scale block along the scaled axis must be a power of two".into());
            };
            ensure(
                group_shares_scale(&compact, group_size),
                format!(
                    "each v_cvt_scalef32_pk8 group of {group} must share a single scale; the scale block along the scaled axis must be a {multiple}"
                ),
            )?;
            if let Ok(actual) = to_linear_layout(&scale_enc, &shape(scale)) {
                let (expected, actual) =
                    (compact.without_zero_bases(Some(REGISTER)), actual.without_zero_bases(Some(REGISTER)));
                ensure(
                    expected == actual,
                    format!(
                        "scale encoding is not compatible with the inferred scale layout\nexpected: {}\nactual: {}",
                        &expected.triton_text(),
                        &actual.triton_text()
                    ),
                )?;
            }
        }
    }
    if fp4 {
        fp4_to_fp(output, input, ax as i64)?;
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
            let bits = smem.element.bit_width().max(1);
            for (interval, padding) in intervals.iter().zip(&paddings) {
                ensure(interval.saturating_mul(bits) / 32 >= 2, "TDM padding interval must be at least 2 dwords")?;
                ensure(padding.saturating_mul(bits) / 32 >= 1, "TDM padding amount must be at least 1 dword")?;
            }
            Ok(())
        }
        Some(Encoding::PartitionedShared { partition_layout, .. }) => match *partition_layout {
            Encoding::SwizzledShared { max_phase, .. } if max_phase != 1 => {
                Err("TDM does not support swizzling in partitioned layout".into())
            }
            Encoding::SwizzledShared { .. } | Encoding::PaddedShared { .. } => Ok(()),
            _ => Err("Invalid inner layout for partitioned shared memory in TDM".into()),
        },
        _ => Err("Invalid shared memory layout for TDM".into()),
    }
}

/// With a partitioned destination, the `K` warps of `hint` must split evenly
/// over its `numPartitions · numGroups` logical pieces (one TDM instruction).
fn partitioned_hint(smem: &MemDesc, hint: u32, member: Option<usize>) -> Verdict {
    let Some(Encoding::PartitionedShared { num_partitions, num_groups, partition_dim, .. }) = encoding(smem.encoding)
    else {
        return Ok(());
    };
    let pieces = num_partitions.saturating_mul(num_groups);
    let k = hint.count_ones();
    if pieces == 0 || k.is_multiple_of(pieces) {
        return Ok(());
    }
    let detail = match member {
        Some(i) => format!(" (member {i} got K = {k}, numLogicalPieces = {pieces})"),
        None => format!(" (got K = {k}, numLogicalPieces = {pieces}, partitionDim = {partition_dim})"),
    };
    Err(format!(
        "warp_used_hint with a partitioned shared encoding must select K active warps such that numLogicalPieces divides K so the copy fits in a single TDM instruction{detail}"
    ))
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
            "warp_used_hint = {hint:#x} is not axis-aligned: K = {k} active warps must span exactly log2(K) = {log_k} warpId bit positions"
        ),
    )
}

fn tdm_copy_global_to_local(op: Op) -> Verdict {
    let smem = memdesc(op.operand(1))?;
    tdm_common(op, op.operand(0), &smem)?;
    tdm_shared_encoding(&smem)?;
    if let Some(hint) = op.attr("warp_used_hint").and_then(Attr::int) {
        warp_used_hint(op, hint as u32)?;
        partitioned_hint(&smem, hint as u32, None)?;
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
        let hint = hints[i] as u32;
        warp_used_hint(op, hint)?;
        ensure(union & hint == 0, "requires pairwise-disjoint warp_used_hint values")?;
        union |= hint;
        partitioned_hint(&smem, hint, Some(i))?;
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
    let inner = block.last().copied().unwrap_or(0);
    if what == "scatter" {
        if let Some(Encoding::PaddedShared { intervals, .. }) = &enc {
            ensure(intervals.len() == 1, "TDM scatter only supports single interval paddings.")?;
            ensure(
                i64::from(intervals[0]) == inner,
                format!(
                    "TDM scatter padding is only supported when padding interval equals the innermost block dimension (got padInterval={}, innermost dimension={inner})",
                    intervals[0]
                ),
            )?;
        }
        return Ok(());
    }
    tdm_gather_layouts(op, &smem, enc.as_ref(), inner)
}

/// What `amdg.async_tdm_gather` adds: padding that tiles the rows, a
/// row-major buffer, and row indices every lane of a warp holds alike, split
/// over the CTAs as the buffer's rows are.
fn tdm_gather_layouts(op: Op, smem: &MemDesc, enc: Option<&Encoding>, inner: i64) -> Verdict {
    let Some(enc) = enc else { return Ok(()) };
    if let Encoding::PaddedShared { intervals, paddings, .. } = enc {
        ensure(
            intervals.len() == 1 && paddings.len() == 1,
            "TDM gather does not support multiple interval-padding pairs",
        )?;
        let interval = i64::from(intervals[0]);
        ensure(
            interval != 0 && inner % interval == 0,
            format!(
                "TDM gather padding interval must divide the innermost block dimension (got padInterval={interval}, innermost dimension={inner})"
            ),
        )?;
    }
    let order = enc.order();
    ensure(
        order.first().map(|&o| o as usize) == Some(order.len().wrapping_sub(1)),
        "TDM gather only supports row-major shared order",
    )?;
    let indices = op.operand(1).ty();
    let Some(index_ll) = tensor_layout(indices) else { return Ok(()) };
    let lanes = index_ll.in_dim_size(LANE).unwrap_or(1);
    let free = index_ll.get_free_variable_masks();
    let lane_free = free.iter().find(|(name, _)| name == LANE).map_or(0, |(_, mask)| *mask);
    ensure(
        lane_free == lanes - 1,
        "index layout distributes values across lanes, which is incompatible with the warp-level TDM instruction. Change layout to broadcast the same indices to all lanes in a warp.",
    )?;
    let shared_ll = match enc {
        Encoding::PaddedShared { linear_component, .. } => Some(linear_component.clone()),
        _ => to_linear_layout(enc, &smem.shape).ok(),
    };
    let Some(shared_ll) = shared_ll else { return Ok(()) };
    let has_blocks = |ll: &LinearLayout| bases_of(ll, BLOCK).is_some_and(|b| !b.is_empty());
    let (index_blocks, shared_blocks) = (has_blocks(&index_ll), has_blocks(&shared_ll));
    ensure(
        index_blocks == shared_blocks,
        "TDM gather index and destination layout must both have a block basis or neither have a block basis",
    )?;
    if index_blocks {
        let rows = |ll: &LinearLayout| ll.sublayout(&[BLOCK], &["dim0"]).ok();
        if let (Some(a), Some(b)) = (rows(&index_ll), rows(&shared_ll)) {
            ensure(
                a.equal_ignoring_out_dim_sizes(&b),
                "TDM gather index and shared encoding must have the same block basis for the row dimension",
            )?;
        }
    }
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
