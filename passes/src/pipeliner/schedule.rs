//! The coarse schedule of a loop (Triton's `CoarseSchedule`): each op of the
//! body gets a stage and an ordering cluster; clusters form an ordered list
//! that can grow at either end or in the middle. Serialized as `loop.stage`
//! / `loop.cluster` (the cluster's position) on the ops and
//! `tt.scheduled_max_stage` on the loop.
use std::collections::HashMap;

use tritium_dialects::ir::Op;

use super::{body, body_ops, i32_attr, int_attr, is_before_in_block, is_block_arg, arg_number, key, nested_operands, yield_of};
use super::{LOOP_CLUSTER, LOOP_STAGE, SCHEDULED_MAX_STAGE};

/// A cluster: a stable id whose position in [`Schedule::clusters`] orders it.
pub type Cluster = u32;

/// Stage and cluster of the ops of one loop body.
#[derive(Default, Debug)]
pub struct Schedule {
    /// Number of stages (last stage + 1).
    pub num_stages: i64,
    clusters: Vec<Cluster>,
    next_id: Cluster,
    ops: HashMap<usize, (i64, Cluster)>,
}

impl Schedule {
    /// An empty schedule of `num_stages` stages and no clusters.
    pub fn new(num_stages: i64) -> Self {
        Schedule { num_stages, ..Default::default() }
    }
    fn fresh(&mut self) -> Cluster {
        self.next_id += 1;
        self.next_id - 1
    }
    /// A new cluster after every other.
    pub fn new_at_back(&mut self) -> Cluster {
        let c = self.fresh();
        self.clusters.push(c);
        c
    }
    /// A new cluster before every other.
    pub fn new_at_front(&mut self) -> Cluster {
        let c = self.fresh();
        self.clusters.insert(0, c);
        c
    }
    /// A new cluster just before `before`.
    pub fn new_before(&mut self, before: Cluster) -> Cluster {
        let c = self.fresh();
        let at = self.position(before);
        self.clusters.insert(at, c);
        c
    }
    /// The position of a cluster (what `loop.cluster` prints).
    pub fn position(&self, c: Cluster) -> usize {
        self.clusters.iter().position(|&x| x == c).unwrap_or(usize::MAX)
    }
    /// Whether cluster `a` comes before cluster `b`.
    pub fn cluster_before(&self, a: Cluster, b: Cluster) -> bool {
        self.position(a) < self.position(b)
    }
    /// The clusters, in order.
    pub fn clusters(&self) -> &[Cluster] {
        &self.clusters
    }
    /// The first cluster, if any.
    pub fn first_cluster(&self) -> Option<Cluster> {
        self.clusters.first().copied()
    }
    /// Whether `op` is scheduled.
    pub fn contains(&self, op: Op) -> bool {
        self.ops.contains_key(&key(op))
    }
    /// The stage and cluster of `op`.
    pub fn get(&self, op: Op) -> Option<(i64, Cluster)> {
        self.ops.get(&key(op)).copied()
    }
    /// Schedules (or reschedules) `op`; a stage past the last one adds
    /// stages (as Triton's `CoarseSchedule::insert`).
    pub fn insert(&mut self, op: Op, stage: i64, cluster: Cluster) {
        self.num_stages = self.num_stages.max(stage + 1);
        self.ops.insert(key(op), (stage, cluster));
    }
    /// Schedules `op` unless it is scheduled already; whether it was added.
    pub fn insert_if_absent(&mut self, op: Op, stage: i64, cluster: Cluster) -> bool {
        if self.contains(op) {
            return false;
        }
        self.insert(op, stage, cluster);
        true
    }
    /// Schedules `op` at (stage, cluster) when that is earlier than where it
    /// is; whether it changed.
    pub fn insert_minimum(&mut self, op: Op, stage: i64, cluster: Cluster) -> bool {
        let Some((s, c)) = self.get(op) else {
            self.insert(op, stage, cluster);
            return true;
        };
        if stage < s {
            self.insert(op, stage, cluster);
            return true;
        }
        if stage > s {
            return false;
        }
        if self.cluster_before(cluster, c) {
            self.insert(op, s, cluster);
            return true;
        }
        false
    }
    /// Drops `op`.
    pub fn erase(&mut self, op: Op) {
        self.ops.remove(&key(op));
    }
    /// Schedules the producers of `op` in the loop body with it (recursively),
    /// following loop-carried values through the yield when `include_arg`.
    pub fn insert_deps_of_op(&mut self, op: Op, stage: i64, cluster: Cluster, include_arg: bool, if_earlier: bool) -> bool {
        let Some(block) = op.block() else { return false };
        let mut inserted = false;
        for operand in nested_operands(op) {
            let mut v = operand;
            let mut seen = Vec::new();
            while is_block_arg(v) && include_arg {
                if seen.iter().any(|s: &tritium_dialects::ir::Val| s.same(v)) {
                    break;
                }
                seen.push(v);
                let n = arg_number(v);
                if n > 0 && v.owner_block().is_some_and(|b| b.ptr == block.ptr) {
                    let Some(term) = tritium_dialects::ir::block_terminator(block) else { break };
                    v = term.operand(n - 1);
                    continue;
                }
                break;
            }
            let Some(def) = v.defining_op() else { continue };
            if def.block().is_some_and(|b| b.ptr == block.ptr) && !def.same(op) {
                let changed = if if_earlier { self.insert_minimum(def, stage, cluster) } else { self.insert_if_absent(def, stage, cluster) };
                if changed {
                    inserted = true;
                    self.insert_deps_of_op(def, stage, cluster, include_arg, if_earlier);
                }
            }
        }
        inserted
    }
    /// The scheduled ops of the body, cluster by cluster, in body order
    /// within a cluster.
    pub fn ops_in_order(&self, for_op: Op) -> Vec<(Op, i64, Cluster)> {
        let mut per_cluster: Vec<Vec<(Op, i64, Cluster)>> = vec![Vec::new(); self.clusters.len()];
        for op in body_ops(for_op) {
            if let Some((s, c)) = self.get(op) {
                let p = self.position(c);
                if p < per_cluster.len() {
                    per_cluster[p].push((op, s, c));
                }
            }
        }
        per_cluster.into_iter().flatten().collect()
    }
    /// Writes the schedule onto the loop.
    pub fn serialize(&self, for_op: Op) {
        let ctx = for_op.context();
        for (op, s, c) in self.ops_in_order(for_op) {
            op.set_attr(LOOP_STAGE, i32_attr(ctx, s));
            op.set_attr(LOOP_CLUSTER, i32_attr(ctx, self.position(c) as i64));
        }
        let mut max_stage = self.num_stages - 1;
        if let Some(m) = int_attr(for_op, SCHEDULED_MAX_STAGE) {
            max_stage = max_stage.max(m);
        }
        for_op.set_attr(SCHEDULED_MAX_STAGE, i32_attr(ctx, max_stage));
    }
    /// Reads the schedule of a loop; `None` without `tt.scheduled_max_stage`.
    pub fn deserialize(for_op: Op) -> Option<Schedule> {
        let max_stage = int_attr(for_op, SCHEDULED_MAX_STAGE)?;
        let mut s = Schedule::new(max_stage + 1);
        let ops = body_ops(for_op);
        // One cluster per id from the smallest id used to the largest (as
        // Triton: clusters before the first one used are dropped).
        let used = || ops.iter().filter(|o| o.attr(LOOP_STAGE).is_some()).filter_map(|o| int_attr(*o, LOOP_CLUSTER));
        let min_cluster = used().min().unwrap_or(0).max(0);
        let max_cluster = used().max().unwrap_or(-1);
        let ids: Vec<Cluster> = (min_cluster..=max_cluster).map(|_| s.new_at_back()).collect();
        for &op in &ops {
            let (Some(stage), Some(c)) = (int_attr(op, LOOP_STAGE), int_attr(op, LOOP_CLUSTER)) else { continue };
            if c < min_cluster || (c - min_cluster) as usize >= ids.len() {
                return None;
            }
            s.insert(op, stage, ids[(c - min_cluster) as usize]);
        }
        Some(s)
    }
    /// Triton's `scheduleDependencies`: stage by stage, the producers of the
    /// scheduled ops join their consumer (or an earlier place).
    pub fn schedule_dependencies(&mut self, for_op: Op) {
        let order = self.ops_in_order(for_op);
        for stage in 0..self.num_stages {
            for &(op, s, c) in &order {
                if s == stage {
                    self.insert_deps_of_op(op, stage, c, false, true);
                }
            }
        }
    }
}

/// Whether every op of the body has a stage.
pub fn all_scheduled(schedule: &Schedule, for_op: Op) -> bool {
    body(for_op).is_some() && yield_of(for_op).is_some() && body_ops(for_op).iter().all(|op| schedule.contains(*op))
}

/// Whether `a` runs before `b` in the pipelined loop.
pub fn is_op_before(schedule: &Schedule, a: Op, b: Op) -> bool {
    let (Some((sa, ca)), Some((sb, cb))) = (schedule.get(a), schedule.get(b)) else { return false };
    if sa != sb {
        return sa < sb;
    }
    if ca != cb {
        return schedule.cluster_before(ca, cb);
    }
    is_before_in_block(a, b)
}
