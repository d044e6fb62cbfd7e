//! Tests of the encodings' linear layouts against mappings derived by hand
//! from the encodings' definitions (not from any implementation).
use super::encoding::{Cga, Encoding};
use super::test_support::{apply_sorted, blocked, nvidia_mma};
use super::to_linear::{default_blocked, to_linear_layout};
use std::collections::BTreeSet;

/// The element that hardware location (register, lane, warp) holds, block 0.
fn element(enc: &Encoding, shape: &[i64], register: i32, lane: i32, warp: i32) -> Vec<i32> {
    apply_sorted(enc, shape, &[("register", register), ("lane", lane), ("warp", warp), ("block", 0)])
}

/// The elements one lane of warp 0 holds, over all its registers.
fn lane_elements(enc: &Encoding, shape: &[i64], lane: i32) -> BTreeSet<Vec<i32>> {
    let ll = to_linear_layout(enc, shape).expect("layout");
    let registers = ll.in_dim_size("register").unwrap_or(1);
    (0..registers).map(|r| element(enc, shape, r, lane, 0)).collect()
}

fn shared_element(enc: &Encoding, shape: &[i64], offset: i32) -> Vec<i32> {
    apply_sorted(enc, shape, &[("offset", offset), ("block", 0)])
}

fn mma_v2(warps: &[u32]) -> Encoding {
    nvidia_mma(2, warps, &[16, 8])
}

#[test]
fn blocked_places_elements_by_definition() {
    // 4 consecutive columns per thread, 4 threads along a row (16 columns),
    // 8 rows of threads; a 16x16 tensor repeats the 8x16 tile once in registers.
    let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
    assert_eq!(element(&enc, &[16, 16], 1, 0, 0), vec![0, 1]);
    assert_eq!(element(&enc, &[16, 16], 3, 1, 0), vec![0, 7]);
    assert_eq!(element(&enc, &[16, 16], 0, 4, 0), vec![1, 0]);
    assert_eq!(element(&enc, &[16, 16], 0, 31, 0), vec![7, 12]);
    assert_eq!(element(&enc, &[16, 16], 4, 0, 0), vec![8, 0]);
    let ll = to_linear_layout(&enc, &[16, 16]).unwrap();
    assert_eq!(ll.in_dim_size("register"), Some(8));
    assert_eq!(ll.in_dim_size("lane"), Some(32));
    assert_eq!(ll.in_dim_size("warp"), Some(1));
}

#[test]
fn blocked_wraps_around_a_smaller_tensor() {
    // The 8x16 tile on a 4x4 tensor: lanes 0..3 cover columns 0,4,8,12 -> only
    // column block 0 exists, so lanes 1, 2, 3 hold what lane 0 holds; rows wrap
    // past 4.
    let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
    assert_eq!(element(&enc, &[4, 4], 0, 1, 0), vec![0, 0]);
    assert_eq!(element(&enc, &[4, 4], 2, 3, 0), vec![0, 2]);
    assert_eq!(element(&enc, &[4, 4], 0, 4, 0), vec![1, 0]);
    assert_eq!(element(&enc, &[4, 4], 0, 16, 0), vec![0, 0]);
    assert_eq!(element(&enc, &[4, 4], 1, 12, 0), vec![3, 1]);
}

#[test]
fn blocked_warps_and_order() {
    // Column-major order: dim 0 is fastest; 2 warps along dim 1.
    let enc = blocked(&[2, 1], &[16, 2], &[1, 2], &[0, 1]);
    assert_eq!(element(&enc, &[32, 4], 1, 0, 0), vec![1, 0]);
    assert_eq!(element(&enc, &[32, 4], 0, 1, 0), vec![2, 0]);
    assert_eq!(element(&enc, &[32, 4], 0, 16, 0), vec![0, 1]);
    assert_eq!(element(&enc, &[32, 4], 0, 0, 1), vec![0, 2]);
}

#[test]
fn mma_v2_accumulator_tile() {
    // mma.sync m16n8: lane i holds rows i/4 and i/4 + 8, columns 2(i%4) and 2(i%4)+1.
    let enc = mma_v2(&[1, 1]);
    let expected: BTreeSet<Vec<i32>> = [vec![1, 2], vec![1, 3], vec![9, 2], vec![9, 3]].into_iter().collect();
    assert_eq!(lane_elements(&enc, &[16, 8], 5), expected);
    for lane in 0..32 {
        let (row, col) = (lane / 4, 2 * (lane % 4));
        let want: BTreeSet<Vec<i32>> =
            [vec![row, col], vec![row, col + 1], vec![row + 8, col], vec![row + 8, col + 1]].into_iter().collect();
        assert_eq!(lane_elements(&enc, &[16, 8], lane), want, "lane {lane}");
    }
    // A second warp along dim 0 takes the next 16 rows.
    let enc = mma_v2(&[2, 1]);
    assert_eq!(element(&enc, &[32, 8], 0, 0, 1), vec![16, 0]);
}

#[test]
fn mma_v2_a_operand_with_k_width_2() {
    // The A operand of m16n8k16 (16-bit): lane i holds rows i/4, i/4 + 8 and
    // k = 2(i%4) + {0, 1} and the same + 8: 8 elements.
    let enc = Encoding::DotOperand { op_idx: 0, parent: Box::new(mma_v2(&[1, 1])), k_width: 2 };
    let got = lane_elements(&enc, &[16, 16], 5);
    let mut want = BTreeSet::new();
    for row in [1, 9] {
        for k in [2, 3, 10, 11] {
            want.insert(vec![row, k]);
        }
    }
    assert_eq!(got, want);
}

#[test]
fn mma_v2_b_operand_with_k_width_2() {
    // The B operand (k x n = 16x8): lane i holds column i/4 and
    // k = 2(i%4) + {0, 1} and the same + 8.
    let enc = Encoding::DotOperand { op_idx: 1, parent: Box::new(mma_v2(&[1, 1])), k_width: 2 };
    let got = lane_elements(&enc, &[16, 8], 6);
    let want: BTreeSet<Vec<i32>> = [vec![4, 1], vec![5, 1], vec![12, 1], vec![13, 1]].into_iter().collect();
    assert_eq!(got, want);
}

#[test]
fn slice_keeps_the_remaining_dimension() {
    // Slicing dim 1 of the 8x16-tile blocked layout: a row is held by the 4
    // lanes of a lane group (broadcast), rows 8..15 by the repeated register.
    let parent = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
    let enc = Encoding::Slice { dim: 1, parent: Box::new(parent) };
    let ll = to_linear_layout(&enc, &[16]).unwrap();
    let at = |register: i32, lane: i32| {
        ll.apply(&[("register", register), ("lane", lane), ("warp", 0), ("block", 0)]).unwrap()[0].1
    };
    assert_eq!(at(0, 4), 1);
    assert_eq!(at(0, 1), 0);
    assert_eq!(at(0, 3), 0);
    assert_eq!(at(0, 28), 7);
    let last_register = ll.in_dim_size("register").unwrap() - 1;
    assert_eq!(at(last_register, 4), 9);
}

#[test]
fn swizzled_shared_xors_vectors_by_row() {
    // vec=2, perPhase=1, maxPhase=4 on 4x8 (row-major): element (r, c) is
    // stored at r*8 + ((c/2) ^ (r%4))*2 + c%2.
    let enc = Encoding::SwizzledShared { vec: 2, per_phase: 1, max_phase: 4, order: vec![1, 0], cga: Cga::default() };
    for r in 0..4 {
        for c in 0..8 {
            let offset = r * 8 + ((c / 2) ^ (r % 4)) * 2 + c % 2;
            assert_eq!(shared_element(&enc, &[4, 8], offset), vec![r, c], "offset {offset}");
        }
    }
}

#[test]
fn nvmma_shared_128_byte_swizzle() {
    // 16-bit elements, 128-byte rows of 64 elements in 16-byte chunks of 8;
    // chunk j of row r is stored at chunk j ^ (r % 8).
    let enc = Encoding::NvmmaShared {
        swizzling_byte_width: 128,
        transposed: false,
        element_bit_width: 16,
        fp4_padded: false,
        cga: Cga::default(),
        rank: 2,
    };
    for (r, c) in [(0, 0), (0, 9), (1, 0), (1, 8), (3, 17), (7, 63)] {
        let offset = r * 64 + (((c / 8) ^ (r % 8)) * 8) + c % 8;
        assert_eq!(shared_element(&enc, &[8, 64], offset), vec![r, c], "element ({r}, {c})");
    }
}

#[test]
fn default_blocked_follows_triton() {
    assert_eq!(default_blocked(&[4, 4], 2, 32, 1), blocked(&[1, 1], &[8, 4], &[2, 1], &[1, 0]));
    assert_eq!(default_blocked(&[1024], 4, 32, 1), blocked(&[1], &[32], &[4], &[0]));
    assert_eq!(default_blocked(&[128, 64], 8, 64, 1), blocked(&[1, 1], &[1, 64], &[8, 1], &[1, 0]));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let enc = blocked(&[1, 4], &[8, 4], &[1, 1], &[1, 0]);
    assert!(to_linear_layout(&enc, &[16]).is_err());
    assert!(to_linear_layout(&enc, &[16, 0]).is_err());
    assert!(to_linear_layout(&enc, &[16, 24]).is_err());
    assert!(to_linear_layout(&enc, &[1 << 40, 16]).is_err());
    assert!(to_linear_layout(&blocked(&[0, 4], &[8, 4], &[1, 1], &[1, 0]), &[16, 16]).is_err());
    assert!(to_linear_layout(&blocked(&[1, 4], &[8, 4], &[1, 1], &[0, 0]), &[16, 16]).is_err());
    assert!(to_linear_layout(&Encoding::SharedMemory, &[4]).is_err());
    let deep = (0..40).fold(blocked(&[1, 1], &[8, 4], &[1, 1], &[1, 0]), |p, _| Encoding::Slice { dim: 0, parent: Box::new(p) });
    assert!(to_linear_layout(&deep, &[4]).is_err());
}

/// The verifier's shortcut for blocked layouts and slices of them agrees
/// with the sizes of the linear layout they convert to.
#[test]
fn blocked_hardware_sizes_match_the_linear_layout() {
    use super::to_linear::{BLOCK, LANE, WARP};
    let mut cases = Vec::new();
    for (shape, warps, threads, ctas) in
        [(vec![128, 64], 4, 32, 1), (vec![4, 4], 2, 32, 1), (vec![64, 32, 2], 8, 64, 1), (vec![256], 4, 32, 2), (vec![16, 256], 4, 32, 4)]
    {
        let enc = default_blocked(&shape, warps, threads, ctas);
        cases.push((enc.clone(), shape.clone()));
        if shape.len() > 1 {
            let slice = Encoding::Slice { dim: 0, parent: Box::new(enc) };
            cases.push((slice, shape[1..].to_vec()));
        }
    }
    cases.push((blocked(&[2, 4], &[8, 4], &[2, 2], &[1, 0]), vec![8, 8]));
    for (enc, shape) in cases {
        let ll = to_linear_layout(&enc, &shape).expect("layout");
        let size = |d: &str| ll.in_dim_size(d).unwrap_or(1).unsigned_abs();
        assert_eq!(enc.blocked_hardware_sizes(), Some([size(LANE), size(WARP), size(BLOCK)]), "{enc:?} {shape:?}");
    }
    assert_eq!(nvidia_mma(2, &[4, 1], &[16, 8]).blocked_hardware_sizes(), None);
}
