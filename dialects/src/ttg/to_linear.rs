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

/// `#ttg.blocked`: registers, then lanes, then warps laid over the dimensions
/// in `order`, tiled over the shape; registers beyond the shape are dropped
/// (the other bases beyond it broadcast).
fn blocked_to_linear(
    size_per_thread: &[u32],
    threads_per_warp: &[u32],
    warps_per_cta: &[u32],
    order: &[u32],
    cga: &Cga,
    shape: &[i64],
) -> Result<LinearLayout, String> {
    let rank = order.len();
    if size_per_thread.len() != rank || threads_per_warp.len() != rank || warps_per_cta.len() != rank {
        return Err("sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.".into());
    }
    check_rank("#ttg.blocked", rank, shape)?;
    let regs = identity_standard_nd(REGISTER, size_per_thread, order)?;
    let lanes = identity_standard_nd(LANE, threads_per_warp, order)?;
    let warps = identity_standard_nd(WARP, warps_per_cta, order)?;
    let cta = mul(&mul(&regs, &lanes)?, &warps)?;
    combine_with_shape(cta, cga, shape, false)
}

/// `#ttg.slice`: the parent's layout for the shape with a size-1 dimension
/// inserted at `dim`, that dimension removed, and the register bases that
/// became zero dropped.
fn slice_to_linear(dim: u32, parent: &Encoding, shape: &[i64]) -> Result<LinearLayout, String> {
    let dim = dim as usize;
    if dim > shape.len() {
        return Err(format!(
            "slice dim={dim} is out of range for the shape {}",
            fmt_list(shape)
        ));
    }
    if !parent.is_distributed() {
        return Err("the parent of #ttg.slice must be a distributed encoding".into());
    }
    let mut parent_shape = shape.to_vec();
    parent_shape.insert(dim, 1);
    let parent_ll = to_linear_layout(parent, &parent_shape)?;
    let sliced = remove_standard_dim(&parent_ll, dim)?;
    Ok(sliced.without_zero_bases(Some(REGISTER)))
}

/// Triton's `removeStandardDim`: drops output dimension `dim` of a layout over
/// `dim0..` and renumbers the following ones.
fn remove_standard_dim(ll: &LinearLayout, dim: usize) -> Result<LinearLayout, String> {
    let rank = ll.num_out_dims();
    if dim >= rank {
        return Err(format!("cannot remove dimension {dim} of a rank-{rank} layout"));
    }
    let bases = ll
        .bases()
        .iter()
        .map(|(name, vectors)| {
            let cut = vectors
                .iter()
                .map(|v| {
                    v.iter()
                        .enumerate()
                        .filter(|&(k, _)| k != dim)
                        .map(|(_, &x)| x)
                        .collect()
                })
                .collect();
            (name.clone(), cut)
        })
        .collect();
    let names = standard_out_dim_names(rank - 1);
    let sizes = ll
        .out_dims()
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != dim)
        .map(|(_, &(_, s))| s);
    let out_dims = names.into_iter().zip(sizes).collect();
    LinearLayout::new(bases, out_dims, false).map_err(|e| e.to_string())
}

/// `#ttg.dot_op`: dispatches on the parent.
fn dot_to_linear(op_idx: u32, parent: &Encoding, k_width: u32, shape: &[i64]) -> Result<LinearLayout, String> {
    if op_idx > 1 {
        return Err(format!("ttg.dot_op opIdx parameter can be 0 or 1, got: {op_idx}"));
    }
    let rank = shape.len();
    if rank < 2 {
        return Err(format!("a dot operand needs rank >= 2, got shape {}", fmt_list(shape)));
    }
    check_rank("the parent of #ttg.dot_op", parent.rank(), shape)?;
    match parent {
        Encoding::Blocked {
            size_per_thread,
            threads_per_warp,
            warps_per_cta,
            order,
            cga,
        } => {
            if size_per_thread.len() != rank || threads_per_warp.len() != rank || warps_per_cta.len() != rank {
                return Err(
                    "sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.".into(),
                );
            }
            let k_dim = if op_idx == 0 { rank - 1 } else { rank - 2 };
            let mut thread_size = size_per_thread.to_vec();
            thread_size[k_dim] = dim_u32(shape, k_dim);
            let rep_names = permute_names(rank, order)?;
            let regs = identity_standard_nd(REGISTER, &thread_size, order)?;
            let lanes = broadcasted_dot_operand(LANE, threads_per_warp, order, k_dim)?;
            let warps = broadcasted_dot_operand(WARP, warps_per_cta, order, k_dim)?;
            let t = |ll: LinearLayout| ll.transpose_outs(&rep_names).map_err(|e| e.to_string());
            let cta = mul(&mul(&t(regs)?, &t(lanes)?)?, &t(warps)?)?;
            combine_cta_cga_with_shape(cta, &dot_operand_cga(cga, rank, k_dim), shape)
        }
        Encoding::NvidiaMma {
            version_major,
            warps_per_cta,
            cga,
            ..
        } => nvidia_dot_to_linear(op_idx, k_width, *version_major, warps_per_cta, cga, shape),
        Encoding::AmdMfma { .. } => mfma_dot_to_linear(op_idx, k_width, &MfmaParams::of(parent)?, shape),
        Encoding::AmdWmma {
            version,
            cta_layout,
            cga,
            instr_shape,
            ..
        } => wmma_dot_to_linear(op_idx, k_width, *version, cta_layout, cga, instr_shape, shape),
        other => Err(format!(
            "ttg.dot_op unexpected parent layout: #ttg.{}",
            other.mnemonic()
        )),
    }
}

/// The output dimension names permuted by `order` (`names[order[i]]`).
fn permute_names(rank: usize, order: &[u32]) -> Result<Vec<String>, String> {
    check_permutation(order, rank)?;
    let names = standard_out_dim_names(rank);
    Ok(order.iter().map(|&d| names[d as usize].clone()).collect())
}

/// The CGA of a dot operand: the parent's, not split along `k_dim`.
fn dot_operand_cga(cga: &Cga, rank: usize, k_dim: usize) -> Cga {
    let bases = cga
        .bases
        .iter()
        .map(|b| {
            let mut b = b.clone();
            if b.len() == rank {
                b[k_dim] = 0;
            }
            b
        })
        .collect();
    Cga { bases }
}

/// Triton's `nvidiaMmaTile`: the registers and lanes of one mma.sync tile of
/// `tile_shape`, output dimensions in `rep_order`: `k_width` registers and 4
/// lanes along the inner dimension, 8 lanes along the outer one, then
/// register repetitions along the outer and the inner dimension.
fn nvidia_mma_tile(tile_shape: &[u32], k_width: u32, order: &[u32], rep_order: &[u32]) -> Result<LinearLayout, String> {
    let rank = rep_order.len();
    if rank < 2 || tile_shape.len() != rank || order.len() < 2 {
        return Err("an NVIDIA MMA tile needs rank >= 2".into());
    }
    let names = standard_out_dim_names(rank);
    let inner = order[0] as usize;
    let outer = order[1] as usize;
    if inner >= rank || outer >= rank {
        return Err(format!("invalid MMA order {}", fmt_list(order)));
    }
    let m = tile_shape[outer];
    let n = tile_shape[inner];
    let k_width = u64::from(k_width);
    if k_width == 0 {
        return Err("kWidth must be non-zero for an NVIDIA MMA operand".into());
    }
    if !m.is_multiple_of(8) || !u64::from(n).is_multiple_of(k_width * 4) {
        return Err(format!(
            "MMA tile {} is not a multiple of 8 x (4 * kWidth = {})",
            fmt_list(tile_shape),
            4 * k_width
        ));
    }
    let mut ll = identity_standard_nd(REGISTER, &vec![1; rank], rep_order)?;
    for part in [
        identity(k_width, REGISTER, &names[inner])?,
        identity(4, LANE, &names[inner])?,
        identity(8, LANE, &names[outer])?,
        identity(u64::from(m / 8), REGISTER, &names[outer])?,
        identity(u64::from(n) / (k_width * 4), REGISTER, &names[inner])?,
    ] {
        ll = mul(&ll, &part)?;
    }
    Ok(ll)
}

/// Triton's `getContigPerThread` of a layout: along each dimension, taken in
/// the register order (`order_per_dim` of the registers, row-major default),
/// the run of leading register bases 1, 2, 4, ... along it.
pub fn contig_per_thread(ll: &LinearLayout) -> Vec<u32> {
    let rank = ll.num_out_dims();
    let order = order_per_dim(ll, REGISTER, &matrix_order(rank, true));
    let regs: &[Vec<i32>] = ll.bases().iter().find(|(n, _)| n == REGISTER).map_or(&[], |(_, v)| v.as_slice());
    let mut contig = vec![1u32; rank];
    let mut next = regs.iter().peekable();
    for &d in &order {
        let mut basis = vec![0i32; rank];
        basis[d as usize] = 1;
        while next.peek().is_some_and(|r| **r == basis) {
            contig[d as usize] = contig[d as usize].saturating_mul(2);
            basis[d as usize] = basis[d as usize].saturating_mul(2);
            next.next();
        }
    }
    contig
}

/// Triton's `swizzleDotOperandLike` test for a distributed layout that is not
/// a dot operand (e.g. the `#ttg.linear` a `tt.trans` into a dot operand
/// reads): whether it starts like an `mma.sync` operand tile, i.e. its thread
/// order is that of a k-contiguous operand A (`[.., rank-1, rank-2]` fastest)
/// or B, and `ll` divides on the left by `nvidiaMmaTile` of an `8 x (4 *
/// kWidth)` microtile along that order, `kWidth` being the contiguous
/// elements per thread along the fastest thread dimension. Returns the
/// operand index, `kWidth` and the thread order, with which Triton builds the
/// operand's swizzled shared encoding.
pub fn mma_operand_like(ll: &LinearLayout) -> Option<(u32, u32, Vec<u32>)> {
    let rank = ll.num_out_dims();
    if rank < 2 {
        return None;
    }
    let order = order_per_dim(ll, REGISTER, &matrix_order(rank, true));
    let thread_order = order_per_dim(ll, LANE, &order);
    let op_idx = if thread_order == order_for_dot_operand(0, rank, true) {
        0
    } else if thread_order == order_for_dot_operand(1, rank, true) {
        1
    } else {
        return None;
    };
    let k_width = contig_per_thread(ll)[thread_order[0] as usize];
    let mut micro = vec![1u32; rank];
    micro[thread_order[0] as usize] = 4 * k_width;
    micro[thread_order[1] as usize] = 8;
    let rep_order: Vec<u32> = (0..rank as u32).collect();
    let tile = nvidia_mma_tile(&micro, k_width, &thread_order, &rep_order).ok()?;
    ll.divide_left(&tile)?;
    Some((op_idx, k_width, thread_order))
}

/// `#ttg.nvidia_mma` versions 2 (Ampere `mma.sync`) and 3 (Hopper wgmma).
fn nvidia_mma_to_linear(
    version_major: u32,
    warps_per_cta: &[u32],
    cga: &Cga,
    instr_shape: &[u32],
    shape: &[i64],
) -> Result<LinearLayout, String> {
    let rank = shape.len();
    check_rank("#ttg.nvidia_mma", warps_per_cta.len(), shape)?;
    let tile_shape: Vec<u32> = match version_major {
        2 => instr_shape.to_vec(),
        3 => {
            if instr_shape.len() < 2 {
                return Err("a Hopper MMA instrShape needs M and N".into());
            }
            instr_shape[..2].to_vec()
        }
        v => return Err(format!("no linear layout for #ttg.nvidia_mma version {v}")),
    };
    if tile_shape.len() != rank {
        return Err(format!(
            "#ttg.nvidia_mma tile {} does not match the shape {}",
            fmt_list(&tile_shape),
            fmt_list(shape)
        ));
    }
    let order = matrix_order(rank, true);
    let mut cta = nvidia_mma_tile(&tile_shape, 2, &order, &order)?;
    let warp_order = matrix_order(rank, version_major != 3);
    let cta_names: Vec<String> = cta.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    let warps = identity_standard_nd(WARP, warps_per_cta, &warp_order)?
        .transpose_outs(&cta_names)
        .map_err(|e| e.to_string())?;
    cta = mul(&cta, &warps)?;
    combine_cta_cga_with_shape(cta, cga, shape)
}

/// `#ttg.dot_op` of an NVIDIA MMA: the A (16 x 8·kWidth) or B (8·kWidth x 8)
/// fragment of mma.sync, warps broadcast along k.
fn nvidia_dot_to_linear(
    op_idx: u32,
    k_width: u32,
    version_major: u32,
    warps_per_cta: &[u32],
    cga: &Cga,
    shape: &[i64],
) -> Result<LinearLayout, String> {
    let rank = shape.len();
    if version_major != 2 && version_major != 3 {
        return Err(format!(
            "no dot operand layout for #ttg.nvidia_mma version {version_major}"
        ));
    }
    if warps_per_cta.len() != rank {
        return Err("the parent #ttg.nvidia_mma has a different rank".into());
    }
    let is_a = op_idx == 0;
    let k8 = k_width.checked_mul(8).ok_or("kWidth is too large")?;
    let mut tile_shape = vec![1u32; rank];
    if is_a {
        tile_shape[rank - 2] = 16;
        tile_shape[rank - 1] = k8;
    } else {
        if version_major == 3 {
            return Err("a Hopper MMA takes its B operand from shared memory, not registers".into());
        }
        tile_shape[rank - 2] = k8;
        tile_shape[rank - 1] = 8;
    }
    let order = order_for_dot_operand(op_idx, rank, true);
    let mut cta = nvidia_mma_tile(&tile_shape, k_width, &order, &order)?;
    let k_dim = if is_a { rank - 1 } else { rank - 2 };
    let warp_order = matrix_order(rank, version_major != 3);
    let cta_names: Vec<String> = cta.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    let warps = broadcasted_dot_operand(WARP, warps_per_cta, &warp_order, k_dim)?
        .transpose_outs(&cta_names)
        .map_err(|e| e.to_string())?;
    cta = mul(&cta, &warps)?;
    combine_cta_cga_with_shape(cta, &dot_operand_cga(cga, rank, k_dim), shape)
}

/// The parameters of an `#ttg.amd_mfma` encoding, with defaults applied.
struct MfmaParams {
    warps_per_cta: Vec<u32>,
    m_dim: u32,
    n_dim: u32,
    is_transposed: bool,
    cga: Cga,
    tiles_per_warp: Vec<u32>,
    element_bit_width: u32,
}

impl MfmaParams {
    /// Reads the parameters of an `#ttg.amd_mfma` encoding.
    fn of(enc: &Encoding) -> Result<Self, String> {
        let Encoding::AmdMfma {
            warps_per_cta,
            instr_shape,
            is_transposed,
            cga,
            tiles_per_warp,
            element_bit_width,
            ..
        } = enc
        else {
            return Err("not an #ttg.amd_mfma encoding".into());
        };
        if instr_shape.len() < 2 {
            return Err("#ttg.amd_mfma instrShape needs at least M and N".into());
        }
        let rank = warps_per_cta.len();
        let tiles_per_warp = if tiles_per_warp.is_empty() {
            vec![1; rank]
        } else {
            tiles_per_warp.clone()
        };
        if tiles_per_warp.len() != rank {
            return Err("#ttg.amd_mfma tilesPerWarp and warpsPerCTA have different ranks".into());
        }
        let (m_dim, n_dim) = (instr_shape[0], instr_shape[1]);
        if ![(32, 32), (16, 16), (64, 4), (4, 64)].contains(&(m_dim, n_dim)) {
            return Err(format!("invalid (mDim, nDim) combination: ({m_dim}, {n_dim})"));
        }
        Ok(MfmaParams {
            warps_per_cta: warps_per_cta.clone(),
            m_dim,
            n_dim,
            is_transposed: *is_transposed,
            cga: cga.clone(),
            tiles_per_warp,
            element_bit_width: if *element_bit_width == 0 {
                32
            } else {
                *element_bit_width
            },
        })
    }

    /// The rank, which must be 2 or 3 (a leading batch dimension).
    fn checked_rank(&self, shape: &[i64]) -> Result<usize, String> {
        check_rank("#ttg.amd_mfma", self.warps_per_cta.len(), shape)?;
        match shape.len() {
            2 | 3 => Ok(shape.len()),
            r => Err(format!("#ttg.amd_mfma supports rank 2 or 3, not {r}")),
        }
    }
}

/// The number of lanes of an AMD wavefront for MFMA.
const MFMA_WARP_SIZE: u64 = 64;

/// `#ttg.amd_mfma`: the MFMA output tile (registers along M, lanes along N
/// then M, or the transpose), tiles and warps repeated along N first, then M.
fn mfma_to_linear(p: &MfmaParams, shape: &[i64]) -> Result<LinearLayout, String> {
    let rank = p.checked_rank(shape)?;
    let batch = rank == 3;
    let (m_index, n_index) = (usize::from(batch), 1 + usize::from(batch));
    let names = standard_out_dim_names(rank);
    let (dim_m, dim_n) = (&names[rank - 2], &names[rank - 1]);
    let (m, n) = (u64::from(p.m_dim), u64::from(p.n_dim));
    let height: u64 = if p.element_bit_width == 64 { 1 } else { 4 };
    if m == 64 && n == 4 && !p.is_transposed {
        return Err("a 64x4 MFMA layout must be transposed".into());
    }
    let tiles = (m * n) / (MFMA_WARP_SIZE * height);
    let (reg_dim, lane_first, lane_first_size, lane_second) = if p.is_transposed {
        (dim_n, dim_m, m, dim_n)
    } else {
        (dim_m, dim_n, n, dim_m)
    };
    let lanes = mul(
        &identity(lane_first_size, LANE, lane_first)?,
        &identity(MFMA_WARP_SIZE / lane_first_size, LANE, lane_second)?,
    )?;
    let mut tile = mul(&identity(height, REGISTER, reg_dim)?, &lanes)?;
    if tiles > 0 {
        tile = mul(&tile, &identity(tiles, REGISTER, reg_dim)?)?;
    }
    tile = tile
        .transpose_outs(&[dim_n.as_str(), dim_m.as_str()])
        .map_err(|e| e.to_string())?;

    let tpw_m = u64::from(p.tiles_per_warp[m_index]);
    let tpw_n = u64::from(p.tiles_per_warp[n_index]);
    let wpc_m = u64::from(p.warps_per_cta[m_index]);
    let wpc_n = u64::from(p.warps_per_cta[n_index]);
    let n_reps = (shape[n_index] as u64) / n.saturating_mul(wpc_n).saturating_mul(tpw_n).max(1);
    for part in [
        identity(tpw_n, REGISTER, dim_n)?,
        identity(wpc_n, WARP, dim_n)?,
        identity(n_reps.max(1), REGISTER, dim_n)?,
        identity(tpw_m, REGISTER, dim_m)?,
        identity(wpc_m, WARP, dim_m)?,
    ] {
        tile = mul(&tile, &part)?;
    }
    if batch {
        for part in [
            identity(1, REGISTER, &names[0])?,
            identity(1, LANE, &names[0])?,
            identity(u64::from(p.warps_per_cta[0]), WARP, &names[0])?,
        ] {
            tile = mul(&tile, &part)?;
        }
    }
    combine_cta_cga_with_shape(tile, &p.cga, shape)
}

/// `#ttg.dot_op` of an MFMA: `k_width` consecutive k elements per lane, the
/// lanes along the non-k dimension then k, repeated along k to cover it.
fn mfma_dot_to_linear(op_idx: u32, k_width: u32, p: &MfmaParams, shape: &[i64]) -> Result<LinearLayout, String> {
    let rank = p.checked_rank(shape)?;
    let batch = rank == 3;
    let names = standard_out_dim_names(rank);
    let non_k_index = if op_idx == 0 { rank - 2 } else { rank - 1 };
    let k_index = if op_idx == 0 { rank - 1 } else { rank - 2 };
    let non_k_dim = u64::from(if op_idx == 0 { p.m_dim } else { p.n_dim });
    let k_width = u64::from(k_width);
    if k_width == 0 {
        return Err("ttg.dot_op kWidth parameter is mandatory for MFMA parent".into());
    }
    let k_size = shape[k_index] as u64;
    let order = order_for_dot_operand(op_idx, rank, true);
    let dim_k = &names[order[0] as usize];
    let dim_non_k = &names[order[1] as usize];

    let lanes = mul(
        &identity(non_k_dim, LANE, dim_non_k)?,
        &identity(MFMA_WARP_SIZE / non_k_dim, LANE, dim_k)?,
    )?;
    let mut tile = mul(&identity(k_width, REGISTER, dim_k)?, &lanes)?;
    let mut k_tile = (MFMA_WARP_SIZE / non_k_dim).saturating_mul(k_width);
    let (m, n) = (p.m_dim, p.n_dim);
    if (m == 64 && n == 4 && op_idx == 0) || (m == 4 && n == 64 && op_idx == 1) {
        tile = mul(&tile, &identity(16, REGISTER, dim_k)?)?;
        k_tile = k_tile.saturating_mul(16);
    }
    if k_size > k_tile {
        tile = mul(&tile, &identity(k_size / k_tile, REGISTER, dim_k)?)?;
    }
    tile = mul(
        &tile,
        &identity(u64::from(p.tiles_per_warp[non_k_index]), REGISTER, dim_non_k)?,
    )?;
    tile = tile
        .transpose_outs(&[dim_k.as_str(), dim_non_k.as_str()])
        .map_err(|e| e.to_string())?;
    if batch {
        let dim_b = &names[order[2] as usize];
        tile = mul(&tile, &identity(1, REGISTER, dim_b)?)?;
        tile = mul(&tile, &identity(1, LANE, dim_b)?)?;
    }
    let warps = identity_standard_nd(WARP, &p.warps_per_cta, &matrix_order(rank, true))?;
    let cta = mul(&tile, &warps)?;
    combine_cta_cga_with_shape(cta, &p.cga, shape)
}

/// Checks an `#ttg.amd_wmma` CTA layout: output dimensions `dim0..` of the
/// given rank, input dimensions among `register` and `warp`.
fn check_wmma_cta_layout(cta_layout: &LinearLayout, rank: usize) -> Result<(), String> {
    if cta_layout.get_out_dim_names() != standard_out_dim_names(rank) {
        return Err(format!(
            "#ttg.amd_wmma ctaLayout must map to dim0..dim{}",
            rank.saturating_sub(1)
        ));
    }
    if let Some(bad) = cta_layout
        .get_in_dim_names()
        .iter()
        .find(|n| **n != REGISTER && **n != WARP)
    {
        return Err(format!(
            "#ttg.amd_wmma ctaLayout has unexpected input dimension '{bad}'"
        ));
    }
    Ok(())
}

/// The register and lane layout of one WMMA output tile (16x16).
fn wmma_tile(version: u32, is_transposed: bool, rank: usize) -> Result<LinearLayout, String> {
    if !(1..=3).contains(&version) {
        return Err("WMMA version must be in the [1, 3] range".into());
    }
    if rank != 2 && rank != 3 {
        return Err(format!("#ttg.amd_wmma supports rank 2 or 3, not {rank}"));
    }
    let names = standard_out_dim_names(rank);
    let thread_order = matrix_order(rank, !is_transposed);
    let outs = vec![
        names[thread_order[0] as usize].clone(),
        names[thread_order[1] as usize].clone(),
    ];
    let (regs, gap): (Vec<Vec<i32>>, Vec<i32>) = if version == 1 {
        (vec![vec![0, 2], vec![0, 4], vec![0, 8]], vec![0, 1])
    } else {
        (vec![vec![0, 1], vec![0, 2], vec![0, 4]], vec![0, 8])
    };
    let mut lanes = vec![vec![1, 0], vec![2, 0], vec![4, 0], vec![8, 0]];
    lanes.push(gap);
    let mut tile = from_bases(vec![(REGISTER.into(), regs), (LANE.into(), lanes)], outs, true)?;
    if rank == 3 {
        tile = mul(&tile, &identity(1, REGISTER, &names[0])?)?;
        tile = mul(&tile, &identity(1, LANE, &names[0])?)?;
    }
    tile.transpose_outs(&names).map_err(|e| e.to_string())
}

/// `#ttg.amd_wmma`: the WMMA tile times the CTA layout of warps and
/// repetitions, tiled over the shape in row-major repetition order.
fn wmma_to_linear(
    version: u32,
    cta_layout: &LinearLayout,
    is_transposed: bool,
    cga: &Cga,
    shape: &[i64],
) -> Result<LinearLayout, String> {
    let rank = shape.len();
    check_rank("#ttg.amd_wmma", cta_layout.num_out_dims(), shape)?;
    check_wmma_cta_layout(cta_layout, rank)?;
    let tile = wmma_tile(version, is_transposed, rank)?;
    let ll = mul(&tile, cta_layout)?;
    let rep_names = permute_names(rank, &matrix_order(rank, true))?;
    let ll = ll.transpose_outs(&rep_names).map_err(|e| e.to_string())?;
    combine_cta_cga_with_shape(ll, cga, shape)
}

/// `#ttg.dot_op` of a WMMA: `k_width` registers along k, lanes along the
/// non-k dimension then k (duplicated for version 1), the parent's CTA
/// layout projected off k.
fn wmma_dot_to_linear(
    op_idx: u32,
    k_width: u32,
    version: u32,
    cta_layout: &LinearLayout,
    cga: &Cga,
    instr_shape: &[u32],
    shape: &[i64],
) -> Result<LinearLayout, String> {
    let rank = shape.len();
    if !(1..=3).contains(&version) {
        return Err("WMMA version must be in the [1, 3] range".into());
    }
    if rank != 2 && rank != 3 {
        return Err(format!("#ttg.amd_wmma supports rank 2 or 3, not {rank}"));
    }
    check_wmma_cta_layout(cta_layout, rank)?;
    let instr: [u32; 3] = match instr_shape {
        [] => [16, 16, 16],
        [m, n, k] => [*m, *n, *k],
        _ => return Err("#ttg.amd_wmma instrShape must be [M, N, K]".into()),
    };
    let names = standard_out_dim_names(rank);
    let order = order_for_dot_operand(op_idx, rank, true);
    let dim_k = &names[order[0] as usize];
    let dim_non_k = &names[order[1] as usize];
    let non_k_dim = u64::from(if op_idx == 0 { instr[0] } else { instr[1] });
    let k_width = u64::from(k_width);
    if non_k_dim == 0 || 32 % non_k_dim != 0 || k_width == 0 {
        return Err("invalid WMMA operand tile".into());
    }
    let depth = 32 / non_k_dim;
    let mut tile = mul(
        &identity(k_width, REGISTER, dim_k)?,
        &identity(non_k_dim, LANE, dim_non_k)?,
    )?;
    let along_k = if version == 1 {
        zeros(depth, LANE, dim_k)?
    } else {
        identity(depth, LANE, dim_k)?
    };
    tile = mul(&tile, &along_k)?;
    let k_tile = depth * k_width;
    // Repeat along k up to one instruction; the rest of k is covered by
    // repetitions after the CTA layout.
    tile = mul(
        &tile,
        &identity((u64::from(instr[2]) / k_tile).max(1), REGISTER, dim_k)?,
    )?;

    // The parent's CTA layout, without its movement along k and without the
    // register repetitions that only moved along k.
    let k_pos = order[0] as usize;
    let bases: Bases = cta_layout
        .bases()
        .iter()
        .map(|(name, vectors)| {
            let projected = vectors.iter().map(|v| {
                let mut v = v.clone();
                v[k_pos] = 0;
                v
            });
            let kept = if name == REGISTER {
                projected.filter(|v| v.iter().any(|&x| x != 0)).collect()
            } else {
                projected.collect()
            };
            (name.clone(), kept)
        })
        .collect();
    let cta = from_bases(bases, names.clone(), false)?;
    let ll = mul(&tile, &cta)?;
    let rep_names = permute_names(rank, &order)?;
    let ll = ll.transpose_outs(&rep_names).map_err(|e| e.to_string())?;
    combine_cta_cga_with_shape(ll, cga, shape)
}

/// `#ttg.linear` / `#ttg.generic_linear`: the layout itself, repeated along
/// `register` or wrapped (dropping register bases) to fit the shape, the
/// output dimensions visited in register order.
fn linear_to_linear(ll: &LinearLayout, shape: &[i64]) -> Result<LinearLayout, String> {
    let rank = ll.num_out_dims();
    check_rank("the linear layout", rank, shape)?;
    let canonical = standard_out_dim_names(rank);
    if ll.get_out_dim_names() != canonical {
        return Err("Expected output dimensions to be ['dim0', 'dim1', ...].".into());
    }
    let ll = canonical_distributed_in_dims(ll)?;
    let order = order_per_dim(&ll, REGISTER, &matrix_order(rank, true));
    let permuted: Vec<String> = order.iter().map(|&d| canonical[d as usize].clone()).collect();
    let full = labeled(shape);
    let ll = ll.transpose_outs(&permuted).map_err(|e| e.to_string())?;
    let ll = ensure_not_smaller(&ll, &full)?;
    let ll = ensure_not_larger(&ll, &full, false)?;
    ll.transpose_outs(&canonical).map_err(|e| e.to_string())
}

// --------------------------------------------------------------------------
// Shared encodings
// --------------------------------------------------------------------------

/// `#ttg.swizzled_shared` (and, with `rotating`, `#ttg.amd_rotating_shared`):
/// contiguous offsets along `order[0]`, each row along `order[1]` XOR-swizzled
/// in units of `vec` by its phase `(row / perPhase) % maxPhase` (combined, when
/// rotating, with the block number `row / (perPhase · maxPhase) % maxPhase`).
fn swizzled_to_linear(
    vec: u32,
    per_phase: u32,
    max_phase: u32,
    order: &[u32],
    cga: &Cga,
    shape: &[i64],
    rotating: bool,
) -> Result<LinearLayout, String> {
    let rank = shape.len();
    check_rank("the shared encoding", order.len(), shape)?;
    check_permutation(order, rank)?;
    let names = standard_out_dim_names(rank);
    let per_cta = shape_per_cta(cga, shape);
    if rank == 1 {
        let ll = identity(per_cta[0] as u64, OFFSET, &names[0])?;
        return combine_cta_cga_with_shape(ll, cga, shape);
    }
    if per_phase == 0 || max_phase == 0 {
        return Err("perPhase and maxPhase must be non-zero".into());
    }
    let col_dim = order[0] as usize;
    let row_dim = order[1] as usize;
    // The rotating layout sizes its tile from the whole shape, not one CTA's.
    let tile_shape = if rotating { shape } else { &per_cta[..] };
    let num_cols = tile_shape[col_dim];
    let num_rows = tile_shape[row_dim];
    let mut offsets: Vec<Vec<i32>> = Vec::new();
    let mut col = 1i64;
    while col < num_cols {
        offsets.push(vec![0, col as i32]);
        col *= 2;
    }
    let (vec, per_phase, max_phase) = (i64::from(vec), i64::from(per_phase), i64::from(max_phase));
    let mut row = 1i64;
    while row < num_rows {
        let phase = (row / per_phase) % max_phase;
        let phase = if rotating {
            phase ^ ((row / max_phase / per_phase) % max_phase)
        } else {
            phase
        };
        let swizzle = (vec.saturating_mul(phase)) % num_cols;
        offsets.push(vec![row as i32, swizzle as i32]);
        row *= 2;
    }
    let mut ll = from_bases(
        vec![(OFFSET.to_string(), offsets)],
        vec![names[row_dim].clone(), names[col_dim].clone()],
        false,
    )?;
    for &dim in &order[2..] {
        let dim = dim as usize;
        let size = if rotating { shape[dim] } else { per_cta[dim] };
        ll = mul(&ll, &identity(size as u64, OFFSET, &names[dim])?)?;
    }
    combine_cta_cga_with_shape(ll, cga, shape)
}

/// The shape of one TMA box for an NVMMA layout (Triton's `getTMABlockShape`
/// with packed sizes): every dimension at most 256, the contiguous one equal
/// to the swizzle width.
fn tma_block_shape(
    per_cta: &[i64],
    element_bit_width: u32,
    swizzle_bytes: u32,
    fp4_padded: bool,
    transposed: bool,
) -> Result<Vec<i64>, String> {
    let mut block = per_cta.to_vec();
    let contig = if transposed { 0 } else { block.len() - 1 };
    if fp4_padded {
        block[contig] *= 2;
    }
    for size in block.iter_mut() {
        *size = (*size).min(256);
    }
    if swizzle_bytes != 0 {
        let contig_size = i64::from(8 * swizzle_bytes / element_bit_width);
        if block[contig] < contig_size {
            return Err("Block shape is too small for the swizzle byte size in NVMMA Shared Layout.".into());
        }
        block[contig] = contig_size;
    }
    if fp4_padded {
        block[contig] /= 2;
    }
    Ok(block)
}

/// `#ttg.nvmma_shared`: the 8-row core-matrix swizzle pattern of the TMA /
/// wgmma shared layouts, repeated over a TMA box and then over the shape.
fn nvmma_to_linear(enc: &Encoding, shape: &[i64]) -> Result<LinearLayout, String> {
    let Encoding::NvmmaShared {
        swizzling_byte_width,
        transposed,
        element_bit_width,
        fp4_padded,
        cga,
        rank: enc_rank,
    } = enc
    else {
        return Err("not an #ttg.nvmma_shared encoding".into());
    };
    let (swizzle, transposed, fp4_padded) = (*swizzling_byte_width, *transposed, *fp4_padded);
    let ebw = *element_bit_width;
    if ebw == 0 {
        return Err("elementBitWidth must be non-zero".into());
    }
    if ![0, 32, 64, 128].contains(&swizzle) {
        return Err("swizzlingByteWidth must be 0, 32, 64, or 128".into());
    }
    let rank = shape.len();
    let enc_rank = *enc_rank as usize;
    // A leading buffer dimension (multi-buffering) may come on top of the
    // encoding's rank; its CGA is extended with a trivial dimension.
    let cga = if cga.bases.is_empty() || enc_rank == rank {
        cga.clone()
    } else if enc_rank + 1 == rank {
        Cga {
            bases: cga
                .bases
                .iter()
                .map(|b| std::iter::once(0).chain(b.iter().copied()).collect())
                .collect(),
        }
    } else {
        return Err(format!(
            "#ttg.nvmma_shared of rank {enc_rank} cannot describe the shape {}",
            fmt_list(shape)
        ));
    };
    if rank != enc_rank && rank != enc_rank + 1 {
        return Err(format!(
            "#ttg.nvmma_shared of rank {enc_rank} cannot describe the shape {}",
            fmt_list(shape)
        ));
    }
    let names = standard_out_dim_names(rank);
    let per_cta = shape_per_cta(&cga, shape);
    let tma = tma_block_shape(&per_cta, ebw, swizzle, fp4_padded, transposed)?;
    let per_cta_shape = labeled(&per_cta);
    if swizzle == 0 {
        // Unswizzled: the TMA box laid out row-major, the contiguous
        // dimension fastest. A transposed layout is built in the frame where
        // dimension 0 comes last (contiguous) and then rotated back.
        let boxed = if transposed {
            let mut frame = per_cta.clone();
            frame.rotate_left(1);
            tma_block_shape(&frame, ebw, 0, fp4_padded, false)?
        } else {
            tma.clone()
        };
        let mut ll = identity(boxed[rank - 1] as u64, OFFSET, &names[rank - 1])?;
        for i in (0..rank - 1).rev() {
            ll = mul(&ll, &identity(boxed[i] as u64, OFFSET, &names[i])?)?;
        }
        if transposed {
            // Entries are permuted by position; the layout's output
            // dimensions are in the order built, `dim{rank-1}` first.
            let order: Vec<usize> = std::iter::once(rank - 1).chain(0..rank - 1).collect();
            ll = transpose_layout(&ll, &order)?;
        }
        let ll = ensure_not_smaller(&ll, &per_cta_shape)?;
        return combine_cta_cga_with_shape(ll, &cga, shape);
    }
    if rank < 2 {
        return Err("a swizzled #ttg.nvmma_shared layout needs rank >= 2".into());
    }
    // Collapse the outer dimensions of the box into one.
    let outer = tma[..rank - 1].iter().try_fold(1i64, |acc, &x| acc.checked_mul(x));
    let Some(outer) = outer else {
        return Err(format!("shape {} is too large for an NVMMA layout", fmt_list(shape)));
    };
    let mut collapsed = [outer, tma[rank - 1]];
    if transposed {
        collapsed.swap(0, 1);
    }
    let tile = nvmma_core_matrix(swizzle, ebw, fp4_padded)?;
    let tile_rows = i64::from(tile.out_dims()[0].1);
    let tile_cols = 8 * i64::from(swizzle.max(16)) / i64::from(ebw);
    let packing = if fp4_padded { 2 } else { 1 };
    if collapsed[1] * packing < tile_cols || collapsed[0] < tile_rows {
        return Err(format!(
            "Illegal shared layout; expected collapsed shapePerCTA to be at least [{tile_rows}, {}], \
             collapsedTmaShape: [{}, {}]",
            tile_cols / packing,
            collapsed[0],
            collapsed[1]
        ));
    }
    let two = standard_out_dim_names(2);
    let ll = ensure_not_smaller(&tile, &[(two[0].clone(), collapsed[0]), (two[1].clone(), collapsed[1])])?;
    let mut box_shape = tma.clone();
    if transposed {
        box_shape.rotate_left(1);
    }
    let mut ll = reshape_layout(&ll, &box_shape)?;
    if transposed {
        let order: Vec<usize> = std::iter::once(rank - 1).chain(0..rank - 1).collect();
        ll = transpose_layout(&ll, &order)?;
    }
    let ll = ensure_not_smaller(&ll, &per_cta_shape)?;
    combine_cta_cga_with_shape(ll, &cga, shape)
}

/// One NVMMA core matrix: 8 rows of `8 · max(16, swizzle) / elementBitWidth`
/// contiguous columns, row `r` XOR-swizzled by `vec · ((r / perPhase) %
/// maxPhase)`; with fp4 padding every 16 offsets hold 8 real columns.
fn nvmma_core_matrix(swizzle: u32, ebw: u32, fp4_padded: bool) -> Result<LinearLayout, String> {
    let (vec, per_phase, max_phase) = match 128u32.checked_div(swizzle) {
        None => (1, 1, 1),
        Some(per_phase) => (128 / ebw.max(1), per_phase, swizzle / 16),
    };
    let tile_cols = 8 * swizzle.max(16) / ebw.max(1);
    let packed = |col: u32| if fp4_padded { col / 16 * 8 + col % 8 } else { col };
    let mut offsets: Vec<Vec<i32>> = Vec::new();
    let mut col = 1u32;
    while col < tile_cols {
        offsets.push(vec![0, packed(col) as i32]);
        col *= 2;
    }
    let mut row = 1u32;
    while row < 8 {
        let swizzled = vec.saturating_mul((row / per_phase.max(1)) % max_phase.max(1));
        offsets.push(vec![row as i32, packed(swizzled) as i32]);
        row *= 2;
    }
    from_bases(vec![(OFFSET.to_string(), offsets)], standard_out_dim_names(2), false)
}

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

/// `#ttg.shared_linear` / `#ttg.padded_shared`: the layout itself, which must
/// have exactly the requested shape (shared linear layouts are not tiled).
fn exact_shared_layout(ll: &LinearLayout, shape: &[i64], what: &str) -> Result<LinearLayout, String> {
    let sizes: Vec<i64> = ll.out_dims().iter().map(|&(_, s)| i64::from(s)).collect();
    if sizes != shape {
        return Err(format!(
            "#ttg.{what} layout has shape {}, which does not match {}",
            fmt_list(&sizes),
            fmt_list(shape)
        ));
    }
    Ok(ll.clone())
}

/// `#ttg.partitioned_shared`: the partition layout of one logical piece,
/// then `partition` choosing among `numPartitions` consecutive pieces along
/// `partitionDim`, then `offset` stepping through the `numGroups` groups.
fn partitioned_to_linear(
    num_partitions: u32,
    num_groups: u32,
    partition_dim: u32,
    partition_layout: &Encoding,
    shape: &[i64],
) -> Result<LinearLayout, String> {
    let dim = partition_dim as usize;
    if dim >= shape.len() {
        return Err(format!(
            "partitionDim {dim} is out of range for the shape {}",
            fmt_list(shape)
        ));
    }
    let pieces = i64::from(num_partitions) * i64::from(num_groups);
    if pieces <= 0 || shape[dim] % pieces != 0 {
        return Err(format!(
            "dimension {dim} of size {} cannot be split into {num_partitions} x {num_groups} pieces",
            shape[dim]
        ));
    }
    let mut piece_shape = shape.to_vec();
    piece_shape[dim] /= pieces;
    let base = match partition_layout {
        Encoding::PaddedShared { linear_component, .. } => linear_component.clone(),
        other if other.is_shared() => to_linear_layout(other, &piece_shape)?,
        other => {
            return Err(format!(
                "a partition layout must be shared, not #ttg.{}",
                other.mnemonic()
            ))
        }
    };
    let names = standard_out_dim_names(base.num_out_dims());
    let Some(name) = names.get(dim) else {
        return Err("the partition layout has a different rank".into());
    };
    let parts = identity(u64::from(num_partitions), PARTITION, name)?;
    let groups = identity(u64::from(num_groups), OFFSET, name)?;
    mul(&mul(&base, &parts)?, &groups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ttg::test_support::{bases, blocked, blocked_cga, dot, layout, nvidia_mma as mma, v};

    /// The output dimension sizes of `ll`.
    fn sizes(ll: &LinearLayout) -> Vec<i32> {
        ll.out_dims().iter().map(|&(_, s)| s).collect()
    }

    /// Checks a distributed layout's bases input dimension by input dimension.
    fn assert_distributed(ll: &LinearLayout, reg: &[&[i32]], lane: &[&[i32]], warp: &[&[i32]], block: &[&[i32]]) {
        assert_eq!(ll.get_in_dim_names(), [REGISTER, LANE, WARP, BLOCK]);
        assert_eq!(bases(ll, REGISTER), v(reg), "register bases of {ll}");
        assert_eq!(bases(ll, LANE), v(lane), "lane bases of {ll}");
        assert_eq!(bases(ll, WARP), v(warp), "warp bases of {ll}");
        assert_eq!(bases(ll, BLOCK), v(block), "block bases of {ll}");
    }

    #[test]
    fn blocked_tile_repeats_along_registers() {
        // 4 contiguous columns per thread, 4 threads across a row and 8 down
        // the columns: one warp covers 8x16, so a 16x16 tensor needs one more
        // register bit for rows 8..15.
        let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
        let ll = to_linear_layout(&enc, &[16, 16]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[0, 2], &[8, 0]],
            &[&[0, 4], &[0, 8], &[1, 0], &[2, 0], &[4, 0]],
            &[],
            &[],
        );
        assert_eq!(sizes(&ll), [16, 16]);
        // Thread 5 holds row 1, columns 4..7, and the same 8 rows lower.
        let at = |r: i32, l: i32| ll.apply(&[(REGISTER, r), (LANE, l), (WARP, 0), (BLOCK, 0)]).unwrap();
        assert_eq!(at(0, 5), vec![("dim0".to_string(), 1), ("dim1".to_string(), 4)]);
        assert_eq!(at(7, 5), vec![("dim0".to_string(), 9), ("dim1".to_string(), 7)]);
    }

    #[test]
    fn blocked_tile_wraps_around_a_smaller_tensor() {
        // On 4x4 the 4 lanes along columns hold columns 0..15 of which only
        // 0..3 exist, and the 8 lanes along rows only 4: the lane bases that
        // leave the tensor become zeros (broadcast).
        let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
        let ll = to_linear_layout(&enc, &[4, 4]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[0, 2]],
            &[&[0, 0], &[0, 0], &[1, 0], &[2, 0], &[0, 0]],
            &[],
            &[],
        );
        // Registers beyond the tensor are dropped rather than broadcast.
        let enc = blocked(&[2, 4], &[8, 4], &[1, 1], &[1, 0]);
        let ll = to_linear_layout(&enc, &[1, 4]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[0, 2]],
            &[&[0, 0], &[0, 0], &[0, 0], &[0, 0], &[0, 0]],
            &[],
            &[],
        );
    }

    #[test]
    fn blocked_warps_and_ctas() {
        // Two warps stacked along rows; a CGA of two CTAs splitting rows.
        let enc = blocked_cga(&[1, 1], &[8, 4], &[2, 1], &[1, 0], &[&[1, 0]]);
        let ll = to_linear_layout(&enc, &[32, 8]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 4]],
            &[&[0, 1], &[0, 2], &[1, 0], &[2, 0], &[4, 0]],
            &[&[8, 0]],
            &[&[16, 0]],
        );
        // A broadcast CTA basis stays a zero block basis.
        let enc = blocked_cga(&[1, 1], &[8, 4], &[2, 1], &[1, 0], &[&[0, 0]]);
        let ll = to_linear_layout(&enc, &[16, 8]).unwrap();
        assert_eq!(bases(&ll, BLOCK), v(&[&[0, 0]]));
        assert_eq!(bases(&ll, WARP), v(&[&[8, 0]]));
        // The default layout of a 4x4 tensor with 2 warps of 32 threads.
        let enc = blocked(&[1, 1], &[8, 4], &[2, 1], &[1, 0]);
        let ll = to_linear_layout(&enc, &[4, 4]).unwrap();
        assert_distributed(
            &ll,
            &[],
            &[&[0, 1], &[0, 2], &[1, 0], &[2, 0], &[0, 0]],
            &[&[0, 0]],
            &[],
        );
    }

    #[test]
    fn blocked_rank_three_follows_order() {
        let enc = blocked(&[2, 1, 1], &[1, 4, 8], &[1, 1, 1], &[0, 2, 1]);
        let ll = to_linear_layout(&enc, &[2, 4, 8]).unwrap();
        assert_distributed(
            &ll,
            &[&[1, 0, 0]],
            &[&[0, 0, 1], &[0, 0, 2], &[0, 0, 4], &[0, 1, 0], &[0, 2, 0]],
            &[],
            &[],
        );
    }

    #[test]
    fn mma_v2_tile() {
        // mma.sync m16n8: lane i holds rows i/4 and i/4 + 8, columns
        // 2 * (i % 4) and 2 * (i % 4) + 1.
        let ll = to_linear_layout(&mma(2, &[1, 1], &[16, 8]), &[16, 8]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[8, 0]],
            &[&[0, 2], &[0, 4], &[1, 0], &[2, 0], &[4, 0]],
            &[],
            &[],
        );
        for lane in 0..32 {
            for reg in 0..4 {
                let out = ll
                    .apply(&[(REGISTER, reg), (LANE, lane), (WARP, 0), (BLOCK, 0)])
                    .unwrap();
                assert_eq!(out[0].1, lane / 4 + 8 * (reg / 2), "row of lane {lane} reg {reg}");
                assert_eq!(out[1].1, 2 * (lane % 4) + reg % 2, "column of lane {lane} reg {reg}");
            }
        }
    }

    #[test]
    fn mma_v2_warps_and_repetitions() {
        // 2x2 warps, warp order row-major (column warps fastest), then the
        // tile repeats along columns before rows.
        let ll = to_linear_layout(&mma(2, &[2, 2], &[16, 8]), &[64, 64]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[8, 0], &[0, 16], &[0, 32], &[32, 0]],
            &[&[0, 2], &[0, 4], &[1, 0], &[2, 0], &[4, 0]],
            &[&[0, 8], &[16, 0]],
            &[],
        );
    }

    #[test]
    fn mma_v3_tile() {
        // wgmma m64nN: four warps stacked along M (16 rows each).
        let ll = to_linear_layout(&mma(3, &[4, 1], &[16, 64, 16]), &[64, 64]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[8, 0], &[0, 8], &[0, 16], &[0, 32]],
            &[&[0, 2], &[0, 4], &[1, 0], &[2, 0], &[4, 0]],
            &[&[16, 0], &[32, 0]],
            &[],
        );
    }

    #[test]
    fn dot_operands_of_mma_v2() {
        // A of m16n8k16 (kWidth 2): a0,a1 at row i/4, columns 2*(i%4)+{0,1};
        // a2,a3 eight rows lower; a4..a7 eight columns further.
        let ll = to_linear_layout(&dot(0, mma(2, &[1, 1], &[16, 8]), 2), &[16, 16]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[8, 0], &[0, 8]],
            &[&[0, 2], &[0, 4], &[1, 0], &[2, 0], &[4, 0]],
            &[],
            &[],
        );
        // B (16x8): b0,b1 at rows 2*(i%4)+{0,1} of column i/4; b2,b3 eight rows lower.
        let ll = to_linear_layout(&dot(1, mma(2, &[1, 1], &[16, 8]), 2), &[16, 8]).unwrap();
        assert_distributed(
            &ll,
            &[&[1, 0], &[8, 0]],
            &[&[2, 0], &[4, 0], &[0, 1], &[0, 2], &[0, 4]],
            &[],
            &[],
        );
        // kWidth 4, 2x2 warps: the warps are broadcast along k (columns of A).
        let ll = to_linear_layout(&dot(0, mma(2, &[2, 2], &[16, 8]), 4), &[32, 32]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[0, 2], &[8, 0], &[0, 16]],
            &[&[0, 4], &[0, 8], &[1, 0], &[2, 0], &[4, 0]],
            &[&[0, 0], &[16, 0]],
            &[],
        );
    }

    #[test]
    fn dot_operand_of_blocked_holds_all_of_k() {
        // FMA operand A: each thread holds the whole k extent (4 columns);
        // lanes and warps along k broadcast.
        let ll = to_linear_layout(&dot(0, blocked(&[1, 1], &[4, 8], &[2, 1], &[1, 0]), 0), &[8, 4]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[0, 2]],
            &[&[0, 0], &[0, 0], &[0, 0], &[1, 0], &[2, 0]],
            &[&[4, 0]],
            &[],
        );
    }

    #[test]
    fn slices_of_blocked() {
        let parent = blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]);
        // Sliced along columns: the column lanes broadcast, registers vanish.
        let ll = to_linear_layout(
            &Encoding::Slice {
                dim: 1,
                parent: Box::new(parent.clone()),
            },
            &[32],
        )
        .unwrap();
        assert_distributed(&ll, &[], &[&[0], &[0], &[1], &[2], &[4]], &[&[8], &[16]], &[]);
        assert_eq!(sizes(&ll), [32]);
        // Sliced along rows: 4 registers, then 4 lanes, then repetitions.
        let ll = to_linear_layout(
            &Encoding::Slice {
                dim: 0,
                parent: Box::new(parent),
            },
            &[64],
        )
        .unwrap();
        assert_distributed(
            &ll,
            &[&[1], &[2], &[16], &[32]],
            &[&[4], &[8], &[0], &[0], &[0]],
            &[&[0], &[0]],
            &[],
        );
    }

    #[test]
    fn amd_mfma_layouts() {
        let mfma = |instr: &[u32], transposed: bool, warps: &[u32]| Encoding::AmdMfma {
            version: 3,
            warps_per_cta: warps.to_vec(),
            instr_shape: instr.to_vec(),
            is_transposed: transposed,
            cga: Cga::default(),
            tiles_per_warp: vec![],
            element_bit_width: 32,
        };
        // 32x32: 4 consecutive rows per register group, gaps of 4 rows between
        // the two halves of the wave.
        let ll = to_linear_layout(&mfma(&[32, 32, 8], false, &[1, 1]), &[32, 32]).unwrap();
        assert_distributed(
            &ll,
            &[&[1, 0], &[2, 0], &[8, 0], &[16, 0]],
            &[&[0, 1], &[0, 2], &[0, 4], &[0, 8], &[0, 16], &[4, 0]],
            &[],
            &[],
        );
        // Transposed 16x16: registers run along columns.
        let ll = to_linear_layout(&mfma(&[16, 16, 16], true, &[2, 1]), &[32, 16]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[0, 2]],
            &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[0, 4], &[0, 8]],
            &[&[16, 0]],
            &[],
        );
        // Operand A with kWidth 4: 4 consecutive k per lane, 32 lanes down M,
        // the other half of the wave 4 columns further.
        let ll = to_linear_layout(&dot(0, mfma(&[32, 32, 8], false, &[1, 1]), 4), &[32, 8]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1], &[0, 2]],
            &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[16, 0], &[0, 4]],
            &[],
            &[],
        );
    }

    #[test]
    fn amd_wmma_layouts() {
        let wmma = |version: u32, warp: &[&[i32]]| Encoding::AmdWmma {
            version,
            cta_layout: layout(&[(REGISTER, &[]), (WARP, warp)], 2),
            is_transposed: false,
            cga: Cga::default(),
            instr_shape: vec![16, 16, 16],
        };
        // Version 1: every other row, lanes 16..31 on the odd rows.
        let ll = to_linear_layout(&wmma(1, &[]), &[16, 16]).unwrap();
        assert_distributed(
            &ll,
            &[&[2, 0], &[4, 0], &[8, 0]],
            &[&[0, 1], &[0, 2], &[0, 4], &[0, 8], &[1, 0]],
            &[],
            &[],
        );
        // Version 2: 8 consecutive rows per lane; one warp below the other.
        let ll = to_linear_layout(&wmma(2, &[&[1, 0]]), &[32, 16]).unwrap();
        assert_distributed(
            &ll,
            &[&[1, 0], &[2, 0], &[4, 0]],
            &[&[0, 1], &[0, 2], &[0, 4], &[0, 8], &[8, 0]],
            &[&[16, 0]],
            &[],
        );
    }

    /// Batched (rank-3) MMA v2 layouts, `instrShape = [1, 16, 8]`: the
    /// expected bases are Triton 3.9's (printed by its `tt.reshape` verifier
    /// as the inferred `#ttg.linear` of the source).
    #[test]
    fn batched_mma_v2_matches_triton() {
        let mma3 = mma(2, &[1, 2, 2], &[1, 16, 8]);
        let ll = to_linear_layout(&mma3, &[2, 32, 32]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 0, 1], &[0, 8, 0], &[0, 0, 16], &[1, 0, 0]],
            &[&[0, 0, 2], &[0, 0, 4], &[0, 1, 0], &[0, 2, 0], &[0, 4, 0]],
            &[&[0, 0, 8], &[0, 16, 0]],
            &[],
        );
        let ll = to_linear_layout(&dot(1, mma3, 2), &[2, 32, 32]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 1, 0], &[0, 8, 0], &[0, 16, 0], &[0, 0, 16], &[1, 0, 0]],
            &[&[0, 2, 0], &[0, 4, 0], &[0, 0, 1], &[0, 0, 2], &[0, 0, 4]],
            &[&[0, 0, 8], &[0, 0, 0]],
            &[],
        );
        // Warps along the batch: the batch dimension's warp bits come last.
        let ll = to_linear_layout(&dot(0, mma(2, &[2, 2, 1], &[1, 16, 8]), 2), &[4, 32, 32]).unwrap();
        assert_distributed(
            &ll,
            &[&[0, 0, 1], &[0, 8, 0], &[0, 0, 8], &[0, 0, 16], &[2, 0, 0]],
            &[&[0, 0, 2], &[0, 0, 4], &[0, 1, 0], &[0, 2, 0], &[0, 4, 0]],
            &[&[0, 16, 0], &[1, 0, 0]],
            &[],
        );
    }

    #[test]
    fn linear_layouts_extend_and_wrap() {
        let ll = layout(
            &[
                (REGISTER, &[&[0, 1]]),
                (LANE, &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[0, 2]]),
                (WARP, &[]),
                (BLOCK, &[]),
            ],
            2,
        );
        // Grown along registers in register order: columns first, then rows.
        let got = to_linear_layout(&Encoding::Linear(ll.clone()), &[32, 8]).unwrap();
        assert_distributed(
            &got,
            &[&[0, 1], &[0, 4], &[16, 0]],
            &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[0, 2]],
            &[],
            &[],
        );
        // Its own shape gives the layout back.
        assert_eq!(
            to_linear_layout(&Encoding::Linear(ll), &[16, 4]).unwrap().bases()[0].1,
            v(&[&[0, 1]])
        );
        // Shrunk: registers beyond the shape are dropped, lanes broadcast.
        let ll = layout(
            &[
                (REGISTER, &[&[0, 1], &[0, 2]]),
                (LANE, &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[16, 0]]),
                (WARP, &[]),
                (BLOCK, &[]),
            ],
            2,
        );
        let got = to_linear_layout(&Encoding::GenericLinear(ll), &[8, 2]).unwrap();
        assert_distributed(
            &got,
            &[&[0, 1]],
            &[&[1, 0], &[2, 0], &[4, 0], &[0, 0], &[0, 0]],
            &[],
            &[],
        );
    }

    #[test]
    fn swizzled_shared_layouts() {
        let swizzled = |vec, per_phase, max_phase, order: &[u32]| Encoding::SwizzledShared {
            vec,
            per_phase,
            max_phase,
            order: order.to_vec(),
            cga: Cga::default(),
        };
        // Row r is XOR-swizzled by vec * ((r / perPhase) % maxPhase) = 2 * (r % 4).
        let ll = to_linear_layout(&swizzled(2, 1, 4, &[1, 0]), &[8, 8]).unwrap();
        assert_eq!(ll.get_in_dim_names(), [OFFSET, BLOCK]);
        assert_eq!(
            bases(&ll, OFFSET),
            v(&[&[0, 1], &[0, 2], &[0, 4], &[1, 2], &[2, 4], &[4, 0]])
        );
        // Offset 8 * 3 + 1 is row 3, column 1 ^ (2 * 3) = 7.
        let out = ll.apply(&[(OFFSET, 25), (BLOCK, 0)]).unwrap();
        assert_eq!((out[0].1, out[1].1), (3, 7));
        // Column-major order with two rows per phase.
        let ll = to_linear_layout(&swizzled(1, 2, 4, &[0, 1]), &[8, 4]).unwrap();
        assert_eq!(bases(&ll, OFFSET), v(&[&[1, 0], &[2, 0], &[4, 0], &[0, 1], &[1, 2]]));
        // Rotating: the phase also XORs with the block of maxPhase * perPhase rows.
        let rotating = Encoding::AmdRotatingShared {
            vec: 1,
            per_phase: 1,
            max_phase: 2,
            order: vec![1, 0],
            cga: Cga::default(),
        };
        let ll = to_linear_layout(&rotating, &[4, 2]).unwrap();
        assert_eq!(bases(&ll, OFFSET), v(&[&[0, 1], &[1, 1], &[2, 1]]));
    }

    #[test]
    fn nvmma_shared_layouts() {
        let nvmma = |swizzle, transposed, ebw| Encoding::NvmmaShared {
            swizzling_byte_width: swizzle,
            transposed,
            element_bit_width: ebw,
            fp4_padded: false,
            cga: Cga::default(),
            rank: 2,
        };
        // 128B swizzle of 16-bit elements: 8 rows of 64 columns, row r XORed
        // by 8 * r in units of 16 bytes.
        let ll = to_linear_layout(&nvmma(128, false, 16), &[8, 64]).unwrap();
        assert_eq!(
            bases(&ll, OFFSET),
            v(&[
                &[0, 1],
                &[0, 2],
                &[0, 4],
                &[0, 8],
                &[0, 16],
                &[0, 32],
                &[1, 8],
                &[2, 16],
                &[4, 32]
            ])
        );
        // A bigger tile repeats the 8x64 core matrix down, then across.
        let ll = to_linear_layout(&nvmma(128, false, 16), &[16, 128]).unwrap();
        assert_eq!(bases(&ll, OFFSET)[9..], v(&[&[8, 0], &[0, 64]]));
        // No swizzle: row-major.
        let ll = to_linear_layout(&nvmma(0, false, 16), &[4, 8]).unwrap();
        assert_eq!(bases(&ll, OFFSET), v(&[&[0, 1], &[0, 2], &[0, 4], &[1, 0], &[2, 0]]));
        // Transposed 32B swizzle: dimension 0 is contiguous.
        let ll = to_linear_layout(&nvmma(32, true, 16), &[16, 8]).unwrap();
        assert_eq!(
            bases(&ll, OFFSET),
            v(&[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[0, 1], &[0, 2], &[8, 4]])
        );
        // The swizzle needs a wide enough contiguous dimension.
        assert!(to_linear_layout(&nvmma(128, false, 16), &[8, 32]).is_err());
    }

    #[test]
    fn linear_shared_layouts() {
        let ll = layout(&[(OFFSET, &[&[0, 1], &[1, 0], &[2, 0]]), (BLOCK, &[])], 2);
        let enc = Encoding::SharedLinear {
            layout: ll.clone(),
            alignment: 16,
        };
        assert_eq!(to_linear_layout(&enc, &[4, 2]).unwrap(), ll);
        assert!(to_linear_layout(&enc, &[8, 2]).unwrap_err().contains("does not match"));
        let padded = Encoding::PaddedShared {
            intervals: vec![4],
            paddings: vec![1],
            linear_component: ll.clone(),
        };
        assert_eq!(to_linear_layout(&padded, &[4, 2]).unwrap(), ll);
        // Two partitions of two groups along rows: pieces of 2x4.
        let inner = Encoding::SwizzledShared {
            vec: 1,
            per_phase: 1,
            max_phase: 1,
            order: vec![1, 0],
            cga: Cga::default(),
        };
        let partitioned = Encoding::PartitionedShared {
            num_partitions: 2,
            num_groups: 2,
            partition_dim: 0,
            partition_layout: Box::new(inner),
        };
        let ll = to_linear_layout(&partitioned, &[8, 4]).unwrap();
        assert_eq!(bases(&ll, OFFSET), v(&[&[0, 1], &[0, 2], &[1, 0], &[4, 0]]));
        assert_eq!(bases(&ll, PARTITION), v(&[&[2, 0]]));
    }

    #[test]
    fn per_thread_queries() {
        let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
        assert_eq!(enc.elems_per_thread(&[16, 16]).unwrap(), [2, 4]);
        assert_eq!(enc.total_elems_per_thread(&[16, 16]).unwrap(), 8);
        assert_eq!(enc.total_elems_per_thread(&[4, 4]).unwrap(), 4);
        assert_eq!(enc.order_for_shape(&[16, 16]).unwrap(), [1, 0]);
        let small = blocked(&[1, 1], &[8, 4], &[2, 1], &[1, 0]);
        assert_eq!(small.elems_per_thread(&[4, 4]).unwrap(), [1, 1]);
        assert_eq!(small.threads_per_warp_for(&[4, 4]).unwrap(), [4, 4]);
        assert_eq!(small.warps_per_cta_for(&[4, 4]).unwrap(), [1, 1]);
        assert_eq!(small.warps_per_cta_for(&[16, 4]).unwrap(), [2, 1]);
        let mma = mma(2, &[2, 2], &[16, 8]);
        assert_eq!(mma.total_elems_per_thread(&[64, 64]).unwrap(), 32);
        assert_eq!(mma.elems_per_thread(&[64, 64]).unwrap(), [4, 8]);
        assert!(Encoding::SharedMemory.elems_per_thread(&[4]).is_err());
    }

    #[test]
    fn ranks_orders_and_parameters() {
        let parent = blocked(&[1, 4], &[8, 4], &[4, 1], &[0, 1]);
        assert_eq!(parent.rank(), 2);
        assert_eq!(parent.order(), [0, 1]);
        assert_eq!(parent.warps_per_cta(), Some(vec![4, 1]));
        assert_eq!(parent.threads_per_warp(), Some(vec![8, 4]));
        let slice = Encoding::Slice {
            dim: 0,
            parent: Box::new(parent.clone()),
        };
        assert_eq!(slice.rank(), 1);
        assert_eq!(slice.order(), [0]);
        assert_eq!(slice.warps_per_cta(), None);
        let b = dot(1, mma(2, &[1, 2, 2], &[1, 16, 8]), 2);
        assert_eq!(b.order(), [1, 2, 0]);
        assert_eq!(dot(0, mma(2, &[2, 2], &[16, 8]), 2).order(), [1, 0]);
        assert_eq!(mma(3, &[4, 1], &[16, 64, 16]).order(), [1, 0]);
        let nvmma = |transposed| Encoding::NvmmaShared {
            swizzling_byte_width: 128,
            transposed,
            element_bit_width: 16,
            fp4_padded: false,
            cga: Cga::default(),
            rank: 3,
        };
        assert_eq!(nvmma(false).order(), [2, 1, 0]);
        assert_eq!(nvmma(true).order(), [1, 2, 0]);
        let linear = layout(&[(REGISTER, &[&[1, 0]]), (LANE, &[]), (WARP, &[]), (BLOCK, &[])], 2);
        assert_eq!(Encoding::Linear(linear.clone()).order(), [0, 1]);
        assert_eq!(Encoding::Linear(linear).threads_per_warp(), Some(vec![1, 1]));
        assert_eq!(Encoding::SharedMemory.rank(), 0);
        assert_eq!(order_for_dot_operand(1, 2, false), [1, 0]);
        assert_eq!(matrix_order(3, false), [1, 2, 0]);
    }

    #[test]
    fn default_blocked_examples() {
        let check = |shape: &[i64], warps, threads, ctas, want: Encoding| {
            assert_eq!(
                default_blocked(shape, warps, threads, ctas),
                want,
                "{shape:?} {warps} {threads} {ctas}"
            );
        };
        check(&[4, 4], 2, 32, 1, blocked(&[1, 1], &[8, 4], &[2, 1], &[1, 0]));
        check(&[128], 4, 32, 1, blocked(&[1], &[32], &[4], &[0]));
        check(&[2, 256], 4, 64, 1, blocked(&[1, 1], &[1, 64], &[1, 4], &[1, 0]));
        check(&[1, 1], 4, 32, 1, blocked(&[1, 1], &[32, 1], &[4, 1], &[1, 0]));
        check(
            &[16, 16],
            4,
            32,
            2,
            blocked_cga(&[1, 1], &[2, 16], &[4, 1], &[1, 0], &[&[1, 0]]),
        );
        check(
            &[64, 64],
            8,
            32,
            4,
            blocked_cga(&[1, 1], &[1, 32], &[4, 2], &[1, 0], &[&[1, 0], &[2, 0]]),
        );
        check(
            &[8, 2, 32],
            4,
            32,
            2,
            blocked_cga(&[1, 1, 1], &[1, 1, 32], &[2, 2, 1], &[2, 1, 0], &[&[1, 0, 0]]),
        );
    }

    #[test]
    fn layout_helpers() {
        let ll = layout(&[(REGISTER, &[&[0, 1], &[1, 0]]), (LANE, &[&[0, 2]])], 2);
        // Row-major reshape of 2x4 into 8: (r, c) -> 4r + c.
        let flat = reshape_layout(&ll, &[8]).unwrap();
        assert_eq!(bases(&flat, REGISTER), v(&[&[1], &[4]]));
        assert_eq!(bases(&flat, LANE), v(&[&[2]]));
        let t = transpose_layout(&ll, &[1, 0]).unwrap();
        assert_eq!(bases(&t, REGISTER), v(&[&[1, 0], &[0, 1]]));
        assert_eq!(sizes(&t), [4, 2]);
        assert_eq!(bases_per_dim(&ll, REGISTER, true), [2, 2]);
        assert_eq!(order_per_dim(&ll, REGISTER, &[0, 1]), [1, 0]);
        let broadcast = layout(&[(REGISTER, &[&[0, 0], &[0, 1]])], 2);
        assert_eq!(bases_per_dim(&broadcast, REGISTER, false), [2, 2]);
        assert_eq!(bases_per_dim(&broadcast, REGISTER, true), [1, 2]);
        assert_eq!(
            supremum(&["dim1", "dim0"], &["dim0", "dim1", "dim2"]).unwrap(),
            ["dim1", "dim0", "dim2"]
        );
        assert_eq!(supremum(&["a"], &["b", "a"]).unwrap(), ["b", "a"]);
    }

    #[test]
    fn garbage_is_rejected_without_panicking() {
        let good = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
        for shape in [
            &[][..],
            &[0, 16],
            &[-4, 16],
            &[12, 16],
            &[16],
            &[16, 16, 16],
            &[1 << 31, 2],
            &[i64::MAX, 1],
        ] {
            assert!(to_linear_layout(&good, shape).is_err(), "shape {shape:?}");
        }
        assert!(to_linear_layout(&good, &[1 << 30; 3]).is_err(), "too many bits");
        let bad = [
            blocked(&[0, 4], &[8, 4], &[1, 1], &[1, 0]),
            blocked(&[3, 4], &[8, 4], &[1, 1], &[1, 0]),
            blocked(&[1 << 31, 4], &[8, 4], &[1, 1], &[1, 0]),
            blocked(&[1], &[8, 4], &[1, 1], &[1, 0]),
            blocked(&[1, 1], &[8, 4], &[1, 1], &[1, 1]),
            blocked(&[1, 1], &[8, 4], &[1, 1], &[7, 0]),
            blocked_cga(&[1, 1], &[8, 4], &[1, 1], &[1, 0], &[&[1]]),
            blocked_cga(&[1, 1], &[8, 4], &[1, 1], &[1, 0], &[&[-1, 0]]),
            blocked_cga(&[1, 1], &[8, 4], &[1, 1], &[1, 0], &[&[0, 3]]),
            Encoding::Slice {
                dim: u32::MAX,
                parent: Box::new(good.clone()),
            },
            Encoding::Slice {
                dim: 0,
                parent: Box::new(Encoding::SharedMemory),
            },
            dot(0, mma(2, &[1, 1], &[16, 8]), 0),
            dot(1, mma(3, &[4, 1], &[16, 64, 16]), 2),
            dot(5, good.clone(), 0),
            dot(0, Encoding::SharedMemory, 0),
            dot(0, dot(0, good.clone(), 0), 0),
            mma(1, &[1, 1], &[16, 8]),
            mma(7, &[1, 1], &[16, 8]),
            mma(2, &[1, 1], &[16]),
            mma(2, &[3, 1], &[16, 8]),
            mma(2, &[1, 1], &[12, 8]),
            Encoding::AmdMfma {
                version: 3,
                warps_per_cta: vec![1, 1],
                instr_shape: vec![],
                is_transposed: false,
                cga: Cga::default(),
                tiles_per_warp: vec![],
                element_bit_width: 0,
            },
            Encoding::AmdWmma {
                version: 9,
                cta_layout: LinearLayout::empty(),
                is_transposed: false,
                cga: Cga::default(),
                instr_shape: vec![],
            },
            Encoding::Linear(LinearLayout::empty()),
            Encoding::SwizzledShared {
                vec: 1,
                per_phase: 0,
                max_phase: 0,
                order: vec![1, 0],
                cga: Cga::default(),
            },
            Encoding::SwizzledShared {
                vec: u32::MAX,
                per_phase: 1,
                max_phase: 1,
                order: vec![9, 0],
                cga: Cga::default(),
            },
            Encoding::NvmmaShared {
                swizzling_byte_width: 128,
                transposed: false,
                element_bit_width: 0,
                fp4_padded: false,
                cga: Cga::default(),
                rank: 2,
            },
            Encoding::NvmmaShared {
                swizzling_byte_width: 48,
                transposed: true,
                element_bit_width: 16,
                fp4_padded: true,
                cga: Cga::default(),
                rank: 9,
            },
            Encoding::PartitionedShared {
                num_partitions: 0,
                num_groups: 0,
                partition_dim: 7,
                partition_layout: Box::new(Encoding::SharedMemory),
            },
            Encoding::PartitionedShared {
                num_partitions: 3,
                num_groups: 1,
                partition_dim: 0,
                partition_layout: Box::new(good.clone()),
            },
            Encoding::SharedMemory,
        ];
        for enc in &bad {
            for shape in [&[16, 16][..], &[1, 1], &[16], &[2, 4, 8]] {
                if let Ok(ll) = to_linear_layout(enc, shape) {
                    panic!("{enc:?} on {shape:?} gave {ll}");
                }
            }
            // The queries must not panic either.
            let _ = (enc.rank(), enc.order(), enc.warps_per_cta(), enc.threads_per_warp());
            let _ = (enc.elems_per_thread(&[16, 16]), enc.total_elems_per_thread(&[0]));
        }
        for (shape, warps, threads, ctas) in [
            (&[][..], 4, 32, 1),
            (&[0, -5], 0, 0, 0),
            (&[i64::MAX, i64::MIN], u32::MAX, u32::MAX, u32::MAX),
            (&[3, 5, 7], 3, 17, 5),
        ] {
            let enc = default_blocked(shape, warps, threads, ctas);
            assert_eq!(enc.rank(), shape.len());
            let _ = to_linear_layout(&enc, shape);
        }
    }
}
