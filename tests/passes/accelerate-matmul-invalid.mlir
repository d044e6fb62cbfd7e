// tritongpu-accelerate-matmul refuses, with a diagnostic and without changing the module, what Tritium does not implement: a module without a cuda target, MMA v3 (sm90).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' --verify-diagnostics
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' --verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{the module has no 'ttg.target' of the form cuda:<capability>}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_target(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %acc: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v3(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %acc: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    // expected-error @+1 {{MMA v3 (compute capability 90) is not implemented in Tritium yet}}
    %d = tt.dot %a, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}
