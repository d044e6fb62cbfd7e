// `tt` ops on `ttg`-encoded tensors: layout inference (expand_dims, reduce,
// trans, split) and the rules that relate encodings (dot, join, reshape, gather).
// RUN: tritium-opt %s | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#flat = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @inference(
tt.func @inference(%x: tensor<32x32xf32, #blocked>, %r: tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
  %0 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
  // CHECK: "tt.reduce"
  // CHECK: (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %1 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #{{.*}}>
  %2 = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<32x32xf32, #blocked> -> tensor<32x32x2xf32, #{{.*}}>
  %3 = tt.join %x, %x : tensor<32x32xf32, #blocked> -> tensor<32x32x2xf32, #blocked3>
  // CHECK: tt.split %{{.*}} : tensor<32x32x2xf32, #{{.*}}> -> tensor<32x32xf32, #blocked>
  %4, %5 = tt.split %3 : tensor<32x32x2xf32, #blocked3> -> tensor<32x32xf32, #blocked>
  tt.return
}

// A reshape that keeps every element in place is accepted without allow_reorder.
// CHECK-LABEL: tt.func @reshape_in_place(
tt.func @reshape_in_place(%x: tensor<4x256xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  // CHECK: tt.reshape
  %0 = tt.reshape %x : tensor<4x256xf32, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>> -> tensor<1024xf32, #flat>
  tt.return
}

// CHECK-LABEL: tt.func @dot(
tt.func @dot(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
             %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
             %c: tensor<32x32xf32, #mma>) {
  // CHECK: tt.dot
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  tt.return
}
}
