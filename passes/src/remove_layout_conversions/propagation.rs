//! Forward layout propagation (Triton's `LayoutPropagation`).
//!
//! Algorithm:
//! 1. anchors: every tensor argument of the function and every result of an
//!    anchor op (expensive loads, dots, atomics, ...) keeps its encoding;
//! 2. each encoding flows to the users of its value (through elementwise
//!    ops, views, reductions, conversions and `scf` region edges), a value
//!    collecting every encoding that reaches it;
//! 3. a value with several candidates keeps one (blocked for memory ops, MMA
//!    otherwise, else the first);
//! 4. the function is rewritten region by region (outer first): ops whose
//!    results take a new encoding are retyped in place, and a conversion is
//!    inserted after a value wherever a user still needs the old encoding.
use super::ops::*;
use mlir_sys::*;
use std::collections::{HashMap, VecDeque};
use tritium_dialects::ir::{block_arguments, block_ops, region_blocks, Attr, Op, Val};
use tritium_dialects::rewrite::Rewriter;

/// The analysis and rewrite state for one function.
pub struct Propagation {
    func: Op,
    /// Values in insertion order with their candidate encodings.
    values: Vec<(Val, Vec<Attr>)>,
    index: HashMap<usize, usize>,
    /// Encodings of values retyped in place, before the rewrite.
    original: HashMap<usize, Attr>,
}

impl Propagation {
    /// Runs the four steps on `func`.
    pub fn run(func: Op) {
        let mut p = Propagation { func, values: Vec::new(), index: HashMap::new(), original: HashMap::new() };
        p.init_anchors();
        p.propagate();
        p.resolve_conflicts();
        p.rewrite();
    }

    fn entry(&mut self, v: Val) -> usize {
        if let Some(&i) = self.index.get(&vkey(v)) {
            return i;
        }
        self.values.push((v, Vec::new()));
        self.index.insert(vkey(v), self.values.len() - 1);
        self.values.len() - 1
    }

    fn picked(&self, v: Val) -> Option<Attr> {
        self.index.get(&vkey(v)).and_then(|&i| self.values[i].1.first().copied())
    }

    fn add_anchor(&mut self, v: Val) {
        if let Some(e) = enc(v) {
            if !self.index.contains_key(&vkey(v)) {
                let i = self.entry(v);
                self.values[i].1.push(e);
            }
        }
    }

    fn init_anchors(&mut self) {
        if let Some(entry) = self.func.entry_block(0) {
            for a in block_arguments(entry) {
                self.add_anchor(a);
            }
        }
        for op in post_order(self.func) {
            if is_layout_anchor(op) {
                for r in op.results() {
                    self.add_anchor(r);
                }
            }
        }
    }

    /// Adds the encodings `info`, pushed through `op`, to `targets`.
    fn set_encoding(&mut self, targets: &[Val], info: &[Attr], changed: &mut Vec<Val>, op: Op) {
        for &t in targets {
            if !t.ty().is_tensor() {
                continue;
            }
            let mut grew = false;
            let i = self.entry(t);
            for &e in info {
                let dst = if op.name() == "ttg.convert_layout" { Some(e) } else { infer_dst(op, e) };
                if let Some(d) = dst {
                    if !self.values[i].1.contains(&d) {
                        self.values[i].1.push(d);
                        grew = true;
                    }
                }
            }
            if grew {
                changed.push(t);
            }
        }
    }

    fn propagate_to_users(&mut self, v: Val, info: &[Attr]) -> Vec<Val> {
        let mut changed = Vec::new();
        for (user, idx) in v.uses() {
            match user.name() {
                "scf.for" => {
                    if idx >= 3 {
                        let k = idx - 3;
                        let Some(body) = user.entry_block(0) else { continue };
                        let targets = [block_arguments(body)[k + 1], user.result(k)];
                        self.set_encoding(&targets, info, &mut changed, user);
                    }
                }
                "scf.while" => {
                    let Some(before) = user.entry_block(0) else { continue };
                    if let Some(&a) = block_arguments(before).get(idx) {
                        self.set_encoding(&[a], info, &mut changed, user);
                    }
                }
                "scf.yield" => {
                    let Some(parent) = user.parent() else { continue };
                    let mut targets = Vec::new();
                    match parent.name() {
                        "scf.for" | "scf.if" | "scf.while" => {
                            if idx < parent.num_results() {
                                targets.push(parent.result(idx));
                            }
                            if parent.name() == "scf.for" {
                                if let Some(body) = parent.entry_block(0) {
                                    targets.push(block_arguments(body)[idx + 1]);
                                }
                            }
                            if parent.name() == "scf.while" {
                                if let Some(before) = parent.entry_block(0) {
                                    if let Some(&a) = block_arguments(before).get(idx) {
                                        targets.push(a);
                                    }
                                }
                            }
                            self.set_encoding(&targets, info, &mut changed, user);
                        }
                        _ => {}
                    }
                }
                "scf.condition" => {
                    let Some(w) = user.parent() else { continue };
                    if idx == 0 {
                        continue;
                    }
                    let k = idx - 1;
                    let Some(after) = w.entry_block(1) else { continue };
                    let targets = [block_arguments(after)[k], w.result(k)];
                    self.set_encoding(&targets, info, &mut changed, user);
                }
                name if forwards_encoding(name) => {
                    self.set_encoding(&[user.result(idx)], info, &mut changed, user);
                }
                name => {
                    if name == "tt.gather" && user.attr("efficient_layout").is_none() && idx == 1 {
                        self.set_encoding(&[user.result(0)], info, &mut changed, user);
                        continue;
                    }
                    if same_operands_and_result_encoding(user)
                        || is_elementwise(user)
                        || matches!(
                            name,
                            "tt.reduce" | "tt.expand_dims" | "tt.reshape" | "tt.trans" | "tt.join" | "tt.split"
                                | "ttg.convert_layout"
                        )
                    {
                        self.set_encoding(&user.results(), info, &mut changed, user);
                    }
                }
            }
        }
        changed
    }

    fn propagate(&mut self) {
        let mut queue: Vec<Val> = self.values.iter().map(|(v, _)| *v).collect();
        while let Some(v) = queue.pop() {
            let info = self.values[self.index[&vkey(v)]].1.clone();
            let changed = self.propagate_to_users(v, &info);
            queue.extend(changed);
        }
    }

    fn resolve_conflicts(&mut self) {
        for (v, encs) in self.values.iter_mut() {
            if encs.len() <= 1 {
                continue;
            }
            let memory = v
                .defining_op()
                .is_some_and(|d| matches!(d.name(), "tt.load" | "tt.store" | "tt.atomic_rmw" | "tt.atomic_cas"));
            let mut pick = encs[0];
            for &e in encs.iter() {
                if (memory && is_blocked_attr(e)) || (!memory && is_mma(e)) {
                    pick = e;
                    break;
                }
            }
            *encs = vec![pick];
        }
    }

    // ---- rewrite ----

    fn rewrite(&mut self) {
        let mut queue: VecDeque<MlirRegion> = VecDeque::new();
        queue.push_back(self.func.region(0));
        while let Some(region) = queue.pop_front() {
            for block in region_blocks(region) {
                for op in block_ops(block) {
                    self.rewrite_one(op, &mut queue);
                }
            }
        }
    }

    fn rewrite_one(&mut self, op: Op, queue: &mut VecDeque<MlirRegion>) {
        let need = op.results().iter().any(|&r| match self.picked(r) {
            Some(p) => enc(r) != Some(p),
            None => false,
        });
        if need {
            self.rewrite_op(op);
            for r in 0..op.num_regions() {
                queue.push_back(op.region(r));
            }
            return;
        }
        match op.name() {
            "scf.yield" => self.rewrite_yield(op),
            "scf.condition" => self.rewrite_condition(op),
            "tt.reduce" if op.num_results() > 0 && !op.result(0).ty().is_tensor() => self.rewrite_reduce_to_scalar(op),
            "tt.assert" => {
                if op.num_operands() > 0 {
                    let v = op.operand(0);
                    if let Some(e) = self.picked(v) {
                        let nv = self.value_as(v, e);
                        op.set_operand(0, nv);
                    }
                }
            }
            _ => {
                for (i, v) in op.operands().into_iter().enumerate() {
                    if !self.index.contains_key(&vkey(v)) {
                        continue;
                    }
                    let Some(e) = self.encoding_before_rewrite(v) else { continue };
                    let nv = self.value_as(v, e);
                    op.set_operand(i, nv);
                }
                for r in 0..op.num_regions() {
                    queue.push_back(op.region(r));
                }
            }
        }
    }

    /// `v` in encoding `e`, converting right after its definition if needed.
    fn value_as(&self, v: Val, e: Attr) -> Val {
        if !v.ty().is_tensor() || enc(v) == Some(e) {
            return v;
        }
        let ty = v.ty().with_encoding(Some(e));
        let cvt = Rewriter::build(value_loc(v), "ttg.convert_layout", &[v], &[ty], &[], 0);
        insert_after_value(v, cvt);
        cvt.result(0)
    }

    fn encoding_before_rewrite(&self, v: Val) -> Option<Attr> {
        if !v.ty().is_tensor() {
            return None;
        }
        self.original.get(&vkey(v)).copied().or_else(|| enc(v))
    }

    fn set_in_place(&mut self, v: Val, e: Attr) {
        if let Some(old) = enc(v) {
            self.original.entry(vkey(v)).or_insert(old);
        }
        v.set_type(v.ty().with_encoding(Some(e)));
    }

    fn rewrite_op(&mut self, op: Op) {
        match op.name() {
            "scf.for" => {
                let Some(body) = op.entry_block(0) else { return };
                let args = block_arguments(body);
                for k in 0..op.num_results() {
                    let res = op.result(k);
                    if !res.ty().is_tensor() {
                        continue;
                    }
                    let Some(e) = self.picked(res) else { continue };
                    let init = op.operand(3 + k);
                    let ni = self.value_as(init, e);
                    op.set_operand(3 + k, ni);
                    self.set_in_place(res, e);
                    self.set_in_place(args[k + 1], e);
                }
            }
            "scf.while" => {
                let (Some(before), Some(after)) = (op.entry_block(0), op.entry_block(1)) else { return };
                let bargs = block_arguments(before);
                for (i, &a) in bargs.iter().enumerate() {
                    let Some(e) = self.picked(a) else { continue };
                    let ni = self.value_as(op.operand(i), e);
                    op.set_operand(i, ni);
                    self.set_in_place(a, e);
                }
                let aargs = block_arguments(after);
                for k in 0..op.num_results() {
                    let Some(e) = self.picked(op.result(k)) else { continue };
                    self.set_in_place(op.result(k), e);
                    if let Some(&a) = aargs.get(k) {
                        self.set_in_place(a, e);
                    }
                }
            }
            "scf.if" => {
                for k in 0..op.num_results() {
                    if let Some(e) = self.picked(op.result(k)) {
                        self.set_in_place(op.result(k), e);
                    }
                }
            }
            _ => {
                let Some(e) = self.picked(op.result(0)) else { return };
                if can_use_result_encoding(op) {
                    self.set_in_place(op.result(0), e);
                } else if same_operands_and_result_encoding(op)
                    || is_elementwise(op)
                    || matches!(
                        op.name(),
                        "tt.reduce"
                            | "tt.expand_dims"
                            | "tt.reshape"
                            | "tt.trans"
                            | "tt.join"
                            | "tt.split"
                            | "tt.gather"
                    )
                    || forwards_encoding(op.name())
                {
                    self.rewrite_generic_in_place(op, e);
                }
            }
        }
    }

    fn rewrite_generic_in_place(&mut self, op: Op, e: Attr) {
        let mut operand_enc = None;
        if op.num_operands() > 0 {
            for v in op.operands() {
                let Some(pe) = self.picked(v) else { continue };
                if infer_dst(op, pe) == Some(e) {
                    operand_enc = Some(pe);
                    break;
                }
            }
            if operand_enc.is_none() {
                operand_enc = infer_src(op, e);
            }
            // Without an operand encoding the op cannot be retyped: leave it.
            let Some(oe) = operand_enc else { return };
            for (i, v) in op.operands().into_iter().enumerate() {
                let nv = self.value_as(v, oe);
                op.set_operand(i, nv);
            }
        }
        for r in op.results() {
            if r.ty().is_tensor() {
                self.set_in_place(r, e);
            }
        }
    }

    fn rewrite_yield(&mut self, op: Op) {
        let Some(parent) = op.parent() else { return };
        for (i, v) in op.operands().into_iter().enumerate() {
            let ty = match parent.name() {
                "scf.for" | "scf.if" if i < parent.num_results() => parent.result(i).ty(),
                "scf.while" => match parent.entry_block(0).and_then(|b| block_arguments(b).get(i).copied()) {
                    Some(a) => a.ty(),
                    None => continue,
                },
                _ => v.ty(),
            };
            let Some(e) = ty.encoding() else { continue };
            let nv = self.value_as(v, e);
            op.set_operand(i, nv);
        }
    }

    fn rewrite_condition(&mut self, op: Op) {
        let Some(w) = op.parent() else { return };
        for i in 1..op.num_operands() {
            if i - 1 >= w.num_results() {
                break;
            }
            let Some(e) = w.result(i - 1).ty().encoding() else { continue };
            let nv = self.value_as(op.operand(i), e);
            op.set_operand(i, nv);
        }
    }

    fn rewrite_reduce_to_scalar(&mut self, op: Op) {
        let Some(e) = op.operands().into_iter().find_map(|v| self.picked(v)) else { return };
        for (i, v) in op.operands().into_iter().enumerate() {
            let nv = self.value_as(v, e);
            op.set_operand(i, nv);
        }
    }
}

/// Inserts the detached `op` right after the definition of `v` (at the start
/// of its block for a block argument).
pub fn insert_after_value(v: Val, op: Op) {
    unsafe {
        if let Some(def) = v.defining_op() {
            if let Some(block) = def.block() {
                mlirBlockInsertOwnedOperationAfter(block, def.0, op.0);
            }
        } else if let Some(block) = v.owner_block() {
            mlirBlockInsertOwnedOperationAfter(block, MlirOperation { ptr: std::ptr::null_mut() }, op.0);
        }
    }
}

