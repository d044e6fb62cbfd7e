//! The semantics of the `ttng` dialect (spec/nvidia/dialect/): the verifiers
//! of its ops, attributes and type, with Triton 3.9.0's diagnostics. The C++
//! of spec/nvidia/dialect/TritonNvidiaGPUDialect.cpp calls `verify_op`
//! (through `tritium_verify`, hook "ttng.<op>") and
//! `tritium_ttng_verify_params`.
use mlir_sys::MlirStringRef;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};
use tritium_dialects::ir::{str_of, string_ref, Attr, Op, Ty, Val};
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::{Cga, Encoding};

type Verdict = Result<(), String>;

// ---------------------------------------------------------------------------
// Context: the module's settings and the enclosing ops.
// ---------------------------------------------------------------------------

/// The nearest value of the integer attribute `name` on `op` or an ancestor.
fn inherited_int(op: Op, name: &str) -> Option<i64> {
    let mut current = Some(op);
    while let Some(o) = current {
        if let Some(value) = o.attr(name).and_then(Attr::int) {
            return Some(value);
        }
        current = o.parent();
    }
    None
}

fn num_ctas(op: Op) -> i64 {
    inherited_int(op, "ttg.num-ctas").unwrap_or(1)
}

fn num_warps(op: Op) -> Option<i64> {
    inherited_int(op, "ttg.num-warps")
}

fn inside(op: Op, name: &str) -> bool {
    let mut current = op.parent();
    while let Some(o) = current {
        if o.name() == name {
            return true;
        }
        current = o.parent();
    }
    false
}

fn memdesc(value: Val) -> Option<MemDesc> {
    bridge::memdesc_of(value.ty())
}

/// The `ttg` encoding of a memdesc or tensor value (None for other dialects' encodings).
fn encoding_of(value: Val) -> Option<Encoding> {
    let attr = match memdesc(value) {
        Some(m) => m.encoding,
        None => value.ty().encoding()?,
    };
    bridge::encoding_of(attr)?.ok()
}

fn attr_dialect(attr: Attr) -> &'static str {
    if attr.is_null() {
        ""
    } else {
        attr.dialect_namespace()
    }
}

/// Whether `attr` is `#ttng.<mnemonic>...`.
fn is_ttng_attr(attr: Attr, mnemonic: &str) -> bool {
    attr_dialect(attr) == "ttng" && attr.to_string().starts_with(&format!("#ttng.{mnemonic}"))
}

fn in_tensor_memory(m: &MemDesc) -> bool {
    is_ttng_attr(m.memory_space, "tensor_memory")
}

fn int_attr(op: Op, name: &str) -> Option<i64> {
    op.attr(name).and_then(Attr::int)
}

fn unit_attr(op: Op, name: &str) -> bool {
    op.attr(name).is_some_and(|a| !a.is_null())
}

fn type_name(ty: Ty) -> String {
    ty.to_string()
}

/// The operands of segment `index` of an op with `operandSegmentSizes`.
fn segment(op: Op, index: usize) -> Vec<Val> {
    let operands = op.operands();
    let start: i32 = (0..index).map(|i| op.segment_size(i)).sum();
    let size = op.segment_size(index);
    operands.into_iter().skip(start.max(0) as usize).take(size.max(0) as usize).collect()
}

// ---------------------------------------------------------------------------
// Shared checks
// ---------------------------------------------------------------------------

fn verify_barrier_type(op: Op, barrier: Val) -> Verdict {
    let ok = memdesc(barrier).is_some_and(|m| {
        m.shape.len() == 1 && type_name(m.element) == "i64" && m.shape[0] <= num_ctas(op)
    });
    if ok {
        Ok(())
    } else {
        Err("barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs".into())
    }
}

fn verify_from_cta(op: Op, barrier: Val) -> Verdict {
    let Some(from) = int_attr(op, "fromCTA") else { return Ok(()) };
    let ctas = num_ctas(op);
    if from < 0 || from >= ctas {
        return Err("fromCTA must be in the range [0, num_ctas - 1]".into());
    }
    let canonical = memdesc(barrier).is_some_and(|m| m.shape.len() == 1 && m.shape[0] == ctas);
    if !canonical {
        return Err("fromCTA requires a 1D barrier with one element per CTA and canonical CGA layout".into());
    }
    Ok(())
}

fn verify_multi_cta(op: Op) -> Verdict {
    if num_ctas(op) <= 1 {
        return Err("requires ttg.num-ctas > 1".into());
    }
    Ok(())
}

/// The coordinates of a TMA op: as many as the block's rank (tiled mode),
/// or 3 to 5 (im2col mode).
fn verify_tma_coords(desc: Val, coords: &[Val], im2col: bool) -> Verdict {
    if im2col {
        if coords.len() < 3 {
            return Err(format!("IM2COL mode requires at least 3D coordinates, but got {}D", coords.len()));
        }
        if coords.len() > 5 {
            return Err(format!("IM2COL mode supports at most 5D coordinates, but got {}D", coords.len()));
        }
        return Ok(());
    }
    let rank = tritium_dialects::tt::types::tensordesc_block(desc.ty()).map(|(shape, _)| shape.len()).unwrap_or(0);
    if coords.len() != rank {
        return Err(format!("expected {rank} coordinates, but got {}", coords.len()));
    }
    if coords.is_empty() || coords.len() > 5 {
        return Err("must have between 1 and 5 coordinates".into());
    }
    Ok(())
}

fn verify_tma_encoding(buffer: &MemDesc) -> Verdict {
    match bridge::encoding_of(buffer.encoding).and_then(Result::ok) {
        Some(Encoding::NvmmaShared { transposed, .. }) => {
            if transposed {
                Err("TMA descriptor layout must not be transposed".into())
            } else {
                Ok(())
            }
        }
        _ => Err("TMA descriptor must have NVMMA shared layout".into()),
    }
}

fn is_fp4_padded(m: &MemDesc) -> bool {
    matches!(bridge::encoding_of(m.encoding).and_then(Result::ok), Some(Encoding::NvmmaShared { fp4_padded: true, .. }))
}

fn verify_tma_load(op: Op, barrier: Val, result: Val) -> Verdict {
    verify_barrier_type(op, barrier)?;
    let Some(result) = memdesc(result) else { return Ok(()) };
    if !result.mutable {
        return Err("cannot store into immutable memory".into());
    }
    verify_tma_encoding(&result)
}

fn verify_tma_store(src: Val) -> Verdict {
    let Some(src) = memdesc(src) else { return Ok(()) };
    if is_fp4_padded(&src) {
        return Err("does not support fp4_padded operands".into());
    }
    verify_tma_encoding(&src)
}

fn verify_gather_scatter_block(desc: Val) -> Verdict {
    let Some((shape, element)) = tritium_dialects::tt::types::tensordesc_block(desc.ty()) else { return Ok(()) };
    let block = Ty::tensor(&shape, element, None);
    if shape.len() != 2 {
        return Err(format!("descriptor block must be a 2D tensor, but got '{block}'"));
    }
    if shape[0] != 1 {
        return Err(format!("descriptor block must have exactly 1 row, but got '{block}'"));
    }
    Ok(())
}

fn reduce_kind_supported(kind: i64, element: &str) -> bool {
    let i32_ = element == "i32";
    let i64_ = element == "i64" || element == "ui64" || element == "si64";
    let unsigned_i64 = element == "i64" || element == "ui64";
    let half = element == "f16" || element == "bf16";
    // DescriptorReduceKind: NONE 0, ADD 1, MIN 2, MAX 3, INC 4, DEC 5, AND 6, OR 7, XOR 8.
    match kind {
        1 => i32_ || unsigned_i64 || element == "f32" || half,
        2 | 3 => i32_ || i64_ || half,
        6..=8 => i32_ || i64_,
        _ => false,
    }
}

fn reduce_kind_name(kind: i64) -> &'static str {
    ["none", "add", "min", "max", "inc", "dec", "and", "or", "xor"].get(kind as usize).copied().unwrap_or("?")
}

/// The dtype class and accumulator types of a tcgen05 MMA operand element type.
fn mma_kind(element: &str) -> Option<(&'static str, &'static [&'static str])> {
    match element {
        "f32" => Some(("tf32", &["f32"])),
        "f16" => Some(("f16", &["f16", "f32"])),
        "bf16" => Some(("f16", &["f32"])),
        "f8E5M2" | "f8E4M3FN" | "f8E5M2FNUZ" | "f8E4M3FNUZ" | "f6E2M3FN" | "f6E3M2FN" | "f4E2M1FN" => {
            Some(("f8f6f4", &["f16", "f32"]))
        }
        "i8" => Some(("i8", &["i32"])),
        _ => None,
    }
}

fn verify_mma_dtypes(a: Ty, b: Ty, d: Ty) -> Verdict {
    let (a, b, d) = (type_name(a), type_name(b), type_name(d));
    let Some((akind, aacc)) = mma_kind(&a) else { return Err(format!("unsupported LHS operand dtype: '{a}'")) };
    let Some((bkind, bacc)) = mma_kind(&b) else { return Err(format!("unsupported RHS operand dtype: '{b}'")) };
    if akind != bkind {
        return Err(format!("LHS and RHS operand dtypes kinds don't match: LHS kind is {akind} but RHS kind is {bkind}"));
    }
    if !aacc.contains(&d.as_str()) || !bacc.contains(&d.as_str()) {
        return Err(format!(
            "unsupported accumulator dtype for operand types '{a}' and '{b}', accumulator dtype is '{d}' but must be one of [{}]",
            aacc.iter().map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", ")
        ));
    }
    Ok(())
}

/// Reads `blockM`, `blockN`, `colStride`, `fp4Padded` of a `#ttng.tensor_memory_encoding`.
fn tmem_encoding(attr: Attr) -> Option<(i64, i64, i64, bool)> {
    if !is_ttng_attr(attr, "tensor_memory_encoding") {
        return None;
    }
    let text = attr.to_string();
    let field = |key: &str| -> Option<String> {
        let at = text.find(&format!("{key} = "))? + key.len() + 3;
        Some(text[at..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect())
    };
    let int = |key: &str| field(key).and_then(|v| v.parse().ok());
    Some((int("blockM")?, int("blockN")?, int("colStride")?, field("fp4Padded").is_some_and(|v| v == "true")))
}

fn verify_tc_gen5_mma(op: Op, scaled: bool) -> Verdict {
    let barriers = segment(op, if scaled { 8 } else { 6 });
    if !scaled && !unit_attr(op, "is_async") && !barriers.is_empty() {
        return Err("The op is synchronous but a barrier is present.".into());
    }
    for barrier in &barriers {
        verify_barrier_type(op, *barrier)?;
    }
    let (Some(a), Some(b), Some(d)) = (memdesc(op.operand(0)), memdesc(op.operand(1)), memdesc(op.operand(2))) else {
        return Ok(());
    };
    if !scaled {
        verify_mma_dtypes(a.element, b.element, d.element)?;
    }
    if a.shape.len() != 2 {
        return Err("LHS operand must have a rank-2 tensor".into());
    }
    if b.shape.len() != 2 {
        return Err("RHS operand must have a rank-2 tensor".into());
    }
    if d.shape.len() != 2 {
        return Err("Return operand must have a rank-2 tensor".into());
    }
    let shared_mma = |m: &MemDesc| {
        matches!(
            bridge::encoding_of(m.encoding).and_then(Result::ok),
            Some(Encoding::NvmmaShared { .. } | Encoding::SharedLinear { .. })
        )
    };
    let a_tmem = tmem_encoding(a.encoding);
    if !shared_mma(&a) && a_tmem.is_none() {
        return Err("LHS operand must have a NVMMAShared or TensorMemory encoding".into());
    }
    if !shared_mma(&b) {
        return Err("RHS operand must have a NVMMAShared encoding".into());
    }
    let Some((_, block_n, col_stride, fp4_padded)) = tmem_encoding(d.encoding) else {
        return Err("Return operand must have a TensorMemory encoding".into());
    };
    if fp4_padded {
        return Err("Accumulator must not be fp4_padded".into());
    }
    if !scaled {
        if let Some((_, _, a_stride, a_fp4)) = a_tmem {
            if a_stride != 1 {
                return Err("The col stride of the LHS operand must be 1".into());
            }
            if a_fp4 {
                return Err("fp4_padded tensor memory LHS is only supported by scaled MMA".into());
            }
        }
        let bits = i64::from(d.element.bit_width());
        if bits > 0 && col_stride != 32 / bits {
            return Err(format!("The col stride of the return operand must be 32 / {bits} but got {col_stride}"));
        }
        if block_n.min(d.shape[1]) > 256 {
            return Err("The block size of the return operand must be less than or equal to 256".into());
        }
    }
    Ok(())
}

/// The shape each CTA holds: each CGA basis splits one dimension in two.
fn shape_per_cta(shape: &[i64], cga: &Cga) -> Vec<i64> {
    let mut per_cta = shape.to_vec();
    for basis in &cga.bases {
        for (dim, &v) in basis.iter().enumerate() {
            if v != 0 && dim < per_cta.len() {
                per_cta[dim] = (per_cta[dim] / 2).max(1);
            }
        }
    }
    per_cta
}

fn verify_warp_group_dot(op: Op) -> Verdict {
    let (a, b, d) = (op.operand(0), op.operand(1), op.result(0));
    let d_shape = d.ty().shape().unwrap_or_default();
    let cga = match encoding_of(d) {
        Some(Encoding::NvidiaMma { version_major: 3, cga, .. }) => cga,
        _ => return Err("WGMMA result layout must be Hopper NVMMA".into()),
    };
    if !matches!(
        encoding_of(a),
        Some(Encoding::NvmmaShared { .. } | Encoding::DotOperand { .. } | Encoding::SharedLinear { .. })
    ) {
        return Err("WGMMA A operand must have NVMMA shared or dot layout".into());
    }
    if !matches!(encoding_of(b), Some(Encoding::NvmmaShared { .. } | Encoding::SharedLinear { .. })) {
        return Err("WGMMA B operand must have NVMMA shared layout".into());
    }
    if num_warps(op).unwrap_or(4) % 4 != 0 {
        return Err("WGMMA requires num_warps to be divisible by 4".into());
    }
    let per_cta = shape_per_cta(&d_shape, &cga);
    if per_cta.len() != 2 {
        return Err("WGMMA result shape must be 2D".into());
    }
    if per_cta[0] % 64 != 0 {
        return Err("WGMMA result M dimension must be divisible by 64".into());
    }
    if per_cta[1] % 8 != 0 {
        return Err("WGMMA result N dimension must be divisible by 8".into());
    }
    let a_element = memdesc(a).map(|m| m.element).unwrap_or_else(|| a.ty().element());
    let fp8 = matches!(type_name(a_element).as_str(), "f8E5M2" | "f8E4M3FN");
    if int_attr(op, "maxNumImpreciseAcc").unwrap_or(0) < 32 && fp8 && type_name(d.ty().element()) == "f32" {
        return Err(
            "Cannot use F32 as the accumulator element type when the max_num_imprecise_acc is less than 32".into(),
        );
    }
    if a.ty().is_tensor() {
        if let Some(Encoding::DotOperand { k_width, .. }) = encoding_of(a) {
            let bits = a.ty().element().bit_width().max(1);
            let expected = 32 / bits;
            if k_width != expected {
                return Err(format!("in-register LHS operand must have a kWidth of {expected} but got {k_width}"));
            }
        }
    }
    Ok(())
}

/// The verifier of the `ttng` op `name`.
pub fn verify_op(name: &str, op: Op) -> Verdict {
    match name {
        "ttng.warp_group_dot" => verify_warp_group_dot(op),
        "ttng.warp_group_dot_wait" => {
            if op.num_operands() == 0 {
                return Err("expected to be waiting on at least one dependency".into());
            }
            Ok(())
        }
        "ttng.init_barrier" => {
            let alloc = op.operand(0);
            verify_barrier_type(op, alloc)?;
            if int_attr(op, "count").unwrap_or(0) < 1 {
                return Err("count must be greater than or equal to 1".into());
            }
            let cross_cta = memdesc(alloc).is_some_and(|m| m.shape[0] != num_ctas(op));
            if cross_cta && inside(op, "ttg.warp_specialize") {
                return Err("cannot be used inside `ttg.warp_specialize`".into());
            }
            Ok(())
        }
        "ttng.inval_barrier" | "ttng.wait_barrier" => verify_barrier_type(op, op.operand(0)),
        "ttng.barrier_expect" => {
            verify_barrier_type(op, op.operand(0))?;
            verify_from_cta(op, op.operand(0))
        }
        "ttng.arrive_barrier" => {
            let alloc = op.operand(0);
            verify_barrier_type(op, alloc)?;
            if int_attr(op, "count").unwrap_or(0) < 1 {
                return Err("count must be greater than or equal to 1".into());
            }
            let multicast = int_attr(op, "multicastCTA").unwrap_or(0);
            let ctas = num_ctas(op);
            if multicast != 0 {
                if ctas <= 1 {
                    return Err("multicast arrive requires num_ctas > 1".into());
                }
                if multicast > ctas - 1 {
                    return Err("multicastCTA exceeds numCTAs - 1".into());
                }
            }
            verify_from_cta(op, alloc)?;
            if multicast != 0 && int_attr(op, "fromCTA").is_some_and(|f| f != ctas - 1) {
                return Err("fromCTA cannot be combined with multicast arrive".into());
            }
            Ok(())
        }
        "ttng.fence_mbarrier_init_release_cluster" => verify_multi_cta(op),
        "ttng.cluster_barrier" => {
            verify_multi_cta(op)?;
            if !inside(op, "tt.func") && !inside(op, "func.func") && !inside(op, "llvm.func") {
                return Err("must be inside a kernel function".into());
            }
            Ok(())
        }
        "ttng.async_shared_store" => {
            if num_ctas(op) < 2 {
                return Err("requires at least two CTAs in the cluster".into());
            }
            if memdesc(op.operand(1)).is_some_and(|m| !m.mutable) {
                return Err("cannot store into immutable memory".into());
            }
            verify_barrier_type(op, op.operand(2))
        }
        "ttng.async_tma_copy_global_to_local" => {
            let desc = op.operand(0);
            let im2col = desc.ty().dialect_namespace() == "ttng";
            let coords = segment(op, 1);
            let offsets = segment(op, 2);
            verify_tma_coords(desc, &coords, im2col)?;
            let (barrier, result) = (segment(op, 3), segment(op, 4));
            if let (Some(&barrier), Some(&result)) = (barrier.first(), result.first()) {
                verify_tma_load(op, barrier, result)?;
            }
            if im2col {
                if offsets.is_empty() {
                    return Err("IM2COL mode requires offsets to be provided".into());
                }
                let expected = coords.len() - 2;
                if offsets.len() != expected {
                    return Err(format!(
                        "IM2COL mode with {}D coordinates requires {expected} offsets, but got {}",
                        coords.len(),
                        offsets.len()
                    ));
                }
            } else if !offsets.is_empty() {
                return Err("TILED mode does not support offsets".into());
            }
            Ok(())
        }
        "ttng.async_tma_copy_local_to_global" => {
            let operands = op.operands();
            let coords = &operands[1..operands.len() - 1];
            verify_tma_coords(op.operand(0), coords, false)?;
            verify_tma_store(operands[operands.len() - 1])
        }
        "ttng.async_tma_reduce" => {
            let operands = op.operands();
            let coords = &operands[1..operands.len() - 1];
            verify_tma_coords(op.operand(0), coords, false)?;
            verify_tma_store(operands[operands.len() - 1])?;
            let element = tritium_dialects::tt::types::tensordesc_block(op.operand(0).ty()).map(|(_, e)| e);
            let kind = int_attr(op, "kind").unwrap_or(0);
            if let Some(element) = element {
                if !reduce_kind_supported(kind, &type_name(element)) {
                    return Err(format!(
                        "unsupported reduce kind {} for element type '{element}'",
                        reduce_kind_name(kind)
                    ));
                }
            }
            Ok(())
        }
        "ttng.async_tma_gather" => {
            verify_tma_load(op, op.operand(3), op.operand(4))?;
            if memdesc(op.operand(4)).is_some_and(|m| is_fp4_padded(&m)) {
                return Err("does not support fp4_padded operands".into());
            }
            verify_gather_scatter_block(op.operand(0))
        }
        "ttng.async_tma_scatter" => {
            verify_tma_store(op.operand(3))?;
            verify_gather_scatter_block(op.operand(0))
        }
        "ttng.tc_gen5_mma" => verify_tc_gen5_mma(op, false),
        "ttng.tc_gen5_mma_scaled" => verify_tc_gen5_mma(op, true),
        "ttng.tc_gen5_commit" => verify_barrier_type(op, op.operand(0)),
        "ttng.tmem_alloc" => {
            let Some(result) = memdesc(op.result(0)) else { return Ok(()) };
            if !in_tensor_memory(&result)
                || !(is_ttng_attr(result.encoding, "tensor_memory_encoding")
                    || is_ttng_attr(result.encoding, "tensor_memory_scales_encoding"))
            {
                return Err("should use tensor memory encoding".into());
            }
            if op.num_operands() == 0 && !result.mutable {
                return Err("uninitialized alloc must have a mutable memdesc type".into());
            }
            Ok(())
        }
        "ttng.tmem_store" => {
            if memdesc(op.operand(0)).is_some_and(|m| !m.mutable) {
                return Err("Cannot store into an immutable alloc".into());
            }
            Ok(())
        }
        "ttng.clc_load_result" | "ttng.clc_try_cancel" | "ttng.clc_try_cancel_sync" => Ok(()),
        "ttng.packed_arith" => {
            let kind = int_attr(op, "op_kind").unwrap_or(0);
            let expected = if kind == 3 { 3 } else { 2 };
            if op.num_operands() != expected {
                let names = ["add", "sub", "mul", "fma", "min", "max"];
                return Err(format!(
                    "{} expects {expected} operands but got {}",
                    names.get(kind as usize).unwrap_or(&"?"),
                    op.num_operands()
                ));
            }
            Ok(())
        }
        // The checks of these that need tensor-memory layouts are not
        // implemented yet: the structural constraints (ODS) apply.
        "ttng.tmem_load" | "ttng.tmem_subslice" | "ttng.tmem_copy" | "ttng.tmem_wait" => Ok(()),
        "ttng.tensormap_create" => {
            let rank = segment(op, 2).len();
            let global_dim = segment(op, 3).len();
            let global_stride = segment(op, 4).len();
            let element_stride = segment(op, 5).len();
            if global_dim != rank {
                return Err(format!("Rank mismatch for global dim. Got {global_dim} but expected {rank}"));
            }
            if global_stride + 1 != rank {
                return Err(format!(
                    "Rank mismatch for global stride. Got {global_stride} but expected {}",
                    (rank as u64).wrapping_sub(1)
                ));
            }
            if element_stride != rank {
                return Err(format!("Rank mismatch for element stride. Got {element_stride} but expected {rank}"));
            }
            if rank > 5 {
                return Err(format!("Maximum rank is 5. Got {rank}"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------
// Attribute and type parameters
// ---------------------------------------------------------------------------

const PRIORITIES: [&str; 6] = ["none", "evict_normal", "evict_unchanged", "evict_first", "evict_last", "no_allocate"];

fn priority(value: i64) -> &'static str {
    PRIORITIES.get(value as usize).copied().unwrap_or("?")
}

/// A rank-2 CGA layout: two entries per basis, non-negative, and a
/// permutation matrix once its zero (broadcast) bases are removed.
fn verify_cga(flat: &[i32]) -> Verdict {
    if flat.len() % 2 != 0 {
        return Err("'CGALayout' entry length does not match rank 2".into());
    }
    if flat.iter().any(|&v| v < 0) {
        return Err("CGALayout entries must be non-negative".into());
    }
    let mut next = [1i64, 1];
    for basis in flat.chunks(2) {
        match (basis[0], basis[1]) {
            (0, 0) => {}
            (v, 0) if i64::from(v) == next[0] => next[0] *= 2,
            (0, v) if i64::from(v) == next[1] => next[1] *= 2,
            _ => return Err("After removing broadcast bases the CGA encoding must be a permutation matrix".into()),
        }
    }
    Ok(())
}

fn verify_params(kind: &str, ints: &[i64], cga: &[i32], fraction: f64) -> Verdict {
    match kind {
        "cga" => verify_cga(cga),
        "tensor_memory_encoding" => {
            let [block_m, block_n, col_stride, two_ctas, fp4_padded] = ints else {
                return Err("internal error: tensor_memory_encoding parameters".into());
            };
            if *block_m != 64 && *block_m != 128 {
                return Err(format!("blockM must be 64 or 128 but got {block_m}"));
            }
            if *block_n <= 0 || block_n & (block_n - 1) != 0 {
                return Err(format!("blockN must be a power of 2 but got {block_n}"));
            }
            if ![1, 2, 4].contains(col_stride) {
                return Err(format!("colStride must be 1, 2, or 4 but got but got {col_stride}"));
            }
            if *fp4_padded != 0 && *col_stride != 1 {
                return Err(format!("fp4Padded tensor memory layout requires colStride 1 but got {col_stride}"));
            }
            verify_cga(cga)?;
            if *two_ctas != 0 && (cga.len() < 2 || cga[0] != 1 || cga[1] != 0) {
                return Err("twoCTAs layout requires the first CGALayout block basis to be [1, 0]".into());
            }
            Ok(())
        }
        "tensor_memory_scales_encoding" => verify_cga(cga),
        "cache_policy" => {
            let [modifier, l1, primary, secondary, has_fraction, fraction_f32, has_prefetch, prefetch] = ints else {
                return Err("internal error: cache_policy parameters".into());
            };
            // CacheModifier::NONE is 1 (tt's numbering); 0 never occurs.
            if *modifier > 1 && *l1 != 0 {
                return Err("cache modifier cannot be combined with an L1 eviction priority".into());
            }
            if *primary == 0 {
                if *secondary != 0 || *has_fraction != 0 {
                    return Err("l2_secondary and l2_fraction require l2_primary".into());
                }
            } else {
                if *primary == 5 {
                    return Err(format!("invalid L2 primary eviction priority '{}'", priority(*primary)));
                }
                if *secondary == 0 || *has_fraction == 0 {
                    return Err("L2 policy requires l2_secondary and l2_fraction".into());
                }
                if *secondary != 2 && *secondary != 3 {
                    return Err(format!("invalid L2 secondary eviction priority '{}'", priority(*secondary)));
                }
                if *fraction_f32 == 0 || !fraction.is_finite() || fraction <= 0.0 || fraction > 1.0 {
                    return Err("L2 fraction must be a finite f32 in (0, 1]".into());
                }
            }
            if *has_prefetch != 0 && ![64, 128, 256].contains(prefetch) {
                return Err("L2 prefetch size must be 64, 128, or 256".into());
            }
            Ok(())
        }
        "tensordesc_im2col" => {
            if ints.len() != 2 {
                return Err(format!("TensorDescIm2ColType requires rank-2 shape, got rank {}", ints.len()));
            }
            if let Some(dim) = ints.iter().find(|&&d| d <= 0) {
                return Err(format!("tensor descriptor dimensions must be positive, got {dim}"));
            }
            Ok(())
        }
        _ => Err(format!("internal error: unknown ttng parameters '{kind}'")),
    }
}

/// The C++ callback receiving diagnostic messages.
pub type ReportFn = Option<unsafe extern "C" fn(*mut c_void, MlirStringRef)>;

/// Verifies the parameters of a `ttng` attribute or type (see
/// TritonNvidiaGPUDialect.cpp). Never unwinds.
#[no_mangle]
pub extern "C" fn tritium_ttng_verify_params(
    kind: MlirStringRef,
    ints: *const i64,
    num_ints: isize,
    cga: *const i32,
    cga_size: isize,
    fraction: f64,
    report: ReportFn,
    user_data: *mut c_void,
) -> bool {
    let verdict = catch_unwind(AssertUnwindSafe(|| {
        let kind = unsafe { str_of(kind) };
        let ints = if ints.is_null() || num_ints <= 0 {
            &[][..]
        } else {
            unsafe { std::slice::from_raw_parts(ints, num_ints as usize) }
        };
        let cga = if cga.is_null() || cga_size <= 0 {
            &[][..]
        } else {
            unsafe { std::slice::from_raw_parts(cga, cga_size as usize) }
        };
        verify_params(kind, ints, cga, fraction)
    }))
    .unwrap_or_else(|_| Err("internal error in Tritium (please report): ttng parameter verifier panicked".into()));
    match verdict {
        Ok(()) => true,
        Err(message) => {
            if let Some(f) = report {
                unsafe { f(user_data, string_ref(&message)) };
            }
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cga_layouts() {
        assert!(verify_cga(&[]).is_ok());
        assert!(verify_cga(&[1, 0, 0, 1, 0, 0]).is_ok());
        assert!(verify_cga(&[1, 1]).is_err());
        assert!(verify_cga(&[3, 0]).is_err());
        assert!(verify_cga(&[1, 0, 1, 0]).is_err());
    }

    #[test]
    fn tensor_memory_encoding() {
        let check = |ints: &[i64]| verify_params("tensor_memory_encoding", ints, &[], 0.0);
        assert!(check(&[128, 64, 1, 0, 0]).is_ok());
        assert_eq!(check(&[96, 64, 1, 0, 0]).unwrap_err(), "blockM must be 64 or 128 but got 96");
        assert_eq!(check(&[128, 48, 1, 0, 0]).unwrap_err(), "blockN must be a power of 2 but got 48");
        assert_eq!(check(&[128, 64, 3, 0, 0]).unwrap_err(), "colStride must be 1, 2, or 4 but got but got 3");
    }

    #[test]
    fn cache_policy() {
        let check = |ints: &[i64], f: f64| verify_params("cache_policy", ints, &[], f);
        assert!(check(&[0, 0, 4, 3, 1, 1, 0, -1], 0.5).is_ok());
        assert_eq!(check(&[0, 0, 4, 0, 0, 0, 0, -1], 0.0).unwrap_err(), "L2 policy requires l2_secondary and l2_fraction");
        assert_eq!(check(&[0, 0, 0, 0, 0, 0, 1, 32], 0.0).unwrap_err(), "L2 prefetch size must be 64, 128, or 256");
    }
}
