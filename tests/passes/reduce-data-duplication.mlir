// tritongpu-reduce-data-duplication: conversions to dot operands that need shared memory become local_alloc + local_load, swizzled for the MMA operand; register-only conversions stay (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-reduce-data-duplication)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-reduce-data-duplication)' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-DAG: #shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #shared3 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @operands(%arg0: tensor<128x32xf16, #blocked>, %arg1: tensor<32x64xf16, #blocked1>, %arg2: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
// CHECK-NEXT: %0 = ttg.local_alloc %arg0 : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
// CHECK-NEXT: %1 = ttg.local_load %0 : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %2 = ttg.local_alloc %arg1 : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK-NEXT: %3 = ttg.local_load %2 : !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %4 = tt.dot %1, %3, %arg2 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
// CHECK-NEXT: tt.return %4 : tensor<128x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @fma_operand(%arg0: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> {
// CHECK-NEXT: %0 = ttg.local_alloc %arg0 : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared2, #smem>
// CHECK-NEXT: %1 = ttg.local_load %0 : !ttg.memdesc<32x32xf32, #shared2, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
// CHECK-NEXT: tt.return %1 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @too_big(%arg0: tensor<256x256xf32, #blocked>) -> tensor<256x256xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
// CHECK-NEXT: %0 = ttg.local_alloc %arg0 : (tensor<256x256xf32, #blocked>) -> !ttg.memdesc<256x256xf32, #shared3, #smem>
// CHECK-NEXT: %1 = ttg.local_load %0 : !ttg.memdesc<256x256xf32, #shared3, #smem> -> tensor<256x256xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: tt.return %1 : tensor<256x256xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @not_to_dot(%arg0: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked1> {
// CHECK-NEXT: %0 = ttg.convert_layout %arg0 : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
// CHECK-NEXT: tt.return %0 : tensor<32x32xf32, #blocked1>
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @operands(%a: tensor<128x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked1>, %acc: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %ca = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %cb = ttg.convert_layout %b : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ca, %cb, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
  tt.func public @fma_operand(%a: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> {
    %ca = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    tt.return %ca : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
  }
  tt.func public @too_big(%a: tensor<256x256xf32, #blocked>) -> tensor<256x256xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    %ca = ttg.convert_layout %a : tensor<256x256xf32, #blocked> -> tensor<256x256xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %ca : tensor<256x256xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
  tt.func public @not_to_dot(%a: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked1> {
    %c = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    tt.return %c : tensor<32x32xf32, #blocked1>
  }
}
