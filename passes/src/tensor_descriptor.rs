//! `triton-rewrite-tensor-descriptor-to-pointer`: lowers tensor descriptors to
//! plain pointer arithmetic for targets without TMA.
//!
//! A `tt.make_tensor_descriptor %base, [shape...], [strides...]` is replaced
//! by its pieces: the base pointer, the shape sign-extended to `i64` (emitted
//! where the descriptor was made), the `i64` strides and an `i1` constant
//! saying whether out-of-bounds elements read as NaN (`padding = nan`).
//!
//! For a block of shape `S` (rank `r`) at indices `idx`, the lowering of a
//! descriptor access computes, per dimension `d`,
//! `off_d = reshape(splat(extsi idx_d) + extsi(make_range(0, S_d)))` with the
//! shape `1 x .. x S_d x .. x 1`, then
//! * pointers: `base + sum_d broadcast(off_d * splat(stride_d))` (one
//!   `tt.addptr` per dimension),
//! * mask: `and_d broadcast(off_d >= 0 && off_d < splat(shape_d))`,
//! * for loads, the value of masked-off elements: `select(nan_flag, NaN, 0)`
//!   for floats, `0` for integers.
//!
//! `tt.descriptor_load` becomes `tt.load ptr, mask, other` (keeping its cache
//! policy) and `tt.descriptor_store` becomes `tt.store ptr, value, mask`. The
//! op sequence is the one Triton emits, so that the canonicalize/CSE runs that
//! follow in `make_ttir` give the same TTIR.
//!
//! A descriptor value is split into `1 + 2r + 2` values (base pointer, `i64`
//! shapes, `i64` strides, NaN-padding flag, round-f32-to-tf32 flag), so
//! descriptors may also be `tt.func` arguments/results (function type and
//! argument attributes rewritten, the attributes staying on the base),
//! `tt.call` operands/results and `scf.for`/`scf.if`/`scf.while` values. An
//! `f32` load whose rounding flag is not a constant `false` is followed by an
//! `scf.if` that rounds the loaded value to tf32, as in Triton 3.9.
//!
//! An `arith.select` between two descriptors becomes one select per piece.
//!
//! `tt.descriptor_gather` / `tt.descriptor_scatter` (rank 2: a tensor of row
//! indices and one column offset) become a masked `tt.load` / `tt.store` of
//! the gathered block.
//!
//! `tt.descriptor_reduce` becomes a masked `tt.atomic_rmw` (release, gpu)
//! of the block; a reduction with no atomic to fall back on (inc, dec, and
//! min/max of floats or signless integers) is refused as Triton refuses it.
//!
//! Not supported yet (diagnostic, IR unchanged): descriptors through any
//! other op (`cf` branches...).
use std::collections::HashMap;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, region_blocks, str_of, string_ref, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::tt::types::{pointer_to, tensordesc_block};

pub struct RewriteTensorDescriptorToPointer;

impl Pass for RewriteTensorDescriptorToPointer {
    fn argument(&self) -> &'static str {
        "triton-rewrite-tensor-descriptor-to-pointer"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let ops = op.nested_ops();
        if !check_supported(&ops) {
            return Err(());
        }
        if !ops.iter().any(|o| touches_desc(*o)) {
            return Ok(());
        }
        let mut state = State { map: HashMap::new(), dead_ops: Vec::new(), dead_args: Vec::new() };
        for r in 0..op.num_regions() {
            state.walk_region(op.region(r));
        }
        for o in state.dead_ops.into_iter().rev() {
            unsafe { mlirOperationDestroy(o.0) };
        }
        for (block, arg) in state.dead_args {
            unsafe { mlirBlockEraseArgument(block, mlirBlockArgumentGetArgNumber(arg.0) as u32) };
        }
        Ok(())
    }
}

/// The values a descriptor type is split into: the base pointer, `rank`
/// `i64` shapes, `rank` `i64` strides, the NaN-padding flag and the
/// round-f32-to-tf32 flag (both `i1`). Other types are kept.
fn expand_ty(t: Ty) -> Option<Vec<Ty>> {
    if !t.is_tensordesc() {
        return Some(vec![t]);
    }
    let (block, element) = tensordesc_block(t)?;
    let ctx = t.context();
    let element = if element.is_integer() { Ty::int(ctx, element.bit_width()) } else { element };
    let mut out = vec![pointer_to(element)?];
    out.extend(std::iter::repeat(Ty::int(ctx, 64)).take(2 * block.len()));
    out.extend([Ty::i1(ctx), Ty::i1(ctx)]);
    Some(out)
}

fn expand_tys(tys: &[Ty]) -> Vec<Ty> {
    tys.iter().flat_map(|t| expand_ty(*t).unwrap_or_default()).collect()
}

fn func_type(op: Op) -> Option<(Vec<Ty>, Vec<Ty>)> {
    let t = unsafe { mlirTypeAttrGetValue(op.attr("function_type")?.0) };
    unsafe {
        let inputs = (0..mlirFunctionTypeGetNumInputs(t)).map(|i| Ty(mlirFunctionTypeGetInput(t, i))).collect();
        let results = (0..mlirFunctionTypeGetNumResults(t)).map(|i| Ty(mlirFunctionTypeGetResult(t, i))).collect();
        Some((inputs, results))
    }
}

fn touches_desc(o: Op) -> bool {
    let has = |tys: &[Ty]| tys.iter().any(|t| t.is_tensordesc());
    let tys = |vs: Vec<Val>| vs.iter().map(|v| v.ty()).collect::<Vec<_>>();
    if has(&tys(o.operands())) || has(&tys(o.results())) {
        return true;
    }
    if o.name() == "tt.func" {
        if let Some((i, r)) = func_type(o) {
            return has(&i) || has(&r);
        }
    }
    false
}

/// Checks that every descriptor is handled by the rewrite; emits a
/// diagnostic otherwise. Runs before any change to the IR.
fn check_supported(ops: &[Op]) -> bool {
    for &o in ops {
        let name = o.name();
        for r in 0..o.num_regions() {
            for (b, block) in region_blocks(o.region(r)).into_iter().enumerate() {
                let args = block_arguments(block);
                if !args.iter().any(|a| a.ty().is_tensordesc()) {
                    continue;
                }
                let ok = b == 0 && matches!(name, "tt.func" | "scf.for" | "scf.while");
                if !ok {
                    emit_error(o, &format!("tensor descriptor block arguments of '{name}' are not supported by triton-rewrite-tensor-descriptor-to-pointer"));
                    return false;
                }
                if args.iter().any(|a| expand_ty(a.ty()).is_none()) {
                    emit_error(o, "cannot split this tensor descriptor type into pointer, shape and strides");
                    return false;
                }
            }
        }
        if !touches_desc(o) {
            continue;
        }
        let mut all: Vec<Ty> = o.operands().iter().chain(o.results().iter()).map(|v| v.ty()).collect();
        if let Some((i, r)) = func_type(o) {
            all.extend(i);
            all.extend(r);
        }
        if all.iter().any(|t| expand_ty(*t).is_none()) {
            emit_error(o, "cannot split this tensor descriptor type into pointer, shape and strides");
            return false;
        }
        let rank_of = |v: Val| tensordesc_block(v.ty()).map(|(b, _)| b.len());
        let n = o.num_operands();
        let supported = match name {
            "tt.make_tensor_descriptor" => rank_of(o.result(0)).is_some_and(|r| n == 1 + 2 * r),
            "tt.descriptor_load" => {
                o.operand(0).ty().is_tensordesc() && rank_of(o.operand(0)).is_some_and(|r| r > 0 && n == 1 + r)
            }
            "tt.descriptor_gather" => {
                n == 3
                    && o.operand(0).ty().is_tensordesc()
                    && rank_of(o.operand(0)) == Some(2)
                    && o.result(0).ty().shape_or_scalar().len() == 2
            }
            "tt.descriptor_scatter" => {
                n == 4
                    && o.operand(0).ty().is_tensordesc()
                    && !o.operand(3).ty().is_tensordesc()
                    && rank_of(o.operand(0)) == Some(2)
                    && o.operand(3).ty().shape_or_scalar().len() == 2
            }
            "tt.descriptor_store" => {
                o.operand(0).ty().is_tensordesc()
                    && !o.operands()[1..].iter().any(|v| v.ty().is_tensordesc())
                    && rank_of(o.operand(0)).is_some_and(|r| r > 0 && n == 2 + r)
            }
            "tt.descriptor_reduce" => {
                let shaped = o.operand(0).ty().is_tensordesc()
                    && !o.operands()[1..].iter().any(|v| v.ty().is_tensordesc())
                    && rank_of(o.operand(0)).is_some_and(|r| r > 0 && n == 2 + r);
                if shaped && reduce_rmw_kind(o).is_none() {
                    // Triton's own refusal (a min/max of floats or of
                    // signless integers has no atomic to fall back on).
                    let element = tensordesc_block(o.operand(0).ty()).map(|(_, e)| e.to_string()).unwrap_or_default();
                    emit_error(o, &format!("Cannot fallback on descriptor atomic op, unsupported for type {element}"));
                    return false;
                }
                shaped
            }
            "tt.func" | "tt.call" | "tt.return" | "scf.for" | "scf.if" | "scf.while" | "scf.condition" => true,
            // A choice between two descriptors (canonicalize makes one of an
            // scf.if, e.g. in the inliner): one select per piece.
            "arith.select" => {
                n == 3
                    && !o.operand(0).ty().is_tensordesc()
                    && o.operand(1).ty() == o.result(0).ty()
                    && o.operand(2).ty() == o.result(0).ty()
            }
            "scf.yield" => o.parent().is_some_and(|p| matches!(p.name(), "scf.for" | "scf.if" | "scf.while")),
            _ => false,
        };
        if !supported {
            emit_error(o, &format!("'{name}' on a tensor descriptor is not supported by triton-rewrite-tensor-descriptor-to-pointer yet"));
            return false;
        }
    }
    true
}

struct State {
    /// Descriptor value (by handle) -> its pieces.
    map: HashMap<usize, Vec<Val>>,
    /// Ops to erase at the end (erased in reverse order: users first).
    dead_ops: Vec<Op>,
    /// Descriptor block arguments to erase once their users are gone.
    dead_args: Vec<(MlirBlock, Val)>,
}

fn key(v: Val) -> usize {
    v.0.ptr as usize
}

impl State {
    fn walk_region(&mut self, region: MlirRegion) {
        for block in region_blocks(region) {
            for o in block_ops(block) {
                self.convert(o);
            }
        }
    }

    fn walk_regions(&mut self, o: Op) {
        for r in 0..o.num_regions() {
            self.walk_region(o.region(r));
        }
    }

    fn expand(&self, values: &[Val]) -> Vec<Val> {
        let mut out = Vec::new();
        for v in values {
            match self.map.get(&key(*v)) {
                Some(pieces) if v.ty().is_tensordesc() => out.extend(pieces.iter().copied()),
                _ => out.push(*v),
            }
        }
        out
    }

    /// Splits the descriptor arguments of `block` (from `first` on) into
    /// their pieces, inserted right after each one. Each piece is located at
    /// its descriptor argument; in a function's entry block (`func`) the
    /// pieces after the pointer are named as Triton's argument renamer does:
    /// `loc("<name>.shape.0"(<argument's location>))`, `<name>` being the
    /// argument's own name location or `arg_<index>`.
    fn expand_block_args(&mut self, block: MlirBlock, func: bool) {
        let args = block_arguments(block);
        for (i, arg) in args.iter().enumerate().rev() {
            if !arg.ty().is_tensordesc() {
                continue;
            }
            let tys = expand_ty(arg.ty()).unwrap_or_default();
            let arg_loc = unsafe { mlirValueGetLocation(arg.0) };
            let base = unsafe {
                if mlirLocationIsAName(arg_loc) {
                    str_of(mlirIdentifierStr(mlirLocationNameGetName(arg_loc))).to_string()
                } else {
                    format!("arg_{i}")
                }
            };
            let rank = (tys.len().saturating_sub(3)) / 2;
            let suffix = |k: usize| -> String {
                match k {
                    0 => String::new(),
                    k if k <= rank => format!("shape.{}", k - 1),
                    k if k <= 2 * rank => format!("stride.{}", k - 1 - rank),
                    k if k == 2 * rank + 1 => "padding".into(),
                    _ => "roundF32ToTF32".into(),
                }
            };
            let pieces: Vec<Val> = tys
                .iter()
                .enumerate()
                .map(|(k, t)| {
                    let loc = if func && k > 0 {
                        let name = format!("{base}.{}", suffix(k));
                        unsafe { mlirLocationNameGet(mlirLocationGetContext(arg_loc), string_ref(&name), arg_loc) }
                    } else {
                        arg_loc
                    };
                    Val(unsafe { mlirBlockInsertArgument(block, (i + 1 + k) as isize, t.0, loc) })
                })
                .collect();
            self.map.insert(key(*arg), pieces);
            self.dead_args.push((block, *arg));
        }
    }

    /// Maps the results of `old` onto those of `new` (whose descriptor
    /// results are split).
    fn map_results(&mut self, old: Op, new: Op) {
        let mut k = 0;
        for r in old.results() {
            let n = expand_ty(r.ty()).map_or(1, |t| t.len());
            if r.ty().is_tensordesc() {
                self.map.insert(key(r), (k..k + n).map(|j| new.result(j)).collect());
            } else {
                unsafe { mlirValueReplaceAllUsesOfWith(r.0, new.result(k).0) };
            }
            k += n;
        }
    }

    /// Rebuilds `o` with split operands and results, moving its regions.
    fn rebuild(&mut self, o: Op, operands: &[Val]) -> Op {
        let results: Vec<Ty> = expand_tys(&o.results().iter().map(|v| v.ty()).collect::<Vec<_>>());
        let attrs: Vec<(&str, MlirAttribute)> = o.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
        let new = Rewriter::build(o.location(), o.name(), operands, &results, &attrs, o.num_regions());
        if let Some(block) = o.block() {
            unsafe { mlirBlockInsertOwnedOperationBefore(block, o.0, new.0) };
        }
        for r in 0..o.num_regions() {
            unsafe { mlirRegionTakeBody(new.region(r), o.region(r)) };
        }
        self.map_results(o, new);
        self.dead_ops.push(o);
        new
    }

    fn convert(&mut self, o: Op) {
        let name = o.name();
        if !touches_desc(o) {
            self.walk_regions(o);
            return;
        }
        match name {
            "tt.func" => {
                convert_func_signature(o);
                if let Some(block) = o.entry_block(0) {
                    self.expand_block_args(block, true);
                }
                self.walk_regions(o);
            }
            "scf.for" | "scf.while" | "scf.if" | "tt.call" => {
                let operands = self.expand(&o.operands());
                let new = self.rebuild(o, &operands);
                if name != "scf.if" {
                    for r in 0..new.num_regions() {
                        if let Some(block) = new.entry_block(r) {
                            self.expand_block_args(block, false);
                        }
                    }
                }
                self.walk_regions(new);
            }
            "scf.yield" | "scf.condition" | "tt.return" => {
                let operands = self.expand(&o.operands());
                o.set_operands(&operands);
            }
            "arith.select" => {
                let (t, f) = (self.expand(&[o.operand(1)]), self.expand(&[o.operand(2)]));
                if t.len() != f.len() {
                    return;
                }
                let cond = o.operand(0);
                let pieces = t.iter().zip(&f).map(|(a, b)| create1(o, "arith.select", &[cond, *a, *b], a.ty(), &[])).collect();
                self.map.insert(key(o.result(0)), pieces);
                self.dead_ops.push(o);
            }
            "tt.make_tensor_descriptor" => {
                if let Some(pieces) = lower_make_desc(o) {
                    self.map.insert(key(o.result(0)), pieces);
                }
                self.dead_ops.push(o);
            }
            "tt.descriptor_load" | "tt.descriptor_store" | "tt.descriptor_reduce" | "tt.descriptor_gather" | "tt.descriptor_scatter" => {
                let d = o.operand(0);
                let Some(pieces) = self.map.get(&key(d)) else { return };
                let Some(desc) = Desc::new(d.ty(), pieces) else { return };
                match name {
                    "tt.descriptor_load" => lower_load(o, &desc),
                    "tt.descriptor_store" => lower_store(o, &desc),
                    "tt.descriptor_reduce" => lower_reduce(o, &desc),
                    _ => lower_gather_scatter(o, &desc),
                };
            }
            _ => self.walk_regions(o),
        }
    }
}

/// Rewrites the function type and argument/result attributes of a `tt.func`.
fn convert_func_signature(o: Op) {
    let Some((inputs, results)) = func_type(o) else { return };
    let ctx = o.context();
    let (new_in, new_res) = (expand_tys(&inputs), expand_tys(&results));
    let t = unsafe { mlirFunctionTypeGet(ctx, new_in.len() as isize, new_in.iter().map(|t| t.0).collect::<Vec<_>>().as_ptr(), new_res.len() as isize, new_res.iter().map(|t| t.0).collect::<Vec<_>>().as_ptr()) };
    o.set_attr("function_type", Attr(unsafe { mlirTypeAttrGet(t) }));
    for (attr_name, tys) in [("arg_attrs", &inputs), ("res_attrs", &results)] {
        let Some(old) = o.attr(attr_name) else { continue };
        if !unsafe { mlirAttributeIsAArray(old.0) } {
            continue;
        }
        let empty = unsafe { mlirDictionaryAttrGet(ctx, 0, std::ptr::null()) };
        let mut new = Vec::new();
        for (i, t) in tys.iter().enumerate() {
            let a = if (i as isize) < unsafe { mlirArrayAttrGetNumElements(old.0) } {
                unsafe { mlirArrayAttrGetElement(old.0, i as isize) }
            } else {
                empty
            };
            new.push(a);
            let n = expand_ty(*t).map_or(1, |v| v.len());
            new.extend(std::iter::repeat(empty).take(n - 1));
        }
        o.set_attr(attr_name, Attr(unsafe { mlirArrayAttrGet(ctx, new.len() as isize, new.as_ptr()) }));
    }
}

/// The pieces of a lowered descriptor.
struct Desc {
    base: Val,
    shape: Vec<Val>,
    strides: Vec<Val>,
    nan_padding: Val,
    round_tf32: Val,
    block: Vec<i64>,
    element: Ty,
}

impl Desc {
    fn new(ty: Ty, pieces: &[Val]) -> Option<Desc> {
        let (block, element) = tensordesc_block(ty)?;
        let r = block.len();
        if pieces.len() != 3 + 2 * r {
            return None;
        }
        let element = if element.is_integer() { Ty::int(ty.context(), element.bit_width()) } else { element };
        Some(Desc {
            base: pieces[0],
            shape: pieces[1..1 + r].to_vec(),
            strides: pieces[1 + r..1 + 2 * r].to_vec(),
            nan_padding: pieces[1 + 2 * r],
            round_tf32: pieces[2 + 2 * r],
            block,
            element,
        })
    }
}

/// Inserts a new op before `anchor`; returns it.
fn create(anchor: Op, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, MlirAttribute)]) -> Op {
    let op = Rewriter::build(anchor.location(), name, operands, results, attrs, 0);
    if let Some(block) = anchor.block() {
        unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) };
    }
    op
}

fn create1(anchor: Op, name: &str, operands: &[Val], ty: Ty, attrs: &[(&str, MlirAttribute)]) -> Val {
    create(anchor, name, operands, &[ty], attrs).result(0)
}

fn constant(anchor: Op, value: Attr, ty: Ty) -> Val {
    create1(anchor, "arith.constant", &[], ty, &[("value", value.0)])
}

/// Emits the pieces of a `tt.make_tensor_descriptor`: the base, the shape
/// extended to `i64`, the strides, the padding flag and the (always false)
/// tf32-rounding flag.
fn lower_make_desc(op: Op) -> Option<Vec<Val>> {
    let (block, _) = tensordesc_block(op.result(0).ty())?;
    let rank = block.len();
    let operands = op.operands();
    if operands.len() != 1 + 2 * rank {
        return None;
    }
    let ctx = op.context();
    let mut pieces = vec![operands[0]];
    pieces.extend(operands[1..1 + rank].iter().map(|s| to_i64(op, *s)));
    pieces.extend(operands[1 + rank..].iter().copied());
    // `padding` is Triton's PaddingOption enum: PAD_ZERO = 1, PAD_NAN = 2.
    let nan = op.attr("padding").is_some_and(|p| p.int() == Some(2) || p.to_string().contains("nan"));
    let i1 = Ty::i1(ctx);
    pieces.push(constant(op, Attr::integer(i1, nan as i64), i1));
    pieces.push(constant(op, Attr::integer(i1, 0), i1));
    Some(pieces)
}

/// `[1, .., S_d, .., 1]`.
fn expanded_shape(block: &[i64], d: usize) -> Vec<i64> {
    (0..block.len()).map(|k| if k == d { block[d] } else { 1 }).collect()
}

/// Per dimension, the `i64` offsets of the block, shaped `1 x .. S_d .. x 1`.
fn block_offsets(anchor: Op, desc: &Desc, offsets: &[Val]) -> Vec<Val> {
    let ctx = anchor.context();
    let (i32_ty, i64_ty) = (Ty::int(ctx, 32), Ty::int(ctx, 64));
    let rank = desc.block.len();
    (0..rank)
        .map(|d| {
            let n = desc.block[d];
            let t64 = Ty::tensor(&[n], i64_ty, None);
            let splat = create1(anchor, "tt.splat", &[offsets[d]], t64, &[]);
            let range = create1(
                anchor,
                "tt.make_range",
                &[],
                Ty::tensor(&[n], i32_ty, None),
                &[("start", Attr::integer(i32_ty, 0).0), ("end", Attr::integer(i32_ty, n).0)],
            );
            let ext = create1(anchor, "arith.extsi", &[range], t64, &[]);
            let sum = create1(anchor, "arith.addi", &[splat, ext], t64, &[]);
            create1(anchor, "tt.reshape", &[sum], Ty::tensor(&expanded_shape(&desc.block, d), i64_ty, None), &[])
        })
        .collect()
}

/// Broadcasts `v` to the block shape (as Triton does, even for rank 1).
fn broadcast(anchor: Op, v: Val, block: &[i64]) -> Val {
    let ty = Ty::tensor(block, v.ty().element(), None);
    create1(anchor, "tt.broadcast", &[v], ty, &[])
}

fn pointers(anchor: Op, desc: &Desc, offsets: &[Val]) -> Option<Val> {
    let offs = block_offsets(anchor, desc, offsets);
    Some(pointers_at(anchor, desc, &offs, &desc.block))
}

/// `base + sum_d broadcast(offs_d * splat(stride_d))` over `block`, from
/// per-dimension offsets shaped `1 x .. x S_d x .. x 1`.
fn pointers_at(anchor: Op, desc: &Desc, offs: &[Val], block: &[i64]) -> Val {
    let ptr_ty = Ty::tensor(block, desc.base.ty(), None);
    let mut ptr = create1(anchor, "tt.splat", &[desc.base], ptr_ty, &[]);
    for (d, off) in offs.iter().enumerate() {
        let stride = create1(anchor, "tt.splat", &[desc.strides[d]], off.ty(), &[]);
        let scaled = create1(anchor, "arith.muli", &[*off, stride], off.ty(), &[]);
        let wide = broadcast(anchor, scaled, block);
        ptr = create1(anchor, "tt.addptr", &[ptr, wide], ptr_ty, &[]);
    }
    ptr
}

fn mask(anchor: Op, desc: &Desc, offsets: &[Val]) -> Val {
    let offs = block_offsets(anchor, desc, offsets);
    mask_at(anchor, desc, &offs, &desc.block)
}

/// `and_d broadcast(offs_d >= 0 && offs_d < splat(shape_d))` over `block`.
fn mask_at(anchor: Op, desc: &Desc, offs: &[Val], block: &[i64]) -> Val {
    let ctx = anchor.context();
    let (i1, i64_ty) = (Ty::i1(ctx), Ty::int(ctx, 64));
    let predicate = |p: i64| Attr::integer(i64_ty, p).0;
    let mut result: Option<Val> = None;
    for (d, off) in offs.iter().enumerate() {
        let bool_ty = Ty::tensor(&off.ty().shape_or_scalar(), i1, None);
        let zero = constant(anchor, Attr::integer(i64_ty, 0), i64_ty);
        let zeros = create1(anchor, "tt.splat", &[zero], off.ty(), &[]);
        let ge = create1(anchor, "arith.cmpi", &[*off, zeros], bool_ty, &[("predicate", predicate(5))]);
        let bound = create1(anchor, "tt.splat", &[desc.shape[d]], off.ty(), &[]);
        let lt = create1(anchor, "arith.cmpi", &[*off, bound], bool_ty, &[("predicate", predicate(2))]);
        let both = create1(anchor, "arith.andi", &[ge, lt], bool_ty, &[]);
        let wide = broadcast(anchor, both, block);
        result = Some(match result {
            None => wide,
            Some(acc) => create1(anchor, "arith.andi", &[acc, wide], wide.ty(), &[]),
        });
    }
    result.unwrap_or(desc.nan_padding)
}

fn extend_indices(anchor: Op, indices: &[Val]) -> Vec<Val> {
    indices.iter().map(|i| to_i64(anchor, *i)).collect()
}

/// `arith.extsi v : i32 to i64`, folded as Triton's builder folds it: a
/// constant `v` gives an `i64` constant (canonicalize orders constants by
/// where they were made, so an unfolded extsi shows in the printed TTIR).
fn to_i64(anchor: Op, v: Val) -> Val {
    let i64_ty = Ty::int(anchor.context(), 64);
    let folded = v.defining_op().filter(|d| d.name() == "arith.constant").and_then(|d| d.attr("value")?.int());
    match folded {
        Some(x) => constant(anchor, Attr::integer(i64_ty, x), i64_ty),
        None => create1(anchor, "arith.extsi", &[v], i64_ty, &[]),
    }
}

fn lower_load(op: Op, desc: &Desc) -> bool {
    let operands = op.operands();
    let rank = desc.block.len();
    if operands.len() != 1 + rank || rank == 0 {
        return false;
    }
    let result_ty = op.result(0).ty();
    let offsets = extend_indices(op, &operands[1..]);
    let other = padding_value(op, desc, &desc.block);
    let Some(ptr) = pointers(op, desc, &offsets) else { return false };
    let m = mask(op, desc, &offsets);
    let segments = unsafe { mlirDenseI32ArrayGet(op.context(), 3, [1i32, 1, 1].as_ptr()) };
    let mut attrs: Vec<(&str, MlirAttribute)> = vec![("operandSegmentSizes", segments)];
    // Like Triton, the access keeps every attribute of the descriptor op.
    attrs.extend(copied_attrs(op));
    let load = create1(op, "tt.load", &[ptr, m, other], result_ty, &attrs);
    let value = round_to_tf32(op, desc, load);
    unsafe {
        mlirValueReplaceAllUsesOfWith(op.result(0).0, value.0);
        mlirOperationDestroy(op.0);
    }
    true
}

/// The value of masked-off elements of a load over `block`: `select(padding,
/// NaN, 0)` for floats, 0 for integers.
fn padding_value(op: Op, desc: &Desc, block: &[i64]) -> Val {
    let block_ty = Ty::tensor(block, desc.element, None);
    if desc.element.is_float() {
        let ctx = op.context();
        let nan = Attr(unsafe { mlirFloatAttrDoubleGet(ctx, desc.element.0, f64::NAN) });
        let zero = Attr(unsafe { mlirFloatAttrDoubleGet(ctx, desc.element.0, 0.0) });
        let nan = constant(op, Attr::splat(block_ty, nan), block_ty);
        let zero = constant(op, Attr::splat(block_ty, zero), block_ty);
        create1(op, "arith.select", &[desc.nan_padding, nan, zero], block_ty, &[])
    } else {
        constant(op, Attr::splat(block_ty, Attr::integer(desc.element, 0)), block_ty)
    }
}

/// `tt.descriptor_gather desc[x, y]` (rows `x`, a tensor of N row indices,
/// and the BN columns from `y`) becomes a masked `tt.load` of the N x BN
/// block; `tt.descriptor_scatter desc[x, y], src` a masked `tt.store`. The
/// row offsets are `extsi(reshape(x))` (N x 1), the column offsets those of a
/// block access (1 x BN); pointers and mask are computed from them once.
fn lower_gather_scatter(op: Op, desc: &Desc) -> bool {
    let gather = op.name() == "tt.descriptor_gather";
    let operands = op.operands();
    let (x, y) = (operands[1], operands[2]);
    let value_ty = if gather { op.result(0).ty() } else { operands[3].ty() };
    let block = value_ty.shape_or_scalar();
    if block.len() != 2 || desc.block.len() != 2 {
        return false;
    }
    let ctx = op.context();
    let (i32_ty, i64_ty) = (Ty::int(ctx, 32), Ty::int(ctx, 64));
    let x_elem = x.ty().element();
    let rows = create1(op, "tt.reshape", &[x], Ty::tensor(&[block[0], 1], x_elem, None), &[]);
    let y64 = to_i64(op, y);
    let rows = create1(op, "arith.extsi", &[rows], Ty::tensor(&[block[0], 1], i64_ty, None), &[]);
    let n = block[1];
    let t64 = Ty::tensor(&[n], i64_ty, None);
    let splat = create1(op, "tt.splat", &[y64], t64, &[]);
    let range = create1(
        op,
        "tt.make_range",
        &[],
        Ty::tensor(&[n], i32_ty, None),
        &[("start", Attr::integer(i32_ty, 0).0), ("end", Attr::integer(i32_ty, n).0)],
    );
    let ext = create1(op, "arith.extsi", &[range], t64, &[]);
    let sum = create1(op, "arith.addi", &[splat, ext], t64, &[]);
    let cols = create1(op, "tt.reshape", &[sum], Ty::tensor(&[1, n], i64_ty, None), &[]);
    let offs = [rows, cols];
    let ptr = pointers_at(op, desc, &offs, &block);
    let m = mask_at(op, desc, &offs, &block);
    if gather {
        let other = padding_value(op, desc, &block);
        let segments = unsafe { mlirDenseI32ArrayGet(ctx, 3, [1i32, 1, 1].as_ptr()) };
        let mut attrs: Vec<(&str, MlirAttribute)> = vec![("operandSegmentSizes", segments)];
        attrs.extend(copied_attrs(op));
        let load = create1(op, "tt.load", &[ptr, m, other], value_ty, &attrs);
        let value = round_to_tf32_select(op, desc, load, &block);
        unsafe { mlirValueReplaceAllUsesOfWith(op.result(0).0, value.0) };
    } else {
        create(op, "tt.store", &[ptr, operands[3], m], &[], &copied_attrs(op));
    }
    unsafe { mlirOperationDestroy(op.0) };
    true
}

fn lower_store(op: Op, desc: &Desc) -> bool {
    let operands = op.operands();
    let rank = desc.block.len();
    if operands.len() != 2 + rank || rank == 0 {
        return false;
    }
    let offsets = extend_indices(op, &operands[2..]);
    let Some(ptr) = pointers(op, desc, &offsets) else { return false };
    let m = mask(op, desc, &offsets);
    create(op, "tt.store", &[ptr, operands[1], m], &[], &copied_attrs(op));
    unsafe { mlirOperationDestroy(op.0) };
    true
}

/// The `tt.atomic_rmw` kind (RMWOp code) a `tt.descriptor_reduce` falls
/// back on, as Triton chooses it: add (fadd for floats), min/max only for
/// signed (min, max) or unsigned (umin, umax) integer blocks, and, or, xor;
/// `None` for the rest (inc, dec, float or signless min/max).
fn reduce_rmw_kind(op: Op) -> Option<i64> {
    let (_, element) = tensordesc_block(op.operand(0).ty())?;
    let (signed, unsigned) = if element.is_integer() {
        unsafe { (mlirIntegerTypeIsSigned(element.0), mlirIntegerTypeIsUnsigned(element.0)) }
    } else {
        (false, false)
    };
    // DescriptorReduceKind: add 1, min 2, max 3, inc 4, dec 5, and 6, or 7, xor 8.
    // RMWOp: and 1, or 2, xor 3, add 4, fadd 5, max 6, min 7, umax 8, umin 9.
    match op.attr("kind").and_then(|a| a.int())? {
        1 => Some(if element.is_integer() { 4 } else { 5 }),
        2 if unsigned => Some(9),
        2 if signed => Some(7),
        3 if unsigned => Some(8),
        3 if signed => Some(6),
        6 => Some(1),
        7 => Some(2),
        8 => Some(3),
        _ => None,
    }
}

/// `tt.descriptor_reduce` as Triton rewrites it: a masked `tt.atomic_rmw`
/// (release, gpu scope) of the block at the descriptor's pointers, whose
/// result is unused.
fn lower_reduce(op: Op, desc: &Desc) -> bool {
    let operands = op.operands();
    let rank = desc.block.len();
    let Some(kind) = reduce_rmw_kind(op) else { return false };
    if operands.len() != 2 + rank || rank == 0 {
        return false;
    }
    let offsets = extend_indices(op, &operands[2..]);
    let Some(ptr) = pointers(op, desc, &offsets) else { return false };
    let m = mask(op, desc, &offsets);
    let i32t = Ty::int(op.context(), 32);
    let attrs = [
        ("atomic_rmw_op", Attr::integer(i32t, kind).0),
        ("sem", Attr::integer(i32t, 3).0),
        ("scope", Attr::integer(i32t, 1).0),
    ];
    let src = operands[1];
    create(op, "tt.atomic_rmw", &[ptr, src, m], &[src.ty()], &attrs);
    unsafe { mlirOperationDestroy(op.0) };
    true
}

/// Whether `v` is the constant `false`.
fn is_const_false(v: Val) -> bool {
    v.defining_op().is_some_and(|d| d.name() == "arith.constant" && d.attr("value").is_some_and(|a| a.int() == Some(0)))
}

/// Appends a new op at the end of `block`; returns its first result.
fn append(block: MlirBlock, loc: MlirLocation, name: &str, operands: &[Val], ty: Option<Ty>, attrs: &[(&str, MlirAttribute)]) -> Option<Val> {
    let results: Vec<Ty> = ty.into_iter().collect();
    let op = Rewriter::build(loc, name, operands, &results, attrs, 0);
    unsafe { mlirBlockAppendOwnedOperation(block, op.0) };
    ty.map(|_| op.result(0))
}

/// For `f32` descriptors whose tf32-rounding flag is not known to be false,
/// `scf.if flag { round-to-nearest-even to tf32 } else { value }`.
fn round_to_tf32(anchor: Op, desc: &Desc, value: Val) -> Val {
    round_to_tf32_over(anchor, desc, value, &desc.block)
}

/// [`round_to_tf32`] of a value of shape `block`, in an `scf.if`.
fn round_to_tf32_over(anchor: Op, desc: &Desc, value: Val, block: &[i64]) -> Val {
    if !(desc.element.is_float() && desc.element.bit_width() == 32) || is_const_false(desc.round_tf32) {
        return value;
    }
    let loc = anchor.location();
    let ty = value.ty();
    let if_op = Rewriter::build(loc, "scf.if", &[desc.round_tf32], &[ty], &[], 2);
    let (then_block, else_block) = unsafe {
        let t = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
        let e = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
        mlirRegionAppendOwnedBlock(if_op.region(0), t);
        mlirRegionAppendOwnedBlock(if_op.region(1), e);
        (t, e)
    };
    let mut emit = |name: &str, operands: &[Val], ty: Ty, attrs: &[(&str, MlirAttribute)]| {
        let op = Rewriter::build(loc, name, operands, &[ty], attrs, 0);
        unsafe { mlirBlockAppendOwnedOperation(then_block, op.0) };
        op.result(0)
    };
    let back = tf32_rounding(&mut emit, anchor, value, block);
    append(then_block, loc, "scf.yield", &[back], None, &[]);
    append(else_block, loc, "scf.yield", &[value], None, &[]);
    if let Some(block) = anchor.block() {
        unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, if_op.0) };
    }
    if_op.result(0)
}

/// The rounding of a gather (as Triton does it): computed unconditionally
/// before `anchor`, then `select(flag, rounded, value)`.
fn round_to_tf32_select(anchor: Op, desc: &Desc, value: Val, block: &[i64]) -> Val {
    if !(desc.element.is_float() && desc.element.bit_width() == 32) || is_const_false(desc.round_tf32) {
        return value;
    }
    let mut emit =
        |name: &str, operands: &[Val], ty: Ty, attrs: &[(&str, MlirAttribute)]| create1(anchor, name, operands, ty, attrs);
    let back = tf32_rounding(&mut emit, anchor, value, block);
    create1(anchor, "arith.select", &[desc.round_tf32, back, value], value.ty(), &[])
}

/// Builds one single-result op (name, operands, result type, attributes).
type Emit<'a> = dyn FnMut(&str, &[Val], Ty, &[(&str, MlirAttribute)]) -> Val + 'a;

/// f32 -> tf32 round to nearest even on the bits (exponent all ones kept):
/// `bits + ((bits >> 13) & 1) + 4095`, low 13 bits cleared.
fn tf32_rounding(emit: &mut Emit<'_>, anchor: Op, value: Val, block: &[i64]) -> Val {
    let ctx = anchor.context();
    let ty = value.ty();
    let ity = Ty::tensor(block, Ty::int(ctx, 32), None);
    let bty = Ty::tensor(block, Ty::i1(ctx), None);
    let splat = |v: i64| Attr::splat(ity, Attr::integer(Ty::int(ctx, 32), v));
    let mut op = |name: &str, operands: &[Val], t: Ty, attrs: &[(&str, MlirAttribute)]| emit(name, operands, t, attrs);
    let bits = op("tt.bitcast", &[value], ity, &[]);
    let exp_mask = op("arith.constant", &[], ity, &[("value", splat(0x7F80_0000).0)]);
    let exp = op("arith.andi", &[bits, exp_mask], ity, &[]);
    let eq = Attr::integer(Ty::int(ctx, 64), 0).0;
    let special = op("arith.cmpi", &[exp, exp_mask], bty, &[("predicate", eq)]);
    let c13 = op("arith.constant", &[], ity, &[("value", splat(13).0)]);
    let shifted = op("arith.shrui", &[bits, c13], ity, &[]);
    let c1 = op("arith.constant", &[], ity, &[("value", splat(1).0)]);
    let lsb = op("arith.andi", &[shifted, c1], ity, &[]);
    let c4095 = op("arith.constant", &[], ity, &[("value", splat(4095).0)]);
    let bias = op("arith.addi", &[lsb, c4095], ity, &[]);
    let biased = op("arith.addi", &[bits, bias], ity, &[]);
    let cmask = op("arith.constant", &[], ity, &[("value", splat(-8192).0)]);
    let rounded = op("arith.andi", &[biased, cmask], ity, &[]);
    let picked = op("arith.select", &[special, bits, rounded], ity, &[]);
    op("tt.bitcast", &[picked], ty, &[])
}

/// The attributes of `op` but its operand segment sizes.
fn copied_attrs(op: Op) -> Vec<(&'static str, MlirAttribute)> {
    op.attributes().into_iter().filter(|(n, _)| *n != "operandSegmentSizes").map(|(n, a)| (n, a.0)).collect()
}
