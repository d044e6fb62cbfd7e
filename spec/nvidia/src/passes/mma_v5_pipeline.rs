//! The NVIDIA step of the pipeliner's lowering for fifth-generation MMAs
//! (`ttng.tc_gen5_mma`, `ttng.tc_gen5_mma_scaled`; Triton's `lowerMMAs` in
//! `LowerLoops.cpp`), which `tritongpu-pipeline` and
//! `tritongpu-test-pipeline-lower-loop` run on each scheduled loop before
//! its loads are lowered (the core's [`ScheduledLoopHook`]).
//!
//! Algorithm, per MMA of the loop carrying `tt.self_latency = L > 0` (the
//! attribute is removed):
//!
//! 1. The accumulator's users in the loop bound the stages its tensor
//!    memory lives: `n` = last stage - first stage, one more when the first
//!    user's cluster comes earlier (or it is earlier in the same cluster).
//! 2. New iteration arguments: the barrier phase and index (from 0), and for
//!    `n > 1` the accumulator buffer index (from -1).
//! 3. Operands that cannot be pipelined (buffers filled in the loop) have
//!    their buffer hoisted out of the loop (a store takes its place); the
//!    first such store or accumulator load after the MMA in the pipelined
//!    order is where the MMA must be complete; otherwise `L` stages later.
//! 4. A ring of barriers (one per stage from the MMA to its wait) before the
//!    loop; the MMA becomes asynchronous and arrives on the current one; a
//!    `wait_barrier` (keeping the operand buffers alive) at the completion
//!    point, another before each accumulator load in a conditional block
//!    that comes earlier; the phase flips (and the index advances) at the
//!    end of the body, in the MMA's stage.
//! 5. For `n > 1` the accumulator gets `n` buffers of tensor memory: stores
//!    and MMAs that overwrite it move to the next buffer, loads read the
//!    current one (Triton's `multibufferTensorMemory`).
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::{Cga, Encoding};
use tritium_passes::pipeliner::lower::replace_and_propagate;
use tritium_passes::pipeliner::schedule::{is_op_before, Cluster, Schedule};
use tritium_passes::pipeliner::{
    add_iter_args, ancestor_in_block, append_operands, body, body_args, body_ops, copy_vec_bytes, erase, int_attr,
    is_before_in_block, replace_all_uses, shared_encoding_for_load, walk_post, yield_of, InsertPoint,
};

const MMA: &str = "ttng.tc_gen5_mma";
const MMA_SCALED: &str = "ttng.tc_gen5_mma_scaled";
const TMEM_ALLOC: &str = "ttng.tmem_alloc";
const TMEM_LOAD: &str = "ttng.tmem_load";
const TMEM_STORE: &str = "ttng.tmem_store";
/// The latency of an MMA that `assign-latencies` found can run
/// asynchronously.
const SELF_LATENCY: &str = "tt.self_latency";

/// The hook: lowers the MMAs of a scheduled loop.
pub fn lower_mmas(for_op: Op) -> Result<Option<Op>, String> {
    let mut nested = Vec::new();
    walk_post(for_op, &mut nested);
    let mmas: Vec<Op> = nested.into_iter().filter(|op| matches!(op.name(), MMA | MMA_SCALED)).collect();
    if mmas.iter().all(|mma| mma.attr(SELF_LATENCY).is_none()) {
        return Ok(None);
    }
    let Some(mut schedule) = Schedule::deserialize(for_op) else { return Ok(None) };
    let mut for_op = for_op;
    for mma in mmas {
        let latency = int_attr(mma, SELF_LATENCY).unwrap_or(0);
        mma.remove_attr(SELF_LATENCY);
        if latency <= 0 || !schedule.contains(mma) {
            continue;
        }
        if let Some(new_for) = lower_mma(mma, for_op, &mut schedule, latency)? {
            for_op = new_for;
        }
    }
    schedule.serialize(for_op);
    Ok(Some(for_op))
}

fn i32_ty(ctx: MlirContext) -> Ty {
    Ty::int(ctx, 32)
}

fn dense_i32(ctx: MlirContext, values: &[i32]) -> Attr {
    Attr(unsafe { mlirDenseI32ArrayGet(ctx, values.len() as isize, values.as_ptr()) })
}

/// Builds `name` at `at`, scheduled at `sc` when given.
fn create(
    at: InsertPoint,
    schedule: &mut Schedule,
    sc: Option<(i64, Cluster)>,
    loc: MlirLocation,
    name: &str,
    operands: &[Val],
    results: &[Ty],
    attrs: &[(&str, Attr)],
) -> Op {
    let op = at.create(loc, name, operands, results, attrs);
    if let Some((stage, cluster)) = sc {
        schedule.insert(op, stage, cluster);
    }
    op
}

/// An `i32` constant (or `i1` when `bits` is 1) at `at`.
fn constant(at: InsertPoint, schedule: &mut Schedule, sc: Option<(i64, Cluster)>, loc: MlirLocation, bits: u32, value: i64) -> Val {
    let ctx = unsafe { mlirLocationGetContext(loc) };
    let ty = Ty::int(ctx, bits);
    create(at, schedule, sc, loc, "arith.constant", &[], &[ty], &[("value", Attr::integer(ty, value))]).result(0)
}

/// `memdesc_index alloc[idx]` at `at`.
fn buffer_view(at: InsertPoint, schedule: &mut Schedule, sc: Option<(i64, Cluster)>, loc: MlirLocation, alloc: Val, idx: Val) -> Option<Val> {
    let md = bridge::memdesc_of(alloc.ty())?;
    let ty = bridge::build_memdesc(
        alloc.ty().context(),
        &MemDesc { alloc_shape: md.shape[1..].to_vec(), shape: md.shape[1..].to_vec(), ..md },
    )?;
    Some(create(at, schedule, sc, loc, "ttg.memdesc_index", &[alloc, idx], &[ty], &[]).result(0))
}

/// Triton's `createIncrementModulo`: `(counter + 1) % modulus` as a compare
/// and select; also the wrap condition.
fn increment_modulo(
    at: InsertPoint,
    schedule: &mut Schedule,
    sc: Option<(i64, Cluster)>,
    loc: MlirLocation,
    counter: Val,
    modulus: Val,
    zero: Val,
    one: Val,
) -> (Val, Val) {
    let ctx = counter.ty().context();
    let add = create(at, schedule, sc, loc, "arith.addi", &[counter, one], &[i32_ty(ctx)], &[]).result(0);
    let sge = Attr::integer(Ty::int(ctx, 64), 5);
    let wrap = create(at, schedule, sc, loc, "arith.cmpi", &[add, modulus], &[Ty::i1(ctx)], &[("predicate", sge)]).result(0);
    let next = create(at, schedule, sc, loc, "arith.select", &[wrap, zero, add], &[i32_ty(ctx)], &[]).result(0);
    (next, wrap)
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

/// Whether `a` properly dominates `b` in `a`'s block (`b` nested in `a`
/// counts, as MLIR's `properlyDominates` with enclosing ops).
fn dominates(a: Op, b: Op) -> bool {
    if a.same(b) {
        return false;
    }
    let Some(block) = a.block() else { return false };
    match ancestor_in_block(b, block) {
        Some(anc) if anc.same(a) => true,
        Some(anc) => is_before_in_block(a, anc),
        None => false,
    }
}

/// The operand index ranges of an op with `operandSegmentSizes`.
fn segments(op: Op) -> Option<Vec<i32>> {
    op.attr("operandSegmentSizes").and_then(|a| a.i32_array())
}

/// The A and B operands of an MMA, and the scales of a scaled one.
fn wait_buffers(mma: Op) -> Vec<Val> {
    let mut out = vec![mma.operand(0), mma.operand(1)];
    if mma.name() == MMA_SCALED {
        if let Some(scales) = scales(mma) {
            out.extend(scales);
        }
    }
    out
}

/// The A and B scales of a scaled MMA.
fn scales(mma: Op) -> Option<[Val; 2]> {
    let segs = segments(mma)?;
    let first = 3 + *segs.get(3)? as usize;
    Some([mma.operand(first), mma.operand(first + 1)])
}

/// The `useD` operand of an MMA.
fn use_acc(mma: Op) -> Option<Val> {
    let segs = segments(mma)?;
    let index: i32 = segs.iter().take(if mma.name() == MMA_SCALED { 6 } else { 4 }).sum();
    Some(mma.operand(index as usize))
}

/// Triton's `getTmemUseStageBoundOps`: the first and last (in the pipelined
/// order) top-level ops using `alloc` in the loop.
fn tmem_use_bounds(alloc: Val, for_op: Op, schedule: &Schedule) -> Option<(Op, Op)> {
    let block = body(for_op)?;
    let mut bounds: Option<(Op, Op)> = None;
    for user in alloc.users() {
        if !user.parent().is_some_and(|p| p.is_within(for_op)) {
            continue;
        }
        let top = ancestor_in_block(user, block)?;
        bounds = Some(match bounds {
            None => (top, top),
            Some((first, last)) => (
                if is_op_before(schedule, top, first) { top } else { first },
                if is_op_before(schedule, last, top) { top } else { last },
            ),
        });
    }
    bounds
}

fn lower_mma(mma: Op, for_op: Op, schedule: &mut Schedule, latency: i64) -> Result<Option<Op>, String> {
    let alloc = mma.operand(2);
    let Some((first, last)) = tmem_use_bounds(alloc, for_op, schedule) else { return Ok(None) };
    let (Some((first_stage, first_cluster)), Some((last_stage, last_cluster))) = (schedule.get(first), schedule.get(last)) else {
        return Err("op not found in the schedule".into());
    };
    let mut tmem_stages = last_stage - first_stage;
    if schedule.cluster_before(first_cluster, last_cluster) || (first_cluster == last_cluster && is_before_in_block(first, last)) {
        tmem_stages += 1;
    }
    let tmem_alloc = alloc.defining_op().filter(|d| d.name() == TMEM_ALLOC);
    if tmem_stages > 1 && tmem_alloc.is_none() {
        return Ok(None);
    }

    let ctx = for_op.context();
    let loc = for_op.location();
    let before = InsertPoint::Before(for_op);
    let minus_one = constant(before, schedule, None, loc, 32, -1);
    let zero = constant(before, schedule, None, loc, 32, 0);
    let mut extra = vec![zero, zero];
    if tmem_stages > 1 {
        extra.push(minus_one);
    }
    let first_new = body_args(for_op).len();
    let for_op = add_iter_args(for_op, &extra);
    let args = body_args(for_op);
    let (phase, barrier_arg) = (args[first_new], args[first_new + 1]);
    let mut carried = vec![phase, barrier_arg];
    if tmem_stages > 1 {
        carried.push(args[first_new + 2]);
    }
    let yield_op = yield_of(for_op).ok_or("scf.for without a yield")?;
    append_operands(yield_op, &carried);
    minus_one.defining_op().filter(|op| op.result(0).uses().is_empty()).map(erase);

    let mma = create_barrier_and_waits(for_op, schedule, mma, latency, phase, barrier_arg, ctx)?;
    if tmem_stages > 1 {
        if let Some(tmem_alloc) = tmem_alloc {
            multibuffer_tensor_memory(for_op, schedule, tmem_alloc, args[first_new + 2], first_new + 2, tmem_stages, mma)?;
        }
    }
    Ok(Some(for_op))
}

/// Triton's `isOperandPipelineableBase` with nothing pipelineable up front:
/// whether `v` is ready when the MMA is issued in a pipelined loop (defined
/// outside it, or a buffer of a load that is pipelined into shared
/// memory); `found` is set to the op that fills the buffer otherwise.
fn operand_pipelineable(v: Val, for_op: Op, found: &mut Option<Op>, pipelined: &dyn Fn(Op) -> bool) -> bool {
    if defined_outside(v, for_op) {
        return true;
    }
    let mut v = v;
    let Some(mut def) = v.defining_op() else { return false };
    while matches!(def.name(), "ttg.memdesc_trans" | "ttg.memdesc_reshape") {
        v = def.operand(0);
        let Some(d) = v.defining_op() else { return false };
        def = d;
    }
    if matches!(def.name(), "ttg.local_store" | TMEM_STORE | TMEM_ALLOC) {
        *found = Some(def);
        return false;
    }
    if def.name() != "ttg.local_alloc" {
        return false;
    }
    *found = Some(def);
    if def.num_operands() == 0 {
        return false;
    }
    let src = def.operand(0);
    if defined_outside(src, for_op) {
        return true;
    }
    let Some(load) = src.defining_op().filter(|d| matches!(d.name(), "tt.load" | "tt.descriptor_load" | "tt.descriptor_gather")) else {
        return false;
    };
    *found = Some(load);
    pipelined(load) && can_be_async_load(load)
}

/// Triton's `canBeAsyncLoad`.
fn can_be_async_load(load: Op) -> bool {
    if load.name() == "tt.load" {
        let ty = load.result(0).ty();
        return ty.is_tensor() && copy_vec_bytes(ty, &shared_encoding_for_load(load)) >= 4;
    }
    (super::tma_pipeline::HOOKS.buffer_encoding)(load).is_some()
}

/// Whether a memdesc lives in shared memory (a `#ttg` shared encoding).
fn is_shared(v: Val) -> bool {
    bridge::memdesc_of(v.ty()).is_some_and(|md| {
        let text = md.encoding.to_string();
        text.starts_with("#ttg.") && text.contains("shared")
    })
}

/// Triton's `MMAv5PipelineableOperandsHelper`: (all operands pipelineable,
/// their state determined, the ops filling the unpipelineable ones).
fn operands_state(mma: Op, for_op: Op, pipelined: &dyn Fn(Op) -> bool) -> (bool, bool, Vec<Op>) {
    let Some(alloc) = mma.operand(2).defining_op().filter(|d| d.name() == TMEM_ALLOC) else { return (false, true, Vec::new()) };
    if alloc.is_within(for_op) {
        return (false, true, Vec::new());
    }
    let mut determined = true;
    let mut defs = Vec::new();
    let mut found = None;
    let check = |v: Val, found: &mut Option<Op>, defs: &mut Vec<Op>, determined: &mut bool| {
        if !operand_pipelineable(v, for_op, found, pipelined) {
            match *found {
                Some(def) => defs.push(def),
                None => *determined = false,
            }
        }
    };
    check(mma.operand(0), &mut found, &mut defs, &mut determined);
    check(mma.operand(1), &mut found, &mut defs, &mut determined);
    if mma.name() == MMA_SCALED {
        let Some([a_scale, b_scale]) = scales(mma) else { return (false, false, defs) };
        let unready = |s: Val| !is_shared(s) && !defined_outside(s, for_op);
        if unready(a_scale) || unready(b_scale) {
            return (false, false, defs);
        }
        check(a_scale, &mut found, &mut defs, &mut determined);
        check(b_scale, &mut found, &mut defs, &mut determined);
    }
    (determined && defs.is_empty(), determined, defs)
}

/// Triton's `hoistBufferOutOfLoop`: a `tmem_alloc` / `local_alloc` of the
/// loop becomes a mutable allocation before the loop and a store at its
/// place; returns the store.
fn hoist_buffer_out_of_loop(for_op: Op, op: Op, schedule: &mut Schedule) -> Option<Op> {
    if !matches!(op.name(), TMEM_ALLOC | "ttg.local_alloc") || !op.is_within(for_op) || op.num_operands() == 0 {
        return None;
    }
    let md = bridge::memdesc_of(op.result(0).ty())?;
    let mutable = bridge::build_memdesc(op.context(), &MemDesc { mutable: true, ..md })?;
    let clone = Op(unsafe { mlirOperationClone(op.0) });
    InsertPoint::Before(for_op).insert(clone);
    clone.set_operands(&[]);
    clone.result(0).set_type(mutable);
    let sc = schedule.get(op);
    let after = InsertPoint::after(op);
    let loc = op.location();
    let store = if op.name() == TMEM_ALLOC {
        let pred = constant(after, schedule, sc, loc, 1, 1);
        create(after, schedule, sc, loc, TMEM_STORE, &[clone.result(0), op.operand(0), pred], &[], &[])
    } else {
        create(after, schedule, sc, loc, "ttg.local_store", &[op.operand(0), clone.result(0)], &[], &[])
    };
    replace_and_propagate(op.result(0), clone.result(0), schedule);
    if op.num_results() > 1 && clone.num_results() > 1 {
        replace_all_uses(op.result(1), clone.result(1));
    }
    schedule.erase(op);
    erase(op);
    Some(store)
}

/// Triton's `CoarseSchedule::splitClusterBefore`: the ops before `op` in
/// its cluster move to a new cluster just before it; returns `op`'s cluster.
fn split_cluster_before(schedule: &mut Schedule, op: Op, for_op: Op) -> Option<Cluster> {
    let (_, cluster) = schedule.get(op)?;
    let mut new_cluster = None;
    for other in body_ops(for_op) {
        if other.same(op) {
            break;
        }
        if let Some((stage, c)) = schedule.get(other) {
            if c == cluster {
                let nc = match new_cluster {
                    Some(nc) => nc,
                    None => {
                        let nc = schedule.new_before(cluster);
                        new_cluster = Some(nc);
                        nc
                    }
                };
                schedule.insert(other, stage, nc);
            }
        }
    }
    Some(cluster)
}

/// Triton's `CoarseSchedule::linearized(forOp, initial).findNext(pred)`:
/// the first op after `initial` in the pipelined order (cluster by cluster,
/// wrapping into the next iteration with one stage more allowed) that
/// satisfies `pred`, until `initial` comes back in its last stage.
fn find_next_linearized(schedule: &Schedule, for_op: Op, initial: Op, pred: &dyn Fn(Op) -> bool) -> Option<Op> {
    let ops = body_ops(for_op);
    let clusters = schedule.clusters().to_vec();
    let (stage, cluster) = schedule.get(initial)?;
    let mut ci = clusters.iter().position(|&c| c == cluster)?;
    let mut limit = stage;
    let mut i = ops.iter().position(|o| o.same(initial))? + 1;
    for _ in 0..(clusters.len() + 1) * (schedule.num_stages as usize + 2) {
        while i < ops.len() {
            let op = ops[i];
            if let Some((s, c)) = schedule.get(op) {
                if c == clusters[ci] {
                    if op.same(initial) && limit >= schedule.num_stages {
                        return None;
                    }
                    if s <= limit && pred(op) {
                        return Some(op);
                    }
                }
            }
            i += 1;
        }
        ci += 1;
        i = 0;
        if ci == clusters.len() {
            ci = 0;
            limit += 1;
        }
    }
    None
}

/// Triton's `createBarrierAlloc`: `count` barriers before the loop, each
/// initialised for one arrival; invalidated and freed after it.
fn create_barrier_alloc(for_op: Op, schedule: &mut Schedule, count: i64) -> Option<Val> {
    let ctx = for_op.context();
    let loc = for_op.location();
    let encoding = bridge::build(ctx, &Encoding::SwizzledShared { vec: 1, per_phase: 1, max_phase: 1, order: vec![0], cga: Cga::default() })?;
    let space = bridge::build(ctx, &Encoding::SharedMemory)?;
    let ty = bridge::build_memdesc(
        ctx,
        &MemDesc { alloc_shape: vec![count, 1], shape: vec![count, 1], element: Ty::int(ctx, 64), encoding, memory_space: space, mutable: true },
    )?;
    let before = InsertPoint::Before(for_op);
    let alloc = create(before, schedule, None, loc, "ttg.local_alloc", &[], &[ty], &[]).result(0);
    for i in 0..count {
        let idx = constant(before, schedule, None, loc, 32, i);
        let view = buffer_view(before, schedule, None, loc, alloc, idx)?;
        create(before, schedule, None, loc, "ttng.init_barrier", &[view], &[], &[("count", Attr::integer(i32_ty(ctx), 1))]);
    }
    let after = InsertPoint::after(for_op);
    for i in 0..count {
        let idx = constant(after, schedule, None, loc, 32, i);
        let view = buffer_view(after, schedule, None, loc, alloc, idx)?;
        create(after, schedule, None, loc, "ttng.inval_barrier", &[view], &[], &[]);
    }
    create(after, schedule, None, loc, "ttg.local_dealloc", &[alloc], &[], &[]);
    Some(alloc)
}

/// `ttng.wait_barrier %barrier, %phase deps %buffers` at `at`.
fn wait_barrier(at: InsertPoint, schedule: &mut Schedule, sc: Option<(i64, Cluster)>, loc: MlirLocation, barrier: Val, phase: Val, deps: &[Val]) -> Op {
    let ctx = barrier.ty().context();
    let mut operands = vec![barrier, phase];
    operands.extend_from_slice(deps);
    let segs = dense_i32(ctx, &[1, 1, 0, deps.len() as i32]);
    create(at, schedule, sc, loc, "ttng.wait_barrier", &operands, &[], &[("operandSegmentSizes", segs)])
}

/// Rebuilds `mma` with its operands changed by `edit` (the operand list and
/// the segment sizes) and `is_async` when `make_async`; the new op takes
/// the old one's place, uses and schedule.
fn rebuild(mma: Op, schedule: &mut Schedule, make_async: bool, edit: impl FnOnce(&mut Vec<Val>, &mut Vec<i32>)) -> Option<Op> {
    let ctx = mma.context();
    let mut segs = segments(mma)?;
    let mut operands = mma.operands();
    // a, b, d, acc_dep, ..., barriers, barrier_preds
    if segs.len() < 6 || segs.iter().map(|&n| n.max(0) as usize).sum::<usize>() != operands.len() {
        return None;
    }
    edit(&mut operands, &mut segs);
    let mut attrs: Vec<(&str, Attr)> = mma.attributes().into_iter().filter(|(n, _)| *n != "operandSegmentSizes").collect();
    attrs.push(("operandSegmentSizes", dense_i32(ctx, &segs)));
    if make_async && mma.attr("is_async").is_none() {
        attrs.push(("is_async", Attr(unsafe { mlirUnitAttrGet(ctx) })));
    }
    let results: Vec<Ty> = mma.results().iter().map(|r| r.ty()).collect();
    let raw: Vec<(&str, MlirAttribute)> = attrs.iter().map(|(n, a)| (*n, a.0)).collect();
    let new = Rewriter::build(mma.location(), mma.name(), &operands, &results, &raw, 0);
    if new.0.ptr.is_null() {
        return None;
    }
    InsertPoint::Before(mma).insert(new);
    for (old, newr) in mma.results().into_iter().zip(new.results()) {
        replace_all_uses(old, newr);
    }
    if let Some((stage, cluster)) = schedule.get(mma) {
        schedule.insert(new, stage, cluster);
    }
    schedule.erase(mma);
    erase(mma);
    Some(new)
}

/// Triton's `createBarrierAndWaitOps`; returns the (rebuilt) MMA.
fn create_barrier_and_waits(
    for_op: Op,
    schedule: &mut Schedule,
    mma: Op,
    latency: i64,
    phase: Val,
    barrier_arg: Val,
    ctx: MlirContext,
) -> Result<Op, String> {
    let fail = || "could not build the barriers of an asynchronous MMA".to_string();
    let alloc = mma.operand(2);
    let mma_stage = schedule.get(mma).ok_or_else(fail)?.0;
    let mut sync: Vec<Op> =
        alloc.users().into_iter().filter(|u| u.name() == TMEM_LOAD && u.block().zip(mma.block()).is_some_and(|(a, b)| a.ptr == b.ptr)).collect();
    let (pipelineable, determined, defs) = {
        let pipelined = |op: Op| schedule.get(op).is_some_and(|(s, _)| mma_stage > s);
        operands_state(mma, for_op, &pipelined)
    };
    for def in defs {
        let store = hoist_buffer_out_of_loop(for_op, def, schedule);
        if !pipelineable && determined {
            sync.push(store.unwrap_or(def));
        }
    }
    let latest = find_next_linearized(schedule, for_op, mma, &|op| sync.iter().any(|s| s.same(op)));
    let mut wait_stage = mma_stage + latency;
    let mut wait_cluster = schedule.get(mma).ok_or_else(fail)?.1;
    if let Some(point) = latest.filter(|_| determined) {
        wait_stage = if is_op_before(schedule, point, mma) { mma_stage + 1 } else { schedule.get(point).ok_or_else(fail)?.0 };
        let cluster = split_cluster_before(schedule, point, for_op).ok_or_else(fail)?;
        wait_cluster = schedule.new_before(cluster);
    }
    let num_stages = wait_stage - mma_stage + 1;

    let barriers = create_barrier_alloc(for_op, schedule, num_stages).ok_or_else(fail)?;
    let mma_sc = schedule.get(mma);
    let at = InsertPoint::Before(mma);
    let loc = mma.location();
    let floc = for_op.location();
    let v_true = constant(at, schedule, mma_sc, loc, 1, 1);
    let zero = constant(at, schedule, mma_sc, floc, 32, 0);
    let barrier_idx = if num_stages > 1 { barrier_arg } else { zero };
    let one = constant(at, schedule, mma_sc, floc, 32, 1);
    let stages_val = constant(at, schedule, mma_sc, floc, 32, num_stages);
    let slice = buffer_view(at, schedule, mma_sc, floc, barriers, barrier_idx).ok_or_else(fail)?;
    let mma = rebuild(mma, schedule, true, |operands, segs| {
        let n = segs.len();
        let end_of_barriers: i32 = segs[..n - 1].iter().sum();
        operands.insert(end_of_barriers as usize, slice);
        operands.push(v_true);
        segs[n - 2] += 1;
        segs[n - 1] += 1;
    })
    .ok_or_else(fail)?;
    let deps = wait_buffers(mma);
    wait_barrier(InsertPoint::after(mma), schedule, Some((wait_stage, wait_cluster)), loc, slice, phase, &deps);

    // Waits before accumulator loads in conditional blocks that come first.
    let block = body(for_op).ok_or_else(fail)?;
    for user in mma.operand(2).users() {
        if user.name() != TMEM_LOAD || user.block().zip(mma.block()).is_some_and(|(a, b)| a.ptr == b.ptr) {
            continue;
        }
        let Some(top) = ancestor_in_block(user, block) else { continue };
        let Some((stage, cluster)) = schedule.get(top) else { continue };
        if stage < wait_stage {
            wait_barrier(InsertPoint::Before(user), schedule, Some((stage, cluster)), loc, slice, phase, &deps);
        }
    }

    let yield_op = yield_of(for_op).ok_or_else(fail)?;
    let at = InsertPoint::Before(yield_op);
    let i32 = i32_ty(ctx);
    let mut new_phase = create(at, schedule, mma_sc, floc, "arith.xori", &[phase, one], &[i32], &[]).result(0);
    let mut new_idx = barrier_idx;
    if num_stages > 1 {
        let (next, wrap) = increment_modulo(at, schedule, mma_sc, floc, barrier_idx, stages_val, zero, one);
        new_idx = next;
        new_phase = create(at, schedule, mma_sc, floc, "arith.select", &[wrap, new_phase, phase], &[i32], &[]).result(0);
    }
    let operands: Vec<Val> = yield_op
        .operands()
        .into_iter()
        .map(|v| if v.same(phase) { new_phase } else if v.same(barrier_idx) { new_idx } else { v })
        .collect();
    yield_op.set_operands(&operands);
    Ok(mma)
}

/// Triton's `multibufferTensorMemory`: the accumulator `alloc` gets
/// `stages` buffers; `buf_arg` (iteration argument `buf_index` of the
/// loop's results) is the current buffer's index.
fn multibuffer_tensor_memory(
    for_op: Op,
    schedule: &mut Schedule,
    alloc: Op,
    buf_arg: Val,
    buf_index: usize,
    stages: i64,
    _mma: Op,
) -> Result<(), String> {
    let fail = || "could not multi-buffer the accumulator of an asynchronous MMA".to_string();
    let ctx = for_op.context();
    let i32 = i32_ty(ctx);
    let first_op = body_ops(for_op).first().copied().ok_or_else(fail)?;
    let mut defs: Vec<(Op, Val)> = vec![(first_op, buf_arg)];
    let current = |defs: &Vec<(Op, Val)>, op: Op| defs.iter().rev().find(|(d, _)| dominates(*d, op)).map(|(_, v)| *v);

    let sc = schedule.get(alloc);
    let at = InsertPoint::Before(alloc);
    let loc = alloc.location();
    let md = bridge::memdesc_of(alloc.result(0).ty()).ok_or_else(fail)?;
    let mut shape = vec![stages];
    shape.extend(md.shape.iter().copied());
    let multi = bridge::build_memdesc(ctx, &MemDesc { alloc_shape: shape.clone(), shape, mutable: true, ..md }).ok_or_else(fail)?;
    let token_ty = tritium_passes::pipeliner::parse_type(ctx, "!ttg.async.token");
    let new_alloc = create(at, schedule, sc, loc, TMEM_ALLOC, &[], &[multi, token_ty], &[]);
    let stages_val = constant(at, schedule, sc, loc, 32, stages);
    let zero = constant(at, schedule, sc, loc, 32, 0);
    let one = constant(at, schedule, sc, loc, 32, 1);
    let poison = InsertPoint::Before(for_op).create(for_op.location(), "ub.poison", &[], &[token_ty], &[]).result(0);
    replace_all_uses(new_alloc.result(1), poison);

    let mut valid = false;
    for user in alloc.result(0).users() {
        match user.name() {
            TMEM_STORE => {
                // dst, [dep], src, pred
                let has_dep = user.num_operands() == 4;
                let (src, pred) = if has_dep { (user.operand(2), user.operand(3)) } else { (user.operand(1), user.operand(2)) };
                if user.num_results() > 0 {
                    replace_all_uses(user.result(0), poison);
                }
                if user.is_within(for_op) {
                    valid = true;
                    let usc = schedule.get(ancestor_in_block(user, body(for_op).ok_or_else(fail)?).ok_or_else(fail)?);
                    let at = InsertPoint::Before(user);
                    let cur = current(&defs, user).ok_or_else(fail)?;
                    let (mut next, _) = increment_modulo(at, schedule, usc, for_op.location(), cur, stages_val, zero, one);
                    if !is_const_true(pred) {
                        next = create(at, schedule, usc, loc, "arith.select", &[pred, next, cur], &[i32], &[]).result(0);
                    }
                    replace_dominated(user, next, cur);
                    defs.push((user, next));
                    let slice = buffer_view(at, schedule, usc, loc, new_alloc.result(0), next).ok_or_else(fail)?;
                    user.set_operands(&[slice, src, pred]);
                } else {
                    let slice = buffer_view(InsertPoint::Before(user), schedule, None, loc, new_alloc.result(0), zero).ok_or_else(fail)?;
                    user.set_operands(&[slice, src, pred]);
                }
            }
            TMEM_LOAD => {
                if user.num_results() > 1 && user.result(1).ty().to_string() == "!ttg.async.token" {
                    replace_all_uses(user.result(1), poison);
                }
                if user.is_within(for_op) {
                    let usc = schedule.get(ancestor_in_block(user, body(for_op).ok_or_else(fail)?).ok_or_else(fail)?);
                    let cur = current(&defs, user).ok_or_else(fail)?;
                    let slice = buffer_view(InsertPoint::Before(user), schedule, usc, loc, new_alloc.result(0), cur).ok_or_else(fail)?;
                    user.set_operands(&[slice]);
                } else {
                    let idx = for_op.result(buf_index - 1);
                    let slice = buffer_view(InsertPoint::Before(user), schedule, None, loc, new_alloc.result(0), idx).ok_or_else(fail)?;
                    user.set_operands(&[slice]);
                }
            }
            MMA | MMA_SCALED => {
                let usc = schedule.get(user);
                let use_d = use_acc(user).ok_or_else(fail)?;
                valid = !is_const_true(use_d);
                let cur = current(&defs, user).ok_or_else(fail)?;
                let at = InsertPoint::Before(user);
                let (next, _) = increment_modulo(at, schedule, usc, for_op.location(), cur, stages_val, zero, one);
                let next = create(at, schedule, usc, for_op.location(), "arith.select", &[use_d, cur, next], &[i32], &[]).result(0);
                replace_dominated(user, next, cur);
                let slice = buffer_view(at, schedule, usc, loc, new_alloc.result(0), next).ok_or_else(fail)?;
                if user.num_results() > 0 {
                    replace_all_uses(user.result(0), poison);
                }
                let rebuilt = rebuild(user, schedule, false, |operands, segs| {
                    let dep = segs[3] as usize;
                    operands[2] = slice;
                    if dep == 1 {
                        operands.remove(3);
                        segs[3] = 0;
                    }
                })
                .ok_or_else(fail)?;
                defs.push((rebuilt, next));
            }
            other => return Err(format!("unsupported user of the accumulator: {other}")),
        }
    }
    if !valid {
        return Err("cannot multi-buffer the accumulator: no store to it in the loop, and the MMA always accumulates".into());
    }
    if alloc.num_results() > 1 {
        replace_all_uses(alloc.result(1), new_alloc.result(1));
    }
    schedule.erase(alloc);
    erase(alloc);
    let (last_def, last) = *defs.last().ok_or_else(fail)?;
    let def_op = last.defining_op().unwrap_or(last_def);
    replace_dominated(def_op, last, buf_arg);
    Ok(())
}

/// Whether `v` is the constant `true`.
fn is_const_true(v: Val) -> bool {
    v.defining_op()
        .filter(|d| d.name() == "arith.constant")
        .and_then(|d| d.attr("value"))
        .is_some_and(|a| a.bool() == Some(true) || (a.int() == Some(1) && v.ty().bit_width() == 1) || a.int() == Some(-1))
}

/// Triton's `replaceAllUsesDominatedBy`: uses of `old` in ops `dom`
/// properly dominates take `new`.
fn replace_dominated(dom: Op, new: Val, old: Val) {
    if new.same(old) {
        return;
    }
    for (user, index) in old.uses() {
        if dominates(dom, user) {
            user.set_operand(index, new);
        }
    }
}
