//! The `ttg` attributes and types as seen from Rust.
//!
//! The encodings are C++ attributes generated from ODS. When the dialect
//! loads, the C++ side hands Rust a few hooks ([`TtgHooks`]) that translate
//! any encoding to and from a flat [`EncodingDesc`] (mirroring
//! `TritiumEncodingDesc` in `include/tritium/RustBridge.h`), and a
//! `!ttg.memdesc` to and from a [`MemDescDesc`]. This module turns those
//! descriptions into the [`Encoding`] model and back.
use super::encoding::{Cga, Encoding};
use super::linear_layout::LinearLayout;
use crate::ir::{str_of, Attr, Ty};
use mlir_sys::*;
use std::sync::OnceLock;

/// A borrowed array of unsigned parameters (`TritiumU32Array`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct U32Array {
    pub data: *const u32,
    pub size: isize,
}

/// The most in-dimensions a linear-layout parameter may have.
pub const MAX_IN_DIMS: usize = 8;

/// `TritiumEncodingDesc`: see the table in `RustBridge.h` for which slot
/// holds which parameter of which kind.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct EncodingDesc {
    pub kind: i32,
    pub scalars: [u32; 6],
    pub arrays: [U32Array; 4],
    pub cga: *const i32,
    pub cga_size: isize,
    pub in_dims: [MlirStringRef; MAX_IN_DIMS],
    pub num_in_dims: isize,
    pub bases_per_dim: *const u32,
    pub bases: *const i32,
    pub bases_size: isize,
    pub out_rank: u32,
    pub parent: MlirAttribute,
}

/// `TritiumMemDescDesc`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct MemDescDesc {
    pub shape: *const i64,
    pub rank: isize,
    pub element_type: MlirType,
    pub encoding: MlirAttribute,
    pub memory_space: MlirAttribute,
    pub mutable_memory: bool,
    pub alloc_shape: *const i64,
    pub alloc_rank: isize,
}

/// `TritiumTTGHooks`: what the generated C++ provides.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct TtgHooks {
    pub memdesc_type_id: MlirTypeID,
    pub async_token_type_id: MlirTypeID,
    pub describe_encoding: unsafe extern "C" fn(MlirAttribute, *mut EncodingDesc) -> bool,
    pub build_encoding: unsafe extern "C" fn(MlirContext, *const EncodingDesc) -> MlirAttribute,
    pub describe_memdesc: unsafe extern "C" fn(MlirType, *mut MemDescDesc) -> bool,
    pub build_memdesc: unsafe extern "C" fn(MlirContext, *const MemDescDesc) -> MlirType,
}

struct Hooks(TtgHooks);
// SAFETY: TypeIDs are process-wide constants; the functions only read or
// unique immutable attributes and types, which MLIR allows from any thread.
unsafe impl Send for Hooks {}
unsafe impl Sync for Hooks {}

static HOOKS: OnceLock<Hooks> = OnceLock::new();

/// Installs the hooks (the first registration wins; later ones are identical).
pub fn install(hooks: TtgHooks) {
    let _ = HOOKS.set(Hooks(hooks));
}

fn hooks() -> Option<&'static TtgHooks> {
    HOOKS.get().map(|h| &h.0)
}

// The kinds, as numbered in `TritiumEncodingKind`.
const BLOCKED: i32 = 1;
const SLICE: i32 = 2;
const DOT_OPERAND: i32 = 3;
const NVIDIA_MMA: i32 = 4;
const AMD_MFMA: i32 = 5;
const AMD_WMMA: i32 = 6;
const LINEAR: i32 = 7;
const GENERIC_LINEAR: i32 = 8;
const SWIZZLED_SHARED: i32 = 9;
const AMD_ROTATING_SHARED: i32 = 10;
const NVMMA_SHARED: i32 = 11;
const PADDED_SHARED: i32 = 12;
const PARTITIONED_SHARED: i32 = 13;
const SHARED_LINEAR: i32 = 14;
const SHARED_MEMORY: i32 = 15;

/// Nesting deeper than this (slices of slices of ...) is rejected rather than
/// risking the stack.
const MAX_NESTING: usize = 32;

fn slice_of<T: Copy>(data: *const T, size: isize) -> Vec<T> {
    if data.is_null() || size <= 0 {
        return Vec::new();
    }
    // SAFETY: the C++ side passes a pointer to `size` initialised elements.
    unsafe { std::slice::from_raw_parts(data, size as usize) }.to_vec()
}

fn cga_of(desc: &EncodingDesc, rank: usize) -> Result<Cga, String> {
    let flat = slice_of(desc.cga, desc.cga_size);
    if flat.is_empty() {
        return Ok(Cga::default());
    }
    if rank == 0 || flat.len() % rank != 0 {
        return Err(format!("CGALayout has {} entries, not a multiple of the rank {rank}", flat.len()));
    }
    Ok(Cga { bases: flat.chunks(rank).map(<[i32]>::to_vec).collect() })
}

fn linear_of(desc: &EncodingDesc) -> Result<LinearLayout, String> {
    if desc.num_in_dims < 0 || desc.num_in_dims as usize > MAX_IN_DIMS {
        return Err("the input dimensions of a linear layout must be named by strings".into());
    }
    let counts = slice_of(desc.bases_per_dim, desc.num_in_dims);
    let flat = slice_of(desc.bases, desc.bases_size);
    let rank = desc.out_rank as usize;
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    if total.checked_mul(rank) != Some(flat.len()) {
        return Err(format!("a linear layout with {total} bases of rank {rank} needs {} values", total * rank));
    }
    let mut bases = Vec::with_capacity(counts.len());
    let mut next = 0;
    for (i, &count) in counts.iter().enumerate() {
        // SAFETY: C++ fills the first `num_in_dims` names from StringAttrs.
        let name = unsafe { str_of(desc.in_dims[i]) }.to_string();
        let vectors = (0..count as usize)
            .map(|_| {
                let v = flat[next..next + rank].to_vec();
                next += rank;
                v
            })
            .collect();
        bases.push((name, vectors));
    }
    let out_names = (0..rank).map(|d| format!("dim{d}")).collect();
    LinearLayout::with_inferred_out_dims(bases, out_names).map_err(|e| e.to_string())
}

fn parent_of(desc: &EncodingDesc, what: &str, depth: usize) -> Result<Box<Encoding>, String> {
    let parent = Attr(desc.parent);
    if parent.is_null() {
        return Err(format!("{what} requires a parent layout"));
    }
    match decode_attr(parent, depth + 1) {
        Some(result) => result.map(Box::new),
        None => Err(format!("{what}: the parent {parent} is not a ttg encoding")),
    }
}

/// The [`Encoding`] a description denotes.
pub fn decode(desc: &EncodingDesc) -> Result<Encoding, String> {
    decode_at(desc, 0)
}

fn decode_at(desc: &EncodingDesc, depth: usize) -> Result<Encoding, String> {
    if depth > MAX_NESTING {
        return Err(format!("encodings nested more than {MAX_NESTING} deep"));
    }
    let s = desc.scalars;
    let array = |i: usize| slice_of(desc.arrays[i].data, desc.arrays[i].size);
    Ok(match desc.kind {
        BLOCKED => {
            let order = array(3);
            let size_per_thread = array(0);
            let cga = cga_of(desc, size_per_thread.len())?;
            Encoding::Blocked {
                size_per_thread,
                threads_per_warp: array(1),
                warps_per_cta: array(2),
                order,
                cga,
            }
        }
        SLICE => Encoding::Slice { dim: s[0], parent: parent_of(desc, "#ttg.slice", depth)? },
        DOT_OPERAND => {
            Encoding::DotOperand { op_idx: s[0], parent: parent_of(desc, "#ttg.dot_op", depth)?, k_width: s[1] }
        }
        NVIDIA_MMA => {
            let warps_per_cta = array(0);
            let cga = cga_of(desc, warps_per_cta.len())?;
            Encoding::NvidiaMma { version_major: s[0], version_minor: s[1], warps_per_cta, cga, instr_shape: array(1) }
        }
        AMD_MFMA => {
            let warps_per_cta = array(0);
            let cga = cga_of(desc, warps_per_cta.len())?;
            Encoding::AmdMfma {
                version: s[0],
                warps_per_cta,
                instr_shape: array(1),
                is_transposed: s[1] != 0,
                cga,
                tiles_per_warp: array(2),
                element_bit_width: s[2],
            }
        }
        AMD_WMMA => Encoding::AmdWmma {
            version: s[0],
            cta_layout: linear_of(desc)?,
            is_transposed: s[1] != 0,
            cga: cga_of(desc, desc.out_rank as usize)?,
            instr_shape: array(0),
        },
        LINEAR => Encoding::Linear(linear_of(desc)?),
        GENERIC_LINEAR => Encoding::GenericLinear(linear_of(desc)?),
        SWIZZLED_SHARED | AMD_ROTATING_SHARED => {
            let order = array(0);
            let cga = cga_of(desc, order.len())?;
            if desc.kind == SWIZZLED_SHARED {
                Encoding::SwizzledShared { vec: s[0], per_phase: s[1], max_phase: s[2], order, cga }
            } else {
                Encoding::AmdRotatingShared { vec: s[0], per_phase: s[1], max_phase: s[2], order, cga }
            }
        }
        NVMMA_SHARED => Encoding::NvmmaShared {
            swizzling_byte_width: s[0],
            transposed: s[1] != 0,
            element_bit_width: s[2],
            fp4_padded: s[3] != 0,
            cga: cga_of(desc, s[4] as usize)?,
            rank: s[4],
        },
        PADDED_SHARED => {
            Encoding::PaddedShared { intervals: array(0), paddings: array(1), linear_component: linear_of(desc)? }
        }
        PARTITIONED_SHARED => Encoding::PartitionedShared {
            num_partitions: s[0],
            num_groups: s[1],
            partition_dim: s[2],
            partition_layout: parent_of(desc, "#ttg.partitioned_shared", depth)?,
        },
        SHARED_LINEAR => Encoding::SharedLinear { layout: linear_of(desc)?, alignment: s[0] },
        SHARED_MEMORY => Encoding::SharedMemory,
        other => return Err(format!("unknown encoding kind {other}")),
    })
}

fn decode_attr(attr: Attr, depth: usize) -> Option<Result<Encoding, String>> {
    let h = hooks()?;
    if attr.is_null() {
        return None;
    }
    // SAFETY: EncodingDesc is plain data; the hook fills it completely.
    let mut desc: EncodingDesc = unsafe { std::mem::zeroed() };
    if !unsafe { (h.describe_encoding)(attr.0, &mut desc) } {
        return None;
    }
    Some(decode_at(&desc, depth))
}

/// The encoding `attr` denotes, `None` when it is not a `ttg` encoding.
pub fn encoding_of(attr: Attr) -> Option<Result<Encoding, String>> {
    decode_attr(attr, 0)
}

/// Owned storage behind an [`EncodingDesc`] being built.
#[derive(Default)]
struct DescStorage {
    arrays: [Vec<u32>; 4],
    cga: Vec<i32>,
    names: Vec<String>,
    counts: Vec<u32>,
    bases: Vec<i32>,
}

fn flatten_cga(cga: &Cga) -> Vec<i32> {
    cga.bases.iter().flatten().copied().collect()
}

impl DescStorage {
    fn linear(&mut self, layout: &LinearLayout) -> u32 {
        for (name, vectors) in layout.bases() {
            self.names.push(name.clone());
            self.counts.push(vectors.len() as u32);
            self.bases.extend(vectors.iter().flatten().copied());
        }
        layout.num_out_dims() as u32
    }
}

/// Builds (uniques) the attribute for `encoding` in `context`; `None` when
/// the encoding is invalid or the dialect is not loaded.
pub fn build(context: MlirContext, encoding: &Encoding) -> Option<Attr> {
    build_at(context, encoding, 0)
}

fn build_at(context: MlirContext, encoding: &Encoding, depth: usize) -> Option<Attr> {
    if depth > MAX_NESTING {
        return None;
    }
    let h = hooks()?;
    let mut st = DescStorage::default();
    let kind;
    let mut s = [0u32; 6];
    let mut out_rank = 0;
    let mut parent = Attr(MlirAttribute { ptr: std::ptr::null_mut() });
    match encoding {
        Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } => {
            kind = BLOCKED;
            st.arrays = [size_per_thread.clone(), threads_per_warp.clone(), warps_per_cta.clone(), order.clone()];
            st.cga = flatten_cga(cga);
        }
        Encoding::Slice { dim, parent: p } => {
            kind = SLICE;
            s[0] = *dim;
            parent = build_at(context, p, depth + 1)?;
        }
        Encoding::DotOperand { op_idx, parent: p, k_width } => {
            kind = DOT_OPERAND;
            s[0] = *op_idx;
            s[1] = *k_width;
            parent = build_at(context, p, depth + 1)?;
        }
        Encoding::NvidiaMma { version_major, version_minor, warps_per_cta, cga, instr_shape } => {
            kind = NVIDIA_MMA;
            s[0] = *version_major;
            s[1] = *version_minor;
            st.arrays[0] = warps_per_cta.clone();
            st.arrays[1] = instr_shape.clone();
            st.cga = flatten_cga(cga);
        }
        Encoding::AmdMfma {
            version,
            warps_per_cta,
            instr_shape,
            is_transposed,
            cga,
            tiles_per_warp,
            element_bit_width,
        } => {
            kind = AMD_MFMA;
            s[0] = *version;
            s[1] = u32::from(*is_transposed);
            s[2] = *element_bit_width;
            st.arrays[0] = warps_per_cta.clone();
            st.arrays[1] = instr_shape.clone();
            st.arrays[2] = tiles_per_warp.clone();
            st.cga = flatten_cga(cga);
        }
        Encoding::AmdWmma { version, cta_layout, is_transposed, cga, instr_shape } => {
            kind = AMD_WMMA;
            s[0] = *version;
            s[1] = u32::from(*is_transposed);
            st.arrays[0] = instr_shape.clone();
            st.cga = flatten_cga(cga);
            out_rank = st.linear(cta_layout);
        }
        Encoding::Linear(layout) => {
            kind = LINEAR;
            out_rank = st.linear(layout);
        }
        Encoding::GenericLinear(layout) => {
            kind = GENERIC_LINEAR;
            out_rank = st.linear(layout);
        }
        Encoding::SwizzledShared { vec, per_phase, max_phase, order, cga }
        | Encoding::AmdRotatingShared { vec, per_phase, max_phase, order, cga } => {
            kind = if matches!(encoding, Encoding::SwizzledShared { .. }) { SWIZZLED_SHARED } else { AMD_ROTATING_SHARED };
            s[..3].copy_from_slice(&[*vec, *per_phase, *max_phase]);
            st.arrays[0] = order.clone();
            st.cga = flatten_cga(cga);
        }
        Encoding::NvmmaShared { swizzling_byte_width, transposed, element_bit_width, fp4_padded, cga, rank } => {
            kind = NVMMA_SHARED;
            s[..5].copy_from_slice(&[
                *swizzling_byte_width,
                u32::from(*transposed),
                *element_bit_width,
                u32::from(*fp4_padded),
                *rank,
            ]);
            st.cga = flatten_cga(cga);
        }
        Encoding::PaddedShared { intervals, paddings, linear_component } => {
            kind = PADDED_SHARED;
            st.arrays[0] = intervals.clone();
            st.arrays[1] = paddings.clone();
            out_rank = st.linear(linear_component);
        }
        Encoding::PartitionedShared { num_partitions, num_groups, partition_dim, partition_layout } => {
            kind = PARTITIONED_SHARED;
            s[..3].copy_from_slice(&[*num_partitions, *num_groups, *partition_dim]);
            parent = build_at(context, partition_layout, depth + 1)?;
        }
        Encoding::SharedLinear { layout, alignment } => {
            kind = SHARED_LINEAR;
            s[0] = *alignment;
            out_rank = st.linear(layout);
        }
        Encoding::SharedMemory => kind = SHARED_MEMORY,
    }
    if st.names.len() > MAX_IN_DIMS {
        return None;
    }
    let empty = MlirStringRef { data: std::ptr::null(), length: 0 };
    let mut in_dims = [empty; MAX_IN_DIMS];
    for (slot, name) in in_dims.iter_mut().zip(&st.names) {
        *slot = crate::ir::string_ref(name);
    }
    let u32s = |v: &Vec<u32>| U32Array { data: v.as_ptr(), size: v.len() as isize };
    let desc = EncodingDesc {
        kind,
        scalars: s,
        arrays: [u32s(&st.arrays[0]), u32s(&st.arrays[1]), u32s(&st.arrays[2]), u32s(&st.arrays[3])],
        cga: st.cga.as_ptr(),
        cga_size: st.cga.len() as isize,
        in_dims,
        num_in_dims: st.names.len() as isize,
        bases_per_dim: st.counts.as_ptr(),
        bases: st.bases.as_ptr(),
        bases_size: st.bases.len() as isize,
        out_rank,
        parent: parent.0,
    };
    // SAFETY: every pointer in `desc` points into `st`, alive for the call.
    let attr = Attr(unsafe { (h.build_encoding)(context, &desc) });
    (!attr.is_null()).then_some(attr)
}

/// A `!ttg.memdesc` taken apart.
#[derive(Clone, PartialEq)]
pub struct MemDesc {
    pub shape: Vec<i64>,
    pub element: Ty,
    pub encoding: Attr,
    pub memory_space: Attr,
    pub mutable: bool,
    pub alloc_shape: Vec<i64>,
}

impl MemDesc {
    /// Reads a description (from the type verifier or the hook).
    pub fn from_desc(desc: &MemDescDesc) -> MemDesc {
        MemDesc {
            shape: slice_of(desc.shape, desc.rank),
            element: Ty(desc.element_type),
            encoding: Attr(desc.encoding),
            memory_space: Attr(desc.memory_space),
            mutable: desc.mutable_memory,
            alloc_shape: slice_of(desc.alloc_shape, desc.alloc_rank),
        }
    }
}

/// `ty` taken apart, when it is a `!ttg.memdesc`.
pub fn memdesc_of(ty: Ty) -> Option<MemDesc> {
    let h = hooks()?;
    if ty.is_null() {
        return None;
    }
    // SAFETY: plain data, filled by the hook when it returns true.
    let mut desc: MemDescDesc = unsafe { std::mem::zeroed() };
    unsafe { (h.describe_memdesc)(ty.0, &mut desc) }.then(|| MemDesc::from_desc(&desc))
}

/// Builds a `!ttg.memdesc`; `None` when invalid.
pub fn build_memdesc(context: MlirContext, memdesc: &MemDesc) -> Option<Ty> {
    let h = hooks()?;
    let desc = MemDescDesc {
        shape: memdesc.shape.as_ptr(),
        rank: memdesc.shape.len() as isize,
        element_type: memdesc.element.0,
        encoding: memdesc.encoding.0,
        memory_space: memdesc.memory_space.0,
        mutable_memory: memdesc.mutable,
        alloc_shape: memdesc.alloc_shape.as_ptr(),
        alloc_rank: memdesc.alloc_shape.len() as isize,
    };
    // SAFETY: the pointers point into `memdesc`, alive for the call.
    let ty = Ty(unsafe { (h.build_memdesc)(context, &desc) });
    (!ty.is_null()).then_some(ty)
}

/// Whether `ty` is a `!ttg.memdesc`.
pub fn is_memdesc(ty: Ty) -> bool {
    match hooks() {
        Some(h) if !ty.is_null() => unsafe { mlirTypeIDEqual(mlirTypeGetTypeID(ty.0), h.memdesc_type_id) },
        _ => false,
    }
}

/// Whether `ty` is a `!ttg.async.token`.
pub fn is_async_token(ty: Ty) -> bool {
    match hooks() {
        Some(h) if !ty.is_null() => unsafe { mlirTypeIDEqual(mlirTypeGetTypeID(ty.0), h.async_token_type_id) },
        _ => false,
    }
}
