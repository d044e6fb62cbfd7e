//! Cluster-level synchronisation of multi-CTA modules (sm90+, `ttg.num-ctas`
//! > 1), which Triton 3.9 runs before the shared-memory barriers of Membar
//! (`runClusterBarrierInsertion` and `runCrossCTAMBarrierInitSyncInsertion`,
//! called by its membar test pass and by the NVIDIA lowering's module
//! preparation). Two parts:
//!
//! 1. [`insert_cluster_barriers`]: a forward dataflow like Membar's, but
//!    only for accesses that reach other CTAs' shared memory (distributed
//!    shared memory): a layout conversion or a reduction whose data crosses
//!    CTAs (read side), a multicast TMA load, a multicast mbarrier arrival,
//!    an `async_shared_store`, ... When a later access of an overlapping
//!    interval conflicts with one of them (RAW, WAR, WAW; two accesses of
//!    the same `ttg.local_alloc` buffer are left to the program's own
//!    mbarrier protocol), a `ttng.cluster_barrier` goes before it; a kernel
//!    also ends with one (another CTA may still read this CTA's memory).
//!    An op with scratch that itself crosses CTAs synchronises the cluster
//!    internally, so it clears what came before it.
//! 2. [`insert_mbarrier_init_syncs`]: an mbarrier that another CTA may
//!    signal (a barrier shared by the cluster, whose leading dimension is not
//!    the number of CTAs, or one a multicast / remote op uses) must be
//!    initialised in every CTA before any CTA uses it: a
//!    `ttng.fence_mbarrier_init_release_cluster` and a relaxed
//!    `ttng.cluster_barrier` go at the latest point that still dominates
//!    every use of those barriers, after the point that post-dominates every
//!    initialisation; an existing cluster barrier in that window is reused
//!    (only the fence is added, right before it when it is relaxed).
//!
//! Single-CTA modules and targets below sm90 are left untouched.
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use mlir_sys::*;
use tritium_dialects::ir::{block_ops, block_terminator, region_blocks, Attr, Op, Val};
use tritium_dialects::pass::emit_error;
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge::memdesc_of;
use tritium_dialects::ttg::linear_layout::LinearLayout;
use tritium_passes::analysis::allocation::{BufferKind, FunctionAllocation, Interval, ModuleAllocation};
use tritium_passes::analysis::membar::explicit_accesses;
use tritium_passes::analysis::{callee_name, successors, symbol_name, tensor_layout};

/// The CTAs of the module's cluster.
fn num_ctas(op: Op) -> i64 {
    op.inherited_int("ttg.num-ctas").unwrap_or(1)
}

fn enabled(module: Op, cc: i64) -> bool {
    cc >= 90 && num_ctas(module) > 1
}

fn is_kernel(func: Op) -> bool {
    !func.attr("sym_visibility").is_some_and(|v| v.to_string().trim_matches('"') == "private")
}

fn int_attr(op: Op, name: &str) -> Option<i64> {
    op.attr(name).and_then(|a| a.int())
}

/// Whether `op` is a TMA load into shared memory (Triton's
/// `TMALoadLikeOpInterface`).
fn is_tma_load(op: Op) -> bool {
    matches!(op.name(), "ttng.async_tma_copy_global_to_local" | "ttng.async_tma_gather")
}

/// Whether a tcgen05 MMA or commit completes its mbarriers in other CTAs
/// too (Triton's `hasTCGen5CommitCrossCTA`): a two-CTA module, or a
/// completion descriptor (the operands of a multicast MMA, a commit's
/// `descs`) broadcast over CTAs.
fn tcgen05_commit_crosses_ctas(op: Op) -> bool {
    let memdescs: Vec<Val> = op.operands().into_iter().filter(|v| memdesc_of(v.ty()).is_some()).collect();
    let descs: Vec<Val> = match op.name() {
        "ttng.tc_gen5_mma" if op.attr("multicast").is_some() => memdescs.iter().take(2).copied().collect(),
        "ttng.tc_gen5_mma_scaled" if op.attr("multicast").is_some() => {
            [0, 1, 3, 4].iter().filter_map(|&i| memdescs.get(i).copied()).collect()
        }
        "ttng.tc_gen5_mma" | "ttng.tc_gen5_mma_scaled" => Vec::new(),
        "ttng.tc_gen5_commit" => memdescs.iter().skip(1).copied().collect(),
        _ => return false,
    };
    let two_ctas = op.enclosing_module().is_some_and(|m| m.attr("ttng.two-ctas").and_then(|a| a.bool()).unwrap_or(false));
    if descs.is_empty() {
        return two_ctas;
    }
    two_ctas
        || descs.iter().any(|d| {
            memdesc_of(d.ty())
                .and_then(|m| crate::ttng::memdesc_layout(&m))
                .is_some_and(|ll| ll.get_free_variable_masks().iter().any(|(n, mask)| n == "block" && *mask != 0))
        })
}

/// Whether a conversion keeps every element in its CTA (Triton's
/// `isCvtDimSync(src, dst, block)`): the composition dst⁻¹∘src, with the
/// block bits the source does not use forced to identity, is the identity on
/// the block dimension and no other input dimension moves data across CTAs.
fn cvt_is_block_local(src: &LinearLayout, dst: &LinearLayout) -> bool {
    let Ok(comp) = dst.invert_and_compose(src) else { return false };
    let Some(out) = comp.out_dims().iter().position(|(n, _)| n == "block") else { return true };
    // The block bases of the source that move data (non-zero on some output).
    let used: Vec<bool> = src.bases().iter().find(|(n, _)| n == "block").map_or(Vec::new(), |(_, bs)| {
        bs.iter().map(|b| b.iter().any(|&x| x != 0)).collect()
    });
    let checked: i32 = used.iter().enumerate().filter(|(_, &u)| u).map(|(i, _)| 1 << i).sum();
    comp.bases().iter().all(|(name, bases)| {
        bases.iter().enumerate().all(|(i, b)| {
            let bits = b.get(out).copied().unwrap_or(0) & checked;
            if name == "block" {
                let own = if used.get(i).copied().unwrap_or(false) { 1 << i } else { 0 };
                bits == own
            } else {
                bits == 0
            }
        })
    })
}

/// Whether a tensor of type `ty` is split over CTAs along `axis`.
fn split_over_ctas(ty: tritium_dialects::ir::Ty, axis: usize) -> bool {
    let Some(ll) = tensor_layout(ty) else { return false };
    let Some(out) = ll.out_dims().iter().position(|(n, _)| *n == format!("dim{axis}")) else { return false };
    ll.bases().iter().find(|(n, _)| n == "block").is_some_and(|(_, bs)| bs.iter().any(|b| b.get(out).copied().unwrap_or(0) != 0))
}

/// Whether `op`'s access (its read side when `is_read`) reaches the shared
/// memory of other CTAs (Triton's `isDistributedMultiCTAOp`).
fn is_distributed(op: Op, is_read: bool) -> bool {
    match op.name() {
        "ttg.convert_layout" => {
            if !is_read || op.num_operands() == 0 {
                return false;
            }
            match (tensor_layout(op.operand(0).ty()), tensor_layout(op.result(0).ty())) {
                (Some(src), Some(dst)) => !cvt_is_block_local(&src, &dst),
                _ => false,
            }
        }
        "tt.reduce" => {
            is_read
                && op.num_operands() > 0
                && split_over_ctas(op.operand(0).ty(), int_attr(op, "axis").unwrap_or(0).max(0) as usize)
        }
        "ttng.clc_try_cancel" | "ttng.async_shared_store" => num_ctas(op) > 1,
        "ttng.tmem_copy" => op.enclosing_module().is_some_and(|m| m.attr("ttng.two-ctas").and_then(|a| a.bool()).unwrap_or(false)),
        "ttng.arrive_barrier" => int_attr(op, "multicastCTA").unwrap_or(0) != 0,
        _ if is_tma_load(op) => op.attr("multicast").is_some(),
        _ => tcgen05_commit_crosses_ctas(op),
    }
}

/// The shared-memory accesses `op` declares: `(value, is_write)`.
fn accesses(op: Op) -> Vec<(Val, bool)> {
    let name = op.name();
    let explicit = explicit_accesses(op);
    if explicit.is_empty() && !name.starts_with("ttg.") && !name.starts_with("tt.") {
        return tritium_dialects::services::shared_memory_effects(op);
    }
    explicit
}

/// An accessed range: its interval and, for a `ttg.local_alloc`'s buffer,
/// that buffer's id.
type Slice = (u64, u64, Option<usize>);

/// The distributed-memory dependencies pending since the last cluster
/// barrier.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    reads: BTreeMap<Slice, BTreeSet<usize>>,
    writes: BTreeMap<Slice, BTreeSet<usize>>,
}

fn op_key(op: Op) -> usize {
    op.0.ptr as usize
}

fn op_of(key: usize) -> Op {
    Op(MlirOperation { ptr: key as *mut std::ffi::c_void })
}

impl State {
    fn join(&mut self, other: &State) {
        for (k, ops) in &other.reads {
            self.reads.entry(*k).or_default().extend(ops);
        }
        for (k, ops) in &other.writes {
            self.writes.entry(*k).or_default().extend(ops);
        }
    }
    fn sync(&mut self) {
        self.reads.clear();
        self.writes.clear();
    }
    fn pairs(a: &BTreeMap<Slice, BTreeSet<usize>>, a_read: bool, b: &BTreeMap<Slice, BTreeSet<usize>>, b_read: bool) -> bool {
        a.iter().any(|(x, xs)| {
            b.iter().any(|(y, ys)| {
                Interval::new(x.0, x.1).intersects(&Interval::new(y.0, y.1))
                    && !(x.2.is_some() && x.2 == y.2)
                    && xs.iter().any(|&p| ys.iter().any(|&q| is_distributed(op_of(p), a_read) || is_distributed(op_of(q), b_read)))
            })
        })
    }
    /// Whether `later`'s accesses need a cluster barrier after these.
    fn conflicts(&self, later: &State) -> bool {
        Self::pairs(&self.writes, false, &later.reads, true)
            || Self::pairs(&self.reads, true, &later.writes, false)
            || Self::pairs(&self.writes, false, &later.writes, false)
    }
}

/// Builds `ttng.cluster_barrier` (relaxed or not) before `anchor`.
fn cluster_barrier_before(anchor: Op, relaxed: bool, location: MlirLocation) -> Op {
    let mut attrs = Vec::new();
    let flag = Attr(unsafe { mlirBoolAttrGet(anchor.context(), 1) });
    if relaxed {
        attrs.push(("relaxed", flag.0));
    }
    let op = Rewriter::build(location, "ttng.cluster_barrier", &[], &[], &attrs, 0);
    if let Some(block) = anchor.block() {
        unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) };
    }
    op
}

/// Builds `ttng.fence_mbarrier_init_release_cluster` before `anchor`.
fn init_fence_before(anchor: Op, location: MlirLocation) {
    let op = Rewriter::build(location, "ttng.fence_mbarrier_init_release_cluster", &[], &[], &[], 0);
    if let Some(block) = anchor.block() {
        unsafe { mlirBlockInsertOwnedOperationBefore(block, anchor.0, op.0) };
    }
}

/// The cluster-barrier analysis of one function.
struct ClusterFlow<'a> {
    alloc: &'a FunctionAllocation,
    callees: &'a HashMap<String, State>,
    kernel: bool,
    /// The returns that already got their cluster barrier (a block may be
    /// visited more than once).
    ended: HashSet<usize>,
}

impl ClusterFlow<'_> {
    fn update(&mut self, op: Op, state: &mut State) {
        let name = op.name();
        if name == "ttng.cluster_barrier" {
            state.sync();
            return;
        }
        if name == "tt.return" && op.parent().is_some_and(|p| p.same(self.alloc.func)) {
            if self.kernel {
                if self.ended.insert(op_key(op)) {
                    cluster_barrier_before(op, false, op.location());
                }
                state.sync();
            }
            return;
        }
        if op.num_regions() > 0 && matches!(name, "scf.for" | "scf.while" | "scf.if" | "scf.execute_region" | "scf.index_switch") {
            let looping = matches!(name, "scf.for" | "scf.while");
            let entry = state.clone();
            let mut merged = State::default();
            let mut any_empty = false;
            for r in 0..op.num_regions() {
                let blocks = region_blocks(op.region(r));
                any_empty |= blocks.is_empty();
                let mut s = entry.clone();
                for _ in 0..if looping { 2 } else { 1 } {
                    for &block in &blocks {
                        for child in block_ops(block) {
                            self.update(child, &mut s);
                        }
                    }
                }
                merged.join(&s);
            }
            // A loop may run no iteration; an `scf.if` without else may skip.
            if looping || any_empty {
                merged.join(&entry);
            }
            *state = merged;
            return;
        }
        if name == "ttg.warp_specialize" {
            // The default region runs in place; the partitions are left out
            // (warp specialization is not analysed across partitions).
            if op.num_regions() > 0 {
                for block in region_blocks(op.region(0)) {
                    for child in block_ops(block) {
                        self.update(child, state);
                    }
                }
            }
            return;
        }
        let mut cur = State::default();
        if name == "tt.call" {
            let callee = callee_name(op).and_then(|n| self.callees.get(&n));
            let base = self.alloc.op_buffer(op).filter(|b| b.kind == BufferKind::Virtual).map_or(0, |b| b.offset);
            if let Some(callee) = callee {
                let shift = |m: &BTreeMap<Slice, BTreeSet<usize>>| -> BTreeMap<Slice, BTreeSet<usize>> {
                    m.iter().map(|(&(s, e, _), ops)| ((base + s, base + e, None), ops.clone())).collect()
                };
                cur = State { reads: shift(&callee.reads), writes: shift(&callee.writes) };
            }
        } else {
            for (value, is_write) in accesses(op) {
                for id in self.alloc.buffer_ids(value) {
                    let i = self.alloc.interval(id);
                    let explicit = (self.alloc.buffers[id].kind == BufferKind::Explicit).then_some(id);
                    let map = if is_write { &mut cur.writes } else { &mut cur.reads };
                    map.entry((i.start, i.end, explicit)).or_default().insert(op_key(op));
                }
            }
        }
        let scratch = if name == "tt.call" { None } else { self.alloc.op_buffer(op).filter(|b| b.kind == BufferKind::Scratch).copied() };
        if let Some(buffer) = scratch {
            // A scratch op writes its buffer, works, then reads it back.
            let slice = (buffer.offset, buffer.offset + buffer.size, None);
            cur.writes.entry(slice).or_default().insert(op_key(op));
            let needed = state.conflicts(&cur);
            if needed {
                cluster_barrier_before(op, false, op.location());
            }
            if needed || is_distributed(op, true) {
                state.sync();
            }
            cur.reads.entry(slice).or_default().insert(op_key(op));
        } else if state.conflicts(&cur) {
            cluster_barrier_before(op, false, op.location());
            state.sync();
        }
        state.join(&cur);
    }

    /// The dataflow over the function's CFG; returns the state at its exits.
    fn run(&mut self, func: Op) -> State {
        let mut exit = State::default();
        if func.num_regions() == 0 {
            return exit;
        }
        let blocks = region_blocks(func.region(0));
        let Some(&entry) = blocks.first() else { return exit };
        let key = |b: MlirBlock| b.ptr as usize;
        let mut input: HashMap<usize, State> = HashMap::from([(key(entry), State::default())]);
        let mut output: HashMap<usize, State> = HashMap::new();
        let mut list = std::collections::VecDeque::from([entry]);
        let mut steps = 0usize;
        while let Some(block) = list.pop_front() {
            steps += 1;
            if steps > 100_000 {
                break;
            }
            let mut state = input.get(&key(block)).cloned().unwrap_or_default();
            let terminator = block_terminator(block);
            for op in block_ops(block) {
                self.update(op, &mut state);
            }
            if output.get(&key(block)).is_some_and(|o| *o == state) {
                continue;
            }
            output.insert(key(block), state.clone());
            let succs = terminator.map(successors).unwrap_or_default();
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

/// Inserts the cluster barriers of every function of `module` (part 1).
pub fn insert_cluster_barriers(module: Op, allocation: &ModuleAllocation, cc: i64) {
    if !enabled(module, cc) {
        return;
    }
    let mut ends: HashMap<String, State> = HashMap::new();
    for alloc in &allocation.functions {
        let mut flow = ClusterFlow { alloc, callees: &ends, kernel: is_kernel(alloc.func), ended: HashSet::new() };
        let end = flow.run(alloc.func);
        if let Some(name) = symbol_name(alloc.func) {
            ends.insert(name, end);
        }
    }
}

// ---------------------------------------------------------------------------
// Part 2: the cluster-wide visibility of mbarrier initialisation.
// ---------------------------------------------------------------------------

/// The memdesc values `op` accesses or frees.
fn memory_values(op: Op) -> Vec<Val> {
    let mut values: Vec<Val> = accesses(op).into_iter().map(|(v, _)| v).collect();
    if op.name() == "ttg.local_dealloc" && op.num_operands() > 0 {
        values.push(op.operand(0));
    }
    values
}

/// Whether an mbarrier user signals the barrier from, or for, other CTAs.
fn signals_across_ctas(op: Op) -> bool {
    match op.name() {
        "ttng.clc_try_cancel" | "ttng.async_shared_store" => true,
        "ttng.barrier_expect" => op.attr("fromCTA").is_some(),
        "ttng.arrive_barrier" => int_attr(op, "multicastCTA").unwrap_or(0) != 0 || op.attr("fromCTA").is_some(),
        _ if is_tma_load(op) => op.attr("multicast").is_some(),
        _ => tcgen05_commit_crosses_ctas(op),
    }
}

/// Whether the barrier a `ttng.init_barrier` initialises must be visible to
/// the cluster before it is used (Triton's `requiresCrossCTAMBarrierInitSync`).
fn needs_init_sync(init: Op, func: Op, alloc: &FunctionAllocation, ctas: i64) -> bool {
    let barrier = init.operand(0);
    if memdesc_of(barrier.ty()).and_then(|m| m.shape.first().copied()).is_some_and(|n| n != ctas) {
        return true;
    }
    let ids: HashSet<usize> = alloc.buffer_ids(barrier).into_iter().collect();
    func.nested_ops().into_iter().any(|user| {
        signals_across_ctas(user)
            && user.operands().into_iter().any(|v| memdesc_of(v.ty()).is_some() && alloc.buffer_ids(v).iter().any(|i| ids.contains(i)))
    })
}

/// Dominance over the blocks of one region (block handles as keys).
struct Dominance {
    dom: HashMap<usize, HashSet<usize>>,
    pdom: HashMap<usize, HashSet<usize>>,
}

fn bkey(b: MlirBlock) -> usize {
    b.ptr as usize
}

impl Dominance {
    fn new(blocks: &[MlirBlock]) -> Dominance {
        let all: HashSet<usize> = blocks.iter().map(|&b| bkey(b)).collect();
        let succ: HashMap<usize, Vec<usize>> = blocks
            .iter()
            .map(|&b| (bkey(b), block_terminator(b).map(successors).unwrap_or_default().into_iter().map(bkey).collect()))
            .collect();
        let mut pred: HashMap<usize, Vec<usize>> = HashMap::new();
        for (b, ss) in &succ {
            for s in ss {
                pred.entry(*s).or_default().push(*b);
            }
        }
        let solve = |roots: &dyn Fn(usize) -> bool, edges: &HashMap<usize, Vec<usize>>| -> HashMap<usize, HashSet<usize>> {
            let mut sets: HashMap<usize, HashSet<usize>> =
                all.iter().map(|&b| (b, if roots(b) { HashSet::from([b]) } else { all.clone() })).collect();
            let mut changed = true;
            while changed {
                changed = false;
                for &b in &all {
                    if roots(b) {
                        continue;
                    }
                    let mut next: Option<HashSet<usize>> = None;
                    for p in edges.get(&b).into_iter().flatten() {
                        let s = &sets[p];
                        next = Some(match next {
                            None => s.clone(),
                            Some(n) => n.intersection(s).copied().collect(),
                        });
                    }
                    let mut next = next.unwrap_or_default();
                    next.insert(b);
                    if next != sets[&b] {
                        sets.insert(b, next);
                        changed = true;
                    }
                }
            }
            sets
        };
        let entry = blocks.first().map(|&b| bkey(b));
        let dom = solve(&|b| Some(b) == entry, &pred);
        let pdom = solve(&|b| succ.get(&b).is_none_or(|s| s.is_empty()), &succ);
        Dominance { dom, pdom }
    }
    /// The nearest block that (post-)dominates every block of `set`.
    fn nearest_common(sets: &HashMap<usize, HashSet<usize>>, set: &[usize]) -> Option<usize> {
        let mut common: Option<HashSet<usize>> = None;
        for b in set {
            let s = sets.get(b)?;
            common = Some(match common {
                None => s.clone(),
                Some(c) => c.intersection(s).copied().collect(),
            });
        }
        common?.into_iter().max_by_key(|c| sets.get(c).map_or(0, |s| s.len()))
    }
    fn block_dominates(&self, a: usize, b: usize) -> bool {
        self.dom.get(&b).is_some_and(|s| s.contains(&a))
    }
    fn block_post_dominates(&self, a: usize, b: usize) -> bool {
        self.pdom.get(&b).is_some_and(|s| s.contains(&a))
    }
}

/// The position of `op` in its block.
fn position(op: Op) -> usize {
    op.block().map_or(0, |b| block_ops(b).iter().position(|o| o.same(op)).unwrap_or(0))
}

fn op_block(op: Op) -> usize {
    op.block().map_or(0, bkey)
}

/// Whether `a` dominates `b` (both ops of the function's region).
fn dominates(d: &Dominance, a: Op, b: Op) -> bool {
    if op_block(a) == op_block(b) {
        return position(a) <= position(b);
    }
    d.block_dominates(op_block(a), op_block(b))
}

/// Whether `a` post-dominates `b`.
fn post_dominates(d: &Dominance, a: Op, b: Op) -> bool {
    if op_block(a) == op_block(b) {
        return position(a) >= position(b);
    }
    d.block_post_dominates(op_block(a), op_block(b))
}

/// The op of the function's own region that holds `op`.
fn top_level(op: Op, func: Op) -> Option<Op> {
    let mut current = op;
    loop {
        let parent = current.parent()?;
        if parent.same(func) {
            return Some(current);
        }
        current = parent;
    }
}

/// An error on the function, worded as Triton's `emitOpError`.
fn func_error(func: Op, message: &str) {
    emit_error(func, &format!("'{}' op {message}", func.name()));
}

fn sync_inits_of_function(func: Op, alloc: &FunctionAllocation, ctas: i64) -> Result<(), ()> {
    if func.num_regions() != 1 {
        func_error(func, "cross-CTA mbarrier init sync insertion requires a single function top-level region");
        return Err(());
    }
    let mut anchors: Vec<Op> = Vec::new();
    let mut tracked: HashSet<usize> = HashSet::new();
    for init in func.nested_ops().into_iter().filter(|o| o.name() == "ttng.init_barrier") {
        if !needs_init_sync(init, func, alloc, ctas) {
            continue;
        }
        if let Some(anchor) = top_level(init, func) {
            if !anchors.iter().any(|a| a.same(anchor)) {
                anchors.push(anchor);
            }
        }
        tracked.extend(alloc.buffer_ids(init.operand(0)));
    }
    if anchors.is_empty() {
        return Ok(());
    }
    let blocks = region_blocks(func.region(0));
    let uses_tracked = |op: Op| {
        std::iter::once(op).chain(op.nested_ops()).any(|o| {
            !matches!(o.name(), "ttng.init_barrier" | "ttg.local_alloc")
                && memory_values(o).into_iter().any(|v| alloc.buffer_ids(v).iter().any(|i| tracked.contains(i)))
        })
    };
    let uses: Vec<Op> = blocks.iter().flat_map(|&b| block_ops(b)).filter(|&o| uses_tracked(o)).collect();
    if uses.is_empty() {
        func_error(func, "found at least one mbarrier.init op but could not find any mbarrier use");
        return Err(());
    }
    let d = Dominance::new(&blocks);
    let block_of = |k: usize| blocks.iter().copied().find(|&b| bkey(b) == k);

    // The earliest point that post-dominates every initialisation.
    let init_blocks: Vec<usize> = anchors.iter().map(|&a| op_block(a)).collect();
    let Some(first_block) = Dominance::nearest_common(&d.pdom, &init_blocks).and_then(block_of) else {
        func_error(func, "could not find a common post-dominating insertion block for cross-CTA mbarrier.init");
        return Err(());
    };
    let last_init = anchors.iter().copied().filter(|&a| op_block(a) == bkey(first_block)).max_by_key(|&a| position(a));
    let first_anchor = match last_init {
        Some(init) => init.next(),
        None => block_ops(first_block).into_iter().next(),
    };
    // The latest point that dominates every use.
    let use_blocks: Vec<usize> = uses.iter().map(|&u| op_block(u)).collect();
    let Some(last_block) = Dominance::nearest_common(&d.dom, &use_blocks).and_then(block_of) else {
        func_error(func, "could not find a common insertion block that dominates all tracked mbarrier uses");
        return Err(());
    };
    let first_use = uses.iter().copied().filter(|&u| op_block(u) == bkey(last_block)).min_by_key(|&u| position(u));
    let last_anchor = first_use.or_else(|| block_terminator(last_block));
    let (Some(first_anchor), Some(last_anchor)) = (first_anchor, last_anchor) else {
        func_error(func, "could not find an insertion point between cross-CTA mbarrier.init ops and tracked mbarrier uses");
        return Err(());
    };
    if !dominates(&d, first_anchor, last_anchor) {
        func_error(func, "could not find an insertion point between cross-CTA mbarrier.init ops and tracked mbarrier uses");
        return Err(());
    }
    // Reuse the latest cluster barrier of that window.
    let mut reused: Option<Op> = None;
    for op in blocks.iter().flat_map(|&b| block_ops(b)) {
        if op.name() != "ttng.cluster_barrier" || !post_dominates(&d, op, first_anchor) || !dominates(&d, op, last_anchor) {
            continue;
        }
        if reused.is_none_or(|r| dominates(&d, r, op) && !r.same(op)) {
            reused = Some(op);
        }
    }
    let location = last_init.unwrap_or(anchors[0]).location();
    match reused {
        Some(barrier) if barrier.attr("relaxed").and_then(|a| a.bool()).unwrap_or(false) => init_fence_before(barrier, location),
        Some(_) => init_fence_before(last_anchor, location),
        None => {
            init_fence_before(last_anchor, location);
            cluster_barrier_before(last_anchor, true, location);
        }
    }
    Ok(())
}

/// Makes cross-CTA mbarrier initialisation visible to the cluster before
/// the barriers are used, in every function of `module` (part 2).
pub fn insert_mbarrier_init_syncs(module: Op, allocation: &ModuleAllocation, cc: i64) -> Result<(), ()> {
    if !enabled(module, cc) {
        return Ok(());
    }
    let ctas = num_ctas(module);
    for alloc in &allocation.functions {
        sync_inits_of_function(alloc.func, alloc, ctas)?;
    }
    Ok(())
}
