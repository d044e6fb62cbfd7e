// tritongpu-accelerate-matmul refuses, with a diagnostic and without changing the module, what Tritium does not implement: a module without a cuda target, MMA v5 (sm100), tt.dot_scaled on sm100 and with formats that have no upcast.
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
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v5(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %acc: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    // expected-error @+1 {{MMA v5 (compute capability 100) is not implemented in Tritium yet}}
    %d = tt.dot %a, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// tt.dot_scaled on sm100 would need the tcgen05 scaled MMA (sm90 decomposes it, see accelerate-matmul-scaled-v3.mlir).
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scaled_sm100(%a: tensor<64x64xf8E5M2, #blocked>, %sa: tensor<64x2xi8, #blocked1>, %b: tensor<64x64xbf16, #blocked>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @+1 {{tt.dot_scaled on compute capability 100 (MMA v5) is not implemented in Tritium yet}}
    %d = tt.dot_scaled %a scale %sa, %b, %acc lhs = e5m2 rhs = bf16 {fastMath = false} : tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #blocked1> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// e2m3 operands are bytes no upcast of the sm80 path converts.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scaled_e2m3(%a: tensor<64x64xi8, #blocked>, %b: tensor<64x64xbf16, #blocked>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @+1 {{tt.dot_scaled cannot be emulated on cuda:80: lhs = e2m3 with i8 elements has no upcast to a dot operand on this target}}
    %d = tt.dot_scaled %a, %b, %acc lhs = e2m3 rhs = bf16 {fastMath = false} : tensor<64x64xi8, #blocked> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
