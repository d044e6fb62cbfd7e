//! The verifiers of the `ttg` encodings (the attributes' own rules) and the
//! rules for attaching an encoding to a tensor. Diagnostics follow Triton's
//! wording where Triton has one.
use super::encoding::{Cga, Encoding};
use super::linear_layout::LinearLayout;

type Verdict = Result<(), String>;

/// The largest entry accepted in any count of an encoding (threads, warps,
/// elements per thread, CTAs): far above any hardware, far below overflow.
const MAX_COUNT: u32 = 1 << 16;

fn ensure(cond: bool, message: impl FnOnce() -> String) -> Verdict {
    if cond { Ok(()) } else { Err(message()) }
}

fn powers_of_two(name: &str, values: &[u32]) -> Verdict {
    ensure(values.iter().all(|&v| v.is_power_of_two() && v <= MAX_COUNT), || {
        format!("Every element in {name} must be a power of two (at most {MAX_COUNT}), got {values:?}")
    })
}

/// `order` lists each of 0..rank once.
pub fn check_order(order: &[u32], rank: usize) -> Verdict {
    let mut seen = vec![false; rank];
    let ok = order.len() == rank
        && order.iter().all(|&o| (o as usize) < rank && !std::mem::replace(&mut seen[o as usize], true));
    ensure(ok, || format!("order must be a permutation of 0..{}, but was {order:?}", rank.saturating_sub(1)))
}

fn check_cga(cga: &Cga, rank: usize) -> Verdict {
    ensure(cga.bases.len() <= 16, || format!("CGALayout has {} bases, at most 16 CTAs bits are supported", cga.bases.len()))?;
    for basis in &cga.bases {
        ensure(basis.len() == rank, || format!("'CGALayout' entry length does not match rank {rank}"))?;
        ensure(basis.iter().all(|&v| v == 0 || (v > 0 && (v as u32).is_power_of_two() && v as u32 <= MAX_COUNT)), || {
            format!("CGALayout entries must be zero or powers of two, got {basis:?}")
        })?;
    }
    Ok(())
}

fn check_in_dims(layout: &LinearLayout, expected: &[&str], optional_tail: bool) -> Verdict {
    let names = layout.get_in_dim_names();
    let required = if optional_tail { expected.len() - 1 } else { expected.len() };
    ensure(names.len() >= required && names.len() <= expected.len(), || {
        format!("Expected input dimensions {expected:?}, got {names:?}")
    })?;
    for (i, (name, want)) in names.iter().zip(expected).enumerate() {
        ensure(name == want, || format!("Expected input dimension {i} to be '{want}'. Got {name}"))?;
    }
    Ok(())
}

fn moves_in_one_dim(layout: &LinearLayout, message: &str) -> Verdict {
    let ok = layout.bases().iter().all(|(_, vectors)| vectors.iter().all(|v| v.iter().filter(|&&x| x != 0).count() <= 1));
    ensure(ok, || message.to_string())
}

fn verify_dot_operand(op_idx: u32, parent: &Encoding, k_width: u32) -> Verdict {
    ensure(op_idx <= 1, || format!("ttg.dot_op opIdx parameter can be 0 or 1, got: {op_idx}"))?;
    match parent {
        Encoding::NvidiaMma { version_major, .. } => {
            ensure(k_width != 0, || "ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent".into())?;
            ensure(*version_major != 3 || op_idx == 0, || {
                "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers".into()
            })
        }
        Encoding::AmdMfma { .. } => {
            ensure(k_width != 0, || "ttg.dot_op kWidth parameter is mandatory for MFMA parent".into())
        }
        Encoding::AmdWmma { version, .. } => {
            let allowed: &[u32] = match version {
                1 => &[16],
                2 => &[4, 8, 16],
                _ => &[2, 4, 8, 16],
            };
            ensure(allowed.contains(&k_width), || {
                format!("ttg.dot_op kWidth parameter must be one of {allowed:?} for WMMA v{version} parent, got {k_width}")
            })
        }
        Encoding::Blocked { .. } => ensure(k_width == 0, || {
            "ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout".into()
        }),
        Encoding::Linear(_) | Encoding::GenericLinear(_) | Encoding::Slice { .. } => Ok(()),
        other => Err(format!("ttg.dot_op unexpected parent layout: #ttg.{}", other.mnemonic())),
    }
}

impl Encoding {
    /// The attribute verifier: the parameters are consistent on their own.
    pub fn verify(&self) -> Verdict {
        match self {
            Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } => {
                let rank = order.len();
                ensure(
                    rank > 0
                        && size_per_thread.len() == rank
                        && threads_per_warp.len() == rank
                        && warps_per_cta.len() == rank,
                    || {
                        format!(
                            "sizePerThread, threadsPerWarp, warpsPerCTA and order must have the same non-zero rank, got {}, {}, {} and {rank}",
                            size_per_thread.len(),
                            threads_per_warp.len(),
                            warps_per_cta.len()
                        )
                    },
                )?;
                powers_of_two("sizePerThread", size_per_thread)?;
                powers_of_two("threadsPerWarp", threads_per_warp)?;
                powers_of_two("warpsPerCTA", warps_per_cta)?;
                check_order(order, rank)?;
                check_cga(cga, rank)
            }
            Encoding::Slice { dim, parent } => {
                ensure(parent.is_distributed(), || "expected a distributed encoding trait".into())?;
                let rank = parent.rank();
                ensure(rank >= 2, || "parent layout must have at least rank >= 2".into())?;
                ensure((*dim as usize) < rank, || format!("slice dim={dim} must be less than the parent rank={rank}"))
            }
            Encoding::DotOperand { op_idx, parent, k_width } => verify_dot_operand(*op_idx, parent, *k_width),
            Encoding::NvidiaMma { version_major, version_minor: _, warps_per_cta, cga, instr_shape } => {
                ensure(*version_major != 1, || "Volta MMA (versionMajor = 1) is not supported".into())?;
                ensure(matches!(version_major, 2 | 3 | 5), || {
                    format!("versionMajor must be 2 (Ampere), 3 (Hopper) or 5 (Blackwell), got {version_major}")
                })?;
                ensure(warps_per_cta.len() >= 2, || "nvidia_mma requires a rank of at least 2".into())?;
                powers_of_two("warpsPerCTA", warps_per_cta)?;
                let expected = if *version_major == 2 { 2 } else { 3 };
                ensure(instr_shape.len() == expected, || {
                    format!("instrShape of an MMA v{version_major} layout must have {expected} entries, got {instr_shape:?}")
                })?;
                powers_of_two("instrShape", instr_shape)?;
                check_cga(cga, warps_per_cta.len())
            }
            Encoding::AmdMfma { version, warps_per_cta, instr_shape, is_transposed: _, cga, tiles_per_warp, element_bit_width } => {
                ensure(*version <= 4, || "version must be in the [0, 4] range".into())?;
                ensure(warps_per_cta.len() >= 2, || "amd_mfma requires a rank of at least 2".into())?;
                powers_of_two("warpsPerCTA", warps_per_cta)?;
                ensure(instr_shape.len() >= 2, || format!("instrShape must have at least 2 entries, got {instr_shape:?}"))?;
                let (m, n) = (instr_shape[0], instr_shape[1]);
                ensure(matches!((m, n), (32, 32) | (16, 16) | (64, 4) | (4, 64)), || {
                    format!("invalid (mDim, nDim) combination: ({m}, {n})")
                })?;
                ensure(*element_bit_width == 32 || *element_bit_width == 64, || "elementBitWidth must be 32 or 64".into())?;
                ensure(tiles_per_warp.is_empty() || tiles_per_warp.len() == warps_per_cta.len(), || {
                    "tilesPerWarp must have one entry per dimension".into()
                })?;
                powers_of_two("tilesPerWarp", tiles_per_warp)?;
                check_cga(cga, warps_per_cta.len())
            }
            Encoding::AmdWmma { version, cta_layout, is_transposed: _, cga, instr_shape } => {
                ensure((1..=3).contains(version), || "WMMA version must be in the [1, 3] range".into())?;
                let valid: &[&[u32]] = match version {
                    1 => &[&[16, 16, 16]],
                    2 => &[&[16, 16, 16], &[16, 16, 32]],
                    _ => &[&[16, 16, 4], &[16, 16, 32], &[16, 16, 64], &[16, 16, 128]],
                };
                ensure(valid.contains(&instr_shape.as_slice()), || format!("invalid WMMA v{version} instruction shape"))?;
                ensure(cta_layout.num_out_dims() >= 2, || "amd_wmma requires a rank of at least 2".into())?;
                check_cga(cga, cta_layout.num_out_dims())
            }
            Encoding::Linear(layout) => {
                check_in_dims(layout, &["register", "lane", "warp", "block"], false)?;
                moves_in_one_dim(layout, "In a distributed layout, each base must move in at most one dimension.")
            }
            Encoding::GenericLinear(layout) => check_in_dims(layout, &["register", "lane", "warp", "block"], false),
            Encoding::SwizzledShared { vec, per_phase, max_phase, order, cga }
            | Encoding::AmdRotatingShared { vec, per_phase, max_phase, order, cga } => {
                ensure(!order.is_empty(), || "order must not be empty".into())?;
                for (name, value) in [("vec", vec), ("perPhase", per_phase), ("maxPhase", max_phase)] {
                    ensure(*value >= 1 && *value <= MAX_COUNT, || format!("{name} must be between 1 and {MAX_COUNT}, got {value}"))?;
                }
                check_order(order, order.len())?;
                check_cga(cga, order.len())
            }
            Encoding::NvmmaShared { swizzling_byte_width, transposed: _, element_bit_width, fp4_padded: _, cga, rank } => {
                ensure(matches!(swizzling_byte_width, 0 | 32 | 64 | 128), || {
                    format!("swizzlingByteWidth must be 0, 32, 64 or 128, got {swizzling_byte_width}")
                })?;
                ensure(matches!(element_bit_width, 4 | 8 | 16 | 32 | 64), || {
                    format!("elementBitWidth must be 4, 8, 16, 32 or 64, got {element_bit_width}")
                })?;
                ensure(*rank >= 1 && *rank <= 8, || format!("rank must be between 1 and 8, got {rank}"))?;
                check_cga(cga, *rank as usize)
            }
            Encoding::PaddedShared { intervals, paddings, linear_component } => {
                ensure(intervals.len() == paddings.len(), || {
                    format!("intervals size ({}) must match paddings size ({})", intervals.len(), paddings.len())
                })?;
                ensure(!intervals.is_empty(), || "must have at least one interval-padding pair".into())?;
                ensure(intervals.iter().all(|v| v.is_power_of_two()), || "interval values must all be power of two".into())?;
                ensure(paddings.iter().all(|v| v.is_power_of_two()), || "padding values must all be power of two".into())?;
                let mut sorted = intervals.clone();
                sorted.sort_unstable();
                sorted.dedup();
                ensure(sorted.len() == intervals.len(), || "interval values cannot have duplicates".into())?;
                check_in_dims(linear_component, &["offset", "block"], false)?;
                ensure(linear_component.is_invertible(), || "Broadcasting is not supported.".into())?;
                moves_in_one_dim(linear_component, "Each offset basis must move in at most one dimension.")?;
                let powers = linear_component.bases().iter().flat_map(|(_, v)| v.iter().flatten()).all(|&x| x == 0 || (x as u32).is_power_of_two());
                ensure(powers, || "Each offset basis must be 0 or a power of two.".into())
            }
            Encoding::PartitionedShared { num_partitions, num_groups, partition_dim, partition_layout } => {
                ensure(partition_layout.is_shared() && !matches!(**partition_layout, Encoding::PartitionedShared { .. }), || {
                    "partitionLayout must be a shared layout other than partitioned_shared".into()
                })?;
                ensure(*num_partitions >= 1 && *num_partitions <= MAX_COUNT, || format!("numPartitions must be positive, got {num_partitions}"))?;
                ensure(*num_groups >= 1 && *num_groups <= MAX_COUNT, || format!("numGroups must be positive, got {num_groups}"))?;
                let rank = partition_layout.rank();
                ensure((*partition_dim as usize) < rank, || format!("partitionDim {partition_dim} must be less than the rank {rank}"))
            }
            Encoding::SharedLinear { layout, alignment } => {
                ensure(alignment.is_power_of_two(), || "alignment must be a positive power of two".into())?;
                check_in_dims(layout, &["offset", "block"], false)?;
                ensure(layout.num_out_dims() > 0, || {
                    "SharedLinearEncodingAttr requires at least one output dimension.".into()
                })?;
                ensure(layout.is_surjective(), || "The layout must be surjective".into())?;
                let nonzero: usize = layout.bases().iter().map(|(_, v)| v.iter().filter(|b| b.iter().any(|&x| x != 0)).count()).sum();
                ensure(nonzero as u32 == layout.total_out_size_log2(), || {
                    "After removing the zero bases the layout must be bijective".into()
                })
            }
            Encoding::SharedMemory => Ok(()),
        }
    }

    /// The rules for a tensor of `shape` carrying this encoding.
    pub fn verify_for_tensor(&self, shape: &[i64]) -> Verdict {
        ensure(self.is_distributed(), || "Non-distributed layout is not allowed in tensor type.".into())?;
        let rank = self.rank();
        ensure(rank == shape.len(), || {
            format!("Layout has rank {rank}, but the tensor it's attached to has rank {}.", shape.len())
        })?;
        ensure(shape.iter().all(|&d| d > 0 && (d as u64).is_power_of_two()), || {
            format!("tensors with a layout must have power-of-two dimensions, got {shape:?}")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocked(spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32]) -> Encoding {
        Encoding::Blocked {
            size_per_thread: spt.to_vec(),
            threads_per_warp: tpw.to_vec(),
            warps_per_cta: wpc.to_vec(),
            order: order.to_vec(),
            cga: Cga::default(),
        }
    }

    #[test]
    fn blocked_rules() {
        assert_eq!(blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]).verify(), Ok(()));
        let err = blocked(&[1, 3], &[8, 4], &[4, 1], &[1, 0]).verify().unwrap_err();
        assert!(err.starts_with("Every element in sizePerThread must be a power of two"), "{err}");
        let err = blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 1]).verify().unwrap_err();
        assert_eq!(err, "order must be a permutation of 0..1, but was [1, 1]");
        let err = blocked(&[1], &[8, 4], &[4, 1], &[1, 0]).verify().unwrap_err();
        assert!(err.contains("must have the same non-zero rank, got 1, 2, 2 and 2"), "{err}");
        assert!(blocked(&[], &[], &[], &[]).verify().is_err());
        let huge = blocked(&[1 << 31, 1], &[8, 4], &[4, 1], &[1, 0]).verify();
        assert!(huge.is_err());
    }

    #[test]
    fn cga_rules() {
        let mut enc = blocked(&[1, 1], &[4, 8], &[2, 2], &[0, 1]);
        if let Encoding::Blocked { cga, .. } = &mut enc {
            cga.bases = vec![vec![0, 3]];
        }
        assert_eq!(enc.verify().unwrap_err(), "CGALayout entries must be zero or powers of two, got [0, 3]");
    }

    #[test]
    fn slice_and_dot_operand_rules() {
        let parent = Box::new(blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]));
        assert_eq!(Encoding::Slice { dim: 1, parent: parent.clone() }.verify(), Ok(()));
        assert_eq!(
            Encoding::Slice { dim: 2, parent: parent.clone() }.verify().unwrap_err(),
            "slice dim=2 must be less than the parent rank=2"
        );
        let swizzled = Encoding::SwizzledShared { vec: 1, per_phase: 1, max_phase: 1, order: vec![1, 0], cga: Cga::default() };
        assert_eq!(
            Encoding::Slice { dim: 0, parent: Box::new(swizzled) }.verify().unwrap_err(),
            "expected a distributed encoding trait"
        );
        assert!(Encoding::DotOperand { op_idx: 0, parent: parent.clone(), k_width: 2 }.verify().unwrap_err().contains("not supported when the parent is a blocked layout"));
        assert_eq!(Encoding::DotOperand { op_idx: 2, parent: parent.clone(), k_width: 0 }.verify().unwrap_err(), "ttg.dot_op opIdx parameter can be 0 or 1, got: 2");
        let mma = |major| Box::new(Encoding::NvidiaMma {
            version_major: major,
            version_minor: 0,
            warps_per_cta: vec![4, 1],
            cga: Cga::default(),
            instr_shape: if major == 2 { vec![16, 8] } else { vec![16, 64, 16] },
        });
        assert!(Encoding::DotOperand { op_idx: 0, parent: mma(2), k_width: 0 }.verify().unwrap_err().contains("kWidth parameter is mandatory"));
        assert_eq!(Encoding::DotOperand { op_idx: 1, parent: mma(2), k_width: 2 }.verify(), Ok(()));
        assert!(Encoding::DotOperand { op_idx: 1, parent: mma(3), k_width: 2 }.verify().unwrap_err().contains("must be 0 for Hopper MMA parent"));
        assert!(mma(1).verify().unwrap_err().contains("Volta"));
    }

    #[test]
    fn mma_and_shared_rules() {
        let mfma = Encoding::AmdMfma {
            version: 3,
            warps_per_cta: vec![2, 2],
            instr_shape: vec![32, 16, 8],
            is_transposed: true,
            cga: Cga::default(),
            tiles_per_warp: vec![],
            element_bit_width: 32,
        };
        assert_eq!(mfma.verify().unwrap_err(), "invalid (mDim, nDim) combination: (32, 16)");
        let nvmma = Encoding::NvmmaShared { swizzling_byte_width: 96, transposed: false, element_bit_width: 16, fp4_padded: false, cga: Cga::default(), rank: 2 };
        assert_eq!(nvmma.verify().unwrap_err(), "swizzlingByteWidth must be 0, 32, 64 or 128, got 96");
        let swizzled = Encoding::SwizzledShared { vec: 0, per_phase: 1, max_phase: 1, order: vec![1, 0], cga: Cga::default() };
        assert!(swizzled.verify().unwrap_err().starts_with("vec must be between 1"));
    }

    #[test]
    fn linear_rules() {
        let ll = |bases: Vec<(&str, Vec<Vec<i32>>)>| {
            LinearLayout::with_inferred_out_dims(
                bases.into_iter().map(|(n, b)| (n.to_string(), b)).collect(),
                vec!["dim0".into(), "dim1".into()],
            )
            .unwrap()
        };
        let good = ll(vec![("register", vec![vec![0, 1]]), ("lane", vec![vec![1, 0]]), ("warp", vec![]), ("block", vec![])]);
        assert_eq!(Encoding::Linear(good).verify(), Ok(()));
        let diagonal = ll(vec![("register", vec![vec![1, 1]]), ("lane", vec![]), ("warp", vec![]), ("block", vec![])]);
        assert_eq!(Encoding::Linear(diagonal.clone()).verify().unwrap_err(), "In a distributed layout, each base must move in at most one dimension.");
        assert_eq!(Encoding::GenericLinear(diagonal).verify(), Ok(()));
        let misnamed = ll(vec![("lane", vec![]), ("register", vec![]), ("warp", vec![]), ("block", vec![])]);
        assert_eq!(Encoding::Linear(misnamed).verify().unwrap_err(), "Expected input dimension 0 to be 'register'. Got lane");
    }

    #[test]
    fn tensor_rules() {
        let enc = blocked(&[1, 4], &[8, 4], &[4, 1], &[1, 0]);
        assert_eq!(enc.verify_for_tensor(&[32, 32]), Ok(()));
        assert_eq!(enc.verify_for_tensor(&[32]).unwrap_err(), "Layout has rank 2, but the tensor it's attached to has rank 1.");
        assert!(enc.verify_for_tensor(&[32, 24]).unwrap_err().contains("power-of-two"));
        let shared = Encoding::SharedMemory;
        assert_eq!(shared.verify_for_tensor(&[4]).unwrap_err(), "Non-distributed layout is not allowed in tensor type.");
    }
}
