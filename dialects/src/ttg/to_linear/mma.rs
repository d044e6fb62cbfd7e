//! The layouts of `#ttg.nvidia_mma` and of `#ttg.dot_op` (the operand layouts of every MMA parent),
//! and the queries that recognize an MMA-operand-like linear layout.

use super::*;

/// `#ttg.dot_op`: dispatches on the parent.
pub(super) fn dot_to_linear(op_idx: u32, parent: &Encoding, k_width: u32, shape: &[i64]) -> Result<LinearLayout, String> {
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
pub(super) fn permute_names(rank: usize, order: &[u32]) -> Result<Vec<String>, String> {
    check_permutation(order, rank)?;
    let names = standard_out_dim_names(rank);
    Ok(order.iter().map(|&d| names[d as usize].clone()).collect())
}

/// The CGA of a dot operand: the parent's, not split along `k_dim`.
pub(super) fn dot_operand_cga(cga: &Cga, rank: usize, k_dim: usize) -> Cga {
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
pub(super) fn nvidia_mma_tile(tile_shape: &[u32], k_width: u32, order: &[u32], rep_order: &[u32]) -> Result<LinearLayout, String> {
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
pub(super) fn nvidia_mma_to_linear(
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
pub(super) fn nvidia_dot_to_linear(
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
