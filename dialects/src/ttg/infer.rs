//! Layout inference for the `tt` ops on `ttg`-encoded tensors (interim
//! version: the blocked/slice cases; the helper's full version replaces it).
use super::encoding::Encoding;

/// The encoding of `expand_dims` at `axis` of a tensor whose encoding is a
/// slice along `axis`: the slice's parent.
pub fn infer_expand_dims(enc: &Encoding, axis: usize) -> Result<Encoding, String> {
    match enc {
        Encoding::Slice { dim, parent } if *dim as usize == axis => Ok((**parent).clone()),
        Encoding::Slice { dim, .. } => Err(format!("expand_dims axis {axis} must match the slice dim {dim}")),
        _ => Err("expand_dims requires a #ttg.slice encoding on its operand".into()),
    }
}

/// The encoding of a reduction along `axis`: a slice of the operand's.
pub fn infer_reduce(enc: &Encoding, axis: usize) -> Result<Encoding, String> {
    Ok(Encoding::Slice { dim: axis as u32, parent: Box::new(enc.clone()) })
}

/// The encoding of a transposition by `order` (blocked encodings only here).
pub fn infer_trans(enc: &Encoding, _shape: &[i64], order: &[i32]) -> Result<Encoding, String> {
    let permute = |v: &Vec<u32>| -> Result<Vec<u32>, String> {
        order.iter().map(|&o| v.get(o as usize).copied().ok_or_else(|| "bad transpose order".to_string())).collect()
    };
    match enc {
        Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order: fastest, cga } if cga.bases.is_empty() => {
            let inverse: Vec<u32> = fastest
                .iter()
                .map(|&d| order.iter().position(|&o| o as u32 == d).map(|p| p as u32).ok_or_else(|| "bad transpose order".to_string()))
                .collect::<Result<_, _>>()?;
            Ok(Encoding::Blocked {
                size_per_thread: permute(size_per_thread)?,
                threads_per_warp: permute(threads_per_warp)?,
                warps_per_cta: permute(warps_per_cta)?,
                order: inverse,
                cga: cga.clone(),
            })
        }
        _ => Err("transposition of this encoding is not supported yet".into()),
    }
}

/// The encoding of each half of a `split` (the last dim, of size 2, held in
/// registers): the operand's without its last dimension.
pub fn infer_split(enc: &Encoding, _shape: &[i64]) -> Result<Encoding, String> {
    match enc {
        Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } if cga.bases.is_empty() => {
            let rank = order.len();
            if rank < 2 || size_per_thread[rank - 1] != 2 || order[0] as usize != rank - 1 {
                return Err("split requires the last dimension to be held by one thread".into());
            }
            Ok(Encoding::Blocked {
                size_per_thread: size_per_thread[..rank - 1].to_vec(),
                threads_per_warp: threads_per_warp[..rank - 1].to_vec(),
                warps_per_cta: warps_per_cta[..rank - 1].to_vec(),
                order: order[1..].to_vec(),
                cga: cga.clone(),
            })
        }
        _ => Err("split of this encoding is not supported yet".into()),
    }
}
