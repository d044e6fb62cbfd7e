// The TMA/mbarrier lowering (spec/nvidia/src/tma.rs) refuses what it cannot lower with a diagnostic
// at the op: TMA ops below sm90, and volatile TMA loads.
// RUN: not tritium-opt %s --split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv,convert-triton-gpu-to-llvm)' -o /dev/null 2>&1 | FileCheck %s

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @barrier_sm80() {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: triton-gpu-to-llvm-tma-invalid.mlir:[[# @LINE + 1]]:5: error: 'ttng.init_barrier' needs TMA and transaction mbarriers (compute capability 90 or higher), got 80
    ttng.init_barrier %0, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @volatile(%raw: !tt.ptr<i8>, %x: i32) {
    %true = arith.constant true
    %desc = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<64x64xf16, #shared>
    %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %1 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: triton-gpu-to-llvm-tma-invalid.mlir:[[# @LINE + 1]]:5: error: volatile TMA loads are not supported
    ttng.async_tma_copy_global_to_local %desc[%x, %x] %0, %1, %true {isVolatile = true} : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
