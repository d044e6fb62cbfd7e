//! Where each element of a distributed tensor lives, as the lowering needs
//! it: the per-register coordinates (for lane 0 of warp 0) and the lane/warp
//! bases, read off the encoding's `LinearLayout`.
//!
//! A distributed layout is linear over GF(2): the coordinates held by
//! register `r` of lane `l` in warp `w` are `R(r) ^ L(l) ^ W(w)`, each part
//! the XOR of the bases of its set bits. So a thread computes its own part
//! `L(l) ^ W(w)` once, and every register adds a compile-time constant.
use tritium_dialects::ir::Ty;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::{to_linear_layout, BLOCK, LANE, REGISTER, WARP};

/// A distributed tensor layout, resolved for one shape.
#[derive(Clone, Debug)]
pub struct DistLayout {
    /// The tensor's shape.
    pub shape: Vec<i64>,
    /// Per register: the coordinates it holds in lane 0 of warp 0.
    pub regs: Vec<Vec<i64>>,
    /// Per lane bit: the coordinates it adds.
    pub lanes: Vec<Vec<i64>>,
    /// Per warp bit: the coordinates it adds.
    pub warps: Vec<Vec<i64>>,
    /// The register bases (per register bit).
    pub reg_bases: Vec<Vec<i64>>,
}

fn xor_into(acc: &mut [i64], v: &[i64]) {
    for (a, b) in acc.iter_mut().zip(v) {
        *a ^= *b;
    }
}

impl DistLayout {
    /// The layout of a ranked tensor type with a distributed encoding.
    pub fn of(ty: Ty) -> Result<DistLayout, String> {
        let shape = ty.shape().ok_or_else(|| format!("expected a tensor, got {ty}"))?;
        let attr = ty.encoding().ok_or_else(|| format!("tensor {ty} has no layout"))?;
        let enc = bridge::encoding_of(attr).ok_or_else(|| format!("{attr} is not a ttg encoding"))??;
        Self::from_encoding(&enc, &shape)
    }

    /// The layout of `enc` over `shape`.
    pub fn from_encoding(enc: &Encoding, shape: &[i64]) -> Result<DistLayout, String> {
        if !enc.is_distributed() {
            return Err("expected a distributed layout".into());
        }
        let ll = to_linear_layout(enc, shape)?;
        Self::from_linear(&ll, shape)
    }

    /// The layout of a linear layout from (register, lane, warp, block) to
    /// the dimensions `dim0..` of `shape`.
    pub fn from_linear(ll: &LinearLayout, shape: &[i64]) -> Result<DistLayout, String> {
        let rank = shape.len();
        // Output dimension k of the layout is tensor dimension `index[k]`.
        let mut index = Vec::new();
        for name in ll.get_out_dim_names() {
            let d: usize = name
                .strip_prefix("dim")
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| format!("unexpected output dimension '{name}'"))?;
            if d >= rank {
                return Err(format!("output dimension '{name}' beyond rank {rank}"));
            }
            index.push(d);
        }
        let bases = |in_dim: &str| -> Vec<Vec<i64>> {
            let n = ll.in_dim_size_log2(in_dim).unwrap_or(0) as usize;
            (0..n)
                .map(|i| {
                    let mut v = vec![0i64; rank];
                    if let Some(b) = ll.basis(in_dim, i) {
                        for (k, &x) in b.iter().enumerate() {
                            v[index[k]] = i64::from(x);
                        }
                    }
                    v
                })
                .collect()
        };
        if bases(BLOCK).iter().any(|b| b.iter().any(|&x| x != 0)) {
            return Err("layouts spread over several CTAs are not supported".into());
        }
        let reg_bases = bases(REGISTER);
        let n = 1usize << reg_bases.len();
        let mut regs = Vec::with_capacity(n);
        for r in 0..n {
            let mut c = vec![0i64; rank];
            for (bit, b) in reg_bases.iter().enumerate() {
                if r >> bit & 1 == 1 {
                    xor_into(&mut c, b);
                }
            }
            regs.push(c);
        }
        Ok(DistLayout { shape: shape.to_vec(), regs, lanes: bases(LANE), warps: bases(WARP), reg_bases })
    }

    /// The number of registers (values) each thread holds.
    pub fn num_regs(&self) -> usize {
        self.regs.len()
    }

    /// The row-major linear index of coordinates `c`.
    pub fn linear(&self, c: &[i64]) -> i64 {
        let mut l = 0i64;
        for (d, &x) in c.iter().enumerate() {
            l = l * self.shape[d] + x;
        }
        l
    }

    /// Bit masks (over lane ids and warp ids) of the lane/warp bits that do
    /// not change the element held: threads differing only there hold copies.
    pub fn broadcast_masks(&self) -> (u32, u32) {
        let mask = |bases: &[Vec<i64>]| {
            bases.iter().enumerate().filter(|(_, b)| b.iter().all(|&x| x == 0)).fold(0u32, |m, (i, _)| m | 1 << i)
        };
        (mask(&self.lanes), mask(&self.warps))
    }

    /// Registers holding a copy of an earlier register's element.
    pub fn duplicate_regs(&self) -> Vec<bool> {
        let dup_bits: usize =
            self.reg_bases.iter().enumerate().filter(|(_, b)| b.iter().all(|&x| x == 0)).fold(0, |m, (i, _)| m | 1 << i);
        (0..self.num_regs()).map(|r| r & dup_bits != 0).collect()
    }

    /// How many consecutive registers hold consecutive elements along `dim`
    /// (starting at register 0), a power of two.
    pub fn contiguous_regs_along(&self, dim: usize) -> usize {
        let mut n = 1usize;
        for (bit, b) in self.reg_bases.iter().enumerate() {
            let expect = 1i64 << bit;
            let only_dim = b.iter().enumerate().all(|(d, &x)| if d == dim { x == expect } else { x == 0 });
            if !only_dim {
                break;
            }
            n <<= 1;
        }
        n
    }

    /// The fastest-varying dimension of the registers (the dimension of the
    /// first register basis; the last dimension when there is none).
    pub fn fastest_dim(&self) -> usize {
        self.reg_bases
            .first()
            .and_then(|b| b.iter().position(|&x| x != 0))
            .unwrap_or(self.shape.len().saturating_sub(1))
    }
}

/// For each register of `dst`, the register of `src` holding the element at
/// `f(coordinates)`, where `f` maps `dst`'s coordinates to `src`'s and is
/// linear over GF(2) (drops, zeroes, permutes or reshapes dimensions).
/// Fails unless every thread holds in `src` the elements it needs: `f` of
/// each lane/warp basis of `dst` must be the same basis of `src`.
pub fn remap_registers(
    src: &DistLayout,
    dst: &DistLayout,
    f: impl Fn(&[i64]) -> Vec<i64>,
) -> Result<Vec<usize>, String> {
    remap_registers_shifted(src, dst, f, None)
}

/// [`remap_registers`] for the affine map `f(c) ^ offset` (e.g. `tt.split`'s
/// second half, which reads the elements whose last coordinate is 1).
pub fn remap_registers_shifted(
    src: &DistLayout,
    dst: &DistLayout,
    f: impl Fn(&[i64]) -> Vec<i64>,
    offset: Option<&[i64]>,
) -> Result<Vec<usize>, String> {
    let same = |a: &[Vec<i64>], b: &[Vec<i64>]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| f(x) == *y);
    if !same(&dst.lanes, &src.lanes) || !same(&dst.warps, &src.warps) {
        return Err("the elements move between threads".into());
    }
    let mut by_coords = std::collections::HashMap::new();
    for (s, c) in src.regs.iter().enumerate() {
        by_coords.entry(c.clone()).or_insert(s);
    }
    dst.regs
        .iter()
        .map(|c| {
            let mut k = f(c);
            if let Some(o) = offset {
                xor_into(&mut k, o);
            }
            k
        })
        .map(|k| by_coords.get(&k).copied().ok_or_else(|| "a register has no source element".to_string()))
        .collect()
}
