// tritongpu-accelerate-matmul: dots on sm80 move to MMA v2 (warps, kWidth from the loaded width), chained dots, the FMA fallback and its operand promotion (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-DAG: #mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func public @dot_f16(%arg0: tensor<128x32x!tt.ptr<f16>, #blocked>, %arg1: tensor<32x64x!tt.ptr<f16>, #blocked>, %arg2: tensor<128x64xf32, #blocked1>) -> tensor<128x64xf32, #blocked1> {
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<128x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %1 = tt.load %arg1 : tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %2 = ttg.convert_layout %0 : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
// CHECK-NEXT: %3 = ttg.convert_layout %1 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
// CHECK-NEXT: %4 = ttg.convert_layout %arg2 : tensor<128x64xf32, #blocked1> -> tensor<128x64xf32, #mma>
// CHECK-NEXT: %5 = ttg.convert_layout %2 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %6 = ttg.convert_layout %3 : tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %7 = tt.dot %5, %6, %4 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
// CHECK-NEXT: %8 = ttg.convert_layout %7 : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #blocked1>
// CHECK-NEXT: tt.return %8 : tensor<128x64xf32, #blocked1>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @dot_i8_upcast(%arg0: tensor<16x64x!tt.ptr<i8>, #blocked>, %arg1: tensor<64x64x!tt.ptr<f16>, #blocked>, %arg2: tensor<16x64xf32, #blocked1>) -> tensor<16x64xf32, #blocked1> {
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<16x64x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: %1 = arith.sitofp %0 : tensor<16x64xi8, #blocked> to tensor<16x64xf16, #blocked>
// CHECK-NEXT: %2 = tt.load %arg1 : tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %3 = ttg.convert_layout %1 : tensor<16x64xf16, #blocked> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
// CHECK-NEXT: %4 = ttg.convert_layout %2 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
// CHECK-NEXT: %5 = ttg.convert_layout %arg2 : tensor<16x64xf32, #blocked1> -> tensor<16x64xf32, #mma1>
// CHECK-NEXT: %6 = ttg.convert_layout %3 : tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>>
// CHECK-NEXT: %7 = ttg.convert_layout %4 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 4}>>
// CHECK-NEXT: %8 = tt.dot %6, %7, %5 : tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 4}>> -> tensor<16x64xf32, #mma1>
// CHECK-NEXT: %9 = ttg.convert_layout %8 : tensor<16x64xf32, #mma1> -> tensor<16x64xf32, #blocked1>
// CHECK-NEXT: tt.return %9 : tensor<16x64xf32, #blocked1>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @dot_f32_ieee_fma(%arg0: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %arg1: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %arg2: tensor<32x32xf32, #blocked1>) -> tensor<32x32xf32, #blocked1> {
// CHECK-NEXT: %0 = tt.dot %arg0, %arg1, %arg2 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<32x32xf32, #blocked1>
// CHECK-NEXT: tt.return %0 : tensor<32x32xf32, #blocked1>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @chained(%arg0: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %arg2: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>, %arg3: tensor<64x64xf32, #blocked1>) -> tensor<64x64xf32, #blocked1> {
// CHECK-NEXT: %0 = ttg.convert_layout %arg3 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #mma2>
// CHECK-NEXT: %1 = ttg.convert_layout %arg0 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
// CHECK-NEXT: %2 = ttg.convert_layout %arg1 : tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
// CHECK-NEXT: %3 = tt.dot %1, %2, %0 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<64x64xf32, #mma2>
// CHECK-NEXT: %4 = ttg.convert_layout %3 : tensor<64x64xf32, #mma2> -> tensor<64x64xf32, #blocked1>
// CHECK-NEXT: %5 = arith.truncf %4 : tensor<64x64xf32, #blocked1> to tensor<64x64xf16, #blocked1>
// CHECK-NEXT: %6 = ttg.convert_layout %5 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
// CHECK-NEXT: %7 = ttg.convert_layout %arg3 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #mma2>
// CHECK-NEXT: %8 = ttg.convert_layout %6 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
// CHECK-NEXT: %9 = ttg.convert_layout %arg2 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
// CHECK-NEXT: %10 = tt.dot %8, %9, %7 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<64x64xf32, #mma2>
// CHECK-NEXT: %11 = ttg.convert_layout %10 : tensor<64x64xf32, #mma2> -> tensor<64x64xf32, #blocked1>
// CHECK-NEXT: tt.return %11 : tensor<64x64xf32, #blocked1>
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_f16(%pa: tensor<128x32x!tt.ptr<f16>, #blocked1>, %pb: tensor<32x64x!tt.ptr<f16>, #blocked1>, %acc: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #blocked1>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked1>
    %ca = ttg.convert_layout %a : tensor<128x32xf16, #blocked1> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %cb = ttg.convert_layout %b : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %ca, %cb, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %d : tensor<128x64xf32, #blocked>
  }
  tt.func public @dot_i8_upcast(%pa: tensor<16x64x!tt.ptr<i8>, #blocked1>, %pb: tensor<64x64x!tt.ptr<f16>, #blocked1>, %acc: tensor<16x64xf32, #blocked>) -> tensor<16x64xf32, #blocked> {
    %a = tt.load %pa : tensor<16x64x!tt.ptr<i8>, #blocked1>
    %af = arith.sitofp %a : tensor<16x64xi8, #blocked1> to tensor<16x64xf16, #blocked1>
    %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked1>
    %ca = ttg.convert_layout %af : tensor<16x64xf16, #blocked1> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %cb = ttg.convert_layout %b : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %ca, %cb, %acc : tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x64xf32, #blocked>
    tt.return %d : tensor<16x64xf32, #blocked>
  }
  tt.func public @dot_f32_ieee_fma(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %acc: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %acc, inputPrecision = ieee : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
  tt.func public @chained(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    %h = arith.truncf %d : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    %hc = ttg.convert_layout %h : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %e = tt.dot %hc, %c, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %e : tensor<64x64xf32, #blocked>
  }
}

// -----

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @fma_promote(%arg0: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %arg1: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %arg2: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
// CHECK-NEXT: %0 = arith.extf %arg0 : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %1 = arith.extf %arg1 : tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %2 = tt.dot %0, %1, %arg2 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: tt.return %2 : tensor<32x32xf32, #blocked>
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_promote(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %acc: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}
