// Canonicalization patterns of the `ttg` ops.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// A layout conversion of a shared-memory load becomes a load into the
// converted layout, placed where the load was.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @local_load_to_dot_operand
  // CHECK-NEXT: %[[L:.*]] = ttg.local_load %arg0 token %arg1 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: ttg.local_dealloc %arg0
  // CHECK-NEXT: tt.return %[[L]]
  tt.func @local_load_to_dot_operand(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %arg1: !ttg.async.token) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.local_load %arg0 token %arg1 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
    ttg.local_dealloc %arg0 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %1 = ttg.convert_layout %0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %1 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
