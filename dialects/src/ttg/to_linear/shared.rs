//! The shared-memory layouts: `#ttg.swizzled_shared` (and AMD's rotating form), `#ttg.nvmma_shared`,
//! `#ttg.shared_linear`, `#ttg.padded_shared` and `#ttg.partitioned_shared`.

use super::*;

/// `#ttg.swizzled_shared` (and, with `rotating`, `#ttg.amd_rotating_shared`):
/// contiguous offsets along `order[0]`, each row along `order[1]` XOR-swizzled
/// in units of `vec` by its phase `(row / perPhase) % maxPhase` (combined, when
/// rotating, with the block number `row / (perPhase · maxPhase) % maxPhase`).
pub(super) fn swizzled_to_linear(
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
pub(super) fn tma_block_shape(
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
pub(super) fn nvmma_to_linear(enc: &Encoding, shape: &[i64]) -> Result<LinearLayout, String> {
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
pub(super) fn nvmma_core_matrix(swizzle: u32, ebw: u32, fp4_padded: bool) -> Result<LinearLayout, String> {
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

/// `#ttg.shared_linear` / `#ttg.padded_shared`: the layout itself, which must
/// have exactly the requested shape (shared linear layouts are not tiled).
pub(super) fn exact_shared_layout(ll: &LinearLayout, shape: &[i64], what: &str) -> Result<LinearLayout, String> {
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
pub(super) fn partitioned_to_linear(
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
