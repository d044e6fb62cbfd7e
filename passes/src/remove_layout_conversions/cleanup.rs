//! Cleanups between and after the phases: Triton's `convert_layout`
//! canonicalizations (folding a conversion into the op that produces its
//! source) and the dead `scf.for` iter-arg elimination.
use super::ops::*;
use std::collections::HashSet;
use crate::optimize_thread_locality::is_expensive_view;
use tritium_dialects::ir::{block_arguments, block_terminator, Attr, Op, Ty, Val};
use tritium_dialects::ttg::encoding::Encoding;
use tritium_dialects::rewrite::{RewritePattern, Rewriter};
use tritium_dialects::services;

/// `convert(convert(x))` -> `convert(x)`.
struct CvtOfCvt;
impl RewritePattern for CvtOfCvt {
    fn name(&self) -> &'static str {
        "ttg.convert_layout.fold-convert"
    }
    fn root(&self) -> &'static str {
        "ttg.convert_layout"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(def) = op.operand(0).defining_op().filter(|d| d.name() == "ttg.convert_layout") else { return false };
        let new = rw.create(op, "ttg.convert_layout", &[def.operand(0)], &[op.result(0).ty()], &[]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `convert(splat x)` -> `splat x`, `convert(make_range)` -> `make_range`,
/// `convert(histogram)` -> `histogram`, `convert(constant splat)` ->
/// `constant splat`, in the conversion's layout.
struct CvtOfProducer;
impl RewritePattern for CvtOfProducer {
    fn name(&self) -> &'static str {
        "ttg.convert_layout.fold-producer"
    }
    fn root(&self) -> &'static str {
        "ttg.convert_layout"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(def) = op.operand(0).defining_op() else { return false };
        let ty = op.result(0).ty();
        let attrs: Vec<(&str, Attr)> = def.attributes();
        let raw: Vec<(&str, mlir_sys::MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        let new = match def.name() {
            "tt.splat" | "tt.make_range" | "tt.histogram" => rw.create(op, def.name(), &def.operands(), &[ty], &raw),
            "ttg.local_load" => {
                let new = rw.create(def, def.name(), &def.operands(), &[ty], &raw);
                rw.replace(op, &[new.result(0)]);
                return true;
            }
            "arith.constant" => {
                let Some(v) = def.attr("value").and_then(|a| a.splat_value()) else { return false };
                rw.create(op, "arith.constant", &[], &[ty], &[("value", Attr::splat(ty, v).0)])
            }
            _ => return false,
        };
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `histogram(convert(x), mask)` -> `histogram(x, convert(mask))`: the
/// histogram's input layout does not matter.
struct HistogramOfCvt;
impl RewritePattern for HistogramOfCvt {
    fn name(&self) -> &'static str {
        "tt.histogram.fold-convert"
    }
    fn root(&self) -> &'static str {
        "tt.histogram"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(cvt) = op.operand(0).defining_op().filter(|d| d.name() == "ttg.convert_layout") else { return false };
        let src = cvt.operand(0);
        let mut operands = vec![src];
        if op.num_operands() > 1 {
            let mask = op.operand(1);
            let i1 = tritium_dialects::ir::Ty::tensor(&src.ty().shape_or_scalar(), mask.ty().element(), src.ty().encoding());
            let m = rw.create(op, "ttg.convert_layout", &[mask], &[i1], &[]);
            operands.push(m.result(0));
        }
        let attrs: Vec<(&str, Attr)> = op.attributes();
        let raw: Vec<(&str, mlir_sys::MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
        let new = rw.create(op, "tt.histogram", &operands, &[op.result(0).ty()], &raw);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// The attributes of `op`, raw, to rebuild it.
fn raw_attrs(op: Op) -> Vec<(&'static str, mlir_sys::MlirAttribute)> {
    op.attributes().into_iter().map(|(n, a)| (n, a.0)).collect()
}

/// The conversion producing `v`, if any.
fn convert_of(v: Val) -> Option<Op> {
    v.defining_op().filter(|d| d.name() == "ttg.convert_layout")
}

/// Whether a conversion keeps the same linear layout (Triton's
/// `isConvertTrivial`).
fn is_trivial(cvt: Op) -> bool {
    let (src, dst) = (cvt.operand(0).ty(), cvt.result(0).ty());
    match (src.encoding().and_then(model), dst.encoding().and_then(model), src.shape()) {
        (Some(a), Some(b), Some(shape)) => {
            tritium_dialects::ttg::infer::layouts_equivalent(&shape, &a, &b).unwrap_or(false)
        }
        _ => false,
    }
}

/// `gather(convert(src), idx)` -> `gather(src, idx)` unless the gather's
/// layout was chosen for it (`efficient_layout`): its source goes through
/// shared memory anyway.
struct GatherOfCvt;
impl RewritePattern for GatherOfCvt {
    fn name(&self) -> &'static str {
        "tt.gather.fold-convert"
    }
    fn root(&self) -> &'static str {
        "tt.gather"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.attr("efficient_layout").is_some() || op.num_operands() != 2 {
            return false;
        }
        let Some(cvt) = convert_of(op.operand(0)) else { return false };
        let Some(axis) = op.attr("axis") else { return false };
        let new = rw.create(op, "tt.gather", &[cvt.operand(0), op.operand(1)], &[op.result(0).ty()], &[("axis", axis.0)]);
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `local_alloc(convert(x))` -> `local_alloc(x)`, `local_store(convert(x),
/// m)` -> `local_store(x, m)`: shared memory takes any source layout.
struct SharedOfCvt(&'static str);
impl RewritePattern for SharedOfCvt {
    fn name(&self) -> &'static str {
        match self.0 {
            "ttg.local_alloc" => "ttg.local_alloc.fold-convert",
            _ => "ttg.local_store.fold-convert",
        }
    }
    fn root(&self) -> &'static str {
        self.0
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        if op.num_operands() == 0 {
            return false;
        }
        let Some(cvt) = convert_of(op.operand(0)) else { return false };
        let mut operands = op.operands();
        operands[0] = cvt.operand(0);
        let types: Vec<Ty> = op.results().iter().map(|r| r.ty()).collect();
        let new = rw.create(op, self.0, &operands, &types, &[]);
        rw.replace(op, &new.results());
        true
    }
}

/// `split(convert(x))` -> `split(x)` when `x`'s layout splits into the same
/// result layout.
struct SplitOfCvt;
impl RewritePattern for SplitOfCvt {
    fn name(&self) -> &'static str {
        "tt.split.fold-convert"
    }
    fn root(&self) -> &'static str {
        "tt.split"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(cvt) = convert_of(op.operand(0)) else { return false };
        let Some(src_enc) = enc(cvt.operand(0)) else { return false };
        let (Some(inferred), Some(out)) = (infer_dst(op, src_enc), enc(op.result(0))) else { return false };
        if akey(inferred) != akey(out) {
            return false;
        }
        let types: Vec<Ty> = op.results().iter().map(|r| r.ty()).collect();
        let new = rw.create(op, "tt.split", &[cvt.operand(0)], &types, &[]);
        rw.replace(op, &new.results());
        true
    }
}

/// `reshape(convert(x))` -> `reshape(x)` when the conversion is trivial, or
/// when the reshape may reorder and viewing `x` directly moves no data.
struct ReshapeOfCvt;
impl RewritePattern for ReshapeOfCvt {
    fn name(&self) -> &'static str {
        "tt.reshape.fold-convert"
    }
    fn root(&self) -> &'static str {
        "tt.reshape"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(cvt) = convert_of(op.operand(0)) else { return false };
        let ty = op.result(0).ty();
        if !is_trivial(cvt)
            && (is_expensive_view(cvt.operand(0).ty(), ty) || op.attr("allow_reorder").is_none())
        {
            return false;
        }
        let new = rw.create(op, "tt.reshape", &[cvt.operand(0)], &[ty], &raw_attrs(op));
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `trans(x, iota)` -> `convert(x)`; `trans(convert(x))` -> `trans(x)` when
/// the conversion is trivial.
struct TransOfCvt;
impl RewritePattern for TransOfCvt {
    fn name(&self) -> &'static str {
        "tt.trans.fold-convert"
    }
    fn root(&self) -> &'static str {
        "tt.trans"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let Some(order) = op.attr("order").and_then(Attr::i32_array) else { return false };
        let ty = op.result(0).ty();
        if order.iter().enumerate().all(|(i, &o)| o == i as i32) {
            let new = rw.create(op, "ttg.convert_layout", &[op.operand(0)], &[ty], &[]);
            rw.replace(op, &[new.result(0)]);
            return true;
        }
        let Some(cvt) = convert_of(op.operand(0)).filter(|&c| is_trivial(c)) else { return false };
        let new = rw.create(op, "tt.trans", &[cvt.operand(0)], &[ty], &raw_attrs(op));
        rw.replace(op, &[new.result(0)]);
        true
    }
}

/// `convert(reshape {allow_reorder})` -> a reshape of that reshape's result to
/// the converted type (as Triton 3.9 does),
/// and `convert(cat)` -> `cat` in the converted layout, when neither moves
/// more data than before.
struct CvtOfView;
impl RewritePattern for CvtOfView {
    fn name(&self) -> &'static str {
        "ttg.convert_layout.fold-view"
    }
    fn root(&self) -> &'static str {
        "ttg.convert_layout"
    }
    fn match_and_rewrite(&self, op: Op, rw: &Rewriter) -> bool {
        let src = op.operand(0);
        let ty = op.result(0).ty();
        if src.ty() == ty {
            return false;
        }
        let (src_enc, dst_enc) = (enc(src), enc(op.result(0)));
        if dst_enc.is_some_and(is_dot_operand) && src_enc.and_then(model).is_some_and(|e| matches!(e, Encoding::NvidiaMma { .. })) {
            return false;
        }
        let Some(arg) = src.defining_op() else { return false };
        match arg.name() {
            "tt.reshape" => {
                if arg.attr("allow_reorder").is_none()
                    || arg.attr("efficient_layout").is_some()
                    || is_expensive_view(arg.operand(0).ty(), ty)
                    || src_enc.is_some_and(is_dot_operand)
                    || dst_enc.is_some_and(is_dot_operand)
                {
                    return false;
                }
                let allow = arg.attr("allow_reorder").map(|a| a.0);
                let attrs: Vec<(&str, mlir_sys::MlirAttribute)> = allow.into_iter().map(|a| ("allow_reorder", a)).collect();
                // Triton 3.9 reshapes the reshape's result (not its source).
                let new = rw.create(op, "tt.reshape", &[arg.result(0)], &[ty], &attrs);
                rw.replace(op, &[new.result(0)]);
                true
            }
            "tt.cat" => {
                let (Some(shape), Some(old), Some(new_enc)) = (ty.shape(), src_enc.and_then(model), dst_enc.and_then(model)) else {
                    return false;
                };
                let (Ok(before), Ok(after)) = (old.total_elems_per_thread(&shape), new_enc.total_elems_per_thread(&shape)) else {
                    return false;
                };
                if after < before {
                    return false;
                }
                let new = rw.create(op, "tt.cat", &arg.operands(), &[ty], &[]);
                rw.replace(op, &[new.result(0)]);
                true
            }
            _ => false,
        }
    }
}

/// The `convert_layout` cleanup patterns (Triton's
/// `ConvertLayoutOp::getCanonicalizationPatterns`).
/// (`convert(x : T -> T)` -> `x` is the dialect's own canonicalization:
/// `ttg.convert_layout` has no folder.)
pub static CONVERT_PATTERNS: &[&dyn RewritePattern] = &[
    tritium_dialects::ttg::convert_patterns::CONVERT_FROM_CONVERT,
    &CvtOfView,
    &CvtOfProducer,
    &CvtOfCvt,
    &HistogramOfCvt,
    &ReshapeOfCvt,
    &TransOfCvt,
    &GatherOfCvt,
    &SharedOfCvt("ttg.local_alloc"),
    &SharedOfCvt("ttg.local_store"),
    &SplitOfCvt,
];

/// Triton's dead iter-arg elimination: a loop-carried value only feeding
/// itself is yielded unchanged (its block argument), so that canonicalization
/// removes it.
pub fn eliminate_dead_iter_args(root: Op) {
    for f in post_order(root).into_iter().filter(|o| o.name() == "scf.for") {
        eliminate_in_for(f);
    }
}

fn eliminate_in_for(f: Op) {
    let Some(body) = f.entry_block(0) else { return };
    let Some(y) = block_terminator(body) else { return };
    let args = block_arguments(body);
    let mut alive: HashSet<usize> = HashSet::new();
    let mut queue: Vec<Val> = Vec::new();
    let inside = |v: Val| -> bool {
        let owner = match v.defining_op() {
            Some(d) => d.parent(),
            None => arg_parent_op(v),
        };
        owner.is_some_and(|o| o.is_within(f))
    };
    let mark = |v: Val, alive: &mut HashSet<usize>, queue: &mut Vec<Val>| {
        if inside(v) && alive.insert(vkey(v)) {
            queue.push(v);
        }
    };
    for k in 0..f.num_results() {
        if !f.result(k).users().is_empty() {
            mark(y.operand(k), &mut alive, &mut queue);
        }
    }
    if alive.len() == f.num_results() {
        return;
    }
    for op in f.nested_ops() {
        if matches!(op.name(), "scf.yield" | "scf.for") {
            continue;
        }
        if !services::is_memory_effect_free(op) {
            for v in op.operands() {
                mark(v, &mut alive, &mut queue);
            }
        }
    }
    while let Some(v) = queue.pop() {
        if let Some(d) = v.defining_op() {
            match d.name() {
                "scf.for" => {
                    let k = result_number(v);
                    // How often a nested loop runs decides its results.
                    for bound in 0..3 {
                        mark(d.operand(bound), &mut alive, &mut queue);
                    }
                    mark(d.operand(3 + k), &mut alive, &mut queue);
                    if let Some(ny) = d.entry_block(0).and_then(block_terminator) {
                        mark(ny.operand(k), &mut alive, &mut queue);
                    }
                }
                "scf.if" => {
                    let k = result_number(v);
                    mark(d.operand(0), &mut alive, &mut queue);
                    for r in [0, 1] {
                        if let Some(ny) = d.entry_block(r).and_then(block_terminator) {
                            if k < ny.num_operands() {
                                mark(ny.operand(k), &mut alive, &mut queue);
                            }
                        }
                    }
                }
                "scf.while" => return,
                _ => {
                    for o in d.operands() {
                        mark(o, &mut alive, &mut queue);
                    }
                }
            }
            continue;
        }
        if let Some(owner) = arg_parent_op(v).filter(|o| o.name() == "scf.for") {
            let n = arg_number(v);
            if n == 0 {
                // The induction variable: the loop's bounds.
                for bound in 0..3 {
                    mark(owner.operand(bound), &mut alive, &mut queue);
                }
                continue;
            }
            if let Some(oy) = owner.entry_block(0).and_then(block_terminator) {
                mark(oy.operand(n - 1), &mut alive, &mut queue);
            }
            mark(owner.operand(3 + n - 1), &mut alive, &mut queue);
        }
    }
    for (k, v) in y.operands().into_iter().enumerate() {
        if alive.contains(&vkey(v)) || v.same(args[k + 1]) {
            continue;
        }
        if !inside(v) && !v.same(f.operand(3 + k)) {
            continue;
        }
        y.set_operand(k, args[k + 1]);
    }
}
