// tritongpu-remove-layout-conversions around `arith.select %c : i1, tensor, tensor` (a scalar
// condition has no layout): conversions of its operands move forward through it, its result is
// rematerialized backward, and a loop-carried select follows its loop. CHECK lines from Triton 3.9's
// own pass.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @select_forward(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %3 = tt.load %2 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %5 = tt.addptr %4, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %6 = tt.load %5 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %7 = arith.cmpi sgt, %arg3, %c0_i32 : i32
// CHECK-NEXT: %8 = arith.select %7, %3, %6 : tensor<512xf32, #blocked>
// CHECK-NEXT: %9 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %10 = tt.addptr %9, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: tt.store %10, %8 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @select_backward(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : tensor<512xf32, #blocked1>
// CHECK-NEXT: %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked1>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xi32, #blocked1>
// CHECK-NEXT: %3 = tt.load %2 : tensor<512x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %4 = arith.addf %3, %cst : tensor<512xf32, #blocked1>
// CHECK-NEXT: %5 = arith.cmpi sgt, %arg2, %c0_i32 : i32
// CHECK-NEXT: %6 = arith.select %5, %3, %4 : tensor<512xf32, #blocked1>
// CHECK-NEXT: %7 = ttg.convert_layout %6 : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
// CHECK-NEXT: %8 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
// CHECK-NEXT: %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %10 = tt.addptr %9, %8 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: tt.store %10, %7 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @select_in_loop(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<512xf32, #blocked>
// CHECK-NEXT: %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: %3 = tt.load %2 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %4 = scf.for %arg3 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg4 = %cst) -> (tensor<512xf32, #blocked>)  : i32 {
// CHECK-NEXT: %7 = arith.addf %arg4, %3 : tensor<512xf32, #blocked>
// CHECK-NEXT: %8 = arith.subf %arg4, %3 : tensor<512xf32, #blocked>
// CHECK-NEXT: %9 = arith.cmpi eq, %arg3, %arg2 : i32
// CHECK-NEXT: %10 = arith.select %9, %7, %8 : tensor<512xf32, #blocked>
// CHECK-NEXT: scf.yield %10 : tensor<512xf32, #blocked>
// CHECK-NEXT: }
// CHECK-NEXT: %5 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %6 = tt.addptr %5, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
// CHECK-NEXT: tt.store %6, %4 : tensor<512x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @select_forward(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %a1 = tt.addptr %a, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %va = tt.load %a1 : tensor<512x!tt.ptr<f32>, #blocked>
    %b = tt.splat %pb : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %b1 = tt.addptr %b, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %vb = tt.load %b1 : tensor<512x!tt.ptr<f32>, #blocked>
    %c = arith.cmpi sgt, %flag, %c0 : i32
    %ca = ttg.convert_layout %va : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked1>
    %cb = ttg.convert_layout %vb : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked1>
    %s = arith.select %c, %ca, %cb : tensor<512xf32, #blocked1>
    %cs = ttg.convert_layout %s : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %o1 = tt.addptr %o, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %o1, %cs : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
  tt.func public @select_backward(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %one = arith.constant dense<1.0> : tensor<512xf32, #blocked1>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked1>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked1>
    %a1 = tt.addptr %a, %r : tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xi32, #blocked1>
    %va = tt.load %a1 : tensor<512x!tt.ptr<f32>, #blocked1>
    %vb = arith.addf %va, %one : tensor<512xf32, #blocked1>
    %c = arith.cmpi sgt, %flag, %c0 : i32
    %s = arith.select %c, %va, %vb : tensor<512xf32, #blocked1>
    %cs = ttg.convert_layout %s : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
    %r2 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %o1 = tt.addptr %o, %r2 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %o1, %cs : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
  tt.func public @select_in_loop(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked1>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %a1 = tt.addptr %a, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %va = tt.load %a1 : tensor<512x!tt.ptr<f32>, #blocked>
    %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %zero) -> (tensor<512xf32, #blocked1>) : i32 {
      %cva = ttg.convert_layout %va : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked1>
      %up = arith.addf %x, %cva : tensor<512xf32, #blocked1>
      %down = arith.subf %x, %cva : tensor<512xf32, #blocked1>
      %c = arith.cmpi eq, %i, %flag : i32
      %s = arith.select %c, %up, %down : tensor<512xf32, #blocked1>
      scf.yield %s : tensor<512xf32, #blocked1>
    }
    %cs = ttg.convert_layout %acc : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %o1 = tt.addptr %o, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %o1, %cs : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
