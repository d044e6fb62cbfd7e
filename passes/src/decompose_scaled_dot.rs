//! `tt.dot_scaled` on targets without a scaled MMA (`DeviceTraits::scaled_mma`): the rewrite of
//! `tritongpu-accelerate-matmul` that emulates a microscaled dot with an
//! ordinary `tt.dot` (Triton 3.9's `DecomposeScaledBlocked`).
//!
//! Algorithm, for each operand `v` (A: K is the last dimension, B: K is the
//! one before) with its optional e8m0 scale `s` (one `i8` exponent per `f`
//! consecutive K elements, shaped like A's `[M, K/f]` for both operands):
//! 1. upcast `v` to the compute type (f16 when either format is fp16, bf16
//!    otherwise): `ttg.fp4_to_fp` unpacks e2m1 (two values per byte, along K
//!    unless the operand is packed along M/N), `tt.fp_to_fp` converts fp8;
//! 2. B's scale is transposed to `[K/f, N]` (`tt.trans`);
//! 3. the exponent becomes a float of the compute type: bf16 takes the byte
//!    as its exponent field (`(s << 7)`, at least `0x40` so that 0 is 2^-127,
//!    bf16's subnormal), f16 goes through f32 (`s << 23`) and `arith.truncf`;
//!    without `fastMath`, `fma(x, 0, x)` turns the 0xFF (NaN) exponent, an
//!    infinity, into NaN and leaves finite values as they are;
//! 4. the scale is broadcast to `v`'s shape: converted to a slice of the 3-D
//!    layout that `v`'s layout reshapes to when K is split into `[K/f, f]`,
//!    reshaped to size 1 along `f` (`efficient_layout`), broadcast to `f`
//!    and reshaped back to `v`'s shape and layout;
//! 5. `v * scale` (`arith.mulf`), converted to the `#ttg.dot_op` layout of the
//!    dot's (blocked) result;
//! 6. the scaled operands feed a `tt.dot` with the same accumulator, whose
//!    result is converted back to the `tt.dot_scaled` result type (the MMA
//!    rewrite of the new `tt.dot` follows in the same greedy run).
use crate::analysis::tensor_encoding;
use crate::mma_utils::{type_name, value_location, with_encoding};
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::rewrite::{RewritePattern, Rewriter};
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::infer;

/// Triton's `ScaleDotElemType` values.
pub mod format {
    pub const E4M3: i64 = 0;
    pub const E5M2: i64 = 1;
    pub const E2M3: i64 = 2;
    pub const E3M2: i64 = 3;
    pub const E2M1: i64 = 4;
    pub const BF16: i64 = 5;
    pub const FP16: i64 = 6;
}

/// The name Triton prints for a `ScaleDotElemType` value.
pub fn format_name(format: i64) -> &'static str {
    match format {
        format::E4M3 => "e4m3",
        format::E5M2 => "e5m2",
        format::E2M3 => "e2m3",
        format::E3M2 => "e3m2",
        format::E2M1 => "e2m1",
        format::BF16 => "bf16",
        format::FP16 => "fp16",
        _ => "?",
    }
}

/// The parts of a `tt.dot_scaled` the decomposition reads.
pub struct ScaledDot {
    pub a: Val,
    pub b: Val,
    pub c: Val,
    pub a_scale: Option<Val>,
    pub b_scale: Option<Val>,
    pub a_format: i64,
    pub b_format: i64,
    pub fast_math: bool,
    pub lhs_k_pack: bool,
    pub rhs_k_pack: bool,
}

impl ScaledDot {
    /// Reads `op` (a `tt.dot_scaled`; its operand segments are a, b, c,
    /// a_scale?, b_scale?).
    pub fn of(op: Op) -> Option<ScaledDot> {
        if op.name() != "tt.dot_scaled" || op.num_operands() < 3 {
            return None;
        }
        let has_a_scale = op.segment_size(3) == 1;
        let has_b_scale = op.segment_size(4) == 1;
        let mut next = 3;
        let mut take = |present: bool| {
            if present && next < op.num_operands() {
                next += 1;
                Some(op.operand(next - 1))
            } else {
                None
            }
        };
        let a_scale = take(has_a_scale);
        let b_scale = take(has_b_scale);
        let flag = |name: &str, default: bool| op.attr(name).and_then(Attr::bool).unwrap_or(default);
        Some(ScaledDot {
            a: op.operand(0),
            b: op.operand(1),
            c: op.operand(2),
            a_scale,
            b_scale,
            a_format: op.attr("a_elem_type").and_then(Attr::int)?,
            b_format: op.attr("b_elem_type").and_then(Attr::int)?,
            fast_math: flag("fastMath", false),
            lhs_k_pack: flag("lhs_k_pack", true),
            rhs_k_pack: flag("rhs_k_pack", true),
        })
    }

    /// f16 when either operand is fp16, bf16 otherwise (Triton's
    /// `getComputeType`).
    pub fn compute_is_f16(&self) -> bool {
        self.a_format == format::FP16 || self.b_format == format::FP16
    }
}

/// Why the decomposition cannot handle `op` (checked before anything
/// changes, so the pass can refuse with a diagnostic at the op); `None` when
/// it can.
pub fn unsupported(op: Op) -> Option<String> {
    let Some(d) = ScaledDot::of(op) else {
        return Some("malformed tt.dot_scaled (missing operands or element formats)".into());
    };
    for (side, v, format, scale) in [("lhs", d.a, d.a_format, d.a_scale), ("rhs", d.b, d.b_format, d.b_scale)] {
        let el = type_name(v.ty().element());
        let ok = match format {
            format::E2M1 => el == "i8",
            format::E4M3 => el == "f8E4M3FN",
            format::E5M2 => el == "f8E5M2",
            format::BF16 => el == "bf16",
            format::FP16 => el == "f16",
            // e2m3 / e3m2 operands are bytes no conversion of Triton's
            // decomposition upcasts.
            _ => false,
        };
        if !ok {
            return Some(format!(
                "{side} = {} with {el} elements has no upcast to a dot operand on this target",
                format_name(format)
            ));
        }
        if let Some(s) = scale {
            if type_name(s.ty().element()) != "i8" {
                return Some(format!("the {side} scale must be e8m0 bytes (i8), not {}", type_name(s.ty().element())));
            }
        }
        let rank = v.ty().shape().map(|s| s.len()).unwrap_or(0);
        if rank < 2 {
            return Some(format!("the {side} operand must have rank 2 or more"));
        }
    }
    if tensor_encoding(op.result(0).ty()).is_none() {
        return Some("the result has no layout (run convert-triton-to-tritongpu first)".into());
    }
    None
}

/// The rewrite (step 2 of `tritongpu-accelerate-matmul` for scaled dots).
pub struct DecomposeScaledDot;

impl RewritePattern for DecomposeScaledDot {
    fn name(&self) -> &'static str {
        "tt.dot_scaled.decompose-to-dot"
    }
    fn root(&self) -> &'static str {
        "tt.dot_scaled"
    }
    fn match_and_rewrite(&self, op: Op, rewriter: &Rewriter) -> bool {
        let ret_ty = op.result(0).ty();
        let Some(ret_enc) = tensor_encoding(ret_ty) else { return false };
        if matches!(ret_enc, Encoding::NvidiaMma { .. } | Encoding::AmdMfma { .. } | Encoding::AmdWmma { .. }) {
            return false;
        }
        if unsupported(op).is_some() {
            return false;
        }
        let Some(d) = ScaledDot::of(op) else { return false };
        // Build everything first: a failure leaves only dead ops behind,
        // which the greedy driver erases.
        let b = Builder { rewriter, anchor: op };
        let Some(a) = scaled_operand(&b, &d, 0) else { return false };
        let Some(a) = to_dot_operand(&b, a, 0, &ret_enc) else { return false };
        let Some(bv) = scaled_operand(&b, &d, 1) else { return false };
        let Some(bv) = to_dot_operand(&b, bv, 1, &ret_enc) else { return false };
        let context = op.context();
        let attrs = [("inputPrecision", i32_attr(context, 2).0), ("maxNumImpreciseAcc", i32_attr(context, 0).0)];
        let dot = b.make(op.location(), "tt.dot", &[a, bv, d.c], d.c.ty(), &attrs);
        let back = b.make(op.location(), "ttg.convert_layout", &[dot], ret_ty, &[]);
        rewriter.replace(op, &[back]);
        true
    }
}

fn i32_attr(context: MlirContext, value: i64) -> Attr {
    Attr::integer(Ty::int(context, 32), value)
}

/// Creates ops just before the scaled dot, through the rewriter.
struct Builder<'r> {
    rewriter: &'r Rewriter,
    anchor: Op,
}

impl Builder<'_> {
    fn make(&self, location: MlirLocation, name: &str, operands: &[Val], result: Ty, attrs: &[(&str, MlirAttribute)]) -> Val {
        let built = Rewriter::build(location, name, operands, &[result], attrs, 0);
        self.rewriter.set_insertion_point_before(self.anchor);
        self.rewriter.insert_here(built).result(0)
    }
    /// A splat `arith.constant` of `ty`.
    fn splat(&self, location: MlirLocation, ty: Ty, scalar: Attr) -> Val {
        self.make(location, "arith.constant", &[], ty, &[("value", Attr::splat(ty, scalar).0)])
    }
}

fn float_type(context: MlirContext, f16: bool) -> Ty {
    Ty(unsafe { if f16 { mlirF16TypeGet(context) } else { mlirBF16TypeGet(context) } })
}

/// `ty` with element type `element` (same shape and encoding).
fn retyped(ty: Ty, element: Ty) -> Option<Ty> {
    Some(Ty::tensor(&ty.shape()?, element, ty.encoding()))
}

/// Steps 1-5 for operand `op_idx`, up to the multiply.
fn scaled_operand(b: &Builder<'_>, d: &ScaledDot, op_idx: usize) -> Option<Val> {
    let (v, scale, format, k_pack) = if op_idx == 0 {
        (d.a, d.a_scale, d.a_format, d.lhs_k_pack)
    } else {
        (d.b, d.b_scale, d.b_format, d.rhs_k_pack)
    };
    let context = b.anchor.context();
    let compute = float_type(context, d.compute_is_f16());
    let shape = v.ty().shape()?;
    let rank = shape.len();
    let k_dim = if op_idx == 0 { rank - 1 } else { rank - 2 };
    let location = value_location(v);
    // 1. Upcast.
    let v = if format == format::E2M1 {
        let axis = if k_pack { k_dim } else if op_idx == 0 { rank - 2 } else { rank - 1 };
        let enc = tensor_encoding(v.ty())?;
        let out_enc = infer::infer_fp4_to_fp(&enc, &shape, axis).ok()?;
        let mut out_shape = shape.clone();
        out_shape[axis] *= 2;
        let out_ty = with_encoding(Ty::tensor(&out_shape, compute, None), &out_enc)?;
        let axis_attr = i32_attr(context, axis as i64);
        b.make(location, "ttg.fp4_to_fp", &[v], out_ty, &[("axis", axis_attr.0)])
    } else {
        // Also when `v` already has the compute type, as Triton: the
        // conversion folds away, but a backend that copies the operand to
        // shared memory right after its definition puts the copy here.
        b.make(location, "tt.fp_to_fp", &[v], retyped(v.ty(), compute)?, &[])
    };
    let Some(scale) = scale else { return Some(v) };
    let scale_location = value_location(scale);
    // 2. B's scale as [.., K/f, N].
    let scale = if op_idx == 1 {
        let s_shape = scale.ty().shape()?;
        let mut order: Vec<i32> = (0..rank as i32 - 2).collect();
        order.extend([rank as i32 - 1, rank as i32 - 2]);
        let enc = infer::infer_trans(&tensor_encoding(scale.ty())?, &s_shape, &order).ok()?;
        let mut t_shape = s_shape.clone();
        t_shape.swap(rank - 1, rank - 2);
        let t_ty = with_encoding(Ty::tensor(&t_shape, scale.ty().element(), None), &enc)?;
        let order_attr = Attr(unsafe { mlirDenseI32ArrayGet(context, order.len() as isize, order.as_ptr()) });
        b.make(scale_location, "tt.trans", &[scale], t_ty, &[("order", order_attr.0)])
    } else {
        scale
    };
    // 3. The exponent as a float.
    let scale16 = scale_to_float(b, scale, scale_location, d.compute_is_f16(), d.fast_math)?;
    // 4. Broadcast to v's shape and layout.
    let wide = broadcast_scale(b, scale16, scale_location, v, k_dim)?;
    // 5. Multiply.
    Some(b.make(location, "arith.mulf", &[v, wide], v.ty(), &[]))
}

/// Step 3: e8m0 bytes to floats of the compute type.
fn scale_to_float(b: &Builder<'_>, scale: Val, location: MlirLocation, f16: bool, fast_math: bool) -> Option<Val> {
    let context = b.anchor.context();
    // bf16 holds every e8m0 value; f16 does not, so it goes through f32.
    let (large, bits, mantissa) = if f16 {
        (Ty(unsafe { mlirF32TypeGet(context) }), 32, 23)
    } else {
        (float_type(context, false), 16, 7)
    };
    let int_ty = Ty::int(context, bits);
    let ity = retyped(scale.ty(), int_ty)?;
    let wide = b.make(location, "arith.extui", &[scale], ity, &[]);
    let shift = b.splat(location, ity, Attr::integer(int_ty, mantissa));
    let mut bits_val = b.make(location, "arith.shli", &[wide, shift], ity, &[]);
    if !f16 {
        // Exponent 0 is 2^-127: bf16's subnormal 0x0040.
        let least = b.splat(location, ity, Attr::integer(int_ty, 0x40));
        bits_val = b.make(location, "arith.maxui", &[bits_val, least], ity, &[]);
    }
    let fty = retyped(scale.ty(), large)?;
    let mut value = b.make(location, "tt.bitcast", &[bits_val], fty, &[]);
    if !fast_math {
        // fma(x, 0, x): NaN for the 0xFF exponent (an infinity here).
        let zero = b.splat(location, fty, Attr(unsafe { mlirFloatAttrDoubleGet(context, large.0, 0.0) }));
        value = b.make(location, "math.fma", &[value, zero, value], fty, &[]);
    }
    if f16 {
        value = b.make(location, "arith.truncf", &[value], retyped(scale.ty(), float_type(context, true))?, &[]);
    }
    Some(value)
}

/// Step 4: the scale (shaped like `v` with K divided by the block size)
/// broadcast to `v`'s shape and layout.
fn broadcast_scale(b: &Builder<'_>, scale: Val, location: MlirLocation, v: Val, k_dim: usize) -> Option<Val> {
    let (v_shape, s_shape) = (v.ty().shape()?, scale.ty().shape()?);
    if s_shape.len() != v_shape.len() || s_shape[k_dim] <= 0 || v_shape[k_dim] % s_shape[k_dim] != 0 {
        return None;
    }
    let factor = v_shape[k_dim] / s_shape[k_dim];
    let v_enc = tensor_encoding(v.ty())?;
    let el = scale.ty().element();
    // K split into [K/f, f].
    let mut split = s_shape.clone();
    split.insert(k_dim + 1, factor);
    let split_enc = infer::infer_reshape(&v_enc, &v_shape, &split).ok()?;
    let slice = Encoding::Slice { dim: (k_dim + 1) as u32, parent: Box::new(split_enc.clone()) };
    let sliced = b.make(location, "ttg.convert_layout", &[scale], with_encoding(scale.ty(), &slice)?, &[]);
    let mut unit = split.clone();
    unit[k_dim + 1] = 1;
    let unit_ty = with_encoding(Ty::tensor(&unit, el, None), &split_enc)?;
    let efficient = Attr(unsafe { mlirUnitAttrGet(b.anchor.context()) });
    let expanded = b.make(location, "tt.reshape", &[sliced], unit_ty, &[("efficient_layout", efficient.0)]);
    let split_ty = with_encoding(Ty::tensor(&split, el, None), &split_enc)?;
    let broadcast = b.make(location, "tt.broadcast", &[expanded], split_ty, &[]);
    let back_enc = infer::infer_reshape(&split_enc, &split, &v_shape).ok()?;
    let back_ty = with_encoding(Ty::tensor(&v_shape, el, None), &back_enc)?;
    let wide = b.make(location, "tt.reshape", &[broadcast], back_ty, &[]);
    let want = retyped(v.ty(), el)?;
    Some(if back_ty == want { wide } else { b.make(location, "ttg.convert_layout", &[wide], want, &[]) })
}

/// `v` converted to operand `op_idx` of a dot whose result has `ret_enc`.
fn to_dot_operand(b: &Builder<'_>, v: Val, op_idx: u32, ret_enc: &Encoding) -> Option<Val> {
    let enc = Encoding::DotOperand { op_idx, parent: Box::new(ret_enc.clone()), k_width: 0 };
    b.make(value_location(v), "ttg.convert_layout", &[v], with_encoding(v.ty(), &enc)?, &[]).into()
}
