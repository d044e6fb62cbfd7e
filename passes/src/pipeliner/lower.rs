//! Triton's `lowerLoops` (loads only): each scheduled `tt.load` whose value
//! is used `d > 0` stages later becomes an asynchronous copy into a
//! `d`-deep `ttg.local_alloc` ring buffer.
//!
//! Algorithm, per scheduled loop:
//!
//! 1. Pick the loads: tensor loads used `d > 0` stages after their own stage
//!    whose copy is at least 32 bits per thread and 4 bytes contiguous in the
//!    shared encoding (that of their dot users).
//! 2. One `local_alloc` per load before the loop (`local_dealloc` after it),
//!    then one pair of counters per distinct depth `d`, as new iteration
//!    arguments starting at -1: the insert and extract indices, advanced
//!    modulo `d` at the top of the body.
//! 3. Each load becomes, at its place and stage: `memdesc_index` (insert),
//!    `async_copy_global_to_local`, `async_commit_group`; then, in the stage of
//!    its first user: `async_wait`, `memdesc_index` (extract), `local_load`.
//! 4. New ops join the schedule of their users; an `async_wait {num = 0}`
//!    follows the loop.
use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::Encoding;

use super::schedule::{all_scheduled, is_op_before, Schedule};
use super::{
    add_iter_args, ancestor_in_block, append_operands, body, body_args, body_ops, copy_vec_bytes, is_zero_const, load_mask,
    load_other, load_vec, parse_type, pointee_bits, shared_encoding_for_load, yield_of, InsertPoint,
};
use crate::analysis::axis_info::AxisInfoAnalysis;
use tritium_dialects::spec::{op_has_role, OpRole};

/// Lowers every scheduled loop of `module`.
pub fn lower_loops(module: Op) {
    let loops = super::loops_post_order(module);
    if loops.is_empty() {
        return;
    }
    let axis = AxisInfoAnalysis::run(module);
    for for_op in loops {
        let Some(mut schedule) = Schedule::deserialize(for_op) else { continue };
        let new_for = lower_loads(for_op, &mut schedule, &axis);
        schedule.serialize(new_for);
    }
}

/// The top-level users of `op`'s results in the loop body, following
/// loop-carried values and memdesc views.
fn top_level_users(op: Op, for_op: Op) -> Vec<Op> {
    let Some(block) = body(for_op) else { return Vec::new() };
    let Some(term) = yield_of(for_op) else { return Vec::new() };
    let args = body_args(for_op);
    let mut out: Vec<Op> = Vec::new();
    let mut queue: Vec<(Op, usize)> = Vec::new();
    let push_uses = |v: Val, q: &mut Vec<(Op, usize)>| {
        for user in v.users() {
            for (i, o) in user.operands().iter().enumerate() {
                if o.same(v) {
                    q.push((user, i));
                }
            }
        }
    };
    for r in op.results() {
        push_uses(r, &mut queue);
    }
    let mut steps = 0;
    while let Some((user, index)) = queue.pop() {
        steps += 1;
        if steps > 100_000 {
            break;
        }
        if user.same(term) {
            if let Some(arg) = args.get(index + 1) {
                push_uses(*arg, &mut queue);
            }
            continue;
        }
        if matches!(
            user.name(),
            "ttg.memdesc_index" | "ttg.memdesc_subslice" | "ttg.memdesc_trans" | "ttg.memdesc_reshape" | "ttg.memdesc_reinterpret"
        ) {
            push_uses(user.result(0), &mut queue);
            continue;
        }
        if let Some(top) = ancestor_in_block(user, block) {
            if !out.iter().any(|o| o.same(top)) {
                out.push(top);
            }
        }
    }
    out
}

/// The stage distance between `op` and its earliest top-level user.
fn def_use_stage_diff(op: Op, for_op: Op, schedule: &Schedule) -> i64 {
    let Some((def_stage, _)) = schedule.get(op) else { return 0 };
    let mut users = top_level_users(op, for_op);
    let allocs: Vec<Op> = users.iter().copied().filter(|u| u.name() == "ttg.local_alloc").collect();
    for a in allocs {
        for u in top_level_users(a, for_op) {
            if !users.iter().any(|o| o.same(u)) {
                users.push(u);
            }
        }
    }
    let use_stage = users.iter().filter_map(|u| schedule.get(*u)).map(|(s, _)| s).min();
    use_stage.map(|s| (s - def_stage).max(0)).unwrap_or(0)
}

/// The first user of `op` in the pipelined order.
fn first_use(op: Op, for_op: Op, schedule: &Schedule) -> Option<Op> {
    let mut first: Option<Op> = None;
    for u in top_level_users(op, for_op) {
        if !schedule.contains(u) {
            continue;
        }
        first = match first {
            Some(f) if !is_op_before(schedule, u, f) => Some(f),
            _ => Some(u),
        };
    }
    first
}

struct AsyncLoad {
    load: Op,
    depth: i64,
    shared: Encoding,
    alloc: Option<Val>,
}

/// A memdesc type, or `None` when it cannot be built.
fn memdesc(ctx: mlir_sys::MlirContext, shape: Vec<i64>, element: Ty, encoding: Attr, space: Attr) -> Option<Ty> {
    bridge::build_memdesc(ctx, &MemDesc { alloc_shape: shape.clone(), shape, element, encoding, memory_space: space, mutable: true })
}

/// `memdesc_index alloc[idx]` at `at`.
fn buffer_view(at: InsertPoint, loc: mlir_sys::MlirLocation, alloc: Val, idx: Val) -> Option<Op> {
    let md = bridge::memdesc_of(alloc.ty())?;
    let ctx = alloc.ty().context();
    let ty = memdesc(ctx, md.shape[1..].to_vec(), md.element, md.encoding, md.memory_space)?;
    Some(at.create(loc, "ttg.memdesc_index", &[alloc, idx], &[ty], &[]))
}

/// The memdesc views a buffer passes through on its way to its readers.
const VIEWS: &[&str] =
    &["ttg.memdesc_index", "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret"];

/// Triton's `loadRequiresAdditionalBuffer`: the load's only user is a
/// `local_alloc` (so the copy can land in the buffer the MMA reads, without
/// a non-zero `other`), one of whose readers, past single-use views, is an
/// MMA still reading it after it returns ([`OpRole::AsyncOperandDot`]).
fn needs_extra_buffer(load: Op) -> bool {
    let other = load_other(load);
    if other.is_some_and(|o| !is_zero_const(o)) {
        return false;
    }
    let uses = load.result(0).uses();
    if uses.len() != 1 || uses[0].0.name() != "ttg.local_alloc" {
        return false;
    }
    uses[0].0.result(0).users().into_iter().any(|mut user| {
        for _ in 0..1000 {
            let next = if VIEWS.contains(&user.name()) { user.result(0).users() } else { Vec::new() };
            if next.len() != 1 {
                break;
            }
            user = next[0];
        }
        op_has_role(user.name(), OpRole::AsyncOperandDot)
    })
}

/// Triton's `replaceUsesWithLocalLoad` for its `local_alloc` users: each
/// `local_alloc` of `value` with the buffer's encoding is replaced by the
/// buffer view `view` (views between them and their readers are rebuilt for
/// the mutable type). Returns whether no other use is left (the caller then
/// needs no `local_load`).
fn forward_to_allocs(value: Val, view: Val, schedule: &mut Schedule) -> bool {
    let Some(view_md) = bridge::memdesc_of(view.ty()) else { return false };
    let users = value.uses();
    let mut replaced = 0;
    for (user, _) in &users {
        if user.name() != "ttg.local_alloc" {
            continue;
        }
        let Some(md) = bridge::memdesc_of(user.result(0).ty()) else { continue };
        if md.encoding != view_md.encoding {
            continue;
        }
        replace_and_propagate(user.result(0), view, schedule);
        schedule.erase(*user);
        super::erase(*user);
        replaced += 1;
    }
    replaced == users.len()
}

/// Triton's `replaceUsesAndPropagateType`: uses of `old` take `new`; a view
/// of `old` is rebuilt on `new` with the mutability of `new`.
fn replace_and_propagate(old: Val, new: Val, schedule: &mut Schedule) {
    for (user, index) in old.uses() {
        if VIEWS.contains(&user.name()) && index == 0 {
            let (Some(old_md), Some(new_md)) = (bridge::memdesc_of(user.result(0).ty()), bridge::memdesc_of(new.ty())) else {
                user.set_operand(index, new);
                continue;
            };
            let ty = bridge::build_memdesc(new.ty().context(), &MemDesc { mutable: new_md.mutable, ..old_md });
            let Some(ty) = ty else {
                user.set_operand(index, new);
                continue;
            };
            let mut operands = user.operands();
            operands[0] = new;
            let attrs = user.attributes();
            let attrs: Vec<(&str, Attr)> = attrs.iter().map(|(n, a)| (*n, *a)).collect();
            let rebuilt = InsertPoint::Before(user).create(user.location(), user.name(), &operands, &[ty], &attrs);
            if let Some((stage, cluster)) = schedule.get(user) {
                schedule.insert(rebuilt, stage, cluster);
            }
            replace_and_propagate(user.result(0), rebuilt.result(0), schedule);
            schedule.erase(user);
            super::erase(user);
        } else {
            user.set_operand(index, new);
        }
    }
}

fn lower_loads(for_op: Op, schedule: &mut Schedule, axis: &AxisInfoAnalysis) -> Op {
    let mut loads: Vec<AsyncLoad> = Vec::new();
    for op in body_ops(for_op) {
        if op.name() != "tt.load" {
            continue;
        }
        let depth = def_use_stage_diff(op, for_op, schedule);
        let ty = op.result(0).ty();
        if depth == 0 || !ty.is_tensor() {
            continue;
        }
        let shared = shared_encoding_for_load(op);
        let wide = load_vec(op, axis) * pointee_bits(op.operand(0).ty()) >= 32;
        if wide && copy_vec_bytes(ty, &shared) >= 4 {
            // An MMA still reading its operand buffer after it returns needs
            // one buffer more.
            let depth = if needs_extra_buffer(op) { depth + 1 } else { depth };
            loads.push(AsyncLoad { load: op, depth, shared, alloc: None });
        }
    }
    if loads.is_empty() || !all_scheduled(schedule, for_op) {
        return for_op;
    }
    let ctx = for_op.context();
    let Some(space) = bridge::build(ctx, &Encoding::SharedMemory) else { return for_op };
    // Check every type can be built before touching the IR.
    let mut alloc_types = Vec::new();
    for l in &loads {
        let ty = l.load.result(0).ty();
        let (Some(shape), Some(enc)) = (ty.shape(), bridge::build(ctx, &l.shared)) else { return for_op };
        let mut buffer = vec![l.depth];
        buffer.extend(shape);
        let Some(md) = memdesc(ctx, buffer, ty.element(), enc, space) else { return for_op };
        alloc_types.push(md);
    }
    let token_ty = parse_type(ctx, "!ttg.async.token");
    if token_ty.is_null() {
        return for_op;
    }

    // 2. Buffers and counters.
    for (l, ty) in loads.iter_mut().zip(&alloc_types) {
        let alloc = InsertPoint::Before(for_op).create(l.load.location(), "ttg.local_alloc", &[], &[*ty], &[]);
        InsertPoint::after(for_op).create(for_op.location(), "ttg.local_dealloc", &[alloc.result(0)], &[], &[]);
        l.alloc = Some(alloc.result(0));
    }
    let mut depths: Vec<i64> = Vec::new();
    for l in &loads {
        if !depths.contains(&l.depth) {
            depths.push(l.depth);
        }
    }
    let i32 = Ty::int(ctx, 32);
    let loc = for_op.location();
    let before = InsertPoint::Before(for_op);
    let minus_one = before.const_int(loc, i32, -1);
    let zero = before.const_int(loc, i32, 0);
    let one = before.const_int(loc, i32, 1);
    let first_new = body_args(for_op).len();
    let extra: Vec<Val> = depths.iter().flat_map(|_| [minus_one, minus_one]).collect();
    let for_op = add_iter_args(for_op, &extra);
    let Some(yield_op) = yield_of(for_op) else { return for_op };
    append_operands(yield_op, &extra);
    let Some(block) = body(for_op) else { return for_op };
    let args = body_args(for_op);
    let mut counters: Vec<(i64, Val, Val)> = Vec::new();
    for (i, &depth) in depths.iter().enumerate() {
        let insert = args[first_new + 2 * i];
        let extract = args[first_new + 2 * i + 1];
        let at = InsertPoint::start(block);
        let n = at.const_int(loc, i32, depth);
        let incr = |counter: Val| {
            let add = at.create(loc, "arith.addi", &[counter, one], &[i32], &[]).result(0);
            let pred = Attr::integer(Ty::int(ctx, 64), 5); // sge
            let cmp = at.create(loc, "arith.cmpi", &[add, n], &[Ty::i1(ctx)], &[("predicate", pred)]).result(0);
            at.create(loc, "arith.select", &[cmp, zero, add], &[i32], &[]).result(0)
        };
        counters.push((depth, incr(insert), incr(extract)));
    }

    // 3. Copies, waits and shared loads.
    for l in &loads {
        let load = l.load;
        let (Some(alloc), Some(&(_, insert_idx, extract_idx))) = (l.alloc, counters.iter().find(|c| c.0 == l.depth)) else { continue };
        let Some(user) = first_use(load, for_op, schedule) else { continue };
        let (Some(load_sc), Some(user_sc)) = (schedule.get(load), schedule.get(user)) else { continue };
        let lloc = load.location();
        let at = InsertPoint::Before(load);
        let Some(view) = buffer_view(at, lloc, alloc, insert_idx) else { continue };
        let mask = load_mask(load);
        let other = load_other(load);
        let mut operands = vec![load.operand(0), view.result(0)];
        operands.extend(mask);
        operands.extend(other);
        let sizes = [1, 1, mask.is_some() as i32, other.is_some() as i32];
        let seg_attr = unsafe {
            Attr(mlir_sys::mlirDenseI32ArrayGet(ctx, sizes.len() as isize, sizes.as_ptr()))
        };
        let mut contiguity = axis.contiguity(load.operand(0));
        if let Some(m) = mask {
            contiguity = contiguity.min(axis.mask_alignment(m));
        }
        let mut attrs = vec![("operandSegmentSizes", seg_attr), ("contiguity", super::i32_attr(ctx, contiguity as i64))];
        if let Some(c) = load.attr("cachePolicy") {
            attrs.push(("cachePolicy", c));
        }
        if let Some(v) = load.attr("isVolatile") {
            if v.bool() == Some(true) {
                attrs.push(("isVolatile", v));
            }
        }
        let copy = at.create(lloc, "ttg.async_copy_global_to_local", &operands, &[token_ty], &attrs);
        let commit = at.create(lloc, "ttg.async_commit_group", &[copy.result(0)], &[token_ty], &[]);
        for op in [view, copy, commit] {
            schedule.insert(op, load_sc.0, load_sc.1);
        }
        let wait = at.create(lloc, "ttg.async_wait", &[commit.result(0)], &[token_ty], &[("num", super::i32_attr(ctx, 0))]);
        let Some(view_load) = buffer_view(at, lloc, alloc, extract_idx) else { continue };
        for op in [wait, view_load] {
            schedule.insert(op, user_sc.0, user_sc.1);
        }
        let value = load.result(0);
        let direct = other.is_none() || other.is_some_and(is_zero_const);
        if direct && forward_to_allocs(value, view_load.result(0), schedule) {
            schedule.erase(load);
            super::erase(load);
            continue;
        }
        let local = at.create(lloc, "ttg.local_load", &[view_load.result(0), wait.result(0)], &[value.ty()], &[]);
        schedule.insert(local, user_sc.0, user_sc.1);
        let result = if direct {
            local.result(0)
        } else {
            let select = at.create(lloc, "arith.select", &[mask.unwrap_or(value), local.result(0), other.unwrap_or(value)], &[value.ty()], &[]);
            schedule.insert(select, user_sc.0, user_sc.1);
            select.result(0)
        };
        super::replace_all_uses(value, result);
        schedule.erase(load);
        super::erase(load);
    }
    let mut operands = yield_op.operands();
    for (i, (_, ins, ext)) in counters.iter().enumerate() {
        operands[first_new - 1 + 2 * i] = *ins;
        operands[first_new - 1 + 2 * i + 1] = *ext;
    }
    yield_op.set_operands(&operands);
    schedule.schedule_dependencies(for_op);
    InsertPoint::after(for_op).create(loc, "ttg.async_wait", &[], &[token_ty], &[("num", super::i32_attr(ctx, 0))]);
    for_op
}
