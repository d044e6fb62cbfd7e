// test-print-membar (spec/nvidia) and test-tritonamdgpu-membar (spec/amd): the barriers of the
// membar analysis, here across a call (the callee's pending scratch read at the call's virtual
// buffer), a warp_specialize default region with its own CFG, and an isolated partition.
// RUN: tritium-opt %s -split-input-file -test-print-membar | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(test-print-membar)' | FileCheck %s
// RUN: tritium-opt %s -split-input-file -test-tritonamdgpu-membar | FileCheck %s

#src = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#dst = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func private @callee() -> tensor<128x32xf16, #dst> {
    %cst = arith.constant dense<0.0> : tensor<128x32xf16, #src>
    %cvt = ttg.convert_layout %cst : tensor<128x32xf16, #src> -> tensor<128x32xf16, #dst>
    tt.return %cvt : tensor<128x32xf16, #dst>
  }
  // CHECK-LABEL: @caller
  // CHECK: tt.call @callee
  // CHECK-NEXT: arith.constant
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: ttg.convert_layout
  tt.func @caller() -> tensor<128x32xf16, #dst> {
    %call = tt.call @callee() : () -> tensor<128x32xf16, #dst>
    %cst = arith.constant dense<0.0> : tensor<128x32xf16, #src>
    %cvt = ttg.convert_layout %cst : tensor<128x32xf16, #src> -> tensor<128x32xf16, #dst>
    %sum = arith.addf %call, %cvt : tensor<128x32xf16, #dst>
    tt.return %sum : tensor<128x32xf16, #dst>
  }
}

// -----

#layout = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: @default_region_cfg
tt.func @default_region_cfg(%arg0: tensor<1xi64>, %arg1: i1) {
  %0 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #layout, #smem, mutable>
  ttg.local_store %arg0, %0 : tensor<1xi64> -> !ttg.memdesc<1xi64, #layout, #smem, mutable>
  // CHECK: default {
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  ttg.warp_specialize(%0)
  default {
    ttg.local_load %0 : !ttg.memdesc<1xi64, #layout, #smem, mutable> -> tensor<1xi64>
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:
    ttg.barrier local
    cf.br ^bb3
  ^bb2:
    cf.br ^bb3
  ^bb3:
    ttg.warp_yield
  }
  // CHECK: partition0
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  partition0(%arg2: !ttg.memdesc<1xi64, #layout, #smem, mutable>) num_warps(4) {
    %cst = arith.constant dense<0> : tensor<1xi64>
    ttg.local_store %cst, %arg2 : tensor<1xi64> -> !ttg.memdesc<1xi64, #layout, #smem, mutable>
    ttg.local_load %arg2 : !ttg.memdesc<1xi64, #layout, #smem, mutable> -> tensor<1xi64>
    ttg.warp_return
  } : (!ttg.memdesc<1xi64, #layout, #smem, mutable>) -> ()
  // One path out of the default region has no barrier: the store after it needs one.
  // CHECK: } : (!ttg.memdesc
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: ttg.local_store
  ttg.local_store %arg0, %0 : tensor<1xi64> -> !ttg.memdesc<1xi64, #layout, #smem, mutable>
  tt.return
}
