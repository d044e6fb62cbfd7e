//! Layout inference on the [`Encoding`] model, as Triton 3.9's
//! `DialectInferLayoutInterface` for `ttg` does it: the result encoding of
//! `tt.expand_dims`, `tt.reduce`, `tt.trans` / `ttg.memdesc_trans`,
//! `tt.split`, `tt.join` and `tt.reshape`, and the operand checks of
//! `tt.dot`. Legacy encodings are kept where Triton keeps them (blocked
//! layouts permute, split and join field by field); otherwise the result is a
//! `#ttg.linear` (or, for shared memory, `#ttg.shared_linear`) built from the
//! [`LinearLayout`]. Every function returns `Err` with Triton's diagnostic
//! instead of panicking.
use super::encoding::{Cga, Encoding};
use super::linear_layout::LinearLayout;
use super::to_linear::{
    bases_per_dim, default_blocked, fmt_list, reshape_layout, standard_out_dim_names, to_linear_layout,
    transpose_layout, BLOCK, REGISTER,
};

/// `tt.expand_dims`: the operand must be a slice along `axis`; the result is
/// its parent.
pub fn infer_expand_dims(enc: &Encoding, axis: usize) -> Result<Encoding, String> {
    match enc {
        Encoding::Slice { dim, parent } if *dim as usize == axis => Ok(parent.as_ref().clone()),
        Encoding::Slice { .. } => Err("Incompatible slice dimension for ExpandDimsOp operand".into()),
        _ => Err("ExpandDimsOp operand encoding must be SliceEncodingAttr".into()),
    }
}

/// `tt.reduce` along `axis`: the operand's encoding sliced at `axis`.
pub fn infer_reduce(enc: &Encoding, axis: usize) -> Result<Encoding, String> {
    if !enc.is_distributed() {
        return Err(format!(
            "cannot reduce a tensor with the non-distributed encoding #ttg.{}",
            enc.mnemonic()
        ));
    }
    let rank = enc.rank();
    let dim = u32::try_from(axis).ok().filter(|_| axis < rank);
    let Some(dim) = dim else {
        return Err(format!(
            "reduction axis {axis} is out of range for an encoding of rank {rank}"
        ));
    };
    Ok(Encoding::Slice {
        dim,
        parent: Box::new(enc.clone()),
    })
}

/// `tt.trans` / `ttg.memdesc_trans` of a tensor of shape `shape` by `order`
/// (result dimension `i` is operand dimension `order[i]`): an encoding under
/// which every thread keeps the elements it had.
///
/// Blocked and swizzled layouts permute their fields (their `order` becomes
/// `inverse(order)` applied to it), an NVMMA shared layout transposed in 2D
/// flips `transposed`; anything else is transposed as a linear layout and
/// becomes `#ttg.linear`, `#ttg.padded_shared` or `#ttg.shared_linear`.
pub fn infer_trans(enc: &Encoding, shape: &[i64], order: &[i32]) -> Result<Encoding, String> {
    if order.iter().enumerate().all(|(i, &d)| d == i as i32) {
        return Ok(enc.clone());
    }
    if shape.len() != order.len() {
        return Err(format!(
            "shape and order rank do not match: {} vs {}",
            shape.len(),
            order.len()
        ));
    }
    let perm = permutation(order)?;
    let check_rank = |rank: usize| {
        if rank == perm.len() {
            Ok(())
        } else {
            Err(format!(
                "rank of encoding does not match order: {rank} vs {}",
                perm.len()
            ))
        }
    };
    let inverse = inverse_permutation(&perm);
    // `enc.order` re-expressed for the transposed dimensions.
    let new_order = |old: &[u32]| -> Result<Vec<u32>, String> {
        old.iter()
            .map(|&d| {
                inverse
                    .get(d as usize)
                    .map(|&x| x as u32)
                    .ok_or_else(|| format!("invalid order {}", fmt_list(old)))
            })
            .collect()
    };
    match enc {
        Encoding::SwizzledShared {
            vec,
            per_phase,
            max_phase,
            order: enc_order,
            cga,
        } => {
            check_rank(enc_order.len())?;
            return Ok(Encoding::SwizzledShared {
                vec: *vec,
                per_phase: *per_phase,
                max_phase: *max_phase,
                order: new_order(enc_order)?,
                cga: permute_cga(cga, &perm)?,
            });
        }
        Encoding::NvmmaShared {
            swizzling_byte_width,
            transposed,
            element_bit_width,
            fp4_padded,
            cga,
            rank,
        } if perm == [1, 0] => {
            check_rank(*rank as usize)?;
            return Ok(Encoding::NvmmaShared {
                swizzling_byte_width: *swizzling_byte_width,
                transposed: !*transposed,
                element_bit_width: *element_bit_width,
                fp4_padded: *fp4_padded,
                cga: permute_cga(cga, &perm)?,
                rank: *rank,
            });
        }
        Encoding::Blocked {
            size_per_thread,
            threads_per_warp,
            warps_per_cta,
            order: enc_order,
            cga,
        } => {
            check_rank(enc_order.len())?;
            let apply = |v: &[u32]| permuted(v, &perm, "blocked fields of different ranks");
            return Ok(Encoding::Blocked {
                size_per_thread: apply(size_per_thread)?,
                threads_per_warp: apply(threads_per_warp)?,
                warps_per_cta: apply(warps_per_cta)?,
                order: new_order(enc_order)?,
                cga: permute_cga(cga, &perm)?,
            });
        }
        _ => {}
    }
    let ll = match enc {
        Encoding::PaddedShared { linear_component, .. } => linear_component.clone(),
        _ => to_linear_layout(enc, shape)?,
    };
    check_rank(ll.num_out_dims())?;
    let transposed = transpose_layout(&ll, &perm)?;
    Ok(match enc {
        _ if enc.is_distributed() => Encoding::Linear(transposed),
        Encoding::PaddedShared {
            intervals, paddings, ..
        } => Encoding::PaddedShared {
            intervals: intervals.clone(),
            paddings: paddings.clone(),
            linear_component: transposed,
        },
        _ => Encoding::SharedLinear {
            layout: transposed,
            alignment: shared_alignment(enc),
        },
    })
}

/// `tt.split` of a tensor of shape `shape` (whose last dimension is 2) into
/// two tensors without it. The two halves must be held by the same thread:
/// a blocked layout with 2 elements per thread along the last dimension (and
/// a single thread, warp and CTA there) just drops that dimension; otherwise
/// the layout must have a register basis stepping 1 along the last dimension,
/// which is removed.
pub fn infer_split(enc: &Encoding, shape: &[i64]) -> Result<Encoding, String> {
    if let Encoding::Blocked {
        size_per_thread,
        threads_per_warp,
        warps_per_cta,
        order,
        cga,
    } = enc
    {
        let rank = order.len();
        let simple = rank > 0
            && size_per_thread.len() == rank
            && threads_per_warp.len() == rank
            && warps_per_cta.len() == rank
            && size_per_thread[rank - 1] == 2
            && threads_per_warp[rank - 1] == 1
            && warps_per_cta[rank - 1] == 1
            && ctas_per_cga(cga, rank).last() == Some(&1);
        if simple {
            let split_dim = (rank - 1) as u32;
            let drop_last = |v: &[u32]| v[..rank - 1].to_vec();
            return Ok(Encoding::Blocked {
                size_per_thread: drop_last(size_per_thread),
                threads_per_warp: drop_last(threads_per_warp),
                warps_per_cta: drop_last(warps_per_cta),
                order: order.iter().copied().filter(|&d| d != split_dim).collect(),
                cga: Cga {
                    bases: cga
                        .bases
                        .iter()
                        .map(|b| b[..b.len().saturating_sub(1)].to_vec())
                        .collect(),
                },
            });
        }
    }
    let Some(&last) = shape.last() else {
        return Err("SplitOp input shape should have 2 in the last dim".into());
    };
    if last != 2 {
        return Err("SplitOp input shape should have 2 in the last dim".into());
    }
    if !enc.is_distributed() {
        return Err(format!(
            "cannot split a tensor with the non-distributed encoding #ttg.{}",
            enc.mnemonic()
        ));
    }
    let ll = to_linear_layout(enc, shape)?;
    let axis = shape.len() - 1;
    let unjoined = split_on_axis(&ll, axis)?;
    let out: Vec<(String, i32)> = standard_out_dim_names(axis)
        .into_iter()
        .zip(shape[..axis].iter().map(|&s| s as i32))
        .collect();
    let ll = unjoined.reshape_outs(&out).map_err(|e| e.to_string())?;
    Ok(Encoding::Linear(ll))
}

/// `tt.join` of two tensors of shape `shape` into one with a new last
/// dimension of size 2, the two values held by the same thread: a slice of
/// that dimension whose parent splits back to it gives the parent, a blocked
/// layout gains a fastest dimension with 2 elements per thread, anything else
/// gains a first register basis along the new dimension.
pub fn infer_join(enc: &Encoding, shape: &[i64]) -> Result<Encoding, String> {
    if !enc.is_distributed() {
        return Err(format!(
            "cannot join tensors with the non-distributed encoding #ttg.{}",
            enc.mnemonic()
        ));
    }
    if let Encoding::Slice { dim, parent } = enc {
        if *dim as usize == shape.len() {
            let mut joined = shape.to_vec();
            joined.push(2);
            if let Ok(split) = infer_split(parent, &joined) {
                if layouts_equivalent(shape, &split, enc).unwrap_or(false) {
                    return Ok(parent.as_ref().clone());
                }
            }
        }
    }
    if let Encoding::Blocked {
        size_per_thread,
        threads_per_warp,
        warps_per_cta,
        order,
        cga,
    } = enc
    {
        let rank = order.len() as u32;
        let append = |v: &[u32], x: u32| v.iter().copied().chain(std::iter::once(x)).collect::<Vec<u32>>();
        return Ok(Encoding::Blocked {
            size_per_thread: append(size_per_thread, 2),
            threads_per_warp: append(threads_per_warp, 1),
            warps_per_cta: append(warps_per_cta, 1),
            order: std::iter::once(rank).chain(order.iter().copied()).collect(),
            cga: Cga {
                bases: cga
                    .bases
                    .iter()
                    .map(|b| b.iter().copied().chain(std::iter::once(0)).collect())
                    .collect(),
            },
        });
    }
    let ll = to_linear_layout(enc, shape)?;
    let rank = shape.len();
    let names = standard_out_dim_names(rank + 1);
    // The same layout with a trailing dimension of size 1, then a first
    // register basis along it.
    let bases = ll
        .bases()
        .iter()
        .map(|(name, vectors)| {
            let mut vectors: Vec<Vec<i32>> = vectors
                .iter()
                .map(|v| v.iter().copied().chain(std::iter::once(0)).collect())
                .collect();
            if name == REGISTER {
                let mut step = vec![0i32; rank + 1];
                step[rank] = 1;
                vectors.insert(0, step);
            }
            (name.clone(), vectors)
        })
        .collect();
    let out: Vec<(String, i32)> = names
        .into_iter()
        .zip(ll.out_dims().iter().map(|&(_, s)| s).chain(std::iter::once(2)))
        .collect();
    let joined = LinearLayout::new(bases, out, false).map_err(|e| e.to_string())?;
    Ok(Encoding::Linear(joined))
}

/// `ttg.fp4_to_fp` forwards: the encoding of the unpacked result, whose
/// dimension `axis` is twice the packed source's. Each thread unpacks its own
/// bytes, so every source element becomes two consecutive result elements of
/// the same thread: a blocked source whose fastest dimension is `axis` gets
/// twice the elements per thread along it; otherwise the linear layout gets a
/// first register basis stepping 1 along `axis` and every other basis doubled
/// along it.
pub fn infer_fp4_to_fp(enc: &Encoding, shape: &[i64], axis: usize) -> Result<Encoding, String> {
    if axis >= shape.len() {
        return Err(format!("axis {axis} is out of range for a rank-{} tensor", shape.len()));
    }
    if !enc.is_distributed() {
        return Err(format!("ttg.fp4_to_fp needs a distributed encoding, not #ttg.{}", enc.mnemonic()));
    }
    if let Some(dot) = dot_operand_along_k(enc, shape.len(), axis, |k| k.checked_mul(2)) {
        return Ok(dot);
    }
    if let Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } = enc {
        if order.first().map(|&d| d as usize) == Some(axis) && size_per_thread.len() == shape.len() {
            let mut spt = size_per_thread.clone();
            spt[axis] = spt[axis].saturating_mul(2);
            return Ok(Encoding::Blocked {
                size_per_thread: spt,
                threads_per_warp: threads_per_warp.clone(),
                warps_per_cta: warps_per_cta.clone(),
                order: order.clone(),
                cga: cga.clone(),
            });
        }
    }
    let ll = to_linear_layout(enc, shape)?;
    let bases = ll
        .bases()
        .iter()
        .map(|(name, vectors)| {
            let mut vectors: Vec<Vec<i32>> = vectors
                .iter()
                .map(|v| {
                    let mut v = v.clone();
                    v[axis] *= 2;
                    v
                })
                .collect();
            if name == REGISTER {
                let mut step = vec![0i32; shape.len()];
                step[axis] = 1;
                vectors.insert(0, step);
            }
            (name.clone(), vectors)
        })
        .collect();
    let out: Vec<(String, i32)> = ll
        .out_dims()
        .iter()
        .enumerate()
        .map(|(d, (name, size))| (name.clone(), if d == axis { size * 2 } else { *size }))
        .collect();
    let unpacked = LinearLayout::new(bases, out, false).map_err(|e| e.to_string())?;
    Ok(Encoding::Linear(unpacked))
}

/// `ttg.fp4_to_fp` backwards: the encoding of the packed source when the
/// unpacked result (of shape `shape`) has `enc`. A dot operand unpacked along
/// K has half the `kWidth`; a blocked layout half the elements per thread
/// along `axis` when it is the fastest dimension; otherwise the linear
/// layout loses its register basis stepping 1 along `axis`.
pub fn infer_fp4_to_fp_src(enc: &Encoding, shape: &[i64], axis: usize) -> Result<Encoding, String> {
    if axis >= shape.len() {
        return Err(format!("axis {axis} is out of range for a rank-{} tensor", shape.len()));
    }
    if let Some(dot) = dot_operand_along_k(enc, shape.len(), axis, |k| (k % 2 == 0 && k >= 2).then_some(k / 2)) {
        return Ok(dot);
    }
    if let Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } = enc {
        let spt_axis = size_per_thread.get(axis).copied().unwrap_or(0);
        if order.first().map(|&d| d as usize) == Some(axis) && spt_axis >= 2 && spt_axis % 2 == 0 {
            let mut spt = size_per_thread.clone();
            spt[axis] /= 2;
            return Ok(Encoding::Blocked {
                size_per_thread: spt,
                threads_per_warp: threads_per_warp.clone(),
                warps_per_cta: warps_per_cta.clone(),
                order: order.clone(),
                cga: cga.clone(),
            });
        }
    }
    if !enc.is_distributed() {
        return Err(format!("ttg.fp4_to_fp needs a distributed encoding, not #ttg.{}", enc.mnemonic()));
    }
    let ll = to_linear_layout(enc, shape)?;
    // As Triton: the two halves of a byte are the first register basis.
    let first = ll.basis(REGISTER, 0);
    if first.is_none_or(|b| b.iter().enumerate().any(|(d, &v)| v != i32::from(d == axis))) {
        return Err("failed to infer encoding".into());
    }
    Ok(Encoding::Linear(split_on_axis(&ll, axis)?))
}

/// A `#ttg.dot_op` encoding whose K dimension is `axis`, with its `kWidth`
/// mapped by `k_width` (`None` when `enc` is not one or the map refuses).
fn dot_operand_along_k(enc: &Encoding, rank: usize, axis: usize, k_width: impl Fn(u32) -> Option<u32>) -> Option<Encoding> {
    let Encoding::DotOperand { op_idx, parent, k_width: k } = enc else { return None };
    let k_dim = if *op_idx == 0 { rank.checked_sub(1)? } else { rank.checked_sub(2)? };
    if axis != k_dim || *k == 0 {
        return None;
    }
    Some(Encoding::DotOperand { op_idx: *op_idx, parent: parent.clone(), k_width: k_width(*k)? })
}

/// `tt.reshape` from `src_shape` to `dst_shape` without reordering: an
/// encoding under which every thread keeps its elements. Blocked layouts are
/// first tried field by field (Triton's legacy inference); otherwise the
/// linear layout is reshaped row-major and the result is a `#ttg.linear`.
pub fn infer_reshape(src_enc: &Encoding, src_shape: &[i64], dst_shape: &[i64]) -> Result<Encoding, String> {
    let numel = |s: &[i64]| s.iter().try_fold(1i64, |acc, &x| acc.checked_mul(x));
    if numel(src_shape) != numel(dst_shape) || numel(src_shape).is_none() {
        return Err("numel of dst shape does not match numel of src shape".into());
    }
    if src_shape.iter().chain(dst_shape).any(|&s| s <= 0) {
        return Err(format!(
            "cannot reshape {} to {}: sizes must be positive",
            fmt_list(src_shape),
            fmt_list(dst_shape)
        ));
    }
    if let Some(enc) = infer_reshape_blocked(src_enc, src_shape, dst_shape) {
        return Ok(enc);
    }
    if !src_enc.is_distributed() {
        return Err("Failed MemDescReshapeOp encoding inference".into());
    }
    let ll = to_linear_layout(src_enc, src_shape)?;
    Ok(Encoding::Linear(reshape_layout(&ll, dst_shape)?))
}

/// Triton's `inferDotOpEncoding`: whether `operand` can be operand `op_idx`
/// (0 = A, 1 = B) of a dot whose result has encoding `result`.
pub fn infer_dot_operand(operand: &Encoding, op_idx: u32, result: &Encoding) -> Result<(), String> {
    if let Encoding::NvidiaMma { version_major: 3, .. } = result {
        let register_a = op_idx == 0
            && matches!(operand, Encoding::DotOperand { op_idx: 0, parent, .. }
                if matches!(parent.as_ref(), Encoding::NvidiaMma { .. }));
        if !matches!(operand, Encoding::NvmmaShared { .. } | Encoding::SharedLinear { .. }) && !register_a {
            return Err("unexpected operand layout for NvidiaMmaEncodingAttr v3".into());
        }
        return Ok(());
    }
    match operand {
        Encoding::DotOperand {
            op_idx: idx, parent, ..
        } => {
            if *idx != op_idx {
                return Err("Wrong opIdx".into());
            }
            if parent.as_ref() != result {
                return Err("Incompatible parent encoding".into());
            }
            Ok(())
        }
        _ => Err("Dot's a/b's encoding should be of DotOperandEncodingAttr".into()),
    }
}

/// The layout checks of `tt.dot`: each operand fits its position (see
/// [`infer_dot_operand`]), and Triton's `verifyDotOpEncodingCompatibility`:
/// both operands are dot operands or neither is, with the same `kWidth`, and
/// NVIDIA MMA parents and result agree on the MMA version.
pub fn verify_dot_operand(a_enc: &Encoding, b_enc: &Encoding, result_enc: &Encoding) -> Result<(), String> {
    infer_dot_operand(a_enc, 0, result_enc)?;
    infer_dot_operand(b_enc, 1, result_enc)?;
    let (a_parent, a_kw, b_parent, b_kw) = match (a_enc, b_enc) {
        (
            Encoding::DotOperand {
                parent: pa,
                k_width: ka,
                ..
            },
            Encoding::DotOperand {
                parent: pb,
                k_width: kb,
                ..
            },
        ) => (pa.as_ref(), *ka, pb.as_ref(), *kb),
        (Encoding::DotOperand { .. }, _) | (_, Encoding::DotOperand { .. }) => {
            return Err("mismatching encoding between A and B operands".into())
        }
        _ => return Ok(()),
    };
    if a_kw != b_kw {
        return Err("mismatching kWidth between A and B operands".into());
    }
    let version = |e: &Encoding| match e {
        Encoding::NvidiaMma { version_major, .. } => Some(*version_major),
        _ => None,
    };
    let versions = [version(a_parent), version(b_parent), version(result_enc)];
    if versions.iter().any(Option::is_some) {
        let [Some(va), Some(vb), Some(vr)] = versions else {
            return Err("mismatching MMA encoding".into());
        };
        if va != vb || va != vr {
            return Err("mismatched MMA version.".into());
        }
    }
    Ok(())
}

/// Triton's `areLayoutsEquivalent`: whether both encodings give the same
/// linear layout for `shape`.
pub fn layouts_equivalent(shape: &[i64], a: &Encoding, b: &Encoding) -> Result<bool, String> {
    if a == b {
        return Ok(true);
    }
    Ok(to_linear_layout(a, shape)? == to_linear_layout(b, shape)?)
}

/// A legacy encoding with the same linear layout as `ll` for `shape`, if the
/// default blocked encoding or `ll`'s own blocked reading matches; otherwise
/// `#ttg.linear` holding `ll`.
pub fn linear_to_encoding_if_equivalent(
    ll: &LinearLayout,
    shape: &[i64],
    num_warps: u32,
    threads_per_warp: u32,
    num_ctas: u32,
) -> Encoding {
    let linear = Encoding::Linear(ll.clone());
    let candidate = default_blocked(shape, num_warps, threads_per_warp, num_ctas);
    match (to_linear_layout(&candidate, shape), to_linear_layout(&linear, shape)) {
        (Ok(a), Ok(b)) if a == b => candidate,
        _ => linear,
    }
}

// --------------------------------------------------------------------------
// Helpers
// --------------------------------------------------------------------------

/// `order` as indices, checked to be a permutation.
fn permutation(order: &[i32]) -> Result<Vec<usize>, String> {
    let n = order.len();
    let mut seen = vec![false; n];
    let mut perm = Vec::with_capacity(n);
    for &d in order {
        match usize::try_from(d).ok().filter(|&d| d < n) {
            Some(d) if !seen[d] => {
                seen[d] = true;
                perm.push(d);
            }
            _ => return Err(format!("order {} is not a permutation of 0..{n}", fmt_list(order))),
        }
    }
    Ok(perm)
}

/// `inv` with `inv[perm[i]] == i`.
fn inverse_permutation(perm: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        inv[p] = i;
    }
    inv
}

/// Entry `j` of the result is `v[perm[j]]`; `err` when `perm` reaches past
/// the end of `v`.
fn permuted<T: Copy>(v: &[T], perm: &[usize], err: &str) -> Result<Vec<T>, String> {
    perm.iter()
        .map(|&d| v.get(d).copied().ok_or_else(|| err.to_string()))
        .collect()
}

/// The CGA of a transposed encoding: entry `j` of each basis is the old
/// entry `perm[j]`.
fn permute_cga(cga: &Cga, perm: &[usize]) -> Result<Cga, String> {
    let bases = cga
        .bases
        .iter()
        .map(|b| permuted(b, perm, "'CGALayout' entry length does not match rank"))
        .collect::<Result<_, _>>()?;
    Ok(Cga { bases })
}

/// The alignment a shared encoding promises (Triton's `getAlignment`).
fn shared_alignment(enc: &Encoding) -> u32 {
    match enc {
        Encoding::NvmmaShared {
            swizzling_byte_width, ..
        } => 128 * (swizzling_byte_width / 16).max(1),
        Encoding::SharedLinear { alignment, .. } => *alignment,
        _ => 16,
    }
}

/// CTAs per dimension of a CGA, broadcast CTAs included (Triton's
/// `getCTAsPerCGA`).
fn ctas_per_cga(cga: &Cga, rank: usize) -> Vec<u32> {
    let ll = LinearLayout::with_inferred_out_dims(
        vec![(BLOCK.to_string(), cga.bases.clone())],
        standard_out_dim_names(rank),
    );
    match ll {
        Ok(ll) => bases_per_dim(&ll, BLOCK, false),
        Err(_) => vec![1; rank],
    }
}

/// Triton's `tryJoinOnAxis` backwards: removes the register basis stepping 1
/// along `axis` and halves every other entry along it.
fn split_on_axis(ll: &LinearLayout, axis: usize) -> Result<LinearLayout, String> {
    let mut found = false;
    let bases = ll
        .bases()
        .iter()
        .map(|(name, vectors)| {
            let kept = vectors
                .iter()
                .filter(|v| {
                    let hit = name == REGISTER && v[axis] == 1;
                    found |= hit;
                    !hit
                })
                .map(|v| {
                    let mut v = v.clone();
                    v[axis] /= 2;
                    v
                })
                .collect();
            (name.clone(), kept)
        })
        .collect();
    if !found {
        return Err("Fp4ToFpOp/SplitOp requires at least 2 elements per thread in the axis/last dimension".into());
    }
    let names = ll.get_out_dim_names().iter().map(|s| s.to_string()).collect();
    let split = LinearLayout::with_inferred_out_dims(bases, names).map_err(|e| e.to_string())?;
    if !split.is_surjective() {
        return Err(format!("splitting leaves the layout {split} not surjective"));
    }
    Ok(split)
}

/// Triton's `getReshapeDecomposition`: groups of consecutive source
/// dimensions merged and split into groups of consecutive destination
/// dimensions. Shapes must be positive with equal products.
fn reshape_decomposition(src: &[i64], dst: &[i64]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    if src.is_empty() {
        return groups;
    }
    groups.push((Vec::new(), Vec::new()));
    let (mut si, mut di) = (0usize, 0usize);
    let (mut s_elems, mut d_elems) = (1i64, 1i64);
    // Every step consumes a dimension or closes a group right after one was
    // consumed, so this bound is never reached for valid input.
    let mut budget = 2 * (src.len() + dst.len()) + 2;
    while (si < src.len() || di < dst.len()) && budget > 0 {
        budget -= 1;
        let take_src = si < src.len() && (s_elems < d_elems || s_elems == 1 || src[si] == 1);
        let take_dst = di < dst.len() && (d_elems < s_elems || dst[di] == 1);
        if take_src {
            s_elems = s_elems.saturating_mul(src[si]);
            if let Some(g) = groups.last_mut() {
                g.0.push(si);
            }
            si += 1;
        } else if take_dst {
            d_elems = d_elems.saturating_mul(dst[di]);
            if let Some(g) = groups.last_mut() {
                g.1.push(di);
            }
            di += 1;
        } else {
            groups.push((Vec::new(), Vec::new()));
            s_elems = 1;
            d_elems = 1;
        }
    }
    groups
}

/// Triton's `inferReshapeOpLegacyEncoding`: a blocked destination encoding
/// with the same per-thread, per-warp and per-CTA blocks, when the merged
/// source dimensions are consecutive in `order` and fill their blocks from
/// the fastest one. `None` when there is no such encoding.
fn infer_reshape_blocked(src_enc: &Encoding, src_shape: &[i64], dst_shape: &[i64]) -> Option<Encoding> {
    let Encoding::Blocked {
        size_per_thread: spt,
        threads_per_warp: tpw,
        warps_per_cta: wpc,
        order,
        cga,
    } = src_enc
    else {
        return None;
    };
    if src_shape == dst_shape {
        return Some(src_enc.clone());
    }
    let rank = src_shape.len();
    if spt.len() != rank || tpw.len() != rank || wpc.len() != rank || order.len() != rank {
        return None;
    }
    let product = |v: &[u32]| v.iter().try_fold(1u32, |acc, &x| acc.checked_mul(x));
    let (num_warps, threads, num_ctas) = (product(wpc)?, product(tpw)?, 1u32.checked_shl(cga.bases.len() as u32)?);
    if *src_enc == default_blocked(src_shape, num_warps, threads, num_ctas) {
        return Some(default_blocked(dst_shape, num_warps, threads, num_ctas));
    }
    if !cga.bases.is_empty() {
        return None;
    }
    for sub in [spt, tpw, wpc] {
        for (d, &s) in src_shape.iter().enumerate() {
            let b = i64::from(sub[d]);
            if b == 0 || (s >= b && s % b != 0) {
                return None;
            }
        }
    }
    let perm: Vec<usize> = order.iter().map(|&d| d as usize).collect();
    if perm.iter().any(|&d| d >= rank) {
        return None;
    }
    let src_inv = inverse_permutation(&perm);
    let mut groups = reshape_decomposition(src_shape, dst_shape);
    if groups.iter().any(|(s, d)| s.is_empty() || d.is_empty()) {
        return None;
    }
    // Merged source dimensions must be consecutive in physical order, the
    // first one the most major.
    for (src_dims, _) in &groups {
        let physical: Vec<usize> = src_dims.iter().rev().map(|&d| src_inv[d]).collect();
        if physical.windows(2).any(|w| w[1] != w[0] + 1) {
            return None;
        }
    }
    // Within a group, a dimension may only have a non-trivial block once the
    // more minor dimensions are exhausted; only the most major may be
    // smaller than its block.
    for (src_dims, _) in &groups {
        let mut remaining: Vec<i64> = src_dims.iter().map(|&d| src_shape[d]).collect();
        for sub in [spt, tpw, wpc] {
            for i in (0..src_dims.len()).rev() {
                let b = i64::from(sub[src_dims[i]]);
                if b == 1 {
                    continue;
                }
                if remaining[i + 1..].iter().any(|&r| r != 1) {
                    return None;
                }
                remaining[i] = if remaining[i] >= b { remaining[i] / b } else { 0 };
                if remaining[i] == 0 && i != 0 {
                    return None;
                }
            }
        }
    }
    // Fill the destination blocks greedily from each group's fastest
    // destination dimension; any excess goes to its most major one.
    let mut dst_remaining = dst_shape.to_vec();
    let mut blocks: Vec<Vec<u32>> = Vec::with_capacity(3);
    for sub in [spt, tpw, wpc] {
        let mut dst_sub = vec![0i64; dst_shape.len()];
        for (src_dims, dst_dims) in &groups {
            let mut left: i64 = src_dims.iter().map(|&d| i64::from(sub[d])).product();
            for &d in dst_dims.iter().rev() {
                let val = left.min(dst_remaining[d]).max(1);
                dst_sub[d] = val;
                left /= val;
                dst_remaining[d] /= val;
            }
            dst_sub[dst_dims[0]] = dst_sub[dst_dims[0]].saturating_mul(left);
        }
        blocks.push(
            dst_sub
                .into_iter()
                .map(|v| u32::try_from(v).unwrap_or(u32::MAX))
                .collect(),
        );
    }
    // Destination order: groups from physically fastest to slowest, each
    // group's last dimension fastest.
    groups.sort_by_key(|(src_dims, _)| src_inv[src_dims[0]]);
    let mut dst_inv = vec![0usize; dst_shape.len()];
    let mut next = 0;
    for (_, dst_dims) in &groups {
        for &d in dst_dims.iter().rev() {
            dst_inv[d] = next;
            next += 1;
        }
    }
    let dst_order = inverse_permutation(&dst_inv).into_iter().map(|d| d as u32).collect();
    let mut blocks = blocks.into_iter();
    Some(Encoding::Blocked {
        size_per_thread: blocks.next()?,
        threads_per_warp: blocks.next()?,
        warps_per_cta: blocks.next()?,
        order: dst_order,
        cga: Cga::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ttg::test_support::{bases, blocked, blocked_cga, dot, mma_instr, nvidia_mma, swizzled_shared, v};
    use crate::ttg::to_linear::{LANE, OFFSET, WARP};

    fn mma(major: u32) -> Encoding {
        nvidia_mma(major, &[1, 1], mma_instr(major))
    }

    fn linear_of(enc: Encoding) -> LinearLayout {
        match enc {
            Encoding::Linear(ll) => ll,
            other => panic!("expected a #ttg.linear, got {other:?}"),
        }
    }

    #[test]
    fn expand_dims_and_reduce() {
        let parent = blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]);
        let slice = Encoding::Slice {
            dim: 1,
            parent: Box::new(parent.clone()),
        };
        assert_eq!(infer_expand_dims(&slice, 1), Ok(parent.clone()));
        assert_eq!(
            infer_expand_dims(&slice, 0).unwrap_err(),
            "Incompatible slice dimension for ExpandDimsOp operand"
        );
        assert_eq!(
            infer_expand_dims(&parent, 0).unwrap_err(),
            "ExpandDimsOp operand encoding must be SliceEncodingAttr"
        );
        assert_eq!(infer_reduce(&parent, 1), Ok(slice));
        assert!(infer_reduce(&parent, 2).unwrap_err().contains("out of range"));
        assert!(infer_reduce(&Encoding::SharedMemory, 0).is_err());
    }

    #[test]
    fn trans_of_blocked_permutes_fields() {
        let src = blocked_cga(&[1, 4], &[8, 4], &[4, 1], &[1, 0], &[&[1, 0]]);
        let got = infer_trans(&src, &[64, 16], &[1, 0]).unwrap();
        assert_eq!(got, blocked_cga(&[4, 1], &[4, 8], &[1, 4], &[0, 1], &[&[0, 1]]));
        // Every thread keeps its elements: the layouts are transposes.
        let before = to_linear_layout(&src, &[64, 16]).unwrap();
        let after = to_linear_layout(&got, &[16, 64]).unwrap();
        assert_eq!(transpose_layout(&before, &[1, 0]).unwrap(), after);
        // Rank 3: result dimension i is operand dimension order[i].
        let src = blocked(&[1, 2, 4], &[2, 4, 4], &[1, 2, 2], &[2, 1, 0]);
        let got = infer_trans(&src, &[4, 8, 16], &[2, 0, 1]).unwrap();
        assert_eq!(got, blocked(&[4, 1, 2], &[4, 2, 4], &[2, 1, 2], &[0, 2, 1]));
        // The identity permutation keeps the encoding.
        assert_eq!(infer_trans(&src, &[4, 8, 16], &[0, 1, 2]), Ok(src.clone()));
        assert_eq!(
            infer_trans(&src, &[4, 8], &[1, 0]).unwrap_err(),
            "rank of encoding does not match order: 3 vs 2"
        );
        assert_eq!(
            infer_trans(&src, &[4, 8, 16, 2], &[1, 0, 3, 2]).unwrap_err(),
            "rank of encoding does not match order: 3 vs 4"
        );
        assert!(infer_trans(&src, &[4, 8, 16], &[1, 1, 0])
            .unwrap_err()
            .contains("not a permutation"));
        assert_eq!(
            infer_trans(&src, &[4, 8], &[1, 0, 2]).unwrap_err(),
            "shape and order rank do not match: 2 vs 3"
        );
    }

    #[test]
    fn trans_of_shared_encodings() {
        let swizzled = swizzled_shared(4, 2, 4, &[1, 0]);
        let got = infer_trans(&swizzled, &[32, 64], &[1, 0]).unwrap();
        assert_eq!(got, swizzled_shared(4, 2, 4, &[0, 1]));
        let nvmma = |transposed, rank| Encoding::NvmmaShared {
            swizzling_byte_width: 128,
            transposed,
            element_bit_width: 16,
            fp4_padded: false,
            cga: Cga::default(),
            rank,
        };
        assert_eq!(infer_trans(&nvmma(false, 2), &[64, 64], &[1, 0]), Ok(nvmma(true, 2)));
        // Other permutations of an NVMMA layout become a shared linear layout
        // with the NVMMA alignment (128 bytes per phase).
        let got = infer_trans(&nvmma(false, 3), &[2, 64, 64], &[1, 0, 2]).unwrap();
        let Encoding::SharedLinear { layout, alignment } = got else {
            panic!("expected #ttg.shared_linear")
        };
        assert_eq!(alignment, 1024);
        let src = to_linear_layout(&nvmma(false, 3), &[2, 64, 64]).unwrap();
        assert_eq!(layout, transpose_layout(&src, &[1, 0, 2]).unwrap());
        assert_eq!(bases(&layout, OFFSET)[0], vec![0, 0, 1]);
        // A rotating layout takes the generic path with the default alignment.
        let rotating = Encoding::AmdRotatingShared {
            vec: 1,
            per_phase: 1,
            max_phase: 2,
            order: vec![1, 0],
            cga: Cga::default(),
        };
        let Encoding::SharedLinear { layout, alignment } = infer_trans(&rotating, &[4, 2], &[1, 0]).unwrap() else {
            panic!("expected #ttg.shared_linear")
        };
        assert_eq!(alignment, 16);
        assert_eq!(bases(&layout, OFFSET), v(&[&[1, 0], &[1, 1], &[1, 2]]));
    }

    #[test]
    fn trans_of_mma_is_linear() {
        let ll = linear_of(infer_trans(&mma(2), &[16, 8], &[1, 0]).unwrap());
        assert_eq!(bases(&ll, REGISTER), v(&[&[1, 0], &[0, 8]]));
        assert_eq!(bases(&ll, LANE), v(&[&[2, 0], &[4, 0], &[0, 1], &[0, 2], &[0, 4]]));
        assert_eq!(ll.out_dims().iter().map(|d| d.1).collect::<Vec<_>>(), [8, 16]);
    }

    #[test]
    fn split() {
        // Two elements per thread in the last dimension, nothing else there.
        let src = blocked(&[1, 2], &[32, 1], &[4, 1], &[1, 0]);
        assert_eq!(infer_split(&src, &[128, 2]), Ok(blocked(&[1], &[32], &[4], &[0])));
        // Otherwise via the linear layout: the register basis along the last
        // dimension goes away.
        let src = blocked(&[1, 2], &[16, 2], &[1, 1], &[1, 0]);
        let ll = linear_of(infer_split(&src, &[16, 2]).unwrap());
        assert_eq!(bases(&ll, REGISTER), Vec::<Vec<i32>>::new());
        assert_eq!(bases(&ll, LANE), v(&[&[0], &[1], &[2], &[4], &[8]]));
        assert_eq!(ll.out_dims(), [("dim0".to_string(), 16)]);
        let src = blocked(&[1, 1], &[16, 2], &[1, 1], &[1, 0]);
        assert_eq!(
            infer_split(&src, &[16, 2]).unwrap_err(),
            "Fp4ToFpOp/SplitOp requires at least 2 elements per thread in the axis/last dimension"
        );
        assert_eq!(
            infer_split(&src, &[16, 4]).unwrap_err(),
            "SplitOp input shape should have 2 in the last dim"
        );
    }

    #[test]
    fn join() {
        let src = blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]);
        let joined = blocked(&[1, 4, 2], &[8, 4, 1], &[4, 1, 1], &[2, 1, 0]);
        assert_eq!(infer_join(&src, &[32, 16]), Ok(joined.clone()));
        // Joining a slice of the joined layout gives that layout back.
        let slice = Encoding::Slice {
            dim: 2,
            parent: Box::new(joined.clone()),
        };
        assert_eq!(infer_join(&slice, &[32, 16]), Ok(joined));
        // Other layouts gain a first register basis along the new dimension.
        let ll = linear_of(infer_join(&mma(2), &[16, 8]).unwrap());
        assert_eq!(bases(&ll, REGISTER), v(&[&[0, 0, 1], &[0, 1, 0], &[8, 0, 0]]));
        assert_eq!(
            bases(&ll, LANE),
            v(&[&[0, 2, 0], &[0, 4, 0], &[1, 0, 0], &[2, 0, 0], &[4, 0, 0]])
        );
        assert_eq!(ll.out_dims().iter().map(|d| d.1).collect::<Vec<_>>(), [16, 8, 2]);
        // And split undoes join.
        let back = infer_split(&Encoding::Linear(ll), &[16, 8, 2]).unwrap();
        assert!(layouts_equivalent(&[16, 8], &back, &mma(2)).unwrap());
        assert!(infer_join(&Encoding::SharedMemory, &[4]).is_err());
    }

    #[test]
    fn reshape() {
        // The default layout maps to the default layout.
        let src = default_blocked(&[4, 4], 2, 32, 1);
        assert_eq!(
            infer_reshape(&src, &[4, 4], &[16]),
            Ok(blocked(&[1], &[32], &[2], &[0]))
        );
        // Merging row-major dimensions keeps the blocks.
        let src = blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]);
        assert_eq!(
            infer_reshape(&src, &[32, 16], &[512]),
            Ok(blocked(&[4], &[32], &[4], &[0]))
        );
        // Splitting a dimension splits its blocks, the fastest part first.
        let src = blocked(&[4], &[32], &[4], &[0]);
        assert_eq!(
            infer_reshape(&src, &[512], &[32, 16]),
            Ok(blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]))
        );
        // A column-major source cannot merge row-major: linear layout.
        let src = blocked(&[1, 1], &[4, 8], &[1, 1], &[0, 1]);
        let ll = linear_of(infer_reshape(&src, &[4, 4], &[16]).unwrap());
        assert_eq!(bases(&ll, LANE), v(&[&[4], &[8], &[1], &[2], &[0]]));
        assert_eq!(bases(&ll, WARP), Vec::<Vec<i32>>::new());
        assert_eq!(infer_reshape(&src, &[4, 4], &[4, 4]), Ok(src.clone()));
        assert_eq!(
            infer_reshape(&src, &[4, 4], &[32]).unwrap_err(),
            "numel of dst shape does not match numel of src shape"
        );
        let shared = swizzled_shared(1, 1, 1, &[1, 0]);
        assert_eq!(
            infer_reshape(&shared, &[4, 4], &[16]).unwrap_err(),
            "Failed MemDescReshapeOp encoding inference"
        );
    }

    #[test]
    fn dot_operands() {
        let a = dot(0, mma(2), 2);
        let b = dot(1, mma(2), 2);
        assert_eq!(verify_dot_operand(&a, &b, &mma(2)), Ok(()));
        assert_eq!(
            verify_dot_operand(&a, &dot(1, mma(2), 4), &mma(2)).unwrap_err(),
            "mismatching kWidth between A and B operands"
        );
        assert_eq!(verify_dot_operand(&b, &a, &mma(2)).unwrap_err(), "Wrong opIdx");
        let blocked_parent = blocked(&[1, 1], &[8, 4], &[4, 1], &[1, 0]);
        assert_eq!(
            verify_dot_operand(&a, &dot(1, blocked_parent.clone(), 0), &mma(2)).unwrap_err(),
            "Incompatible parent encoding"
        );
        assert_eq!(
            verify_dot_operand(&blocked_parent, &b, &mma(2)).unwrap_err(),
            "Dot's a/b's encoding should be of DotOperandEncodingAttr"
        );
        let fma_a = dot(0, blocked_parent.clone(), 0);
        let fma_b = dot(1, blocked_parent.clone(), 0);
        assert_eq!(verify_dot_operand(&fma_a, &fma_b, &blocked_parent), Ok(()));
        // Hopper: A from registers (a dot operand of an MMA) or shared memory.
        let hopper_a = dot(0, mma(3), 2);
        assert_eq!(infer_dot_operand(&hopper_a, 0, &mma(3)), Ok(()));
        assert_eq!(
            infer_dot_operand(&blocked_parent, 0, &mma(3)).unwrap_err(),
            "unexpected operand layout for NvidiaMmaEncodingAttr v3"
        );
        let nvmma = Encoding::NvmmaShared {
            swizzling_byte_width: 128,
            transposed: false,
            element_bit_width: 16,
            fp4_padded: false,
            cga: Cga::default(),
            rank: 2,
        };
        assert_eq!(infer_dot_operand(&nvmma, 1, &mma(3)), Ok(()));
        assert_eq!(
            verify_dot_operand(&hopper_a, &nvmma, &mma(3)).unwrap_err(),
            "mismatching encoding between A and B operands"
        );
    }

    #[test]
    fn equivalence() {
        let enc = default_blocked(&[32, 32], 4, 32, 1);
        let ll = to_linear_layout(&enc, &[32, 32]).unwrap();
        assert!(layouts_equivalent(&[32, 32], &enc, &Encoding::Linear(ll.clone())).unwrap());
        assert!(!layouts_equivalent(&[32, 32], &enc, &mma(2)).unwrap());
        assert_eq!(linear_to_encoding_if_equivalent(&ll, &[32, 32], 4, 32, 1), enc);
        let other = to_linear_layout(&mma(2), &[32, 32]).unwrap();
        assert_eq!(
            linear_to_encoding_if_equivalent(&other, &[32, 32], 1, 32, 1),
            Encoding::Linear(other.clone())
        );
    }

    #[test]
    fn garbage_is_rejected_without_panicking() {
        let huge = Encoding::Blocked {
            size_per_thread: vec![u32::MAX, 0],
            threads_per_warp: vec![1 << 31],
            warps_per_cta: vec![],
            order: vec![7, 7],
            cga: Cga {
                bases: vec![vec![-1, i32::MAX]],
            },
        };
        let inputs = [
            huge,
            Encoding::SharedMemory,
            Encoding::Linear(LinearLayout::empty()),
            dot(9, mma(1), 0),
        ];
        let shapes: [&[i64]; 5] = [&[], &[0, 2], &[-2, 2], &[i64::MAX, 2], &[3, 5]];
        for enc in &inputs {
            for shape in shapes {
                let rank = shape.len();
                let order: Vec<i32> = (0..rank as i32).rev().collect();
                assert!(
                    infer_trans(enc, shape, &order).is_err() || rank < 2,
                    "{enc:?} {shape:?}"
                );
                let _ = infer_trans(enc, shape, &[i32::MIN, i32::MAX]);
                let _ = infer_split(enc, shape);
                let _ = infer_join(enc, shape);
                let _ = infer_reshape(enc, shape, &[i64::MAX]);
                let _ = infer_reshape(enc, shape, shape);
                let _ = infer_expand_dims(enc, usize::MAX);
                let _ = infer_reduce(enc, usize::MAX);
                let _ = verify_dot_operand(enc, enc, enc);
                let _ = layouts_equivalent(shape, enc, enc);
            }
        }
        assert!(infer_reshape(&default_blocked(&[4, 4], 1, 32, 1), &[4, 4], &[0, 0]).is_err());
        assert!(infer_reshape(&default_blocked(&[4, 4], 1, 32, 1), &[4, 4], &[-4, -4]).is_err());
    }
}
