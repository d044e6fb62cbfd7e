//! The NVIDIA passes of Triton 3.9's `make_llir` besides allocation, Membar
//! and the conversion (the async-proxy fences of sm90 are in
//! [`super::proxy_fence`]): the passes of features Tritium does not compile
//! (Blackwell tensor memory, CTA-cluster barriers, warp specialization),
//! which refuse such input with a located diagnostic and, as Triton's do on
//! code without them, change nothing otherwise; and `convert-nv-gpu-to-llvm`, which lowers the `nvg` ops
//! (`crate::nvg`).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

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
