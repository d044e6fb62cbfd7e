//! `tritongpu-fuse-nested-loops`: Triton 3.9's loop-nest fusion. A loop nest
//! whose outer `scf.for` carries `tt.flatten` (`tl.range(..., flatten=True)`)
//! and holds exactly one inner `scf.for`, or any nest whose outer loop carries
//! `ttg.always-fuse` (a testing hook), becomes one `scf.for` over the combined
//! iteration space, so that the pipeliner sees a single loop (a persistent
//! matmul's tile loop and K loop become one pipelined loop).
//!
//! **Finding nests.** Per `tt.func` of the module, a pre-order walk takes the
//! first `scf.for` it meets as a nest root; the loops directly in a nest
//! loop's body are its children (recursively). An op with regions other than
//! a loop starts new, independent nests inside it (it divides the analysis:
//! loops under an `scf.if` are not children). Nests found inside a nest come
//! before it.
//!
//! **Preprocessing** (`tt.flatten` nests only; a failure leaves the nest
//! unfused, though the first two steps stay applied):
//! 1. MLIR's loop-invariant code motion on the outer loop (speculatable,
//!    memory-effect-free ops whose operands are all defined outside move out).
//! 2. Pure ops (not dots) before the inner loop whose every user lies after
//!    the inner loop (or is itself sunk) move to just after the inner loop,
//!    in program order.
//! 3. The inner loop is made to run at least once: when an `arith.cmpi`
//!    `ub > lb` (or `lb < ub`) of its bounds feeds an `llvm.intr.assume`, it
//!    is only marked `ttg.must-execute`. Otherwise its bounds must be made
//!    outer-loop invariant (their scalar, memory-effect-free or read-only
//!    defining ops hoisted before the outer loop, in program order), it is
//!    marked, and the nest is versioned on `lb >= ub` (`uge` for unsigned
//!    loops): the `then` branch holds a clone of the nest without the inner
//!    loop (its results replaced by its inits, `tt.warp_specialize` dropped),
//!    the `else` branch the nest itself.
//!
//! **Fusing one level** (children first, then the parent; see
//! [`fuse_one_level`]): with `T` the position inside one outer iteration, the
//! inner lengths `len_k = ceildiv(ub_k - lb_k, step_k)`, and
//! `inner_len = sum(max(1, len_k)) - N` (N + 1 inner loops, consecutive ones
//! sharing one iteration), the fused loop runs `len_outer * inner_len`
//! iterations (the total is carried through a copy of the outer loop, which
//! also adds the lengths of inner loops whose bounds depend on the outer
//! induction variable). Each iteration runs, guarded by `scf.if`: the k-th
//! prologue when `T` reaches the start of inner loop k (the first prologue
//! also advances the outer induction variable and recomputes variant
//! lengths), the k-th body while `T` is inside loop k (unguarded, `true`, when
//! the loop is `ttg.must-execute`), the epilogue when `T == inner_len - 1`;
//! then `T` wraps. Values crossing these regions become iteration arguments
//! (zero constants or `ub.poison` when not yet defined); inner-loop inits
//! defined outside the fused loop are reset in the epilogue instead of the
//! prologue. The fused loop carries `tt.warp_specialize` and
//! `tt.disallow_acc_multi_buffer` when any fused loop had them, and
//! `tt.num_stages` (i32) when any had it: the outer loop's value (1 if
//! absent) raised to the largest inner one.
//!
//! Ops are created in Triton's order (nothing is folded), so the output is
//! Triton's, byte for byte.
use std::collections::{HashMap, HashSet, VecDeque};

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services;

use crate::pipeliner::{append_block, clone_mapped, is_dot, key, vkey, InsertPoint};

/// The pass.
pub struct FuseNestedLoops;

const FLATTEN: &str = "tt.flatten";
const MUST_EXECUTE: &str = "ttg.must-execute";
const ALWAYS_FUSE: &str = "ttg.always-fuse";
const WARP_SPECIALIZE: &str = "tt.warp_specialize";
const DISALLOW_ACC_MULTI_BUFFER: &str = "tt.disallow_acc_multi_buffer";
const NUM_STAGES: &str = "tt.num_stages";

// arith.cmpi predicates.
const EQ: i64 = 0;
const SLT: i64 = 2;
const SGT: i64 = 4;
const SGE: i64 = 5;
const ULT: i64 = 6;
const UGT: i64 = 8;
const UGE: i64 = 9;

impl Pass for FuseNestedLoops {
    fn argument(&self) -> &'static str {
        "tritongpu-fuse-nested-loops"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        let funcs: Vec<Op> = (0..op.num_regions())
            .flat_map(|r| region_blocks(op.region(r)))
            .flat_map(block_ops)
            .filter(|o| o.name() == "tt.func")
            .collect();
        for func in funcs {
            let mut nests = Vec::new();
            find_loop_nests(func, &mut nests);
            for mut nest in nests {
                if !should_fuse(&nest) {
                    continue;
                }
                let root = nest.nodes[0].lp;
                if root.attr(ALWAYS_FUSE).is_none() && !preprocess(&mut nest) {
                    continue;
                }
                if let Err(message) = flatten(&mut nest, 0) {
                    emit_error(root, &format!("tritongpu-fuse-nested-loops: {message}"));
                    return Err(());
                }
            }
        }
        Ok(())
    }
}

// ----- loop nests -----

struct Node {
    lp: Op,
    children: Vec<usize>,
}

/// A tree of loops; node 0 is the outermost loop.
struct Nest {
    nodes: Vec<Node>,
}

fn child_ops(op: Op) -> Vec<Op> {
    (0..op.num_regions()).flat_map(|r| region_blocks(op.region(r))).flat_map(block_ops).collect()
}

/// Every loop nest under `container` (not `container` itself), inner nests
/// before the nests that contain them.
fn find_loop_nests(container: Op, nests: &mut Vec<Nest>) {
    for child in child_ops(container) {
        if child.name() == "scf.for" {
            let mut nest = Nest { nodes: vec![Node { lp: child, children: Vec::new() }] };
            construct_nest(&mut nest, 0, nests);
            nests.push(nest);
        } else {
            find_loop_nests(child, nests);
        }
    }
}

fn construct_nest(nest: &mut Nest, parent: usize, nests: &mut Vec<Nest>) {
    for child in child_ops(nest.nodes[parent].lp) {
        if child.name() == "scf.for" {
            nest.nodes.push(Node { lp: child, children: Vec::new() });
            let index = nest.nodes.len() - 1;
            nest.nodes[parent].children.push(index);
            construct_nest(nest, index, nests);
        } else if child.num_regions() > 0 {
            find_loop_nests(child, nests);
        }
    }
}

fn should_fuse(nest: &Nest) -> bool {
    let root = &nest.nodes[0];
    if root.lp.attr(ALWAYS_FUSE).is_some() {
        return true;
    }
    nest.nodes.len() == 2 && root.children.len() == 1 && root.lp.attr(FLATTEN).is_some()
}

fn flatten(nest: &mut Nest, node: usize) -> Result<(), String> {
    for child in nest.nodes[node].children.clone() {
        flatten(nest, child)?;
    }
    fuse_one_level(nest, node)
}

// ----- small IR helpers -----

fn region_of_block(block: MlirBlock) -> MlirRegion {
    unsafe { mlirBlockGetParentRegion(block) }
}

fn same_region(a: MlirRegion, b: MlirRegion) -> bool {
    unsafe { mlirRegionEqual(a, b) }
}

fn same_block(a: MlirBlock, b: MlirBlock) -> bool {
    unsafe { mlirBlockEqual(a, b) }
}

/// `op` or its ancestor whose block lies in `region`.
fn ancestor_in_region(op: Op, region: MlirRegion) -> Option<Op> {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if o.block().is_some_and(|b| same_region(region_of_block(b), region)) {
            return Some(o);
        }
        cur = o.parent();
    }
    None
}

/// Whether `op` lies (at any depth) in `region`.
fn in_region(op: Op, region: MlirRegion) -> bool {
    ancestor_in_region(op, region).is_some()
}

/// The block holding a value's definition.
fn value_block(v: Val) -> Option<MlirBlock> {
    match v.defining_op() {
        Some(def) => def.block(),
        None => v.owner_block(),
    }
}

/// The region holding a value's definition.
fn value_region(v: Val) -> Option<MlirRegion> {
    value_block(v).map(region_of_block)
}

/// Whether block `a` dominates block `b` (both in regions of single-block
/// structured ops, or in the entry block of a function).
fn block_dominates(a: MlirBlock, b: MlirBlock) -> bool {
    if same_block(a, b) {
        return true;
    }
    let region = region_of_block(a);
    let owner = unsafe { mlirBlockGetParentOperation(b) };
    if owner.ptr.is_null() {
        return false;
    }
    match ancestor_in_region(Op(owner), region).and_then(|o| o.block()) {
        Some(ancestor) if same_block(ancestor, a) => true,
        Some(_) => region_blocks(region).first().is_some_and(|entry| same_block(*entry, a)),
        None => false,
    }
}

/// MLIR's `DominanceInfo::properlyDominates(a, b, enclosingOpOk)` for SSA
/// regions.
fn properly_dominates_op(a: Op, b: Op, enclosing_ok: bool) -> bool {
    if a.same(b) {
        return false;
    }
    let Some(a_block) = a.block() else { return false };
    let Some(b_block) = b.block() else { return false };
    let a_region = region_of_block(a_block);
    let mut b = b;
    if !same_region(a_region, region_of_block(b_block)) {
        let Some(ancestor) = ancestor_in_region(b, a_region) else { return false };
        if ancestor.same(a) {
            return enclosing_ok;
        }
        b = ancestor;
    }
    let Some(b_block) = b.block() else { return false };
    if same_block(a_block, b_block) {
        return unsafe { mlirOperationIsBeforeInBlock(a.0, b.0) };
    }
    region_blocks(a_region).first().is_some_and(|entry| same_block(*entry, a_block))
}

/// MLIR's `DominanceInfo::properlyDominates(Value, Operation *)`.
fn properly_dominates_value(v: Val, b: Op) -> bool {
    match v.defining_op() {
        Some(def) => properly_dominates_op(def, b, false),
        None => match (v.owner_block(), b.block()) {
            (Some(owner), Some(b_block)) => block_dominates(owner, b_block),
            _ => false,
        },
    }
}

/// An insertion point plus the location of the ops built there.
#[derive(Clone, Copy)]
struct Builder {
    at: InsertPoint,
    loc: MlirLocation,
}

impl Builder {
    fn create(&self, name: &str, operands: &[Val], results: &[Ty], attrs: &[(&str, Attr)]) -> Op {
        self.at.create(self.loc, name, operands, results, attrs)
    }
    fn create_regions(&self, name: &str, operands: &[Val], results: &[Ty], regions: usize) -> Op {
        self.at.insert(Rewriter::build(self.loc, name, operands, results, &[], regions))
    }
    fn value(&self, name: &str, operands: &[Val], ty: Ty) -> Val {
        self.create(name, operands, &[ty], &[]).result(0)
    }
    fn binary(&self, name: &str, a: Val, b: Val) -> Val {
        self.value(name, &[a, b], a.ty())
    }
    fn cmpi(&self, predicate: i64, a: Val, b: Val) -> Val {
        let ctx = a.ty().context();
        let pred = Attr::integer(Ty::int(ctx, 64), predicate);
        self.create("arith.cmpi", &[a, b], &[Ty::i1(ctx)], &[("predicate", pred)]).result(0)
    }
    fn constant(&self, value: Attr, ty: Ty) -> Val {
        self.create("arith.constant", &[], &[ty], &[("value", value)]).result(0)
    }
    fn int(&self, ty: Ty, value: i64) -> Val {
        self.constant(Attr::integer(ty, value), ty)
    }
    fn yield_(&self, values: &[Val]) -> Op {
        self.create("scf.yield", values, &[], &[])
    }
}

fn is_index(ty: Ty) -> bool {
    unsafe { mlirTypeIsAIndex(ty.0) }
}

fn is_int_or_index_or_float(ty: Ty) -> bool {
    ty.is_integer() || is_index(ty) || ty.is_float()
}

/// The bit width used for length computations (index counts as 64).
fn int_type_width(ty: Ty) -> u32 {
    if is_index(ty) {
        64
    } else {
        ty.bit_width()
    }
}

/// `ceildiv(ub - lb, step)`.
fn num_iters(b: &Builder, lb: Val, ub: Val, step: Val) -> Val {
    let diff = b.binary("arith.subi", ub, lb);
    b.binary("arith.ceildivsi", diff, step)
}

fn cast_int(b: &Builder, value: Val, ty: Ty) -> Val {
    let from = value.ty();
    if from == ty {
        return value;
    }
    if is_index(from) || is_index(ty) {
        return b.value("arith.index_cast", &[value], ty);
    }
    if from.bit_width() > ty.bit_width() {
        b.value("arith.trunci", &[value], ty)
    } else {
        b.value("arith.extsi", &[value], ty)
    }
}

/// A zero of `ty` (scalar or splat tensor of an integer/index/float type), or
/// `ub.poison` for any other type.
fn poison_or_zero(b: &Builder, ty: Ty) -> Val {
    let element = if ty.is_tensor() { ty.element() } else { ty };
    let shaped_non_tensor = unsafe { mlirTypeIsAShaped(ty.0) } && !ty.is_tensor();
    if !is_int_or_index_or_float(element) || shaped_non_tensor {
        return b.value("ub.poison", &[], ty);
    }
    let scalar = if element.is_float() {
        Attr(unsafe { mlirFloatAttrDoubleGet(ty.context(), element.0, 0.0) })
    } else {
        Attr::integer(element, 0)
    };
    let value = if ty.is_tensor() { Attr::splat(ty, scalar) } else { scalar };
    b.constant(value, ty)
}

fn unit_attr(op: Op) -> Attr {
    Attr(unsafe { mlirUnitAttrGet(op.context()) })
}

fn body_block(lp: Op) -> Result<MlirBlock, String> {
    lp.entry_block(0).ok_or_else(|| format!("'{}' without a body", lp.name()))
}

fn terminator(block: MlirBlock) -> Result<Op, String> {
    block_terminator(block).ok_or_else(|| "a block without terminator".to_string())
}

fn inits(lp: Op) -> Vec<Val> {
    lp.operands().into_iter().skip(3).collect()
}

fn replace_all_uses(from: Val, to: Val) {
    unsafe { mlirValueReplaceAllUsesOfWith(from.0, to.0) }
}

/// Replaces the uses of `from` whose owner satisfies `replace` by `to`.
fn replace_uses_if(from: Val, to: Val, replace: impl Fn(Op) -> bool) {
    for (owner, index) in from.uses() {
        if replace(owner) {
            owner.set_operand(index, to);
        }
    }
}

/// Erases `op` after checking that nothing uses its results.
fn erase(op: Op) -> Result<(), String> {
    if op.results().iter().any(|r| !r.uses().is_empty()) {
        return Err(format!("internal error: '{}' still used when erased", op.name()));
    }
    unsafe { mlirOperationDestroy(op.0) };
    Ok(())
}

/// Detaches `op` and appends it to `block`.
fn move_to_end(op: Op, block: MlirBlock) {
    unsafe {
        mlirOperationRemoveFromParent(op.0);
        mlirBlockAppendOwnedOperation(block, op.0);
    }
}

/// A key ordering ops in a pre-order walk of the IR.
fn program_order_key(op: Op) -> Vec<usize> {
    let mut key = Vec::new();
    let mut cur = Some(op);
    while let Some(o) = cur {
        let Some(block) = o.block() else { break };
        let index = block_ops(block).iter().position(|x| x.same(o)).unwrap_or(0);
        key.push(index);
        let region = region_of_block(block);
        let block_index = region_blocks(region).iter().position(|b| same_block(*b, block)).unwrap_or(0);
        key.push(block_index);
        let parent = o.parent();
        if let Some(p) = parent {
            let region_index = (0..p.num_regions()).position(|r| same_region(p.region(r), region)).unwrap_or(0);
            key.push(region_index);
        }
        cur = parent;
    }
    key.reverse();
    key
}

/// MLIR's `topologicalSort` of a set of ops: IR (pre-order) order.
fn program_order(ops: &[Op]) -> Vec<Op> {
    let mut keyed: Vec<(Vec<usize>, Op)> = ops.iter().map(|o| (program_order_key(*o), *o)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    keyed.into_iter().map(|(_, o)| o).collect()
}

/// Moves `ops` (in IR order) just before `anchor`.
fn hoist_before(ops: &[Op], anchor: Op) {
    for op in program_order(ops) {
        unsafe { mlirOperationMoveBefore(op.0, anchor.0) };
    }
}

/// An insertion-ordered set of ops.
#[derive(Default)]
struct OpSet {
    ops: Vec<Op>,
    keys: HashSet<usize>,
}

impl OpSet {
    fn insert(&mut self, op: Op) {
        if self.keys.insert(key(op)) {
            self.ops.push(op);
        }
    }
    fn contains(&self, op: Op) -> bool {
        self.keys.contains(&key(op))
    }
}

// ----- hoisting and sinking -----

/// Triton's `canHoistLoopBoundComputation`: free of memory effects or only
/// reading, with scalar (int, index, float, pointer) operands and results.
fn can_hoist_bound_computation(op: Op) -> bool {
    let scalar = |ty: Ty| is_int_or_index_or_float(ty) || ty.is_ptr();
    let effects_ok = services::is_memory_effect_free(op) || (op.num_regions() == 0 && services::only_reads_memory(op));
    effects_ok && op.operands().iter().all(|v| scalar(v.ty())) && op.results().iter().all(|v| scalar(v.ty()))
}

/// Triton's `getDominatingValueSetOpsToHoist` with `refOp = outer`: whether
/// every value is (or can be made, by hoisting the ops added to `to_hoist`)
/// defined before `outer`; block arguments not dominating `outer` must pass
/// `can_use_arg`.
fn dominating_ops(outer: Op, values: &[Val], can_use_arg: impl Fn(Val) -> bool, to_hoist: &mut OpSet) -> bool {
    let mut visited = OpSet::default();
    let mut queue: VecDeque<Val> = values.iter().copied().collect();
    while let Some(value) = queue.pop_front() {
        if properly_dominates_value(value, outer) {
            continue;
        }
        let Some(op) = value.defining_op() else {
            if !can_use_arg(value) {
                return false;
            }
            continue;
        };
        if visited.contains(op) {
            continue;
        }
        if !can_hoist_bound_computation(op) {
            return false;
        }
        visited.insert(op);
        queue.extend(op.operands());
    }
    for op in visited.ops {
        to_hoist.insert(op);
    }
    true
}

fn is_func_arg(v: Val) -> bool {
    v.owner_block().is_some_and(|b| {
        let owner = unsafe { mlirBlockGetParentOperation(b) };
        !owner.ptr.is_null() && Op(owner).name() == "tt.func"
    })
}

fn bounds(lp: Op) -> [Val; 3] {
    [lp.operand(0), lp.operand(1), lp.operand(2)]
}

/// Whether `value` is defined outside the loop `lp`.
fn defined_outside(value: Val, lp: Op) -> bool {
    let owner = match value.defining_op() {
        Some(def) => def.parent(),
        None => value.owner_block().and_then(|b| {
            let o = unsafe { mlirBlockGetParentOperation(b) };
            (!o.ptr.is_null()).then_some(Op(o))
        }),
    };
    owner.is_some_and(|o| !o.is_within(lp))
}

/// MLIR's `moveLoopInvariantCode` on one `scf.for`.
fn move_loop_invariant_code(lp: Op) {
    let Some(body) = lp.entry_block(0) else { return };
    let region = lp.region(0);
    let mut worklist: VecDeque<Op> = block_ops(body).into_iter().collect();
    while let Some(op) = worklist.pop_front() {
        if !op.block().is_some_and(|b| same_region(region_of_block(b), region)) {
            continue;
        }
        if block_terminator(body).is_some_and(|t| t.same(op)) {
            continue;
        }
        if !(services::is_speculatable(op) && services::is_memory_effect_free(op)) {
            continue;
        }
        let hoistable = std::iter::once(op).chain(op.nested_ops()).all(|child| {
            child.operands().into_iter().all(|v| {
                let inside_op = match v.defining_op() {
                    Some(def) => def.parent().is_some_and(|p| p.is_within(op)),
                    None => v.owner_block().is_some_and(|b| {
                        let o = unsafe { mlirBlockGetParentOperation(b) };
                        !o.ptr.is_null() && Op(o).is_within(op)
                    }),
                };
                inside_op || defined_outside(v, lp)
            })
        });
        if !hoistable {
            continue;
        }
        unsafe { mlirOperationMoveBefore(op.0, lp.0) };
        for result in op.results() {
            for user in result.users() {
                if user.block().is_some_and(|b| same_region(region_of_block(b), region)) {
                    worklist.push_back(user);
                }
            }
        }
    }
}

/// Moves the pure (non-dot) ops before `inner` whose users all come after
/// `inner` (or are moved themselves) to just after `inner`.
fn sink_prologue_into_epilogue(outer: Op, inner: Op) -> Result<(), String> {
    let body = body_block(outer)?;
    let in_epilogue = |op: Op| properly_dominates_op(inner, op, false);
    let prologue: Vec<Op> = block_ops(body).into_iter().take_while(|o| !o.same(inner)).collect();
    let mut sunk = OpSet::default();
    for op in prologue.iter().rev() {
        let pure = services::is_speculatable(*op) && services::is_memory_effect_free(*op);
        if !pure || is_dot(*op) {
            continue;
        }
        let movable = op.results().iter().flat_map(|r| r.users()).all(|user| in_epilogue(user) || sunk.contains(user));
        if movable {
            sunk.insert(*op);
        }
    }
    if sunk.ops.is_empty() {
        return Ok(());
    }
    let anchor = inner.next().ok_or("an inner loop without a following op")?;
    hoist_before(&sunk.ops, anchor);
    Ok(())
}

fn unsigned_cmp(lp: Op) -> bool {
    lp.attr("unsignedCmp").is_some()
}

/// An `arith.cmpi` of the loop bounds saying `ub > lb` that feeds an
/// `llvm.intr.assume`.
fn assumed_positive_trip_count(lp: Op) -> bool {
    let [lb, ub, _] = bounds(lp);
    let (gt, lt) = if unsigned_cmp(lp) { (UGT, ULT) } else { (SGT, SLT) };
    ub.users().into_iter().any(|cmp| {
        if cmp.name() != "arith.cmpi" || !cmp.results().iter().flat_map(|r| r.users()).any(|u| u.name() == "llvm.intr.assume") {
            return false;
        }
        let predicate = cmp.attr("predicate").and_then(|a| a.int());
        let (lhs, rhs) = (cmp.operand(0), cmp.operand(1));
        (predicate == Some(gt) && lhs.same(ub) && rhs.same(lb)) || (predicate == Some(lt) && lhs.same(lb) && rhs.same(ub))
    })
}

/// Makes the inner loop known to run at least once; false when its bounds
/// cannot be made outer-loop invariant.
fn speculate_inner_length(outer: Op, inner: Op) -> Result<bool, String> {
    if assumed_positive_trip_count(inner) {
        inner.set_attr(MUST_EXECUTE, unit_attr(inner));
        return Ok(true);
    }
    let mut to_hoist = OpSet::default();
    if !dominating_ops(outer, &bounds(inner), is_func_arg, &mut to_hoist) {
        return Ok(false);
    }
    hoist_before(&to_hoist.ops, outer);
    inner.set_attr(MUST_EXECUTE, unit_attr(inner));

    let b = Builder { at: InsertPoint::Before(outer), loc: inner.location() };
    let [lb, ub, _] = bounds(inner);
    let empty = b.cmpi(if unsigned_cmp(inner) { UGE } else { SGE }, lb, ub);
    let result_types: Vec<Ty> = outer.results().iter().map(|r| r.ty()).collect();
    let if_op = b.create_regions("scf.if", &[empty], &result_types, 2);

    // `then`: the nest without the inner loop.
    let then_block = append_block(if_op.region(0), &[], b.loc);
    let then_at = Builder { at: InsertPoint::End(then_block), loc: b.loc };
    let mut mapping = HashMap::new();
    let clone = clone_mapped(outer, then_at.at, &mut mapping);
    then_at.yield_(&clone.results());
    let inner_index = block_ops(body_block(outer)?).iter().position(|o| o.same(inner)).ok_or("inner loop not in the outer body")?;
    let cloned_inner = block_ops(body_block(clone)?)[inner_index];
    for (result, init) in cloned_inner.results().into_iter().zip(inits(cloned_inner)) {
        replace_all_uses(result, init);
    }
    erase(cloned_inner)?;
    clone.remove_attr(WARP_SPECIALIZE);

    // `else`: the nest itself.
    for (old, new) in outer.results().into_iter().zip(if_op.results()) {
        replace_all_uses(old, new);
    }
    let else_block = append_block(if_op.region(1), &[], b.loc);
    move_to_end(outer, else_block);
    Builder { at: InsertPoint::End(else_block), loc: b.loc }.yield_(&outer.results());
    Ok(true)
}

/// LICM, sinking and speculation of a two-loop `tt.flatten` nest; false when
/// the nest is not fused.
fn preprocess(nest: &mut Nest) -> bool {
    let (outer, inner) = (nest.nodes[0].lp, nest.nodes[1].lp);
    move_loop_invariant_code(outer);
    // The inner loop must still be directly in the outer loop.
    let Ok(body) = body_block(outer) else { return false };
    if !inner.block().is_some_and(|b| same_block(b, body)) {
        return false;
    }
    if sink_prologue_into_epilogue(outer, inner).is_err() {
        return false;
    }
    speculate_inner_length(outer, inner).unwrap_or(false)
}

// ----- fusion -----

/// A prologue or epilogue: a contiguous range of ops of the outer body, and
/// those of their results used after the range.
struct Logue {
    ops: Vec<Op>,
    outputs: Vec<Val>,
}

impl Logue {
    fn new(ops: Vec<Op>) -> Logue {
        let Some(&last) = ops.last() else { return Logue { ops, outputs: Vec::new() } };
        let outputs = ops
            .iter()
            .flat_map(|o| o.results())
            .filter(|r| r.users().into_iter().any(|u| properly_dominates_op(last, u, true)))
            .collect();
        Logue { ops, outputs }
    }
    fn output_types(&self) -> Vec<Ty> {
        self.outputs.iter().map(|v| v.ty()).collect()
    }
    /// Replaces the uses of the outputs outside `region` by `values`.
    fn replace_outside(&self, values: &[Val], region: MlirRegion) {
        for (output, value) in self.outputs.iter().zip(values) {
            replace_uses_if(*output, *value, |owner| !in_region(owner, region));
        }
    }
}

struct InnerLoop {
    lp: Op,
    /// The ops (depending on the outer induction variable) computing the
    /// bounds; empty when the bounds are outer-loop invariant.
    sliced: Vec<Op>,
}

impl InnerLoop {
    fn invariant(&self) -> bool {
        self.sliced.is_empty()
    }
}

/// Rebuilds `if_op` without the results flagged in `remove`, whose uses take
/// `replace_with` (in order).
fn erase_if_results(if_op: Op, remove: &[bool], replace_with: &[Val]) -> Result<Op, String> {
    let then_yield = terminator(if_op.entry_block(0).ok_or("scf.if without then block")?)?;
    let else_yield = terminator(if_op.entry_block(1).ok_or("scf.if without else block")?)?;
    let keep = |vals: Vec<Val>| -> Vec<Val> {
        vals.into_iter().enumerate().filter(|(i, _)| !remove.get(*i).copied().unwrap_or(false)).map(|(_, v)| v).collect()
    };
    then_yield.set_operands(&keep(then_yield.operands()));
    else_yield.set_operands(&keep(else_yield.operands()));
    let types: Vec<Ty> = then_yield.operands().iter().map(|v| v.ty()).collect();
    let b = Builder { at: InsertPoint::Before(if_op), loc: if_op.location() };
    let new_if = b.create_regions("scf.if", &[if_op.operand(0)], &types, 2);
    unsafe {
        mlirRegionTakeBody(new_if.region(0), if_op.region(0));
        mlirRegionTakeBody(new_if.region(1), if_op.region(1));
    }
    let mut replacement = replace_with.iter();
    let mut kept = new_if.results().into_iter();
    for (i, old) in if_op.results().into_iter().enumerate() {
        let new = if remove.get(i).copied().unwrap_or(false) { replacement.next().copied() } else { kept.next() };
        let new = new.ok_or("internal error: scf.if result mismatch")?;
        replace_all_uses(old, new);
    }
    erase(if_op)?;
    Ok(new_if)
}

/// Fuses the (already flattened) children of `nest.nodes[node]` into it;
/// children whose bounds depend on anything but the outer induction variable
/// (through hoistable scalar ops) stay as they are.
fn fuse_one_level(nest: &mut Nest, node: usize) -> Result<(), String> {
    let outer = nest.nodes[node].lp;
    let children = std::mem::take(&mut nest.nodes[node].children);
    let outer_body = body_block(outer)?;
    let outer_iv = block_arguments(outer_body)[0];

    let mut inner_loops: Vec<InnerLoop> = Vec::new();
    let mut to_hoist = OpSet::default();
    for child in children {
        let inner = nest.nodes[child].lp;
        if dominating_ops(outer, &bounds(inner), is_func_arg, &mut to_hoist) {
            inner_loops.push(InnerLoop { lp: inner, sliced: Vec::new() });
            continue;
        }
        let mut sliced = OpSet::default();
        let can_use = |v: Val| v.same(outer_iv) || is_func_arg(v);
        if dominating_ops(outer, &bounds(inner), can_use, &mut sliced) {
            inner_loops.push(InnerLoop { lp: inner, sliced: sliced.ops });
        }
    }
    if inner_loops.is_empty() {
        return Ok(());
    }
    hoist_before(&to_hoist.ops, outer);

    let ctx = outer.context();
    let mut width = int_type_width(outer_iv.ty());
    for inner in &inner_loops {
        let iv = block_arguments(body_block(inner.lp)?)[0];
        width = width.max(int_type_width(iv.ty()));
    }
    let int_ty = Ty::int(ctx, width);
    let all_invariant = inner_loops.iter().all(InnerLoop::invariant);
    let b = Builder { at: InsertPoint::Before(outer), loc: outer.location() };
    let [outer_lb, outer_ub, outer_step] = bounds(outer);

    let len_outer = num_iters(&b, outer_lb, outer_ub, outer_step);
    let mut len_inners: Vec<Val> = Vec::new();
    for inner in &inner_loops {
        let len = if inner.invariant() {
            let [lb, ub, step] = bounds(inner.lp);
            let n = num_iters(&b, lb, ub, step);
            cast_int(&b, n, int_ty)
        } else {
            poison_or_zero(&b, int_ty)
        };
        len_inners.push(len);
    }
    let n_last = inner_loops.len() as i64 - 1;
    let mut inner_len = b.int(int_ty, 0);
    for (inner, len) in inner_loops.iter().zip(&len_inners) {
        if !inner.invariant() {
            continue;
        }
        let one = b.int(int_ty, 1);
        let at_least_one = b.binary("arith.maxsi", one, *len);
        inner_len = b.binary("arith.addi", inner_len, at_least_one);
    }
    let n_cst = b.int(int_ty, n_last);
    inner_len = b.binary("arith.subi", inner_len, n_cst);
    let len_outer = cast_int(&b, len_outer, int_ty);
    let total = b.binary("arith.muli", len_outer, inner_len);

    // The total length, through a copy of the outer loop adding the lengths of
    // the variant inner loops.
    let peeled = b.create_regions("scf.for", &[outer_lb, outer_ub, outer_step, total], &[int_ty], 1);
    let peeled_body = append_block(peeled.region(0), &[outer_lb.ty(), int_ty], b.loc);
    let peeled_args = block_arguments(peeled_body);
    let pb = Builder { at: InsertPoint::End(peeled_body), loc: b.loc };
    let mut mapping: HashMap<usize, Val> = HashMap::new();
    mapping.insert(vkey(outer_iv), peeled_args[0]);
    let mut cloned: HashSet<usize> = HashSet::new();
    let mut running = peeled_args[1];
    for inner in inner_loops.iter().filter(|l| !l.invariant()) {
        for op in program_order(&inner.sliced) {
            if cloned.insert(key(op)) {
                clone_mapped(op, pb.at, &mut mapping);
            }
        }
        let [lb, ub, step] = bounds(inner.lp).map(|v| mapping.get(&vkey(v)).copied().unwrap_or(v));
        let n = num_iters(&pb, lb, ub, step);
        let n = cast_int(&pb, n, int_ty);
        let one = pb.int(int_ty, 1);
        let n = pb.binary("arith.maxsi", one, n);
        running = pb.binary("arith.addi", running, n);
    }
    pb.yield_(&[running]);
    let total = peeled.result(0);

    // Prologues, then the epilogue.
    let body_ops_all = block_ops(outer_body);
    let position = |op: Op| body_ops_all.iter().position(|o| o.same(op));
    let mut logues: Vec<Logue> = Vec::new();
    let mut start = 0usize;
    for inner in &inner_loops {
        let at = position(inner.lp).ok_or("inner loop not in the outer body")?;
        logues.push(Logue::new(body_ops_all[start..at].to_vec()));
        start = at + 1;
    }
    let end = body_ops_all.len().saturating_sub(1);
    logues.push(Logue::new(body_ops_all[start.min(end)..end].to_vec()));

    // Iteration arguments of the fused loop.
    let mut fused_inits: Vec<Val> = vec![b.int(int_ty, 0)];
    fused_inits.push(b.binary("arith.subi", outer_lb, outer_step));
    let outer_args_start = fused_inits.len();
    let outer_inits = inits(outer);
    fused_inits.extend(outer_inits.iter().copied());
    let len_inners_start = fused_inits.len();
    fused_inits.extend(len_inners.iter().copied());
    let inner_len_start = fused_inits.len();
    fused_inits.push(inner_len);
    let ivar_start = fused_inits.len();
    for inner in &inner_loops {
        let iv = block_arguments(body_block(inner.lp)?)[0];
        fused_inits.push(poison_or_zero(&b, iv.ty()));
    }
    let inner_outs_start = fused_inits.len();
    for inner in &inner_loops {
        for r in inner.lp.results() {
            fused_inits.push(poison_or_zero(&b, r.ty()));
        }
    }
    let logue_outs_start = fused_inits.len();
    for logue in &logues[..logues.len() - 1] {
        for ty in logue.output_types() {
            fused_inits.push(poison_or_zero(&b, ty));
        }
    }

    let zero = b.int(int_ty, 0);
    let one = b.int(int_ty, 1);
    let mut operands = vec![zero, total, one];
    operands.extend(fused_inits.iter().copied());
    let init_types: Vec<Ty> = fused_inits.iter().map(|v| v.ty()).collect();
    let fused = b.create_regions("scf.for", &operands, &init_types, 1);
    let mut arg_types = vec![int_ty];
    arg_types.extend(init_types.iter().copied());
    let fused_body = append_block(fused.region(0), &arg_types, b.loc);
    let fused_args: Vec<Val> = block_arguments(fused_body).into_iter().skip(1).collect();
    let fused_region = fused.region(0);

    let outer_iter_args: Vec<Val> = block_arguments(outer_body).into_iter().skip(1).collect();
    for (arg, fused_arg) in outer_iter_args.iter().zip(&fused_args[outer_args_start..]) {
        replace_all_uses(*arg, *fused_arg);
    }
    for (len, arg) in len_inners.iter_mut().zip(&fused_args[len_inners_start..]) {
        *len = *arg;
    }
    let len_inners_args: Vec<Val> = fused_args[len_inners_start..len_inners_start + inner_loops.len()].to_vec();

    let fb = Builder { at: InsertPoint::End(fused_body), loc: b.loc };
    let t = fused_args[0];
    let cur_i = fused_args[1];
    let mut i: Option<Val> = None;
    let mut body_outs = inner_outs_start;
    let mut logue_outs = logue_outs_start;
    let mut prologue_ifs: Vec<Op> = Vec::new();
    let mut body_ifs: Vec<Op> = Vec::new();

    for (k, inner) in inner_loops.iter().enumerate() {
        // Where loop k starts: sum(max(1, len_j), j < k) - k.
        let mut inner_start = fb.int(int_ty, 0);
        for len in &len_inners[..k] {
            let one = fb.int(int_ty, 1);
            let m = fb.binary("arith.maxsi", one, *len);
            inner_start = fb.binary("arith.addi", inner_start, m);
        }
        let k_cst = fb.int(int_ty, k as i64);
        inner_start = fb.binary("arith.subi", inner_start, k_cst);
        let prologue_cond = fb.cmpi(EQ, t, inner_start);

        let lp = inner.lp;
        let inner_body = body_block(lp)?;
        let inner_args = block_arguments(inner_body);
        let inner_iv = inner_args[0];
        let inner_inits = inits(lp);
        let num_results = lp.num_results();
        let prologue = &logues[k];
        let num_outs = prologue.outputs.len();

        let mut types = vec![inner_iv.ty()];
        types.extend(prologue.output_types());
        types.extend(inner_inits.iter().map(|v| v.ty()));
        if k == 0 {
            types.push(cur_i.ty());
            types.extend(std::iter::repeat(int_ty).take(inner_loops.len()));
            types.push(inner_len.ty());
        }
        let prologue_if = fb.create_regions("scf.if", &[prologue_cond], &types, 2);
        prologue_ifs.push(prologue_if);

        let then_block = append_block(prologue_if.region(0), &[], b.loc);
        for op in &prologue.ops {
            move_to_end(*op, then_block);
        }
        let then_region = prologue_if.region(0);
        let then_end = Builder { at: InsertPoint::End(then_block), loc: b.loc };
        let mut new_i = None;
        if k == 0 {
            let tb = Builder { at: InsertPoint::start(then_block), loc: b.loc };
            let next_i = tb.binary("arith.addi", cur_i, outer_step);
            replace_uses_if(outer_iv, next_i, |owner| in_region(owner, then_region));
            // After `i`: the variant inner lengths.
            let after_i = Builder { at: InsertPoint::after(next_i.defining_op().ok_or("no op")?), loc: b.loc };
            let mut mapping: HashMap<usize, Val> = HashMap::new();
            let mut cloned: HashSet<usize> = HashSet::new();
            for (idx, l) in inner_loops.iter().enumerate() {
                if l.invariant() {
                    continue;
                }
                for op in program_order(&l.sliced) {
                    if cloned.insert(key(op)) {
                        clone_mapped(op, after_i.at, &mut mapping);
                    }
                }
                let [lb, ub, step] = bounds(l.lp).map(|v| mapping.get(&vkey(v)).copied().unwrap_or(v));
                let n = num_iters(&after_i, lb, ub, step);
                let n = cast_int(&after_i, n, int_ty);
                len_inners[idx] = n;
                let one = after_i.int(int_ty, 1);
                let m = after_i.binary("arith.maxsi", one, n);
                inner_len = after_i.binary("arith.addi", inner_len, m);
            }
            new_i = Some(next_i);
        }
        let mut then_outs = vec![lp.operand(0)];
        then_outs.extend(prologue.outputs.iter().copied());
        then_outs.extend(inner_inits.iter().copied());
        if let Some(next_i) = new_i {
            then_outs.push(next_i);
            then_outs.extend(len_inners.iter().copied());
            then_outs.push(inner_len);
        }
        then_end.yield_(&then_outs);

        let else_block = append_block(prologue_if.region(1), &[], b.loc);
        let mut else_outs = vec![fused_args[ivar_start + k]];
        else_outs.extend(fused_args[logue_outs..logue_outs + num_outs].iter().copied());
        else_outs.extend(fused_args[body_outs..body_outs + num_results].iter().copied());
        if k == 0 {
            else_outs.push(cur_i);
            else_outs.extend(len_inners_args.iter().copied());
            else_outs.push(if all_invariant { inner_len } else { fused_args[inner_len_start] });
        }
        logue_outs += num_outs;
        Builder { at: InsertPoint::End(else_block), loc: b.loc }.yield_(&else_outs);

        let results = prologue_if.results();
        let jk = results[0];
        replace_all_uses(inner_iv, jk);
        prologue.replace_outside(&results[1..1 + num_outs], then_region);
        for (arg, init) in inner_args[1..].iter().zip(&results[1 + num_outs..1 + num_outs + num_results]) {
            replace_all_uses(*arg, *init);
        }
        if k == 0 {
            let n = inner_loops.len();
            let i_val = results[results.len() - 2 - n];
            len_inners = results[results.len() - 1 - n..results.len() - 1].to_vec();
            inner_len = results[results.len() - 1];
            replace_all_uses(outer_iv, i_val);
            i = Some(i_val);
        }

        // The body, while T is inside loop k.
        let len_k = cast_int(&fb, len_inners[k], int_ty);
        let inner_end = fb.binary("arith.addi", inner_start, len_k);
        let ge = fb.cmpi(SGE, t, inner_start);
        let lt = fb.cmpi(SLT, t, inner_end);
        let body_cond = fb.binary("arith.andi", ge, lt);
        let mut body_types = vec![jk.ty()];
        body_types.extend(lp.results().iter().map(|r| r.ty()));
        let body_if = fb.create_regions("scf.if", &[body_cond], &body_types, 2);
        body_ifs.push(body_if);
        for index in (0..inner_args.len()).rev() {
            unsafe { mlirBlockEraseArgument(inner_body, index as u32) };
        }
        unsafe { mlirRegionTakeBody(body_if.region(0), lp.region(0)) };
        let body_then = body_if.entry_block(0).ok_or("inner loop without body")?;
        let yield_op = terminator(body_then)?;
        let step = lp.operand(2);
        let next_jk = Builder { at: InsertPoint::Before(yield_op), loc: b.loc }.binary("arith.addi", jk, step);
        let mut yielded = vec![next_jk];
        yielded.extend(yield_op.operands());
        yield_op.set_operands(&yielded);
        let body_else = append_block(body_if.region(1), &[], b.loc);
        let mut forwarded = vec![jk];
        forwarded.extend(fused_args[body_outs..body_outs + num_results].iter().copied());
        body_outs += num_results;
        Builder { at: InsertPoint::End(body_else), loc: b.loc }.yield_(&forwarded);
        for (old, new) in lp.results().into_iter().zip(&body_if.results()[1..]) {
            replace_all_uses(old, *new);
        }
        if lp.attr(MUST_EXECUTE).is_some() {
            let yes = Builder { at: InsertPoint::Before(body_if), loc: b.loc }.int(Ty::i1(ctx), 1);
            body_if.set_operand(0, yes);
        }
    }
    let i = i.ok_or("no inner loop")?;

    // The epilogue, when T is the last position.
    let epilogue = logues.last().ok_or("no epilogue")?;
    let outer_yield = terminator(outer_body)?;
    let mut used_iter_args = Vec::new();
    for output in &epilogue.outputs {
        for (owner, index) in output.uses() {
            if owner.same(outer_yield) {
                used_iter_args.push(fused_args[outer_args_start + index]);
            }
        }
    }
    let one = fb.int(int_ty, 1);
    let last = fb.binary("arith.subi", inner_len, one);
    let epilogue_cond = fb.cmpi(EQ, t, last);
    let epilogue_if = fb.create_regions("scf.if", &[epilogue_cond], &epilogue.output_types(), 2);
    let then_block = append_block(epilogue_if.region(0), &[], b.loc);
    for op in &epilogue.ops {
        move_to_end(*op, then_block);
    }
    Builder { at: InsertPoint::End(then_block), loc: b.loc }.yield_(&epilogue.outputs);
    let else_block = append_block(epilogue_if.region(1), &[], b.loc);
    Builder { at: InsertPoint::End(else_block), loc: b.loc }.yield_(&used_iter_args);
    epilogue.replace_outside(&epilogue_if.results(), epilogue_if.region(0));

    // T = 0 if T == inner_len - 1 else T + 1
    let one = fb.int(int_ty, 1);
    let next_t = fb.binary("arith.addi", t, one);
    let one = fb.int(int_ty, 1);
    let last = fb.binary("arith.subi", inner_len, one);
    let rollover = fb.cmpi(EQ, t, last);
    let zero = fb.int(int_ty, 0);
    let new_t = fb.create("arith.select", &[rollover, zero, next_t], &[int_ty], &[]).result(0);

    let mut outs = vec![new_t, i];
    outs.extend(outer_yield.operands());
    outs.extend(len_inners.iter().copied());
    outs.push(inner_len);
    for body_if in &body_ifs {
        outs.push(body_if.result(0));
    }
    for (body_if, inner) in body_ifs.iter().zip(&inner_loops) {
        outs.extend(body_if.results().into_iter().skip(1).take(inner.lp.num_results()));
    }
    for (prologue_if, logue) in prologue_ifs.iter().zip(&logues[..logues.len() - 1]) {
        outs.extend(prologue_if.results().into_iter().skip(1).take(logue.outputs.len()));
    }
    let fused_yield = fb.yield_(&outs);
    for (old, new) in outer.results().into_iter().zip(fused.results().into_iter().skip(outer_args_start)) {
        replace_all_uses(old, new);
    }

    // Inner-loop inits defined outside the fused loop: initialised by the
    // fused loop and reset in the epilogue instead of the prologue.
    let mut offset = inner_outs_start;
    let mut yields_to_update: Vec<usize> = Vec::new();
    let mut reset: Vec<Val> = Vec::new();
    let mut forwarded: Vec<Val> = Vec::new();
    for (k, inner) in inner_loops.iter().enumerate() {
        let num_results = inner.lp.num_results();
        let skip = 1 + logues[k].outputs.len();
        let mut remove = vec![false; skip + num_results];
        let mut replace_with = Vec::new();
        for (idx, init) in inits(inner.lp).into_iter().enumerate() {
            if value_region(init).is_some_and(|r| same_region(r, fused_region)) {
                continue;
            }
            fused.set_operand(3 + offset + idx, init);
            replace_with.push(fused_args[offset + idx]);
            remove[skip + idx] = true;
            yields_to_update.push(offset + idx);
            forwarded.push(body_ifs[k].result(1 + idx));
            reset.push(init);
        }
        let total_results = prologue_ifs[k].num_results();
        remove.resize(total_results.max(remove.len()), false);
        prologue_ifs[k] = erase_if_results(prologue_ifs[k], &remove, &replace_with)?;
        offset += num_results;
    }
    if !yields_to_update.is_empty() {
        let then_yield = terminator(epilogue_if.entry_block(0).ok_or("no then")?)?;
        let else_yield = terminator(epilogue_if.entry_block(1).ok_or("no else")?)?;
        let mut v = then_yield.operands();
        v.extend(reset.iter().copied());
        then_yield.set_operands(&v);
        let mut v = else_yield.operands();
        v.extend(forwarded.iter().copied());
        else_yield.set_operands(&v);
        let types: Vec<Ty> = then_yield.operands().iter().map(|v| v.ty()).collect();
        let eb = Builder { at: InsertPoint::Before(epilogue_if), loc: b.loc };
        let new_if = eb.create_regions("scf.if", &[epilogue_if.operand(0)], &types, 2);
        unsafe {
            mlirRegionTakeBody(new_if.region(0), epilogue_if.region(0));
            mlirRegionTakeBody(new_if.region(1), epilogue_if.region(1));
        }
        let old_count = epilogue_if.num_results();
        for (old, new) in epilogue_if.results().into_iter().zip(new_if.results()) {
            replace_all_uses(old, new);
        }
        for (idx, operand) in yields_to_update.iter().enumerate() {
            fused_yield.set_operand(*operand, new_if.result(old_count + idx));
        }
        erase(epilogue_if)?;
    }

    // Attributes of the fused loop.
    let loops = || std::iter::once(outer).chain(inner_loops.iter().map(|l| l.lp));
    if loops().any(|l| l.attr(WARP_SPECIALIZE).is_some()) {
        fused.set_attr(WARP_SPECIALIZE, unit_attr(fused));
    }
    if loops().any(|l| l.attr(DISALLOW_ACC_MULTI_BUFFER).is_some()) {
        fused.set_attr(DISALLOW_ACC_MULTI_BUFFER, unit_attr(fused));
    }
    let mut num_stages: Option<i64> = outer.attr(NUM_STAGES).and_then(|a| a.int());
    for inner in &inner_loops {
        if let Some(s) = inner.lp.attr(NUM_STAGES).and_then(|a| a.int()) {
            num_stages = Some(num_stages.unwrap_or(1).max(s));
        }
    }
    for inner in &inner_loops {
        erase(inner.lp)?;
    }
    erase(outer)?;
    nest.nodes[node].lp = fused;
    if let Some(s) = num_stages {
        fused.set_attr(NUM_STAGES, Attr::integer(Ty::int(ctx, 32), s));
    }
    Ok(())
}
