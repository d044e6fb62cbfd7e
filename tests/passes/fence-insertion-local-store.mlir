// triton-nvidia-gpu-fence-insertion on cuda:90: a ttg.local_store into the
// buffer (the first generic writer among the allocation's users) needs a fence
// before the wgmma too, and a store inside the loops keeps the fence there
// even when the allocation (with a source) is outside. CHECK lines: Triton
// 3.9's output on this input.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(triton-nvidia-gpu-fence-insertion{compute-capability=90})' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-nvidia-gpu-fence-insertion{compute-capability=90})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "cuda:90", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @stored_operand
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @stored_operand(%x: tensor<64x64xf16, #blocked>, %y: tensor<64x64xf16, #blocked>) {
    %acc = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #a, #smem, mutable>
    %1 = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #b, #smem>
    ttg.local_store %x, %0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #a, #smem, mutable>
    %2 = ttng.warp_group_dot %0, %1, %acc : !ttg.memdesc<64x64xf16, #a, #smem, mutable> * !ttg.memdesc<64x64xf16, #b, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.target" = "cuda:90", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @store_in_loop
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @store_in_loop(%x: tensor<64x64xf16, #blocked>, %y: tensor<64x64xf16, #blocked>) {
    %acc = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %0 = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #a, #smem, mutable>
    %1 = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #b, #smem>
    scf.for %i = %c0 to %c4 step %c1 : i32 {
      scf.for %j = %c0 to %c4 step %c1 : i32 {
        ttg.local_store %x, %0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #a, #smem, mutable>
        %2 = ttng.warp_group_dot %0, %1, %acc : !ttg.memdesc<64x64xf16, #a, #smem, mutable> * !ttg.memdesc<64x64xf16, #b, #smem> -> tensor<64x64xf32, #mma>
      }
    }
    tt.return
  }
}
