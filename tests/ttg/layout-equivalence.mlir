// tt.trans and tt.split accept a declared result encoding that is the same
// linear layout as the inferred one (Triton's InferTensorTypeOpWithLayoutEquivalence),
// e.g. a #ttg.linear source transposed into a #ttg.dot_op result, as Triton's
// own TTGIR writes `tl.dot(a, tl.trans(b))`; a different layout is rejected.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics | FileCheck %s

#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @trans_to_dot_operand
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xf16, #linear> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  tt.func @trans_to_dot_operand(%b: tensor<64x32xf16, #linear>) -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x32xf16, #linear> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %t : tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// The same source with a dot operand of another warp arrangement: not the
// same layout.
#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @trans_wrong_layout(%b: tensor<64x32xf16, #linear>) -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    // expected-error @+2 {{'tt.trans' op inferred type(s)}}
    // expected-error @+1 {{'tt.trans' op failed to infer returned types}}
    %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x32xf16, #linear> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %t : tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// tt.split: halves declared as a blocked layout equal to the inferred one.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @split_equivalent
  tt.func @split_equivalent(%x: tensor<128x2xf32, #blocked>) -> tensor<128xf32, #blocked1> {
    %a, %b = tt.split %x : tensor<128x2xf32, #blocked> -> tensor<128xf32, #blocked1>
    tt.return %a : tensor<128xf32, #blocked1>
  }
}
