//! Microscaled and fp8 dots on the CPU, rewritten in TTIR before lowering
//! (Triton 3.9's sm80 emulation, without layouts):
//!
//! - `tt.dot_scaled` becomes a bf16 (f16 with an fp16 operand) `tt.dot` of
//!   upcast, rescaled operands: e2m1 bytes are split into their two nibbles
//!   (`arith.andi`/`arith.shrui`), each decoded exactly into 16-bit float
//!   bits, and the two halves interleaved along the packed dimension
//!   (`tt.join`, `tt.trans`, `tt.reshape`); fp8 operands go through
//!   `tt.fp_to_fp`. An e8m0 scale becomes a float with the ops the GPU
//!   decomposition uses (exponent bits shifted into place, at least 2^-127 in
//!   bf16, `fma(x, 0, x)` for the NaN exponent unless `fastMath`), is
//!   broadcast along K (`tt.reshape`, `tt.broadcast`, `tt.reshape`; B's scale
//!   transposed first) and multiplies the operand.
//! - `tt.dot` with fp8 operands gets them converted to f16 first (exact for
//!   e5m2), as Triton's sm80 path does before its f16 MMA.
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;

const E2M1: i64 = 4;
const FP16: i64 = 6;

/// Rewrites every `tt.dot_scaled` and fp8 `tt.dot` under `module`; `Err`
/// carries the location and reason of a dot it cannot handle.
pub fn expand(module: Op) -> Result<(), (MlirLocation, String)> {
    for op in module.nested_ops() {
        match op.name() {
            "tt.dot_scaled" => decompose(op).map_err(|m| (op.location(), m))?,
            "tt.dot" => upcast_fp8_dot(op),
            _ => {}
        }
    }
    Ok(())
}

fn is_fp8(ty: Ty) -> bool {
    ty.to_string().starts_with("f8")
}

/// Creates `name` just before `anchor`.
fn make(anchor: Op, name: &str, operands: &[Val], result: Ty, attrs: &[(&str, MlirAttribute)]) -> Result<Val, String> {
    let built = Rewriter::build(anchor.location(), name, operands, &[result], attrs, 0);
    let block = anchor.block().ok_or("tt.dot_scaled outside a block")?;
    unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, built.0) };
    Ok(built.result(0))
}

fn tensor(shape: &[i64], element: Ty) -> Ty {
    Ty::tensor(shape, element, None)
}

fn splat(anchor: Op, shape: &[i64], scalar: Attr) -> Result<Val, String> {
    let ty = tensor(shape, Ty(unsafe { mlirAttributeGetType(scalar.0) }));
    make(anchor, "arith.constant", &[], ty, &[("value", Attr::splat(ty, scalar).0)])
}

fn int_splat(anchor: Op, shape: &[i64], element: Ty, value: i64) -> Result<Val, String> {
    splat(anchor, shape, Attr::integer(element, value))
}

fn upcast_fp8_dot(dot: Op) {
    let context = dot.context();
    let f16 = Ty(unsafe { mlirF16TypeGet(context) });
    for i in 0..2 {
        let v = dot.operand(i);
        if !is_fp8(v.ty().element()) {
            continue;
        }
        let Some(shape) = v.ty().shape() else { continue };
        if let Ok(wide) = make(dot, "tt.fp_to_fp", &[v], tensor(&shape, f16), &[]) {
            dot.set_operand(i, wide);
        }
    }
}

fn decompose(op: Op) -> Result<(), String> {
    let context = op.context();
    let int = |name: &str| op.attr(name).and_then(Attr::int).ok_or_else(|| format!("tt.dot_scaled without {name}"));
    let flag = |name: &str, default: bool| op.attr(name).and_then(Attr::bool).unwrap_or(default);
    let (a_format, b_format) = (int("a_elem_type")?, int("b_elem_type")?);
    let mut next = 3;
    let mut scales = [None, None];
    for (i, slot) in scales.iter_mut().enumerate() {
        if op.segment_size(3 + i) == 1 && next < op.num_operands() {
            *slot = Some(op.operand(next));
            next += 1;
        }
    }
    let f16 = a_format == FP16 || b_format == FP16;
    let compute = Ty(unsafe { if f16 { mlirF16TypeGet(context) } else { mlirBF16TypeGet(context) } });
    let fast_math = flag("fastMath", false);
    let mut operands = Vec::new();
    for (idx, (format, k_pack)) in [(a_format, flag("lhs_k_pack", true)), (b_format, flag("rhs_k_pack", true))].into_iter().enumerate() {
        let v = op.operand(idx);
        let shape = v.ty().shape().ok_or("tt.dot_scaled operands must be tensors")?;
        let rank = shape.len();
        if rank != 2 {
            return Err("tt.dot_scaled on the CPU takes 2-D operands".into());
        }
        let k_dim = if idx == 0 { 1 } else { 0 };
        let el = v.ty().element().to_string();
        let v = if format == E2M1 {
            if el != "i8" {
                return Err(format!("an e2m1 operand must be i8 bytes, not {el}"));
            }
            let axis = if k_pack { k_dim } else { 1 - k_dim };
            unpack_fp4(op, v, &shape, axis, compute, f16)?
        } else if is_fp8(v.ty().element()) || (el == "bf16" && !f16) || (el == "f16" && f16) {
            if v.ty().element() == compute { v } else { make(op, "tt.fp_to_fp", &[v], tensor(&shape, compute), &[])? }
        } else {
            return Err(format!("tt.dot_scaled with {el} operands (format {format}) is not supported by the CPU backend"));
        };
        let v = match scales[idx] {
            Some(s) => scale(op, v, s, idx, compute, f16, fast_math)?,
            None => v,
        };
        operands.push(v);
    }
    let c = op.operand(2);
    let attrs = [
        ("inputPrecision", Attr::integer(Ty::int(context, 32), 2).0),
        ("maxNumImpreciseAcc", Attr::integer(Ty::int(context, 32), 0).0),
    ];
    let d = make(op, "tt.dot", &[operands[0], operands[1], c], c.ty(), &attrs)?;
    unsafe {
        mlirValueReplaceAllUsesOfWith(op.result(0).0, d.0);
        mlirOperationDestroy(op.0);
    }
    Ok(())
}

/// Bytes of two e2m1 values (low nibble first along `axis`) → `compute`.
fn unpack_fp4(op: Op, v: Val, shape: &[i64], axis: usize, compute: Ty, f16: bool) -> Result<Val, String> {
    let context = op.context();
    let (i8t, i16t) = (Ty::int(context, 8), Ty::int(context, 16));
    let decode = |nibble: Val| -> Result<Val, String> {
        let wide = make(op, "arith.extui", &[nibble], tensor(shape, i16t), &[])?;
        let k7 = int_splat(op, shape, i16t, 7)?;
        let m = make(op, "arith.andi", &[wide, k7], tensor(shape, i16t), &[])?;
        let (half, shift) = if f16 { (0x3800, 9) } else { (0x3F00, 6) };
        let kh = int_splat(op, shape, i16t, half)?;
        let small = make(op, "arith.muli", &[m, kh], tensor(shape, i16t), &[])?;
        let ks = int_splat(op, shape, i16t, shift)?;
        let shifted = make(op, "arith.shli", &[m, ks], tensor(shape, i16t), &[])?;
        let normal = make(op, "arith.addi", &[shifted, kh], tensor(shape, i16t), &[])?;
        let k2 = int_splat(op, shape, i16t, 2)?;
        let pred = Attr::integer(Ty::int(context, 64), 6); // ult
        let is_small = make(op, "arith.cmpi", &[m, k2], tensor(shape, Ty::i1(context)), &[("predicate", pred.0)])?;
        let magnitude = make(op, "arith.select", &[is_small, small, normal], tensor(shape, i16t), &[])?;
        let k8 = int_splat(op, shape, i16t, 8)?;
        let sign = make(op, "arith.andi", &[wide, k8], tensor(shape, i16t), &[])?;
        let k12 = int_splat(op, shape, i16t, 12)?;
        let sign = make(op, "arith.shli", &[sign, k12], tensor(shape, i16t), &[])?;
        let bits = make(op, "arith.ori", &[magnitude, sign], tensor(shape, i16t), &[])?;
        make(op, "tt.bitcast", &[bits], tensor(shape, compute), &[])
    };
    let k15 = int_splat(op, shape, i8t, 15)?;
    let lo = make(op, "arith.andi", &[v, k15], tensor(shape, i8t), &[])?;
    let k4 = int_splat(op, shape, i8t, 4)?;
    let hi = make(op, "arith.shrui", &[v, k4], tensor(shape, i8t), &[])?;
    let (lo, hi) = (decode(lo)?, decode(hi)?);
    let mut joined = shape.to_vec();
    joined.push(2);
    let pair = make(op, "tt.join", &[lo, hi], tensor(&joined, compute), &[])?;
    let rank = shape.len();
    // Move the pair dimension right after `axis`, then merge the two.
    let pair = if axis + 1 == rank {
        pair
    } else {
        let mut order: Vec<i32> = (0..=axis as i32).collect();
        order.push(rank as i32);
        order.extend(axis as i32 + 1..rank as i32);
        let permuted: Vec<i64> = order.iter().map(|&d| joined[d as usize]).collect();
        let order_attr = Attr(unsafe { mlirDenseI32ArrayGet(context, order.len() as isize, order.as_ptr()) });
        make(op, "tt.trans", &[pair], tensor(&permuted, compute), &[("order", order_attr.0)])?
    };
    let mut out = shape.to_vec();
    out[axis] *= 2;
    make(op, "tt.reshape", &[pair], tensor(&out, compute), &[])
}

/// `v` times its e8m0 `scale` (shaped `[M, K/f]` for both operands).
fn scale(op: Op, v: Val, scale: Val, idx: usize, compute: Ty, f16: bool, fast_math: bool) -> Result<Val, String> {
    let context = op.context();
    let v_shape = v.ty().shape().ok_or("operand without a shape")?;
    let mut s_shape = scale.ty().shape().ok_or("scale without a shape")?;
    if scale.ty().element().to_string() != "i8" {
        return Err("tt.dot_scaled scales must be e8m0 bytes (i8)".into());
    }
    let k_dim = if idx == 0 { 1 } else { 0 };
    let scale = if idx == 1 {
        s_shape.swap(0, 1);
        let order = [1i32, 0];
        let order_attr = Attr(unsafe { mlirDenseI32ArrayGet(context, 2, order.as_ptr()) });
        make(op, "tt.trans", &[scale], tensor(&s_shape, scale.ty().element()), &[("order", order_attr.0)])?
    } else {
        scale
    };
    if s_shape[1 - k_dim] != v_shape[1 - k_dim] || s_shape[k_dim] <= 0 || v_shape[k_dim] % s_shape[k_dim] != 0 {
        return Err("tt.dot_scaled scale shape does not divide the operand's K".into());
    }
    let factor = v_shape[k_dim] / s_shape[k_dim];
    let (large, bits, mantissa) = if f16 {
        (Ty(unsafe { mlirF32TypeGet(context) }), 32, 23)
    } else {
        (compute, 16, 7)
    };
    let it = Ty::int(context, bits);
    let wide = make(op, "arith.extui", &[scale], tensor(&s_shape, it), &[])?;
    let shift = int_splat(op, &s_shape, it, mantissa)?;
    let mut x = make(op, "arith.shli", &[wide, shift], tensor(&s_shape, it), &[])?;
    if !f16 {
        let least = int_splat(op, &s_shape, it, 0x40)?;
        x = make(op, "arith.maxui", &[x, least], tensor(&s_shape, it), &[])?;
    }
    let mut x = make(op, "tt.bitcast", &[x], tensor(&s_shape, large), &[])?;
    if !fast_math {
        let zero = splat(op, &s_shape, Attr(unsafe { mlirFloatAttrDoubleGet(context, large.0, 0.0) }))?;
        x = make(op, "math.fma", &[x, zero, x], tensor(&s_shape, large), &[])?;
    }
    if f16 {
        x = make(op, "arith.truncf", &[x], tensor(&s_shape, compute), &[])?;
    }
    let mut unit = s_shape.clone();
    unit.insert(k_dim + 1, 1);
    let x = make(op, "tt.reshape", &[x], tensor(&unit, compute), &[])?;
    let mut split = unit.clone();
    split[k_dim + 1] = factor;
    let x = make(op, "tt.broadcast", &[x], tensor(&split, compute), &[])?;
    let x = make(op, "tt.reshape", &[x], tensor(&v_shape, compute), &[])?;
    make(op, "arith.mulf", &[v, x], tensor(&v_shape, compute), &[])
}
