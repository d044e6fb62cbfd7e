// tt.fp_to_fp conversions Triton 3.9 does not lower for the target (its
// lowering aborts on them) are a diagnostic at the op and exit code 1 here,
// never a silent result: e4m3fn before sm89, the fnuz types, f64, bf16 -> f32,
// rtz into fp8 from f16/bf16, a rounding mode on an fp8 upcast; from sm89
// on, e4m3fn with rtz and fp8 to fp8.
// RUN: not tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k0(%x: tensor<128xf32, #blocked>) -> tensor<128xf8E4M3FN, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f32 to f8E4M3FN with rounding rtne is not supported on cuda:80: conversions from/to f8E4M3FN need compute capability >= 89
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    tt.return %0 : tensor<128xf8E4M3FN, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k1(%x: tensor<128xf16, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f16 to f8E5M2 with rounding rtz is not supported on cuda:80
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf16, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %0 : tensor<128xf8E5M2, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k2(%x: tensor<128xbf16, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from bf16 to f8E5M2 with rounding rtz is not supported on cuda:80
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xbf16, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %0 : tensor<128xf8E5M2, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k3(%x: tensor<128xbf16, #blocked>) -> tensor<128xf32, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from bf16 to f32 is not supported on cuda:80
    %0 = tt.fp_to_fp %x : tensor<128xbf16, #blocked> -> tensor<128xf32, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k4(%x: tensor<128xf8E5M2, #blocked>) -> tensor<128xf32, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f8E5M2 to f32 with rounding rtne is not supported on cuda:80
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf8E5M2, #blocked> -> tensor<128xf32, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k5(%x: tensor<128xf32, #blocked>) -> tensor<128xf8E5M2FNUZ, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f32 to f8E5M2FNUZ with rounding rtne is not supported on cuda:80
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E5M2FNUZ, #blocked>
    tt.return %0 : tensor<128xf8E5M2FNUZ, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k6(%x: tensor<128xf8E4M3FNUZ, #blocked>) -> tensor<128xf16, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f8E4M3FNUZ to f16 is not supported on cuda:80
    %0 = tt.fp_to_fp %x : tensor<128xf8E4M3FNUZ, #blocked> -> tensor<128xf16, #blocked>
    tt.return %0 : tensor<128xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k7(%x: tensor<128xf64, #blocked>) -> tensor<128xf32, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f64 to f32 with rounding rtz is not supported on cuda:80
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf64, #blocked> -> tensor<128xf32, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm90_0(%x: tensor<128xf32, #blocked>) -> tensor<128xf8E4M3FN, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f32 to f8E4M3FN with rounding rtz is not supported on cuda:90
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    tt.return %0 : tensor<128xf8E4M3FN, #blocked>
  }
}
// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm90_1(%x: tensor<128xf8E4M3FN, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    // CHECK: fp-to-fp-invalid.mlir:[[@LINE+1]]:10: error: tt.fp_to_fp from f8E4M3FN to f8E5M2 with rounding rtne is not supported on cuda:90
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf8E4M3FN, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %0 : tensor<128xf8E5M2, #blocked>
  }
}
