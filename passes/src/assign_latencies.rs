//! `tritongpu-assign-latencies`: marks the loads worth pipelining with
//! `tt.latency`, Triton's first step of software pipelining.
//!
//! Algorithm, for every innermost `scf.for` without a yielded block argument
//! whose stage count (`tt.num_stages`, else `num-stages`) is above 1:
//!
//! 1. Loops already carrying `tt.latency` keep them.
//! 2. From each dot of the body, walk its A/B operands backwards within the
//!    body; a `tt.load` or `tt.descriptor_load`/`tt.descriptor_gather`
//!    reached after `d` loads gets indirection level `d`
//!    (a load reached at two levels is dropped). A loop with
//!    `tt.num_stages` also starts from every other op (Triton #7497: the
//!    annotation pipelines every load, not only those feeding dots).
//! 3. A load qualifies when its vector is at least 32 bits wide, its dot
//!    users agree on one shared encoding, and a `local_alloc` user (if any)
//!    allows 4-byte copies; a descriptor load when the backend can copy it
//!    asynchronously into a buffer per stage
//!    ([`tritium_dialects::spec::DescriptorCopyHooks::buffer_encoding`]).
//! 4. Levels `>= stages - 1` are dropped; the others get latency
//!    `(stages - 1) / (max level + 1)`.
use std::collections::HashSet;

use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};

use crate::analysis::axis_info::AxisInfoAnalysis;
use crate::pipeliner::{
    body_ops, copy_vec_bytes, i32_attr, is_descriptor_load, is_dot, is_outer_loop, key, load_vec, loop_has_dist_greater_than_one, loops_post_order,
    nested_operands, num_stages_or, pointee_bits, shared_enc_if_all_users_are_dot, NUM_STAGES, LATENCY,
};
use tritium_dialects::spec::{descriptor_copies, DescriptorCopyHooks};
use tritium_dialects::ttg::bridge;

/// The pass.
pub struct AssignLatencies;

impl Pass for AssignLatencies {
    fn argument(&self) -> &'static str {
        "tritongpu-assign-latencies"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let default_stages = options.int("num-stages", 3);
        let loops: Vec<Op> = loops_post_order(module)
            .into_iter()
            .filter(|l| !loop_has_dist_greater_than_one(*l) && !is_outer_loop(*l) && num_stages_or(*l, default_stages) > 1)
            .collect();
        if loops.is_empty() {
            return Ok(());
        }
        let copies = descriptor_copies(crate::mma_utils::module_target(module).as_deref());
        let mut latencies: Vec<(Op, i64)> = Vec::new();
        let mut axis: Option<AxisInfoAnalysis> = None;
        for for_op in loops {
            if body_ops(for_op).iter().any(|op| op.attr(LATENCY).is_some()) {
                continue;
            }
            let stages = num_stages_or(for_op, default_stages);
            let without_dot = for_op.attr(NUM_STAGES).is_some();
            let axis = axis.get_or_insert_with(|| AxisInfoAnalysis::run(module));
            let mut levels = indirection_levels(for_op, without_dot, axis, copies);
            levels.retain(|(_, level)| *level < stages - 1);
            if levels.is_empty() {
                continue;
            }
            let max_level = levels.iter().map(|(_, l)| *l).max().unwrap_or(0);
            let latency = (stages - 1) / (max_level + 1);
            latencies.extend(levels.into_iter().map(|(op, _)| (op, latency)));
        }
        for (op, latency) in latencies {
            op.set_attr(LATENCY, i32_attr(op.context(), latency));
        }
        Ok(())
    }
}

/// Whether pipelining `load` can pay off (see the module documentation).
/// A descriptor load qualifies when the backend can copy it asynchronously
/// into a buffer per stage (any, without such a backend).
fn pipelining_beneficial(load: Op, axis: &AxisInfoAnalysis, copies: Option<DescriptorCopyHooks>) -> bool {
    if is_descriptor_load(load) {
        return copies.is_none_or(|hooks| (hooks.buffer_encoding)(load).is_some());
    }
    let ptr_ty = load.operand(0).ty();
    if !ptr_ty.is_tensor() || load_vec(load, axis) * pointee_bits(ptr_ty) < 32 {
        return false;
    }
    let (_, incompatible) = shared_enc_if_all_users_are_dot(load.result(0));
    if incompatible {
        return false;
    }
    let mut alloc_enc = None;
    for user in load.result(0).users() {
        if user.name() != "ttg.local_alloc" {
            continue;
        }
        let Some(enc) = bridge::memdesc_of(user.result(0).ty()).and_then(|m| bridge::encoding_of(m.encoding)).and_then(|e| e.ok()) else {
            return false;
        };
        match &alloc_enc {
            None => alloc_enc = Some(enc),
            Some(prev) if *prev != enc => return false,
            _ => {}
        }
    }
    match alloc_enc {
        Some(enc) => copy_vec_bytes(load.result(0).ty(), &enc) >= 4,
        None => true,
    }
}

/// Loads feeding the dots of the loop, with their indirection level, in
/// discovery order.
fn indirection_levels(
    for_op: Op,
    without_dot: bool,
    axis: &AxisInfoAnalysis,
    copies: Option<DescriptorCopyHooks>,
) -> Vec<(Op, i64)> {
    struct Walk<'a> {
        axis: &'a AxisInfoAnalysis,
        copies: Option<DescriptorCopyHooks>,
        seen: HashSet<usize>,
        excluded: HashSet<usize>,
        levels: Vec<(Op, i64)>,
    }
    fn dfs(w: &mut Walk, op: Op, distance: i64) {
        if !w.seen.insert(key(op)) || w.excluded.contains(&key(op)) {
            return;
        }
        let mut distance = distance;
        if op.name() == "tt.load" || is_descriptor_load(op) {
            if !pipelining_beneficial(op, w.axis, w.copies) {
                return;
            }
            if let Some(i) = w.levels.iter().position(|(l, _)| l.same(op)) {
                if w.levels[i].1 != distance {
                    w.levels.remove(i);
                    w.excluded.insert(key(op));
                    return;
                }
            } else {
                w.levels.push((op, distance));
            }
            distance += 1;
        }
        let acc = if is_dot(op) && op.num_operands() > 2 { Some(op.operand(2)) } else { None };
        for v in nested_operands(op) {
            if acc.is_some_and(|a| a.same(v)) {
                continue;
            }
            if let Some(def) = v.defining_op() {
                if def.block().zip(op.block()).is_some_and(|(a, b)| a.ptr == b.ptr) {
                    dfs(w, def, distance);
                }
            }
        }
    }
    let mut w = Walk { axis, copies, seen: HashSet::new(), excluded: HashSet::new(), levels: Vec::new() };
    let ops = body_ops(for_op);
    for &op in &ops {
        if is_dot(op) {
            w.seen.clear();
            dfs(&mut w, op, 0);
        }
    }
    if without_dot {
        for &op in &ops {
            if op.name() != "tt.load" && !is_descriptor_load(op) {
                dfs(&mut w, op, 0);
            }
        }
    }
    w.levels
}
