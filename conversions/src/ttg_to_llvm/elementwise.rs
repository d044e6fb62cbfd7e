//! Elementwise ops (`arith`, `math`, and `tt`'s pointer and float ops):
//! register `i` of the result is the op applied to register `i` of each
//! operand (a scalar operand of a tensor op, such as the `i1` condition of
//! `arith.select` on tensors, serves every register), so one pattern lowers
//! them all for scalars and tensors alike.
use super::emit::Emitter;
use super::{FastMath, LowerPattern, Lowering};
use std::collections::HashMap;
use tritium_dialects::ir::{Attr, Op, Ty, Val};

/// How an elementwise op maps to LLVM.
#[derive(Clone, Copy)]
enum Kind {
    /// The LLVM op of the same operands and result type.
    Same(&'static str),
    /// A comparison: the LLVM op, with `arith`'s predicate (same numbering).
    Compare(&'static str),
    /// A cast to the result's element type.
    Cast(&'static str),
    /// Handled by [`lower_special`].
    Special,
}

const TABLE: &[(&str, Kind)] = &[
    ("arith.addi", Kind::Same("llvm.add")),
    ("arith.subi", Kind::Same("llvm.sub")),
    ("arith.muli", Kind::Same("llvm.mul")),
    ("arith.divsi", Kind::Same("llvm.sdiv")),
    ("arith.divui", Kind::Same("llvm.udiv")),
    ("arith.remsi", Kind::Same("llvm.srem")),
    ("arith.remui", Kind::Same("llvm.urem")),
    ("arith.andi", Kind::Same("llvm.and")),
    ("arith.ori", Kind::Same("llvm.or")),
    ("arith.xori", Kind::Same("llvm.xor")),
    ("arith.shli", Kind::Same("llvm.shl")),
    ("arith.shrsi", Kind::Same("llvm.ashr")),
    ("arith.shrui", Kind::Same("llvm.lshr")),
    ("arith.maxsi", Kind::Same("llvm.intr.smax")),
    ("arith.minsi", Kind::Same("llvm.intr.smin")),
    ("arith.maxui", Kind::Same("llvm.intr.umax")),
    ("arith.minui", Kind::Same("llvm.intr.umin")),
    ("arith.addf", Kind::Same("llvm.fadd")),
    ("arith.subf", Kind::Same("llvm.fsub")),
    ("arith.mulf", Kind::Same("llvm.fmul")),
    ("arith.divf", Kind::Same("llvm.fdiv")),
    ("arith.remf", Kind::Same("llvm.frem")),
    ("arith.negf", Kind::Same("llvm.fneg")),
    ("arith.maxnumf", Kind::Same("llvm.intr.maxnum")),
    ("arith.minnumf", Kind::Same("llvm.intr.minnum")),
    ("arith.maximumf", Kind::Same("llvm.intr.maximum")),
    ("arith.minimumf", Kind::Same("llvm.intr.minimum")),
    ("arith.select", Kind::Special),
    ("arith.cmpi", Kind::Compare("llvm.icmp")),
    ("arith.cmpf", Kind::Compare("llvm.fcmp")),
    ("arith.extsi", Kind::Cast("llvm.sext")),
    ("arith.extui", Kind::Cast("llvm.zext")),
    ("arith.trunci", Kind::Cast("llvm.trunc")),
    ("arith.extf", Kind::Cast("llvm.fpext")),
    ("arith.truncf", Kind::Cast("llvm.fptrunc")),
    ("arith.sitofp", Kind::Cast("llvm.sitofp")),
    ("arith.uitofp", Kind::Cast("llvm.uitofp")),
    ("arith.fptosi", Kind::Cast("llvm.fptosi")),
    ("arith.fptoui", Kind::Cast("llvm.fptoui")),
    ("arith.bitcast", Kind::Cast("llvm.bitcast")),
    ("tt.bitcast", Kind::Cast("llvm.bitcast")),
    ("tt.int_to_ptr", Kind::Cast("llvm.inttoptr")),
    ("tt.ptr_to_int", Kind::Cast("llvm.ptrtoint")),
    ("math.absf", Kind::Same("llvm.intr.fabs")),
    ("math.sqrt", Kind::Same("llvm.intr.sqrt")),
    ("math.floor", Kind::Same("llvm.intr.floor")),
    ("math.trunc", Kind::Same("llvm.intr.trunc")),
    ("math.round", Kind::Same("llvm.intr.round")),
    ("math.roundeven", Kind::Same("llvm.intr.roundeven")),
    ("tt.mulhiui", Kind::Special),
    ("arith.index_cast", Kind::Special),
    ("arith.index_castui", Kind::Special),
    ("math.ceil", Kind::Same("llvm.intr.ceil")),
    ("math.fma", Kind::Same("llvm.intr.fma")),
    ("math.copysign", Kind::Same("llvm.intr.copysign")),
    ("tt.precise_sqrt", Kind::Same("llvm.intr.sqrt")),
    ("tt.precise_divf", Kind::Same("llvm.fdiv")),
    ("math.absi", Kind::Special),
    ("math.exp", Kind::Special),
    ("math.exp2", Kind::Special),
    ("math.rsqrt", Kind::Special),
    ("math.log", Kind::Special),
    ("math.log2", Kind::Special),
    ("math.sin", Kind::Special),
    ("math.cos", Kind::Special),
    ("math.tanh", Kind::Special),
    ("tt.approx_divf", Kind::Special),
    ("tt.clampf", Kind::Special),
    ("tt.addptr", Kind::Special),
    ("ub.poison", Kind::Special),
    ("arith.ceildivsi", Kind::Special),
    ("arith.floordivsi", Kind::Special),
    ("arith.ceildivui", Kind::Special),
    // Only through the target's `float_math` (its device library).
    ("math.erf", Kind::Special),
    ("math.log10", Kind::Special),
    ("math.log1p", Kind::Special),
    ("math.expm1", Kind::Special),
    ("math.tan", Kind::Special),
    ("math.atan", Kind::Special),
    ("math.powf", Kind::Special),
];

const ROOTS: &[&str] = &[
    "arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.remsi", "arith.remui",
    "arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrsi", "arith.shrui", "arith.maxsi",
    "arith.minsi", "arith.maxui", "arith.minui", "arith.addf", "arith.subf", "arith.mulf", "arith.divf",
    "arith.remf", "arith.negf", "math.trunc", "math.round", "math.roundeven", "tt.mulhiui",
    "arith.index_cast", "arith.index_castui", "arith.maxnumf", "arith.minnumf", "arith.maximumf", "arith.minimumf",
    "arith.select", "arith.cmpi", "arith.cmpf", "arith.extsi", "arith.extui", "arith.trunci", "arith.extf",
    "arith.truncf", "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.bitcast",
    "tt.bitcast", "tt.int_to_ptr", "tt.ptr_to_int", "math.absf", "math.sqrt", "math.floor", "math.ceil",
    "math.fma", "math.copysign", "tt.precise_sqrt", "tt.precise_divf", "math.absi", "math.exp", "math.exp2",
    "math.rsqrt", "math.log", "math.log2", "math.sin", "math.cos", "math.tanh", "tt.approx_divf", "tt.clampf", "tt.addptr", "ub.poison",
    "arith.ceildivsi", "arith.floordivsi", "arith.ceildivui", "math.erf", "math.log10", "math.log1p", "math.expm1",
    "math.tan", "math.atan", "math.powf",
];

/// `ttg-to-llvm.elementwise`.
pub struct Elementwise;

/// `ttg-to-llvm.constant`: `arith.constant` of scalars and splat tensors.
pub struct Constant;

/// The patterns of this file.
pub static PATTERNS: &[&dyn LowerPattern] = &[&Elementwise, &Constant];

impl LowerPattern for Elementwise {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.elementwise"
    }
    fn roots(&self) -> &'static [&'static str] {
        ROOTS
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let name = op.name();
        let kind = TABLE.iter().find(|(n, _)| *n == name).map(|(_, k)| *k).ok_or("not elementwise")?;
        let result = op.result(0);
        let n = cx.num_values(result.ty())?;
        let out_elem = cx.elem_ty(result.ty())?;
        let operands = broadcast_operands(cx, op, n)?;
        let reps = constancy_representatives(cx, result, n);
        let mut out: Vec<Val> = Vec::with_capacity(n);
        let copy_of = |i: usize| reps.as_ref().and_then(|reps| reps.get(i)).copied().filter(|&r| r < i);
        let mut i = 0;
        while i < n {
            if let Some(r) = copy_of(i) {
                out.push(out[r]);
                i += 1;
                continue;
            }
            if let (Kind::Cast(_), [regs]) = (kind, operands.as_slice()) {
                if regs.len() == n {
                    let group = cx.target.convert_group(&mut cx.e, name, &regs[i..], out_elem);
                    if let Some(group) = group.filter(|g| !g.is_empty() && g.len() <= n - i) {
                        // A register that copies another keeps that one's value.
                        for (j, v) in group.iter().enumerate() {
                            out.push(copy_of(i + j).map_or(*v, |r| out[r]));
                        }
                        i += group.len();
                        continue;
                    }
                }
            }
            let args: Vec<Val> = operands.iter().map(|o| if o.len() == 1 { o[0] } else { o[i] }).collect();
            if let Some(v) = cx.target.float_math(&mut cx.e, name, &args, out_elem) {
                out.push(v.map_err(|m| format!("'{name}': {m}"))?);
                i += 1;
                continue;
            }
            let v = match kind {
                Kind::Same(llvm) => cx.e.val(llvm, &args, out_elem, &[]),
                Kind::Compare(llvm) => {
                    let pred = op.attr("predicate").and_then(|a| a.int()).ok_or("comparison without predicate")?;
                    let p = cx.e.int_attr(cx.e.i64(), pred);
                    cx.e.val(llvm, &args, out_elem, &[("predicate", p)])
                }
                Kind::Cast(llvm) => {
                    if args[0].ty() == out_elem {
                        args[0]
                    } else if matches!(llvm, "llvm.sitofp" | "llvm.uitofp")
                        && args[0].ty().is_integer()
                        && args[0].ty().bit_width() == 1
                    {
                        // An i1 converts by choosing between the two values
                        // it can give (-1.0 or 1.0, and 0.0). One LLVM 22
                        // GPU code generator converts `sitofp i1` to bf16 as
                        // the zero-extended bit, +1.0 instead of -1.0, when
                        // the bit is a vectorized reduction (GPU
                        // differential seed 44, program 625); a `sext`
                        // first is folded back by InstCombine, a select is
                        // not.
                        let one = if llvm == "llvm.sitofp" { -1.0 } else { 1.0 };
                        let (t, f) = (cx.e.const_float(out_elem, one), cx.e.const_float(out_elem, 0.0));
                        cx.e.select(args[0], t, f)
                    } else {
                        cx.e.val(llvm, &args, out_elem, &[])
                    }
                }
                Kind::Special => lower_special(cx, op, &args, out_elem)?,
            };
            out.push(v);
            i += 1;
        }
        Ok(vec![out])
    }
}

/// Triton's deduplication by constancy: where AxisInfo proves the result
/// constant over aligned blocks, each register whose block starts at another
/// register of the same thread takes that register's value instead of
/// computing its own (fewer instructions and live values, e.g. a mask
/// `offs < n` with `n` divisible by 16). Per register, the register it copies
/// (itself when none); `None` when nothing is shared.
fn constancy_representatives(cx: &mut Lowering<'_>, result: Val, n: usize) -> Option<Vec<usize>> {
    let constancy = cx.axis.get(result)?.constancy.clone();
    if constancy.iter().all(|&c| c <= 1) {
        return None;
    }
    let l = cx.layout(result.ty()).ok()?;
    if l.regs.len() != n || constancy.len() != l.shape.len() {
        return None;
    }
    // Aligned power-of-two blocks, as Triton zeroes the low bases of its
    // inverse layout. The thread's lane and warp offsets are XORed onto
    // every register's coordinates, and an XOR with the same offset keeps
    // two coordinates' high bits equal or different: registers whose
    // coordinates (lane and warp 0) share a block share one in every thread.
    let block: Vec<i64> = (0..l.shape.len())
        .map(|d| {
            let c = constancy[d].max(1);
            1i64 << (63 - c.leading_zeros())
        })
        .collect();
    if block.iter().all(|&b| b <= 1) {
        return None;
    }
    let mut first: HashMap<&[i64], usize> = HashMap::new();
    for (r, c) in l.regs.iter().enumerate() {
        first.entry(c.as_slice()).or_insert(r);
    }
    let reps: Vec<usize> = l
        .regs
        .iter()
        .enumerate()
        .map(|(r, c)| {
            let start: Vec<i64> = c.iter().zip(&block).map(|(&x, &b)| x & !(b - 1)).collect();
            first.get(start.as_slice()).copied().filter(|&s| s < r).unwrap_or(r)
        })
        .collect();
    reps.iter().enumerate().any(|(r, &s)| s != r).then_some(reps)
}

/// The registers of each operand of the elementwise `op` whose result holds
/// `n` registers. MLIR's `Elementwise` trait lets scalar operands mix with
/// tensor ones (`arith.select %scalar_i1, %tensor, %tensor`: the condition
/// picks a whole tensor): a scalar operand keeps its one value, which
/// serves every register of the result. A tensor operand must hold `n`.
pub(super) fn broadcast_operands(cx: &mut Lowering<'_>, op: Op, n: usize) -> Result<Vec<Vec<Val>>, String> {
    let name = op.name();
    let mut operands = Vec::with_capacity(op.num_operands());
    for (k, v) in op.operands().into_iter().enumerate() {
        let regs = cx.get(v)?;
        let fits = if v.ty().is_tensor() { regs.len() == n } else { regs.len() == 1 };
        if !fits {
            return Err(format!(
                "'{name}': operand #{k} ({}) holds {} registers, the result {n}",
                v.ty(),
                regs.len()
            ));
        }
        operands.push(regs);
    }
    Ok(operands)
}

/// `f(x)` through the backend's f32 approximation.
fn fast(cx: &mut Lowering<'_>, f: FastMath, x: Val, name: &str) -> Result<Val, String> {
    require_f32(&cx.e, x.ty(), name)?;
    cx.target.fast_math_f32(&mut cx.e, f, x).ok_or_else(|| format!("'{name}' has no lowering on this target"))
}

/// `log2(e)`, for `exp(x) = 2^(x log2 e)`.
const LOG2_E: f64 = std::f64::consts::LOG2_E;

fn require_f32(e: &Emitter, ty: Ty, name: &str) -> Result<(), String> {
    if ty == e.f32() {
        Ok(())
    } else {
        Err(format!("'{name}' is only lowered for f32, not {ty}"))
    }
}

/// Whether `lower` is `-upper` as Triton's clamp lowering recognises it:
/// `arith.subf 0.0, upper` or `arith.negf upper`, on tensors also
/// `tt.splat (arith.negf s)` with `upper = tt.splat s`.
fn is_negation_of(lower: Val, upper: Val) -> bool {
    let same = |a: Val, b: Val| a.0.ptr == b.0.ptr;
    let Some(def) = lower.defining_op() else { return false };
    match def.name() {
        "arith.subf" => same(def.operand(1), upper) && is_zero_float(def.operand(0)),
        "arith.negf" => same(def.operand(0), upper),
        "tt.splat" => {
            let neg = def.operand(0).defining_op().filter(|n| n.name() == "arith.negf");
            let splat = upper.defining_op().filter(|s| s.name() == "tt.splat");
            matches!((neg, splat), (Some(n), Some(s)) if same(n.operand(0), s.operand(0)))
        }
        _ => false,
    }
}

/// Whether `v` is a float constant (or splat of one) equal to 0.
fn is_zero_float(v: Val) -> bool {
    let Some(def) = v.defining_op().filter(|d| d.name() == "arith.constant") else { return false };
    let Some(attr) = def.attr("value") else { return false };
    let text = attr.to_string();
    let number = text.trim_start_matches("dense<").split(['>', ':']).next().unwrap_or("").trim();
    number.parse::<f64>().is_ok_and(|x| x == 0.0)
}

fn lower_special(cx: &mut Lowering<'_>, op: Op, args: &[Val], out: Ty) -> Result<Val, String> {
    let name = op.name();
    match name {
        "arith.select" => Ok(cx.e.select(args[0], args[1], args[2])),
        "math.absi" => {
            let f = cx.e.attr("false");
            Ok(cx.e.val("llvm.intr.abs", &[args[0]], out, &[("is_int_min_poison", f)]))
        }
        "math.exp" => {
            require_f32(&cx.e, out, name)?;
            let k = cx.e.const_float(out, LOG2_E);
            let x = cx.e.val("llvm.fmul", &[args[0], k], out, &[]);
            fast(cx, FastMath::Exp2, x, name)
        }
        "math.exp2" => fast(cx, FastMath::Exp2, args[0], name),
        "math.log" => {
            let l = fast(cx, FastMath::Log2, args[0], name)?;
            let k = cx.e.const_float(out, std::f64::consts::LN_2);
            Ok(cx.e.val("llvm.fmul", &[l, k], out, &[]))
        }
        "math.log2" => fast(cx, FastMath::Log2, args[0], name),
        "math.sin" => fast(cx, FastMath::Sin, args[0], name),
        "math.cos" => fast(cx, FastMath::Cos, args[0], name),
        "math.tanh" => fast(cx, FastMath::Tanh, args[0], name),
        "math.rsqrt" => {
            if out == cx.e.f32() {
                if let Some(v) = cx.target.fast_math_f32(&mut cx.e, FastMath::Rsqrt, args[0]) {
                    return Ok(v);
                }
            }
            let s = cx.e.val("llvm.intr.sqrt", &[args[0]], out, &[]);
            let one = cx.e.const_float(out, 1.0);
            Ok(cx.e.val("llvm.fdiv", &[one, s], out, &[]))
        }
        "tt.approx_divf" => {
            require_f32(&cx.e, out, name)?;
            Ok(cx.target.approx_div_f32(&mut cx.e, args[0], args[1]))
        }
        "tt.clampf" => {
            // propagateNan = all (0xFFFF) keeps NaNs: maximum/minimum; else maxnum/minnum.
            let all = op.attr("propagateNan").and_then(|a| a.int()).unwrap_or(0) != 0;
            // `clamp(x, -limit, limit)` (Triton's two spellings of -limit):
            // the target may have one instruction for it.
            if !all && is_negation_of(op.operand(1), op.operand(2)) {
                if let Some(v) = cx.target.symmetric_clamp(&mut cx.e, args[0], args[2]) {
                    return Ok(v);
                }
            }
            let (max, min) = if all { ("llvm.intr.maximum", "llvm.intr.minimum") } else { ("llvm.intr.maxnum", "llvm.intr.minnum") };
            let lo = cx.e.val(max, &[args[0], args[1]], out, &[]);
            Ok(cx.e.val(min, &[lo, args[2]], out, &[]))
        }
        "tt.addptr" => {
            let pointee = tritium_dialects::tt::types::pointee(op.operand(0).ty().element()).ok_or("addptr of a non-pointer")?;
            let elem = if pointee.is_integer() && pointee.bit_width() == 1 {
                cx.e.int_ty(8)
            } else {
                super::llvm_scalar_type(&cx.e, pointee)?
            };
            Ok(cx.e.gep(args[0], elem, args[1]))
        }
        "ub.poison" => Ok(cx.e.val("llvm.mlir.poison", &[], out, &[])),
        "arith.ceildivsi" | "arith.floordivsi" | "arith.ceildivui" => Ok(cx.e.rounded_div(name, args[0], args[1])),
        "tt.mulhiui" => {
            // The high half of the unsigned double-width product.
            let bits = out.bit_width();
            let wide = cx.e.int_ty(bits * 2);
            let a = cx.e.cast("llvm.zext", args[0], wide);
            let b = cx.e.cast("llvm.zext", args[1], wide);
            let p = cx.e.mul(a, b);
            let k = cx.e.const_int(wide, i64::from(bits));
            let hi = cx.e.lshr(p, k);
            Ok(cx.e.cast("llvm.trunc", hi, out))
        }
        "arith.index_cast" | "arith.index_castui" => {
            let (from, to) = (args[0].ty().bit_width(), out.bit_width());
            let ext = if name == "arith.index_cast" { "llvm.sext" } else { "llvm.zext" };
            Ok(if from < to { cx.e.cast(ext, args[0], out) } else { cx.e.cast("llvm.trunc", args[0], out) })
        }
        _ => Err(format!("'{name}' has no lowering to LLVM")),
    }
}

/// A tensor constant that is not a splat, as Triton lowers it: its elements
/// (row-major) in a constant global `tensor_constant_<n>` of the generic
/// address space, and each register loaded from it at the element's index.
fn dense_constant(cx: &mut Lowering<'_>, ty: tritium_dialects::ir::Ty, value: Attr, elem: tritium_dialects::ir::Ty) -> Result<Vec<Val>, String> {
    let shape = ty.shape().ok_or("a tensor constant without a shape")?;
    if !(elem.is_integer() || elem.is_float()) || elem != ty.element() {
        return Err(format!("non-splat constants of {} are not lowered", ty.element()));
    }
    let total: i64 = shape.iter().product();
    let mut items = Vec::with_capacity(total as usize);
    for flat in 0..total {
        let mut index = vec![0u64; shape.len()];
        let mut rest = flat;
        for d in (0..shape.len()).rev() {
            index[d] = (rest % shape[d]) as u64;
            rest /= shape[d];
        }
        let item = unsafe {
            if !mlir_sys::mlirAttributeIsAElements(value.0) {
                return Err("a tensor constant whose value is not elements".into());
            }
            Attr(mlir_sys::mlirElementsAttrGetValue(value.0, index.len() as isize, index.as_mut_ptr()))
        };
        items.push(item.to_string());
    }
    let layout = cx.layout(ty)?;
    let coords = cx.thread_coords(&layout);
    let mut strides = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    let mut indices = Vec::with_capacity(layout.num_regs());
    for reg in &layout.regs {
        let mut index: Option<Val> = None;
        for d in 0..shape.len() {
            let k = cx.e.i32_const(reg[d]);
            let c = cx.e.xor(coords[d], k);
            let term = if strides[d] == 1 { c } else { cx.e.mul_i32(c, strides[d]) };
            index = Some(match index {
                Some(i) => cx.e.add(i, term),
                None => term,
            });
        }
        indices.push(index.unwrap_or_else(|| cx.e.i32_const(0)));
    }
    let global = cx.e.array_constant_named("tensor_constant_", elem, &format!("[{}]", items.join(", ")), total as u32)?;
    Ok(indices
        .into_iter()
        .map(|index| {
            let p = cx.e.gep(global, elem, index);
            cx.e.load(p, elem)
        })
        .collect())
}

impl LowerPattern for Constant {
    fn name(&self) -> &'static str {
        "ttg-to-llvm.constant"
    }
    fn roots(&self) -> &'static [&'static str] {
        &["arith.constant"]
    }
    fn lower(&self, cx: &mut Lowering<'_>, op: Op) -> Result<Vec<Vec<Val>>, String> {
        let ty = op.result(0).ty();
        let value = op.attr("value").ok_or("constant without value")?;
        let elem = cx.elem_ty(ty)?;
        let scalar: Attr = if ty.is_tensor() {
            match value.splat_value() {
                Some(v) => v,
                None => return Ok(vec![dense_constant(cx, ty, value, elem)?]),
            }
        } else {
            value
        };
        let mut v = cx.e.const_attr(elem, scalar);
        if ty.is_tensor() && cx.packed_structs() {
            // Triton's splat constant: the scalar, bitcast to the element type.
            v = cx.e.val("llvm.bitcast", &[v], elem, &[]);
        }
        let n = cx.num_values(ty)?;
        Ok(vec![vec![v; n]])
    }
}
