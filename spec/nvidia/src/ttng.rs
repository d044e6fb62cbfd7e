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

mod packed_arith;
mod params;
mod target;
#[cfg(test)]
mod tests;
mod tmem;

use packed_arith::*;
use target::*;
use tmem::*;
pub use tmem::tmem_alloc_size;

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
