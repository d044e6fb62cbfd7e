//! Helpers shared by the `ttg` test modules: encoding constructors and
//! small queries on linear layouts.
use super::encoding::{Cga, Encoding};
use super::linear_layout::LinearLayout;
use super::to_linear::{standard_out_dim_names, to_linear_layout};

/// Rows of basis vectors as owned vectors.
pub(crate) fn v(rows: &[&[i32]]) -> Vec<Vec<i32>> {
    rows.iter().map(|r| r.to_vec()).collect()
}

/// A `#ttg.blocked` encoding with a single CTA.
pub(crate) fn blocked(spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32]) -> Encoding {
    blocked_cga(spt, tpw, wpc, order, &[])
}

/// A `#ttg.blocked` encoding with the given CGA bases.
pub(crate) fn blocked_cga(spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32], cga: &[&[i32]]) -> Encoding {
    Encoding::Blocked {
        size_per_thread: spt.to_vec(),
        threads_per_warp: tpw.to_vec(),
        warps_per_cta: wpc.to_vec(),
        order: order.to_vec(),
        cga: Cga { bases: v(cga) },
    }
}

/// A `#ttg.nvidia_mma` encoding of version `major`.0 with a single CTA.
pub(crate) fn nvidia_mma(major: u32, warps: &[u32], instr: &[u32]) -> Encoding {
    Encoding::NvidiaMma {
        version_major: major,
        version_minor: 0,
        warps_per_cta: warps.to_vec(),
        cga: Cga::default(),
        instr_shape: instr.to_vec(),
    }
}

/// The usual instruction shape of an MMA of version `major`: wgmma m64n64k16
/// for version 3, mma m16n8 otherwise.
pub(crate) fn mma_instr(major: u32) -> &'static [u32] {
    if major == 3 {
        &[16, 64, 16]
    } else {
        &[16, 8]
    }
}

/// A `#ttg.dot_op` encoding.
pub(crate) fn dot(op_idx: u32, parent: Encoding, k_width: u32) -> Encoding {
    Encoding::DotOperand {
        op_idx,
        parent: Box::new(parent),
        k_width,
    }
}

/// A linear layout over `dim0..dim{rank-1}` with the given bases.
pub(crate) fn layout(bases: &[(&str, &[&[i32]])], rank: usize) -> LinearLayout {
    let owned = bases.iter().map(|(n, b)| (n.to_string(), v(b))).collect();
    LinearLayout::with_inferred_out_dims(owned, standard_out_dim_names(rank)).expect("valid layout")
}

/// The bases of input dimension `dim` of `ll`.
pub(crate) fn bases(ll: &LinearLayout, dim: &str) -> Vec<Vec<i32>> {
    ll.bases()
        .iter()
        .find(|(n, _)| n == dim)
        .map(|(_, b)| b.clone())
        .unwrap_or_default()
}

/// Applies the linear layout of `enc` over `shape` to `inputs` and returns the
/// output coordinates ordered by dimension (`dim0`, `dim1`, ...).
pub(crate) fn apply_sorted(enc: &Encoding, shape: &[i64], inputs: &[(&str, i32)]) -> Vec<i32> {
    let ll = to_linear_layout(enc, shape).expect("layout");
    let out = ll.apply(inputs).expect("apply");
    let mut by_dim: Vec<(usize, i32)> =
        out.iter().map(|(name, v)| (name.trim_start_matches("dim").parse::<usize>().unwrap(), *v)).collect();
    by_dim.sort();
    by_dim.into_iter().map(|(_, v)| v).collect()
}

/// A `#ttg.swizzled_shared` encoding with a single CTA.
pub(crate) fn swizzled_shared(vec: u32, per_phase: u32, max_phase: u32, order: &[u32]) -> Encoding {
    Encoding::SwizzledShared {
        vec,
        per_phase,
        max_phase,
        order: order.to_vec(),
        cga: Cga::default(),
    }
}
