//! f16 and bf16 arithmetic and conversions without runtime calls.
//!
//! LLVM's x86 code generator has no native bf16 arithmetic, and no f16 one
//! without F16C (`tritium-compile --target cpu` generates baseline x86-64):
//! it promotes such ops to f32 and converts back with calls to compiler-rt
//! builtins (`__truncsfbf2`, `__truncsfhf2`, `__extendhfsf2`, `__truncdfhf2`,
//! ...). A JIT'd kernel can only call what Tritium provides (the host's
//! `libgcc_s` has `__truncsfbf2` only from GCC 13 on: Debian 12 lacks it), so
//! after the lowering every op of the LLVM dialect module that computes on
//! f16/bf16 values is rewritten here into f32 computation with inline
//! conversions, integer and f32/f64 instructions that vectorize:
//!
//! - `fpext` from f16/bf16: exact (bf16: a shift; f16: rebias the exponent,
//!   subnormals as `m * 2^-24`, infinities and NaNs kept);
//! - `fptrunc` to f16/bf16 from f32: round to nearest even, overflow to
//!   infinity, subnormal results rounded, NaN stays a (quiet) NaN of the same
//!   sign; from f64: first to f32 rounding to odd (RNE, then the truncated
//!   neighbour with its last bit set when inexact), which makes the second
//!   rounding correct (24 >= 11 + 2 bits);
//! - arithmetic, comparisons and intrinsics on f16/bf16 operands: the same op
//!   on the operands extended to f32, the result rounded back. For `+ - * /`
//!   and `sqrt` this is the correctly rounded f16/bf16 result (f32 carries
//!   more than twice their precision plus two bits);
//! - `sitofp`/`uitofp` to f16/bf16: through f64 (exact up to 32-bit
//!   integers, then one rounding); 64-bit integers above 2^53 are rounded
//!   twice;
//! - `fptosi`/`fptoui` from f16/bf16: from the exact f32 value.
//!
//! Ops that only move bits (loads, stores, selects, constants, bitcasts,
//! branches, calls, vector element moves) are left alone; LLVM handles them
//! without calls. An atomic fadd/fsub/fmax/fmin on f16/bf16 becomes a
//! compare-and-swap loop on the 16 bits with the arithmetic above; arithmetic
//! on vectors of them is reported at the op (the CPU lowering creates none).
//!
//! This runs as the last step of `tritium-make-cpu`; the operations keep
//! their locations.
use mlir_sys::*;
use tritium_conversions::ttg_to_llvm::emit::{Emitter, ICmp};
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;

/// A failure at an op's location.
pub type Error = (MlirLocation, String);

/// Ops that move f16/bf16 values without computing on them.
const BIT_MOVES: &[&str] = &[
    "llvm.load",
    "llvm.store",
    "llvm.bitcast",
    "llvm.select",
    "llvm.freeze",
    "llvm.mlir.constant",
    "llvm.mlir.undef",
    "llvm.mlir.poison",
    "llvm.mlir.zero",
    "llvm.insertelement",
    "llvm.extractelement",
    "llvm.shufflevector",
    "llvm.insertvalue",
    "llvm.extractvalue",
    "llvm.br",
    "llvm.cond_br",
    "llvm.switch",
    "llvm.return",
    "llvm.call",
    "llvm.getelementptr",
    "llvm.alloca",
    "llvm.intr.masked.load",
    "llvm.intr.masked.store",
    "llvm.intr.masked.gather",
    "llvm.intr.masked.scatter",
    "llvm.func",
    "llvm.mlir.global",
    "llvm.mlir.addressof",
    "llvm.cmpxchg",
];

/// The narrow float formats.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Narrow {
    F16,
    BF16,
}

fn narrow_of(ty: Ty) -> Option<Narrow> {
    unsafe {
        if mlirTypeIsAF16(ty.0) {
            Some(Narrow::F16)
        } else if mlirTypeIsABF16(ty.0) {
            Some(Narrow::BF16)
        } else {
            None
        }
    }
}

/// Whether `ty` is f16/bf16 or a vector of them.
fn holds_narrow(ty: Ty) -> bool {
    unsafe {
        if mlirTypeIsAVector(ty.0) {
            return narrow_of(Ty(mlirShapedTypeGetElementType(ty.0))).is_some();
        }
    }
    narrow_of(ty).is_some()
}

fn is_vector(ty: Ty) -> bool {
    unsafe { mlirTypeIsAVector(ty.0) }
}

fn is_f64(ty: Ty) -> bool {
    unsafe { mlirTypeIsAF64(ty.0) }
}

fn f64_ty(e: &Emitter) -> Ty {
    Ty(unsafe { mlirF64TypeGet(e.ctx) })
}

fn i16_ty(e: &Emitter) -> Ty {
    e.int_ty(16)
}

/// Whether `op` computes on f16/bf16 values (and so must be rewritten).
fn computes_on_narrow(op: Op) -> bool {
    if BIT_MOVES.contains(&op.name()) || op.num_regions() > 0 {
        return false;
    }
    op.operands().iter().any(|v| holds_narrow(v.ty())) || op.results().iter().any(|v| holds_narrow(v.ty()))
}

/// Rewrites every op of `module` (the lowered LLVM-dialect module) that
/// computes on f16/bf16 values; see the module documentation.
pub fn expand(module: Op) -> Result<(), Error> {
    let ops: Vec<Op> = module.nested_ops().into_iter().filter(|o| computes_on_narrow(*o)).collect();
    for op in ops {
        rewrite(op)?;
    }
    retype(module)
}

/// Ops whose f16/bf16 operands and results keep their type: function
/// boundaries (the ABI passes them in vector registers) and aggregates.
const BOUNDARIES: &[&str] = &["llvm.call", "llvm.return", "llvm.insertvalue", "llvm.extractvalue"];

/// The integer form of a narrow type: i16, or a vector of i16.
fn int_form(ty: Ty) -> Option<Ty> {
    unsafe {
        let ctx = mlirTypeGetContext(ty.0);
        let i16t = Ty(mlirIntegerTypeGet(ctx, 16));
        if narrow_of(ty).is_some() {
            return Some(i16t);
        }
        if mlirTypeIsAVector(ty.0) && narrow_of(Ty(mlirShapedTypeGetElementType(ty.0))).is_some() {
            if mlirVectorTypeIsScalable(ty.0) {
                return None;
            }
            let rank = mlirShapedTypeGetRank(ty.0);
            let shape: Vec<i64> = (0..rank).map(|d| mlirShapedTypeGetDimSize(ty.0, d as isize)).collect();
            return Some(Ty(mlirVectorTypeGet(rank as isize, shape.as_ptr(), i16t.0)));
        }
    }
    None
}

/// After [`rewrite`], f16/bf16 values are only moved around (loaded, stored,
/// selected, passed between blocks): they become i16 values, so that LLVM
/// never holds one in a float register. (LLVM's x86 code generator keeps a
/// bf16 block argument in an f32 register and rounds it back with a call to
/// `__truncsfbf2`; an i16 block argument is moved as it is. InstCombine
/// turns a phi of bitcasts back into a bf16 phi, so the types must change
/// everywhere, not just at the phis.) Function arguments, call results and
/// aggregate fields keep their type, with a bitcast where they meet the
/// integer form.
fn retype(module: Op) -> Result<(), Error> {
    let ops = module.nested_ops();
    // Operands of boundary ops that must get their narrow type back.
    let mut restore: Vec<(Op, usize, Ty)> = Vec::new();
    // Values that keep their narrow type, seen as integers by their users.
    let mut keep: Vec<Val> = Vec::new();
    for op in &ops {
        let boundary = BOUNDARIES.contains(&op.name());
        if boundary {
            for (i, v) in op.operands().into_iter().enumerate() {
                if int_form(v.ty()).is_some() {
                    restore.push((*op, i, v.ty()));
                }
            }
        }
        for r in 0..op.num_regions() {
            for (b, block) in tritium_dialects::ir::region_blocks(op.region(r)).into_iter().enumerate() {
                for arg in tritium_dialects::ir::block_arguments(block) {
                    if int_form(arg.ty()).is_some() {
                        if op.name() == "llvm.func" && b == 0 {
                            keep.push(arg);
                        }
                    }
                }
            }
        }
        for res in op.results() {
            if int_form(res.ty()).is_some() && boundary {
                keep.push(res);
            }
        }
    }
    let kept = |v: Val| keep.iter().any(|k| k.same(v));
    // Retype every other value.
    for op in &ops {
        for r in 0..op.num_regions() {
            for block in tritium_dialects::ir::region_blocks(op.region(r)) {
                for arg in tritium_dialects::ir::block_arguments(block) {
                    if let Some(t) = int_form(arg.ty()) {
                        if !kept(arg) {
                            arg.set_type(t);
                        }
                    }
                }
            }
        }
        for res in op.results() {
            if let Some(t) = int_form(res.ty()) {
                if !kept(res) {
                    res.set_type(t);
                }
            }
        }
    }
    // Kept values: their users see a bitcast to the integer form.
    for v in &keep {
        let Some(t) = int_form(v.ty()) else { continue };
        let cast = Rewriter::build(value_location(*v), "llvm.bitcast", &[*v], &[t], &[], 0);
        unsafe {
            match v.defining_op() {
                Some(def) => {
                    let block = def.block().ok_or_else(|| (def.location(), "a detached op".to_string()))?;
                    mlirBlockInsertOwnedOperationAfter(block, def.0, cast.0);
                }
                None => {
                    let block = v.owner_block().ok_or_else(|| (module.location(), "an argument without a block".to_string()))?;
                    mlirBlockInsertOwnedOperation(block, 0, cast.0);
                }
            }
            mlirValueReplaceAllUsesOfWith(v.0, cast.result(0).0);
        }
        cast.set_operand(0, *v);
    }
    // Boundary operands: back to their narrow type.
    for (op, i, ty) in restore {
        let v = op.operand(i);
        if v.ty() == ty {
            continue;
        }
        let cast = Rewriter::build(op.location(), "llvm.bitcast", &[v], &[ty], &[], 0);
        let block = op.block().ok_or_else(|| (op.location(), "a detached op".to_string()))?;
        unsafe { mlirBlockInsertOwnedOperationBefore(block, op.0, cast.0) };
        op.set_operand(i, cast.result(0));
    }
    // Constants take their bits; bitcasts between now equal types vanish.
    for op in module.nested_ops() {
        match op.name() {
            "llvm.mlir.constant" => {
                let ty = op.result(0).ty();
                let Some(value) = op.attr("value") else { continue };
                if let Some(bits) = constant_bits(value, ty).map_err(|m| (op.location(), m))? {
                    op.set_attr("value", bits);
                }
            }
            "llvm.bitcast" if op.operand(0).ty() == op.result(0).ty() => unsafe {
                mlirValueReplaceAllUsesOfWith(op.result(0).0, op.operand(0).0);
                mlirOperationDestroy(op.0);
            },
            _ => {}
        }
    }
    Ok(())
}

fn value_location(v: Val) -> MlirLocation {
    match v.defining_op() {
        Some(op) => op.location(),
        None => unsafe { mlirValueGetLocation(v.0) },
    }
}

/// The integer attribute holding the bits of a narrow float constant `value`
/// now of the integer type `ty` (None: not a narrow float constant).
fn constant_bits(value: Attr, ty: Ty) -> Result<Option<Attr>, String> {
    unsafe {
        let vty = Ty(mlirAttributeGetType(value.0));
        if mlirAttributeIsAFloat(value.0) {
            let Some(kind) = narrow_of(vty) else { return Ok(None) };
            let bits = narrow_bits(mlirFloatAttrGetValueDouble(value.0), kind);
            return Ok(Some(Attr(mlirIntegerAttrGet(ty.0, i64::from(bits)))));
        }
        if mlirAttributeIsADenseElements(value.0) && mlirTypeIsAVector(vty.0) {
            let Some(kind) = narrow_of(Ty(mlirShapedTypeGetElementType(vty.0))) else { return Ok(None) };
            if !mlirDenseElementsAttrIsSplat(value.0) {
                return Err("a non-splat f16/bf16 vector constant has no integer form here".into());
            }
            let splat = mlirDenseElementsAttrGetSplatValue(value.0);
            let bits = narrow_bits(mlirFloatAttrGetValueDouble(splat), kind);
            let elem = Ty(mlirShapedTypeGetElementType(ty.0));
            let int = mlirIntegerAttrGet(elem.0, i64::from(bits));
            return Ok(Some(Attr(mlirDenseElementsAttrSplatGet(ty.0, int))));
        }
    }
    Ok(None)
}

/// The f16/bf16 bits of `x` (a value of that format: constants are exact;
/// anything else is rounded to nearest even).
fn narrow_bits(x: f64, kind: Narrow) -> u16 {
    let f = x as f32;
    let u = f.to_bits();
    let sign = ((u >> 16) & 0x8000) as u16;
    if f.is_nan() {
        return sign | if kind == Narrow::BF16 { 0x7fc0 } else { 0x7e00 };
    }
    match kind {
        Narrow::BF16 => (u.wrapping_add(0x7fff + ((u >> 16) & 1)) >> 16) as u16,
        Narrow::F16 => {
            let a = u & 0x7fff_ffff;
            let m = if a >= 0x3880_0000 {
                let v = a - 0x3800_0000;
                ((v + 0xfff + ((v >> 13) & 1)) >> 13).min(0x7c00)
            } else {
                // |x| < 2^-14: a multiple of 2^-24, rounded to nearest even.
                (f.abs() as f64 * 16_777_216.0).round_ties_even() as u32
            };
            sign | m as u16
        }
    }
}

/// Replaces `op` by an equivalent sequence built in a scratch block and
/// moved before it.
fn rewrite(op: Op) -> Result<(), Error> {
    let loc = op.location();
    let name = op.name();
    if op.operands().iter().chain(op.results().iter()).any(|v| holds_narrow(v.ty()) && is_vector(v.ty())) {
        return Err((loc, format!("'{name}' on vectors of f16/bf16 has no lowering without runtime calls on the CPU")));
    }
    if name == "llvm.atomicrmw" {
        // bin_op 0 is xchg (moves bits); the others compute.
        let xchg = op.attr("bin_op").and_then(|a| a.int()) == Some(0);
        if xchg {
            return Ok(());
        }
        return atomic_loop(op).map_err(|m| (loc, m));
    }
    let mut e = Emitter::new(op.context(), loc);
    let scratch = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    e.set_block(scratch);
    let replacement = build(&mut e, op);
    let result = match replacement {
        Ok(values) => {
            unsafe {
                // Move the new ops before `op`, in order.
                let mut cur = mlirBlockGetFirstOperation(scratch);
                while !cur.ptr.is_null() {
                    let next = mlirOperationGetNextInBlock(cur);
                    mlirOperationMoveBefore(cur, op.0);
                    cur = next;
                }
                for (old, new) in op.results().into_iter().zip(values) {
                    mlirValueReplaceAllUsesOfWith(old.0, new.0);
                }
                mlirOperationDestroy(op.0);
            }
            Ok(())
        }
        Err(message) => Err((loc, message)),
    };
    unsafe { mlirBlockDestroy(scratch) };
    result
}

/// `llvm.atomicrmw` fadd / fsub / fmax / fmin on an f16/bf16 location as a
/// compare-and-swap loop on its 16 bits (LLVM would expand it into the same
/// loop with the arithmetic in f16/bf16, i.e. with builtin calls):
///
/// ```text
///   %init = load i16 %p ; br ^loop(%init)
/// ^loop(%old: i16):
///   %new = round(op(extend(%old), extend(%v)))
///   %pair = cmpxchg %p, %old, %new ; cond_br %pair.1, ^rest, ^loop(%pair.0)
/// ^rest: (the ops after the atomic; its result is %old)
/// ```
fn atomic_loop(op: Op) -> Result<(), String> {
    let kind = narrow_of(op.result(0).ty()).ok_or("atomicrmw on f16/bf16 without such a result")?;
    let bin = op.attr("bin_op").and_then(|a| a.int()).unwrap_or(-1);
    let compute = match bin {
        11 => "llvm.fadd",
        12 => "llvm.fsub",
        13 => "llvm.intr.maxnum",
        14 => "llvm.intr.minnum",
        _ => return Err(format!("an atomic read-modify-write (bin_op {bin}) on f16/bf16 is not supported by the CPU backend")),
    };
    let ordering = op.attr("ordering").and_then(|a| a.int()).unwrap_or(2);
    // A failed exchange only reads: no release in its ordering.
    let failure = if matches!(ordering, 4 | 6 | 7) { 4 } else { 2 };
    let block = op.block().ok_or("an atomic outside a block")?;
    let loc = op.location();
    let (ptr, value) = (op.operand(0), op.operand(1));
    let mut e = Emitter::new(op.context(), loc);
    let i16t = i16_ty(&e);
    unsafe {
        let region = mlirBlockGetParentRegion(block);
        let mut arg_ty = i16t.0;
        let looped = mlirBlockCreate(1, &mut arg_ty, &loc);
        let rest = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
        mlirRegionInsertOwnedBlockAfter(region, block, looped);
        mlirRegionInsertOwnedBlockAfter(region, looped, rest);
        // The ops after the atomic continue in ^rest.
        let mut cur = mlirOperationGetNextInBlock(op.0);
        while !cur.ptr.is_null() {
            let next = mlirOperationGetNextInBlock(cur);
            mlirOperationRemoveFromParent(cur);
            mlirBlockAppendOwnedOperation(rest, cur);
            cur = next;
        }
        e.set_block(block);
        let init = e.load(ptr, i16t);
        e.br(looped, &[init]);
        e.set_block(looped);
        let old = Val(mlirBlockGetArgument(looped, 0));
        let a = extend(&mut e, old, kind);
        let b = extend(&mut e, value, kind);
        let f32t = e.f32();
        let r = e.val(compute, &[a, b], f32t, &[]);
        let new = truncate(&mut e, r, kind);
        let new = e.cast("llvm.bitcast", new, i16t);
        let i1 = e.i1();
        let pair_ty = e.struct_ty(&[i16t, i1]);
        let so = e.int_attr(e.i64(), ordering);
        let fo = e.int_attr(e.i64(), failure);
        let pair = e.val("llvm.cmpxchg", &[ptr, old, new], pair_ty, &[("success_ordering", so), ("failure_ordering", fo)]);
        let seen = e.extract_value(pair, 0, i16t);
        let done = e.extract_value(pair, 1, i1);
        e.cond_br(done, rest, &[], looped, &[seen]);
        let result = Rewriter::build(loc, "llvm.bitcast", &[old], &[op.result(0).ty()], &[], 0);
        mlirBlockInsertOwnedOperation(rest, 0, result.0);
        mlirValueReplaceAllUsesOfWith(op.result(0).0, result.result(0).0);
        mlirOperationDestroy(op.0);
    }
    Ok(())
}

/// The values that replace the results of `op`.
fn build(e: &mut Emitter, op: Op) -> Result<Vec<Val>, String> {
    let name = op.name();
    let f32t = e.f32();
    match name {
        "llvm.fpext" => {
            let x = op.operand(0);
            let to = op.result(0).ty();
            let kind = narrow_of(x.ty()).ok_or("fpext of f16/bf16 without such an operand")?;
            let w = extend(e, x, kind);
            Ok(vec![if to == f32t { w } else { e.cast("llvm.fpext", w, to) }])
        }
        "llvm.fptrunc" => {
            let x = op.operand(0);
            let kind = narrow_of(op.result(0).ty()).ok_or("fptrunc to f16/bf16 without such a result")?;
            let w = to_wide(e, x)?;
            Ok(vec![truncate(e, w, kind)])
        }
        "llvm.intr.fma" | "llvm.intr.fmuladd" if narrow_of(op.result(0).ty()).is_some() => {
            // In f64, where the product is exact and the sum is rounded to
            // odd, then one rounding through `truncate`: the sum rounded to
            // nearest in f32 or f64 would be rounded twice (bf16 fma results
            // 1 ulp off; found by tests/diff).
            let kind = narrow_of(op.result(0).ty()).ok_or("fma on f16/bf16 without such a result")?;
            let f64t = f64_ty(e);
            let mut wide = Vec::with_capacity(3);
            for v in op.operands() {
                let w = to_wide(e, v)?;
                wide.push(if is_f64(w.ty()) { w } else { e.cast("llvm.fpext", w, f64t) });
            }
            let r = fma_f64_odd(e, wide[0], wide[1], wide[2]);
            Ok(vec![truncate(e, r, kind)])
        }
        "llvm.sitofp" | "llvm.uitofp" => {
            let kind = narrow_of(op.result(0).ty()).ok_or("int to f16/bf16 without such a result")?;
            let f64t = f64_ty(e);
            let d = e.val(name, &[op.operand(0)], f64t, &[]);
            Ok(vec![truncate(e, d, kind)])
        }
        _ => {
            // The same op on f32 operands; narrow results rounded back.
            let mut operands = Vec::with_capacity(op.num_operands());
            for v in op.operands() {
                operands.push(match narrow_of(v.ty()) {
                    Some(kind) => extend(e, v, kind),
                    None => v,
                });
            }
            let results: Vec<Ty> =
                op.results().iter().map(|r| if narrow_of(r.ty()).is_some() { f32t } else { r.ty() }).collect();
            let attrs: Vec<(&str, Attr)> = op.attributes();
            let wide = e.op(name, &operands, &results, &attrs);
            let mut out = Vec::with_capacity(results.len());
            for (i, r) in op.results().into_iter().enumerate() {
                out.push(match narrow_of(r.ty()) {
                    Some(kind) => truncate(e, wide.result(i), kind),
                    None => wide.result(i),
                });
            }
            Ok(out)
        }
    }
}

/// `x` as f32 or f64 (a narrow `x` is extended exactly to f32).
fn to_wide(e: &mut Emitter, x: Val) -> Result<Val, String> {
    let t = x.ty();
    if let Some(kind) = narrow_of(t) {
        return Ok(extend(e, x, kind));
    }
    if t == e.f32() || is_f64(t) {
        return Ok(x);
    }
    Err(format!("cannot convert {t} to f16/bf16"))
}

fn k32(e: &mut Emitter, v: i64) -> Val {
    e.i32_const(v)
}

fn extend(e: &mut Emitter, x: Val, kind: Narrow) -> Val {
    let i16t = i16_ty(e);
    let i32t = e.i32();
    let f32t = e.f32();
    let bits = e.cast("llvm.bitcast", x, i16t);
    let h = e.cast("llvm.zext", bits, i32t);
    match kind {
        Narrow::BF16 => {
            let w = e.shl_i32(h, 16);
            e.cast("llvm.bitcast", w, f32t)
        }
        Narrow::F16 => {
            // sign | exponent rebiased by 127 - 15 | mantissa << 13; e = 31:
            // inf/NaN (all-ones exponent); e = 0: m * 2^-24, exact in f32.
            let sign = e.and_i32(h, 0x8000);
            let sign = e.shl_i32(sign, 16);
            let ex = e.lshr_i32(h, 10);
            let ex = e.and_i32(ex, 0x1f);
            let m = e.and_i32(h, 0x3ff);
            let m13 = e.shl_i32(m, 13);
            let biased = e.add_i32(ex, 112);
            let biased = e.shl_i32(biased, 23);
            let normal = e.or(biased, m13);
            let inf_bits = k32(e, 0x7f80_0000);
            let special = e.or(inf_bits, m13);
            let mf = e.cast("llvm.uitofp", m, f32t);
            let scale = e.const_float(f32t, 1.0 / 16_777_216.0);
            let sub = e.val("llvm.fmul", &[mf, scale], f32t, &[]);
            let sub = e.cast("llvm.bitcast", sub, i32t);
            let zero = k32(e, 0);
            let is_sub = e.icmp(ICmp::Eq, ex, zero);
            let all = k32(e, 31);
            let is_special = e.icmp(ICmp::Eq, ex, all);
            let r = e.select(is_special, special, normal);
            let r = e.select(is_sub, sub, r);
            let r = e.or(r, sign);
            e.cast("llvm.bitcast", r, f32t)
        }
    }
}

/// `x` (f32 or f64) rounded to nearest even in the narrow format `kind`.
fn truncate(e: &mut Emitter, x: Val, kind: Narrow) -> Val {
    let x = if is_f64(x.ty()) { f64_to_f32_odd(e, x) } else { x };
    let bits = match kind {
        Narrow::BF16 => f32_to_bf16_bits(e, x),
        Narrow::F16 => f32_to_f16_bits(e, x),
    };
    let i16t = i16_ty(e);
    let h = e.cast("llvm.trunc", bits, i16t);
    let ty = Ty(unsafe {
        match kind {
            Narrow::F16 => mlirF16TypeGet(e.ctx),
            Narrow::BF16 => mlirBF16TypeGet(e.ctx),
        }
    });
    e.cast("llvm.bitcast", h, ty)
}

/// `a * b + c` in f64 rounded "to odd", for f16/bf16 operands (whose
/// product f64 holds exactly): the sum rounded to nearest, its exact error
/// from TwoSum, then toward zero with the last bit set when inexact. Rounding
/// that to a format of at most 26 bits rounds once (a NaN or infinity passes
/// through: its error is NaN).
fn fma_f64_odd(e: &mut Emitter, a: Val, b: Val, c: Val) -> Val {
    let f64t = f64_ty(e);
    let i64t = e.i64();
    let i1 = e.i1();
    let p = e.val("llvm.fmul", &[a, b], f64t, &[]);
    let sum = e.val("llvm.fadd", &[p, c], f64t, &[]);
    let bb = e.val("llvm.fsub", &[sum, p], f64t, &[]);
    let t1 = e.val("llvm.fsub", &[sum, bb], f64t, &[]);
    let t2 = e.val("llvm.fsub", &[p, t1], f64t, &[]);
    let t3 = e.val("llvm.fsub", &[c, bb], f64t, &[]);
    let err = e.val("llvm.fadd", &[t2, t3], f64t, &[]);
    let zero = e.const_float(f64t, 0.0);
    // fcmp one = 6 (ordered, not equal).
    let one = e.int_attr(i64t, 6);
    let inexact = e.val("llvm.fcmp", &[err, zero], i1, &[("predicate", one)]);
    let sb = e.cast("llvm.bitcast", sum, i64t);
    let eb = e.cast("llvm.bitcast", err, i64t);
    let x = e.xor(sb, eb);
    let izero = e.const_int(i64t, 0);
    let opposite = e.icmp(ICmp::Slt, x, izero);
    // Rounded away from zero: step back toward zero, then set the last bit.
    let toward_zero = e.and(inexact, opposite);
    let m1 = e.const_int(i64t, -1);
    let stepped = e.add(sb, m1);
    let sb = e.select(toward_zero, stepped, sb);
    let lsb = e.const_int(i64t, 1);
    let odd = e.or(sb, lsb);
    let sb = e.select(inexact, odd, sb);
    e.cast("llvm.bitcast", sb, f64t)
}

/// The f64 `x` rounded to f32 "to odd": toward zero, with the last bit set
/// when inexact (a NaN stays a NaN).
fn f64_to_f32_odd(e: &mut Emitter, x: Val) -> Val {
    let f32t = e.f32();
    let f64t = f64_ty(e);
    let i32t = e.i32();
    let i1 = e.i1();
    let r = e.cast("llvm.fptrunc", x, f32t);
    let back = e.cast("llvm.fpext", r, f64t);
    // fcmp predicates: one = 6 (ordered, not equal), ogt = 2.
    let one = e.int_attr(e.i64(), 6);
    let inexact = e.val("llvm.fcmp", &[back, x], i1, &[("predicate", one)]);
    let ab = e.val("llvm.intr.fabs", &[back], f64t, &[]);
    let ax = e.val("llvm.intr.fabs", &[x], f64t, &[]);
    let ogt = e.int_attr(e.i64(), 2);
    let rounded_away = e.val("llvm.fcmp", &[ab, ax], i1, &[("predicate", ogt)]);
    let u = e.cast("llvm.bitcast", r, i32t);
    let minus = e.add_i32(u, -1);
    let u = e.select(rounded_away, minus, u);
    let lsb = k32(e, 1);
    let odd = e.or(u, lsb);
    let u = e.select(inexact, odd, u);
    e.cast("llvm.bitcast", u, f32t)
}

/// The bf16 bits (low 16 of an i32) of the f32 `x`, rounded to nearest even.
fn f32_to_bf16_bits(e: &mut Emitter, x: Val) -> Val {
    let i32t = e.i32();
    let u = e.cast("llvm.bitcast", x, i32t);
    let a = e.and_i32(u, 0x7fff_ffff);
    let inf = k32(e, 0x7f80_0000);
    let is_nan = e.icmp(ICmp::Ugt, a, inf);
    let hi = e.lshr_i32(u, 16);
    let quiet = k32(e, 0x40);
    let nan = e.or(hi, quiet);
    // u + 0x7fff + lsb, then the top half: ties go to the even neighbour;
    // no overflow below NaN (|u| <= 0xff800000).
    let lsb = e.and_i32(hi, 1);
    let bias = e.add_i32(lsb, 0x7fff);
    let sum = e.add(u, bias);
    let rounded = e.lshr_i32(sum, 16);
    e.select(is_nan, nan, rounded)
}

/// The f16 bits (low 16 of an i32) of the f32 `x`, rounded to nearest even.
fn f32_to_f16_bits(e: &mut Emitter, x: Val) -> Val {
    let i32t = e.i32();
    let u = e.cast("llvm.bitcast", x, i32t);
    let sign = e.lshr_i32(u, 16);
    let sign = e.and_i32(sign, 0x8000);
    let a = e.and_i32(u, 0x7fff_ffff);
    // NaN: quiet, the top of the payload kept.
    let inf = k32(e, 0x7f80_0000);
    let is_nan = e.icmp(ICmp::Ugt, a, inf);
    let payload = e.lshr_i32(a, 13);
    let payload = e.and_i32(payload, 0x3ff);
    let qnan = k32(e, 0x7e00);
    let nan = e.or(qnan, payload);
    // Normal results (|x| >= 2^-14): rebias by 112, round off 13 bits to
    // nearest even (a carry moves into the exponent), at most infinity.
    let rebiased = e.add_i32(a, -0x3800_0000);
    let keep = e.lshr_i32(rebiased, 13);
    let lsb = e.and_i32(keep, 1);
    let bias = e.add_i32(lsb, 0xfff);
    let sum = e.add(rebiased, bias);
    let normal = e.lshr_i32(sum, 13);
    let inf16 = k32(e, 0x7c00);
    let normal = e.val("llvm.intr.umin", &[normal, inf16], i32t, &[]);
    // Subnormal results: the significand (implicit bit included) shifted
    // right by 126 - exponent (>= 14; at most 31, where it is all rounded
    // off), rounded to nearest even.
    let ex = e.lshr_i32(a, 23);
    let frac = e.and_i32(a, 0x7f_ffff);
    let implicit = k32(e, 0x80_0000);
    let mant = e.or(frac, implicit);
    let k126 = k32(e, 126);
    let shift = e.sub(k126, ex);
    let k31 = k32(e, 31);
    let shift = e.val("llvm.intr.umin", &[shift, k31], i32t, &[]);
    let q = e.lshr(mant, shift);
    let one = k32(e, 1);
    let unit = e.shl(one, shift);
    let low_mask = e.add_i32(unit, -1);
    let rem = e.and(mant, low_mask);
    let half = e.lshr_i32(unit, 1);
    let above = e.icmp(ICmp::Ugt, rem, half);
    let tie = e.icmp(ICmp::Eq, rem, half);
    let q_odd = e.and_i32(q, 1);
    let zero = k32(e, 0);
    let odd = e.icmp(ICmp::Ne, q_odd, zero);
    let tie_up = e.and(tie, odd);
    let up = e.or(above, tie_up);
    let up = e.cast("llvm.zext", up, i32t);
    let sub = e.add(q, up);
    let min_normal = k32(e, 0x3880_0000);
    let is_normal = e.icmp(ICmp::Uge, a, min_normal);
    let r = e.select(is_normal, normal, sub);
    let r = e.select(is_nan, nan, r);
    e.or(r, sign)
}
