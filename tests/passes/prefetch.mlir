// tritongpu-prefetch: the dot of a pipelined loop is split along K; the first K-slice of the next iteration's operands is loaded from shared memory one iteration early (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-prefetch)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-prefetch)' | FileCheck %s

// A pipelined loop: the buffer index and the wait are rebuilt before the loop
// and for the next iteration; K = 32 is two slices of 16 (f16, kWidth 2).
// CHECK-LABEL: tt.func public @pipelined(%arg0: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %arg1: !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>, %arg2: i32, %arg3: !ttg.async.token, %arg4: !ttg.async.token) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %0 = arith.addi %c-1_i32, %c1_i32 : i32
// CHECK-NEXT: %1 = arith.cmpi sge, %0, %c2_i32 : i32
// CHECK-NEXT: %2 = arith.select %1, %c0_i32, %0 : i32
// CHECK-NEXT: %3 = ttg.memdesc_index %arg0[%2] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %4 = ttg.async_wait %arg3, %arg4 {num = 0 : i32}
// CHECK-NEXT: %5 = ttg.memdesc_subslice %3[0, 0] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %6 = ttg.local_load %5 token %4 : !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %7 = ttg.memdesc_index %arg1[%2] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %8 = ttg.memdesc_subslice %7[0, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %9 = ttg.local_load %8 token %4 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %10:10 = scf.for %arg5 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %c-1_i32, %arg8 = %arg3, %arg9 = %arg4, %arg10 = %3, %arg11 = %7, %arg12 = %4, %arg13 = %4, %arg14 = %6, %arg15 = %9) -> (tensor<64x64xf32, #mma>, i32, !ttg.async.token, !ttg.async.token, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, !ttg.async.token, !ttg.async.token, tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>)  : i32 {
// CHECK-NEXT: %11 = arith.addi %arg7, %c1_i32 : i32
// CHECK-NEXT: %12 = arith.cmpi sge, %11, %c2_i32 : i32
// CHECK-NEXT: %13 = arith.select %12, %c0_i32, %11 : i32
// CHECK-NEXT: %14 = ttg.async_wait %arg8, %arg9 {num = 0 : i32}
// CHECK-NEXT: %15 = ttg.memdesc_index %arg0[%13] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %16 = ttg.local_load %15 token %14 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %17 = ttg.memdesc_index %arg1[%13] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %18 = ttg.local_load %17 token %14 : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %19 = tt.dot %16, %18, %arg6 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %20 = ttg.memdesc_subslice %arg10[0, 16] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %21 = ttg.local_load %20 token %arg12 : !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %22 = ttg.memdesc_subslice %arg11[16, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %23 = ttg.local_load %22 token %arg13 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %24 = tt.dot %arg14, %arg15, %arg6 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %25 = ttg.async_wait {num = 1 : i32}
// CHECK-NEXT: %26 = arith.addi %13, %c1_i32 : i32
// CHECK-NEXT: %27 = arith.cmpi sge, %26, %c2_i32 : i32
// CHECK-NEXT: %28 = arith.select %27, %c0_i32, %26 : i32
// CHECK-NEXT: %29 = ttg.memdesc_index %arg0[%28] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %30 = arith.addi %13, %c1_i32 : i32
// CHECK-NEXT: %31 = arith.cmpi sge, %30, %c2_i32 : i32
// CHECK-NEXT: %32 = arith.select %31, %c0_i32, %30 : i32
// CHECK-NEXT: %33 = ttg.memdesc_index %arg1[%32] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %34 = ttg.async_wait %arg9, %25 {num = 0 : i32}
// CHECK-NEXT: %35 = ttg.async_wait %arg9, %25 {num = 0 : i32}
// CHECK-NEXT: %36 = ttg.memdesc_subslice %29[0, 0] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %37 = ttg.local_load %36 token %34 : !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %38 = ttg.memdesc_subslice %33[0, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %39 = ttg.local_load %38 token %35 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %40 = tt.dot %21, %23, %24 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %40, %13, %arg9, %25, %29, %33, %34, %35, %37, %39 : tensor<64x64xf32, #mma>, i32, !ttg.async.token, !ttg.async.token, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, !ttg.async.token, !ttg.async.token, tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %10#0 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pipelined(%a: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>, %n: i32, %t0: !ttg.async.token, %t1: !ttg.async.token) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %cm1 = arith.constant -1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:4 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0, %idx = %cm1, %ta = %t0, %tb = %t1) -> (tensor<64x64xf32, #mma>, i32, !ttg.async.token, !ttg.async.token) : i32 {
      %i1 = arith.addi %idx, %c1 : i32
      %wrap = arith.cmpi sge, %i1, %c2 : i32
      %i2 = arith.select %wrap, %c0, %i1 : i32
      %w = ttg.async_wait %ta, %tb {num = 0 : i32}
      %av = ttg.memdesc_index %a[%i2] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %al = ttg.local_load %av token %w : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bv = ttg.memdesc_index %b[%i2] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %bl = ttg.local_load %bv token %w : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %al, %bl, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %nt = ttg.async_wait {num = 1 : i32}
      scf.yield %d, %i2, %tb, %nt : tensor<64x64xf32, #mma>, i32, !ttg.async.token, !ttg.async.token
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Buffers carried by the loop, no tokens, K = 16: one slice, the prefetched
// dot is issued last; the negf between the load and the dot is repeated.
// CHECK-LABEL: tt.func public @carried_buffers(%arg0: !ttg.memdesc<64x16xf16, #shared, #smem>, %arg1: !ttg.memdesc<16x64xf16, #shared, #smem>, %arg2: !ttg.memdesc<64x16xf16, #shared, #smem>, %arg3: !ttg.memdesc<16x64xf16, #shared, #smem>, %arg4: i32) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %0 = ttg.memdesc_subslice %arg0[0, 0] : !ttg.memdesc<64x16xf16, #shared, #smem> -> !ttg.memdesc<64x16xf16, #shared, #smem>
// CHECK-NEXT: %1 = ttg.local_load %0 : !ttg.memdesc<64x16xf16, #shared, #smem> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %2 = arith.negf %1 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = ttg.memdesc_subslice %arg1[0, 0] : !ttg.memdesc<16x64xf16, #shared, #smem> -> !ttg.memdesc<16x64xf16, #shared, #smem>
// CHECK-NEXT: %4 = ttg.local_load %3 : !ttg.memdesc<16x64xf16, #shared, #smem> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %5:5 = scf.for %arg5 = %c0_i32 to %arg4 step %c1_i32 iter_args(%arg6 = %cst, %arg7 = %arg0, %arg8 = %arg1, %arg9 = %2, %arg10 = %4) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x16xf16, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>, tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>)  : i32 {
// CHECK-NEXT: %6 = ttg.local_load %arg7 : !ttg.memdesc<64x16xf16, #shared, #smem> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %7 = arith.negf %6 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %8 = ttg.local_load %arg8 : !ttg.memdesc<16x64xf16, #shared, #smem> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %9 = tt.dot %7, %8, %arg6 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %10 = tt.dot %arg9, %arg10, %arg6 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %11 = arith.addf %10, %10 : tensor<64x64xf32, #mma>
// CHECK-NEXT: %12 = ttg.memdesc_subslice %arg2[0, 0] : !ttg.memdesc<64x16xf16, #shared, #smem> -> !ttg.memdesc<64x16xf16, #shared, #smem>
// CHECK-NEXT: %13 = ttg.local_load %12 : !ttg.memdesc<64x16xf16, #shared, #smem> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %14 = arith.negf %13 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %15 = ttg.memdesc_subslice %arg3[0, 0] : !ttg.memdesc<16x64xf16, #shared, #smem> -> !ttg.memdesc<16x64xf16, #shared, #smem>
// CHECK-NEXT: %16 = ttg.local_load %15 : !ttg.memdesc<16x64xf16, #shared, #smem> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: scf.yield %11, %arg2, %arg3, %14, %16 : tensor<64x64xf32, #mma>, !ttg.memdesc<64x16xf16, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>, tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %5#0 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried_buffers(%a0: !ttg.memdesc<64x16xf16, #shared, #smem>, %b0: !ttg.memdesc<16x64xf16, #shared, #smem>, %a1: !ttg.memdesc<64x16xf16, #shared, #smem>, %b1: !ttg.memdesc<16x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0, %as = %a0, %bs = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x16xf16, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>) : i32 {
      %al = ttg.local_load %as : !ttg.memdesc<64x16xf16, #shared, #smem> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %an = arith.negf %al : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bl = ttg.local_load %bs : !ttg.memdesc<16x64xf16, #shared, #smem> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %an, %bl, %acc : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %e = arith.addf %d, %d : tensor<64x64xf32, #mma>
      scf.yield %e, %a1, %b1 : tensor<64x64xf32, #mma>, !ttg.memdesc<64x16xf16, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// tf32 (kWidth 1): slices of 8, four dots.
// CHECK-LABEL: tt.func public @tf32_iv_index(%arg0: !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable>, %arg1: !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable>, %arg2: i32) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %0 = ttg.memdesc_index %arg0[%c0_i32] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
// CHECK-NEXT: %1 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: %2 = ttg.memdesc_subslice %0[0, 0] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %3 = ttg.local_load %2 token %1 : !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32> -> tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %4 = ttg.memdesc_index %arg1[%c0_i32] : !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
// CHECK-NEXT: %5 = ttg.memdesc_subslice %4[0, 0] : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %6 = ttg.local_load %5 token %1 : !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64> -> tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %7:7 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %0, %arg6 = %4, %arg7 = %1, %arg8 = %1, %arg9 = %3, %arg10 = %6) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf32, #shared, #smem, mutable>, !ttg.memdesc<32x64xf32, #shared, #smem, mutable>, !ttg.async.token, !ttg.async.token, tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>)  : i32 {
// CHECK-NEXT: %8 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: %9 = ttg.memdesc_index %arg0[%c0_i32] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
// CHECK-NEXT: %10 = ttg.local_load %9 token %8 : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %11 = ttg.memdesc_index %arg1[%c0_i32] : !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
// CHECK-NEXT: %12 = ttg.local_load %11 token %8 : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %13 = tt.dot %10, %12, %arg4, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %14 = ttg.memdesc_subslice %arg5[0, 8] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %15 = ttg.local_load %14 token %arg7 : !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32> -> tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %16 = ttg.memdesc_subslice %arg6[8, 0] : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %17 = ttg.local_load %16 token %arg8 : !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64> -> tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %18 = tt.dot %arg9, %arg10, %arg4, inputPrecision = tf32 : tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %19 = ttg.memdesc_subslice %arg5[0, 16] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %20 = ttg.local_load %19 token %arg7 : !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32> -> tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %21 = ttg.memdesc_subslice %arg6[16, 0] : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %22 = ttg.local_load %21 token %arg8 : !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64> -> tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %23 = tt.dot %15, %17, %18, inputPrecision = tf32 : tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %24 = ttg.memdesc_subslice %arg5[0, 24] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %25 = ttg.local_load %24 token %arg7 : !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32> -> tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %26 = ttg.memdesc_subslice %arg6[24, 0] : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %27 = ttg.local_load %26 token %arg8 : !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64> -> tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %28 = tt.dot %20, %22, %23, inputPrecision = tf32 : tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %29 = ttg.memdesc_index %arg0[%c0_i32] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
// CHECK-NEXT: %30 = ttg.memdesc_index %arg1[%c0_i32] : !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
// CHECK-NEXT: %31 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: %32 = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: %33 = ttg.memdesc_subslice %29[0, 0] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %34 = ttg.local_load %33 token %31 : !ttg.memdesc<64x8xf32, #shared, #smem, mutable, 64x32> -> tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %35 = ttg.memdesc_subslice %30[0, 0] : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %36 = ttg.local_load %35 token %32 : !ttg.memdesc<8x64xf32, #shared, #smem, mutable, 32x64> -> tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %37 = tt.dot %25, %27, %28, inputPrecision = tf32 : tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %37, %29, %30, %31, %32, %34, %36 : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf32, #shared, #smem, mutable>, !ttg.memdesc<32x64xf32, #shared, #smem, mutable>, !ttg.async.token, !ttg.async.token, tensor<64x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, tensor<8x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %7#0 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_iv_index(%a: !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable>, %b: !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %i = arith.remsi %iv, %c1 : i32
      %w = ttg.async_wait {num = 0 : i32}
      %av = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
      %al = ttg.local_load %av token %w : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %bv = ttg.memdesc_index %b[%i] : !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
      %bl = ttg.local_load %bv token %w : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
      %d = tt.dot %al, %bl, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// The next buffer index comes from iv + step; B's load has no token; the
// scf.if using the dot stays after the last dot.
// CHECK-LABEL: tt.func public @iv_index_and_if(%arg0: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %arg1: !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>, %arg2: i32, %arg3: !ttg.async.token, %arg4: i1) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %0 = arith.remsi %c0_i32, %c2_i32 : i32
// CHECK-NEXT: %1 = ttg.memdesc_index %arg0[%0] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %2 = ttg.async_wait %arg3 {num = 0 : i32}
// CHECK-NEXT: %3 = ttg.memdesc_subslice %1[0, 0] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %4 = ttg.local_load %3 token %2 : !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %5 = ttg.memdesc_index %arg1[%0] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %6 = ttg.memdesc_subslice %5[0, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %7 = ttg.local_load %6 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %8:6 = scf.for %arg5 = %c0_i32 to %arg2 step %c4_i32 iter_args(%arg6 = %cst, %arg7 = %1, %arg8 = %5, %arg9 = %2, %arg10 = %4, %arg11 = %7) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, !ttg.async.token, tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>)  : i32 {
// CHECK-NEXT: %9 = arith.remsi %arg5, %c2_i32 : i32
// CHECK-NEXT: %10 = ttg.async_wait %arg3 {num = 0 : i32}
// CHECK-NEXT: %11 = ttg.memdesc_index %arg0[%9] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %12 = ttg.local_load %11 token %10 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %13 = ttg.memdesc_index %arg1[%9] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %14 = ttg.local_load %13 : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %15 = tt.dot %12, %14, %arg6 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %16 = ttg.memdesc_subslice %arg7[0, 16] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %17 = ttg.local_load %16 token %arg9 : !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %18 = ttg.memdesc_subslice %arg8[16, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %19 = ttg.local_load %18 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %20 = tt.dot %arg10, %arg11, %arg6 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %21 = tt.dot %17, %19, %20 : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %22 = scf.if %arg4 -> (tensor<64x64xf32, #mma>) {
// CHECK-NEXT: scf.yield %21 : tensor<64x64xf32, #mma>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg6 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: %23 = arith.addi %arg5, %c4_i32 : i32
// CHECK-NEXT: %24 = arith.remsi %23, %c2_i32 : i32
// CHECK-NEXT: %25 = ttg.memdesc_index %arg0[%24] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %26 = arith.addi %arg5, %c4_i32 : i32
// CHECK-NEXT: %27 = arith.remsi %26, %c2_i32 : i32
// CHECK-NEXT: %28 = ttg.memdesc_index %arg1[%27] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %29 = ttg.async_wait %arg3 {num = 0 : i32}
// CHECK-NEXT: %30 = ttg.memdesc_subslice %25[0, 0] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32>
// CHECK-NEXT: %31 = ttg.local_load %30 token %29 : !ttg.memdesc<64x16xf16, #shared, #smem, mutable, 64x32> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %32 = ttg.memdesc_subslice %28[0, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
// CHECK-NEXT: %33 = ttg.local_load %32 : !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: scf.yield %22, %25, %28, %29, %31, %33 : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, !ttg.async.token, tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %8#0 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @iv_index_and_if(%a: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>, %n: i32, %t: !ttg.async.token, %c: i1) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %iv = %c0 to %n step %c4 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %i = arith.remsi %iv, %c2 : i32
      %w = ttg.async_wait %t {num = 0 : i32}
      %av = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %al = ttg.local_load %av token %w : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bv = ttg.memdesc_index %b[%i] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %bl = ttg.local_load %bv : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %al, %bl, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %j = arith.addi %iv, %c2 : i32
      %e = scf.if %c -> tensor<64x64xf32, #mma> {
        scf.yield %d : tensor<64x64xf32, #mma>
      } else {
        scf.yield %acc : tensor<64x64xf32, #mma>
      }
      scf.yield %e : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Two dots in the loop: unchanged.
// CHECK-LABEL: tt.func public @two_dots(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem>, %arg1: !ttg.memdesc<32x64xf16, #shared, #smem>, %arg2: i32, %arg3: !ttg.async.token) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %0 = scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: %1 = ttg.async_wait %arg3 {num = 0 : i32}
// CHECK-NEXT: %2 = ttg.local_load %arg0 token %1 : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = ttg.local_load %arg1 token %1 : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %4 = tt.dot %2, %3, %arg5 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %5 = ttg.local_load %arg0 token %1 : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %6 = ttg.local_load %arg1 token %1 : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %7 = tt.dot %5, %6, %4 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %7 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %0 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_dots(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %n: i32, %t: !ttg.async.token) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %w = ttg.async_wait %t {num = 0 : i32}
      %al = ttg.local_load %a token %w : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bl = ttg.local_load %b token %w : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %al, %bl, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %al2 = ttg.local_load %a token %w : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bl2 = ttg.local_load %b token %w : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d2 = tt.dot %al2, %bl2, %d : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d2 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A dot that is not MMA v2: unchanged.
// CHECK-LABEL: tt.func public @fma_dot(%arg0: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %arg2: i32) -> tensor<64x64xf32, #blocked> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
// CHECK-NEXT: %0 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst) -> (tensor<64x64xf32, #blocked>)  : i32 {
// CHECK-NEXT: %1 = tt.dot %arg0, %arg1, %arg4 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
// CHECK-NEXT: scf.yield %1 : tensor<64x64xf32, #blocked>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %0 : tensor<64x64xf32, #blocked>
// CHECK-NEXT: }
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_dot(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %n: i32) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #blocked>) : i32 {
      %d = tt.dot %a, %b, %acc : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      scf.yield %d : tensor<64x64xf32, #blocked>
    }
    tt.return %r : tensor<64x64xf32, #blocked>
  }
}

// -----

// A local_load with a second use: unchanged.
// CHECK-LABEL: tt.func public @two_uses_untouched(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem>, %arg1: !ttg.memdesc<32x64xf16, #shared, #smem>, %arg2: i32) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %0 = ttg.local_load %arg0 : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %1:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %0) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>)  : i32 {
// CHECK-NEXT: %2 = ttg.local_load %arg0 : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = ttg.local_load %arg1 : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %4 = tt.dot %2, %3, %arg4 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %4, %2 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %1#0, %1#1 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: }
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_uses_untouched(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %z = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %acc0, %x = %z) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) : i32 {
      %al = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bl = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %al, %bl, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %al : tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    }
    tt.return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
