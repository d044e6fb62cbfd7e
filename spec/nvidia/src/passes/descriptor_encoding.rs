//! `triton-nvidia-optimize-descriptor-encoding`: gives every `!tt.tensordesc`
//! of a function the shared-memory encoding of the TMA box it moves, which
//! fixes the descriptor's swizzle mode.
//!
//! Each descriptor collects what its uses ask for: a `tt.descriptor_load`
//! the non-transposed `#ttg.nvmma_shared` of a `ttg.local_alloc` /
//! `ttg.local_store` user (or its `tt.desired_encoding`) and its block
//! shape, a store-like op its block shape. Descriptors tied through `scf`
//! loop-carried values, results and yields share one answer; two different
//! desired encodings, a call, a return, a `ttng.reinterpret_tensor_descriptor`
//! or an argument of a non-kernel function force the default. Without a
//! desired encoding the descriptor gets the `#ttg.nvmma_shared` Triton builds
//! from the (smallest) used block shape: the widest of 128/64/32-byte
//! swizzles that divides the contiguous row, none for fewer than 8 rows.
use mlir_sys::*;
use std::collections::HashMap;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, string_ref, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::tt::types::tensordesc_block;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::encoding::Encoding;

pub struct OptimizeDescriptorEncoding;

impl Pass for OptimizeDescriptorEncoding {
    fn argument(&self) -> &'static str {
        "triton-nvidia-optimize-descriptor-encoding"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let body = module.entry_block(0);
        let funcs: Vec<Op> = body.map(block_ops).unwrap_or_default().into_iter().filter(|o| o.name() == "tt.func").collect();
        let num_ctas = module.attr("ttg.num-ctas").and_then(|a| a.int()).unwrap_or(1);
        for func in funcs {
            let values = descriptor_values(func);
            if values.is_empty() {
                continue;
            }
            if let Some(message) = tma_unavailable(module) {
                emit_error(values[0].defining_op().unwrap_or(func), &format!("{}: {message}", self.argument()));
                return Err(());
            }
            if num_ctas > 1 {
                emit_error(
                    values[0].defining_op().unwrap_or(func),
                    &format!("{}: tensor descriptors of kernels on more than one CTA are not supported", self.argument()),
                );
                return Err(());
            }
            run_on_function(func, &values)?;
        }
        Ok(())
    }
}

/// Why the module's target has no TMA (None from sm90 on, or without a
/// `cuda:` target).
pub fn tma_unavailable(module: Op) -> Option<String> {
    let target = module.attr("ttg.target")?.to_string();
    let target = target.trim_matches('"');
    let cc = crate::compute_capability(target)?;
    (cc < 90).then(|| {
        format!(
            "tensor descriptors need TMA (compute capability 90 or higher), but the target is '{target}' \
             (make_ttir rewrites them to pointers for such targets)"
        )
    })
}

/// What the uses of one class of tied descriptors ask for (Triton's
/// `EncodingInfo` without the CGA part, which one CTA leaves trivial).
#[derive(Clone, Default, PartialEq)]
struct Info {
    desired: Option<Attr>,
    shape: Vec<i64>,
    forced_to_default: bool,
}

impl Info {
    fn forced() -> Info {
        Info { forced_to_default: true, ..Info::default() }
    }
    /// Triton's `combineEncodings`: forcing wins, shapes meet at their
    /// elementwise minimum, two different desired encodings force the default.
    fn combine(&self, other: &Info) -> Info {
        if self.forced_to_default || other.forced_to_default {
            return Info::forced();
        }
        let shape = if self.shape.is_empty() || self.shape == other.shape {
            other.shape.clone()
        } else if other.shape.is_empty() {
            self.shape.clone()
        } else {
            self.shape.iter().zip(&other.shape).map(|(a, b)| *a.min(b)).collect()
        };
        let (desired, forced_to_default) = match (self.desired, other.desired) {
            (Some(a), Some(b)) if !unsafe { mlirAttributeEqual(a.0, b.0) } => (None, true),
            (Some(a), _) | (None, Some(a)) => (Some(a), false),
            (None, None) => (None, false),
        };
        if forced_to_default {
            return Info::forced();
        }
        Info { desired, shape, forced_to_default }
    }
}

/// Every `!tt.tensordesc` value of `func`: block arguments and op results,
/// in program order.
fn descriptor_values(func: Op) -> Vec<Val> {
    fn walk_region(region: MlirRegion, out: &mut Vec<Val>) {
        for block in region_blocks(region) {
            out.extend(block_arguments(block).into_iter().filter(|v| v.ty().is_tensordesc()));
            for op in block_ops(block) {
                out.extend(op.results().into_iter().filter(|v| v.ty().is_tensordesc()));
                for i in 0..op.num_regions() {
                    walk_region(op.region(i), out);
                }
            }
        }
    }
    let mut out = Vec::new();
    for i in 0..func.num_regions() {
        walk_region(func.region(i), &mut out);
    }
    out
}

fn key(v: Val) -> usize {
    v.0.ptr as usize
}

/// Union-find over descriptor values.
struct Classes {
    index: HashMap<usize, usize>,
    parent: Vec<usize>,
}

impl Classes {
    fn new(values: &[Val]) -> Classes {
        Classes { index: values.iter().enumerate().map(|(i, v)| (key(*v), i)).collect(), parent: (0..values.len()).collect() }
    }
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }
    fn node(&self, v: Val) -> Option<usize> {
        self.index.get(&key(v)).copied()
    }
    fn union(&mut self, a: Val, b: Val) {
        if let (Some(a), Some(b)) = (self.node(a), self.node(b)) {
            let (a, b) = (self.find(a), self.find(b));
            self.parent[a] = b;
        }
    }
    fn union_all(&mut self, values: &[Val]) {
        for pair in values.windows(2) {
            self.union(pair[0], pair[1]);
        }
    }
}

/// The operands of `op` after the first `skip`.
fn operands_from(op: Op, skip: usize) -> Vec<Val> {
    op.operands().into_iter().skip(skip).collect()
}

/// The terminator of the first block of region `index` of `op`.
fn region_terminator(op: Op, index: usize) -> Option<Op> {
    region_blocks(op.region(index)).first().and_then(|b| block_terminator(*b))
}

fn region_args(op: Op, index: usize) -> Vec<Val> {
    region_blocks(op.region(index)).first().map(|b| block_arguments(*b)).unwrap_or_default()
}

/// Ties the values `scf` ops pass through (Triton's `getTiedArgs`).
fn tie_scf(op: Op, classes: &mut Classes) {
    match op.name() {
        "scf.for" => {
            let inits = operands_from(op, 3);
            let args = region_args(op, 0);
            let yields = region_terminator(op, 0).map(|t| t.operands()).unwrap_or_default();
            for (i, init) in inits.iter().enumerate() {
                let mut tied = vec![*init, op.result(i)];
                tied.extend(args.get(i + 1).copied());
                tied.extend(yields.get(i).copied());
                classes.union_all(&tied);
            }
        }
        "scf.while" => {
            let inits = op.operands();
            let before = region_args(op, 0);
            let after = region_args(op, 1);
            let condition = region_terminator(op, 0).map(|t| operands_from(t, 1)).unwrap_or_default();
            let yields = region_terminator(op, 1).map(|t| t.operands()).unwrap_or_default();
            for (i, init) in inits.iter().enumerate() {
                let mut tied = vec![*init];
                tied.extend(before.get(i).copied());
                tied.extend(yields.get(i).copied());
                classes.union_all(&tied);
            }
            for (i, result) in op.results().iter().enumerate() {
                let mut tied = vec![*result];
                tied.extend(after.get(i).copied());
                tied.extend(condition.get(i).copied());
                classes.union_all(&tied);
            }
        }
        "scf.if" => {
            for (i, result) in op.results().iter().enumerate() {
                let mut tied = vec![*result];
                for region in 0..op.num_regions() {
                    if let Some(t) = region_terminator(op, region) {
                        tied.extend(t.operands().get(i).copied());
                    }
                }
                classes.union_all(&tied);
            }
        }
        _ => {}
    }
}

/// Whether `attr` is an encoding a TMA box can use as is.
fn compatible(attr: Attr) -> bool {
    matches!(bridge::encoding_of(attr), Some(Ok(Encoding::NvmmaShared { transposed: false, .. })))
}

/// Triton's `findLoadEncodingFromUsers`.
fn load_encoding_from_users(load: Op) -> Option<Attr> {
    if let Some(attr) = load.attr("tt.desired_encoding") {
        if compatible(attr) {
            return Some(attr);
        }
    }
    for user in load.result(0).users() {
        let memdesc = match user.name() {
            "ttg.local_alloc" => user.result(0),
            "ttg.local_store" => user.operand(1),
            _ => continue,
        };
        if let Some(m) = bridge::memdesc_of(memdesc.ty()) {
            if compatible(m.encoding) {
                return Some(m.encoding);
            }
        }
    }
    None
}

/// `shape` padded with leading ones to `rank`.
fn expand_to_rank(shape: &[i64], rank: usize) -> Vec<i64> {
    let mut out = vec![1; rank.saturating_sub(shape.len())];
    out.extend_from_slice(shape);
    out
}

fn desc_rank(desc: Val) -> usize {
    tensordesc_block(desc.ty()).map(|(b, _)| b.len()).unwrap_or(0)
}

/// The seed a TMA op gives its descriptor (Triton's `getUseInfo`).
fn use_info(op: Op) -> Option<(Val, Info)> {
    match op.name() {
        "tt.descriptor_load" | "tt.descriptor_gather" => {
            let desc = op.operand(0);
            let desired = load_encoding_from_users(op);
            let shape = expand_to_rank(&op.result(0).ty().shape_or_scalar(), desc_rank(desc));
            Some((desc, Info { desired, shape, forced_to_default: false }))
        }
        "tt.descriptor_store" | "tt.descriptor_reduce" | "tt.descriptor_scatter" => {
            let (desc, src) = match op.name() {
                "tt.descriptor_store" => (op.operand(0), op.operand(1)),
                "tt.descriptor_reduce" => (op.operand(0), op.operand(1)),
                _ => (op.operand(0), op.operand(3)),
            };
            let shape = expand_to_rank(&src.ty().shape_or_scalar(), desc_rank(desc));
            Some((desc, Info { desired: None, shape, forced_to_default: false }))
        }
        _ => None,
    }
}

fn is_kernel(func: Op) -> bool {
    !func.attr("sym_visibility").is_some_and(|v| v.to_string().trim_matches('"') == "private")
}

fn run_on_function(func: Op, values: &[Val]) -> Result<(), ()> {
    let mut classes = Classes::new(values);
    let mut seeds: Vec<Option<Info>> = vec![None; values.len()];
    let mut seed = |classes: &Classes, v: Val, info: Info| {
        if let Some(i) = classes.node(v) {
            seeds[i] = Some(match &seeds[i] {
                Some(old) => old.combine(&info),
                None => info,
            });
        }
    };
    // Function arguments: the default unless the function is a kernel.
    if let Some(entry) = func.entry_block(0) {
        let forced = !is_kernel(func);
        for arg in block_arguments(entry).into_iter().filter(|v| v.ty().is_tensordesc()) {
            seed(&classes, arg, if forced { Info::forced() } else { Info::default() });
        }
    }
    for op in func.nested_ops() {
        tie_scf(op, &mut classes);
        if let Some((desc, info)) = use_info(op) {
            seed(&classes, desc, info);
        } else if matches!(op.name(), "tt.call" | "tt.return" | "ttng.reinterpret_tensor_descriptor") {
            for v in op.operands().into_iter().chain(op.results()).filter(|v| v.ty().is_tensordesc()) {
                seed(&classes, v, Info::forced());
            }
        }
    }
    // One answer per class: the combination of its members' seeds.
    let mut answers: HashMap<usize, Info> = HashMap::new();
    for i in 0..values.len() {
        let root = classes.find(i);
        if let Some(info) = &seeds[i] {
            let combined = match answers.get(&root) {
                Some(old) => old.combine(info),
                None => info.clone(),
            };
            answers.insert(root, combined);
        }
    }
    for (i, value) in values.iter().enumerate() {
        let root = classes.find(i);
        let info = answers.get(&root).cloned().unwrap_or_default();
        let Some(ty) = descriptor_type(*value, &info) else {
            emit_error(
                value.defining_op().unwrap_or(func),
                "triton-nvidia-optimize-descriptor-encoding: cannot build the shared encoding of this tensor descriptor",
            );
            return Err(());
        };
        value.set_type(ty);
    }
    update_function_type(func);
    Ok(())
}

/// The descriptor type `value` gets from `info`.
fn descriptor_type(value: Val, info: &Info) -> Option<Ty> {
    let (block, element) = tensordesc_block(value.ty())?;
    let context = value.ty().context();
    let encoding = match (&info.desired, info.forced_to_default) {
        (Some(desired), false) => *desired,
        _ => {
            let shape = if info.forced_to_default || info.shape.is_empty() { &block } else { &info.shape };
            fallback_encoding(context, shape, element)?
        }
    };
    tensordesc_type(context, &block, element, encoding)
}

/// `#ttg.nvmma_shared` as Triton builds it for a row-major block of `shape`
/// (one CTA): the widest of 128/64/32-byte swizzles dividing the contiguous
/// row, no swizzle under 8 rows or below rank 2; its `rank` is the block's.
pub fn fallback_encoding(context: MlirContext, shape: &[i64], element: Ty) -> Option<Attr> {
    let bits = element.bit_width() as i64;
    if bits == 0 || shape.is_empty() {
        return None;
    }
    let row_bytes = shape[shape.len() - 1] * bits / 8;
    let mut swizzle = [128, 64, 32].into_iter().find(|s| row_bytes >= *s && row_bytes % s == 0).unwrap_or(0);
    let rows: i64 = shape[..shape.len() - 1].iter().product();
    if shape.len() < 2 || rows < 8 {
        swizzle = 0;
    }
    // The rank is spelled out unless it is 2, as Triton prints it.
    let rank = if shape.len() == 2 { String::new() } else { format!(", rank = {}", shape.len()) };
    parse_attr(
        context,
        &format!("#ttg.nvmma_shared<{{swizzlingByteWidth = {swizzle}, transposed = false, elementBitWidth = {bits}{rank}}}>"),
    )
}

/// `!tt.tensordesc<shape x element, encoding>`.
pub fn tensordesc_type(context: MlirContext, block: &[i64], element: Ty, encoding: Attr) -> Option<Ty> {
    let dims: String = block.iter().map(|d| format!("{d}x")).collect();
    parse_type(context, &format!("!tt.tensordesc<{dims}{element}, {encoding}>"))
}

pub fn parse_attr(context: MlirContext, text: &str) -> Option<Attr> {
    let attr = Attr(unsafe { mlirAttributeParseGet(context, string_ref(text)) });
    (!attr.is_null()).then_some(attr)
}

pub fn parse_type(context: MlirContext, text: &str) -> Option<Ty> {
    let ty = Ty(unsafe { mlirTypeParseGet(context, string_ref(text)) });
    (!ty.is_null()).then_some(ty)
}

/// Sets `func`'s type to its entry block's argument types; tensor-descriptor
/// results get the default encoding.
fn update_function_type(func: Op) {
    let Some(fty) = func.attr("function_type") else { return };
    let Some(entry) = func.entry_block(0) else { return };
    unsafe {
        let fty = mlirTypeAttrGetValue(fty.0);
        if !mlirTypeIsAFunction(fty) {
            return;
        }
        let context = func.context();
        let inputs: Vec<MlirType> = block_arguments(entry).iter().map(|a| a.ty().0).collect();
        let results: Vec<MlirType> = (0..mlirFunctionTypeGetNumResults(fty))
            .map(|i| {
                let ty = Ty(mlirFunctionTypeGetResult(fty, i));
                match tensordesc_block(ty) {
                    Some((block, element)) => fallback_encoding(context, &block, element)
                        .and_then(|e| tensordesc_type(context, &block, element, e))
                        .unwrap_or(ty)
                        .0,
                    None => ty.0,
                }
            })
            .collect();
        let new = mlirFunctionTypeGet(context, inputs.len() as isize, inputs.as_ptr(), results.len() as isize, results.as_ptr());
        func.set_attr("function_type", Attr(mlirTypeAttrGet(new)));
    }
}
