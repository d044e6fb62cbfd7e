//! The physical memory each shared-memory descriptor may refer to (Triton's
//! `BufferRegionAnalysis`): for every memdesc value, the set of exact views
//! it may be (a byte-exact footprint per CTA, plus the runtime key
//! `[base, length]` that identifies it), or `unknown`.
//!
//! Algorithm (a sparse forward dataflow over the module, to a fixpoint):
//! 1. a `ttg.local_alloc` (after shared-memory allocation: its
//!    `allocation.offset`, one offset or one per partition) is one view of
//!    its whole allocation, in the allocation frame of its function;
//! 2. `ttg.memdesc_index` gives one view per stage it may select (only the
//!    selected stage for a constant index), `ttg.memdesc_subslice` and
//!    `ttg.memdesc_reinterpret` a sub-view per view (the footprint is found
//!    by walking every logical element of the view through the inverse of
//!    its shared layout, with its padding), `ttg.memdesc_trans` /
//!    `ttg.memdesc_reshape`, waits that forward their operands and
//!    `arith.select` pass views on;
//! 3. block arguments, loop-carried values and region results join what may
//!    flow into them; the arguments of a private function join those of its
//!    calls, and a call's results what its callee returns; the arguments of
//!    a public function and any other memdesc result are unknown;
//! 4. the joins repeat until nothing changes.
//!
//! [`create_buffer_state_plan`] splits a list of regions into disjoint
//! "lanes" of physical memory (the atoms of their overlaps), as Triton's
//! concurrency sanitizer plans its state. Tensor memory is not modelled:
//! its descriptors come out unknown.
use std::collections::{BTreeSet, HashMap};

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, str_of, Attr, Op, Val};
use tritium_dialects::spec::{op_has_role, OpRole};
use tritium_dialects::services::shared_memory_effects;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::{standard_out_dim_names, to_linear_layout, BLOCK, OFFSET, PARTITION};

use super::allocation::successor_operands;
use super::{callee_name, module_functions, successors, symbol_name};

// ---------------------------------------------------------------------------
// Exact address sets
// ---------------------------------------------------------------------------

/// An exact set of physical addresses (bytes of shared memory), kept sorted;
/// ordered as Triton orders them (element by element, a prefix first).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct AddressSet(Vec<u32>);

impl AddressSet {
    /// The set of the given addresses (any order, duplicates allowed).
    pub fn from_addresses(mut addresses: Vec<u32>) -> AddressSet {
        addresses.sort_unstable();
        addresses.dedup();
        AddressSet(addresses)
    }
    /// The addresses, ascending.
    pub fn iter(&self) -> impl Iterator<Item = &u32> {
        self.0.iter()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// `self ∪ other`.
    pub fn union(&self, other: &AddressSet) -> AddressSet {
        let mut all = self.0.clone();
        all.extend_from_slice(&other.0);
        AddressSet::from_addresses(all)
    }
    /// `self ∩ other`.
    pub fn intersection(&self, other: &AddressSet) -> AddressSet {
        AddressSet(self.0.iter().copied().filter(|a| other.0.binary_search(a).is_ok()).collect())
    }
    /// `self \ other`.
    pub fn subtract(&self, other: &AddressSet) -> AddressSet {
        AddressSet(self.0.iter().copied().filter(|a| other.0.binary_search(a).is_err()).collect())
    }
    pub fn intersects(&self, other: &AddressSet) -> bool {
        let (small, large) = if self.0.len() <= other.0.len() { (self, other) } else { (other, self) };
        small.0.iter().any(|a| large.0.binary_search(a).is_ok())
    }
    /// Whether every address of `other` is in `self`.
    pub fn contains(&self, other: &AddressSet) -> bool {
        other.0.iter().all(|a| self.0.binary_search(a).is_ok())
    }
}

// ---------------------------------------------------------------------------
// Regions, views and the lattice
// ---------------------------------------------------------------------------

/// A region of memory: its runtime key `[base_offset, length]` and its exact
/// footprint, per CTA (sorted by CTA).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct BufferRegion {
    pub base_offset: u32,
    pub length: u32,
    pub cta_addresses: Vec<(u32, AddressSet)>,
}

impl BufferRegion {
    /// Whether some CTA's addresses of both regions overlap.
    pub fn intersects(&self, other: &BufferRegion) -> bool {
        self.cta_addresses
            .iter()
            .any(|(c, a)| other.cta_addresses.iter().any(|(d, b)| c == d && a.intersects(b)))
    }
    /// Whether every CTA's addresses of `other` are within `self`'s.
    pub fn contains(&self, other: &BufferRegion) -> bool {
        other
            .cta_addresses
            .iter()
            .all(|(d, b)| self.cta_addresses.iter().any(|(c, a)| c == d && a.contains(b)))
    }
    /// `[base, length]`, as Triton prints a region.
    pub fn text(&self) -> String {
        format!("[{}, {}]", self.base_offset, self.length)
    }
}

/// A region and what composing further views of it needs: the storage base
/// (and one per partition), the offsets already applied (XORed into the
/// layout's offset, partition and CTA), and the allocation frame (the
/// function whose shared memory it is in). Ordered as Triton's key.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct BufferRegionView {
    pub allocation_frame: u32,
    pub region: BufferRegion,
    pub storage_base: u32,
    pub affine_offset: u32,
    pub affine_partition_offset: u32,
    pub affine_cta_offset: u32,
    pub partition_bases: Vec<u32>,
}

impl BufferRegionView {
    pub fn intersects(&self, other: &BufferRegionView) -> bool {
        self.allocation_frame == other.allocation_frame && self.region.intersects(&other.region)
    }
    pub fn contains(&self, other: &BufferRegionView) -> bool {
        self.allocation_frame == other.allocation_frame && self.region.contains(&other.region)
    }
}

/// The lattice value of a descriptor: nothing known yet, a set of exact
/// views, or unknown (may be anything).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RegionInfo {
    #[default]
    Uninitialized,
    Exact(BTreeSet<BufferRegionView>),
    Unknown,
}

impl RegionInfo {
    pub fn is_unknown(&self) -> bool {
        matches!(self, RegionInfo::Unknown)
    }
    /// The exact views (none when uninitialized or unknown).
    pub fn views(&self) -> Vec<&BufferRegionView> {
        match self {
            RegionInfo::Exact(v) => v.iter().collect(),
            _ => Vec::new(),
        }
    }
    /// The least upper bound.
    pub fn join(&self, other: &RegionInfo) -> RegionInfo {
        match (self, other) {
            (RegionInfo::Unknown, _) | (_, RegionInfo::Unknown) => RegionInfo::Unknown,
            (RegionInfo::Uninitialized, x) | (x, RegionInfo::Uninitialized) => x.clone(),
            (RegionInfo::Exact(a), RegionInfo::Exact(b)) => RegionInfo::Exact(a.union(b).cloned().collect()),
        }
    }
    /// `unknown`, or the regions of the views separated by `, `.
    pub fn text(&self) -> String {
        match self {
            RegionInfo::Unknown => "unknown".into(),
            _ => self.views().iter().map(|v| v.region.text()).collect::<Vec<_>>().join(", "),
        }
    }
}

// ---------------------------------------------------------------------------
// Buffer state planning
// ---------------------------------------------------------------------------

/// A partition of the physical memory of some regions into lanes: each
/// region's mask has a bit per lane it touches (`num_lanes` bits), and the
/// unknown mask (all lanes, one more of its own) when asked for.
#[derive(Clone, Debug, Default)]
pub struct BufferStatePlan {
    pub num_lanes: usize,
    pub region_masks: Vec<Vec<bool>>,
    pub unknown_mask: Vec<bool>,
}

/// Plans the lanes of `regions`: regions whose footprints (all CTAs
/// together) overlap form components; each component is cut into atoms
/// (maximal address sets touched by the same regions), ordered by their
/// first address; every atom is a lane.
pub fn create_buffer_state_plan(regions: &[BufferRegion], include_unknown: bool) -> BufferStatePlan {
    let projected: Vec<AddressSet> = regions
        .iter()
        .map(|r| r.cta_addresses.iter().fold(AddressSet::default(), |acc, (_, a)| acc.union(a)))
        .collect();
    let n = regions.len();
    // 1. Connected components of the overlap relation.
    let mut assigned = vec![false; n];
    let mut components: Vec<Vec<usize>> = Vec::new();
    for first in 0..n {
        if assigned[first] || projected[first].is_empty() {
            continue;
        }
        let mut component = Vec::new();
        let mut worklist = vec![first];
        assigned[first] = true;
        while let Some(current) = worklist.pop() {
            component.push(current);
            for candidate in 0..n {
                if !assigned[candidate] && projected[current].intersects(&projected[candidate]) {
                    assigned[candidate] = true;
                    worklist.push(candidate);
                }
            }
        }
        component.sort_unstable();
        components.push(component);
    }
    // 2. Atoms of each component.
    let mut plans: Vec<(Vec<usize>, Vec<Vec<bool>>)> = Vec::new();
    let mut num_lanes = 0;
    for component in components {
        let mut atoms: Vec<(AddressSet, Vec<bool>)> = Vec::new();
        for (local, &region) in component.iter().enumerate() {
            let mut uncovered = projected[region].clone();
            let count = atoms.len();
            for atom in 0..count {
                if uncovered.is_empty() {
                    break;
                }
                let overlap = atoms[atom].0.intersection(&uncovered);
                if overlap.is_empty() {
                    continue;
                }
                uncovered = uncovered.subtract(&overlap);
                if atoms[atom].0 == overlap {
                    atoms[atom].1[local] = true;
                    continue;
                }
                let mut membership = atoms[atom].1.clone();
                membership[local] = true;
                atoms[atom].0 = atoms[atom].0.subtract(&overlap);
                atoms.push((overlap, membership));
            }
            if !uncovered.is_empty() {
                let mut membership = vec![false; component.len()];
                membership[local] = true;
                atoms.push((uncovered, membership));
            }
        }
        atoms.sort_by(|a, b| a.0.cmp(&b.0));
        num_lanes += atoms.len();
        plans.push((component, atoms.into_iter().map(|(_, m)| m).collect()));
    }
    let mut plan = BufferStatePlan::default();
    if include_unknown {
        num_lanes += 1;
        plan.unknown_mask = vec![true; num_lanes];
    }
    plan.num_lanes = num_lanes;
    plan.region_masks = vec![vec![false; num_lanes]; n];
    let mut lane_begin = 0;
    for (component, memberships) in &plans {
        for (atom, membership) in memberships.iter().enumerate() {
            for (local, &region) in component.iter().enumerate() {
                if membership[local] {
                    plan.region_masks[region][lane_begin + atom] = true;
                }
            }
        }
        lane_begin += memberships.len();
    }
    plan
}

// ---------------------------------------------------------------------------
// Shared-memory geometry
// ---------------------------------------------------------------------------

/// A shared-memory `!ttg.memdesc` taken apart.
#[derive(Clone)]
struct SharedDesc {
    shape: Vec<i64>,
    alloc_shape: Vec<i64>,
    bits: u32,
    encoding: Encoding,
}

impl SharedDesc {
    /// `None` unless `value` is a memdesc in shared memory with a decodable
    /// shared encoding.
    fn of(value: Val) -> Option<SharedDesc> {
        let desc = bridge::memdesc_of(value.ty())?;
        if !desc.memory_space.is_null() {
            match bridge::encoding_of(desc.memory_space) {
                Some(Ok(Encoding::SharedMemory)) => {}
                _ => return None,
            }
        }
        let encoding = bridge::encoding_of(desc.encoding)?.ok()?;
        if !encoding.is_shared() {
            return None;
        }
        let bits = if desc.element.is_ptr() { 64 } else { desc.element.bit_width() };
        let alloc_shape = if desc.alloc_shape.is_empty() { desc.shape.clone() } else { desc.alloc_shape };
        Some(SharedDesc { shape: desc.shape, alloc_shape, bits, encoding })
    }
    fn rank(&self) -> usize {
        self.encoding.rank()
    }
    fn elem_bytes(&self) -> u32 {
        self.bits / 8
    }
    /// The layout (its padding ignored) over the allocation's last `rank` dims.
    fn layout(&self) -> Result<LinearLayout, String> {
        layout_ignoring_padding(&self.encoding, tail(&self.alloc_shape, self.rank()))
    }
    /// The padded encoding (`#ttg.padded_shared`, or the one a partitioned
    /// encoding wraps): `(intervals, paddings)`.
    fn padding(&self) -> Option<(&[u32], &[u32])> {
        padding_of(&self.encoding)
    }
    fn num_partitions(&self) -> Option<u32> {
        match &self.encoding {
            Encoding::PartitionedShared { num_partitions, .. } => Some(*num_partitions),
            _ => None,
        }
    }
}

fn padding_of(enc: &Encoding) -> Option<(&[u32], &[u32])> {
    match enc {
        Encoding::PaddedShared { intervals, paddings, .. } => Some((intervals, paddings)),
        Encoding::PartitionedShared { partition_layout, .. } => padding_of(partition_layout),
        _ => None,
    }
}

/// The last `n` entries of `shape` (Triton's `dropPipeliningDim`).
fn tail(shape: &[i64], n: usize) -> &[i64] {
    &shape[shape.len().saturating_sub(n)..]
}

/// Triton's `toLinearLayoutIgnoringPadding(shape, encoding)`.
fn layout_ignoring_padding(enc: &Encoding, shape: &[i64]) -> Result<LinearLayout, String> {
    match enc {
        Encoding::PaddedShared { linear_component, .. } => Ok(linear_component.clone()),
        _ => to_linear_layout(enc, shape),
    }
}

/// `identity⁻¹ ∘ layout` over the layout's own output sizes (Triton's
/// `pseudoinvert`): from the logical dims to the layout's inputs.
fn pseudoinvert(layout: &LinearLayout) -> Result<LinearLayout, String> {
    let mut identity = LinearLayout::empty();
    for (name, size) in layout.out_dims() {
        let one = LinearLayout::identity_1d(*size, name, name).map_err(|e| format!("{e:?}"))?;
        identity = identity.multiply(&one).map_err(|e| format!("{e:?}"))?;
    }
    identity.invert_and_compose(layout).map_err(|e| format!("{e:?}"))
}

/// Triton's `PaddedSharedEncodingAttr::getPaddedSize` of `n` elements.
fn padded_size(intervals: &[u32], paddings: &[u32], n: i64) -> i64 {
    let mut padding = 0i64;
    for (&interval, &pad) in intervals.iter().zip(paddings) {
        if interval == 0 || pad == 0 {
            continue;
        }
        padding += (n >> interval.trailing_zeros()) << pad.trailing_zeros();
        if n % i64::from(interval) == 0 {
            padding -= i64::from(pad);
        }
    }
    n + padding
}

/// The byte `byte_offset` of the unpadded layout moved past the padding
/// inserted before its element.
fn apply_padding(byte_offset: u32, desc: &SharedDesc) -> u32 {
    let Some((intervals, paddings)) = desc.padding() else { return byte_offset };
    let size = desc.elem_bytes().max(1);
    let element = i64::from(byte_offset / size);
    ((padded_size(intervals, paddings, element + 1) - 1) as u32) * size + byte_offset % size
}

/// The mask of the `in_dim` bases that are non-zero in one of `out_dims`.
fn input_basis_mask(layout: &LinearLayout, in_dim: &str, out_dims: &[String]) -> u64 {
    let indices: Vec<usize> = out_dims
        .iter()
        .filter_map(|d| layout.out_dims().iter().position(|(n, _)| n == d))
        .collect();
    let mut mask = 0u64;
    if let Some((_, vectors)) = layout.bases().iter().find(|(n, _)| n == in_dim) {
        for (i, basis) in vectors.iter().enumerate() {
            if indices.iter().any(|&k| basis[k] != 0) {
                mask |= 1 << i;
            }
        }
    }
    mask
}

/// The OR of every `in_dims` basis along `out_dim`.
fn output_basis_mask(layout: &LinearLayout, in_dims: &[String], out_dim: &str) -> u64 {
    let Some(k) = layout.out_dims().iter().position(|(n, _)| n == out_dim) else { return 0 };
    let mut mask = 0u64;
    for (name, vectors) in layout.bases() {
        if in_dims.contains(name) {
            for basis in vectors {
                mask |= basis[k] as u32 as u64;
            }
        }
    }
    mask
}

/// Triton's `getAllocationElems(encoding, shape, allocShape)`: elements per
/// CTA from the first element of the (possibly pipelined, possibly
/// sub-sliced) view to its last, padding not included.
fn allocation_elems(enc: &Encoding, shape: &[i64], alloc_shape: &[i64]) -> Result<i64, String> {
    let alloc_shape = if alloc_shape.is_empty() { shape } else { alloc_shape };
    let rank = enc.rank();
    let layout_shape = tail(shape, rank);
    let allocation_shape = tail(alloc_shape, rank);
    let layout = layout_ignoring_padding(enc, allocation_shape)?;
    let offset_size = i64::from(layout.in_dim_size(OFFSET).unwrap_or(1));
    let stages: i64 = shape[..shape.len() - layout_shape.len()].iter().product();
    let mut elems = stages * offset_size;
    if layout_shape != allocation_shape {
        let dims: Vec<String> = layout.out_dims().iter().map(|(n, _)| n.clone()).collect();
        let mut identity = LinearLayout::empty();
        for (dim, &size) in dims.iter().zip(layout_shape) {
            let one = LinearLayout::identity_1d(size as i32, dim, dim).map_err(|e| format!("{e:?}"))?;
            identity = identity.multiply(&one).map_err(|e| format!("{e:?}"))?;
        }
        let view = identity.invert_and_compose(&layout).map_err(|e| format!("{e:?}"))?;
        let zero_mask = ((offset_size - 1) as u64) & !input_basis_mask(&layout, OFFSET, &dims);
        let view_elems = (output_basis_mask(&view, &dims, OFFSET) | zero_mask) as i64 + 1;
        elems = (stages - 1) * offset_size + view_elems;
    }
    if let Encoding::PartitionedShared { num_partitions, .. } = enc {
        elems *= i64::from(*num_partitions);
    }
    Ok(elems)
}

/// The bytes of the view (Triton's `getMemDescSize` for shared memory).
fn memdesc_size(desc: &SharedDesc) -> Result<u32, String> {
    let mut elems = allocation_elems(&desc.encoding, &desc.shape, &desc.alloc_shape)?;
    if let Some((intervals, paddings)) = desc.padding() {
        elems = padded_size(intervals, paddings, elems);
    }
    Ok((elems * i64::from(desc.bits) / 8) as u32)
}

/// The byte offset of stage `index` of a pipelined buffer whose stages have
/// the type `desc` (Triton's `getMemDescStorageOffset`).
fn storage_offset(desc: &SharedDesc, index: u32) -> Result<u32, String> {
    let mut elems = allocation_elems(&desc.encoding, &desc.shape, &desc.alloc_shape)?;
    if let Some(p) = desc.num_partitions() {
        elems /= i64::from(p.max(1));
    }
    Ok(apply_padding(index * elems as u32 * desc.elem_bytes(), desc))
}

type Footprint = Vec<(u32, AddressSet)>;

/// The most elements (log2) a view's footprint is enumerated for; a larger
/// view is unknown.
const MAX_POINTS_LOG2: usize = 24;

fn add_to_cta(footprint: &mut Footprint, cta: u32, addresses: Vec<u32>) {
    match footprint.binary_search_by_key(&cta, |(c, _)| *c) {
        Ok(i) => {
            let merged = footprint[i].1.union(&AddressSet::from_addresses(addresses));
            footprint[i].1 = merged;
        }
        Err(i) => footprint.insert(i, (cta, AddressSet::from_addresses(addresses))),
    }
}

/// The bytes, per CTA, that every logical element of the view `desc` at
/// these bases and offsets occupies.
fn memdesc_addresses(
    storage_base: u32,
    affine_offset: u32,
    desc: &SharedDesc,
    partition_bases: &[u32],
    affine_partition_offset: u32,
    affine_cta_offset: u32,
) -> Result<Footprint, String> {
    if desc.shape.len() > desc.rank() {
        // A pipelined buffer: the union of its stages.
        let mut page = desc.clone();
        page.shape.remove(0);
        let mut footprint = Footprint::new();
        for index in 0..desc.shape[0] as u32 {
            let offset = storage_offset(&page, index)?;
            let bases: Vec<u32> = partition_bases.iter().map(|b| b + offset).collect();
            for (cta, addresses) in memdesc_addresses(
                storage_base + offset,
                affine_offset,
                &page,
                &bases,
                affine_partition_offset,
                affine_cta_offset,
            )? {
                add_to_cta(&mut footprint, cta, addresses.0);
            }
        }
        return Ok(footprint);
    }
    let inverse = pseudoinvert(&desc.layout()?)?;
    let out_index = |name: &str| inverse.out_dims().iter().position(|(n, _)| n == name);
    let (offset_k, block_k, partition_k) = (out_index(OFFSET), out_index(BLOCK), out_index(PARTITION));
    let dims = standard_out_dim_names(desc.shape.len());
    // One basis (offset, partition, block) per bit of each logical dim.
    let mut bases: Vec<[u32; 3]> = Vec::new();
    for (dim, &size) in dims.iter().zip(&desc.shape) {
        let bits = (size.max(1) as u64).trailing_zeros();
        for bit in 0..bits as usize {
            let basis = inverse.basis(dim, bit).ok_or("the layout is smaller than the view")?;
            let get = |k: Option<usize>| k.map_or(0, |k| basis[k] as u32);
            bases.push([get(offset_k), get(partition_k), get(block_k)]);
        }
    }
    if bases.len() > MAX_POINTS_LOG2 {
        return Err(format!("a view of 2^{} elements is too large to enumerate", bases.len()));
    }
    let bytes = desc.elem_bytes();
    let mut per_cta: Vec<(u32, Vec<u32>)> = Vec::new();
    let mut physical = [0u32; 3];
    let points = 1u64 << bases.len();
    for index in 0..points {
        if index != 0 {
            let b = bases[index.trailing_zeros() as usize];
            for k in 0..3 {
                physical[k] ^= b[k];
            }
        }
        let [offset, partition, block] = physical;
        let cta = block ^ affine_cta_offset;
        let base = if partition_bases.is_empty() {
            storage_base
        } else {
            *partition_bases
                .get((partition ^ affine_partition_offset) as usize)
                .ok_or("a partition without an allocation offset")?
        };
        let combined = affine_offset ^ (offset * bytes);
        let begin = base + apply_padding(combined, desc);
        let list = match per_cta.iter_mut().position(|(c, _)| *c == cta) {
            Some(i) => &mut per_cta[i].1,
            None => {
                per_cta.push((cta, Vec::new()));
                &mut per_cta.last_mut().expect("just pushed").1
            }
        };
        list.extend((0..bytes).map(|b| begin + b));
    }
    let mut footprint = Footprint::new();
    for (cta, addresses) in per_cta {
        add_to_cta(&mut footprint, cta, addresses);
    }
    Ok(footprint)
}

/// The view of type `desc` at these offsets from `view` (Triton's
/// `getSubView`): shared offsets compose by XOR, as the swizzled address
/// bits do.
fn sub_view(
    desc: &SharedDesc,
    view: &BufferRegionView,
    storage_offset: u32,
    byte_offset: u32,
    partition_offset: u32,
    cta_offset: u32,
) -> Result<BufferRegionView, String> {
    let storage_base = view.storage_base + storage_offset;
    let partition_bases: Vec<u32> = view.partition_bases.iter().map(|b| b + storage_offset).collect();
    let affine_offset = view.affine_offset ^ byte_offset;
    let affine_partition_offset = view.affine_partition_offset ^ partition_offset;
    let affine_cta_offset = view.affine_cta_offset ^ cta_offset;
    let footprint = memdesc_addresses(
        storage_base,
        affine_offset,
        desc,
        &partition_bases,
        affine_partition_offset,
        affine_cta_offset,
    )?;
    let runtime_base = if partition_bases.is_empty() {
        storage_base
    } else {
        *partition_bases
            .get(affine_partition_offset as usize)
            .ok_or("a partition without an allocation offset")?
    };
    Ok(BufferRegionView {
        allocation_frame: view.allocation_frame,
        region: BufferRegion {
            base_offset: runtime_base + apply_padding(affine_offset, desc),
            length: memdesc_size(desc)?,
            cta_addresses: footprint,
        },
        storage_base,
        affine_offset,
        affine_partition_offset,
        affine_cta_offset,
        partition_bases,
    })
}

/// The offsets a `ttg.memdesc_subslice` applies: bytes of the layout's
/// offset, partition and CTA (Triton's `getMemDescSubsliceUnpaddedOffsets`).
fn subslice_offsets(op: Op, src: &SharedDesc) -> Result<(u32, u32, u32), String> {
    let offsets = op.attr("offsets").and_then(|a| a.i32_array()).unwrap_or_default();
    if offsets.is_empty() {
        return Ok((0, 0, 0));
    }
    let rank = src.rank();
    let layout_offsets = &offsets[offsets.len().saturating_sub(rank)..];
    let inverse = pseudoinvert(&src.layout()?)?;
    let names = standard_out_dim_names(layout_offsets.len());
    let inputs: Vec<(&str, i32)> = names.iter().map(|n| n.as_str()).zip(layout_offsets.iter().copied()).collect();
    let mapped = inverse.apply(&inputs).map_err(|e| format!("{e:?}"))?;
    let (mut element, mut block, mut partition) = (0u32, 0u32, 0u32);
    for (dim, value) in mapped {
        match dim.as_str() {
            OFFSET => element = value as u32,
            BLOCK => block = value as u32,
            PARTITION => partition = value as u32,
            _ => {}
        }
    }
    if offsets.len() != rank {
        let mut stride = allocation_elems(&src.encoding, tail(&src.alloc_shape, rank), &[])?;
        if let Some(p) = src.num_partitions() {
            stride /= i64::from(p.max(1));
        }
        element += offsets[0] as u32 * stride as u32;
    }
    Ok((element * src.elem_bytes(), partition, block))
}

// ---------------------------------------------------------------------------
// The dataflow
// ---------------------------------------------------------------------------

/// Which memory a used region is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionType {
    SharedMemory,
    /// The mbarriers of ops that wait on or signal them.
    Barrier,
}

/// The analysis of a module: every memdesc value's [`RegionInfo`].
pub struct BufferRegionAnalysis {
    lattice: HashMap<usize, RegionInfo>,
    /// Functions and calls, numbered in module order (the allocation frames).
    frames: HashMap<usize, u32>,
    used: Vec<(RegionType, BTreeSet<BufferRegion>, bool)>,
}

fn key(v: Val) -> usize {
    v.0.ptr as usize
}

fn okey(op: Op) -> usize {
    op.0.ptr as usize
}

/// The string value of a string attribute.
pub fn string_attr(attr: Attr) -> Option<String> {
    unsafe { mlirAttributeIsAString(attr.0).then(|| str_of(mlirStringAttrGetValue(attr.0)).to_string()) }
}

/// `allocation.offset`: one integer, or an array of them (one per partition).
fn allocation_offsets(op: Op) -> Option<Vec<u32>> {
    let attr = op.attr("allocation.offset")?;
    if let Some(v) = attr.int() {
        return Some(vec![v as u32]);
    }
    unsafe {
        if !mlirAttributeIsAArray(attr.0) {
            return None;
        }
        (0..mlirArrayAttrGetNumElements(attr.0))
            .map(|i| Attr(mlirArrayAttrGetElement(attr.0, i)).int().map(|v| v as u32))
            .collect()
    }
}

/// The value of an integer `arith.constant`.
fn constant_int(v: Val) -> Option<i64> {
    let op = v.defining_op()?;
    (op.name() == "arith.constant").then(|| op.attr("value").and_then(|a| a.int()))?
}

fn is_memdesc(v: Val) -> bool {
    bridge::is_memdesc(v.ty())
}

impl BufferRegionAnalysis {
    /// Runs the analysis on `module` to a fixpoint. Fails (with a located
    /// error) when a `ttg.local_alloc` has no `allocation.offset`.
    pub fn run(module: Op) -> Result<BufferRegionAnalysis, ()> {
        let mut frames = HashMap::new();
        for op in module.nested_ops() {
            if matches!(op.name(), "tt.func" | "func.func" | "tt.call" | "func.call") {
                let n = frames.len() as u32;
                frames.insert(okey(op), n);
            }
        }
        let mut analysis = BufferRegionAnalysis { lattice: HashMap::new(), frames, used: Vec::new() };
        let functions = module_functions(module);
        let by_name: HashMap<String, Op> =
            functions.iter().filter_map(|f| symbol_name(*f).map(|n| (n, *f))).collect();
        let live = live_functions(&functions, &by_name);
        for round in 0.. {
            let mut changed = false;
            for &func in &live {
                changed |= analysis.visit_function(func, &live, &by_name)?;
            }
            if !changed || round > 64 {
                break;
            }
        }
        analysis.collect_used(module);
        Ok(analysis)
    }

    /// The allocation frame of a function (or call): its number in module
    /// order, as the views of its own buffers carry it.
    pub fn frame_of(&self, op: Op) -> Option<u32> {
        self.frames.get(&okey(op)).copied()
    }

    /// The lattice value of `v` (uninitialized if never reached).
    pub fn region_info(&self, v: Val) -> RegionInfo {
        self.lattice.get(&key(v)).cloned().unwrap_or_default()
    }

    /// The distinct exact regions the accesses of the module use, of one
    /// type, in order.
    pub fn used_regions(&self, ty: RegionType) -> Vec<BufferRegion> {
        self.used.iter().find(|(t, _, _)| *t == ty).map(|(_, s, _)| s.iter().cloned().collect()).unwrap_or_default()
    }

    fn join_into(&mut self, v: Val, info: &RegionInfo) -> bool {
        if !is_memdesc(v) {
            return false;
        }
        let old = self.lattice.get(&key(v)).cloned().unwrap_or_default();
        let new = old.join(info);
        if new != old {
            self.lattice.insert(key(v), new);
            true
        } else {
            false
        }
    }

    fn visit_function(&mut self, func: Op, live: &[Op], by_name: &HashMap<String, Op>) -> Result<bool, ()> {
        let Some(entry) = func.entry_block(0) else { return Ok(false) };
        let mut changed = false;
        let private = func.attr("sym_visibility").and_then(string_attr).as_deref() == Some("private");
        let name = symbol_name(func);
        for (i, arg) in block_arguments(entry).into_iter().enumerate() {
            let info = if private {
                // Join the operands of the calls from live functions.
                let mut info = RegionInfo::Uninitialized;
                for caller in live {
                    for call in caller.nested_ops() {
                        if matches!(call.name(), "tt.call" | "func.call") && callee_name(call) == name {
                            if let Some(operand) = call.operands().get(i) {
                                info = info.join(&self.region_info(*operand));
                            }
                        }
                    }
                }
                info
            } else {
                RegionInfo::Unknown
            };
            changed |= self.join_into(arg, &info);
        }
        changed |= self.visit_region(func.region(0), func, by_name)?;
        Ok(changed)
    }

    fn visit_region(&mut self, region: MlirRegion, func: Op, by_name: &HashMap<String, Op>) -> Result<bool, ()> {
        let mut changed = false;
        for block in region_blocks(region) {
            for op in block_ops(block) {
                changed |= self.visit_op(op, func, by_name)?;
            }
            if let Some(term) = block_terminator(block) {
                for (index, succ) in successors(term).into_iter().enumerate() {
                    let operands = successor_operands(term, index);
                    for (arg, operand) in block_arguments(succ).into_iter().zip(operands) {
                        let info = self.region_info(operand);
                        changed |= self.join_into(arg, &info);
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Joins `values`' lattices into `targets`, pairwise.
    fn flow(&mut self, values: &[Val], targets: &[Val]) -> bool {
        let mut changed = false;
        for (v, t) in values.iter().zip(targets) {
            let info = self.region_info(*v);
            changed |= self.join_into(*t, &info);
        }
        changed
    }

    /// The operands of the terminator of `region`'s blocks named `name`.
    fn yields(region: MlirRegion, name: &str) -> Vec<Vec<Val>> {
        region_blocks(region)
            .into_iter()
            .filter_map(block_terminator)
            .filter(|t| t.name() == name)
            .map(|t| t.operands())
            .collect()
    }

    fn visit_op(&mut self, op: Op, func: Op, by_name: &HashMap<String, Op>) -> Result<bool, ()> {
        let mut changed = false;
        let results = op.results();
        let operands = op.operands();
        let in0 = || operands.first().map(|v| self.region_info(*v)).unwrap_or_default();
        match op.name() {
            "ttg.local_alloc" => {
                if results.len() != 1 {
                    return Ok(false);
                }
                let Some(offsets) = allocation_offsets(op) else {
                    tritium_dialects::pass::emit_error(
                        op,
                        "ConcurrencySanitizer should run after AllocateSharedMemory pass",
                    );
                    return Err(());
                };
                let info = match SharedDesc::of(results[0]) {
                    Some(desc) if !offsets.is_empty() => {
                        let frame = self.frames.get(&okey(func)).copied().unwrap_or(0);
                        let start = BufferRegionView {
                            allocation_frame: frame,
                            storage_base: offsets[0],
                            partition_bases: if offsets.len() > 1 { offsets.clone() } else { Vec::new() },
                            ..Default::default()
                        };
                        match sub_view(&desc, &start, 0, 0, 0, 0) {
                            Ok(view) => RegionInfo::Exact([view].into_iter().collect()),
                            Err(_) => RegionInfo::Unknown,
                        }
                    }
                    _ => RegionInfo::Unknown,
                };
                changed |= self.join_into(results[0], &info);
            }
            "ttg.memdesc_index" | "ttg.memdesc_subslice" | "ttg.memdesc_reinterpret" if results.len() == 1 => {
                let input = in0();
                let info = if input.is_unknown() {
                    RegionInfo::Unknown
                } else {
                    self.derive_views(op, &input).unwrap_or(RegionInfo::Unknown)
                };
                changed |= self.join_into(results[0], &info);
            }
            "ttg.memdesc_trans" | "ttg.memdesc_reshape" if results.len() == 1 => {
                let input = in0();
                changed |= self.join_into(results[0], &input);
            }
            "arith.select" if results.len() == 1 && operands.len() == 3 && is_memdesc(results[0]) => {
                let info = self.region_info(operands[1]).join(&self.region_info(operands[2]));
                changed |= self.join_into(results[0], &info);
            }
            "tt.call" | "func.call" => {
                let callee = callee_name(op).and_then(|n| by_name.get(&n).copied());
                let returns = callee
                    .filter(|c| c.entry_block(0).is_some())
                    .map(|c| Self::yields(c.region(0), "tt.return").into_iter().chain(Self::yields(c.region(0), "func.return")).collect::<Vec<_>>());
                match returns {
                    Some(returns) => {
                        for values in returns {
                            changed |= self.flow(&values, &results);
                        }
                    }
                    None => {
                        for r in &results {
                            changed |= self.join_into(*r, &RegionInfo::Unknown);
                        }
                    }
                }
            }
            "scf.for" => {
                let inits: Vec<Val> = operands.iter().skip(3).copied().collect();
                if let Some(body) = op.entry_block(0) {
                    let args: Vec<Val> = block_arguments(body).into_iter().skip(1).collect();
                    changed |= self.flow(&inits, &args);
                    changed |= self.flow(&inits, &results);
                    for values in Self::yields(op.region(0), "scf.yield") {
                        changed |= self.flow(&values, &args);
                        changed |= self.flow(&values, &results);
                    }
                }
                changed |= self.visit_region(op.region(0), func, by_name)?;
            }
            "scf.if" => {
                for r in 0..op.num_regions() {
                    for values in Self::yields(op.region(r), "scf.yield") {
                        changed |= self.flow(&values, &results);
                    }
                    changed |= self.visit_region(op.region(r), func, by_name)?;
                }
            }
            "scf.while" if op.num_regions() == 2 => {
                if let (Some(before), Some(after)) = (op.entry_block(0), op.entry_block(1)) {
                    let before_args = block_arguments(before);
                    let after_args = block_arguments(after);
                    changed |= self.flow(&operands, &before_args);
                    for values in Self::yields(op.region(0), "scf.condition") {
                        let forwarded: Vec<Val> = values.into_iter().skip(1).collect();
                        changed |= self.flow(&forwarded, &after_args);
                        changed |= self.flow(&forwarded, &results);
                    }
                    for values in Self::yields(op.region(1), "scf.yield") {
                        changed |= self.flow(&values, &before_args);
                    }
                }
                changed |= self.visit_region(op.region(0), func, by_name)?;
                changed |= self.visit_region(op.region(1), func, by_name)?;
            }
            "ttg.warp_specialize" => {
                for values in Self::yields(op.region(0), "ttg.warp_yield") {
                    changed |= self.flow(&values, &results);
                }
                changed |= self.visit_region(op.region(0), func, by_name)?;
                for r in 1..op.num_regions() {
                    for block in region_blocks(op.region(r)) {
                        // `ttg.warp_specialize.partitions`: its operands are
                        // the captures each partition receives.
                        for inner in block_ops(block) {
                            let captures = inner.operands();
                            for pr in 0..inner.num_regions() {
                                if let Some(entry) = inner.entry_block(pr) {
                                    changed |= self.flow(&captures, &block_arguments(entry));
                                }
                                changed |= self.visit_region(inner.region(pr), func, by_name)?;
                            }
                        }
                    }
                }
            }
            name if op_has_role(name, OpRole::ForwardsEncoding) => {
                changed |= self.flow(&operands, &results);
            }
            _ => {
                for r in &results {
                    changed |= self.join_into(*r, &RegionInfo::Unknown);
                }
                // Regions of other ops: their arguments are unknown.
                for r in 0..op.num_regions() {
                    for block in region_blocks(op.region(r)) {
                        if op.entry_block(r).is_some_and(|e| unsafe { mlirBlockEqual(e, block) }) {
                            for arg in block_arguments(block) {
                                changed |= self.join_into(arg, &RegionInfo::Unknown);
                            }
                        }
                    }
                    changed |= self.visit_region(op.region(r), func, by_name)?;
                }
            }
        }
        Ok(changed)
    }

    /// The views of a `memdesc_index` / `memdesc_subslice` /
    /// `memdesc_reinterpret` result, from those of its source.
    fn derive_views(&self, op: Op, input: &RegionInfo) -> Result<RegionInfo, String> {
        let result = SharedDesc::of(op.result(0)).ok_or("not a shared-memory descriptor")?;
        let mut views = BTreeSet::new();
        match op.name() {
            "ttg.memdesc_index" => {
                let src = SharedDesc::of(op.operand(0)).ok_or("not a shared-memory descriptor")?;
                let count = src.shape.first().copied().unwrap_or(1).max(0) as u32;
                let (first, end) = match constant_int(op.operand(1)) {
                    Some(i) => (i as u32, i as u32 + 1),
                    None => (0, count),
                };
                for view in input.views() {
                    for i in first..end {
                        let offset = storage_offset(&result, i)?;
                        views.insert(sub_view(&result, view, offset, 0, 0, 0)?);
                    }
                }
            }
            "ttg.memdesc_subslice" => {
                let src = SharedDesc::of(op.operand(0)).ok_or("not a shared-memory descriptor")?;
                let (bytes, partition, cta) = subslice_offsets(op, &src)?;
                for view in input.views() {
                    views.insert(sub_view(&result, view, 0, bytes, partition, cta)?);
                }
            }
            _ => {
                for view in input.views() {
                    views.insert(sub_view(&result, view, 0, 0, 0, 0)?);
                }
            }
        }
        Ok(RegionInfo::Exact(views))
    }

    /// Triton's `calculateUsedBufferRegions`: the regions of every access.
    fn collect_used(&mut self, module: Op) {
        let mut shared = (RegionType::SharedMemory, BTreeSet::new(), false);
        let mut barrier = (RegionType::Barrier, BTreeSet::new(), false);
        for op in module.nested_ops() {
            for value in memory_accesses(op) {
                let info = self.region_info(value);
                let add = |set: &mut (RegionType, BTreeSet<BufferRegion>, bool)| {
                    set.2 |= info.is_unknown();
                    for view in info.views() {
                        set.1.insert(view.region.clone());
                    }
                };
                add(&mut shared);
                if is_barrier_operand(op, value) {
                    add(&mut barrier);
                }
            }
        }
        self.used = vec![shared, barrier];
    }
}

/// Whether `value` is one of the mbarriers `op` waits on or signals
/// (Triton's `MBarrierOpInterface::getBarriers`): a 64-bit memdesc operand
/// of an op the backend declares [`OpRole::MBarrier`].
fn is_barrier_operand(op: Op, value: Val) -> bool {
    op_has_role(op.name(), OpRole::MBarrier)
        && op.operands().iter().any(|o| o.same(value))
        && bridge::memdesc_of(value.ty()).is_some_and(|d| d.element.bit_width() == 64)
}

/// The memdesc values `op` reads or writes in shared memory (its declared
/// memory effects), each once, in effect order.
pub fn memory_accesses(op: Op) -> Vec<Val> {
    let mut out: Vec<Val> = Vec::new();
    for (value, _) in shared_memory_effects(op) {
        if is_memdesc(value) && !out.iter().any(|v| v.same(value)) {
            out.push(value);
        }
    }
    out
}

/// The functions reachable from the public ones through calls.
fn live_functions(functions: &[Op], by_name: &HashMap<String, Op>) -> Vec<Op> {
    let mut live: Vec<Op> = functions
        .iter()
        .copied()
        .filter(|f| f.attr("sym_visibility").and_then(string_attr).as_deref() != Some("private"))
        .collect();
    let mut i = 0;
    while i < live.len() {
        for call in live[i].nested_ops() {
            if matches!(call.name(), "tt.call" | "func.call") {
                if let Some(callee) = callee_name(call).and_then(|n| by_name.get(&n).copied()) {
                    if !live.iter().any(|f| f.same(callee)) {
                        live.push(callee);
                    }
                }
            }
        }
        i += 1;
    }
    // Keep module order.
    functions.iter().copied().filter(|f| live.iter().any(|l| l.same(*f))).collect()
}

/// Views given directly by a sorted list of addresses (test inputs): one
/// view, `[min, max - min + 1]`, in CTA 0.
pub fn view_of_addresses(addresses: &[u32]) -> RegionInfo {
    let (base, length) = match (addresses.iter().min(), addresses.iter().max()) {
        (Some(&lo), Some(&hi)) => (lo, hi - lo + 1),
        _ => (0, 0),
    };
    let mut region = BufferRegion { base_offset: base, length, cta_addresses: Vec::new() };
    if !addresses.is_empty() {
        region.cta_addresses.push((0, AddressSet::from_addresses(addresses.to_vec())));
    }
    let view = BufferRegionView { region, storage_base: base, ..Default::default() };
    RegionInfo::Exact([view].into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(addresses: &[u32]) -> BufferRegion {
        view_of_addresses(addresses).views()[0].region.clone()
    }

    fn mask(m: &[bool]) -> Vec<usize> {
        m.iter().enumerate().filter(|(_, b)| **b).map(|(i, _)| i).collect()
    }

    #[test]
    fn plan_splits_partial_overlaps_into_atoms() {
        // Triton's test-buffer-region-alias "first/second/third" case.
        let regions = [region(&(0..8).collect::<Vec<_>>()), region(&(4..12).collect::<Vec<_>>()), region(&(6..10).collect::<Vec<_>>())];
        let plan = create_buffer_state_plan(&regions, false);
        assert_eq!(plan.num_lanes, 5);
        assert_eq!(mask(&plan.region_masks[0]), vec![0, 1, 2]);
        assert_eq!(mask(&plan.region_masks[1]), vec![1, 2, 3, 4]);
        assert_eq!(mask(&plan.region_masks[2]), vec![2, 3]);
    }

    #[test]
    fn padded_size_skips_the_last_padding() {
        assert_eq!(padded_size(&[4], &[2], 16), 22);
        assert_eq!(padded_size(&[4], &[2], 1), 1);
        assert_eq!(padded_size(&[4], &[2], 5), 7);
    }

    #[test]
    fn containment_of_empty_sets() {
        let empty = region(&[]);
        let some = region(&[10, 11, 12]);
        assert!(!empty.intersects(&empty));
        assert!(empty.contains(&empty));
        assert!(some.contains(&empty));
        assert!(!empty.contains(&some));
    }
}
