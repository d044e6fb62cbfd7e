//! `tt.dot` on registers: warp-level matrix multiply-accumulate instructions
//! when the result has an NVIDIA MMA (v2) layout, a chain of multiply-adds
//! per element when it has any other (a blocked one, Triton's FMA dot).
//!
//! Both read their operands by coordinates: the `LinearLayout`s of A, B and
//! D say which register of the thread holds which element, so nothing here
//! depends on the order in which a layout lists its registers.
//!
//! Algorithm (MMA, [`plan_mma`]; an `m16n8kK` instruction, `e` elements per
//! 32-bit word, `K = 8e`; the ISA calls the lane's `lane / 4` its group `g` and
//! `lane % 4` its thread-in-group `t`):
//! 1. Pick the instruction from the element types (f16/bf16: m16n8k16, f32
//!    read as tf32: m16n8k8, i8: m16n8k32).
//! 2. Check that the lanes sit where the fragments put them: in D, lane bits
//!    0-1 move the column by 2, 4 and bits 2-4 the row by 1, 2, 4 (`c[2h+j]`
//!    is row `g + 8h`, column `2t + j`); in A (B) bits 2-4 move the row
//!    (column) the same way and bits 0-1 only k, by the same amounts `T(t)`
//!    in A and B; warps move A and B as they move D and never along k.
//! 3. The k values lane 0 holds (the same set in A and B), sorted and cut
//!    into chunks of `2e`, are the instructions' k-steps (a last chunk of
//!    only `e` values, when K is half the instruction's k, e.g. an i8 dot
//!    with K = 16 on m16n8k32, gets zero words for its second half: the
//!    operand layouts wrap around K there, and reading the wrapped copies
//!    would add every product twice): the k slot of
//!    word `w`, element `p` of thread-in-group `t` reads
//!    `k = chunk[w·e + p] ^ T(t)` in both A and B. When `T` is the ISA's own
//!    (`T(t) = e·t`, kWidth = e) this is exactly the ISA's fragment; for a
//!    larger kWidth the k order is permuted, identically in A and B, which
//!    leaves every sum unchanged.
//! 4. Each D register (lane 0) at row `m0 ≡ 0 (mod 16)`, column
//!    `n0 ≡ 0 (mod 8)` is the corner of a tile. For each chunk (outer) and
//!    tile: A word `2w + h` packs the registers at
//!    `(m0 + 8h, chunk[w·e .. w·e + e])`, B word `w` those at
//!    `(chunk[w·e ..], n0)`, C element `2h + j` is the register at
//!    `(m0 + 8h, n0 + j)`; the result replaces C there (and in every
//!    register holding a copy of that element).
//!
//! FMA ([`plan_fma`]): for each D register at `(m, n)`, `acc = fma(A[m, k],
//! B[k, n], acc)` for k = 0..K, with A and B read from the thread's own
//! registers (their layouts broadcast along the other operand's dimension).
use super::emit::Emitter;
use super::layout::DistLayout;
use super::{LowerPattern, Lowering, MmaInstr, MmaType};
use mlir_sys::*;
use std::collections::{BTreeSet, HashMap};
use tritium_dialects::ir::{Op, Ty, Val};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;

/// `ttg-to-llvm.dot`.
pub struct Dot;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&Dot];

/// `tt.dot`'s `inputPrecision` (Triton's `InputPrecision` numbering).
const PRECISION_TF32: i64 = 0;
const PRECISION_IEEE: i64 = 2;

/// One instruction of an MMA dot, as registers of the thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaCall {
    /// A's words in fragment order (`a0..a3`), each the registers it packs,
    /// lowest first; an empty word is a zero (the padding of a half k-step).
    pub a: Vec<Vec<usize>>,
    /// B's words (`b0, b1`).
    pub b: Vec<Vec<usize>>,
    /// The accumulator's elements (`c0..c3`): the D registers holding each
    /// (the first one is read as C; all receive the result).
    pub c: Vec<Vec<usize>>,
}

/// Where the operands of a 16×8×8e MMA tile live, per instruction, in the
/// order the instructions are issued.
pub fn plan_mma(a: &DistLayout, b: &DistLayout, d: &DistLayout, e: usize) -> Result<Vec<MmaCall>, String> {
    let rank = d.shape.len();
    if rank < 2 || a.shape.len() != rank || b.shape.len() != rank {
        return Err("a dot needs operands and result of the same rank >= 2".into());
    }
    let (md, nd) = (rank - 2, rank - 1);
    // A is [.., m, k] and B is [.., k, n]: the k dimension of each.
    let (ak, bk) = (nd, md);
    if d.lanes.len() != 5 || a.lanes.len() != 5 || b.lanes.len() != 5 {
        return Err("mma.sync needs 32 threads per warp".into());
    }
    let only = |v: &[i64], dim: usize, x: i64| v.iter().enumerate().all(|(i, &c)| c == if i == dim { x } else { 0 });
    // A result smaller than the tile along m or n (a batched dot with one
    // row, say) repeats its rows or columns over the tile: a lane basis that
    // would move past the size is zero, and tile coordinates wrap.
    let (m_size, n_size) = (d.shape[md], d.shape[nd]);
    let within = |x: i64, size: i64| if x < size { x } else { 0 };
    let wrap = |x: i64, size: i64| if x < size { x } else { x & (size - 1) };
    if !(m_size as u64).is_power_of_two() || !(n_size as u64).is_power_of_two() {
        return Err("an mma dot needs power-of-two m and n".into());
    }
    // Step 2: lanes.
    for (bit, want) in [(0, 2), (1, 4)] {
        if !only(&d.lanes[bit], nd, within(want, n_size)) {
            return Err("the result's lanes are not those of an mma.sync accumulator".into());
        }
    }
    let mut t_k = Vec::new();
    for bit in 0..5 {
        if bit >= 2 {
            let row = 1i64 << (bit - 2);
            let (rm, rn) = (within(row, m_size), within(row, n_size));
            if !only(&d.lanes[bit], md, rm) || !only(&a.lanes[bit], md, rm) || !only(&b.lanes[bit], nd, rn) {
                return Err("the operands' lanes are not those of mma.sync fragments".into());
            }
        } else {
            let k = a.lanes[bit][ak];
            if k == 0 || !only(&a.lanes[bit], ak, k) || !only(&b.lanes[bit], bk, k) {
                return Err("A and B do not spread k over the lanes of a group alike".into());
            }
            t_k.push(k);
        }
    }
    // Warps.
    if a.warps.len() != d.warps.len() || b.warps.len() != d.warps.len() {
        return Err("the operands and the result have different numbers of warps".into());
    }
    for (i, w) in d.warps.iter().enumerate() {
        let mut wa = w.clone();
        wa[ak] = 0;
        let mut wb = w.clone();
        wb[bk] = 0;
        if a.warps[i] != wa || b.warps[i] != wb {
            return Err("the operands are not spread over the warps as the result is".into());
        }
    }
    // Step 3: the k-steps.
    let first_reg = |l: &DistLayout| {
        let mut m: HashMap<Vec<i64>, usize> = HashMap::new();
        for (r, c) in l.regs.iter().enumerate() {
            m.entry(c.clone()).or_insert(r);
        }
        m
    };
    let (a_regs, b_regs) = (first_reg(a), first_reg(b));
    let a_ks: BTreeSet<i64> = a.regs.iter().map(|c| c[ak]).collect();
    let b_ks: BTreeSet<i64> = b.regs.iter().map(|c| c[bk]).collect();
    if a_ks != b_ks {
        return Err("A and B hold different k values in the same thread".into());
    }
    let ks: Vec<i64> = a_ks.into_iter().collect();
    let chunk = 2 * e;
    // Whole words only; a last half k-step is padded with zero words.
    if ks.len() % e != 0 {
        return Err(format!("K = {} is not a multiple of half the instruction's k ({})", ks.len() * 4, 2 * e));
    }
    let mut seen = BTreeSet::new();
    for k in &ks {
        for t in 0..4usize {
            let mut x = *k;
            for (bit, tk) in t_k.iter().enumerate() {
                if t >> bit & 1 == 1 {
                    x ^= tk;
                }
            }
            if !seen.insert(x) {
                return Err("the lanes of a group hold the same k".into());
            }
        }
    }
    // Step 4: the tiles.
    let mut d_regs: HashMap<Vec<i64>, Vec<usize>> = HashMap::new();
    for (r, c) in d.regs.iter().enumerate() {
        d_regs.entry(c.clone()).or_default().push(r);
    }
    let corners: BTreeSet<Vec<i64>> = d.regs.iter().filter(|c| c[md] % 16 == 0 && c[nd] % 8 == 0).cloned().collect();
    let mut covered = vec![false; d.num_regs()];
    let mut calls = Vec::new();
    for step in ks.chunks(chunk) {
        for corner in &corners {
            // Coordinates in A ([.., m, k]) and in D ([.., m, n]).
            let at = |m: i64, n: i64| {
                let mut c = corner.clone();
                c[md] = wrap(m, m_size);
                c[nd] = n;
                c
            };
            let at_d = |m: i64, n: i64| at(m, wrap(n, n_size));
            let (m0, n0) = (corner[md], corner[nd]);
            let mut call = MmaCall { a: Vec::new(), b: Vec::new(), c: Vec::new() };
            for w in 0..2 {
                if w * e >= step.len() {
                    // The padding of a half k-step: zeros in A and in B.
                    call.a.extend([Vec::new(), Vec::new()]);
                    call.b.push(Vec::new());
                    continue;
                }
                for h in 0..2 {
                    let regs: Option<Vec<usize>> =
                        step[w * e..w * e + e].iter().map(|&k| a_regs.get(&at(m0 + 8 * h, k)).copied()).collect();
                    call.a.push(regs.ok_or_else(|| format!("A has no registers for the tile at row {m0}"))?);
                }
                let regs: Option<Vec<usize>> = step[w * e..w * e + e]
                    .iter()
                    .map(|&k| {
                        let mut c = at_d(0, n0);
                        c[bk] = k;
                        b_regs.get(&c).copied()
                    })
                    .collect();
                call.b.push(regs.ok_or_else(|| format!("B has no registers for the tile at column {n0}"))?);
            }
            for h in 0..2 {
                for j in 0..2 {
                    let regs = d_regs.get(&at_d(m0 + 8 * h, n0 + j)).ok_or("the result does not hold whole mma tiles")?;
                    for r in regs {
                        covered[*r] = true;
                    }
                    call.c.push(regs.clone());
                }
            }
            calls.push(call);
        }
    }
    if covered.iter().any(|c| !c) {
        return Err("the result does not hold whole mma tiles".into());
    }
    Ok(calls)
}

/// For each D register, the (A register, B register) pairs of its dot
/// product, k ascending.
pub fn plan_fma(a: &DistLayout, b: &DistLayout, d: &DistLayout) -> Result<Vec<Vec<(usize, usize)>>, String> {
    let rank = d.shape.len();
    if rank < 2 || a.shape.len() != rank || b.shape.len() != rank {
        return Err("a dot needs operands and result of the same rank >= 2".into());
    }
    let (md, nd) = (rank - 2, rank - 1);
    let k_size = a.shape[nd];
    if b.shape[md] != k_size {
        return Err("A's columns and B's rows differ".into());
    }
    // What A and B must hold in a thread for each of D's lane/warp bases.
    let a_of = |c: &[i64]| {
        let mut v = c.to_vec();
        v[nd] = 0;
        v
    };
    let b_of = |c: &[i64]| {
        let mut v = c.to_vec();
        v[md] = 0;
        v
    };
    let same = |x: &[Vec<i64>], y: &[Vec<i64>], f: &dyn Fn(&[i64]) -> Vec<i64>| {
        x.len() == y.len() && x.iter().zip(y).all(|(dx, oy)| f(dx) == *oy)
    };
    if !same(&d.lanes, &a.lanes, &a_of) || !same(&d.warps, &a.warps, &a_of) {
        return Err("A's rows are not in the threads of the result's rows".into());
    }
    if !same(&d.lanes, &b.lanes, &b_of) || !same(&d.warps, &b.warps, &b_of) {
        return Err("B's columns are not in the threads of the result's columns".into());
    }
    let index = |l: &DistLayout| {
        let mut m: HashMap<Vec<i64>, usize> = HashMap::new();
        for (r, c) in l.regs.iter().enumerate() {
            m.entry(c.clone()).or_insert(r);
        }
        m
    };
    let (ai, bi) = (index(a), index(b));
    d.regs
        .iter()
        .map(|c| {
            (0..k_size)
                .map(|k| {
                    let mut ca = c.clone();
                    ca[nd] = k;
                    let mut cb = c.clone();
                    cb[md] = k;
                    match (ai.get(&ca), bi.get(&cb)) {
                        (Some(x), Some(y)) => Ok((*x, *y)),
                        _ => Err("an operand element of a dot product is not in the thread".to_string()),
                    }
                })
                .collect()
        })
        .collect()
}

/// The MMA element type of a scalar type.
fn mma_type(ty: Ty, tf32: bool) -> Option<MmaType> {
    unsafe {
        if mlirTypeIsAF16(ty.0) {
            Some(MmaType::F16)
        } else if mlirTypeIsABF16(ty.0) {
            Some(MmaType::BF16)
        } else if mlirTypeIsAF32(ty.0) {
            Some(if tf32 { MmaType::TF32 } else { MmaType::F32 })
        } else if mlirTypeIsAF64(ty.0) {
            Some(MmaType::F64)
        } else if ty.is_integer() && ty.bit_width() == 8 {
            Some(MmaType::S8)
        } else if ty.is_integer() && ty.bit_width() == 32 {
            Some(MmaType::S32)
        } else if ty.is_float() && ty.bit_width() == 8 {
            match ty.to_string().as_str() {
                "f8E5M2" => Some(MmaType::E5M2),
                "f8E4M3FN" => Some(MmaType::E4M3),
                _ => None,
            }
        } else {
            None
        }
    }
}

/// The instruction of a dot of `a` × `b` into `d` (Triton's choice on
/// Ampere), and the elements per 32-bit operand word.
fn pick_instr(a: Ty, b: Ty, d: Ty, precision: i64) -> Result<(MmaInstr, usize), String> {
    let tf32 = precision == PRECISION_TF32;
    let (ta, tb) = (mma_type(a, tf32), mma_type(b, tf32));
    let td = mma_type(d, false);
    if let (Some(MmaType::F64), Some(MmaType::F64), Some(MmaType::F64)) = (ta, tb, td) {
        // f64: the 8x8x4 instruction, four of them per 16x8x8 tile of the
        // plan (the operand layouts are those of kWidth 1, one element per
        // word as tf32's; see lower_mma).
        let f64 = MmaType::F64;
        return Ok((MmaInstr { m: 8, n: 8, k: 4, a: f64, b: f64, acc: f64 }, 1));
    }
    let (k, acc) = match (ta, tb, td) {
        (Some(MmaType::F16), Some(MmaType::F16), Some(acc @ (MmaType::F32 | MmaType::F16))) => (16, acc),
        (Some(MmaType::BF16), Some(MmaType::BF16), Some(MmaType::F32)) => (16, MmaType::F32),
        (Some(MmaType::TF32), Some(MmaType::TF32), Some(MmaType::F32)) => (8, MmaType::F32),
        (Some(MmaType::S8), Some(MmaType::S8), Some(MmaType::S32)) => (32, MmaType::S32),
        // fp8 (either format on either side) into f32 or f16, as Triton picks.
        (Some(MmaType::E5M2 | MmaType::E4M3), Some(MmaType::E5M2 | MmaType::E4M3), Some(acc @ (MmaType::F32 | MmaType::F16))) => (32, acc),
        (Some(MmaType::F32), Some(MmaType::F32), _) => {
            return Err("an f32 dot on an MMA layout needs inputPrecision = tf32 (tf32x3 and ieee are decomposed or lowered as FMA before)".into())
        }
        _ => return Err(format!("no mma.sync instruction multiplies {a} by {b} into {d}")),
    };
    let e = (32 / a.bit_width()) as usize;
    let instr = MmaInstr { m: 16, n: 8, k, a: ta.unwrap_or(MmaType::F32), b: tb.unwrap_or(MmaType::F32), acc };
    Ok((instr, e))
}

/// Packs `values` (32 bits in all) into an `i32`, the first lowest; no
/// values is the zero word.
fn pack_word(e: &mut Emitter, values: &[Val]) -> Val {
    let i32t = e.i32();
    if values.is_empty() {
        return e.i32_const(0);
    }
    if let [v] = values {
        return e.cast("llvm.bitcast", *v, i32t);
    }
    let vt = e.vector_ty(values[0].ty(), values.len() as u32);
    let mut vec = e.undef(vt);
    for (i, v) in values.iter().enumerate() {
        let idx = e.i32_const(i as i64);
        vec = e.val("llvm.insertelement", &[vec, *v, idx], vt, &[]);
    }
    e.cast("llvm.bitcast", vec, i32t)
}

/// The two halves of an `i32` as `elem` (a 16-bit type).
fn unpack_pair(e: &mut Emitter, word: Val, elem: Ty) -> [Val; 2] {
    let vt = e.vector_ty(elem, 2);
    let vec = e.cast("llvm.bitcast", word, vt);
    [e.extract_element(vec, 0, elem), e.extract_element(vec, 1, elem)]
}

/// The encoding of a tensor type.
fn encoding(ty: Ty) -> Result<Encoding, String> {
    let attr = ty.encoding().ok_or_else(|| format!("tensor {ty} has no layout"))?;
    bridge::encoding_of(attr).ok_or_else(|| format!("{attr} is not a ttg encoding"))?
}

impl LowerPattern for Dot {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.dot"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.dot"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let operands = op.operands();
        let [a, b, c] = operands.as_slice() else {
            return Err("tt.dot takes three operands".into());
        };
        let d_ty = op.result(0).ty();
        let (la, lb, ld) = (cx.layout(a.ty())?, cx.layout(b.ty())?, cx.layout(d_ty)?);
        let (ra, rb, rc) = (cx.get(*a)?, cx.get(*b)?, cx.get(*c)?);
        match encoding(d_ty)? {
            Encoding::NvidiaMma { version_major: 2, .. } => {
                let precision = op.attr("inputPrecision").and_then(|x| x.int()).unwrap_or(PRECISION_IEEE);
                let (instr, e) = pick_instr(a.ty().element(), b.ty().element(), d_ty.element(), precision)?;
                let calls = plan_mma(&la, &lb, &ld, e)?;
                lower_mma(cx, instr, &calls, &ra, &rb, rc)
            }
            Encoding::NvidiaMma { version_major, .. } => {
                Err(format!("tt.dot into an NVIDIA MMA v{version_major} layout is not supported (only v2)"))
            }
            _ => {
                let plan = plan_fma(&la, &lb, &ld)?;
                lower_fma(cx, &plan, &ra, &rb, rc)
            }
        }
    }
}

/// Emits the instructions of `calls`.
fn lower_mma(cx: &mut Lowering<'_>, instr: MmaInstr, calls: &[MmaCall], ra: &[Val], rb: &[Val], rc: Vec<Val>) -> Result<Vec<Vec<Val>>, String> {
    let mut d = rc;
    if instr.a == MmaType::F64 {
        return lower_mma_f64(cx, instr, calls, ra, rb, d);
    }
    // Each operand word is packed once (A's serve every n-tile, B's every m-tile).
    let mut packed: [HashMap<Vec<usize>, Val>; 2] = Default::default();
    for call in calls {
        let mut words = |e: &mut Emitter, which: usize, frag: &[Vec<usize>], regs: &[Val]| -> Vec<Val> {
            frag.iter()
                .map(|w| {
                    *packed[which]
                        .entry(w.clone())
                        .or_insert_with(|| pack_word(e, &w.iter().map(|r| regs[*r]).collect::<Vec<_>>()))
                })
                .collect()
        };
        let a = words(&mut cx.e, 0, &call.a, ra);
        let b = words(&mut cx.e, 1, &call.b, rb);
        let c: Vec<Val> = call.c.iter().map(|regs| d[regs[0]]).collect();
        let out: Vec<Val> = if instr.acc == MmaType::F16 {
            // Two f16 accumulators per 32-bit register.
            let f16 = c[0].ty();
            let packed = [pack_word(&mut cx.e, &c[0..2]), pack_word(&mut cx.e, &c[2..4])];
            let r = cx.target.mma_sync(&mut cx.e, instr, &a, &b, &packed)?;
            r.iter().flat_map(|w| unpack_pair(&mut cx.e, *w, f16)).collect()
        } else {
            cx.target.mma_sync(&mut cx.e, instr, &a, &b, &c)?
        };
        for (regs, v) in call.c.iter().zip(out) {
            for r in regs {
                d[*r] = v;
            }
        }
    }
    Ok(vec![d])
}

/// [`lower_mma`] for f64: each 16x8x8 tile step of the plan (A words
/// `a0..a3` at rows `g, g + 8` and k `t, t + 4`, B words `b0, b1` at k
/// `t, t + 4`, C elements `2h + j` at row `g + 8h`, column `2t + j`) is four
/// 8x8x4 instructions, whose fragments are one A element at `(g, t)`, one B
/// element at `(t, g)` and two C elements at `(g, 2t + j)`: k half `w` and
/// row half `h` multiply A word `2w + h` by B word `w` into C elements
/// `2h, 2h + 1`.
fn lower_mma_f64(cx: &mut Lowering<'_>, instr: MmaInstr, calls: &[MmaCall], ra: &[Val], rb: &[Val], rc: Vec<Val>) -> Result<Vec<Vec<Val>>, String> {
    let mut d = rc;
    for call in calls {
        if call.a.len() != 4 || call.b.len() != 2 || call.c.len() != 4 {
            return Err("an f64 mma tile step needs 4 A words, 2 B words and 4 C elements".into());
        }
        let elem = |e: &mut Emitter, word: &[usize], regs: &[Val], ty: Ty| match word {
            [r] => Ok(regs[*r]),
            [] => Ok(e.const_float(ty, 0.0)),
            _ => Err("an f64 mma word holds one element".to_string()),
        };
        let f64t = d[call.c[0][0]].ty();
        let mut c: Vec<Val> = call.c.iter().map(|regs| d[regs[0]]).collect();
        for w in 0..2 {
            let b = elem(&mut cx.e, &call.b[w], rb, f64t)?;
            for h in 0..2 {
                let a = elem(&mut cx.e, &call.a[2 * w + h], ra, f64t)?;
                let out = cx.target.mma_sync(&mut cx.e, instr, &[a], &[b], &c[2 * h..2 * h + 2])?;
                c[2 * h..2 * h + 2].copy_from_slice(&out);
            }
        }
        for (regs, v) in call.c.iter().zip(c) {
            for r in regs {
                d[*r] = v;
            }
        }
    }
    Ok(vec![d])
}

/// Emits the multiply-add chains of `plan`.
fn lower_fma(cx: &mut Lowering<'_>, plan: &[Vec<(usize, usize)>], ra: &[Val], rb: &[Val], rc: Vec<Val>) -> Result<Vec<Vec<Val>>, String> {
    let mut d = rc;
    // Operands narrower than the accumulator are widened once each.
    let acc_ty = match d.first() {
        Some(v) => v.ty(),
        None => return Ok(vec![d]),
    };
    let widen = |e: &mut Emitter, v: Val| -> Result<Val, String> {
        let ty = v.ty();
        if ty == acc_ty {
            Ok(v)
        } else if ty.is_float() && acc_ty.is_float() && ty.bit_width() < acc_ty.bit_width() {
            Ok(e.cast("llvm.fpext", v, acc_ty))
        } else if ty.is_integer() && acc_ty.is_integer() && ty.bit_width() < acc_ty.bit_width() {
            Ok(e.cast("llvm.sext", v, acc_ty))
        } else {
            Err(format!("an FMA dot of {ty} operands into {acc_ty} is not supported"))
        }
    };
    let mut wa: HashMap<usize, Val> = HashMap::new();
    let mut wb: HashMap<usize, Val> = HashMap::new();
    for (r, pairs) in plan.iter().enumerate() {
        let mut acc = d[r];
        for &(ia, ib) in pairs {
            let x = match wa.get(&ia) {
                Some(v) => *v,
                None => {
                    let v = widen(&mut cx.e, ra[ia])?;
                    wa.insert(ia, v);
                    v
                }
            };
            let y = match wb.get(&ib) {
                Some(v) => *v,
                None => {
                    let v = widen(&mut cx.e, rb[ib])?;
                    wb.insert(ib, v);
                    v
                }
            };
            acc = if acc_ty.is_float() {
                cx.e.val("llvm.intr.fmuladd", &[x, y, acc], acc_ty, &[])
            } else {
                let p = cx.e.mul(x, y);
                cx.e.add(p, acc)
            };
        }
        d[r] = acc;
    }
    Ok(vec![d])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tritium_dialects::ttg::encoding::Cga;

    fn mma(warps: &[u32]) -> Encoding {
        Encoding::NvidiaMma {
            version_major: 2,
            version_minor: 0,
            warps_per_cta: warps.to_vec(),
            cga: Cga::default(),
            instr_shape: vec![16, 8],
        }
    }

    fn dot_op(op_idx: u32, parent: &Encoding, k_width: u32) -> Encoding {
        Encoding::DotOperand { op_idx, parent: Box::new(parent.clone()), k_width }
    }

    /// The ISA's fragment tables ("Matrix Fragments for mma.m16n8k*"):
    /// (row, col) of element `i` of A, B and C for `lane`, for the
    /// instruction with `e` elements per 32-bit register.
    fn isa_a(e: usize, lane: usize, i: usize) -> (i64, i64) {
        let (g, t) = ((lane / 4) as i64, (lane % 4) as i64);
        match e {
            // m16n8k8 .tf32: a0..a3.
            1 => (g + if i % 2 == 1 { 8 } else { 0 }, t + if i >= 2 { 4 } else { 0 }),
            // m16n8k16 .f16/.bf16: a0..a7.
            2 => (
                g + if i < 2 || (4..6).contains(&i) { 0 } else { 8 },
                t * 2 + (i as i64 & 1) + if i >= 4 { 8 } else { 0 },
            ),
            // m16n8k32 .s8: a0..a15.
            _ => (
                g + if i < 4 || (8..12).contains(&i) { 0 } else { 8 },
                t * 4 + (i as i64 & 3) + if i >= 8 { 16 } else { 0 },
            ),
        }
    }
    fn isa_b(e: usize, lane: usize, i: usize) -> (i64, i64) {
        let (g, t) = ((lane / 4) as i64, (lane % 4) as i64);
        match e {
            1 => (t + if i >= 1 { 4 } else { 0 }, g),
            2 => (t * 2 + (i as i64 & 1) + if i >= 2 { 8 } else { 0 }, g),
            _ => (t * 4 + (i as i64 & 3) + if i >= 4 { 16 } else { 0 }, g),
        }
    }
    fn isa_c(lane: usize, i: usize) -> (i64, i64) {
        let (g, t) = ((lane / 4) as i64, (lane % 4) as i64);
        (g + if i >= 2 { 8 } else { 0 }, t * 2 + (i as i64 & 1))
    }

    /// The coordinates register `r` holds in `lane` of `warp`.
    fn at(l: &DistLayout, r: usize, lane: usize, warp: usize) -> Vec<i64> {
        let mut c = l.regs[r].clone();
        for (bits, id) in [(&l.lanes, lane), (&l.warps, warp)] {
            for (bit, basis) in bits.iter().enumerate() {
                if id >> bit & 1 == 1 {
                    for (x, y) in c.iter_mut().zip(basis) {
                        *x ^= y;
                    }
                }
            }
        }
        c
    }

    /// Runs the plan on the ISA's fragment tables: every lane of every warp
    /// feeds its registers to the fragment positions the ISA gives them, and
    /// the instruction computes `D[row, col] += Σ_s A[row, s]·B[s, col]`.
    /// Checks that each product pairs A and B elements of the same k, the
    /// row and column of the D element it lands in, and that every D element
    /// of every warp gets each k exactly once. Returns, for the first
    /// instruction of warp 0, whether A's k slots are the ISA's own.
    fn simulate(a: &Encoding, b: &Encoding, d: &Encoding, m: i64, n: i64, k: i64, e: usize) -> bool {
        let la = DistLayout::from_encoding(a, &[m, k]).unwrap();
        let lb = DistLayout::from_encoding(b, &[k, n]).unwrap();
        let ld = DistLayout::from_encoding(d, &[m, n]).unwrap();
        let calls = plan_mma(&la, &lb, &ld, e).unwrap();
        let kk = 8 * e;
        let mut exact = true;
        let warps = 1usize << ld.warps.len();
        for warp in 0..warps {
            let mut sums: HashMap<(Vec<i64>, usize, usize), Vec<i64>> = HashMap::new();
            for (ci, call) in calls.iter().enumerate() {
                // The tile as the hardware sees it: element coordinates at
                // each fragment position.
                let mut ta = vec![vec![None; kk]; 16];
                let mut tb = vec![vec![None; 8]; kk];
                let mut tc = vec![vec![None; 8]; 16];
                for lane in 0..32 {
                    for (wi, word) in call.a.iter().enumerate() {
                        // A zero word (padding): its positions multiply by zero.
                        if word.is_empty() {
                            for p in 0..e {
                                let (row, col) = isa_a(e, lane, wi * e + p);
                                ta[row as usize][col as usize] = Some(Vec::new());
                            }
                        }
                        for (p, r) in word.iter().enumerate() {
                            let (row, col) = isa_a(e, lane, wi * e + p);
                            let got = at(&la, *r, lane, warp);
                            if ci == 0 && warp == 0 && got != vec![row, col] {
                                exact = false;
                            }
                            ta[row as usize][col as usize] = Some(got);
                        }
                    }
                    for (wi, word) in call.b.iter().enumerate() {
                        if word.is_empty() {
                            for p in 0..e {
                                let (row, col) = isa_b(e, lane, wi * e + p);
                                tb[row as usize][col as usize] = Some(Vec::new());
                            }
                        }
                        for (p, r) in word.iter().enumerate() {
                            let (row, col) = isa_b(e, lane, wi * e + p);
                            tb[row as usize][col as usize] = Some(at(&lb, *r, lane, warp));
                        }
                    }
                    for (i, regs) in call.c.iter().enumerate() {
                        let (row, col) = isa_c(lane, i);
                        let c0 = at(&ld, regs[0], lane, warp);
                        for r in regs {
                            assert_eq!(at(&ld, *r, lane, warp), c0, "copies of a D element disagree");
                        }
                        tc[row as usize][col as usize] = Some(c0);
                    }
                }
                for row in 0..16 {
                    for col in 0..8 {
                        let dc = tc[row][col].clone().expect("every C position is fed");
                        for s in 0..kk {
                            let ac = ta[row][s].clone().expect("every A position is fed");
                            let bc = tb[s][col].clone().expect("every B position is fed");
                            if ac.is_empty() || bc.is_empty() {
                                assert!(ac.is_empty() && bc.is_empty(), "padding is zero in A and in B alike");
                                continue;
                            }
                            assert_eq!(ac[0], dc[0], "A's row is D's row");
                            assert_eq!(bc[1], dc[1], "B's column is D's column");
                            assert_eq!(ac[1], bc[0], "A and B meet at the same k");
                            // One chain per copy of the element: a result
                            // smaller than the tile holds it at several
                            // positions (lanes), each summing every k.
                            sums.entry((dc.clone(), row, col)).or_default().push(ac[1]);
                        }
                    }
                }
            }
            for ((elem, _, _), mut ks) in sums {
                ks.sort();
                assert_eq!(ks, (0..k).collect::<Vec<_>>(), "D{elem:?} in warp {warp} sums every k once");
            }
        }
        exact
    }

    #[test]
    fn mma_fragments_match_the_isa() {
        // The corpus's forms: f16 (kWidth 2), int8 (kWidth 4), tf32 (kWidth 1).
        let p = mma(&[2, 4]);
        assert!(simulate(&dot_op(0, &p, 2), &dot_op(1, &p, 2), &p, 128, 128, 16, 2));
        assert!(simulate(&dot_op(0, &p, 2), &dot_op(1, &p, 2), &p, 64, 64, 64, 2));
        let p = mma(&[4, 1]);
        assert!(simulate(&dot_op(0, &p, 4), &dot_op(1, &p, 4), &p, 64, 64, 32, 4));
        assert!(simulate(&dot_op(0, &p, 1), &dot_op(1, &p, 1), &p, 64, 64, 32, 1));
        // One warp, one tile.
        let p = mma(&[1, 1]);
        assert!(simulate(&dot_op(0, &p, 2), &dot_op(1, &p, 2), &p, 16, 8, 16, 2));
        // Warps broadcast over a small result.
        let p = mma(&[4, 1]);
        assert!(simulate(&dot_op(0, &p, 2), &dot_op(1, &p, 2), &p, 16, 16, 32, 2));
        // int8 with K = 16, half of m16n8k32's k: the second half of the
        // k-step is zero padding, and each k is summed once (Triton 3.9
        // reads the operands' wrapped copies there and sums every k twice).
        let p = mma(&[1, 4]);
        assert!(simulate(&dot_op(0, &p, 4), &dot_op(1, &p, 4), &p, 16, 512, 16, 4));
        let p = mma(&[2, 2]);
        assert!(simulate(&dot_op(0, &p, 4), &dot_op(1, &p, 4), &p, 64, 32, 16, 4));
        // Results smaller than the tile: rows (columns) repeat over it, so
        // the fragment coordinates wrap (checked inside, not the ISA's own).
        let p = mma(&[1, 1]);
        simulate(&dot_op(0, &p, 2), &dot_op(1, &p, 2), &p, 1, 32, 32, 2);
        simulate(&dot_op(0, &p, 2), &dot_op(1, &p, 2), &p, 4, 8, 16, 2);
        simulate(&dot_op(0, &p, 2), &dot_op(1, &p, 2), &p, 16, 2, 16, 2);
    }

    #[test]
    fn mma_with_a_larger_kwidth_permutes_k_alike() {
        // f16 with kWidth 4 (mixed-precision upcasts): not the ISA's k order,
        // but A and B agree in every slot.
        let p = mma(&[2, 2]);
        assert!(!simulate(&dot_op(0, &p, 4), &dot_op(1, &p, 4), &p, 64, 32, 32, 2));
        let p = mma(&[1, 1]);
        assert!(!simulate(&dot_op(0, &p, 8), &dot_op(1, &p, 8), &p, 16, 8, 64, 2));
    }

    #[test]
    fn mma_refuses_mismatched_operands() {
        let p = mma(&[2, 2]);
        let la = DistLayout::from_encoding(&dot_op(0, &p, 2), &[32, 32]).unwrap();
        let lb = DistLayout::from_encoding(&dot_op(1, &p, 4), &[32, 32]).unwrap();
        let ld = DistLayout::from_encoding(&p, &[32, 32]).unwrap();
        assert!(plan_mma(&la, &lb, &ld, 2).is_err());
        // Operands of another parent's warps.
        let q = mma(&[4, 1]);
        let lb = DistLayout::from_encoding(&dot_op(1, &q, 2), &[32, 32]).unwrap();
        assert!(plan_mma(&la, &lb, &ld, 2).is_err());
    }

    #[test]
    fn fma_reads_whole_rows_and_columns() {
        let d = Encoding::Blocked {
            size_per_thread: vec![2, 2],
            threads_per_warp: vec![4, 8],
            warps_per_cta: vec![2, 2],
            order: vec![1, 0],
            cga: Cga::default(),
        };
        let (m, n, k) = (16, 32, 8);
        let la = DistLayout::from_encoding(&dot_op(0, &d, 0), &[m, k]).unwrap();
        let lb = DistLayout::from_encoding(&dot_op(1, &d, 0), &[k, n]).unwrap();
        let ld = DistLayout::from_encoding(&d, &[m, n]).unwrap();
        let plan = plan_fma(&la, &lb, &ld).unwrap();
        for lane in [0, 5, 31] {
            for warp in 0..4 {
                for (r, pairs) in plan.iter().enumerate() {
                    let c = at(&ld, r, lane, warp);
                    assert_eq!(pairs.len(), k as usize);
                    for (kk, (ia, ib)) in pairs.iter().enumerate() {
                        assert_eq!(at(&la, *ia, lane, warp), vec![c[0], kk as i64]);
                        assert_eq!(at(&lb, *ib, lane, warp), vec![kk as i64, c[1]]);
                    }
                }
            }
        }
    }
}
