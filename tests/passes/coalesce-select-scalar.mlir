// tritongpu-coalesce through `arith.select %c : i1, tensor, tensor` of pointer tiles: the axis
// analysis gives the select the smaller contiguity of its two tiles (a scalar condition picks a whole
// tile), or the picked tile's for a constant condition. CHECK lines from Triton 3.9's own pass.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-coalesce)' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-coalesce)' | FileCheck %s

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @select_contiguous(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %cst = arith.constant dense<3> : tensor<512xi32, #blocked>
// CHECK-NEXT: %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
// CHECK-NEXT: %1 = arith.muli %0, %cst : tensor<512xi32, #blocked>
// CHECK-NEXT: %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %3 = tt.addptr %2, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %5 = tt.addptr %4, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %6 = arith.cmpi sgt, %arg3, %c0_i32 : i32
// CHECK-NEXT: %7 = arith.select %6, %3, %5 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %8 = ttg.convert_layout %7 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %9 = tt.load %8 : tensor<512x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %10 = ttg.convert_layout %9 : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
// CHECK-NEXT: %11 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %12 = tt.addptr %11, %1 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %13 = ttg.convert_layout %12 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %14 = ttg.convert_layout %10 : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked>
// CHECK-NEXT: tt.store %13, %14 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @select_strided(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %cst = arith.constant dense<3> : tensor<512xi32, #blocked>
// CHECK-NEXT: %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
// CHECK-NEXT: %1 = arith.muli %0, %cst : tensor<512xi32, #blocked>
// CHECK-NEXT: %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %3 = tt.addptr %2, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %4 = tt.addptr %2, %1 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %5 = arith.cmpi sgt, %arg2, %c0_i32 : i32
// CHECK-NEXT: %6 = arith.select %5, %3, %4 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %7 = ttg.convert_layout %6 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %8 = tt.load %7 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %10 = tt.addptr %9, %1 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %11 = ttg.convert_layout %10 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %12 = ttg.convert_layout %8 : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked>
// CHECK-NEXT: tt.store %11, %12 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @select_constant_true(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst = arith.constant dense<3> : tensor<512xi32, #blocked>
// CHECK-NEXT: %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
// CHECK-NEXT: %1 = arith.muli %0, %cst : tensor<512xi32, #blocked>
// CHECK-NEXT: %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %3 = tt.addptr %2, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %4 = tt.addptr %2, %1 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %5 = arith.select %true, %3, %4 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %6 = ttg.convert_layout %5 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %7 = tt.load %6 : tensor<512x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %8 = ttg.convert_layout %7 : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
// CHECK-NEXT: %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %10 = tt.addptr %9, %1 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %11 = ttg.convert_layout %10 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %12 = ttg.convert_layout %8 : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked>
// CHECK-NEXT: tt.store %11, %12 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @select_contiguous(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant dense<3> : tensor<512xi32, #blocked>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %r3 = arith.muli %r, %c3 : tensor<512xi32, #blocked>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %a1 = tt.addptr %a, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %b = tt.splat %pb : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %b1 = tt.addptr %b, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %c = arith.cmpi sgt, %flag, %c0 : i32
    %p = arith.select %c, %a1, %b1 : tensor<512x!tt.ptr<f32>, #blocked>
    %v = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %o1 = tt.addptr %o, %r3 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %o1, %v : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
  tt.func public @select_strided(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %c3 = arith.constant dense<3> : tensor<512xi32, #blocked>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %r3 = arith.muli %r, %c3 : tensor<512xi32, #blocked>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %a1 = tt.addptr %a, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %b1 = tt.addptr %a, %r3 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %c = arith.cmpi sgt, %flag, %c0 : i32
    %p = arith.select %c, %a1, %b1 : tensor<512x!tt.ptr<f32>, #blocked>
    %v = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %o1 = tt.addptr %o, %r3 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %o1, %v : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
  tt.func public @select_constant_true(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %true = arith.constant true
    %c3 = arith.constant dense<3> : tensor<512xi32, #blocked>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %r3 = arith.muli %r, %c3 : tensor<512xi32, #blocked>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %a1 = tt.addptr %a, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %b1 = tt.addptr %a, %r3 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %p = arith.select %true, %a1, %b1 : tensor<512x!tt.ptr<f32>, #blocked>
    %v = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %o1 = tt.addptr %o, %r3 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %o1, %v : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
