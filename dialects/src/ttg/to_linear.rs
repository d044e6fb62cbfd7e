//! The [`LinearLayout`] of every `ttg` encoding, as Triton 3.9's
//! `toLinearLayout(shape, layout)` computes it, plus the queries Triton derives
//! from it (elements per thread, orders, …) and the default blocked encoding.
//!
//! Distributed encodings map the input dimensions `register, lane, warp,
//! block` (always present, in that order) to `dim0, dim1, …`; shared encodings
//! map `offset, block` (and `partition` for `#ttg.partitioned_shared`). The
//! result always covers the requested shape exactly: a layout whose natural
//! tile is smaller than the shape repeats along `register` (or `offset`), and
//! one whose tile is larger wraps around, its highest bases along that
//! dimension becoming zero (broadcast). This is Triton's
//! `combineCtaCgaWithShape`, built on `ensureLayoutNotSmallerThan` and
//! `ensureLayoutNotLargerThan`.
//!
//! Nothing here panics: malformed encodings, shapes that are not positive
//! powers of two, ranks that do not match and sizes beyond the
//! [`LinearLayout`] limits all come back as `Err` with a message.
use super::encoding::{Cga, Encoding};
use super::linear_layout::{LinearLayout, MAX_DIM_LOG2};

mod amd_mma;
mod blocked;
mod mma;
mod shared;
#[cfg(test)]
mod tests;

use amd_mma::*;
use blocked::*;
use mma::*;
pub use mma::{contig_per_thread, mma_operand_like};
use shared::*;

/// The input dimension of a distributed layout enumerating a thread's registers.
pub const REGISTER: &str = "register";
/// The input dimension of a distributed layout enumerating the lanes of a warp.
pub const LANE: &str = "lane";
/// The input dimension of a distributed layout enumerating the warps of a CTA.
pub const WARP: &str = "warp";
/// The input dimension enumerating the CTAs (blocks) of a CGA.
pub const BLOCK: &str = "block";
/// The input dimension of a shared layout enumerating element offsets.
pub const OFFSET: &str = "offset";
/// The extra input dimension of `#ttg.partitioned_shared`: which partition.
pub const PARTITION: &str = "partition";

/// The largest tensor rank the queries handle; a layout of more dimensions
/// would not fit the 63 bits of a [`LinearLayout`] anyway.
pub const MAX_RANK: usize = 64;

/// Bases of a layout: per input dimension, its name and basis vectors.
type Bases = Vec<(String, Vec<Vec<i32>>)>;

/// `["dim0", "dim1", …]` for a tensor of rank `rank`.
pub fn standard_out_dim_names(rank: usize) -> Vec<String> {
    (0..rank).map(|i| format!("dim{i}")).collect()
}

/// Triton's `toLinearLayout(shape, layout)`: the linear layout of `enc` for a
/// tensor (or memdesc allocation) of shape `shape`.
///
/// See the [module documentation](self) for the dimension names and the
/// tiling rules. `#ttg.shared_memory` is not a layout and is rejected.
pub fn to_linear_layout(enc: &Encoding, shape: &[i64]) -> Result<LinearLayout, String> {
    check_shape(shape)?;
    let layout = match enc {
        Encoding::Blocked {
            size_per_thread,
            threads_per_warp,
            warps_per_cta,
            order,
            cga,
        } => blocked_to_linear(size_per_thread, threads_per_warp, warps_per_cta, order, cga, shape)?,
        Encoding::Slice { dim, parent } => slice_to_linear(*dim, parent, shape)?,
        Encoding::DotOperand {
            op_idx,
            parent,
            k_width,
        } => dot_to_linear(*op_idx, parent, *k_width, shape)?,
        Encoding::NvidiaMma {
            version_major,
            warps_per_cta,
            cga,
            instr_shape,
            ..
        } => nvidia_mma_to_linear(*version_major, warps_per_cta, cga, instr_shape, shape)?,
        Encoding::AmdMfma { .. } => mfma_to_linear(&MfmaParams::of(enc)?, shape)?,
        Encoding::AmdWmma {
            version,
            cta_layout,
            is_transposed,
            cga,
            ..
        } => wmma_to_linear(*version, cta_layout, *is_transposed, cga, shape)?,
        Encoding::Linear(ll) | Encoding::GenericLinear(ll) => linear_to_linear(ll, shape)?,
        Encoding::SwizzledShared {
            vec,
            per_phase,
            max_phase,
            order,
            cga,
        } => swizzled_to_linear(*vec, *per_phase, *max_phase, order, cga, shape, false)?,
        Encoding::AmdRotatingShared {
            vec,
            per_phase,
            max_phase,
            order,
            cga,
        } => swizzled_to_linear(*vec, *per_phase, *max_phase, order, cga, shape, true)?,
        Encoding::NvmmaShared { .. } => nvmma_to_linear(enc, shape)?,
        Encoding::SharedLinear { layout, .. } => exact_shared_layout(layout, shape, "shared_linear")?,
        Encoding::PaddedShared { linear_component, .. } => {
            exact_shared_layout(linear_component, shape, "padded_shared")?
        }
        Encoding::PartitionedShared {
            num_partitions,
            num_groups,
            partition_dim,
            partition_layout,
        } => partitioned_to_linear(*num_partitions, *num_groups, *partition_dim, partition_layout, shape)?,
        Encoding::SharedMemory => return Err("#ttg.shared_memory is a memory space, not a layout".into()),
    };
    if enc.is_distributed() {
        canonical_distributed_in_dims(&layout)
    } else {
        Ok(layout)
    }
}

/// Triton's `getDefaultBlockedEncoding`: one element per thread, order
/// `[rank-1, …, 0]`, lanes and warps handed out from the fastest dimension on,
/// the slowest dimension taking whatever is left, and CTAs split starting from
/// the slowest dimension.
///
/// For example `tensor<4x4xf32>` with 2 warps of 32 threads gives
/// `sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1],
/// order = [1, 0]`. Never panics; degenerate inputs (zero warps, a rank-0
/// shape, non-positive sizes) give an encoding the verifier rejects or a
/// trivial one.
pub fn default_blocked(shape: &[i64], num_warps: u32, threads_per_warp: u32, num_ctas: u32) -> Encoding {
    let rank = shape.len();
    let order: Vec<u32> = (0..rank).rev().map(|d| d as u32).collect();
    blocked_encoding(shape, &vec![1u32; rank], &order, num_warps, threads_per_warp, num_ctas)
}

/// Triton's `BlockedEncodingAttr::get(shape, sizePerThread, order, numWarps,
/// threadsPerWarp, numCTAs)` builder: lanes and warps are handed out from the
/// fastest dimension (`order[0]`) on, each dimension taking at most
/// `shape / sizePerThread` threads; the slowest takes the rest. `order` must
/// be a permutation of `0..shape.len()` and `size_per_thread` as long as
/// `shape` (otherwise the result is one the verifier rejects).
pub fn blocked_encoding(
    shape: &[i64],
    size_per_thread: &[u32],
    order: &[u32],
    num_warps: u32,
    threads_per_warp: u32,
    num_ctas: u32,
) -> Encoding {
    let rank = shape.len();
    let order: Vec<u32> = order.to_vec();
    let size_per_thread: Vec<u32> = size_per_thread.to_vec();
    if rank == 0 || order.len() != rank || size_per_thread.len() != rank || order.iter().any(|&d| d as usize >= rank) {
        return Encoding::Blocked {
            size_per_thread,
            threads_per_warp: vec![],
            warps_per_cta: vec![],
            order,
            cga: Cga::default(),
        };
    }
    // Tensor sizes as unsigned, as Triton's builder sees them (clamped).
    let dims: Vec<u64> = shape.iter().map(|&s| s.clamp(1, i64::from(u32::MAX)) as u64).collect();

    // CTAs: from the slowest dimension to the fastest.
    let mut ctas_per_cga = vec![1u64; rank];
    let mut cta_split = vec![1u64; rank];
    let mut remaining_ctas = u64::from(num_ctas.max(1));
    for d in (0..rank).rev() {
        let i = order[d] as usize;
        ctas_per_cga[i] = remaining_ctas.clamp(1, dims[i].max(1));
        cta_split[i] = ctas_per_cga[i];
        remaining_ctas /= ctas_per_cga[i];
    }
    ctas_per_cga[rank - 1] = ctas_per_cga[rank - 1].saturating_mul(remaining_ctas);
    let cga = cga_from_split_params(&ctas_per_cga, &cta_split, &order);

    // Lanes and warps: from the fastest dimension to the slowest.
    let shape_per_cta: Vec<u64> = dims.iter().zip(&cta_split).map(|(&s, &n)| s / n.clamp(1, s)).collect();
    let num_threads = u64::from(threads_per_warp);
    let num_warps = u64::from(num_warps);
    let mut tpw = vec![0u64; rank];
    let mut wpc = vec![0u64; rank];
    let mut remaining_lanes = num_threads;
    let mut remaining_threads = num_warps.saturating_mul(num_threads);
    let mut remaining_warps = num_warps;
    let mut prev_lanes = 1u64;
    let mut prev_warps = 1u64;
    for &i in order.iter().take(rank - 1) {
        let i = i as usize;
        let per_thread = u64::from(size_per_thread[i].max(1));
        let threads_per_cta = clamp_lo(remaining_threads, 1, (shape_per_cta[i] / per_thread).max(1));
        tpw[i] = clamp_lo(threads_per_cta, 1, remaining_lanes);
        wpc[i] = clamp_lo(threads_per_cta / tpw[i], 1, remaining_warps);
        remaining_warps /= wpc[i];
        remaining_lanes /= tpw[i];
        remaining_threads /= threads_per_cta;
        prev_lanes = prev_lanes.saturating_mul(tpw[i]);
        prev_warps = prev_warps.saturating_mul(wpc[i]);
    }
    let last = order[rank - 1] as usize;
    tpw[last] = num_threads / prev_lanes;
    wpc[last] = num_warps / prev_warps;
    let to_u32 = |v: Vec<u64>| v.into_iter().map(|x| u32::try_from(x).unwrap_or(u32::MAX)).collect();
    Encoding::Blocked {
        size_per_thread,
        threads_per_warp: to_u32(tpw),
        warps_per_cta: to_u32(wpc),
        order,
        cga,
    }
}

/// `std::clamp(v, lo, hi)` that yields `lo` (rather than undefined behaviour)
/// when `hi < lo`.
fn clamp_lo(v: u64, lo: u64, hi: u64) -> u64 {
    v.min(hi).max(lo)
}

/// Triton's `CGAEncodingAttr::fromSplitParams`: from the fastest CTA
/// dimension on, `split` CTAs tile the dimension and the remaining
/// `total / split` broadcast it.
fn cga_from_split_params(ctas_per_cga: &[u64], split: &[u64], order: &[u32]) -> Cga {
    let rank = ctas_per_cga.len();
    let mut bases = Vec::new();
    for &dim in order {
        let dim = dim as usize;
        if dim >= rank {
            continue;
        }
        let split_log2 = floor_log2(split[dim]);
        let total_log2 = floor_log2(ctas_per_cga[dim]);
        for j in 0..split_log2.min(MAX_DIM_LOG2) {
            let mut basis = vec![0i32; rank];
            basis[dim] = 1i32 << j;
            bases.push(basis);
        }
        for _ in split_log2..total_log2.min(MAX_DIM_LOG2) {
            bases.push(vec![0i32; rank]);
        }
    }
    Cga { bases }
}

/// `floor(log2(v))`, 0 for 0.
fn floor_log2(v: u64) -> u32 {
    if v == 0 {
        0
    } else {
        63 - v.leading_zeros()
    }
}

// --------------------------------------------------------------------------
// Queries on encodings
// --------------------------------------------------------------------------

impl Encoding {
    /// The rank of the tensors the encoding describes (Triton's `getRank`);
    /// 0 for `#ttg.shared_memory`.
    pub fn rank(&self) -> usize {
        match self {
            Encoding::Blocked { order, .. }
            | Encoding::SwizzledShared { order, .. }
            | Encoding::AmdRotatingShared { order, .. } => order.len(),
            Encoding::Slice { parent, .. } => parent.rank().saturating_sub(1),
            Encoding::DotOperand { parent, .. } => parent.rank(),
            Encoding::NvidiaMma { warps_per_cta, .. } | Encoding::AmdMfma { warps_per_cta, .. } => warps_per_cta.len(),
            Encoding::AmdWmma { cta_layout, .. } => cta_layout.num_out_dims(),
            Encoding::Linear(ll) | Encoding::GenericLinear(ll) => ll.num_out_dims(),
            Encoding::SharedLinear { layout, .. } => layout.num_out_dims(),
            Encoding::PaddedShared { linear_component, .. } => linear_component.num_out_dims(),
            Encoding::NvmmaShared { rank, .. } => *rank as usize,
            Encoding::PartitionedShared { partition_layout, .. } => partition_layout.rank(),
            Encoding::SharedMemory => 0,
        }
    }

    /// The number of elements each thread holds along each dimension of a
    /// tensor of shape `shape` (Triton's `getElemsPerThread`), broadcast
    /// registers included.
    pub fn elems_per_thread(&self, shape: &[i64]) -> Result<Vec<u32>, String> {
        self.require_distributed("elems_per_thread")?;
        let ll = to_linear_layout(self, shape)?;
        Ok(bases_per_dim(&ll, REGISTER, false))
    }

    /// The number of elements each thread holds for a tensor of shape `shape`
    /// (Triton's `getTotalElemsPerThread`).
    pub fn total_elems_per_thread(&self, shape: &[i64]) -> Result<u64, String> {
        self.require_distributed("total_elems_per_thread")?;
        let ll = to_linear_layout(self, shape)?;
        Ok(u64::from(ll.in_dim_size(REGISTER).unwrap_or(1).unsigned_abs()))
    }

    /// The `warpsPerCTA` parameter of the encodings that declare one
    /// (blocked, `nvidia_mma`, `amd_mfma`); `None` for the others, whose warp
    /// distribution depends on the shape (see [`Encoding::warps_per_cta_for`]).
    pub fn warps_per_cta(&self) -> Option<Vec<u32>> {
        match self {
            Encoding::Blocked { warps_per_cta, .. }
            | Encoding::NvidiaMma { warps_per_cta, .. }
            | Encoding::AmdMfma { warps_per_cta, .. } => Some(warps_per_cta.clone()),
            _ => None,
        }
    }

    /// The `threadsPerWarp` parameter of a blocked encoding, or the lanes per
    /// dimension of a `#ttg.linear` / `#ttg.generic_linear` layout; `None`
    /// for the others (see [`Encoding::threads_per_warp_for`]).
    pub fn threads_per_warp(&self) -> Option<Vec<u32>> {
        match self {
            Encoding::Blocked { threads_per_warp, .. } => Some(threads_per_warp.clone()),
            Encoding::Linear(ll) | Encoding::GenericLinear(ll) if ll.has_in_dim(LANE) => {
                Some(bases_per_dim(ll, LANE, true))
            }
            _ => None,
        }
    }

    /// Warps per dimension for a tensor of shape `shape`, read off the linear
    /// layout as Triton's `getWarpsPerCTA(layout, shape)` does (broadcast
    /// warps are not counted).
    pub fn warps_per_cta_for(&self, shape: &[i64]) -> Result<Vec<u32>, String> {
        self.require_distributed("warps_per_cta_for")?;
        Ok(bases_per_dim(&to_linear_layout(self, shape)?, WARP, true))
    }

    /// Lanes per dimension for a tensor of shape `shape`, read off the linear
    /// layout as Triton's `getThreadsPerWarp(layout, shape)` does.
    pub fn threads_per_warp_for(&self, shape: &[i64]) -> Result<Vec<u32>, String> {
        self.require_distributed("threads_per_warp_for")?;
        Ok(bases_per_dim(&to_linear_layout(self, shape)?, LANE, true))
    }

    /// The dimensions from fastest- to slowest-varying, as Triton's
    /// shape-independent `getOrder` / `getDefaultOrder` define them: the
    /// `order` parameter where there is one, the parent's order without the
    /// sliced dimension for a slice, k-fastest for MMA dot operands, row-major
    /// for MMA results, the register (or offset) bases for linear layouts,
    /// `[rank-1, …, 0]` when nothing says otherwise. Empty for a rank beyond
    /// [`MAX_RANK`].
    pub fn order(&self) -> Vec<u32> {
        let rank = self.rank();
        if rank > MAX_RANK {
            return Vec::new();
        }
        match self {
            Encoding::Blocked { order, .. }
            | Encoding::SwizzledShared { order, .. }
            | Encoding::AmdRotatingShared { order, .. } => order.clone(),
            Encoding::Slice { dim, parent } => erase_order(&parent.order(), *dim),
            Encoding::DotOperand { op_idx, parent, .. } => match parent.as_ref() {
                Encoding::Blocked { order, .. } => order.clone(),
                _ => order_for_dot_operand(*op_idx, rank, true),
            },
            Encoding::NvidiaMma { .. } | Encoding::AmdMfma { .. } | Encoding::AmdWmma { .. } => {
                matrix_order(rank, true)
            }
            Encoding::Linear(ll) | Encoding::GenericLinear(ll) => {
                order_per_dim(ll, REGISTER, &matrix_order(ll.num_out_dims(), true))
            }
            Encoding::SharedLinear { layout: ll, .. }
            | Encoding::PaddedShared {
                linear_component: ll, ..
            } => order_per_dim(ll, OFFSET, &matrix_order(ll.num_out_dims(), true)),
            Encoding::NvmmaShared { transposed, .. } => {
                if rank == 1 {
                    vec![0]
                } else {
                    matrix_order(rank, !*transposed)
                }
            }
            Encoding::PartitionedShared { partition_layout, .. } => partition_layout.order(),
            Encoding::SharedMemory => Vec::new(),
        }
    }

    /// Triton's shape-dependent `getOrder(layout, shape)` for distributed
    /// encodings: the order of the register bases of the linear layout, the
    /// dimensions without register bases following in `[rank-1, …, 0]` order.
    pub fn order_for_shape(&self, shape: &[i64]) -> Result<Vec<u32>, String> {
        self.require_distributed("order_for_shape")?;
        let ll = to_linear_layout(self, shape)?;
        Ok(order_per_dim(&ll, REGISTER, &matrix_order(shape.len(), true)))
    }

    /// Fails unless the encoding is distributed.
    fn require_distributed(&self, what: &str) -> Result<(), String> {
        if self.is_distributed() {
            Ok(())
        } else {
            Err(format!(
                "{what} needs a distributed encoding, not #ttg.{}",
                self.mnemonic()
            ))
        }
    }
}

/// For each output dimension, 2 to the number of bases of `in_dim` that move
/// along it (Triton's `basesPerDim`). A zero basis is skipped with
/// `skip_broadcast`; otherwise it counts for the dimension of the last
/// non-zero basis seen (dimension 0 before any).
pub fn bases_per_dim(ll: &LinearLayout, in_dim: &str, skip_broadcast: bool) -> Vec<u32> {
    let rank = ll.num_out_dims();
    let mut ret = vec![1u32; rank];
    let Some(bases) = ll.bases().iter().find(|(n, _)| n == in_dim).map(|(_, b)| b) else {
        return ret;
    };
    let mut last = 0usize;
    for basis in bases {
        match basis.iter().position(|&v| v != 0) {
            Some(k) => {
                last = k;
                ret[k] = ret[k].saturating_mul(2);
            }
            None if !skip_broadcast && rank > 0 => ret[last] = ret[last].saturating_mul(2),
            None => {}
        }
    }
    ret
}

/// The output dimensions in the order the bases of `in_dim` first move along
/// them, followed by the remaining dimensions of `default_order` (Triton's
/// `orderPerDim`).
pub fn order_per_dim(ll: &LinearLayout, in_dim: &str, default_order: &[u32]) -> Vec<u32> {
    let mut order: Vec<u32> = Vec::new();
    if let Some((_, bases)) = ll.bases().iter().find(|(n, _)| n == in_dim) {
        for basis in bases {
            if let Some(k) = basis.iter().position(|&v| v != 0) {
                let k = k as u32;
                if !order.contains(&k) {
                    order.push(k);
                }
            }
        }
    }
    for &d in default_order {
        if !order.contains(&d) {
            order.push(d);
        }
    }
    order
}

/// Triton's `getMatrixOrder`: `[rank-1, …, 0]` for row-major, with the two
/// fastest dimensions swapped otherwise.
pub fn matrix_order(rank: usize, row_major: bool) -> Vec<u32> {
    let mut order: Vec<u32> = (0..rank as u32).rev().collect();
    if !row_major && rank >= 2 {
        order.swap(0, 1);
    }
    order
}

/// Triton's `getOrderForDotOperand`: the order of operand `op_idx` (`[m, k]`
/// for A, `[k, n]` for B, after any batch dimensions), k fastest when
/// `k_contig`.
pub fn order_for_dot_operand(op_idx: u32, rank: usize, k_contig: bool) -> Vec<u32> {
    matrix_order(rank, (op_idx != 0) != k_contig)
}

/// `order` without `dim`, the dimensions above it renumbered down by one.
fn erase_order(order: &[u32], dim: u32) -> Vec<u32> {
    order
        .iter()
        .filter(|&&d| d != dim)
        .map(|&d| if d > dim { d - 1 } else { d })
        .collect()
}

// --------------------------------------------------------------------------
// Building blocks
// --------------------------------------------------------------------------

/// Checks that every dimension of `shape` is a power of two in `[1, 2^30]`.
fn check_shape(shape: &[i64]) -> Result<(), String> {
    if shape.is_empty() {
        return Err("a layout needs a shape of rank at least 1".into());
    }
    for &s in shape {
        if s <= 0 || !(s as u64).is_power_of_two() {
            return Err(format!(
                "shape {} is not made of positive powers of two",
                fmt_list(shape)
            ));
        }
        if s > 1i64 << MAX_DIM_LOG2 {
            return Err(format!(
                "shape {} has a dimension larger than 2^{MAX_DIM_LOG2}",
                fmt_list(shape)
            ));
        }
    }
    Ok(())
}

/// Formats a list as `[a, b, c]`.
pub(crate) fn fmt_list<T: std::fmt::Display>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// A dimension size as the `i32` the layout algebra takes; it must be a power
/// of two no larger than 2^30.
fn size_i32(size: u64, what: &str) -> Result<i32, String> {
    if size == 0 || !size.is_power_of_two() {
        return Err(format!("{what} must be a positive power of two, got {size}"));
    }
    if size > 1u64 << MAX_DIM_LOG2 {
        return Err(format!("{what} is too large: {size}"));
    }
    Ok(size as i32)
}

/// The identity from `in_dim` to `out_dim`, both of size `size`.
fn identity(size: u64, in_dim: &str, out_dim: &str) -> Result<LinearLayout, String> {
    let size = size_i32(size, &format!("the size of '{in_dim}' along '{out_dim}'"))?;
    LinearLayout::identity_1d(size, in_dim, out_dim).map_err(|e| e.to_string())
}

/// `size` values of `in_dim` all mapped to 0 of `out_dim` (of size 1).
fn zeros(size: u64, in_dim: &str, out_dim: &str) -> Result<LinearLayout, String> {
    let size = size_i32(size, &format!("the size of '{in_dim}' along '{out_dim}'"))?;
    LinearLayout::zeros_1d(size, in_dim, out_dim).map_err(|e| e.to_string())
}

/// The product `a * b` with Triton's dimension order: the input and output
/// dimensions of the result are the supremum of those of the factors (each
/// factor's relative order preserved, `a`'s dimensions first when free).
fn mul(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout, String> {
    let product = a.multiply(b).map_err(|e| e.to_string())?;
    let ins = supremum(&a.get_in_dim_names(), &b.get_in_dim_names())?;
    let outs = supremum(&a.get_out_dim_names(), &b.get_out_dim_names())?;
    product
        .transpose_ins(&ins)
        .and_then(|p| p.transpose_outs(&outs))
        .map_err(|e| e.to_string())
}

/// A common ordering of the names of `x` and `y` (Triton's `supremum`): each
/// list's relative order is kept where possible; a name free in one list
/// (not pending in the other) goes first, `x` winning ties, and when both
/// next names are pending in the other list the one due earlier there goes
/// first (`x`'s on a draw).
fn supremum(x: &[&str], y: &[&str]) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::with_capacity(x.len() + y.len());
    let (mut i, mut j) = (0, 0);
    loop {
        while i < x.len() && out.iter().any(|n| n == x[i]) {
            i += 1;
        }
        while j < y.len() && out.iter().any(|n| n == y[j]) {
            j += 1;
        }
        if i >= x.len() && j >= y.len() {
            return Ok(out);
        }
        if i < x.len() && j < y.len() && x[i] == y[j] {
            out.push(x[i].to_string());
            continue;
        }
        // Where the next name of each list is due in the other one.
        let x_in_y = (i < x.len()).then(|| y[j..].iter().position(|n| *n == x[i])).flatten();
        let y_in_x = (j < y.len()).then(|| x[i..].iter().position(|n| *n == y[j])).flatten();
        if i < x.len() && x_in_y.is_none() {
            out.push(x[i].to_string());
        } else if j < y.len() && y_in_x.is_none() {
            out.push(y[j].to_string());
        } else {
            match (x_in_y, y_in_x) {
                (Some(a), Some(b)) if a + j <= b + i => out.push(x[i].to_string()),
                (Some(_), Some(_)) => out.push(y[j].to_string()),
                _ => return Err(format!("cannot merge dimensions {} and {}", fmt_list(x), fmt_list(y))),
            }
        }
    }
}

/// Builds a layout from bases and output names, sizing each output
/// dimension to hold its largest basis value (Triton's inferring
/// constructor); `surjective` additionally requires every output value to be
/// reached.
fn from_bases(bases: Bases, out_names: Vec<String>, surjective: bool) -> Result<LinearLayout, String> {
    let ll = LinearLayout::with_inferred_out_dims(bases, out_names).map_err(|e| e.to_string())?;
    if surjective && !ll.is_surjective() {
        return Err(format!("layout {ll} is not surjective"));
    }
    Ok(ll)
}

/// Rebuilds `ll` with new bases and the same output dimensions.
fn with_bases(ll: &LinearLayout, bases: Bases) -> Result<LinearLayout, String> {
    LinearLayout::new(bases, ll.out_dims().to_vec(), false).map_err(|e| e.to_string())
}

/// Triton's `identityStandardND`: `in_dim` laid over `dim0..` with `shape[d]`
/// values along dimension `d`, the dimensions filled in `order` (fastest
/// first); the output dimensions follow `order`.
fn identity_standard_nd(in_dim: &str, shape: &[u32], order: &[u32]) -> Result<LinearLayout, String> {
    let names = standard_out_dim_names(shape.len());
    check_permutation(order, shape.len())?;
    let mut ret = LinearLayout::empty();
    for &d in order {
        let d = d as usize;
        ret = mul(&ret, &identity(u64::from(shape[d]), in_dim, &names[d])?)?;
    }
    Ok(ret)
}

/// Triton's `broadcastedDotOperandLayout`: like [`identity_standard_nd`] but
/// broadcasting (zero bases) along the reduction dimension `k_dim`.
fn broadcasted_dot_operand(in_dim: &str, shape: &[u32], order: &[u32], k_dim: usize) -> Result<LinearLayout, String> {
    let names = standard_out_dim_names(shape.len());
    check_permutation(order, shape.len())?;
    let mut ret = LinearLayout::empty();
    for &d in order {
        let d = d as usize;
        let part = if d == k_dim {
            zeros(u64::from(shape[d]), in_dim, &names[d])?
        } else {
            identity(u64::from(shape[d]), in_dim, &names[d])?
        };
        ret = mul(&ret, &part)?;
    }
    Ok(ret)
}

/// Fails unless `order` is a permutation of `0..rank`.
fn check_permutation(order: &[u32], rank: usize) -> Result<(), String> {
    let mut seen = vec![false; rank];
    for &d in order {
        match seen.get_mut(d as usize) {
            Some(s) if !*s => *s = true,
            _ => return Err(format!("order {} is not a permutation of 0..{rank}", fmt_list(order))),
        }
    }
    if order.len() != rank {
        return Err(format!("order {} is not a permutation of 0..{rank}", fmt_list(order)));
    }
    Ok(())
}

/// The shape as a map from standard output dimension names.
fn labeled(shape: &[i64]) -> Vec<(String, i64)> {
    standard_out_dim_names(shape.len())
        .into_iter()
        .zip(shape.iter().copied())
        .collect()
}

/// Looks up the size of output dimension `name` in a labeled shape.
fn lookup(shape: &[(String, i64)], name: &str) -> Result<i64, String> {
    shape
        .iter()
        .find(|(n, _)| n == name)
        .map(|&(_, s)| s)
        .ok_or_else(|| format!("no size given for output dimension '{name}'"))
}

/// Triton's `ensureLayoutNotSmallerThan`: grows every output dimension
/// smaller than `shape` by repeating the layout along its first input
/// dimension (`register` or `offset`), output dimensions in layout order.
fn ensure_not_smaller(layout: &LinearLayout, shape: &[(String, i64)]) -> Result<LinearLayout, String> {
    let Some(&first) = layout.get_in_dim_names().first() else {
        return if layout.num_out_dims() == 0 {
            Ok(layout.clone())
        } else {
            Err("a layout without input dimensions cannot be repeated".into())
        };
    };
    let first = first.to_string();
    let mut ret = layout.clone();
    for (name, actual) in layout.out_dims() {
        let desired = lookup(shape, name)?;
        let actual = i64::from(*actual);
        if actual >= desired {
            continue;
        }
        ret = mul(&ret, &identity((desired / actual) as u64, &first, name)?)?;
    }
    Ok(ret)
}

/// Triton's `ensureLayoutNotLargerThan`: every output dimension larger than
/// `shape` shrinks to it, and each basis entry that falls outside the smaller
/// dimension becomes 0 (a broadcast), all of them (two bases of the same value,
/// as in a layout that repeats data, both clear). Without `broadcast_registers`
/// a `register` basis that this leaves all zero (and was not before) is dropped
/// instead.
fn ensure_not_larger(
    layout: &LinearLayout,
    shape: &[(String, i64)],
    broadcast_registers: bool,
) -> Result<LinearLayout, String> {
    let mut out_dims = layout.out_dims().to_vec();
    for (name, size) in out_dims.iter_mut() {
        let desired = lookup(shape, name)?;
        if i64::from(*size) > desired {
            *size = desired as i32;
        }
    }
    let mut bases: Bases = layout.bases().to_vec();
    for (name, vectors) in bases.iter_mut() {
        let drop_cleared = !broadcast_registers && name == REGISTER;
        let mut kept = Vec::with_capacity(vectors.len());
        for mut v in std::mem::take(vectors) {
            let was_zero = v.iter().all(|&x| x == 0);
            for (x, (_, size)) in v.iter_mut().zip(&out_dims) {
                if *x >= *size {
                    *x = 0;
                }
            }
            if !drop_cleared || was_zero || v.iter().any(|&x| x != 0) {
                kept.push(v);
            }
        }
        *vectors = kept;
    }
    LinearLayout::new(bases, out_dims, false).map_err(|e| e.to_string())
}

/// The number of CTAs splitting each dimension: 2 to the number of non-zero
/// CGA bases along it (Triton's `getCTASplitNum`).
fn cta_split_num(cga: &Cga, rank: usize) -> Vec<u64> {
    let mut split = vec![1u64; rank];
    for basis in &cga.bases {
        if let Some(k) = basis.iter().position(|&v| v != 0) {
            if k < rank {
                split[k] = split[k].saturating_mul(2);
            }
        }
    }
    split
}

/// Triton's `getShapePerCTA`: the part of `shape` one CTA holds.
fn shape_per_cta(cga: &Cga, shape: &[i64]) -> Vec<i64> {
    let split = cta_split_num(cga, shape.len());
    shape
        .iter()
        .zip(split)
        .map(|(&s, n)| s / (n.min(s.max(1) as u64).max(1) as i64))
        .collect()
}

/// The CGA as a layout from `block` to `dim0..dim{rank-1}`.
pub fn cga_layout(cga: &Cga, rank: usize) -> Result<LinearLayout, String> {
    for basis in &cga.bases {
        if basis.len() != rank {
            return Err(format!("'CGALayout' entry length does not match rank {rank}"));
        }
    }
    from_bases(
        vec![(BLOCK.to_string(), cga.bases.clone())],
        standard_out_dim_names(rank),
        true,
    )
    .map_err(|e| format!("invalid CGALayout: {e}"))
}

/// Triton's `combineCtaCgaWithShape`: extends or wraps the per-CTA layout
/// `cta` (output dimensions in any order) to the part of `shape` one CTA
/// holds, then appends the CTAs of `cga`; the result has output dimensions
/// `dim0..` of exactly the sizes of `shape`. Wrapping turns the bases that
/// would leave the shape into broadcasts (zeros).
fn combine_cta_cga_with_shape(cta: LinearLayout, cga: &Cga, shape: &[i64]) -> Result<LinearLayout, String> {
    combine_with_shape(cta, cga, shape, true)
}

/// [`combine_cta_cga_with_shape`], where without `broadcast_registers` the
/// register bases that would leave the shape are dropped rather than zeroed
/// (what Triton 3.9 does for blocked layouts).
fn combine_with_shape(
    cta: LinearLayout,
    cga: &Cga,
    shape: &[i64],
    broadcast_registers: bool,
) -> Result<LinearLayout, String> {
    let rank = shape.len();
    if cta.num_out_dims() != rank {
        return Err(format!(
            "layout has {} output dimensions, but the shape {} has rank {rank}",
            cta.num_out_dims(),
            fmt_list(shape)
        ));
    }
    let names = standard_out_dim_names(rank);
    let full = labeled(shape);
    let cta_names: Vec<String> = cta.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    let cga = ensure_not_larger(&cga_layout(cga, rank)?, &full, true)?
        .transpose_outs(&cta_names)
        .map_err(|e| e.to_string())?;
    let mut cta_shape = Vec::with_capacity(rank);
    for (name, cga_size) in cga.out_dims() {
        cta_shape.push((name.clone(), (lookup(&full, name)? / i64::from(*cga_size)).max(1)));
    }
    let cta = ensure_not_smaller(&cta, &cta_shape)?;
    let cta = ensure_not_larger(&cta, &cta_shape, broadcast_registers)?;
    let ret = mul(&cta, &cga)?.transpose_outs(&names).map_err(|e| e.to_string())?;
    for ((name, size), &want) in ret.out_dims().iter().zip(shape) {
        if i64::from(*size) != want {
            return Err(format!("layout covers {size} elements of '{name}', not {want}"));
        }
    }
    Ok(ret)
}

/// Puts the input dimensions of a distributed layout in the canonical order
/// `register, lane, warp, block`, adding any that are missing (with no
/// bases). Fails on any other input dimension.
fn canonical_distributed_in_dims(ll: &LinearLayout) -> Result<LinearLayout, String> {
    let canonical = [REGISTER, LANE, WARP, BLOCK];
    let names = ll.get_in_dim_names();
    if let Some(other) = names.iter().find(|n| !canonical.contains(n)) {
        return Err(format!("unexpected input dimension '{other}' in a distributed layout"));
    }
    if names == canonical {
        return Ok(ll.clone());
    }
    let mut bases: Bases = Vec::with_capacity(4);
    for name in canonical {
        let vectors = ll
            .bases()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        bases.push((name.to_string(), vectors));
    }
    with_bases(ll, bases)
}

/// Checks that the encoding's rank matches the shape's.
fn check_rank(what: &str, rank: usize, shape: &[i64]) -> Result<(), String> {
    if rank != shape.len() {
        return Err(format!(
            "{what} has rank {rank}, but the shape {} has rank {}",
            fmt_list(shape),
            shape.len()
        ));
    }
    Ok(())
}

/// A shape dimension as `u32` (shapes are checked to be at most 2^30).
fn dim_u32(shape: &[i64], d: usize) -> u32 {
    shape.get(d).map_or(1, |&s| s.clamp(0, i64::from(u32::MAX)) as u32)
}

// --------------------------------------------------------------------------
// Distributed encodings
// --------------------------------------------------------------------------

/// Triton's `reshapeLayout`: the same map with its output dimensions
/// reshaped row-major (the last dimension fastest) to `shape`, named
/// `dim0..`.
pub fn reshape_layout(ll: &LinearLayout, shape: &[i64]) -> Result<LinearLayout, String> {
    let mut reversed: Vec<String> = ll.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    reversed.reverse();
    let names = standard_out_dim_names(shape.len());
    let mut new_outs = Vec::with_capacity(shape.len());
    for (name, &size) in names.iter().zip(shape).rev() {
        new_outs.push((name.clone(), size_i32(size.max(0) as u64, "a reshaped dimension")?));
    }
    ll.transpose_outs(&reversed)
        .and_then(|l| l.reshape_outs(&new_outs))
        .and_then(|l| l.transpose_outs(&names))
        .map_err(|e| e.to_string())
}

/// Triton's `transposeLinearLayout`: output entry `j` of every basis becomes
/// the old entry `order[j]`; the output dimensions keep their names and are
/// resized to fit.
pub fn transpose_layout(ll: &LinearLayout, order: &[usize]) -> Result<LinearLayout, String> {
    let rank = ll.num_out_dims();
    let as_u32: Vec<u32> = order.iter().map(|&d| u32::try_from(d).unwrap_or(u32::MAX)).collect();
    check_permutation(&as_u32, rank)?;
    let bases = ll
        .bases()
        .iter()
        .map(|(name, vectors)| {
            let permuted = vectors.iter().map(|v| order.iter().map(|&d| v[d]).collect()).collect();
            (name.clone(), permuted)
        })
        .collect();
    let names = ll.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    from_bases(bases, names, false)
}
