//! Target features, the CGA layouts of barriers and buffers, and TMA descriptors.

use super::*;

pub(super) fn string_attr(attr: Attr) -> Option<String> {
    unsafe {
        if attr.is_null() || !mlir_sys::mlirAttributeIsAString(attr.0) {
            return None;
        }
        Some(str_of(mlir_sys::mlirStringAttrGetValue(attr.0)).to_string())
    }
}

/// Triton's tcgen05 ops need an sm_10x or sm_11x target (when the module
/// names one).
pub(super) fn verify_tcgen05_target(op: Op) -> Verdict {
    let Some(target) = op.enclosing_module().and_then(|m| m.attr("ttg.target")).and_then(string_attr) else {
        return Ok(());
    };
    let family = target.strip_prefix("cuda:").and_then(|cc| cc.parse::<i64>().ok()).map(|cc| cc / 10);
    if matches!(family, Some(10 | 11)) {
        Ok(())
    } else {
        Err("requires tcgen05 support".into())
    }
}

/// The compute capability of the module's `cuda:<cc>` target.
pub(super) fn compute_capability(op: Op) -> Option<i64> {
    let target = op.enclosing_module()?.attr("ttg.target").and_then(string_attr)?;
    target.strip_prefix("cuda:")?.parse().ok()
}

/// The CGA bases of a shared or tensor-memory encoding (in CTA units), when
/// Tritium can read them.
pub(super) fn cga_bases(encoding: Attr) -> Option<Vec<Vec<i32>>> {
    if let Some(tmem) = tmem_of(encoding) {
        return Some(tmem.cga().iter().map(|b| b.to_vec()).collect());
    }
    match bridge::encoding_of(encoding)?.ok()? {
        Encoding::SwizzledShared { cga, .. }
        | Encoding::AmdRotatingShared { cga, .. }
        | Encoding::NvmmaShared { cga, .. }
        | Encoding::Blocked { cga, .. }
        | Encoding::NvidiaMma { cga, .. } => Some(cga.bases),
        _ => None,
    }
}

/// Triton's `formatCGALayout`.
pub(super) fn format_cga(bases: &[Vec<i32>]) -> String {
    let inner: Vec<String> =
        bases.iter().map(|b| format!("[{}]", b.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))).collect();
    format!("[{}]", inner.join(", "))
}

/// The canonical 1-D CGA layout over `ctas` CTAs (`CGAEncodingAttr::get1DLayout`).
pub(super) fn cga_1d(ctas: i64) -> Vec<Vec<i32>> {
    (0..log2(ctas).min(30)).map(|i| vec![1 << i]).collect()
}

pub(super) fn verify_barrier_cga(barrier: Val, expected: &[Vec<i32>], what: &str) -> Verdict {
    let Some(actual) = memdesc(barrier).and_then(|m| cga_bases(m.encoding)) else { return Ok(()) };
    if actual != expected {
        return Err(format!("{what} cga_layout must be {}, got {}", format_cga(expected), format_cga(&actual)));
    }
    Ok(())
}

pub(super) fn verify_completion_barrier(op: Op, barrier: Val) -> Verdict {
    verify_barrier_cga(barrier, &cga_1d(num_ctas(op)), "completion barrier")
}

/// Triton's `verifyTMABarrierLayout`: in a module with `ttng.two-ctas`, the
/// barrier of a TMA load is per CTA (or per CTA pair).
pub(super) fn verify_tma_barrier_layout(op: Op, barrier: Val) -> Verdict {
    let Some(two_ctas) = op.enclosing_module().and_then(|m| m.attr("ttng.two-ctas")).and_then(Attr::bool) else {
        return Ok(());
    };
    let Some(actual) = memdesc(barrier).and_then(|m| cga_bases(m.encoding)) else { return Ok(()) };
    let ctas = num_ctas(op);
    let one = cga_1d(ctas);
    if actual == one {
        return Ok(());
    }
    if two_ctas {
        let mut two = vec![vec![0]];
        two.extend((0..log2(ctas / 2).min(30)).map(|i| vec![1 << i]));
        two.truncate(log2(ctas) as usize);
        if actual == two {
            return Ok(());
        }
        return Err(format!(
            "TMA barrier cga_layout must be {} or {}, got {}",
            format_cga(&one),
            format_cga(&two),
            format_cga(&actual)
        ));
    }
    Err(format!("TMA barrier cga_layout must be {}, got {}", format_cga(&one), format_cga(&actual)))
}

/// Whether the CGA layout of a buffer sends several CTAs to the same data
/// (`hasCGABroadcast`).
pub(super) fn has_cga_broadcast(m: &MemDesc) -> Option<bool> {
    let bases = cga_bases(m.encoding)?;
    let rows: Vec<u64> = bases
        .iter()
        .map(|b| {
            b.iter().enumerate().fold(0u64, |acc, (k, &v)| {
                acc | (((v.max(0) as u64) & 0xffff).checked_shl(16 * k as u32).unwrap_or(0))
            })
        })
        .collect();
    Some(gf2::rank(&rows) < rows.len())
}

/// The text of the encoding of a `!tt.tensordesc` or `!ttng.tensordesc_im2col`.
pub(super) fn desc_encoding_text(desc: Ty) -> Option<String> {
    let text = desc.to_string();
    let body = text.get(text.find('<')? + 1..text.rfind('>')?)?;
    let mut depth = 0i32;
    for (i, c) in body.char_indices() {
        match c {
            '<' | '{' | '[' | '(' => depth += 1,
            '>' | '}' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                let rest = body.get(i + 1..)?.trim();
                return rest.starts_with('#').then(|| rest.to_string());
            }
            _ => {}
        }
    }
    None
}

/// The NVMMA parameters compared between a descriptor and its buffer.
pub(super) fn nvmma_params(enc: &Encoding) -> Option<(u32, bool, u32, bool)> {
    match enc {
        Encoding::NvmmaShared { swizzling_byte_width, transposed, element_bit_width, fp4_padded, .. } => {
            Some((*swizzling_byte_width, *transposed, *element_bit_width, *fp4_padded))
        }
        _ => None,
    }
}

/// Triton's `verifyTMAEncoding`: an NVMMA shared buffer laid out like the
/// descriptor's block, not transposed.
pub(super) fn verify_tma_layout(op: Op, desc: Ty, buffer: &MemDesc) -> Verdict {
    let Some(Ok(enc)) = bridge::encoding_of(buffer.encoding) else {
        return Err("TMA descriptor must have NVMMA shared layout".into());
    };
    let Some(params) = nvmma_params(&enc) else { return Err("TMA descriptor must have NVMMA shared layout".into()) };
    let desc_text = desc_encoding_text(desc);
    let desc_enc = desc_text.as_deref().and_then(|text| {
        let attr = Attr(unsafe { mlir_sys::mlirAttributeParseGet(op.context(), string_ref(text)) });
        if attr.is_null() {
            None
        } else {
            bridge::encoding_of(attr).and_then(Result::ok)
        }
    });
    let desc_params = desc_enc.as_ref().and_then(nvmma_params);
    if desc_params != Some(params) {
        let shown = match (&desc_text, desc_params) {
            (Some(text), Some(_)) => text.clone(),
            _ => "<<NULL ATTRIBUTE>>".to_string(),
        };
        return Err(format!(
            "TMA descriptor layout must match shared layout, but got descriptor layout {shown} and shared memory layout {}",
            buffer.encoding
        ));
    }
    if params.1 {
        return Err("TMA descriptor layout must not be transposed".into());
    }
    if enc.rank() != buffer.shape.len() {
        return Err("TMA shared memory and layout ranks must match".into());
    }
    Ok(())
}

/// Triton's `verifyCLCResultMemdesc`.
pub(super) fn verify_clc_result(value: Val) -> Verdict {
    let Some(m) = memdesc(value) else { return Ok(()) };
    let element = type_name(m.element);
    if !matches!(element.as_str(), "i64" | "si64" | "ui64") {
        return Err(format!("Expected CLC result buffer to have type int64, but got'{element}'"));
    }
    if m.shape.len() != 1 || m.shape[0] != 2 {
        let shape = m.shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        return Err(format!(
            "Expected CLC result buffer to have rank 1 and a single dimension equal to 2, but got {shape}."
        ));
    }
    if m.alloc_shape.len() < m.shape.len() || m.alloc_shape[m.alloc_shape.len() - m.shape.len()..] != m.shape[..] {
        return Err("CLC result buffer must have a contiguous shared-memory layout without subviews".into());
    }
    if let Some(bases) = cga_bases(m.encoding) {
        if bases.iter().any(|b| b.iter().any(|&x| x != 0)) {
            return Err(format!("Expected CLC result buffer cga_layout bases to be all zeros. Got {}", format_cga(&bases)));
        }
    }
    Ok(())
}

/// The element type a scaled-MMA operand is read as.
pub(super) fn scaled_operand_type(element: Ty, scale_type: i64) -> String {
    if element.is_float() {
        return type_name(element);
    }
    // ScaleDotElemType: E4M3 0, E5M2 1, E2M3 2, E3M2 3, E2M1 4, BF16 5, FP16 6.
    ["f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN", "bf16", "f16"]
        .get(scale_type as usize)
        .map_or_else(|| type_name(element), |t| t.to_string())
}

/// Triton's `verifyScaledLHSOperand` for a tensor-memory LHS.
pub(super) fn verify_scaled_lhs(element: Ty, fp4_padded: bool, a_type: i64, b_type: i64) -> Verdict {
    const E4M3: i64 = 0;
    const E5M2: i64 = 1;
    const E2M1: i64 = 4;
    let rhs_fp8 = b_type == E4M3 || b_type == E5M2;
    if a_type == E2M1 {
        if type_name(element) != "i8" {
            return Err("expected e2m1 LHS operand to have i8 storage".into());
        }
        if fp4_padded && !rhs_fp8 {
            return Err("can only use fp4_padded LHS when RHS is float8".into());
        }
        if rhs_fp8 && !fp4_padded {
            return Err("expected e2m1 LHS operand to be fp4_padded when RHS is float8".into());
        }
        return Ok(());
    }
    if matches!(type_name(element).as_str(), "f8E4M3FN" | "f8E5M2") {
        if a_type != E4M3 && a_type != E5M2 {
            return Err("expected float8 LHS operand to have e4m3 or e5m2 format".into());
        }
        return Ok(());
    }
    Err("unsupported LHS operand type for scaled MMA".into())
}

/// The order of repeated scale blocks a scaled MMA needs for operand A or B
/// (`getTensorMemoryScalesBlockRepOrder`): K first only for the A scales of
/// an nvfp4 x nvfp4 MMA on sm_107.
pub(super) fn scales_k_then_mn(op: Op, is_a: bool, a_type: i64, b_type: i64, a_scale: &MemDesc, b_scale: &MemDesc) -> bool {
    const E2M1: i64 = 4;
    is_a && a_type == E2M1
        && b_type == E2M1
        && type_name(a_scale.element) == "f8E4M3FN"
        && type_name(b_scale.element) == "f8E4M3FN"
        && compute_capability(op) == Some(107)
}

pub(super) fn verify_scaled_scales(op: Op, a_type: i64, b_type: i64) -> Verdict {
    let scale = |index: usize| segment(op, index).first().copied().and_then(memdesc);
    let (Some(a_scale), Some(b_scale)) = (scale(4), scale(5)) else { return Ok(()) };
    for (scale, is_a) in [(&a_scale, true), (&b_scale, false)] {
        if !in_tensor_memory(scale) || scale.shape.len() < 2 {
            continue;
        }
        let split = cga_bases(scale.encoding).map_or([1, 1], |b| cga_split(&cga_pairs(&b)));
        let rank = scale.shape.len();
        let rows = scale.shape[rank - 2] / split[0];
        let scales = scale.shape[rank - 1] / split[1];
        let relevant = rows > 128 && scales > 4;
        let name = if is_a { "A" } else { "B" };
        let k_then_mn = match tmem_of(scale.encoding) {
            Some(Tmem::Scales { k_then_mn, .. }) => k_then_mn,
            _ if !relevant => continue,
            _ => return Err(format!("{name} scales in tensor memory must use #ttng.tensor_memory_scales_encoding")),
        };
        if !relevant && !k_then_mn {
            continue;
        }
        let expected = scales_k_then_mn(op, is_a, a_type, b_type, &a_scale, &b_scale);
        if k_then_mn != expected {
            return Err(format!(
                "{name} scales in tensor memory must use #ttng.tensor_memory_scales_encoding<blockRepOrder = {}>",
                if expected { "kThenMn" } else { "mnThenK" }
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_tc_gen5_mma_scaled(op: Op) -> Verdict {
    verify_mma_barriers(op, 8)?;
    let (Some(a), Some(b), Some(d)) = (memdesc(op.operand(0)), memdesc(op.operand(1)), memdesc(op.operand(2))) else {
        return Ok(());
    };
    let a_type = int_attr(op, "a_type").unwrap_or(-1);
    let b_type = int_attr(op, "b_type").unwrap_or(-1);
    let (at, bt) = (scaled_operand_type(a.element, a_type), scaled_operand_type(b.element, b_type));
    verify_mma_dtype_names(&at, &bt, &type_name(d.element))?;
    let Some(Tmem::Data { block_m, fp4_padded, .. }) = tmem_of(d.encoding) else {
        return Err("expected accumulator layout to be a TensorMemoryLayout".into());
    };
    if fp4_padded {
        return Err("accumulator layout must not be fp4_padded".into());
    }
    if block_m != 128 {
        return Err("only supports instruction shape blockM=128".into());
    }
    if let Some(Tmem::Data { fp4_padded, .. }) = tmem_of(a.encoding) {
        verify_scaled_lhs(a.element, fp4_padded, a_type, b_type)?;
    }
    verify_scaled_scales(op, a_type, b_type)
}

/// The shape of a tensor or memdesc value.
pub(super) fn value_shape(value: Val) -> Vec<i64> {
    memdesc(value).map(|m| m.shape).unwrap_or_else(|| value.ty().shape().unwrap_or_default())
}

/// Triton's `verifyDotOpInterface`, with the op's `verifyDims` and
/// `verifyOutputDims`.
pub(super) fn verify_dot_interface(
    a: &[i64],
    b: &[i64],
    c: &[i64],
    dims_ok: impl FnOnce() -> bool,
    output_ok: impl FnOnce() -> bool,
) -> Verdict {
    if a.len() != 2 && a.len() != 3 {
        return Err("expected operands to be 2d or 3d".into());
    }
    if a.len() != b.len() || a.len() != c.len() {
        return Err("expected all operands to have the same rank".into());
    }
    if !dims_ok() {
        return Err("expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand".into());
    }
    if a.len() == 3 && (a[0] != c[0] || b[0] != c[0]) {
        return Err("expected the first dimension of the first operand to be equal to the first dimension of the result".into());
    }
    if !output_ok() {
        return Err("expected the output shape to be the concatenation of the last dimension of the first operand and the last dimension of the second ".into());
    }
    Ok(())
}

/// The DotOpInterface checks with the default `verifyDims` and
/// `verifyOutputDims`.
pub(super) fn verify_plain_dot(op: Op) -> Verdict {
    let (a, b, c) = (value_shape(op.operand(0)), value_shape(op.operand(1)), value_shape(op.operand(2)));
    let r = a.len();
    verify_dot_interface(
        &a,
        &b,
        &c,
        || a.last() == b.get(b.len().wrapping_sub(2)),
        || c.get(c.len().wrapping_sub(2)) == a.get(r.wrapping_sub(2)) && c.last() == b.get(r.wrapping_sub(1)),
    )
}

/// Whether an NVMMA shared memdesc is transposed.
pub(super) fn nvmma_transposed(value: Val) -> Option<bool> {
    match memdesc(value).and_then(|m| bridge::encoding_of(m.encoding)?.ok()) {
        Some(Encoding::NvmmaShared { transposed, .. }) => Some(transposed),
        _ => None,
    }
}

/// The DotOpInterface checks of `tc_gen5_mma_scaled`: packed e2m1 operands
/// hold two elements per byte along K (or along M / N when transposed).
pub(super) fn verify_scaled_dot(op: Op) -> Verdict {
    const E2M1: i64 = 4;
    let (a, b, c) = (value_shape(op.operand(0)), value_shape(op.operand(1)), value_shape(op.operand(2)));
    let a_e2m1 = int_attr(op, "a_type") == Some(E2M1);
    let b_e2m1 = int_attr(op, "b_type") == Some(E2M1);
    let trans_a = nvmma_transposed(op.operand(0)) == Some(true);
    let trans_b = nvmma_transposed(op.operand(1)) == Some(false);
    let r = a.len();
    let dims_ok = || {
        let (Some(&ak), Some(&bk)) = (a.last(), b.get(r.wrapping_sub(2))) else { return false };
        let ak = if a_e2m1 && !trans_a { ak.saturating_mul(2) } else { ak };
        let bk = if b_e2m1 && !trans_b { bk.saturating_mul(2) } else { bk };
        ak == bk
    };
    let output_ok = || {
        let (Some(&am), Some(&bn)) = (a.get(r.wrapping_sub(2)), b.last()) else { return false };
        let am = if a_e2m1 && trans_a { am.saturating_mul(2) } else { am };
        let bn = if b_e2m1 && trans_b { bn.saturating_mul(2) } else { bn };
        c.get(c.len().wrapping_sub(2)) == Some(&am) && c.last() == Some(&bn)
    };
    verify_dot_interface(&a, &b, &c, dims_ok, output_ok)
}

/// Triton's `verifyMMAv5Op`: a tensor-memory LHS and accumulator cannot both
/// use the interleaved blockM=64 layout.
pub(super) fn verify_mmav5(op: Op) -> Verdict {
    let interleaved = |value: Val| {
        let Some(m) = memdesc(value) else { return false };
        let Some(Tmem::Data { block_m: 64, .. }) = tmem_of(m.encoding) else { return false };
        let Some(ll) = tmem_layout(&m) else { return false };
        dim_bases(&ll, ROW).get(4).is_some_and(|b| b.iter().any(|&x| x != 0))
    };
    if interleaved(op.operand(0)) && interleaved(op.operand(2)) {
        return Err("does not support blockM=64 with interleaved blocks in TMEM layout".into());
    }
    Ok(())
}
