//! Backward rematerialization (Triton's `LayoutRematerialization`): instead
//! of converting a value, recompute the producers of its source directly in
//! the target layout.
//!
//! Algorithm for one `convert_layout` (conversions to a dot operand are
//! skipped):
//! 1. reuse a dominating value already rematerialized in the target layout;
//! 2. otherwise take the backward slice of its source, pushing the target
//!    encoding through each producer (`backward_slice`), stopping at ops that
//!    fold into a conversion (splat, make_range, constants, conversions) and
//!    at broadcasts whose source already fits the target (only retyped);
//! 3. give up when a producer cannot be recomputed or recomputing costs more
//!    than the conversion;
//! 4. clone the slice in program order with the new encodings (loops and
//!    conditionals get extra iter args / results) and replace the conversion.
use super::ops::*;
use mlir_sys::*;
use std::collections::{HashMap, HashSet};
use tritium_dialects::ir::{block_arguments, block_terminator, region_blocks, Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::to_linear::to_linear_layout;

/// An ordered set of values.
#[derive(Clone, Default)]
pub struct Slice {
    pub values: Vec<Val>,
    set: HashSet<usize>,
}

impl Slice {
    pub fn insert(&mut self, v: Val) -> bool {
        if self.set.insert(vkey(v)) {
            self.values.push(v);
            true
        } else {
            false
        }
    }
    pub fn contains(&self, v: Val) -> bool {
        self.set.contains(&vkey(v))
    }
    pub fn remove(&mut self, v: Val) {
        if self.set.remove(&vkey(v)) {
            self.values.retain(|x| !x.same(v));
        }
    }
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    pub fn len(&self) -> usize {
        self.values.len()
    }
}

/// Rematerializations found while building a slice: (value, encoding) -> the
/// value to use (`None`: one exists but does not dominate).
pub type Existing = HashMap<(usize, usize), Option<Val>>;

/// An operand: (owner, index).
pub type Operand = (Op, usize);

/// The rematerialization state of one function (one sweep).
#[derive(Default)]
pub struct Remat {
    mapping: HashMap<(usize, usize), Val>,
    mapped: HashMap<usize, Attr>,
    /// With `disable-remat-splitting`: refuse slices whose ops also feed
    /// values outside the slice (which would duplicate them).
    pub no_split: bool,
}

/// The backward-slice walk with its stop condition.
pub type Stop<'a> = Option<&'a dyn Fn(Op) -> bool>;

impl Remat {
    /// A fresh state.
    pub fn new(no_split: bool) -> Self {
        Remat { no_split, ..Remat::default() }
    }

    pub fn add_remat(&mut self, old: Val, e: Attr, new: Val) {
        self.mapping.insert((vkey(old), akey(e)), new);
        self.mapped.insert(vkey(old), e);
    }

    pub fn get_remat(&self, v: Val, e: Attr) -> Option<Val> {
        self.mapping.get(&(vkey(v), akey(e))).copied()
    }

    /// Triton's `getConvertBackwardSlice` with reuse of dominating
    /// rematerializations.
    pub fn backward_slice(
        &self,
        root: Operand,
        root_enc: Attr,
        slice: &mut Slice,
        layout: &mut Layouts,
        existing: &mut Existing,
        stop: Stop,
    ) -> Result<(), ()> {
        let mut seen: HashSet<(usize, usize, usize)> = HashSet::new();
        let mut queue: Vec<(Operand, Attr)> = Vec::new();
        let mut enqueue = |queue: &mut Vec<(Operand, Attr)>, o: Operand, e: Attr| {
            if seen.insert((okey(o.0), o.1, akey(e))) {
                queue.push((o, e));
            }
        };
        enqueue(&mut queue, root, root_enc);
        let set_layout = |layout: &mut Layouts, v: Val, e: Attr| -> Result<(), ()> {
            match layout.get(&vkey(v)) {
                Some(&x) if x != e => Err(()),
                _ => {
                    layout.insert(vkey(v), e);
                    Ok(())
                }
            }
        };
        let update = |slice: &mut Slice, layout: &mut Layouts, v: Val, e: Attr| -> Result<(), ()> {
            slice.insert(v);
            set_layout(layout, v, e)
        };
        while let Some(((owner, idx), e)) = queue.pop() {
            let cur = owner.operand(idx);
            if !cur.ty().is_tensor() {
                continue;
            }
            if cur.defining_op().is_some_and(|d| d.name() == "scf.for") {
                return Err(());
            }
            set_layout(layout, cur, e)?;
            // A value already in the target encoding needs no recomputing.
            if enc(cur) == Some(e) {
                continue;
            }
            slice.insert(cur);
            if let Some(r) = self.get_remat(cur, e) {
                if properly_dominates(r, owner) {
                    // Reused as is: its producers need not be visited.
                    existing.entry((vkey(cur), akey(e))).or_insert(Some(r));
                    continue;
                } else {
                    existing.insert((vkey(cur), akey(e)), None);
                }
            }
            if let Some(def) = cur.defining_op() {
                if def.name() == "scf.if" {
                    if stop.is_some_and(|s| s(def)) {
                        continue;
                    }
                    let k = result_number(cur);
                    for r in [0, 1] {
                        let Some(y) = def.entry_block(r).and_then(block_terminator) else { return Err(()) };
                        enqueue(&mut queue, (y, k), e);
                    }
                    continue;
                }
                for res in def.results() {
                    if res.same(cur) || !res.ty().is_tensor() {
                        continue;
                    }
                    update(slice, layout, res, e)?;
                }
                if def.name() == "ttg.convert_layout" && cvt_reorders_registers(def.operand(0).ty(), def.result(0).ty()) {
                    enqueue(&mut queue, (def, 0), e);
                    continue;
                }
                // The producer can give `e` itself with its operands as they
                // are (a broadcast whose source already matches): only it is
                // retyped, its operands are not recomputed.
                if can_fold_into_conversion(def, e) || broadcast_keeps_source(def, e) {
                    continue;
                }
                if stop.is_some_and(|s| s(def)) {
                    continue;
                }
                if def.name() == "tt.cat" {
                    return Err(());
                }
                if def.name() == "tt.gather" {
                    let Some(src) = infer_src(def, e) else { return Err(()) };
                    enqueue(&mut queue, (def, 1), src);
                    continue;
                }
                for i in 0..def.num_operands() {
                    let Some(src) = infer_src(def, e) else { return Err(()) };
                    enqueue(&mut queue, (def, i), src);
                }
                continue;
            }
            let parent = arg_parent_op(cur);
            match parent {
                Some(f) if f.name() == "scf.for" => {
                    let n = arg_number(cur);
                    if n == 0 {
                        return Err(());
                    }
                    enqueue(&mut queue, (f, 3 + n - 1), e);
                    let Some(y) = f.entry_block(0).and_then(block_terminator) else { return Err(()) };
                    enqueue(&mut queue, (y, n - 1), e);
                }
                _ => return Err(()),
            }
        }
        Ok(())
    }

    /// A backward slice whose every producer can be recomputed; the inputs
    /// are only updated on success.
    pub fn remat_slice(
        &self,
        root: Operand,
        root_enc: Attr,
        slice: &mut Slice,
        layout: &mut Layouts,
        existing: &mut Existing,
        stop: Stop,
    ) -> Result<(), ()> {
        let mut s = slice.clone();
        let mut l = layout.clone();
        let mut x = existing.clone();
        self.backward_slice(root, root_enc, &mut s, &mut l, &mut x, stop)?;
        if s.is_empty() {
            return Err(());
        }
        for v in &s.values {
            // A value reused from an existing rematerialization is not
            // recomputed, so its producer need not be rematerializable.
            let reused = l.get(&vkey(*v)).is_some_and(|&e| matches!(x.get(&(vkey(*v), akey(e))), Some(Some(_))));
            if reused {
                continue;
            }
            if let Some(d) = v.defining_op() {
                if !can_be_remat(d) {
                    return Err(());
                }
            }
        }
        *slice = s;
        *layout = l;
        *existing = x;
        Ok(())
    }

    /// One sweep over the conversions of `func`; whether anything changed.
    pub fn backward_rematerialization(&mut self, func: Op) -> bool {
        let mut changed = false;
        let cvts: Vec<Op> = post_order(func).into_iter().filter(|o| o.name() == "ttg.convert_layout").collect();
        for cvt in cvts {
            if self.remat_one(cvt) {
                changed = true;
            } else if let Some(e) = enc(cvt.result(0)) {
                self.add_remat(cvt.operand(0), e, cvt.result(0));
            }
        }
        changed
    }

    fn remat_one(&mut self, cvt: Op) -> bool {
        let Some(target) = enc(cvt.result(0)) else { return false };
        // Conversions to a dot operand are left alone (Triton's heuristic for
        // fused attention): neither rematerialized nor replaced by an equal
        // conversion, so Q's conversion feeding two loops stays one per loop.
        if is_dot_operand(target) {
            return false;
        }
        let src = cvt.operand(0);
        if let Some(n) = self.get_remat(src, target) {
            if properly_dominates(n, cvt) {
                replace_all_uses(cvt.result(0), n);
                unsafe { mlirOperationDestroy(cvt.0) };
                return true;
            }
        }
        let mut slice = Slice::default();
        let mut layout = Layouts::new();
        let mut existing = Existing::new();
        if self.remat_slice((cvt, 0), target, &mut slice, &mut layout, &mut existing, None).is_err() {
            return false;
        }
        if !self.is_beneficial(cvt, &slice, &layout, &existing, 0) {
            return false;
        }
        self.rewrite_slice(&mut slice, &layout, &existing, cvt, &mut HashMap::new());
        true
    }

    /// Triton's `isRematBeneficial` cost model. An op of the slice costs its
    /// bytes in the layout it is recomputed in (`layout`): in full when its
    /// old result stays alive (used outside the slice), else only for the
    /// data the new layout holds more per thread than the old one. A value
    /// the rewrite takes from an existing rematerialization (`existing`) is
    /// not recomputed, so its producer costs nothing, however many other
    /// users it has.
    pub fn is_beneficial(
        &self,
        cvt: Op,
        slice: &Slice,
        layout: &Layouts,
        existing: &Existing,
        new_cvt_cost: i64,
    ) -> bool {
        let mut slice_ops: Vec<Op> = Vec::new();
        let mut slice_op_keys: HashSet<usize> = HashSet::new();
        for v in &slice.values {
            if let Some(d) = v.defining_op() {
                if slice_op_keys.insert(okey(d)) {
                    slice_ops.push(d);
                }
            }
        }
        let mut outside = Slice::default();
        for &v in &slice.values {
            for (user, _) in v.uses() {
                if user.same(cvt) || slice_op_keys.contains(&okey(user)) {
                    continue;
                }
                outside.insert(v);
                break;
            }
        }
        let mut i = 0;
        while i < outside.len() {
            let v = outside.values[i];
            if let Some(d) = v.defining_op() {
                for o in d.operands() {
                    if slice.contains(o) {
                        outside.insert(o);
                    }
                }
            }
            i += 1;
        }
        if self.no_split && !outside.is_empty() {
            return false;
        }
        let src = cvt.operand(0);
        let Some(target) = enc(cvt.result(0)) else { return false };
        let cvt_cost = convert_cost(src, target);
        let mut cost = new_cvt_cost;
        let reused = |v: Val| {
            layout.get(&vkey(v)).is_some_and(|&e| matches!(existing.get(&(vkey(v), akey(e))), Some(Some(_))))
        };
        for &op in &slice_ops {
            if op.results().iter().all(|&r| !slice.contains(r) || reused(r)) {
                continue;
            }
            let used_outside = op.results().iter().any(|&r| outside.contains(r));
            let name = op.name();
            let multiplier = if name == "arith.constant" {
                continue;
            } else if name == "tt.load" || name == "ttg.local_load" {
                8
            } else if name.starts_with("arith.") || name.starts_with("math.") {
                if is_expensive_math(name) {
                    8
                } else {
                    1
                }
            } else {
                if name == "tt.reduce" && used_outside {
                    // A reduction used outside the slice would be computed twice.
                    cost += byte_count(op.operand(0), 0, 0);
                }
                continue;
            };
            for r in op.results() {
                let old = multiplier * byte_count(r, 0, 0);
                let new = layout.get(&vkey(r)).map_or(old, |&e| scaled_to_layout(r, e, old));
                if used_outside {
                    cost += new;
                } else if new > old {
                    cost += new - old;
                }
            }
        }
        cvt_cost >= cost
    }

    fn update_mapping(&mut self, replacements: &[(Val, Val)]) {
        for &(old, new) in replacements {
            let Some(e) = self.mapped.remove(&vkey(old)) else { continue };
            let Some(mut replaced) = self.mapping.remove(&(vkey(old), akey(e))) else { continue };
            for &(b, a) in replacements {
                if b.same(replaced) {
                    replaced = a;
                    break;
                }
            }
            self.mapping.insert((vkey(new), akey(e)), replaced);
            self.mapped.insert(vkey(new), e);
        }
    }

    /// Triton's `rewriteSlice`: recomputes `slice` with `layout` and replaces
    /// `cvt` by the recomputed source.
    pub fn rewrite_slice(
        &mut self,
        slice: &mut Slice,
        layout: &Layouts,
        existing: &Existing,
        cvt: Op,
        mapping: &mut HashMap<usize, Val>,
    ) {
        let mut ops: Vec<Op> = Vec::new();
        let mut op_keys: HashSet<usize> = HashSet::new();
        let mut add = |ops: &mut Vec<Op>, o: Op| {
            if op_keys.insert(okey(o)) {
                ops.push(o);
            }
        };
        let mut yield_operands: HashMap<usize, Vec<usize>> = HashMap::new();
        let mut reused: Vec<Val> = Vec::new();
        for &v in &slice.values {
            let Some(&e) = layout.get(&vkey(v)) else { continue };
            if let Some(Some(r)) = existing.get(&(vkey(v), akey(e))) {
                mapping.insert(vkey(v), *r);
                reused.push(v);
                continue;
            }
            if let Some(d) = v.defining_op() {
                add(&mut ops, d);
                if d.name() == "scf.if" {
                    let k = result_number(v);
                    for r in [0, 1] {
                        if let Some(y) = d.entry_block(r).and_then(block_terminator) {
                            add(&mut ops, y);
                            yield_operands.entry(okey(y)).or_default().push(k);
                        }
                    }
                }
            } else if let Some(f) = arg_parent_op(v) {
                if f.name() == "scf.for" {
                    add(&mut ops, f);
                    if let Some(y) = f.entry_block(0).and_then(block_terminator) {
                        yield_operands.entry(okey(y)).or_default().push(arg_number(v) - 1);
                        add(&mut ops, y);
                    }
                }
            }
        }
        for v in reused {
            slice.remove(v);
        }
        sort_in_program_order(&mut ops);

        let mut replacements: Vec<(Val, Val)> = Vec::new();
        let mut dead: Vec<Op> = Vec::new();
        let lookup = |mapping: &HashMap<usize, Val>, v: Val| mapping.get(&vkey(v)).copied().unwrap_or(v);
        for op in ops {
            match op.name() {
                "scf.for" => {
                    let Some(body) = op.entry_block(0) else { continue };
                    let args = block_arguments(body);
                    let n_init = op.num_operands() - 3;
                    let mut arg_map: Vec<(usize, usize)> = Vec::new();
                    let mut new_inits: Vec<Val> = Vec::new();
                    for (k, &a) in args.iter().enumerate().skip(1) {
                        if slice.contains(a) {
                            arg_map.push((k - 1, n_init + new_inits.len()));
                            new_inits.push(lookup(mapping, op.operand(3 + k - 1)));
                        }
                    }
                    let new_for = replace_for_with_new_signature(op, &new_inits, &mut replacements);
                    dead.push(op);
                    let nargs = block_arguments(body);
                    for (a, b) in arg_map {
                        mapping.insert(vkey(op.result(a)), new_for.result(b));
                        mapping.insert(vkey(nargs[a + 1]), nargs[b + 1]);
                        let old_arg = nargs[a + 1];
                        if let Some(&e) = layout.get(&vkey(old_arg)) {
                            self.add_remat(new_for.result(a), e, new_for.result(b));
                            self.add_remat(old_arg, e, nargs[b + 1]);
                        }
                    }
                }
                "scf.if" => {
                    let mut types: Vec<Ty> = Vec::new();
                    for r in op.results() {
                        if slice.contains(r) {
                            let Some(&e) = layout.get(&vkey(r)) else { continue };
                            types.push(r.ty().with_encoding(Some(e)));
                        }
                    }
                    let new_if = replace_if_with_new_signature(op, &types, &mut replacements);
                    let mut ni = op.num_results();
                    for r in op.results() {
                        if slice.contains(r) {
                            mapping.insert(vkey(r), new_if.result(ni));
                            if let Some(&e) = layout.get(&vkey(r)) {
                                self.add_remat(r, e, new_if.result(ni));
                            }
                            ni += 1;
                        }
                    }
                    dead.push(op);
                }
                "scf.yield" => {
                    let mut operands = op.operands();
                    let mut idxs = yield_operands.get(&okey(op)).cloned().unwrap_or_default();
                    idxs.sort();
                    for i in idxs {
                        operands.push(lookup(mapping, op.operand(i)));
                    }
                    let y = Rewriter::build(op.location(), "scf.yield", &operands, &[], &[], 0);
                    insert_before(op, y);
                    unsafe { mlirOperationDestroy(op.0) };
                }
                "arith.constant" => {
                    let res = op.result(0);
                    let Some(&e) = layout.get(&vkey(res)) else { continue };
                    let clone = Op(unsafe { mlirOperationClone(op.0) });
                    insert_before(op, clone);
                    let ty = res.ty().with_encoding(Some(e));
                    let c = Rewriter::build(op.location(), "ttg.convert_layout", &[clone.result(0)], &[ty], &[], 0);
                    insert_before(op, c);
                    mapping.insert(vkey(res), c.result(0));
                    self.add_remat(res, e, c.result(0));
                }
                _ => {
                    let clone = clone_with_mapping(op, mapping);
                    insert_before(op, clone);
                    for (old, new) in op.results().into_iter().zip(clone.results()) {
                        mapping.insert(vkey(old), new);
                        let Some(&e) = layout.get(&vkey(old)) else { continue };
                        new.set_type(old.ty().with_encoding(Some(e)));
                        self.add_remat(old, e, new);
                    }
                }
            }
        }
        let src = cvt.operand(0);
        replace_all_uses(cvt.result(0), lookup(mapping, src));
        self.update_mapping(&replacements);
        for &(old, new) in &replacements {
            replace_all_uses(old, new);
        }
        unsafe { mlirOperationDestroy(cvt.0) };
        for d in dead {
            unsafe { mlirOperationDestroy(d.0) };
        }
    }
}

/// `cost`, a cost proportional to the registers `v` takes in its own
/// encoding, scaled to the registers it takes in encoding `e` (elements per
/// thread, broadcast copies included).
fn scaled_to_layout(v: Val, e: Attr, cost: i64) -> i64 {
    let shape = v.ty().shape_or_scalar();
    let per_thread = |a: Attr| -> Option<i64> {
        let ll = to_linear_layout(&model(a)?, &shape).ok()?;
        let regs = ll.bases().iter().find(|(n, _)| n == "register").map_or(0, |(_, b)| b.len());
        Some(1i64 << regs)
    };
    match (enc(v).and_then(per_thread), per_thread(e)) {
        (Some(old), Some(new)) if old > 0 => cost * new / old,
        _ => cost,
    }
}

fn is_expensive_math(name: &str) -> bool {
    matches!(
        name,
        "arith.divf"
            | "math.erfc"
            | "math.sinh"
            | "math.cosh"
            | "math.tanh"
            | "math.asinh"
            | "math.acosh"
            | "math.atanh"
            | "math.ctpop"
            | "math.ctlz"
            | "math.cttz"
            | "math.exp"
            | "math.exp2"
            | "math.expm1"
            | "math.log"
            | "math.log2"
            | "math.log10"
            | "math.log1p"
            | "math.sin"
            | "math.cos"
            | "math.tan"
            | "math.asin"
            | "math.acos"
            | "math.atan"
            | "math.atan2"
            | "math.powf"
            | "math.sqrt"
            | "math.rsqrt"
            | "math.erf"
            | "math.cbrt"
    )
}

/// Triton's `getConvertCost`: zero for a register permutation, else a
/// shared-memory round trip of the (floored) byte size.
pub fn convert_cost(src: Val, target: Attr) -> i64 {
    let dst = src.ty().with_encoding(Some(target));
    if cvt_reorders_registers(src.ty(), dst) {
        return 0;
    }
    32 * byte_count(src, 32, 32)
}

/// Replaces every use of `from` by `to`.
pub fn replace_all_uses(from: Val, to: Val) {
    if !from.same(to) {
        unsafe { mlirValueReplaceAllUsesOfWith(from.0, to.0) }
    }
}

/// Inserts the detached `op` just before `anchor`.
pub fn insert_before(anchor: Op, op: Op) {
    if let Some(block) = anchor.block() {
        unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) }
    }
}

/// Clones `op` (regions included) with operands remapped through `mapping`.
pub fn clone_with_mapping(op: Op, mapping: &HashMap<usize, Val>) -> Op {
    let clone = Op(unsafe { mlirOperationClone(op.0) });
    for (i, v) in clone.operands().into_iter().enumerate() {
        if let Some(&n) = mapping.get(&vkey(v)) {
            clone.set_operand(i, n);
        }
    }
    for nested in clone.nested_ops() {
        for (i, v) in nested.operands().into_iter().enumerate() {
            if let Some(&n) = mapping.get(&vkey(v)) {
                nested.set_operand(i, n);
            }
        }
    }
    clone
}

/// Sorts ops by their position in a pre-order walk of the IR.
///
/// Each op is compared through its chain of ancestors: below their deepest
/// common ancestor two ops sit in the same block (ordered by MLIR's cached
/// in-block order) or in different regions of one op (ordered by region).
/// This costs the depth of the nesting per comparison, where numbering a
/// walk of the whole module cost its size on every rewritten slice.
fn sort_in_program_order(ops: &mut [Op]) {
    if ops.len() < 2 {
        return;
    }
    let mut keyed: Vec<(Vec<Op>, Op)> = ops.iter().map(|&o| (ancestry(o), o)).collect();
    keyed.sort_by(|(a, _), (b, _)| compare_ancestries(a, b));
    for (slot, (_, o)) in ops.iter_mut().zip(keyed) {
        *slot = o;
    }
}

/// `op` and its ancestors, outermost first.
fn ancestry(op: Op) -> Vec<Op> {
    let mut chain = vec![op];
    let mut current = op;
    while let Some(p) = current.parent() {
        chain.push(p);
        current = p;
    }
    chain.reverse();
    chain
}

/// Pre-order comparison of two ops given by their ancestries; ops of
/// different trees compare equal (the sort is stable).
fn compare_ancestries(a: &[Op], b: &[Op]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    if a.is_empty() || b.is_empty() || !a[0].same(b[0]) {
        return Ordering::Equal;
    }
    let common = a.iter().zip(b).take_while(|(x, y)| x.same(**y)).count();
    match (a.get(common), b.get(common)) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(&x), Some(&y)) => {
            let (bx, by) = (x.block(), y.block());
            if let (Some(bx), Some(by)) = (bx, by) {
                if unsafe { mlirBlockEqual(bx, by) } {
                    return if unsafe { mlirOperationIsBeforeInBlock(x.0, y.0) } { Ordering::Less } else { Ordering::Greater };
                }
            }
            let parent = a[common - 1];
            let place = |block: Option<MlirBlock>| -> (usize, usize) {
                let Some(block) = block else { return (usize::MAX, usize::MAX) };
                let region = unsafe { mlirBlockGetParentRegion(block) };
                let r = (0..parent.num_regions()).find(|&r| unsafe { mlirRegionEqual(parent.region(r), region) });
                let k = region_blocks(region).iter().position(|b| unsafe { mlirBlockEqual(*b, block) });
                (r.unwrap_or(usize::MAX), k.unwrap_or(usize::MAX))
            };
            place(bx).cmp(&place(by))
        }
    }
}

/// Triton's `replaceForOpWithNewSignature`: a new `scf.for` before `for_op`
/// with `extra` init values appended and the body moved over; the old
/// results' replacements are recorded.
pub fn replace_for_with_new_signature(for_op: Op, extra: &[Val], replacements: &mut Vec<(Val, Val)>) -> Op {
    let mut operands = for_op.operands();
    operands.extend_from_slice(extra);
    let mut types: Vec<Ty> = for_op.results().iter().map(|r| r.ty()).collect();
    types.extend(extra.iter().map(|v| v.ty()));
    let new_for = Rewriter::build(for_op.location(), "scf.for", &operands, &types, &[], 1);
    for (n, a) in for_op.attributes() {
        new_for.set_attr(n, a);
    }
    insert_before(for_op, new_for);
    unsafe {
        mlirRegionTakeBody(new_for.region(0), for_op.region(0));
        if let Some(body) = new_for.entry_block(0) {
            for v in extra {
                mlirBlockAddArgument(body, v.ty().0, value_loc(*v));
            }
        }
    }
    for k in 0..for_op.num_results() {
        replacements.push((for_op.result(k), new_for.result(k)));
    }
    new_for
}

/// Triton's `replaceIfOpWithNewSignature`.
pub fn replace_if_with_new_signature(if_op: Op, extra: &[Ty], replacements: &mut Vec<(Val, Val)>) -> Op {
    let mut types: Vec<Ty> = if_op.results().iter().map(|r| r.ty()).collect();
    types.extend_from_slice(extra);
    let new_if = Rewriter::build(if_op.location(), "scf.if", &[if_op.operand(0)], &types, &[], 2);
    for (n, a) in if_op.attributes() {
        new_if.set_attr(n, a);
    }
    insert_before(if_op, new_if);
    unsafe {
        mlirRegionTakeBody(new_if.region(0), if_op.region(0));
        mlirRegionTakeBody(new_if.region(1), if_op.region(1));
    }
    for k in 0..if_op.num_results() {
        replacements.push((if_op.result(k), new_if.result(k)));
    }
    new_if
}
