//! The attribute verifiers of the `ttg` encodings, on the [`Encoding`]
//! model, with Triton 3.9's diagnostics (including the ones its parser emits
//! for malformed `CGALayout`s and linear layouts, since the model can hold
//! what the parser would reject).
//!
//! [`Encoding::verify`] checks an encoding on its own;
//! [`Encoding::verify_for_tensor`] and [`Encoding::verify_tensor_layout`]
//! check it as the encoding of a `tensor` (Triton's tensor-layout verifier);
//! [`Encoding::verify_for_memdesc`] checks a shared encoding against the
//! shape of a `!ttg.memdesc`.
use super::encoding::{Cga, Encoding};
use super::linear_layout::LinearLayout;
use super::to_linear::{
    cga_layout, fmt_list, standard_out_dim_names, to_linear_layout, BLOCK, LANE, MAX_RANK, OFFSET, REGISTER, WARP,
};

impl Encoding {
    /// Triton's attribute verifier for this encoding (nested encodings are
    /// verified first, as the parser does). `Err` holds the diagnostic.
    pub fn verify(&self) -> Result<(), String> {
        match self {
            Encoding::Blocked {
                size_per_thread,
                threads_per_warp,
                warps_per_cta,
                order,
                cga,
            } => {
                verify_cga(cga, size_per_thread.len())?;
                let rank = size_per_thread.len();
                if threads_per_warp.len() != rank || warps_per_cta.len() != rank || order.len() != rank {
                    return Err(
                        "sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.".into(),
                    );
                }
                for (name, values) in [
                    ("sizePerThread", size_per_thread),
                    ("threadsPerWarp", threads_per_warp),
                    ("warpsPerCTA", warps_per_cta),
                ] {
                    if values.iter().any(|v| !v.is_power_of_two()) {
                        return Err(format!("Every element in {name} must be a power of two."));
                    }
                }
                verify_order(order)
            }
            Encoding::Slice { dim, parent } => {
                parent.verify()?;
                if !parent.is_distributed() {
                    return Err("expected a distributed encoding trait".into());
                }
                let rank = parent.rank();
                if rank <= 1 {
                    return Err("parent layout must have at least rank >= 2".into());
                }
                if *dim as usize >= rank {
                    return Err(format!("slice dim={dim} must be less than the parent rank={rank}"));
                }
                Ok(())
            }
            Encoding::DotOperand {
                op_idx,
                parent,
                k_width,
            } => {
                parent.verify()?;
                verify_dot_operand_params(*op_idx, parent, *k_width)
            }
            Encoding::NvidiaMma {
                version_major,
                warps_per_cta,
                cga,
                ..
            } => {
                verify_cga(cga, warps_per_cta.len())?;
                match version_major {
                    2 | 3 => Ok(()),
                    1 => Err("Volta (versionMajor = 1) is deprecated and no longer supported".into()),
                    v => Err(format!("versionMajor must be 2 (Ampere) or 3 (Hopper), got {v}")),
                }
            }
            Encoding::AmdMfma {
                version,
                warps_per_cta,
                instr_shape,
                cga,
                tiles_per_warp,
                element_bit_width,
                ..
            } => {
                verify_cga(cga, warps_per_cta.len())?;
                if *version > 4 {
                    return Err("version must be in the [0, 4] range".into());
                }
                let [m, n, ..] = instr_shape[..] else {
                    return Err(format!(
                        "instrShape must hold at least (mDim, nDim), got {}",
                        fmt_list(instr_shape)
                    ));
                };
                if ![(32, 32), (16, 16), (64, 4), (4, 64)].contains(&(m, n)) {
                    return Err(format!("invalid (mDim, nDim) combination: ({m}, {n})"));
                }
                if !matches!(element_bit_width, 0 | 32 | 64) {
                    return Err("elementBitWidth must be 32 or 64".into());
                }
                if !tiles_per_warp.is_empty() && tiles_per_warp.len() != warps_per_cta.len() {
                    return Err(format!(
                        "tilesPerWarp {} and warpsPerCTA {} must have the same rank",
                        fmt_list(tiles_per_warp),
                        fmt_list(warps_per_cta)
                    ));
                }
                Ok(())
            }
            Encoding::AmdWmma {
                version,
                cta_layout,
                cga,
                instr_shape,
                ..
            } => {
                let rank = cta_layout.num_out_dims();
                verify_cga(cga, rank)?;
                verify_wmma_cta_layout(cta_layout)?;
                if !(1..=3).contains(version) {
                    return Err("WMMA version must be in the [1, 3] range".into());
                }
                let valid: &[[u32; 3]] = match version {
                    1 => &[[16, 16, 16]],
                    2 => &[[16, 16, 16], [16, 16, 32]],
                    _ => &[[16, 16, 4], [16, 16, 32], [16, 16, 64], [16, 16, 128]],
                };
                if !valid.iter().any(|s| s[..] == instr_shape[..]) {
                    return Err(format!("invalid WMMA v{version} instruction shape"));
                }
                Ok(())
            }
            Encoding::Linear(ll) => {
                verify_linear_dims(ll, &[REGISTER, LANE, WARP, BLOCK])?;
                verify_surjective(ll)?;
                if !is_permutation_without_broadcasts(ll) {
                    return Err(
                        "LinearEncodingAttr requires a permutation matrix layout after removing broadcast bases".into(),
                    );
                }
                Ok(())
            }
            Encoding::GenericLinear(ll) => {
                verify_linear_dims(ll, &[REGISTER, LANE, WARP, BLOCK])?;
                verify_surjective(ll)?;
                for (name, vectors) in ll.bases() {
                    if name != WARP && vectors.iter().any(|v| v.iter().filter(|&&x| x != 0).count() > 1) {
                        return Err(format!(
                            "In a generic linear layout, register, lane, and block bases must move in at most \
                             one dimension. Swizzled bases found in '{name}'."
                        ));
                    }
                }
                Ok(())
            }
            Encoding::SwizzledShared { order, cga, .. } => {
                verify_cga(cga, order.len())?;
                verify_order(order)
            }
            Encoding::AmdRotatingShared { order, cga, .. } => verify_cga(cga, order.len()),
            Encoding::NvmmaShared {
                swizzling_byte_width,
                element_bit_width,
                cga,
                rank,
                ..
            } => {
                if *rank as usize > MAX_RANK {
                    return Err(format!("rank {rank} is larger than the supported {MAX_RANK}"));
                }
                verify_cga(cga, *rank as usize)?;
                if *element_bit_width == 0 {
                    return Err("elementBitWidth must be non-zero".into());
                }
                if ![0, 32, 64, 128].contains(swizzling_byte_width) {
                    return Err("swizzlingByteWidth must be 0, 32, 64, or 128".into());
                }
                Ok(())
            }
            Encoding::PaddedShared {
                intervals,
                paddings,
                linear_component,
            } => verify_padded(intervals, paddings, linear_component),
            Encoding::PartitionedShared {
                num_partitions,
                num_groups,
                partition_dim,
                partition_layout,
            } => {
                partition_layout.verify()?;
                if !partition_layout.is_shared() {
                    return Err("partitionLayout must be a SharedEncodingTrait".into());
                }
                if *num_partitions < 2 || !num_partitions.is_power_of_two() {
                    return Err("numPartitions must be a power of 2 and at least 2".into());
                }
                if !num_groups.is_power_of_two() {
                    return Err("numGroups must be a power of 2 and greater than 0".into());
                }
                let rank = partition_layout.rank();
                if *partition_dim as usize >= rank {
                    return Err(format!(
                        "partitionDim ({partition_dim}) must be less than the layout rank ({rank})"
                    ));
                }
                Ok(())
            }
            Encoding::SharedLinear { layout, alignment } => {
                if !alignment.is_power_of_two() {
                    return Err("alignment must be a positive power of two".into());
                }
                verify_linear_dims(layout, &[OFFSET, BLOCK])?;
                if layout.num_out_dims() == 0 {
                    return Err("SharedLinearEncodingAttr requires at least one output dimension.".into());
                }
                if !layout.is_surjective() {
                    return Err("The layout must be surjective".into());
                }
                if !layout.without_zero_bases(None).is_invertible() {
                    return Err("After removing the zero bases the layout must be bijective".into());
                }
                Ok(())
            }
            Encoding::SharedMemory => Ok(()),
        }
    }

    /// Triton's check of a tensor's encoding, short of the module context
    /// (see [`Encoding::verify_tensor_layout`]): the encoding is distributed,
    /// its rank is the tensor's and the shape is made of powers of two. The
    /// encoding itself is assumed valid (attributes are verified when built).
    pub fn verify_for_tensor(&self, shape: &[i64]) -> Result<(), String> {
        if !self.is_distributed() {
            return Err("Non-distributed layout is not allowed in tensor type.".into());
        }
        let rank = self.rank();
        if rank != shape.len() {
            return Err(format!(
                "Layout has rank {rank}, but the tensor it's attached to has rank {}.",
                shape.len()
            ));
        }
        if shape.iter().any(|&s| s <= 0 || !(s as u64).is_power_of_two()) {
            let dims = shape.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ");
            return Err(format!(
                "Layout has shape {dims}, but the tensor it's attached to has shape {dims} which is not a power of two."
            ));
        }
        Ok(())
    }

    /// [`Encoding::verify_for_tensor`] plus the module context: a linear
    /// layout exists for the shape, and its `lane`, `warp` and `block` sizes
    /// are the module's threads per warp, the number of warps and the number
    /// of CTAs.
    pub fn verify_tensor_layout(
        &self,
        shape: &[i64],
        threads_per_warp: u32,
        num_warps: u32,
        num_ctas: u32,
    ) -> Result<(), String> {
        self.verify_for_tensor(shape)?;
        // Blocked layouts and their slices (most tensors) have a linear
        // layout for every power-of-two shape, with exactly these hardware
        // sizes: skip building it.
        let sizes = match self.blocked_hardware_sizes() {
            Some(sizes) => sizes,
            None => {
                let ll = to_linear_layout(self, shape)?;
                let size = |dim: &str| ll.in_dim_size(dim).unwrap_or(1).unsigned_abs();
                [size(LANE), size(WARP), size(BLOCK)]
            }
        };
        let size = |dim: &str| match dim {
            LANE => sizes[0],
            WARP => sizes[1],
            _ => sizes[2],
        };
        if size(LANE) != threads_per_warp {
            return Err(format!(
                "Layout has {} threads per warp, but the module specifies {threads_per_warp} threads per warp.",
                size(LANE)
            ));
        }
        if size(WARP) != num_warps {
            return Err(format!(
                "Layout has {} warps per CTA, but the context requires {num_warps} warps per CTA.",
                size(WARP)
            ));
        }
        if size(BLOCK) != num_ctas {
            return Err(format!(
                "Layout has {} CTAs per CGA, but the context requires {num_ctas} CTAs per CGA.",
                size(BLOCK)
            ));
        }
        Ok(())
    }

    /// The `lane`, `warp` and `block` sizes of a blocked layout or of a
    /// (nested) slice of one: the products of its threads per warp, warps per
    /// CTA and the CTA count. `None` for every other encoding, and for
    /// parameters whose products overflow.
    pub(crate) fn blocked_hardware_sizes(&self) -> Option<[u32; 3]> {
        match self {
            Encoding::Blocked { threads_per_warp, warps_per_cta, cga, .. } => {
                let product = |v: &Vec<u32>| v.iter().try_fold(1u32, |acc, &x| acc.checked_mul(x));
                let ctas = u32::try_from(cga.num_ctas()).ok()?;
                Some([product(threads_per_warp)?, product(warps_per_cta)?, ctas])
            }
            Encoding::Slice { parent, .. } => parent.blocked_hardware_sizes(),
            _ => None,
        }
    }

    /// Checks a shared encoding against the shape of the `!ttg.memdesc` it
    /// describes: linear shared layouts must have exactly that shape, an
    /// NVMMA layout's rank must be the shape's or one less and its swizzle
    /// must fit the contiguous dimension, and a linear layout must exist.
    pub fn verify_for_memdesc(&self, shape: &[i64]) -> Result<(), String> {
        self.verify()?;
        if !self.is_shared() {
            return Err(format!("#ttg.{} is not a shared memory encoding", self.mnemonic()));
        }
        match self {
            Encoding::SharedLinear { layout: ll, .. }
            | Encoding::PaddedShared {
                linear_component: ll, ..
            } => {
                for (k, (_, size)) in ll.out_dims().iter().enumerate() {
                    let expected = shape.get(k).copied().unwrap_or(0);
                    if i64::from(*size) != expected {
                        return Err(format!(
                            "Mismatch in expected shape for dimension {k}. Expected: {expected}, got: {size}"
                        ));
                    }
                }
                if ll.num_out_dims() != shape.len() {
                    return Err(format!(
                        "Mismatch in expected rank: the layout has rank {}, the memdesc {}",
                        ll.num_out_dims(),
                        shape.len()
                    ));
                }
                Ok(())
            }
            Encoding::NvmmaShared {
                swizzling_byte_width,
                transposed,
                element_bit_width,
                fp4_padded,
                rank,
                ..
            } => {
                let rank = *rank as usize;
                if rank != shape.len() && rank + 1 != shape.len() {
                    return Err(format!(
                        "rank must be equal to or one less than the shape size. Got {rank} and {}",
                        shape.len()
                    ));
                }
                if *swizzling_byte_width != 0 && !shape.is_empty() {
                    let contig = if *transposed { 0 } else { shape.len() - 1 };
                    let factor = if *fp4_padded { 2 } else { 1 };
                    let size = shape[contig].saturating_mul(factor).min(256);
                    let needed = i64::from(8 * swizzling_byte_width / element_bit_width);
                    if size < needed {
                        return Err(format!(
                            "block shape along the contiguous dimension {contig} is too small for the swizzle byte \
                             size {swizzling_byte_width} in an NVMMASharedLayout, got {size} but expected at least \
                             {needed}"
                        ));
                    }
                }
                to_linear_layout(self, shape).map(|_| ())
            }
            _ => to_linear_layout(self, shape).map(|_| ()),
        }
    }
}

/// The `kWidth` / `opIdx` / parent rules of `#ttg.dot_op`.
fn verify_dot_operand_params(op_idx: u32, parent: &Encoding, k_width: u32) -> Result<(), String> {
    if op_idx > 1 {
        return Err(format!("ttg.dot_op opIdx parameter can be 0 or 1, got: {op_idx}"));
    }
    match parent {
        Encoding::NvidiaMma { version_major, .. } => {
            let ampere_or_hopper = matches!(version_major, 2 | 3);
            if k_width != 0 && !ampere_or_hopper {
                return Err("ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA parent".into());
            }
            if k_width == 0 && ampere_or_hopper {
                return Err("ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent".into());
            }
            if op_idx != 0 && *version_major == 3 {
                return Err(
                    "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only \
                            allows first operand to be in registers"
                        .into(),
                );
            }
            Ok(())
        }
        Encoding::AmdWmma { version, .. } => {
            if *version == 1 && k_width != 8 && k_width != 16 {
                return Err(
                    "ttg.dot_op kWidth parameter must be 8/16 for WMMA v1 (including packed cases for \
                            `scaled_dot`)"
                        .into(),
                );
            }
            if *version == 2 && ![4, 8, 16].contains(&k_width) {
                return Err(
                    "ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for \
                            `scaled_dot`)"
                        .into(),
                );
            }
            if *version == 3 && k_width == 0 {
                return Err("ttg.dot_op kWidth parameter is mandatory for WMMA v3 ".into());
            }
            Ok(())
        }
        Encoding::AmdMfma { .. } => {
            if k_width == 0 {
                return Err("ttg.dot_op kWidth parameter is mandatory for MFMA parent".into());
            }
            Ok(())
        }
        Encoding::Blocked { .. } => {
            if k_width != 0 {
                return Err("ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout".into());
            }
            Ok(())
        }
        other => Err(format!(
            "ttg.dot_op unexpected parent layout: #ttg.{}",
            other.mnemonic()
        )),
    }
}

/// Checks `order` is a permutation of `0..order.len()`.
fn verify_order(order: &[u32]) -> Result<(), String> {
    let mut sorted = order.to_vec();
    sorted.sort_unstable();
    if sorted.iter().enumerate().any(|(i, &d)| d as usize != i) {
        return Err(format!(
            "order must be a permutation of 0..(rank-1), but was {}",
            fmt_list(order)
        ));
    }
    Ok(())
}

/// Checks a `CGALayout` for an encoding of rank `rank`: one entry per
/// dimension in each basis, and a permutation matrix once the broadcast
/// (zero) bases are removed.
fn verify_cga(cga: &Cga, rank: usize) -> Result<(), String> {
    if cga.bases.is_empty() {
        return Ok(());
    }
    if cga.bases.iter().any(|b| b.len() != rank) {
        return Err(format!("'CGALayout' entry length does not match rank {rank}"));
    }
    if cga.bases.iter().flatten().any(|&v| v < 0) {
        return Err("CGALayout entries must be non-negative".into());
    }
    let layout = cga_layout(cga, rank);
    if !layout.is_ok_and(|ll| is_permutation_without_broadcasts(&ll)) {
        return Err("After removing broadcast bases the CGA encoding must be a permutation matrix".into());
    }
    Ok(())
}

/// Checks the input dimension names of a linear encoding (exactly
/// `expected`, in order) and that its outputs are `dim0, dim1, …`.
fn verify_linear_dims(ll: &LinearLayout, expected: &[&str]) -> Result<(), String> {
    let names = ll.get_in_dim_names();
    for (i, want) in expected.iter().enumerate() {
        match names.get(i) {
            Some(got) if got == want => {}
            Some(got) => return Err(format!("Expected input dimension {i} to be '{want}'. Got {got}")),
            None => return Err(format!("Expected input dimension {i} to be '{want}'. Got none")),
        }
    }
    if let Some(extra) = names.get(expected.len()) {
        return Err(format!("Unexpected input dimension '{extra}'"));
    }
    for (i, name) in ll.get_out_dim_names().iter().enumerate() {
        if *name != format!("dim{i}") {
            return Err(format!(
                "Expected output dimensions to be ['dim0', 'dim1', ...]. Got {name} at position {i}"
            ));
        }
    }
    if ll.num_out_dims() == 0 {
        return Err("Empty Layout not supported".into());
    }
    Ok(())
}

/// Triton builds linear encodings with the constructor that requires every
/// output value to be reached.
fn verify_surjective(ll: &LinearLayout) -> Result<(), String> {
    if ll.is_surjective() {
        Ok(())
    } else {
        Err(
            "Layout is expected to be surjective, i.e. every `out` coordinate can be reached by some `in` \
             coordinate, but was not"
                .into(),
        )
    }
}

/// Whether the layout, without its zero bases, is a permutation matrix: every
/// basis a single power of two along one output dimension, and the whole a
/// bijection onto the smallest output sizes holding the bases.
fn is_permutation_without_broadcasts(ll: &LinearLayout) -> bool {
    let nonzero: Vec<&Vec<i32>> = ll
        .bases()
        .iter()
        .flat_map(|(_, vectors)| vectors.iter())
        .filter(|v| v.iter().any(|&x| x != 0))
        .collect();
    let single_power = |v: &&Vec<i32>| {
        let mut it = v.iter().filter(|&&x| x != 0);
        matches!((it.next(), it.next()), (Some(&x), None) if x > 0 && (x as u32).is_power_of_two())
    };
    if !nonzero.iter().all(single_power) {
        return false;
    }
    // Each output dimension must receive exactly the powers 1, 2, …, size/2.
    let rank = ll.num_out_dims();
    for k in 0..rank {
        let mut values: Vec<i32> = nonzero.iter().map(|v| v[k]).filter(|&x| x != 0).collect();
        values.sort_unstable();
        if values.iter().enumerate().any(|(j, &x)| j >= 31 || x != 1 << j) {
            return false;
        }
    }
    true
}

/// Checks the CTA layout of an `#ttg.amd_wmma`: `register` and `warp` inputs
/// onto `dim0..`, surjective.
fn verify_wmma_cta_layout(ll: &LinearLayout) -> Result<(), String> {
    if ll.num_out_dims() == 0 {
        return Err("Empty Layout not supported".into());
    }
    if ll.get_out_dim_names() != standard_out_dim_names(ll.num_out_dims()) {
        return Err("Expected output dimensions to be ['dim0', 'dim1', ...].".into());
    }
    if let Some(bad) = ll.get_in_dim_names().iter().find(|n| **n != REGISTER && **n != WARP) {
        return Err(format!(
            "ctaLayout may only have 'register' and 'warp' input dimensions, got '{bad}'"
        ));
    }
    verify_surjective(ll)
}

/// The verifier of `#ttg.padded_shared`.
fn verify_padded(intervals: &[u32], paddings: &[u32], ll: &LinearLayout) -> Result<(), String> {
    if intervals.len() != paddings.len() {
        return Err(format!(
            "intervals size ({}) must match paddings size ({})",
            intervals.len(),
            paddings.len()
        ));
    }
    if intervals.is_empty() {
        return Err("must have at least one interval-padding pair".into());
    }
    // Triton builds the component with the constructor requiring every
    // element to be reached.
    verify_surjective(ll)?;
    if !intervals.iter().all(|v| v.is_power_of_two()) {
        return Err("interval values must all be power of two".into());
    }
    if !paddings.iter().all(|v| v.is_power_of_two()) {
        return Err("padding values must all be power of two".into());
    }
    let mut sorted = intervals.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != intervals.len() {
        return Err("interval values cannot have duplicates".into());
    }
    if ll.num_in_dims() == 0 && ll.num_out_dims() == 0 {
        return Err("linearComponent cannot be empty".into());
    }
    if ll.get_in_dim_names() != [OFFSET, BLOCK] {
        return Err("linearComponent must have [offset, block] as input dims".into());
    }
    if ll.get_out_dim_names() != standard_out_dim_names(ll.num_out_dims()) {
        return Err("Expected output dimensions to be ['dim0', 'dim1', ...].".into());
    }
    let offsets = ll
        .bases()
        .iter()
        .find(|(n, _)| n == OFFSET)
        .map(|(_, v)| v.as_slice())
        .unwrap_or(&[]);
    // Only the offsets must be one-to-one: CTAs may hold the same elements
    // (a block basis may repeat an offset's or be 0).
    let offset_part = ll.sublayout(&[OFFSET], &ll.get_out_dim_names()).map_err(|e| e.to_string())?;
    if offsets.iter().any(|v| v.iter().all(|&x| x == 0)) || !offset_part.is_injective() {
        return Err("Broadcasting in offset dimension is not supported.".into());
    }
    for (_, vectors) in ll.bases() {
        if vectors.iter().any(|v| v.iter().filter(|&&x| x != 0).count() > 1) {
            return Err("Each offset basis must move in at most one dimension.".into());
        }
        if vectors
            .iter()
            .flatten()
            .any(|&x| x != 0 && !(x > 0 && (x as u32).is_power_of_two()))
        {
            return Err("Each offset basis must be 0 or a power of two.".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ttg::test_support::{blocked, blocked_cga, dot, layout, mma_instr, nvidia_mma, swizzled_shared, v};

    fn good() -> Encoding {
        blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0])
    }

    fn mma(major: u32) -> Encoding {
        nvidia_mma(major, &[4, 1], mma_instr(major))
    }

    fn mfma(instr: &[u32], ebw: u32) -> Encoding {
        Encoding::AmdMfma {
            version: 3,
            warps_per_cta: vec![4, 1],
            instr_shape: instr.to_vec(),
            is_transposed: true,
            cga: Cga::default(),
            tiles_per_warp: vec![],
            element_bit_width: ebw,
        }
    }

    fn wmma(version: u32, instr: &[u32]) -> Encoding {
        let cta = LinearLayout::with_inferred_out_dims(
            vec![(REGISTER.into(), vec![]), (WARP.into(), vec![vec![1, 0]])],
            standard_out_dim_names(2),
        )
        .unwrap();
        Encoding::AmdWmma {
            version,
            cta_layout: cta,
            is_transposed: false,
            cga: Cga::default(),
            instr_shape: instr.to_vec(),
        }
    }

    fn linear(reg: &[&[i32]], lane: &[&[i32]], warp: &[&[i32]], block: &[&[i32]]) -> LinearLayout {
        layout(&[(REGISTER, reg), (LANE, lane), (WARP, warp), (BLOCK, block)], 2)
    }

    fn err(enc: &Encoding) -> String {
        enc.verify().expect_err("the encoding should be rejected")
    }

    #[test]
    fn blocked_diagnostics() {
        assert_eq!(good().verify(), Ok(()));
        assert_eq!(
            err(&blocked(&[1], &[8, 4], &[4, 1], &[1, 0])),
            "sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank."
        );
        assert_eq!(
            err(&blocked(&[1, 0], &[8, 4], &[4, 1], &[1, 0])),
            "Every element in sizePerThread must be a power of two."
        );
        assert_eq!(
            err(&blocked(&[1, 1], &[8, 3], &[4, 1], &[1, 0])),
            "Every element in threadsPerWarp must be a power of two."
        );
        assert_eq!(
            err(&blocked(&[1, 1], &[8, 4], &[5, 1], &[1, 0])),
            "Every element in warpsPerCTA must be a power of two."
        );
        assert_eq!(
            err(&blocked(&[1, 1], &[8, 4], &[4, 1], &[1, 2])),
            "order must be a permutation of 0..(rank-1), but was [1, 2]"
        );
        // A rank-0 blocked layout is valid as an attribute (Triton accepts it).
        assert_eq!(blocked(&[], &[], &[], &[]).verify(), Ok(()));
    }

    #[test]
    fn cga_diagnostics() {
        let with = |cga: &[&[i32]]| blocked_cga(&[1, 1], &[8, 4], &[4, 1], &[1, 0], cga);
        assert_eq!(with(&[&[1, 0], &[0, 1]]).verify(), Ok(()));
        assert_eq!(with(&[&[0, 0], &[1, 0]]).verify(), Ok(()));
        assert_eq!(err(&with(&[&[1]])), "'CGALayout' entry length does not match rank 2");
        let not_permutation = "After removing broadcast bases the CGA encoding must be a permutation matrix";
        for bad in [&[&[0, 2][..]][..], &[&[1, 0], &[1, 0]], &[&[1, 1]], &[&[0, 3]]] {
            assert_eq!(err(&with(bad)), not_permutation, "{bad:?}");
        }
    }

    #[test]
    fn slice_and_dot_operand_diagnostics() {
        let slice = |dim, parent| Encoding::Slice {
            dim,
            parent: Box::new(parent),
        };
        assert_eq!(slice(1, good()).verify(), Ok(()));
        assert_eq!(
            err(&slice(2, good())),
            "slice dim=2 must be less than the parent rank=2"
        );
        assert_eq!(
            err(&slice(0, blocked(&[1], &[32], &[4], &[0]))),
            "parent layout must have at least rank >= 2"
        );
        let shared = swizzled_shared(1, 1, 1, &[1, 0]);
        assert_eq!(err(&slice(0, shared.clone())), "expected a distributed encoding trait");
        // The parent is verified first.
        assert_eq!(
            err(&slice(0, blocked(&[3, 1], &[8, 4], &[4, 1], &[1, 0]))),
            "Every element in sizePerThread must be a power of two."
        );

        assert_eq!(dot(0, mma(2), 2).verify(), Ok(()));
        assert_eq!(dot(1, mma(2), 3).verify(), Ok(()));
        assert_eq!(dot(0, mma(3), 2).verify(), Ok(()));
        assert_eq!(
            err(&dot(2, good(), 0)),
            "ttg.dot_op opIdx parameter can be 0 or 1, got: 2"
        );
        assert_eq!(
            err(&dot(0, mma(2), 0)),
            "ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent"
        );
        assert_eq!(
            err(&dot(1, mma(3), 2)),
            "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand \
             to be in registers"
        );
        assert_eq!(
            err(&dot(0, good(), 2)),
            "ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout"
        );
        assert_eq!(
            err(&dot(0, mfma(&[32, 32, 8], 32), 0)),
            "ttg.dot_op kWidth parameter is mandatory for MFMA parent"
        );
        assert_eq!(
            err(&dot(0, wmma(1, &[16, 16, 16]), 4)),
            "ttg.dot_op kWidth parameter must be 8/16 for WMMA v1 (including packed cases for `scaled_dot`)"
        );
        assert_eq!(
            err(&dot(0, wmma(2, &[16, 16, 16]), 2)),
            "ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for `scaled_dot`)"
        );
        assert_eq!(
            err(&dot(0, wmma(3, &[16, 16, 32]), 0)),
            "ttg.dot_op kWidth parameter is mandatory for WMMA v3 "
        );
        assert_eq!(
            err(&dot(0, shared, 0)),
            "ttg.dot_op unexpected parent layout: #ttg.swizzled_shared"
        );
        assert_eq!(
            err(&dot(0, slice(0, good()), 0)),
            "ttg.dot_op unexpected parent layout: #ttg.slice"
        );
    }

    #[test]
    fn mma_diagnostics() {
        assert_eq!(mma(2).verify(), Ok(()));
        assert_eq!(mma(3).verify(), Ok(()));
        assert_eq!(
            err(&mma(1)),
            "Volta (versionMajor = 1) is deprecated and no longer supported"
        );
        assert_eq!(err(&mma(5)), "versionMajor must be 2 (Ampere) or 3 (Hopper), got 5");
        assert_eq!(mfma(&[32, 32, 8], 0).verify(), Ok(()));
        assert_eq!(mfma(&[64, 4, 4], 64).verify(), Ok(()));
        assert_eq!(err(&mfma(&[16, 8, 4], 32)), "invalid (mDim, nDim) combination: (16, 8)");
        assert_eq!(err(&mfma(&[32, 32, 8], 16)), "elementBitWidth must be 32 or 64");
        assert!(err(&mfma(&[32], 32)).contains("instrShape"));
        let mut bad_version = mfma(&[32, 32, 8], 32);
        if let Encoding::AmdMfma { version, .. } = &mut bad_version {
            *version = 5;
        }
        assert_eq!(err(&bad_version), "version must be in the [0, 4] range");
        assert_eq!(wmma(3, &[16, 16, 128]).verify(), Ok(()));
        assert_eq!(err(&wmma(0, &[16, 16, 16])), "WMMA version must be in the [1, 3] range");
        assert_eq!(err(&wmma(1, &[16, 16, 32])), "invalid WMMA v1 instruction shape");
        assert_eq!(err(&wmma(2, &[16, 16, 64])), "invalid WMMA v2 instruction shape");
        assert_eq!(err(&wmma(3, &[32, 16, 32])), "invalid WMMA v3 instruction shape");
    }

    #[test]
    fn linear_diagnostics() {
        let lanes: &[&[i32]] = &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[0, 2]];
        assert_eq!(
            Encoding::Linear(linear(&[&[0, 1]], lanes, &[&[0, 0]], &[])).verify(),
            Ok(())
        );
        let permutation = "LinearEncodingAttr requires a permutation matrix layout after removing broadcast bases";
        // A non-power-of-two step, a diagonal step, a repeated step.
        let skewed: &[&[i32]] = &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[0, 3]];
        assert_eq!(
            err(&Encoding::Linear(linear(&[&[0, 1]], skewed, &[], &[]))),
            permutation
        );
        assert_eq!(err(&Encoding::Linear(linear(&[&[1, 1]], lanes, &[], &[]))), permutation);
        assert_eq!(
            err(&Encoding::Linear(linear(&[&[0, 1]], lanes, &[&[0, 2]], &[]))),
            permutation
        );
        // Generic linear layouts allow repeats and swizzled warps, not swizzled lanes.
        assert_eq!(
            Encoding::GenericLinear(linear(&[&[0, 1]], lanes, &[&[1, 1]], &[])).verify(),
            Ok(())
        );
        assert_eq!(
            Encoding::GenericLinear(linear(&[&[0, 1]], lanes, &[&[0, 2]], &[])).verify(),
            Ok(())
        );
        let swizzled: &[&[i32]] = &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[1, 1]];
        assert_eq!(
            err(&Encoding::GenericLinear(linear(&[&[0, 1]], swizzled, &[], &[]))),
            "In a generic linear layout, register, lane, and block bases must move in at most one dimension. \
             Swizzled bases found in 'lane'."
        );
        // Input dimensions out of order, output dimensions misnamed.
        let wrong_order = layout(&[(LANE, &[]), (REGISTER, &[&[1, 0]]), (WARP, &[]), (BLOCK, &[])], 2);
        assert_eq!(
            err(&Encoding::Linear(wrong_order)),
            "Expected input dimension 0 to be 'register'. Got lane"
        );
        let misnamed = LinearLayout::new(
            vec![
                (REGISTER.into(), vec![vec![1]]),
                (LANE.into(), vec![]),
                (WARP.into(), vec![]),
                (BLOCK.into(), vec![]),
            ],
            vec![("x".into(), 2)],
            false,
        )
        .unwrap();
        assert_eq!(
            err(&Encoding::Linear(misnamed)),
            "Expected output dimensions to be ['dim0', 'dim1', ...]. Got x at position 0"
        );
        // Not surjective onto its output sizes.
        let gap = LinearLayout::new(
            vec![
                (REGISTER.into(), vec![vec![2]]),
                (LANE.into(), vec![]),
                (WARP.into(), vec![]),
                (BLOCK.into(), vec![]),
            ],
            vec![("dim0".into(), 4)],
            false,
        )
        .unwrap();
        assert!(err(&Encoding::Linear(gap)).starts_with("Layout is expected to be surjective"));
        assert_eq!(
            err(&Encoding::Linear(LinearLayout::empty())),
            "Expected input dimension 0 to be 'register'. Got none"
        );
    }

    #[test]
    fn shared_diagnostics() {
        let swizzled = |order: &[u32], cga: &[&[i32]]| Encoding::SwizzledShared {
            vec: 0,
            per_phase: 0,
            max_phase: 0,
            order: order.to_vec(),
            cga: Cga { bases: v(cga) },
        };
        // Triton does not constrain vec / perPhase / maxPhase.
        assert_eq!(swizzled(&[1, 0], &[]).verify(), Ok(()));
        assert_eq!(
            err(&swizzled(&[1, 1], &[])),
            "order must be a permutation of 0..(rank-1), but was [1, 1]"
        );
        assert_eq!(
            err(&swizzled(&[1, 0], &[&[1]])),
            "'CGALayout' entry length does not match rank 2"
        );
        let rotating = Encoding::AmdRotatingShared {
            vec: 1,
            per_phase: 1,
            max_phase: 8,
            order: vec![1, 1],
            cga: Cga::default(),
        };
        assert_eq!(rotating.verify(), Ok(()));
        let nvmma = |swizzle, ebw| Encoding::NvmmaShared {
            swizzling_byte_width: swizzle,
            transposed: false,
            element_bit_width: ebw,
            fp4_padded: false,
            cga: Cga::default(),
            rank: 2,
        };
        assert_eq!(nvmma(128, 16).verify(), Ok(()));
        assert_eq!(err(&nvmma(48, 16)), "swizzlingByteWidth must be 0, 32, 64, or 128");
        assert_eq!(err(&nvmma(128, 0)), "elementBitWidth must be non-zero");

        let offsets = |o: &[&[i32]]| layout(&[(OFFSET, o), (BLOCK, &[])], 2);
        let padded = |intervals: &[u32], paddings: &[u32], o: &[&[i32]]| Encoding::PaddedShared {
            intervals: intervals.to_vec(),
            paddings: paddings.to_vec(),
            linear_component: offsets(o),
        };
        let identity: &[&[i32]] = &[&[0, 1], &[0, 2], &[1, 0]];
        assert_eq!(padded(&[4, 8], &[4, 4], identity).verify(), Ok(()));
        assert_eq!(
            err(&padded(&[3], &[4], identity)),
            "interval values must all be power of two"
        );
        assert_eq!(
            err(&padded(&[4], &[0], identity)),
            "padding values must all be power of two"
        );
        assert_eq!(
            err(&padded(&[4, 4], &[4, 8], identity)),
            "interval values cannot have duplicates"
        );
        assert_eq!(
            err(&padded(&[4], &[4, 4], identity)),
            "intervals size (1) must match paddings size (2)"
        );
        assert_eq!(
            err(&padded(&[], &[], identity)),
            "must have at least one interval-padding pair"
        );
        assert_eq!(
            err(&padded(&[4], &[4], &[&[0, 1], &[0, 1]])),
            "Broadcasting in offset dimension is not supported."
        );
        assert_eq!(
            err(&padded(&[4], &[4], &[&[0, 1], &[1, 1]])),
            "Each offset basis must move in at most one dimension."
        );
        assert_eq!(
            err(&padded(&[4], &[4], &[&[0, 1], &[0, 3]])),
            "Each offset basis must be 0 or a power of two."
        );

        let shared_linear = |o: &[&[i32]], alignment| Encoding::SharedLinear {
            layout: offsets(o),
            alignment,
        };
        assert_eq!(
            shared_linear(&[&[0, 1], &[0, 2], &[1, 0], &[3, 0]], 16).verify(),
            Ok(())
        );
        assert_eq!(
            err(&shared_linear(identity, 12)),
            "alignment must be a positive power of two"
        );
        assert_eq!(
            err(&shared_linear(&[&[0, 1], &[0, 1], &[1, 0]], 16)),
            "After removing the zero bases the layout must be bijective"
        );

        let partitioned = |parts, groups, dim, inner: Encoding| Encoding::PartitionedShared {
            num_partitions: parts,
            num_groups: groups,
            partition_dim: dim,
            partition_layout: Box::new(inner),
        };
        let inner = swizzled_shared(1, 1, 1, &[1, 0]);
        assert_eq!(partitioned(2, 4, 0, inner.clone()).verify(), Ok(()));
        assert_eq!(
            err(&partitioned(3, 4, 0, inner.clone())),
            "numPartitions must be a power of 2 and at least 2"
        );
        assert_eq!(
            err(&partitioned(1, 4, 0, inner.clone())),
            "numPartitions must be a power of 2 and at least 2"
        );
        assert_eq!(
            err(&partitioned(2, 3, 0, inner.clone())),
            "numGroups must be a power of 2 and greater than 0"
        );
        assert_eq!(
            err(&partitioned(2, 4, 2, inner)),
            "partitionDim (2) must be less than the layout rank (2)"
        );
        assert_eq!(
            err(&partitioned(3, 4, 0, good())),
            "partitionLayout must be a SharedEncodingTrait"
        );
        assert_eq!(Encoding::SharedMemory.verify(), Ok(()));
    }

    #[test]
    fn tensor_diagnostics() {
        let enc = good();
        assert_eq!(enc.verify_for_tensor(&[32, 32]), Ok(()));
        assert_eq!(
            enc.verify_for_tensor(&[32]).unwrap_err(),
            "Layout has rank 2, but the tensor it's attached to has rank 1."
        );
        assert_eq!(
            enc.verify_for_tensor(&[12, 16]).unwrap_err(),
            "Layout has shape 12, 16, but the tensor it's attached to has shape 12, 16 which is not a power of two."
        );
        assert!(enc
            .verify_for_tensor(&[0, 16])
            .unwrap_err()
            .ends_with("which is not a power of two."));
        let shared = swizzled_shared(1, 1, 1, &[1, 0]);
        assert_eq!(
            shared.verify_for_tensor(&[16, 16]).unwrap_err(),
            "Non-distributed layout is not allowed in tensor type."
        );

        assert_eq!(enc.verify_tensor_layout(&[32, 32], 32, 4, 1), Ok(()));
        assert_eq!(
            enc.verify_tensor_layout(&[32, 32], 64, 4, 1).unwrap_err(),
            "Layout has 32 threads per warp, but the module specifies 64 threads per warp."
        );
        assert_eq!(
            enc.verify_tensor_layout(&[32, 32], 32, 8, 1).unwrap_err(),
            "Layout has 4 warps per CTA, but the context requires 8 warps per CTA."
        );
        let two_ctas = blocked_cga(&[1, 4], &[8, 4], &[4, 1], &[1, 0], &[&[1, 0]]);
        assert_eq!(
            two_ctas.verify_tensor_layout(&[64, 64], 32, 4, 1).unwrap_err(),
            "Layout has 2 CTAs per CGA, but the context requires 1 CTAs per CGA."
        );
    }

    #[test]
    fn memdesc_diagnostics() {
        let nvmma = |transposed, rank| Encoding::NvmmaShared {
            swizzling_byte_width: 128,
            transposed,
            element_bit_width: 16,
            fp4_padded: false,
            cga: Cga::default(),
            rank,
        };
        assert_eq!(nvmma(false, 2).verify_for_memdesc(&[128, 64]), Ok(()));
        assert_eq!(nvmma(false, 2).verify_for_memdesc(&[2, 128, 64]), Ok(()));
        assert_eq!(
            nvmma(false, 3).verify_for_memdesc(&[16, 16]).unwrap_err(),
            "rank must be equal to or one less than the shape size. Got 3 and 2"
        );
        assert_eq!(
            nvmma(true, 2).verify_for_memdesc(&[32, 128]).unwrap_err(),
            "block shape along the contiguous dimension 0 is too small for the swizzle byte size 128 in an \
             NVMMASharedLayout, got 32 but expected at least 64"
        );
        let ll = layout(&[(OFFSET, &[&[0, 1], &[0, 2], &[1, 0], &[2, 0]]), (BLOCK, &[])], 2);
        let shared_linear = Encoding::SharedLinear {
            layout: ll,
            alignment: 16,
        };
        assert_eq!(shared_linear.verify_for_memdesc(&[4, 4]), Ok(()));
        assert_eq!(
            shared_linear.verify_for_memdesc(&[4, 8]).unwrap_err(),
            "Mismatch in expected shape for dimension 1. Expected: 8, got: 4"
        );
        assert!(good()
            .verify_for_memdesc(&[4, 4])
            .unwrap_err()
            .contains("not a shared memory encoding"));
    }

    #[test]
    fn garbage_is_rejected_without_panicking() {
        let huge = Encoding::Blocked {
            size_per_thread: vec![u32::MAX; 3],
            threads_per_warp: vec![0; 3],
            warps_per_cta: vec![1 << 31; 3],
            order: vec![u32::MAX, 0, 0],
            cga: Cga {
                bases: vec![vec![i32::MAX, i32::MIN, 0]],
            },
        };
        let encodings = [
            huge.clone(),
            dot(u32::MAX, huge.clone(), u32::MAX),
            Encoding::Slice {
                dim: u32::MAX,
                parent: Box::new(Encoding::SharedMemory),
            },
            Encoding::AmdMfma {
                version: u32::MAX,
                warps_per_cta: vec![],
                instr_shape: vec![],
                is_transposed: true,
                cga: Cga { bases: vec![vec![1]] },
                tiles_per_warp: vec![0],
                element_bit_width: u32::MAX,
            },
            Encoding::NvmmaShared {
                swizzling_byte_width: u32::MAX,
                transposed: true,
                element_bit_width: 0,
                fp4_padded: true,
                cga: Cga::default(),
                rank: u32::MAX,
            },
            Encoding::PaddedShared {
                intervals: vec![0],
                paddings: vec![u32::MAX],
                linear_component: LinearLayout::empty(),
            },
            Encoding::SharedLinear {
                layout: LinearLayout::empty(),
                alignment: 0,
            },
            Encoding::GenericLinear(LinearLayout::empty()),
        ];
        for enc in &encodings {
            assert!(enc.verify().is_err(), "{enc:?}");
            for shape in [&[][..], &[0], &[-1, 1 << 40], &[i64::MAX, i64::MAX, i64::MAX]] {
                assert!(enc.verify_for_tensor(shape).is_err() || enc.is_distributed());
                let _ = enc.verify_tensor_layout(shape, 0, 0, 0);
                let _ = enc.verify_for_memdesc(shape);
            }
        }
    }
}
