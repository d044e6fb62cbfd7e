//! The shared-memory layouts of register↔register data movement (Triton's
//! generic swizzling), and the classification of layout conversions (register
//! reorder, warp shuffle, or shared memory) that decides whether a
//! `ttg.convert_layout` needs scratch memory at all.
//!
//! Everything works on *flattened* layouts: a distributed layout's output
//! dimensions merged into one (the first dimension least significant), so a
//! basis vector is one integer, the flat element offset it moves to. A
//! scratch layout ([`SwizzledSmem`]) maps the input dimensions `vector`,
//! `bank`, `segment`, `block` and `reps` to flat element offsets; `reps`
//! are the bases that both sides hold in registers and that the lowering
//! moves in separate rounds through the same scratch, so the scratch holds
//! `elements / 2^|reps|` elements.
//!
//! Algorithm of [`optimal_swizzling_ldst`] (plain `ld.shared`/`st.shared`):
//! 1. the vector bases: the register bases common to both sides (at most
//!    128 bits), filled up to one 32-bit bank with register bases the other
//!    side holds in warps, then with warp bases;
//! 2. the lane tiles: the lane bases each side touches in one phase;
//! 3. the segment bases: unit vectors neither tile nor the vector uses, then
//!    xors pairing the two tiles' private bases (conflict-free), then the
//!    private bases themselves (conflicts); the bank bases complete a basis;
//! 4. segment bases held in registers by both sides become `reps`.
//!
//! [`optimal_swizzling_tiles`] tries every pair of instructions
//! (`ld.shared`/`st.shared` v4, `ldmatrix`, `stmatrix`, ...) whose tiles
//! both layouts can feed, and keeps the layout with the fewest bank
//! conflicts, then the most `reps`.
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::{BLOCK, LANE, REGISTER, WARP};

/// A flattened scratch layout: per input dimension, the flat element offset
/// each basis moves to. `out_dims` are the tensor's dimensions (names and
/// sizes), the first least significant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwizzledSmem {
    /// Elements written or read by one vectorised access.
    pub vector: Vec<i32>,
    /// The bases spreading accesses over the 32 banks.
    pub bank: Vec<i32>,
    /// The remaining bases of one round.
    pub segment: Vec<i32>,
    /// The CTA bases (zero for a single CTA).
    pub block: Vec<i32>,
    /// The bases moved in separate rounds through the same scratch.
    pub reps: Vec<i32>,
    /// The tensor's output dimensions.
    pub out_dims: Vec<(String, i32)>,
}

impl SwizzledSmem {
    /// The number of rounds: 2^|reps|.
    pub fn num_reps(&self) -> u64 {
        1u64 << self.reps.len()
    }
    /// The number of tensor elements (the product of the output sizes).
    pub fn total_elements(&self) -> u64 {
        self.out_dims.iter().map(|(_, s)| *s as u64).product()
    }
    /// The layout `vector, bank, segment, block, reps -> dim0..` (Triton's
    /// shared layout of the conversion), reshaped to the tensor's dimensions.
    pub fn to_layout(&self) -> Result<LinearLayout, String> {
        let unflat = |v: &[i32]| v.iter().map(|&b| vec![b]).collect::<Vec<_>>();
        let total: i32 = self.out_dims.iter().map(|(_, s)| *s).product();
        let first = self.out_dims.first().map(|(n, _)| n.clone()).unwrap_or_else(|| "dim0".into());
        let flat = LinearLayout::new(
            vec![
                ("vector".into(), unflat(&self.vector)),
                ("bank".into(), unflat(&self.bank)),
                ("segment".into(), unflat(&self.segment)),
                (BLOCK.into(), unflat(&self.block)),
                ("reps".into(), unflat(&self.reps)),
            ],
            vec![(first, total.max(1))],
            false,
        )
        .map_err(|e| e.to_string())?;
        let dims: Vec<(&str, i32)> = self.out_dims.iter().map(|(n, s)| (n.as_str(), *s)).collect();
        flat.reshape_outs(&dims).map_err(|e| e.to_string())
    }
}

/// One shared-memory instruction's access tile (Triton's `LocalMemOpTile`):
/// the lane bases that hold contiguous elements, and the lane bases that
/// select the addresses of one phase (fewer than 3: registers complete them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LocalMemOpTile {
    /// Lane indices whose elements are contiguous in one access.
    pub lane_contig: Vec<usize>,
    /// Lane indices that pick the addresses of one phase.
    pub lane_addr: Vec<usize>,
}

impl LocalMemOpTile {
    /// `ld.shared` / `st.shared`.
    pub fn ld_st_shared() -> Self {
        LocalMemOpTile { lane_contig: vec![], lane_addr: vec![0, 1, 2] }
    }
    /// `ldmatrix` / `stmatrix`.
    pub fn ld_st_matrix() -> Self {
        LocalMemOpTile { lane_contig: vec![0, 1], lane_addr: vec![2, 3, 4] }
    }
    /// `ldmatrix.trans` / `stmatrix.trans`.
    pub fn ld_st_matrix_trans() -> Self {
        LocalMemOpTile { lane_contig: vec![2, 3, 4], lane_addr: vec![0, 1] }
    }
}

/// The instructions a target with the matrix instructions `tiles` may use
/// to write (`.0`) and read (`.1`) a conversion's scratch (Triton's
/// `getSrcDstTiles`): plain loads and stores, the matrix store where the
/// target has it, the matrix load where it has it, never across CTAs.
pub fn src_dst_tiles(tiles: tritium_dialects::spec::ScratchTiles, bitwidth: u32, cross_cta: bool) -> (Vec<LocalMemOpTile>, Vec<LocalMemOpTile>) {
    let (ld_matrix, st_matrix) = (tiles.matrix_load, tiles.matrix_store);
    let mut src = vec![LocalMemOpTile::ld_st_shared()];
    let mut dst = vec![LocalMemOpTile::ld_st_shared()];
    if ld_matrix || st_matrix {
        if bitwidth <= 32 {
            if st_matrix {
                src.push(LocalMemOpTile::ld_st_matrix());
            }
            if !cross_cta && ld_matrix {
                dst.push(LocalMemOpTile::ld_st_matrix());
            }
        }
        if bitwidth == 16 {
            if st_matrix {
                src.push(LocalMemOpTile::ld_st_matrix_trans());
            }
            if !cross_cta && ld_matrix {
                dst.push(LocalMemOpTile::ld_st_matrix_trans());
            }
        }
    }
    (src, dst)
}

// --------------------------------------------------------------------------
// GF(2) helpers on bases written as integers.
// --------------------------------------------------------------------------

/// The reduced row echelon form of `rows` (each a bit vector), pivots being
/// the lowest set bit of each row; zero rows dropped.
fn rref(rows: &[i32]) -> Vec<u64> {
    let mut rows: Vec<u64> = rows.iter().map(|&r| r as u32 as u64).filter(|&r| r != 0).collect();
    let mut out: Vec<u64> = Vec::new();
    for col in 0..64 {
        let bit = 1u64 << col;
        let Some(p) = rows.iter().position(|&r| r & bit != 0 && r & (bit - 1) == 0) else {
            // Find any row having this bit with no lower bits left after
            // earlier eliminations (rows are reduced as we go).
            continue;
        };
        let pivot = rows.swap_remove(p);
        for r in rows.iter_mut().chain(out.iter_mut()) {
            if *r & bit != 0 {
                *r ^= pivot;
            }
        }
        out.push(pivot);
        rows.retain(|&r| r != 0);
    }
    out
}

/// The lowest set bit of each reduced row.
fn pivot_columns(reduced: &[u64]) -> Vec<u32> {
    reduced.iter().map(|r| r.trailing_zeros()).collect()
}

/// A basis of the vectors of `dim` bits orthogonal to every vector of `vectors`.
fn nullspace_basis(vectors: &[i32], dim: u32) -> Vec<i32> {
    let reduced = rref(vectors);
    let pivots = pivot_columns(&reduced);
    let mut basis = Vec::new();
    for free in 0..dim {
        if pivots.contains(&free) {
            continue;
        }
        let mut v = 1u64 << free;
        for row in &reduced {
            if row & (1u64 << free) != 0 {
                v ^= 1u64 << row.trailing_zeros();
            }
        }
        basis.push(v as i32);
    }
    basis
}

/// The unit vectors completing `basis` to a basis of the `dim`-bit space.
fn complement_basis(basis: &[i32], dim: u32) -> Vec<i32> {
    let pivots = pivot_columns(&rref(basis));
    (0..dim).filter(|c| !pivots.contains(c)).map(|c| 1i32 << c).collect()
}

/// A basis of the intersection of the spans of `b1` and `b2`; for unit
/// vectors, the common ones in the order of `b1`.
fn intersection_basis(b1: &[i32], b2: &[i32], dim: u32) -> Vec<i32> {
    let pow2 = |x: &i32| *x > 0 && (*x & (*x - 1)) == 0;
    if b1.iter().all(pow2) && b2.iter().all(pow2) {
        return b1.iter().copied().filter(|b| *b != 0 && b2.contains(b)).collect();
    }
    let mut joint = nullspace_basis(b1, dim);
    joint.extend(nullspace_basis(b2, dim));
    nullspace_basis(&joint, dim)
}

/// `floor(log2(x))` (0 for 0).
fn log2(x: i64) -> u32 {
    if x <= 0 {
        0
    } else {
        63 - (x as u64).leading_zeros()
    }
}

// --------------------------------------------------------------------------
// Layout helpers.
// --------------------------------------------------------------------------

/// The flat bases of input dimension `dim` of a one-output layout (empty when
/// absent).
pub fn flat_bases(ll: &LinearLayout, dim: &str) -> Vec<i32> {
    ll.bases().iter().find(|(n, _)| n == dim).map(|(_, v)| v.iter().map(|b| b.first().copied().unwrap_or(0)).collect()).unwrap_or_default()
}

/// The layout with its output dimensions flattened into one.
fn flatten(ll: &LinearLayout) -> Result<LinearLayout, String> {
    ll.flatten_outs().map_err(|e| e.to_string())
}

/// Whether `ll` is the identity on dimension `dim` and keeps it separate:
/// the bases of input `dim` are the unit vectors of output `dim`, of equal
/// sizes, and no other input reaches output `dim` (Triton's `isTrivialOver`).
pub fn is_trivial_over(ll: &LinearLayout, dim: &str) -> bool {
    let out_index = ll.out_dims().iter().position(|(n, _)| n == dim);
    let out_size = out_index.map(|k| ll.out_dims()[k].1).unwrap_or(1);
    for (name, vectors) in ll.bases() {
        for (i, v) in vectors.iter().enumerate() {
            for (k, &x) in v.iter().enumerate() {
                let on_dim = Some(k) == out_index;
                let expected = if name == dim && on_dim { 1i32 << i } else { 0 };
                if (name == dim || on_dim) && x != expected {
                    return false;
                }
            }
        }
        if name == dim && (1i64 << vectors.len()) != out_size as i64 {
            return false;
        }
    }
    if !ll.bases().iter().any(|(n, _)| n == dim) && out_size != 1 {
        return false;
    }
    true
}

/// `ll` without input and output dimension `dim`, when it is trivial over it
/// (Triton's `quotient`).
pub fn quotient(ll: &LinearLayout, dim: &str) -> Option<LinearLayout> {
    if !is_trivial_over(ll, dim) {
        return None;
    }
    let out_index = ll.out_dims().iter().position(|(n, _)| n == dim);
    let bases = ll
        .bases()
        .iter()
        .filter(|(n, _)| n != dim)
        .map(|(n, v)| {
            let kept = v
                .iter()
                .map(|b| b.iter().enumerate().filter(|(k, _)| Some(*k) != out_index).map(|(_, &x)| x).collect())
                .collect();
            (n.clone(), kept)
        })
        .collect();
    let out_dims = ll.out_dims().iter().filter(|(n, _)| n != dim).cloned().collect();
    LinearLayout::new(bases, out_dims, false).ok()
}

// --------------------------------------------------------------------------
// Generic swizzling.
// --------------------------------------------------------------------------

/// The segment bases of a round: unit vectors that neither side's bank tile
/// uses, then (when more are needed) xors of the two sides' private tile
/// bases, then the private bases themselves (Triton's `computeSegment`).
fn compute_segment(bank_src: &[i32], bank_dst: &[i32], block: &[i32], dim: u32, len: usize) -> Vec<i32> {
    let mut set_src: Vec<i32> = bank_src.iter().chain(block).copied().filter(|&x| x != 0).collect();
    let mut set_dst: Vec<i32> = bank_dst.iter().chain(block).copied().filter(|&x| x != 0).collect();
    set_src.sort_unstable();
    set_src.dedup();
    set_dst.sort_unstable();
    set_dst.dedup();
    let mut segment: Vec<i32> =
        (0..dim).map(|b| 1i32 << b).filter(|b| !set_src.contains(b) && !set_dst.contains(b)).collect();
    if segment.len() >= len {
        segment.truncate(len);
        return segment;
    }
    let mut a: Vec<i32> = set_src.iter().copied().filter(|v| !set_dst.contains(v)).collect();
    let mut b: Vec<i32> = set_dst.iter().copied().filter(|v| !set_src.contains(v)).collect();
    if a.len() > b.len() {
        std::mem::swap(&mut a, &mut b);
    }
    a.sort_unstable();
    b.sort_unstable();
    let conflicts = (len as i64 - a.len() as i64 - segment.len() as i64).max(0).min(a.len() as i64) as usize;
    for i in conflicts..a.len() {
        segment.push(a[i] ^ b[i]);
    }
    segment.extend_from_slice(&a[..conflicts]);
    segment.extend_from_slice(&b[..conflicts]);
    segment.truncate(len);
    segment
}

/// The scratch layout for given vector bases and lane tiles (Triton's core
/// `optimalSwizzling`), with the register bases common to both sides moved
/// from the segment to `reps` (the first `leave_reps` of them stay).
#[allow(clippy::too_many_arguments)]
fn swizzle_core(
    src_flat: &LinearLayout,
    dst_flat: &LinearLayout,
    bitwidth: u32,
    vbasis: &[i32],
    tile_src: &[i32],
    tile_dst: &[i32],
    block: &[i32],
    out_dims: &[(String, i32)],
    mut leave_reps: usize,
    num_banks: u32,
) -> SwizzledSmem {
    let dim = src_flat.total_out_size_log2();
    let nz_block: Vec<i32> = block.iter().copied().filter(|&b| b != 0).collect();
    let bank_src: Vec<i32> = vbasis.iter().chain(tile_src).copied().collect();
    let bank_dst: Vec<i32> = vbasis.iter().chain(tile_dst).copied().collect();
    let bank_bits = (num_banks * 32) as i64;
    let per_vec = (1i64 << vbasis.len()) * bitwidth as i64;
    let room = dim as i64 - vbasis.len() as i64 - nz_block.len() as i64;
    let len_b = (log2(bank_bits / per_vec.max(1)) as i64).min(room).max(0);
    let len_s = (room - len_b).max(0) as usize;
    let sbasis = compute_segment(&bank_src, &bank_dst, &nz_block, dim, len_s);
    let mut union: Vec<i32> = vbasis.to_vec();
    union.extend(&sbasis);
    union.extend(&nz_block);
    let bbasis = complement_basis(&union, dim);
    let src_regs = flat_bases(src_flat, REGISTER);
    let dst_regs = flat_bases(dst_flat, REGISTER);
    let mut segment = Vec::new();
    let mut reps = Vec::new();
    for s in sbasis {
        if segment.contains(&s) || reps.contains(&s) {
            continue;
        }
        if src_regs.contains(&s) && dst_regs.contains(&s) {
            if leave_reps > 0 {
                leave_reps -= 1;
                segment.push(s);
            } else {
                reps.push(s);
            }
        } else {
            segment.push(s);
        }
    }
    SwizzledSmem { vector: vbasis.to_vec(), bank: bbasis, segment, block: block.to_vec(), reps, out_dims: out_dims.to_vec() }
}

/// The vector bases of a plain load/store conversion, and which side filled
/// the first bank (Triton's `getVecBasisLdSt`).
fn vec_basis_ldst(src_flat: &LinearLayout, dst_flat: &LinearLayout, bitwidth: u32) -> (Vec<i32>, Option<bool>) {
    let reg_src = flat_bases(src_flat, REGISTER);
    let reg_dst = flat_bases(dst_flat, REGISTER);
    let block_src = flat_bases(src_flat, BLOCK);
    let dim = src_flat.total_out_size_log2();
    let mut vbasis = intersection_basis(&reg_src, &reg_dst, dim);
    let max_vec = log2(128 / bitwidth.max(1) as i64) as usize;
    vbasis.truncate(max_vec);
    let mut src_fills = None;
    if (1i64 << vbasis.len()) * (bitwidth as i64) < 32 {
        let per_bank = log2(32 / bitwidth.max(1) as i64) as usize;
        let warp_src: Vec<i32> = flat_bases(src_flat, WARP).into_iter().filter(|&x| x != 0).collect();
        let warp_dst: Vec<i32> = flat_bases(dst_flat, WARP).into_iter().filter(|&x| x != 0).collect();
        let without_vec = |v: &[i32], vb: &[i32]| v.iter().copied().filter(|r| !vb.contains(r)).collect::<Vec<_>>();
        let reg_src_warp = intersection_basis(&without_vec(&reg_src, &vbasis), &warp_dst, dim);
        let reg_dst_warp = intersection_basis(&without_vec(&reg_dst, &vbasis), &warp_src, dim);
        let largest;
        if reg_src_warp.len() == reg_dst_warp.len() && !reg_src_warp.is_empty() {
            let min_src = *reg_src_warp.iter().min().unwrap_or(&0);
            let min_dst = *reg_dst_warp.iter().min().unwrap_or(&0);
            if min_src < min_dst {
                largest = reg_src_warp;
                src_fills = Some(true);
            } else {
                largest = reg_dst_warp;
                src_fills = Some(false);
            }
        } else {
            let fills = reg_src_warp.len() > reg_dst_warp.len();
            src_fills = Some(fills);
            largest = if fills { reg_src_warp } else { reg_dst_warp };
        }
        vbasis.extend(largest);
        if vbasis.len() < per_bank {
            vbasis.extend(intersection_basis(&warp_src, &warp_dst, dim));
        }
        let mut i = 0;
        while vbasis.len() < per_bank && (i < warp_src.len() || i < warp_dst.len()) {
            if i < warp_src.len() && !vbasis.contains(&warp_src[i]) {
                vbasis.push(warp_src[i]);
            }
            if vbasis.len() < per_bank && i < warp_dst.len() && !vbasis.contains(&warp_dst[i]) && !block_src.contains(&warp_dst[i]) {
                vbasis.push(warp_dst[i]);
            }
            i += 1;
        }
        vbasis.truncate(per_bank);
    }
    (vbasis, src_fills)
}

/// The lane bases one access of `tile` touches within a bank phase (Triton's
/// `getLaneTile`).
fn lane_tile(tile: &LocalMemOpTile, lane: &[i32], vec_size: i64, bitwidth: u32, num_banks: u32) -> Vec<i32> {
    let log2_vec = log2((vec_size * bitwidth as i64 / 32).max(1)) as i64;
    let log2_bank = log2(num_banks as i64) as i64;
    let phase = (log2_vec + lane.len() as i64 - log2_bank).max(0) as usize;
    if !tile.lane_addr.is_empty() {
        tile.lane_addr.iter().filter_map(|&i| lane.get(i).copied()).collect()
    } else {
        lane[..lane.len().saturating_sub(phase)].to_vec()
    }
}

/// Triton's `optimalSwizzlingLdSt`: the scratch layout of a conversion from
/// `src` to `dst` (register layouts without broadcast registers) lowered to
/// plain `ld.shared`/`st.shared`, for elements of `bitwidth` bits.
pub fn optimal_swizzling_ldst(
    src: &LinearLayout,
    dst: &LinearLayout,
    bitwidth: u32,
    num_banks: u32,
    src_tile: &LocalMemOpTile,
    dst_tile: &LocalMemOpTile,
) -> Result<SwizzledSmem, String> {
    let src_flat = flatten(src)?;
    let dst_flat = flatten(dst)?;
    let reg_src = flat_bases(&src_flat, REGISTER);
    let reg_dst = flat_bases(&dst_flat, REGISTER);
    let lane_src = flat_bases(&src_flat, LANE);
    let lane_dst = flat_bases(&dst_flat, LANE);
    let block_src = flat_bases(&src_flat, BLOCK);
    let (vbasis, src_fills) = vec_basis_ldst(&src_flat, &dst_flat, bitwidth);
    let vec_size = 1i64 << vbasis.len();
    let log2_vec = log2((vec_size * bitwidth as i64 / 32).max(1));
    let tile_src = lane_tile(src_tile, &lane_src, vec_size, bitwidth, num_banks);
    let tile_dst = lane_tile(dst_tile, &lane_dst, vec_size, bitwidth, num_banks);
    let mut smem = swizzle_core(
        &src_flat,
        &dst_flat,
        bitwidth,
        &vbasis,
        &tile_src,
        &tile_dst,
        &block_src,
        src.out_dims(),
        0,
        num_banks,
    );
    if log2_vec < 2 {
        // Order the bank bases so that those one side holds in registers come
        // first: they may vectorise a little more.
        let in_src: Vec<usize> = smem.bank.iter().enumerate().filter(|(_, b)| reg_src.contains(b)).map(|(i, _)| i).collect();
        let in_dst: Vec<usize> = smem.bank.iter().enumerate().filter(|(_, b)| reg_dst.contains(b)).map(|(i, _)| i).collect();
        let mut order = match src_fills {
            Some(true) => in_src,
            Some(false) => in_dst,
            None => {
                if in_src.len() > in_dst.len() {
                    in_src
                } else {
                    in_dst
                }
            }
        };
        for i in 0..smem.bank.len() {
            if !order.contains(&i) {
                order.push(i);
            }
        }
        smem.bank = order.iter().map(|&i| smem.bank[i]).collect();
    }
    Ok(smem)
}

/// The vector bases of a pair of instruction tiles, when both layouts can
/// feed them (Triton's `optimalSwizzlingTile`).
fn swizzling_tile(
    a: &LinearLayout,
    b: &LinearLayout,
    n_reg_a: usize,
    n_reg_b: usize,
    lane_ids_a: &[usize],
    lane_ids_b: &[usize],
) -> Option<Vec<i32>> {
    if n_reg_a < n_reg_b {
        return swizzling_tile(b, a, n_reg_b, n_reg_a, lane_ids_b, lane_ids_a);
    }
    let dim = a.total_out_size_log2();
    // The map from b's hardware indices to a's.
    let cvt = b.invert_and_compose(a).ok()?;
    let basis_of = |in_dim: &str, idx: usize, out: &str| -> i32 {
        let k = cvt.out_dims().iter().position(|(n, _)| n == out);
        let v = cvt.bases().iter().find(|(n, _)| n == in_dim).and_then(|(_, v)| v.get(idx));
        match (k, v) {
            (Some(k), Some(v)) => v[k],
            _ => 0,
        }
    };
    let reg_a = flat_bases(a, REGISTER);
    let reg_b = flat_bases(b, REGISTER);
    let lane_a = flat_bases(a, LANE);
    let lane_b = flat_bases(b, LANE);
    let mut vbasis = intersection_basis(&reg_a, &reg_b, dim);
    if vbasis.len() < n_reg_b {
        return None;
    }
    vbasis.truncate(n_reg_b);
    let tile_a: Vec<i32> = lane_ids_a.iter().map(|&i| lane_a.get(i).copied().unwrap_or(0)).collect();
    let tile_b: Vec<i32> = lane_ids_b.iter().map(|&i| lane_b.get(i).copied().unwrap_or(0)).collect();
    if tile_a.contains(&0) || tile_b.contains(&0) {
        return None;
    }
    for i in 0..(n_reg_a - n_reg_b) {
        if basis_of(LANE, *lane_ids_b.get(i)?, REGISTER) == 0 {
            return None;
        }
    }
    let tail = &lane_ids_b[lane_ids_b.len().saturating_sub(lane_ids_a.len())..];
    for (&ia, &ib) in lane_ids_a.iter().zip(tail) {
        if basis_of(LANE, ib, LANE) != (1i32 << ia) {
            return None;
        }
    }
    vbasis.extend(tile_b);
    Some(vbasis)
}

/// Bank conflicts (read, write) of accessing `smem` with the two lane tiles:
/// 2^(dimension of the tile ∩ segment span) - 1 each.
fn bank_conflicts(tile_src: &[i32], tile_dst: &[i32], smem: &SwizzledSmem) -> (i64, i64) {
    let rank: u32 = smem.out_dims.iter().map(|(_, s)| log2(*s as i64)).sum();
    let write = 1i64 << intersection_basis(&smem.segment, tile_src, rank).len();
    let read = 1i64 << intersection_basis(&smem.segment, tile_dst, rank).len();
    (read - 1, write - 1)
}

/// Triton's instruction-aware `optimalSwizzling`: the best scratch layout over
/// every pair of source/destination instruction tiles both layouts can feed
/// (fewest bank conflicts, then most rounds), with the indices of the chosen
/// pair; plain load/store when no pair fits.
pub fn optimal_swizzling_tiles(
    src: &LinearLayout,
    dst: &LinearLayout,
    src_tiles: &[LocalMemOpTile],
    dst_tiles: &[LocalMemOpTile],
    bitwidth: u32,
) -> Result<(SwizzledSmem, (usize, usize)), String> {
    let src_flat = flatten(src)?;
    let dst_flat = flatten(dst)?;
    let total = log2(128 / bitwidth.max(1) as i64) as usize;
    let reg_src = flat_bases(&src_flat, REGISTER);
    let reg_dst = flat_bases(&dst_flat, REGISTER);
    let lane_src = flat_bases(&src_flat, LANE);
    let lane_dst = flat_bases(&dst_flat, LANE);
    let block = flat_bases(&src_flat, BLOCK);
    let tile_of = |instr: &LocalMemOpTile, regs: &[i32], lane: &[i32], vbasis: &[i32]| -> Option<Vec<i32>> {
        let mut needed = 3usize.checked_sub(instr.lane_addr.len())?;
        let mut tile = Vec::new();
        for &r in regs {
            if needed == 0 {
                break;
            }
            if !vbasis.contains(&r) {
                tile.push(r);
                needed -= 1;
            }
        }
        if needed > 0 {
            return None;
        }
        for &i in &instr.lane_addr {
            tile.push(*lane.get(i)?);
        }
        Some(tile)
    };
    let mut best: Option<(i64, SwizzledSmem, (usize, usize))> = None;
    for (is, ts) in src_tiles.iter().enumerate() {
        let Some(log_reg_src) = total.checked_sub(ts.lane_contig.len()) else { continue };
        for (id, td) in dst_tiles.iter().enumerate() {
            let Some(log_reg_dst) = total.checked_sub(td.lane_contig.len()) else { continue };
            let Some(vbasis) =
                swizzling_tile(&src_flat, &dst_flat, log_reg_src, log_reg_dst, &ts.lane_contig, &td.lane_contig)
            else {
                continue;
            };
            let (Some(tile_src), Some(tile_dst)) =
                (tile_of(ts, &reg_src, &lane_src, &vbasis), tile_of(td, &reg_dst, &lane_dst, &vbasis))
            else {
                continue;
            };
            let missing = |t: &LocalMemOpTile| (t.lane_contig.len() + t.lane_addr.len()).saturating_sub(3);
            let leave = missing(ts).min(missing(td));
            let smem = swizzle_core(
                &src_flat,
                &dst_flat,
                bitwidth,
                &vbasis,
                &tile_src,
                &tile_dst,
                &block,
                src.out_dims(),
                leave,
                32,
            );
            let (read, write) = bank_conflicts(&tile_src, &tile_dst, &smem);
            let cost = read + write;
            let better = match &best {
                None => true,
                Some((c, s, _)) => cost < *c || (cost == *c && smem.reps.len() > s.reps.len()),
            };
            if better {
                best = Some((cost, smem, (is, id)));
            }
        }
    }
    match best {
        Some((_, smem, pair)) => Ok((smem, pair)),
        None => {
            let plain = LocalMemOpTile::default();
            Ok((optimal_swizzling_ldst(src, dst, bitwidth, 32, &plain, &plain)?, (0, 0)))
        }
    }
}

// --------------------------------------------------------------------------
// Conversion classification.
// --------------------------------------------------------------------------

/// The smallest part of `dst⁻¹ ∘ src` that is not the identity: the
/// conversion quotiented by `block`, then `warp`, `lane`, `register` while
/// it is trivial over them (Triton's `minimalCvtLayout`).
pub fn minimal_cvt_layout(src: &LinearLayout, dst: &LinearLayout) -> Result<LinearLayout, String> {
    let mut comp = identity_on_shared_dims(dst.invert_and_compose(src).map_err(|e| e.to_string())?, src, dst);
    let src_dims = src.get_in_dim_names();
    let dst_dims = dst.get_in_dim_names();
    let mut dims = Vec::new();
    for i in 0..src_dims.len().min(dst_dims.len()) {
        let (s, d) = (src_dims[src_dims.len() - 1 - i], dst_dims[dst_dims.len() - 1 - i]);
        if s != d {
            break;
        }
        dims.push(s.to_string());
    }
    for dim in dims {
        match quotient(&comp, &dim) {
            Some(q) => comp = q,
            None => break,
        }
    }
    Ok(comp)
}

/// `comp = dst⁻¹ ∘ src` with every input dimension that `src` and `dst`
/// map alike sent to itself, as Triton's `invertAndCompose` chooses: a
/// broadcast basis (zero) of such a dimension then stays where it is instead
/// of moving to zero, which would look like data crossing warps (or lanes)
/// in a conversion that changes nothing. Both choices are preimages, since
/// `dst` maps those bases as `src` does.
fn identity_on_shared_dims(comp: LinearLayout, src: &LinearLayout, dst: &LinearLayout) -> LinearLayout {
    let outs = comp.out_dims().to_vec();
    let same = |dim: &str| {
        let (a, b) = (src.bases().iter().find(|(n, _)| n == dim), dst.bases().iter().find(|(n, _)| n == dim));
        let by_name = |ll: &LinearLayout, v: &[i32]| -> Vec<(String, i32)> {
            ll.out_dims().iter().zip(v).map(|((n, _), x)| (n.clone(), *x)).collect()
        };
        let sorted = |mut v: Vec<(String, i32)>| {
            v.sort();
            v
        };
        matches!((a, b), (Some((_, va)), Some((_, vb))) if va.len() == vb.len()
            && va.iter().zip(vb).all(|(x, y)| sorted(by_name(src, x)) == sorted(by_name(dst, y))))
    };
    let position = |dim: &str| outs.iter().position(|(n, _)| n == dim);
    let bases: Vec<(String, Vec<Vec<i32>>)> = comp
        .bases()
        .iter()
        .map(|(name, vectors)| match position(name) {
            Some(k) if same(name) => {
                let identity = (0..vectors.len())
                    .map(|i| (0..outs.len()).map(|j| if j == k { 1 << i } else { 0 }).collect())
                    .collect();
                (name.clone(), identity)
            }
            _ => (name.clone(), vectors.clone()),
        })
        .collect();
    LinearLayout::new(bases, outs, false).unwrap_or(comp)
}

/// How a layout conversion moves data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CvtKind {
    /// Only the registers of each thread are reordered.
    Registers,
    /// Data moves between lanes of a warp only, with warp shuffles.
    WarpShuffle,
    /// Data goes through shared memory.
    SharedMemory,
}

/// Solves `cols · x = target` over GF(2) (`cols` are bit vectors), free
/// variables zero; `None` without a solution.
fn solve(cols: &[i64], target: i64) -> Option<Vec<bool>> {
    // Rows: (value, combination of columns).
    let mut basis: Vec<(i64, u64)> = Vec::new();
    for (j, &c) in cols.iter().enumerate() {
        let mut v = c;
        let mut comb = 1u64 << j;
        for &(bv, bc) in &basis {
            if v & (1i64 << (63 - (bv as u64).leading_zeros())) != 0 {
                v ^= bv;
                comb ^= bc;
            }
        }
        if v != 0 {
            basis.push((v, comb));
            basis.sort_by(|a, b| b.0.cmp(&a.0));
        }
    }
    let mut t = target;
    let mut comb = 0u64;
    for &(bv, bc) in &basis {
        if t & (1i64 << (63 - (bv as u64).leading_zeros())) != 0 {
            t ^= bv;
            comb ^= bc;
        }
    }
    (t == 0).then(|| (0..cols.len()).map(|j| comb & (1u64 << j) != 0).collect())
}

/// The number of register↔lane transpositions Triton's warp-shuffle lowering
/// needs for a conversion that stays within warps
/// (`getWarpLayoutConvertDecomposition(...).mixedTranspositions.size()`).
fn mixed_transpositions(src: &LinearLayout, dst: &LinearLayout) -> Option<usize> {
    let src = src.without_zero_bases(Some(REGISTER));
    let dst = dst.without_zero_bases(Some(REGISTER));
    let s_flat = flatten(&src).ok()?;
    let t_flat = flatten(&dst).ok()?;
    let (s_reg, s_lane) = (flat_bases(&s_flat, REGISTER), flat_bases(&s_flat, LANE));
    let (t_reg, t_lane) = (flat_bases(&t_flat, REGISTER), flat_bases(&t_flat, LANE));
    let n_reg = s_reg.len().max(t_reg.len());
    let n_lane = s_lane.len().max(t_lane.len());
    let pad = |v: &[i32], n: usize| {
        let mut v = v.to_vec();
        v.resize(n, 0);
        v
    };
    let s: Vec<i64> = pad(&s_reg, n_reg).into_iter().chain(pad(&s_lane, n_lane)).map(|x| x as i64).collect();
    let t: Vec<i64> = pad(&t_reg, n_reg).into_iter().chain(pad(&t_lane, n_lane)).map(|x| x as i64).collect();
    let n = n_reg + n_lane;
    // perm[i] = the index (flat: registers then lanes) basis i maps to.
    let mut perm: Vec<Option<usize>> = vec![None; n];
    for i in 0..n {
        if s[i] == 0 {
            continue;
        }
        let x = solve(&t, s[i])?;
        let mut target = None;
        for (j, set) in x.iter().enumerate() {
            if *set {
                target = Some(j);
            }
        }
        perm[i] = target;
    }
    let (mut src_zeros, mut dst_zeros) = (Vec::new(), Vec::new());
    for i in 0..n {
        match (s[i] == 0, t[i] == 0) {
            (true, true) => perm[i] = Some(i),
            (true, false) => src_zeros.push(i),
            (false, true) => dst_zeros.push(i),
            _ => {}
        }
    }
    for (&a, &b) in src_zeros.iter().zip(&dst_zeros) {
        perm[a] = Some(b);
    }
    let is_reg = |i: usize| i < n_reg;
    let mut visited = vec![false; n];
    let mut count = 0;
    for entry in 0..n {
        if visited[entry] {
            continue;
        }
        let mut curr = entry;
        let mut open = false;
        let mut steps = 0;
        loop {
            visited[curr] = true;
            let next = perm[curr]?;
            if is_reg(curr) && !is_reg(next) {
                open = true;
            } else if !is_reg(curr) && is_reg(next) && open {
                count += 1;
                open = false;
            }
            curr = next;
            steps += 1;
            if curr == entry || steps > n {
                break;
            }
        }
    }
    Some(count)
}

/// How a conversion between two register layouts moves data (Triton's
/// `cvtReordersRegisters` / `cvtNeedsWarpShuffle` / `cvtNeedsSharedMemory`).
pub fn classify_cvt(src: &LinearLayout, dst: &LinearLayout) -> CvtKind {
    let Ok(minimal) = minimal_cvt_layout(src, dst) else { return CvtKind::SharedMemory };
    let outs = minimal.get_out_dim_names();
    if outs.is_empty() || outs == [REGISTER] {
        return CvtKind::Registers;
    }
    if outs == [REGISTER, LANE] && mixed_transpositions(src, dst).is_some_and(|m| m < 2) {
        return CvtKind::WarpShuffle;
    }
    CvtKind::SharedMemory
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ll(reg: &[i32], lane: &[i32], warp: &[i32], size: i32) -> LinearLayout {
        let v = |b: &[i32]| b.iter().map(|&x| vec![x]).collect::<Vec<_>>();
        LinearLayout::new(
            vec![(REGISTER.into(), v(reg)), (LANE.into(), v(lane)), (WARP.into(), v(warp)), (BLOCK.into(), vec![])],
            vec![("dim0".into(), size)],
            true,
        )
        .unwrap()
    }

    #[test]
    fn gf2_helpers() {
        assert_eq!(complement_basis(&[1, 2, 32], 6), vec![4, 8, 16]);
        assert_eq!(intersection_basis(&[1, 2, 512], &[128, 256, 512], 10), vec![512]);
        assert_eq!(nullspace_basis(&[3], 2), vec![3]);
    }

    #[test]
    fn equal_layouts_with_broadcast_warps_need_no_shared_memory() {
        // slice(dim0) of a [2, 4]-warp blocked parent -> blocked with 8 warps,
        // tensor<128xf32>: the same map, warp bit 2 broadcast on both sides.
        let src = ll(&[], &[1, 2, 4, 8, 16], &[32, 64, 0], 128);
        let dst = ll(&[], &[1, 2, 4, 8, 16], &[32, 64, 0], 128);
        assert_eq!(classify_cvt(&src, &dst), CvtKind::Registers);
        // A broadcast warp on one side only still moves data between warps.
        let dst = ll(&[], &[1, 2, 4, 8, 16], &[32, 0, 64], 128);
        assert_eq!(classify_cvt(&src, &dst), CvtKind::SharedMemory);
    }

    #[test]
    fn blocked4_to_blocked1_has_two_rounds() {
        // tensor<1024xf32>: sizePerThread 4 -> 1, 32 lanes, 4 warps (Triton: 2048 bytes).
        let src = ll(&[1, 2, 512], &[4, 8, 16, 32, 64], &[128, 256], 1024);
        let dst = ll(&[128, 256, 512], &[1, 2, 4, 8, 16], &[32, 64], 1024);
        let (tiles_src, tiles_dst) = src_dst_tiles(tritium_dialects::spec::ScratchTiles { matrix_load: true, matrix_store: false }, 32, false);
        let (smem, _) = optimal_swizzling_tiles(&src, &dst, &tiles_src, &tiles_dst, 32).unwrap();
        assert_eq!(smem.reps, vec![512]);
        assert_eq!(smem.total_elements() / smem.num_reps(), 512);
        assert_eq!(classify_cvt(&src, &dst), CvtKind::SharedMemory);
        assert_eq!(classify_cvt(&src, &src), CvtKind::Registers);
    }
}
