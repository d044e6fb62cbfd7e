//! The pipeline expander (Triton's fork of MLIR's `LoopPipelining`, with
//! dynamic bounds and no peeled epilogue): a loop whose body ops carry
//! stages `0..=S` becomes a prologue of `S` partial iterations and a kernel
//! loop running every stage each iteration, each stage `s < S` guarded by
//! `iv < ub - (S - s) * step` through `ttg.mask` ops, which
//! [`resolve_masks`] then turns into predicated ops.
//!
//! Algorithm:
//!
//! 1. **Check.** Every body op has a stage, producers come before consumers
//!    in the unrolled order (values used inside an op's regions count as
//!    its operands), yielded values are produced by staged ops or outside
//!    the loop, every op of a non-last stage can be predicated. Otherwise
//!    the loop stays as it is.
//! 2. **Prologue** (before the loop), for `i` in `0..S`: the induction
//!    variable `lb + i * step` and the predicate `iv < ub`, then a
//!    clone of every op of stage `<= i` (in schedule order) reading version
//!    `i - stage` of its operands, masked by predicate `i - stage`.
//! 3. **Cross-stage values** (used `k > 0` stages after their definition)
//!    become `k` extra iteration arguments each, after the original ones.
//! 4. **Kernel**: the stage predicates, then every op in schedule order,
//!    operands (also those of its nested ops, e.g. a `tt.reduce` body's
//!    uses of loop values) remapped to the right iteration argument, the induction
//!    variable advanced by `(S - stage) * step`, ops of stages `< S`
//!    masked; the yield shifts the versions of cross-stage values.
use std::collections::HashMap;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, Attr, Op, Ty, Val};
use tritium_dialects::services;
use tritium_dialects::spec::{op_has_role, OpRole};

use super::schedule::Schedule;
use super::{
    append_block, arg_number, body, body_args, body_ops, clone_mapped, erase, init_args, is_block_arg, key, nested_operands, replace_all_uses,
    value_block, vkey, walk_post, yield_of, InsertPoint,
};

/// Expands every scheduled loop of `module`, then resolves the masks.
pub fn expand_loops(module: Op) {
    for for_op in super::loops_post_order(module) {
        let Some(schedule) = Schedule::deserialize(for_op) else { continue };
        let order: Vec<(Op, i64)> = schedule.ops_in_order(for_op).into_iter().map(|(op, s, _)| (op, s)).collect();
        if let Some(mut p) = Pipeliner::new(for_op, order) {
            p.run();
        }
    }
    resolve_masks(module);
}

struct Pipeliner {
    for_op: Op,
    max_stage: i64,
    stages: HashMap<usize, i64>,
    order: Vec<Op>,
    lb: Val,
    ub: Val,
    step: Val,
    dynamic: bool,
    versions: HashMap<usize, Vec<Option<Val>>>,
}

/// An `arith.constant` integer of `ty` (an integer or `index`).
fn constant(at: InsertPoint, loc: MlirLocation, ty: Ty, value: i64) -> Val {
    at.const_int(loc, ty, value)
}

fn binary(at: InsertPoint, loc: MlirLocation, name: &str, a: Val, b: Val) -> Val {
    at.create(loc, name, &[a, b], &[a.ty()], &[]).result(0)
}

fn cmpi(at: InsertPoint, loc: MlirLocation, predicate: i64, a: Val, b: Val) -> Val {
    let ctx = a.ty().context();
    let pred = Attr::integer(Ty::int(ctx, 64), predicate);
    at.create(loc, "arith.cmpi", &[a, b], &[Ty::i1(ctx)], &[("predicate", pred)]).result(0)
}

const SLT: i64 = 2;

fn constant_value(v: Val) -> Option<i64> {
    let def = v.defining_op()?;
    if def.name() != "arith.constant" {
        return None;
    }
    def.attr("value")?.int()
}

/// Whether `op` can be put under a predicate by [`predicate_op`].
fn can_predicate(op: Op) -> bool {
    services::is_memory_effect_free(op)
        || matches!(
            op.name(),
            "ttg.async_commit_group"
                | "ttg.async_wait"
                | "ttg.local_load"
                | "ttg.local_gather"
                | "ttg.local_store"
                | "ttg.async_copy_global_to_local"
                | "tt.load"
                | "tt.store"
                | "tt.atomic_rmw"
                | "scf.if"
        )
        || op_has_role(op.name(), OpRole::Predicated)
}

impl Pipeliner {
    fn new(for_op: Op, schedule: Vec<(Op, i64)>) -> Option<Pipeliner> {
        let ops = for_op.operands();
        let (lb, ub, step) = (ops[0], ops[1], ops[2]);
        let max_stage = schedule.iter().map(|(_, s)| *s).max()?;
        // Triton's expander takes the bounds as known only when they are
        // `arith.constant`s of index type (`ConstantIndexOp`): a loop over i32
        // constants, as Triton emits them, is pipelined as a dynamic one, its
        // prologue predicated (masks that fold to all-true constants).
        let index_constant = |v: Val| if unsafe { mlirTypeIsAIndex(v.ty().0) } { constant_value(v) } else { None };
        let mut dynamic = true;
        if let (Some(l), Some(u), Some(s)) = (index_constant(lb), index_constant(ub), index_constant(step)) {
            if s != 0 {
                let n = (u - l + s - if s > 0 { 1 } else { -1 }) / s;
                if n > max_stage {
                    dynamic = false;
                }
            }
        }
        let mut stages = HashMap::new();
        let mut order = Vec::new();
        for (op, s) in schedule {
            if s < 0 {
                return None;
            }
            stages.insert(key(op), s);
            order.push(op);
        }
        let p = Pipeliner { for_op, max_stage, stages, order, lb, ub, step, dynamic, versions: HashMap::new() };
        p.check().then_some(p)
    }

    fn stage(&self, op: Op) -> Option<i64> {
        self.stages.get(&key(op)).copied()
    }

    /// The op producing `v` in the loop (through one loop-carried edge) and
    /// the distance.
    fn def_and_distance(&self, v: Val) -> Option<(Op, i64)> {
        let block = body(self.for_op)?;
        let mut v = v;
        let mut distance = 0;
        if is_block_arg(v) {
            if v.owner_block().map(|b| b.ptr) != Some(block.ptr) || arg_number(v) == 0 {
                return None;
            }
            distance = 1;
            v = yield_of(self.for_op)?.operand(arg_number(v) - 1);
        }
        Some((v.defining_op()?, distance))
    }

    fn check(&self) -> bool {
        let Some(yield_op) = yield_of(self.for_op) else { return false };
        let body_list = body_ops(self.for_op);
        if body_list.iter().any(|op| self.stage(*op).is_none()) || self.order.len() != body_list.len() {
            return false;
        }
        for &op in &self.order {
            if self.stage(op) < Some(self.max_stage) && !can_predicate(op) {
                return false;
            }
        }
        if yield_op.operands().iter().any(|v| match v.defining_op() {
            None => true,
            Some(def) => self.stage(def).is_none() && def.is_within(self.for_op),
        }) {
            return false;
        }
        // Producers before consumers in the unrolled order.
        let n = self.order.len() as i64;
        let cycle: HashMap<usize, i64> =
            self.order.iter().enumerate().map(|(i, op)| (key(*op), i as i64 + self.stage(*op).unwrap_or(0) * n)).collect();
        for &consumer in &self.order {
            let c = cycle[&key(consumer)];
            for v in nested_operands(consumer) {
                let Some((producer, distance)) = self.def_and_distance(v) else { continue };
                if let Some(&p) = cycle.get(&key(producer)) {
                    if c < p - n * distance {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn set_version(&mut self, v: Val, version: Val, index: i64) {
        let size = self.max_stage as usize + 1;
        let entry = self.versions.entry(vkey(v)).or_insert_with(|| vec![None; size]);
        if let Some(slot) = entry.get_mut(index as usize) {
            *slot = Some(version);
        }
    }

    fn version(&self, v: Val, index: i64) -> Option<Val> {
        self.versions.get(&vkey(v)).and_then(|vs| vs.get(index as usize).copied().flatten())
    }

    fn run(&mut self) {
        let for_op = self.for_op;
        let loc = for_op.location();
        let at = InsertPoint::Before(for_op);
        let args = body_args(for_op);
        let iv = args[0];
        let iter_args = &args[1..];
        let Some(yield_op) = yield_of(for_op) else { return };
        let yields = yield_op.operands();

        // 2. Prologue.
        for (arg, init) in iter_args.iter().zip(init_args(for_op)) {
            self.set_version(*arg, init, 0);
        }
        let mut predicates: Vec<Option<Val>> = vec![None; self.max_stage as usize];
        for i in 0..self.max_stage {
            // The induction variable of prologue iteration i, `lb + i * step`,
            // also decides whether that iteration exists (`iv < ub`).
            let c = constant(at, loc, self.lb.ty(), i);
            let m = binary(at, loc, "arith.muli", self.step, c);
            let ivi = binary(at, loc, "arith.addi", self.lb, m);
            self.set_version(iv, ivi, i);
            if self.dynamic {
                predicates[i as usize] = Some(cmpi(at, loc, SLT, ivi, self.ub));
            }
            for op in self.order.clone() {
                let stage = self.stage(op).unwrap_or(0);
                if stage > i {
                    continue;
                }
                let mut new = clone_mapped(op, at, &mut HashMap::new());
                let mut nested = Vec::new();
                walk_post(new, &mut nested);
                for n in nested {
                    for (idx, v) in n.operands().into_iter().enumerate() {
                        if let Some(rep) = self.version(v, i - stage) {
                            n.set_operand(idx, rep);
                        }
                    }
                }
                let pidx = (i - stage) as usize;
                if let Some(pred) = predicates[pidx] {
                    new = wrap_in_mask(new, pred);
                }
                for (d, result) in op.results().into_iter().enumerate() {
                    let mut source = new.result(d);
                    for (j, y) in yields.iter().enumerate() {
                        if !y.same(result) {
                            continue;
                        }
                        if let Some(pred) = predicates[pidx] {
                            if !for_op.result(j).users().is_empty() {
                                if let Some(prev) = self.version(iter_args[j], i - stage) {
                                    source = at.create(loc, "arith.select", &[pred, source, prev], &[source.ty()], &[]).result(0);
                                }
                            }
                        }
                        self.set_version(iter_args[j], source, i - stage + 1);
                    }
                    self.set_version(result, new.result(d), i - stage);
                }
            }
        }

        // 3. Cross-stage values.
        let mut cross: Vec<(Val, i64, i64)> = Vec::new();
        for &op in &self.order {
            let stage = self.stage(op).unwrap_or(0);
            // The op's own operands first, then those its regions use from
            // outside (the order of the new iteration arguments).
            let mut used = op.operands();
            used.extend(outside_uses(op, op).into_iter().filter(|(user, ..)| !user.same(op)).map(|(.., v)| v));
            for v in used {
                let Some((def, distance)) = self.def_and_distance(v) else { continue };
                let Some(def_stage) = self.stage(def) else { continue };
                if def_stage == stage || def_stage == stage + distance || def_stage > stage {
                    continue;
                }
                match cross.iter_mut().find(|(x, _, _)| x.same(v)) {
                    Some(entry) => {
                        entry.1 = def_stage;
                        entry.2 = entry.2.max(stage);
                    }
                    None => cross.push((v, def_stage, stage)),
                }
            }
        }

        // The kernel loop.
        let mut new_args: Vec<Val> = Vec::new();
        for (j, y) in yields.iter().enumerate() {
            let staged = y.defining_op().and_then(|d| self.stage(d));
            match staged {
                Some(s) => match self.version(iter_args[j], self.max_stage - s) {
                    Some(v) => new_args.push(v),
                    None => return,
                },
                None => new_args.push(init_args(for_op)[j]),
            }
        }
        let mut loop_arg: HashMap<(usize, i64), usize> = HashMap::new();
        for &(v, def, last) in &cross {
            for k in 0..(last - def) {
                let Some(version) = self.version(v, self.max_stage - last + k) else { return };
                new_args.push(version);
                loop_arg.insert((vkey(v), last - def - k), new_args.len() - 1);
            }
        }
        let mut operands = vec![self.lb, self.ub, self.step];
        operands.extend(new_args.iter().copied());
        let types: Vec<Ty> = new_args.iter().map(|v| v.ty()).collect();
        // The kernel loop keeps the loop's attributes (the schedule's are
        // dropped after expansion).
        let attrs: Vec<(&str, MlirAttribute)> = for_op.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
        let new_for = at.insert(tritium_dialects::rewrite::Rewriter::build(loc, "scf.for", &operands, &types, &attrs, 1));
        let mut block_types = vec![iv.ty()];
        block_types.extend(types.iter().copied());
        let new_body = append_block(new_for.region(0), &block_types, loc);
        let new_block_args = block_arguments(new_body);
        let new_iv = new_block_args[0];
        let end = InsertPoint::End(new_body);

        // 4. Kernel.
        let mut mapping: HashMap<usize, Val> = HashMap::new();
        mapping.insert(vkey(iv), new_iv);
        for (j, a) in iter_args.iter().enumerate() {
            mapping.insert(vkey(*a), new_block_args[j + 1]);
        }
        let mut kernel_preds: Vec<Option<Val>> = vec![None; self.max_stage as usize + 1];
        for i in 0..self.max_stage {
            let c = constant(end, loc, self.ub.ty(), self.max_stage - i);
            let m = binary(end, loc, "arith.muli", self.step, c);
            let bound = binary(end, loc, "arith.subi", self.ub, m);
            kernel_preds[i as usize] = Some(cmpi(end, loc, SLT, new_iv, bound));
        }
        let old_block = body(for_op);
        for op in self.order.clone() {
            let use_stage = self.stage(op).unwrap_or(0);
            let mut new = clone_mapped(op, end, &mut mapping);
            for (_, copy, idx, v) in outside_uses(op, new) {
                if v.same(iv) {
                    let before = InsertPoint::Before(new);
                    let c = constant(before, loc, self.step.ty(), self.max_stage - use_stage);
                    let m = binary(before, loc, "arith.muli", self.step, c);
                    let shifted = binary(before, loc, "arith.addi", new_iv, m);
                    copy.set_operand(idx, shifted);
                    continue;
                }
                let mut source = v;
                if is_block_arg(v) && v.owner_block().map(|b| b.ptr) == old_block.map(|b| b.ptr) {
                    let ret = yields[arg_number(v) - 1];
                    let Some(dep) = ret.defining_op() else { continue };
                    let Some(dep_stage) = self.stage(dep) else { continue };
                    if dep_stage == use_stage {
                        continue;
                    }
                    if dep_stage == use_stage + 1 {
                        copy.set_operand(idx, mapping.get(&vkey(ret)).copied().unwrap_or(ret));
                        continue;
                    }
                    source = ret;
                }
                let Some(def) = source.defining_op() else { continue };
                let Some(def_stage) = self.stage(def) else { continue };
                if def_stage == use_stage {
                    continue;
                }
                if let Some(&arg) = loop_arg.get(&(vkey(v), use_stage - def_stage)) {
                    copy.set_operand(idx, new_block_args[arg + 1]);
                }
            }
            if let Some(pred) = kernel_preds[use_stage as usize] {
                new = wrap_in_mask(new, pred);
                for (o, n) in op.results().into_iter().zip(new.results()) {
                    mapping.insert(vkey(o), n);
                }
            }
        }
        let mut yield_operands: Vec<Val> = Vec::new();
        for (j, y) in yields.iter().enumerate() {
            let mut source = mapping.get(&vkey(*y)).copied().unwrap_or(*y);
            if !for_op.result(j).users().is_empty() {
                if let Some((def, _)) = self.def_and_distance(*y) {
                    if let Some(s) = self.stage(def).filter(|s| *s < self.max_stage) {
                        if let Some(pred) = kernel_preds[s as usize] {
                            source = end.create(loc, "arith.select", &[pred, source, new_block_args[j + 1]], &[source.ty()], &[]).result(0);
                        }
                    }
                }
            }
            yield_operands.push(source);
        }
        for &(v, def, last) in &cross {
            for _ in 1..(last - def) {
                let next = new_block_args[yield_operands.len() + 2];
                yield_operands.push(next);
            }
            yield_operands.push(mapping.get(&vkey(v)).copied().unwrap_or(v));
        }
        end.create(loc, "scf.yield", &yield_operands, &[], &[]);

        // 5. Replace the old loop (kept when something outside still uses
        // its body, which a valid schedule never leaves).
        for (old, new) in for_op.results().into_iter().zip(new_for.results()) {
            replace_all_uses(old, new);
        }
        let escapes = body_ops(for_op).iter().any(|op| {
            op.results().iter().any(|r| r.users().iter().any(|u| !u.is_within(for_op)))
        });
        if !escapes {
            erase(for_op);
        }
    }
}

/// The operands of `op` and of its nested ops that are defined outside
/// `op`, with the matching op of its clone `copy`: (original user, cloned
/// user, operand index, original value).
fn outside_uses(op: Op, copy: Op) -> Vec<(Op, Op, usize, Val)> {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    walk_post(op, &mut a);
    walk_post(copy, &mut b);
    let mut out = Vec::new();
    for (o, c) in a.into_iter().zip(b) {
        for (idx, v) in o.operands().into_iter().enumerate() {
            let inside = value_block(v).is_some_and(|blk| {
                let owner = unsafe { mlirBlockGetParentOperation(blk) };
                !owner.ptr.is_null() && (Op(owner).same(op) || Op(owner).is_within(op))
            });
            if !inside {
                out.push((o, c, idx, v));
            }
        }
    }
    out
}

/// Moves `op` into a new `ttg.mask` guarded by `pred` (at `op`'s place) and
/// returns the mask, whose results replace `op`'s.
fn wrap_in_mask(op: Op, pred: Val) -> Op {
    let types: Vec<Ty> = op.results().iter().map(|r| r.ty()).collect();
    let mask = InsertPoint::Before(op).insert(tritium_dialects::rewrite::Rewriter::build(op.location(), "ttg.mask", &[pred], &types, &[], 1));
    let block = append_block(mask.region(0), &[], op.location());
    for (o, m) in op.results().into_iter().zip(mask.results()) {
        replace_all_uses(o, m);
    }
    unsafe {
        mlirOperationRemoveFromParent(op.0);
        mlirBlockAppendOwnedOperation(block, op.0);
    }
    InsertPoint::End(block).create(op.location(), "ttg.mask.return", &op.results(), &[], &[]);
    mask
}

/// Greedy folding only (what Triton's arith "canonicalization" amounts to).
pub fn fold_module(module: Op) {
    services::apply_canonicalization_patterns(module, "");
}

/// Triton's `resolveMaskOp`: folds the module, then hoists each masked op
/// out of its `ttg.mask` and predicates it.
fn resolve_masks(module: Op) {
    let mut all = Vec::new();
    walk_post(module, &mut all);
    if !all.iter().any(|o| o.name() == "ttg.mask") {
        return;
    }
    fold_module(module);
    let mut all = Vec::new();
    walk_post(module, &mut all);
    for mask in all.into_iter().filter(|o| o.name() == "ttg.mask") {
        let pred = mask.operand(0);
        let Some(block) = mask.entry_block(0) else { continue };
        let mut inner = block_ops(block);
        let Some(ret) = inner.pop() else { continue };
        for op in inner {
            unsafe { mlirOperationMoveBefore(op.0, mask.0) };
            predicate_op(op, pred);
        }
        for (m, v) in mask.results().into_iter().zip(ret.operands()) {
            replace_all_uses(m, v);
        }
        erase(mask);
    }
}

/// `pred` (splat to the shape of `like`) and-ed with `current`, before `at`.
fn pred_mask(at: Op, like: Ty, current: Option<Val>, pred: Val) -> Val {
    let loc = pred.defining_op().map(|d| d.location()).unwrap_or(at.location());
    let ip = InsertPoint::Before(at);
    let mut mask = pred;
    if like.is_tensor() {
        let ty = Ty::tensor(&like.shape().unwrap_or_default(), pred.ty(), like.encoding());
        mask = ip.create(loc, "tt.splat", &[pred], &[ty], &[]).result(0);
    }
    if let Some(c) = current {
        mask = ip.create(loc, "arith.andi", &[mask, c], &[mask.ty()], &[]).result(0);
    }
    mask
}

fn set_segments(op: Op, sizes: &[i32]) {
    let attr = unsafe { Attr(mlirDenseI32ArrayGet(op.context(), sizes.len() as isize, sizes.as_ptr())) };
    op.set_attr("operandSegmentSizes", attr);
}

/// Triton's `predicateOp`: makes `op` do nothing where `pred` is false.
/// A predicate that folded to true still masks the op, as Triton 3.9 does:
/// the prologue of a loop over i32 constants copies under an all-true mask.
fn predicate_op(op: Op, pred: Val) {
    if services::is_memory_effect_free(op) {
        return;
    }
    match op.name() {
        "ttg.async_copy_global_to_local" | "tt.load" => {
            // Segments: [src, result, mask, other] / [ptr, mask, other].
            let fixed = if op.name() == "tt.load" { 1 } else { 2 };
            let operands = op.operands();
            let mask_count = op.segment_size(fixed).max(0) as usize;
            let other_count = op.segment_size(fixed + 1).max(0) as usize;
            let current = (mask_count > 0).then(|| operands[fixed]);
            let mask = pred_mask(op, operands[0].ty(), current, pred);
            let mut new_operands: Vec<Val> = operands[..fixed].to_vec();
            new_operands.push(mask);
            new_operands.extend_from_slice(&operands[fixed + mask_count..]);
            let mut sizes = vec![1i32; fixed + 1];
            sizes.push(other_count as i32);
            op.set_operands(&new_operands);
            set_segments(op, &sizes);
        }
        "tt.store" | "tt.atomic_rmw" => {
            // Operands: ptr, value, mask?.
            let operands = op.operands();
            let current = operands.get(2).copied();
            let mask = pred_mask(op, operands[0].ty(), current, pred);
            let mut new_operands = operands[..2].to_vec();
            new_operands.push(mask);
            op.set_operands(&new_operands);
        }
        "scf.if" => {
            let c = pred_mask(op, op.operand(0).ty(), Some(op.operand(0)), pred);
            op.set_operand(0, c);
        }
        name if op_has_role(name, OpRole::Predicated) && op.num_operands() > 0 => {
            // A backend op whose last operand is its predicate.
            let last = op.num_operands() - 1;
            let c = pred_mask(op, op.operand(last).ty(), Some(op.operand(last)), pred);
            op.set_operand(last, c);
        }
        _ => {}
    }
}

/// Triton's `updateWaits`: each `async_wait` waits until only the commit
/// groups issued after its tokens' may be pending; adjacent waits merge.
pub fn update_waits(module: Op) {
    let mut all = Vec::new();
    walk_post(module, &mut all);
    let waits: Vec<Op> = all.into_iter().filter(|o| o.name() == "ttg.async_wait").collect();
    if waits.is_empty() {
        return;
    }
    for &w in &waits {
        let n = min_interleaved_commits(w);
        w.set_attr("num", super::i32_attr(w.context(), n));
    }
    combine_waits(&waits);
}

fn count_commits_between(from: Option<Op>, to: Op) -> i64 {
    let mut n = 0;
    let mut cur = from;
    while let Some(op) = cur {
        if op.same(to) {
            break;
        }
        if op.name() == "ttg.async_commit_group" {
            n += 1;
        }
        cur = op.next();
    }
    n
}

fn min_interleaved_commits(wait: Op) -> i64 {
    if wait.num_operands() == 0 {
        return 0;
    }
    fn go(v: Val, sink: Op, sum: i64, best: &mut i64, depth: usize) -> i64 {
        if depth > 64 {
            return 0;
        }
        if let Some(def) = v.defining_op() {
            let s = sum + count_commits_between(def.next(), sink);
            *best = (*best).min(s);
            return *best;
        }
        let Some(block) = v.owner_block() else { return 0 };
        let owner = unsafe { mlirBlockGetParentOperation(block) };
        if owner.ptr.is_null() || Op(owner).name() != "scf.for" {
            return 0;
        }
        let for_op = Op(owner);
        let n = arg_number(v);
        if n == 0 {
            return 0;
        }
        let first = block_ops(block).first().copied();
        let s = sum + count_commits_between(first, sink);
        if s >= *best {
            return *best;
        }
        let incoming = for_op.operand(3 + n - 1);
        let m1 = go(incoming, for_op, s, best, depth + 1);
        let Some(term) = block_terminator(block) else { return 0 };
        let prev = term.operand(n - 1);
        let m2 = go(prev, term, s, best, depth + 1);
        m1.min(m2).min(*best)
    }
    let mut best = i64::from(i32::MAX);
    go(wait.operand(0), wait, 0, &mut best, 0)
}

fn combine_waits(waits: &[Op]) {
    let mut replaced: Vec<(Op, Op)> = Vec::new();
    for &w in waits {
        if replaced.iter().any(|(o, _)| o.same(w)) {
            continue;
        }
        let mut group = vec![w];
        let mut tokens = w.operands();
        let mut num = w.attr("num").and_then(|a| a.int()).unwrap_or(0);
        let mut next = w.next();
        while let Some(n) = next {
            if matches!(n.name(), "ttg.async_commit_group" | "scf.for" | "scf.if" | "scf.while" | "scf.execute_region") {
                break;
            }
            if n.name() == "ttg.async_wait" {
                group.push(n);
                num = num.min(n.attr("num").and_then(|a| a.int()).unwrap_or(0));
                tokens.extend(n.operands());
            }
            next = n.next();
        }
        if group.len() == 1 {
            continue;
        }
        let token_ty = w.result(0).ty();
        let new = InsertPoint::Before(w).create(w.location(), "ttg.async_wait", &tokens, &[token_ty], &[("num", super::i32_attr(w.context(), num))]);
        for g in group {
            replaced.push((g, new));
        }
    }
    for (old, new) in replaced {
        replace_all_uses(old.result(0), new.result(0));
        erase(old);
    }
}

/// Removes the schedule attributes from every op of `module`.
pub fn remove_schedule_attributes(module: Op) {
    let mut all = Vec::new();
    walk_post(module, &mut all);
    for op in all {
        op.remove_attr(super::LOOP_STAGE);
        op.remove_attr(super::LOOP_CLUSTER);
        op.remove_attr(super::SCHEDULED_MAX_STAGE);
    }
}
