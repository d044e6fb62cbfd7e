//! `tritongpu-schedule-loops`: turns the `tt.latency` marks of
//! `tritongpu-assign-latencies` into a coarse schedule (`loop.stage`,
//! `loop.cluster`, `tt.scheduled_max_stage`).
//!
//! Algorithm (Triton's `scheduleLoop`), per loop holding a latency op:
//!
//! 1. **Key ops.** The distance of an op is its latency plus the largest
//!    distance of its users in the body; ops reached from a latency op get
//!    stage `max distance - distance`, in cluster `max stage - stage` (an
//!    `scf.if` goes to an epilogue cluster).
//! 2. **Prologue/epilogue ifs.** `scf.if`s feeding a scheduled op go to a new
//!    first cluster; the other ifs to a new last one, in the last stage.
//! 3. **Dependencies.** Producers join their consumers (the earliest place).
//! 4. **Distance one.** A value yielded to an op of stage `s` that is not
//!    scheduled goes to stage `s + 1` in a cluster just before the user's
//!    (a load goes with its user instead).
//! 5. **The rest** goes to the last stage, in the first cluster after its
//!    producers.
//!
//! The `tt.latency` attributes are consumed (removed) in any case.
use std::collections::HashMap;

use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};

use crate::pipeliner::schedule::{Cluster, Schedule};
use crate::pipeliner::{
    ancestor_in_block, arg_number, body, body_ops, int_attr, is_block_arg, is_outer_loop, key, loop_has_dist_greater_than_one, loops_post_order,
    nested_operands, walk_post, yield_of,
    LATENCY,
};

/// The pass.
pub struct ScheduleLoops;

impl Pass for ScheduleLoops {
    fn argument(&self) -> &'static str {
        "tritongpu-schedule-loops"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let mut all = Vec::new();
        walk_post(module, &mut all);
        let mut latency: HashMap<usize, i64> = HashMap::new();
        for op in all {
            if let Some(l) = int_attr(op, LATENCY) {
                latency.insert(key(op), l);
                op.remove_attr(LATENCY);
            }
        }
        if latency.is_empty() {
            return Ok(());
        }
        for for_op in loops_post_order(module) {
            schedule_loop(for_op, &latency);
        }
        Ok(())
    }
}

/// Triton's `isSafeToPipeline`: no loop-carried dependence of distance
/// more than one, no nested loop, no barrier, assert or print inside.
fn is_safe_to_pipeline(for_op: Op) -> bool {
    !loop_has_dist_greater_than_one(for_op)
        && !is_outer_loop(for_op)
        && !for_op.nested_ops().iter().any(|op| matches!(op.name(), "ttg.barrier" | "tt.assert" | "tt.print"))
}

fn schedule_loop(for_op: Op, latency: &HashMap<usize, i64>) {
    if !is_safe_to_pipeline(for_op) {
        return;
    }
    let ops = body_ops(for_op);
    if !ops.iter().any(|op| latency.contains_key(&key(*op))) {
        return;
    }
    let Some(mut schedule) = schedule_key_ops(for_op, latency) else { return };
    let after_prologue = schedule_prologue_and_epilogue(for_op, &mut schedule);
    schedule.schedule_dependencies(for_op);
    schedule_distance_one_dependencies(for_op, &mut schedule);
    schedule_remaining_to_last_stage(for_op, &mut schedule, after_prologue);
    schedule.serialize(for_op);
}

fn schedule_key_ops(for_op: Op, latency: &HashMap<usize, i64>) -> Option<Schedule> {
    let block = body(for_op)?;
    let terminator = yield_of(for_op)?;
    let ops = body_ops(for_op);
    let lat_ops: Vec<Op> = ops.iter().copied().filter(|op| latency.contains_key(&key(*op))).collect();
    if lat_ops.is_empty() {
        return None;
    }
    let mut distance: HashMap<usize, i64> = HashMap::new();
    fn compute(op: Op, block: mlir_sys::MlirBlock, term: Op, lat: &HashMap<usize, i64>, d: &mut HashMap<usize, i64>, depth: usize) -> i64 {
        if let Some(&v) = d.get(&key(op)) {
            return v;
        }
        let mut max_dist = -1;
        if depth < 10_000 {
            for user in op.results().iter().flat_map(|r| r.users()) {
                let Some(in_block) = ancestor_in_block(user, block) else { continue };
                if in_block.same(term) {
                    continue;
                }
                max_dist = max_dist.max(compute(in_block, block, term, lat, d, depth + 1));
            }
        }
        let v = lat.get(&key(op)).copied().unwrap_or(0) + max_dist.max(0);
        d.insert(key(op), v);
        v
    }
    let mut max_distance = 0;
    for &op in &lat_ops {
        max_distance = max_distance.max(compute(op, block, terminator, latency, &mut distance, 0));
    }
    // Ops in body order (the map's order does not matter: stages decide).
    let staged: Vec<(Op, i64)> =
        ops.iter().filter_map(|op| distance.get(&key(*op)).filter(|d| **d >= 0).map(|d| (*op, max_distance - d))).collect();
    let max_stage = staged.iter().map(|(_, s)| *s).max()?;
    let mut schedule = Schedule::new(max_stage + 1);
    let clusters: Vec<Cluster> = (0..=max_stage).map(|_| schedule.new_at_back()).collect();
    let epilogue = schedule.new_at_back();
    for (op, stage) in staged {
        if op.name() == "scf.if" {
            schedule.insert(op, stage, epilogue);
        } else {
            schedule.insert(op, stage, clusters[(max_stage - stage) as usize]);
        }
    }
    Some(schedule)
}

fn schedule_prologue_and_epilogue(for_op: Op, schedule: &mut Schedule) -> Option<Cluster> {
    let after_prologue = schedule.first_cluster();
    let mut ifs: Vec<(Op, i64)> = Vec::new();
    for stage in 0..schedule.num_stages {
        for (op, s, _) in schedule.ops_in_order(for_op) {
            if s != stage {
                continue;
            }
            for if_op in backward_slice_ifs(op) {
                if !ifs.iter().any(|(o, _)| o.same(if_op)) {
                    ifs.push((if_op, stage));
                }
            }
        }
    }
    if !ifs.is_empty() {
        let prologue = schedule.new_at_front();
        for (if_op, stage) in ifs.iter() {
            schedule.insert(*if_op, *stage, prologue);
        }
    }
    let epilogue = schedule.new_at_back();
    let last = schedule.num_stages - 1;
    for op in body_ops(for_op) {
        if op.name() == "scf.if" && !ifs.iter().any(|(o, _)| o.same(op)) {
            schedule.insert_if_absent(op, last, epilogue);
        }
    }
    after_prologue
}

/// The `scf.if` ops in the backward slice of `op` (block arguments not
/// followed).
fn backward_slice_ifs(op: Op) -> Vec<Op> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<Op> = nested_operands(op).into_iter().filter_map(|v| v.defining_op()).collect();
    while let Some(def) = stack.pop() {
        if !seen.insert(key(def)) {
            continue;
        }
        if def.name() == "scf.if" {
            out.push(def);
        }
        stack.extend(nested_operands(def).into_iter().filter_map(|v| v.defining_op()));
    }
    out
}

fn schedule_distance_one_dependencies(for_op: Op, schedule: &mut Schedule) {
    let num_stages = schedule.num_stages;
    let Some(block) = body(for_op) else { return };
    let Some(term) = yield_of(for_op) else { return };
    let mut dist1: HashMap<Cluster, Cluster> = HashMap::new();
    for op in body_ops(for_op) {
        let Some((stage, cluster)) = schedule.get(op) else { continue };
        if stage == num_stages - 1 {
            continue;
        }
        for operand in nested_operands(op) {
            if !is_block_arg(operand) || !operand.owner_block().is_some_and(|b| b.ptr == block.ptr) {
                continue;
            }
            let n = arg_number(operand);
            if n == 0 {
                continue;
            }
            let v = term.operand(n - 1);
            let Some(def) = v.defining_op() else { continue };
            if schedule.contains(def) {
                continue;
            }
            if def.name() == "tt.load" {
                schedule.insert_if_absent(def, stage, cluster);
                schedule.insert_deps_of_op(def, stage, cluster, true, false);
            } else {
                let c = match dist1.get(&cluster) {
                    Some(c) => *c,
                    None => {
                        let c = schedule.new_before(cluster);
                        dist1.insert(cluster, c);
                        c
                    }
                };
                schedule.insert_if_absent(def, stage + 1, c);
                schedule.insert_deps_of_op(def, stage + 1, c, true, false);
            }
        }
    }
}

fn schedule_remaining_to_last_stage(for_op: Op, schedule: &mut Schedule, after_prologue: Option<Cluster>) {
    let num_stages = schedule.num_stages;
    let Some(first) = after_prologue.or_else(|| schedule.first_cluster()) else { return };
    let mut op_cluster: HashMap<usize, (Op, Cluster)> = HashMap::new();
    let mut order: Vec<Op> = Vec::new();
    for op in body_ops(for_op) {
        if !schedule.contains(op) {
            op_cluster.insert(key(op), (op, first));
            order.push(op);
        }
    }
    let mut queue: Vec<Op> =
        schedule.ops_in_order(for_op).into_iter().filter(|(_, s, _)| *s == num_stages - 1).map(|(op, _, _)| op).collect();
    while let Some(op) = queue.pop() {
        for user in op.results().iter().flat_map(|r| r.users()) {
            let Some(&(_, user_cluster)) = op_cluster.get(&key(user)) else { continue };
            let op_c = match schedule.get(op) {
                Some((_, c)) => c,
                None => op_cluster.get(&key(op)).map(|(_, c)| *c).unwrap_or(first),
            };
            if schedule.position(user_cluster) < schedule.position(op_c) {
                op_cluster.insert(key(user), (user, op_c));
                queue.push(user);
            }
        }
    }
    for op in order {
        let (_, c) = op_cluster[&key(op)];
        schedule.insert(op, num_stages - 1, c);
    }
}
