//! The NVIDIA passes of Triton 3.9's `make_llir` besides allocation, Membar
//! and the conversion: the async-proxy fences of sm90, and the passes of
//! features Tritium does not compile (Blackwell tensor memory, CTA-cluster
//! barriers, warp specialization), which refuse such input with a located
//! diagnostic and, as Triton's do on code without them, change nothing
//! otherwise; and `convert-nv-gpu-to-llvm`, which lowers the `nvg` ops
//! (`crate::nvg`).
use mlir_sys::*;
use tritium_dialects::ir::{block_ops, region_blocks, Attr, Op};
use tritium_dialects::pass::{emit_error, Pass, PassOptions};
use tritium_dialects::rewrite::Rewriter;
use tritium_dialects::services::shared_memory_effects;

/// The first op nested in `module` whose name `pred` accepts, refused with
/// `what` ("<flag>: <what> is not supported by Tritium").
fn refuse_any(module: Op, flag: &str, what: &str, pred: impl Fn(&str) -> bool) -> Result<(), ()> {
    if let Some(op) = module.nested_ops().into_iter().find(|o| pred(o.name())) {
        emit_error(op, &format!("{flag}: {what} ('{}') is not supported by Tritium", op.name()));
        return Err(());
    }
    Ok(())
}

/// Tensor-memory (Blackwell) ops.
fn is_tmem_op(name: &str) -> bool {
    name.starts_with("ttng.tmem_") || name.starts_with("ttng.tc_gen5") || name == "ttng.tmem_copy"
}

/// Ops of warp specialization.
fn is_ws_op(name: &str) -> bool {
    name.starts_with("ttg.warp_specialize") || name == "ttg.warp_yield" || name == "ttg.warp_return"
}

/// `triton-nvidia-gpu-tmem-barrier-insertion`: barriers between tensor-memory
/// accesses of different warps.
pub struct TmemBarrierInsertion;

impl Pass for TmemBarrierInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-tmem-barrier-insertion"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "tensor memory", is_tmem_op)
    }
}

/// `triton-nvidia-gpu-tmem-wait-insertion`: waits for asynchronous
/// tensor-memory loads and stores.
pub struct TmemWaitInsertion;

impl Pass for TmemWaitInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-tmem-wait-insertion"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "tensor memory", is_tmem_op)
    }
}

/// `triton-nvidia-gpu-cluster-barrier-mbar-allocator`: the mbarriers of
/// CTA-cluster barriers.
pub struct ClusterBarrierMbarAllocator;

impl Pass for ClusterBarrierMbarAllocator {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-cluster-barrier-mbar-allocator"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "a CTA-cluster barrier", |n| n.starts_with("ttng.cluster_"))
    }
}

/// `initialize-ws-cluster-barriers{compute-capability ptx-version}`: the
/// cluster barriers of warp-specialized partitions.
pub struct InitializeWsClusterBarriers;

impl Pass for InitializeWsClusterBarriers {
    fn argument(&self) -> &'static str {
        "initialize-ws-cluster-barriers"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "warp specialization", is_ws_op)
    }
}

/// `convert-warp-specialize-to-llvm`: warp-specialized regions to LLVM.
pub struct ConvertWarpSpecializeToLlvm;

impl Pass for ConvertWarpSpecializeToLlvm {
    fn argument(&self) -> &'static str {
        "convert-warp-specialize-to-llvm"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        refuse_any(module, self.argument(), "warp specialization", is_ws_op)
    }
}

/// `convert-nv-gpu-to-llvm`: Triton's `nvg` ops (wgmma, its waits, cluster
/// ids, acquire loads) and `ttg.warp_id` to PTX and NVVM ops
/// (`crate::nvg`); tensor memory is refused.
pub struct ConvertNvGpuToLlvm;

impl Pass for ConvertNvGpuToLlvm {
    fn argument(&self) -> &'static str {
        "convert-nv-gpu-to-llvm"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        crate::nvg::lower_module(module)
    }
}

/// `triton-nvidia-gpu-proxy-fence-insertion{compute-capability}`: from sm90
/// on, a `ttng.fence_async_shared` before an async-proxy access of shared
/// memory (wgmma operands, TMA loads and stores) that generic-proxy
/// accesses precede since the last fence.
///
/// Algorithm (conservative form of Triton 3.9's membar-like analysis):
/// walk each block in order, with "dirty" set at the start of every block
/// but a function's entry block (any path may come from a generic access)
/// and on every generic shared-memory access (an op with shared-memory
/// effects that is not an async-proxy access or an mbarrier op, or an op
/// with an allocated scratch buffer); a fence clears it; an async-proxy
/// access while dirty gets a fence before it. Without Triton's buffer
/// intervals this inserts a fence wherever Triton does and possibly where
/// the buffers are disjoint (a wasted fence, never a missing one).
pub struct ProxyFenceInsertion;

const FENCE: &str = "ttng.fence_async_shared";

/// Whether `op` reads or writes shared memory through the async proxy.
fn is_async_proxy(op: Op) -> bool {
    match op.name() {
        "ttng.warp_group_dot" => true,
        n => {
            n.starts_with("ttng.async_tma_copy")
                || matches!(n, "ttng.async_tma_gather" | "ttng.async_tma_scatter" | "ttng.async_tma_reduce")
        }
    }
}

/// mbarrier ops, which Triton's analysis ignores.
fn is_barrier_op(name: &str) -> bool {
    matches!(
        name,
        "ttng.init_barrier" | "ttng.inval_barrier" | "ttng.wait_barrier" | "ttng.arrive_barrier" | "ttng.barrier_expect"
    )
}

fn is_generic_access(op: Op) -> bool {
    if is_async_proxy(op) || is_barrier_op(op.name()) {
        return false;
    }
    op.attr("allocation.size").is_some() || !shared_memory_effects(op).is_empty()
}

/// Fences the blocks of `region`; `entry_clean`: its entry block starts
/// clean (a function body).
fn fence_region(region: MlirRegion, entry_clean: bool) {
    for (i, block) in region_blocks(region).into_iter().enumerate() {
        let mut dirty = !(entry_clean && i == 0);
        for op in block_ops(block) {
            if op.name() == FENCE {
                dirty = false;
                continue;
            }
            if op.num_regions() > 0 {
                for r in 0..op.num_regions() {
                    fence_region(op.region(r), false);
                }
                dirty |= op.nested_ops().into_iter().any(is_generic_access);
            }
            if is_async_proxy(op) {
                if dirty {
                    let no = Attr(unsafe { mlirBoolAttrGet(op.context(), 0) });
                    let fence = Rewriter::build(op.location(), FENCE, &[], &[], &[("bCluster", no.0)], 0);
                    unsafe { mlirBlockInsertOwnedOperationBefore(block, op.0, fence.0) };
                    dirty = false;
                }
            } else if is_generic_access(op) {
                dirty = true;
            }
        }
    }
}

impl Pass for ProxyFenceInsertion {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-proxy-fence-insertion"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        if options.int("compute-capability", 90) < 90 {
            return Ok(());
        }
        let Some(body) = module.entry_block(0) else { return Ok(()) };
        for f in block_ops(body) {
            if f.num_regions() == 1 {
                fence_region(f.region(0), true);
            }
        }
        Ok(())
    }
}
