//! `initialize-ws-cluster-barriers{compute-capability ptx-version}`, as
//! Triton 3.9's pass of that name (run by `make_llir` right after the
//! ttg→LLVM conversion), and the cluster synchronisation "for all warps"
//! that it and the `ttng.cluster_barrier` lowering share.
//!
//! Triton's `triton-nvidia-gpu-cluster-barrier-mbar-allocator` gives every
//! warp-specialized region that needs a cluster barrier a 32-byte block at
//! the end of shared memory (two 16-byte mbarrier slots, the second 8 bytes
//! of the first slot holding a counter) and records how many on the module
//! (`ttg.ws_cluster_barrier_count`, with `ttg.shared` grown to cover them).
//! This pass initialises those blocks at the kernel's entry:
//!
//! 1. thread 0 (`tid.x == 0`) initialises both mbarriers of each block with
//!    `num-ctas - 1` expected arrivals and stores 0 into its counter; the
//!    blocks are the last `32 * count` bytes of `ttg.shared`;
//! 2. thread 0 fences the initialisations for the cluster
//!    (`fence.mbarrier_init.release.cluster`);
//! 3. every warp of the kernel meets the cluster (relaxed
//!    `nvvm.cluster.arrive` + `nvvm.cluster.wait`), so that no CTA signals a
//!    peer's mbarrier before the peer has initialised it. When the module
//!    has more warps than the default partition (`ttg.total-num-warps` >
//!    `ttg.num-warps`), the worker warps are reached through a
//!    `ttg.warp_specialize` whose default region and each partition (the
//!    remaining warps split into decreasing powers of two) run the same
//!    arrive + wait ([`cluster_sync_for_all_warps`]).
//!
//! A module without the count (or with 0) is left as it is, as is one
//! without a kernel (`llvm.func` with `nvvm.kernel`); only the first kernel
//! is initialised, as Triton does.
use mlir_sys::*;
use tritium_conversions::ttg_to_llvm::emit::{Emitter, ICmp};
use tritium_conversions::ttg_to_llvm::SHARED_SYMBOL;
use tritium_dialects::ir::{region_blocks, Op, Val};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;

/// Bytes of one mbarrier slot of a warp-specialized cluster barrier.
const SLOT_BYTES: i64 = 16;
/// Slots per barrier (they alternate, so a late CTA cannot miss a phase).
const SLOTS: i64 = 2;
/// Bytes the allocator reserves per warp-specialized region.
const BLOCK_BYTES: i64 = SLOT_BYTES * SLOTS;
/// Offset of the phase counter inside a block (after the first mbarrier).
const COUNTER_OFFSET: i32 = 8;

/// The module attribute the allocator records the number of blocks in.
pub const COUNT_ATTR: &str = "ttg.ws_cluster_barrier_count";

/// The pass (see the module documentation).
pub struct InitializeWsClusterBarriers;

impl Pass for InitializeWsClusterBarriers {
    fn argument(&self) -> &'static str {
        "initialize-ws-cluster-barriers"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        // The options only choose Triton's TargetInfo, which the code built
        // here does not depend on.
        initialize(module).map_err(|(op, message)| emit_error(op, &format!("{}: {message}", self.argument())))
    }
}

/// Whether `op` is a lowered kernel.
fn is_kernel(op: Op) -> bool {
    op.name() == "llvm.func" && op.attr("nvvm.kernel").is_some()
}

fn initialize(module: Op) -> Result<(), (Op, String)> {
    let count = match module.attr(COUNT_ATTR) {
        None => return Ok(()),
        Some(a) => a.int().ok_or_else(|| (module, format!("'{COUNT_ATTR}' must be an integer attribute")))?,
    };
    if count == 0 {
        return Ok(());
    }
    if count < 0 {
        return Err((module, format!("'{COUNT_ATTR}' = {count} is negative")));
    }
    let body = region_blocks(module.region(0)).into_iter().next();
    let Some(kernel) = body.and_then(|b| tritium_dialects::ir::block_ops(b).into_iter().find(|o| is_kernel(*o))) else {
        return Ok(());
    };
    let entry = region_blocks(kernel.region(0))
        .into_iter()
        .next()
        .ok_or_else(|| (kernel, "the kernel has no body".to_string()))?;
    let shared = match module.attr("ttg.shared") {
        None => 0,
        Some(a) => a.int().ok_or_else(|| (module, "'ttg.shared' must be an integer attribute".to_string()))?,
    };
    // One CTA when the module does not say (Triton's lookupNumCTAs).
    let num_ctas = kernel.inherited_int("ttg.num-ctas").unwrap_or(1);
    let (default_warps, total_warps) = warp_counts(kernel).map_err(|m| (kernel, m))?;

    let mut e = Emitter::new(kernel.context(), kernel.location());
    let scratch = unsafe { mlirBlockCreate(0, std::ptr::null(), std::ptr::null()) };
    e.set_block(scratch);
    let tid = {
        let i32t = e.i32();
        e.val("nvvm.read.ptx.sreg.tid.x", &[], i32t, &[])
    };
    let zero = e.i32_const(0);
    let pred = e.icmp(ICmp::Eq, tid, zero);
    let built = emit_initialization(&mut e, pred, shared - count * BLOCK_BYTES, count, num_ctas);
    if built.is_ok() {
        e.inline_asm("@$0 fence.mbarrier_init.release.cluster ;", "b", &[pred], &[], true);
        cluster_sync_for_all_warps(&mut e, default_warps, total_warps, true);
    }
    unsafe {
        // Move what was built to the start of the entry block (in order; on
        // failure too, so that the scratch block is empty when destroyed).
        let first = mlirBlockGetFirstOperation(entry);
        loop {
            let op = mlirBlockGetFirstOperation(scratch);
            if op.ptr.is_null() {
                break;
            }
            mlirOperationRemoveFromParent(op);
            if first.ptr.is_null() {
                mlirBlockAppendOwnedOperation(entry, op);
            } else {
                mlirBlockInsertOwnedOperationBefore(entry, first, op);
            }
        }
        mlirBlockDestroy(scratch);
    }
    built.map_err(|m| (kernel, m))
}

/// Step 1: both mbarriers and the counter of each of the `count` blocks
/// from byte `first` of shared memory.
fn emit_initialization(e: &mut Emitter, pred: Val, first: i64, count: i64, num_ctas: i64) -> Result<(), String> {
    let arrivals = num_ctas - 1;
    for block in 0..count {
        let offset = first + block * BLOCK_BYTES;
        let slot0 = shared_byte(e, offset)?;
        for slot in 0..SLOTS {
            let ptr = if slot == 0 { slot0 } else { shared_byte(e, offset + slot * SLOT_BYTES)? };
            e.inline_asm(&format!("@$0 mbarrier.init.shared::cta.b64 [$1], {arrivals};"), "b,r", &[pred, ptr], &[], true);
        }
        let counter = const_gep_i8(e, slot0, COUNTER_OFFSET);
        let zero = e.i32_const(0);
        store_shared_b32(e, counter, zero, pred);
    }
    Ok(())
}

/// `&global_smem[offset]` (bytes), one `addressof` per pointer as Triton's
/// `getStackPointer` gives it.
fn shared_byte(e: &mut Emitter, offset: i64) -> Result<Val, String> {
    let i32_offset = i32::try_from(offset).map_err(|_| format!("shared-memory offset {offset} does not fit in 32 bits"))?;
    let ptr = e.ptr_ty(3);
    let sym = e.attr(&format!("@{SHARED_SYMBOL}"));
    let base = e.val("llvm.mlir.addressof", &[], ptr, &[("global_name", sym)]);
    let index = e.i32_const(i64::from(i32_offset));
    let i8t = e.int_ty(8);
    Ok(e.gep(base, i8t, index))
}

/// `getelementptr i8, ptr[k]` with a constant index.
fn const_gep_i8(e: &mut Emitter, ptr: Val, k: i32) -> Val {
    let i8t = e.int_ty(8);
    let elem = e.type_attr(i8t);
    let raw = e.i32_array_attr(&[k]);
    e.val("llvm.getelementptr", &[ptr], ptr.ty(), &[("elem_type", elem), ("rawConstantIndices", raw)])
}

/// A predicated 32-bit shared-memory store, as Triton's NVIDIA
/// `storeShared` emits it (the value packed into a one-element vector).
fn store_shared_b32(e: &mut Emitter, ptr: Val, value: Val, pred: Val) {
    let i32t = e.i32();
    let vty = e.vector_ty(i32t, 1);
    let undef = e.undef(vty);
    let packed = e.insert_element(undef, value, 0);
    e.inline_asm("@$2 st.shared::cta.b32 [ $0 + 0 ], $1;", "r,r,b", &[ptr, packed, pred], &[], true);
}

/// The warps of the default partition (`ttg.num-warps` of the function or
/// its module) and of the whole kernel (`ttg.total-num-warps`, the same
/// when absent).
pub(crate) fn warp_counts(op: Op) -> Result<(i64, i64), String> {
    let default = op.inherited_int("ttg.num-warps").ok_or("no 'ttg.num-warps' on the op or its module")?;
    let total = op.inherited_int("ttg.total-num-warps").unwrap_or(default);
    if total < default {
        return Err(format!("'ttg.total-num-warps' = {total} is below 'ttg.num-warps' = {default}"));
    }
    Ok((default, total))
}

/// A cluster arrive (relaxed or not) and wait, both `aligned`.
fn cluster_arrive_wait(e: &mut Emitter, relaxed: bool) {
    let aligned = [("aligned", e.unit_attr())];
    e.op(if relaxed { "nvvm.cluster.arrive.relaxed" } else { "nvvm.cluster.arrive" }, &[], &[], &aligned);
    e.op("nvvm.cluster.wait", &[], &[], &aligned);
}

/// Every warp of the kernel meets the cluster (Triton's
/// `lowerClusterSyncForAllWarps`): a plain arrive + wait when the default
/// partition has all the warps; otherwise a `ttg.warp_specialize` whose
/// default region and partitions (the other `total - default` warps as
/// decreasing powers of two, starting after the default warps) each run it.
pub(crate) fn cluster_sync_for_all_warps(e: &mut Emitter, default_warps: i64, total_warps: i64, relaxed: bool) {
    let mut remaining = total_warps - default_warps;
    if remaining <= 0 {
        cluster_arrive_wait(e, relaxed);
        return;
    }
    let mut sizes: Vec<i32> = Vec::new();
    let mut starts: Vec<i32> = Vec::new();
    let mut start = default_warps as i32;
    while remaining > 0 {
        let size = 1i64 << (63 - remaining.leading_zeros());
        sizes.push(size as i32);
        starts.push(start);
        start += size as i32;
        remaining -= size;
    }
    let attrs = [("partitionNumWarps", e.attr(&array_i32(&sizes)).0), ("warpGroupStartIds", e.attr(&array_i32(&starts)).0)];
    let ws = Rewriter::build(e.loc, "ttg.warp_specialize", &[], &[], &attrs, 2);
    let outer = e.block();
    unsafe {
        let default_block = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
        mlirRegionAppendOwnedBlock(ws.region(0), default_block);
        e.set_block(default_block);
        cluster_arrive_wait(e, relaxed);
        e.op("ttg.warp_yield", &[], &[], &[]);

        let holder = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
        mlirRegionAppendOwnedBlock(ws.region(1), holder);
        let partitions = Rewriter::build(e.loc, "ttg.warp_specialize.partitions", &[], &[], &[], sizes.len());
        mlirBlockAppendOwnedOperation(holder, partitions.0);
        for i in 0..sizes.len() {
            let block = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            mlirRegionAppendOwnedBlock(partitions.region(i), block);
            e.set_block(block);
            cluster_arrive_wait(e, relaxed);
            e.op("ttg.warp_return", &[], &[], &[]);
        }
        e.set_block(outer);
        mlirBlockAppendOwnedOperation(outer, ws.0);
    }
}

/// `array<i32: a, b, ...>`.
fn array_i32(values: &[i32]) -> String {
    let items: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("array<i32: {}>", items.join(", "))
}
