//! `tritongpu-F32DotTC{emu-tf32}`: decomposes `tt.dot`s of f32 operands whose
//! input precision asks for more accuracy than one tensor-core pass gives
//! into several lower-precision dots.
//!
//! - `tf32x3` (only with `emu-tf32`; Cutlass's 3xTF32 trick): with
//!   `big = cvt.rna.tf32(x)` and `small = x - big` for both operands,
//!   `dot(aBig, bBig, nan→0(dot(aBig, bSmall, dot(aSmall, bBig, 0)))) + c`,
//!   every dot in `tf32`;
//! - `bf16x3` / `bf16x6` (arXiv:1904.06376): each operand splits into two
//!   or three bf16 parts (`hi = trunc(x)`, `mid = trunc(x - ext(hi))`, …)
//!   and the partial products, smallest first, accumulate in `ieee` dots
//!   from zero; NaNs of the small terms become zero before the `hi·hi` dot;
//!   the original accumulator is added at the end.
//!
//! Like Triton, the patterns run in MLIR's greedy driver, which also folds
//! and deduplicates constants over the whole module (so the pass changes IR
//! without any such dot).
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::{apply_patterns_greedily, RewritePattern, Rewriter};
use tritium_dialects::spec;

/// The pass.
pub struct F32DotTC;

/// The patterns without `emu-tf32`.
static PATTERNS: &[&dyn RewritePattern] = &[&Bf16xN];
/// The patterns with `emu-tf32`.
static PATTERNS_EMU_TF32: &[&dyn RewritePattern] = &[&Tf32x3, &Bf16xN];

impl Pass for F32DotTC {
    fn argument(&self) -> &'static str {
        "tritongpu-F32DotTC"
    }
    fn run(&self, op: Op, options: &PassOptions) -> Result<(), ()> {
        let patterns = if options.bool("emu-tf32", false) { PATTERNS_EMU_TF32 } else { PATTERNS };
        if apply_patterns_greedily(op, spec::rewrite_patterns("tritongpu-F32DotTC", patterns)) {
            Ok(())
        } else {
            emit_error(op, "tritongpu-F32DotTC: the greedy rewrite did not converge");
            Err(())
        }
    }
}

/// `InputPrecision` values (`TT_InputPrecisionAttr`).
const TF32: i64 = 0;
const TF32X3: i64 = 1;
const IEEE: i64 = 2;
const BF16X3: i64 = 3;
const BF16X6: i64 = 4;

/// The dot's `inputPrecision` (tf32 when absent, its default).
fn input_precision(dot: Op) -> i64 {
    dot.attr("inputPrecision").and_then(|a| a.int()).unwrap_or(TF32)
}

/// Whether `v` is a ranked tensor of f32.
fn is_f32_tensor(v: Val) -> bool {
    v.ty().is_tensor() && v.ty().element().to_string() == "f32"
}

/// Builds ops just before the dot being rewritten.
struct Builder<'a> {
    rw: &'a Rewriter,
    dot: Op,
}

impl Builder<'_> {
    fn op(&self, name: &str, operands: &[Val], ty: Ty, attrs: &[(&str, Attr)]) -> Val {
        let attrs: Vec<(&str, mlir_sys::MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        self.rw.create(self.dot, name, operands, &[ty], &attrs).result(0)
    }
    fn i32(&self, v: i64) -> Attr {
        Attr::integer(Ty::int(self.dot.context(), 32), v)
    }
    /// `splat(arith.constant 0.0 : f32)` of `like`'s type.
    fn zero_like(&self, like: Val) -> Val {
        let context = self.dot.context();
        let f32 = Ty(unsafe { mlir_sys::mlirF32TypeGet(context) });
        let zero = Attr(unsafe { mlir_sys::mlirFloatAttrDoubleGet(context, f32.0, 0.0) });
        let c = self.op("arith.constant", &[], f32, &[("value", zero)]);
        self.op("tt.splat", &[c], like.ty(), &[])
    }
    /// `select(cmpf uno(v, v), 0, v)`.
    fn nans_to_zero(&self, v: Val) -> Val {
        let i1 = v.ty().with_element(Ty::i1(self.dot.context()));
        // CmpFPredicate::UNO is 14.
        let nans = self.op("arith.cmpf", &[v, v], i1, &[("predicate", Attr::integer(Ty::int(self.dot.context(), 64), 14))]);
        let zero = self.zero_like(v);
        self.op("arith.select", &[nans, zero, v], v.ty(), &[])
    }
    fn binary(&self, name: &str, a: Val, b: Val) -> Val {
        self.op(name, &[a, b], a.ty(), &[])
    }
    fn dot(&self, a: Val, b: Val, c: Val, precision: i64, max_imprecise: i64) -> Val {
        let attrs = [("inputPrecision", self.i32(precision)), ("maxNumImpreciseAcc", self.i32(max_imprecise))];
        self.op("tt.dot", &[a, b, c], c.ty(), &attrs)
    }
    /// `cvt.rna.tf32.f32` of every element, as pure inline assembly.
    fn to_tf32(&self, v: Val) -> Val {
        let context = self.dot.context();
        let attrs = [
            ("asm_string", Attr::string(context, "cvt.rna.tf32.f32 $0, $1;")),
            ("constraints", Attr::string(context, "=r,r")),
            ("packed_element", self.i32(1)),
            ("pure", Attr(unsafe { mlir_sys::mlirBoolAttrGet(context, 1) })),
        ];
        self.op("tt.elementwise_inline_asm", &[v], v.ty(), &attrs)
    }
    /// `v` converted elementwise to `element` with `name` (truncf / extf).
    fn cast(&self, name: &str, v: Val, element: Ty) -> Val {
        self.op(name, &[v], v.ty().with_element(element), &[])
    }
    /// The first `n` bf16 parts of an f32 tensor.
    fn split_bf16(&self, mut v: Val, n: usize) -> Vec<Val> {
        let context = self.dot.context();
        let bf16 = Ty(unsafe { mlir_sys::mlirBF16TypeGet(context) });
        let f32 = Ty(unsafe { mlir_sys::mlirF32TypeGet(context) });
        let mut parts = Vec::with_capacity(n);
        for i in 0..n {
            let part = self.cast("arith.truncf", v, bf16);
            if i + 1 != n {
                let back = self.cast("arith.extf", part, f32);
                v = self.binary("arith.subf", v, back);
            }
            parts.push(part);
        }
        parts
    }
}

/// Extension used above: a tensor type with another element type.
trait WithElement {
    fn with_element(self, element: Ty) -> Ty;
}

impl WithElement for Ty {
    fn with_element(self, element: Ty) -> Ty {
        match self.shape() {
            Some(shape) => Ty::tensor(&shape, element, self.encoding()),
            None => element,
        }
    }
}

/// The 3xTF32 decomposition of an f32 `tf32x3` dot.
struct Tf32x3;

impl RewritePattern for Tf32x3 {
    fn name(&self) -> &'static str {
        "tt.dot.tf32x3-to-3-tf32-dots"
    }
    fn root(&self) -> &'static str {
        "tt.dot"
    }
    fn match_and_rewrite(&self, dot: Op, rw: &Rewriter) -> bool {
        if dot.num_operands() != 3 || input_precision(dot) != TF32X3 || !is_f32_tensor(dot.operand(0)) || !is_f32_tensor(dot.operand(1)) {
            return false;
        }
        let max_imprecise = dot.attr("maxNumImpreciseAcc").and_then(|a| a.int()).unwrap_or(0);
        let (a, b, c) = (dot.operand(0), dot.operand(1), dot.operand(2));
        let m = Builder { rw, dot };
        let a_big = m.to_tf32(a);
        let a_small = m.binary("arith.subf", a, a_big);
        let b_big = m.to_tf32(b);
        let b_small = m.binary("arith.subf", b, b_big);
        let zero = m.zero_like(c);
        let dot1 = m.dot(a_small, b_big, zero, TF32, max_imprecise);
        let dot2 = m.dot(a_big, b_small, dot1, TF32, max_imprecise);
        let masked = m.nans_to_zero(dot2);
        let dot3 = m.dot(a_big, b_big, masked, TF32, max_imprecise);
        let sum = m.binary("arith.addf", dot3, c);
        rw.replace(dot, &[sum]);
        true
    }
}

/// The BF16x3 / BF16x6 decompositions of an f32 dot.
struct Bf16xN;

impl RewritePattern for Bf16xN {
    fn name(&self) -> &'static str {
        "tt.dot.bf16xn-to-bf16-dots"
    }
    fn root(&self) -> &'static str {
        "tt.dot"
    }
    fn match_and_rewrite(&self, dot: Op, rw: &Rewriter) -> bool {
        let precision = input_precision(dot);
        let n = match precision {
            BF16X3 => 2,
            BF16X6 => 3,
            _ => return false,
        };
        if dot.num_operands() != 3 || !is_f32_tensor(dot.operand(0)) || !is_f32_tensor(dot.operand(1)) {
            return false;
        }
        let (a, b, c) = (dot.operand(0), dot.operand(1), dot.operand(2));
        let m = Builder { rw, dot };
        let lhs = m.split_bf16(a, n);
        let rhs = m.split_bf16(b, n);
        let (hi, mid, lo) = (0, 1, 2);
        let mut acc = m.zero_like(c);
        if precision == BF16X6 {
            acc = m.dot(lhs[mid], rhs[mid], acc, IEEE, 0);
            acc = m.dot(lhs[lo], rhs[hi], acc, IEEE, 0);
            acc = m.dot(lhs[hi], rhs[lo], acc, IEEE, 0);
        }
        acc = m.dot(lhs[mid], rhs[hi], acc, IEEE, 0);
        acc = m.dot(lhs[hi], rhs[mid], acc, IEEE, 0);
        acc = m.nans_to_zero(acc);
        acc = m.dot(lhs[hi], rhs[hi], acc, IEEE, 0);
        let sum = m.binary("arith.addf", acc, c);
        rw.replace(dot, &[sum]);
        true
    }
}
