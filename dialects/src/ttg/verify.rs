//! Verification of `ttg`: encodings, `!ttg.memdesc`, module attributes, the
//! layout of every encoded tensor, and the `ttg` ops.
use super::bridge::{self, EncodingDesc, MemDesc};
use super::encoding::Encoding;
use super::infer;
use super::linear_layout::LinearLayout;
use super::to_linear::to_linear_layout;
use crate::ir::{Attr, Op, Ty, Val};
use mlir_sys::*;

/// The attribute verifier of every encoding: Triton's rules
/// ([`Encoding::verify`]), then bounds Triton leaves to later failures but
/// that we check where the attribute is written.
pub fn verify_encoding(desc: &EncodingDesc) -> Result<(), String> {
    let encoding = bridge::decode(desc)?;
    encoding.verify()?;
    check_bounds(&encoding)
}

/// The largest count accepted in an encoding (warps, vector widths, phases):
/// far above any hardware, far below overflow.
const MAX_COUNT: u32 = 1 << 16;

fn check_bounds(encoding: &Encoding) -> Result<(), String> {
    let powers = |name: &str, values: &[u32]| {
        if values.iter().all(|&v| v.is_power_of_two() && v <= MAX_COUNT) {
            Ok(())
        } else {
            Err(format!("Every element in {name} must be a power of two (at most {MAX_COUNT}), got {values:?}"))
        }
    };
    match encoding {
        Encoding::NvidiaMma { version_major, warps_per_cta, instr_shape, .. } => {
            powers("warpsPerCTA", warps_per_cta)?;
            // Triton's verifier leaves instrShape to the lowering (which picks
            // the instruction from the layout); Tritium only bounds its entries
            // so that no tile size is zero or overflows.
            let rank = warps_per_cta.len();
            if *version_major == 2 && !(2..=3).contains(&rank) {
                return Err(format!("an MMA v2 layout must have rank 2 or 3, got rank {rank}"));
            }
            if instr_shape.iter().any(|&v| v == 0 || v > MAX_COUNT) {
                return Err(format!("every instrShape entry must be between 1 and {MAX_COUNT}, got {instr_shape:?}"));
            }
            Ok(())
        }
        Encoding::AmdMfma { warps_per_cta, .. } => powers("warpsPerCTA", warps_per_cta),
        Encoding::SwizzledShared { vec, per_phase, max_phase, order, .. }
        | Encoding::AmdRotatingShared { vec, per_phase, max_phase, order, .. } => {
            if order.is_empty() {
                return Err("order must not be empty".into());
            }
            for (name, value) in [("vec", vec), ("perPhase", per_phase), ("maxPhase", max_phase)] {
                if *value == 0 || *value > MAX_COUNT {
                    return Err(format!("{name} must be between 1 and {MAX_COUNT}, got {value}"));
                }
            }
            Ok(())
        }
        Encoding::NvmmaShared { element_bit_width, .. } if !matches!(element_bit_width, 4 | 8 | 16 | 32 | 64) => {
            Err(format!("elementBitWidth must be 4, 8, 16, 32 or 64, got {element_bit_width}"))
        }
        _ => Ok(()),
    }
}

/// The verifier of `!ttg.memdesc`.
pub fn verify_memdesc(memdesc: &MemDesc) -> Result<(), String> {
    // Triton's checks and wording, in its order, then Tritium's own.
    let (shape, alloc) = (&memdesc.shape, &memdesc.alloc_shape);
    if shape.is_empty() {
        return Err("rank 0 memdesc is not allowed".into());
    }
    let bits = memdesc.element.bit_width();
    if bits != 0 && bits != 1 && bits < 8 {
        return Err(format!("element type bit width must be 1 or at least 8; got {bits}"));
    }
    if shape.contains(&0) {
        return Err("shape has 0 dimension".into());
    }
    if alloc.contains(&0) {
        return Err("alloc shape has 0 dimension".into());
    }
    if let Some(&dim) = shape.iter().chain(alloc.iter()).find(|&&d| d < 0) {
        return Err(format!("memdesc dimensions must be positive, got {dim}"));
    }
    if alloc.len() < shape.len() {
        return Err("alloc shape must have at least as many dimensions as shape".into());
    }
    // A scalar or a pointer; a container element (`!ttg.memdesc<1x!m>`
    // through an alias chain) would nest without bound.
    let element = memdesc.element;
    if element.is_tensor() || element.is_tensordesc() || bridge::memdesc_of(element).is_some() {
        return Err(format!("memdesc element type must be a scalar or a pointer, got {element}"));
    }
    if memdesc.memory_space.is_null() {
        // Triton's parser reports the missing `, <memory space>`.
        return Err("expected ',' followed by a memory space".into());
    }
    if memdesc.encoding.is_null() {
        return Err("memdesc requires an encoding".into());
    }
    // A layout is a dialect's attribute (ttg's shared encodings, or a
    // backend dialect's); a builtin attribute (an integer, a string, ...) is not.
    if is_builtin(memdesc.encoding) {
        return Err(format!("{} is not a valid encoding", memdesc.encoding));
    }
    if is_builtin(memdesc.memory_space) {
        return Err(format!("{} is not a memory space", memdesc.memory_space));
    }
    if let Some(encoding) = bridge::encoding_of(memdesc.encoding) {
        let encoding = encoding?;
        if !encoding.is_shared() {
            return Err(format!("{} is not a valid encoding", memdesc.encoding));
        }
        let rank = encoding.rank();
        if rank != shape.len() && rank + 1 != shape.len() {
            return Err(format!(
                "rank must be equal to or one less than the shape size. Got {rank} and {}",
                shape.len()
            ));
        }
        // Only a leading pipelining dimension may have a size other than a
        // power of two.
        let layout_dims = |dims: &[i64]| -> Vec<i64> { dims[dims.len().saturating_sub(rank)..].to_vec() };
        let list = |dims: &[i64]| dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        if !layout_dims(shape).iter().all(|&d| d > 0 && d & (d - 1) == 0) {
            return Err(format!("shape must have power-of-2 and non-zero dimensions; got {}", list(shape)));
        }
        if !layout_dims(alloc).iter().all(|&d| d > 0 && d & (d - 1) == 0) {
            return Err(format!("alloc shape must have power-of-2 and non-zero dimensions; got {}", list(alloc)));
        }
        // Padded and shared-linear layouts fix the (per-buffer) allocation shape.
        let fixed = match &encoding {
            Encoding::PaddedShared { linear_component, .. } => Some(linear_component),
            Encoding::SharedLinear { layout, .. } => Some(layout),
            _ => None,
        };
        if let Some(ll) = fixed {
            for (d, (&want, (_, size))) in layout_dims(alloc).iter().zip(ll.out_dims()).enumerate() {
                if i64::from(*size) != want {
                    return Err(format!("Mismatch in expected shape for dimension {d}. Expected: {want}, got: {size}"));
                }
            }
        }
    }
    let trailing = &alloc[alloc.len() - shape.len()..];
    if shape.iter().zip(trailing).any(|(d, a)| d > a) {
        return Err(format!(
            "shape must be less than or equal to allocShape. shape = {}, allocShape = {}",
            shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "),
            alloc.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
        ));
    }
    if let Some(space) = bridge::encoding_of(memdesc.memory_space) {
        if !matches!(space?, Encoding::SharedMemory) {
            return Err(format!("{} is not a memory space", memdesc.memory_space));
        }
        // Shared memory is byte-addressed (i1 included, as Triton 3.9).
        if bits % 8 != 0 {
            return Err(format!("shared-memory element type bit width must be a multiple of 8; got {bits}"));
        }
    }
    Ok(())
}

/// Whether `attr` belongs to the builtin dialect.
fn is_builtin(attr: Attr) -> bool {
    let dialect = unsafe { mlirAttributeGetDialect(attr.0) };
    !dialect.ptr.is_null() && unsafe { crate::ir::str_of(mlirDialectGetNamespace(dialect)) } == "builtin"
}

/// Checks where a `ttg.*` attribute is attached: `ttg.num-warps` belongs on a
/// module or a `tt.func`; the other module-wide settings on a module only.
pub fn verify_op_attribute(op: Op, name: &str, value: Attr) -> Result<(), String> {
    let module_only = ["ttg.threads-per-warp", "ttg.num-ctas", "ttg.target"];
    let is_module = op.name() == "builtin.module";
    if name == "ttg.num-warps" {
        if !is_module && op.name() != "tt.func" {
            return Err(format!("'{name}' may only be set on a module or a tt.func"));
        }
    } else if module_only.contains(&name) && !is_module {
        return Err(format!("'{name}' may only be set on a module"));
    }
    match name {
        "ttg.num-warps" | "ttg.threads-per-warp" | "ttg.num-ctas" => match value.int() {
            Some(n) if n > 0 && (n as u64).is_power_of_two() && n <= 1 << 16 => Ok(()),
            _ => Err(format!("'{name}' must be a positive power-of-two integer, got {value}")),
        },
        "ttg.target" => {
            let is_string = unsafe { mlirAttributeIsAString(value.0) };
            if is_string { Ok(()) } else { Err(format!("'{name}' must be a string such as \"cuda:80\", got {value}")) }
        }
        _ => Ok(()),
    }
}

/// The op holding `op`'s module settings (`ttg.num-warps`, `ttg.target`, …):
/// its enclosing module, or the outermost op of a tree outside any module.
pub fn enclosing_module(op: Op) -> Op {
    let mut current = op;
    while let Some(parent) = current.parent() {
        if current.name() == "builtin.module" {
            return current;
        }
        current = parent;
    }
    current
}

/// The number of warps executing `op`: a warp-specialize partition's own
/// count, else the nearest `ttg.num-warps` (on a tt.func or the module).
fn num_warps_of(op: Op) -> Option<i64> {
    let mut child = op;
    let mut current = op.parent();
    while let Some(o) = current {
        if o.name() == "ttg.warp_specialize.partitions" {
            let region = unsafe { mlirBlockGetParentRegion(mlirOperationGetBlock(child.0)) };
            let count = unsafe { mlirOperationGetNumRegions(o.0) };
            let index = (0..count).find(|&i| unsafe { mlirRegionEqual(mlirOperationGetRegion(o.0, i), region) });
            let warps = o.parent().and_then(|ws| ws.attr("partitionNumWarps")).and_then(Attr::i32_array);
            if let (Some(i), Some(warps)) = (index, warps) {
                return warps.get(i as usize).map(|&w| i64::from(w));
            }
        }
        child = o;
        current = o.parent();
    }
    op.inherited_int("ttg.num-warps")
}

/// Verifies the `ttg` encoding of `tensor`, used by `op`, against the context:
/// a distributed layout of the tensor's rank and power-of-two shape whose
/// lanes, warps and CTAs match the module's `ttg.threads-per-warp`, the
/// `ttg.num-warps` of the function, module or warp-specialize partition, and
/// the module's `ttg.num-ctas`.
pub fn verify_tensor_layout(tensor: Ty, op: Op) -> Result<(), String> {
    let Some(attr) = tensor.encoding() else { return Ok(()) };
    let Some(encoding) = bridge::encoding_of(attr) else { return Ok(()) };
    let encoding = encoding?;
    let shape = tensor.shape().unwrap_or_default();
    encoding.verify_for_tensor(&shape)?;
    let module = enclosing_module(op);
    let setting = |name: &str, default: i64| {
        let value = module.attr(name).and_then(Attr::int).unwrap_or(default);
        u32::try_from(value).map_err(|_| format!("'{name}' = {value} is out of range"))
    };
    let Some(num_warps) = num_warps_of(op) else {
        return Err(
            "Could not determine the number of warps per CTA: the operation is not in a context with `ttg.num-warps`"
                .into(),
        );
    };
    let num_warps = u32::try_from(num_warps).map_err(|_| format!("'ttg.num-warps' = {num_warps} is out of range"))?;
    encoding.verify_tensor_layout(&shape, setting("ttg.threads-per-warp", 32)?, num_warps, setting("ttg.num-ctas", 1)?)
}

/// `VerifyMemDescLayoutsTrait`: every memdesc carries a shared layout of its rank.
pub fn verify_memdesc_layouts(op: Op) -> Result<(), String> {
    for value in op.operands().into_iter().chain(op.results()) {
        let Some(memdesc) = bridge::memdesc_of(value.ty()) else { continue };
        let Some(encoding) = bridge::encoding_of(memdesc.encoding) else { continue };
        let encoding = encoding?;
        if !encoding.is_shared() {
            return Err(format!("memdesc encoding must be a shared-memory layout, got {}", memdesc.encoding));
        }
        // Leading dimensions beyond the layout's rank index buffers of a
        // multi-buffered allocation (`2x128x32` with a rank-2 layout).
        let rank = encoding.rank();
        if rank == 0 || rank > memdesc.shape.len().max(memdesc.alloc_shape.len()) {
            return Err(format!(
                "memdesc of rank {} has a layout of rank {rank}: {}",
                memdesc.shape.len(),
                memdesc.encoding
            ));
        }
    }
    Ok(())
}

fn memdesc(value: Val, what: &str) -> Result<MemDesc, String> {
    bridge::memdesc_of(value.ty()).ok_or_else(|| format!("{what} must be a !ttg.memdesc"))
}

/// The allocation shape of a memdesc (its shape when it is no subview).
fn alloc_shape(m: &MemDesc) -> Vec<i64> {
    if m.alloc_shape.is_empty() { m.shape.clone() } else { m.alloc_shape.clone() }
}

/// Triton's `dropPipeliningDim`: the last `rank` dimensions of `shape`, the
/// ones a layout of that rank describes (those before are pipeline stages).
fn layout_suffix(shape: &[i64], rank: usize) -> &[i64] {
    &shape[shape.len() - rank.min(shape.len())..]
}

/// Triton's `LinearLayout::pseudoinvert`: the map from the outputs of `ll`
/// back to its inputs, taking the preimage whose free variables are zero.
fn pseudoinvert(ll: &LinearLayout) -> Option<LinearLayout> {
    let mut identity = LinearLayout::empty();
    for (name, size) in ll.out_dims() {
        identity = identity.multiply(&LinearLayout::identity_1d(*size, name, name).ok()?).ok()?;
    }
    identity.invert_and_compose(ll).ok()
}

/// The layout rules of Triton's `MemDescSubsliceOp::verify` (after the shape
/// and offset checks): a padded layout of lower rank than the memdesc is not
/// sliced, and each step of a split layout dimension (the slice size, twice
/// it, ... up to the source size) must start at offset 0 or a power of two
/// of the allocation, else the slice would cut through the swizzle.
fn check_subslice_layout(src: &MemDesc, dst: &MemDesc, prefix_rank: usize) -> Result<(), String> {
    let split: Vec<usize> = (0..src.shape.len()).filter(|&d| src.shape[d] != dst.shape[d]).collect();
    if split.is_empty() {
        return Ok(());
    }
    let Some(Ok(enc)) = bridge::encoding_of(src.encoding) else { return Ok(()) };
    if matches!(enc, Encoding::PaddedShared { .. }) && enc.rank() < src.shape.len() {
        return Err("SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not supported yet".into());
    }
    let alloc = alloc_shape(src);
    let Ok(ll) = to_linear_layout(&enc, layout_suffix(&alloc, enc.rank())) else { return Ok(()) };
    let Some(inverse) = pseudoinvert(&ll) else { return Ok(()) };
    let dims: Vec<String> = ll.get_out_dim_names().iter().map(|d| d.to_string()).collect();
    for d in split.into_iter().filter(|&d| d >= prefix_rank) {
        let mut size = dst.shape[d];
        while size > 0 && size < src.shape[d] {
            let mut point: Vec<(&str, i32)> = dims.iter().map(|n| (n.as_str(), 0)).collect();
            if let Some(p) = point.get_mut(d - prefix_rank) {
                p.1 = size as i32;
            }
            // The first input of the shared layout is its element offset.
            if let Some(&(_, offset)) = inverse.apply(&point).ok().as_ref().and_then(|o| o.first()) {
                if offset != 0 && !(offset as u32).is_power_of_two() {
                    return Err("We don't support splitting along the swizzling pattern".into());
                }
            }
            size *= 2;
        }
    }
    Ok(())
}

/// The footprint rules of Triton's `MemDescReinterpretOp::verify` for shared
/// memory: the result (every stage of it) must fit in the bytes of the
/// source's stages, and when the source is a layout subview, in the run of
/// contiguous bytes from its start that the view owns. The view owns the
/// offsets of its own coordinates plus those the allocation's layout never
/// addresses (zero bases), which belong to the allocation anyway.
fn check_reinterpret_footprint(
    src: &MemDesc,
    src_enc: &Encoding,
    dst: &MemDesc,
    dst_enc: &Encoding,
    src_is_view: bool,
) -> Result<(), String> {
    use super::linear_layout::gf2;
    use super::to_linear::OFFSET;
    if !matches!(bridge::encoding_of(src.memory_space), Some(Ok(Encoding::SharedMemory))) {
        return Ok(());
    }
    let (src_bits, dst_bits) = (u64::from(src.element.bit_width()), u64::from(dst.element.bit_width()));
    let (src_alloc, dst_alloc) = (alloc_shape(src), alloc_shape(dst));
    let (Ok(src_ll), Ok(dst_ll)) = (
        to_linear_layout(src_enc, layout_suffix(&src_alloc, src_enc.rank())),
        to_linear_layout(dst_enc, layout_suffix(&dst_alloc, dst_enc.rank())),
    ) else {
        return Ok(());
    };
    let (Some(src_elems), Some(dst_elems)) = (src_ll.in_dim_size(OFFSET), dst_ll.in_dim_size(OFFSET)) else {
        return Ok(());
    };
    if src_bits == 0 || dst_bits == 0 {
        return Ok(());
    }
    let src_elems = src_elems as u64;
    let src_stride = (src_elems * src_bits).div_ceil(8);
    let dst_stride = (dst_elems as u64 * dst_bits).div_ceil(8);
    let stages = |m: &MemDesc, enc: &Encoding| -> u64 {
        let prefix = m.shape.len() - layout_suffix(&m.shape, enc.rank()).len();
        m.shape[..prefix].iter().map(|&s| s.max(0) as u64).product()
    };
    let requested = dst_stride * stages(dst, dst_enc);
    let available = src_stride * stages(src, src_enc);
    if requested > available {
        return Err(format!(
            "result shared-memory footprint ({requested} bytes) exceeds the source view ({available} bytes)"
        ));
    }
    if !src_is_view {
        return Ok(());
    }
    let Some(inverse) = pseudoinvert(&src_ll) else { return Ok(()) };
    let Some(offset_out) = inverse.get_out_dim_names().iter().position(|&n| n == OFFSET) else { return Ok(()) };
    // The offsets the view's coordinates reach: the inverse's bases within
    // the view's (power-of-two) extent along each dimension.
    let view = layout_suffix(&src.shape, src_enc.rank());
    let mut owned: Vec<u64> = Vec::new();
    for ((_, bases), &extent) in inverse.bases().iter().zip(view) {
        let bits = extent.max(1).ilog2() as usize;
        owned.extend(bases.iter().take(bits).map(|b| b[offset_out] as u64));
    }
    // The offset bits the allocation maps to no coordinate.
    for (bit, basis) in src_ll.bases().iter().filter(|(n, _)| n == OFFSET).flat_map(|(_, b)| b.iter().enumerate()) {
        if basis.iter().all(|&v| v == 0) {
            owned.push(1u64 << bit);
        }
    }
    // Contiguous from offset 0: up to the first offset bit outside the span.
    let rank = gf2::rank(&owned);
    let spans = |bit: u32| {
        let mut with = owned.clone();
        with.push(1u64 << bit);
        gf2::rank(&with) == rank
    };
    let contiguous = (0..src_elems.ilog2()).find(|&b| !spans(b)).map_or(src_elems, |b| 1u64 << b);
    let contiguous_bytes =
        if contiguous == src_elems { available } else { (contiguous * src_bits).div_ceil(8) };
    if requested > contiguous_bytes {
        return Err(format!(
            "result shared-memory footprint includes offsets not owned by the source subview ({requested} bytes \
             requested; {contiguous_bytes} contiguous bytes available)"
        ));
    }
    Ok(())
}

/// Whether converting a tensor from `src`'s layout to `dst`'s moves elements
/// between warps (or CTAs): each warp must hold the same elements under both,
/// i.e. the registers and lanes span the same coordinates and the warp and
/// block bases agree up to them. `None` when a layout cannot be read.
fn crosses_warps(src: Ty, dst: Ty) -> Option<bool> {
    use super::linear_layout::gf2;
    let shape = src.shape()?;
    let layout = |ty: Ty| -> Option<super::linear_layout::LinearLayout> {
        let enc = bridge::encoding_of(ty.encoding()?)?.ok()?;
        to_linear_layout(&enc, &shape).ok()
    };
    let (a, b) = (layout(src)?, layout(dst)?);
    // One bit per coordinate bit, dimension after dimension.
    let pack = |ll: &super::linear_layout::LinearLayout, v: &[i32]| -> Option<u64> {
        let mut out = 0u64;
        let mut shift = 0u32;
        for ((_, size), &x) in ll.out_dims().iter().zip(v) {
            out |= (x.max(0) as u64).checked_shl(shift)?;
            shift += size.max(&1).trailing_zeros();
        }
        Some(out)
    };
    if a.out_dims() != b.out_dims() || shape.iter().map(|&d| d.max(1) as u64).product::<u64>() >= 1 << 62 {
        return None;
    }
    let rows = |ll: &super::linear_layout::LinearLayout, dims: &[&str]| -> Option<Vec<u64>> {
        let mut rows = Vec::new();
        for (name, vectors) in ll.bases() {
            if dims.contains(&name.as_str()) {
                for v in vectors {
                    rows.push(pack(ll, v)?);
                }
            }
        }
        Some(rows)
    };
    let (sa, sb) = (rows(&a, &["register", "lane"])?, rows(&b, &["register", "lane"])?);
    let both: Vec<u64> = sa.iter().chain(&sb).copied().collect();
    let span = gf2::rank(&sa);
    if span != gf2::rank(&sb) || span != gf2::rank(&both) {
        return Some(true);
    }
    for dim in ["warp", "block"] {
        let (wa, wb) = (rows(&a, &[dim])?, rows(&b, &[dim])?);
        if wa.len() != wb.len() {
            return Some(true);
        }
        for (x, y) in wa.iter().zip(&wb) {
            let mut with = sa.clone();
            with.push(x ^ y);
            if gf2::rank(&with) != span {
                return Some(true);
            }
        }
    }
    Some(false)
}

fn tensor_shape(value: Val) -> Vec<i64> {
    value.ty().shape().unwrap_or_default()
}

fn same_elements(a: Ty, b: Ty, message: &str) -> Result<(), String> {
    if a == b { Ok(()) } else { Err(format!("{message} ({a} vs {b})")) }
}

fn check_axis(axis: Option<i64>, rank: usize) -> Result<usize, String> {
    match axis {
        Some(a) if a >= 0 && (a as usize) < rank => Ok(a as usize),
        Some(a) => Err(format!("axis {a} is out of range for rank {rank}")),
        None => Err("requires an 'axis' attribute".into()),
    }
}

fn check_permutation(order: &[i32], rank: usize) -> Result<(), String> {
    let mut seen = vec![false; rank];
    if order.len() != rank {
        return Err(format!("order must have {rank} entries, got {}", order.len()));
    }
    for &o in order {
        if o < 0 || o as usize >= rank || std::mem::replace(&mut seen[o as usize], true) {
            return Err(format!("order {order:?} is not a permutation of 0..{rank}"));
        }
    }
    Ok(())
}

/// The verifier of the `ttg` op `name`.
pub fn verify_op(name: &str, op: Op) -> Result<(), String> {
    match name {
        "ttg.convert_layout" => {
            let (src, dst) = (op.operand(0).ty(), op.result(0).ty());
            if src.encoding().is_some() && dst.encoding().is_none() {
                return Err("the result of a layout conversion needs an encoding".into());
            }
            if op.attr("force_warp_shuffle").is_some_and(|a| !a.is_null()) && crosses_warps(src, dst) == Some(true) {
                return Err("force_warp_shuffle requires a conversion within one warp".into());
            }
            Ok(())
        }
        "ttg.local_alloc" => {
            let dst = memdesc(op.result(0), "result")?;
            let Some(src) = op.operands().first().copied() else {
                return if dst.mutable {
                    Ok(())
                } else {
                    Err("Cannot allocate an immutable buffer without an initializer".into())
                };
            };
            same_elements(src.ty().element(), dst.element, "result element type must match the source")?;
            if tensor_shape(src) != dst.shape {
                return Err(format!("shape mismatch: source {:?}, result {:?}", tensor_shape(src), dst.shape));
            }
            Ok(())
        }
        "ttg.local_load" => {
            let src = memdesc(op.operand(0), "source")?;
            same_elements(src.element, op.result(0).ty().element(), "element types must match")?;
            if src.shape != tensor_shape(op.result(0)) {
                return Err(format!("shape mismatch: memdesc {:?}, result {:?}", src.shape, tensor_shape(op.result(0))));
            }
            Ok(())
        }
        "ttg.local_store" | "ttg.async_copy_global_to_local" => {
            let dst = memdesc(op.operand(1), "destination")?;
            if !dst.mutable {
                return Err("Cannot store into immutable memory".into());
            }
            let src = op.operand(0).ty();
            let element = if name == "ttg.local_store" {
                src.element()
            } else {
                crate::tt::types::pointee(src.element()).unwrap_or(src.element())
            };
            same_elements(element, dst.element, "element types must match")?;
            if src.shape().unwrap_or_default() != dst.shape {
                return Err(format!("shape mismatch: tensor {:?}, memdesc {:?}", src.shape(), dst.shape));
            }
            Ok(())
        }
        "ttg.local_gather" | "ttg.local_scatter" | "ttg.local_atomic_scatter_rmw" => {
            if name == "ttg.local_atomic_scatter_rmw" {
                let element = op.operand(1).ty().element();
                if !(element.is_integer() || element.is_float()) {
                    return Err("values must have integer or floating element type".into());
                }
            }
            let (buf, indices) = match name {
                "ttg.local_gather" => (op.operand(0), op.operand(1)),
                "ttg.local_scatter" => (op.operand(0), op.operand(2)),
                _ => (op.operand(0), op.operand(2)),
            };
            let buf = memdesc(buf, "buffer")?;
            let axis = check_axis(op.attr("axis").and_then(Attr::int), buf.shape.len())?;
            let index_shape = tensor_shape(indices);
            if index_shape.len() != buf.shape.len() {
                return Err(format!("indices must have rank {}, got {}", buf.shape.len(), index_shape.len()));
            }
            for (d, (i, b)) in index_shape.iter().zip(&buf.shape).enumerate() {
                if d != axis && i > b {
                    return Err(format!("indices dimension {d} ({i}) exceeds the buffer's ({b})"));
                }
            }
            let values = if name == "ttg.local_gather" { op.result(0) } else { op.operand(1) };
            same_elements(values.ty().element(), buf.element, "element types must match")?;
            if tensor_shape(values) != index_shape {
                return Err("values and indices must have the same shape".into());
            }
            if name != "ttg.local_gather" && !buf.mutable {
                return Err("Cannot store into immutable memory".into());
            }
            Ok(())
        }
        "ttg.memdesc_index" => {
            let (src, dst) = (memdesc(op.operand(0), "source")?, memdesc(op.result(0), "result")?);
            if src.shape.len() < 2 || dst.shape.len() + 1 != src.shape.len() {
                return Err("result rank must be input rank - 1".into());
            }
            if dst.shape[..] != src.shape[1..] {
                return Err("result shape must equal to srcShape[1:]".into());
            }
            let (src_alloc, dst_alloc) = (alloc_shape(&src), alloc_shape(&dst));
            if src_alloc.len() == src.shape.len() && src.shape[1..] != src_alloc[1..] {
                return Err("We only support memdesc_index of a multibuffer-prefix subview".into());
            }
            if src_alloc.len() == src.shape.len() && dst_alloc[..] != src_alloc[1..] {
                return Err("alloc shape must match shape for the result".into());
            }
            same_elements(src.element, dst.element, "element types must match")
        }
        "ttg.memdesc_subslice" => {
            let (src, dst) = (memdesc(op.operand(0), "source")?, memdesc(op.result(0), "result")?);
            let offsets = op.attr("offsets").and_then(Attr::i32_array).unwrap_or_default();
            if offsets.len() != src.shape.len() || dst.shape.len() != src.shape.len() {
                return Err(format!("offsets must have one entry per dimension ({})", src.shape.len()));
            }
            // The leading pipelining dims (beyond the encoding's rank) may be
            // split at any stage; the layout dims only at whole tiles.
            let layout_rank = bridge::encoding_of(src.encoding)
                .and_then(|e| e.ok())
                .map_or(offsets.len(), |e| e.rank().min(offsets.len()));
            let prefix_rank = offsets.len() - layout_rank;
            // Triton's wording for each rule.
            for (dim, ((&o, &s), &r)) in offsets.iter().zip(&src.shape).zip(&dst.shape).enumerate() {
                if s == r && o != 0 {
                    return Err("A non zero offset found in a dimension that is not being split".into());
                }
                if o < 0 || i64::from(o) + r > s {
                    return Err("The split offset may not exceed the source shape".into());
                }
                if dim >= prefix_rank && r > 0 && i64::from(o) % r != 0 {
                    return Err("The split offset may not touch the tile".into());
                }
            }
            if alloc_shape(&src) != alloc_shape(&dst) {
                return Err("source and result must have the same allocation shape".into());
            }
            same_elements(src.element, dst.element, "element types must match")?;
            check_subslice_layout(&src, &dst, prefix_rank)
        }
        "ttg.memdesc_trans" => {
            let (src, dst) = (memdesc(op.operand(0), "source")?, memdesc(op.result(0), "result")?);
            let order = op.attr("order").and_then(Attr::i32_array).unwrap_or_default();
            check_permutation(&order, src.shape.len())?;
            let expected: Vec<i64> = order.iter().map(|&o| src.shape[o as usize]).collect();
            if expected != dst.shape {
                return Err(format!("result shape {:?} is not the source shape permuted ({expected:?})", dst.shape));
            }
            Ok(())
        }
        "ttg.memdesc_reshape" => {
            let (src, dst) = (memdesc(op.operand(0), "source")?, memdesc(op.result(0), "result")?);
            let (a, b): (i64, i64) = (src.shape.iter().product(), dst.shape.iter().product());
            if a != b {
                return Err(format!("reshape must keep the number of elements ({a} vs {b})"));
            }
            Ok(())
        }
        "ttg.memdesc_reinterpret" => {
            let (src, dst) = (memdesc(op.operand(0), "source")?, memdesc(op.result(0), "result")?);
            if src.memory_space != dst.memory_space {
                return Err("source and result must have the same memory space".into());
            }
            if src.mutable != dst.mutable {
                return Err("source and result must have the same mutability".into());
            }
            let (Some(Ok(src_enc)), Some(Ok(dst_enc))) =
                (bridge::encoding_of(src.encoding), bridge::encoding_of(dst.encoding))
            else {
                let is_view = |m: &MemDesc| m.shape != layout_suffix(&alloc_shape(m), m.shape.len());
                if is_view(&dst) {
                    return Err("result must not be a subview".into());
                }
                return Ok(());
            };
            // Triton's isLayoutSubview: the view cuts a dimension of the
            // layout (slicing pipeline stages only is no layout subview).
            let is_view = |m: &MemDesc, enc: &Encoding| {
                layout_suffix(&m.shape, enc.rank()) != layout_suffix(&alloc_shape(m), enc.rank())
            };
            if is_view(&dst, &dst_enc) {
                return Err("result must not be a subview".into());
            }
            let src_is_view = is_view(&src, &src_enc);
            if matches!(src_enc, Encoding::PartitionedShared { .. }) || matches!(dst_enc, Encoding::PartitionedShared { .. }) {
                return Err("cannot reinterpret partitioned shared layouts".into());
            }
            let padding = |e: &Encoding| match e {
                Encoding::PaddedShared { intervals, paddings, .. } => Some((intervals.clone(), paddings.clone())),
                _ => None,
            };
            match (padding(&src_enc), padding(&dst_enc)) {
                (Some(_), None) | (None, Some(_)) => {
                    return Err("cannot reinterpret between padded and non-padded layouts".into());
                }
                (Some(a), Some(b)) if a != b => return Err("cannot reinterpret with different padding pattern".into()),
                (Some(_), Some(_)) if src_is_view => return Err("cannot reinterpret a padded source subview".into()),
                _ => {}
            }
            // A view cut along a dimension the CTAs split.
            if src_is_view {
                let src_alloc = alloc_shape(&src);
                let alloc = layout_suffix(&src_alloc, src.shape.len());
                let cga = match &src_enc {
                    Encoding::SwizzledShared { cga, .. }
                    | Encoding::NvmmaShared { cga, .. }
                    | Encoding::AmdRotatingShared { cga, .. } => cga.bases.clone(),
                    _ => Vec::new(),
                };
                // The layout's dimensions are the view's last ones.
                let cut = |b: &[i32], d: usize| {
                    let i = d + src.shape.len().saturating_sub(b.len());
                    src.shape.get(i).zip(alloc.get(i)).is_some_and(|(s, a)| s != a)
                };
                if cga.iter().any(|b| b.iter().enumerate().any(|(d, &v)| v != 0 && cut(b, d))) {
                    return Err("cannot reinterpret a source subview sliced across CTAs".into());
                }
            }
            check_reinterpret_footprint(&src, &src_enc, &dst, &dst_enc, src_is_view)
        }
        "ttg.fp4_to_fp" => {
            let (src, dst) = (tensor_shape(op.operand(0)), tensor_shape(op.result(0)));
            let axis = check_axis(op.attr("axis").and_then(Attr::int), src.len())?;
            let mut expected = src.clone();
            expected[axis] = expected[axis].saturating_mul(2);
            if dst != expected {
                return Err(format!("result shape {dst:?} must be the source shape with dimension {axis} doubled ({expected:?})"));
            }
            // Triton infers the source layout back from the result's.
            if let Some(Ok(dst_enc)) = op.result(0).ty().encoding().and_then(bridge::encoding_of) {
                if dst_enc.is_distributed() && infer::infer_fp4_to_fp_src(&dst_enc, &dst, axis).is_err() {
                    return Err("failed to infer encoding".into());
                }
            }
            Ok(())
        }
        "ttg.inline_asm" => {
            for result in op.results() {
                if result.ty().is_tensor() && result.ty().encoding().is_none() {
                    return Err("tensor results of inline assembly need an explicit layout".into());
                }
            }
            Ok(())
        }
        "ttg.warp_specialize" => {
            let warps = op.attr("partitionNumWarps").and_then(Attr::i32_array).unwrap_or_default();
            for (i, &w) in warps.iter().enumerate() {
                if w <= 0 || !(w as u32).is_power_of_two() {
                    return Err(format!("partition #{i} number of warps ({w}) must be a power of 2"));
                }
            }
            let mut ancestor = op.parent();
            while let Some(a) = ancestor {
                if a.name() == "ttg.warp_specialize" {
                    return Err("cannot be nested inside another `ttg.warp_specialize` op".into());
                }
                ancestor = a.parent();
            }
            let partitions = op.entry_block(1).and_then(crate::ir::block_terminator);
            if partitions.is_some_and(|p| p.name() != "ttg.warp_specialize.partitions") {
                return Err(
                    "expected to find only a `ttg.warp_specialize.partitions` op inside its second region".into(),
                );
            }
            let regions = partitions.map_or(0, |p| unsafe { mlirOperationGetNumRegions(p.0) } as usize);
            if regions != warps.len() {
                return Err(format!("has {} partitions but `partitionNumWarps` has {} elements", regions, warps.len()));
            }
            if let Some(ids) = op.attr("warpGroupStartIds").and_then(Attr::i32_array) {
                if ids.len() != warps.len() {
                    return Err(format!("has {} warp group start IDs but expected {}", ids.len(), warps.len()));
                }
            }
            // Tritium's checks (Triton 3.9 has none, and would index past
            // a short array): one start id and one register request per
            // partition; `actualRegisters` also leads with the default
            // warp group's count.
            for (attr, expected) in
                [("warpGroupStartIds", warps.len()), ("requestedRegisters", warps.len()), ("actualRegisters", warps.len() + 1)]
            {
                if let Some(values) = op.attr(attr).and_then(Attr::i32_array) {
                    if values.len() != expected {
                        return Err(format!(
                            "'{attr}' has {} entries but expected {expected} for {} partitions",
                            values.len(),
                            warps.len()
                        ));
                    }
                }
            }
            Ok(())
        }
        "ttg.warp_specialize.partitions" => {
            let captures = op.operands();
            let count = unsafe { mlirOperationGetNumRegions(op.0) };
            for i in 0..count {
                let Some(block) = op.entry_block(i as usize) else { continue };
                let args = crate::ir::block_arguments(block);
                if args.len() != captures.len() {
                    return Err(format!(
                        "partition region #{i} has {} arguments but expected {}",
                        args.len(),
                        captures.len()
                    ));
                }
                for (j, (arg, capture)) in args.iter().zip(&captures).enumerate() {
                    if arg.ty() != capture.ty() {
                        return Err(format!(
                            "partition region #{i} argument #{j} has type '{}' but corresponding capture has type '{}'",
                            arg.ty(),
                            capture.ty()
                        ));
                    }
                }
            }
            Ok(())
        }
        "ttg.warp_yield" => {
            let Some(parent) = op.parent() else { return Ok(()) };
            let (operands, results) = (op.operands(), parent.results());
            if operands.len() != results.len() {
                return Err(format!("has {} operands but parent op expected {}", operands.len(), results.len()));
            }
            for (i, (a, r)) in operands.iter().zip(&results).enumerate() {
                if a.ty() != r.ty() {
                    return Err(format!("operand #{i} has type '{}' but parent op expected '{}'", a.ty(), r.ty()));
                }
            }
            Ok(())
        }
        other => Err(format!("no verifier is registered for '{other}'")),
    }
}

/// The ttg encoding and shape of a tensor value, when it has one.
fn encoded(value: Val) -> Option<Result<(Encoding, Vec<i64>), String>> {
    let ty = value.ty();
    let encoding = bridge::encoding_of(ty.encoding()?)?;
    Some(encoding.map(|e| (e, ty.shape().unwrap_or_default())))
}

/// Triton's `isExpensiveView`: a view from `src` to `dst` moves data unless
/// both layouts broadcast the same input bits and hold as many elements per
/// thread.
fn is_expensive_view(src: &Encoding, src_shape: &[i64], dst: &Encoding, dst_shape: &[i64]) -> Result<bool, String> {
    let (a, b) = (to_linear_layout(src, src_shape)?, to_linear_layout(dst, dst_shape)?);
    Ok(a.get_free_variable_masks() != b.get_free_variable_masks()
        || a.in_dim_size("register") != b.in_dim_size("register"))
}

/// `tt.dot`'s `inputPrecision` values (Triton's `InputPrecision`); absent
/// means IEEE, the attribute's default.
const PRECISION_TF32: i64 = 0;
const PRECISION_IEEE: i64 = 2;

/// Triton's `supportMMA(DotOp, version)` for the versions a `tt.dot` can
/// carry (2; a v3 `B` operand lives in shared memory, so `tt.dot` never
/// reaches this with v3): f32 × f32 only as tf32, otherwise each operand's
/// element type must be one the tensor cores take (`supportMMA(Value)`).
fn dot_supports_mma(op: Op, version: u32) -> bool {
    let (a, b) = (op.operand(0).ty().element(), op.operand(1).ty().element());
    let is_f32 = |t: Ty| t.to_string() == "f32";
    if is_f32(a) && is_f32(b) {
        let precision = op.attr("inputPrecision").and_then(|p| p.int()).unwrap_or(PRECISION_IEEE);
        return precision == PRECISION_TF32 && version >= 2;
    }
    let operand_ok = |t: Ty| {
        let name = t.to_string();
        let fp8 = matches!(name.as_str(), "f8E5M2" | "f8E4M3FN" | "f8E5M2FNUZ" | "f8E4M3FNUZ");
        fp8 || matches!(name.as_str(), "f16" | "bf16")
            || (matches!(name.as_str(), "f32" | "f64") && version >= 2)
            || (t.is_integer() && t.bit_width() == 8 && version >= 2)
    };
    operand_ok(a) && operand_ok(b)
}

/// The rules relating the encodings of `tt` ops on ttg tensors: each derives
/// the encoding Triton would infer and requires the actual one to place every
/// element in the same register, lane, warp and CTA.
pub fn verify_tt_op_layouts(op: Op) -> Result<(), String> {
    match op.name() {
        "tt.dot" => {
            let (Some(a), Some(b)) = (encoded(op.operand(0)), encoded(op.operand(1))) else {
                return Err("mismatching encoding between A and B operands".into());
            };
            let Some(c) = encoded(op.operand(2)) else { return Err("miss encoding of C operand".into()) };
            let (a, c) = (a?.0, c?.0);
            infer::verify_dot_operand(&a, &b?.0, &c)?;
            // With dot operands passing the check above, an NVIDIA MMA result
            // means every parent has its version.
            match (&a, &c) {
                (Encoding::DotOperand { .. }, Encoding::NvidiaMma { version_major, .. })
                    if !dot_supports_mma(op, *version_major) =>
                {
                    Err("unsupported MMA version".into())
                }
                _ => Ok(()),
            }
        }
        "tt.gather" => {
            let (indices, result) = (op.operand(1).ty(), op.result(0).ty());
            if indices.encoding() != result.encoding() {
                return Err("indices and output encodings must match".into());
            }
            Ok(())
        }
        "tt.join" => {
            let (Some(src), Some(dst)) = (encoded(op.operand(0)), encoded(op.result(0))) else { return Ok(()) };
            let ((src, src_shape), (dst, dst_shape)) = (src?, dst?);
            // As Triton checks it: several result layouts are right for one
            // operand layout (the joined dimension may be any register bit),
            // but a result layout has exactly one operand layout, the one
            // splitting it gives. That one must be the operands'.
            let expected = infer::infer_split(&dst, &dst_shape)?;
            if !infer::layouts_equivalent(&src_shape, &expected, &src)? {
                return Err("incompatible join layout".into());
            }
            Ok(())
        }
        "tt.reshape" => {
            // Triton's `ReshapeOp::verify`: an `allow_reorder` reshape keeps
            // its result encoding when the view is cheap (same broadcast bits
            // and elements per thread as the source); otherwise, and without
            // `allow_reorder`, the result must be the inferred encoding.
            // `efficient_layout` does not exempt it.
            let (Some(src), Some(dst)) = (encoded(op.operand(0)), encoded(op.result(0))) else { return Ok(()) };
            let ((src, src_shape), (dst, dst_shape)) = (src?, dst?);
            if op.attr("allow_reorder").is_some() && !is_expensive_view(&src, &src_shape, &dst, &dst_shape)? {
                return Ok(());
            }
            let expected = infer::infer_reshape(&src, &src_shape, &dst_shape)?;
            if !infer::layouts_equivalent(&dst_shape, &expected, &dst)? {
                let printed = bridge::build(op.context(), &expected).map_or_else(|| format!("{expected:?}"), |a| a.to_string());
                let got = op.result(0).ty().encoding().map_or(String::new(), |e| e.to_string());
                return Err(format!("Expected result encoding {printed} but was {got}"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
