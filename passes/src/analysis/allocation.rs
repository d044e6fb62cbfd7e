//! Shared-memory allocation (Triton's `Allocation` / `ModuleAllocation`):
//! the scratch size of every op that needs one, the explicit buffers of
//! `ttg.local_alloc`, their liveness, and their offsets.
//!
//! Algorithm, per function (callees first, so a call reserves its callee's
//! whole shared memory as a "virtual" buffer):
//! 1. buffers: a pre-order walk gives each shared `ttg.local_alloc` an
//!    explicit buffer (allocation elements × element bytes, aligned to 16, or
//!    1024 for `#ttg.nvmma_shared`) and each op with a scratch size a scratch
//!    buffer (aligned to 128);
//! 2. aliases: memdesc views, `arith.select`, block arguments and region results alias the
//!    buffers their sources alias (a fixpoint over the function);
//! 3. liveness: ops are numbered in post-order; an explicit buffer lives over
//!    the ops where its value or any alias is live (MLIR's `Liveness`), a
//!    scratch buffer over its own op only;
//! 4. offsets: buffers sorted by decreasing size are first placed greedily
//!    in free slots (the "triples" of the paper *Algorithms for Compile-Time
//!    Memory Optimization*), then a first-fit colouring of the interference
//!    graph (overlapping lifetimes and ranges) bumps conflicting buffers
//!    past each other until no two live buffers overlap.
//!
//! [`attach_allocation_attributes`] then writes what Triton writes:
//! `allocation.offset` (and `allocation.size` for scratch) on ops, and
//! `ttg.shared` on the module.
use std::collections::{HashMap, HashSet};

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, Op, Ty, Val};
pub use tritium_dialects::spec::ScratchTiles;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::{BLOCK, LANE, REGISTER, WARP};

use super::swizzle::{self, CvtKind, LocalMemOpTile, SwizzledSmem};
use super::{element_bitwidth, i32_attr, post_order, successors, tensor_encoding, tensor_layout};

/// Alignment of scratch buffers, in bytes.
pub const SCRATCH_ALIGNMENT: u64 = 128;

/// The target the scratch sizes are computed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScratchTarget {
    /// Triton's generic sizes (`allocate-shared-memory`): conversions use
    /// plain loads and stores.
    Generic,
    /// A backend's sizes where conversions choose among plain shared-memory
    /// loads and stores and the target's warp-wide matrix loads and stores
    /// (Triton's `getSrcDstTiles`; the backend's [`DeviceTraits`]).
    ///
    /// [`DeviceTraits`]: tritium_dialects::spec::DeviceTraits
    Tiled(ScratchTiles),
}

impl ScratchTarget {
    /// The target named by the module's `ttg.target` (see [`ScratchTarget::of_target`]).
    pub fn of_module(op: Op) -> ScratchTarget {
        let target = op.enclosing_module().and_then(|m| m.attr("ttg.target")).map(|a| a.to_string()).unwrap_or_default();
        ScratchTarget::of_target(target.trim_matches('"'))
    }

    /// The target named `target` (a `ttg.target` value): tiled when the
    /// backend serving it names its scratch instructions, else generic.
    pub fn of_target(target: &str) -> ScratchTarget {
        match tritium_dialects::spec::device_traits(target).and_then(|t| t.scratch_tiles) {
            Some(tiles) => ScratchTarget::Tiled(tiles),
            None => ScratchTarget::Generic,
        }
    }
}

// --------------------------------------------------------------------------
// Scratch sizes.
// --------------------------------------------------------------------------

/// How a `ttg.convert_layout` uses its scratch: the shared layout and, for
/// a tiled target, the indices of the chosen store/load instructions in
/// [`swizzle::src_dst_tiles`].
#[derive(Clone, Debug)]
pub struct CvtScratch {
    /// The scratch layout (`vector, bank, segment, block, reps -> dims`).
    pub smem: SwizzledSmem,
    /// The (store, load) instruction pair chosen.
    pub instructions: (usize, usize),
    /// The scratch size in elements (one round).
    pub elements: u64,
    /// The element width in bits.
    pub bitwidth: u32,
}

/// The number of CTAs holding distinct data of a layout (2^non-zero block bases).
fn num_blocks(ll: &LinearLayout) -> u64 {
    let nonzero = ll
        .bases()
        .iter()
        .find(|(n, _)| n == BLOCK)
        .map(|(_, v)| v.iter().filter(|b| b.iter().any(|&x| x != 0)).count())
        .unwrap_or(0);
    1u64 << nonzero
}

/// How a conversion between these two tensor types moves data.
pub fn cvt_kind(src: Ty, dst: Ty) -> Option<CvtKind> {
    Some(swizzle::classify_cvt(&tensor_layout(src)?, &tensor_layout(dst)?))
}

/// The scratch of a `ttg.convert_layout` from `src` to `dst` (tensor types),
/// `None` when it needs no shared memory (or the types carry no layout).
pub fn convert_layout_scratch(src: Ty, dst: Ty, target: ScratchTarget) -> Option<CvtScratch> {
    let (src_ll, dst_ll) = (tensor_layout(src)?, tensor_layout(dst)?);
    convert_layout_scratch_ll(&src_ll, &dst_ll, element_bitwidth(src), target)
}

/// [`convert_layout_scratch`] on the two layouts, for elements of `bitwidth` bits.
pub fn convert_layout_scratch_ll(src_ll: &LinearLayout, dst_ll: &LinearLayout, bitwidth: u32, target: ScratchTarget) -> Option<CvtScratch> {
    let (src_ll, dst_ll) = (src_ll.clone(), dst_ll.clone());
    if swizzle::classify_cvt(&src_ll, &dst_ll) != CvtKind::SharedMemory {
        return None;
    }
    let src_ll = src_ll.without_zero_bases(Some(REGISTER));
    let dst_ll = dst_ll.without_zero_bases(Some(REGISTER));
    let (smem, instructions) = match target {
        ScratchTarget::Tiled(tiles) => {
            let cross_cta = !dst_ll.invert_and_compose(&src_ll).map(|c| swizzle::is_trivial_over(&c, BLOCK)).unwrap_or(true);
            let (src_tiles, dst_tiles) = swizzle::src_dst_tiles(tiles, bitwidth, cross_cta);
            swizzle::optimal_swizzling_tiles(&src_ll, &dst_ll, &src_tiles, &dst_tiles, bitwidth).ok()?
        }
        ScratchTarget::Generic => {
            let plain = LocalMemOpTile::default();
            (swizzle::optimal_swizzling_ldst(&src_ll, &dst_ll, bitwidth, 32, &plain, &plain).ok()?, (0, 0))
        }
    };
    let elements = smem.total_elements() / (smem.num_reps() * num_blocks(&src_ll));
    Some(CvtScratch { smem, instructions, elements, bitwidth })
}

/// Triton's `getNumScratchElemsSwizzledCvt` on two linear layouts with plain
/// loads and stores (what reductions use for each round).
fn scratch_elems_ldst(src: &LinearLayout, dst: &LinearLayout, bitwidth: u32) -> Option<u64> {
    let src = src.without_zero_bases(Some(REGISTER));
    let dst = dst.without_zero_bases(Some(REGISTER));
    let plain = LocalMemOpTile::default();
    let smem = swizzle::optimal_swizzling_ldst(&src, &dst, bitwidth, 32, &plain, &plain).ok()?;
    Some(smem.total_elements() / (smem.num_reps() * num_blocks(&src)))
}

/// Rebuilds a layout from bases, output sizes inferred.
fn with_bases(bases: Vec<(String, Vec<Vec<i32>>)>, ll: &LinearLayout) -> Option<LinearLayout> {
    let names = ll.get_out_dim_names().into_iter().map(String::from).collect();
    LinearLayout::with_inferred_out_dims(bases, names).ok()
}

/// Zeroes component `axis` of the bases of input `dim`, then renumbers the
/// remaining bases along `axis` (all inputs, in order) as 1, 2, 4, …
fn zero_along_and_reorder(ll: &LinearLayout, axis: usize, dim: &str) -> Option<LinearLayout> {
    let mut bases = ll.bases().to_vec();
    for (name, vectors) in bases.iter_mut() {
        if name == dim {
            for v in vectors.iter_mut() {
                v[axis] = 0;
            }
        }
    }
    let mut next = 1i32;
    for (_, vectors) in bases.iter_mut() {
        for v in vectors.iter_mut() {
            if v[axis] != 0 {
                v[axis] = next;
                next = next.saturating_mul(2);
            }
        }
    }
    with_bases(bases, ll)
}

/// The register layout of a reduction after each thread reduced its own
/// elements and its lanes (Triton's `reducedRegLaneLayout`).
fn reduced_reg_lane_layout(ll: &LinearLayout, axis: usize) -> Option<LinearLayout> {
    let ll = ll.without_zero_bases(Some(REGISTER));
    // Register bases along the axis first.
    let mut bases = ll.bases().to_vec();
    for (name, vectors) in bases.iter_mut() {
        if name == REGISTER {
            let (mut front, back): (Vec<_>, Vec<_>) = vectors.drain(..).partition(|v| v[axis] != 0);
            front.extend(back);
            *vectors = front;
        }
    }
    let ll = with_bases(bases, &ll)?;
    let ll = zero_along_and_reorder(&ll, axis, REGISTER)?;
    let ll = ll.without_zero_bases(Some(REGISTER));
    zero_along_and_reorder(&ll, axis, LANE)
}

/// The layout of the next inter-warp round of a reduction: the warp (and
/// block) bases along the axis swapped into lanes (Triton's `getInterLayout`).
fn inter_layout(ll: &LinearLayout, axis: usize) -> Option<LinearLayout> {
    let mut bases = ll.bases().to_vec();
    let index = |name: &str| bases.iter().position(|(n, _)| n == name);
    let (lane, warp, block) = (index(LANE)?, index(WARP)?, index(BLOCK));
    let along = |v: &Vec<Vec<i32>>| v.iter().enumerate().filter(|(_, b)| b[axis] != 0).map(|(i, _)| i).collect::<Vec<_>>();
    let warp_axis = along(&bases[warp].1);
    let block_axis = block.map(|b| along(&bases[b].1)).unwrap_or_default();
    let zero_lanes: Vec<usize> =
        bases[lane].1.iter().enumerate().filter(|(_, b)| b.iter().all(|&x| x == 0)).map(|(i, _)| i).collect();
    let n_lanes = bases[lane].1.len();
    let total = warp_axis.len() + block_axis.len();
    let swap = |bases: &mut Vec<(String, Vec<Vec<i32>>)>, li: usize, other: usize, oi: usize| {
        let a = bases[lane].1[li].clone();
        let b = std::mem::replace(&mut bases[other].1[oi], a);
        bases[lane].1[li] = b;
    };
    if zero_lanes.len() >= total {
        let mut k = 0;
        for &i in &warp_axis {
            swap(&mut bases, zero_lanes[k], warp, i);
            k += 1;
        }
        if let Some(b) = block {
            for &i in &block_axis {
                swap(&mut bases, zero_lanes[k], b, i);
                k += 1;
            }
        }
    } else if total <= n_lanes {
        let mut k = 0;
        for &i in &warp_axis {
            swap(&mut bases, k, warp, i);
            k += 1;
        }
        if let Some(b) = block {
            for &i in &block_axis {
                swap(&mut bases, k, b, i);
                k += 1;
            }
        }
    } else {
        for (k, &i) in warp_axis.iter().enumerate() {
            if k >= n_lanes {
                break;
            }
            swap(&mut bases, k, warp, i);
        }
    }
    with_bases(bases, ll)
}

/// The scratch bytes of a `tt.reduce` (Triton's
/// `ReduceOpHelper::getScratchSizeInBytes`): the largest round of moving
/// partial results between warps.
pub fn reduce_scratch_bytes(op: Op) -> u64 {
    let Some(axis) = op.attr("axis").and_then(|a| a.int()) else { return 0 };
    let inputs = op.operands();
    let Some(first) = inputs.first() else { return 0 };
    let Some(ll) = tensor_layout(first.ty()) else { return 0 };
    let axis = axis as usize;
    if axis >= ll.num_out_dims() {
        return 0;
    }
    let Some(mut reg) = reduced_reg_lane_layout(&ll, axis) else { return 0 };
    let reduced = |l: &LinearLayout| l.out_dims().get(axis).map(|(_, s)| *s == 1).unwrap_or(true);
    let mut bytes = 0u64;
    for _ in 0..64 {
        if reduced(&reg) {
            break;
        }
        let Some(tmp) = inter_layout(&reg, axis) else { return bytes };
        let mut round = 0u64;
        for input in &inputs {
            let bw = element_bitwidth(input.ty());
            round += scratch_elems_ldst(&reg, &tmp, bw).unwrap_or(0) * (bw as u64 / 8);
        }
        bytes = bytes.max(round);
        match zero_along_and_reorder(&tmp, axis, LANE) {
            Some(next) => reg = next,
            None => break,
        }
    }
    bytes
}

/// The scratch bytes of a `tt.scan` (Triton's `ScanLoweringHelper`): none
/// when one warp holds the whole axis, else one slot per warp and
/// non-axis element.
pub fn scan_scratch_bytes(op: Op) -> u64 {
    let Some(first) = op.operands().first().copied() else { return 0 };
    let Some(axis) = op.attr("axis").and_then(|a| a.int()) else { return 0 };
    let ty = first.ty();
    let Some(Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, .. }) = tensor_encoding(ty) else {
        return 0;
    };
    let Some(shape) = ty.shape() else { return 0 };
    let axis = axis as usize;
    let Some(ll) = tensor_layout(ty).map(|l| l.without_zero_bases(Some(REGISTER))) else { return 0 };
    let warps = tritium_dialects::ttg::to_linear::bases_per_dim(&ll, WARP, true);
    let lanes = tritium_dialects::ttg::to_linear::bases_per_dim(&ll, LANE, true);
    if axis >= shape.len() || warps.get(axis).copied().unwrap_or(1) == 1 {
        return 0;
    }
    let contig: Vec<u64> = size_per_thread.iter().enumerate().map(|(d, &s)| (s as u64).min(shape[d].max(1) as u64)).collect();
    let num_warps: u64 = warps.iter().map(|&w| w as u64).product();
    let lanes_total: u64 = lanes.iter().map(|&l| l as u64).product();
    let non_axis_threads = lanes_total / lanes[axis].max(1) as u64;
    let non_axis_elems: u64 = contig.iter().enumerate().filter(|(d, _)| *d != axis).map(|(_, &c)| c).product();
    let blocks = |d: usize| {
        let per = contig[d] * threads_per_warp[d] as u64 * warps_per_cta[d] as u64;
        (shape[d].max(1) as u64).div_ceil(per.max(1))
    };
    let axis_blocks = blocks(axis);
    let non_axis_blocks: u64 = (0..shape.len()).filter(|&d| d != axis).map(blocks).product();
    let elements = num_warps * non_axis_threads * non_axis_elems * axis_blocks * non_axis_blocks;
    let elem_bytes: u64 = op.operands().iter().map(|v| (v.ty().element().bit_width() as u64).div_ceil(8)).sum();
    elem_bytes * elements
}

/// Whether a `tt.gather` stays within warps (Triton's `isWarpLocal`).
fn gather_is_warp_local(op: Op) -> Option<bool> {
    let axis = op.attr("axis")?.int()? as usize;
    let src = tensor_layout(op.operand(0).ty())?;
    let idx = tensor_layout(op.operand(1).ty())?;
    let gather_dim = format!("dim{axis}");
    let bw = [BLOCK, WARP];
    if !src.sublayout_is_zero(&bw, &[gather_dim.as_str()]).ok()? || !idx.sublayout_is_zero(&bw, &[gather_dim.as_str()]).ok()? {
        return Some(false);
    }
    let others: Vec<String> = (0..src.num_out_dims()).filter(|&d| d != axis).map(|d| format!("dim{d}")).collect();
    if src.sublayout(&bw, &others).ok()? != idx.sublayout(&bw, &others).ok()? {
        return Some(false);
    }
    Some(src.sublayout(&[LANE], &others).ok()? == idx.sublayout(&[LANE], &others).ok()?)
}

/// Triton's default scratch size of `op` in bytes for `target` (0 when it
/// needs none); see [`scratch_size_bytes`].
pub fn scratch_size_bytes_for(op: Op, target: ScratchTarget) -> u64 {
    match op.name() {
        "tt.reduce" => reduce_scratch_bytes(op),
        "tt.scan" => scan_scratch_bytes(op),
        "tt.gather" => {
            if gather_is_warp_local(op).unwrap_or(false) {
                return 0;
            }
            let ty = op.operand(0).ty();
            ty.num_elements().max(0) as u64 * (ty.element().bit_width() as u64).div_ceil(8)
        }
        "tt.histogram" => {
            let ty = op.result(0).ty();
            let n = (ty.num_elements().max(0) as u64).max(super::threads_per_warp(op) as u64);
            n * element_bitwidth(ty) as u64 / 8
        }
        "ttg.convert_layout" => {
            let (src, dst) = (op.operand(0).ty(), op.result(0).ty());
            convert_layout_scratch(src, dst, target).map(|s| s.elements * s.bitwidth as u64 / 8).unwrap_or(0)
        }
        "tt.atomic_rmw" | "tt.atomic_cas" | "ttg.local_atomic_scatter_rmw" => atomic_scratch_bytes(op),
        _ => 0,
    }
}

/// The scratch an atomic needs to broadcast its result to the threads that
/// share it: one element for a scalar, the whole tensor when its layout
/// broadcasts; none when the result is unused.
fn atomic_scratch_bytes(op: Op) -> u64 {
    if op.num_results() == 0 || op.num_operands() == 0 {
        return 0;
    }
    let result = op.result(0);
    if result.users().is_empty() {
        return 0;
    }
    let ty = result.ty();
    let elems: u64 = if ty.is_tensor() {
        match tensor_layout(ty) {
            Some(ll) if ll.get_free_variable_masks().iter().any(|(_, m)| *m != 0) => {
                // Per CTA: the shape divided by the CTA split.
                ty.num_elements().max(0) as u64 / num_blocks(&ll)
            }
            _ => 0,
        }
    } else {
        1
    };
    if elems == 0 {
        return 0;
    }
    let ptr = op.operand(0).ty().element();
    let pointee = tritium_dialects::tt::types::pointee(ptr).unwrap_or(ptr);
    elems * (pointee.element().bit_width().max(8) as u64) / 8
}

/// The scratch size of `op` in bytes as the allocation of the module's
/// target's backend computes it (0 when the op needs none). Ops: reductions,
/// scans, gathers, histograms, layout conversions through shared memory,
/// atomics whose result is used.
pub fn scratch_size_bytes(op: Op) -> u64 {
    scratch_size_bytes_for(op, ScratchTarget::of_module(op))
}

// --------------------------------------------------------------------------
// Buffers.
// --------------------------------------------------------------------------

/// What a buffer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    /// A `ttg.local_alloc`'s memory.
    Explicit,
    /// An op's temporary memory.
    Scratch,
    /// A call's reservation of its callee's shared memory.
    Virtual,
}

/// One shared-memory buffer.
#[derive(Clone, Copy)]
pub struct Buffer {
    /// Its index in [`FunctionAllocation::buffers`].
    pub id: usize,
    /// What it holds.
    pub kind: BufferKind,
    /// The op that owns it (the `ttg.local_alloc`, or the op with scratch).
    pub owner: Op,
    /// Its size in bytes.
    pub size: u64,
    /// Its alignment in bytes.
    pub alignment: u64,
    /// Its offset from the start of shared memory, in bytes.
    pub offset: u64,
}

impl Buffer {
    /// Sets the offset to `offset` rounded up to the alignment; returns it.
    fn set_offset_aligned(&mut self, offset: u64) -> u64 {
        let a = self.alignment.max(1);
        self.offset = offset.div_ceil(a) * a;
        self.offset
    }
}

/// A half-open interval `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    /// First point.
    pub start: u64,
    /// One past the last point.
    pub end: u64,
}

impl Interval {
    /// `[start, end)`.
    pub fn new(start: u64, end: u64) -> Self {
        Interval { start, end }
    }
    /// Whether the two intervals share a point.
    pub fn intersects(&self, other: &Interval) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// The shared memory of one function.
pub struct FunctionAllocation {
    /// The function.
    pub func: Op,
    /// Every buffer, explicit ones first (in pre-order), then scratch and
    /// virtual ones (in pre-order).
    pub buffers: Vec<Buffer>,
    /// The bytes of shared memory the function needs.
    pub shared_memory_size: u64,
    value_buffer: HashMap<usize, usize>,
    /// The buffers of a `#ttg.partitioned_shared` allocation (one per
    /// partition; `value_buffer` holds the first).
    partition_buffers: HashMap<usize, Vec<usize>>,
    op_buffer: HashMap<usize, usize>,
    alias: HashMap<usize, Vec<usize>>,
}

fn vkey(v: Val) -> usize {
    v.0.ptr as usize
}
fn okey(o: Op) -> usize {
    o.0.ptr as usize
}
fn bkey(b: MlirBlock) -> usize {
    b.ptr as usize
}

impl FunctionAllocation {
    /// The scratch or virtual buffer of `op`.
    pub fn op_buffer(&self, op: Op) -> Option<&Buffer> {
        self.op_buffer.get(&okey(op)).map(|&i| &self.buffers[i])
    }
    /// The explicit buffer `value` (a `ttg.local_alloc` result) owns.
    pub fn value_buffer(&self, value: Val) -> Option<&Buffer> {
        self.value_buffer.get(&vkey(value)).map(|&i| &self.buffers[i])
    }
    /// The buffers `value` may refer to: its own, or those it aliases
    /// (Triton's `getBufferIds`).
    pub fn buffer_ids(&self, value: Val) -> Vec<usize> {
        if let Some(ids) = self.partition_buffers.get(&vkey(value)) {
            return ids.clone();
        }
        if let Some(&i) = self.value_buffer.get(&vkey(value)) {
            return vec![i];
        }
        self.alias.get(&vkey(value)).cloned().unwrap_or_default()
    }
    /// Every explicit buffer `value` owns (one per partition of a
    /// `#ttg.partitioned_shared` allocation, else at most one).
    pub fn value_buffers(&self, value: Val) -> Vec<&Buffer> {
        match self.partition_buffers.get(&vkey(value)) {
            Some(ids) => ids.iter().map(|&i| &self.buffers[i]).collect(),
            None => self.value_buffer(value).into_iter().collect(),
        }
    }
    /// The byte range of buffer `id`.
    pub fn interval(&self, id: usize) -> Interval {
        let b = &self.buffers[id];
        Interval::new(b.offset, b.offset + b.size)
    }
}

/// The shared memory of a whole module.
pub struct ModuleAllocation {
    /// Per function, in the order computed (callees first).
    pub functions: Vec<FunctionAllocation>,
    /// The largest need of a function no other function calls (`ttg.shared`).
    pub shared_memory_size: u64,
}

impl ModuleAllocation {
    /// Allocates every function of `module`, with `scratch` giving each op's
    /// scratch size in bytes.
    pub fn run(module: Op, scratch: &dyn Fn(Op) -> u64) -> ModuleAllocation {
        Self::run_partitioned(module, scratch, 0)
    }

    /// [`Self::run`] for a target whose shared memory is split into
    /// physical partitions of `partition_size` bytes (0: not split): the
    /// buffers of one `#ttg.partitioned_shared` allocation are then placed
    /// in different partitions.
    pub fn run_partitioned(module: Op, scratch: &dyn Fn(Op) -> u64, partition_size: u64) -> ModuleAllocation {
        let funcs = super::module_functions(module);
        let by_name: HashMap<String, Op> =
            funcs.iter().filter_map(|&f| super::symbol_name(f).map(|n| (n, f))).collect();
        // Post-order over the call graph.
        let mut order: Vec<Op> = Vec::new();
        let mut state: HashMap<usize, u8> = HashMap::new();
        let mut called: HashSet<usize> = HashSet::new();
        fn visit(f: Op, by_name: &HashMap<String, Op>, state: &mut HashMap<usize, u8>, order: &mut Vec<Op>, called: &mut HashSet<usize>) {
            if state.get(&okey(f)).is_some() {
                return;
            }
            state.insert(okey(f), 1);
            for op in f.nested_ops() {
                if matches!(op.name(), "tt.call" | "func.call") {
                    if let Some(callee) = super::callee_name(op).and_then(|n| by_name.get(&n).copied()) {
                        called.insert(okey(callee));
                        visit(callee, by_name, state, order, called);
                    }
                }
            }
            state.insert(okey(f), 2);
            order.push(f);
        }
        for &f in &funcs {
            visit(f, &by_name, &mut state, &mut order, &mut called);
        }
        let mut functions: Vec<FunctionAllocation> = Vec::new();
        for f in order {
            let sizes: HashMap<usize, u64> = functions.iter().map(|a| (okey(a.func), a.shared_memory_size)).collect();
            let call_size = |call: Op| -> u64 {
                super::callee_name(call).and_then(|n| by_name.get(&n)).and_then(|c| sizes.get(&okey(*c)).copied()).unwrap_or(0)
            };
            functions.push(allocate_function(f, scratch, &call_size, partition_size));
        }
        let shared_memory_size =
            functions.iter().filter(|a| !called.contains(&okey(a.func))).map(|a| a.shared_memory_size).max().unwrap_or(0);
        ModuleAllocation { functions, shared_memory_size }
    }

    /// The allocation of function `func`.
    pub fn function(&self, func: Op) -> Option<&FunctionAllocation> {
        self.functions.iter().find(|a| a.func.same(func))
    }
}

/// Elements of `elems` laid out with `#ttg.padded_shared` paddings: after
/// every `interval` elements but the last, `padding` more.
fn padded_elems(elems: u64, intervals: &[u32], paddings: &[u32]) -> u64 {
    let mut padding = 0u64;
    for (i, p) in intervals.iter().zip(paddings) {
        if *i > 0 && elems > 0 {
            padding += ((elems - 1) / *i as u64) * *p as u64;
        }
    }
    elems + padding
}

/// The bytes a shared `ttg.local_alloc` reserves per buffer, its alignment,
/// and its number of buffers (the partitions of a `#ttg.partitioned_shared`
/// allocation, each holding its groups' pieces; 1 otherwise).
fn explicit_size(op: Op) -> Option<(u64, u64, u64)> {
    let desc = bridge::memdesc_of(op.result(0).ty())?;
    if !desc.memory_space.is_null() {
        if let Some(Ok(space)) = bridge::encoding_of(desc.memory_space) {
            if space != Encoding::SharedMemory {
                return None;
            }
        } else {
            return None; // e.g. tensor memory
        }
    }
    let enc = bridge::encoding_of(desc.encoding).and_then(|e| e.ok());
    // One CTA's share: the dimensions the encoding's CGA layout splits over
    // the CTAs of a cluster (its trailing dimensions) are divided.
    let mut per_cta = desc.alloc_shape.clone();
    if let Some(enc) = &enc {
        let cga = crate::mma_utils::cga_of(enc);
        let rank = cga.bases.first().map_or(0, |b| b.len()).min(per_cta.len());
        let lead = per_cta.len() - rank;
        for (d, n) in crate::mma_utils::cta_split_num(&cga, rank).into_iter().enumerate() {
            per_cta[lead + d] = (per_cta[lead + d] / n.max(1)).max(1);
        }
    }
    let elems: i64 = per_cta.iter().product::<i64>().max(0);
    let mut elems = elems as u64;
    let layout = match &enc {
        Some(Encoding::PartitionedShared { partition_layout, .. }) => Some(partition_layout.as_ref()),
        other => other.as_ref(),
    };
    if let Some(Encoding::PaddedShared { intervals, paddings, .. }) = layout {
        elems = padded_elems(elems, intervals, paddings);
    }
    let elem = desc.element;
    let bits = if elem.is_ptr() { 64 } else { elem.bit_width() as u64 };
    let mut bytes = elems * bits / 8;
    let mut buffers = 1u64;
    if let Some(Encoding::PartitionedShared { num_partitions, num_groups, .. }) = &enc {
        let (partitions, groups) = ((*num_partitions).max(1) as u64, (*num_groups).max(1) as u64);
        bytes = bytes / (partitions * groups) * groups;
        buffers = partitions;
    }
    let default_align = if matches!(enc, Some(Encoding::NvmmaShared { .. })) { 1024 } else { 16 };
    let align = op.attr("alignment").and_then(|a| a.int()).map(|a| a as u64).unwrap_or(default_align);
    Some((bytes, align, buffers))
}

/// Whether `ty` is a `!ttg.memdesc`.
fn is_memdesc(ty: Ty) -> bool {
    bridge::is_memdesc(ty)
}

/// The ops that only view a memdesc (their result aliases operand 0).
fn is_view_op(name: &str) -> bool {
    matches!(
        name,
        "ttg.memdesc_index" | "ttg.memdesc_subslice" | "ttg.memdesc_trans" | "ttg.memdesc_reshape" | "ttg.memdesc_reinterpret"
    )
}

/// The values a terminator passes to successor `index` (branch operands).
pub fn successor_operands(term: Op, index: usize) -> Vec<Val> {
    let operands = term.operands();
    match term.name() {
        "cf.br" => operands,
        "cf.cond_br" => {
            let sizes = term.attr("operandSegmentSizes").and_then(|a| a.i32_array()).unwrap_or_default();
            if sizes.len() != 3 {
                return Vec::new();
            }
            let (t, f) = (sizes[1] as usize, sizes[2] as usize);
            let start = sizes[0] as usize + if index == 0 { 0 } else { t };
            let len = if index == 0 { t } else { f };
            operands.get(start..start + len).map(|s| s.to_vec()).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

/// For each memdesc value of `func`, the explicit buffers it may alias.
fn alias_sets(func: Op, value_buffers: &HashMap<usize, Vec<usize>>) -> HashMap<usize, Vec<usize>> {
    let ops = func.nested_ops();
    let mut alias: HashMap<usize, Vec<usize>> = HashMap::new();
    let join = |alias: &mut HashMap<usize, Vec<usize>>, to: Val, from: &[usize]| -> bool {
        if !is_memdesc(to.ty()) || from.is_empty() {
            return false;
        }
        let set = alias.entry(vkey(to)).or_default();
        let mut changed = false;
        for &b in from {
            if !set.contains(&b) {
                set.push(b);
                changed = true;
            }
        }
        changed
    };
    for (v, ids) in value_buffers {
        alias.insert(*v, ids.clone());
    }
    for _ in 0..64 {
        let mut changed = false;
        let get = |alias: &HashMap<usize, Vec<usize>>, v: Val| alias.get(&vkey(v)).cloned().unwrap_or_default();
        for &op in &ops {
            let name = op.name();
            if is_view_op(name) && op.num_operands() > 0 && op.num_results() > 0 {
                let from = get(&alias, op.operand(0));
                changed |= join(&mut alias, op.result(0), &from);
            }
            for (i, succ) in successors(op).into_iter().enumerate() {
                let args = block_arguments(succ);
                for (arg, val) in args.iter().zip(successor_operands(op, i)) {
                    let from = get(&alias, val);
                    changed |= join(&mut alias, *arg, &from);
                }
            }
            match name {
                // A select of descriptors may be either choice.
                "arith.select" if op.num_operands() == 3 && op.num_results() == 1 => {
                    let mut from = get(&alias, op.operand(1));
                    from.extend(get(&alias, op.operand(2)));
                    changed |= join(&mut alias, op.result(0), &from);
                }
                "scf.for" => {
                    let inits: Vec<Val> = op.operands().into_iter().skip(3).collect();
                    if let Some(body) = op.entry_block(0) {
                        let args = block_arguments(body);
                        let yields = block_terminator(body).map(|t| t.operands()).unwrap_or_default();
                        for (k, init) in inits.iter().enumerate() {
                            let mut from = get(&alias, *init);
                            if let Some(y) = yields.get(k) {
                                from.extend(get(&alias, *y));
                            }
                            if let Some(arg) = args.get(k + 1) {
                                changed |= join(&mut alias, *arg, &from);
                            }
                            if k < op.num_results() {
                                changed |= join(&mut alias, op.result(k), &from);
                            }
                        }
                    }
                }
                // The results are the default region's yielded values.
                "ttg.warp_specialize" => {
                    let yields: Vec<Op> = region_blocks(op.region(0))
                        .into_iter()
                        .filter_map(block_terminator)
                        .filter(|t| t.name() == "ttg.warp_yield")
                        .collect();
                    for k in 0..op.num_results() {
                        let mut from = Vec::new();
                        for y in &yields {
                            if k < y.num_operands() {
                                from.extend(get(&alias, y.operand(k)));
                            }
                        }
                        changed |= join(&mut alias, op.result(k), &from);
                    }
                }
                // The partitions' block arguments are the op's captures.
                "ttg.warp_specialize.partitions" => {
                    for r in 0..op.num_regions() {
                        if let Some(block) = op.entry_block(r) {
                            for (arg, val) in block_arguments(block).into_iter().zip(op.operands()) {
                                let from = get(&alias, val);
                                changed |= join(&mut alias, arg, &from);
                            }
                        }
                    }
                }
                "scf.if" => {
                    for r in 0..op.num_regions() {
                        if let Some(block) = op.entry_block(r) {
                            let yields = block_terminator(block).map(|t| t.operands()).unwrap_or_default();
                            for (k, y) in yields.iter().enumerate() {
                                if k < op.num_results() {
                                    let from = get(&alias, *y);
                                    changed |= join(&mut alias, op.result(k), &from);
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if !changed {
            break;
        }
    }
    alias
}

/// MLIR's `Liveness`, for the blocks of one function.
struct Liveness {
    live_in: HashMap<usize, HashSet<usize>>,
    live_out: HashMap<usize, HashSet<usize>>,
}

impl Liveness {
    fn new(func: Op) -> Liveness {
        let mut blocks: Vec<MlirBlock> = Vec::new();
        fn collect(op: Op, blocks: &mut Vec<MlirBlock>) {
            for r in 0..op.num_regions() {
                for b in region_blocks(op.region(r)) {
                    blocks.push(b);
                    for child in block_ops(b) {
                        collect(child, blocks);
                    }
                }
            }
        }
        collect(func, &mut blocks);
        let mut uses: HashMap<usize, HashSet<usize>> = HashMap::new();
        let mut defs: HashMap<usize, HashSet<usize>> = HashMap::new();
        let mut out0: HashMap<usize, HashSet<usize>> = HashMap::new();
        let mut succs: HashMap<usize, Vec<MlirBlock>> = HashMap::new();
        let mut preds: HashMap<usize, Vec<MlirBlock>> = HashMap::new();
        for &b in &blocks {
            let mut def = HashSet::new();
            let mut used = HashSet::new();
            let mut out = HashSet::new();
            let escapes = |v: Val| v.users().iter().any(|u| ancestor_block_in_region(*u, b).map(|x| bkey(x) != bkey(b)).unwrap_or(false));
            for a in block_arguments(b) {
                def.insert(vkey(a));
                if escapes(a) {
                    out.insert(vkey(a));
                }
            }
            for op in block_ops(b) {
                for o in std::iter::once(op).chain(op.nested_ops()) {
                    for r in o.results() {
                        def.insert(vkey(r));
                        if o.same(op) && escapes(r) {
                            out.insert(vkey(r));
                        }
                    }
                    for v in o.operands() {
                        used.insert(vkey(v));
                    }
                    for r in 0..o.num_regions() {
                        for nb in region_blocks(o.region(r)) {
                            for a in block_arguments(nb) {
                                def.insert(vkey(a));
                            }
                        }
                    }
                }
            }
            let used: HashSet<usize> = used.difference(&def).copied().collect();
            uses.insert(bkey(b), used);
            defs.insert(bkey(b), def);
            out0.insert(bkey(b), out);
            let s = block_terminator(b).map(successors).unwrap_or_default();
            for &t in &s {
                preds.entry(bkey(t)).or_default().push(b);
            }
            succs.insert(bkey(b), s);
        }
        let mut live_in: HashMap<usize, HashSet<usize>> = uses.clone();
        let mut live_out = out0;
        let mut work: Vec<MlirBlock> = blocks.clone();
        while let Some(b) = work.pop() {
            let k = bkey(b);
            let mut out = live_out.get(&k).cloned().unwrap_or_default();
            for s in succs.get(&k).cloned().unwrap_or_default() {
                if let Some(i) = live_in.get(&bkey(s)) {
                    out.extend(i.iter().copied());
                }
            }
            let mut inn: HashSet<usize> = uses[&k].clone();
            for v in &out {
                if !defs[&k].contains(v) {
                    inn.insert(*v);
                }
            }
            live_out.insert(k, out);
            if inn != live_in[&k] {
                live_in.insert(k, inn);
                for p in preds.get(&k).cloned().unwrap_or_default() {
                    work.push(p);
                }
            }
        }
        Liveness { live_in, live_out }
    }

    /// The ops (directly in blocks) where `value` is live (MLIR's
    /// `resolveLiveness`).
    fn resolve(&self, value: Val) -> Vec<Op> {
        let mut result = Vec::new();
        let def_block = match value.defining_op() {
            Some(d) => d.block(),
            None => value.owner_block(),
        };
        let Some(def_block) = def_block else { return result };
        let mut todo = vec![def_block];
        let mut seen: HashSet<usize> = HashSet::from([bkey(def_block)]);
        for u in value.users() {
            if let Some(b) = u.block() {
                if seen.insert(bkey(b)) {
                    todo.push(b);
                }
            }
        }
        let key = vkey(value);
        while let Some(b) = todo.pop() {
            let ops = block_ops(b);
            if ops.is_empty() {
                continue;
            }
            let live_in = self.live_in.get(&bkey(b)).is_some_and(|s| s.contains(&key));
            let live_out = self.live_out.get(&bkey(b)).is_some_and(|s| s.contains(&key));
            let position = |o: Op| ops.iter().position(|x| x.same(o));
            let start = match value.defining_op() {
                Some(d) if !live_in => position(d).unwrap_or(0),
                _ => 0,
            };
            let end = if live_out {
                ops.len() - 1
            } else {
                let mut end = start;
                for u in value.users() {
                    if let Some(p) = ancestor_in_block(u, b).and_then(position) {
                        end = end.max(p);
                    }
                }
                end
            };
            result.extend_from_slice(&ops[start..=end.max(start)]);
            if let Some(t) = block_terminator(b) {
                for s in successors(t) {
                    if self.live_in.get(&bkey(s)).is_some_and(|x| x.contains(&key)) && seen.insert(bkey(s)) {
                        todo.push(s);
                    }
                }
            }
        }
        result
    }
}

/// The ancestor of `op` (or itself) directly in `block`.
fn ancestor_in_block(op: Op, block: MlirBlock) -> Option<Op> {
    let mut current = Some(op);
    while let Some(o) = current {
        if o.block().is_some_and(|b| bkey(b) == bkey(block)) {
            return Some(o);
        }
        current = o.parent();
    }
    None
}

/// The block of `op`'s ancestors that lies in the same region as `block`.
fn ancestor_block_in_region(op: Op, block: MlirBlock) -> Option<MlirBlock> {
    let region = unsafe { mlirBlockGetParentRegion(block) };
    let mut current = Some(op);
    while let Some(o) = current {
        if let Some(b) = o.block() {
            if unsafe { mlirRegionEqual(mlirBlockGetParentRegion(b), region) } {
                return Some(b);
            }
        }
        current = o.parent();
    }
    None
}

/// Allocates one function (steps 1–4 of the module documentation).
fn allocate_function(func: Op, scratch: &dyn Fn(Op) -> u64, call_size: &dyn Fn(Op) -> u64, partition_size: u64) -> FunctionAllocation {
    let mut buffers: Vec<Buffer> = Vec::new();
    let mut value_buffer = HashMap::new();
    let mut partition_buffers: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut op_buffer = HashMap::new();
    let pre: Vec<Op> = std::iter::once(func).chain(func.nested_ops()).collect();
    let mut pending_scratch: Vec<(Op, BufferKind, u64, u64)> = Vec::new();
    for &op in &pre {
        if op.name() == "ttg.local_alloc" && op.num_results() == 1 {
            if let Some((size, alignment, count)) = explicit_size(op) {
                let first = buffers.len();
                for id in first..first + count as usize {
                    buffers.push(Buffer { id, kind: BufferKind::Explicit, owner: op, size, alignment, offset: 0 });
                }
                value_buffer.insert(vkey(op.result(0)), first);
                if count > 1 {
                    partition_buffers.insert(vkey(op.result(0)), (first..first + count as usize).collect::<Vec<_>>());
                }
            }
        }
        if op.same(func) {
            // One state byte per worker warp of the widest
            // `ttg.warp_specialize`, live in the whole function.
            let bytes = warp_specialize_state_bytes(func);
            if bytes > 0 {
                pending_scratch.push((op, BufferKind::Scratch, bytes, STATE_ALIGNMENT));
            }
            continue;
        }
        let (kind, bytes, alignment) = if matches!(op.name(), "tt.call" | "func.call") {
            (BufferKind::Virtual, call_size(op), SCRATCH_ALIGNMENT)
        } else if op.name() == "ttg.warp_specialize" {
            // The explicit captures, packed.
            (BufferKind::Scratch, capture_bytes(op), CAPTURE_ALIGNMENT)
        } else {
            (BufferKind::Scratch, scratch(op), SCRATCH_ALIGNMENT)
        };
        if bytes > 0 {
            pending_scratch.push((op, kind, bytes, alignment));
        }
    }
    // Explicit buffers come first in Triton's (insertion-ordered) maps, then
    // scratch buffers, then virtual ones.
    for kind in [BufferKind::Scratch, BufferKind::Virtual] {
        for &(op, k, size, alignment) in &pending_scratch {
            if k == kind {
                let id = buffers.len();
                buffers.push(Buffer { id, kind, owner: op, size, alignment, offset: 0 });
                op_buffer.insert(okey(op), id);
            }
        }
    }
    let all_value_buffers: HashMap<usize, Vec<usize>> = value_buffer
        .iter()
        .map(|(v, &b)| (*v, partition_buffers.get(v).cloned().unwrap_or_else(|| vec![b])))
        .collect();
    let alias = alias_sets(func, &all_value_buffers);

    // Liveness.
    let post = post_order(func);
    let op_id: HashMap<usize, u64> = post.iter().enumerate().map(|(i, o)| (okey(*o), i as u64)).collect();
    let liveness = Liveness::new(func);
    let range_of = |v: Val| -> Interval {
        let mut lo = u64::MAX;
        let mut hi = 0u64;
        for op in liveness.resolve(v) {
            if let Some(&id) = op_id.get(&okey(op)) {
                lo = lo.min(id);
                hi = hi.max(id + 1);
            }
        }
        Interval::new(lo, hi)
    };
    let mut range: Vec<Option<Interval>> = vec![None; buffers.len()];
    for b in &buffers {
        if b.kind == BufferKind::Explicit {
            range[b.id] = Some(range_of(b.owner.result(0)));
        }
    }
    // Aliases extend the ranges (every operand and result of every op).
    let mut seen_values: HashSet<usize> = HashSet::new();
    for &op in &pre {
        for v in op.operands().into_iter().chain(op.results()) {
            if !seen_values.insert(vkey(v)) {
                continue;
            }
            if let Some(ids) = alias.get(&vkey(v)) {
                let r = range_of(v);
                for &id in ids {
                    let cur = range[id].unwrap_or(r);
                    range[id] = Some(Interval::new(cur.start.min(r.start), cur.end.max(r.end)));
                }
            }
        }
    }
    for b in &buffers {
        if b.kind != BufferKind::Explicit {
            // The function's own buffer (warp-specialization states) is live
            // in the whole function.
            range[b.id] = Some(if b.owner.same(func) {
                Interval::new(0, u64::MAX)
            } else {
                let id = op_id.get(&okey(b.owner)).copied().unwrap_or(0);
                Interval::new(id, id + 1)
            });
        }
    }
    let range: Vec<Interval> = range.into_iter().map(|r| r.unwrap_or(Interval::new(0, 0))).collect();
    // The buffers of one partitioned allocation are each other's neighbours.
    let mut neighbors: Vec<Vec<usize>> = vec![Vec::new(); buffers.len()];
    for ids in partition_buffers.values() {
        for &i in ids {
            neighbors[i] = ids.iter().copied().filter(|&j| j != i).collect();
        }
    }
    let shared_memory_size = compute_offsets(&mut buffers, &range, &neighbors, partition_size);
    FunctionAllocation { func, buffers, shared_memory_size, value_buffer, partition_buffers, op_buffer, alias }
}

/// Placement with physical shared-memory partitions of `partition_size`
/// bytes, when some allocation is partitioned:
/// 1. the pieces of the partitioned allocations (largest first), piece 0 of
///    each, then piece 1 of each, ...: each at the lowest aligned offset where
///    it overlaps no placed buffer it is live with (or runs concurrently
///    with) and where the partitions it spans (its footprint, from its first
///    to its last byte) are not spanned by a placed piece of the same
///    allocation; on such a conflict it moves on to the start of the next
///    partition;
/// 2. every other buffer (largest first) at the lowest aligned offset where
///    it overlaps no placed buffer it is live with.
///
/// Returns the total size.
fn place_partitioned(buffers: &mut [Buffer], range: &[Interval], neighbors: &[Vec<usize>], partition_size: u64) -> u64 {
    let mut order: Vec<usize> = (0..buffers.len()).collect();
    order.sort_by(|&a, &b| buffers[b].size.cmp(&buffers[a].size)); // stable
    // The pieces of each partitioned allocation, in buffer order.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &b in &order {
        if neighbors[b].is_empty() || groups.iter().any(|g| g.contains(&b)) {
            continue;
        }
        let mut group: Vec<usize> = neighbors[b].iter().copied().chain(std::iter::once(b)).collect();
        group.sort_unstable();
        groups.push(group);
    }
    let mut sequence: Vec<usize> = Vec::new();
    let pieces = groups.iter().map(|g| g.len()).max().unwrap_or(0);
    for i in 0..pieces {
        sequence.extend(groups.iter().filter_map(|g| g.get(i).copied()));
    }
    sequence.extend(order.iter().copied().filter(|&b| neighbors[b].is_empty()));
    let footprint = |offset: u64, size: u64| (offset / partition_size, (offset + size.max(1) - 1) / partition_size);
    let mut placed: Vec<usize> = Vec::new();
    let mut total = 0;
    for x in sequence {
        let size = buffers[x].size;
        let mut offset = 0u64;
        loop {
            offset = buffers[x].set_offset_aligned(offset);
            let clash = placed.iter().copied().find(|&y| {
                let live = range[x].intersects(&range[y]) || run_concurrently(buffers[x].owner, buffers[y].owner);
                live && Interval::new(offset, offset + size).intersects(&Interval::new(buffers[y].offset, buffers[y].offset + buffers[y].size))
            });
            if let Some(y) = clash {
                offset = buffers[y].offset + buffers[y].size;
                continue;
            }
            let (lo, hi) = footprint(offset, size);
            let conflict = neighbors[x].iter().filter(|n| placed.contains(n)).any(|&n| {
                let (nlo, nhi) = footprint(buffers[n].offset, buffers[n].size);
                lo <= nhi && nlo <= hi
            });
            if conflict {
                offset = (offset / partition_size + 1) * partition_size;
                continue;
            }
            break;
        }
        placed.push(x);
        total = total.max(buffers[x].offset + size);
    }
    total
}

/// Alignment of the warp-specialization state bytes of a function.
const STATE_ALIGNMENT: u64 = 4;
/// Alignment of the packed captures of a `ttg.warp_specialize`.
const CAPTURE_ALIGNMENT: u64 = 8;

/// The warp-specialization state bytes of `func`: one per partition warp of
/// its widest `ttg.warp_specialize` (0 without one).
fn warp_specialize_state_bytes(func: Op) -> u64 {
    func.nested_ops()
        .into_iter()
        .filter(|o| o.name() == "ttg.warp_specialize")
        .map(|o| {
            o.attr("partitionNumWarps")
                .and_then(|a| a.i32_array())
                .map_or(0, |v| v.iter().map(|&w| w.max(0) as u64).sum::<u64>())
        })
        .max()
        .unwrap_or(0)
}

/// The bytes of one capture in shared memory: integers and floats their
/// width, pointers and descriptors 8, a shared-memory descriptor its base
/// pointer and one 32-bit offset per dimension.
fn capture_size(ty: Ty) -> u64 {
    if is_memdesc(ty) {
        let Some(desc) = bridge::memdesc_of(ty) else { return 8 };
        let shared = desc.memory_space.is_null()
            || matches!(bridge::encoding_of(desc.memory_space), Some(Ok(Encoding::SharedMemory)));
        return if shared { 8 + 4 * desc.shape.len() as u64 } else { 8 };
    }
    if ty.is_integer() || ty.is_float() {
        return (ty.bit_width() as u64).div_ceil(8);
    }
    8
}

/// The packed captures of a `ttg.warp_specialize` (its partitions op's
/// operands).
fn capture_bytes(ws: Op) -> u64 {
    let Some(holder) = region_blocks(ws.region(1)).first().and_then(|b| block_ops(*b).into_iter().next()) else {
        return 0;
    };
    holder.operands().iter().map(|v| capture_size(v.ty())).sum()
}

/// The innermost `ttg.warp_specialize` enclosing `op`.
fn enclosing_warp_specialize(op: Op) -> Option<Op> {
    let mut cur = op.parent();
    while let Some(p) = cur {
        if p.name() == "ttg.warp_specialize" {
            return Some(p);
        }
        cur = p.parent();
    }
    None
}

/// Whether the owners of two buffers may run at the same time: in different
/// regions under the same `ttg.warp_specialize` (its default region and
/// partitions run concurrently).
fn run_concurrently(x: Op, y: Op) -> bool {
    match (enclosing_warp_specialize(x), enclosing_warp_specialize(y)) {
        (Some(a), Some(b)) if a.same(b) => {
            let region = |o: Op| o.block().map(|b| unsafe { mlirBlockGetParentRegion(b) }.ptr);
            region(x) != region(y)
        }
        _ => false,
    }
}

/// Places the buffers (step 4); returns the total size. With a
/// `partition_size`, neighbours (the buffers of one partitioned allocation)
/// in the same physical partition interfere, and a buffer that meets one is
/// moved to the start of the next partition.
fn compute_offsets(buffers: &mut [Buffer], range: &[Interval], neighbors: &[Vec<usize>], partition_size: u64) -> u64 {
    if partition_size > 0 && neighbors.iter().any(|n| !n.is_empty()) {
        return place_partitioned(buffers, range, neighbors, partition_size);
    }
    let partition = |offset: u64| if partition_size == 0 { 0 } else { offset / partition_size };
    let mut order: Vec<usize> = (0..buffers.len()).collect();
    order.sort_by(|&a, &b| buffers[b].size.cmp(&buffers[a].size)); // stable
    // Initial placement.
    let mut slots: Vec<(u64, Interval)> = vec![(0, Interval::new(0, u64::MAX))];
    let mut pending = order.clone();
    while !pending.is_empty() && !slots.is_empty() {
        // The lowest offset, first inserted among equals (a multimap).
        let mut best = 0;
        for (i, s) in slots.iter().enumerate() {
            if s.0 < slots[best].0 {
                best = i;
            }
        }
        let (offset, slot) = slots.remove(best);
        let chosen = pending.iter().position(|&b| {
            let live = range[b];
            live.intersects(&slot) && !slots.iter().any(|(_, s)| s.intersects(&live))
        });
        if let Some(p) = chosen {
            let b = pending.remove(p);
            let aligned = buffers[b].set_offset_aligned(offset);
            let x = range[b];
            slots.push((aligned + buffers[b].size, Interval::new(slot.start.max(x.start), slot.end.min(x.end))));
            if slot.start < x.start {
                slots.push((offset, Interval::new(slot.start, x.end)));
            }
            if x.end < slot.end {
                slots.push((offset, Interval::new(x.start, slot.end)));
            }
        }
    }
    // Colouring until no two live buffers overlap.
    let interference = |buffers: &[Buffer]| -> Vec<Vec<usize>> {
        let mut graph = vec![Vec::new(); buffers.len()];
        for &x in &order {
            for &y in &order {
                if x == y {
                    continue;
                }
                let xr = Interval::new(buffers[x].offset, buffers[x].offset + buffers[x].size);
                let yr = Interval::new(buffers[y].offset, buffers[y].offset + buffers[y].size);
                if range[x].intersects(&range[y]) && xr.intersects(&yr) {
                    graph[x].push(y);
                } else if xr.intersects(&yr) && run_concurrently(buffers[x].owner, buffers[y].owner) {
                    graph[x].push(y);
                }
            }
            if partition_size > 0 {
                for &n in &neighbors[x] {
                    if partition(buffers[x].offset) == partition(buffers[n].offset) && !graph[x].contains(&n) {
                        graph[x].push(n);
                    }
                }
            }
        }
        graph
    };
    let mut graph = interference(buffers);
    let mut total;
    let mut rounds = 0;
    loop {
        total = 0;
        let mut colors: HashMap<usize, i64> = order.iter().map(|&b| (b, if Some(&b) == order.first() { 0 } else { -1 })).collect();
        for &x in &order {
            let mut available = vec![true; order.len()];
            for &y in &graph[x] {
                let c = colors[&y];
                if c >= 0 {
                    available[c as usize] = false;
                }
            }
            let c = available.iter().position(|&a| a).unwrap_or(available.len());
            colors.insert(x, c as i64);
        }
        for &x in &order {
            let mut new_offset = 0;
            for &y in &graph[x] {
                if partition_size > 0 && neighbors[x].contains(&y) {
                    new_offset = new_offset.max((partition(buffers[y].offset) + 1) * partition_size);
                } else {
                    new_offset = new_offset.max(buffers[y].offset + buffers[y].size);
                }
            }
            if colors[&x] != 0 {
                buffers[x].set_offset_aligned(new_offset);
            }
            total = total.max(buffers[x].offset + buffers[x].size);
        }
        graph = interference(buffers);
        rounds += 1;
        if graph.iter().all(|g| g.is_empty()) || rounds > 1000 {
            break;
        }
    }
    total
}

/// Writes Triton's allocation attributes: `allocation.offset` (i32) on every
/// op owning a scratch/virtual buffer or whose single result owns an explicit
/// one (an array of one offset per partition for a `#ttg.partitioned_shared`
/// allocation), `allocation.size` on the former (not on a function, whose
/// own buffer holds the warp-specialization states), and `ttg.shared` on the
/// module.
pub fn attach_allocation_attributes(module: Op, allocation: &ModuleAllocation) {
    let context = module.context();
    for func in &allocation.functions {
        // A function's own buffer (warp-specialization states): its offset.
        if let Some(b) = func.op_buffer(func.func) {
            func.func.set_attr("allocation.offset", i32_attr(context, b.offset as i64));
        }
        for op in func.func.nested_ops() {
            if let Some(b) = func.op_buffer(op) {
                op.set_attr("allocation.offset", i32_attr(context, b.offset as i64));
                op.set_attr("allocation.size", i32_attr(context, b.size as i64));
            } else if op.num_results() == 1 {
                let owned = func.value_buffers(op.result(0));
                if owned.len() > 1 {
                    // A partitioned allocation: one offset per partition.
                    let offsets: Vec<MlirAttribute> = owned.iter().map(|b| i32_attr(context, b.offset as i64).0).collect();
                    let array = unsafe { mlirArrayAttrGet(context, offsets.len() as isize, offsets.as_ptr()) };
                    op.set_attr("allocation.offset", tritium_dialects::ir::Attr(array));
                } else if let Some(b) = owned.first() {
                    op.set_attr("allocation.offset", i32_attr(context, b.offset as i64));
                }
            }
        }
    }
    module.set_attr("ttg.shared", i32_attr(context, allocation.shared_memory_size as i64));
}
