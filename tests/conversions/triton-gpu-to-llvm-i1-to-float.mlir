// `arith.sitofp` / `arith.uitofp` of an i1 lower to a select between the two
// values the bit can give (-1.0 or 1.0, and 0.0), not to an LLVM int-to-float
// of an i1: LLVM 22's NVPTX backend converted `sitofp i1` to bf16 on sm90 as
// the zero-extended bit (+1.0 for true) when the bit came from a vectorized
// xor reduction (GPU differential tester, seed 44, program 625), and a `sext`
// to i32 first is folded back into `sitofp i1` by InstCombine.
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=90})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @i1_to_float(
  tt.func @i1_to_float(%c: tensor<128xi1, #blocked>, %p: tensor<128x!tt.ptr<bf16>, #blocked>, %q: tensor<128x!tt.ptr<f32>, #blocked>) {
    // CHECK-DAG: %[[M1:.*]] = llvm.mlir.constant(-1.000000e+00 : bf16) : bf16
    // CHECK-DAG: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : bf16) : bf16
    // CHECK: llvm.select %{{.*}}, %[[M1]], %[[Z]] : i1, bf16
    // CHECK-NOT: llvm.sitofp
    %s = arith.sitofp %c : tensor<128xi1, #blocked> to tensor<128xbf16, #blocked>
    tt.store %p, %s : tensor<128x!tt.ptr<bf16>, #blocked>
    // CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
    // CHECK-DAG: %[[ZF:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
    // CHECK: llvm.select %{{.*}}, %[[ONE]], %[[ZF]] : i1, f32
    // CHECK-NOT: llvm.uitofp
    %u = arith.uitofp %c : tensor<128xi1, #blocked> to tensor<128xf32, #blocked>
    tt.store %q, %u : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
