//! `triton-nvidia-tma-lowering`: tensor-descriptor loads, stores and
//! device-side descriptor creation become TMA ops (sm90+), as Triton 3.9
//! lowers them:
//!
//! - `tt.descriptor_load` -> a mutable shared buffer of the descriptor's
//!   encoding and a one-slot mbarrier (`init_barrier 1`, `barrier_expect`
//!   of the box's bytes), `ttng.async_tma_copy_global_to_local`,
//!   `wait_barrier` on phase 0, `inval_barrier`, then `ttg.local_load` (a
//!   `ttg.local_alloc` user of the same encoding takes the buffer itself);
//! - `tt.descriptor_store` / `tt.descriptor_reduce` -> `ttg.local_alloc` of
//!   the value, `fence_async_shared`, `async_tma_copy_local_to_global` /
//!   `async_tma_reduce`, `async_tma_store_wait {pendings = 0}`;
//! - `tt.make_tensor_descriptor` -> a 128-byte `ttg.global_scratch_alloc`
//!   filled by `ttng.tensormap_create` (box, reversed global dims, byte
//!   strides, element type, swizzle and fill modes), made visible with
//!   `tensormap_fenceproxy_acquire`, and read back with
//!   `reinterpret_tensor_descriptor`.
//!
//! The patterns run in MLIR's greedy driver, as Triton's do (constants are
//! folded and hoisted the same way). Descriptors the patterns cannot lower
//! (no encoding, gather/scatter, unsupported element types or encodings) are
//! refused with a diagnostic before anything changes.
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, RewritePattern, Rewriter};
use tritium_dialects::spec;
use tritium_dialects::tt::types::{pointee, pointer_to, tensordesc_block};
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::infer;

use super::descriptor_encoding::{parse_attr, tma_unavailable};

/// The ops the pass rewrites or refuses.
const DESCRIPTOR_OPS: [&str; 6] = [
    "tt.descriptor_load",
    "tt.descriptor_store",
    "tt.descriptor_reduce",
    "tt.descriptor_gather",
    "tt.descriptor_scatter",
    "tt.make_tensor_descriptor",
];

/// Bytes and alignment of a TMA descriptor in global scratch.
pub const TMA_SIZE_BYTES: i64 = 128;
const TMA_ALIGN: i64 = 128;

pub struct TmaLowering;

static PATTERNS: &[&dyn RewritePattern] = &[&LoadLowering, &StoreLowering, &CreateDescLowering];

impl Pass for TmaLowering {
    fn argument(&self) -> &'static str {
        "triton-nvidia-tma-lowering"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let unavailable = tma_unavailable(op);
        for nested in op.nested_ops() {
            if let Some(message) = &unavailable {
                if DESCRIPTOR_OPS.contains(&nested.name()) {
                    emit_error(nested, &format!("{}: {message}", self.argument()));
                    return Err(());
                }
            }
            if let Err(message) = check(nested) {
                emit_error(nested, &format!("{}: {message}", self.argument()));
                return Err(());
            }
        }
        if apply_patterns_greedily(op, spec::rewrite_patterns(self.argument(), PATTERNS)) {
            Ok(())
        } else {
            emit_error(op, "triton-nvidia-tma-lowering: the greedy rewrite did not converge");
            Err(())
        }
    }
}

// ---------------------------------------------------------------------------
// Descriptor facts
// ---------------------------------------------------------------------------

/// The shared encoding of a `!tt.tensordesc` (None when it has none).
pub fn descriptor_encoding(ty: Ty) -> Option<Attr> {
    if !ty.is_tensordesc() {
        return None;
    }
    let text = ty.to_string();
    let inner = text.strip_prefix("!tt.tensordesc<")?.strip_suffix('>')?;
    let mut depth = 0i32;
    for (i, c) in inner.char_indices() {
        match c {
            '<' | '{' | '[' | '(' => depth += 1,
            '>' | '}' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => return parse_attr(ty.context(), inner[i + 1..].trim()),
            _ => {}
        }
    }
    None
}

/// The encoding of a descriptor, decoded.
fn decoded(attr: Attr) -> Option<Encoding> {
    bridge::encoding_of(attr)?.ok()
}

/// What a `#ttg.nvmma_shared` descriptor encoding says about the TMA box.
struct Nvmma {
    swizzle: i64,
    transposed: bool,
    element_bits: i64,
}

fn nvmma_of(attr: Attr) -> Option<Nvmma> {
    match decoded(attr)? {
        Encoding::NvmmaShared { swizzling_byte_width, transposed, element_bit_width, fp4_padded: false, .. } => {
            Some(Nvmma { swizzle: swizzling_byte_width as i64, transposed, element_bits: element_bit_width as i64 })
        }
        _ => None,
    }
}

/// The TMA box of a block of `shape` (Triton's `getTMABlockShape`, tiled
/// mode): every dimension at most 256, the contiguous one exactly the
/// swizzle width when there is a swizzle.
fn tma_block_shape(shape: &[i64], nvmma: &Nvmma) -> Result<Vec<i64>, String> {
    let mut block: Vec<i64> = shape.iter().map(|d| (*d).min(256)).collect();
    if block.is_empty() {
        return Err("a tensor descriptor needs a block of rank >= 1".into());
    }
    let contig = if nvmma.transposed { 0 } else { block.len() - 1 };
    if nvmma.swizzle != 0 {
        let size = 8 * nvmma.swizzle / nvmma.element_bits.max(1);
        if block[contig] < size {
            return Err(format!(
                "the block's contiguous dimension ({}) is smaller than the {}-byte swizzle of its #ttg.nvmma_shared encoding",
                block[contig], nvmma.swizzle
            ));
        }
        block[contig] = size;
    }
    Ok(block)
}

/// Triton's TMA element-type enum for `element`.
fn tma_element_type(element: Ty) -> Option<i64> {
    let name = element.to_string();
    match name.as_str() {
        "bf16" => return Some(10),
        "f16" => return Some(6),
        "f32" => return Some(7),
        "f64" => return Some(9),
        _ => {}
    }
    let signed = name.starts_with("si");
    match element.bit_width() / 8 {
        1 => Some(0),
        2 => Some(1),
        4 => Some(if signed { 3 } else { 2 }),
        8 => Some(if signed { 5 } else { 4 }),
        _ => None,
    }
}

/// What Triton's launcher needs to encode the `CUtensorMap` of a host-side
/// tensor descriptor (one entry of Triton's `tensordesc_meta`, from
/// `getTensorDescMetadata`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostDescriptorMeta {
    /// `CUtensorMapSwizzle`: 0 none, 1 32B, 2 64B, 3 128B.
    pub swizzle: i64,
    /// Bytes per element.
    pub elem_size: i64,
    /// Triton's device-side TMA element-type enum (the launcher maps it to
    /// `CUtensorMapDataType`).
    pub elem_type: i64,
    /// The TMA box, outermost dimension first.
    pub block_size: Vec<i64>,
}

impl HostDescriptorMeta {
    /// The entry as Triton's compile metadata writes it (JSON).
    pub fn to_json(&self) -> String {
        let block: Vec<String> = self.block_size.iter().map(|d| d.to_string()).collect();
        format!(
            "{{\"swizzle\": {}, \"elem_size\": {}, \"elem_type\": {}, \"block_size\": [{}], \"fp4_padded\": false, \"is_im2col\": false}}",
            self.swizzle,
            self.elem_size,
            self.elem_type,
            block.join(", ")
        )
    }
}

/// The TMA facts of a host-side descriptor of type `ty` (a kernel argument
/// of type `!tt.tensordesc<..., #ttg.nvmma_shared<...>>`).
pub fn host_descriptor_meta(ty: Ty) -> Result<HostDescriptorMeta, String> {
    let (block, element) = tensordesc_block(ty).ok_or_else(|| format!("expected a !tt.tensordesc, got {ty}"))?;
    let encoding = descriptor_encoding(ty).ok_or_else(|| {
        format!("host-side tensor descriptor {ty} has no shared encoding (run triton-nvidia-optimize-descriptor-encoding first)")
    })?;
    let nvmma = nvmma_of(encoding).ok_or_else(|| {
        format!("host-side TMA descriptors need a #ttg.nvmma_shared encoding without fp4 padding, got {encoding}")
    })?;
    let elem_type = tma_element_type(element)
        .filter(|_| element.bit_width() % 8 == 0)
        .ok_or_else(|| format!("tensor descriptor element type must have size 1, 2, 4 or 8 bytes, got {element}"))?;
    let swizzle = match nvmma.swizzle {
        0 => 0,
        32 => 1,
        64 => 2,
        128 => 3,
        other => return Err(format!("no TMA swizzle mode for a {other}-byte swizzle")),
    };
    Ok(HostDescriptorMeta {
        swizzle,
        elem_size: element.bit_width() as i64 / 8,
        elem_type,
        block_size: tma_block_shape(&block, &nvmma)?,
    })
}

/// The checks that make the patterns infallible.
fn check(op: Op) -> Result<(), String> {
    match op.name() {
        "tt.descriptor_gather" | "tt.descriptor_scatter" => {
            Err(format!("'{}' needs TMA gather4/scatter4 (sm100), which this lowering does not implement", op.name()))
        }
        "tt.descriptor_load" | "tt.descriptor_store" | "tt.descriptor_reduce" => {
            let desc = op.operand(0);
            let encoding = descriptor_encoding(desc.ty())
                .ok_or("the tensor descriptor has no shared encoding (run triton-nvidia-optimize-descriptor-encoding first)")?;
            if !matches!(decoded(encoding), Some(Encoding::NvmmaShared { .. }) | Some(Encoding::SwizzledShared { .. })) {
                return Err(format!("unsupported tensor descriptor encoding {encoding}"));
            }
            let block = if op.name() == "tt.descriptor_load" { op.result(0) } else { op.operand(1) };
            let (shape, element) = (block.ty().shape_or_scalar(), block.ty().element());
            if shared_memdesc(op.context(), &shape, element, encoding, true).is_none() {
                return Err(format!(
                    "a {} block of {element} cannot live in shared memory with the descriptor's encoding {encoding}",
                    shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x")
                ));
            }
            Ok(())
        }
        "tt.make_tensor_descriptor" => {
            let ty = op.result(0).ty();
            let encoding = descriptor_encoding(ty)
                .ok_or("the tensor descriptor has no shared encoding (run triton-nvidia-optimize-descriptor-encoding first)")?;
            let nvmma = nvmma_of(encoding)
                .ok_or_else(|| format!("device-side TMA descriptors need a #ttg.nvmma_shared encoding without fp4 padding, got {encoding}"))?;
            let (block, element) = tensordesc_block(ty).ok_or("expected a !tt.tensordesc result")?;
            tma_block_shape(&block, &nvmma)?;
            if tma_element_type(element).is_none() || element.bit_width() % 8 != 0 {
                return Err(format!("tensor descriptor element type must have size 1, 2, 4 or 8 bytes, got {element}"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------
// Building
// ---------------------------------------------------------------------------

/// Builds ops just before the op being rewritten, at its location.
struct Builder<'a> {
    rw: &'a Rewriter,
    at: Op,
    context: MlirContext,
}

impl<'a> Builder<'a> {
    fn new(rw: &'a Rewriter, at: Op) -> Self {
        Builder { rw, at, context: at.context() }
    }
    fn create(&self, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, Attr)]) -> Op {
        let attrs: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        self.rw.create(self.at, name, operands, results, &attrs)
    }
    fn int_attr(&self, width: u32, value: i64) -> Attr {
        Attr::integer(Ty::int(self.context, width), value)
    }
    fn bool_attr(&self, value: bool) -> Attr {
        Attr(unsafe { mlirBoolAttrGet(self.context, value as i32) })
    }
    fn segments(&self, sizes: &[i32]) -> Attr {
        Attr(unsafe { mlirDenseI32ArrayGet(self.context, sizes.len() as isize, sizes.as_ptr()) })
    }
    fn constant(&self, width: u32, value: i64) -> Val {
        let ty = Ty::int(self.context, width);
        self.create("arith.constant", &[], &[ty], &[("value", Attr::integer(ty, value))]).result(0)
    }
    fn memdesc(&self, shape: &[i64], element: Ty, encoding: Attr, mutable: bool) -> Option<Ty> {
        shared_memdesc(self.context, shape, element, encoding, mutable)
    }
}

/// `!ttg.memdesc<shape x element, encoding, #ttg.shared_memory[, mutable]>`.
fn shared_memdesc(context: MlirContext, shape: &[i64], element: Ty, encoding: Attr, mutable: bool) -> Option<Ty> {
    let m = MemDesc {
        shape: shape.to_vec(),
        element,
        encoding,
        memory_space: parse_attr(context, "#ttg.shared_memory")?,
        mutable,
        alloc_shape: shape.to_vec(),
    };
    bridge::build_memdesc(context, &m)
}

fn product(shape: &[i64]) -> i64 {
    shape.iter().product()
}

/// The `ttg` memdesc views, whose result mutability follows their source.
fn is_memdesc_view(op: Op) -> bool {
    matches!(
        op.name(),
        "ttg.memdesc_index" | "ttg.memdesc_subslice" | "ttg.memdesc_trans" | "ttg.memdesc_reshape" | "ttg.memdesc_reinterpret"
    )
}

/// Makes the views of `value` (now a mutable buffer) mutable too, and the
/// results of the `warp_group_dot_wait`s it passes through (Triton's
/// `replaceUsesAndPropagateType`).
fn propagate_mutable(rw: &Rewriter, value: Val) {
    for user in value.users() {
        if user.name() == "ttng.warp_group_dot_wait" {
            // Result i of a wait is its operand i.
            for (i, operand) in user.operands().into_iter().enumerate() {
                if !operand.same(value) || i >= user.num_results() {
                    continue;
                }
                let result = user.result(i);
                if result.ty() != value.ty() {
                    let ty = value.ty();
                    rw.modify_in_place(user, || result.set_type(ty));
                    propagate_mutable(rw, result);
                }
            }
            continue;
        }
        if !is_memdesc_view(user) {
            continue;
        }
        let result = user.result(0);
        let Some(mut m) = bridge::memdesc_of(result.ty()) else { continue };
        // A transposition of a buffer whose encoding changed (an equivalent
        // layout) takes the encoding inferred from the new one, as Triton
        // re-creates it.
        if user.name() == "ttg.memdesc_trans" {
            let order = user.attr("order").and_then(|a| a.i32_array()).unwrap_or_default();
            let inferred = bridge::memdesc_of(value.ty()).and_then(|src| {
                let enc = bridge::encoding_of(src.encoding)?.ok()?;
                let trans = infer::infer_trans(&enc, &src.shape, &order).ok()?;
                bridge::build(result.ty().context(), &trans)
            });
            if let Some(encoding) = inferred.filter(|e| unsafe { !mlirAttributeEqual(e.0, m.encoding.0) }) {
                m.encoding = encoding;
                m.mutable = bridge::memdesc_of(value.ty()).is_some_and(|s| s.mutable);
                if let Some(ty) = bridge::build_memdesc(result.ty().context(), &m) {
                    rw.modify_in_place(user, || result.set_type(ty));
                    propagate_mutable(rw, result);
                }
                continue;
            }
        }
        if m.mutable {
            continue;
        }
        m.mutable = true;
        if let Some(ty) = bridge::build_memdesc(result.ty().context(), &m) {
            rw.modify_in_place(user, || result.set_type(ty));
            propagate_mutable(rw, result);
        }
    }
}

/// Replaces the uses of the loaded value `old` by the buffer `alloc` holds:
/// a `ttg.local_alloc` of it with the same encoding becomes `alloc` itself,
/// every other use reads a `ttg.local_load` (Triton's `replaceUsesWithLocalLoad`).
fn replace_uses_with_local_load(b: &Builder, old: Val, alloc: Val) {
    let alloc_encoding = bridge::memdesc_of(alloc.ty()).map(|m| m.encoding);
    let mut erased = Vec::new();
    for user in old.users() {
        if user.name() != "ttg.local_alloc" || erased.iter().any(|e: &Op| e.same(user)) {
            continue;
        }
        // The same encoding, or one giving the same layout for this shape.
        let same = bridge::memdesc_of(user.result(0).ty()).zip(alloc_encoding).is_some_and(|(m, e)| {
            let equal = unsafe { mlirAttributeEqual(m.encoding.0, e.0) };
            equal
                || matches!(
                    (bridge::encoding_of(m.encoding), bridge::encoding_of(e)),
                    (Some(Ok(a)), Some(Ok(b))) if infer::layouts_equivalent(&m.shape, &a, &b).unwrap_or(false)
                )
        });
        if same {
            b.rw.replace_all_uses(user.result(0), alloc);
            propagate_mutable(b.rw, alloc);
            erased.push(user);
        }
    }
    let remaining = old.uses().into_iter().filter(|(o, _)| !erased.iter().any(|e| e.same(*o))).count();
    if remaining > 0 {
        let load = b.create("ttg.local_load", &[alloc], &[old.ty()], &[]).result(0);
        b.rw.replace_all_uses(old, load);
    }
    for alloc_op in erased {
        b.rw.erase(alloc_op);
    }
}

/// `tt.descriptor_load`.
struct LoadLowering;

impl RewritePattern for LoadLowering {
    fn name(&self) -> &'static str {
        "tt.descriptor_load.tma"
    }
    fn root(&self) -> &'static str {
        "tt.descriptor_load"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let desc = op.operand(0);
        let Some(encoding) = descriptor_encoding(desc.ty()) else { return false };
        let result = op.result(0);
        let (shape, element) = (result.ty().shape_or_scalar(), result.ty().element());
        let b = Builder::new(rw, op);
        let Some(buffer_ty) = b.memdesc(&shape, element, encoding, true) else { return false };
        let Some(barrier_encoding) = parse_attr(b.context, "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>")
        else {
            return false;
        };
        let Some(barrier_ty) = b.memdesc(&[1], Ty::int(b.context, 64), barrier_encoding, true) else { return false };
        let indices: Vec<Val> = op.operands().into_iter().skip(1).collect();

        let buffer = b.create("ttg.local_alloc", &[], &[buffer_ty], &[]).result(0);
        let barrier = b.create("ttg.local_alloc", &[], &[barrier_ty], &[]).result(0);
        b.create("ttng.init_barrier", &[barrier], &[], &[("count", b.int_attr(32, 1))]);
        let bytes = product(&shape) * element.bit_width() as i64 / 8;
        let expect_pred = b.constant(1, 1);
        b.create("ttng.barrier_expect", &[barrier, expect_pred], &[], &[("size", b.int_attr(32, bytes))]);
        let pred = b.constant(1, 1);
        let mut operands = vec![desc];
        operands.extend(&indices);
        operands.extend([barrier, buffer, pred]);
        let mut attrs = vec![("operandSegmentSizes", b.segments(&[1, indices.len() as i32, 0, 1, 1, 1]))];
        if let Some(policy) = op.attr("cachePolicy") {
            attrs.push(("cachePolicy", policy));
        }
        b.create("ttng.async_tma_copy_global_to_local", &operands, &[], &attrs);
        let phase = b.constant(32, 0);
        b.create("ttng.wait_barrier", &[barrier, phase], &[], &[("operandSegmentSizes", b.segments(&[1, 1, 0, 0]))]);
        b.create("ttng.inval_barrier", &[barrier], &[], &[]);
        replace_uses_with_local_load(&b, result, buffer);
        rw.erase(op);
        true
    }
}

/// `tt.descriptor_store` and `tt.descriptor_reduce`.
struct StoreLowering;

impl RewritePattern for StoreLowering {
    fn name(&self) -> &'static str {
        "tt.descriptor_store.tma"
    }
    fn root(&self) -> &'static str {
        ""
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let reduce = match op.name() {
            "tt.descriptor_store" => false,
            "tt.descriptor_reduce" => true,
            _ => return false,
        };
        let (desc, src) = (op.operand(0), op.operand(1));
        let Some(encoding) = descriptor_encoding(desc.ty()) else { return false };
        let b = Builder::new(rw, op);
        let (shape, element) = (src.ty().shape_or_scalar(), src.ty().element());
        let Some(buffer_ty) = b.memdesc(&shape, element, encoding, false) else { return false };
        let indices: Vec<Val> = op.operands().into_iter().skip(2).collect();
        let buffer = b.create("ttg.local_alloc", &[src], &[buffer_ty], &[]).result(0);
        b.create("ttng.fence_async_shared", &[], &[], &[("bCluster", b.bool_attr(false))]);
        let mut operands = vec![desc];
        operands.extend(&indices);
        operands.push(buffer);
        if reduce {
            let Some(kind) = op.attr("kind") else { return false };
            b.create("ttng.async_tma_reduce", &operands, &[], &[("kind", kind)]);
        } else {
            b.create("ttng.async_tma_copy_local_to_global", &operands, &[], &[]);
        }
        b.create("ttng.async_tma_store_wait", &[], &[], &[("pendings", b.int_attr(32, 0))]);
        rw.erase(op);
        true
    }
}

/// `tt.make_tensor_descriptor` (Triton's `createTMADesc`).
struct CreateDescLowering;

impl RewritePattern for CreateDescLowering {
    fn name(&self) -> &'static str {
        "tt.make_tensor_descriptor.tma"
    }
    fn root(&self) -> &'static str {
        "tt.make_tensor_descriptor"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let b = Builder::new(rw, op);
        let Some(i8_ptr) = pointer_to(Ty::int(b.context, 8)) else { return false };
        if fill_plan(op).is_none() {
            return false;
        }
        let scratch = b
            .create(
                "ttg.global_scratch_alloc",
                &[],
                &[i8_ptr],
                &[("nbytes", b.int_attr(32, TMA_SIZE_BYTES)), ("alignment", b.int_attr(32, TMA_ALIGN))],
            )
            .result(0);
        let Some(new_desc) = fill_descriptor(op, scratch, &mut |name, operands, results, attrs| b.create(name, operands, results, attrs))
        else {
            return false;
        };
        rw.replace(op, &[new_desc]);
        true
    }
}

/// What a TMA descriptor of `make` needs: the descriptor's layout, its box,
/// the pointee type and the tensormap's data type (`None`: not a TMA
/// descriptor).
fn fill_plan(make: Op) -> Option<(Nvmma, Vec<i64>, Ty, i64)> {
    let desc_ty = make.result(0).ty();
    let nvmma = nvmma_of(descriptor_encoding(desc_ty)?)?;
    let (block, block_element) = tensordesc_block(desc_ty)?;
    let box_shape = tma_block_shape(&block, &nvmma).ok()?;
    let element = pointee(make.operand(0).ty())?;
    // As Triton's getTMAElementType: the tensormap's data type comes from the
    // descriptor's block (`si32` over an `i32` pointer is INT32, which TMA
    // reductions' min/max read as signed); the element size from the pointer.
    let element_type = tma_element_type(block_element)?;
    Some((nvmma, box_shape, element, element_type))
}

/// Triton's `createTMADesc` into the 128-byte global scratch `scratch`
/// (`!tt.ptr<i8>`): the `ttng.tensormap_create` of the descriptor
/// `make` (a `tt.make_tensor_descriptor`) describes, the proxy fence, and
/// the descriptor read back from `scratch`, which is returned. `emit`
/// creates each op in order; `None` (nothing emitted) when the descriptor's
/// layout cannot be made a TMA descriptor.
pub fn fill_descriptor(
    make: Op,
    scratch: Val,
    emit: &mut dyn FnMut(&str, &[Val], &[Ty], &[(&str, Attr)]) -> Op,
) -> Option<Val> {
    let op = make;
    let context = op.context();
    let desc_ty = op.result(0).ty();
    let (nvmma, box_shape, element, element_type) = fill_plan(op)?;
    let base = op.operand(0);
    let rank = (op.num_operands() - 1) / 2;
    let operands = op.operands();
    let (shape, strides) = (&operands[1..1 + rank], &operands[1 + rank..1 + 2 * rank]);
    let int_attr = |width: u32, value: i64| Attr::integer(Ty::int(context, width), value);
    let mut constant = |width: u32, value: i64| {
        let ty = Ty::int(context, width);
        emit("arith.constant", &[], &[ty], &[("value", Attr::integer(ty, value))]).result(0)
    };
    let mut box_dims = vec![constant(32, box_shape[rank - 1])];
    for k in (0..rank - 1).rev() {
        box_dims.push(constant(32, box_shape[k]));
    }
    let swizzle_mode = match nvmma.swizzle {
        128 => 3,
        64 => 2,
        32 => 1,
        _ => 0,
    };
    let element_size = constant(64, element.bit_width() as i64 / 8);
    let global_dims: Vec<Val> = shape.iter().rev().copied().collect();
    let one = constant(32, 1);
    let element_strides = vec![one; rank];
    let global_strides: Vec<Val> =
        (0..rank - 1).rev().map(|k| emit("arith.muli", &[strides[k], element_size], &[strides[k].ty()], &[]).result(0)).collect();
    let fill_mode = i64::from(op.attr("padding").is_some_and(|p| p.int() == Some(2) || p.to_string().contains("nan")));
    let mut create_operands = vec![scratch, base];
    create_operands.extend(&box_dims);
    create_operands.extend(&global_dims);
    create_operands.extend(&global_strides);
    create_operands.extend(&element_strides);
    let r = rank as i32;
    let segments = Attr(unsafe { mlirDenseI32ArrayGet(context, 6, [1, 1, r, r, r - 1, r].as_ptr()) });
    emit(
        "ttng.tensormap_create",
        &create_operands,
        &[],
        &[
            ("operandSegmentSizes", segments),
            ("elem_type", int_attr(32, element_type)),
            ("interleave_layout", int_attr(32, 0)),
            ("swizzle_mode", int_attr(32, swizzle_mode)),
            ("fill_mode", int_attr(32, fill_mode)),
        ],
    );
    emit("ttng.tensormap_fenceproxy_acquire", &[scratch], &[], &[]);
    Some(emit("ttng.reinterpret_tensor_descriptor", &[scratch], &[desc_ty], &[]).result(0))
}
