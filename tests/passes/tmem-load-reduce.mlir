// RUN: tritium-opt %s -split-input-file -triton-nvidia-tmem-load-reduce | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-nvidia-tmem-load-reduce)' | FileCheck %s

// The CHECK lines are Triton 3.9.0's output for the same input.

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:103", "ttg.threads-per-warp" = 32 : i32} {
  // A NaN-ignoring minimum through a layout conversion; the token stays.
  // CHECK-LABEL: @min_through_cvt
  // CHECK-NEXT: %result, %token, %red = ttng.tmem_load %arg0[%arg1] {redOp = #ttng.redOp<min>} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> tensor<128x128xf32, #blocked>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  // CHECK-NEXT: %0 = ttg.convert_layout %red : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #linear}>>
  // CHECK-NEXT: tt.return %0, %token
  tt.func public @min_through_cvt(%arg0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>, %t: !ttg.async.token) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #linear}>>, !ttg.async.token) {
    %0, %tok = ttng.tmem_load %arg0[%t] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> tensor<128x128xf32, #blocked>
    %cvt = ttg.convert_layout %0 : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #linear>
    %1 = "tt.reduce"(%cvt) <{axis = 1 : i32}> ({
    ^bb0(%lhs: f32, %rhs: f32):
      %2 = arith.minnumf %lhs, %rhs : f32
      tt.reduce.return %2 : f32
    }) : (tensor<128x128xf32, #linear>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #linear}>>
    tt.return %1, %tok : tensor<128xf32, #ttg.slice<{dim = 1, parent = #linear}>>, !ttg.async.token
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:103", "ttg.threads-per-warp" = 32 : i32} {
  // Two reductions of one load: the later one fuses.
  // CHECK-LABEL: @two_reductions
  // CHECK-NEXT: %result, %red = ttng.tmem_load %arg0 {NaN = true, redOp = #ttng.redOp<max>}
  // CHECK-NEXT: %0 = "tt.reduce"(%result) <{axis = 1 : i32}>
  // CHECK: arith.maxnumf
  // CHECK: tt.return %0, %red
  tt.func public @two_reductions(%arg0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %0 = ttng.tmem_load %arg0 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> tensor<128x128xf32, #blocked>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%lhs: f32, %rhs: f32):
      %a = arith.maxnumf %lhs, %rhs : f32
      tt.reduce.return %a : f32
    }) : (tensor<128x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %2 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%lhs: f32, %rhs: f32):
      %b = arith.maximumf %lhs, %rhs : f32
      tt.reduce.return %b : f32
    }) : (tensor<128x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %1, %2 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}
