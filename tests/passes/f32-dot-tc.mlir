// tritongpu-F32DotTC: 3xTF32 and BF16x3/x6 decompositions of f32 dots, plus the greedy driver's folding (CHECK lines from Triton 3.9's own pass).
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-F32DotTC{emu-tf32=true})' | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-F32DotTC{emu-tf32=true})' | FileCheck %s

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @tf32x3(%arg0: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %arg2: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
// CHECK-NEXT: %0 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %1 = arith.subf %arg0, %0 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %2 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg1 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %3 = arith.subf %arg1, %2 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %4 = tt.dot %1, %2, %cst, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %5 = tt.dot %0, %3, %4, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %6 = arith.cmpf uno, %5, %5 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: %7 = arith.select %6, %cst, %5 : tensor<32x32xi1, #blocked>, tensor<32x32xf32, #blocked>
// CHECK-NEXT: %8 = tt.dot %0, %2, %7, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %9 = arith.addf %8, %arg2 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: tt.return %9 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @bf16x3(%arg0: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %arg2: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
// CHECK-NEXT: %0 = arith.truncf %arg0 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %1 = arith.extf %0 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %2 = arith.subf %arg0, %1 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %3 = arith.truncf %2 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %4 = arith.truncf %arg1 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %5 = arith.extf %4 : tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %6 = arith.subf %arg1, %5 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %7 = arith.truncf %6 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %8 = tt.dot %3, %4, %cst : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %9 = tt.dot %0, %7, %8 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %10 = arith.cmpf uno, %9, %9 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: %11 = arith.select %10, %cst, %9 : tensor<32x32xi1, #blocked>, tensor<32x32xf32, #blocked>
// CHECK-NEXT: %12 = tt.dot %0, %4, %11 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %13 = arith.addf %12, %arg2 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: tt.return %13 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @bf16x6(%arg0: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %arg2: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
// CHECK-NEXT: %0 = arith.truncf %arg0 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %1 = arith.extf %0 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %2 = arith.subf %arg0, %1 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %3 = arith.truncf %2 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %4 = arith.extf %3 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %5 = arith.subf %2, %4 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %6 = arith.truncf %5 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %7 = arith.truncf %arg1 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %8 = arith.extf %7 : tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %9 = arith.subf %arg1, %8 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %10 = arith.truncf %9 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %11 = arith.extf %10 : tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %12 = arith.subf %9, %11 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %13 = arith.truncf %12 : tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %14 = tt.dot %3, %10, %cst : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %15 = tt.dot %6, %7, %14 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %16 = tt.dot %0, %13, %15 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %17 = tt.dot %3, %7, %16 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %18 = tt.dot %0, %10, %17 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %19 = arith.cmpf uno, %18, %18 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: %20 = arith.select %19, %cst, %18 : tensor<32x32xi1, #blocked>, tensor<32x32xf32, #blocked>
// CHECK-NEXT: %21 = tt.dot %0, %7, %20 : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %22 = arith.addf %21, %arg2 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: tt.return %22 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @tf32_unchanged(%arg0: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %arg2: tensor<32x32xf32, #blocked>, %arg3: i32) -> tensor<32x32xf32, #blocked> {
// CHECK-NEXT: %0 = tt.dot %arg0, %arg1, %arg2 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: tt.return %0 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32x3(%x: tensor<32x16xf32, #a>, %y: tensor<16x32xf32, #b>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %x, %y, %c, inputPrecision = tf32x3 : tensor<32x16xf32, #a> * tensor<16x32xf32, #b> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
  tt.func public @bf16x3(%x: tensor<32x16xf32, #a>, %y: tensor<16x32xf32, #b>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %x, %y, %c, inputPrecision = bf16x3 : tensor<32x16xf32, #a> * tensor<16x32xf32, #b> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
  tt.func public @bf16x6(%x: tensor<32x16xf32, #a>, %y: tensor<16x32xf32, #b>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %x, %y, %c, inputPrecision = bf16x6 : tensor<32x16xf32, #a> * tensor<16x32xf32, #b> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
  tt.func public @tf32_unchanged(%x: tensor<32x16xf32, #a>, %y: tensor<16x32xf32, #b>, %c: tensor<32x32xf32, #blocked>, %n: i32) -> tensor<32x32xf32, #blocked> {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %s = arith.addi %c1, %c2 : i32
    %d = tt.dot %x, %y, %c : tensor<32x16xf32, #a> * tensor<16x32xf32, #b> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}
