//! Hopper's warp-group MMA in the ttg→LLVM lowering: `ttng.warp_group_dot`
//! to `nvg.wgmma` ops, `ttng.warp_group_dot_wait` to `nvg.wgmma_wait_group`,
//! `ttng.fence_async_shared` to `fence.proxy.async.shared::cta`, as Triton
//! 3.9's NVIDIA lowering emits them; `convert-nv-gpu-to-llvm`
//! (`crate::nvg`) then turns the `nvg` ops into the PTX strings built here
//! by [`wgmma_asm`] and [`wait_group_asm`].
//!
//! Algorithm of a `warp_group_dot` (`D = A·B + C`, D in the
//! `#ttg.nvidia_mma` v3 layout, instruction `m64nNkK` per warp group):
//! 1. Accumulator: a register of lane 0 / warp 0 at `(row, col)` belongs to
//!    the instruction tile `(row / 16wm, col / N·wn)` (`wm × wn` warps) and
//!    is its fragment element `4·(c / 8) + 2·(r / 8) + c % 2` (PTX's D
//!    fragment, `r, c` inside the tile); the lane and warp parts of the
//!    layout are the ISA's, so they are only checked.
//! 2. Shared operands: the inverse `S` of the `#ttg.nvmma_shared` layout maps
//!    coordinates to element offsets. The descriptor's fixed part is the
//!    swizzle mode and the strides between 8-row core-matrix groups (SBO)
//!    and between swizzle atoms (LBO) where the instruction spans them, both
//!    read off `S`. Per instruction the tile origin's `S` (in 16-byte units)
//!    is added; per thread, the warp group's own origin (the accumulator's
//!    warp bases above the first two, through `S`) and the buffer's address
//!    `>> 4`, masked to 15 bits as Triton does. An A operand in registers
//!    (`#ttg.dot_op` of the v3 layout) is taken `16·K/32` registers per
//!    instruction, in register order, packed to 32-bit words, each moved
//!    through a `mov.b32` before the fence as Triton does.
//! 3. For each tile (m, n) and k-step: an `nvg.wgmma` with the accumulator
//!    struct tied to its result (no C on the first step of a zero
//!    accumulator); a `wgmma.fence` before, a `commit_group` after, and an
//!    `nvg.wgmma_wait_group` of pendings 0 when the dot is synchronous.
//!    fp8 dots whose `maxNumImpreciseAcc` is at most K accumulate partial
//!    sums in f32 adds as Triton does.
use std::collections::HashMap;
use tritium_conversions::ttg_to_llvm::emit::Emitter;
use tritium_conversions::ttg_to_llvm::TargetInfo;
use tritium_conversions::ttg_to_llvm::layout::DistLayout;
use tritium_conversions::ttg_to_llvm::{LowerPattern, Lowering, MemDescValue};
use tritium_dialects::ir::{Op, Ty, Val};
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_dialects::ttg::to_linear::to_linear_layout;

/// `ttg-to-llvm.fence-async-shared`: `ttng.fence_async_shared`.
pub struct FenceAsyncShared;
/// `ttg-to-llvm.warp-group-dot`: `ttng.warp_group_dot`.
pub struct WarpGroupDot;
/// `ttg-to-llvm.warp-group-dot-wait`: `ttng.warp_group_dot_wait`.
pub struct WarpGroupDotWait;

/// The patterns of this file (added to the core's by the NVIDIA target).
pub static PATTERNS: &[&dyn LowerPattern] = &[&FenceAsyncShared, &WarpGroupDot, &WarpGroupDotWait];

/// An element type of `wgmma` (Triton's `WGMMAEltType`, same numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WgmmaType {
    S8 = 0,
    S32 = 1,
    E4m3 = 2,
    E5m2 = 3,
    F16 = 4,
    Bf16 = 5,
    Tf32 = 6,
    F32 = 7,
}

impl WgmmaType {
    /// From Triton's numbering.
    pub fn from_i64(v: i64) -> Option<WgmmaType> {
        use WgmmaType::*;
        [S8, S32, E4m3, E5m2, F16, Bf16, Tf32, F32].get(usize::try_from(v).ok()?).copied()
    }
    /// The PTX spelling.
    pub fn name(self) -> &'static str {
        use WgmmaType::*;
        match self {
            S8 => "s8",
            S32 => "s32",
            E4m3 => "e4m3",
            E5m2 => "e5m2",
            F16 => "f16",
            Bf16 => "bf16",
            Tf32 => "tf32",
            F32 => "f32",
        }
    }
    fn is_fp8(self) -> bool {
        matches!(self, WgmmaType::E4m3 | WgmmaType::E5m2)
    }
    /// Bits of one operand element.
    fn bits(self) -> u32 {
        use WgmmaType::*;
        match self {
            S8 | E4m3 | E5m2 => 8,
            F16 | Bf16 => 16,
            S32 | Tf32 | F32 => 32,
        }
    }
}

/// One `wgmma.mma_async` instruction's shape and types.
#[derive(Clone, Copy, Debug)]
pub struct WgmmaInstr {
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub c: WgmmaType,
    pub a: WgmmaType,
    pub b: WgmmaType,
    /// A is MN-major (`layoutA = col`).
    pub trans_a: bool,
    /// B is MN-major (`layoutB = row`).
    pub trans_b: bool,
}

/// The PTX and constraints of one `wgmma.mma_async`: `num_c` accumulator
/// outputs, then (with `has_c`) the tied accumulator inputs, A (`a_regs`
/// 32-bit registers, or a descriptor), B's descriptor and (with `has_c`)
/// the `scale-d` predicate; Triton 3.9's spelling.
pub fn wgmma_asm(i: &WgmmaInstr, num_c: usize, a_regs: Option<usize>, has_c: bool) -> Result<(String, String), String> {
    use WgmmaType::*;
    let (m, n, k) = (i.m, i.n, i.k);
    let shape_ok = |kk: u32, nmax: u32| m == 64 && (8..=nmax).contains(&n) && n % 8 == 0 && k == kk;
    let mut supported = (i.a == F16 && i.b == F16 && matches!(i.c, F16 | F32) && shape_ok(16, 256))
        || (i.a == Bf16 && i.b == Bf16 && i.c == F32 && shape_ok(16, 256));
    let need_trans = supported;
    let mut float = supported;
    if !supported && !i.trans_a && !i.trans_b {
        supported = (i.a == Tf32 && i.b == Tf32 && i.c == F32 && shape_ok(8, 256))
            || (i.a.is_fp8() && i.b.is_fp8() && matches!(i.c, F16 | F32) && shape_ok(32, 256));
        float = supported;
        supported |= i.a == S8 && i.b == S8 && i.c == S32 && shape_ok(32, 224);
    }
    if !supported {
        return Err(format!(
            "no wgmma instruction m{m}n{n}k{k} with {}.{}.{}{}",
            i.c.name(),
            i.a.name(),
            i.b.name(),
            if i.trans_a || i.trans_b { " and MN-major operands" } else { "" }
        ));
    }
    let list = |from: usize, count: usize| (from..from + count).map(|x| format!("${x}")).collect::<Vec<_>>().join(",");
    let mut idx = num_c;
    let mut args = format!("{{{}}}, ", list(0, num_c));
    let out = if i.c == F32 { "=f" } else { "=r" };
    let mut constraints: Vec<String> = vec![out.to_string(); num_c];
    if has_c {
        idx += num_c;
        constraints.extend((0..num_c).map(|x| x.to_string()));
    }
    match a_regs {
        Some(count) => {
            args.push_str(&format!("{{{}}}, ", list(idx, count)));
            idx += count;
            constraints.extend(std::iter::repeat_n("r".to_string(), count));
        }
        None => {
            args.push_str(&format!("${idx}, "));
            idx += 1;
            constraints.push("l".into());
        }
    }
    args.push_str(&format!("${idx}, "));
    idx += 1;
    constraints.push("l".into());
    if has_c {
        args.push_str(&format!("${idx}"));
        constraints.push("b".into());
    } else {
        args.push('0');
    }
    if float {
        args.push_str(", 1, 1");
    }
    if need_trans {
        if a_regs.is_none() {
            args.push_str(&format!(", {}", u8::from(i.trans_a)));
        }
        args.push_str(&format!(", {}", u8::from(i.trans_b)));
    }
    let asm = format!("wgmma.mma_async.sync.aligned.m{m}n{n}k{k}.{}.{}.{} {args};", i.c.name(), i.a.name(), i.b.name());
    Ok((asm, constraints.join(",")))
}

/// The output constraint of a register of type `ty` passed through
/// `wgmma.wait_group` (Triton's: by bit width, `f` for f32).
pub fn wait_constraint(ty: Ty) -> Result<&'static str, String> {
    match ty.bit_width() {
        64 => Ok("=l"),
        32 => Ok(if ty.is_float() { "=f" } else { "=r" }),
        16 => Ok("=h"),
        b => Err(format!("wgmma.wait_group cannot pass a {b}-bit register ({ty})")),
    }
}

/// The PTX and constraints of `wgmma.wait_group pendings` that passes the
/// registers of `types` through (tied), so nothing reads them before it.
pub fn wait_group_asm(types: &[Ty], pendings: i64) -> Result<(String, String), String> {
    let regs = (0..types.len()).map(|i| format!("${i}")).collect::<Vec<_>>().join(",");
    let asm = format!("// wait for regs: {regs}\n\twgmma.wait_group.sync.aligned {pendings};");
    let mut constraints = Vec::with_capacity(2 * types.len());
    for t in types {
        constraints.push(wait_constraint(*t)?.to_string());
    }
    constraints.extend((0..types.len()).map(|i| i.to_string()));
    Ok((asm, constraints.join(",")))
}

/// Packs `values` into an LLVM struct (undef + insertvalue, as Triton's
/// `packLLElements`).
fn pack_struct(e: &mut Emitter, values: &[Val]) -> Val {
    let types: Vec<Ty> = values.iter().map(|v| v.ty()).collect();
    let st = e.struct_ty(&types);
    let mut agg = e.undef(st);
    for (i, v) in values.iter().enumerate() {
        agg = e.insert_value(agg, *v, i as i64);
    }
    agg
}

/// The fields of a struct built by [`pack_struct`] from values of `types`.
fn unpack_struct(e: &mut Emitter, agg: Val, types: &[Ty]) -> Vec<Val> {
    types.iter().enumerate().map(|(i, t)| e.extract_value(agg, i as i64, *t)).collect()
}

/// Emits `nvg.wgmma_wait_group pendings` through which `values` pass
/// (packed into one struct, as Triton's `emitWait`).
pub fn emit_wait(e: &mut Emitter, values: &[Val], pendings: i64) -> Result<Vec<Val>, String> {
    let types: Vec<Ty> = values.iter().map(|v| v.ty()).collect();
    let waited = emit_wait_struct(e, values, pendings)?;
    Ok(unpack_struct(e, waited, &types))
}

/// [`emit_wait`] without the unpacking: the waited struct.
fn emit_wait_struct(e: &mut Emitter, values: &[Val], pendings: i64) -> Result<Val, String> {
    for v in values {
        wait_constraint(v.ty())?;
    }
    let packed = pack_struct(e, values);
    let i32t = e.i32();
    let pendings = e.int_attr(i32t, pendings);
    Ok(e.val("nvg.wgmma_wait_group", &[packed], packed.ty(), &[("pendings", pendings)]))
}

/// The wgmma type of an operand element type (`tf32` for f32 when the dot
/// allows it).
fn operand_type(ty: Ty, allow_tf32: bool) -> Result<WgmmaType, String> {
    Ok(match ty.to_string().as_str() {
        "f16" => WgmmaType::F16,
        "bf16" => WgmmaType::Bf16,
        "f32" if allow_tf32 => WgmmaType::Tf32,
        "i8" => WgmmaType::S8,
        "f8E5M2" => WgmmaType::E5m2,
        "f8E4M3FN" => WgmmaType::E4m3,
        other => return Err(format!("no wgmma operand type for {other}{}", if other == "f32" { " without tf32" } else { "" })),
    })
}

/// The wgmma type of the accumulator element type.
fn result_type(ty: Ty) -> Result<WgmmaType, String> {
    Ok(match ty.to_string().as_str() {
        "f32" => WgmmaType::F32,
        "f16" => WgmmaType::F16,
        "i32" => WgmmaType::S32,
        other => return Err(format!("no wgmma accumulator type for {other}")),
    })
}

/// The integer value of an `llvm.mlir.constant` (or `arith.constant`).
fn const_of(v: Val) -> Option<i64> {
    let op = tritium_conversions::ttg_to_llvm::through_structs(v).defining_op()?;
    if matches!(op.name(), "llvm.mlir.constant" | "arith.constant") { op.attr("value")?.int() } else { None }
}

/// A shared-memory operand of wgmma: its encoding's inverse and descriptor.
struct SmemOperand {
    /// Coordinates (of the allocation) → element offset.
    inverse: LinearLayout,
    bits: u32,
    swizzle: u32,
    transposed: bool,
    /// LBO, SBO and swizzle mode, without address or base offset.
    desc: u64,
}

impl SmemOperand {
    /// `mn_dim`: the memdesc dimension along M (A, 0) or N (B, 1);
    /// `extent`: the instruction's extent along each memdesc dimension.
    fn new(mty: Ty, extent: [i64; 2]) -> Result<SmemOperand, String> {
        let md = bridge::memdesc_of(mty).ok_or("a wgmma operand is not a memdesc")?;
        let enc = bridge::encoding_of(md.encoding).ok_or("a wgmma operand has no ttg encoding")??;
        let Encoding::NvmmaShared { swizzling_byte_width, transposed, element_bit_width, fp4_padded, .. } = enc else {
            return Err("a wgmma operand in shared memory needs the #ttg.nvmma_shared encoding".into());
        };
        if fp4_padded {
            return Err("fp4-padded shared operands have no wgmma".into());
        }
        if md.shape.len() != 2 {
            return Err("wgmma operands are matrices (rank 2)".into());
        }
        let alloc: Vec<i64> = md.alloc_shape[md.alloc_shape.len().saturating_sub(2)..].to_vec();
        let forward = to_linear_layout(&enc, &alloc)?;
        let inverse = forward.invert().map_err(|e| format!("the shared layout of a wgmma operand is not invertible: {e:?}"))?;
        let bits = element_bit_width;
        let swizzle = swizzling_byte_width;
        // The core-matrix tile: 8 rows by one swizzle width (16 bytes
        // unswizzled) along the contiguous dimension.
        let contig = if transposed { 0 } else { 1 };
        let mut tile = [8i64; 2];
        tile[contig] = i64::from(swizzle.max(16) * 8 / bits);
        let (mut leading, mut strided) = (contig, 1 - contig);
        if swizzle == 0 {
            std::mem::swap(&mut leading, &mut strided);
        }
        let op = SmemOperand { inverse, bits, swizzle, transposed, desc: 0 };
        let stride = |dim: usize| -> Result<i64, String> {
            if extent[dim] > tile[dim] {
                let mut c = [0i64; 2];
                c[dim] = tile[dim];
                op.offset(c)
            } else {
                Ok(0)
            }
        };
        let lbo = (stride(leading)? * i64::from(bits) / 8) >> 4;
        let sbo = (stride(strided)? * i64::from(bits) / 8) >> 4;
        let mode: u64 = match swizzle {
            0 => 0,
            32 => 3,
            64 => 2,
            128 => 1,
            s => return Err(format!("no wgmma descriptor for a {s}-byte swizzle")),
        };
        let desc = ((lbo as u64 & 0x3fff) << 16) | ((sbo as u64 & 0x3fff) << 32) | (mode << 62);
        Ok(SmemOperand { desc, ..op })
    }

    /// The element offset of coordinates `c`.
    fn offset(&self, c: [i64; 2]) -> Result<i64, String> {
        let out = self
            .inverse
            .apply(&[("dim0", c[0] as i32), ("dim1", c[1] as i32)])
            .map_err(|e| format!("coordinates {c:?} outside a wgmma operand: {e:?}"))?;
        Ok(out.iter().find(|(n, _)| n == "offset").map_or(0, |(_, v)| i64::from(*v)))
    }

    /// Offset of `c` in 16-byte units (an error when not a multiple).
    fn offset_b128(&self, c: [i64; 2]) -> Result<i64, String> {
        let bytes = self.offset(c)? * i64::from(self.bits) / 8;
        if bytes % 16 != 0 {
            return Err(format!("a wgmma tile at {c:?} is not 16-byte aligned"));
        }
        Ok(bytes >> 4)
    }

    /// The thread's base in 16-byte units: `((address >> 4) + view + warp
    /// group) & 0x7fff`, where `group_b128[i]` is what warp bit `i` adds.
    fn base(&self, cx: &mut Lowering<'_>, md: &MemDescValue, group_b128: &[i64]) -> Result<Val, String> {
        let i32t = cx.e.i32();
        let addr = cx.e.cast("llvm.ptrtoint", md.base, i32t);
        let mut base = cx.e.lshr_i32(addr, 4);
        // The view's own offsets (a subslice), through S.
        let mut extra: Option<Val> = None;
        for (d, &v) in md.offsets.iter().enumerate().take(2) {
            if const_of(v) == Some(0) {
                continue;
            }
            let mut consts = Vec::new();
            for bit in 0..16 {
                let mut c = [0i64; 2];
                c[d] = 1 << bit;
                consts.push(self.offset_b128(c).unwrap_or(0));
            }
            extra = cx.xor_of_bits(v, &consts, extra);
        }
        if group_b128.iter().any(|&x| x != 0) {
            // The warp id made warp-uniform by a shuffle from lane 0, as
            // Triton does: ptxas then knows the descriptor is uniform, and
            // LLVM keeps it at the MMA instead of holding one register pair
            // per descriptor live across the whole loop.
            let (_, _, warp) = cx.thread_ids();
            let lane0 = cx.e.i32_const(0);
            let warp = crate::Nvidia.shuffle_idx(&mut cx.e, warp, lane0);
            extra = cx.xor_of_bits(warp, group_b128, extra);
        }
        if let Some(x) = extra {
            base = cx.e.add(base, x);
        }
        Ok(cx.e.and_i32(base, 0x7fff))
    }

    /// The descriptor of the tile at `origin`, as Triton builds it: two
    /// 32-bit halves (the low one adds the thread's base) bitcast to i64.
    fn descriptor(&self, e: &mut Emitter, base: Val, origin: [i64; 2]) -> Result<Val, String> {
        let bytes = self.offset(origin)? * i64::from(self.bits) / 8;
        let mask = (u64::from(self.swizzle) >> 4).saturating_sub(1);
        let base_offset = ((bytes as u64) / 128) & mask;
        let bits = self.desc | (base_offset << 49);
        let low_const = (bits as u32).wrapping_add((bytes >> 4) as u32);
        let high = (bits >> 32) as u32;
        let low_c = e.i32_const(i64::from(low_const as i32));
        let low = e.add(low_c, base);
        let high = e.i32_const(i64::from(high as i32));
        let i32t = e.i32();
        let vty = e.vector_ty(i32t, 2);
        let mut v = e.undef(vty);
        v = e.insert_element(v, low, 0);
        v = e.insert_element(v, high, 1);
        let i64t = e.i64();
        Ok(e.cast("llvm.bitcast", v, i64t))
    }
}

/// Elements narrower than 32 bits packed into 32-bit words (a vector of
/// `32 / bits` bitcast to `i32`, Triton's `loadReg`); 32-bit ones as they are.
fn pack_words(e: &mut Emitter, values: &[Val]) -> Vec<Val> {
    let ty = values[0].ty();
    let bits = ty.bit_width();
    if bits >= 32 {
        return values.to_vec();
    }
    let per = (32 / bits) as usize;
    let vty = e.vector_ty(ty, per as u32);
    let i32t = e.i32();
    values
        .chunks(per)
        .map(|group| {
            let mut v = e.undef(vty);
            for (j, x) in group.iter().enumerate() {
                v = e.insert_element(v, *x, j as i64);
            }
            e.cast("llvm.bitcast", v, i32t)
        })
        .collect()
}

/// The registers of a register A operand (`#ttg.dot_op` of the v3 layout
/// with `kWidth = 32 / bits`): all of them, checked to hold `16·K/32` per
/// instruction tile for `tiles` tiles.
fn a_register_elements(cx: &mut Lowering<'_>, a: Val, ta: WgmmaType, tiles: i64) -> Result<Vec<Val>, String> {
    let a_ty = a.ty();
    let enc_attr = a_ty.encoding().ok_or("the wgmma A operand has no layout")?;
    let enc = bridge::encoding_of(enc_attr).ok_or("the wgmma A operand layout is not a ttg encoding")??;
    let Encoding::DotOperand { op_idx: 0, k_width, .. } = &enc else {
        return Err("wgmma operand A in registers needs a #ttg.dot_op layout with opIdx = 0".into());
    };
    if i64::from(*k_width) != i64::from(32 / ta.bits()) {
        return Err(format!("wgmma operand A in registers needs kWidth = {} (has {k_width})", 32 / ta.bits()));
    }
    let regs = cx.get(a)?;
    let per_tile = 16 * 256 / ta.bits() as usize / 32;
    if regs.len() != per_tile * tiles as usize {
        return Err(format!("wgmma operand A holds {} registers, {} instruction tiles need {}", regs.len(), tiles, per_tile * tiles as usize));
    }
    Ok(regs)
}

/// Packs f16 pairs into i32 words (wgmma's f16 accumulator registers).
fn pack_f16(e: &mut Emitter, values: &[Val]) -> Vec<Val> {
    let f16 = values[0].ty();
    let vty = e.vector_ty(f16, 2);
    let i32t = e.i32();
    values
        .chunks(2)
        .map(|pair| {
            let mut v = e.undef(vty);
            for (j, x) in pair.iter().enumerate() {
                v = e.insert_element(v, *x, j as i64);
            }
            e.cast("llvm.bitcast", v, i32t)
        })
        .collect()
}

/// Unpacks i32 words into f16 pairs.
fn unpack_f16(e: &mut Emitter, words: &[Val], f16: Ty) -> Vec<Val> {
    let vty = e.vector_ty(f16, 2);
    let mut out = Vec::with_capacity(2 * words.len());
    for w in words {
        let v = e.cast("llvm.bitcast", *w, vty);
        out.push(e.extract_element(v, 0, f16));
        out.push(e.extract_element(v, 1, f16));
    }
    out
}

impl LowerPattern for FenceAsyncShared {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.fence-async-shared"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttng.fence_async_shared"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let cluster = op.attr("bCluster").and_then(|a| a.bool()).unwrap_or(false);
        let kind = cx.e.attr("#nvvm.proxy_kind<async.shared>");
        let space = cx.e.attr(if cluster { "#nvvm.shared_space<cluster>" } else { "#nvvm.shared_space<cta>" });
        cx.e.op("nvvm.fence.proxy", &[], &[], &[("kind", kind), ("space", space)]);
        Ok(Vec::new())
    }
}

impl LowerPattern for WarpGroupDotWait {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.warp-group-dot-wait"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttng.warp_group_dot_wait"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let pendings = op.attr("pendings").and_then(|a| a.int()).ok_or("ttng.warp_group_dot_wait without pendings")?;
        // Tensors' registers pass through the wait (tied operands); memdesc
        // views are unchanged (the wait has side effects, so no access to
        // their memory moves across it).
        let inputs = op.operands();
        let mut regs = Vec::new();
        let mut spans = Vec::new();
        for v in &inputs {
            let vals = cx.get(*v)?;
            if v.ty().is_tensor() {
                spans.push(Some((regs.len(), vals.len())));
                regs.extend(vals);
            } else {
                spans.push(None);
            }
        }
        let waited_struct = if regs.is_empty() {
            cx.e.inline_asm(&format!("wgmma.wait_group.sync.aligned {pendings};"), "", &[], &[], true);
            None
        } else {
            Some(emit_wait_struct(&mut cx.e, &regs, pendings)?)
        };
        // A wait only covers its own warp group's MMAs: with several warp
        // groups (and no `warpGroupLocal`) a block barrier follows, which
        // the membar analysis counts as a synchronisation point.
        if crate::passes::nvidia_gpu_membar::wait_syncs_warp_groups(op) {
            cx.barrier();
        }
        let types: Vec<Ty> = regs.iter().map(|v| v.ty()).collect();
        let waited = match waited_struct {
            Some(w) => unpack_struct(&mut cx.e, w, &types),
            None => Vec::new(),
        };
        let mut out = Vec::with_capacity(inputs.len());
        for (v, span) in inputs.iter().zip(spans) {
            out.push(match span {
                Some((from, n)) => waited[from..from + n].to_vec(),
                None => cx.get(*v)?,
            });
        }
        Ok(out)
    }
}

impl LowerPattern for WarpGroupDot {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.warp-group-dot"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttng.warp_group_dot"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        Ok(vec![lower_warp_group_dot(cx, op)?])
    }
}

/// The accumulator registers of each instruction tile: `slots[t][f]` is the
/// register index of fragment element `f` of tile `t = m·reps_n + n`.
fn accumulator_slots(d: &DistLayout, tile_m: i64, tile_n: i64, reps: [i64; 2], acc_size: usize) -> Result<Vec<Vec<usize>>, String> {
    let mut slots = vec![vec![usize::MAX; acc_size]; (reps[0] * reps[1]) as usize];
    for (r, c) in d.regs.iter().enumerate() {
        let (row, col) = (c[0], c[1]);
        let (m, rr, n, cc) = (row / tile_m, row % tile_m, col / tile_n, col % tile_n);
        if !(rr == 0 || rr == 8) || cc & 6 != 0 {
            return Err(format!("register {r} at ({row}, {col}) is not where a wgmma accumulator fragment puts it"));
        }
        let f = (((cc >> 3) << 2) | ((rr >> 3) << 1) | (cc & 1)) as usize;
        let t = (m * reps[1] + n) as usize;
        if f >= acc_size || t >= slots.len() || slots[t][f] != usize::MAX {
            return Err("the accumulator layout holds an element twice or outside the instruction tiles".into());
        }
        slots[t][f] = r;
    }
    if slots.iter().flatten().any(|&s| s == usize::MAX) {
        return Err("the accumulator layout does not cover every wgmma fragment".into());
    }
    Ok(slots)
}

fn lower_warp_group_dot(cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Val>, String> {
    let operands = op.operands();
    let (a, b, c) = (operands[0], operands[1], operands[2]);
    let use_c_operand = (operands.len() > 3).then(|| operands[3]);
    let d_ty = op.result(0).ty();
    let enc_attr = d_ty.encoding().ok_or("the wgmma result has no layout")?;
    let enc = bridge::encoding_of(enc_attr).ok_or("the wgmma result layout is not a ttg encoding")??;
    let Encoding::NvidiaMma { version_major: 3, warps_per_cta, instr_shape, .. } = &enc else {
        return Err("ttng.warp_group_dot needs a #ttg.nvidia_mma layout of version 3".into());
    };
    let shape = d_ty.shape().ok_or("the wgmma result is not a tensor")?;
    if shape.len() != 2 || warps_per_cta.len() != 2 || instr_shape.len() < 2 {
        return Err("batched wgmma (rank 3) is not supported".into());
    }
    let (wm, wn) = (i64::from(warps_per_cta[0]), i64::from(warps_per_cta[1]));
    if wm % 4 != 0 {
        return Err(format!("wgmma needs warp groups along M (warpsPerCTA[0] = {wm} is not a multiple of 4)"));
    }
    let instr_n = i64::from(instr_shape[1]);
    let (tile_m, tile_n) = (16 * wm, instr_n * wn);
    let reps = [(shape[0] + tile_m - 1) / tile_m, (shape[1] + tile_n - 1) / tile_n];

    let allow_tf32 = op.attr("inputPrecision").and_then(|x| x.int()) == Some(0);
    let a_ty = a.ty();
    let a_in_regs = a_ty.is_tensor();
    let b_md = bridge::memdesc_of(b.ty()).ok_or("wgmma operand B is not a memdesc")?;
    let (a_elem, k_total) = if a_in_regs {
        let a_shape = a_ty.shape().ok_or("wgmma operand A is not a tensor")?;
        if a_shape.len() != 2 {
            return Err("batched wgmma (rank 3) is not supported".into());
        }
        (a_ty.element(), a_shape[1])
    } else {
        let a_md = bridge::memdesc_of(a_ty).ok_or("wgmma operand A is not a memdesc")?;
        (a_md.element, a_md.shape[1])
    };
    let ta = operand_type(a_elem, allow_tf32)?;
    let tb = operand_type(b_md.element, allow_tf32)?;
    let d_elem = d_ty.element();
    let tc = result_type(d_elem)?;
    let k_instr = i64::from(256 / ta.bits());
    if k_total % k_instr != 0 {
        return Err(format!("K = {k_total} is not a multiple of the wgmma k-step {k_instr}"));
    }
    let reps_k = k_total / k_instr;

    let a_op = if a_in_regs { None } else { Some(SmemOperand::new(a_ty, [64, k_instr])?) };
    let b_op = SmemOperand::new(b.ty(), [k_instr, instr_n])?;
    let instr = WgmmaInstr {
        m: 64,
        n: instr_n as u32,
        k: k_instr as u32,
        c: tc,
        a: ta,
        b: tb,
        trans_a: a_op.as_ref().is_some_and(|o| o.transposed),
        trans_b: !b_op.transposed,
    };

    // 1. The accumulator.
    let d_layout = cx.layout(d_ty)?;
    let acc_size = (instr_n / 2) as usize;
    let slots = accumulator_slots(&d_layout, tile_m, tile_n, reps, acc_size)?;
    let w = &d_layout.warps;
    if w.len() < 2 || w[0] != [16, 0] || w[1] != [32, 0] {
        return Err("the accumulator's first warps are not those of a warp group".into());
    }
    // 2. Each warp group's origin, through S (16-byte units), per warp bit.
    let mut group_a = vec![0i64; w.len()];
    let mut group_b = vec![0i64; w.len()];
    for (i, basis) in w.iter().enumerate().skip(2) {
        if let Some(a_op) = &a_op {
            group_a[i] = a_op.offset_b128([basis[0], 0])?;
        }
        group_b[i] = b_op.offset_b128([0, basis[1]])?;
    }
    // A in registers: `16·K/32` elements per instruction tile `(m, k)` in
    // register order (tile `m·reps_k + k`), as the dot-operand layout of
    // the v3 parent orders them.
    let (a_base, a_regs) = match &a_op {
        Some(a_op) => {
            let a_val = MemDescValue::from_values(&cx.get(a)?)?;
            (Some(a_op.base(cx, &a_val, &group_a)?), Vec::new())
        }
        None => (None, a_register_elements(cx, a, ta, reps[0] * reps_k)?),
    };
    let b_val = MemDescValue::from_values(&cx.get(b)?)?;
    let b_base = b_op.base(cx, &b_val, &group_b)?;

    let c_regs = cx.get(c)?;
    let zero_acc = c.defining_op().is_some_and(|d| d.name() == "arith.constant" && d.attr("value").is_some_and(|v| v.is_zero()));
    let use_c_val = match use_c_operand {
        Some(v) => Some(cx.scalar(v)?),
        None => None,
    };
    let max_imprecise = op.attr("maxNumImpreciseAcc").and_then(|x| x.int()).unwrap_or(0);
    let partial = ta.is_fp8() && tc == WgmmaType::F32 && max_imprecise <= k_total;
    let is_async = op.attr("isAsync").and_then(|x| x.bool()).unwrap_or(false);

    // 3. The instructions.
    let e = &mut cx.e;
    let acc_ty = if tc == WgmmaType::F32 { e.f32() } else { e.i32() };
    let n_words = if tc == WgmmaType::F16 { acc_size / 2 } else { acc_size };
    let acc_types = vec![acc_ty; n_words];
    let acc_struct = e.struct_ty(&acc_types);
    let i32t = e.i32();
    let wgmma_attrs = [
        ("m", e.int_attr(i32t, i64::from(instr.m))),
        ("n", e.int_attr(i32t, i64::from(instr.n))),
        ("k", e.int_attr(i32t, i64::from(instr.k))),
        ("eltTypeC", e.int_attr(i32t, tc as i64)),
        ("eltTypeA", e.int_attr(i32t, ta as i64)),
        ("eltTypeB", e.int_attr(i32t, tb as i64)),
        ("layoutA", e.int_attr(i32t, i64::from(instr.trans_a))),
        ("layoutB", e.int_attr(i32t, i64::from(!instr.trans_b))),
    ];
    // The instruction exists (convert-nv-gpu-to-llvm would refuse it).
    wgmma_asm(&instr, n_words, a_op.is_none().then_some(4), true)?;
    // A in registers: per instruction (m, n, k), in loop order, its tile's
    // registers packed to 32-bit words and each moved through a `mov.b32`,
    // all before the fence (Triton 3.9's order, repeated for each n).
    let mut a_moved: HashMap<(i64, i64, i64), Vec<Val>> = HashMap::new();
    if a_op.is_none() {
        let per_tile = (16 * k_instr) as usize / 32;
        for m in 0..reps[0] {
            for n in 0..reps[1] {
                for k in 0..reps_k {
                    let from = (m * reps_k + k) as usize * per_tile;
                    let words = pack_words(e, &a_regs[from..from + per_tile]);
                    // A 32-bit float (tf32) goes through the mov as an
                    // i32 and back, as Triton does.
                    let moved = words
                        .iter()
                        .map(|&w| {
                            let i32t = e.i32();
                            let word = if w.ty() == i32t { w } else { e.cast("llvm.bitcast", w, i32t) };
                            let out = e.inline_asm("mov.b32 $0, $1;", "=r,r", &[word], &[i32t], true)[0];
                            if w.ty() == i32t { out } else { e.cast("llvm.bitcast", out, w.ty()) }
                        })
                        .collect();
                    a_moved.insert((m, n, k), moved);
                }
            }
        }
    }
    e.op("nvvm.wgmma.fence.aligned", &[], &[], &[]);
    let mut results: HashMap<usize, Vec<Val>> = HashMap::new();
    for m in 0..reps[0] {
        for n in 0..reps[1] {
            let t = (m * reps[1] + n) as usize;
            let mut d: Option<Val> = if zero_acc {
                None
            } else {
                let vals: Vec<Val> = slots[t].iter().map(|&r| c_regs[r]).collect();
                let words = if tc == WgmmaType::F16 { pack_f16(e, &vals) } else { vals };
                Some(pack_struct(e, &words))
            };
            let mut use_c = e.bool_const(!zero_acc);
            if let Some(u) = use_c_val {
                use_c = e.and(use_c, u);
            }
            let mut partial_acc: Option<Val> = None;
            let mut low_precision = 0i64;
            for k in 0..reps_k {
                let a_desc = match (&a_op, a_base) {
                    (Some(a_op), Some(base)) => a_op.descriptor(e, base, [m * tile_m, k * k_instr])?,
                    _ => pack_struct(e, &a_moved[&(m, n, k)]),
                };
                let b_desc = b_op.descriptor(e, b_base, [k * k_instr, n * tile_n])?;
                low_precision += k_instr;
                let add_now = partial && (low_precision >= max_imprecise || k == reps_k - 1);
                let input = if partial { partial_acc.take() } else { d.take() };
                let mut args = vec![a_desc, b_desc, use_c];
                args.extend(input);
                let out = e.val("nvg.wgmma", &args, acc_struct, &wgmma_attrs);
                use_c = e.bool_const(true);
                if partial {
                    partial_acc = Some(out);
                } else {
                    d = Some(out);
                }
                if add_now {
                    let p = partial_acc.take().ok_or("a partial accumulation without a partial sum")?;
                    d = Some(match d.take() {
                        Some(prev) => {
                            // Triton's faddAccumulate: field by field into a
                            // fresh struct.
                            let mut sum = e.undef(acc_struct);
                            for i in 0..n_words as i64 {
                                let x = e.extract_value(prev, i, acc_ty);
                                let y = e.extract_value(p, i, acc_ty);
                                let s = e.binary("llvm.fadd", x, y);
                                sum = e.insert_value(sum, s, i);
                            }
                            sum
                        }
                        None => p,
                    });
                    low_precision = 0;
                }
            }
            let acc = d.ok_or("a wgmma dot without k-steps")?;
            results.insert(t, unpack_struct(e, acc, &acc_types));
        }
    }
    e.op("nvvm.wgmma.commit.group.sync.aligned", &[], &[], &[]);
    // Tiles in order, then back to the layout's registers.
    let mut flat: Vec<Val> = Vec::new();
    for t in 0..slots.len() {
        flat.extend(&results[&t]);
    }
    if !is_async {
        flat = emit_wait(e, &flat, 0)?;
    }
    if tc == WgmmaType::F16 {
        flat = unpack_f16(e, &flat, d_elem);
    }
    let mut out = vec![flat[0]; d_layout.num_regs()];
    for (t, tile) in slots.iter().enumerate() {
        for (f, &r) in tile.iter().enumerate() {
            out[r] = flat[t * acc_size + f];
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wgmma_strings_as_triton() {
        let i = WgmmaInstr { m: 64, n: 64, k: 32, c: WgmmaType::S32, a: WgmmaType::S8, b: WgmmaType::S8, trans_a: false, trans_b: false };
        let (asm, c) = wgmma_asm(&i, 4, None, false).unwrap();
        assert_eq!(asm, "wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {$0,$1,$2,$3}, $4, $5, 0;");
        assert_eq!(c, "=r,=r,=r,=r,l,l");
        let i = WgmmaInstr { m: 64, n: 128, k: 16, c: WgmmaType::F32, a: WgmmaType::F16, b: WgmmaType::F16, trans_a: false, trans_b: true };
        let (asm, c) = wgmma_asm(&i, 2, None, true).unwrap();
        assert_eq!(asm, "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0,$1}, $4, $5, $6, 1, 1, 0, 1;");
        assert_eq!(c, "=f,=f,0,1,l,l,b");
        let i = WgmmaInstr { m: 64, n: 64, k: 8, c: WgmmaType::F32, a: WgmmaType::Tf32, b: WgmmaType::Tf32, trans_a: false, trans_b: true };
        assert!(wgmma_asm(&i, 32, None, true).is_err());
    }
}
