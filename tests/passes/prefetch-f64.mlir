// RUN: tritium-opt %s -tritongpu-prefetch | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-prefetch)' | FileCheck %s

// A kWidth-1 f64 MMA v2 dot on cuda:90 is prefetched in K slices of 8, as
// Triton 3.9.0's -tritongpu-prefetch does it (CHECK lines from its output):
// the first slice before the loop, the second inside it.

// CHECK-LABEL: tt.func @split_pipelined_mmav2_loads_f64
// CHECK: ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<16x16xf64, #shared, #smem, mutable> -> !ttg.memdesc<16x8xf64, #shared, #smem, mutable, 16x16>
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<16x8xf64, #shared, #smem, mutable, 16x16> -> tensor<16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK: ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<16x16xf64, #shared1, #smem, mutable> -> !ttg.memdesc<8x16xf64, #shared1, #smem, mutable, 16x16>
// CHECK: scf.for
// CHECK: ttg.memdesc_subslice %{{.*}}[0, 8] : !ttg.memdesc<16x16xf64, #shared, #smem, mutable> -> !ttg.memdesc<16x8xf64, #shared, #smem, mutable, 16x16>
// CHECK: ttg.memdesc_subslice %{{.*}}[8, 0] : !ttg.memdesc<16x16xf64, #shared1, #smem, mutable> -> !ttg.memdesc<8x16xf64, #shared1, #smem, mutable, 16x16>
// CHECK: tt.dot %{{.*}} : tensor<16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x16xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x16xf64, #mma>

#shared_f64 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#shared1_f64 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 2, order = [1, 0]}>
#mma_f64 = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#a_f64_op = #ttg.dot_op<{opIdx = 0, parent = #mma_f64, kWidth = 1}>
#b_f64_op = #ttg.dot_op<{opIdx = 1, parent = #mma_f64, kWidth = 1}>
#smem = #ttg.shared_memory

module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 1 : i32} {
tt.func @split_pipelined_mmav2_loads_f64(%lb : index, %ub : index, %step : index, %tok0 : !ttg.async.token, %tok1 : !ttg.async.token) -> tensor<16x16xf64, #mma_f64> {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %cst = arith.constant dense<0.00e+00> : tensor<16x16xf64, #mma_f64>
  %a = ttg.local_alloc : () -> !ttg.memdesc<3x16x16xf64, #shared_f64, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<3x16x16xf64, #shared1_f64, #smem, mutable>
  %loop:2 = scf.for %iv = %lb to %ub step %step iter_args(%idx = %c0_i32, %acc = %cst) -> (i32, tensor<16x16xf64, #mma_f64>) {
    %idx_p1 = arith.addi %idx, %c1_i32 : i32
    %idx_cmp = arith.cmpi sge, %idx_p1, %c3_i32 : i32
    %idx_next = arith.select %idx_cmp, %c0_i32, %idx_p1 : i32
    %wait = ttg.async_wait %tok0, %tok1 {num = 4 : i32}
    %a_view = ttg.memdesc_index %a[%idx_next] : !ttg.memdesc<3x16x16xf64, #shared_f64, #smem, mutable> -> !ttg.memdesc<16x16xf64, #shared_f64, #smem, mutable>
    %a_val = ttg.local_load %a_view token %wait : !ttg.memdesc<16x16xf64, #shared_f64, #smem, mutable> -> tensor<16x16xf64, #a_f64_op>
    %b_view = ttg.memdesc_index %b[%idx_next] : !ttg.memdesc<3x16x16xf64, #shared1_f64, #smem, mutable> -> !ttg.memdesc<16x16xf64, #shared1_f64, #smem, mutable>
    %b_val = ttg.local_load %b_view token %wait : !ttg.memdesc<16x16xf64, #shared1_f64, #smem, mutable> -> tensor<16x16xf64, #b_f64_op>
    %acc_next = tt.dot %a_val, %b_val, %acc, inputPrecision = tf32 : tensor<16x16xf64, #a_f64_op> * tensor<16x16xf64, #b_f64_op> -> tensor<16x16xf64, #mma_f64>
    scf.yield %idx_next, %acc_next : i32, tensor<16x16xf64, #mma_f64>
  }
  tt.return %loop#1 : tensor<16x16xf64, #mma_f64>
}
}  // end module
