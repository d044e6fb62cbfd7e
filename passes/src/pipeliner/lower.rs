//! Triton's `lowerLoops` (loads only): each scheduled `tt.load` or
//! `tt.descriptor_load` whose value is used `d > 0` stages later becomes an
//! asynchronous copy into a `d`-deep `ttg.local_alloc` ring buffer.
//!
//! Algorithm, per scheduled loop:
//!
//! 1. Pick the loads: tensor loads used `d > 0` stages after their own stage
//!    whose copy is at least 32 bits per thread and 4 bytes contiguous in the
//!    shared encoding (that of their dot users); descriptor loads the backend
//!    can copy asynchronously ([`DescriptorCopyHooks`]). A load whose buffer
//!    an MMA still reads after it returns gets one buffer more.
//! 2. One `local_alloc` per load before the loop (`local_dealloc` after it),
//!    then one group of counters per distinct depth `d`, as new iteration
//!    arguments: the insert and extract indices (starting at -1), advanced
//!    modulo `d` at the top of the body, and for a group holding descriptor
//!    loads the barrier phase (starting at 0), flipped when the extract
//!    index wraps.
//! 3. Descriptor loads next to each other in the body, of one depth and one
//!    place in the schedule, with no use between them share a barrier ring
//!    (`d` barriers, initialised before the loop and invalidated after it):
//!    before the first, the insert barrier expects the bytes of all of them;
//!    after the last, in the stage of their first user, the extract barrier
//!    is waited on at the current phase.
//! 4. Each `tt.load` becomes, at its place and stage: `memdesc_index`
//!    (insert), `async_copy_global_to_local`, `async_commit_group`; then, in
//!    the stage of its first user: `async_wait`, `memdesc_index` (extract),
//!    `local_load`. Each descriptor load becomes the backend's copy into the
//!    insert buffer, completing on its group's barrier, and, after the
//!    group's wait, a view of the extract buffer. A `local_alloc` of the
//!    loaded value with the buffer's encoding becomes that view.
//! 5. New ops join the schedule of their users; an `async_wait {num = 0}`
//!    follows a loop with `async_copy_global_to_local`s.
use std::collections::HashSet;

use tritium_dialects::ir::{Attr, Op, Ty, Val};
use tritium_dialects::pass::emit_error;
use tritium_dialects::ttg::bridge::{self, MemDesc};
use tritium_dialects::ttg::encoding::{Cga, Encoding};
use tritium_dialects::ttg::to_linear::default_blocked;

use super::schedule::{all_scheduled, is_op_before, Schedule};
use super::{
    add_iter_args, ancestor_in_block, append_operands, body, body_args, body_ops, copy_vec_bytes, is_descriptor_load, is_zero_const,
    key, load_mask, load_other, load_vec, parse_type, pointee_bits, shared_encoding_for_load, yield_of, InsertPoint,
};
use crate::analysis::axis_info::AxisInfoAnalysis;
use tritium_dialects::spec::{descriptor_copies, op_has_role, DescriptorCopyHooks, OpRole};

/// Lowers every scheduled loop of `module` (an error was emitted when it
/// fails).
pub fn lower_loops(module: Op) -> Result<(), ()> {
    let loops = super::loops_post_order(module);
    if loops.is_empty() {
        return Ok(());
    }
    let axis = AxisInfoAnalysis::run(module);
    // Descriptor loads need the backend's copies, and one CTA (the barriers
    // are not spread over a cluster).
    let one_cta = module.attr("ttg.num-ctas").and_then(|a| a.int()).unwrap_or(1) == 1;
    let copies = descriptor_copies(crate::mma_utils::module_target(module).as_deref()).filter(|_| one_cta);
    let target = crate::mma_utils::module_target(module);
    let backend_step = tritium_dialects::spec::scheduled_loop(target.as_deref());
    for for_op in loops {
        // The backend's asynchronous ops first (Triton's `lowerMMAs`).
        let for_op = match backend_step.map(|step| step(for_op)) {
            Some(Ok(Some(new_for))) => new_for,
            Some(Err(message)) => {
                emit_error(for_op, &message);
                return Err(());
            }
            _ => for_op,
        };
        let Some(mut schedule) = Schedule::deserialize(for_op) else { continue };
        let new_for = lower_loads(for_op, &mut schedule, &axis, copies)?;
        let new_for = match copies {
            Some(hooks) => lower_descriptor_creation(new_for, &mut schedule, &hooks)?,
            None => new_for,
        };
        schedule.serialize(new_for);
    }
    Ok(())
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

/// The stage distance between `op` and its earliest top-level user
/// (Triton's `getDefUseStageDiff`; the users of a `local_alloc` of a load
/// count as its users).
fn def_use_stage_diff(op: Op, for_op: Op, schedule: &Schedule) -> i64 {
    let Some((def_stage, def_cluster)) = schedule.get(op) else { return 0 };
    let mut users = top_level_users(op, for_op);
    let allocs: Vec<Op> = users.iter().copied().filter(|u| u.name() == "ttg.local_alloc").collect();
    for a in allocs {
        for u in top_level_users(a, for_op) {
            if !users.iter().any(|o| o.same(u)) {
                users.push(u);
            }
        }
    }
    // A user in a later cluster than the load (conditional code moved to
    // the epilogue cluster) still reads the buffer when the next stage's
    // copy starts: it counts one stage later.
    let later = |c| schedule.position(c) > schedule.position(def_cluster);
    let mut use_stage = users.iter().filter_map(|u| schedule.get(*u)).map(|(s, c)| s + i64::from(later(c))).min();
    // A wait whose dependencies include the buffer keeps it in use until it
    // completes: the buffer lives until the furthest such wait.
    for u in users.iter().filter(|u| op_has_role(u.name(), OpRole::BufferWait)) {
        if let Some((s, _)) = schedule.get(*u) {
            use_stage = Some(use_stage.map_or(s, |m| m.max(s)));
        }
    }
    use_stage.map(|s| (s - def_stage).max(0)).unwrap_or(0)
}

/// The first user of `ops` in the pipelined order (Triton's
/// `getFirstUseOfPipelinedOp`).
fn first_use(ops: &[Op], for_op: Op, schedule: &Schedule) -> Option<Op> {
    let mut first: Option<Op> = None;
    for &op in ops {
        for u in top_level_users(op, for_op) {
            if !schedule.contains(u) {
                continue;
            }
            first = match first {
                Some(f) if !is_op_before(schedule, u, f) => Some(f),
                _ => Some(u),
            };
        }
    }
    first
}

struct AsyncLoad {
    load: Op,
    depth: i64,
    /// The buffer's shared encoding.
    shared: Attr,
    /// A descriptor load (a backend copy completing on a barrier).
    descriptor: bool,
    alloc: Option<Val>,
    /// The insert barrier and the wait of its group (descriptor loads).
    barrier: Option<Val>,
    wait: Option<Op>,
}

/// The counters of the loads of one depth.
struct Group {
    depth: i64,
    descriptor: bool,
    insert: Option<Val>,
    extract: Option<Val>,
    phase: Option<Val>,
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

/// Triton's `mustLoadToRegisters`: the load's value cannot go straight into
/// the buffer its only user, a `local_alloc`, would make (a non-zero
/// `other`, another use, or a descriptor buffer of another encoding than
/// the `local_alloc`'s).
fn must_load_to_registers(load: Op, buffer: Option<Attr>) -> bool {
    if load.name() == "tt.load" && load_other(load).is_some_and(|o| !is_zero_const(o)) {
        return true;
    }
    let uses = load.result(0).uses();
    if uses.len() != 1 || uses[0].0.name() != "ttg.local_alloc" {
        return true;
    }
    let alloc_encoding = bridge::memdesc_of(uses[0].0.result(0).ty()).map(|m| m.encoding);
    buffer.is_some_and(|enc| alloc_encoding.is_none_or(|a| a != enc))
}

/// Triton's `loadRequiresAdditionalBuffer`: the load can land in the buffer
/// its `local_alloc` makes ([`must_load_to_registers`] is false), and one of
/// that buffer's readers past its views is an MMA still reading it after it
/// returns ([`OpRole::AsyncOperandDot`]). `buffer`: the encoding of a
/// descriptor load's buffer.
fn needs_extra_buffer(load: Op, buffer: Option<Attr>) -> bool {
    if must_load_to_registers(load, buffer) {
        return false;
    }
    fn non_view_users(v: Val, out: &mut Vec<Op>, depth: usize) {
        for user in v.users() {
            if VIEWS.contains(&user.name()) && depth < 1000 {
                non_view_users(user.result(0), out, depth + 1);
            } else {
                out.push(user);
            }
        }
    }
    let alloc = load.result(0).uses()[0].0;
    let mut readers = Vec::new();
    non_view_users(alloc.result(0), &mut readers, 0);
    readers.iter().any(|user| op_has_role(user.name(), OpRole::AsyncOperandDot))
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
pub fn replace_and_propagate(old: Val, new: Val, schedule: &mut Schedule) {
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

/// The `i1` constant true at `at`.
fn const_true(at: InsertPoint, loc: mlir_sys::MlirLocation, ctx: mlir_sys::MlirContext) -> Val {
    at.const_int(loc, Ty::i1(ctx), 1)
}

/// Triton's `createBarrierAlloc`: `count` barriers in one buffer before
/// `for_op`, each initialised for one arrival; invalidated and freed after
/// the loop.
fn create_barriers(for_op: Op, count: i64, hooks: &DescriptorCopyHooks) -> Option<Val> {
    let ctx = for_op.context();
    let loc = for_op.location();
    let i32 = Ty::int(ctx, 32);
    let encoding =
        bridge::build(ctx, &Encoding::SwizzledShared { vec: 1, per_phase: 1, max_phase: 1, order: vec![0], cga: Cga::default() })?;
    let space = bridge::build(ctx, &Encoding::SharedMemory)?;
    let ty = memdesc(ctx, vec![count, 1], Ty::int(ctx, 64), encoding, space)?;
    let before = InsertPoint::Before(for_op);
    let alloc = before.create(loc, "ttg.local_alloc", &[], &[ty], &[]).result(0);
    for i in 0..count {
        let idx = before.const_int(loc, i32, i);
        let view = buffer_view(before, loc, alloc, idx)?;
        before.insert((hooks.init_barrier)(loc, view.result(0), 1)?);
    }
    let after = InsertPoint::after(for_op);
    for i in 0..count {
        let idx = after.const_int(loc, i32, i);
        let view = buffer_view(after, loc, alloc, idx)?;
        after.insert((hooks.inval_barrier)(loc, view.result(0))?);
    }
    after.create(loc, "ttg.local_dealloc", &[alloc], &[], &[]);
    Some(alloc)
}

/// Triton's `createTMABarrierAndWait`: groups the descriptor loads that can
/// share a barrier (next to each other in the body, one depth, one place in
/// the schedule, no use of the group in between) and makes, per group, the
/// barrier ring, the expectation of the group's bytes before its first
/// load and the wait after its last.
fn create_barriers_and_waits(
    for_op: Op,
    loads: &mut [AsyncLoad],
    groups: &[Group],
    schedule: &mut Schedule,
    hooks: &DescriptorCopyHooks,
) -> Option<()> {
    let index_of = |loads: &[AsyncLoad], op: Op| loads.iter().position(|l| l.load.same(op));
    let mut visited: HashSet<usize> = HashSet::new();
    let mut wait_groups: Vec<Vec<usize>> = Vec::new();
    for first in 0..loads.len() {
        if !loads[first].descriptor || visited.contains(&key(loads[first].load)) {
            continue;
        }
        let load_block = loads[first].load.block()?;
        let mut users: HashSet<usize> = HashSet::new();
        let mut group: Vec<usize> = Vec::new();
        // The users of a load that lands in its `local_alloc`'s buffer are
        // the users of that `local_alloc` (which goes away).
        let add = |i: usize, group: &mut Vec<usize>, users: &mut HashSet<usize>, visited: &mut HashSet<usize>| {
            let load = loads[i].load;
            group.push(i);
            visited.insert(key(load));
            let direct = !must_load_to_registers(load, Some(loads[i].shared));
            for user in load.result(0).users() {
                if direct && user.block().is_some_and(|b| b.ptr == load_block.ptr) {
                    users.extend(user.result(0).users().into_iter().map(key));
                    continue;
                }
                if let Some(in_block) = ancestor_in_block(user, load_block) {
                    users.insert(key(in_block));
                }
            }
        };
        add(first, &mut group, &mut users, &mut visited);
        let depth = loads[first].depth;
        let mut next = loads[first].load.next();
        while let Some(op) = next {
            if users.contains(&key(op)) || visited.contains(&key(op)) {
                break;
            }
            if let Some(i) = index_of(loads, op).filter(|i| loads[*i].descriptor) {
                if loads[i].depth != depth {
                    break;
                }
                if schedule.get(loads[group[0]].load) == schedule.get(op) {
                    add(i, &mut group, &mut users, &mut visited);
                }
            }
            next = op.next();
        }
        wait_groups.push(group);
    }

    let ctx = for_op.context();
    let loc = for_op.location();
    for group in wait_groups {
        let depth = loads[group[0]].depth;
        let counters = groups.iter().find(|g| g.depth == depth)?;
        let (insert, extract, phase) = (counters.insert?, counters.extract?, counters.phase?);
        let mut bytes = 0;
        for &i in &group {
            let ty = loads[i].load.result(0).ty();
            bytes += ty.shape()?.iter().product::<i64>() * ty.element().bit_width() as i64 / 8;
        }
        let barriers = create_barriers(for_op, depth, hooks)?;
        let head = loads[group[0]].load;
        let head_sc = schedule.get(head)?;
        let at = InsertPoint::Before(head);
        let barrier = buffer_view(at, loc, barriers, insert)?;
        let pred = const_true(at, loc, ctx);
        let expect = at.insert((hooks.expect_bytes)(loc, barrier.result(0), bytes, pred)?);
        for op in [barrier, pred.defining_op()?, expect] {
            schedule.insert(op, head_sc.0, head_sc.1);
        }
        let ops: Vec<Op> = group.iter().map(|&i| loads[i].load).collect();
        let user_sc = schedule.get(first_use(&ops, for_op, schedule)?)?;
        let after = InsertPoint::after(*ops.last()?);
        let wait_view = buffer_view(after, loc, barriers, extract)?;
        let wait = after.insert((hooks.wait_barrier)(loc, wait_view.result(0), phase)?);
        for op in [wait_view, wait] {
            schedule.insert(op, user_sc.0, user_sc.1);
        }
        for &i in &group {
            loads[i].barrier = Some(barrier.result(0));
            loads[i].wait = Some(wait);
        }
    }
    Some(())
}

/// Triton's `createTMAAsyncLoad`: the descriptor load becomes the backend's
/// copy into the insert buffer (at its place and stage) and, after its
/// group's wait (in the stage of its first user), a view of the extract
/// buffer that its `local_alloc` users take (a `local_load` for the rest).
fn lower_descriptor_load(l: &AsyncLoad, for_op: Op, insert: Val, extract: Val, schedule: &mut Schedule, hooks: &DescriptorCopyHooks) {
    let load = l.load;
    let (Some(alloc), Some(barrier), Some(wait)) = (l.alloc, l.barrier, l.wait) else { return };
    let Some(user) = first_use(&[load], for_op, schedule) else { return };
    let (Some(load_sc), Some(user_sc)) = (schedule.get(load), schedule.get(user)) else { return };
    let lloc = load.location();
    let at = InsertPoint::Before(load);
    let Some(view) = buffer_view(at, lloc, alloc, insert) else { return };
    let pred = const_true(at, lloc, load.context());
    let Some(copy) = (hooks.copy)(load, view.result(0), barrier, pred) else { return };
    let copy = at.insert(copy);
    // The ops the backend placed before the load for the copy join it.
    let mut helpers = Vec::new();
    let mut cur = pred.defining_op().and_then(|p| p.next());
    while let Some(op) = cur.filter(|op| !op.same(copy)) {
        helpers.push(op);
        cur = op.next();
    }
    for op in [Some(view), pred.defining_op(), Some(copy)].into_iter().flatten().chain(helpers) {
        schedule.insert(op, load_sc.0, load_sc.1);
    }
    let after = InsertPoint::after(wait);
    let Some(view_load) = buffer_view(after, lloc, alloc, extract) else { return };
    schedule.insert(view_load, user_sc.0, user_sc.1);
    let value = load.result(0);
    if !forward_to_allocs(value, view_load.result(0), schedule) {
        let local = after.create(lloc, "ttg.local_load", &[view_load.result(0)], &[value.ty()], &[]);
        schedule.insert(local, user_sc.0, user_sc.1);
        super::replace_all_uses(value, local.result(0));
    }
    schedule.erase(load);
    super::erase(load);
}

/// A scalar `tt.load` used `d > 0` stages later, of at least 32 bits: it
/// becomes, at its place, a load of a one-element tensor (pointer, mask and
/// `other` splatted, default blocked layout) whose value is unsplatted in
/// the stage of the first user, so that it is pipelined as a tensor load.
/// Returns the tensor load.
fn widen_scalar_load(load: Op, for_op: Op, schedule: &mut Schedule) -> Option<Op> {
    let ty = load.result(0).ty();
    if ty.is_tensor() || ty.bit_width() < 32 || def_use_stage_diff(load, for_op, schedule) == 0 {
        return None;
    }
    let user_sc = schedule.get(first_use(&[load], for_op, schedule)?)?;
    let load_sc = schedule.get(load)?;
    let ctx = load.context();
    let int = |name: &str, default: i64| load.inherited_int(name).unwrap_or(default) as u32;
    let blocked =
        default_blocked(&[1], crate::mma_utils::num_warps(load)? as u32, int("ttg.threads-per-warp", 32), int("ttg.num-ctas", 1));
    let encoding = bridge::build(ctx, &blocked)?;
    let loc = load.location();
    let at = InsertPoint::Before(load);
    let mut operands = Vec::new();
    for v in load.operands() {
        let splat_ty = Ty::tensor(&[1], v.ty(), Some(encoding));
        let splat = at.create(loc, "tt.splat", &[v], &[splat_ty], &[]);
        schedule.insert(splat, load_sc.0, load_sc.1);
        operands.push(splat.result(0));
    }
    let attrs = load.attributes();
    let attrs: Vec<(&str, Attr)> = attrs.iter().filter(|(n, _)| !n.starts_with("loop.")).map(|(n, a)| (*n, *a)).collect();
    let wide = at.create(loc, "tt.load", &operands, &[Ty::tensor(&[1], ty, Some(encoding))], &attrs);
    schedule.insert(wide, load_sc.0, load_sc.1);
    let unsplat = InsertPoint::after(wide).create(loc, "tt.unsplat", &[wide.result(0)], &[ty], &[]);
    schedule.insert(unsplat, user_sc.0, user_sc.1);
    super::replace_all_uses(load.result(0), unsplat.result(0));
    schedule.erase(load);
    super::erase(load);
    Some(wide)
}

fn lower_loads(for_op: Op, schedule: &mut Schedule, axis: &AxisInfoAnalysis, copies: Option<DescriptorCopyHooks>) -> Result<Op, ()> {
    let ctx = for_op.context();
    let mut loads: Vec<AsyncLoad> = Vec::new();
    let scalar_loads: Vec<Op> = body_ops(for_op).into_iter().filter(|op| op.name() == "tt.load" && !op.result(0).ty().is_tensor()).collect();
    let mut widened = false;
    for load in scalar_loads {
        widened |= widen_scalar_load(load, for_op, schedule).is_some();
    }
    // The axis information of the splatted pointers.
    let fresh_axis;
    let axis = if widened {
        let mut module = for_op;
        while let Some(parent) = module.parent() {
            module = parent;
        }
        fresh_axis = AxisInfoAnalysis::run(module);
        &fresh_axis
    } else {
        axis
    };
    for op in body_ops(for_op) {
        let descriptor = is_descriptor_load(op);
        if op.name() != "tt.load" && !descriptor {
            continue;
        }
        let depth = def_use_stage_diff(op, for_op, schedule);
        let ty = op.result(0).ty();
        if depth == 0 || !ty.is_tensor() {
            continue;
        }
        let shared = if descriptor {
            let Some(hooks) = &copies else { continue };
            let Some(encoding) = (hooks.buffer_encoding)(op) else { continue };
            encoding
        } else {
            let shared = shared_encoding_for_load(op);
            let wide = load_vec(op, axis) * pointee_bits(op.operand(0).ty()) >= 32;
            if !wide || copy_vec_bytes(ty, &shared) < 4 {
                continue;
            }
            let Some(encoding) = bridge::build(ctx, &shared) else { return Ok(for_op) };
            encoding
        };
        // An MMA still reading its operand buffer after it returns needs
        // one buffer more.
        let depth = if needs_extra_buffer(op, descriptor.then_some(shared)) { depth + 1 } else { depth };
        loads.push(AsyncLoad { load: op, depth, shared, descriptor, alloc: None, barrier: None, wait: None });
    }
    if loads.is_empty() {
        return Ok(for_op);
    }
    let Some(space) = bridge::build(ctx, &Encoding::SharedMemory) else { return Ok(for_op) };
    // Check every type can be built before touching the IR.
    let mut alloc_types = Vec::new();
    for l in &loads {
        let ty = l.load.result(0).ty();
        let Some(shape) = ty.shape() else { return Ok(for_op) };
        let mut buffer = vec![l.depth];
        buffer.extend(shape);
        let Some(md) = memdesc(ctx, buffer, ty.element(), l.shared, space) else { return Ok(for_op) };
        alloc_types.push(md);
    }
    let token_ty = parse_type(ctx, "!ttg.async.token");
    if token_ty.is_null() {
        return Ok(for_op);
    }
    let hooks = copies.filter(|_| loads.iter().any(|l| l.descriptor));

    // 2. Buffers and counters.
    for (l, ty) in loads.iter_mut().zip(&alloc_types) {
        let alloc = InsertPoint::Before(for_op).create(l.load.location(), "ttg.local_alloc", &[], &[*ty], &[]);
        InsertPoint::after(for_op).create(for_op.location(), "ttg.local_dealloc", &[alloc.result(0)], &[], &[]);
        l.alloc = Some(alloc.result(0));
    }
    let mut groups: Vec<Group> = Vec::new();
    for l in &loads {
        match groups.iter_mut().find(|g| g.depth == l.depth) {
            Some(g) => g.descriptor |= l.descriptor,
            None => groups.push(Group { depth: l.depth, descriptor: l.descriptor, insert: None, extract: None, phase: None }),
        }
    }
    let i32 = Ty::int(ctx, 32);
    let loc = for_op.location();
    let before = InsertPoint::Before(for_op);
    let minus_one = before.const_int(loc, i32, -1);
    let zero = before.const_int(loc, i32, 0);
    let one = before.const_int(loc, i32, 1);
    let first_new = body_args(for_op).len();
    let mut extra: Vec<Val> = Vec::new();
    for g in &groups {
        extra.extend([minus_one, minus_one]);
        if g.descriptor {
            // The barrier phase.
            extra.push(zero);
        }
    }
    let for_op = add_iter_args(for_op, &extra);
    let Some(yield_op) = yield_of(for_op) else { return Ok(for_op) };
    append_operands(yield_op, &extra);
    let Some(block) = body(for_op) else { return Ok(for_op) };
    let args = body_args(for_op);
    let mut next_arg = first_new;
    for g in groups.iter_mut() {
        let insert = args[next_arg];
        let extract = args[next_arg + 1];
        next_arg += 2;
        let at = InsertPoint::start(block);
        let n = at.const_int(loc, i32, g.depth);
        let incr = |counter: Val| {
            let add = at.create(loc, "arith.addi", &[counter, one], &[i32], &[]).result(0);
            let pred = Attr::integer(Ty::int(ctx, 64), 5); // sge
            let cmp = at.create(loc, "arith.cmpi", &[add, n], &[Ty::i1(ctx)], &[("predicate", pred)]).result(0);
            (at.create(loc, "arith.select", &[cmp, zero, add], &[i32], &[]).result(0), cmp)
        };
        g.insert = Some(incr(insert).0);
        let (extract, wrapped) = incr(extract);
        g.extract = Some(extract);
        if g.descriptor {
            let phase = args[next_arg];
            next_arg += 1;
            let flipped = at.create(loc, "arith.xori", &[phase, one], &[i32], &[]).result(0);
            g.phase = Some(at.create(loc, "arith.select", &[wrapped, flipped, phase], &[i32], &[]).result(0));
        }
    }

    // 3. Barriers of the descriptor loads.
    if let Some(hooks) = &hooks {
        if create_barriers_and_waits(for_op, &mut loads, &groups, schedule, hooks).is_none() {
            emit_error(for_op, "tritongpu-pipeline: the backend could not build the barriers of the pipelined descriptor loads");
            return Err(());
        }
    }

    // 4. Copies, waits and shared loads.
    let mut copies_made = false;
    for l in &loads {
        let load = l.load;
        let Some(g) = groups.iter().find(|g| g.depth == l.depth) else { continue };
        let (Some(alloc), Some(insert_idx), Some(extract_idx)) = (l.alloc, g.insert, g.extract) else { continue };
        if l.descriptor {
            if let Some(hooks) = &hooks {
                lower_descriptor_load(l, for_op, insert_idx, extract_idx, schedule, hooks);
            }
            continue;
        }
        copies_made = true;
        let Some(user) = first_use(&[load], for_op, schedule) else { continue };
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
    let mut slot = first_new - 1;
    for g in &groups {
        for v in [g.insert, g.extract, g.phase].into_iter().flatten() {
            operands[slot] = v;
            slot += 1;
        }
    }
    yield_op.set_operands(&operands);
    schedule.schedule_dependencies(for_op);
    if !all_scheduled(schedule, for_op) {
        for op in body_ops(for_op).into_iter().filter(|op| !schedule.contains(*op)) {
            emit_error(op, "op not found in the schedule");
        }
        return Err(());
    }
    if copies_made {
        // Copies issued for iterations that do not exist may be pending.
        InsertPoint::after(for_op).create(loc, "ttg.async_wait", &[], &[token_ty], &[("num", super::i32_attr(ctx, 0))]);
    }
    Ok(for_op)
}

/// Triton's `lowerTMADescriptors`: each `tt.make_tensor_descriptor` of the
/// loop body writes its descriptor into a ring of global-scratch slots (one
/// per stage after the first, one more when the loop holds an MMA still
/// reading its operands after it returns), through the backend's
/// [`DescriptorCopyHooks::fill_descriptor`]: the slot is the ring's base
/// plus its counter (a new iteration argument from 0, advanced modulo the
/// ring after the descriptor) times the descriptor size, all in the stage
/// of the `make_tensor_descriptor`.
fn lower_descriptor_creation(for_op: Op, schedule: &mut Schedule, hooks: &DescriptorCopyHooks) -> Result<Op, ()> {
    let makes: Vec<Op> = body_ops(for_op).into_iter().filter(|op| op.name() == "tt.make_tensor_descriptor").collect();
    if makes.is_empty() {
        return Ok(for_op);
    }
    let ctx = for_op.context();
    let loc = for_op.location();
    let i32 = Ty::int(ctx, 32);
    let Some(i8_ptr) = tritium_dialects::tt::types::pointer_to(Ty::int(ctx, 8)) else { return Ok(for_op) };
    let async_dot = body_ops(for_op).iter().any(|op| op_has_role(op.name(), OpRole::AsyncOperandDot));
    let slots = (schedule.num_stages - 1 + i64::from(async_dot)).max(1);
    let bytes = hooks.descriptor_bytes;
    let before = InsertPoint::Before(for_op);
    let mut rings = Vec::new();
    for make in &makes {
        let attrs = [("nbytes", super::i32_attr(ctx, bytes * slots)), ("alignment", super::i32_attr(ctx, bytes))];
        rings.push(before.create(make.location(), "ttg.global_scratch_alloc", &[], &[i8_ptr], &attrs).result(0));
    }
    let zero = before.const_int(loc, i32, 0);
    let one = before.const_int(loc, i32, 1);
    let first_new = body_args(for_op).len();
    let for_op = add_iter_args(for_op, &vec![zero; makes.len()]);
    let Some(yield_op) = yield_of(for_op) else { return Ok(for_op) };
    append_operands(yield_op, &vec![zero; makes.len()]);
    let args = body_args(for_op);
    let mut operands = yield_op.operands();
    for (i, (make, ring)) in makes.iter().zip(&rings).enumerate() {
        let Some((stage, cluster)) = schedule.get(*make) else { continue };
        let counter = args[first_new + i];
        let mloc = make.location();
        let at = InsertPoint::Before(*make);
        let size = at.const_int(mloc, i32, bytes);
        let offset = at.create(mloc, "arith.muli", &[counter, size], &[i32], &[]);
        let slot = at.create(mloc, "tt.addptr", &[*ring, offset.result(0)], &[i8_ptr], &[]);
        let Some(filled) = (hooks.fill_descriptor)(*make, slot.result(0)) else {
            emit_error(*make, "tritongpu-pipeline: the backend could not create this descriptor in the pipelined loop");
            return Err(());
        };
        let mut new_ops = vec![size.defining_op(), Some(offset), Some(slot)].into_iter().flatten().collect::<Vec<Op>>();
        for op in filled {
            new_ops.push(at.insert(op));
        }
        let Some(desc) = new_ops.last().map(|op| op.result(0)) else { continue };
        // The counter advances after the descriptor.
        let n = at.const_int(mloc, i32, slots);
        let add = at.create(mloc, "arith.addi", &[counter, one], &[i32], &[]);
        let pred = Attr::integer(Ty::int(ctx, 64), 5); // sge
        let cmp = at.create(mloc, "arith.cmpi", &[add.result(0), n], &[Ty::i1(ctx)], &[("predicate", pred)]);
        let next = at.create(mloc, "arith.select", &[cmp.result(0), zero, add.result(0)], &[i32], &[]);
        new_ops.extend([n.defining_op(), Some(add), Some(cmp), Some(next)].into_iter().flatten());
        for op in new_ops {
            schedule.insert(op, stage, cluster);
        }
        super::replace_all_uses(make.result(0), desc);
        schedule.erase(*make);
        super::erase(*make);
        operands[first_new - 1 + i] = next.result(0);
    }
    yield_op.set_operands(&operands);
    Ok(for_op)
}
