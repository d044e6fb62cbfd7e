//! `triton-nvidia-gpu-fence-insertion{compute-capability}`: a
//! `ttng.fence_async_shared` before each wgmma whose shared operands were
//! written through the generic proxy, which the wgmma (async proxy) reads.
//!
//! Algorithm (Triton 3.9's `FenceInsertionPass`, from sm90 on):
//! 1. for each `ttng.warp_group_dot` with an MMA v3 result, find the generic
//!    writes its A and B buffers depend on: following memdesc views, loop
//!    iteration arguments (initial value and yielded value) back to the
//!    allocation, a `ttg.local_alloc` with a source is such a write, and so
//!    is the first user of the allocation (in use-list order, through chains
//!    of single-use views) that writes shared memory through the generic
//!    proxy (`ttg.local_store`, `ttg.async_copy_global_to_local`, ...); a
//!    memdesc coming from anywhere else counts as written;
//! 2. with no such write, nothing; otherwise a fence just before the dot,
//!    hoisted out of each enclosing loop that holds none of the writes;
//! 3. a fence right after another one is dropped.
use tritium_dialects::ir::{Attr, Op, Val};
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::ttg::bridge::is_memdesc;

const FENCE: &str = "ttng.fence_async_shared";

/// The memdesc views (Triton's `MemDescViewTrait`).
const VIEWS: &[&str] =
    &["ttg.memdesc_index", "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret"];

/// The ops writing shared memory through the generic proxy (Triton's
/// `GenericSharedWrite` effects).
const GENERIC_WRITES: &[&str] = &[
    "ttg.local_store",
    "ttg.async_copy_global_to_local",
    "ttg.local_scatter",
    "ttg.local_atomic_scatter_rmw",
    "ttng.init_barrier",
    "ttng.inval_barrier",
    "ttng.async_shared_store",
];

/// The pass.
pub struct FenceInsertion;

impl Pass for FenceInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-fence-insertion"
    }
    fn run(&self, op: Op, options: &PassOptions) -> Result<(), ()> {
        if options.int("compute-capability", 90) < 90 {
            return Ok(());
        }
        for dot in op.nested_ops().into_iter().filter(|o| o.name() == "ttng.warp_group_dot") {
            let encoding = dot.result(0).ty().encoding().map(|e| e.to_string()).unwrap_or_default();
            if !(encoding.contains("nvidia_mma") && encoding.contains("versionMajor = 3")) {
                continue;
            }
            let mut writes = Vec::new();
            for operand in [dot.operand(0), dot.operand(1)] {
                generic_writes(operand, &mut Vec::new(), &mut writes);
            }
            if writes.is_empty() {
                continue;
            }
            insert_fence(dot, &writes);
        }
        Ok(())
    }
}

/// Where a memdesc's generic-proxy writes are: ops, or `None` for a buffer
/// of unknown origin (it counts as written, anywhere).
type Write = Option<Op>;

/// Collects into `writes` the generic writes of the buffer `v` views.
fn generic_writes(v: Val, visited: &mut Vec<Val>, writes: &mut Vec<Write>) {
    if !is_memdesc(v.ty()) || visited.iter().any(|x| x.same(v)) || visited.len() > 10_000 {
        return;
    }
    visited.push(v);
    if let Some(def) = v.defining_op() {
        if def.name() == "ttg.local_alloc" {
            if def.num_operands() > 0 {
                writes.push(Some(def));
            }
            // The first user (in use-list order, through chains of
            // single-use views) that writes shared memory through the
            // generic proxy.
            for user in def.result(0).users() {
                let mut user = user;
                while user.num_results() == 1 && VIEWS.contains(&user.name()) {
                    let next = user.result(0).users();
                    if next.len() != 1 {
                        break;
                    }
                    user = next[0];
                }
                if GENERIC_WRITES.contains(&user.name()) {
                    writes.push(Some(user));
                    return;
                }
            }
            return;
        }
        for operand in def.operands() {
            generic_writes(operand, visited, writes);
        }
        return;
    }
    // A block argument: through scf.for iteration arguments.
    let Some(block) = v.owner_block() else { return };
    let owner = unsafe { mlir_sys::mlirBlockGetParentOperation(block) };
    if owner.ptr.is_null() {
        writes.push(None);
        return;
    }
    let owner = Op(owner);
    if owner.name() != "scf.for" {
        writes.push(None);
        return;
    }
    let n = unsafe { mlir_sys::mlirBlockGetNumArguments(block) };
    let Some(index) = (0..n).position(|i| Val(unsafe { mlir_sys::mlirBlockGetArgument(block, i) }).same(v)) else { return };
    if index == 0 {
        return;
    }
    // scf.for operands: lower, upper, step, inits...
    generic_writes(owner.operand(2 + index), visited, writes);
    let terminator = unsafe { mlir_sys::mlirBlockGetTerminator(block) };
    if !terminator.ptr.is_null() {
        generic_writes(Op(terminator).operand(index - 1), visited, writes);
    }
}

/// Whether `ancestor` contains `op`.
fn contains(ancestor: Op, op: Op) -> bool {
    let mut current = op.parent();
    while let Some(p) = current {
        if p.same(ancestor) {
            return true;
        }
        current = p.parent();
    }
    false
}

/// Step 2 and 3.
fn insert_fence(dot: Op, writes: &[Write]) {
    let context = dot.context();
    let no = Attr(unsafe { mlir_sys::mlirBoolAttrGet(context, 0) });
    let mut anchor = dot;
    while let Some(parent) = anchor.parent() {
        if !matches!(parent.name(), "scf.for" | "scf.while") {
            break;
        }
        if writes.iter().any(|w| w.is_some_and(|o| contains(parent, o))) {
            break;
        }
        anchor = parent;
    }
    if previous_op(anchor).is_some_and(|p| p.name() == FENCE) {
        return;
    }
    let fence = Rewriter::build(dot.location(), FENCE, &[], &[], &[("bCluster", no.0)], 0);
    if let Some(block) = anchor.block() {
        unsafe { mlir_sys::mlirBlockInsertOwnedOperationBefore(block, anchor.0, fence.0) };
    }
}

/// The op just before `op` in its block.
fn previous_op(op: Op) -> Option<Op> {
    let block = op.block()?;
    let mut previous = None;
    let mut current = unsafe { mlir_sys::mlirBlockGetFirstOperation(block) };
    while !current.ptr.is_null() {
        if Op(current).same(op) {
            return previous;
        }
        previous = Some(Op(current));
        current = unsafe { mlir_sys::mlirOperationGetNextInBlock(current) };
    }
    None
}
