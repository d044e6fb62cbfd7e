//! `tt.fp_to_fp`: float conversions with an explicit rounding mode
//! (`rounding = rtne | rtz`), fp8 among them.
//!
//! The pattern (slot `ttg-to-llvm.tt.fp_to_fp`) keeps a conversion to the
//! same type as the identity and asks everything else of the target
//! ([`TargetInfo::fp_to_fp`](super::TargetInfo::fp_to_fp)): which
//! conversions exist, and with which instructions, is the backend's choice;
//! an unsupported one is a diagnostic at the op.
//!
//! [`lower_software`] is Triton's conversion set for targets without fp8
//! hardware, written with integer operations only, so that every backend
//! that adopts it gets the same bits. The target supplies the two
//! f32→16-bit and the f16→f32 conversions it is built on ([`FpHardware`]:
//! hardware conversions whose NaN results are the positive canonical NaNs
//! `0x7fff` and `0x7fffffff`). Its semantics, per element (`h` an f16 bit pattern,
//! `b` an fp8 byte), NaN payloads included:
//!
//! | conversion | result |
//! |---|---|
//! | f32 → f16 / bf16, rtne / rtz | the target's f32→16-bit conversion (NaN → `0x7fff`) |
//! | f16 ↔ bf16 (rounding rtne if absent) | via f32 (exact), then as above (NaN → `0x7fff`) |
//! | f16 → f32 (any rounding attribute) | exact; NaN → `0x7fffffff` |
//! | f16 → e5m2, rtne | round to nearest even on the f16 bits; saturates to ±57344 (±inf too); NaN → its sign \| `0x7f` |
//! | bf16 → e5m2, rtne | bf16 → f32 → f16 rtne, then f16 → e5m2 rtne (NaN → `0x7f`: the f16 NaN is `0x7fff`) |
//! | f32 → e5m2, rtne | the low 16 bits of the f32 folded into bit 16 (sticky), f32 → f16 rtz, then f16 → e5m2 rtne (NaN → `0x7f`) |
//! | f32 → e5m2, rtz | f32 → f16 rtz, then the high byte of the f16 (NaN → `0x7f`) |
//! | e5m2 → f16 | `b << 8` (exact, inf and NaN included: a NaN keeps its sign and payload) |
//! | e5m2 → f32 | e5m2 → f16 → f32 (NaN → `0x7fffffff`) |
//! | e5m2 → bf16 | exact for finite values; exponent 31 (inf, NaN) gives the finite ±2^16·(1 + m/4) |
//!
//! The NaN results are Triton 3.9's code for GPUs without fp8 hardware, run on an H100
//! (docs/measurements/gpu-fp-conversions-h100.log): its f16 → e5m2 code
//! takes `min(|h|, 0x7b00)` (a NaN gives `0x7b00`), rounds (`0x7b80`), ORs
//! in `set.nan`'s 1.0 (`0x3c00`, giving `0x7f80`) and the sign of `h`.
//!
//! Anything else (e4m3fn, the fnuz types, f64, bf16 → f32, rtz into fp8
//! from f16/bf16, a rounding attribute on an fp8 upcast) is unsupported.
use super::emit::{Emitter, ICmp};
use super::{LowerPattern, Lowering};
use tritium_dialects::ir::{Op, Ty, Val};

/// `tt.fp_to_fp`'s `rounding` (Triton's `RoundingMode`: RTZ = 0, RTNE = 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Round toward zero.
    Rtz,
    /// Round to nearest, ties to even.
    Rtne,
}

impl Rounding {
    /// The mode of an op's `rounding` attribute (`None` when absent).
    pub fn of(op: Op) -> Result<Option<Rounding>, String> {
        match op.attr("rounding").map(|a| a.int()) {
            None => Ok(None),
            Some(Some(0)) => Ok(Some(Rounding::Rtz)),
            Some(Some(1)) => Ok(Some(Rounding::Rtne)),
            Some(other) => Err(format!("unknown rounding mode {other:?}")),
        }
    }
    /// Its spelling in the IR.
    pub fn name(self) -> &'static str {
        match self {
            Rounding::Rtz => "rtz",
            Rounding::Rtne => "rtne",
        }
    }
}

/// The float formats a conversion may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    F64,
    F32,
    F16,
    Bf16,
    E5m2,
    E4m3fn,
    E5m2fnuz,
    E4m3fnuz,
    /// Any other float type (named in messages by its IR spelling).
    Other,
}

impl Format {
    /// The format of a (scalar) MLIR float type.
    pub fn of(ty: Ty) -> Format {
        match ty.to_string().as_str() {
            "f64" => Format::F64,
            "f32" => Format::F32,
            "f16" => Format::F16,
            "bf16" => Format::Bf16,
            "f8E5M2" => Format::E5m2,
            "f8E4M3FN" => Format::E4m3fn,
            "f8E5M2FNUZ" => Format::E5m2fnuz,
            "f8E4M3FNUZ" => Format::E4m3fnuz,
            _ => Format::Other,
        }
    }
}

/// One `tt.fp_to_fp`: element types as written in the IR.
#[derive(Clone, Copy)]
pub struct FpConversion {
    pub src: Ty,
    pub dst: Ty,
    pub rounding: Option<Rounding>,
}

impl FpConversion {
    /// `f32 to f8E5M2 with rounding rtz`, for messages.
    pub fn describe(&self) -> String {
        match self.rounding {
            Some(r) => format!("{} to {} with rounding {}", self.src, self.dst, r.name()),
            None => format!("{} to {}", self.src, self.dst),
        }
    }
}

/// `ttg-to-llvm.tt.fp_to_fp`.
pub struct FpToFp;

/// `ttg-to-llvm.ttg.fp4_to_fp`.
pub struct Fp4ToFp;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&FpToFp, &Fp4ToFp];

impl LowerPattern for Fp4ToFp {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.ttg.fp4_to_fp"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["ttg.fp4_to_fp"]
    }
    /// Each byte holds two e2m1 values, the low nibble first along `axis`;
    /// the result layout (inferred by `infer_fp4_to_fp`) gives every thread
    /// the two values of each of its bytes as consecutive registers.
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let dst = op.result(0).ty().element();
        let f16 = match Format::of(dst) {
            Format::F16 => true,
            Format::Bf16 => false,
            _ => return Err(format!("ttg.fp4_to_fp to {dst} is not supported (bf16 or f16 only)")),
        };
        let bytes = cx.get(op.operand(0))?;
        let mut out = Vec::with_capacity(2 * bytes.len());
        for &b in &bytes {
            let i8t = cx.e.int_ty(8);
            let k4 = cx.e.const_int(i8t, 4);
            let hi = cx.e.lshr(b, k4);
            for nibble in [b, hi] {
                out.push(e2m1_to_16(&mut cx.e, nibble, dst, f16));
            }
        }
        Ok(vec![out])
    }
}

/// The low nibble of the byte `n` (an e2m1 value: sign, 2 exponent bits with
/// bias 1, 1 mantissa bit) as an exact bf16 or f16 of type `ty`: magnitude
/// code `m` is 0, 0.5 (`m = 1`, subnormal) or `2^(m/2 - 1) * (1 + (m & 1)/2)`,
/// i.e. the 16-bit pattern `m * half` for `m < 2` and `(m << mantissa - 1) +
/// half` otherwise, where `half` is the pattern of 0.5.
pub fn e2m1_to_16(e: &mut Emitter, n: Val, ty: Ty, f16: bool) -> Val {
    let i16t = e.int_ty(16);
    let wide = e.cast("llvm.zext", n, i16t);
    let k7 = e.const_int(i16t, 7);
    let m = e.and(wide, k7);
    let (half, shift) = if f16 { (0x3800, 9) } else { (0x3F00, 6) };
    let kh = e.const_int(i16t, half);
    let ks = e.const_int(i16t, shift);
    let small = e.mul(m, kh);
    let shifted = e.shl(m, ks);
    let normal = e.add(shifted, kh);
    let k2 = e.const_int(i16t, 2);
    let is_small = e.icmp(ICmp::Ult, m, k2);
    let magnitude = e.select(is_small, small, normal);
    let k8 = e.const_int(i16t, 8);
    let sign = e.and(wide, k8);
    let k12 = e.const_int(i16t, 12);
    let sign = e.shl(sign, k12);
    let bits = e.or(magnitude, sign);
    e.cast("llvm.bitcast", bits, ty)
}

impl LowerPattern for FpToFp {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.tt.fp_to_fp"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["tt.fp_to_fp"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let conv = FpConversion {
            src: op.operand(0).ty().element(),
            dst: op.result(0).ty().element(),
            rounding: Rounding::of(op)?,
        };
        let values = cx.get(op.operand(0))?;
        if conv.src == conv.dst {
            return Ok(vec![values]);
        }
        let out = cx.target.fp_to_fp(&mut cx.e, conv, &values)?;
        if out.len() != values.len() {
            return Err(format!("tt.fp_to_fp from {}: the target returned {} values for {}", conv.describe(), out.len(), values.len()));
        }
        Ok(vec![out])
    }
}

/// The float conversions [`lower_software`] is built on, with the NaN
/// results of the hardware's conversions (always the positive canonical NaN).
pub trait FpHardware {
    /// f32 → f16 with `rounding` (IEEE; NaN gives `0x7fff`). Result: `f16`.
    fn f32_to_f16(&self, e: &mut Emitter, x: Val, rounding: Rounding) -> Val;
    /// f32 → bf16 with `rounding` (NaN gives `0x7fff`). Result: `bf16`.
    fn f32_to_bf16(&self, e: &mut Emitter, x: Val, rounding: Rounding) -> Val;
    /// f16 → f32, exact; NaN gives `0x7fffffff` whatever its sign and
    /// payload (as `cvt.f32.f16`). Result: `f32`.
    fn f16_to_f32(&self, e: &mut Emitter, x: Val) -> Val;
}

/// The message of a conversion a target does not lower.
pub fn unsupported(conv: FpConversion, target: &str) -> String {
    format!("tt.fp_to_fp from {} is not supported on {target}", conv.describe())
}

/// Whether [`lower_software`] lowers `conv`.
pub fn software_supports(conv: FpConversion) -> bool {
    use Format::*;
    let (s, d, r) = (Format::of(conv.src), Format::of(conv.dst), conv.rounding);
    match (s, d) {
        (F32, F16 | Bf16) => r.is_some(),
        (F16, Bf16) | (Bf16, F16) => true,
        (F16, F32) => true,
        (F16 | Bf16, E5m2) => r == Some(Rounding::Rtne),
        (F32, E5m2) => r.is_some(),
        (E5m2, F16 | F32 | Bf16) => r.is_none(),
        _ => false,
    }
}

/// Lowers `conv` on `values` with the software conversions described in the
/// module documentation; `Err` names a conversion outside that set.
pub fn lower_software(e: &mut Emitter, hw: &dyn FpHardware, conv: FpConversion, values: &[Val], target: &str) -> Result<Vec<Val>, String> {
    use Format::*;
    if !software_supports(conv) {
        return Err(unsupported(conv, target));
    }
    let (s, d) = (Format::of(conv.src), Format::of(conv.dst));
    let rounding = conv.rounding.unwrap_or(Rounding::Rtne);
    let f32t = e.f32();
    let mut out = Vec::with_capacity(values.len());
    for &x in values {
        let v = match (s, d) {
            (F32, F16) => hw.f32_to_f16(e, x, rounding),
            (F32, Bf16) => hw.f32_to_bf16(e, x, rounding),
            (F16 | Bf16, F16 | Bf16) => {
                let w = e.cast("llvm.fpext", x, f32t);
                if d == F16 {
                    hw.f32_to_f16(e, w, rounding)
                } else {
                    hw.f32_to_bf16(e, w, rounding)
                }
            }
            (F16, F32) => hw.f16_to_f32(e, x),
            (F16, E5m2) => {
                let h = bits(e, x, 16);
                f16_to_e5m2_rtne(e, h)
            }
            (Bf16, E5m2) => {
                let w = e.cast("llvm.fpext", x, f32t);
                let h = hw.f32_to_f16(e, w, Rounding::Rtne);
                let h = bits(e, h, 16);
                f16_to_e5m2_rtne(e, h)
            }
            (F32, E5m2) if rounding == Rounding::Rtne => {
                let u = bits(e, x, 32);
                let u = sticky_low16(e, u);
                let uf = e.cast("llvm.bitcast", u, f32t);
                let h = hw.f32_to_f16(e, uf, Rounding::Rtz);
                let h = bits(e, h, 16);
                f16_to_e5m2_rtne(e, h)
            }
            (F32, E5m2) => {
                let h = hw.f32_to_f16(e, x, Rounding::Rtz);
                let h = bits(e, h, 16);
                high_byte(e, h)
            }
            (E5m2, F16 | F32) => {
                let h = e5m2_to_f16_bits(e, x);
                let f16t = float_ty(e, "f16");
                let hf = e.cast("llvm.bitcast", h, f16t);
                if d == F32 {
                    hw.f16_to_f32(e, hf)
                } else {
                    hf
                }
            }
            (E5m2, Bf16) => {
                let r = e5m2_to_bf16_bits(e, x);
                let bf16t = float_ty(e, "bf16");
                e.cast("llvm.bitcast", r, bf16t)
            }
            _ => return Err(unsupported(conv, target)),
        };
        out.push(v);
    }
    Ok(out)
}

/// The float type spelled `name` (`f16`, `bf16`).
pub fn float_ty(e: &mut Emitter, name: &str) -> Ty {
    let a = e.attr(&format!("0.0 : {name}"));
    Ty(unsafe { mlir_sys::mlirAttributeGetType(a.0) })
}

/// A float or integer value as the integer of `width` bits holding its bits.
fn bits(e: &mut Emitter, v: Val, width: u32) -> Val {
    let it = e.int_ty(width);
    if v.ty().is_integer() {
        v
    } else {
        e.cast("llvm.bitcast", v, it)
    }
}

/// The constant `value` of the integer type `ty`, given as its bits
/// (sign-extended so that e.g. `0xffff` is a valid `i16`).
fn k(e: &mut Emitter, ty: Ty, value: i64) -> Val {
    let w = ty.bit_width();
    let v = if w < 64 { (value << (64 - w)) >> (64 - w) } else { value };
    e.const_int(ty, v)
}

/// `u | ((u + 0xffff) & 0x10000)`: bit 16 set when the low 16 bits of the
/// f32 bits `u` are not all zero (a sticky bit below the f16 → e5m2
/// rounding position, so that f32 → f16 rtz loses nothing that matters).
pub fn sticky_low16(e: &mut Emitter, u: Val) -> Val {
    let t = u.ty();
    let c = k(e, t, 0xffff);
    let s = e.add(u, c);
    let m = k(e, t, 0x10000);
    let s = e.and(s, m);
    e.or(u, s)
}

/// f16 bits (i16) → e5m2 (i8), round to nearest even, saturating: finite
/// values above 57344 and ±inf give ±57344; NaN gives its sign | `0x7f`
/// (Triton's code for GPUs without fp8 hardware: the rounded magnitude of a
/// NaN is `0x7f80`).
pub fn f16_to_e5m2_rtne(e: &mut Emitter, h: Val) -> Val {
    let i16t = e.int_ty(16);
    let i8t = e.int_ty(8);
    let c7fff = k(e, i16t, 0x7fff);
    let a = e.and(h, c7fff);
    // NaN as a float compare, not `|h| > 0x7c00` on the bits: the GPU's
    // assembler (12.9, and the H100 driver's 13.0 JIT) compares the whole
    // 32-bit register of a scalar min.f16/max.f16 result (whose high half it
    // wrongly takes for zero) when the f16 came from one (tests/diff seed 41,
    // program 1535).
    let hf = e.cast("llvm.bitcast", h, e.f16());
    let uno = e.int_attr(e.i64(), 14);
    let i1 = e.i1();
    let nan = e.val("llvm.fcmp", &[hf, hf], i1, &[("predicate", uno)]);
    let max = k(e, i16t, 0x7b00);
    let a = e.val("llvm.intr.umin", &[a, max], i16t, &[]);
    let c8 = k(e, i16t, 8);
    let t = e.lshr(a, c8);
    let one = k(e, i16t, 1);
    let t = e.and(t, one);
    let c7f = k(e, i16t, 0x7f);
    let a = e.add(a, c7f);
    let a = e.add(a, t);
    let nan_bits = k(e, i16t, 0x7f80);
    let a = e.select(nan, nan_bits, a);
    let sign = k(e, i16t, 0x8000);
    let s = e.and(h, sign);
    let a = e.or(a, s);
    let a = e.lshr(a, c8);
    e.cast("llvm.trunc", a, i8t)
}

/// The high byte of f16 bits (i16) as e5m2 (i8): f16 → e5m2 toward zero.
pub fn high_byte(e: &mut Emitter, h: Val) -> Val {
    let i16t = e.int_ty(16);
    let i8t = e.int_ty(8);
    let c8 = k(e, i16t, 8);
    let a = e.lshr(h, c8);
    e.cast("llvm.trunc", a, i8t)
}

/// e5m2 (i8) → f16 bits (i16): the byte in the high half.
pub fn e5m2_to_f16_bits(e: &mut Emitter, b: Val) -> Val {
    let i16t = e.int_ty(16);
    let w = e.cast("llvm.zext", b, i16t);
    let c8 = k(e, i16t, 8);
    e.shl(w, c8)
}

/// e5m2 (i8) → bf16 bits (i16): exact for finite values; an all-ones
/// exponent is rebiased like the others, giving ±2^16·(1 + m/4).
pub fn e5m2_to_bf16_bits(e: &mut Emitter, b: Val) -> Val {
    // |b| as a float of exponent bias 15 is |b| << 5 as bf16 bits of bias
    // 15 too; times 2^112 rebiases to 127. The magnitude times 2^112 is
    // exact in f32 (subnormal inputs become normal), and bf16-representable.
    let i32t = e.i32();
    let i16t = e.int_ty(16);
    let f32t = e.f32();
    let w = e.cast("llvm.zext", b, i32t);
    let c7f = k(e, i32t, 0x7f);
    let mag = e.and(w, c7f);
    let c21 = k(e, i32t, 21);
    let fbits = e.shl(mag, c21);
    let f = e.cast("llvm.bitcast", fbits, f32t);
    let scale = e.const_float(f32t, 2f64.powi(112));
    let p = e.val("llvm.fmul", &[f, scale], f32t, &[]);
    let pb = e.cast("llvm.bitcast", p, i32t);
    let c16 = k(e, i32t, 16);
    let hi = e.lshr(pb, c16);
    let c80 = k(e, i32t, 0x80);
    let s = e.and(w, c80);
    let c8 = k(e, i32t, 8);
    let s = e.shl(s, c8);
    let r = e.or(hi, s);
    e.cast("llvm.trunc", r, i16t)
}

/// f32 (value) → f16/bf16 (`dst`, a 16-bit float type) toward zero, from a
/// round-to-nearest conversion: where the nearest value's magnitude exceeds
/// the input's, step its bits one toward zero (inf from a finite input
/// becomes the largest finite value). NaN gives `0x7fff`.
pub fn f32_to_16_rtz_from_rne(e: &mut Emitter, x: Val, dst: Ty) -> Val {
    let f32t = e.f32();
    let i16t = e.int_ty(16);
    let r = e.cast("llvm.fptrunc", x, dst);
    let back = e.cast("llvm.fpext", r, f32t);
    let ax = e.val("llvm.intr.fabs", &[x], f32t, &[]);
    let ab = e.val("llvm.intr.fabs", &[back], f32t, &[]);
    let ogt = e.int_attr(e.i64(), 2);
    let i1 = e.i1();
    let too_big = e.val("llvm.fcmp", &[ab, ax], i1, &[("predicate", ogt)]);
    let rb = e.cast("llvm.bitcast", r, i16t);
    let one = k(e, i16t, 1);
    let dec = e.sub(rb, one);
    let rb = e.select(too_big, dec, rb);
    let rb = canonical_nan(e, x, rb);
    e.cast("llvm.bitcast", rb, dst)
}

/// f32 → f16/bf16 (`dst`) to nearest even, NaN giving `0x7fff`.
pub fn f32_to_16_rtne(e: &mut Emitter, x: Val, dst: Ty) -> Val {
    let i16t = e.int_ty(16);
    let r = e.cast("llvm.fptrunc", x, dst);
    let rb = e.cast("llvm.bitcast", r, i16t);
    let rb = canonical_nan(e, x, rb);
    e.cast("llvm.bitcast", rb, dst)
}

/// f16 → f32 as `cvt.f32.f16` computes it, for targets whose `fpext`
/// keeps NaN payloads: exact, NaN giving `0x7fffffff`.
pub fn f16_to_f32_canonical(e: &mut Emitter, x: Val) -> Val {
    let f32t = e.f32();
    let i32t = e.i32();
    let w = e.cast("llvm.fpext", x, f32t);
    let wb = e.cast("llvm.bitcast", w, i32t);
    let uno = e.int_attr(e.i64(), 14);
    let i1 = e.i1();
    let isnan = e.val("llvm.fcmp", &[w, w], i1, &[("predicate", uno)]);
    let qnan = k(e, i32t, 0x7fff_ffff);
    let r = e.select(isnan, qnan, wb);
    e.cast("llvm.bitcast", r, f32t)
}

/// `x` NaN ? `0x7fff` : `bits16`.
fn canonical_nan(e: &mut Emitter, x: Val, bits16: Val) -> Val {
    let i16t = e.int_ty(16);
    let uno = e.int_attr(e.i64(), 14);
    let i1 = e.i1();
    let isnan = e.val("llvm.fcmp", &[x, x], i1, &[("predicate", uno)]);
    let qnan = k(e, i16t, 0x7fff);
    e.select(isnan, qnan, bits16)
}
