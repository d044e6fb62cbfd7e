// tritongpu-optimize-thread-locality: gather and reorderable-reshape layouts (CHECK lines from Triton 3.9's own pass); IR Triton leaves alone stays as it is. The in-loop reduction rewrite is in optimize-thread-locality-reduce-loop.mlir.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tritongpu-optimize-thread-locality)' | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tritongpu-optimize-thread-locality)' | FileCheck %s

// CHECK-LABEL: tt.func public @reduce_outside_loop
// CHECK: "tt.reduce"
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_outside_loop(%x: tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// A reduction of a non-load accumulated from a non-constant: Triton leaves it.
// CHECK-LABEL: tt.func public @reduce_accumulated_in_loop
// CHECK: scf.for
// CHECK-NEXT: "tt.reduce"
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_accumulated_in_loop(%x: tensor<32x32xf32, #blocked>, %init: tensor<32xf32, #slice>, %n: i32) -> tensor<32xf32, #slice> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
      %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        tt.reduce.return %s : f32
      }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #slice>
      %next = arith.addf %r, %acc : tensor<32xf32, #slice>
      scf.yield %next : tensor<32xf32, #slice>
    }
    tt.return %res : tensor<32xf32, #slice>
  }
}

// -----

// Gathers get a warp-local layout; source and indices are converted to it
// (64-bit indices stay 64-bit), the result back.
// CHECK-DAG: #[[$G1:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$G0:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func public @gather_i64
// CHECK-NEXT: %[[S:.+]] = ttg.convert_layout %arg0 : tensor<8x64xf32, #blocked> -> tensor<8x64xf32, #[[$G1]]>
// CHECK-NEXT: %[[I:.+]] = ttg.convert_layout %arg1 : tensor<8x64xi64, #blocked> -> tensor<8x64xi64, #[[$G1]]>
// CHECK-NEXT: %[[G:.+]] = tt.gather %[[S]][%[[I]]] {axis = 1 : i32, efficient_layout} : (tensor<8x64xf32, #[[$G1]]>, tensor<8x64xi64, #[[$G1]]>) -> tensor<8x64xf32, #[[$G1]]>
// CHECK-NEXT: %[[B:.+]] = ttg.convert_layout %[[G]] : tensor<8x64xf32, #[[$G1]]> -> tensor<8x64xf32, #blocked>
// CHECK-NEXT: tt.return %[[B]]
// CHECK-LABEL: tt.func public @gather_long_index
// CHECK: tt.gather %{{.+}}[%{{.+}}] {axis = 0 : i32, efficient_layout} : (tensor<32x16xf32, #[[$G0]]>, tensor<64x16xi32, #[[$G0]]>) -> tensor<64x16xf32, #[[$G0]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_i64(%x: tensor<8x64xf32, #blocked>, %i: tensor<8x64xi64, #blocked>) -> tensor<8x64xf32, #blocked> {
    %g = tt.gather %x[%i] {axis = 1 : i32} : (tensor<8x64xf32, #blocked>, tensor<8x64xi64, #blocked>) -> tensor<8x64xf32, #blocked>
    tt.return %g : tensor<8x64xf32, #blocked>
  }
  tt.func public @gather_long_index(%x: tensor<32x16xf32, #blocked>, %i: tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked> {
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<32x16xf32, #blocked>, tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked>
    tt.return %g : tensor<64x16xf32, #blocked>
  }
}

// -----

// A reorderable reshape feeding a reduction gets a layout with the reduced
// axis slowest (marked efficient_layout), converted back for its users; one
// whose new layout would be an expensive view stays.
// CHECK-DAG: #[[$R3:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [4, 8, 1], warpsPerCTA = [1, 1, 4], order = [0, 1, 2]}>
// CHECK-DAG: #[[$R2:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func public @reshape_reduce
// CHECK-NEXT: %[[V:.+]] = tt.reshape %arg0 allow_reorder efficient_layout : tensor<32x32xf32, #blocked> -> tensor<4x8x32xf32, #[[$R3]]>
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[V]] : tensor<4x8x32xf32, #[[$R3]]> -> tensor<4x8x32xf32, #blocked1>
// CHECK-NEXT: "tt.reduce"(%[[C]])
// CHECK-LABEL: tt.func public @reshape_reduce_2d
// CHECK-NEXT: %[[V:.+]] = tt.reshape %arg0 allow_reorder efficient_layout : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #[[$R2]]>
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[V]] : tensor<32x32xf32, #[[$R2]]> -> tensor<32x32xf32, #blocked>
// CHECK-LABEL: tt.func public @reshape_expensive
// CHECK-NEXT: tt.reshape %arg0 allow_reorder : tensor<32x32xf32, #blocked4> -> tensor<4x8x32xf32, #blocked5>
// CHECK-NEXT: "tt.reduce"
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
#b4 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#b5 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_reduce(%x: tensor<32x32xf32, #blocked>) -> tensor<4x8xf32, #ttg.slice<{dim = 2, parent = #b1}>> {
    %v = tt.reshape %x allow_reorder : tensor<32x32xf32, #blocked> -> tensor<4x8x32xf32, #b1>
    %r = "tt.reduce"(%v) <{axis = 2 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x8x32xf32, #b1>) -> tensor<4x8xf32, #ttg.slice<{dim = 2, parent = #b1}>>
    tt.return %r : tensor<4x8xf32, #ttg.slice<{dim = 2, parent = #b1}>>
  }
  tt.func public @reshape_reduce_2d(%x: tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %v = tt.reshape %x allow_reorder : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked>
    %r = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.func public @reshape_expensive(%x: tensor<32x32xf32, #b4>) -> tensor<4x32xf32, #ttg.slice<{dim = 1, parent = #b5}>> {
    %v = tt.reshape %x allow_reorder : tensor<32x32xf32, #b4> -> tensor<4x8x32xf32, #b5>
    %r = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x8x32xf32, #b5>) -> tensor<4x32xf32, #ttg.slice<{dim = 1, parent = #b5}>>
    tt.return %r : tensor<4x32xf32, #ttg.slice<{dim = 1, parent = #b5}>>
  }
}
