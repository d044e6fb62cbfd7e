//! Tensor memory: the linear layouts of its encodings, and whether a distributed layout can move
//! to or from it with tcgen05.ld/st.

use super::*;

/// The input dimensions of a tensor-memory layout.
pub(super) const ROW: &str = "row";
pub(super) const COL: &str = "col";

/// A `#ttng.tensor_memory_encoding` or `#ttng.tensor_memory_scales_encoding`.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tmem {
    Data { block_m: i64, block_n: i64, col_stride: i64, cga: Vec<[i32; 2]>, two_ctas: bool, fp4_padded: bool },
    Scales { cga: Vec<[i32; 2]>, k_then_mn: bool },
}

impl Tmem {
    pub(super) fn cga(&self) -> &[[i32; 2]] {
        match self {
            Tmem::Data { cga, .. } | Tmem::Scales { cga, .. } => cga,
        }
    }
}

/// The text of parameter `key` of a printed attribute (up to the next
/// top-level `,` or the closing `>`).
pub(super) fn attr_field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let start = text.find(&format!("{key} = "))? + key.len() + 3;
    let rest = text.get(start..)?;
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '[' | '<' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            '>' if depth == 0 => return rest.get(..i),
            '>' => depth -= 1,
            ',' if depth == 0 => return rest.get(..i),
            _ => {}
        }
    }
    Some(rest)
}

pub(super) fn parse_ints(text: &str) -> Vec<i64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '-')).filter_map(|s| s.parse().ok()).collect()
}

/// Reads a tensor-memory encoding attribute.
pub(super) fn tmem_of(attr: Attr) -> Option<Tmem> {
    if attr_dialect(attr) != "ttng" {
        return None;
    }
    let text = attr.to_string();
    let cga = match attr_field(&text, "CGALayout") {
        None => Vec::new(),
        Some(field) => {
            let flat = parse_ints(field);
            if !flat.len().is_multiple_of(2) {
                return None;
            }
            let entry = |v: i64| i32::try_from(v).ok();
            flat.chunks(2).map(|c| Some([entry(c[0])?, entry(c[1])?])).collect::<Option<Vec<_>>>()?
        }
    };
    let flag = |key: &str| attr_field(&text, key).is_some_and(|v| v.trim() == "true");
    if text.starts_with("#ttng.tensor_memory_encoding<") {
        let int = |key: &str| attr_field(&text, key)?.trim().parse::<i64>().ok();
        Some(Tmem::Data {
            block_m: int("blockM")?,
            block_n: int("blockN")?,
            col_stride: int("colStride")?,
            cga,
            two_ctas: flag("twoCTAs"),
            fp4_padded: flag("fp4Padded"),
        })
    } else if text.starts_with("#ttng.tensor_memory_scales_encoding") {
        let k_then_mn = attr_field(&text, "blockRepOrder").is_some_and(|v| v.trim() == "kThenMn");
        Some(Tmem::Scales { cga, k_then_mn })
    } else {
        None
    }
}

pub(super) fn is_pow2(v: i64) -> bool {
    v > 0 && v & (v - 1) == 0
}

pub(super) fn log2(v: i64) -> u32 {
    v.max(1).trailing_zeros()
}

/// The number of CTAs a CGA layout splits each of the two dimensions into.
pub(super) fn cga_split(cga: &[[i32; 2]]) -> [i64; 2] {
    let mut split = [1i64; 2];
    for basis in cga {
        for d in 0..2 {
            let need = (i64::from(basis[d].max(0)) + 1) as u64;
            split[d] = split[d].max(need.next_power_of_two() as i64);
        }
    }
    split
}

pub(super) fn pair(a: i64, b: i64) -> Vec<i32> {
    vec![a as i32, b as i32]
}

/// The layout of a tensor-memory buffer of 2-D shape `shape` (Triton's
/// `toLinearLayout` of the encoding): `row, col, block` -> `dim0, dim1`.
/// `None` where Triton's construction does not apply.
pub(super) fn tmem_layout_for(tmem: &Tmem, shape: [i64; 2]) -> Option<LinearLayout> {
    if !shape.iter().all(|&s| is_pow2(s) && s <= 1 << 20) {
        return None;
    }
    let split = cga_split(tmem.cga());
    let per_cta = [shape[0] / split[0], shape[1] / split[1]];
    if per_cta[0] < 1 || per_cta[1] < 1 {
        return None;
    }
    let (rows, cols, tile) = match tmem {
        Tmem::Data { block_m, block_n, col_stride, two_ctas, .. } => {
            data_tile(*block_m, *block_n, *col_stride, *two_ctas, per_cta)?
        }
        Tmem::Scales { k_then_mn, .. } => scales_tile(*k_then_mn, per_cta)?,
    };
    if tile != per_cta {
        return None;
    }
    let block = tmem.cga().iter().map(|b| pair(i64::from(b[0]) * per_cta[0], i64::from(b[1]) * per_cta[1])).collect();
    let bases = vec![(ROW.to_string(), rows), (COL.to_string(), cols), (to_linear::BLOCK.to_string(), block)];
    LinearLayout::new(bases, vec![("dim0".into(), shape[0] as i32), ("dim1".into(), shape[1] as i32)], false).ok()
}

pub(super) type TileBases = (Vec<Vec<i32>>, Vec<Vec<i32>>, [i64; 2]);

/// The per-CTA layout of a `#ttng.tensor_memory_encoding`: the row and
/// column bases and the shape they cover.
pub(super) fn data_tile(block_m: i64, block_n: i64, col_stride: i64, two_ctas: bool, per_cta: [i64; 2]) -> Option<TileBases> {
    let [m, n] = per_cta;
    let bn = block_n.min(n);
    if !is_pow2(bn) || !is_pow2(col_stride) {
        return None;
    }
    let mut cols: Vec<Vec<i32>> = (0..log2(col_stride)).map(|_| pair(0, 0)).collect();
    let mut rows: Vec<Vec<i32>> = Vec::new();
    let (tile_m, tile_n) = match block_m {
        64 if two_ctas => {
            // 64 rows per CTA; the upper 64 lanes hold the second half of N.
            let half = bn / 2;
            if half < 1 {
                return None;
            }
            cols.extend((0..log2(half)).map(|j| pair(0, 1 << j)));
            rows.extend((0..6).map(|i| pair(1 << i, 0)));
            rows.push(pair(0, half));
            (64, bn)
        }
        64 => {
            cols.extend((0..log2(bn)).map(|j| pair(0, 1 << j)));
            rows.extend((0..4).map(|i| pair(1 << i, 0)));
            let (row16, tile) = if m > 64 {
                (pair(64, 0), (128, bn))
            } else if n > bn {
                (pair(0, bn), (64, 2 * bn))
            } else {
                (pair(0, 0), (64, bn))
            };
            rows.push(row16);
            rows.push(pair(16, 0));
            rows.push(pair(32, 0));
            tile
        }
        128 => {
            cols.extend((0..log2(bn)).map(|j| pair(0, 1 << j)));
            rows.extend((0..7).map(|i| pair(1 << i, 0)));
            (128, bn)
        }
        _ => return None,
    };
    if m < tile_m || n < tile_n {
        return None;
    }
    cols.extend((0..log2(m / tile_m)).map(|i| pair(tile_m << i, 0)));
    cols.extend((0..log2(n / tile_n)).map(|i| pair(0, tile_n << i)));
    Some((rows, cols, [m, n]))
}

/// The per-CTA layout of `#ttng.tensor_memory_scales_encoding`: 32x4 blocks
/// replicated over the four 32-lane groups, 128x4 blocks repeated along M
/// and K in `blockRepOrder`.
pub(super) fn scales_tile(k_then_mn: bool, per_cta: [i64; 2]) -> Option<TileBases> {
    let [m, k] = per_cta;
    let mut rows: Vec<Vec<i32>> = (0..5).map(|i| pair(1 << i, 0)).collect();
    rows.push(pair(0, 0));
    rows.push(pair(0, 0));
    let mut cols: Vec<Vec<i32>> = vec![pair(0, 1), pair(0, 2), pair(32, 0)];
    let reps_m = ((m + 63) / 64).max(1);
    let reps_k = ((k + 3) / 4).max(1);
    let first = reps_m.min(2);
    if first == 2 {
        cols.push(pair(64, 0));
    }
    let mn: Vec<Vec<i32>> = (0..log2(reps_m / first)).map(|i| pair((64 * first) << i, 0)).collect();
    let kk: Vec<Vec<i32>> = (0..log2(reps_k)).map(|i| pair(0, 4 << i)).collect();
    if k_then_mn {
        cols.extend(kk);
        cols.extend(mn);
    } else {
        cols.extend(mn);
        cols.extend(kk);
    }
    // Triton's ensureLayoutNotLargerThan: drop the largest bases along a
    // dimension the tile overshoots.
    let sizes = [64 * reps_m, 4 * reps_k];
    for d in 0..2 {
        let desired = per_cta[d];
        let mut span = sizes[d];
        let mut order: Vec<(i32, bool, usize)> = Vec::new();
        for (i, b) in rows.iter().enumerate() {
            if b[d] != 0 {
                order.push((b[d], true, i));
            }
        }
        for (i, b) in cols.iter().enumerate() {
            if b[d] != 0 {
                order.push((b[d], false, i));
            }
        }
        order.sort_by_key(|entry| std::cmp::Reverse(entry.0));
        for (_, is_row, i) in order {
            if span <= desired {
                break;
            }
            if is_row {
                rows[i][d] = 0;
            } else {
                cols[i][d] = 0;
            }
            span >>= 1;
        }
    }
    Some((rows, cols, [m, k]))
}

/// The layout Triton gives a tensor-memory memdesc (its allocation shape).
pub(super) fn tmem_layout(m: &MemDesc) -> Option<LinearLayout> {
    let tmem = tmem_of(m.encoding)?;
    let rank = m.shape.len();
    let alloc = if m.alloc_shape.len() >= rank { &m.alloc_shape[m.alloc_shape.len() - rank..] } else { &m.shape[..] };
    match alloc {
        [a, b] => tmem_layout_for(&tmem, [*a, *b]),
        _ => None,
    }
}

/// The bases of input dimension `dim` (none when absent).
pub(super) fn dim_bases<'a>(ll: &'a LinearLayout, dim: &str) -> &'a [Vec<i32>] {
    ll.bases().iter().find(|(n, _)| n == dim).map(|(_, v)| v.as_slice()).unwrap_or(&[])
}

pub(super) fn out_size(ll: &LinearLayout, dim: &str) -> i32 {
    ll.out_dim_size(dim).unwrap_or(1)
}

/// Component `out` of basis `i` of input `dim` (Triton's `getBasis`), 0
/// where absent.
pub(super) fn basis_at(ll: &LinearLayout, dim: &str, i: usize, out: &str) -> i32 {
    let k = ll.out_dims().iter().position(|(n, _)| n == out);
    match (ll.basis(dim, i), k) {
        (Some(b), Some(k)) => b.get(k).copied().unwrap_or(0),
        _ => 0,
    }
}

pub(super) fn rebuild(ll: &LinearLayout, dim: &str, bases: Vec<Vec<i32>>) -> Option<LinearLayout> {
    let all = ll.bases().iter().map(|(n, v)| (n.clone(), if n == dim { bases.clone() } else { v.clone() })).collect();
    LinearLayout::new(all, ll.out_dims().to_vec(), false).ok()
}

/// Triton's `this.invertAndCompose(outer)` for `this` = `b`, `outer` = `a`:
/// the map from the inputs of `b` to those of `a` with `a(c(x)) = b(x)`,
/// input dimensions both share with the same bases mapped as the identity
/// and the other free variables zero. `None` where Triton asserts.
pub(super) fn triton_invert_and_compose(b: &LinearLayout, a: &LinearLayout) -> Option<LinearLayout> {
    let outs: Vec<String> = b.out_dims().iter().map(|(n, _)| n.clone()).collect();
    if outs.len() != a.num_out_dims() || outs.iter().any(|d| !a.has_out_dim(d) || out_size(a, d) < out_size(b, d)) {
        return None;
    }
    // The bases of `dim` over `outs`, and the sizes of `outs`.
    let restricted = |ll: &LinearLayout, dim: &str| -> (Vec<Vec<i32>>, Vec<i32>) {
        let bases = (0..dim_bases(ll, dim).len())
            .map(|i| outs.iter().map(|o| basis_at(ll, dim, i, o)).collect())
            .collect();
        (bases, outs.iter().map(|o| out_size(ll, o)).collect())
    };
    let a_dims: Vec<String> = a.bases().iter().map(|(n, _)| n.clone()).collect();
    let identity: Vec<String> =
        a_dims.iter().filter(|d| b.has_in_dim(d) && restricted(a, d) == restricted(b, d)).cloned().collect();
    // The equations: one per output bit of `a`, over its non-identity input bits.
    let widths: Vec<u32> = outs.iter().map(|o| out_size(a, o).trailing_zeros()).collect();
    let total_out: u32 = widths.iter().sum();
    let mut columns: Vec<(usize, usize)> = Vec::new();
    for (k, d) in a_dims.iter().enumerate() {
        if !identity.contains(d) {
            columns.extend((0..dim_bases(a, d).len()).map(|i| (k, i)));
        }
    }
    if total_out > 64 || columns.len() > 64 {
        return None;
    }
    let flat = |v: &[i32]| -> u64 {
        let mut x = 0u64;
        let mut offset = 0;
        for (value, w) in v.iter().zip(&widths) {
            x |= ((*value as u64) & ((1u64 << w) - 1)) << offset;
            offset += w;
        }
        x
    };
    let column_values: Vec<u64> = columns
        .iter()
        .map(|&(k, i)| flat(&outs.iter().map(|o| basis_at(a, &a_dims[k], i, o)).collect::<Vec<_>>()))
        .collect();
    let rows: Vec<u64> = (0..total_out)
        .map(|bit| column_values.iter().enumerate().fold(0u64, |row, (c, v)| row | ((v >> bit) & 1) << c))
        .collect();
    let system = gf2::LinearSystem::new(&rows)?;
    let mut bases: Vec<(String, Vec<Vec<i32>>)> = Vec::new();
    for (name, vectors) in b.bases() {
        let mut mapped = Vec::with_capacity(vectors.len());
        for i in 0..vectors.len() {
            let mut out = vec![0i32; a_dims.len()];
            if identity.contains(name) {
                let k = a_dims.iter().position(|d| d == name)?;
                out[k] = 1 << i;
            } else {
                let target: Vec<i32> = outs.iter().map(|o| basis_at(b, name, i, o)).collect();
                if target.iter().zip(&outs).any(|(&v, o)| v < 0 || v >= out_size(a, o)) {
                    return None;
                }
                let x = system.solve(flat(&target))?;
                for (c, &(k, j)) in columns.iter().enumerate() {
                    if x >> c & 1 == 1 {
                        out[k] ^= 1 << j;
                    }
                }
            }
            mapped.push(out);
        }
        bases.push((name.clone(), mapped));
    }
    let out_dims = a_dims.iter().map(|d| (d.clone(), 1i32 << dim_bases(a, d).len())).collect();
    LinearLayout::new(bases, out_dims, false).ok()
}

/// Triton's `quotient({dim})`: `ll` without `dim` when it acts on it as the
/// identity and keeps it apart from the other dimensions.
pub(super) fn quotient(ll: &LinearLayout, dim: &str) -> Option<LinearLayout> {
    if !ll.has_in_dim(dim) && !ll.has_out_dim(dim) {
        return None;
    }
    let k = ll.out_dims().iter().position(|(n, _)| n == dim);
    if (1i64 << dim_bases(ll, dim).len()) != i64::from(out_size(ll, dim)) {
        return None;
    }
    for (name, vectors) in ll.bases() {
        for (i, v) in vectors.iter().enumerate() {
            for (j, &x) in v.iter().enumerate() {
                let on_dim = Some(j) == k;
                let expected = if name == dim && on_dim { 1 << i } else { 0 };
                if (name == dim || on_dim) && x != expected {
                    return None;
                }
            }
        }
    }
    let bases = ll
        .bases()
        .iter()
        .filter(|(n, _)| n != dim)
        .map(|(n, v)| (n.clone(), v.iter().map(|b| b.iter().enumerate().filter(|(j, _)| Some(*j) != k).map(|(_, &x)| x).collect()).collect()))
        .collect();
    let outs = ll.out_dims().iter().filter(|(n, _)| n != dim).cloned().collect();
    LinearLayout::new(bases, outs, false).ok()
}

/// Triton's `divideLeft(a, b)`: the `c` with `b * c == a`, if any.
pub(super) fn divide_left(a: &LinearLayout, b: &LinearLayout) -> Option<LinearLayout> {
    a.divide_left(b)
}

/// `zeros1D(1, register, col, n) * ll`: every column value scaled by `n`.
pub(super) fn scale_cols(ll: &LinearLayout, n: i32) -> Option<LinearLayout> {
    let k = ll.out_dims().iter().position(|(name, _)| name == COL)?;
    let mut bases = Vec::new();
    for (name, vectors) in ll.bases() {
        let mut scaled = Vec::with_capacity(vectors.len());
        for b in vectors {
            let mut b = b.clone();
            b[k] = b[k].checked_mul(n)?;
            scaled.push(b);
        }
        bases.push((name.clone(), scaled));
    }
    let mut outs = Vec::new();
    for (name, size) in ll.out_dims() {
        outs.push((name.clone(), if name == COL { size.checked_mul(n)? } else { *size }));
    }
    LinearLayout::new(bases, outs, false).ok()
}

/// A layout from `register` (and `lane`) to `col` with these register
/// bases (values along `col`) and column size.
pub(super) fn reg_to_col(reg: &[i32], col_size: i32) -> Option<LinearLayout> {
    LinearLayout::new(
        vec![(to_linear::REGISTER.to_string(), reg.iter().map(|&c| vec![c]).collect())],
        vec![(COL.to_string(), col_size)],
        false,
    )
    .ok()
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum TmemAtom {
    I32x32b,
    I16x64b,
    I16x128b,
    I16x256b,
    I16x32bx2,
}

/// Triton's `getTileLayout(atom, unpacked, withWarp=true)`: the rows and
/// columns one tcgen05.ld/st message touches.
pub(super) fn tile_layout(atom: TmemAtom, unpacked: bool) -> Option<LinearLayout> {
    // (register bases, lane bases) as (row, col) before unpacking.
    let (reg, lane): (Vec<[i32; 2]>, Vec<[i32; 2]>) = match atom {
        TmemAtom::I32x32b => (vec![], (0..5).map(|i| [1 << i, 0]).collect()),
        TmemAtom::I16x32bx2 => (vec![], (0..4).map(|i| [1 << i, 0]).collect()),
        TmemAtom::I16x64b => (vec![], vec![[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]]),
        TmemAtom::I16x128b => (vec![[8, 0]], vec![[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]]),
        TmemAtom::I16x256b => (vec![[0, 1], [8, 0]], vec![[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]),
    };
    let scale = if unpacked { 2 } else { 1 };
    let ncol = 1 + [&reg, &lane].iter().flat_map(|v| v.iter()).map(|b| b[1]).max().unwrap_or(0);
    let ncol = (ncol as u32).next_power_of_two() as i32 * scale;
    let conv = |v: &[[i32; 2]]| v.iter().map(|b| vec![b[0], b[1] * scale]).collect::<Vec<_>>();
    LinearLayout::new(
        vec![
            (to_linear::REGISTER.to_string(), conv(&reg)),
            (to_linear::LANE.to_string(), conv(&lane)),
            (to_linear::WARP.to_string(), vec![vec![32, 0], vec![64, 0]]),
        ],
        vec![(ROW.to_string(), 128), (COL.to_string(), ncol)],
        false,
    )
    .ok()
}

/// Triton's `regPermForDivide(a, b, left=true)` applied to `a`: its
/// register bases reordered so that those of `b` come first.
pub(super) fn reg_perm_for_divide(a: &LinearLayout, b: &LinearLayout) -> Option<LinearLayout> {
    let reg = to_linear::REGISTER;
    if b.out_dims().iter().any(|(n, _)| !a.has_out_dim(n)) {
        return None;
    }
    let a_regs = dim_bases(a, reg);
    let mut used = vec![false; a_regs.len()];
    let mut order = Vec::new();
    for i in 0..dim_bases(b, reg).len() {
        let want: Vec<i32> = a.out_dims().iter().map(|(o, _)| basis_at(b, reg, i, o)).collect();
        let j = (0..a_regs.len()).find(|&j| !used[j] && a_regs[j] == want)?;
        used[j] = true;
        order.push(j);
    }
    order.extend((0..a_regs.len()).filter(|&j| !used[j]));
    rebuild(a, reg, order.iter().map(|&j| a_regs[j].clone()).collect())
}

/// Triton's `getReps(cvt, tile)` succeeds: `tile` is a prefix of `cvt` on
/// every input dimension and the remaining bases avoid its bits.
pub(super) fn has_reps(cvt: &LinearLayout, tile: &LinearLayout) -> bool {
    if tile.out_dims().iter().any(|(n, _)| !cvt.has_out_dim(n)) {
        return false;
    }
    let masks: Vec<i32> = cvt
        .out_dims()
        .iter()
        .map(|(o, _)| tile.bases().iter().flat_map(|(n, v)| (0..v.len()).map(move |i| (n, i))).fold(0, |m, (n, i)| m | basis_at(tile, n, i, o)))
        .collect();
    for (name, vectors) in cvt.bases() {
        let in_b = dim_bases(tile, name).len();
        if in_b > vectors.len() {
            return false;
        }
        for (i, v) in vectors.iter().enumerate() {
            for (k, (o, _)) in cvt.out_dims().iter().enumerate() {
                let x = v.get(k).copied().unwrap_or(0);
                if i < in_b {
                    if x != basis_at(tile, name, i, o) {
                        return false;
                    }
                } else if x & masks[k] != 0 {
                    return false;
                }
            }
        }
    }
    true
}

/// Triton's `getVec` succeeds for at least one register per message.
pub(super) fn fits_message(cvt: &LinearLayout, tile: &LinearLayout, maxnreg: i64) -> bool {
    let regs = i64::from(cvt.in_dim_size(to_linear::REGISTER).unwrap_or(1));
    let mut max_reg = maxnreg / 2;
    if maxnreg == 256 && regs > max_reg {
        max_reg /= 2;
    }
    let tile_regs = i64::from(tile.in_dim_size(to_linear::REGISTER).unwrap_or(1));
    if max_reg / tile_regs < 1 {
        return false;
    }
    match reg_perm_for_divide(cvt, tile) {
        Some(permuted) => has_reps(&permuted, tile),
        None => false,
    }
}

/// Why a tmem_load/tmem_store cannot be lowered (Triton's diagnostics).
#[derive(Debug, PartialEq)]
pub(super) enum TmemLdSt {
    /// It can: whether the 16-bit elements travel unpacked.
    Lowered { unpacked: bool },
    Failed,
    /// Triton's algorithm does not apply (Triton would assert): not checked.
    Unknown,
}

/// Triton's `lowerTMemLdSt`: whether `cvt` (register, lane, warp -> row,
/// col) can be split in tcgen05.ld/st messages.
pub(super) fn lower_tmem_ldst(cvt: &LinearLayout, maxnreg: i64, bitwidth: u32, unpacked: bool, depth: u32) -> TmemLdSt {
    let reg = to_linear::REGISTER;
    if depth > 8 {
        return TmemLdSt::Unknown;
    }
    // Broadcast registers are dropped.
    let regs = dim_bases(cvt, reg);
    if regs.iter().any(|b| b.iter().all(|&x| x == 0)) {
        let kept = regs.iter().filter(|b| b.iter().any(|&x| x != 0)).cloned().collect();
        return match rebuild(cvt, reg, kept) {
            Some(c) => lower_tmem_ldst(&c, maxnreg, bitwidth, unpacked, depth + 1),
            None => TmemLdSt::Unknown,
        };
    }
    if bitwidth < 32 {
        if bitwidth == 0 || 32 % bitwidth != 0 {
            return TmemLdSt::Unknown;
        }
        let per_word = (32 / bitwidth) as i32;
        let mut quot = cvt.clone();
        let mut contig = 1;
        let mut c = 2;
        while c <= per_word {
            let Some(id) = reg_to_col(&(0..c.trailing_zeros()).map(|j| 1 << j).collect::<Vec<_>>(), c) else { break };
            match divide_left(cvt, &id) {
                Some(q) => {
                    quot = q;
                    contig = c;
                }
                None => break,
            }
            c *= 2;
        }
        let (quot, next_unpacked, next_bits) = if contig > 1 {
            (quot, false, bitwidth * contig as u32)
        } else if let Some(q) = reg_to_col(&[per_word], 2 * per_word).and_then(|d| divide_left(cvt, &d)).filter(|_| bitwidth == 16) {
            match scale_cols(&q, per_word) {
                Some(q) => (q, true, 32),
                None => return TmemLdSt::Unknown,
            }
        } else if let Some(q) = reg_to_col(&[], per_word).and_then(|d| divide_left(cvt, &d)) {
            (q, false, 32)
        } else {
            return TmemLdSt::Failed;
        };
        return match lower_tmem_ldst(&quot, maxnreg, next_bits, next_unpacked, depth + 1) {
            TmemLdSt::Lowered { unpacked } => TmemLdSt::Lowered { unpacked: unpacked || next_unpacked },
            other => other,
        };
    }
    if bitwidth != 32 {
        return TmemLdSt::Unknown;
    }
    for atom in [TmemAtom::I32x32b, TmemAtom::I16x256b, TmemAtom::I16x64b, TmemAtom::I16x128b, TmemAtom::I16x32bx2] {
        let Some(tile) = tile_layout(atom, unpacked) else { return TmemLdSt::Unknown };
        if fits_message(cvt, &tile, maxnreg) {
            return TmemLdSt::Lowered { unpacked: false };
        }
    }
    TmemLdSt::Failed
}

/// The register limit Triton sizes tcgen05 messages with
/// (`getContextualMaxNReg`): `ttg.maxnreg`, or the registers of the
/// enclosing warp-specialize partition, at most 256.
pub(super) fn contextual_max_nreg(op: Op) -> i64 {
    let mut maxnreg = 256i64;
    let mut module = None;
    let mut current = op;
    while let Some(parent) = current.parent() {
        match parent.name() {
            "builtin.module" => {
                module = Some(parent);
                break;
            }
            "ttg.warp_specialize.partitions" => {
                let index = region_index(parent, current);
                let registers = parent.parent().and_then(|ws| ws.attr("actualRegisters")).and_then(Attr::i32_array);
                if let (Some(index), Some(registers)) = (index, registers) {
                    if let Some(&r) = registers.get(1 + index) {
                        maxnreg = maxnreg.min(i64::from(r));
                        break;
                    }
                }
            }
            "ttg.warp_specialize" => {
                if let Some(&r) = parent.attr("actualRegisters").and_then(Attr::i32_array).unwrap_or_default().first() {
                    maxnreg = maxnreg.min(i64::from(r));
                    break;
                }
            }
            _ => {}
        }
        current = parent;
    }
    while module.is_none() {
        match current.parent() {
            Some(p) if p.name() == "builtin.module" => module = Some(p),
            Some(p) => current = p,
            None => break,
        }
    }
    if let Some(limit) = module.and_then(|m| int_attr(m, "ttg.maxnreg")) {
        maxnreg = maxnreg.min(limit);
    }
    maxnreg
}

/// The index of the region of `parent` that holds `child`.
pub(super) fn region_index(parent: Op, child: Op) -> Option<usize> {
    let block = child.block()?;
    let region = unsafe { mlir_sys::mlirBlockGetParentRegion(block) };
    (0..parent.num_regions()).find(|&i| unsafe { mlir_sys::mlirRegionEqual(parent.region(i), region) })
}

/// Triton's `computeTMemLdStEncodingInfo`: whether a tensor of type `reg_ty`
/// can be loaded from or stored to the tensor-memory buffer `mem`.
pub(super) fn tmem_ldst(op: Op, reg_ty: Ty, mem: &MemDesc) -> TmemLdSt {
    let (Some(mem_ll), Some(shape), Some(enc)) =
        (tmem_layout(mem), reg_ty.shape(), reg_ty.encoding().and_then(|e| bridge::encoding_of(e)?.ok()))
    else {
        return TmemLdSt::Unknown;
    };
    let Ok(reg_ll) = to_linear::to_linear_layout(&enc, &shape) else { return TmemLdSt::Unknown };
    let Some(cvt) = triton_invert_and_compose(&reg_ll, &mem_ll) else { return TmemLdSt::Unknown };
    let Some(cvt) = quotient(&cvt, to_linear::BLOCK) else { return TmemLdSt::Failed };
    // Warps 1 and 2 must address rows 32 and 64.
    let warp = dim_bases(&reg_ll, to_linear::WARP);
    let rows = dim_bases(&mem_ll, ROW);
    if warp.len() < 2 || rows.len() < 7 || warp[0] != rows[5] || warp[1] != rows[6] {
        return TmemLdSt::Failed;
    }
    let mut warps = dim_bases(&cvt, to_linear::WARP).to_vec();
    if warps.len() < 2 || cvt.out_dims().first().map(|(n, _)| n.as_str()) != Some(ROW) {
        return TmemLdSt::Unknown;
    }
    warps[0] = vec![32, 0];
    warps[1] = vec![64, 0];
    let Some(cvt) = rebuild(&cvt, to_linear::WARP, warps) else { return TmemLdSt::Unknown };
    lower_tmem_ldst(&cvt, contextual_max_nreg(op), mem.element.bit_width(), false, 0)
}

/// Triton's `verifyTMEMOperand`: a 2-D tensor whose layout tcgen05.ld/st can move.
pub(super) fn verify_tmem_operand(op: Op, ty: Ty, mem: &MemDesc, what: &str) -> Result<TmemLdSt, String> {
    if ty.shape().map_or(0, |s| s.len()) != 2 {
        return Err(format!("{what} must be a 2D tensor"));
    }
    if ty.encoding().is_none() {
        return Ok(TmemLdSt::Unknown);
    }
    match tmem_ldst(op, ty, mem) {
        TmemLdSt::Failed => Err(what.to_string()),
        other => Ok(other),
    }
}

/// Triton's `verifyMemoryOpTypes`.
pub(super) fn verify_memory_op_types(src: Ty, src_shape: &[i64], src_element: Ty, dst_shape: &[i64], dst_element: Ty) -> Verdict {
    if type_name(src_element) != type_name(dst_element) {
        return Err(format!("source element type '{src}' must match destination element type '{dst_element}'"));
    }
    if src_shape != dst_shape {
        let list = |s: &[i64]| s.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
        return Err(format!("source shape [{}] must match [destination shape {}]", list(src_shape), list(dst_shape)));
    }
    Ok(())
}

/// The component along `out` of the pseudo-inverse of `ll` at `point`
/// (Triton's `ll.pseudoinvert().apply(point)`), per input dimension.
pub(super) fn pseudo_inverse_at(ll: &LinearLayout, point: &[i32]) -> Option<Vec<(String, i32)>> {
    let names: Vec<String> = ll.out_dims().iter().map(|(n, _)| n.clone()).collect();
    let identity = LinearLayout::new(
        names.iter().map(|n| (n.clone(), (0..out_size(ll, n).trailing_zeros()).map(|j| {
            names.iter().map(|m| if m == n { 1 << j } else { 0 }).collect()
        }).collect())).collect(),
        ll.out_dims().to_vec(),
        false,
    )
    .ok()?;
    let inverse = triton_invert_and_compose(&identity, ll)?;
    let mut result: Vec<(String, i32)> = inverse.out_dims().iter().map(|(n, _)| (n.clone(), 0)).collect();
    for (k, name) in names.iter().enumerate() {
        let value = *point.get(k)?;
        for (j, basis) in dim_bases(&inverse, name).iter().enumerate() {
            if value >> j & 1 == 1 {
                for (r, &b) in result.iter_mut().zip(basis) {
                    r.1 ^= b;
                }
            }
        }
    }
    Some(result)
}

pub(super) fn verify_tmem_subslice(op: Op) -> Verdict {
    let (Some(src), Some(dst)) = (memdesc(op.operand(0)), memdesc(op.result(0))) else { return Ok(()) };
    if !in_tensor_memory(&src) {
        return Err("The source must be a tensor memory buffer.".into());
    }
    if !in_tensor_memory(&dst) {
        return Err("The destination must be a tensor memory buffer.".into());
    }
    if type_name(src.element) != type_name(dst.element) {
        return Err("The source and result must have the same element type.".into());
    }
    if src.encoding.to_string() != dst.encoding.to_string() {
        return Err("The source and result must have the same encoding.".into());
    }
    if src.alloc_shape != dst.alloc_shape {
        return Err("The source and result must have the same alloc shape.".into());
    }
    let rank = src.shape.len();
    if rank != dst.shape.len() || (rank != 2 && rank != 3) {
        return Err("The source and result must both be 2D or 3D tensor memory buffers.".into());
    }
    let dim = int_attr(op, "dim").unwrap_or(1);
    if dim < 0 || dim >= rank as i64 {
        return Err("The slice dimension must be within the descriptor rank.".into());
    }
    let dim = dim as usize;
    if (0..rank).any(|axis| axis != dim && dst.shape[axis] != src.shape[axis]) {
        return Err(
            "The result must have the same size as the source in the dimensions that are not being sliced.".into(),
        );
    }
    let offset = int_attr(op, "offset").unwrap_or(0);
    if offset < 0 || offset.saturating_add(dst.shape[dim]) > src.shape[dim] {
        return Err("The split offset may not exceed the source shape".into());
    }
    if rank == 3 && dim == 0 {
        return Ok(());
    }
    // The layout of the last two dimensions (the pipelining one dropped).
    let dim = dim - (rank - 2);
    let size = dst.shape[rank - 2 + dim];
    let alloc = &src.alloc_shape[src.alloc_shape.len().saturating_sub(2)..];
    let (Some(tmem), [a0, a1]) = (tmem_of(src.encoding), alloc) else { return Ok(()) };
    let Some(ll) = tmem_layout_for(&tmem, [*a0, *a1]) else { return Ok(()) };
    if size <= 0 {
        return Ok(());
    }
    if offset & (size - 1) != 0 {
        // The bits the slice carries through must be consecutive bases of
        // one physical dimension.
        let first_bit = (offset as u64).trailing_zeros();
        let last = (offset as u64).saturating_add(size as u64 - 1);
        let last_bit = 63u32.saturating_sub(((offset as u64) ^ last).leading_zeros());
        let num_bits = (last_bit + 1).saturating_sub(first_bit) as usize;
        let contiguous = |name: &str| {
            let bases = dim_bases(&ll, name);
            (0..=bases.len().saturating_sub(num_bits)).any(|start| {
                start + num_bits <= bases.len()
                    && (0..num_bits).all(|bit| {
                        let b = &bases[start + bit];
                        b[1 - dim] == 0
                            && 1i64.checked_shl(first_bit + bit as u32) == Some(i64::from(b[dim]))
                    })
            })
        };
        if !contiguous(ROW) && !contiguous(COL) {
            return Err("The split offset may not touch the tile".into());
        }
    }
    if dim_bases(&ll, to_linear::BLOCK).iter().any(|b| i64::from(b[dim]) >= size) {
        return Err("The result may not be sliced across CTAs.".into());
    }
    let mut point = vec![0i32; 2];
    point[dim] = offset as i32;
    if let Some(row_col) = pseudo_inverse_at(&ll, &point) {
        let col = row_col.get(1).map_or(0, |(_, v)| *v);
        if !((col as u64) * u64::from(src.element.bit_width())).is_multiple_of(32) {
            return Err("The split offset must be 32-bit aligned in tensor memory.".into());
        }
    }
    Ok(())
}

/// The alignment a shared encoding promises (Triton's `getAlignment`).
pub(super) fn shared_alignment(enc: &Encoding) -> u32 {
    match enc {
        Encoding::NvmmaShared { swizzling_byte_width, .. } => 128 * (swizzling_byte_width / 16).max(1),
        Encoding::SharedLinear { alignment, .. } => *alignment,
        _ => 16,
    }
}

pub(super) fn verify_tmem_copy(op: Op) -> Verdict {
    let (Some(src), Some(dst)) = (memdesc(op.operand(0)), memdesc(op.operand(1))) else { return Ok(()) };
    if !matches!(bridge::encoding_of(src.memory_space).and_then(Result::ok), Some(Encoding::SharedMemory)) {
        return Err("The source must be a shared memory buffer".into());
    }
    if src.shape != dst.shape {
        let list = |s: &[i64]| s.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
        return Err(format!("source shape {} must match destination shape {}", list(&src.shape), list(&dst.shape)));
    }
    if !dst.mutable {
        return Err("Cannot copy into an immutable alloc".into());
    }
    let Some(shared) = bridge::encoding_of(src.encoding).and_then(Result::ok) else { return Ok(()) };
    if shared_alignment(&shared) < 16 {
        return Err(
            "Source must have at least 16-byte alignment to be representable in a matrix descriptor.".into(),
        );
    }
    let alloc = &src.alloc_shape[src.alloc_shape.len().saturating_sub(src.shape.len())..];
    let shmem = to_linear::to_linear_layout(&shared, alloc).ok();
    let tmem = tmem_layout(&dst);
    if let (Some(shmem), Some(tmem)) = (&shmem, &tmem) {
        if let Some(cvt) = triton_invert_and_compose(tmem, shmem) {
            if quotient(&cvt, to_linear::BLOCK).is_none() {
                return Err(format!(
                    "The source and destination must have the same cga layout. Got source: {} and destination: {}",
                    shmem.triton_text(),
                    tmem.triton_text()
                ));
            }
        }
    }
    let nvmma = match shared {
        Encoding::NvmmaShared { swizzling_byte_width, transposed, fp4_padded, .. } => {
            Some((swizzling_byte_width, transposed, fp4_padded))
        }
        _ => None,
    };
    if nvmma.is_some_and(|(_, transposed, padded)| transposed || padded) {
        return Err("The source should not be transposed or padded".into());
    }
    let dst_tmem = tmem_of(dst.encoding);
    if matches!(dst_tmem, Some(Tmem::Scales { .. })) {
        if nvmma.is_some_and(|(swizzle, _, _)| swizzle != 0) {
            return Err("The source should not be swizzled for now".into());
        }
        return Ok(());
    }
    let Some(Tmem::Data { block_m, .. }) = dst_tmem else { return Err("Incorrect tmem layout.".into()) };
    if block_m != 128 {
        return Err("Tmem layout must have blockM=128.".into());
    }
    if nvmma.is_some_and(|(swizzle, _, _)| swizzle == 0) {
        return Err("Source layout should be swizzled.".into());
    }
    if src.element.bit_width() != 32 {
        return Err("Source element type should be 32-bit.".into());
    }
    if let Some(tmem) = &tmem {
        let holes = dim_bases(tmem, COL).iter().position(|b| b.iter().all(|&x| x == 0));
        if holes.unwrap_or(usize::MAX) < 2 {
            return Err("The destination must have at least 128 contiguous bits per TMEM row.".into());
        }
    }
    Ok(())
}

pub(super) fn verify_tmem_load(op: Op) -> Verdict {
    let src_val = op.operand(0);
    let Some(src) = memdesc(src_val) else { return Ok(()) };
    if !in_tensor_memory(&src) {
        return Err("source must be a tensor memory buffer.".into());
    }
    if !matches!(tmem_of(src.encoding), Some(Tmem::Data { .. })) {
        return Err("should use tensor memory encoding.".into());
    }
    let result = op.result(0).ty();
    let lowered = verify_tmem_operand(op, result, &src, "result")?;
    let red_op = op.attr("redOp").is_some_and(|a| !a.is_null());
    let has_red = op.results().iter().skip(1).any(|r| r.ty().is_tensor());
    let flag = |name: &str| op.attr(name).and_then(Attr::bool).unwrap_or(false);
    let (abs, nan) = (flag("abs"), flag("NaN"));
    if red_op && !has_red {
        return Err("redOp is set but 'red' result is not present".into());
    }
    if has_red && !red_op {
        return Err("'red' result is present but redOp is not set".into());
    }
    if abs && !red_op {
        return Err("'abs' requires 'redOp' to be set".into());
    }
    if nan && !red_op {
        return Err("'NaN' requires 'redOp' to be set".into());
    }
    let f32_ = type_name(src.element) == "f32";
    if abs && !f32_ {
        return Err("'abs' requires floating-point element type (f32)".into());
    }
    if nan && !f32_ {
        return Err("'NaN' requires floating-point element type (f32)".into());
    }
    if red_op {
        verify_tmem_load_reduce(result, lowered)?;
    }
    verify_memory_op_types(src_val.ty(), &src.shape, src.element, &result.shape().unwrap_or_default(), result.element())
}

/// Triton's `supportsTMemLoadReduce`: the fused tcgen05.ld.red reduces along
/// N within each thread.
pub(super) fn verify_tmem_load_reduce(result: Ty, lowered: TmemLdSt) -> Verdict {
    match lowered {
        TmemLdSt::Failed => return Err("failed to compute TMEM encoding info".into()),
        TmemLdSt::Unknown => return Ok(()),
        TmemLdSt::Lowered { unpacked: true } => {
            return Err("tmem_load reduction requires packed format (unpacked=false)".into())
        }
        TmemLdSt::Lowered { unpacked: false } => {}
    }
    let (Some(shape), Some(enc)) = (result.shape(), result.encoding().and_then(|e| bridge::encoding_of(e)?.ok())) else {
        return Ok(());
    };
    let Ok(ll) = to_linear::to_linear_layout(&enc, &shape) else { return Ok(()) };
    let per_dim = to_linear::bases_per_dim(&ll, to_linear::REGISTER, true);
    if per_dim.len() != 2 {
        return Ok(());
    }
    if i64::from(per_dim[1]) != i64::from(out_size(&ll, "dim1")) {
        return Err("tmem_load reduction with N dimension sharded across threads is not supported.".into());
    }
    if per_dim[0] != 1 {
        return Err("tmem_load reduction with multiple M rows per thread is not supported.".into());
    }
    Ok(())
}

pub(super) fn verify_tmem_store(op: Op) -> Verdict {
    let dst_val = op.operand(0);
    let Some(dst) = memdesc(dst_val) else { return Ok(()) };
    if tmem_of(dst.encoding).is_none() {
        return Err("should use tensor memory encoding.".into());
    }
    if !dst.mutable {
        return Err("Cannot store into an immutable alloc".into());
    }
    let operands = op.operands();
    let Some(src) = operands.len().checked_sub(2).map(|i| operands[i]) else { return Ok(()) };
    let src_ty = src.ty();
    verify_tmem_operand(op, src_ty, &dst, "source")?;
    verify_memory_op_types(src_ty, &src_ty.shape().unwrap_or_default(), src_ty.element(), &dst.shape, dst.element)
}

pub(super) fn verify_tmem_alloc(op: Op) -> Verdict {
    let Some(result) = memdesc(op.result(0)) else { return Ok(()) };
    if !in_tensor_memory(&result) || tmem_of(result.encoding).is_none() {
        return Err("should use tensor memory encoding".into());
    }
    let src = op.operands().first().copied();
    if let Some(src) = src {
        verify_tmem_operand(op, src.ty(), &result, "source")?;
    }
    if result.shape != result.alloc_shape {
        return Err("result shape and its alloc shape must match".into());
    }
    match src {
        None if !result.mutable => Err("uninitialized alloc must have a mutable memdesc type".into()),
        None => Ok(()),
        Some(src) => {
            let ty = src.ty();
            verify_memory_op_types(ty, &ty.shape().unwrap_or_default(), ty.element(), &result.shape, result.element)
        }
    }
}

/// Triton's `getTmemAllocSizes`: the lanes (rows) and 32-bit columns one
/// CTA's tensor memory gives a buffer of type `ty` (its allocation shape;
/// leading dimensions multiply the columns). `None` for a type that is not
/// a tensor-memory buffer with a supported layout.
pub fn tmem_alloc_size(ty: Ty) -> Option<(i64, i64)> {
    let m = bridge::memdesc_of(ty)?;
    let tmem = tmem_of(m.encoding)?;
    let alloc = if m.alloc_shape.len() >= 2 { &m.alloc_shape } else { &m.shape };
    if alloc.len() < 2 {
        return None;
    }
    let (lead, last) = alloc.split_at(alloc.len() - 2);
    let ll = tmem_layout_for(&tmem, [last[0], last[1]])?;
    let bits = i64::from(m.element.bit_width().max(1));
    let mut rows = i64::from(ll.in_dim_size(ROW).unwrap_or(1));
    let mut cols = i64::from(ll.in_dim_size(COL).unwrap_or(1)) / (32 / bits).max(1);
    if rows > 16 && ll.basis(ROW, 4).is_some_and(|b| b.iter().all(|&v| v == 0)) {
        rows /= 2;
    }
    cols *= lead.iter().product::<i64>();
    Some((rows, cols.max(1)))
}
