// tritongpu-remove-layout-conversions, the dot-operand hoist: a leaf load of the hoisted slice that a
// dominating conversion (one the hoist left in place) already brings to the target layout is read
// through that conversion, not through a second conversion placed after the load; with nothing else to
// move, the hoist then replaces a second conversion of the same value by the first (reduced from
// x_chunk_gla: q feeds dot(q, k^T) and dot(f16(q * exp(g)), ...), v feeds two dots). CHECK lines from
// Triton 3.9's own pass on the same input.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

// CHECK-LABEL: tt.func public @k1
// CHECK: %25 = tt.load %24 : tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %26 = tt.splat %arg1
// CHECK: %38 = ttg.convert_layout %25 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %39 = tt.dot %38, %37, %cst_1
// CHECK: %42 = arith.extf %38 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> to tensor<64x64xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NOT: ttg.convert_layout %25
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @k1(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_0 = arith.constant dense<64> : tensor<64x1xi32, #blocked1>
    %cst_1 = arith.constant dense<64> : tensor<64x1xi32, #blocked2>
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %2 = scf.for %arg5 = %c0_i32 to %arg4 step %c64_i32 iter_args(%arg6 = %cst) -> (tensor<64x64xf32, #blocked>)  : i32 {
      %14 = tt.splat %arg5 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %15 = arith.addi %14, %0 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %16 = tt.expand_dims %15 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
      %17 = arith.muli %16, %cst_0 : tensor<64x1xi32, #blocked1>
      %18 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
      %19 = tt.addptr %18, %17 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
      %20 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
      %21 = tt.expand_dims %20 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
      %22 = tt.broadcast %19 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
      %23 = tt.broadcast %21 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
      %24 = tt.addptr %22, %23 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %25 = tt.load %24 : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %26 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
      %27 = tt.addptr %26, %17 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
      %28 = tt.broadcast %27 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
      %29 = tt.addptr %28, %23 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %30 = tt.load %29 : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %31 = tt.addptr %arg2, %arg5 : !tt.ptr<f32>, i32
      %32 = tt.splat %31 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %33 = tt.addptr %32, %1 : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %34 = tt.load %33 : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %35 = tt.trans %30 {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked3>
      %36 = ttg.convert_layout %25 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %37 = ttg.convert_layout %35 : tensor<64x64xf16, #blocked3> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %38 = ttg.convert_layout %cst : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
      %39 = ttg.convert_layout %36 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %40 = ttg.convert_layout %37 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %41 = tt.dot %39, %40, %38, inputPrecision = tf32 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %42 = ttg.convert_layout %41 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
      %43 = math.exp %34 : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %44 = tt.expand_dims %43 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xf32, #blocked1>
      %45 = arith.extf %25 : tensor<64x64xf16, #blocked1> to tensor<64x64xf32, #blocked1>
      %46 = tt.broadcast %44 : tensor<64x1xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
      %47 = arith.mulf %45, %46 : tensor<64x64xf32, #blocked1>
      %48 = arith.truncf %47 : tensor<64x64xf32, #blocked1> to tensor<64x64xf16, #blocked1>
      %49 = ttg.convert_layout %48 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %50 = ttg.convert_layout %30 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %51 = ttg.convert_layout %42 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
      %52 = ttg.convert_layout %49 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %53 = ttg.convert_layout %50 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %54 = tt.dot %52, %53, %51, inputPrecision = tf32 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %55 = ttg.convert_layout %54 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
      %56 = arith.addf %arg6, %55 : tensor<64x64xf32, #blocked>
      scf.yield %56 : tensor<64x64xf32, #blocked>
    }
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    %4 = tt.expand_dims %3 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi32, #blocked2>
    %5 = arith.muli %4, %cst_1 : tensor<64x1xi32, #blocked2>
    %6 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked2>
    %7 = tt.addptr %6, %5 : tensor<64x1x!tt.ptr<f32>, #blocked2>, tensor<64x1xi32, #blocked2>
    %8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>>
    %9 = tt.expand_dims %8 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2>
    %10 = tt.broadcast %7 : tensor<64x1x!tt.ptr<f32>, #blocked2> -> tensor<64x64x!tt.ptr<f32>, #blocked2>
    %11 = tt.broadcast %9 : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
    %12 = tt.addptr %10, %11 : tensor<64x64x!tt.ptr<f32>, #blocked2>, tensor<64x64xi32, #blocked2>
    %13 = ttg.convert_layout %2 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked2>
    tt.store %12, %13 : tensor<64x64x!tt.ptr<f32>, #blocked2>
    tt.return
  }
}


// -----

// CHECK-LABEL: tt.func public @two_dots_one_operand
// CHECK: %5 = ttg.convert_layout %3 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %6 = tt.dot %4, %5, %arg6
// CHECK-NEXT: %7 = ttg.convert_layout %2
// CHECK-NEXT: %8 = tt.dot %7, %5, %6
// CHECK-NEXT: scf.yield %8
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_dots_one_operand(%pa: tensor<64x64x!tt.ptr<f16>, #blocked1>, %pb: tensor<64x64x!tt.ptr<f16>, #blocked1>, %pv: tensor<64x64x!tt.ptr<f16>, #blocked1>, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %v = tt.load %pv : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %a0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %v1 = ttg.convert_layout %v : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d1 = tt.dot %a0, %v1, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %b0 = ttg.convert_layout %b : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %v2 = ttg.convert_layout %v : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d2 = tt.dot %b0, %v2, %d1 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d2 : tensor<64x64xf32, #mma>
    }
    tt.store %out, %r : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
