//! `tritongpu-hoist-tmem-alloc{post-pipeline}`: moves tensor-memory
//! allocations of MMA accumulators out of loops (Triton 3.9's
//! `HoistTMEMAlloc`), so that the accumulator lives in tensor memory across
//! iterations instead of being loaded into registers and stored back.
//!
//! Algorithm (all transformations need the ops' async tokens):
//! 1. Forwarding: a `ttng.tmem_alloc` initialised from a `ttng.tmem_load`
//!    (directly or through `ttg.convert_layout`s) of a buffer of the same
//!    type, whose token and value have no other use, is that buffer.
//! 2. Before the pipeliner only (`post-pipeline=false`), for each
//!    `ttng.tc_gen5_mma[_scaled]` directly in an `scf.for`: immutable
//!    tensor-memory operands allocated in the loop from loop-invariant
//!    values (through pure unary ops) move before the loop, and the
//!    accumulator's allocation moves before the loop: its token becomes an
//!    iteration argument (yielding the last token of its use chain) and its
//!    initial value a `ttng.tmem_store` at its old place.
//! 3. Rewrites to a fixed point: a store of a loop argument rotates to the
//!    end of the previous iteration and a load feeding only the next
//!    iteration to the start of the next one (loop-carried tensors become
//!    tensor memory); a store of a value just loaded from the same buffer
//!    disappears; a store of `select(c, load, x)` becomes a store of `x`
//!    predicated on `!c`; loads sink to their users (through `scf.if`, the
//!    token flowing out as a new result), unused loads disappear; an
//!    allocation and the unconditional store right after it merge; an
//!    allocation in an `scf.if` whose loaded value is yielded against the
//!    initial value in the else branch moves before the `scf.if`. After the
//!    pipeliner (`post-pipeline=true`), also: an allocation before a loop
//!    whose first use in each iteration overwrites it entirely (an
//!    unpredicated store, an MMA that does not accumulate) sinks into the
//!    loop, and forwarding (1) applies to merged allocations.
//! 4. A mutable allocation with an initial value is split back into an
//!    allocation and a store.
use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, Attr, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services;
use tritium_passes::pipeliner::{
    add_iter_args, ancestor_in_block, append_operands, body, erase, is_before_in_block, replace_all_uses, yield_of,
    InsertPoint,
};

const ALLOC: &str = "ttng.tmem_alloc";
const LOAD: &str = "ttng.tmem_load";
const STORE: &str = "ttng.tmem_store";
const MMA: &str = "ttng.tc_gen5_mma";
const MMA_SCALED: &str = "ttng.tc_gen5_mma_scaled";
const TOKEN: &str = "!ttg.async.token";

/// The pass.
pub struct HoistTmemAlloc;

impl Pass for HoistTmemAlloc {
    fn argument(&self) -> &'static str {
        "tritongpu-hoist-tmem-alloc"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let post = options.bool("post-pipeline", false);
        // 1. Forwarding of initialised allocations.
        for alloc in module.nested_ops().into_iter().filter(|o| o.name() == ALLOC) {
            forward_alloc(alloc, true);
        }
        // 2. Hoisting (before the pipeliner).
        if !post {
            let mmas: Vec<Op> = module.nested_ops().into_iter().filter(|o| is_mma(*o)).collect();
            for mma in mmas {
                let Some(for_op) = mma.parent().filter(|p| p.name() == "scf.for") else { continue };
                hoist_invariant_inputs(mma, for_op);
                let acc = mma.operand(2);
                let Some(alloc) = acc.defining_op().filter(|d| d.name() == ALLOC && alloc_token(*d).is_some()) else {
                    continue;
                };
                if alloc.block().map(|b| b.ptr) != mma.block().map(|b| b.ptr) {
                    continue;
                }
                if let Err(message) = hoist_alloc(alloc, for_op) {
                    emit_error(alloc, &format!("tritongpu-hoist-tmem-alloc: {message}"));
                    return Err(());
                }
            }
        }
        // 3. Rewrites to a fixed point.
        let mut budget = 10_000;
        'outer: while budget > 0 {
            budget -= 1;
            let mut ops = Vec::new();
            walk_pre(module, &mut ops);
            for op in ops {
                if apply_once(op, post) {
                    continue 'outer;
                }
            }
            break;
        }
        // 4. Split mutable initialised allocations.
        for alloc in module.nested_ops().into_iter().filter(|o| o.name() == ALLOC) {
            let (Some(src), Some(token)) = (alloc_src(alloc), alloc_token(alloc)) else { continue };
            if !alloc.result(0).ty().to_string().contains("mutable") {
                continue;
            }
            let at = InsertPoint::after(alloc);
            let t = const_true(at, alloc.location());
            let store = at.create(alloc.location(), STORE, &[alloc.result(0), token, src, t], &[token.ty()], &[]);
            for (user, index) in token.uses() {
                if !user.same(store) {
                    user.set_operand(index, store.result(0));
                }
            }
            alloc.set_operands(&[]);
        }
        Ok(())
    }
}

/// The ops nested in `op`, parents before children.
fn walk_pre(op: Op, out: &mut Vec<Op>) {
    out.push(op);
    for r in 0..op.num_regions() {
        for block in region_blocks(op.region(r)) {
            for child in block_ops(block) {
                walk_pre(child, out);
            }
        }
    }
}

/// One rewrite on `op`, if one applies.
fn apply_once(op: Op, post: bool) -> bool {
    if op.num_results() > 0 && op.parent().is_some() && services::is_trivially_dead(op) {
        erase(op);
        return true;
    }
    match op.name() {
        STORE if store_token(op).is_some() => {
            rotate_store_in_loop(op)
                || combine_load_and_store(op)
                || combine_store_and_select(op)
                || combine_store_and_alloc(op)
                || (post && sink_alloc_to_overwrite(op))
        }
        LOAD if load_token(op).is_some() => {
            rotate_load_in_loop(op) || sink_load(op) || remove_unused_load(op)
        }
        ALLOC if alloc_token(op).is_some() => hoist_alloc_out_of_if(op) || (post && forward_alloc(op, false)),
        MMA | MMA_SCALED if post => sink_alloc_to_overwrite(op),
        _ => false,
    }
}

// ---------------------------------------------------------------------------
// Op accessors
// ---------------------------------------------------------------------------

fn is_token(v: Val) -> bool {
    v.ty().to_string() == TOKEN
}

fn is_mma(op: Op) -> bool {
    matches!(op.name(), MMA | MMA_SCALED)
}

fn load_token(op: Op) -> Option<Val> {
    (op.name() == LOAD && op.num_results() >= 2 && is_token(op.result(1))).then(|| op.result(1))
}

fn load_dep(op: Op) -> Option<Val> {
    (op.num_operands() == 2).then(|| op.operand(1))
}

fn store_token(op: Op) -> Option<Val> {
    (op.name() == STORE && op.num_results() == 1).then(|| op.result(0))
}

fn store_dep(op: Op) -> Option<Val> {
    (op.num_operands() == 4).then(|| op.operand(1))
}

fn store_src(op: Op) -> Val {
    op.operand(op.num_operands() - 2)
}

fn store_pred(op: Op) -> Val {
    op.operand(op.num_operands() - 1)
}

fn alloc_token(op: Op) -> Option<Val> {
    (op.name() == ALLOC && op.num_results() == 2).then(|| op.result(1))
}

fn alloc_src(op: Op) -> Option<Val> {
    (op.num_operands() == 1).then(|| op.operand(0))
}

/// The operand indices of an MMA's segments (a, b, d, acc_dep, [scales],
/// useD, pred, ...).
fn mma_segment_starts(op: Op) -> Option<Vec<usize>> {
    let sizes = op.attr("operandSegmentSizes")?.i32_array()?;
    let mut starts = Vec::with_capacity(sizes.len());
    let mut at = 0usize;
    for s in sizes {
        starts.push(at);
        at += s.max(0) as usize;
    }
    Some(starts)
}

fn mma_dep(op: Op) -> Option<(usize, Val)> {
    (op.segment_size(3) == 1).then(|| (3, op.operand(3)))
}

/// The `useD` and `pred` operands of an MMA.
fn mma_use_and_pred(op: Op) -> Option<(Val, Val)> {
    let starts = mma_segment_starts(op)?;
    let first = if op.name() == MMA_SCALED { 6 } else { 4 };
    Some((op.operand(*starts.get(first)?), op.operand(*starts.get(first + 1)?)))
}

fn mma_token(op: Op) -> Option<Val> {
    (is_mma(op) && op.num_results() == 1).then(|| op.result(0))
}

/// The constant value of an `i1` (or integer) constant.
fn const_int(v: Val) -> Option<i64> {
    let def = v.defining_op().filter(|d| d.name() == "arith.constant")?;
    let a = def.attr("value")?;
    a.bool().map(|b| b as i64).or_else(|| a.int())
}

fn is_one(v: Val) -> bool {
    matches!(const_int(v), Some(1) | Some(-1))
}

fn is_zero(v: Val) -> bool {
    const_int(v) == Some(0)
}

fn const_true(at: InsertPoint, loc: MlirLocation) -> Val {
    let ctx = unsafe { mlirLocationGetContext(loc) };
    at.const_int(loc, Ty::i1(ctx), 1)
}

fn token_ty(ctx: MlirContext) -> Ty {
    Ty(unsafe { mlirTypeParseGet(ctx, tritium_dialects::ir::string_ref(TOKEN)) })
}

fn dense_i32(ctx: MlirContext, values: &[i32]) -> Attr {
    Attr(unsafe { mlirDenseI32ArrayGet(ctx, values.len() as isize, values.as_ptr()) })
}

/// `ttng.tmem_load src[dep]` with a token, at `at`.
fn create_load(at: InsertPoint, loc: MlirLocation, ty: Ty, src: Val, dep: Val) -> Op {
    let ctx = ty.context();
    at.create(loc, LOAD, &[src, dep], &[ty, token_ty(ctx)], &[("resultSegmentSizes", dense_i32(ctx, &[1, 1, 0]))])
}

fn create_store(at: InsertPoint, loc: MlirLocation, dst: Val, dep: Val, src: Val, pred: Val) -> Op {
    at.create(loc, STORE, &[dst, dep, src, pred], &[dep.ty()], &[])
}

fn move_before(op: Op, anchor: Op) {
    unsafe { mlirOperationMoveBefore(op.0, anchor.0) }
}

fn block_key(b: Option<MlirBlock>) -> usize {
    b.map(|b| b.ptr as usize).unwrap_or(0)
}

/// The loop's iteration argument (region argument) `i` (0-based, after the
/// induction variable).
fn iter_arg(for_op: Op, i: usize) -> Val {
    block_arguments(body(for_op).expect("loop body"))[i + 1]
}

/// Which iteration argument `v` is, when it is one of `for_op`'s.
fn as_iter_arg(v: Val, for_op: Op) -> Option<usize> {
    let block = body(for_op)?;
    block_arguments(block).iter().skip(1).position(|a| a.same(v))
}

/// Whether `v` is defined outside `for_op`.
fn defined_outside(v: Val, for_op: Op) -> bool {
    match v.defining_op() {
        Some(def) => !def.is_within(for_op),
        None => {
            let Some(block) = v.owner_block() else { return true };
            let owner = unsafe { mlirBlockGetParentOperation(block) };
            owner.ptr.is_null() || !Op(owner).is_within(for_op)
        }
    }
}

fn has_one_use(v: Val) -> bool {
    v.uses().len() == 1
}

// ---------------------------------------------------------------------------
// Forwarding
// ---------------------------------------------------------------------------

/// An allocation initialised from a load of a buffer of its own type (through
/// layout conversions) is that buffer, at the load's token.
fn forward_alloc(alloc: Op, initial: bool) -> bool {
    let (Some(mut v), Some(token)) = (alloc_src(alloc), alloc_token(alloc)) else { return false };
    let mut converts = 0;
    let load = loop {
        if !has_one_use(v) {
            return false;
        }
        let Some(def) = v.defining_op() else { return false };
        match def.name() {
            "ttg.convert_layout" => {
                converts += 1;
                v = def.operand(0);
            }
            LOAD => break def,
            _ => return false,
        }
    };
    let _ = (converts, initial);
    let Some(load_tok) = load_token(load) else { return false };
    if load.num_results() != 2 || !load_tok.uses().is_empty() {
        return false;
    }
    let buffer = load.operand(0);
    if buffer.ty().to_string() != alloc.result(0).ty().to_string() {
        return false;
    }
    if block_key(load.block()) != block_key(alloc.block()) {
        return false;
    }
    replace_all_uses(alloc.result(0), buffer);
    replace_all_uses(token, load_tok);
    let mut dead = vec![alloc];
    let mut cur = alloc_src(alloc);
    while let Some(val) = cur {
        let Some(def) = val.defining_op() else { break };
        if def.name() != "ttg.convert_layout" {
            break;
        }
        dead.push(def);
        cur = Some(def.operand(0));
    }
    for op in dead {
        erase(op);
    }
    true
}

// ---------------------------------------------------------------------------
// Hoisting
// ---------------------------------------------------------------------------

/// Moves immutable tensor-memory operands of `mma` allocated in the loop from
/// loop-invariant values (through pure unary ops) before the loop.
fn hoist_invariant_inputs(mma: Op, for_op: Op) {
    for operand in mma.operands() {
        if defined_outside(operand, for_op) {
            continue;
        }
        let Some(alloc) = operand.defining_op().filter(|d| d.name() == ALLOC) else { continue };
        if alloc.result(0).ty().to_string().contains("mutable") {
            continue;
        }
        let Some(mut src) = alloc_src(alloc) else { continue };
        let mut to_hoist = vec![alloc];
        while let Some(def) = src.defining_op() {
            if defined_outside(src, for_op) {
                break;
            }
            if !(services::is_memory_effect_free(def) && services::is_speculatable(def) && def.num_operands() == 1) {
                break;
            }
            to_hoist.push(def);
            src = def.operand(0);
        }
        if !defined_outside(src, for_op) {
            continue;
        }
        for op in to_hoist.into_iter().rev() {
            move_before(op, for_op);
        }
    }
}

/// The forwarded token of an op using a tensor-memory token.
fn token_of_user(op: Op) -> Option<Val> {
    mma_token(op).or_else(|| load_token(op)).or_else(|| store_token(op))
}

/// The last tokens of the use chain of `token`.
fn last_uses(token: Val, out: &mut Vec<Val>, seen: &mut Vec<Val>) -> Result<(), String> {
    if seen.iter().any(|s| s.same(token)) {
        return Ok(());
    }
    seen.push(token);
    let users = token.users();
    if users.is_empty() {
        out.push(token);
        return Ok(());
    }
    for user in users {
        let next = token_of_user(user)
            .ok_or_else(|| format!("unexpected user '{}' of a tensor-memory token", user.name()))?;
        last_uses(next, out, seen)?;
    }
    Ok(())
}

/// Triton's `hoistTMEMAlloc`.
fn hoist_alloc(alloc: Op, for_op: Op) -> Result<(), String> {
    let token = alloc_token(alloc).expect("token");
    let mut lasts = Vec::new();
    last_uses(token, &mut lasts, &mut Vec::new())?;
    let last = match lasts.as_slice() {
        [one] if one.defining_op().and_then(|d| d.block()).map(|b| b.ptr) == alloc.block().map(|b| b.ptr) => *one,
        _ => return Err("can't hoist a tensor-memory allocation with multiple or conditional uses".into()),
    };
    let loc = alloc.location();
    let t = const_true(InsertPoint::Before(for_op), loc);
    let new_alloc = Op(unsafe { mlirOperationClone(alloc.0) });
    InsertPoint::Before(for_op).insert(new_alloc);
    new_alloc.set_operands(&[]);
    let new_for = add_iter_args(for_op, &[new_alloc.result(1)]);
    let n = new_for.num_results();
    let yield_op = yield_of(new_for).expect("yield");
    append_operands(yield_op, &[last]);
    let mut new_tok = iter_arg(new_for, n - 1);
    if let Some(src) = alloc_src(alloc) {
        let store = create_store(InsertPoint::Before(alloc), loc, new_alloc.result(0), new_tok, src, t);
        new_tok = store.result(0);
    }
    replace_all_uses(alloc.result(0), new_alloc.result(0));
    replace_all_uses(token, new_tok);
    erase(alloc);
    Ok(())
}

// ---------------------------------------------------------------------------
// Rewrites
// ---------------------------------------------------------------------------

/// A store of a select between a value loaded from the store's buffer (at
/// the store's token) and another value stores the other value, predicated.
fn combine_store_and_select(store: Op) -> bool {
    let src = store_src(store);
    let Some(select) = src.defining_op().filter(|d| d.name() == "arith.select") else { return false };
    let Some(dep) = store_dep(store) else { return false };
    let (cond, tv, fv) = (select.operand(0), select.operand(1), select.operand(2));
    let from_tmem = |v: Val| {
        v.defining_op().filter(|d| d.name() == LOAD).is_some_and(|l| {
            load_token(l).is_some_and(|t| t.same(dep)) && l.operand(0).same(store.operand(0)) && l.result(0).same(v)
        })
    };
    let (t, f) = (from_tmem(tv), from_tmem(fv));
    if t == f {
        return false;
    }
    let at = InsertPoint::Before(store);
    let loc = select.location();
    let mut pred = cond;
    if t {
        let one = const_true(at, loc);
        pred = at.create(loc, "arith.xori", &[cond, one], &[cond.ty()], &[]).result(0);
    }
    let value = if t { fv } else { tv };
    let new = create_store(at, store.location(), store.operand(0), dep, value, pred);
    replace_all_uses(store.result(0), new.result(0));
    erase(store);
    true
}

/// A load whose value is unused forwards its token.
fn remove_unused_load(load: Op) -> bool {
    if !load.result(0).uses().is_empty() {
        return false;
    }
    let (Some(token), Some(dep)) = (load_token(load), load_dep(load)) else { return false };
    if load.num_results() > 2 && !load.result(2).uses().is_empty() {
        return false;
    }
    replace_all_uses(token, dep);
    erase(load);
    true
}

/// A store of the value just loaded from the same buffer is a no-op.
fn combine_load_and_store(store: Op) -> bool {
    let Some(dep) = store_dep(store) else { return false };
    let Some(load) = dep.defining_op().filter(|d| d.name() == LOAD) else { return false };
    if load_token(load).is_none_or(|t| !t.same(dep))
        || !load.result(0).same(store_src(store))
        || !load.operand(0).same(store.operand(0))
    {
        return false;
    }
    replace_all_uses(store.result(0), dep);
    erase(store);
    true
}

/// An unconditional store right after an allocation in the same block
/// initialises it.
fn combine_store_and_alloc(store: Op) -> bool {
    if !is_one(store_pred(store)) {
        return false;
    }
    let Some(dep) = store_dep(store) else { return false };
    let Some(alloc) = dep.defining_op().filter(|d| d.name() == ALLOC) else { return false };
    if alloc_token(alloc).is_none_or(|t| !t.same(dep)) || block_key(alloc.block()) != block_key(store.block()) {
        return false;
    }
    if alloc.num_operands() != 0 || !alloc.result(0).same(store.operand(0)) {
        return false;
    }
    // The value must be available at the allocation.
    let src = store_src(store);
    let available = match src.defining_op() {
        Some(def) => match ancestor_in_block(def, alloc.block().expect("block")) {
            Some(anc) => is_before_in_block(anc, alloc) && anc.same(def),
            None => true,
        },
        None => true,
    };
    if !available {
        return false;
    }
    alloc.set_operands(&[src]);
    replace_all_uses(store.result(0), dep);
    erase(store);
    true
}

/// Triton's `HoistTMEMAllocOutOfIf`.
fn hoist_alloc_out_of_if(alloc: Op) -> bool {
    let (Some(init), Some(alloc_tok)) = (alloc_src(alloc), alloc_token(alloc)) else { return false };
    let Some(if_op) = alloc.parent().filter(|p| p.name() == "scf.if") else { return false };
    if if_op.num_regions() < 2 {
        return false;
    }
    let then_block = region_blocks(if_op.region(0));
    let else_block = region_blocks(if_op.region(1));
    let (Some(&tb), Some(&eb)) = (then_block.first(), else_block.first()) else { return false };
    let (Some(then_yield), Some(else_yield)) = (block_terminator(tb), block_terminator(eb)) else { return false };
    let mut args = Vec::new();
    for (i, (tv, ev)) in then_yield.operands().into_iter().zip(else_yield.operands()).enumerate() {
        let Some(load) = tv.defining_op().filter(|d| d.name() == LOAD && load_token(*d).is_some()) else { continue };
        if !load.operand(0).same(alloc.result(0)) || !ev.same(init) || load.num_results() != 2 {
            continue;
        }
        args.push(i);
    }
    if args.is_empty() {
        return false;
    }
    move_before(alloc, if_op);
    for i in args {
        let load = then_yield.operand(i).defining_op().expect("load");
        let result = if_op.result(i);
        let new_load = create_load(InsertPoint::after(if_op), load.location(), load.result(0).ty(), alloc.result(0), result);
        for (user, index) in result.uses() {
            if !user.same(new_load) {
                user.set_operand(index, new_load.result(0));
            }
        }
        then_yield.set_operand(i, load_token(load).expect("token"));
        else_yield.set_operand(i, alloc_tok);
        result.set_type(alloc_tok.ty());
    }
    true
}

/// Triton's `RotateTMEMStoreInLoop`.
fn rotate_store_in_loop(store: Op) -> bool {
    let Some(for_op) = store.parent().filter(|p| p.name() == "scf.for") else { return false };
    if !defined_outside(store_pred(store), for_op) || !defined_outside(store.operand(0), for_op) {
        return false;
    }
    let src = store_src(store);
    let Some(arg_no) = as_iter_arg(src, for_op) else { return false };
    if !has_one_use(src) {
        return false;
    }
    let Some(dep) = store_dep(store) else { return false };
    let Some(tok_no) = as_iter_arg(dep, for_op) else { return false };
    let inits: Vec<Val> = for_op.operands().into_iter().skip(3).collect();
    let loc = store.location();
    let init_store = create_store(
        InsertPoint::Before(for_op),
        loc,
        store.operand(0),
        inits[tok_no],
        inits[arg_no],
        store_pred(store),
    );
    for_op.set_operand(3 + tok_no, init_store.result(0));
    let yield_op = yield_of(for_op).expect("yield");
    replace_all_uses(store.result(0), iter_arg(for_op, tok_no));
    move_before(store, yield_op);
    store.set_operand(1, yield_op.operand(tok_no));
    yield_op.set_operand(tok_no, store.result(0));
    let n = store.num_operands();
    store.set_operand(n - 2, yield_op.operand(arg_no));
    let result = for_op.result(arg_no);
    let load = create_load(InsertPoint::after(for_op), loc, src.ty(), store.operand(0), for_op.result(tok_no));
    replace_all_uses(result, load.result(0));
    yield_op.set_operand(arg_no, iter_arg(for_op, arg_no));
    true
}

/// Triton's `RotateTMEMLoadInLoop`.
fn rotate_load_in_loop(load: Op) -> bool {
    let Some(for_op) = load.parent().filter(|p| p.name() == "scf.for") else { return false };
    if !defined_outside(load.operand(0), for_op) || !has_one_use(load.result(0)) || load.num_results() != 2 {
        return false;
    }
    let (user, arg_no) = load.result(0).uses()[0];
    if user.name() != "scf.yield" {
        return false;
    }
    let token = load_token(load).expect("token");
    let Some(dep) = load_dep(load) else { return false };
    let tok_uses = token.uses();
    if !tok_uses.iter().any(|(u, _)| u.same(user)) {
        return false;
    }
    let tok_no = tok_uses[0].1;
    if tok_uses[0].0.name() != "scf.yield" {
        return false;
    }
    let inits: Vec<Val> = for_op.operands().into_iter().skip(3).collect();
    let Some(init_alloc) = inits[tok_no].defining_op().filter(|d| d.name() == ALLOC) else { return false };
    if alloc_token(init_alloc).is_none_or(|t| !t.same(inits[tok_no])) || alloc_src(init_alloc).is_some() {
        return false;
    }
    let loc = load.location();
    let t = const_true(InsertPoint::Before(for_op), loc);
    let init_store =
        create_store(InsertPoint::Before(for_op), loc, load.operand(0), inits[tok_no], inits[arg_no], t);
    for_op.set_operand(3 + tok_no, init_store.result(0));
    user.set_operand(tok_no, dep);
    let block = body(for_op).expect("body");
    move_before(load, block_ops(block)[0]);
    let tok_arg = iter_arg(for_op, tok_no);
    load.set_operand(1, tok_arg);
    for (u, i) in tok_arg.uses() {
        if !u.same(load) {
            u.set_operand(i, token);
        }
    }
    replace_all_uses(iter_arg(for_op, arg_no), load.result(0));
    let after = create_load(InsertPoint::after(for_op), loc, load.result(0).ty(), load.operand(0), for_op.result(tok_no));
    replace_all_uses(for_op.result(arg_no), after.result(0));
    user.set_operand(arg_no, iter_arg(for_op, arg_no));
    true
}

/// The nearest op of `block` (or nested in it) dominating all `users`, each
/// a descendant of `block`'s ops: descends into a single-block region
/// holding all of them.
fn common_dominator(users: &[Op], block: MlirBlock) -> Option<Op> {
    let ancestors: Vec<Op> = users.iter().map(|u| ancestor_in_block(*u, block)).collect::<Option<_>>()?;
    let first = *ancestors.iter().min_by(|a, b| {
        if a.same(**b) {
            std::cmp::Ordering::Equal
        } else if is_before_in_block(**a, **b) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    })?;
    if ancestors.iter().all(|a| a.same(first)) && !users.iter().any(|u| u.same(first)) {
        // All users are nested in `first`: descend if they share one block.
        let mut inner = None;
        for u in users {
            let mut cur = *u;
            while let Some(p) = cur.parent() {
                if p.same(first) {
                    break;
                }
                cur = p;
            }
            let b = cur.block()?;
            match inner {
                None => inner = Some(b),
                Some(ib) if ib.ptr == b.ptr => {}
                Some(_) => return Some(first),
            }
        }
        if first.name() == "scf.if" {
            return common_dominator(users, inner?);
        }
    }
    Some(first)
}

/// Whether `x` comes after `d` on every path from `d` to the end of the
/// enclosing loop body (the same or an enclosing block, later).
fn post_dominates(x: Op, d: Op) -> bool {
    let Some(block) = x.block() else { return false };
    match ancestor_in_block(d, block) {
        Some(anc) => !anc.same(x) && is_before_in_block(anc, x),
        None => false,
    }
}

/// Triton's `SinkTMEMLoad`.
fn sink_load(load: Op) -> bool {
    let mut p = load.parent();
    while let Some(q) = p {
        if q.name() == "scf.for" {
            break;
        }
        p = q.parent();
    }
    if p.is_none() {
        return false;
    }
    let Some(block) = load.block() else { return false };
    let users = load.result(0).users();
    if users.is_empty() {
        return false;
    }
    let Some(dom) = common_dominator(&users, block) else { return false };
    let Some(dom_anc) = ancestor_in_block(dom, block) else { return false };
    if dom_anc.same(load) || !is_before_in_block(load, dom_anc) {
        return false;
    }
    let token = load_token(load).expect("token");
    let Some(dep) = load_dep(load) else { return false };
    let uses = token.uses();
    if !uses.iter().all(|(u, _)| post_dominates(*u, dom)) {
        return false;
    }
    if load.next().is_some_and(|n| n.same(dom)) {
        return false;
    }
    // Moving past other loads only would never settle.
    let mut cur = load.next();
    let mut only_loads = true;
    while let Some(c) = cur {
        if c.same(dom_anc) {
            break;
        }
        if c.name() != LOAD {
            only_loads = false;
            break;
        }
        cur = c.next();
    }
    if only_loads && dom_anc.same(dom) {
        return false;
    }
    // The blocks between: only scf.if can carry the token out.
    let mut chain = Vec::new();
    let mut c = dom;
    while block_key(c.block()) != block_key(Some(block)) {
        let Some(parent) = c.parent() else { return false };
        if parent.name() != "scf.if" {
            return false;
        }
        chain.push(parent);
        c = parent;
    }
    move_before(load, dom);
    let mut new_tok = token;
    let in_then = |if_op: Op, inner: Val| -> Option<Op> {
        // Which region holds `inner`'s definition.
        let def_block = inner.defining_op()?.block()?;
        let then_b = region_blocks(if_op.region(0)).first().copied()?;
        let is_then = ancestor_in_block(inner.defining_op()?, then_b).is_some() || def_block.ptr == then_b.ptr;
        Some(add_if_token(if_op, inner, dep, is_then))
    };
    for if_op in chain {
        let Some(new_if) = in_then(if_op, new_tok) else { return false };
        new_tok = new_if.result(new_if.num_results() - 1);
    }
    if !new_tok.same(token) {
        for (u, i) in uses {
            u.set_operand(i, new_tok);
        }
    }
    true
}

/// A copy of `if_op` with one more result: `inner` from the branch that
/// holds it, `outer` from the other one.
fn add_if_token(if_op: Op, inner: Val, outer: Val, inner_in_then: bool) -> Op {
    let ctx = if_op.context();
    let loc = if_op.location();
    let mut results: Vec<Ty> = if_op.results().iter().map(|r| r.ty()).collect();
    results.push(inner.ty());
    let attrs: Vec<(&str, MlirAttribute)> = if_op.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
    let new = Rewriter::build(loc, "scf.if", &[if_op.operand(0)], &results, &attrs, 2);
    InsertPoint::Before(if_op).insert(new);
    unsafe {
        mlirRegionTakeBody(new.region(0), if_op.region(0));
        mlirRegionTakeBody(new.region(1), if_op.region(1));
    }
    if region_blocks(new.region(1)).is_empty() {
        let b = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
        unsafe { mlirRegionAppendOwnedBlock(new.region(1), b) };
        InsertPoint::End(b).create(loc, "scf.yield", &[], &[], &[]);
    }
    let _ = ctx;
    for (r, block) in [(0usize, true), (1, false)] {
        let b = region_blocks(new.region(r))[0];
        let y = block_terminator(b).expect("yield");
        append_operands(y, &[if block == inner_in_then { inner } else { outer }]);
    }
    for (old, n) in if_op.results().into_iter().zip(new.results()) {
        replace_all_uses(old, n);
    }
    erase(if_op);
    new
}

/// After the pipeliner: an allocation before a loop whose first use in each
/// iteration overwrites it entirely sinks into the loop.
fn sink_alloc_to_overwrite(op: Op) -> bool {
    let (dep, dst) = if op.name() == STORE {
        if !is_one(store_pred(op)) {
            return false;
        }
        let Some(dep) = store_dep(op) else { return false };
        (dep, op.operand(0))
    } else {
        let Some((_, dep)) = mma_dep(op) else { return false };
        let Some((use_d, pred)) = mma_use_and_pred(op) else { return false };
        if !is_zero(use_d) || !is_one(pred) {
            return false;
        }
        (dep, op.operand(2))
    };
    let Some(for_op) = op.parent().filter(|p| p.name() == "scf.for") else { return false };
    let Some(tok_no) = as_iter_arg(dep, for_op) else { return false };
    if !has_one_use(dep) || !for_op.result(tok_no).uses().is_empty() {
        return false;
    }
    let init = for_op.operand(3 + tok_no);
    let Some(alloc) = init.defining_op().filter(|d| d.name() == ALLOC) else { return false };
    if alloc_token(alloc).is_none_or(|t| !t.same(init)) || alloc_src(alloc).is_some() || !alloc.result(0).same(dst) {
        return false;
    }
    if !has_one_use(init) || !alloc.result(0).users().iter().all(|u| u.is_within(for_op)) {
        return false;
    }
    move_before(alloc, op);
    op.set_operand(if op.name() == STORE { 1 } else { 3 }, alloc.result(1));
    remove_iter_arg(for_op, tok_no);
    true
}

/// Removes the unused iteration argument `i` (and its result, unused) of
/// `for_op`.
fn remove_iter_arg(for_op: Op, i: usize) -> Op {
    let mut operands = for_op.operands();
    operands.remove(3 + i);
    let results: Vec<Ty> = operands[3..].iter().map(|v| v.ty()).collect();
    let attrs: Vec<(&str, MlirAttribute)> = for_op.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
    let new = Rewriter::build(for_op.location(), "scf.for", &operands, &results, &attrs, 1);
    InsertPoint::Before(for_op).insert(new);
    let yield_op = yield_of(for_op).expect("yield");
    let mut yops = yield_op.operands();
    yops.remove(i);
    yield_op.set_operands(&yops);
    unsafe {
        mlirRegionTakeBody(new.region(0), for_op.region(0));
        if let Some(block) = new.entry_block(0) {
            mlirBlockEraseArgument(block, (i + 1) as u32);
        }
    }
    let old: Vec<Val> = for_op.results();
    let mut k = 0;
    for (j, r) in old.into_iter().enumerate() {
        if j == i {
            continue;
        }
        replace_all_uses(r, new.result(k));
        k += 1;
    }
    erase(for_op);
    new
}
