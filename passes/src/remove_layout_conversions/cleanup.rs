//! Cleanups between and after the phases: Triton's `convert_layout`
//! canonicalizations (folding a conversion into the op that produces its
//! source) and the dead `scf.for` iter-arg elimination.
use super::ops::*;
use std::collections::HashSet;
use tritium_dialects::ir::{block_arguments, block_terminator, Attr, Op, Val};
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

/// The `convert_layout` cleanup patterns.
/// (`convert(x : T -> T)` -> `x` is the dialect's own canonicalization:
/// `ttg.convert_layout` has no folder.)
pub static CONVERT_PATTERNS: &[&dyn RewritePattern] =
    &[tritium_dialects::ttg::convert_patterns::CONVERT_FROM_CONVERT, &CvtOfProducer, &CvtOfCvt, &HistogramOfCvt];

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
