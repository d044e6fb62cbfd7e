//! The layouts of `#ttg.amd_mfma` and `#ttg.amd_wmma` and of their dot operands.

use super::*;

/// The parameters of an `#ttg.amd_mfma` encoding, with defaults applied.
pub(super) struct MfmaParams {
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
    pub(super) fn of(enc: &Encoding) -> Result<Self, String> {
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
    pub(super) fn checked_rank(&self, shape: &[i64]) -> Result<usize, String> {
        check_rank("#ttg.amd_mfma", self.warps_per_cta.len(), shape)?;
        match shape.len() {
            2 | 3 => Ok(shape.len()),
            r => Err(format!("#ttg.amd_mfma supports rank 2 or 3, not {r}")),
        }
    }
}

/// The number of lanes of an AMD wavefront for MFMA.
pub(super) const MFMA_WARP_SIZE: u64 = 64;

/// `#ttg.amd_mfma`: the MFMA output tile (registers along M, lanes along N
/// then M, or the transpose), tiles and warps repeated along N first, then M.
pub(super) fn mfma_to_linear(p: &MfmaParams, shape: &[i64]) -> Result<LinearLayout, String> {
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
pub(super) fn mfma_dot_to_linear(op_idx: u32, k_width: u32, p: &MfmaParams, shape: &[i64]) -> Result<LinearLayout, String> {
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
pub(super) fn check_wmma_cta_layout(cta_layout: &LinearLayout, rank: usize) -> Result<(), String> {
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
pub(super) fn wmma_tile(version: u32, is_transposed: bool, rank: usize) -> Result<LinearLayout, String> {
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
pub(super) fn wmma_to_linear(
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
pub(super) fn wmma_dot_to_linear(
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
