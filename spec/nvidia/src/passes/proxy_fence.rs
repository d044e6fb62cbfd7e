//! `triton-nvidia-gpu-proxy-fence-insertion{compute-capability}` (Triton
//! 3.9's `ProxyFenceInsertion` over its `BufferRegionAnalysis`): from sm90
//! on, a `ttng.fence_async_shared` before an async-proxy access of shared
//! memory (wgmma operands, TMA copies, gathers, scatters and reductions,
//! tcgen05 MMA operands, tensor-memory copies, cluster-launch-control
//! results) that conflicts with a generic-proxy access since the last fence.
//!
//! Algorithm, per function, callees before their callers:
//! 1. the state of a program point holds, per fence scope (the CTA; the
//!    cluster when the module has an async access of cluster scope: a
//!    multicast TMA load, a two-CTA MMA or tensor-memory copy, a
//!    multi-CTA cancellation query), the generic reads and writes since the
//!    last fence of that scope, and the async reads and writes reached
//!    from the function's entry before a fence of that scope (a function's
//!    summary for its callers), each as an exact per-CTA byte region of
//!    [`BufferRegionAnalysis`] or "anywhere" (an unknown descriptor);
//! 2. an op's accesses are its declared shared-memory effects (mbarrier
//!    operands excluded, an invalidated mbarrier's storage written) plus
//!    its scratch (read and written, in each CTA its tensor is split
//!    over); an async-proxy op's effects are async, at its scope;
//! 3. when an async access reads a region written, or writes one read or
//!    written, by a pending generic access of its scope, a fence of that
//!    scope goes right before the op (the cluster one first; it also
//!    covers the CTA) and clears the generic accesses of the scope;
//! 4. a `tt.call` is its callee's summary, with the callee's own frame
//!    moved to the call's `allocation.offset`: its exposed async accesses
//!    are checked as in 3, the scopes the callee fences on every path clear
//!    the caller's generic accesses, then its pending generic accesses
//!    join;
//! 5. control flow: CFG blocks join their predecessors' states to a
//!    fixpoint; `scf.if` joins its branches (and the state before it when a
//!    branch is empty); loops join their entry state with their back edges
//!    to a fixpoint (a loop may not run); a `ttg.warp_specialize`'s default
//!    region runs in place. Fences inserted on an earlier visit are seen as
//!    fences on later ones.
use std::collections::{BTreeMap, HashMap, VecDeque};

use mlir_sys::*;
use tritium_dialects::ir::{block_ops, block_terminator, region_blocks, Attr, Op, Val};
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services::shared_memory_effects;
use tritium_dialects::ttg::bridge;
use tritium_dialects::ttg::to_linear::BLOCK;
use tritium_passes::analysis::allocation::{scratch_size_bytes_for, ScratchTarget};
use tritium_passes::analysis::buffer_region::{AddressSet, BufferRegion, BufferRegionAnalysis, BufferRegionView};
use tritium_passes::analysis::{callee_name, module_functions, successors, symbol_name, tensor_layout};

/// The pass.
pub struct ProxyFenceInsertion;

const FENCE: &str = "ttng.fence_async_shared";

/// Fence scopes (bits): the CTA and the cluster.
const CTA: u8 = 1;
const CLUSTER: u8 = 2;

/// A region of shared memory, or anywhere (`None`).
type Access = Option<BufferRegionView>;
/// Accesses, each with the scopes it is pending at.
type AccessMap = BTreeMap<Access, u8>;

/// Whether `op` accesses shared memory through the async proxy.
fn is_async_proxy(name: &str) -> bool {
    matches!(
        name,
        "ttng.warp_group_dot"
            | "ttng.async_tma_copy_global_to_local"
            | "ttng.async_tma_copy_local_to_global"
            | "ttng.async_tma_gather"
            | "ttng.async_tma_scatter"
            | "ttng.async_tma_reduce"
            | "ttng.tc_gen5_mma"
            | "ttng.tc_gen5_mma_scaled"
            | "ttng.tmem_copy"
            | "ttng.clc_try_cancel"
    )
}

/// The ops whose 64-bit memdesc operands are mbarriers.
fn uses_barriers(name: &str) -> bool {
    matches!(
        name,
        "ttng.init_barrier"
            | "ttng.barrier_expect"
            | "ttng.wait_barrier"
            | "ttng.arrive_barrier"
            | "ttng.async_copy_mbarrier_arrive"
            | "ttng.async_tma_copy_global_to_local"
            | "ttng.async_tma_gather"
            | "ttng.tc_gen5_commit"
            | "ttng.tc_gen5_mma"
            | "ttng.tc_gen5_mma_scaled"
            | "ttng.tmem_copy"
            | "ttng.clc_try_cancel"
    )
}

/// Whether `v` is a descriptor of shared memory (not tensor memory).
fn is_shared(v: Val) -> bool {
    bridge::memdesc_of(v.ty()).is_some_and(|md| format!("{}", md.memory_space).contains("shared_memory"))
}

/// Whether `v` is an mbarrier operand of `op` (a cancellation query's
/// result buffer is 64-bit too, but data).
fn is_barrier(op: Op, v: Val) -> bool {
    if op.name() == "ttng.clc_try_cancel" {
        return op.num_operands() > 1 && op.operand(1).same(v);
    }
    uses_barriers(op.name())
        && bridge::memdesc_of(v.ty()).is_some_and(|md| md.element.bit_width() == 64 && md.element.is_integer())
}

fn module_int(op: Op, name: &str) -> Option<i64> {
    op.enclosing_module().and_then(|m| m.attr(name)).and_then(|a| a.int())
}

/// The scope an async access of `op` is fenced at (Triton's
/// `getProxyFenceScope`).
fn proxy_scope(op: Op) -> u8 {
    let cluster = match op.name() {
        "ttng.async_tma_copy_global_to_local" | "ttng.async_tma_gather" => op.attr("multicast").is_some(),
        "ttng.tc_gen5_mma" | "ttng.tc_gen5_mma_scaled" => op.attr("two_ctas").is_some(),
        "ttng.tmem_copy" => {
            op.enclosing_module().and_then(|m| m.attr("ttng.two-ctas")).and_then(|a| a.bool()).unwrap_or(false)
        }
        "ttng.clc_try_cancel" => module_int(op, "ttg.num-ctas").unwrap_or(1) > 1,
        _ => false,
    };
    if cluster {
        CLUSTER
    } else {
        CTA
    }
}

/// The number of CTAs holding distinct parts of `op`'s first tensor operand
/// (or result): 2^(non-zero block bases of its layout); 1 without one.
fn split_ctas(op: Op) -> u32 {
    let tensor = op.operands().into_iter().chain(op.results()).find(|v| v.ty().is_tensor());
    let Some(layout) = tensor.and_then(|v| tensor_layout(v.ty())) else { return 1 };
    let split = layout
        .bases()
        .iter()
        .find(|(n, _)| n == BLOCK)
        .map(|(_, bases)| bases.iter().filter(|b| b.iter().any(|&x| x != 0)).count())
        .unwrap_or(0);
    1 << split
}

/// The state of a program point (Triton's `ProxyBlockInfo`).
#[derive(Clone, Default, PartialEq)]
struct State {
    /// Generic accesses since the last fence.
    generic_reads: AccessMap,
    generic_writes: AccessMap,
    /// Async accesses before the first fence reachable from the entry.
    async_reads: AccessMap,
    async_writes: AccessMap,
    /// The scopes no fence has covered on every path from the entry.
    entry_unfenced: u8,
}

fn join_map(into: &mut AccessMap, from: &AccessMap, scopes: u8) {
    for (access, s) in from {
        let active = s & scopes;
        if active != 0 {
            *into.entry(access.clone()).or_insert(0) |= active;
        }
    }
}

fn may_alias(a: &Access, b: &Access) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.intersects(b),
        _ => true,
    }
}

fn intersects(lhs: &AccessMap, rhs: &AccessMap, scope: u8) -> bool {
    lhs.iter().any(|(l, ls)| ls & scope != 0 && rhs.iter().any(|(r, rs)| rs & scope != 0 && may_alias(l, r)))
}

impl State {
    fn join(&mut self, other: &State) {
        join_map(&mut self.generic_reads, &other.generic_reads, 0xff);
        join_map(&mut self.generic_writes, &other.generic_writes, 0xff);
        join_map(&mut self.async_reads, &other.async_reads, 0xff);
        join_map(&mut self.async_writes, &other.async_writes, 0xff);
        self.entry_unfenced |= other.entry_unfenced;
    }
    /// A fence of `scope` (a cluster fence covers the CTA too).
    fn fence(&mut self, scope: u8) {
        let fenced = scope | CTA;
        for map in [&mut self.generic_reads, &mut self.generic_writes] {
            map.retain(|_, s| {
                *s &= !fenced;
                *s != 0
            });
        }
        self.entry_unfenced &= !fenced;
    }
    /// Whether the async accesses of `effects` conflict with the pending
    /// generic ones at `scope`.
    fn needs_fence_before(&self, effects: &State, scope: u8) -> bool {
        intersects(&self.generic_writes, &effects.async_reads, scope)
            || intersects(&self.generic_reads, &effects.async_writes, scope)
            || intersects(&self.generic_writes, &effects.async_writes, scope)
    }
}

/// The analysis of one module.
struct Analysis<'a> {
    regions: &'a BufferRegionAnalysis,
    /// The scopes of the module's async accesses (CTA, cluster).
    scopes: u8,
    /// Function summaries by symbol name.
    summaries: HashMap<String, State>,
    /// The scratch sizes of layout conversions (the NVIDIA target's).
    cvt_target: ScratchTarget,
    /// The function being analysed, and its allocation frame.
    frame: u32,
}

impl Analysis<'_> {
    fn accesses(&self, v: Val) -> Vec<Access> {
        let info = self.regions.region_info(v);
        if info.is_unknown() {
            return vec![None];
        }
        let views: Vec<Access> = info.views().into_iter().map(|v| Some(v.clone())).collect();
        if views.is_empty() {
            vec![None]
        } else {
            views
        }
    }

    /// The scratch of `op`: its bytes from `allocation.offset`, in each CTA
    /// its first tensor operand (or result) is split over.
    fn scratch(&self, op: Op) -> Option<BufferRegionView> {
        if matches!(op.name(), "ttg.local_alloc" | "tt.call") {
            return None;
        }
        let base = op.attr("allocation.offset")?.int()? as u32;
        let size = match op.name() {
            "ttg.warp_specialize" => op.attr("allocation.size").and_then(|a| a.int()).unwrap_or(0) as u64,
            "ttg.convert_layout" => scratch_size_bytes_for(op, self.cvt_target),
            // A device-side TMA descriptor is assembled in shared memory
            // (`allocate-shared-memory-nv`'s size).
            "ttng.tensormap_create" => 128,
            _ => scratch_size_bytes_for(op, ScratchTarget::Generic),
        } as u32;
        if size == 0 {
            return None;
        }
        let ctas = split_ctas(op);
        let addresses = AddressSet::from_addresses((base..base + size).collect());
        let region = BufferRegion {
            base_offset: base,
            length: size,
            cta_addresses: (0..ctas).map(|c| (c, addresses.clone())).collect(),
        };
        Some(BufferRegionView { allocation_frame: self.frame, region, storage_base: base, ..Default::default() })
    }

    /// The effects of an op other than a call or fence.
    fn effects(&self, op: Op) -> State {
        let mut effects = State::default();
        let async_op = is_async_proxy(op.name());
        let access_scopes = if async_op { proxy_scope(op) } else { self.scopes };
        let mut list: Vec<(Val, bool)> = Vec::new();
        if op.name() == "ttng.inval_barrier" && op.num_operands() > 0 {
            // The storage of an invalidated mbarrier may be reused.
            list.push((op.operand(0), true));
        } else {
            for (v, write) in shared_memory_effects(op) {
                if v.0.ptr.is_null() || !bridge::is_memdesc(v.ty()) || !is_shared(v) || is_barrier(op, v) {
                    continue;
                }
                list.push((v, write));
            }
        }
        for (v, write) in list {
            for access in self.accesses(v) {
                let map = match (async_op, write) {
                    (true, true) => &mut effects.async_writes,
                    (true, false) => &mut effects.async_reads,
                    (false, true) => &mut effects.generic_writes,
                    (false, false) => &mut effects.generic_reads,
                };
                *map.entry(access).or_insert(0) |= access_scopes;
            }
        }
        if let Some(scratch) = self.scratch(op) {
            *effects.generic_reads.entry(Some(scratch.clone())).or_insert(0) |= self.scopes;
            *effects.generic_writes.entry(Some(scratch)).or_insert(0) |= self.scopes;
        }
        effects
    }

    /// Checks `effects` against `state`, fencing before `op` if needed,
    /// then adds them (step 3, and 4 for a call).
    fn apply(&self, op: Op, effects: &State, state: &mut State, from_call: bool) {
        for scope in [CLUSTER, CTA] {
            if self.scopes & scope != 0 && state.needs_fence_before(effects, scope) {
                insert_fence_before(op, scope == CLUSTER);
                state.fence(scope);
                break;
            }
        }
        let unfenced = state.entry_unfenced;
        join_map(&mut state.async_reads, &effects.async_reads, unfenced);
        join_map(&mut state.async_writes, &effects.async_writes, unfenced);
        if from_call {
            let fenced = self.scopes & !effects.entry_unfenced;
            if fenced & CLUSTER != 0 {
                state.fence(CLUSTER);
            } else if fenced & CTA != 0 {
                state.fence(CTA);
            }
        }
        join_map(&mut state.generic_reads, &effects.generic_reads, 0xff);
        join_map(&mut state.generic_writes, &effects.generic_writes, 0xff);
    }

    /// The callee's summary as seen from `call`: its own frame moved to the
    /// call's `allocation.offset` in the caller's frame.
    fn call_effects(&self, call: Op) -> Option<State> {
        let callee_name = callee_name(call)?;
        let mut summary = self.summaries.get(&callee_name)?.clone();
        let callee = call.enclosing_module().and_then(|m| {
            module_functions(m).into_iter().find(|f| symbol_name(*f).as_deref() == Some(callee_name.as_str()))
        })?;
        let callee_frame = self.regions.frame_of(callee)?;
        let offset = call.attr("allocation.offset").and_then(|a| a.int()).unwrap_or(0) as u32;
        let translate = |map: &AccessMap| -> AccessMap {
            let mut out = AccessMap::new();
            for (access, s) in map {
                let mut access = access.clone();
                if let Some(view) = access.as_mut().filter(|v| v.allocation_frame == callee_frame) {
                    view.region.base_offset += offset;
                    for (_, addresses) in view.region.cta_addresses.iter_mut() {
                        *addresses = AddressSet::from_addresses(addresses.iter().map(|a| a + offset).collect());
                    }
                    view.storage_base += offset;
                    for base in view.partition_bases.iter_mut() {
                        *base += offset;
                    }
                    view.allocation_frame = self.frame;
                }
                *out.entry(access).or_insert(0) |= s;
            }
            out
        };
        summary.generic_reads = translate(&summary.generic_reads);
        summary.generic_writes = translate(&summary.generic_writes);
        summary.async_reads = translate(&summary.async_reads);
        summary.async_writes = translate(&summary.async_writes);
        Some(summary)
    }

    fn update(&mut self, op: Op, state: &mut State) {
        match op.name() {
            FENCE => {
                let cluster = op.attr("bCluster").and_then(|a| a.bool()).unwrap_or(false);
                state.fence(if cluster { CLUSTER } else { CTA });
            }
            "tt.call" => {
                if let Some(effects) = self.call_effects(op) {
                    self.apply(op, &effects, state, true);
                }
            }
            "scf.for" if op.num_regions() == 1 => {
                let entry = state.clone();
                let mut input = entry.clone();
                for _ in 0..64 {
                    let out = self.region_flow(op.region(0), input.clone());
                    let mut next = entry.clone();
                    next.join(&out);
                    if next == input {
                        break;
                    }
                    input = next;
                }
                *state = input;
            }
            "scf.while" if op.num_regions() == 2 => {
                let entry = state.clone();
                let mut input = entry.clone();
                let mut before_out = State::default();
                for _ in 0..64 {
                    before_out = self.region_flow(op.region(0), input.clone());
                    let after_out = self.region_flow(op.region(1), before_out.clone());
                    let mut next = entry.clone();
                    next.join(&after_out);
                    if next == input {
                        break;
                    }
                    input = next;
                }
                *state = before_out;
            }
            "scf.if" | "scf.execute_region" | "scf.index_switch" => {
                let entry = state.clone();
                let mut merged: Option<State> = None;
                for r in 0..op.num_regions() {
                    let out = if region_blocks(op.region(r)).is_empty() {
                        entry.clone()
                    } else {
                        self.region_flow(op.region(r), entry.clone())
                    };
                    match merged.as_mut() {
                        Some(m) => m.join(&out),
                        None => merged = Some(out),
                    }
                }
                if op.name() == "scf.if" && op.num_regions() < 2 {
                    merged.get_or_insert_with(State::default).join(&entry);
                }
                *state = merged.unwrap_or(entry);
            }
            "ttg.warp_specialize" => {
                let effects = self.effects(op);
                self.apply(op, &effects, state, false);
                if op.num_regions() > 0 {
                    *state = self.region_flow(op.region(0), state.clone());
                }
            }
            _ => {
                let effects = self.effects(op);
                self.apply(op, &effects, state, false);
            }
        }
    }

    /// The dataflow over the CFG of `region` entered in `entry`; returns
    /// the join of the states where it is left.
    fn region_flow(&mut self, region: MlirRegion, entry: State) -> State {
        let mut exit = State::default();
        let Some(first) = region_blocks(region).into_iter().next() else { return entry };
        let key = |b: MlirBlock| b.ptr as usize;
        let mut input: HashMap<usize, State> = HashMap::from([(key(first), entry)]);
        let mut output: HashMap<usize, State> = HashMap::new();
        let mut list: VecDeque<MlirBlock> = VecDeque::from([first]);
        let mut steps = 0usize;
        while let Some(block) = list.pop_front() {
            steps += 1;
            if steps > 10_000 {
                break;
            }
            let mut state = input.get(&key(block)).cloned().unwrap_or_default();
            let terminator = block_terminator(block);
            let mut succs = Vec::new();
            for op in block_ops(block) {
                if terminator.is_some_and(|t| t.same(op)) {
                    succs = successors(op);
                    continue;
                }
                self.update(op, &mut state);
            }
            if output.get(&key(block)).is_some_and(|o| *o == state) {
                continue;
            }
            output.insert(key(block), state.clone());
            if succs.is_empty() {
                exit.join(&state);
            }
            for s in succs {
                input.entry(key(s)).or_default().join(&state);
                list.push_back(s);
            }
        }
        exit
    }
}

/// Inserts a proxy fence before `op`.
fn insert_fence_before(op: Op, cluster: bool) {
    let Some(block) = op.block() else { return };
    let flag = Attr(unsafe { mlirBoolAttrGet(op.context(), cluster as i32) });
    let fence = Rewriter::build(op.location(), FENCE, &[], &[], &[("bCluster", flag.0)], 0);
    unsafe { mlirBlockInsertOwnedOperationBefore(block, op.0, fence.0) };
}

/// The module's functions, each after the functions it calls.
fn post_order(module: Op) -> Vec<Op> {
    let functions = module_functions(module);
    let by_name: HashMap<String, Op> = functions.iter().filter_map(|f| symbol_name(*f).map(|n| (n, *f))).collect();
    let mut done: Vec<Op> = Vec::new();
    let mut visiting: Vec<Op> = Vec::new();
    fn visit(f: Op, by_name: &HashMap<String, Op>, done: &mut Vec<Op>, visiting: &mut Vec<Op>) {
        if done.iter().any(|d| d.same(f)) || visiting.iter().any(|d| d.same(f)) {
            return;
        }
        visiting.push(f);
        for call in f.nested_ops() {
            if call.name() == "tt.call" {
                if let Some(callee) = callee_name(call).and_then(|n| by_name.get(&n).copied()) {
                    visit(callee, by_name, done, visiting);
                }
            }
        }
        visiting.pop();
        done.push(f);
    }
    for f in &functions {
        visit(*f, &by_name, &mut done, &mut visiting);
    }
    done
}

impl Pass for ProxyFenceInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-proxy-fence-insertion"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let cc = options.int("compute-capability", 90);
        if cc < 90 {
            return Ok(());
        }
        let mut scopes = 0u8;
        for op in module.nested_ops() {
            if is_async_proxy(op.name()) {
                scopes |= proxy_scope(op) | CTA;
            }
        }
        if scopes == 0 {
            return Ok(());
        }
        let regions = BufferRegionAnalysis::run(module)?;
        let tiles = crate::traits::traits_of(cc).scratch_tiles.unwrap_or_default();
        let mut analysis =
            Analysis { regions: &regions, scopes, summaries: HashMap::new(), cvt_target: ScratchTarget::Tiled(tiles), frame: 0 };
        for func in post_order(module) {
            if func.num_regions() == 0 || region_blocks(func.region(0)).is_empty() {
                continue;
            }
            analysis.frame = regions.frame_of(func).unwrap_or(0);
            let entry = State { entry_unfenced: scopes, ..Default::default() };
            let summary = analysis.region_flow(func.region(0), entry);
            if let Some(name) = symbol_name(func) {
                analysis.summaries.insert(name, summary);
            }
        }
        Ok(())
    }
}
