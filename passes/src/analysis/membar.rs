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
//!    [`MembarHooks::scratch_within_warps`] says), then reads it; an
//!    access through a `ttg.memdesc_index` (seen through views) carries its
//!    slot index as `base + offset` under an optional modulus (Triton's
//!    `BufferIndexAnalysis`: constants, `arith.addi` of a constant,
//!    `arith.remsi` by a constant, the pipeliner's wrapping counter
//!    `select(cmpi sge/slt (c + 1, N), 0, c + 1)` on a counter kept in
//!    `[-1, N)`), and two accesses of one buffer whose indices provably
//!    differ do not intersect; indices are dropped on a loop's back edge and
//!    not used in a function with an irreducible CFG; an access through a
//!    `ttg.memdesc_subslice` of a whole
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
    /// The slot of a multi-buffered allocation the access selects, as an
    /// index expression (with the allocation's buffer id), if known.
    pub index: Option<(usize, IndexExpr)>,
}

impl Slice {
    /// The whole interval `i`.
    pub fn whole(i: Interval) -> Slice {
        Slice { start: i.start, end: i.end, view: None, index: None }
    }
    /// Whether the two accesses may touch a common element: their intervals
    /// intersect and, for two views of one encoding, their boxes overlap in
    /// every dimension.
    pub fn intersects(&self, other: &Slice) -> bool {
        if !Interval::new(self.start, self.end).intersects(&Interval::new(other.start, other.end)) {
            return false;
        }
        if let (Some((a, x)), Some((b, y))) = (&self.index, &other.index) {
            if a == b && x.provably_differs(y) {
                return false;
            }
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
    /// Drops the slot indices of every access (state carried around a loop).
    pub fn forget_indices(&mut self) {
        for map in [&mut self.reads, &mut self.writes] {
            let old = std::mem::take(map);
            for (mut k, ops) in old {
                k.index = None;
                map.entry(k).or_default().extend(ops);
            }
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
    /// Whether slot indices may tell accesses apart (not in a function
    /// with an irreducible CFG).
    buffer_indices: bool,
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
                for pass in 0..passes {
                    if pass > 0 {
                        // Around the back edge the slot indices name other
                        // iterations' slots.
                        state.forget_indices();
                    }
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
                        .map(|(k, ops)| (Slice { start: base + k.start, end: base + k.end, view: k.view.clone(), index: None }, ops.clone()))
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
                // The whole buffer; slots of one buffer are told apart by
                // their indices (a constant index is one too).
                let index = if self.buffer_indices { buffer_index(value).map(|e| (id, e)) } else { None };
                let slice = Slice { view: view.clone(), index, ..Slice::whole(self.alloc.interval(id)) };
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
            self.buffer_indices = !is_irreducible(func.region(0));
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
        // Back edges (to a block dominating the source) carry no slot indices.
        let (blocks, preds) = cfg(region);
        let dom = dominators(&preds);
        let position: HashMap<usize, usize> = blocks.iter().enumerate().map(|(i, b)| (key(*b), i)).collect();
        let back_edge = |from: MlirBlock, to: MlirBlock| match (position.get(&key(from)), position.get(&key(to))) {
            (Some(&f), Some(&t)) => dom[f][t],
            _ => false,
        };
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
                if back_edge(block, s) {
                    let mut carried = info.clone();
                    carried.forget_indices();
                    input.entry(key(s)).or_default().join(&carried);
                } else {
                    input.entry(key(s)).or_default().join(&info);
                }
                list.push_back(s);
            }
        }
        exit
    }
}

// ---------------------------------------------------------------------------
// Slot indices (Triton's BufferIndexAnalysis)
// ---------------------------------------------------------------------------

/// The slot index of a multi-buffered access as `base + offset`, under a
/// modulus when the index wraps (`arith.remsi`, or the pipeliner's
/// `select(cmpi sge/slt (base + 1, N), 0, base + 1)` on a counter known to
/// stay in `[-1, N)`); `base` is a value handle (0: no base, a constant).
/// Two indices of one base whose offsets differ (modulo the same modulus)
/// select different slots.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct IndexExpr {
    base: usize,
    offset: i64,
    modulus: Option<i64>,
}

impl IndexExpr {
    fn root(v: Val) -> IndexExpr {
        IndexExpr { base: v.0.ptr as usize, offset: 0, modulus: None }
    }
    /// Whether the two indices never select the same slot.
    pub fn provably_differs(&self, other: &IndexExpr) -> bool {
        if self.base != other.base {
            return false;
        }
        match (self.modulus, other.modulus) {
            (None, None) => self.offset != other.offset,
            (Some(m), Some(n)) if m == n => self.offset.rem_euclid(m) != other.offset.rem_euclid(m),
            _ => false,
        }
    }
}

fn const_int(v: Val) -> Option<i64> {
    let def = v.defining_op().filter(|d| d.name() == "arith.constant")?;
    def.attr("value")?.int()
}

/// Whether the counter `base` of the wrap idiom `select` stays within
/// `[-1, modulus)`: a constant, or a loop-carried value starting there
/// whose every other incoming value is `select` itself.
fn counter_bounded(base: Val, modulus: i64, select: Op) -> bool {
    let in_range = |v: Val| const_int(v).is_some_and(|c| (-1..modulus).contains(&c));
    if const_int(base).is_some() {
        return in_range(base);
    }
    let Some(block) = base.owner_block() else { return false };
    let index = unsafe { mlirBlockArgumentGetArgNumber(base.0) } as usize;
    let parent = Op(unsafe { mlirBlockGetParentOperation(block) });
    if !parent.0.ptr.is_null() && parent.name() == "scf.for" && parent.entry_block(0).is_some_and(|b| b.ptr == block.ptr) {
        if index == 0 {
            return false;
        }
        let init = parent.operands().get(3 + index - 1).copied();
        let yielded = block_terminator(block).and_then(|t| t.operands().get(index - 1).copied());
        return init.is_some_and(in_range) && yielded.is_some_and(|y| y.same(select.result(0)));
    }
    // A CFG loop: every predecessor passes the select or a constant in range.
    let region = unsafe { mlirBlockGetParentRegion(block) };
    let mut preds = 0;
    for b in region_blocks(region) {
        let Some(term) = block_terminator(b) else { continue };
        for (k, succ) in successors(term).into_iter().enumerate() {
            if succ.ptr != block.ptr {
                continue;
            }
            preds += 1;
            let Some(incoming) = super::allocation::successor_operands(term, k).get(index).copied() else { return false };
            if !(incoming.same(select.result(0)) || in_range(incoming)) {
                return false;
            }
        }
    }
    preds > 0
}

/// The wrap idiom the pipeliner emits for its slot counters.
fn wrapped_counter(select: Op) -> Option<IndexExpr> {
    let cmp = select.operand(0).defining_op().filter(|c| c.name() == "arith.cmpi")?;
    let (wrap, no_wrap) = match cmp.attr("predicate")?.int()? {
        5 => (select.operand(1), select.operand(2)), // sge
        2 => (select.operand(2), select.operand(1)), // slt
        _ => return None,
    };
    if const_int(wrap) != Some(0) {
        return None;
    }
    let add = no_wrap.defining_op().filter(|a| a.name() == "arith.addi")?;
    if !cmp.operand(0).same(add.result(0)) {
        return None;
    }
    let (one, base) = match const_int(add.operand(1)) {
        Some(c) => (c, add.operand(0)),
        None => (const_int(add.operand(0))?, add.operand(1)),
    };
    let modulus = const_int(cmp.operand(1)).filter(|m| *m > 0)?;
    if one != 1 || !counter_bounded(base, modulus, select) {
        return None;
    }
    let inner = index_expr(base);
    if inner.modulus.is_some() {
        return None;
    }
    Some(IndexExpr { base: inner.base, offset: inner.offset + 1, modulus: Some(modulus) })
}

/// The index expression of a slot index value.
fn index_expr(v: Val) -> IndexExpr {
    if let Some(c) = const_int(v) {
        return IndexExpr { base: 0, offset: c, modulus: None };
    }
    let Some(def) = v.defining_op() else { return IndexExpr::root(v) };
    match def.name() {
        "arith.addi" => {
            let pair = match (const_int(def.operand(1)), const_int(def.operand(0))) {
                (Some(c), _) => Some((def.operand(0), c)),
                (None, Some(c)) => Some((def.operand(1), c)),
                _ => None,
            };
            if let Some((other, c)) = pair {
                let inner = index_expr(other);
                if inner.modulus.is_some() {
                    return IndexExpr::root(v);
                }
                return IndexExpr { base: inner.base, offset: inner.offset + c, modulus: None };
            }
        }
        "arith.select" => {
            if let Some(e) = wrapped_counter(def) {
                return e;
            }
        }
        "arith.remsi" => {
            if let Some(m) = const_int(def.operand(1)).filter(|m| *m > 0) {
                let mut inner = index_expr(def.operand(0));
                if inner.modulus.is_some() {
                    return IndexExpr::root(v);
                }
                inner.modulus = Some(m);
                return inner;
            }
        }
        _ => {}
    }
    IndexExpr::root(v)
}

/// The slot index of the `ttg.memdesc_index` a descriptor is a view of
/// (through transposes, reshapes, reinterpretations and subslices).
fn buffer_index(value: Val) -> Option<IndexExpr> {
    let mut v = value;
    loop {
        let def = v.defining_op()?;
        match def.name() {
            "ttg.memdesc_index" if def.num_operands() > 1 => {
                let mut e = index_expr(def.operand(1));
                if let Some(m) = e.modulus {
                    e.offset = e.offset.rem_euclid(m);
                }
                return Some(e);
            }
            "ttg.memdesc_trans" | "ttg.memdesc_reshape" | "ttg.memdesc_reinterpret" | "ttg.memdesc_subslice" => {
                v = def.operand(0);
            }
            _ => return None,
        }
    }
}

/// The blocks of `region` and, for each, its predecessors (by position).
fn cfg(region: MlirRegion) -> (Vec<MlirBlock>, Vec<Vec<usize>>) {
    let blocks = region_blocks(region);
    let mut preds = vec![Vec::new(); blocks.len()];
    for (i, b) in blocks.iter().enumerate() {
        if let Some(term) = block_terminator(*b) {
            for s in successors(term) {
                if let Some(j) = blocks.iter().position(|x| x.ptr == s.ptr) {
                    preds[j].push(i);
                }
            }
        }
    }
    (blocks, preds)
}

/// The dominators of each block of a CFG (block 0 the entry), as bit sets.
fn dominators(preds: &[Vec<usize>]) -> Vec<Vec<bool>> {
    let n = preds.len();
    let mut dom = vec![vec![true; n]; n];
    if n == 0 {
        return dom;
    }
    dom[0] = (0..n).map(|i| i == 0).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for b in 1..n {
            let mut new = vec![true; n];
            for &p in &preds[b] {
                for i in 0..n {
                    new[i] &= dom[p][i];
                }
            }
            new[b] = true;
            if new != dom[b] {
                dom[b] = new;
                changed = true;
            }
        }
    }
    dom
}

/// Whether the CFG of `region` has a cycle entered other than through a
/// block that dominates it (an edge to a block on the depth-first path that
/// does not dominate its source).
fn is_irreducible(region: MlirRegion) -> bool {
    let (blocks, preds) = cfg(region);
    let n = blocks.len();
    if n < 2 {
        return false;
    }
    let dom = dominators(&preds);
    let mut succs = vec![Vec::new(); n];
    for (j, ps) in preds.iter().enumerate() {
        for &p in ps {
            succs[p].push(j);
        }
    }
    // Iterative depth-first search: 0 unvisited, 1 on the path, 2 done.
    let mut state = vec![0u8; n];
    let mut stack = vec![(0usize, 0usize)];
    state[0] = 1;
    while let Some((b, k)) = stack.pop() {
        if k < succs[b].len() {
            stack.push((b, k + 1));
            let s = succs[b][k];
            match state[s] {
                0 => {
                    state[s] = 1;
                    stack.push((s, 0));
                }
                1 if !dom[b][s] => return true,
                _ => {}
            }
        } else {
            state[b] = 2;
        }
    }
    false
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
            FunctionMembar {
                alloc,
                hooks,
                context: alloc.func.context(),
                inserted: 0,
                callees: &ends,
                end: BlockInfo::default(),
                buffer_indices: true,
            };
        membar.run(alloc.func);
        let (end, inserted) = (std::mem::take(&mut membar.end), membar.inserted);
        if let Some(name) = super::symbol_name(alloc.func) {
            ends.insert(name, end);
        }
        total += inserted;
    }
    total
}
