//===- Passes.td - the NVIDIA backend's passes ----------------*- tablegen -*-===//
//
// The passes only NVIDIA targets run, under Triton's flags and options. The
// declarations (flags, summaries, options) live here; each body is Rust
// (spec/nvidia/src/passes/), registered by spec/nvidia's register().
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_SPEC_NVIDIA_PASSES_TD
#define TRITIUM_SPEC_NVIDIA_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// make_llir: shared memory, tensor memory and barriers.
//===----------------------------------------------------------------------===//

def AllocateSharedMemoryNv : Pass<"allocate-shared-memory-nv", "mlir::ModuleOp"> {
  let summary = "allocate shared memory for an NVIDIA target";
  let description = [{
    Sizes the scratch of every op that needs one (reductions, scans,
    histograms, gathers, layout conversions through shared memory, atomics
    whose result is used) and the buffers of `ttg.local_alloc`, computes
    their lifetimes and offsets, and records them: `allocation.offset` (and
    `allocation.size` for scratch) on ops, `ttg.shared` on the module.

    ```mlir
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({...}) {allocation.offset = 0 : i32, allocation.size = 32 : i32} : ...
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"80",
           "the device's compute capability (e.g. 80 for sm80)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"80",
           "the PTX ISA version">
  ];
}

def TritonTensorMemoryAllocation
    : Pass<"triton-tensor-memory-allocation", "mlir::ModuleOp"> {
  let summary = "place tensor-memory buffers and record the tensor memory a kernel uses";
  let description = [{
    Gives every `ttng.tmem_alloc` its lanes and columns in tensor memory
    (Blackwell TMEM), first fit over the allocations' live intervals,
    as `tensor_memory_col_offset` and `tensor_memory_row_offset`, and sets
    `ttg.tensor_memory_size` on the module (rounded up to 32, 64, 128, 256
    or 512 columns).

    ```mlir
    %0 = ttng.tmem_alloc {tensor_memory_col_offset = 128 : i32, tensor_memory_row_offset = 0 : i32} : () -> ...
    ```
  }];
}

def TritonNvidiaGPUMembar : Pass<"triton-nvidia-gpu-membar", "mlir::ModuleOp"> {
  let summary = "insert shared-memory barriers for an NVIDIA target";
  let description = [{
    Inserts `ttg.barrier local` before every op whose shared-memory accesses
    conflict (read after write, write after read or write) with accesses
    since the last barrier, after `ttg.async_wait`, across the CFG.

    ```mlir
    %a = ttg.local_alloc %t : (tensor<...>) -> !ttg.memdesc<...>
    ttg.barrier local
    %b = ttg.local_load %a : !ttg.memdesc<...> -> tensor<...>
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"80",
           "the device's compute capability (e.g. 80 for sm80)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"80",
           "the PTX ISA version">
  ];
}

def TestPrintMembar : Pass<"test-print-membar", "mlir::ModuleOp"> {
  let summary = "test only: insert the shared-memory barriers as Triton's membar test does";
  let description = [{
    Allocates shared memory (NVIDIA scratch sizes for the module's
    `ttg.target`, generic ones without a target) and inserts the
    `ttg.barrier local` ops of the membar analysis; the test prints the IR.
  }];
}

//===----------------------------------------------------------------------===//
// make_ttgir (Hopper and Blackwell features; on sm80 they do what Triton does
// there, which is little).
//===----------------------------------------------------------------------===//

def TritonNvidiaGPUAssignCGALayouts
    : Pass<"triton-nvidia-gpu-assign-cga-layouts", "mlir::ModuleOp"> {
  let summary = "assign CGA layouts (multi-CTA clusters)";
}

def TritonNvidiaGPUOptimizeCTALocality
    : Pass<"triton-nvidia-gpu-optimize-cta-locality", "mlir::ModuleOp"> {
  let summary = "improve CTA locality of layouts (multi-CTA clusters)";
}

def TritonNvidiaGPUCheckMatmulTwoCTA
    : Pass<"triton-nvidia-check-matmul-two-cta", "mlir::ModuleOp"> {
  let summary = "record whether the kernel's MMAs run on two CTAs";
  let description = [{
    Sets `ttng.two-ctas` on the module: whether any MMA runs in two-CTA mode
    (never on sm80).
  }];
}

def TritonNvidiaGPUOptimizeDescriptorEncoding
    : Pass<"triton-nvidia-optimize-descriptor-encoding", "mlir::ModuleOp"> {
  let summary = "pick shared encodings for tensor descriptors (TMA)";
}

def NVGPUWarpSpecialization : Pass<"nvgpu-warp-specialization", "mlir::ModuleOp"> {
  let summary = "Hopper warp specialization of annotated loops";
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"3",
           "the number of pipeline stages">,
    Option<"dumpIntermediateSteps", "dump-intermediate-steps", "bool",
           /*default=*/"false", "print the IR between steps">
  ];
}

def TritonGPUHoistTMEMAlloc : Pass<"tritongpu-hoist-tmem-alloc", "mlir::ModuleOp"> {
  let summary = "hoist the tensor-memory allocations of MMA accumulators out of loops (Blackwell)";
  let description = [{
    Before the pipeliner, moves the `ttng.tmem_alloc` of a
    `ttng.tc_gen5_mma` accumulator out of its loop (its token becomes an
    iteration argument, its initial value a `ttng.tmem_store`), then turns
    loop-carried tensors stored to or loaded from that buffer into tensor
    memory, forwards loads to stores, sinks loads to their users and hoists
    allocations out of `scf.if`. After the pipeliner (`post-pipeline=true`)
    it sinks allocations that are fully overwritten in each iteration into
    the loop instead of hoisting.
  }];
  let options = [
    Option<"postPipeline", "post-pipeline", "bool", /*default=*/"false",
           "run after the pipeliner: do not hoist, sink overwritten allocations">
  ];
}

def TritonNvidiaGPUOptimizeTMemLayouts
    : Pass<"triton-nvidia-optimize-tmem-layouts", "mlir::ModuleOp"> {
  let summary = "optimize tensor-memory layouts (Blackwell)";
}

def TritonNvidiaGPUTMemLoadReduce
    : Pass<"triton-nvidia-tmem-load-reduce", "mlir::ModuleOp"> {
  let summary = "fuse reductions into tensor-memory loads (Blackwell)";
}

def TritonNvidiaGPUTMALowering : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "lower tensor-descriptor loads, stores and creation to TMA ops (sm90+)";
  let description = [{
    Rewrites `tt.descriptor_load` into a shared-memory buffer filled by
    `ttng.async_tma_copy_global_to_local` under an mbarrier (init, expect,
    wait, inval), `tt.descriptor_store` into `ttng.fence_async_shared`,
    `ttng.async_tma_copy_local_to_global` and `ttng.async_tma_store_wait`,
    and a device-side `tt.make_tensor_descriptor` into a TMA descriptor built
    in global scratch (`ttg.global_scratch_alloc`, `ttng.tensormap_create`,
    `ttng.tensormap_fenceproxy_acquire`, `ttng.reinterpret_tensor_descriptor`).
  }];
}

def TritonNvidiaGPUInterleaveTMem
    : Pass<"triton-nvidia-interleave-tmem", "mlir::ModuleOp"> {
  let summary = "interleave tensor-memory accesses (Blackwell)";
}

def TritonNvidiaGPUFenceInsertion
    : Pass<"triton-nvidia-gpu-fence-insertion", "mlir::ModuleOp"> {
  let summary = "insert async-proxy fences before wgmma operands (sm90+)";
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the device's compute capability">
  ];
}

def TritonNvidiaGPUMMALowering : Pass<"triton-nvidia-mma-lowering", "mlir::ModuleOp"> {
  let summary = "lower scaled MMA operands (Blackwell)";
}

def TritonNvidiaGPUHoistMBarrierLifecycle
    : Pass<"triton-nvidia-gpu-hoist-mbarrier-lifecycle", "mlir::ModuleOp"> {
  let summary = "hoist mbarrier init/inval out of loops (sm90+)";
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the device's compute capability">
  ];
}

//===----------------------------------------------------------------------===//
// make_llir from sm90 on: async-proxy fences, and the passes of features
// Tritium does not compile (tensor memory, cluster barriers, warp
// specialization), which refuse them and change nothing otherwise.
//===----------------------------------------------------------------------===//

def TritonGPUProxyFenceInsertion
    : Pass<"triton-nvidia-gpu-proxy-fence-insertion", "mlir::ModuleOp"> {
  let summary = "fence generic-proxy shared-memory accesses before async-proxy ones (sm90+)";
  let description = [{
    From compute capability 90 on, inserts `ttng.fence_async_shared` before
    an async-proxy shared-memory access (wgmma operands, TMA copies, gathers,
    scatters and reductions, tcgen05 MMA operands, tensor-memory copies,
    cancellation results) that conflicts with a generic-proxy access since
    the last fence of its scope (the cluster for multicast and two-CTA ops),
    comparing exact per-CTA byte regions of the buffer-region analysis; a
    call is its callee's summary.

    ```mlir
    %a = ttg.local_alloc %t : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %b, %c : ...
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the device's compute capability">
  ];
}

def TritonNvidiaGPUTMemBarrierInsertion
    : Pass<"triton-nvidia-gpu-tmem-barrier-insertion", "mlir::ModuleOp"> {
  let summary = "barriers between tensor-memory accesses (Blackwell; refused)";
  let description = [{
    Tritium compiles no tensor-memory op: a module with one gets a
    diagnostic at it; any other module is left as it is.
  }];
}

def TritonNvidiaGPUTMemWaitInsertion
    : Pass<"triton-nvidia-gpu-tmem-wait-insertion", "mlir::ModuleOp"> {
  let summary = "waits for asynchronous tensor-memory accesses (Blackwell; refused)";
  let description = [{
    Tritium compiles no tensor-memory op: a module with one gets a
    diagnostic at it; any other module is left as it is.
  }];
}

def TritonNvidiaGPUClusterBarrierMbarAllocator
    : Pass<"triton-nvidia-gpu-cluster-barrier-mbar-allocator", "mlir::ModuleOp"> {
  let summary = "allocate the mbarriers of CTA-cluster barriers (refused)";
  let description = [{
    Tritium compiles no CTA-cluster barrier: a module with one gets a
    diagnostic at it; any other module is left as it is.
  }];
}

def InitializeWSClusterBarriers
    : Pass<"initialize-ws-cluster-barriers", "mlir::ModuleOp"> {
  let summary = "initialize the mbarriers of warp-specialized cluster barriers";
  let description = [{
    As Triton 3.9, after the ttg->LLVM conversion: for a module with
    `ttg.ws_cluster_barrier_count` = N > 0 (the 32-byte blocks that the
    cluster-barrier mbarrier allocator placed at the end of `ttg.shared`),
    thread 0 of the kernel initialises both mbarriers of each block with
    `num-ctas - 1` arrivals and zeroes its counter, fences the
    initialisations for the cluster, and then every warp (the worker warps of
    `ttg.total-num-warps` through a `ttg.warp_specialize`) meets the cluster
    with a relaxed arrive and a wait. Any other module is left as it is.

    ```mlir
    %p = llvm.icmp "eq" %tid, %c0 : i32
    llvm.inline_asm has_side_effects ... "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %p, %bar
    llvm.inline_asm has_side_effects ... "@$0 fence.mbarrier_init.release.cluster ;", "b" %p
    nvvm.cluster.arrive.relaxed {aligned}
    nvvm.cluster.wait {aligned}
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the device's compute capability">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"80",
           "the PTX ISA version">
  ];
}

def ConvertWarpSpecializeToLLVM
    : Pass<"convert-warp-specialize-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower warp-specialized regions to LLVM";
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect"];
  let description = [{
    Lowers each `ttg.warp_specialize` of a kernel (its regions already in the
    LLVM dialect) to a switch loop: warps below `ttg.num-warps` run the
    kernel, the others wait at barrier 1 and jump to the partition whose
    state the default warps wrote to shared memory (at the kernel's
    `allocation.offset`), loading the captures from the op's
    `allocation.offset`. Warp-group barriers (`nvvm.barrier`,
    `nvg.warp_group_barrier_id`) get one hardware barrier per partition,
    internal functions take the barrier id as a last argument
    (`<name>_ws`), and with `ttg.maxnreg` the warps move registers with
    `nvvm.setmaxregister` (`actualRegisters`).

    ```mlir
    ttg.warp_specialize() attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
    default { ttg.warp_yield }
    partition0() num_warps(4) { ttg.warp_return } : () -> ()
    // becomes: header (tid.x / 32 < 4 ?) -> entry | switch loop
    //   ^switch: barrier 1; state = smem[warp - 4]; llvm.switch state [0: ^partition0, 1: ^exit]
    ```
  }];
}

def ConvertNVGPUToLLVM : Pass<"convert-nv-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower the nvg ops left after the ttg->LLVM lowering to PTX and NVVM";
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect"];
  let description = [{
    As Triton 3.9: `nvg.wgmma` and `nvg.wgmma_wait_group` become
    `wgmma.mma_async` / `wgmma.wait_group` inline assembly (struct operands
    unpacked, the accumulator registers tied to the outputs),
    `nvg.cluster_id` `nvvm.read.ptx.sreg.cluster.ctarank`, `nvg.ld_acquire`
    an `ld.global.<scope>.<sem>` and `ttg.warp_id` `tid.x / 32` (0 with one
    warp). `nvg.tensor_memory_base` (Blackwell) gets a diagnostic.

    ```mlir
    %out = nvg.wgmma_wait_group %in {pendings = 0 : i32} : !llvm.struct<(f32, f32)>
    // becomes
    %out = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "// wait for regs: $0,$1\0A\09wgmma.wait_group.sync.aligned 0;", "=f,=f,0,1" %a, %b : (f32, f32) -> !llvm.struct<(f32, f32)>
    ```
  }];
}

#endif // TRITIUM_SPEC_NVIDIA_PASSES_TD
