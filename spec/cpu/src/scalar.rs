//! Elementwise ops on one element: `arith`, `math` and `tt`'s pointer and
//! float ops, as LLVM instructions and intrinsics. The same code lowers a
//! scalar op and the per-element body of a tensor op.
//!
//! `math.exp` on f32 is an inline polynomial (Cephes' `expf`: range
//! reduction by ln 2 in two parts, a degree-6 polynomial, the exponent put
//! in by integer arithmetic), so that loops over it vectorize: LLVM's
//! `llvm.exp` would be a scalar call to libm per element.
use crate::CpuOptions;
use tritium_conversions::ttg_to_llvm::emit::{Emitter, ICmp};
use tritium_dialects::ir::{Op, Ty, Val};

/// Whether `name` is an elementwise op this file lowers.
pub fn is_elementwise(name: &str) -> bool {
    ROOTS.contains(&name)
}

/// Whether evaluating `name` costs much more than an add (so that a value
/// used twice is better computed once into a buffer).
pub fn is_expensive(name: &str) -> bool {
    matches!(
        name,
        "arith.divf" | "arith.divsi" | "arith.divui" | "arith.remsi" | "arith.remui" | "arith.remf" | "arith.ceildivsi"
            | "arith.floordivsi" | "arith.ceildivui"
            | "math.exp" | "math.exp2" | "math.log" | "math.log2" | "math.sqrt" | "math.rsqrt" | "math.sin" | "math.cos"
            | "math.tanh" | "math.erf" | "tt.precise_sqrt" | "tt.precise_divf" | "tt.approx_divf" | "math.log1p"
            | "math.expm1" | "math.tan" | "math.atan" | "math.powf"
    )
}

/// The elementwise ops (the roots of the slot `cpu.elementwise`).
pub const ROOTS: &[&str] = &[
    "arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.remsi", "arith.remui",
    "arith.ceildivsi", "arith.floordivsi", "arith.ceildivui",
    "arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrsi", "arith.shrui", "arith.maxsi",
    "arith.minsi", "arith.maxui", "arith.minui", "arith.addf", "arith.subf", "arith.mulf", "arith.divf",
    "arith.remf", "arith.negf", "arith.maxnumf", "arith.minnumf", "arith.maximumf", "arith.minimumf",
    "arith.select", "arith.cmpi", "arith.cmpf", "arith.extsi", "arith.extui", "arith.trunci", "arith.extf",
    "arith.truncf", "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.bitcast",
    "arith.index_cast", "arith.index_castui",
    "math.absf", "math.absi", "math.sqrt", "math.rsqrt", "math.floor", "math.ceil", "math.trunc", "math.round",
    "math.roundeven", "math.fma", "math.copysign", "math.exp", "math.exp2", "math.log", "math.log2", "math.sin",
    "math.cos", "math.tanh", "math.erf", "math.log1p", "math.expm1", "math.powf", "math.tan", "math.atan",
    "tt.bitcast", "tt.int_to_ptr", "tt.ptr_to_int", "tt.addptr", "tt.precise_sqrt", "tt.precise_divf",
    "tt.approx_divf", "tt.clampf", "tt.mulhiui", "tt.fp_to_fp", "ub.poison", "tt.extern_elementwise",
];

/// fp8 values are held as their bytes: `math.absf` and `arith.negf` on them
/// clear or flip the sign bit (as the GPU does); other float arithmetic on
/// them is an error at the op (Triton converts fp8 to a wider type first).
fn fp8_sign_op(e: &mut Emitter, op: Op, args: &[Val], out: Ty) -> Result<Option<Val>, String> {
    let is_fp8 = |t: Ty| {
        let el = t.element();
        el.is_float() && el.bit_width() < 16
    };
    let name = op.name();
    let fp8_result = op.num_results() == 1 && is_fp8(op.result(0).ty()) && out.is_integer();
    if !fp8_result {
        if name == "arith.cmpf" && op.operands().first().is_some_and(|v| is_fp8(v.ty())) {
            return Err(format!("'{name}' on {} values is not supported by the CPU backend", op.operand(0).ty().element()));
        }
        return Ok(None);
    }
    let sign = 1i64 << (out.bit_width() - 1);
    match name {
        "math.absf" => {
            let m = e.const_int(out, sign - 1);
            Ok(Some(e.and(args[0], m)))
        }
        "arith.negf" => {
            let m = e.const_int(out, -sign);
            Ok(Some(e.xor(args[0], m)))
        }
        "arith.addf" | "arith.subf" | "arith.mulf" | "arith.divf" | "arith.remf" | "arith.maxnumf" | "arith.minnumf"
        | "arith.maximumf" | "arith.minimumf" | "math.fma" | "math.sqrt" | "math.exp" | "math.exp2" | "math.log"
        | "math.log2" | "math.floor" | "math.ceil" | "math.copysign" | "arith.sitofp" | "arith.uitofp"
        | "arith.truncf" | "arith.extf" => Err(format!(
            "'{name}' on {} values is not supported by the CPU backend (convert them with .to() first)",
            op.result(0).ty().element()
        )),
        _ => Ok(None),
    }
}

fn same(e: &mut Emitter, name: &str, args: &[Val], out: Ty) -> Val {
    e.val(name, args, out, &[])
}

/// Lowers the elementwise `op` applied to `args` (one element each) with
/// result element type `out` (an LLVM scalar type).
pub fn lower(e: &mut Emitter, options: &CpuOptions, op: Op, args: &[Val], out: Ty) -> Result<Val, String> {
    let name = op.name();
    if let Some(v) = fp8_sign_op(e, op, args, out)? {
        return Ok(v);
    }
    let simple = match name {
        "arith.addi" => Some("llvm.add"),
        "arith.subi" => Some("llvm.sub"),
        "arith.muli" => Some("llvm.mul"),
        "arith.divsi" => Some("llvm.sdiv"),
        "arith.divui" => Some("llvm.udiv"),
        "arith.remsi" => Some("llvm.srem"),
        "arith.remui" => Some("llvm.urem"),
        "arith.andi" => Some("llvm.and"),
        "arith.ori" => Some("llvm.or"),
        "arith.xori" => Some("llvm.xor"),
        "arith.shli" => Some("llvm.shl"),
        "arith.shrsi" => Some("llvm.ashr"),
        "arith.shrui" => Some("llvm.lshr"),
        "arith.maxsi" => Some("llvm.intr.smax"),
        "arith.minsi" => Some("llvm.intr.smin"),
        "arith.maxui" => Some("llvm.intr.umax"),
        "arith.minui" => Some("llvm.intr.umin"),
        "arith.addf" => Some("llvm.fadd"),
        "arith.subf" => Some("llvm.fsub"),
        "arith.mulf" => Some("llvm.fmul"),
        "arith.divf" | "tt.precise_divf" | "tt.approx_divf" => Some("llvm.fdiv"),
        "arith.remf" => Some("llvm.frem"),
        "arith.negf" => Some("llvm.fneg"),
        "arith.maxnumf" => Some("llvm.intr.maxnum"),
        "arith.minnumf" => Some("llvm.intr.minnum"),
        "arith.maximumf" => Some("llvm.intr.maximum"),
        "arith.minimumf" => Some("llvm.intr.minimum"),
        "math.absf" => Some("llvm.intr.fabs"),
        "math.sqrt" | "tt.precise_sqrt" => Some("llvm.intr.sqrt"),
        "math.floor" => Some("llvm.intr.floor"),
        "math.ceil" => Some("llvm.intr.ceil"),
        "math.trunc" => Some("llvm.intr.trunc"),
        "math.round" => Some("llvm.intr.round"),
        "math.roundeven" => Some("llvm.intr.roundeven"),
        "math.fma" => Some("llvm.intr.fma"),
        "math.copysign" => Some("llvm.intr.copysign"),
        "math.exp2" => Some("llvm.intr.exp2"),
        "math.log" => Some("llvm.intr.log"),
        "math.log2" => Some("llvm.intr.log2"),
        "math.sin" => Some("llvm.intr.sin"),
        "math.cos" => Some("llvm.intr.cos"),
        "math.tan" => Some("llvm.intr.tan"),
        "math.atan" => Some("llvm.intr.atan"),
        "math.tanh" => Some("llvm.intr.tanh"),
        "math.powf" => Some("llvm.intr.pow"),
        _ => None,
    };
    if name == "arith.divf" && out.bit_width() == 32 {
        // Triton's `/` on f32 is not correctly rounded on the GPU either
        // (`div.full.f32`, 2 ulp; `tt.precise_divf` is the IEEE one):
        // `arcp` lets LLVM divide by a row's sum as one reciprocal and a
        // multiply per element (about 1.5 ulp).
        let flags = e.attr("#llvm.fastmath<arcp>");
        return Ok(e.val("llvm.fdiv", args, out, &[("fastmathFlags", flags)]));
    }
    if let Some(llvm) = simple {
        if out.is_float() && out.bit_width() == 16 && promoted_to_f32(name) {
            // f16/bf16 transcendentals are computed in f32 and rounded once, as
            // the GPU does: LLVM folds e.g. `exp2.f16(sitofp x)` into
            // `ldexp.f16(1, x)`, which the x86 backend miscompiles (exp2(1) = 1).
            let f32t = e.f32();
            let wide: Vec<Val> = args.iter().map(|a| e.cast("llvm.fpext", *a, f32t)).collect();
            let r = same(e, llvm, &wide, f32t);
            return Ok(e.cast("llvm.fptrunc", r, out));
        }
        return Ok(same(e, llvm, args, out));
    }
    let cast = match name {
        "arith.extsi" => Some("llvm.sext"),
        "arith.extui" => Some("llvm.zext"),
        "arith.trunci" => Some("llvm.trunc"),
        "arith.extf" => Some("llvm.fpext"),
        "arith.truncf" => Some("llvm.fptrunc"),
        "arith.sitofp" => Some("llvm.sitofp"),
        "arith.uitofp" => Some("llvm.uitofp"),
        "arith.fptosi" => Some("llvm.fptosi"),
        "arith.fptoui" => Some("llvm.fptoui"),
        "arith.bitcast" | "tt.bitcast" => Some("llvm.bitcast"),
        "tt.int_to_ptr" => Some("llvm.inttoptr"),
        "tt.ptr_to_int" => Some("llvm.ptrtoint"),
        _ => None,
    };
    if let Some(llvm) = cast {
        return Ok(e.cast(llvm, args[0], out));
    }
    match name {
        "arith.cmpi" | "arith.cmpf" => {
            let pred = op.attr("predicate").and_then(|a| a.int()).ok_or("comparison without a predicate")?;
            let p = e.int_attr(e.i64(), pred);
            let llvm = if name == "arith.cmpi" { "llvm.icmp" } else { "llvm.fcmp" };
            Ok(e.val(llvm, args, out, &[("predicate", p)]))
        }
        "arith.select" => Ok(e.select(args[0], args[1], args[2])),
        "arith.index_cast" | "arith.index_castui" => {
            let (from, to) = (args[0].ty().bit_width(), out.bit_width());
            let ext = if name == "arith.index_cast" { "llvm.sext" } else { "llvm.zext" };
            Ok(if from < to { e.cast(ext, args[0], out) } else { e.cast("llvm.trunc", args[0], out) })
        }
        "arith.ceildivsi" | "arith.floordivsi" | "arith.ceildivui" => Ok(e.rounded_div(name, args[0], args[1])),
        "math.absi" => {
            let f = e.attr("false");
            Ok(e.val("llvm.intr.abs", &[args[0]], out, &[("is_int_min_poison", f)]))
        }
        "math.rsqrt" => {
            let s = e.val("llvm.intr.sqrt", &[args[0]], out, &[]);
            let one = e.const_float(out, 1.0);
            Ok(e.val("llvm.fdiv", &[one, s], out, &[]))
        }
        "math.exp" => exp(e, args[0], out, options.avx512),
        "math.erf" => libm_call(e, "erf", args[0], out),
        "math.log1p" => libm_call(e, "log1p", args[0], out),
        "math.expm1" => libm_call(e, "expm1", args[0], out),
        "tt.clampf" => {
            let all = op.attr("propagateNan").and_then(|a| a.int()).unwrap_or(0) != 0;
            let (max, min) = if all { ("llvm.intr.maximum", "llvm.intr.minimum") } else { ("llvm.intr.maxnum", "llvm.intr.minnum") };
            let lo = e.val(max, &[args[0], args[1]], out, &[]);
            Ok(e.val(min, &[lo, args[2]], out, &[]))
        }
        "tt.addptr" => {
            let elem = addptr_elem(e, op)?;
            Ok(e.gep(args[0], elem, args[1]))
        }
        "tt.mulhiui" => {
            let bits = out.bit_width();
            let wide = e.int_ty(bits * 2);
            let a = e.cast("llvm.zext", args[0], wide);
            let b = e.cast("llvm.zext", args[1], wide);
            let p = e.mul(a, b);
            let k = e.const_int(wide, i64::from(bits));
            let hi = e.lshr(p, k);
            Ok(e.cast("llvm.trunc", hi, out))
        }
        "tt.fp_to_fp" => fp_to_fp(e, op, args[0]),
        "tt.extern_elementwise" => libdevice_call(e, op, args, out),
        "ub.poison" => Ok(e.val("llvm.mlir.poison", &[], out, &[])),
        _ => Err(format!("'{name}' is not supported by the CPU backend")),
    }
}

/// Whether the elementwise `op` can be lowered at all (checked when it is
/// met, before a lazy use evaluates it): `tt.fp_to_fp` only of the
/// conversions [`fp_to_fp`] knows.
pub fn check(op: Op) -> Result<(), String> {
    use tritium_conversions::ttg_to_llvm::fp_to_fp::{software_supports, unsupported, FpConversion, Rounding};
    if op.name() == "tt.extern_elementwise" {
        return libdevice_equivalent(op).map(|_| ());
    }
    if op.name() != "tt.fp_to_fp" {
        return Ok(());
    }
    let conv = FpConversion {
        src: op.operand(0).ty().element(),
        dst: op.result(0).ty().element(),
        rounding: Rounding::of(op)?,
    };
    if conv.src == conv.dst || software_supports(conv) || e4m3fn_supports(conv) {
        Ok(())
    } else {
        Err(unsupported(conv, "the CPU backend"))
    }
}

/// `tt.fp_to_fp`: the same conversions and bits as the GPU (Triton's set
/// for targets without fp8 hardware, `fp_to_fp::lower_software`), its
/// f32→f16/bf16 steps honouring `rounding` in software. Anything else is
/// an error at the op.
fn fp_to_fp(e: &mut Emitter, op: Op, x: Val) -> Result<Val, String> {
    use tritium_conversions::ttg_to_llvm::fp_to_fp::{lower_software, FpConversion, Rounding};
    let conv = FpConversion {
        src: op.operand(0).ty().element(),
        dst: op.result(0).ty().element(),
        rounding: Rounding::of(op)?,
    };
    if conv.src == conv.dst {
        return Ok(x);
    }
    if e4m3fn_supports(conv) {
        return Ok(e4m3fn_convert(e, conv, x));
    }
    let out = lower_software(e, &SoftCvt, conv, &[x], "the CPU backend")?;
    out.into_iter().next().ok_or_else(|| "tt.fp_to_fp produced no value".into())
}

/// The fp8e4nv (`f8E4M3FN`) conversions of the CPU backend, with the
/// semantics of the GPUs that have them in hardware (sm89 and later):
/// to f32/f16/bf16 exactly (a NaN gives the positive canonical NaN), and
/// from f32/f16/bf16 rounding to nearest even with saturation
/// (`cvt.rn.satfinite`: beyond 448, infinities included, gives ±448; NaN
/// gives 0x7f). tests/cpu/check_fp_conversions.py checks them bit for bit
/// against tests/cpu/fp_reference.py's sm89 semantics.
fn e4m3fn_supports(conv: tritium_conversions::ttg_to_llvm::fp_to_fp::FpConversion) -> bool {
    use tritium_conversions::ttg_to_llvm::fp_to_fp::{Format::*, Rounding};
    use tritium_conversions::ttg_to_llvm::fp_to_fp::Format;
    match (Format::of(conv.src), Format::of(conv.dst)) {
        (E4m3fn, F32 | F16 | Bf16) => conv.rounding.is_none(),
        (F32 | F16 | Bf16, E4m3fn) => conv.rounding == Some(Rounding::Rtne),
        _ => false,
    }
}

fn e4m3fn_convert(e: &mut Emitter, conv: tritium_conversions::ttg_to_llvm::fp_to_fp::FpConversion, x: Val) -> Val {
    use tritium_conversions::ttg_to_llvm::fp_to_fp::{Format, FpHardware, Rounding};
    let (i8t, i32t, f32t) = (e.int_ty(8), e.i32(), e.f32());
    if Format::of(conv.src) == Format::E4m3fn {
        // The 7 magnitude bits shifted to an f32's exponent and mantissa
        // fields are the value times 2^-120 (subnormals included); the
        // product by 2^120 is exact.
        let b = if x.ty().is_integer() { x } else { e.cast("llvm.bitcast", x, i8t) };
        let w = e.cast("llvm.zext", b, i32t);
        let k7f = e.i32_const(0x7f);
        let mag = e.and(w, k7f);
        let c20 = e.i32_const(20);
        let fb = e.shl(mag, c20);
        let f = e.cast("llvm.bitcast", fb, f32t);
        let scale = e.const_float(f32t, 2f64.powi(120));
        let v = e.binary("llvm.fmul", f, scale);
        let vb = e.cast("llvm.bitcast", v, i32t);
        let k80 = e.i32_const(0x80);
        let sign = e.and(w, k80);
        let c24 = e.i32_const(24);
        let sign = e.shl(sign, c24);
        let vb = e.or(vb, sign);
        // NaN: the positive canonical NaN, as every PTX cvt gives.
        let is_nan = e.icmp(ICmp::Eq, mag, k7f);
        let qnan = e.i32_const(0x7fff_ffff);
        let vb = e.select(is_nan, qnan, vb);
        let v = e.cast("llvm.bitcast", vb, f32t);
        return match Format::of(conv.dst) {
            Format::F32 => v,
            // Every e4m3 value is an f16 and a bf16: the rounding is exact.
            Format::F16 => SoftCvt.f32_to_f16(e, v, Rounding::Rtne),
            _ => SoftCvt.f32_to_bf16(e, v, Rounding::Rtne),
        };
    }
    // To e4m3fn: from the (exact) f32 value.
    let v = if Format::of(conv.src) == Format::F32 {
        x
    } else if Format::of(conv.src) == Format::F16 {
        SoftCvt.f16_to_f32(e, x)
    } else {
        e.cast("llvm.fpext", x, f32t)
    };
    let u = e.cast("llvm.bitcast", v, i32t);
    let abs_mask = e.i32_const(0x7fff_ffff);
    let a = e.and(u, abs_mask);
    let inf = e.i32_const(0x7f80_0000);
    let is_nan = e.icmp(ICmp::Ugt, a, inf);
    // Saturate: |x| >= 448 (0x43e00000), infinities too, gives 448.
    let max = e.i32_const(0x43e0_0000);
    let big = e.icmp(ICmp::Uge, a, max);
    let a = e.select(big, max, a);
    // Normal results (biased f32 exponent >= 121): rebias by 120 and round
    // the 23 mantissa bits to 3, to nearest even (a carry moves the exponent).
    let c20 = e.i32_const(20);
    let one = e.i32_const(1);
    let lsb = e.lshr(a, c20);
    let lsb = e.and(lsb, one);
    let rebias = e.i32_const(120 << 23);
    let n = e.sub(a, rebias);
    let half = e.i32_const(0x7ffff);
    let n = e.add(n, half);
    let n = e.add(n, lsb);
    let normal = e.lshr(n, c20);
    // Subnormal results: (1.m x 2^23) >> (141 - E) in units of 2^-9, to
    // nearest even (a shift of 25 or more leaves less than a half: 0).
    let c23 = e.i32_const(23);
    let exp = e.lshr(a, c23);
    let k7fffff = e.i32_const(0x7f_ffff);
    let man = e.and(a, k7fffff);
    let hidden = e.i32_const(0x80_0000);
    let sig = e.or(man, hidden);
    let k141 = e.i32_const(141);
    let sh = e.sub(k141, exp);
    let k25 = e.i32_const(25);
    let too_far = e.icmp(ICmp::Sgt, sh, k25);
    let sh = e.select(too_far, k25, sh);
    let q = e.lshr(sig, sh);
    let unit = e.shl(one, sh);
    let mask = e.sub(unit, one);
    let rem = e.and(sig, mask);
    let halfway = e.lshr(unit, one);
    let above = e.icmp(ICmp::Ugt, rem, halfway);
    let tie = e.icmp(ICmp::Eq, rem, halfway);
    let odd = e.and(q, one);
    let zero = e.i32_const(0);
    let odd = e.icmp(ICmp::Ne, odd, zero);
    let tie_up = e.and(tie, odd);
    let up = e.or(above, tie_up);
    let upi = e.cast("llvm.zext", up, i32t);
    let sub = e.add(q, upi);
    let k121 = e.i32_const(121);
    let is_normal = e.icmp(ICmp::Uge, exp, k121);
    let r = e.select(is_normal, normal, sub);
    let c24 = e.i32_const(24);
    let sign = e.lshr(u, c24);
    let k80 = e.i32_const(0x80);
    let sign = e.and(sign, k80);
    let r = e.or(r, sign);
    let k7f = e.i32_const(0x7f);
    let r = e.select(is_nan, k7f, r);
    // fp8 values are held as their bytes (i8).
    e.cast("llvm.trunc", r, i8t)
}

/// f32 → f16/bf16 for [`fp_to_fp`], NaN giving `0x7fff` as the GPU's `cvt`:
/// f16 through LLVM's `fptrunc` (rtz: stepped toward zero where it rounded
/// up in magnitude), bf16 on the bits (rtne: add `0x7fff` plus the kept
/// LSB, rtz: truncate). f16 → f32 is `fpext` with a NaN replaced by
/// `0x7fffffff`, as `cvt.f32.f16` gives on the GPU (`fpext` here keeps the
/// payload).
struct SoftCvt;

impl tritium_conversions::ttg_to_llvm::fp_to_fp::FpHardware for SoftCvt {
    fn f32_to_f16(&self, e: &mut Emitter, x: Val, rounding: tritium_conversions::ttg_to_llvm::fp_to_fp::Rounding) -> Val {
        use tritium_conversions::ttg_to_llvm::fp_to_fp::{f32_to_16_rtne, f32_to_16_rtz_from_rne, float_ty, Rounding};
        let f16t = float_ty(e, "f16");
        match rounding {
            Rounding::Rtne => f32_to_16_rtne(e, x, f16t),
            Rounding::Rtz => f32_to_16_rtz_from_rne(e, x, f16t),
        }
    }
    fn f32_to_bf16(&self, e: &mut Emitter, x: Val, rounding: tritium_conversions::ttg_to_llvm::fp_to_fp::Rounding) -> Val {
        use tritium_conversions::ttg_to_llvm::fp_to_fp::{float_ty, Rounding};
        let i32t = e.i32();
        let i16t = e.int_ty(16);
        let u = e.cast("llvm.bitcast", x, i32t);
        let u = match rounding {
            Rounding::Rtne => {
                let c16 = e.i32_const(16);
                let lsb = e.lshr(u, c16);
                let one = e.i32_const(1);
                let lsb = e.and(lsb, one);
                let bias = e.i32_const(0x7fff);
                let t = e.add(u, bias);
                e.add(t, lsb)
            }
            Rounding::Rtz => u,
        };
        let c16 = e.i32_const(16);
        let hi = e.lshr(u, c16);
        let h = e.cast("llvm.trunc", hi, i16t);
        let p = e.int_attr(e.i64(), 14);
        let i1 = e.i1();
        let isnan = e.val("llvm.fcmp", &[x, x], i1, &[("predicate", p)]);
        let qnan = e.const_int(i16t, 0x7fff);
        let h = e.select(isnan, qnan, h);
        let bf16t = float_ty(e, "bf16");
        e.cast("llvm.bitcast", h, bf16t)
    }
    fn f16_to_f32(&self, e: &mut Emitter, x: Val) -> Val {
        tritium_conversions::ttg_to_llvm::fp_to_fp::f16_to_f32_canonical(e, x)
    }
}

/// The intrinsics that `lower` evaluates in f32 for 16-bit floats.
fn promoted_to_f32(name: &str) -> bool {
    matches!(
        name,
        "math.exp2" | "math.log" | "math.log2" | "math.sin" | "math.cos" | "math.tan" | "math.atan" | "math.tanh"
            | "math.powf"
    )
}

/// The element type a `tt.addptr` steps over (i1 is stored as a byte).
pub fn addptr_elem(e: &Emitter, op: Op) -> Result<Ty, String> {
    let pointee = tritium_dialects::tt::types::pointee(op.operand(0).ty().element()).ok_or("addptr of a non-pointer")?;
    if pointee.is_integer() && pointee.bit_width() == 1 {
        Ok(e.int_ty(8))
    } else {
        crate::lower::llvm_scalar(e, pointee)
    }
}

/// A call to the libm function `name` (f32: `namef`), through f32 for
/// narrower floats.
fn libm_call(e: &mut Emitter, name: &str, x: Val, out: Ty) -> Result<Val, String> {
    let f32t = e.f32();
    let f64t = Ty(unsafe { mlir_sys::mlirF64TypeGet(e.ctx) });
    let (t, sym) = if out == f64t { (f64t, name.to_string()) } else { (f32t, format!("{name}f")) };
    let fty = e.func_ty(t, &[t]);
    e.declare_func(&sym, fty)?;
    let xin = if x.ty() == t { x } else { e.cast("llvm.fpext", x, t) };
    let r = e.call(&sym, &[xin], Some(t)).ok_or("libm call without a result")?;
    Ok(if out == t { r } else { e.cast("llvm.fptrunc", r, out) })
}

/// `e^x`: the inline f32 polynomial, through f32 for f16/bf16, and
/// `llvm.exp` for f64.
fn exp(e: &mut Emitter, x: Val, out: Ty, ldexp: bool) -> Result<Val, String> {
    let f32t = e.f32();
    if out.bit_width() > 32 {
        return Ok(e.val("llvm.intr.exp", &[x], out, &[]));
    }
    let xf = if x.ty() == f32t { x } else { e.cast("llvm.fpext", x, f32t) };
    let r = exp_f32(e, xf, ldexp);
    Ok(if out == f32t { r } else { e.cast("llvm.fptrunc", r, out) })
}

/// Cephes' `expf` without branches (max error about 2 ulp): results below
/// 2^-126 flush to zero, above the f32 range become +inf, NaN stays NaN.
/// With `ldexp` (AVX-512: one `vscalefps`), [`exp_f32_scalef`] instead.
pub fn exp_f32(e: &mut Emitter, x: Val, ldexp: bool) -> Val {
    if ldexp {
        return exp_f32_scalef(e, x);
    }
    let f = e.f32();
    let i32t = e.i32();
    let c = |e: &mut Emitter, v: f64| e.const_float(f, v);
    let fmul = |e: &mut Emitter, a: Val, b: Val| e.val("llvm.fmul", &[a, b], f, &[]);
    let fadd = |e: &mut Emitter, a: Val, b: Val| e.val("llvm.fadd", &[a, b], f, &[]);
    let fma = |e: &mut Emitter, a: Val, b: Val, acc: Val| e.val("llvm.intr.fma", &[a, b, acc], f, &[]);
    let hi = c(e, 88.7228391117);
    let lo = c(e, -87.3365447506);
    let xc = e.val("llvm.intr.minnum", &[x, hi], f, &[]);
    let xc = e.val("llvm.intr.maxnum", &[xc, lo], f, &[]);
    // n = round(x / ln 2); r = x - n ln 2 (ln 2 in two parts).
    let log2e = c(e, std::f64::consts::LOG2_E);
    let t = fmul(e, xc, log2e);
    let n = e.val("llvm.intr.roundeven", &[t], f, &[]);
    let c1 = c(e, -0.693359375);
    let c2 = c(e, 2.12194440e-4);
    let r = fma(e, n, c1, xc);
    let r = fma(e, n, c2, r);
    // p(r) = 1 + r + r^2 (c0 + c1 r + ... ).
    let coeffs = [1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1];
    let mut p = c(e, coeffs[0]);
    for k in &coeffs[1..] {
        let kk = c(e, *k);
        p = fma(e, p, r, kk);
    }
    let r2 = fmul(e, r, r);
    let p = fma(e, p, r2, r);
    let one = c(e, 1.0);
    let p = fadd(e, p, one);
    // 2^n as two factors 2^(n-1) * 2, so that n = 128 stays finite until the
    // last multiply; n = -127 gives exponent bits 0, i.e. zero.
    let ni = e.cast("llvm.fptosi", n, i32t);
    if ldexp {
        let y = e.val("llvm.intr.ldexp", &[p, ni], f, &[]);
        let uno = {
            let p = e.int_attr(e.i64(), 14);
            let i1 = e.i1();
            e.val("llvm.fcmp", &[x, x], i1, &[("predicate", p)])
        };
        return e.select(uno, x, y);
    }
    let bias = e.i32_const(126);
    let biased = e.add(ni, bias);
    let zero = e.i32_const(0);
    let biased = e.val("llvm.intr.smax", &[biased, zero], i32t, &[]);
    let bits = e.shl_i32(biased, 23);
    let scale = e.cast("llvm.bitcast", bits, f);
    let two = c(e, 2.0);
    let y = fmul(e, p, scale);
    let y = fmul(e, y, two);
    // NaN in, NaN out (the clamps above turned it into a number).
    let uno = {
        let p = e.int_attr(e.i64(), 14);
        let i1 = e.i1();
        e.val("llvm.fcmp", &[x, x], i1, &[("predicate", p)])
    };
    e.select(uno, x, y)
}

/// `e^x` in 13 vector instructions with AVX-512 (the Cephes form above
/// takes 18): max relative error 3.9e-7 (2.0e-7 for |x| < 20; a few ulp,
/// the class of the GPU's `ex2.approx`-based `math.exp`), e^0 = 1 exactly.
/// The clamps are `minimum`/`maximum`, which keep a NaN (no NaN select);
/// n = roundeven(x log2 e); r = x - n ln 2 in one `fma` (ln 2 rounded to
/// f32: an error of |n| * 2e-9 in r); e^r on [-ln2/2, ln2/2] by a degree-5
/// minimax polynomial with constant term 1 (error 9.2e-8); then
/// `llvm.ldexp` (`vscalefps`), exact down to the subnormals: x below -104
/// gives +0, above 88.72 +inf.
fn exp_f32_scalef(e: &mut Emitter, x: Val) -> Val {
    let f = e.f32();
    let i32t = e.i32();
    let c = |e: &mut Emitter, v: f64| e.const_float(f, v);
    let fma = |e: &mut Emitter, a: Val, b: Val, acc: Val| e.val("llvm.intr.fma", &[a, b, acc], f, &[]);
    let hi = c(e, 88.7228391117);
    let lo = c(e, -104.0);
    let xc = e.val("llvm.intr.minimum", &[x, hi], f, &[]);
    let xc = e.val("llvm.intr.maximum", &[xc, lo], f, &[]);
    let log2e = c(e, std::f64::consts::LOG2_E);
    let t = e.val("llvm.fmul", &[xc, log2e], f, &[]);
    let n = e.val("llvm.intr.roundeven", &[t], f, &[]);
    let mln2 = c(e, -std::f64::consts::LN_2);
    let r = fma(e, n, mln2, xc);
    let coeffs =
        [1.0, 0.9999997019767761, 0.4999914765357971, 0.1666763871908188, 0.04189816489815712, 0.008290266618132591];
    let mut p = c(e, coeffs[5]);
    for k in coeffs[..5].iter().rev() {
        let kk = c(e, *k);
        p = fma(e, p, r, kk);
    }
    // n is NaN only when x is, and then p is NaN whatever the exponent:
    // freeze the (poison) conversion instead of selecting x.
    let ni = e.cast("llvm.fptosi", n, i32t);
    let ni = e.val("llvm.freeze", &[ni], i32t, &[]);
    e.val("llvm.intr.ldexp", &[p, ni], f, &[])
}

/// How a libdevice function runs on the CPU.
enum Libdevice {
    /// The C math library function of the same meaning.
    Libm(String),
    /// `1 / sqrt(x)`.
    Rsqrt,
    /// The modified Bessel function I0 or I1 (`cyl_bessel_i0`/`_i1`),
    /// which the C math library lacks: [`crate::bessel`].
    BesselI(u32),
    /// An integer or classification function of one operand, inline (its
    /// `i32` result): `clz`/`clzll`, `popc`/`popcll`, `isnan`, `isinf`,
    /// `finite`/`isfinite`, `signbit`.
    Inline(InlineFn),
}

/// The libdevice functions [`Libdevice::Inline`] computes.
#[derive(Clone, Copy)]
enum InlineFn {
    Clz,
    Popc,
    IsNan,
    IsInf,
    IsFinite,
    Signbit,
}

/// The inline function of a libdevice name, with whether it takes an
/// integer (else a float) operand.
fn inline_fn(base: &str) -> Option<(InlineFn, bool)> {
    Some(match base {
        "clz" | "clzll" => (InlineFn::Clz, true),
        "popc" | "popcll" => (InlineFn::Popc, true),
        "isnanf" | "isnand" => (InlineFn::IsNan, false),
        "isinff" | "isinfd" => (InlineFn::IsInf, false),
        "finitef" | "isfinited" => (InlineFn::IsFinite, false),
        "signbitf" | "signbitd" => (InlineFn::Signbit, false),
        _ => return None,
    })
}

/// The CPU equivalent of the libdevice function a `tt.extern_elementwise`
/// calls (`tl.extra.libdevice`, `tl.math`): libdevice names its functions
/// after the C math library's (`__nv_sinf` is `sinf`), and its `fast_`
/// forms are the same functions less precisely; anything else is refused at
/// the op.
fn libdevice_equivalent(op: Op) -> Result<Libdevice, String> {
    let symbol = op
        .attr("symbol")
        .map(|a| unsafe { tritium_dialects::ir::str_of(mlir_sys::mlirStringAttrGetValue(a.0)) }.to_string())
        .unwrap_or_default();
    let refuse = || format!("tt.extern_elementwise '{symbol}' is not supported by the CPU backend (libdevice functions with a C math library equivalent are)");
    let base = symbol.strip_prefix("__nv_").ok_or_else(refuse)?;
    let base = base.strip_prefix("fast_").unwrap_or(base);
    if let Some((f, int_operand)) = inline_fn(base) {
        // One operand of the right kind, an i32 result (libdevice's types).
        let operands = op.operands();
        let ok = operands.len() == 1
            && if int_operand { operands[0].ty().element().is_integer() } else { operands[0].ty().element().is_float() }
            && op.result(0).ty().element().is_integer()
            && op.result(0).ty().element().bit_width() == 32;
        return if ok { Ok(Libdevice::Inline(f)) } else { Err(refuse()) };
    }
    let floats = op.operands().iter().chain(std::iter::once(&op.result(0))).all(|v| v.ty().element().is_float());
    if !floats {
        return Err(refuse());
    }
    if base == "rsqrt" || base == "rsqrtf" {
        return Ok(Libdevice::Rsqrt);
    }
    match base {
        "cyl_bessel_i0" | "cyl_bessel_i0f" => return Ok(Libdevice::BesselI(0)),
        "cyl_bessel_i1" | "cyl_bessel_i1f" => return Ok(Libdevice::BesselI(1)),
        _ => {}
    }
    if crate::runtime::LIBM.contains(&base) && !matches!(base, "sincos" | "sincosf" | "ldexp" | "ldexpf") {
        Ok(Libdevice::Libm(base.to_string()))
    } else {
        Err(refuse())
    }
}

/// `tt.extern_elementwise` of a libdevice function on one element.
fn libdevice_call(e: &mut Emitter, op: Op, args: &[Val], out: Ty) -> Result<Val, String> {
    match libdevice_equivalent(op)? {
        Libdevice::Rsqrt => {
            let s = e.val("llvm.intr.sqrt", &[args[0]], out, &[]);
            let one = e.const_float(out, 1.0);
            Ok(e.val("llvm.fdiv", &[one, s], out, &[]))
        }
        Libdevice::BesselI(n) => {
            let f64t = Ty(unsafe { mlir_sys::mlirF64TypeGet(e.ctx) });
            let x = if args[0].ty() == f64t { args[0] } else { e.cast("llvm.fpext", args[0], f64t) };
            let r = crate::bessel::emit(e, n, x);
            Ok(if out == f64t { r } else { e.cast("llvm.fptrunc", r, out) })
        }
        Libdevice::Inline(f) => Ok(inline_call(e, f, args[0], out)),
        Libdevice::Libm(name) => {
            let params: Vec<Ty> = args.iter().map(|a| a.ty()).collect();
            let fty = e.func_ty(out, &params);
            e.declare_func(&name, fty)?;
            e.call(&name, args, Some(out)).ok_or_else(|| format!("no result from {name}"))
        }
    }
}

/// [`Libdevice::Inline`] on one element: its `i32` (`out`) result.
fn inline_call(e: &mut Emitter, f: InlineFn, x: Val, out: Ty) -> Val {
    let ty = x.ty();
    let i1 = e.i1();
    let fcmp = |e: &mut Emitter, pred: i64, a: Val, b: Val| {
        let p = e.int_attr(e.i64(), pred);
        e.val("llvm.fcmp", &[a, b], i1, &[("predicate", p)])
    };
    let to_out = |e: &mut Emitter, v: Val| {
        let w = v.ty().bit_width();
        if w == out.bit_width() {
            v
        } else if w > out.bit_width() {
            e.cast("llvm.trunc", v, out)
        } else {
            e.cast("llvm.zext", v, out)
        }
    };
    match f {
        InlineFn::Clz => {
            let no = e.attr("false");
            let v = e.val("llvm.intr.ctlz", &[x], ty, &[("is_zero_poison", no)]);
            to_out(e, v)
        }
        InlineFn::Popc => {
            let v = e.val("llvm.intr.ctpop", &[x], ty, &[]);
            to_out(e, v)
        }
        // uno(x, x); |x| == inf; |x| < inf (ordered: false for NaN).
        InlineFn::IsNan => {
            let v = fcmp(e, 14, x, x);
            to_out(e, v)
        }
        InlineFn::IsInf | InlineFn::IsFinite => {
            let a = e.val("llvm.intr.fabs", &[x], ty, &[]);
            let inf = e.const_float(ty, f64::INFINITY);
            let v = if matches!(f, InlineFn::IsInf) { fcmp(e, 1, a, inf) } else { fcmp(e, 4, a, inf) };
            to_out(e, v)
        }
        InlineFn::Signbit => {
            let w = ty.bit_width();
            let it = e.int_ty(w);
            let bits = e.cast("llvm.bitcast", x, it);
            let k = e.const_int(it, i64::from(w - 1));
            let v = e.lshr(bits, k);
            to_out(e, v)
        }
    }
}
