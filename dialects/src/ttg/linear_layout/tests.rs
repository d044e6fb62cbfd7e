use super::*;

/// Builds a layout from borrowed pieces; panics on invalid input.
fn ll(bases: &[(&str, &[&[i32]])], out_dims: &[(&str, i32)]) -> LinearLayout {
    try_ll(bases, out_dims).expect("valid layout")
}

fn try_ll(bases: &[(&str, &[&[i32]])], out_dims: &[(&str, i32)]) -> Result<LinearLayout, LayoutError> {
    LinearLayout::new(owned_bases(bases), owned_out(out_dims), false)
}

fn owned_bases(bases: &[(&str, &[&[i32]])]) -> Vec<(String, Vec<Vec<i32>>)> {
    bases
        .iter()
        .map(|(n, v)| (n.to_string(), v.iter().map(|b| b.to_vec()).collect()))
        .collect()
}

fn owned_out(out_dims: &[(&str, i32)]) -> Vec<(String, i32)> {
    out_dims.iter().map(|(n, s)| (n.to_string(), *s)).collect()
}

fn id(size: i32, in_dim: &str, out_dim: &str) -> LinearLayout {
    LinearLayout::identity_1d(size, in_dim, out_dim).unwrap()
}

/// The identity on the given dimensions (each mapped to itself).
fn identity_on(dims: &[(String, i32)]) -> LinearLayout {
    dims.iter()
        .fold(LinearLayout::empty(), |acc, (n, s)| acc * id(*s, n, n))
}

fn apply(l: &LinearLayout, ins: &[(&str, i32)]) -> Vec<(String, i32)> {
    l.apply(ins).unwrap()
}

fn outs(pairs: &[(&str, i32)]) -> Vec<(String, i32)> {
    owned_out(pairs)
}

/// A small xorshift PRNG so the property tests are deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Splits `bits` into `parts` random (possibly zero) counts.
    fn split(&mut self, bits: u32, parts: usize) -> Vec<u32> {
        let mut counts = vec![0u32; parts];
        for _ in 0..bits {
            counts[self.below(parts as u64) as usize] += 1;
        }
        counts
    }
}

#[test]
fn without_zero_bases_drops_broadcast_bases() {
    let l = ll(&[("register", &[&[0], &[1]]), ("lane", &[&[2], &[0]])], &[("dim0", 4)]);
    let regs = l.without_zero_bases(Some("register"));
    assert_eq!(regs.bases(), &owned_bases(&[("register", &[&[1]]), ("lane", &[&[2], &[0]])])[..]);
    assert_eq!(regs.out_dim_size("dim0"), Some(4));
    let all = l.without_zero_bases(None);
    assert_eq!(all.bases(), &owned_bases(&[("register", &[&[1]]), ("lane", &[&[2]])])[..]);
}

#[test]
fn triton_text_prints_like_triton_diagnostics() {
    let l = ll(
        &[("register", &[&[0, 1], &[0, 2]]), ("lane", &[]), ("warp", &[&[1, 0]])],
        &[("dim0", 2), ("dim1", 4)],
    );
    assert_eq!(
        l.triton_text(),
        "\n - register=1 -> (0, 1)\n   register=2 -> (0, 2)\n - lane is a size 1 dimension\n \
         - warp=1 -> (1, 0)\nwhere out dims are: [dim0 (size 2), dim1 (size 4)]"
    );
    assert_eq!(LinearLayout::empty().triton_text(), "\n(empty layout)");
}

#[test]
fn identity_1d_applies_as_identity() {
    let l = id(16, "lane", "dim0");
    assert_eq!(l.bases(), &owned_bases(&[("lane", &[&[1], &[2], &[4], &[8]])])[..]);
    assert_eq!(l.out_dim_size("dim0"), Some(16));
    for v in 0..16 {
        assert_eq!(apply(&l, &[("lane", v)]), outs(&[("dim0", v)]));
    }
    assert!(l.is_invertible());
    let one = id(1, "register", "dim0");
    assert_eq!(one.in_dim_size("register"), Some(1));
    assert_eq!(one.total_in_size(), 1);
    assert_eq!(apply(&one, &[("register", 0)]), outs(&[("dim0", 0)]));
}

#[test]
fn zeros_1d_broadcasts() {
    let l = LinearLayout::zeros_1d(8, "warp", "dim1").unwrap();
    assert_eq!(l.in_dim_size("warp"), Some(8));
    assert_eq!(l.out_dim_size("dim1"), Some(1));
    for v in 0..8 {
        assert_eq!(apply(&l, &[("warp", v)]), outs(&[("dim1", 0)]));
    }
    assert!(l.is_surjective());
    assert!(!l.is_injective());
    assert_eq!(l.get_free_variable_masks(), outs(&[("warp", 0b111)]));
}

#[test]
fn empty_layout() {
    let e = LinearLayout::empty();
    assert_eq!(e.num_in_dims(), 0);
    assert_eq!(e.num_out_dims(), 0);
    assert_eq!(e.total_in_size(), 1);
    assert_eq!(e.total_out_size(), 1);
    assert!(e.is_invertible());
    assert_eq!(e.invert().unwrap(), e);
    assert_eq!(e.to_string(), "{}");
    assert_eq!(e.apply::<&str>(&[]).unwrap(), vec![]);
    let l = id(4, "lane", "dim0");
    assert_eq!(&e * &l, l);
    assert_eq!(&l * &e, l);
    assert_eq!(e.flatten_ins().unwrap(), e);
    assert_eq!(e.flatten_outs().unwrap(), e);
}

#[test]
fn product_of_identities_is_identity() {
    assert_eq!(id(4, "lane", "dim0") * id(8, "lane", "dim0"), id(32, "lane", "dim0"));
    assert_eq!(
        id(2, "register", "dim0") * id(2, "register", "dim0") * id(16, "register", "dim0"),
        id(64, "register", "dim0")
    );
}

#[test]
fn product_with_shared_and_new_dims() {
    let l = id(4, "register", "dim1") * id(8, "lane", "dim1") * id(4, "lane", "dim0");
    let expected = ll(
        &[
            ("register", &[&[1, 0], &[2, 0]]),
            ("lane", &[&[4, 0], &[8, 0], &[16, 0], &[0, 1], &[0, 2]]),
        ],
        &[("dim1", 32), ("dim0", 4)],
    );
    assert_eq!(l, expected);
    assert_eq!(l.get_in_dim_names(), vec!["register", "lane"]);
    assert_eq!(l.get_out_dim_names(), vec!["dim1", "dim0"]);
    assert_eq!(l.in_dim_size("lane"), Some(32));
    assert_eq!(l.in_dim_size_log2("lane"), Some(5));
    assert_eq!(l.total_in_size(), 128);
    assert_eq!(l.total_out_size(), 128);
    // register 3 → dim1 1^2 = 3; lane 22 = 0b10110 → bits 1, 2, 4 →
    // [8,0] ^ [16,0] ^ [0,2] = [24, 2]. Total: dim1 = 27, dim0 = 2.
    assert_eq!(
        apply(&l, &[("register", 3), ("lane", 22)]),
        outs(&[("dim1", 27), ("dim0", 2)])
    );
    // Inputs in any order; lane 31 → [28, 3]; register 1 → [1, 0].
    assert_eq!(
        apply(&l, &[("lane", 31), ("register", 1)]),
        outs(&[("dim1", 29), ("dim0", 3)])
    );
    assert_eq!(
        apply(&l, &[("register", 0), ("lane", 8)]),
        outs(&[("dim1", 0), ("dim0", 1)])
    );
    assert_eq!(
        apply(&l, &[("register", 2), ("lane", 1)]),
        outs(&[("dim1", 6), ("dim0", 0)])
    );
    assert!(l.is_invertible());
}

#[test]
fn product_of_disjoint_layouts_and_broadcast() {
    // A 2-D blocked-like layout: 2 registers along dim1, 4 lanes along
    // dim1 then 8 lanes along dim0, 2 warps broadcast.
    let l = id(2, "register", "dim1")
        * id(4, "lane", "dim1")
        * id(8, "lane", "dim0")
        * LinearLayout::zeros_1d(2, "warp", "dim0").unwrap();
    assert_eq!(
        l.to_string(),
        "{register = [[1, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 0]]}"
    );
    assert_eq!(l.out_dims(), &owned_out(&[("dim1", 8), ("dim0", 8)])[..]);
    assert_eq!(
        apply(&l, &[("register", 1), ("lane", 13), ("warp", 1)]),
        outs(&[("dim1", 3), ("dim0", 3)])
    );
    assert!(l.is_surjective());
    assert!(!l.is_injective());
}

#[test]
fn product_too_large_is_an_error() {
    let big = id(1 << 20, "register", "dim0");
    assert_eq!(
        big.multiply(&big),
        Err(LayoutError::SizeTooLarge {
            dim: "dim0".into(),
            log2: 40
        })
    );
    // Distinct output dims but the shared input dim gets 40 bases.
    let other = id(1 << 20, "register", "dim1");
    assert_eq!(
        big.multiply(&other),
        Err(LayoutError::SizeTooLarge {
            dim: "register".into(),
            log2: 40
        })
    );
    // 3 × 2^30 outputs: over 63 bits in total.
    let a = id(1 << 30, "a", "x") * id(1 << 30, "b", "y");
    assert_eq!(
        a.multiply(&id(1 << 30, "c", "z")),
        Err(LayoutError::TooManyBits {
            side: "output",
            bits: 90
        })
    );
}

#[test]
#[should_panic(expected = "product of linear layouts failed")]
fn mul_operator_panics_on_overflow() {
    let big = id(1 << 20, "register", "dim0");
    let _ = &big * &big;
}

#[test]
fn invert_permutation_layout() {
    // lane bit 0 → dim0 bit 1, lane bit 1 → dim1 bit 0, lane bit 2 → dim0 bit 0.
    let l = ll(&[("lane", &[&[2, 0], &[0, 1], &[1, 0]])], &[("dim0", 4), ("dim1", 2)]);
    let inv = l.invert().unwrap();
    let expected = ll(&[("dim0", &[&[4], &[1]]), ("dim1", &[&[2]])], &[("lane", 8)]);
    assert_eq!(inv, expected);
    for lane in 0..8 {
        let image = apply(&l, &[("lane", lane)]);
        let back = inv
            .apply(&[(image[0].0.as_str(), image[0].1), (image[1].0.as_str(), image[1].1)])
            .unwrap();
        assert_eq!(back, outs(&[("lane", lane)]));
    }
    assert_eq!(inv.invert().unwrap(), l);
}

#[test]
fn invert_non_permutation_bijection() {
    // Bases 1, 3 over a 4-element dim: a bijection that is not a permutation.
    let l = ll(&[("offset", &[&[1], &[3]])], &[("dim0", 4)]);
    let inv = l.invert().unwrap();
    // 1 = l(1); 2 = 3 ^ 1 = l(2 ^ 1) = l(3).
    assert_eq!(inv, ll(&[("dim0", &[&[1], &[3]])], &[("offset", 4)]));
    assert_eq!(l.compose(&inv).unwrap(), id(4, "offset", "offset"));
}

#[test]
fn invert_fails_when_not_bijective() {
    let broadcast = id(4, "lane", "dim0") * LinearLayout::zeros_1d(2, "warp", "dim0").unwrap();
    assert_eq!(broadcast.invert(), Err(LayoutError::NotInvertible));
    let not_onto = ll(&[("lane", &[&[1], &[2]])], &[("dim0", 8)]);
    assert_eq!(not_onto.invert(), Err(LayoutError::NotInvertible));
    let same_size_singular = ll(&[("lane", &[&[1], &[1]])], &[("dim0", 4)]);
    assert!(!same_size_singular.is_invertible());
    assert_eq!(same_size_singular.invert(), Err(LayoutError::NotInvertible));
}

#[test]
fn compose_with_inverse_is_identity() {
    let l = id(4, "register", "dim1") * id(8, "lane", "dim1") * id(4, "lane", "dim0");
    let inv = l.invert().unwrap();
    assert_eq!(l.compose(&inv).unwrap(), identity_on(&l.in_dims_with_sizes()));
    assert_eq!(inv.compose(&l).unwrap(), identity_on(l.out_dims()));
    assert_eq!(l.invert_and_compose(&l).unwrap(), identity_on(&l.in_dims_with_sizes()));
}

#[test]
fn compose_hand_example() {
    // inner: lane → (dim0, dim1) as a 2x2 grid; outer: (dim1, dim0) → offset
    // with dim1 minor.
    let inner = ll(&[("lane", &[&[1, 0], &[0, 1]])], &[("dim0", 2), ("dim1", 2)]);
    let outer = ll(&[("dim1", &[&[1]]), ("dim0", &[&[2]])], &[("offset", 4)]);
    let c = inner.compose(&outer).unwrap();
    assert_eq!(c, ll(&[("lane", &[&[2], &[1]])], &[("offset", 4)]));
    // Bigger outer input is fine; smaller is not.
    let roomy = ll(&[("dim0", &[&[1], &[2]]), ("dim1", &[&[4]])], &[("offset", 8)]);
    assert_eq!(
        inner.compose(&roomy).unwrap(),
        ll(&[("lane", &[&[1], &[4]])], &[("offset", 8)])
    );
    let narrow = ll(&[("dim0", &[&[1]]), ("dim1", &[])], &[("offset", 2)]);
    assert_eq!(
        inner.compose(&narrow),
        Err(LayoutError::IncompatibleSize {
            context: "compose",
            dim: "dim1".into(),
            needed: 2,
            available: 1
        })
    );
    let wrong = id(4, "x", "offset");
    assert!(matches!(
        inner.compose(&wrong),
        Err(LayoutError::DimNameMismatch { .. })
    ));
}

#[test]
fn invert_and_compose_picks_free_variables_zero() {
    // other: register (2 bits) → dim0, with bit 1 a broadcast; lane → dim0 high bit.
    let other = ll(&[("register", &[&[1], &[0]]), ("lane", &[&[2]])], &[("dim0", 4)]);
    assert!(other.is_surjective());
    assert!(!other.is_injective());
    let this = id(4, "offset", "dim0");
    let c = this.invert_and_compose(&other).unwrap();
    assert_eq!(
        c,
        ll(&[("offset", &[&[1, 0], &[0, 1]])], &[("register", 4), ("lane", 2)])
    );
    // other(c(x)) == this(x) for every x.
    for x in 0..4 {
        let mid = apply(&c, &[("offset", x)]);
        let back = other
            .apply(&[(mid[0].0.as_str(), mid[0].1), (mid[1].0.as_str(), mid[1].1)])
            .unwrap();
        assert_eq!(back, apply(&this, &[("offset", x)]));
    }
    // Non-surjective `other` is rejected.
    let not_onto = ll(&[("register", &[&[1]])], &[("dim0", 4)]);
    assert_eq!(this.invert_and_compose(&not_onto), Err(LayoutError::NotSurjective));
    // Outputs of `self` too large for `other`.
    let big = id(8, "offset", "dim0");
    assert!(matches!(
        big.invert_and_compose(&other),
        Err(LayoutError::IncompatibleSize { .. })
    ));
}

#[test]
fn transpose_outs_and_ins_round_trip() {
    let l = id(4, "register", "dim1") * id(8, "lane", "dim1") * id(4, "lane", "dim0");
    let t = l.transpose_outs(&["dim0", "dim1"]).unwrap();
    assert_eq!(t.get_out_dim_names(), vec!["dim0", "dim1"]);
    assert_eq!(t.basis("lane", 3), Some(&[1, 0][..]));
    assert_eq!(t.basis("register", 1), Some(&[0, 2][..]));
    assert_eq!(
        apply(&t, &[("register", 3), ("lane", 22)]),
        outs(&[("dim0", 2), ("dim1", 27)])
    );
    assert_eq!(t.transpose_outs(&["dim1", "dim0"]).unwrap(), l);

    let ti = l.transpose_ins(&["lane", "register"]).unwrap();
    assert_eq!(ti.get_in_dim_names(), vec!["lane", "register"]);
    assert_ne!(ti, l);
    assert_eq!(
        apply(&ti, &[("register", 3), ("lane", 22)]),
        apply(&l, &[("register", 3), ("lane", 22)])
    );
    assert_eq!(ti.transpose_ins(&["register", "lane"]).unwrap(), l);
}

#[test]
fn transpose_rejects_non_permutations() {
    let l = id(4, "register", "dim1") * id(4, "lane", "dim0");
    for bad in [
        &["dim0"][..],
        &["dim0", "dim0"],
        &["dim0", "dim2"],
        &["dim0", "dim1", "dim2"],
    ] {
        assert!(
            matches!(l.transpose_outs(bad), Err(LayoutError::NotAPermutation { .. })),
            "{bad:?}"
        );
    }
    assert!(matches!(
        l.transpose_ins(&["lane", "lane"]),
        Err(LayoutError::NotAPermutation { .. })
    ));
    let err = l.transpose_outs(&["dim0"]).unwrap_err();
    assert_eq!(err.to_string(), "[dim0] is not a permutation of [dim1, dim0]");
}

#[test]
fn reshape_outs_4x8_to_32() {
    // A row-major-ish layout of a 4x8 tile: dim0 has 4, dim1 has 8, dim0 first
    // (least significant when flattened): flat = dim0 + 4 * dim1.
    let l = id(4, "register", "dim0") * id(8, "lane", "dim1");
    let flat = l.reshape_outs(&[("dim0", 32)]).unwrap();
    assert_eq!(
        flat,
        ll(
            &[("register", &[&[1], &[2]]), ("lane", &[&[4], &[8], &[16]])],
            &[("dim0", 32)]
        )
    );
    // Swapping the factor order first puts dim1 in the low bits.
    let t = l.transpose_outs(&["dim1", "dim0"]).unwrap();
    let flat_t = t.reshape_outs(&[("x", 32)]).unwrap();
    assert_eq!(
        flat_t,
        ll(
            &[("register", &[&[8], &[16]]), ("lane", &[&[1], &[2], &[4]])],
            &[("x", 32)]
        )
    );
    // register 1, lane 5 → dim0 1, dim1 5 → flat 1 + 4*5 = 21 (and 5 + 8*1 = 13).
    assert_eq!(apply(&flat, &[("register", 1), ("lane", 5)]), outs(&[("dim0", 21)]));
    assert_eq!(apply(&flat_t, &[("register", 1), ("lane", 5)]), outs(&[("x", 13)]));
    // And back.
    assert_eq!(flat.reshape_outs(&[("dim0", 4), ("dim1", 8)]).unwrap(), l);
    assert_eq!(l.flatten_outs().unwrap(), flat);
}

#[test]
fn reshape_outs_splits_across_dims() {
    // A 16-element 1-D layout re-viewed as 2x8.
    let l = ll(&[("lane", &[&[1], &[2], &[4], &[8]])], &[("dim0", 16)]);
    let r = l.reshape_outs(&[("a", 2), ("b", 8)]).unwrap();
    assert_eq!(
        r,
        ll(
            &[("lane", &[&[1, 0], &[0, 1], &[0, 2], &[0, 4]])],
            &[("a", 2), ("b", 8)]
        )
    );
    assert_eq!(
        l.reshape_outs(&[("a", 4), ("b", 8)]),
        Err(LayoutError::TotalSizeMismatch {
            expected: 16,
            found: 32
        })
    );
    assert_eq!(
        l.reshape_outs(&[("a", 3)]),
        Err(LayoutError::NotPowerOfTwo {
            dim: "a".into(),
            size: 3
        })
    );
    assert_eq!(
        l.reshape_outs(&[("a", 4), ("a", 4)]),
        Err(LayoutError::DuplicateOutDim("a".into()))
    );
}

#[test]
fn reshape_ins_and_flatten_ins() {
    let l = id(4, "register", "dim0") * id(8, "lane", "dim1") * id(2, "warp", "dim0");
    let flat = l.flatten_ins().unwrap();
    assert_eq!(flat.get_in_dim_names(), vec!["register"]);
    assert_eq!(flat.in_dim_size("register"), Some(64));
    // Flat input = register + 4 * lane + 32 * warp.
    for (r, ln, w) in [(1, 3, 0), (3, 7, 1), (0, 5, 1)] {
        let flat_in = r + 4 * ln + 32 * w;
        assert_eq!(
            apply(&flat, &[("register", flat_in)]),
            apply(&l, &[("register", r), ("lane", ln), ("warp", w)])
        );
    }
    let split = flat.reshape_ins(&[("register", 4), ("lane", 8), ("warp", 2)]).unwrap();
    assert_eq!(split, l);
    let regrouped = l.reshape_ins(&[("x", 8), ("y", 8)]).unwrap();
    assert_eq!(regrouped.basis("x", 2), Some(&[0, 1][..]));
    assert_eq!(regrouped.basis("y", 2), Some(&[4, 0][..]));
    assert_eq!(
        l.reshape_ins(&[("x", 8)]),
        Err(LayoutError::TotalSizeMismatch { expected: 64, found: 8 })
    );
}

#[test]
fn flatten_too_large_is_an_error() {
    let l = id(1 << 20, "a", "x") * id(1 << 20, "b", "y");
    assert_eq!(
        l.flatten_outs(),
        Err(LayoutError::SizeTooLarge {
            dim: "x".into(),
            log2: 40
        })
    );
    assert_eq!(
        l.flatten_ins(),
        Err(LayoutError::SizeTooLarge {
            dim: "a".into(),
            log2: 40
        })
    );
}

#[test]
fn sublayout_restricts_dims() {
    let l = id(4, "register", "dim1") * id(8, "lane", "dim1") * id(4, "lane", "dim0") * id(2, "warp", "dim0");
    // warp lands in dim0's high bit: dim0 size 8.
    assert_eq!(l.out_dim_size("dim0"), Some(8));
    let sub = l.sublayout(&["lane"], &["dim0"]).unwrap();
    assert_eq!(sub, ll(&[("lane", &[&[0], &[0], &[0], &[1], &[2]])], &[("dim0", 8)]));
    // Names given out of order still keep the layout's order.
    let sub2 = l.sublayout(&["warp", "register"], &["dim0", "dim1"]).unwrap();
    assert_eq!(sub2.get_in_dim_names(), vec!["register", "warp"]);
    assert_eq!(sub2.get_out_dim_names(), vec!["dim1", "dim0"]);
    assert_eq!(sub2.basis("warp", 0), Some(&[0, 4][..]));
    let none = l.sublayout::<&str, &str>(&[], &[]).unwrap();
    assert_eq!(none, LinearLayout::empty());
    assert_eq!(
        l.sublayout(&["block"], &["dim0"]),
        Err(LayoutError::UnknownInDim("block".into()))
    );
    assert_eq!(
        l.sublayout(&["lane"], &["dim2"]),
        Err(LayoutError::UnknownOutDim("dim2".into()))
    );
}

#[test]
fn sublayout_is_zero_checks_contributions() {
    let l = id(4, "register", "dim1") * id(4, "lane", "dim0") * LinearLayout::zeros_1d(4, "warp", "dim0").unwrap();
    assert!(l.sublayout_is_zero(&["register"], &["dim0"]).unwrap());
    assert!(!l.sublayout_is_zero(&["register"], &["dim1"]).unwrap());
    assert!(l.sublayout_is_zero(&["lane"], &["dim1"]).unwrap());
    assert!(l.sublayout_is_zero(&["warp"], &["dim0", "dim1"]).unwrap());
    assert!(!l.sublayout_is_zero(&["warp", "lane"], &["dim0"]).unwrap());
    assert!(l.sublayout_is_zero(&["lane"], &[] as &[&str]).unwrap());
    assert!(l.sublayout_is_zero(&["nope"], &["dim0"]).is_err());
}

#[test]
fn free_variable_masks_of_broadcast_layout() {
    // register: bit 0 → 1, bit 1 → 0 (broadcast), bit 2 → 2;
    // lane: bit 0 → 1 (same as register bit 0: dependent), bit 1 → 4;
    // warp: bit 0 → 5 (= 1 ^ 4, dependent), bit 1 → 0.
    let l = ll(
        &[
            ("register", &[&[1], &[0], &[2]]),
            ("lane", &[&[1], &[4]]),
            ("warp", &[&[5], &[0]]),
        ],
        &[("dim0", 8)],
    );
    assert_eq!(
        l.get_free_variable_masks(),
        outs(&[("register", 0b010), ("lane", 0b01), ("warp", 0b11)])
    );
    assert!(l.is_surjective());
    assert_eq!(l.rank(), 3);
    // An injective layout has no free variables.
    let inj = id(8, "register", "dim0") * id(4, "lane", "dim1");
    assert_eq!(inj.get_free_variable_masks(), outs(&[("register", 0), ("lane", 0)]));
}

#[test]
fn surjectivity_and_injectivity() {
    let bij = id(8, "lane", "dim0");
    assert!(bij.is_surjective() && bij.is_injective() && bij.is_invertible());
    let inj = ll(&[("lane", &[&[1], &[2]])], &[("dim0", 8)]);
    assert!(inj.is_injective() && !inj.is_surjective() && !inj.is_invertible());
    let surj = id(4, "lane", "dim0") * LinearLayout::zeros_1d(2, "warp", "dim0").unwrap();
    assert!(surj.is_surjective() && !surj.is_injective());
    let neither = ll(&[("lane", &[&[1], &[1]])], &[("dim0", 4)]);
    assert!(!neither.is_surjective() && !neither.is_injective());
    assert_eq!(
        LinearLayout::new(owned_bases(&[("lane", &[&[1], &[1]])]), owned_out(&[("dim0", 4)]), true),
        Err(LayoutError::NotSurjective)
    );
    assert!(LinearLayout::new(owned_bases(&[("lane", &[&[1], &[3]])]), owned_out(&[("dim0", 4)]), true).is_ok());
}

#[test]
fn rejects_bad_sizes() {
    let lane = [("lane", &[&[1][..]][..])];
    assert_eq!(
        try_ll(&lane, &[("dim0", 3)]),
        Err(LayoutError::NotPowerOfTwo {
            dim: "dim0".into(),
            size: 3
        })
    );
    assert_eq!(
        try_ll(&lane, &[("dim0", 0)]),
        Err(LayoutError::NonPositiveSize {
            dim: "dim0".into(),
            size: 0
        })
    );
    assert_eq!(
        try_ll(&lane, &[("dim0", -4)]),
        Err(LayoutError::NonPositiveSize {
            dim: "dim0".into(),
            size: -4
        })
    );
    assert_eq!(
        try_ll(&lane, &[("dim0", i32::MIN)]),
        Err(LayoutError::NonPositiveSize {
            dim: "dim0".into(),
            size: i64::from(i32::MIN)
        })
    );
    assert_eq!(
        try_ll(&lane, &[("dim0", i32::MAX)]),
        Err(LayoutError::NotPowerOfTwo {
            dim: "dim0".into(),
            size: i64::from(i32::MAX)
        })
    );
    assert!(try_ll(&lane, &[("dim0", 1 << 30)]).is_ok());
    for bad in [0, -1, 6, 12] {
        assert!(LinearLayout::identity_1d(bad, "lane", "dim0").is_err(), "{bad}");
        assert!(LinearLayout::zeros_1d(bad, "lane", "dim0").is_err(), "{bad}");
    }
}

#[test]
fn rejects_huge_layouts() {
    // An input dimension with 31 bases would have 2^31 elements.
    let bases = vec![("register".to_string(), vec![vec![0]; 31])];
    assert_eq!(
        LinearLayout::new(bases, owned_out(&[("dim0", 1)]), false),
        Err(LayoutError::SizeTooLarge {
            dim: "register".into(),
            log2: 31
        })
    );
    // Inferring a size for i32::MAX needs 2^31.
    assert_eq!(
        LinearLayout::with_inferred_out_dims(
            vec![("lane".to_string(), vec![vec![i32::MAX]])],
            vec!["dim0".to_string()]
        ),
        Err(LayoutError::SizeTooLarge {
            dim: "dim0".into(),
            log2: 31
        })
    );
    // 3 dimensions of 2^30 outputs each: 90 output bits.
    let out = owned_out(&[("a", 1 << 30), ("b", 1 << 30), ("c", 1 << 30)]);
    assert_eq!(
        LinearLayout::new(vec![], out, false),
        Err(LayoutError::TooManyBits {
            side: "output",
            bits: 90
        })
    );
    // 3 input dimensions of 30 bits: 90 input bits.
    let ins = ["a", "b", "c"]
        .iter()
        .map(|n| (n.to_string(), vec![vec![]; 30]))
        .collect();
    assert_eq!(
        LinearLayout::new(ins, vec![], false),
        Err(LayoutError::TooManyBits {
            side: "input",
            bits: 90
        })
    );
}

#[test]
fn rejects_wrong_basis_arity() {
    let err = try_ll(&[("lane", &[&[1, 0], &[2]])], &[("dim0", 4), ("dim1", 4)]).unwrap_err();
    assert_eq!(
        err,
        LayoutError::BasisArity {
            in_dim: "lane".into(),
            index: 1,
            expected: 2,
            found: 1
        }
    );
    assert_eq!(
        err.to_string(),
        "basis 1 of input dimension 'lane' has 1 entries, expected one per output dimension (2)"
    );
    assert!(matches!(
        LinearLayout::with_inferred_out_dims(owned_bases(&[("lane", &[&[1, 2, 3]])]), vec!["dim0".into()]),
        Err(LayoutError::BasisArity { .. })
    ));
}

#[test]
fn rejects_out_of_range_values() {
    assert_eq!(
        try_ll(&[("lane", &[&[1], &[4]])], &[("dim0", 4)]),
        Err(LayoutError::BasisOutOfRange {
            in_dim: "lane".into(),
            index: 1,
            out_dim: "dim0".into(),
            value: 4,
            size: 4
        })
    );
    assert!(matches!(
        try_ll(&[("lane", &[&[-1]])], &[("dim0", 4)]),
        Err(LayoutError::BasisOutOfRange { value: -1, .. })
    ));
    assert!(matches!(
        LinearLayout::with_inferred_out_dims(owned_bases(&[("lane", &[&[-2]])]), vec!["dim0".into()]),
        Err(LayoutError::BasisOutOfRange { value: -2, size: 0, .. })
    ));
}

#[test]
fn rejects_duplicate_dims() {
    assert_eq!(
        try_ll(&[("lane", &[&[1]]), ("lane", &[])], &[("dim0", 2)]),
        Err(LayoutError::DuplicateInDim("lane".into()))
    );
    assert_eq!(
        try_ll(&[("lane", &[])], &[("dim0", 2), ("dim0", 2)]),
        Err(LayoutError::DuplicateOutDim("dim0".into()))
    );
}

#[test]
fn with_inferred_out_dims_picks_smallest_sizes() {
    let l = LinearLayout::with_inferred_out_dims(
        owned_bases(&[
            ("register", &[&[0, 1], &[0, 2]]),
            ("lane", &[&[1, 0], &[4, 0], &[0, 0]]),
        ]),
        vec!["dim0".into(), "dim1".into()],
    )
    .unwrap();
    assert_eq!(l.out_dims(), &owned_out(&[("dim0", 8), ("dim1", 4)])[..]);
    // All-zero bases give size 1; no bases at all too.
    let z = LinearLayout::with_inferred_out_dims(owned_bases(&[("warp", &[&[0]])]), vec!["d".into()]).unwrap();
    assert_eq!(z.out_dim_size("d"), Some(1));
    let big = LinearLayout::with_inferred_out_dims(owned_bases(&[("lane", &[&[1 << 30]])]), vec!["d".into()]);
    assert_eq!(
        big,
        Err(LayoutError::SizeTooLarge {
            dim: "d".into(),
            log2: 31
        })
    );
    let max_ok =
        LinearLayout::with_inferred_out_dims(owned_bases(&[("lane", &[&[(1 << 30) - 1]])]), vec!["d".into()])
            .unwrap();
    assert_eq!(max_ok.out_dim_size("d"), Some(1 << 30));
}

#[test]
fn display_matches_ttg_linear_body() {
    let l = ll(
        &[
            ("register", &[&[0, 1], &[0, 2]]),
            ("lane", &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[16, 0]]),
            ("warp", &[&[0, 0], &[0, 0]]),
            ("block", &[]),
        ],
        &[("dim0", 32), ("dim1", 4)],
    );
    assert_eq!(
        l.to_string(),
        "{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], \
         warp = [[0, 0], [0, 0]], block = []}"
    );
}

#[test]
fn apply_rejects_bad_inputs() {
    let l = id(4, "register", "dim0") * id(8, "lane", "dim1");
    assert_eq!(
        l.apply(&[("register", 1)]),
        Err(LayoutError::MissingInput("lane".into()))
    );
    assert_eq!(
        l.apply(&[("register", 1), ("lane", 2), ("register", 0)]),
        Err(LayoutError::DuplicateInput("register".into()))
    );
    assert_eq!(
        l.apply(&[("register", 4), ("lane", 0)]),
        Err(LayoutError::InputOutOfRange {
            dim: "register".into(),
            value: 4,
            size: 4
        })
    );
    assert!(matches!(
        l.apply(&[("register", -1), ("lane", 0)]),
        Err(LayoutError::InputOutOfRange { value: -1, .. })
    ));
    assert_eq!(l.apply(&[("warp", 0)]), Err(LayoutError::UnknownInDim("warp".into())));
    assert_eq!(
        l.apply_flat(32),
        Err(LayoutError::InputOutOfRange {
            dim: String::new(),
            value: 32,
            size: 32
        })
    );
}

#[test]
fn apply_flat_matches_apply() {
    let l = ll(
        &[
            ("register", &[&[1, 0], &[0, 3]]),
            ("lane", &[&[2, 1], &[3, 0], &[0, 0]]),
        ],
        &[("dim0", 4), ("dim1", 4)],
    );
    for x in 0..l.total_in_size() {
        let register = (x & 3) as i32;
        let lane = (x >> 2) as i32;
        let named = apply(&l, &[("register", register), ("lane", lane)]);
        let flat = l.apply_flat(x).unwrap();
        assert_eq!(flat, named[0].1 as u64 | (named[1].1 as u64) << 2, "x = {x}");
    }
    // Hand check: register 3, lane 3 → [1,0]^[0,3]^[2,1]^[3,0] = [0, 2].
    assert_eq!(
        apply(&l, &[("register", 3), ("lane", 3)]),
        outs(&[("dim0", 0), ("dim1", 2)])
    );
}

#[test]
fn resize_dims() {
    let l = id(8, "lane", "dim0");
    let grown = l.resize_in_dim("lane", 32).unwrap();
    assert_eq!(grown.bases()[0].1, vec![vec![1], vec![2], vec![4], vec![0], vec![0]]);
    assert_eq!(grown.get_free_variable_masks(), outs(&[("lane", 0b11000)]));
    let shrunk = l.resize_in_dim("lane", 2).unwrap();
    assert_eq!(shrunk, ll(&[("lane", &[&[1]])], &[("dim0", 8)]));
    assert_eq!(l.resize_out_dim("dim0", 16).unwrap().out_dim_size("dim0"), Some(16));
    assert!(matches!(
        l.resize_out_dim("dim0", 4),
        Err(LayoutError::BasisOutOfRange { value: 4, .. })
    ));
    assert!(l.resize_in_dim("lane", 3).is_err());
    assert_eq!(
        l.resize_in_dim("warp", 2),
        Err(LayoutError::UnknownInDim("warp".into()))
    );
    assert_eq!(
        l.resize_out_dim("dim9", 2),
        Err(LayoutError::UnknownOutDim("dim9".into()))
    );
}

#[test]
fn equality_is_structural() {
    let a = id(4, "lane", "dim0");
    let b = a.resize_out_dim("dim0", 8).unwrap();
    assert_ne!(a, b);
    assert!(a.equal_ignoring_out_dim_sizes(&b));
    let c = id(4, "register", "dim0") * id(4, "lane", "dim1");
    let d = c.transpose_outs(&["dim1", "dim0"]).unwrap();
    assert_ne!(c, d);
    assert!(!c.equal_ignoring_out_dim_sizes(&d));
    assert_eq!(c.clone(), c);
}

#[test]
fn num_consecutive_in_out_counts_leading_identity_bases() {
    let l = id(4, "register", "dim0") * id(8, "lane", "dim0");
    assert_eq!(l.num_consecutive_in_out(), 4);
    let strided = ll(
        &[("register", &[&[1, 0], &[0, 1], &[2, 0]])],
        &[("dim0", 4), ("dim1", 2)],
    );
    assert_eq!(strided.num_consecutive_in_out(), 2);
    let none = ll(&[("register", &[&[2]])], &[("dim0", 4)]);
    assert_eq!(none.num_consecutive_in_out(), 1);
    assert_eq!(LinearLayout::empty().num_consecutive_in_out(), 1);
}

/// Hand-computed cases of Triton's `getNumConsecutiveInOut`: the run of
/// leading identity register bases is cut at the lowest bit any other
/// basis sets in the first output.
#[test]
fn num_consecutive_in_out_stops_at_other_bases_inside_the_run() {
    let run16 = |other: &[(&str, &[&[i32]])]| {
        let mut bases: Vec<(&str, &[&[i32]])> = vec![("register", &[&[1], &[2], &[4], &[8]])];
        bases.extend_from_slice(other);
        ll(&bases, &[("dim0", 64)])
    };
    // Lanes above the run leave it whole.
    assert_eq!(run16(&[("lane", &[&[16], &[32]])]).num_consecutive_in_out(), 16);
    // A lane landing at 8 (inside 0..16) cuts it to 8.
    assert_eq!(run16(&[("lane", &[&[8], &[16]])]).num_consecutive_in_out(), 8);
    // So does a warp at 4, wherever it is listed.
    assert_eq!(run16(&[("lane", &[&[16], &[32]]), ("warp", &[&[4]])]).num_consecutive_in_out(), 4);
    // Zero (broadcast) bases do not count.
    assert_eq!(run16(&[("lane", &[&[0], &[16]]), ("warp", &[&[0]])]).num_consecutive_in_out(), 16);
    // Later register bases count too: 1, 2, 4, then 16 and 8.
    let late = ll(&[("register", &[&[1], &[2], &[4], &[16], &[8]])], &[("dim0", 32)]);
    assert_eq!(late.num_consecutive_in_out(), 8);
    // Only the lowest set bit of the other bases matters: 6 = 0b110 cuts at 2.
    let two_d = ll(
        &[("register", &[&[1, 0], &[2, 0], &[4, 0]]), ("lane", &[&[0, 1], &[6, 0]])],
        &[("dim0", 8), ("dim1", 2)],
    );
    assert_eq!(two_d.num_consecutive_in_out(), 2);
    // A first-input basis that also moves another output ends the run and
    // its first output (2) cuts it.
    let mixed = ll(&[("register", &[&[1, 0], &[2, 1]])], &[("dim0", 4), ("dim1", 2)]);
    assert_eq!(mixed.num_consecutive_in_out(), 2);
    // Nothing else: the whole run.
    let alone = ll(&[("register", &[&[1], &[2], &[4]])], &[("dim0", 8)]);
    assert_eq!(alone.num_consecutive_in_out(), 8);
}

#[test]
fn error_messages_are_descriptive() {
    let cases = [
        (
            LayoutError::NotPowerOfTwo {
                dim: "dim0".into(),
                size: 3,
            },
            "size of dimension 'dim0' must be a power of two, got 3",
        ),
        (
            LayoutError::NonPositiveSize {
                dim: "lane".into(),
                size: 0,
            },
            "size of dimension 'lane' must be positive, got 0",
        ),
        (
            LayoutError::SizeTooLarge {
                dim: "d".into(),
                log2: 31,
            },
            "dimension 'd' would have size 2^31, more than the maximum 2^30",
        ),
        (LayoutError::NotInvertible, "layout is not invertible"),
        (LayoutError::UnknownInDim("x".into()), "no input dimension named 'x'"),
    ];
    for (err, msg) in cases {
        assert_eq!(err.to_string(), msg);
    }
    let boxed: Box<dyn Error> = Box::new(LayoutError::NotSurjective);
    assert_eq!(boxed.to_string(), "layout is not surjective");
}

/// A random layout whose matrix is a permutation matrix, over random
/// input and output dimension splits of `bits` bits.
fn random_permutation_layout(rng: &mut Rng, bits: u32) -> LinearLayout {
    let in_names = ["register", "lane", "warp", "block"];
    let out_names = ["dim0", "dim1", "dim2"];
    let in_split = rng.split(bits, in_names.len());
    let out_split = rng.split(bits, out_names.len());
    let mut targets: Vec<u32> = (0..bits).collect();
    rng.shuffle(&mut targets);
    let out_dims: Vec<(String, i32)> = out_names
        .iter()
        .zip(&out_split)
        .map(|(n, &b)| (n.to_string(), 1i32 << b))
        .collect();
    let mut targets = targets.into_iter();
    let bases = in_names
        .iter()
        .zip(&in_split)
        .map(|(n, &b)| {
            let vectors = (0..b)
                .map(|_| split_flat(1u64 << targets.next().unwrap(), &out_split))
                .collect();
            (n.to_string(), vectors)
        })
        .collect();
    LinearLayout::new(bases, out_dims, true).unwrap()
}

/// Checks `inverse ∘ l == id` and pointwise consistency on random inputs.
fn check_inverse(rng: &mut Rng, l: &LinearLayout) {
    let inv = l.invert().unwrap();
    assert_eq!(l.compose(&inv).unwrap(), identity_on(&l.in_dims_with_sizes()), "{l}");
    assert_eq!(inv.compose(l).unwrap(), identity_on(l.out_dims()), "{l}");
    assert_eq!(l.invert_and_compose(l).unwrap(), identity_on(&l.in_dims_with_sizes()));
    assert_eq!(inv.invert().unwrap(), *l);
    let columns = l.columns();
    for _ in 0..1000 {
        let x = rng.next() & low_mask(l.total_in_size_log2());
        let named_in: Vec<(String, i32)> = l
            .get_in_dim_names()
            .into_iter()
            .map(String::from)
            .zip(l.split_in_flat(x))
            .collect();
        let named_out = l.apply(&named_in).unwrap();
        let flat_out = l.apply_flat(x).unwrap();
        // Named and flat application agree, and agree with the XOR of
        // the columns of the set bits.
        let expected = (0..columns.len())
            .filter(|j| x >> j & 1 == 1)
            .fold(0, |a, j| a ^ columns[j]);
        assert_eq!(flat_out, expected);
        let values: Vec<i32> = named_out.iter().map(|(_, v)| *v).collect();
        assert_eq!(l.flatten_out(&values), flat_out);
        // The inverse takes the image back.
        assert_eq!(inv.apply(&named_out).unwrap(), named_in);
        assert_eq!(inv.apply_flat(flat_out).unwrap(), x);
    }
}

#[test]
fn property_random_permutation_layouts_invert() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for round in 0..40 {
        let bits = (round % 13) as u32;
        let l = random_permutation_layout(&mut rng, bits);
        assert!(l.is_invertible());
        assert!(l.get_free_variable_masks().iter().all(|(_, m)| *m == 0));
        check_inverse(&mut rng, &l);
        // Round trips through transpose and reshape.
        let mut outs_rev = l.get_out_dim_names();
        outs_rev.reverse();
        let t = l.transpose_outs(&outs_rev).unwrap();
        outs_rev.reverse();
        assert_eq!(t.transpose_outs(&outs_rev).unwrap(), l);
        let out_dims = l.out_dims().to_vec();
        assert_eq!(l.flatten_outs().unwrap().reshape_outs(&out_dims).unwrap(), l);
        let in_dims = l.in_dims_with_sizes();
        assert_eq!(l.flatten_ins().unwrap().reshape_ins(&in_dims).unwrap(), l);
    }
}

#[test]
fn property_random_invertible_matrices() {
    let mut rng = Rng(0xfeed_beef_cafe_f00d);
    let mut tested = 0;
    while tested < 20 {
        let bits = 1 + rng.below(12) as u32;
        let in_split = rng.split(bits, 2);
        let out_split = rng.split(bits, 2);
        let bases: Vec<(String, Vec<Vec<i32>>)> = ["lane", "warp"]
            .iter()
            .zip(&in_split)
            .map(|(n, &b)| {
                let vectors = (0..b)
                    .map(|_| split_flat(rng.next() & low_mask(bits), &out_split))
                    .collect();
                (n.to_string(), vectors)
            })
            .collect();
        let out_dims = vec![
            ("dim0".to_string(), 1i32 << out_split[0]),
            ("dim1".to_string(), 1i32 << out_split[1]),
        ];
        let l = LinearLayout::new(bases, out_dims, false).unwrap();
        if !l.is_invertible() {
            assert!(l.invert().is_err());
            continue;
        }
        check_inverse(&mut rng, &l);
        tested += 1;
    }
}
