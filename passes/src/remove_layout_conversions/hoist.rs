//! Hoisting the conversions that rematerialization kept (Triton's
//! `hoistConvert*`): above a widening op (ext / broadcast / expand_dims),
//! into the one branch of an `scf.if` that cannot be rematerialized, and
//! next to the loads feeding a dot operand.
use super::ops::*;
use super::remat::*;
use std::collections::HashMap;
use tritium_dialects::ir::{block_terminator, Op, Val};
use tritium_dialects::rewrite::Rewriter;

/// Runs the three hoists on `func`, each with a fresh mapping.
pub fn hoist_converts(func: Op, no_split: bool) {
    let mut r = Remat::new(no_split);
    for_each_convert(func, &mut r, |r, c| hoist_above_ext_or_broadcast(r, c));
    let mut r = Remat::default();
    for_each_convert(func, &mut r, |r, c| hoist_into_conditionals(r, c));
    let mut r = Remat::default();
    let mut dots = DotsByParent::default();
    for_each_convert(func, &mut r, |r, c| hoist_dot_operand(r, c, &mut dots));
}

fn for_each_convert(func: Op, r: &mut Remat, mut f: impl FnMut(&mut Remat, Op) -> bool) {
    let cvts: Vec<Op> = post_order(func).into_iter().filter(|o| o.name() == "ttg.convert_layout").collect();
    for c in cvts {
        if !f(r, c) {
            if let Some(e) = enc(c.result(0)) {
                r.add_remat(c.operand(0), e, c.result(0));
            }
        }
    }
}

fn is_ext_or_broadcast(op: Op) -> bool {
    match op.name() {
        "arith.extsi" | "arith.extui" | "arith.extf" | "tt.broadcast" | "tt.expand_dims" => true,
        "tt.fp_to_fp" => op.operand(0).ty().element().bit_width() < op.result(0).ty().element().bit_width(),
        _ => false,
    }
}

fn new_convert(location: mlir_sys::MlirLocation, v: Val, e: tritium_dialects::ir::Attr) -> Op {
    Rewriter::build(location, "ttg.convert_layout", &[v], &[v.ty().with_encoding(Some(e))], &[], 0)
}

fn hoist_above_ext_or_broadcast(r: &mut Remat, cvt: Op) -> bool {
    let Some(target) = enc(cvt.result(0)) else { return false };
    if is_dot_operand(target) {
        return false;
    }
    let mut slice = Slice::default();
    let mut layout = Layouts::new();
    let mut existing = Existing::new();
    let stop: &dyn Fn(Op) -> bool = &is_ext_or_broadcast;
    if r.remat_slice((cvt, 0), target, &mut slice, &mut layout, &mut existing, Some(stop)).is_err() {
        return false;
    }
    let mut ext: Option<Op> = None;
    let n = slice.len();
    for i in 0..n {
        let v = slice.values[i];
        let Some(op) = v.defining_op() else { continue };
        if !is_ext_or_broadcast(op) {
            continue;
        }
        let Some(&ve) = layout.get(&vkey(v)) else { return false };
        let Some(src) = infer_src(op, ve) else { return false };
        if r.remat_slice((op, 0), src, &mut slice, &mut layout, &mut existing, None).is_ok() {
            continue;
        }
        if ext.is_some() {
            return false;
        }
        ext = Some(op);
    }
    let Some(ext) = ext else { return false };
    let Some(&dst) = layout.get(&vkey(ext.result(0))) else { return false };
    let Some(src) = infer_src(ext, dst) else { return false };
    if !r.is_beneficial(cvt, &slice, &layout, &existing, convert_cost(ext.operand(0), src)) {
        return false;
    }
    let c = new_convert(cvt.location(), ext.operand(0), src);
    insert_before(ext, c);
    let mut mapping = HashMap::new();
    let clone = clone_with_mapping(ext, &mapping);
    insert_before(ext, clone);
    clone.set_operand(0, c.result(0));
    clone.result(0).set_type(ext.result(0).ty().with_encoding(Some(dst)));
    mapping.insert(vkey(ext.result(0)), clone.result(0));
    slice.remove(ext.result(0));
    r.rewrite_slice(&mut slice, &layout, &existing, cvt, &mut mapping);
    true
}

fn hoist_into_conditionals(r: &mut Remat, cvt: Op) -> bool {
    let Some(target) = enc(cvt.result(0)) else { return false };
    let mut slice = Slice::default();
    let mut layout = Layouts::new();
    let mut existing = Existing::new();
    let is_if: &dyn Fn(Op) -> bool = &|o: Op| o.name() == "scf.if";
    if r.remat_slice((cvt, 0), target, &mut slice, &mut layout, &mut existing, Some(is_if)).is_err() {
        return false;
    }
    let mut hoist_above: Vec<(Val, (Op, usize))> = Vec::new();
    let mut terminals: Vec<Val> = Vec::new();
    let mut i = 0;
    while i < slice.len() {
        let v = slice.values[i];
        i += 1;
        let Some(if_op) = v.defining_op().filter(|d| d.name() == "scf.if") else { continue };
        let Some(&root) = layout.get(&vkey(v)) else { continue };
        let k = result_number(v);
        let (Some(ty), Some(ey)) =
            (if_op.entry_block(0).and_then(block_terminator), if_op.entry_block(1).and_then(block_terminator))
        else {
            continue;
        };
        let (mut ns, mut nl, mut ne) = (slice.clone(), layout.clone(), existing.clone());
        let then_ok = r.remat_slice((ty, k), root, &mut ns, &mut nl, &mut ne, Some(is_if)).is_ok();
        let else_ok = r.remat_slice((ey, k), root, &mut ns, &mut nl, &mut ne, Some(is_if)).is_ok();
        if then_ok && else_ok {
            (slice, layout, existing) = (ns, nl, ne);
            continue;
        }
        if !then_ok && !else_ok {
            terminals.push(v);
            continue;
        }
        if if_op.parent().is_none_or(|p| p.name() != "scf.for") {
            terminals.push(v);
            continue;
        }
        (slice, layout, existing) = (ns, nl, ne);
        hoist_above.push((v, if then_ok { (ey, k) } else { (ty, k) }));
    }
    if hoist_above.is_empty() {
        return false;
    }
    let mut mapping: HashMap<usize, Val> = HashMap::new();
    for v in terminals {
        let Some(&e) = layout.get(&vkey(v)) else { continue };
        let c = new_convert(cvt.location(), v, e);
        super::propagation::insert_after_value(v, c);
        mapping.insert(vkey(v), c.result(0));
        slice.remove(v);
    }
    for (res, (owner, idx)) in hoist_above {
        let Some(&e) = layout.get(&vkey(res)) else { continue };
        let v = owner.operand(idx);
        let c = new_convert(cvt.location(), v, e);
        insert_before(owner, c);
        mapping.insert(vkey(v), c.result(0));
        slice.remove(v);
    }
    r.rewrite_slice(&mut slice, &layout, &existing, cvt, &mut mapping);
    true
}

fn no_data_movement(op: Op) -> bool {
    is_pure_elementwise(op) || matches!(op.name(), "tt.broadcast" | "ttg.fp4_to_fp" | "ttg.convert_layout") || is_view(op)
}

/// The mma dot-like ops nested in each parent op that a conversion of the
/// dot-operand hoist sits in, found by one walk per parent instead of one
/// per conversion (a walk per conversion made the phase quadratic in the
/// size of a function). No hoist creates or removes a dot or changes the
/// encoding of its operands, but a hoist may rebuild a parent (a loop whose
/// carried values change type), so the map is emptied after each hoist.
#[derive(Default)]
struct DotsByParent(HashMap<usize, Vec<Op>>);

impl DotsByParent {
    fn of(&mut self, parent: Op) -> &[Op] {
        self.0.entry(okey(parent)).or_insert_with(|| {
            parent
                .nested_ops()
                .into_iter()
                .filter(|o| {
                    matches!(o.name(), "tt.dot" | "tt.dot_scaled")
                        || tritium_dialects::spec::op_has_role(o.name(), tritium_dialects::spec::OpRole::Dot)
                })
                .filter(|o| {
                    enc(o.operand(0)).and_then(model).is_some_and(|e| match e {
                        tritium_dialects::ttg::encoding::Encoding::DotOperand { parent, .. } => parent.is_mma(),
                        _ => false,
                    })
                })
                .collect()
        })
    }
}

fn hoist_dot_operand(r: &mut Remat, cvt: Op, dots_by_parent: &mut DotsByParent) -> bool {
    let hoisted = hoist_dot_operand_once(r, cvt, dots_by_parent);
    if hoisted {
        dots_by_parent.0.clear();
    }
    hoisted
}

fn hoist_dot_operand_once(r: &mut Remat, cvt: Op, dots_by_parent: &mut DotsByParent) -> bool {
    let Some(target) = enc(cvt.result(0)) else { return false };
    let Some(parent) = cvt.parent() else { return false };
    let dots = dots_by_parent.of(parent);
    if dots.is_empty() || !dots.iter().any(|d| post_dominates(*d, cvt)) {
        return false;
    }
    let stop: &dyn Fn(Op) -> bool = &|o: Op| !no_data_movement(o);
    let mut slice = Slice::default();
    let mut layout = Layouts::new();
    let mut existing = Existing::new();
    if r.backward_slice((cvt, 0), target, &mut slice, &mut layout, &mut existing, Some(stop)).is_err() {
        return false;
    }
    let mut mapping: HashMap<usize, Val> = HashMap::new();
    let mut inner = Slice::default();
    let mut pending: Vec<(Op, Val)> = Vec::new();
    for &v in &slice.values {
        let Some(d) = v.defining_op() else { return false };
        if !matches!(d.name(), "tt.load" | "tt.descriptor_load") {
            if d.name() == "arith.constant" || no_data_movement(d) {
                inner.insert(v);
                continue;
            }
            return false;
        }
        pending.push((d, d.result(0)));
    }
    // A leaf load already converted to its target layout by a dominating
    // conversion is read through that conversion (below), which makes the
    // hoist worth doing even with nothing else to move (Triton 3.9 then
    // replaces a second conversion of a dot operand by the first).
    let reused = |res: Val| {
        res.ty().is_tensor()
            && layout.get(&vkey(res)).is_some_and(|&e| matches!(existing.get(&(vkey(res), akey(e))), Some(Some(_))))
    };
    if inner.is_empty() && !pending.iter().any(|&(_, res)| reused(res)) {
        return false;
    }
    for (load, res) in pending {
        if !res.ty().is_tensor() {
            continue;
        }
        let Some(&e) = layout.get(&vkey(res)) else { continue };
        // A load already converted to `e` by a conversion that dominates
        // this use (one this hoist left in place) is read through it, as
        // Triton 3.9 does, instead of through a second conversion.
        if let Some(Some(r)) = existing.get(&(vkey(res), akey(e))) {
            mapping.insert(vkey(res), *r);
            continue;
        }
        let c = new_convert(cvt.location(), res, e);
        super::propagation::insert_after_value(res, c);
        let _ = load;
        mapping.insert(vkey(res), c.result(0));
    }
    r.rewrite_slice(&mut inner, &layout, &existing, cvt, &mut mapping);
    true
}
