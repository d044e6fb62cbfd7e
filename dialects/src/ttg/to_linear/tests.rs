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
