//! Shared-memory barriers (Triton's `MembarAnalysis`): inserts
//! `ttg.barrier local` wherever an op touches shared memory that another op
//! wrote (or read, for a write) since the last barrier.
//!
//! Algorithm, per function, over its CFG (a forward dataflow to a fixpoint):
//! 1. the state of a program point lists the byte intervals of shared memory
//!    read and written since the last barrier, each with the ops that
//!    accessed it;
//! 2. an op's own accesses are its explicit ones (`ttg.local_load` reads its
//!    buffer, `ttg.local_alloc %t`, `ttg.local_store` and
//!    `ttg.async_copy_global_to_local` write theirs — through views and block
//!    arguments, see [`super::allocation`]; a backend's op, those its
//!    definition declares on shared memory) or its scratch: an op with
//!    scratch writes it, synchronises internally (unless its scratch stays
//!    within warps: a conversion within warps, or what the backend's
//!    [`MembarHooks::scratch_within_warps`] says), then reads it; a
//!    `ttg.memdesc_index` with a constant index covers only its slot of the
//!    buffer; an access through a `ttg.memdesc_subslice` of a whole
//!    allocation also records the view's box of elements, and two such
//!    accesses of one encoding only intersect where their boxes overlap;
//! 3. when the op's accesses conflict with the state (read-after-write,
//!    write-after-read, write-after-write on intersecting intervals, unless
//!    the backend's [`MembarHooks::needs_no_barrier`] says the two ops are
//!    ordered anyway), a barrier goes right before it and the state is
//!    cleared;
//! 4. synchronisation points: an existing `ttg.barrier local`, release
//!    atomics and the ops a backend says synchronise the block
//!    ([`MembarHooks::syncs_block`]) clear the state before their accesses,
//!    acquire atomics without scratch after them; a wait for asynchronous
//!    copies (`ttg.async_wait`, [`MembarHooks::is_memory_wait`]) is followed
//!    by a barrier unless a later synchronisation point comes, in its block,
//!    before any op that touches memory (Triton's
//!    `hasSyncPointBeforeMemoryEffect`); an op whose own block-wide
//!    synchronisation is only needed when nothing later synchronises
//!    ([`MembarHooks::defers_sync`]) is relaxed in that case;
//! 5. a `tt.call` accesses what its callee left pending at its return,
//!    moved to the call's virtual buffer;
//! 6. a block's out-state joins into its successors' in-states; blocks are
//!    revisited until nothing changes.
//!
//! Ops with regions that are still structured (`scf.for`, `scf.if`, ...)
//! are walked in place, loop bodies twice; Triton's pipeline converts them
//! to `cf` first. A `ttg.warp_specialize`'s default region is walked in
//! place too; each of its partitions on its own, from an empty state.
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use mlir_sys::*;
use tritium_dialects::ir::{block_ops, block_terminator, region_blocks, Op, Val};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::to_linear::{BLOCK, WARP};

use super::allocation::{BufferKind, FunctionAllocation, Interval, ModuleAllocation};
use super::{successors, swizzle, tensor_layout};

/// What a backend tells the barrier analysis about its own ops (the cases
/// Triton's `MembarAnalysis` and a backend's membar filter decide by op
/// name). Every method has the answer of an op the backend knows nothing
/// about; the backend's membar pass hands its implementation to
/// [`insert_barriers_with`].
pub trait MembarHooks {
    /// Whether `op` synchronises every thread of the block before its own
    /// shared-memory accesses (its lowering starts with a block barrier, or
    /// Triton's Membar counts it as one).
    fn syncs_block(&self, _op: Op) -> bool {
        false
    }
    /// Whether `op` waits for asynchronous shared-memory accesses of the
    /// thread that issued them (Triton's `MemWaitOpTrait`): the block must
    /// synchronise after it before another thread relies on them.
    fn is_memory_wait(&self, _op: Op) -> bool {
        false
    }
    /// Whether `op` synchronises the block (see [`Self::syncs_block`]) only
    /// for the sake of later accesses, so that a later synchronisation point
    /// can do it instead: when one follows before any memory access, the
    /// analysis calls [`Self::defer_sync`].
    fn defers_sync(&self, _op: Op) -> bool {
        false
    }
    /// Makes `op` (one that [`Self::defers_sync`]) stop synchronising the
    /// block, a later point doing it.
    fn defer_sync(&self, _op: Op) {}
    /// Whether no barrier is needed between `before` and `after` although
    /// they access the same shared memory (they are ordered otherwise).
    fn needs_no_barrier(&self, _before: Op, _after: Op) -> bool {
        false
    }
    /// Whether the scratch buffer of `op` is written and read by the same
    /// warps, with no block barrier in between.
    fn scratch_within_warps(&self, _op: Op) -> bool {
        false
    }
}

/// The hooks of a backend that has none of its own.
pub struct NoHooks;

impl MembarHooks for NoHooks {}

/// The ops (by handle) that made an access.
type Accessors = BTreeSet<usize>;

/// The elements a `ttg.memdesc_subslice` view of a whole allocation covers:
/// its offsets and shape in the allocation, and its encoding (by handle).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct View {
    offsets: Vec<i64>,
    shape: Vec<i64>,
    encoding: usize,
}

/// What one access covers (Triton's `AllocationSlice`): a byte interval
/// and, when the access goes through a subslice of a whole allocation, the
/// view's box of elements.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slice {
    /// First byte.
    pub start: u64,
    /// One past the last byte.
    pub end: u64,
    /// The subslice view, if known.
    pub view: Option<View>,
}

impl Slice {
    /// The whole interval `i`.
    pub fn whole(i: Interval) -> Slice {
        Slice { start: i.start, end: i.end, view: None }
    }
    /// Whether the two accesses may touch a common element: their intervals
    /// intersect and, for two views of one encoding, their boxes overlap in
    /// every dimension.
    pub fn intersects(&self, other: &Slice) -> bool {
        if !Interval::new(self.start, self.end).intersects(&Interval::new(other.start, other.end)) {
            return false;
        }
        match (&self.view, &other.view) {
            (Some(a), Some(b)) if a.encoding == b.encoding && a.offsets.len() == b.offsets.len() => {
                (0..a.offsets.len()).all(|d| {
                    let (sa, sb) = (a.offsets[d], b.offsets[d]);
                    let (ea, eb) = (sa + a.shape.get(d).copied().unwrap_or(0), sb + b.shape.get(d).copied().unwrap_or(0));
                    ea > sb && eb > sa
                })
            }
            _ => true,
        }
    }
}

/// The view of `value` when it is a `ttg.memdesc_subslice` of a memdesc
/// whose shape is the whole allocation (Triton's subslice offsets).
fn subslice_view(value: Val) -> Option<View> {
    let def = value.defining_op().filter(|d| d.name() == "ttg.memdesc_subslice" && d.num_operands() > 0)?;
    let access = tritium_dialects::ttg::bridge::memdesc_of(value.ty())?;
    let src = tritium_dialects::ttg::bridge::memdesc_of(def.operand(0).ty())?;
    if access.alloc_shape != src.shape {
        return None;
    }
    let offsets: Vec<i64> = def.attr("offsets").and_then(|a| a.i32_array())?.into_iter().map(i64::from).collect();
    Some(View { offsets, shape: access.shape.clone(), encoding: access.encoding.0.ptr as usize })
}

/// The slices read and written since the last barrier, with the ops that
/// accessed them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockInfo {
    /// Slices read.
    pub reads: BTreeMap<Slice, Accessors>,
    /// Slices written.
    pub writes: BTreeMap<Slice, Accessors>,
}

fn op_key(op: Op) -> usize {
    op.0.ptr as usize
}

fn op_of(key: usize) -> Op {
    Op(MlirOperation { ptr: key as *mut std::ffi::c_void })
}

impl BlockInfo {
    /// Records a read of `i` by `op`.
    pub fn read(&mut self, i: Interval, op: Op) {
        self.read_slice(Slice::whole(i), op);
    }
    /// Records a write of `i` by `op`.
    pub fn write(&mut self, i: Interval, op: Op) {
        self.write_slice(Slice::whole(i), op);
    }
    /// Records a read of `s` by `op`.
    pub fn read_slice(&mut self, s: Slice, op: Op) {
        self.reads.entry(s).or_default().insert(op_key(op));
    }
    /// Records a write of `s` by `op`.
    pub fn write_slice(&mut self, s: Slice, op: Op) {
        self.writes.entry(s).or_default().insert(op_key(op));
    }
    /// Adds everything `other` records.
    pub fn join(&mut self, other: &BlockInfo) {
        for (k, ops) in &other.reads {
            self.reads.entry(k.clone()).or_default().extend(ops);
        }
        for (k, ops) in &other.writes {
            self.writes.entry(k.clone()).or_default().extend(ops);
        }
    }
    /// Forgets everything (a barrier).
    pub fn sync(&mut self) {
        self.reads.clear();
        self.writes.clear();
    }
    /// Whether an interval of `a` intersects one of `b` with a pair of ops
    /// the hooks do not excuse.
    fn any(a: &BTreeMap<Slice, Accessors>, b: &BTreeMap<Slice, Accessors>, hooks: &dyn MembarHooks) -> bool {
        a.iter().any(|(x, xs)| {
            b.iter().any(|(y, ys)| {
                x.intersects(y)
                    && xs.iter().any(|&p| ys.iter().any(|&q| !hooks.needs_no_barrier(op_of(p), op_of(q))))
            })
        })
    }
    /// Whether `other`'s accesses, coming later, conflict with these (RAW,
    /// WAR or WAW).
    pub fn conflicts(&self, other: &BlockInfo, hooks: &dyn MembarHooks) -> bool {
        Self::any(&self.writes, &other.reads, hooks)
            || Self::any(&self.reads, &other.writes, hooks)
            || Self::any(&self.writes, &other.writes, hooks)
    }
}

/// The shared-memory accesses an op declares on memdesc operands/results:
/// `(value, is_write)` (the ttg ops' `MemRead`/`MemWrite` effects).
pub fn explicit_accesses(op: Op) -> Vec<(Val, bool)> {
    let n = op.num_operands();
    match op.name() {
        "ttg.local_alloc" if n > 0 && op.num_results() == 1 => vec![(op.result(0), true)],
        "ttg.local_load" | "ttg.local_gather" if n > 0 => vec![(op.operand(0), false)],
        "ttg.local_store" if n > 1 => vec![(op.operand(1), true)],
        "ttg.local_scatter" if n > 0 => vec![(op.operand(0), true)],
        "ttg.async_copy_global_to_local" if n > 1 => vec![(op.operand(1), true)],
        "ttg.local_atomic_scatter_rmw" if n > 0 => vec![(op.operand(0), false), (op.operand(0), true)],
        _ => Vec::new(),
    }
}

/// Whether a conversion only needs warp-level synchronisation between its
/// scratch write and read (Triton's `isCvtDimSync(src, dst, warp)`).
pub fn cvt_is_warp_sync(op: Op) -> bool {
    let (Some(src), Some(dst)) = (tensor_layout(op.operand(0).ty()), tensor_layout(op.result(0).ty())) else {
        return false;
    };
    let Ok(comp) = dst.invert_and_compose(&src) else { return false };
    let no_warp_broadcast =
        |l: &tritium_dialects::ttg::linear_layout::LinearLayout| l.get_free_variable_masks().iter().all(|(n, m)| n != WARP || *m == 0);
    swizzle::is_trivial_over(&comp, BLOCK) && swizzle::is_trivial_over(&comp, WARP) && no_warp_broadcast(&src) && no_warp_broadcast(&dst)
}

/// Triton's memory semantics of an atomic (`sem`): 1 relaxed, 2 acquire,
/// 3 release, 4 acq_rel.
fn atomic_semantic(op: Op) -> i64 {
    op.attr("sem").and_then(|a| a.int()).unwrap_or(4)
}

/// Where an op synchronises the block relative to its own shared-memory
/// accesses (Triton's `BarrierStages`).
#[derive(Clone, Copy, Debug, Default)]
struct Stages {
    /// A block barrier before its accesses.
    before: bool,
    /// A block barrier between its scratch write and its scratch read.
    between: bool,
    /// A block barrier after its accesses.
    after: bool,
}

/// The membar analysis of one function.
struct FunctionMembar<'a> {
    alloc: &'a FunctionAllocation,
    hooks: &'a dyn MembarHooks,
    context: MlirContext,
    inserted: usize,
    /// The accesses still pending when each function already analysed
    /// returns (by symbol name), in its own offsets.
    callees: &'a HashMap<String, BlockInfo>,
    /// The accesses pending when this function returns.
    end: BlockInfo,
}

impl FunctionMembar<'_> {
    /// Inserts `ttg.barrier local` before `anchor`.
    fn barrier_before(&mut self, anchor: Op) {
        let attr = super::i32_attr(self.context, 1);
        let op = Rewriter::build(anchor.location(), "ttg.barrier", &[], &[], &[("addrSpace", attr.0)], 0);
        if let Some(block) = anchor.block() {
            unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) };
        }
        self.inserted += 1;
    }
    /// Inserts `ttg.barrier local` after `anchor`.
    fn barrier_after(&mut self, anchor: Op) {
        let attr = super::i32_attr(self.context, 1);
        let op = Rewriter::build(anchor.location(), "ttg.barrier", &[], &[], &[("addrSpace", attr.0)], 0);
        if let Some(block) = anchor.block() {
            unsafe { mlirBlockInsertOwnedOperationAfter(block, anchor.0, op.0) };
        }
        self.inserted += 1;
    }

    /// The scratch buffer of `op`, if it has one (a call's buffer is its
    /// callee's, handled apart).
    fn scratch(&self, op: Op) -> Option<super::allocation::Buffer> {
        self.alloc.op_buffer(op).filter(|b| b.kind == BufferKind::Scratch).copied()
    }

    /// Whether `op` waits for asynchronous shared-memory accesses.
    fn is_memory_wait(&self, op: Op) -> bool {
        op.name() == "ttg.async_wait" || self.hooks.is_memory_wait(op)
    }

    /// Where `op` synchronises the block (Triton's `getLocalBarrierStages`).
    fn stages(&self, op: Op) -> Stages {
        let name = op.name();
        let between = self.scratch(op).is_some()
            && !(name == "ttg.convert_layout" && cvt_is_warp_sync(op))
            && !self.hooks.scratch_within_warps(op);
        if matches!(name, "tt.atomic_rmw" | "tt.atomic_cas") {
            let sem = atomic_semantic(op);
            return Stages { before: matches!(sem, 3 | 4), between, after: !between && matches!(sem, 2 | 4) };
        }
        let before = match name {
            "ttg.barrier" => op.attr("addrSpace").and_then(|a| a.int()).unwrap_or(0) & 1 != 0,
            "ttg.warp_specialize.partitions" | "ttg.warp_yield" | "ttg.warp_return" => true,
            _ => self.hooks.syncs_block(op),
        };
        Stages { before, between, after: false }
    }

    /// Whether, after `op` in its block, a synchronisation point comes
    /// before any op that touches memory or has regions (Triton's
    /// `hasSyncPointBeforeMemoryEffect`).
    fn sync_point_follows(&self, op: Op) -> bool {
        let mut next = op.next();
        while let Some(n) = next {
            let stages = self.stages(n);
            if stages.before || self.is_memory_wait(n) {
                return true;
            }
            // A barrier inside the op comes after its incoming accesses.
            if stages.between {
                return false;
            }
            if stages.after {
                return true;
            }
            if n.num_regions() > 0 || !tritium_dialects::services::is_memory_effect_free(n) {
                return false;
            }
            next = n.next();
        }
        false
    }

    /// The bytes of buffer `id` that `value` covers: one slot of a
    /// multi-buffer when `value` is a `ttg.memdesc_index` of the allocation
    /// with a constant index (slots with different constant indices never
    /// overlap), else the whole buffer.
    fn slice_interval(&self, value: Val, id: usize) -> Interval {
        let whole = self.alloc.interval(id);
        let Some(def) = value.defining_op() else { return whole };
        if def.name() != "ttg.memdesc_index" || def.num_operands() < 2 {
            return whole;
        }
        let src = def.operand(0);
        if self.alloc.value_buffer(src).map(|b| b.id) != Some(id) {
            return whole;
        }
        let index = def.operand(1).defining_op().filter(|c| c.name() == "arith.constant").and_then(|c| c.attr("value")).and_then(|a| a.int());
        let slots = tritium_dialects::ttg::bridge::memdesc_of(src.ty()).and_then(|d| d.shape.first().copied()).unwrap_or(0);
        match index {
            Some(i) if slots > 0 && (0..slots).contains(&i) => {
                let slot = (whole.end - whole.start) / slots as u64;
                Interval::new(whole.start + slot * i as u64, whole.start + slot * (i as u64 + 1))
            }
            _ => whole,
        }
    }

    /// The transfer function of one op (steps 2–5).
    fn update(&mut self, op: Op, info: &mut BlockInfo) {
        let name = op.name();
        if name == "ttg.warp_specialize" {
            // The default region runs in the op's place, in the state that
            // reaches it (its own CFG); the partitions (region 1) run on
            // other warps.
            if op.num_regions() > 0 {
                *info = self.region_flow(op.region(0), info.clone());
            }
            for r in 1..op.num_regions() {
                for block in region_blocks(op.region(r)) {
                    for child in block_ops(block) {
                        self.update(child, info);
                    }
                }
            }
            return;
        }
        if name == "ttg.warp_specialize.partitions" {
            // Each partition is a program of its own: it starts with no
            // pending accesses and its accesses do not reach the default
            // warps (the op synchronises them at its start and end).
            for r in 0..op.num_regions() {
                self.region_flow(op.region(r), BlockInfo::default());
            }
            return;
        }
        if op.num_regions() > 0 && matches!(name, "scf.for" | "scf.while" | "scf.if" | "scf.execute_region" | "scf.index_switch") {
            let passes = if matches!(name, "scf.for" | "scf.while") { 2 } else { 1 };
            let entry = info.clone();
            let mut merged = BlockInfo::default();
            for r in 0..op.num_regions() {
                let mut state = entry.clone();
                for _ in 0..passes {
                    for block in region_blocks(op.region(r)) {
                        for child in block_ops(block) {
                            self.update(child, &mut state);
                        }
                    }
                }
                merged.join(&state);
            }
            *info = merged;
            return;
        }
        if name == "tt.call" {
            // The callee's accesses pending at its return, placed at the
            // call's virtual buffer (the callee's shared memory).
            let callee = super::callee_name(op).and_then(|n| self.callees.get(&n));
            let base = self.alloc.op_buffer(op).filter(|b| b.kind == BufferKind::Virtual).map(|b| b.offset);
            if let (Some(state), Some(base)) = (callee, base) {
                let shift = |m: &BTreeMap<Slice, Accessors>| -> BTreeMap<Slice, Accessors> {
                    m.iter()
                        .map(|(k, ops)| (Slice { start: base + k.start, end: base + k.end, view: k.view.clone() }, ops.clone()))
                        .collect()
                };
                let cur = BlockInfo { reads: shift(&state.reads), writes: shift(&state.writes) };
                if info.conflicts(&cur, self.hooks) {
                    self.barrier_before(op);
                    info.sync();
                }
                info.join(&cur);
            }
            return;
        }
        // An op that synchronises the block only for later accesses leaves
        // it to a synchronisation point that comes before any of them.
        if self.hooks.defers_sync(op) && self.sync_point_follows(op) {
            self.hooks.defer_sync(op);
        }
        let stages = self.stages(op);
        if stages.before {
            info.sync();
        }
        if self.is_memory_wait(op) {
            // The waited accesses are visible to every thread after the next
            // synchronisation point: a barrier right after the wait unless
            // one comes before memory is touched.
            if !self.sync_point_follows(op) {
                self.barrier_after(op);
                info.sync();
            }
            return;
        }
        if name == "ttg.barrier" {
            return;
        }
        let mut cur = BlockInfo::default();
        let mut accesses = explicit_accesses(op);
        if accesses.is_empty() && !name.starts_with("ttg.") && !name.starts_with("tt.") {
            // A backend's op: the reads and writes its definition declares.
            accesses = tritium_dialects::services::shared_memory_effects(op);
        }
        for (value, is_write) in accesses {
            let view = subslice_view(value);
            for id in self.alloc.buffer_ids(value) {
                let slice = Slice { view: view.clone(), ..Slice::whole(self.slice_interval(value, id)) };
                if is_write {
                    cur.write_slice(slice, op);
                } else {
                    cur.read_slice(slice, op);
                }
            }
        }
        if let Some(buffer) = self.scratch(op) {
            let interval = Interval::new(buffer.offset, buffer.offset + buffer.size);
            cur.write(interval, op);
            if info.conflicts(&cur, self.hooks) {
                self.barrier_before(op);
                info.sync();
            }
            if stages.between {
                info.join(&cur);
                info.sync();
                cur.sync();
            }
            cur.read(interval, op);
        } else if info.conflicts(&cur, self.hooks) {
            self.barrier_before(op);
            info.sync();
        }
        info.join(&cur);
        if stages.after {
            info.sync();
        }
    }

    /// The dataflow over the function's CFG (step 6).
    fn run(&mut self, func: Op) {
        if func.num_regions() > 0 {
            self.end = self.region_flow(func.region(0), BlockInfo::default());
        }
    }

    /// The dataflow over the CFG of `region` entered in state `entry`;
    /// returns the join of the states where it is left (the blocks whose
    /// terminator has no successor).
    fn region_flow(&mut self, region: MlirRegion, entry_state: BlockInfo) -> BlockInfo {
        let mut exit = BlockInfo::default();
        let Some(entry) = region_blocks(region).into_iter().next() else { return exit };
        let key = |b: MlirBlock| b.ptr as usize;
        let mut input: HashMap<usize, BlockInfo> = HashMap::from([(key(entry), entry_state)]);
        let mut output: HashMap<usize, BlockInfo> = HashMap::new();
        let mut list: VecDeque<MlirBlock> = VecDeque::from([entry]);
        let mut steps = 0usize;
        while let Some(block) = list.pop_front() {
            steps += 1;
            if steps > 100_000 {
                break;
            }
            let mut info = input.get(&key(block)).cloned().unwrap_or_default();
            let terminator = block_terminator(block);
            let mut succs = Vec::new();
            for op in block_ops(block) {
                if terminator.is_some_and(|t| t.same(op)) {
                    succs = successors(op);
                    continue;
                }
                self.update(op, &mut info);
            }
            if output.get(&key(block)).is_some_and(|o| *o == info) {
                continue;
            }
            output.insert(key(block), info.clone());
            if succs.is_empty() {
                exit.join(&info);
            }
            for s in succs {
                input.entry(key(s)).or_default().join(&info);
                list.push_back(s);
            }
        }
        exit
    }
}

/// Inserts the barriers of every function of the module (Triton's
/// `ModuleMembarAnalysis::run`) for a backend without hooks of its own;
/// returns how many were inserted.
pub fn insert_barriers(allocation: &ModuleAllocation) -> usize {
    insert_barriers_with(allocation, &NoHooks)
}

/// [`insert_barriers`] with what a backend knows of its ops.
pub fn insert_barriers_with(allocation: &ModuleAllocation, hooks: &dyn MembarHooks) -> usize {
    let mut total = 0;
    let mut ends: HashMap<String, BlockInfo> = HashMap::new();
    for alloc in &allocation.functions {
        let mut membar =
            FunctionMembar { alloc, hooks, context: alloc.func.context(), inserted: 0, callees: &ends, end: BlockInfo::default() };
        membar.run(alloc.func);
        let (end, inserted) = (std::mem::take(&mut membar.end), membar.inserted);
        if let Some(name) = super::symbol_name(alloc.func) {
            ends.insert(name, end);
        }
        total += inserted;
    }
    total
}
