// triton-nvidia-tma-lowering: a ttg.local_alloc of the loaded tensor whose
// encoding gives the same layout as the TMA buffer's (here a swizzled_shared
// equal to the 64-byte nvmma swizzle) becomes the buffer too, and a
// memdesc_trans of it takes the encoding inferred from the buffer's. CHECK
// lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --triton-nvidia-tma-lowering | FileCheck %s

// CHECK-DAG: #[[$NVMMA_T:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @equivalent_alloc
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.inval_barrier
// CHECK-NEXT: %[[T:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf32, #[[$NVMMA_T]], #smem, mutable>
// CHECK-NEXT: ttg.local_load %[[T]]
// CHECK-NEXT: ttg.local_load %[[BUF]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#swizzled_t = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @equivalent_alloc(%desc: !tt.tensordesc<64x32xf32, #shared>) -> tensor<32x32xf32, #mma> {
    %acc = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %0 = tt.descriptor_load %desc[%c64, %c32] : !tt.tensordesc<64x32xf32, #shared> -> tensor<64x32xf32, #blocked>
    %1 = ttg.local_alloc %0 : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #swizzled, #smem>
    %2 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf32, #swizzled, #smem> -> !ttg.memdesc<32x64xf32, #swizzled_t, #smem>
    %3 = ttg.local_alloc %0 : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #shared, #smem>
    %4 = ttg.local_load %2 : !ttg.memdesc<32x64xf32, #swizzled_t, #smem> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %5 = ttg.local_load %3 : !ttg.memdesc<64x32xf32, #shared, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %6 = tt.dot %4, %5, %acc, inputPrecision = tf32 : tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %6 : tensor<32x32xf32, #mma>
  }
}
