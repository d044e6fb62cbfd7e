// tt.dot of f64 on an mma (v2) layout: Ampere's m8n8k4 f64 instruction, four
// per 16x8x8 tile (two k halves by two row halves), as Triton 3.9 lowers it:
// 16 for a 16x16x16 dot in one warp. (CHECK lines: Triton 3.9's output.)
// RUN: tritium-opt %s --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv,convert-triton-gpu-to-llvm)' | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [8, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @f64_mma
  tt.func public @f64_mma(%a: tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x16xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf64, #mma>
    // CHECK-COUNT-16: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}, "=d,=d,0,1,d,d" {{.*}} -> !llvm.struct<(f64, f64)>
    // CHECK-NOT: mma.sync
    %d = tt.dot %a, %b, %cst, inputPrecision = tf32 : tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x16xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x16xf64, #mma>
    tt.return
  }
}
