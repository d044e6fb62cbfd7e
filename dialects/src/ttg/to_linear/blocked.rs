//! The layouts of `#ttg.blocked`, `#ttg.slice` and `#ttg.linear`.

use super::*;

/// `#ttg.blocked`: registers, then lanes, then warps laid over the dimensions
/// in `order`, tiled over the shape; registers beyond the shape are dropped
/// (the other bases beyond it broadcast).
pub(super) fn blocked_to_linear(
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
pub(super) fn slice_to_linear(dim: u32, parent: &Encoding, shape: &[i64]) -> Result<LinearLayout, String> {
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
pub(super) fn remove_standard_dim(ll: &LinearLayout, dim: usize) -> Result<LinearLayout, String> {
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

/// `#ttg.linear` / `#ttg.generic_linear`: the layout itself, repeated along
/// `register` or wrapped (dropping register bases) to fit the shape, the
/// output dimensions visited in register order.
pub(super) fn linear_to_linear(ll: &LinearLayout, shape: &[i64]) -> Result<LinearLayout, String> {
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
