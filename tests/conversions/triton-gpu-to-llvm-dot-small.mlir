// tt.dot with an mma result smaller than the instruction's 16x8 tile (a
// batched dot with one row per batch): the rows repeat over the tile, as the
// layouts broadcast them, and each instruction reads the repeated registers
// (Triton 3.9: 8 m16n8k16 per warp for n = 32, k = 32; C's rows 0 and 8 are
// the same registers in the first k-step).
// RUN: tritium-opt %s --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv,convert-triton-gpu-to-llvm)' | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [32, 1, 1], instrShape = [1, 16, 8]}>
#dot_operand_a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dot_operand_b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 32 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @batched_dot_one_row
  tt.func public @batched_dot_one_row(%a: tensor<32x1x32xf16, #dot_operand_a>, %b: tensor<32x32x32xf16, #dot_operand_b>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x1x32xf32, #mma>
    // CHECK-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r" [[C0:%[0-9]+]], [[C1:%[0-9]+]], [[C0]], [[C1]],
    // CHECK-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
    // CHECK-NOT: mma.sync
    %d = tt.dot %a, %b, %cst, inputPrecision = tf32 : tensor<32x1x32xf16, #dot_operand_a> * tensor<32x32x32xf16, #dot_operand_b> -> tensor<32x1x32xf32, #mma>
    tt.return
  }
}
