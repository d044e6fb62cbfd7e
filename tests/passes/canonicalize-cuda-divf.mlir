// canonicalize in a cuda:* module: an f32 division by a constant becomes a
// multiplication by tt.approx_divf(1.0, c), as Triton 3.9's canonicalizer does
// (the NVIDIA backend's target pattern; CHECK lines from Triton's own
// canonicalize on this input). Other targets, f16 and non-constant divisors
// are left alone.
// RUN: tritium-opt %s --canonicalize | FileCheck %s
// RUN: %mlir-opt %s --canonicalize | FileCheck %s
// RUN: sed 's/cuda:80/hip:gfx942/' %s | tritium-opt --canonicalize | FileCheck %s --check-prefix=HIP

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func @f(%arg0: tensor<128xf32, #blocked>, %arg1: f32, %arg2: tensor<128xf16, #blocked>, %arg3: tensor<128xf32, #blocked>) -> (tensor<128xf32, #blocked>, f32, tensor<128xf16, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
// CHECK-NEXT:     %cst = arith.constant dense<3.000000e+00> : tensor<128xf16, #blocked>
// CHECK-NEXT:     %cst_0 = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:     %cst_1 = arith.constant dense<3.000000e+00> : tensor<128xf32, #blocked>
// CHECK-NEXT:     %cst_2 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:     %cst_3 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %0 = tt.approx_divf %cst_3, %cst_2 : f32
// CHECK-NEXT:     %1 = tt.splat %0 : f32 -> tensor<128xf32, #blocked>
// CHECK-NEXT:     %2 = arith.mulf %arg0, %1 : tensor<128xf32, #blocked>
// CHECK-NEXT:     %3 = tt.approx_divf %cst_3, %cst_0 : f32
// CHECK-NEXT:     %4 = arith.mulf %arg1, %3 : f32
// CHECK-NEXT:     %5 = arith.divf %arg2, %cst : tensor<128xf16, #blocked>
// CHECK-NEXT:     %6 = arith.divf %cst_1, %arg0 : tensor<128xf32, #blocked>
// CHECK-NEXT:     %7 = tt.splat %arg1 : f32 -> tensor<128xf32, #blocked>
// CHECK-NEXT:     %8 = arith.divf %arg0, %7 : tensor<128xf32, #blocked>
// CHECK-NEXT:     %9 = arith.divf %arg0, %arg3 : tensor<128xf32, #blocked>
// CHECK-NEXT:     tt.return %2, %4, %5, %6, %8, %9 : tensor<128xf32, #blocked>, f32, tensor<128xf16, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// HIP-NOT: tt.approx_divf

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<128xf32, #blocked>, %s: f32, %h: tensor<128xf16, #blocked>, %y: tensor<128xf32, #blocked>) -> (tensor<128xf32, #blocked>, f32, tensor<128xf16, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) {
    %c3 = arith.constant dense<3.0> : tensor<128xf32, #blocked>
    %a = arith.divf %x, %c3 : tensor<128xf32, #blocked>
    %k = arith.constant 5.0 : f32
    %b = arith.divf %s, %k : f32
    %ch = arith.constant dense<3.0> : tensor<128xf16, #blocked>
    %e = arith.divf %h, %ch : tensor<128xf16, #blocked>
    %g = arith.divf %c3, %x : tensor<128xf32, #blocked>
    %sp = tt.splat %s : f32 -> tensor<128xf32, #blocked>
    %m = arith.divf %x, %sp : tensor<128xf32, #blocked>
    %n = arith.divf %x, %y : tensor<128xf32, #blocked>
    tt.return %a, %b, %e, %g, %m, %n : tensor<128xf32, #blocked>, f32, tensor<128xf16, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>
  }
}
