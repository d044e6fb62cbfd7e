// The fixture backend replaces the slots `tt-to-ttg.default-encoding`
// (column-major default layout) and `tt-to-ttg.tt.dot` (accumulator of 1
// element per thread): stock mlir-opt with libtritium_fixture.so, target
// fixture:*. The default library, and the fixture library on a target the
// backend does not serve, keep Triton's layouts.
// RUN: %fixture-mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=fixture:1})' | FileCheck %s --check-prefix=FIXTURE
// Without the backend, its prefix is no known target.
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=fixture:1})' 2>&1 | FileCheck %s --check-prefix=CORE-UNKNOWN
// CORE-UNKNOWN: error: convert-triton-to-tritongpu: unknown target 'fixture:1' (known target prefixes: cuda, hip;
// RUN: %fixture-mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80})' | FileCheck %s --check-prefix=CORE
// RUN: tritium-opt-fixture %s --convert-triton-to-tritongpu=target=fixture | FileCheck %s --check-prefix=FIXTURE
// The backend's own pipeline from [pipelines], registered as fixture-make-ttgir.
// RUN: %fixture-mlir-opt %s --pass-pipeline='builtin.module(fixture-make-ttgir)' | FileCheck %s --check-prefix=PIPELINE
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(fixture-make-ttgir)' 2>&1 | FileCheck %s --check-prefix=NO-PIPELINE

// FIXTURE-DAG: #[[$DEF:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
// FIXTURE-DAG: #[[$ACC:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// FIXTURE-LABEL: tt.func @dot
// FIXTURE: arith.constant dense<1.000000e+00> : tensor<64x64xf32, #[[$DEF]]>
// FIXTURE: tt.dot {{.*}} -> tensor<64x64xf32, #[[$ACC]]>

// CORE-DAG: #[[$DEF:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CORE-DAG: #[[$ACC:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CORE-LABEL: tt.func @dot
// CORE: arith.constant dense<1.000000e+00> : tensor<64x64xf32, #[[$DEF]]>
// CORE: tt.dot {{.*}} -> tensor<64x64xf32, #[[$ACC]]>

// PIPELINE: #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 4], order = [0, 1]}>
// PIPELINE: "ttg.num-warps" = 8 : i32, ttg.target = "fixture:1"
// NO-PIPELINE: 'fixture-make-ttgir' does not refer to a registered pass or pass pipeline
tt.func @dot() {
  %a = arith.constant dense<1.0> : tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %0 = tt.dot %a, %a, %zero : tensor<64x64xf32> * tensor<64x64xf32> -> tensor<64x64xf32>
  tt.return
}
