// tritongpu-remove-layout-conversions: in the rematerialization cost, a value of the slice that the
// rewrite takes from an existing conversion to the target layout is not recomputed, so its producer
// costs nothing even when the value has other users. A load whose pointer offsets were already
// converted is then recomputed in the target layout (reduced from x_dwconv2d: a 1D weight load per
// tap broadcast against a 2D tile; the conversion is a register no-op, so any cost blocked it).
// CHECK lines from Triton 3.9's own pass on the same input.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

// The offsets %9 stay alive in #b1 (the last store) and have a conversion to the slice layout before
// the load: the load is recomputed on that conversion.
// CHECK-LABEL: tt.func public @reuse_with_other_users
// CHECK: %4 = arith.addi %3, %2 : tensor<32xi32, #blocked>
// CHECK-NEXT: %5 = ttg.convert_layout %4 : tensor<32xi32, #blocked> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK: %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %9 = tt.addptr %8, %5 : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %10 = tt.load %9 : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %11 = tt.expand_dims %10 {axis = 0 : i32}
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reuse_with_other_users(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id y : i32
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
    %3 = tt.splat %1 : i32 -> tensor<32xi32, #b1>
    %4 = arith.addi %3, %2 : tensor<32xi32, #b1>
    %5 = ttg.convert_layout %4 : tensor<32xi32, #b1> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #b2}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x32xi32, #b2>
    %7 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<1x32x!tt.ptr<i32>, #b2>
    tt.store %7, %6 : tensor<1x32x!tt.ptr<i32>, #b2>
    %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
    %9 = tt.addptr %8, %4 : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
    %10 = tt.load %9 : tensor<32x!tt.ptr<f32>, #b1>
    %11 = ttg.convert_layout %10 : tensor<32xf32, #b1> -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #b2}>>
    %12 = tt.expand_dims %11 {axis = 0 : i32} : tensor<32xf32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x32xf32, #b2>
    %13 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1x32x!tt.ptr<f32>, #b2>
    tt.store %13, %12 : tensor<1x32x!tt.ptr<f32>, #b2>
    %14 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #b1>
    %15 = tt.addptr %14, %4 : tensor<32x!tt.ptr<i32>, #b1>, tensor<32xi32, #b1>
    tt.store %15, %4 : tensor<32x!tt.ptr<i32>, #b1>
    tt.return
  }
}

// -----

// Without the last store, the load is recomputed on the conversion first; then (the sweep repeats)
// the offsets' own conversion has no other user left and the whole chain moves to the slice layout.
// CHECK-LABEL: tt.func public @reuse_then_chain
// CHECK-NOT: ttg.convert_layout
// CHECK: %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK: %9 = tt.load %8 : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NOT: ttg.convert_layout
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reuse_then_chain(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id y : i32
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #b1>
    %3 = tt.splat %1 : i32 -> tensor<32xi32, #b1>
    %4 = arith.addi %3, %2 : tensor<32xi32, #b1>
    %5 = ttg.convert_layout %4 : tensor<32xi32, #b1> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #b2}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x32xi32, #b2>
    %7 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<1x32x!tt.ptr<i32>, #b2>
    tt.store %7, %6 : tensor<1x32x!tt.ptr<i32>, #b2>
    %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #b1>
    %9 = tt.addptr %8, %4 : tensor<32x!tt.ptr<f32>, #b1>, tensor<32xi32, #b1>
    %10 = tt.load %9 : tensor<32x!tt.ptr<f32>, #b1>
    %11 = ttg.convert_layout %10 : tensor<32xf32, #b1> -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #b2}>>
    %12 = tt.expand_dims %11 {axis = 0 : i32} : tensor<32xf32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x32xf32, #b2>
    %13 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1x32x!tt.ptr<f32>, #b2>
    tt.store %13, %12 : tensor<1x32x!tt.ptr<f32>, #b2>
    tt.return
  }
}
