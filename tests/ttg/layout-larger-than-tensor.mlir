// RUN: tritium-opt --split-input-file %s | FileCheck %s

// A distributed layout that covers more than its tensor shrinks to it as
// Triton 3.9's ensureLayoutNotLargerThan does: every basis entry outside the
// tensor's extent becomes a broadcast (0), also when two bases carry the same
// value (warp [16, 8] and [0, 8] below; register bases cleared this way are
// dropped). Both inputs verify in Triton 3.9.0; CHECK lines from its output.

#src = #ttg.generic_linear<{register = [[1, 0], [0, 1]], lane = [[2, 0], [4, 0], [8, 0], [0, 2], [0, 4]], warp = [[16, 8], [0, 8]], block = []}>
#dst = #ttg.generic_linear<{register = [[1]], lane = [[2], [4], [8], [0], [0]], warp = [[16], [0]], block = []}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reshape_generic_linear_to_permutation
  // CHECK: %0 = tt.reshape %arg0 : tensor<32x1xi32, #generic_linear> -> tensor<32xi32, #generic_linear1>
  // CHECK: tt.return %0 : tensor<32xi32, #generic_linear1>
  tt.func @reshape_generic_linear_to_permutation(%arg: tensor<32x1xi32, #src>) -> tensor<32xi32, #dst> {
    %0 = tt.reshape %arg : tensor<32x1xi32, #src> -> tensor<32xi32, #dst>
    tt.return %0 : tensor<32xi32, #dst>
  }
}

// -----

// The register basis and the warp basis both map to 16 along dim1 (of
// extent 16): both clear, so the reshape's source is lane-only and a
// one-element-per-thread blocked layout over 32 lanes is its inferred result.

#dup = #ttg.generic_linear<{register = [[0, 16]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], warp = [[0, 16]], block = []}>
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @repeated_bases_all_cleared
  // CHECK: %0 = tt.reshape %arg0 : tensor<2x16xi32, #generic_linear> -> tensor<32xi32, #blocked>
  // CHECK: tt.return %0 : tensor<32xi32, #blocked>
  tt.func @repeated_bases_all_cleared(%arg: tensor<2x16xi32, #dup>) -> tensor<32xi32, #flat> {
    %0 = tt.reshape %arg : tensor<2x16xi32, #dup> -> tensor<32xi32, #flat>
    tt.return %0 : tensor<32xi32, #flat>
  }
}
