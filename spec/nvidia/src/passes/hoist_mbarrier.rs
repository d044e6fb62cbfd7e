//! `triton-nvidia-gpu-hoist-mbarrier-lifecycle{compute-capability}` (sm90+,
//! CTA clusters): an mbarrier that another CTA of the cluster may observe
//! (multicast TMA, a `fromCTA` expect or arrive, a multicast arrive, cluster
//! launch control, an async shared store, or a barrier whose leading
//! dimension is not the cluster size) must not be created and invalidated
//! inside a loop. As Triton 3.9 does, such a barrier's `ttg.local_alloc` and
//! its one `ttng.init_barrier` move to the function entry, its one
//! `ttng.inval_barrier` to every function exit, and, when the invalidation
//! was inside loops, the wait phase (constant 0 in every wait) becomes a loop
//! carried value that flips after each wait (under the wait's predicate).
//!
//! Barriers are followed through memdesc views and `arith.select`; any other
//! use of one (a call, a yield, an unknown op) leaves the barrier alone, as do
//! several inits or invals, no wait, or a wait phase that is not the same
//! constant 0.
use std::collections::HashSet;

use mlir_sys::*;
use tritium_dialects::ir::{block_arguments, block_ops, block_terminator, region_blocks, Op, Ty, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_passes::pipeliner::{add_iter_args, append_operands, erase, replace_all_uses, vkey, InsertPoint};

pub struct HoistMbarrierLifecycle;

const FLAG: &str = "triton-nvidia-gpu-hoist-mbarrier-lifecycle";

/// Ops that only forward a shared-memory descriptor (Triton's
/// `MemDescViewTrait`).
const VIEWS: &[&str] = &[
    "ttg.memdesc_index",
    "ttg.memdesc_subslice",
    "ttg.memdesc_trans",
    "ttg.memdesc_reshape",
    "ttg.memdesc_reinterpret",
];

/// The ops that use an mbarrier (Triton's `MBarrierOpInterface`).
const BARRIER_USERS: &[&str] = &[
    "ttng.clc_try_cancel",
    "ttng.init_barrier",
    "ttng.inval_barrier",
    "ttng.barrier_expect",
    "ttng.wait_barrier",
    "ttng.arrive_barrier",
    "ttng.async_copy_mbarrier_arrive",
    "ttng.async_shared_store",
    "ttng.async_tma_copy_global_to_local",
    "ttng.async_tma_gather",
    "ttng.tc_gen5_mma",
    "ttng.tc_gen5_mma_scaled",
    "ttng.tc_gen5_commit",
];

/// The values that name the storage of one barrier allocation.
struct Aliases(HashSet<usize>);

impl Aliases {
    fn of(barrier: Val, func: Op) -> Aliases {
        let mut set = HashSet::new();
        set.insert(vkey(barrier));
        // Views and selects come after their sources in a pre-order walk of
        // structured code; iterate to a fixed point all the same.
        let ops = func.nested_ops();
        loop {
            let before = set.len();
            for op in &ops {
                let forwards = VIEWS.contains(&op.name()) || op.name() == "arith.select";
                if forwards && op.operands().iter().any(|v| set.contains(&vkey(*v))) {
                    for r in op.results() {
                        set.insert(vkey(r));
                    }
                }
            }
            if set.len() == before {
                break;
            }
        }
        Aliases(set)
    }
    fn contains(&self, v: Val) -> bool {
        self.0.contains(&vkey(v))
    }
    fn any(&self, op: Op) -> bool {
        op.operands().iter().any(|v| self.contains(*v))
    }
}

/// Whether another CTA may observe the barrier (Triton's
/// `requiresCrossCTAMBarrierInitSync`).
fn observed_across_ctas(func: Op, barrier: Val, aliases: &Aliases, num_ctas: i64) -> bool {
    if barrier.ty().shape().and_then(|s| s.first().copied()) != Some(num_ctas) {
        return true;
    }
    func.nested_ops().into_iter().any(|op| {
        let cross = match op.name() {
            "ttng.async_tma_copy_global_to_local" | "ttng.async_tma_gather" => op.attr("multicast").is_some(),
            "ttng.clc_try_cancel" | "ttng.async_shared_store" => true,
            "ttng.barrier_expect" => op.attr("fromCTA").is_some(),
            "ttng.arrive_barrier" => {
                op.attr("fromCTA").is_some() || op.attr("multicastCTA").and_then(|a| a.int()).unwrap_or(0) != 0
            }
            _ => false,
        };
        cross && aliases.any(op)
    })
}

struct Lifecycle {
    alloc: Op,
    init: Op,
    waits: Vec<Op>,
    inval: Op,
    phase: Val,
}

fn is_const_zero(v: Val) -> bool {
    v.defining_op()
        .filter(|d| d.name() == "arith.constant")
        .and_then(|d| d.attr("value"))
        .and_then(|a| a.int())
        == Some(0)
}

fn is_const_true(v: Val) -> bool {
    v.defining_op()
        .filter(|d| d.name() == "arith.constant")
        .and_then(|d| d.attr("value"))
        .and_then(|a| a.int())
        .is_some_and(|x| x != 0)
}

/// The lifecycle of one barrier, when the pass can move it.
fn collect(func: Op, barrier: Val, aliases: &Aliases) -> Option<Lifecycle> {
    let alloc = barrier.defining_op().filter(|a| a.name() == "ttg.local_alloc" && a.num_operands() == 0)?;
    let (mut inits, mut waits, mut invals) = (Vec::new(), Vec::new(), Vec::new());
    for op in func.nested_ops() {
        if !aliases.any(op) {
            continue;
        }
        let known = if BARRIER_USERS.contains(&op.name()) {
            true
        } else if VIEWS.contains(&op.name()) || op.name() == "arith.select" {
            op.results().iter().any(|r| aliases.contains(*r))
        } else {
            false
        };
        if !known {
            return None;
        }
        let on_barrier = op.num_operands() > 0 && aliases.contains(op.operand(0));
        match op.name() {
            "ttng.init_barrier" if on_barrier => inits.push(op),
            "ttng.wait_barrier" if on_barrier => waits.push(op),
            "ttng.inval_barrier" if on_barrier => invals.push(op),
            _ => {}
        }
    }
    if waits.is_empty() || inits.len() != 1 || invals.len() != 1 {
        return None;
    }
    let phase = waits[0].operand(1);
    if !is_const_zero(phase) || waits.iter().any(|w| !w.operand(1).same(phase)) {
        return None;
    }
    Some(Lifecycle { alloc, init: inits[0], waits, inval: invals[0], phase })
}

fn is_loop(op: Op) -> bool {
    matches!(op.name(), "scf.for" | "scf.while")
}

/// The loops around `op`, outermost first.
fn enclosing_loops(op: Op) -> Vec<Op> {
    let mut loops = Vec::new();
    let mut cur = op.parent();
    while let Some(p) = cur {
        if is_loop(p) {
            loops.push(p);
        }
        cur = p.parent();
    }
    loops.reverse();
    loops
}

/// The block of `lp` that holds `nested`.
fn loop_body(lp: Op, nested: Op) -> MlirBlock {
    if lp.name() == "scf.while" {
        let before = lp.entry_block(0).expect("while before block");
        let in_before = block_ops(before).iter().any(|o| nested.is_within(*o));
        if !in_before {
            return lp.entry_block(1).expect("while after block");
        }
        return before;
    }
    lp.entry_block(0).expect("loop body")
}

/// An `scf.while` with one more carried value `init`: a new argument in both
/// regions, forwarded by the condition; the yield is not changed.
fn add_while_arg(w: Op, init: Val) -> Op {
    let mut operands = w.operands();
    operands.push(init);
    let mut results: Vec<Ty> = w.results().iter().map(|r| r.ty()).collect();
    results.push(init.ty());
    let attrs: Vec<(&str, MlirAttribute)> = w.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
    let new = Rewriter::build(w.location(), "scf.while", &operands, &results, &attrs, 2);
    InsertPoint::Before(w).insert(new);
    unsafe {
        mlirRegionTakeBody(new.region(0), w.region(0));
        mlirRegionTakeBody(new.region(1), w.region(1));
        let before = new.entry_block(0).expect("before block");
        let arg = Val(mlirBlockAddArgument(before, init.ty().0, w.location()));
        if let Some(cond) = block_terminator(before) {
            append_operands(cond, &[arg]);
        }
        let after = new.entry_block(1).expect("after block");
        mlirBlockAddArgument(after, init.ty().0, w.location());
    }
    for (old, n) in w.results().into_iter().zip(new.results()) {
        replace_all_uses(old, n);
    }
    erase(w);
    new
}

/// An `scf.if` with one more result (Triton's `replaceIfOpWithNewSignature`);
/// an absent else branch gets an empty yield.
fn add_if_result(if_op: Op, ty: Ty) -> Op {
    let mut types: Vec<Ty> = if_op.results().iter().map(|r| r.ty()).collect();
    types.push(ty);
    let attrs: Vec<(&str, MlirAttribute)> = if_op.attributes().iter().map(|(n, a)| (*n, a.0)).collect();
    let new = Rewriter::build(if_op.location(), "scf.if", &[if_op.operand(0)], &types, &attrs, 2);
    InsertPoint::Before(if_op).insert(new);
    unsafe {
        mlirRegionTakeBody(new.region(0), if_op.region(0));
        mlirRegionTakeBody(new.region(1), if_op.region(1));
        if region_blocks(new.region(1)).is_empty() {
            let block = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            mlirRegionAppendOwnedBlock(new.region(1), block);
            InsertPoint::End(block).create(if_op.location(), "scf.yield", &[], &[], &[]);
        }
    }
    for (old, n) in if_op.results().into_iter().zip(new.results()) {
        replace_all_uses(old, n);
    }
    erase(if_op);
    new
}

struct Rewrite {
    waits: HashSet<usize>,
    one: Val,
}

fn okey(op: Op) -> usize {
    op.0.ptr as usize
}

impl Rewrite {
    fn contains_wait(&self, block: MlirBlock) -> bool {
        block_ops(block).into_iter().any(|op| {
            if self.waits.contains(&okey(op)) {
                return true;
            }
            match op.name() {
                "scf.if" => (0..2).any(|r| region_blocks(op.region(r)).into_iter().any(|b| self.contains_wait(b))),
                "scf.for" => op.entry_block(0).is_some_and(|b| self.contains_wait(b)),
                _ => false,
            }
        })
    }

    /// The phase after `wait`: flipped, or kept where the wait is predicated
    /// off.
    fn advance(&self, wait: Op, phase: Val) -> Val {
        let loc = wait.location();
        let flipped = InsertPoint::after(wait).create(loc, "arith.xori", &[phase, self.one], &[phase.ty()], &[]);
        let mut next = flipped.result(0);
        if wait.segment_size(2) == 1 {
            let pred = wait.operand(2);
            if !is_const_true(pred) {
                next = InsertPoint::after(flipped)
                    .create(loc, "arith.select", &[pred, next, phase], &[phase.ty()], &[])
                    .result(0);
            }
        }
        next
    }

    fn block(&self, block: MlirBlock, mut phase: Val) -> Val {
        for op in block_ops(block) {
            if block_terminator(block).is_some_and(|t| t.same(op)) {
                break;
            }
            if self.waits.contains(&okey(op)) {
                op.set_operand(1, phase);
                phase = self.advance(op, phase);
                continue;
            }
            match op.name() {
                "scf.for" => {
                    if !op.entry_block(0).is_some_and(|b| self.contains_wait(b)) {
                        continue;
                    }
                    let new = add_iter_args(op, &[phase]);
                    let body = new.entry_block(0).expect("loop body");
                    let arg = *block_arguments(body).last().expect("phase argument");
                    let next = self.block(body, arg);
                    if let Some(y) = block_terminator(body) {
                        append_operands(y, &[next]);
                    }
                    phase = *new.results().last().expect("phase result");
                }
                "scf.if" => phase = self.if_op(op, phase),
                _ => {}
            }
        }
        phase
    }

    fn if_op(&self, if_op: Op, phase: Val) -> Val {
        let then_block = if_op.entry_block(0).expect("then block");
        let then_phase = self.block(then_block, phase);
        let else_phase = match if_op.entry_block(1) {
            Some(b) => self.block(b, phase),
            None => phase,
        };
        if then_phase.same(phase) && else_phase.same(phase) {
            return phase;
        }
        let new = add_if_result(if_op, phase.ty());
        for (r, v) in [(0, then_phase), (1, else_phase)] {
            if let Some(y) = new.entry_block(r).and_then(block_terminator) {
                append_operands(y, &[v]);
            }
        }
        *new.results().last().expect("phase result")
    }
}

/// Appends the phase at the end of one loop body to the loop's carried
/// values; returns the loop's phase result.
fn yield_phase(lp: Op, body: MlirBlock, mut phase: Val) -> Val {
    let mut body = body;
    if lp.name() == "scf.while" {
        let before = lp.entry_block(0).expect("before block");
        if body.ptr == before.ptr {
            if let Some(cond) = block_terminator(before) {
                cond.set_operand(cond.num_operands() - 1, phase);
            }
            let after = lp.entry_block(1).expect("after block");
            phase = *block_arguments(after).last().expect("phase argument");
        }
        body = lp.entry_block(1).expect("after block");
    }
    if let Some(y) = block_terminator(body) {
        append_operands(y, &[phase]);
    }
    *lp.results().last().expect("phase result")
}

/// Whether each loop of the chain sits directly in the body of the one
/// around it that holds `inval` (so every phase result can be yielded as is).
fn directly_nested(loops: &[Op], inval: Op) -> bool {
    loops.windows(2).all(|w| w[1].block().map(|b| b.ptr) == Some(loop_body(w[0], inval).ptr))
}

/// Threads the phase through the loops around the invalidation.
fn rewrite_loop_phases(lc: &Lifecycle) {
    let loops = enclosing_loops(lc.inval);
    if loops.is_empty() {
        return;
    }
    let outer = loops[0];
    let phase_def = lc.phase.defining_op().expect("constant phase");
    let before_outer = phase_def.block().map(|b| b.ptr) == outer.block().map(|b| b.ptr) && {
        let mut cur = phase_def.next();
        let mut found = false;
        while let Some(o) = cur {
            if o.same(outer) {
                found = true;
                break;
            }
            cur = o.next();
        }
        found
    };
    if !before_outer {
        unsafe { mlirOperationMoveBefore(phase_def.0, outer.0) };
    }
    let i32_ty = lc.phase.ty();
    let one = InsertPoint::Before(outer).const_int(outer.location(), i32_ty, 1);
    let rw = Rewrite { waits: lc.waits.iter().map(|w| okey(*w)).collect(), one };

    let mut phase = lc.phase;
    let mut new_loops = Vec::new();
    for lp in loops {
        let new = if lp.name() == "scf.for" { add_iter_args(lp, &[phase]) } else { add_while_arg(lp, phase) };
        phase = *block_arguments(loop_body(new, lc.inval)).last().expect("phase argument");
        new_loops.push(new);
    }
    let inner = *new_loops.last().expect("a loop");
    let inner_body = loop_body(inner, lc.inval);
    let next = rw.block(inner_body, phase);
    let mut result = yield_phase(inner, inner_body, next);
    for lp in new_loops.iter().rev().skip(1) {
        let body = loop_body(*lp, lc.inval);
        result = yield_phase(*lp, body, result);
    }
}

fn hoist_function(func: Op, num_ctas: i64) -> Result<(), ()> {
    let mut seen = HashSet::new();
    let mut candidates = Vec::new();
    for op in func.nested_ops() {
        if op.name() != "ttng.init_barrier" || op.num_operands() == 0 {
            continue;
        }
        let barrier = op.operand(0);
        if !seen.insert(vkey(barrier)) {
            continue;
        }
        let aliases = Aliases::of(barrier, func);
        if observed_across_ctas(func, barrier, &aliases, num_ctas) {
            candidates.push(barrier);
        }
    }
    for barrier in candidates {
        let aliases = Aliases::of(barrier, func);
        let Some(lc) = collect(func, barrier, &aliases) else { continue };
        let mut p = lc.alloc.parent();
        while let Some(o) = p {
            if o.name() == "ttg.warp_specialize" || o.name() == "ttg.warp_specialize.partitions" {
                emit_error(lc.alloc, &format!("{FLAG}: a barrier allocated in a warp-specialized partition cannot be hoisted"));
                return Err(());
            }
            p = o.parent();
        }
        let loops = enclosing_loops(lc.inval);
        if !directly_nested(&loops, lc.inval) {
            emit_error(lc.inval, &format!("{FLAG}: a barrier invalidated in a loop nested under a branch of its enclosing loop is not supported"));
            return Err(());
        }
        rewrite_loop_phases(&lc);
        let Some(entry) = func.entry_block(0) else { continue };
        unsafe {
            match block_ops(entry).first() {
                Some(first) => mlirOperationMoveBefore(lc.alloc.0, first.0),
                None => continue,
            }
            mlirOperationMoveAfter(lc.init.0, lc.alloc.0);
        }
        let loc = lc.inval.location();
        erase(lc.inval);
        let alloc_val = lc.alloc.result(0);
        for block in region_blocks(func.region(0)) {
            if let Some(ret) = block_terminator(block) {
                if matches!(ret.name(), "tt.return" | "func.return" | "llvm.return") {
                    InsertPoint::Before(ret).create(loc, "ttng.inval_barrier", &[alloc_val], &[], &[]);
                }
            }
        }
    }
    Ok(())
}

impl Pass for HoistMbarrierLifecycle {
    fn argument(&self) -> &'static str {
        FLAG
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        if options.int("compute-capability", 90) < 90 {
            return Ok(());
        }
        if module.attr("ttng.two-ctas").and_then(|a| a.bool()) == Some(true) {
            emit_error(module, &format!("{FLAG}: the two-CTA mode is not supported"));
            return Err(());
        }
        let num_ctas = module.attr("ttg.num-ctas").and_then(|a| a.int()).unwrap_or(1);
        if num_ctas <= 1 {
            return Ok(());
        }
        let Some(body) = module.entry_block(0) else { return Ok(()) };
        for f in block_ops(body) {
            if matches!(f.name(), "tt.func" | "func.func") && f.num_regions() == 1 && f.entry_block(0).is_some() {
                hoist_function(f, num_ctas)?;
            }
        }
        Ok(())
    }
}
