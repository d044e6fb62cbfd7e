//! `triton-nvidia-gpu-membar`: inserts the shared-memory barriers of an
//! NVIDIA target (see [`tritium_passes::analysis::membar`]), on the allocation
//! `allocate-shared-memory-nv` computes, with what the NVIDIA ops mean to
//! the analysis ([`NvidiaMembarHooks`]); in a multi-CTA module the cluster
//! barriers and mbarrier-init syncs of [`super::cluster_barriers`] first.
use mlir_sys::*;
use tritium_dialects::ir::{Attr, Op, Ty};
use tritium_dialects::ttg::bridge::memdesc_of;
use tritium_dialects::pass::{Pass, PassOptions};

use super::allocate_shared_memory_nv::{compute_capability, nvidia_allocation};
use super::cluster_barriers::{insert_cluster_barriers, insert_mbarrier_init_syncs};
use tritium_passes::analysis::membar::{insert_barriers_with, MembarHooks};

/// The pass.
pub struct NvidiaGpuMembar;

impl Pass for NvidiaGpuMembar {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-membar"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let cc = compute_capability(module, options, self.argument())?;
        let allocation = nvidia_allocation(module, cc);
        // Multi-CTA modules: cluster barriers and mbarrier-init syncs first
        // (Triton's module preparation before Membar).
        insert_cluster_barriers(module, &allocation, cc);
        insert_mbarrier_init_syncs(module, &allocation, cc)?;
        insert_barriers_with(&allocation, &NvidiaMembarHooks);
        Ok(())
    }
}

/// The number of warps that run `op` (Triton's `lookupNumWarps`, quiet):
/// its warp-specialize partition's count, else the nearest `ttg.num-warps`.
fn num_warps(op: Op) -> i64 {
    tritium_passes::coalesce::num_warps_of(op).map_or(4, |(w, _)| w)
}

/// Whether a `ttng.warp_group_dot_wait` synchronises all warp groups: a
/// wgmma wait only waits for its own warp group's MMAs, so with more than
/// one warp group (and no `warpGroupLocal`) its lowering follows it with a
/// block barrier before the shared operands can be reused (the lowering
/// asks too).
pub(crate) fn wait_syncs_warp_groups(op: Op) -> bool {
    op.attr("warpGroupLocal").is_none() && num_warps(op) > 4
}

/// The operation (`atomic_rmw_op`) and element type of a
/// `ttg.local_atomic_scatter_rmw` whose result is unused and whose operation
/// is commutative on integers (and, or, xor, add, max, min, umax, umin).
fn commutative_local_atomic(op: Op) -> Option<(i64, Ty)> {
    if op.name() != "ttg.local_atomic_scatter_rmw" || op.num_results() != 1 || !op.result(0).uses().is_empty() {
        return None;
    }
    let kind = op.attr("atomic_rmw_op").and_then(|a| a.int())?;
    let element = memdesc_of(op.operand(0).ty())?.element;
    (matches!(kind, 1..=4 | 6..=9) && element.is_integer()).then_some((kind, element))
}

/// The NVIDIA ops' part in the barrier analysis (the NVIDIA cases of
/// Triton 3.9's `MembarAnalysis` and its filter `canSkipBarSync`).
pub struct NvidiaMembarHooks;

impl MembarHooks for NvidiaMembarHooks {
    /// mbarrier arrivals synchronise the block first (they may release
    /// other warps); the tensormap acquire fence ends with a block barrier;
    /// a wgmma wait of several warp groups synchronises them.
    fn syncs_block(&self, op: Op) -> bool {
        match op.name() {
            "ttng.arrive_barrier" | "ttng.barrier_expect" | "ttng.tc_gen5_commit" | "ttng.cluster_barrier"
            | "ttng.tensormap_fenceproxy_acquire" => true,
            "ttng.warp_group_dot_wait" => wait_syncs_warp_groups(op),
            _ => false,
        }
    }
    fn is_memory_wait(&self, op: Op) -> bool {
        op.name() == "ttng.async_tma_store_wait"
    }
    /// A wgmma wait followed by a synchronisation point before any memory
    /// access only needs its own warp group (`warpGroupLocal`).
    fn defers_sync(&self, op: Op) -> bool {
        op.name() == "ttng.warp_group_dot_wait" && wait_syncs_warp_groups(op)
    }
    fn defer_sync(&self, op: Op) {
        op.set_attr("warpGroupLocal", Attr(unsafe { mlirUnitAttrGet(op.context()) }));
    }
    /// mbarrier init / inval / expect run on one thread, in program order;
    /// a wait on an mbarrier never runs ahead of the TMA load that signals it;
    /// two unused shared-memory atomics of the same commutative integer
    /// operation on the same element type may run in either order.
    fn needs_no_barrier(&self, before: Op, after: Op) -> bool {
        let single = |o: Op| matches!(o.name(), "ttng.init_barrier" | "ttng.inval_barrier" | "ttng.barrier_expect");
        let tma_load = |o: Op| matches!(o.name(), "ttng.async_tma_copy_global_to_local" | "ttng.async_tma_gather");
        if (single(before) && single(after)) || (tma_load(before) && after.name() == "ttng.wait_barrier") {
            return true;
        }
        match (commutative_local_atomic(before), commutative_local_atomic(after)) {
            (Some((k1, t1)), Some((k2, t2))) => k1 == k2 && unsafe { mlirTypeEqual(t1.0, t2.0) },
            _ => false,
        }
    }
    /// The descriptor a `ttng.tensormap_create` builds in its scratch is
    /// written and published by one warp.
    fn scratch_within_warps(&self, op: Op) -> bool {
        op.name() == "ttng.tensormap_create"
    }
}
