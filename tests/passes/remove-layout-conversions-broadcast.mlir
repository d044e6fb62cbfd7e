// tritongpu-remove-layout-conversions: Triton 3.9's tt.broadcast may change layout when the result
// layout, projected onto the source shape, is the source layout (up to repeated registers). A
// conversion of such a broadcast is rematerialized by retyping the broadcast alone, so the
// make_range chain under it is not recomputed and stays shared (CHECK lines from Triton 3.9's own
// pass on the same input).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

// Reduced from x_bcast3d: one make_range chain feeds the pointer offsets (through a conversion
// to #mid, then to the load layout #ld) and a second path converted straight to #ld. Triton
// ends with a single chain in #ld; recomputing the chain for the first conversion made a second.
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 2, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func public @chain_shared_by_two_paths
// CHECK-NOT: ttg.convert_layout
// CHECK: %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #blocked}>}>>
// CHECK-NEXT: %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #blocked}>}>> -> tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1x32xi32, #blocked>
// CHECK-NEXT: %3 = tt.broadcast %2 : tensor<1x1x32xi32, #blocked> -> tensor<4x8x32xi32, #blocked>
// CHECK-NEXT: %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x8x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %5 = tt.addptr %4, %3 : tensor<4x8x32x!tt.ptr<f32>, #blocked>, tensor<4x8x32xi32, #blocked>
// CHECK-NEXT: %6 = tt.load %5 : tensor<4x8x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %7 = tt.broadcast %2 : tensor<1x1x32xi32, #blocked> -> tensor<4x1x32xi32, #blocked>
// CHECK-NEXT: %8 = arith.sitofp %7 : tensor<4x1x32xi32, #blocked> to tensor<4x1x32xf32, #blocked>
// CHECK-NEXT: %9 = tt.broadcast %8 : tensor<4x1x32xf32, #blocked> -> tensor<4x8x32xf32, #blocked>
// CHECK-NEXT: %10 = arith.addf %6, %9 : tensor<4x8x32xf32, #blocked>
// CHECK-NEXT: tt.store %5, %10 : tensor<4x8x32x!tt.ptr<f32>, #blocked>
// CHECK-NOT: tt.make_range
#src = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
#mid = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 2, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @chain_shared_by_two_paths(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #src}>}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #src}>}>> -> tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #src}>>
    %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #src}>> -> tensor<1x1x32xi32, #src>
    %3 = tt.broadcast %2 : tensor<1x1x32xi32, #src> -> tensor<4x8x32xi32, #src>
    %4 = ttg.convert_layout %3 : tensor<4x8x32xi32, #src> -> tensor<4x8x32xi32, #mid>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x8x32x!tt.ptr<f32>, #mid>
    %6 = tt.addptr %5, %4 : tensor<4x8x32x!tt.ptr<f32>, #mid>, tensor<4x8x32xi32, #mid>
    %7 = ttg.convert_layout %6 : tensor<4x8x32x!tt.ptr<f32>, #mid> -> tensor<4x8x32x!tt.ptr<f32>, #ld>
    %8 = tt.load %7 : tensor<4x8x32x!tt.ptr<f32>, #ld>
    %9 = tt.broadcast %2 : tensor<1x1x32xi32, #src> -> tensor<4x1x32xi32, #src>
    %10 = arith.sitofp %9 : tensor<4x1x32xi32, #src> to tensor<4x1x32xf32, #src>
    %11 = tt.broadcast %10 : tensor<4x1x32xf32, #src> -> tensor<4x8x32xf32, #src>
    %12 = ttg.convert_layout %11 : tensor<4x8x32xf32, #src> -> tensor<4x8x32xf32, #ld>
    %13 = arith.addf %8, %12 : tensor<4x8x32xf32, #ld>
    tt.store %7, %13 : tensor<4x8x32x!tt.ptr<f32>, #ld>
    tt.return
  }
}

// -----

// #src and #dst differ, but hold the same elements per thread on the 1x1x32 source: the
// conversion disappears by retyping the broadcast, the chain stays in #src.
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func public @broadcast_keeps_source
// CHECK-NOT: ttg.convert_layout
// CHECK: %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1x32xi32, #blocked>
// CHECK-NEXT: %3 = tt.broadcast %2 : tensor<1x1x32xi32, #blocked> -> tensor<4x8x32xi32, #blocked1>
// CHECK-NEXT: %4 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x8x32x!tt.ptr<i32>, #blocked1>
// CHECK-NEXT: %5 = tt.addptr %4, %3 : tensor<4x8x32x!tt.ptr<i32>, #blocked1>, tensor<4x8x32xi32, #blocked1>
// CHECK-NEXT: tt.store %5, %3 : tensor<4x8x32x!tt.ptr<i32>, #blocked1>
#src = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @broadcast_keeps_source(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #src}>}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #src}>}>> -> tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #src}>>
    %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #src}>> -> tensor<1x1x32xi32, #src>
    %3 = tt.broadcast %2 : tensor<1x1x32xi32, #src> -> tensor<4x8x32xi32, #src>
    %4 = ttg.convert_layout %3 : tensor<4x8x32xi32, #src> -> tensor<4x8x32xi32, #dst>
    %5 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x8x32x!tt.ptr<i32>, #dst>
    %6 = tt.addptr %5, %4 : tensor<4x8x32x!tt.ptr<i32>, #dst>, tensor<4x8x32xi32, #dst>
    tt.store %6, %4 : tensor<4x8x32x!tt.ptr<i32>, #dst>
    tt.return
  }
}

// -----

// Here #src keeps two elements per thread on the source, which #dst does not: the broadcast
// cannot change layout, so the chain is recomputed in #dst.
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func public @broadcast_recomputes_source
// CHECK-NOT: ttg.convert_layout
// CHECK: %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #blocked}>}>>
// CHECK: %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1x32xi32, #blocked>
// CHECK-NEXT: %3 = tt.broadcast %2 : tensor<1x1x32xi32, #blocked> -> tensor<4x8x32xi32, #blocked>
// CHECK-NOT: tt.make_range
#src = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 2, 16], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @broadcast_recomputes_source(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #src}>}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #src}>}>> -> tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #src}>>
    %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<1x32xi32, #ttg.slice<{dim = 1, parent = #src}>> -> tensor<1x1x32xi32, #src>
    %3 = tt.broadcast %2 : tensor<1x1x32xi32, #src> -> tensor<4x8x32xi32, #src>
    %4 = ttg.convert_layout %3 : tensor<4x8x32xi32, #src> -> tensor<4x8x32xi32, #dst>
    %5 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x8x32x!tt.ptr<i32>, #dst>
    %6 = tt.addptr %5, %4 : tensor<4x8x32x!tt.ptr<i32>, #dst>, tensor<4x8x32xi32, #dst>
    tt.store %6, %4 : tensor<4x8x32x!tt.ptr<i32>, #dst>
    tt.return
  }
}
