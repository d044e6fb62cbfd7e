// tritongpu-optimize-dot-operands: a transposed MMA operand goes through a swizzled local_alloc + memdesc_trans; conversions above elementwise ops stay, as in Triton 3.9 (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @hoist_through_mulf(%arg0: tensor<64x32x!tt.ptr<f16>, #blocked>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %arg2: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %cst = arith.constant dense<2.000000e+00> : tensor<64x32xf16, #blocked>
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %1 = arith.mulf %0, %cst : tensor<64x32xf16, #blocked>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = tt.dot %2, %arg1, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: tt.return %3 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @no_hoist_through_truncf(%arg0: tensor<64x32x!tt.ptr<f32>, #blocked>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %arg2: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<64x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %1 = arith.truncf %0 : tensor<64x32xf32, #blocked> to tensor<64x32xf16, #blocked>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = tt.dot %2, %arg1, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: tt.return %3 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @transposed_operand(%arg0: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %arg1: tensor<64x32x!tt.ptr<f16>, #blocked>, %arg2: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %0 = tt.load %arg1 : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %1 = ttg.local_alloc %0 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK-NEXT: %2 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK-NEXT: %3 = ttg.local_load %2 : !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %4 = tt.dot %arg0, %3, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: tt.return %4 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @hoist_through_mulf(%pa: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %cst = arith.constant dense<2.000000e+00> : tensor<64x32xf16, #blocked>
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked>
    %m = arith.mulf %a, %cst : tensor<64x32xf16, #blocked>
    %ca = ttg.convert_layout %m : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ca, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func public @no_hoist_through_truncf(%pa: tensor<64x32x!tt.ptr<f32>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked>
    %t = arith.truncf %a : tensor<64x32xf32, #blocked> to tensor<64x32xf16, #blocked>
    %ca = ttg.convert_layout %t : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ca, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func public @transposed_operand(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %pb: tensor<64x32x!tt.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %b = tt.load %pb : tensor<64x32x!tt.ptr<f16>, #blocked>
    %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked1>
    %cb = ttg.convert_layout %t : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %cb, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @from_local_load(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %arg2: tensor<64x64xf32, #mma>, %arg3: tensor<64x32xf16, #blocked>) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %0 = ttg.local_load %arg0 : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: %1 = arith.mulf %0, %arg3 : tensor<64x32xf16, #blocked>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = tt.dot %2, %arg1, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: tt.return %3 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @from_load_neg(%arg0: tensor<64x32x!tt.ptr<f16>, #blocked>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %arg2: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %1 = arith.negf %0 : tensor<64x32xf16, #blocked>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = tt.dot %2, %arg1, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: tt.return %3 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @from_local_load_neg(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %arg2: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %0 = ttg.local_load %arg0 : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: %1 = arith.negf %0 : tensor<64x32xf16, #blocked>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = tt.dot %2, %arg1, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: tt.return %3 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @from_local_load(%s: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc: tensor<64x64xf32, #mma>, %y: tensor<64x32xf16, #blocked>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_load %s : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked>
    %m = arith.mulf %a, %y : tensor<64x32xf16, #blocked>
    %ca = ttg.convert_layout %m : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ca, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func public @from_load_neg(%p: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tt.load %p : tensor<64x32x!tt.ptr<f16>, #blocked>
    %m = arith.negf %a : tensor<64x32xf16, #blocked>
    %ca = ttg.convert_layout %m : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ca, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func public @from_local_load_neg(%s: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_load %s : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #blocked>
    %m = arith.negf %a : tensor<64x32xf16, #blocked>
    %ca = ttg.convert_layout %m : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ca, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Another user of the transposition keeps it: only the conversion feeding the
// dot reads the shared copy (Triton 3.9 output).
// CHECK-LABEL: tt.func @trans_other_user
// CHECK: %[[A:.*]] = ttg.local_alloc %arg0
// CHECK-NEXT: %[[V:.*]] = ttg.memdesc_trans %[[A]]
// CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[V]]
// CHECK-NEXT: %[[T:.*]] = tt.trans %arg0
// CHECK-NEXT: tt.dot %[[L]]
// CHECK-NEXT: arith.extf %[[T]]
#blocked = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.target" = "cuda:80", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_other_user(%t: tensor<32x128xf16, #blocked1>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x64xf32, #mma>) -> (tensor<128x64xf32, #mma>, tensor<128x32xf32, #blocked>) {
    %a = tt.trans %t {order = array<i32: 1, 0>} : tensor<32x128xf16, #blocked1> -> tensor<128x32xf16, #blocked>
    %cv = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r = tt.dot %cv, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    %e = arith.extf %a : tensor<128x32xf16, #blocked> to tensor<128x32xf32, #blocked>
    tt.return %r, %e : tensor<128x64xf32, #mma>, tensor<128x32xf32, #blocked>
  }
}
