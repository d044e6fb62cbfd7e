//! `convert-triton-to-tritongpu`: gives every tensor a distributed layout.
//!
//! Triton 3.9's conversion, pattern for pattern:
//! - the type converter gives an unencoded tensor the default `#ttg.blocked`
//!   layout of its shape (`default_blocked`); `ttg.convert_layout` is the
//!   target materialization;
//! - most ops are re-created with converted types by one generic pattern;
//!   `tt.expand_dims` (operand as a slice of the result's layout),
//!   `tt.broadcast` (keeps its operand's layout), `tt.dot` (`#ttg.dot_op`
//!   operands of a blocked accumulator), `tt.reduce`/`tt.scan`, `tt.trans`,
//!   `tt.join`, `tt.split`, `tt.cat`, `arith.constant`, functions and the
//!   `scf`/`cf` control flow have their own patterns;
//! - the module gets `ttg.target`, `ttg.num-warps`, `ttg.threads-per-warp`
//!   and `ttg.num-ctas`.
use mlir_sys::*;
use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use tritium_dialects::conversion::{
    apply_partial_conversion, Conversion, ConversionPattern, ConversionRewriter, Dialects, Legality, Materialization,
    OpRule,
};
use tritium_dialects::ir::{region_blocks, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::spec;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::ttg::infer;
use tritium_dialects::ttg::to_linear::{blocked_encoding, default_blocked};

/// The conversion's name: its pass argument, and its name in backend specs.
pub const CONVERSION: &str = "convert-triton-to-tritongpu";

/// The pass (`conversions/Passes.td`).
pub struct ConvertTritonToTritonGPU;

impl Pass for ConvertTritonToTritonGPU {
    fn argument(&self) -> &'static str {
        "convert-triton-to-tritongpu"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let conversion = TritonToTritonGPU::from_options(module, options)?;
        // Refuse what no pattern converts before touching the IR, so a
        // failure leaves the input as it was.
        if let Some(op) = first_unconvertible(module, &conversion) {
            emit_error(op, &format!("failed to legalize operation '{}' (convert-triton-to-tritongpu has no pattern for it)", op.name()));
            return Err(());
        }
        let context = module.context();
        let i32_ty = Ty::int(context, 32);
        module.set_attr("ttg.num-warps", Attr::integer(i32_ty, i64::from(conversion.num_warps)));
        module.set_attr("ttg.threads-per-warp", Attr::integer(i32_ty, i64::from(conversion.threads_per_warp)));
        module.set_attr("ttg.num-ctas", Attr::integer(i32_ty, i64::from(conversion.num_ctas)));
        module.set_attr("ttg.target", Attr::string(context, &conversion.target));
        if apply_partial_conversion(module, &conversion) {
            Ok(())
        } else {
            Err(())
        }
    }
}

/// The conversion and its options.
pub struct TritonToTritonGPU {
    pub target: String,
    pub num_warps: u32,
    pub threads_per_warp: u32,
    pub num_ctas: u32,
    pub enable_source_remat: bool,
    context: MlirContext,
    legality: Legality,
    default_encoding_hook: Option<spec::DefaultEncodingHook>,
    /// Converted types of this run, by the source type's pointer: MLIR
    /// uniques types for the context's life, and one run converts the same
    /// few tensor types again and again (operands, results, legality).
    converted: RefCell<HashMap<usize, Option<Ty>>>,
}

impl TritonToTritonGPU {
    /// Reads and checks the options; reports bad ones on `module`.
    pub fn from_options(module: Op, options: &PassOptions) -> Result<Self, ()> {
        let target = options.string("target").to_string();
        // (An empty target is reported as missing.)
        if let Err(message) = crate::target::check_target(&target) {
            emit_error(module, &format!("convert-triton-to-tritongpu: {message}"));
            return Err(());
        }
        let settings = check_settings(options.int("num-warps", 4), options.int("threads-per-warp", 32), options.int("num-ctas", 1));
        let (num_warps, threads_per_warp, num_ctas) = match settings {
            Ok(settings) => settings,
            Err(message) => {
                emit_error(module, &format!("convert-triton-to-tritongpu: {message}"));
                return Err(());
            }
        };
        Ok(TritonToTritonGPU {
            num_warps,
            threads_per_warp,
            num_ctas,
            enable_source_remat: options.bool("enable-source-remat", false),
            context: module.context(),
            legality: spec::legality(CONVERSION, Some(&target), default_legality()),
            default_encoding_hook: spec::default_encoding(Some(&target)),
            converted: RefCell::new(HashMap::new()),
            target,
        })
    }

    /// Whether op `name` is of a dialect this run converts op by op (the
    /// dynamically legal ones, after the backend spec's changes).
    fn converts_dialect_of(&self, name: &str) -> bool {
        let dialect = Dialects::of_op(name);
        !dialect.is_empty() && self.legality.dynamic.contains(dialect)
    }

    /// The default blocked layout of `shape`.
    fn default_encoding(&self, shape: &[i64]) -> Encoding {
        default_blocked(shape, self.num_warps, self.threads_per_warp, self.num_ctas)
    }

    /// The layout an unencoded tensor of `shape` gets: the backend's
    /// `tt-to-ttg.default-encoding` hook if it has one, else the default.
    fn default_encoding_attr(&self, shape: &[i64]) -> Option<Attr> {
        if let Some(hook) = self.default_encoding_hook {
            return hook(self.context, shape, self.num_warps, self.threads_per_warp, self.num_ctas);
        }
        self.attr(&self.default_encoding(shape))
    }

    /// `encoding` as an attribute of this context.
    fn attr(&self, encoding: &Encoding) -> Option<Attr> {
        bridge::build(self.context, encoding)
    }
}

/// The most threads a CTA has (CUDA's and HIP's limit per block).
pub const MAX_THREADS_PER_CTA: i64 = 1024;
/// The most lanes of a warp (64: AMD's wave64).
pub const MAX_THREADS_PER_WARP: i64 = 64;
/// The most CTAs of a cluster (CUDA's non-portable cluster size).
pub const MAX_NUM_CTAS: i64 = 16;

/// Checks `num-warps`, `threads-per-warp` and `num-ctas`: each a power of
/// two, at most [`MAX_THREADS_PER_WARP`] lanes and [`MAX_NUM_CTAS`] CTAs,
/// and at most [`MAX_THREADS_PER_CTA`] threads per CTA in all.
pub fn check_settings(num_warps: i64, threads_per_warp: i64, num_ctas: i64) -> Result<(u32, u32, u32), String> {
    let power_of_two = |name: &str, value: i64, max: i64| {
        if value <= 0 || value & (value - 1) != 0 || value > max {
            return Err(format!("'{name}' must be a power of two from 1 to {max}, got {value}"));
        }
        Ok(value as u32)
    };
    let threads = power_of_two("threads-per-warp", threads_per_warp, MAX_THREADS_PER_WARP)?;
    let warps = power_of_two("num-warps", num_warps, MAX_THREADS_PER_CTA / threads_per_warp)
        .map_err(|e| format!("{e} (at most {MAX_THREADS_PER_CTA} threads per CTA with threads-per-warp={threads_per_warp})"))?;
    let ctas = power_of_two("num-ctas", num_ctas, MAX_NUM_CTAS)?;
    Ok((warps, threads, ctas))
}

/// What the conversion leaves legal (Triton's TritonGPUConversionTarget).
pub fn default_legality() -> Legality {
    Legality {
        legal: Dialects::TTG,
        // Legal once every operand, result and region argument has a layout.
        dynamic: Dialects::ARITH | Dialects::MATH | Dialects::TT | Dialects::CF | Dialects::SCF | Dialects::UB,
        illegal: Dialects::empty(),
        legal_ops: vec![],
        dynamic_ops: vec![
            OpRule { op: "tt.dot", why: "also needs #ttg.dot_op operands, not just any layout" },
            OpRule { op: "tt.func", why: "only its tensor arguments need layouts; its body is converted op by op" },
        ],
        illegal_ops: vec![
            OpRule { op: "scf.execute_region", why: "Triton IR does not use it; no layout rule for its results" },
            OpRule { op: "scf.parallel", why: "Triton IR does not use it" },
            OpRule { op: "scf.reduce", why: "Triton IR does not use it" },
            OpRule { op: "scf.reduce.return", why: "Triton IR does not use it" },
        ],
    }
}

/// A type is legal when it is not a tensor, or a tensor with a layout.
fn is_legal_type(ty: Ty) -> bool {
    !ty.is_tensor() || ty.encoding().is_some()
}

fn has_dot_operand_layout(value: Val) -> bool {
    matches!(value.ty().encoding().and_then(bridge::encoding_of), Some(Ok(Encoding::DotOperand { .. })))
}

impl Conversion for TritonToTritonGPU {
    fn name(&self) -> &'static str {
        CONVERSION
    }
    fn legality(&self) -> &Legality {
        &self.legality
    }
    fn is_legal(&self, op: Op) -> bool {
        match op.name() {
            "tt.dot" => has_dot_operand_layout(op.operand(0)) && has_dot_operand_layout(op.operand(1)),
            "tt.func" => op
                .entry_block(0)
                .map(|b| tritium_dialects::ir::block_arguments(b).iter().all(|a| is_legal_type(a.ty())))
                .unwrap_or(true),
            _ => {
                op.operands().iter().all(|v| is_legal_type(v.ty()))
                    && op.results().iter().all(|v| is_legal_type(v.ty()))
                    && (0..op.num_regions()).all(|r| {
                        region_blocks(op.region(r))
                            .into_iter()
                            .all(|b| tritium_dialects::ir::block_arguments(b).iter().all(|a| is_legal_type(a.ty())))
                    })
            }
        }
    }
    fn convert_type(&self, ty: Ty) -> Option<Ty> {
        if !ty.is_tensor() || ty.encoding().is_some() {
            return Some(ty);
        }
        let key = ty.0.ptr as usize;
        if let Some(converted) = self.converted.borrow().get(&key) {
            return *converted;
        }
        let converted = ty.shape().and_then(|shape| {
            let encoding = self.default_encoding_attr(&shape)?;
            Some(Ty::tensor(&shape, ty.element(), Some(encoding)))
        });
        self.converted.borrow_mut().insert(key, converted);
        converted
    }
    fn materialize(&self, kind: Materialization, ty: Ty, inputs: &[Val], location: MlirLocation) -> Option<Op> {
        if inputs.len() != 1 || !ty.is_tensor() {
            return None;
        }
        match kind {
            Materialization::Target => Some(Rewriter::build(location, "ttg.convert_layout", inputs, &[ty], &[], 0)),
            // Only with enable-source-remat: back to the original type, which
            // a later relayout pass resolves.
            Materialization::Source if self.enable_source_remat => {
                Some(Rewriter::build(location, "ttg.convert_layout", inputs, &[ty], &[], 0))
            }
            Materialization::Source => None,
        }
    }
    fn patterns(&self) -> Vec<&'static dyn ConversionPattern> {
        spec::conversion_patterns(CONVERSION, Some(&self.target), PATTERNS.to_vec())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The first op the conversion would have to convert but has no pattern for.
fn first_unconvertible(module: Op, conversion: &TritonToTritonGPU) -> Option<Op> {
    let patterns = conversion.patterns();
    module.nested_ops().into_iter().find(|op| {
        let name = op.name();
        let illegal = conversion.legality.illegal_ops.iter().any(|r| r.op == name);
        illegal || (op.num_regions() > 0 && !conversion.is_legal(*op) && !has_pattern(&patterns, name) && conversion.converts_dialect_of(name))
    })
}

fn has_pattern(patterns: &[&'static dyn ConversionPattern], name: &str) -> bool {
    patterns.iter().any(|p| p.root() == name)
}

// ---------------------------------------------------------------------------
// Helpers shared by the patterns.
// ---------------------------------------------------------------------------

fn state<'a>(rw: &ConversionRewriter<'a>) -> &'a TritonToTritonGPU {
    rw.conversion::<TritonToTritonGPU>().expect("patterns of convert-triton-to-tritongpu run only in it")
}

/// The converted result types of `op`, or None when one cannot be converted.
fn converted_results(op: Op, rw: &ConversionRewriter) -> Option<Vec<Ty>> {
    op.results().iter().map(|r| rw.convert_type(r.ty())).collect()
}

/// The attributes of `op`, for the op that replaces it.
fn attrs_of(op: Op) -> Vec<(&'static str, MlirAttribute)> {
    op.attributes().into_iter().map(|(n, a)| (n, a.0)).collect()
}

/// The encoding of a tensor value, decoded.
fn encoding_of_value(value: Val) -> Option<Encoding> {
    value.ty().encoding().and_then(bridge::encoding_of).and_then(Result::ok)
}

/// Creates a `ttg.convert_layout` of `value` to `ty` just before `anchor`.
fn convert_layout(rw: &ConversionRewriter, anchor: Op, value: Val, ty: Ty) -> Val {
    rw.create(anchor, "ttg.convert_layout", &[value], &[ty], &[]).result(0)
}

/// Replaces `op` by an op of the same name with these operands, result types
/// and `op`'s attributes.
fn recreate(rw: &ConversionRewriter, op: Op, operands: &[Val], results: &[Ty]) -> Op {
    let new = rw.create(op, op.name(), operands, results, &attrs_of(op));
    rw.replace(op, &new.results());
    new
}

/// Moves every region of `op` into the same region of `new`.
fn move_regions(rw: &ConversionRewriter, op: Op, new: Op) {
    for r in 0..op.num_regions() {
        rw.inline_region_at_end(op.region(r), new.region(r));
    }
}

macro_rules! pattern {
    ($ty:ident, $name:literal, $root:literal, |$op:ident, $operands:ident, $rw:ident| $body:block) => {
        struct $ty;
        impl ConversionPattern for $ty {
            fn name(&self) -> &'static str {
                $name
            }
            fn root(&self) -> &'static str {
                $root
            }
            fn match_and_rewrite(&self, $op: Op, $operands: &[Val], $rw: &ConversionRewriter) -> bool {
                $body
            }
        }
    };
}

// ---------------------------------------------------------------------------
// The patterns.
// ---------------------------------------------------------------------------

/// The ops with a pattern of their own (the generic pattern leaves them alone).
const DEDICATED: &[&str] = &[
    "arith.constant",
    "tt.expand_dims",
    "tt.broadcast",
    "tt.dot",
    "tt.reduce",
    "tt.scan",
    "tt.trans",
    "tt.join",
    "tt.split",
    "tt.cat",
    "tt.func",
    "scf.for",
    "scf.if",
    "scf.while",
    "cf.br",
    "cf.cond_br",
];

pattern!(Generic, "tt-to-ttg.generic", "", |op, operands, rw| {
    // Re-creates an op of a converted dialect with converted result types.
    if op.num_regions() > 0 || DEDICATED.contains(&op.name()) || !state(rw).converts_dialect_of(op.name()) {
        return false;
    }
    let Some(results) = converted_results(op, rw) else { return false };
    recreate(rw, op, operands, &results);
    true
});

pattern!(Constant, "tt-to-ttg.arith.constant", "arith.constant", |op, _operands, rw| {
    // A tensor constant keeps its value, with the converted type.
    let ty = op.result(0).ty();
    let Some(new_ty) = rw.convert_type(ty) else { return false };
    let Some(value) = op.attr("value") else { return false };
    let new_value = if ty.is_tensor() {
        unsafe {
            if !mlirAttributeIsADenseElements(value.0) {
                return false;
            }
            if mlirDenseElementsAttrIsSplat(value.0) {
                Attr(mlirDenseElementsAttrSplatGet(new_ty.0, mlirDenseElementsAttrGetSplatValue(value.0)))
            } else {
                Attr(mlirDenseElementsAttrReshapeGet(value.0, new_ty.0))
            }
        }
    } else {
        value
    };
    if new_value.is_null() {
        return false;
    }
    let mut attrs = attrs_of(op);
    for attr in attrs.iter_mut().filter(|(n, _)| *n == "value") {
        attr.1 = new_value.0;
    }
    let new = rw.create(op, "arith.constant", &[], &[new_ty], &attrs);
    rw.replace(op, &[new.result(0)]);
    true
});

pattern!(ExpandDims, "tt-to-ttg.tt.expand_dims", "tt.expand_dims", |op, operands, rw| {
    // The result gets the operand's blocked layout with a size-1 dimension
    // inserted at `axis`; the operand becomes a slice of it.
    let Some(Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, cga, .. }) =
        encoding_of_value(operands[0])
    else {
        return false;
    };
    let Some(axis) = op.attr("axis").and_then(|a| a.int()) else { return false };
    let axis = axis as usize;
    if axis > size_per_thread.len() {
        return false;
    }
    let insert = |v: &Vec<u32>| {
        let mut v = v.clone();
        v.insert(axis, 1);
        v
    };
    let rank = size_per_thread.len() + 1;
    let mut cga = cga.clone();
    for basis in cga.bases.iter_mut() {
        basis.insert(axis, 0);
    }
    let result_enc = Encoding::Blocked {
        size_per_thread: insert(&size_per_thread),
        threads_per_warp: insert(&threads_per_warp),
        warps_per_cta: insert(&warps_per_cta),
        order: (0..rank as u32).collect(),
        cga,
    };
    let st = state(rw);
    let slice = Encoding::Slice { dim: axis as u32, parent: Box::new(result_enc.clone()) };
    let (Some(slice_attr), Some(result_attr)) = (st.attr(&slice), st.attr(&result_enc)) else { return false };
    let src = convert_layout(rw, op, operands[0], operands[0].ty().with_encoding(Some(slice_attr)));
    let result_ty = op.result(0).ty().with_encoding(Some(result_attr));
    recreate(rw, op, &[src], &[result_ty]);
    true
});

pattern!(Broadcast, "tt-to-ttg.tt.broadcast", "tt.broadcast", |op, operands, rw| {
    // The result keeps the operand's layout.
    let Some(encoding) = operands[0].ty().encoding() else { return false };
    recreate(rw, op, operands, &[op.result(0).ty().with_encoding(Some(encoding))]);
    true
});

pattern!(Dot, "tt-to-ttg.tt.dot", "tt.dot", |op, operands, rw| {
    // A blocked accumulator with up to 4x4 elements per thread, and
    // `#ttg.dot_op` operands of it.
    let st = state(rw);
    let acc_ty = op.result(0).ty();
    let Some(shape) = acc_ty.shape() else { return false };
    let rank = shape.len();
    if rank < 2 || operands.len() < 3 {
        return false;
    }
    let per_thread = shape.iter().product::<i64>() / i64::from(st.num_warps * st.threads_per_warp);
    let mut size_per_thread = vec![1u32; rank];
    let mut side = if per_thread >= 16 { 4 } else if per_thread >= 4 { 2 } else { 1 };
    for d in [rank - 1, rank - 2] {
        side = side.min(4);
        size_per_thread[d] = (side as i64).min(shape[d]).max(1) as u32;
    }
    let order: Vec<u32> = (0..rank as u32).rev().collect();
    let acc_enc = blocked_encoding(&shape, &size_per_thread, &order, st.num_warps, st.threads_per_warp, st.num_ctas);
    let Some(acc_attr) = st.attr(&acc_enc) else { return false };
    let ret_ty = acc_ty.with_encoding(Some(acc_attr));
    let mut new_operands = Vec::with_capacity(operands.len());
    for (idx, &value) in operands.iter().take(2).enumerate() {
        if has_dot_operand_layout(value) {
            new_operands.push(value);
            continue;
        }
        let dot_enc = Encoding::DotOperand { op_idx: idx as u32, parent: Box::new(acc_enc.clone()), k_width: 0 };
        let Some(dot_attr) = st.attr(&dot_enc) else { return false };
        new_operands.push(convert_layout(rw, op, value, value.ty().with_encoding(Some(dot_attr))));
    }
    new_operands.push(convert_layout(rw, op, operands[2], ret_ty));
    new_operands.extend_from_slice(&operands[3..]);
    recreate(rw, op, &new_operands, &[ret_ty]);
    true
});

/// `tt.reduce` and `tt.scan`: results inferred from the converted operands,
/// the combiner region copied over.
fn convert_with_combiner(op: Op, operands: &[Val], rw: &ConversionRewriter, reduce: bool) -> bool {
    let Some(axis) = op.attr("axis").and_then(|a| a.int()) else { return false };
    let st = state(rw);
    let mut results = Vec::new();
    for (value, old) in operands.iter().zip(op.results()) {
        let Some(enc) = encoding_of_value(*value) else { return false };
        let ty = if reduce {
            if !old.ty().is_tensor() {
                old.ty()
            } else {
                let Ok(sliced) = infer::infer_reduce(&enc, axis as usize) else { return false };
                let Some(attr) = st.attr(&sliced) else { return false };
                old.ty().with_encoding(Some(attr))
            }
        } else {
            value.ty()
        };
        results.push(ty);
    }
    let new = rw.create_with_regions(op, op.name(), operands, &results, &attrs_of(op), 1);
    rw.clone_region_at_end(op.region(0), new.region(0));
    rw.replace(op, &new.results());
    true
}

pattern!(Reduce, "tt-to-ttg.tt.reduce", "tt.reduce", |op, operands, rw| { convert_with_combiner(op, operands, rw, true) });
pattern!(Scan, "tt-to-ttg.tt.scan", "tt.scan", |op, operands, rw| { convert_with_combiner(op, operands, rw, false) });

pattern!(Trans, "tt-to-ttg.tt.trans", "tt.trans", |op, operands, rw| {
    // The result's layout is inferred from the operand's.
    let Some(enc) = encoding_of_value(operands[0]) else { return false };
    let Some(order) = op.attr("order").and_then(|a| a.i32_array()) else { return false };
    let shape = operands[0].ty().shape_or_scalar();
    let Ok(result_enc) = infer::infer_trans(&enc, &shape, &order) else { return false };
    let Some(attr) = state(rw).attr(&result_enc) else { return false };
    recreate(rw, op, operands, &[op.result(0).ty().with_encoding(Some(attr))]);
    true
});

pattern!(Join, "tt-to-ttg.tt.join", "tt.join", |op, operands, rw| {
    // The result's layout is inferred from the operands'.
    let Some(enc) = encoding_of_value(operands[0]) else { return false };
    let shape = operands[0].ty().shape_or_scalar();
    let Ok(result_enc) = infer::infer_join(&enc, &shape) else { return false };
    let Some(attr) = state(rw).attr(&result_enc) else { return false };
    recreate(rw, op, operands, &[op.result(0).ty().with_encoding(Some(attr))]);
    true
});

pattern!(Split, "tt-to-ttg.tt.split", "tt.split", |op, operands, rw| {
    // The operand must be blocked with 2 elements per thread in its last,
    // fastest dimension; otherwise convert it to such a layout first.
    let st = state(rw);
    let mut src = operands[0];
    let src_shape = src.ty().shape_or_scalar();
    let rank = src_shape.len();
    if rank == 0 {
        return false;
    }
    let suitable = matches!(encoding_of_value(src),
        Some(Encoding::Blocked { ref size_per_thread, ref order, .. })
            if size_per_thread.last() == Some(&2) && order.first() == Some(&(rank as u32 - 1)));
    if !suitable {
        let Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, mut cga } =
            st.default_encoding(&src_shape[..rank - 1])
        else {
            return false;
        };
        let append = |mut v: Vec<u32>, x: u32| {
            v.push(x);
            v
        };
        for basis in cga.bases.iter_mut() {
            basis.push(0);
        }
        let mut new_order = vec![rank as u32 - 1];
        new_order.extend(order);
        let enc = Encoding::Blocked {
            size_per_thread: append(size_per_thread, 2),
            threads_per_warp: append(threads_per_warp, 1),
            warps_per_cta: append(warps_per_cta, 1),
            order: new_order,
            cga,
        };
        let Some(attr) = st.attr(&enc) else { return false };
        src = convert_layout(rw, op, src, src.ty().with_encoding(Some(attr)));
    }
    let Some(enc) = encoding_of_value(src) else { return false };
    let Ok(result_enc) = infer::infer_split(&enc, &src_shape) else { return false };
    let Some(attr) = st.attr(&result_enc) else { return false };
    let ty = op.result(0).ty().with_encoding(Some(attr));
    recreate(rw, op, &[src], &[ty, ty]);
    true
});

pattern!(Cat, "tt-to-ttg.tt.cat", "tt.cat", |op, operands, rw| {
    // The default layout of the result, with enough elements per thread (in
    // the fastest dimension) to hold both operands' elements.
    let st = state(rw);
    let ret = op.result(0).ty();
    let shape = ret.shape_or_scalar();
    let Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga } = st.default_encoding(&shape)
    else {
        return false;
    };
    let per_thread = |v: Val| -> i64 {
        let threads = i64::from(st.num_warps * st.threads_per_warp * st.num_ctas);
        (v.ty().num_elements() / threads).max(1)
    };
    let ret_per_thread = (ret.num_elements() / i64::from(st.num_warps * st.threads_per_warp * st.num_ctas)).max(1);
    let wanted = ((per_thread(operands[0]) + per_thread(operands[1])) as u64).next_power_of_two() as i64;
    let mut size_per_thread = size_per_thread;
    let fastest = order[0] as usize;
    size_per_thread[fastest] = (i64::from(size_per_thread[fastest]) * (wanted / ret_per_thread).max(1)) as u32;
    let enc = Encoding::Blocked { size_per_thread, threads_per_warp, warps_per_cta, order, cga };
    let Some(attr) = st.attr(&enc) else { return false };
    recreate(rw, op, operands, &[ret.with_encoding(Some(attr))]);
    true
});

pattern!(Func, "tt-to-ttg.tt.func", "tt.func", |op, _operands, rw| {
    // Re-create the function with its signature converted, and convert its
    // blocks' argument types.
    let Some(fty) = op.attr("function_type") else { return false };
    let (inputs, results): (Vec<Ty>, Vec<Ty>) = unsafe {
        let t = mlirTypeAttrGetValue(fty.0);
        (
            (0..mlirFunctionTypeGetNumInputs(t)).map(|i| Ty(mlirFunctionTypeGetInput(t, i))).collect(),
            (0..mlirFunctionTypeGetNumResults(t)).map(|i| Ty(mlirFunctionTypeGetResult(t, i))).collect(),
        )
    };
    let convert = |v: Vec<Ty>| -> Option<Vec<MlirType>> { v.into_iter().map(|t| rw.convert_type(t).map(|c| c.0)).collect() };
    let (Some(inputs), Some(results)) = (convert(inputs), convert(results)) else { return false };
    let new_fty = unsafe {
        mlirTypeAttrGet(mlirFunctionTypeGet(
            op.context(),
            inputs.len() as isize,
            inputs.as_ptr(),
            results.len() as isize,
            results.as_ptr(),
        ))
    };
    let attrs: Vec<(&'static str, MlirAttribute)> =
        attrs_of(op).into_iter().map(|(n, a)| if n == "function_type" { (n, new_fty) } else { (n, a) }).collect();
    let new = rw.create_with_regions(op, "tt.func", &[], &[], &attrs, 1);
    move_regions(rw, op, new);
    if !rw.convert_region_types(new.region(0)) {
        return false;
    }
    rw.replace(op, &[]);
    true
});

/// `scf.for`, `scf.if`, `scf.while`: a copy with converted operands and
/// result types, the regions moved over and their arguments converted.
fn convert_structured(op: Op, operands: &[Val], rw: &ConversionRewriter) -> bool {
    let Some(results) = converted_results(op, rw) else { return false };
    let new = rw.create_with_regions(op, op.name(), operands, &results, &attrs_of(op), op.num_regions());
    move_regions(rw, op, new);
    for r in 0..new.num_regions() {
        if !rw.convert_region_types(new.region(r)) {
            return false;
        }
    }
    rw.replace(op, &new.results());
    true
}

pattern!(For, "tt-to-ttg.scf.for", "scf.for", |op, operands, rw| { convert_structured(op, operands, rw) });
pattern!(If, "tt-to-ttg.scf.if", "scf.if", |op, operands, rw| { convert_structured(op, operands, rw) });
pattern!(While, "tt-to-ttg.scf.while", "scf.while", |op, operands, rw| { convert_structured(op, operands, rw) });

/// `cf.br` and `cf.cond_br`: converted operands, and the argument types of
/// every block of the enclosing region (so the successors agree).
fn convert_branch(op: Op, operands: &[Val], rw: &ConversionRewriter) -> bool {
    let Some(block) = op.block() else { return false };
    let region = unsafe { mlirBlockGetParentRegion(block) };
    rw.modify_in_place(op, || op.set_operands(operands));
    rw.convert_region_types(region)
}

pattern!(Br, "tt-to-ttg.cf.br", "cf.br", |op, operands, rw| { convert_branch(op, operands, rw) });
pattern!(CondBr, "tt-to-ttg.cf.cond_br", "cf.cond_br", |op, operands, rw| { convert_branch(op, operands, rw) });

/// Every pattern of the conversion, by stable name.
pub static PATTERNS: &[&dyn ConversionPattern] = &[
    &Generic, &Constant, &ExpandDims, &Broadcast, &Dot, &Reduce, &Scan, &Trans, &Join, &Split, &Cat, &Func, &For, &If,
    &While, &Br, &CondBr,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_names_are_unique_and_dedicated_roots_are_listed() {
        let mut names: Vec<&str> = PATTERNS.iter().map(|p| p.name()).collect();
        names.sort();
        let count = names.len();
        names.dedup();
        assert_eq!(count, names.len());
        for p in PATTERNS.iter().filter(|p| !p.root().is_empty()) {
            assert!(DEDICATED.contains(&p.root()), "{} is not in DEDICATED", p.root());
            assert_eq!(p.name(), format!("tt-to-ttg.{}", p.root()));
        }
    }

    #[test]
    fn legality_names_the_illegal_scf_ops() {
        let l = default_legality();
        assert!(l.illegal_ops.iter().any(|r| r.op == "scf.execute_region"));
        assert!(l.dynamic.contains(Dialects::TT | Dialects::ARITH | Dialects::SCF));
        assert!(l.legal.contains(Dialects::TTG));
    }
}
