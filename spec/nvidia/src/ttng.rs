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
use tritium_dialects::ttg::linear_layout::{gf2, LinearLayout};
use tritium_dialects::ttg::to_linear;

type Verdict = Result<(), String>;

// ---------------------------------------------------------------------------
// Context: the module's settings and the enclosing ops.
// ---------------------------------------------------------------------------

fn num_ctas(op: Op) -> i64 {
    op.inherited_int("ttg.num-ctas").unwrap_or(1)
}

fn num_warps(op: Op) -> Option<i64> {
    op.inherited_int("ttg.num-warps")
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
    if !ok {
        return Err("barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs".into());
    }
    // The CTAs a barrier is split over: the non-zero CGA bases go 1, 2, 4, ...
    let bases = memdesc(barrier).and_then(|m| cga_bases(m.encoding)).unwrap_or_default();
    let nonzero = bases.iter().filter(|b| b.iter().any(|&v| v != 0));
    if nonzero.enumerate().any(|(i, b)| b[..] != [1i32 << i.min(30)]) {
        return Err(
            "broadcasted cluster barriers require bases to be the sequence 1, 2, 4, 8, ... perhaps with zero bases interleaved."
                .into(),
        );
    }
    Ok(())
}

fn verify_from_cta(op: Op, barrier: Val) -> Verdict {
    let Some(from) = int_attr(op, "fromCTA") else { return Ok(()) };
    let ctas = num_ctas(op);
    if from < 0 || from >= ctas {
        return Err("fromCTA must be in the range [0, num_ctas - 1]".into());
    }
    let canonical = memdesc(barrier).is_some_and(|m| {
        m.shape.len() == 1 && m.shape[0] == ctas && cga_bases(m.encoding).is_none_or(|b| b == cga_1d(ctas))
    });
    if !canonical {
        return Err("fromCTA requires a 1D barrier with one element per CTA and canonical CGA layout".into());
    }
    Ok(())
}

/// Triton's `ClusterBarrierOp` rule: inside a kernel (a public function), or
/// inside a `tt.func` helper that the inliner will move into one (not
/// `noinline = true`).
fn verify_in_kernel(op: Op) -> Verdict {
    let mut current = op.parent();
    while let Some(o) = current {
        if matches!(o.name(), "tt.func" | "func.func" | "llvm.func") {
            let private = o.attr("sym_visibility").and_then(string_attr).is_some_and(|v| v != "public");
            if !private {
                return Ok(());
            }
            let noinline = o.attr("noinline").and_then(Attr::bool).unwrap_or(false);
            if o.name() == "tt.func" && !noinline {
                return Ok(());
            }
            return Err("must be inside a kernel function".into());
        }
        current = o.parent();
    }
    Err("must be inside a kernel function".into())
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

fn is_fp4_padded(m: &MemDesc) -> bool {
    matches!(bridge::encoding_of(m.encoding).and_then(Result::ok), Some(Encoding::NvmmaShared { fp4_padded: true, .. }))
}

fn verify_tma_load(op: Op, desc: Val, barrier: Val, result: Val) -> Verdict {
    verify_barrier_type(op, barrier)?;
    verify_tma_barrier_layout(op, barrier)?;
    let Some(result) = memdesc(result) else { return Ok(()) };
    if !result.mutable {
        return Err("cannot store into immutable memory".into());
    }
    verify_tma_layout(op, desc.ty(), &result)
}

fn verify_tma_store(op: Op, desc: Val, src: Val) -> Verdict {
    let Some(src) = memdesc(src) else { return Ok(()) };
    if is_fp4_padded(&src) {
        return Err("does not support fp4_padded operands".into());
    }
    // A view cut along a dimension the CTAs split may start in another CTA's
    // part of the buffer, which a TMA store cannot read.
    let alloc = &src.alloc_shape[src.alloc_shape.len().saturating_sub(src.shape.len())..];
    let cut: Vec<bool> = src.shape.iter().zip(alloc).map(|(s, a)| s != a).collect();
    let bases = cga_bases(src.encoding).unwrap_or_default();
    // The layout's dimensions are the view's last ones.
    if bases.iter().any(|b| b.iter().zip(&cut[cut.len().saturating_sub(b.len())..]).any(|(&v, &c)| v != 0 && c)) {
        return Err("source subview may have an origin in another CTA".into());
    }
    verify_tma_layout(op, desc.ty(), &src)
}

fn verify_tma_multicast(op: Op, result: Val) -> Verdict {
    if unit_attr(op, "multicast") && memdesc(result).and_then(|m| has_cga_broadcast(&m)) == Some(false) {
        return Err("multicast requires the shared layout to broadcast across CTAs".into());
    }
    Ok(())
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

/// The widest vector (in elements) in which a thread stores `src` into the
/// shared buffer `dst` (Triton's `largestVectorisation`: registers, in any
/// order, holding consecutive offsets, up to 128 bits), with the element
/// width; `None` where Tritium cannot tell (padded layouts, unknown ones).
fn store_vector_elems(src: Val, dst: Val) -> Option<(u32, u32)> {
    let enc = encoding_of(src)?;
    let shape = src.ty().shape()?;
    let m = memdesc(dst)?;
    if matches!(bridge::encoding_of(m.encoding)?.ok()?, Encoding::PaddedShared { .. }) {
        return None;
    }
    let bits = src.ty().element().bit_width().max(1);
    let regs = to_linear::to_linear_layout(&enc, &shape).ok()?;
    let shared = memdesc_layout(&m)?;
    let cvt = regs.invert_and_compose(&shared).ok()?;
    let names = cvt.get_out_dim_names().iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let offset = names.iter().position(|n| n == "offset")?;
    let registers: Vec<&[i32]> = (0..cvt.in_dim_size("register").unwrap_or(1).max(1).trailing_zeros() as usize)
        .filter_map(|i| cvt.basis("register", i))
        .collect();
    let mut vec = 1u32;
    while vec * 2 * bits <= 128 {
        let step = vec as i32;
        let found = registers
            .iter()
            .any(|b| b.iter().enumerate().all(|(d, &v)| v == if d == offset { step } else { 0 }));
        if !found {
            break;
        }
        vec *= 2;
    }
    Some((vec, bits))
}

/// The CGA bases of a distributed tensor encoding (slices drop the sliced
/// dimension of their parent's).
fn tensor_cga_bases(enc: &Encoding) -> Option<Vec<Vec<i32>>> {
    match enc {
        Encoding::Blocked { cga, .. } | Encoding::NvidiaMma { cga, .. } => Some(cga.bases.clone()),
        Encoding::Slice { dim, parent } => {
            let bases = tensor_cga_bases(parent)?;
            Some(
                bases
                    .into_iter()
                    .map(|b| b.into_iter().enumerate().filter(|&(d, _)| d != *dim as usize).map(|(_, v)| v).collect())
                    .collect(),
            )
        }
        Encoding::DotOperand { parent, .. } => tensor_cga_bases(parent),
        _ => None,
    }
}

/// Triton's checks of the x offsets of a TMA gather or scatter: 4
/// consecutive offsets per thread (one `gather4`), the same offsets in every
/// lane of a warp, and the rows split over the CTAs as the buffer's.
fn verify_x_offsets(offsets: Val, buffer: Val) -> Verdict {
    let ty = offsets.ty();
    let Some(enc) = encoding_of(offsets) else { return Ok(()) };
    let shape = ty.shape().unwrap_or_default();
    let Ok(ll) = to_linear::to_linear_layout(&enc, &shape) else { return Ok(()) };
    if to_linear::contig_per_thread(&ll).first().is_some_and(|&c| c < 4) {
        return Err("x offsets must have at least 4 contiguous elements per thread".into());
    }
    let lanes = ll.in_dim_size("lane").unwrap_or(1);
    let free = ll.get_free_variable_masks().into_iter().find(|(d, _)| d == "lane").map_or(0, |(_, m)| m);
    if free != lanes - 1 {
        return Err("x offsets must be broadcasted across each warp".into());
    }
    let rows = memdesc(buffer).and_then(|m| cga_bases(m.encoding));
    if let (Some(rows), Some(offsets)) = (rows, tensor_cga_bases(&enc)) {
        let dim0 = |bases: &[Vec<i32>]| bases.iter().map(|b| b.first().copied().unwrap_or(0)).collect::<Vec<_>>();
        if dim0(&rows) != dim0(&offsets) {
            return Err("x offsets must have the same row CGA layout as the memdesc".into());
        }
    }
    Ok(())
}

fn reduce_kind_supported(kind: i64, element: &str) -> bool {
    // Triton's `Type::isInteger(32)`: any signedness.
    let i32_ = element == "i32" || element == "si32" || element == "ui32";
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
        // Every 8-, 6- and 4-bit float type.
        _ if element.starts_with("f8") || element.starts_with("f6") || element.starts_with("f4") => {
            Some(("f8f6f4", &["f16", "f32"]))
        }
        "i8" => Some(("i8", &["i32"])),
        _ => None,
    }
}

fn verify_mma_dtypes(a: Ty, b: Ty, d: Ty) -> Verdict {
    verify_mma_dtype_names(&type_name(a), &type_name(b), &type_name(d))
}

fn verify_mma_dtype_names(a: &str, b: &str, d: &str) -> Verdict {
    let Some((akind, aacc)) = mma_kind(a) else { return Err(format!("unsupported LHS operand dtype: '{a}'")) };
    let Some((bkind, bacc)) = mma_kind(b) else { return Err(format!("unsupported RHS operand dtype: '{b}'")) };
    if akind != bkind {
        return Err(format!("LHS and RHS operand dtypes kinds don't match: LHS kind is {akind} but RHS kind is {bkind}"));
    }
    if !aacc.contains(&d) || !bacc.contains(&d) {
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

/// The completion barriers of a tcgen05 MMA (operand segment `segment_index`):
/// only an async MMA has them, each a barrier of the completion layout.
fn verify_mma_barriers(op: Op, segment_index: usize) -> Verdict {
    let barriers = segment(op, segment_index);
    if !unit_attr(op, "is_async") && !barriers.is_empty() {
        return Err("The op is synchronous but a barrier is present.".into());
    }
    for barrier in &barriers {
        verify_barrier_type(op, *barrier)?;
        verify_completion_barrier(op, *barrier)?;
    }
    Ok(())
}

fn verify_tc_gen5_mma(op: Op) -> Verdict {
    verify_mma_barriers(op, 6)?;
    let (Some(a), Some(b), Some(d)) = (memdesc(op.operand(0)), memdesc(op.operand(1)), memdesc(op.operand(2))) else {
        return Ok(());
    };
    verify_mma_dtypes(a.element, b.element, d.element)?;
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
    let d_split = cga_bases(d.encoding).map_or([1, 1], |b| cga_split(&cga_pairs(&b)));
    if block_n.min(d.shape[1] / d_split[1]) > 256 {
        return Err("The block size of the return operand must be less than or equal to 256".into());
    }
    verify_mma_cga(op, &a, &b, &d)
}

fn cga_pairs(bases: &[Vec<i32>]) -> Vec<[i32; 2]> {
    bases.iter().map(|v| [v.first().copied().unwrap_or(0), v.get(1).copied().unwrap_or(0)]).collect()
}

/// The layout Triton gives a shared or tensor-memory buffer (its allocation
/// shape, `toLinearLayout(memdesc)`).
pub(crate) fn memdesc_layout(m: &MemDesc) -> Option<LinearLayout> {
    if tmem_of(m.encoding).is_some() {
        return tmem_layout(m);
    }
    let enc = bridge::encoding_of(m.encoding)?.ok()?;
    let alloc = &m.alloc_shape[m.alloc_shape.len().saturating_sub(m.shape.len())..];
    to_linear::to_linear_layout(&enc, alloc).ok()
}

/// The CTA-split checks of `tc_gen5_mma`: no split along K, the two-CTA
/// layouts, and the accumulator's CTAs following those of A (rows) and B
/// (columns).
fn verify_mma_cga(op: Op, a: &MemDesc, b: &MemDesc, d: &MemDesc) -> Verdict {
    let two_ctas = unit_attr(op, "two_ctas");
    let (Some(a_cga), Some(b_cga)) = (cga_bases(a.encoding), cga_bases(b.encoding)) else { return Ok(()) };
    let a_split = cga_split(&cga_pairs(&a_cga));
    if a_split[1] != 1 {
        return Err(format!("LHS CTASplit along K should be 1, but got {}", a_split[1]));
    }
    let b_split = cga_split(&cga_pairs(&b_cga));
    if b_split[0] != 1 {
        return Err(format!("RHS CTASplit along K should be 1, but got {}", b_split[0]));
    }
    if two_ctas {
        if b_cga.first().map(|v| v.as_slice()) != Some(&[0, 1][..]) {
            return Err("twoCTA mode expects the first basis of the cga_layout of the RHS to be [0, 1]".into());
        }
        let d_split = cga_bases(d.encoding).map_or([1, 1], |v| cga_split(&cga_pairs(&v)));
        if d.shape.len() == 2 && d.shape[1] / d_split[1] > 256 {
            return Err("We don't allow to emit more than one mma instruction along N. Reduce the block or increase the number of warps or CTAs along N".into());
        }
    }
    let two_name = |two: bool| if two { "twoCTA" } else { "non-twoCTA" };
    if let Some(Tmem::Data { two_ctas: d_two, .. }) = tmem_of(d.encoding) {
        if d_two != two_ctas {
            return Err(format!(
                "The returned value's encoding must have twoCTA={} to be used in a {} kernel",
                u8::from(two_ctas),
                two_name(two_ctas)
            ));
        }
    }
    if let Some(Tmem::Data { two_ctas: a_two, .. }) = tmem_of(a.encoding) {
        if a_two != two_ctas {
            return Err(format!(
                "The LHS operand's encoding must have twoCTA={} to be used in a {} kernel",
                u8::from(two_ctas),
                two_name(two_ctas)
            ));
        }
    }
    let (Some(a_ll), Some(b_ll), Some(d_ll)) = (memdesc_layout(a), memdesc_layout(b), memdesc_layout(d)) else {
        return Ok(());
    };
    let block = to_linear::BLOCK;
    let d_blocks = dim_bases(&d_ll, block);
    if dim_bases(&a_ll, block).len() < d_blocks.len() || dim_bases(&b_ll, block).len() < d_blocks.len() {
        return Ok(());
    }
    for (i, got) in d_blocks.iter().enumerate() {
        let mut expected = vec![basis_at(&a_ll, block, i, "dim0"), basis_at(&b_ll, block, i, "dim1")];
        if two_ctas && i == 0 {
            expected[1] = 0;
        }
        if *got != expected {
            let list = |v: &[i32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
            return Err(format!("expected block basis {} at result index {i}, but got {}", list(&expected), list(got)));
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

// ---------------------------------------------------------------------------
// Tensor memory: the linear layouts of its encodings, and whether a
// distributed layout can move to or from it with tcgen05.ld/st
// ---------------------------------------------------------------------------

/// The input dimensions of a tensor-memory layout.
const ROW: &str = "row";
const COL: &str = "col";

/// A `#ttng.tensor_memory_encoding` or `#ttng.tensor_memory_scales_encoding`.
#[derive(Clone, Debug, PartialEq)]
enum Tmem {
    Data { block_m: i64, block_n: i64, col_stride: i64, cga: Vec<[i32; 2]>, two_ctas: bool, fp4_padded: bool },
    Scales { cga: Vec<[i32; 2]>, k_then_mn: bool },
}

impl Tmem {
    fn cga(&self) -> &[[i32; 2]] {
        match self {
            Tmem::Data { cga, .. } | Tmem::Scales { cga, .. } => cga,
        }
    }
}

/// The text of parameter `key` of a printed attribute (up to the next
/// top-level `,` or the closing `>`).
fn attr_field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let start = text.find(&format!("{key} = "))? + key.len() + 3;
    let rest = text.get(start..)?;
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '[' | '<' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            '>' if depth == 0 => return rest.get(..i),
            '>' => depth -= 1,
            ',' if depth == 0 => return rest.get(..i),
            _ => {}
        }
    }
    Some(rest)
}

fn parse_ints(text: &str) -> Vec<i64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '-')).filter_map(|s| s.parse().ok()).collect()
}

/// Reads a tensor-memory encoding attribute.
fn tmem_of(attr: Attr) -> Option<Tmem> {
    if attr_dialect(attr) != "ttng" {
        return None;
    }
    let text = attr.to_string();
    let cga = match attr_field(&text, "CGALayout") {
        None => Vec::new(),
        Some(field) => {
            let flat = parse_ints(field);
            if !flat.len().is_multiple_of(2) {
                return None;
            }
            let entry = |v: i64| i32::try_from(v).ok();
            flat.chunks(2).map(|c| Some([entry(c[0])?, entry(c[1])?])).collect::<Option<Vec<_>>>()?
        }
    };
    let flag = |key: &str| attr_field(&text, key).is_some_and(|v| v.trim() == "true");
    if text.starts_with("#ttng.tensor_memory_encoding<") {
        let int = |key: &str| attr_field(&text, key)?.trim().parse::<i64>().ok();
        Some(Tmem::Data {
            block_m: int("blockM")?,
            block_n: int("blockN")?,
            col_stride: int("colStride")?,
            cga,
            two_ctas: flag("twoCTAs"),
            fp4_padded: flag("fp4Padded"),
        })
    } else if text.starts_with("#ttng.tensor_memory_scales_encoding") {
        let k_then_mn = attr_field(&text, "blockRepOrder").is_some_and(|v| v.trim() == "kThenMn");
        Some(Tmem::Scales { cga, k_then_mn })
    } else {
        None
    }
}

fn is_pow2(v: i64) -> bool {
    v > 0 && v & (v - 1) == 0
}

fn log2(v: i64) -> u32 {
    v.max(1).trailing_zeros()
}

/// The number of CTAs a CGA layout splits each of the two dimensions into.
fn cga_split(cga: &[[i32; 2]]) -> [i64; 2] {
    let mut split = [1i64; 2];
    for basis in cga {
        for d in 0..2 {
            let need = (i64::from(basis[d].max(0)) + 1) as u64;
            split[d] = split[d].max(need.next_power_of_two() as i64);
        }
    }
    split
}

fn pair(a: i64, b: i64) -> Vec<i32> {
    vec![a as i32, b as i32]
}

/// The layout of a tensor-memory buffer of 2-D shape `shape` (Triton's
/// `toLinearLayout` of the encoding): `row, col, block` -> `dim0, dim1`.
/// `None` where Triton's construction does not apply.
fn tmem_layout_for(tmem: &Tmem, shape: [i64; 2]) -> Option<LinearLayout> {
    if !shape.iter().all(|&s| is_pow2(s) && s <= 1 << 20) {
        return None;
    }
    let split = cga_split(tmem.cga());
    let per_cta = [shape[0] / split[0], shape[1] / split[1]];
    if per_cta[0] < 1 || per_cta[1] < 1 {
        return None;
    }
    let (rows, cols, tile) = match tmem {
        Tmem::Data { block_m, block_n, col_stride, two_ctas, .. } => {
            data_tile(*block_m, *block_n, *col_stride, *two_ctas, per_cta)?
        }
        Tmem::Scales { k_then_mn, .. } => scales_tile(*k_then_mn, per_cta)?,
    };
    if tile != per_cta {
        return None;
    }
    let block = tmem.cga().iter().map(|b| pair(i64::from(b[0]) * per_cta[0], i64::from(b[1]) * per_cta[1])).collect();
    let bases = vec![(ROW.to_string(), rows), (COL.to_string(), cols), (to_linear::BLOCK.to_string(), block)];
    LinearLayout::new(bases, vec![("dim0".into(), shape[0] as i32), ("dim1".into(), shape[1] as i32)], false).ok()
}

type TileBases = (Vec<Vec<i32>>, Vec<Vec<i32>>, [i64; 2]);

/// The per-CTA layout of a `#ttng.tensor_memory_encoding`: the row and
/// column bases and the shape they cover.
fn data_tile(block_m: i64, block_n: i64, col_stride: i64, two_ctas: bool, per_cta: [i64; 2]) -> Option<TileBases> {
    let [m, n] = per_cta;
    let bn = block_n.min(n);
    if !is_pow2(bn) || !is_pow2(col_stride) {
        return None;
    }
    let mut cols: Vec<Vec<i32>> = (0..log2(col_stride)).map(|_| pair(0, 0)).collect();
    let mut rows: Vec<Vec<i32>> = Vec::new();
    let (tile_m, tile_n) = match block_m {
        64 if two_ctas => {
            // 64 rows per CTA; the upper 64 lanes hold the second half of N.
            let half = bn / 2;
            if half < 1 {
                return None;
            }
            cols.extend((0..log2(half)).map(|j| pair(0, 1 << j)));
            rows.extend((0..6).map(|i| pair(1 << i, 0)));
            rows.push(pair(0, half));
            (64, bn)
        }
        64 => {
            cols.extend((0..log2(bn)).map(|j| pair(0, 1 << j)));
            rows.extend((0..4).map(|i| pair(1 << i, 0)));
            let (row16, tile) = if m > 64 {
                (pair(64, 0), (128, bn))
            } else if n > bn {
                (pair(0, bn), (64, 2 * bn))
            } else {
                (pair(0, 0), (64, bn))
            };
            rows.push(row16);
            rows.push(pair(16, 0));
            rows.push(pair(32, 0));
            tile
        }
        128 => {
            cols.extend((0..log2(bn)).map(|j| pair(0, 1 << j)));
            rows.extend((0..7).map(|i| pair(1 << i, 0)));
            (128, bn)
        }
        _ => return None,
    };
    if m < tile_m || n < tile_n {
        return None;
    }
    cols.extend((0..log2(m / tile_m)).map(|i| pair(tile_m << i, 0)));
    cols.extend((0..log2(n / tile_n)).map(|i| pair(0, tile_n << i)));
    Some((rows, cols, [m, n]))
}

/// The per-CTA layout of `#ttng.tensor_memory_scales_encoding`: 32x4 blocks
/// replicated over the four 32-lane groups, 128x4 blocks repeated along M
/// and K in `blockRepOrder`.
fn scales_tile(k_then_mn: bool, per_cta: [i64; 2]) -> Option<TileBases> {
    let [m, k] = per_cta;
    let mut rows: Vec<Vec<i32>> = (0..5).map(|i| pair(1 << i, 0)).collect();
    rows.push(pair(0, 0));
    rows.push(pair(0, 0));
    let mut cols: Vec<Vec<i32>> = vec![pair(0, 1), pair(0, 2), pair(32, 0)];
    let reps_m = ((m + 63) / 64).max(1);
    let reps_k = ((k + 3) / 4).max(1);
    let first = reps_m.min(2);
    if first == 2 {
        cols.push(pair(64, 0));
    }
    let mn: Vec<Vec<i32>> = (0..log2(reps_m / first)).map(|i| pair((64 * first) << i, 0)).collect();
    let kk: Vec<Vec<i32>> = (0..log2(reps_k)).map(|i| pair(0, 4 << i)).collect();
    if k_then_mn {
        cols.extend(kk);
        cols.extend(mn);
    } else {
        cols.extend(mn);
        cols.extend(kk);
    }
    // Triton's ensureLayoutNotLargerThan: drop the largest bases along a
    // dimension the tile overshoots.
    let sizes = [64 * reps_m, 4 * reps_k];
    for d in 0..2 {
        let desired = per_cta[d];
        let mut span = sizes[d];
        let mut order: Vec<(i32, bool, usize)> = Vec::new();
        for (i, b) in rows.iter().enumerate() {
            if b[d] != 0 {
                order.push((b[d], true, i));
            }
        }
        for (i, b) in cols.iter().enumerate() {
            if b[d] != 0 {
                order.push((b[d], false, i));
            }
        }
        order.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        for (_, is_row, i) in order {
            if span <= desired {
                break;
            }
            if is_row {
                rows[i][d] = 0;
            } else {
                cols[i][d] = 0;
            }
            span >>= 1;
        }
    }
    Some((rows, cols, [m, k]))
}

/// The layout Triton gives a tensor-memory memdesc (its allocation shape).
fn tmem_layout(m: &MemDesc) -> Option<LinearLayout> {
    let tmem = tmem_of(m.encoding)?;
    let rank = m.shape.len();
    let alloc = if m.alloc_shape.len() >= rank { &m.alloc_shape[m.alloc_shape.len() - rank..] } else { &m.shape[..] };
    match alloc {
        [a, b] => tmem_layout_for(&tmem, [*a, *b]),
        _ => None,
    }
}

/// The bases of input dimension `dim` (none when absent).
fn dim_bases<'a>(ll: &'a LinearLayout, dim: &str) -> &'a [Vec<i32>] {
    ll.bases().iter().find(|(n, _)| n == dim).map(|(_, v)| v.as_slice()).unwrap_or(&[])
}

fn out_size(ll: &LinearLayout, dim: &str) -> i32 {
    ll.out_dim_size(dim).unwrap_or(1)
}

/// Component `out` of basis `i` of input `dim` (Triton's `getBasis`), 0
/// where absent.
fn basis_at(ll: &LinearLayout, dim: &str, i: usize, out: &str) -> i32 {
    let k = ll.out_dims().iter().position(|(n, _)| n == out);
    match (ll.basis(dim, i), k) {
        (Some(b), Some(k)) => b.get(k).copied().unwrap_or(0),
        _ => 0,
    }
}

fn rebuild(ll: &LinearLayout, dim: &str, bases: Vec<Vec<i32>>) -> Option<LinearLayout> {
    let all = ll.bases().iter().map(|(n, v)| (n.clone(), if n == dim { bases.clone() } else { v.clone() })).collect();
    LinearLayout::new(all, ll.out_dims().to_vec(), false).ok()
}

/// Triton's `this.invertAndCompose(outer)` for `this` = `b`, `outer` = `a`:
/// the map from the inputs of `b` to those of `a` with `a(c(x)) = b(x)`,
/// input dimensions both share with the same bases mapped as the identity
/// and the other free variables zero. `None` where Triton asserts.
fn triton_invert_and_compose(b: &LinearLayout, a: &LinearLayout) -> Option<LinearLayout> {
    let outs: Vec<String> = b.out_dims().iter().map(|(n, _)| n.clone()).collect();
    if outs.len() != a.num_out_dims() || outs.iter().any(|d| !a.has_out_dim(d) || out_size(a, d) < out_size(b, d)) {
        return None;
    }
    // The bases of `dim` over `outs`, and the sizes of `outs`.
    let restricted = |ll: &LinearLayout, dim: &str| -> (Vec<Vec<i32>>, Vec<i32>) {
        let bases = (0..dim_bases(ll, dim).len())
            .map(|i| outs.iter().map(|o| basis_at(ll, dim, i, o)).collect())
            .collect();
        (bases, outs.iter().map(|o| out_size(ll, o)).collect())
    };
    let a_dims: Vec<String> = a.bases().iter().map(|(n, _)| n.clone()).collect();
    let identity: Vec<String> =
        a_dims.iter().filter(|d| b.has_in_dim(d) && restricted(a, d) == restricted(b, d)).cloned().collect();
    // The equations: one per output bit of `a`, over its non-identity input bits.
    let widths: Vec<u32> = outs.iter().map(|o| out_size(a, o).trailing_zeros()).collect();
    let total_out: u32 = widths.iter().sum();
    let mut columns: Vec<(usize, usize)> = Vec::new();
    for (k, d) in a_dims.iter().enumerate() {
        if !identity.contains(d) {
            columns.extend((0..dim_bases(a, d).len()).map(|i| (k, i)));
        }
    }
    if total_out > 64 || columns.len() > 64 {
        return None;
    }
    let flat = |v: &[i32]| -> u64 {
        let mut x = 0u64;
        let mut offset = 0;
        for (value, w) in v.iter().zip(&widths) {
            x |= ((*value as u64) & ((1u64 << w) - 1)) << offset;
            offset += w;
        }
        x
    };
    let column_values: Vec<u64> = columns
        .iter()
        .map(|&(k, i)| flat(&outs.iter().map(|o| basis_at(a, &a_dims[k], i, o)).collect::<Vec<_>>()))
        .collect();
    let rows: Vec<u64> = (0..total_out)
        .map(|bit| column_values.iter().enumerate().fold(0u64, |row, (c, v)| row | ((v >> bit) & 1) << c))
        .collect();
    let system = gf2::LinearSystem::new(&rows)?;
    let mut bases: Vec<(String, Vec<Vec<i32>>)> = Vec::new();
    for (name, vectors) in b.bases() {
        let mut mapped = Vec::with_capacity(vectors.len());
        for i in 0..vectors.len() {
            let mut out = vec![0i32; a_dims.len()];
            if identity.contains(name) {
                let k = a_dims.iter().position(|d| d == name)?;
                out[k] = 1 << i;
            } else {
                let target: Vec<i32> = outs.iter().map(|o| basis_at(b, name, i, o)).collect();
                if target.iter().zip(&outs).any(|(&v, o)| v < 0 || v >= out_size(a, o)) {
                    return None;
                }
                let x = system.solve(flat(&target))?;
                for (c, &(k, j)) in columns.iter().enumerate() {
                    if x >> c & 1 == 1 {
                        out[k] ^= 1 << j;
                    }
                }
            }
            mapped.push(out);
        }
        bases.push((name.clone(), mapped));
    }
    let out_dims = a_dims.iter().map(|d| (d.clone(), 1i32 << dim_bases(a, d).len())).collect();
    LinearLayout::new(bases, out_dims, false).ok()
}

/// Triton's `quotient({dim})`: `ll` without `dim` when it acts on it as the
/// identity and keeps it apart from the other dimensions.
fn quotient(ll: &LinearLayout, dim: &str) -> Option<LinearLayout> {
    if !ll.has_in_dim(dim) && !ll.has_out_dim(dim) {
        return None;
    }
    let k = ll.out_dims().iter().position(|(n, _)| n == dim);
    if (1i64 << dim_bases(ll, dim).len()) != i64::from(out_size(ll, dim)) {
        return None;
    }
    for (name, vectors) in ll.bases() {
        for (i, v) in vectors.iter().enumerate() {
            for (j, &x) in v.iter().enumerate() {
                let on_dim = Some(j) == k;
                let expected = if name == dim && on_dim { 1 << i } else { 0 };
                if (name == dim || on_dim) && x != expected {
                    return None;
                }
            }
        }
    }
    let bases = ll
        .bases()
        .iter()
        .filter(|(n, _)| n != dim)
        .map(|(n, v)| (n.clone(), v.iter().map(|b| b.iter().enumerate().filter(|(j, _)| Some(*j) != k).map(|(_, &x)| x).collect()).collect()))
        .collect();
    let outs = ll.out_dims().iter().filter(|(n, _)| n != dim).cloned().collect();
    LinearLayout::new(bases, outs, false).ok()
}

/// Triton's `divideLeft(a, b)`: the `c` with `b * c == a`, if any.
fn divide_left(a: &LinearLayout, b: &LinearLayout) -> Option<LinearLayout> {
    a.divide_left(b)
}

/// `zeros1D(1, register, col, n) * ll`: every column value scaled by `n`.
fn scale_cols(ll: &LinearLayout, n: i32) -> Option<LinearLayout> {
    let k = ll.out_dims().iter().position(|(name, _)| name == COL)?;
    let mut bases = Vec::new();
    for (name, vectors) in ll.bases() {
        let mut scaled = Vec::with_capacity(vectors.len());
        for b in vectors {
            let mut b = b.clone();
            b[k] = b[k].checked_mul(n)?;
            scaled.push(b);
        }
        bases.push((name.clone(), scaled));
    }
    let mut outs = Vec::new();
    for (name, size) in ll.out_dims() {
        outs.push((name.clone(), if name == COL { size.checked_mul(n)? } else { *size }));
    }
    LinearLayout::new(bases, outs, false).ok()
}

/// A layout from `register` (and `lane`) to `col` with these register
/// bases (values along `col`) and column size.
fn reg_to_col(reg: &[i32], col_size: i32) -> Option<LinearLayout> {
    LinearLayout::new(
        vec![(to_linear::REGISTER.to_string(), reg.iter().map(|&c| vec![c]).collect())],
        vec![(COL.to_string(), col_size)],
        false,
    )
    .ok()
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum TmemAtom {
    I32x32b,
    I16x64b,
    I16x128b,
    I16x256b,
    I16x32bx2,
}

/// Triton's `getTileLayout(atom, unpacked, withWarp=true)`: the rows and
/// columns one tcgen05.ld/st message touches.
fn tile_layout(atom: TmemAtom, unpacked: bool) -> Option<LinearLayout> {
    // (register bases, lane bases) as (row, col) before unpacking.
    let (reg, lane): (Vec<[i32; 2]>, Vec<[i32; 2]>) = match atom {
        TmemAtom::I32x32b => (vec![], (0..5).map(|i| [1 << i, 0]).collect()),
        TmemAtom::I16x32bx2 => (vec![], (0..4).map(|i| [1 << i, 0]).collect()),
        TmemAtom::I16x64b => (vec![], vec![[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]]),
        TmemAtom::I16x128b => (vec![[8, 0]], vec![[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]]),
        TmemAtom::I16x256b => (vec![[0, 1], [8, 0]], vec![[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
    };
    let scale = if unpacked { 2 } else { 1 };
    let ncol = 1 + [&reg, &lane].iter().flat_map(|v| v.iter()).map(|b| b[1]).max().unwrap_or(0);
    let ncol = (ncol as u32).next_power_of_two() as i32 * scale;
    let conv = |v: &[[i32; 2]]| v.iter().map(|b| vec![b[0], b[1] * scale]).collect::<Vec<_>>();
    LinearLayout::new(
        vec![
            (to_linear::REGISTER.to_string(), conv(&reg)),
            (to_linear::LANE.to_string(), conv(&lane)),
            (to_linear::WARP.to_string(), vec![vec![32, 0], vec![64, 0]]),
        ],
        vec![(ROW.to_string(), 128), (COL.to_string(), ncol)],
        false,
    )
    .ok()
}

/// Triton's `regPermForDivide(a, b, left=true)` applied to `a`: its
/// register bases reordered so that those of `b` come first.
fn reg_perm_for_divide(a: &LinearLayout, b: &LinearLayout) -> Option<LinearLayout> {
    let reg = to_linear::REGISTER;
    if b.out_dims().iter().any(|(n, _)| !a.has_out_dim(n)) {
        return None;
    }
    let a_regs = dim_bases(a, reg);
    let mut used = vec![false; a_regs.len()];
    let mut order = Vec::new();
    for i in 0..dim_bases(b, reg).len() {
        let want: Vec<i32> = a.out_dims().iter().map(|(o, _)| basis_at(b, reg, i, o)).collect();
        let j = (0..a_regs.len()).find(|&j| !used[j] && a_regs[j] == want)?;
        used[j] = true;
        order.push(j);
    }
    order.extend((0..a_regs.len()).filter(|&j| !used[j]));
    rebuild(a, reg, order.iter().map(|&j| a_regs[j].clone()).collect())
}

/// Triton's `getReps(cvt, tile)` succeeds: `tile` is a prefix of `cvt` on
/// every input dimension and the remaining bases avoid its bits.
fn has_reps(cvt: &LinearLayout, tile: &LinearLayout) -> bool {
    if tile.out_dims().iter().any(|(n, _)| !cvt.has_out_dim(n)) {
        return false;
    }
    let masks: Vec<i32> = cvt
        .out_dims()
        .iter()
        .map(|(o, _)| tile.bases().iter().flat_map(|(n, v)| (0..v.len()).map(move |i| (n, i))).fold(0, |m, (n, i)| m | basis_at(tile, n, i, o)))
        .collect();
    for (name, vectors) in cvt.bases() {
        let in_b = dim_bases(tile, name).len();
        if in_b > vectors.len() {
            return false;
        }
        for (i, v) in vectors.iter().enumerate() {
            for (k, (o, _)) in cvt.out_dims().iter().enumerate() {
                let x = v.get(k).copied().unwrap_or(0);
                if i < in_b {
                    if x != basis_at(tile, name, i, o) {
                        return false;
                    }
                } else if x & masks[k] != 0 {
                    return false;
                }
            }
        }
    }
    true
}

/// Triton's `getVec` succeeds for at least one register per message.
fn fits_message(cvt: &LinearLayout, tile: &LinearLayout, maxnreg: i64) -> bool {
    let regs = i64::from(cvt.in_dim_size(to_linear::REGISTER).unwrap_or(1));
    let mut max_reg = maxnreg / 2;
    if maxnreg == 256 && regs > max_reg {
        max_reg /= 2;
    }
    let tile_regs = i64::from(tile.in_dim_size(to_linear::REGISTER).unwrap_or(1));
    if max_reg / tile_regs < 1 {
        return false;
    }
    match reg_perm_for_divide(cvt, tile) {
        Some(permuted) => has_reps(&permuted, tile),
        None => false,
    }
}

/// Why a tmem_load/tmem_store cannot be lowered (Triton's diagnostics).
#[derive(Debug, PartialEq)]
enum TmemLdSt {
    /// It can: whether the 16-bit elements travel unpacked.
    Lowered { unpacked: bool },
    Failed,
    /// Triton's algorithm does not apply (Triton would assert): not checked.
    Unknown,
}

/// Triton's `lowerTMemLdSt`: whether `cvt` (register, lane, warp -> row,
/// col) can be split in tcgen05.ld/st messages.
fn lower_tmem_ldst(cvt: &LinearLayout, maxnreg: i64, bitwidth: u32, unpacked: bool, depth: u32) -> TmemLdSt {
    let reg = to_linear::REGISTER;
    if depth > 8 {
        return TmemLdSt::Unknown;
    }
    // Broadcast registers are dropped.
    let regs = dim_bases(cvt, reg);
    if regs.iter().any(|b| b.iter().all(|&x| x == 0)) {
        let kept = regs.iter().filter(|b| b.iter().any(|&x| x != 0)).cloned().collect();
        return match rebuild(cvt, reg, kept) {
            Some(c) => lower_tmem_ldst(&c, maxnreg, bitwidth, unpacked, depth + 1),
            None => TmemLdSt::Unknown,
        };
    }
    if bitwidth < 32 {
        if bitwidth == 0 || 32 % bitwidth != 0 {
            return TmemLdSt::Unknown;
        }
        let per_word = (32 / bitwidth) as i32;
        let mut quot = cvt.clone();
        let mut contig = 1;
        let mut c = 2;
        while c <= per_word {
            let Some(id) = reg_to_col(&(0..c.trailing_zeros()).map(|j| 1 << j).collect::<Vec<_>>(), c) else { break };
            match divide_left(cvt, &id) {
                Some(q) => {
                    quot = q;
                    contig = c;
                }
                None => break,
            }
            c *= 2;
        }
        let (quot, next_unpacked, next_bits) = if contig > 1 {
            (quot, false, bitwidth * contig as u32)
        } else if let Some(q) = reg_to_col(&[per_word], 2 * per_word).and_then(|d| divide_left(cvt, &d)).filter(|_| bitwidth == 16) {
            match scale_cols(&q, per_word) {
                Some(q) => (q, true, 32),
                None => return TmemLdSt::Unknown,
            }
        } else if let Some(q) = reg_to_col(&[], per_word).and_then(|d| divide_left(cvt, &d)) {
            (q, false, 32)
        } else {
            return TmemLdSt::Failed;
        };
        return match lower_tmem_ldst(&quot, maxnreg, next_bits, next_unpacked, depth + 1) {
            TmemLdSt::Lowered { unpacked } => TmemLdSt::Lowered { unpacked: unpacked || next_unpacked },
            other => other,
        };
    }
    if bitwidth != 32 {
        return TmemLdSt::Unknown;
    }
    for atom in [TmemAtom::I32x32b, TmemAtom::I16x256b, TmemAtom::I16x64b, TmemAtom::I16x128b, TmemAtom::I16x32bx2] {
        let Some(tile) = tile_layout(atom, unpacked) else { return TmemLdSt::Unknown };
        if fits_message(cvt, &tile, maxnreg) {
            return TmemLdSt::Lowered { unpacked: false };
        }
    }
    TmemLdSt::Failed
}

/// The register limit Triton sizes tcgen05 messages with
/// (`getContextualMaxNReg`): `ttg.maxnreg`, or the registers of the
/// enclosing warp-specialize partition, at most 256.
fn contextual_max_nreg(op: Op) -> i64 {
    let mut maxnreg = 256i64;
    let mut module = None;
    let mut current = op;
    while let Some(parent) = current.parent() {
        match parent.name() {
            "builtin.module" => {
                module = Some(parent);
                break;
            }
            "ttg.warp_specialize.partitions" => {
                let index = region_index(parent, current);
                let registers = parent.parent().and_then(|ws| ws.attr("actualRegisters")).and_then(Attr::i32_array);
                if let (Some(index), Some(registers)) = (index, registers) {
                    if let Some(&r) = registers.get(1 + index) {
                        maxnreg = maxnreg.min(i64::from(r));
                        break;
                    }
                }
            }
            "ttg.warp_specialize" => {
                if let Some(&r) = parent.attr("actualRegisters").and_then(Attr::i32_array).unwrap_or_default().first() {
                    maxnreg = maxnreg.min(i64::from(r));
                    break;
                }
            }
            _ => {}
        }
        current = parent;
    }
    while module.is_none() {
        match current.parent() {
            Some(p) if p.name() == "builtin.module" => module = Some(p),
            Some(p) => current = p,
            None => break,
        }
    }
    if let Some(limit) = module.and_then(|m| int_attr(m, "ttg.maxnreg")) {
        maxnreg = maxnreg.min(limit);
    }
    maxnreg
}

/// The index of the region of `parent` that holds `child`.
fn region_index(parent: Op, child: Op) -> Option<usize> {
    let block = child.block()?;
    let region = unsafe { mlir_sys::mlirBlockGetParentRegion(block) };
    (0..parent.num_regions()).find(|&i| unsafe { mlir_sys::mlirRegionEqual(parent.region(i), region) })
}

/// Triton's `computeTMemLdStEncodingInfo`: whether a tensor of type `reg_ty`
/// can be loaded from or stored to the tensor-memory buffer `mem`.
fn tmem_ldst(op: Op, reg_ty: Ty, mem: &MemDesc) -> TmemLdSt {
    let (Some(mem_ll), Some(shape), Some(enc)) =
        (tmem_layout(mem), reg_ty.shape(), reg_ty.encoding().and_then(|e| bridge::encoding_of(e)?.ok()))
    else {
        return TmemLdSt::Unknown;
    };
    let Ok(reg_ll) = to_linear::to_linear_layout(&enc, &shape) else { return TmemLdSt::Unknown };
    let Some(cvt) = triton_invert_and_compose(&reg_ll, &mem_ll) else { return TmemLdSt::Unknown };
    let Some(cvt) = quotient(&cvt, to_linear::BLOCK) else { return TmemLdSt::Failed };
    // Warps 1 and 2 must address rows 32 and 64.
    let warp = dim_bases(&reg_ll, to_linear::WARP);
    let rows = dim_bases(&mem_ll, ROW);
    if warp.len() < 2 || rows.len() < 7 || warp[0] != rows[5] || warp[1] != rows[6] {
        return TmemLdSt::Failed;
    }
    let mut warps = dim_bases(&cvt, to_linear::WARP).to_vec();
    if warps.len() < 2 || cvt.out_dims().first().map(|(n, _)| n.as_str()) != Some(ROW) {
        return TmemLdSt::Unknown;
    }
    warps[0] = vec![32, 0];
    warps[1] = vec![64, 0];
    let Some(cvt) = rebuild(&cvt, to_linear::WARP, warps) else { return TmemLdSt::Unknown };
    lower_tmem_ldst(&cvt, contextual_max_nreg(op), mem.element.bit_width(), false, 0)
}

/// Triton's `verifyTMEMOperand`: a 2-D tensor whose layout tcgen05.ld/st can move.
fn verify_tmem_operand(op: Op, ty: Ty, mem: &MemDesc, what: &str) -> Result<TmemLdSt, String> {
    if ty.shape().map_or(0, |s| s.len()) != 2 {
        return Err(format!("{what} must be a 2D tensor"));
    }
    if ty.encoding().is_none() {
        return Ok(TmemLdSt::Unknown);
    }
    match tmem_ldst(op, ty, mem) {
        TmemLdSt::Failed => Err(what.to_string()),
        other => Ok(other),
    }
}

/// Triton's `verifyMemoryOpTypes`.
fn verify_memory_op_types(src: Ty, src_shape: &[i64], src_element: Ty, dst_shape: &[i64], dst_element: Ty) -> Verdict {
    if type_name(src_element) != type_name(dst_element) {
        return Err(format!("source element type '{src}' must match destination element type '{dst_element}'"));
    }
    if src_shape != dst_shape {
        let list = |s: &[i64]| s.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
        return Err(format!("source shape [{}] must match [destination shape {}]", list(src_shape), list(dst_shape)));
    }
    Ok(())
}

/// The component along `out` of the pseudo-inverse of `ll` at `point`
/// (Triton's `ll.pseudoinvert().apply(point)`), per input dimension.
fn pseudo_inverse_at(ll: &LinearLayout, point: &[i32]) -> Option<Vec<(String, i32)>> {
    let names: Vec<String> = ll.out_dims().iter().map(|(n, _)| n.clone()).collect();
    let identity = LinearLayout::new(
        names.iter().map(|n| (n.clone(), (0..out_size(ll, n).trailing_zeros()).map(|j| {
            names.iter().map(|m| if m == n { 1 << j } else { 0 }).collect()
        }).collect())).collect(),
        ll.out_dims().to_vec(),
        false,
    )
    .ok()?;
    let inverse = triton_invert_and_compose(&identity, ll)?;
    let mut result: Vec<(String, i32)> = inverse.out_dims().iter().map(|(n, _)| (n.clone(), 0)).collect();
    for (k, name) in names.iter().enumerate() {
        let value = *point.get(k)?;
        for (j, basis) in dim_bases(&inverse, name).iter().enumerate() {
            if value >> j & 1 == 1 {
                for (r, &b) in result.iter_mut().zip(basis) {
                    r.1 ^= b;
                }
            }
        }
    }
    Some(result)
}

fn verify_tmem_subslice(op: Op) -> Verdict {
    let (Some(src), Some(dst)) = (memdesc(op.operand(0)), memdesc(op.result(0))) else { return Ok(()) };
    if !in_tensor_memory(&src) {
        return Err("The source must be a tensor memory buffer.".into());
    }
    if !in_tensor_memory(&dst) {
        return Err("The destination must be a tensor memory buffer.".into());
    }
    if type_name(src.element) != type_name(dst.element) {
        return Err("The source and result must have the same element type.".into());
    }
    if src.encoding.to_string() != dst.encoding.to_string() {
        return Err("The source and result must have the same encoding.".into());
    }
    if src.alloc_shape != dst.alloc_shape {
        return Err("The source and result must have the same alloc shape.".into());
    }
    let rank = src.shape.len();
    if rank != dst.shape.len() || (rank != 2 && rank != 3) {
        return Err("The source and result must both be 2D or 3D tensor memory buffers.".into());
    }
    let dim = int_attr(op, "dim").unwrap_or(1);
    if dim < 0 || dim >= rank as i64 {
        return Err("The slice dimension must be within the descriptor rank.".into());
    }
    let dim = dim as usize;
    if (0..rank).any(|axis| axis != dim && dst.shape[axis] != src.shape[axis]) {
        return Err(
            "The result must have the same size as the source in the dimensions that are not being sliced.".into(),
        );
    }
    let offset = int_attr(op, "offset").unwrap_or(0);
    if offset < 0 || offset.saturating_add(dst.shape[dim]) > src.shape[dim] {
        return Err("The split offset may not exceed the source shape".into());
    }
    if rank == 3 && dim == 0 {
        return Ok(());
    }
    // The layout of the last two dimensions (the pipelining one dropped).
    let dim = dim - (rank - 2);
    let size = dst.shape[rank - 2 + dim];
    let alloc = &src.alloc_shape[src.alloc_shape.len().saturating_sub(2)..];
    let (Some(tmem), [a0, a1]) = (tmem_of(src.encoding), alloc) else { return Ok(()) };
    let Some(ll) = tmem_layout_for(&tmem, [*a0, *a1]) else { return Ok(()) };
    if size <= 0 {
        return Ok(());
    }
    if offset & (size - 1) != 0 {
        // The bits the slice carries through must be consecutive bases of
        // one physical dimension.
        let first_bit = (offset as u64).trailing_zeros();
        let last = (offset as u64).saturating_add(size as u64 - 1);
        let last_bit = 63u32.saturating_sub(((offset as u64) ^ last).leading_zeros());
        let num_bits = (last_bit + 1).saturating_sub(first_bit) as usize;
        let contiguous = |name: &str| {
            let bases = dim_bases(&ll, name);
            (0..=bases.len().saturating_sub(num_bits)).any(|start| {
                start + num_bits <= bases.len()
                    && (0..num_bits).all(|bit| {
                        let b = &bases[start + bit];
                        b[1 - dim] == 0
                            && 1i64.checked_shl(first_bit + bit as u32) == Some(i64::from(b[dim]))
                    })
            })
        };
        if !contiguous(ROW) && !contiguous(COL) {
            return Err("The split offset may not touch the tile".into());
        }
    }
    if dim_bases(&ll, to_linear::BLOCK).iter().any(|b| i64::from(b[dim]) >= size) {
        return Err("The result may not be sliced across CTAs.".into());
    }
    let mut point = vec![0i32; 2];
    point[dim] = offset as i32;
    if let Some(row_col) = pseudo_inverse_at(&ll, &point) {
        let col = row_col.get(1).map_or(0, |(_, v)| *v);
        if !((col as u64) * u64::from(src.element.bit_width())).is_multiple_of(32) {
            return Err("The split offset must be 32-bit aligned in tensor memory.".into());
        }
    }
    Ok(())
}

/// The alignment a shared encoding promises (Triton's `getAlignment`).
fn shared_alignment(enc: &Encoding) -> u32 {
    match enc {
        Encoding::NvmmaShared { swizzling_byte_width, .. } => 128 * (swizzling_byte_width / 16).max(1),
        Encoding::SharedLinear { alignment, .. } => *alignment,
        _ => 16,
    }
}

fn verify_tmem_copy(op: Op) -> Verdict {
    let (Some(src), Some(dst)) = (memdesc(op.operand(0)), memdesc(op.operand(1))) else { return Ok(()) };
    if !matches!(bridge::encoding_of(src.memory_space).and_then(Result::ok), Some(Encoding::SharedMemory)) {
        return Err("The source must be a shared memory buffer".into());
    }
    if src.shape != dst.shape {
        let list = |s: &[i64]| s.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
        return Err(format!("source shape {} must match destination shape {}", list(&src.shape), list(&dst.shape)));
    }
    if !dst.mutable {
        return Err("Cannot copy into an immutable alloc".into());
    }
    let Some(shared) = bridge::encoding_of(src.encoding).and_then(Result::ok) else { return Ok(()) };
    if shared_alignment(&shared) < 16 {
        return Err(
            "Source must have at least 16-byte alignment to be representable in a matrix descriptor.".into(),
        );
    }
    let alloc = &src.alloc_shape[src.alloc_shape.len().saturating_sub(src.shape.len())..];
    let shmem = to_linear::to_linear_layout(&shared, alloc).ok();
    let tmem = tmem_layout(&dst);
    if let (Some(shmem), Some(tmem)) = (&shmem, &tmem) {
        if let Some(cvt) = triton_invert_and_compose(tmem, shmem) {
            if quotient(&cvt, to_linear::BLOCK).is_none() {
                return Err(format!(
                    "The source and destination must have the same cga layout. Got source: {} and destination: {}",
                    shmem.triton_text(),
                    tmem.triton_text()
                ));
            }
        }
    }
    let nvmma = match shared {
        Encoding::NvmmaShared { swizzling_byte_width, transposed, fp4_padded, .. } => {
            Some((swizzling_byte_width, transposed, fp4_padded))
        }
        _ => None,
    };
    if nvmma.is_some_and(|(_, transposed, padded)| transposed || padded) {
        return Err("The source should not be transposed or padded".into());
    }
    let dst_tmem = tmem_of(dst.encoding);
    if matches!(dst_tmem, Some(Tmem::Scales { .. })) {
        if nvmma.is_some_and(|(swizzle, _, _)| swizzle != 0) {
            return Err("The source should not be swizzled for now".into());
        }
        return Ok(());
    }
    let Some(Tmem::Data { block_m, .. }) = dst_tmem else { return Err("Incorrect tmem layout.".into()) };
    if block_m != 128 {
        return Err("Tmem layout must have blockM=128.".into());
    }
    if nvmma.is_some_and(|(swizzle, _, _)| swizzle == 0) {
        return Err("Source layout should be swizzled.".into());
    }
    if src.element.bit_width() != 32 {
        return Err("Source element type should be 32-bit.".into());
    }
    if let Some(tmem) = &tmem {
        let holes = dim_bases(tmem, COL).iter().position(|b| b.iter().all(|&x| x == 0));
        if holes.unwrap_or(usize::MAX) < 2 {
            return Err("The destination must have at least 128 contiguous bits per TMEM row.".into());
        }
    }
    Ok(())
}

fn verify_tmem_load(op: Op) -> Verdict {
    let src_val = op.operand(0);
    let Some(src) = memdesc(src_val) else { return Ok(()) };
    if !in_tensor_memory(&src) {
        return Err("source must be a tensor memory buffer.".into());
    }
    if !matches!(tmem_of(src.encoding), Some(Tmem::Data { .. })) {
        return Err("should use tensor memory encoding.".into());
    }
    let result = op.result(0).ty();
    let lowered = verify_tmem_operand(op, result, &src, "result")?;
    let red_op = op.attr("redOp").is_some_and(|a| !a.is_null());
    let has_red = op.results().iter().skip(1).any(|r| r.ty().is_tensor());
    let flag = |name: &str| op.attr(name).and_then(Attr::bool).unwrap_or(false);
    let (abs, nan) = (flag("abs"), flag("NaN"));
    if red_op && !has_red {
        return Err("redOp is set but 'red' result is not present".into());
    }
    if has_red && !red_op {
        return Err("'red' result is present but redOp is not set".into());
    }
    if abs && !red_op {
        return Err("'abs' requires 'redOp' to be set".into());
    }
    if nan && !red_op {
        return Err("'NaN' requires 'redOp' to be set".into());
    }
    let f32_ = type_name(src.element) == "f32";
    if abs && !f32_ {
        return Err("'abs' requires floating-point element type (f32)".into());
    }
    if nan && !f32_ {
        return Err("'NaN' requires floating-point element type (f32)".into());
    }
    if red_op {
        verify_tmem_load_reduce(result, lowered)?;
    }
    verify_memory_op_types(src_val.ty(), &src.shape, src.element, &result.shape().unwrap_or_default(), result.element())
}

/// Triton's `supportsTMemLoadReduce`: the fused tcgen05.ld.red reduces along
/// N within each thread.
fn verify_tmem_load_reduce(result: Ty, lowered: TmemLdSt) -> Verdict {
    match lowered {
        TmemLdSt::Failed => return Err("failed to compute TMEM encoding info".into()),
        TmemLdSt::Unknown => return Ok(()),
        TmemLdSt::Lowered { unpacked: true } => {
            return Err("tmem_load reduction requires packed format (unpacked=false)".into())
        }
        TmemLdSt::Lowered { unpacked: false } => {}
    }
    let (Some(shape), Some(enc)) = (result.shape(), result.encoding().and_then(|e| bridge::encoding_of(e)?.ok())) else {
        return Ok(());
    };
    let Ok(ll) = to_linear::to_linear_layout(&enc, &shape) else { return Ok(()) };
    let per_dim = to_linear::bases_per_dim(&ll, to_linear::REGISTER, true);
    if per_dim.len() != 2 {
        return Ok(());
    }
    if i64::from(per_dim[1]) != i64::from(out_size(&ll, "dim1")) {
        return Err("tmem_load reduction with N dimension sharded across threads is not supported.".into());
    }
    if per_dim[0] != 1 {
        return Err("tmem_load reduction with multiple M rows per thread is not supported.".into());
    }
    Ok(())
}

fn verify_tmem_store(op: Op) -> Verdict {
    let dst_val = op.operand(0);
    let Some(dst) = memdesc(dst_val) else { return Ok(()) };
    if tmem_of(dst.encoding).is_none() {
        return Err("should use tensor memory encoding.".into());
    }
    if !dst.mutable {
        return Err("Cannot store into an immutable alloc".into());
    }
    let operands = op.operands();
    let Some(src) = operands.len().checked_sub(2).map(|i| operands[i]) else { return Ok(()) };
    let src_ty = src.ty();
    verify_tmem_operand(op, src_ty, &dst, "source")?;
    verify_memory_op_types(src_ty, &src_ty.shape().unwrap_or_default(), src_ty.element(), &dst.shape, dst.element)
}

fn verify_tmem_alloc(op: Op) -> Verdict {
    let Some(result) = memdesc(op.result(0)) else { return Ok(()) };
    if !in_tensor_memory(&result) || tmem_of(result.encoding).is_none() {
        return Err("should use tensor memory encoding".into());
    }
    let src = op.operands().first().copied();
    if let Some(src) = src {
        verify_tmem_operand(op, src.ty(), &result, "source")?;
    }
    if result.shape != result.alloc_shape {
        return Err("result shape and its alloc shape must match".into());
    }
    match src {
        None if !result.mutable => Err("uninitialized alloc must have a mutable memdesc type".into()),
        None => Ok(()),
        Some(src) => {
            let ty = src.ty();
            verify_memory_op_types(ty, &ty.shape().unwrap_or_default(), ty.element(), &result.shape, result.element)
        }
    }
}

// ---------------------------------------------------------------------------
// Target features, CGA layouts of barriers and buffers, TMA descriptors
// ---------------------------------------------------------------------------

fn string_attr(attr: Attr) -> Option<String> {
    unsafe {
        if attr.is_null() || !mlir_sys::mlirAttributeIsAString(attr.0) {
            return None;
        }
        Some(str_of(mlir_sys::mlirStringAttrGetValue(attr.0)).to_string())
    }
}

/// Triton's tcgen05 ops need an sm_10x or sm_11x target (when the module
/// names one).
fn verify_tcgen05_target(op: Op) -> Verdict {
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
fn compute_capability(op: Op) -> Option<i64> {
    let target = op.enclosing_module()?.attr("ttg.target").and_then(string_attr)?;
    target.strip_prefix("cuda:")?.parse().ok()
}

/// The CGA bases of a shared or tensor-memory encoding (in CTA units), when
/// Tritium can read them.
fn cga_bases(encoding: Attr) -> Option<Vec<Vec<i32>>> {
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
fn format_cga(bases: &[Vec<i32>]) -> String {
    let inner: Vec<String> =
        bases.iter().map(|b| format!("[{}]", b.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))).collect();
    format!("[{}]", inner.join(", "))
}

/// The canonical 1-D CGA layout over `ctas` CTAs (`CGAEncodingAttr::get1DLayout`).
fn cga_1d(ctas: i64) -> Vec<Vec<i32>> {
    (0..log2(ctas).min(30)).map(|i| vec![1 << i]).collect()
}

fn verify_barrier_cga(barrier: Val, expected: &[Vec<i32>], what: &str) -> Verdict {
    let Some(actual) = memdesc(barrier).and_then(|m| cga_bases(m.encoding)) else { return Ok(()) };
    if actual != expected {
        return Err(format!("{what} cga_layout must be {}, got {}", format_cga(expected), format_cga(&actual)));
    }
    Ok(())
}

fn verify_completion_barrier(op: Op, barrier: Val) -> Verdict {
    verify_barrier_cga(barrier, &cga_1d(num_ctas(op)), "completion barrier")
}

/// Triton's `verifyTMABarrierLayout`: in a module with `ttng.two-ctas`, the
/// barrier of a TMA load is per CTA (or per CTA pair).
fn verify_tma_barrier_layout(op: Op, barrier: Val) -> Verdict {
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
fn has_cga_broadcast(m: &MemDesc) -> Option<bool> {
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
fn desc_encoding_text(desc: Ty) -> Option<String> {
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
fn nvmma_params(enc: &Encoding) -> Option<(u32, bool, u32, bool)> {
    match enc {
        Encoding::NvmmaShared { swizzling_byte_width, transposed, element_bit_width, fp4_padded, .. } => {
            Some((*swizzling_byte_width, *transposed, *element_bit_width, *fp4_padded))
        }
        _ => None,
    }
}

/// Triton's `verifyTMAEncoding`: an NVMMA shared buffer laid out like the
/// descriptor's block, not transposed.
fn verify_tma_layout(op: Op, desc: Ty, buffer: &MemDesc) -> Verdict {
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
fn verify_clc_result(value: Val) -> Verdict {
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
fn scaled_operand_type(element: Ty, scale_type: i64) -> String {
    if element.is_float() {
        return type_name(element);
    }
    // ScaleDotElemType: E4M3 0, E5M2 1, E2M3 2, E3M2 3, E2M1 4, BF16 5, FP16 6.
    ["f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN", "bf16", "f16"]
        .get(scale_type as usize)
        .map_or_else(|| type_name(element), |t| t.to_string())
}

/// Triton's `verifyScaledLHSOperand` for a tensor-memory LHS.
fn verify_scaled_lhs(element: Ty, fp4_padded: bool, a_type: i64, b_type: i64) -> Verdict {
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
fn scales_k_then_mn(op: Op, is_a: bool, a_type: i64, b_type: i64, a_scale: &MemDesc, b_scale: &MemDesc) -> bool {
    const E2M1: i64 = 4;
    is_a && a_type == E2M1
        && b_type == E2M1
        && type_name(a_scale.element) == "f8E4M3FN"
        && type_name(b_scale.element) == "f8E4M3FN"
        && compute_capability(op) == Some(107)
}

fn verify_scaled_scales(op: Op, a_type: i64, b_type: i64) -> Verdict {
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

fn verify_tc_gen5_mma_scaled(op: Op) -> Verdict {
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
fn value_shape(value: Val) -> Vec<i64> {
    memdesc(value).map(|m| m.shape).unwrap_or_else(|| value.ty().shape().unwrap_or_default())
}

/// Triton's `verifyDotOpInterface`, with the op's `verifyDims` and
/// `verifyOutputDims`.
fn verify_dot_interface(
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
fn verify_plain_dot(op: Op) -> Verdict {
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
fn nvmma_transposed(value: Val) -> Option<bool> {
    match memdesc(value).and_then(|m| bridge::encoding_of(m.encoding)?.ok()) {
        Some(Encoding::NvmmaShared { transposed, .. }) => Some(transposed),
        _ => None,
    }
}

/// The DotOpInterface checks of `tc_gen5_mma_scaled`: packed e2m1 operands
/// hold two elements per byte along K (or along M / N when transposed).
fn verify_scaled_dot(op: Op) -> Verdict {
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
fn verify_mmav5(op: Op) -> Verdict {
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

// ---------------------------------------------------------------------------
// ttng.packed_arith
// ---------------------------------------------------------------------------

/// How `ttng.packed_arith` packs one element type: the suffix of its
/// instruction (`f16x2`), the lanes per register and a one-letter kind used
/// by the signature table.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Packing {
    suffix: &'static str,
    lanes: u32,
    kind: char,
}

fn packing(element: Ty) -> Option<Packing> {
    let (suffix, lanes, kind) = match type_name(element).as_str() {
        "f32" => ("f32x2", 2, 'f'),
        "f16" => ("f16x2", 2, 'h'),
        "bf16" => ("bf16x2", 2, 'b'),
        "f8E5M2" => ("e5m2x4", 4, '5'),
        "f8E4M3FN" => ("e4m3x4", 4, '4'),
        // e2m1 comes two to a byte.
        "i8" => ("e2m1x4", 4, '2'),
        "f8E8M0FNU" => ("ue8m0x4", 4, 'u'),
        _ => return None,
    };
    Some(Packing { suffix, lanes, kind })
}

/// The instructions `ttng.packed_arith` lowers to: per operation, the result
/// kinds and each operand's kinds (`=`: the result's type; `!`: the other
/// 16-bit type), as in Triton 3.9.
const PACKED_SIGNATURES: [(&str, &str, &[&str]); 13] = [
    ("add sub mul", "fhb", &["=", "="]),
    ("fma", "fhb", &["=", "=", "="]),
    ("min max", "hb", &["=", "="]),
    ("add sub", "f", &["hb", "f"]),
    ("add sub", "h", &["f", "f"]),
    ("add sub", "b", &["f", "f"]),
    ("mul", "h", &["f", "f"]),
    ("mul", "b", &["f", "f"]),
    ("mul", "hb", &["=", "!"]),
    ("fma", "f", &["hb", "f", "f"]),
    ("add sub", "54", &["542u", "="]),
    ("mul", "54", &["542u", "542u"]),
    ("fma", "54", &["542u", "542u", "="]),
];

fn packed_signature_ok(kind: &str, result: Packing, operands: &[Packing]) -> bool {
    let matches = |types: &str, info: Packing| match types {
        "=" => info == result,
        "!" => info != result && "hb".contains(info.kind),
        _ => types.contains(info.kind),
    };
    PACKED_SIGNATURES.iter().any(|(ops, results, types)| {
        ops.split(' ').any(|o| o == kind)
            && matches(results, result)
            && operands.iter().zip(types.iter()).all(|(&info, t)| matches(t, info))
    })
}

/// The dimension along which every e2m1 (i8) operand is half the result, if
/// they all agree on one.
fn packed_fp4_axis(result_shape: &[i64], operands: &[Val]) -> Option<Option<usize>> {
    let mut axis = None;
    for operand in operands {
        let ty = operand.ty();
        if type_name(ty.element()) != "i8" {
            continue;
        }
        let shape = ty.shape()?;
        if shape.len() != result_shape.len() {
            return None;
        }
        let differing: Vec<usize> = (0..shape.len()).filter(|&d| shape[d] != result_shape[d]).collect();
        let [d] = differing[..] else { return None };
        if shape[d].checked_mul(2) != Some(result_shape[d]) || axis.is_some_and(|a| a != d) {
            return None;
        }
        axis = Some(d);
    }
    Some(axis)
}

/// Triton 3.9's `PackedArithOp::verify`.
fn verify_packed_arith(op: Op) -> Verdict {
    let names = ["add", "sub", "mul", "fma", "min", "max"];
    let kind_index = int_attr(op, "op_kind").unwrap_or(0);
    let kind = names.get(kind_index as usize).copied().unwrap_or("?");
    let expected = if kind == "fma" { 3 } else { 2 };
    if op.num_operands() != expected {
        return Err(format!("{kind} expects {expected} operands but got {}", op.num_operands()));
    }
    let result_ty = op.result(0).ty();
    let Some(result) = packing(result_ty.element()) else {
        return Err("has an unsupported result element type".into());
    };
    let result_enc = encoding_of(op.result(0)).filter(Encoding::is_distributed);
    let Some(result_enc) = result_enc else { return Err("requires a distributed tensor layout".into()) };
    let operands = op.operands();
    let infos: Vec<Option<Packing>> = operands.iter().map(|v| packing(v.ty().element())).collect();
    let known: Vec<Packing> = infos.iter().flatten().copied().collect();
    if known.len() != infos.len() || !packed_signature_ok(kind, result, &known) {
        let shown: Vec<&str> = infos.iter().map(|i| i.map_or("?", |i| i.suffix)).collect();
        return Err(format!("unsupported {kind} signature {} <- ({})", result.suffix, shown.join(", ")));
    }
    let shape = result_ty.shape().unwrap_or_default();
    let fp4_axis = packed_fp4_axis(&shape, &operands);
    if fp4_axis.flatten().is_none() && known.iter().any(|i| i.kind == '2') {
        return Err("requires every fp4 operand to have the result shape with the same single dimension halved".into());
    }
    let layout = to_linear::to_linear_layout(&result_enc, &shape)?;
    let registers = layout.in_dim_size("register").unwrap_or(1).max(1) as u32;
    let free = layout.get_free_variable_masks().into_iter().find(|(d, _)| d == "register").map_or(0, |(_, m)| m);
    let unique = registers >> free.count_ones();
    if unique < result.lanes || unique % result.lanes != 0 {
        return Err(format!("result layout must provide a multiple of {} unique elements per thread", result.lanes));
    }
    let canonical_fp4 = fp4_axis
        .flatten()
        .and_then(|axis| tritium_dialects::ttg::infer::infer_fp4_to_fp_src(&result_enc, &shape, axis).ok());
    let list = |s: &[i64]| s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    for (index, (operand, info)) in operands.iter().zip(&known).enumerate() {
        let operand_shape = operand.ty().shape().unwrap_or_default();
        let operand_enc = encoding_of(*operand).filter(Encoding::is_distributed);
        if info.kind == '2' {
            let compatible = match (&operand_enc, &canonical_fp4) {
                (Some(enc), Some(canonical)) => {
                    tritium_dialects::ttg::infer::layouts_equivalent(&operand_shape, canonical, enc).unwrap_or(false)
                }
                _ => false,
            };
            if !compatible {
                return Err(format!("fp4 operand {index} must have a layout compatible with the result"));
            }
            continue;
        }
        if operand_shape != shape {
            return Err(format!(
                "operand {index} must have the result shape {}, but got {}",
                list(&shape),
                list(&operand_shape)
            ));
        }
        let equivalent = encoding_of(*operand).is_some_and(|enc| {
            tritium_dialects::ttg::infer::layouts_equivalent(&shape, &enc, &result_enc).unwrap_or(false)
        });
        if !equivalent {
            return Err(format!("operand {index} must have a layout equivalent to the result"));
        }
    }
    Ok(())
}

/// The verifier of the `ttng` op `name`.
pub fn verify_op(name: &str, op: Op) -> Verdict {
    match name {
        "ttng.warp_group_dot" => {
            verify_plain_dot(op)?;
            verify_warp_group_dot(op)
        }
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
            // An unsigned mask (Triton reads it as uint32_t: -1 is out of range).
            let multicast = i64::from(int_attr(op, "multicastCTA").unwrap_or(0) as u32);
            let ctas = num_ctas(op);
            if multicast != 0 {
                if ctas <= 1 {
                    return Err("multicast arrive requires num_ctas > 1".into());
                }
                if multicast > ctas - 1 {
                    return Err("multicastCTA exceeds numCTAs - 1".into());
                }
                verify_barrier_cga(alloc, &cga_1d(ctas), "multicast barrier")?;
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
            verify_in_kernel(op)
        }
        "ttng.async_shared_store" => {
            if num_ctas(op) < 2 {
                return Err("requires at least two CTAs in the cluster".into());
            }
            if memdesc(op.operand(1)).is_some_and(|m| !m.mutable) {
                return Err("cannot store into immutable memory".into());
            }
            verify_barrier_type(op, op.operand(2))?;
            if store_vector_elems(op.operand(0), op.operand(1)).is_some_and(|(v, bits)| v * bits < 32) {
                return Err("requires a layout vectorizing stores to at least 32 bits".into());
            }
            Ok(())
        }
        "ttng.async_tma_copy_global_to_local" => {
            let desc = op.operand(0);
            let im2col = desc.ty().dialect_namespace() == "ttng";
            let coords = segment(op, 1);
            let offsets = segment(op, 2);
            verify_tma_coords(desc, &coords, im2col)?;
            let (barrier, result) = (segment(op, 3), segment(op, 4));
            let result = result.first().copied();
            if let (Some(&barrier), Some(result)) = (barrier.first(), result) {
                verify_tma_load(op, desc, barrier, result)?;
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
            match result {
                Some(result) => verify_tma_multicast(op, result),
                None => Ok(()),
            }
        }
        "ttng.async_tma_copy_local_to_global" => {
            let operands = op.operands();
            let coords = &operands[1..operands.len() - 1];
            verify_tma_coords(op.operand(0), coords, false)?;
            verify_tma_store(op, op.operand(0), operands[operands.len() - 1])
        }
        "ttng.async_tma_reduce" => {
            let operands = op.operands();
            let coords = &operands[1..operands.len() - 1];
            verify_tma_coords(op.operand(0), coords, false)?;
            verify_tma_store(op, op.operand(0), operands[operands.len() - 1])?;
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
            verify_tma_load(op, op.operand(0), op.operand(3), op.operand(4))?;
            if memdesc(op.operand(4)).is_some_and(|m| is_fp4_padded(&m)) {
                return Err("does not support fp4_padded operands".into());
            }
            verify_tma_multicast(op, op.operand(4))?;
            verify_gather_scatter_block(op.operand(0))?;
            verify_x_offsets(op.operand(1), op.operand(4))
        }
        "ttng.async_tma_scatter" => {
            verify_tma_store(op, op.operand(0), op.operand(3))?;
            verify_gather_scatter_block(op.operand(0))?;
            verify_x_offsets(op.operand(1), op.operand(3))
        }
        // The DotOpInterface and MMAv5OpInterface checks come before the op's own.
        "ttng.tc_gen5_mma" => {
            verify_plain_dot(op)?;
            verify_mmav5(op)?;
            verify_tcgen05_target(op)?;
            verify_tc_gen5_mma(op)
        }
        "ttng.tc_gen5_mma_scaled" => {
            verify_scaled_dot(op)?;
            verify_mmav5(op)?;
            verify_tcgen05_target(op)?;
            verify_tc_gen5_mma_scaled(op)
        }
        "ttng.tc_gen5_commit" => {
            verify_tcgen05_target(op)?;
            let descs = segment(op, 2).len();
            if descs > 4 {
                return Err(format!("expected 0 to 4 descriptors, got {descs}"));
            }
            verify_barrier_type(op, op.operand(0))?;
            verify_completion_barrier(op, op.operand(0))
        }
        "ttng.tmem_alloc" | "ttng.tmem_store" | "ttng.tmem_load" | "ttng.tmem_subslice" | "ttng.tmem_copy"
        | "ttng.tmem_wait" => {
            verify_tcgen05_target(op)?;
            match name {
                "ttng.tmem_alloc" => verify_tmem_alloc(op),
                "ttng.tmem_store" => verify_tmem_store(op),
                "ttng.tmem_load" => verify_tmem_load(op),
                "ttng.tmem_subslice" => verify_tmem_subslice(op),
                "ttng.tmem_copy" => verify_tmem_copy(op),
                _ => Ok(()),
            }
        }
        "ttng.clc_load_result" => verify_clc_result(op.operand(0)),
        "ttng.clc_try_cancel" => {
            verify_clc_result(op.operand(0))?;
            verify_barrier_type(op, op.operand(1))?;
            verify_completion_barrier(op, op.operand(1))
        }
        "ttng.clc_try_cancel_sync" => {
            let response = op.result(0).ty();
            if response.shape().unwrap_or_default() != [2] {
                return Err("response must have shape [2]".into());
            }
            if type_name(response.element()) != "i64" {
                return Err("response element type must be i64".into());
            }
            Ok(())
        }
        "ttng.packed_arith" => verify_packed_arith(op),
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
