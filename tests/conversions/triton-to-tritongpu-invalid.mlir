// convert-triton-to-tritongpu refuses bad options and what it cannot
// legalize: a diagnostic with a location, exit code 1, no output.
// RUN: not tritium-opt %s -convert-triton-to-tritongpu 2>&1 | FileCheck %s --check-prefix=NO-TARGET
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu)' 2>&1 | FileCheck %s --check-prefix=NO-TARGET
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=foo' 2>&1 | FileCheck %s --check-prefix=TARGET -DT=foo
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:' 2>&1 | FileCheck %s --check-prefix=TARGET -DT=cuda:
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:-1' 2>&1 | FileCheck %s --check-prefix=TARGET -DT=cuda:-1
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=hip:' 2>&1 | FileCheck %s --check-prefix=TARGET -DT=hip:
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda})' 2>&1 | FileCheck %s --check-prefix=TARGET -DT=cuda
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:80 num-warps=3' 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:80 num-warps=65536' 2>&1 | FileCheck %s --check-prefix=WARPS-BIG -DN=65536
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:80 num-warps=131072' 2>&1 | FileCheck %s --check-prefix=WARPS-BIG -DN=131072
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=hip:gfx942 threads-per-warp=64 num-warps=32' 2>&1 | FileCheck %s --check-prefix=WARPS-64
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:80 threads-per-warp=0' 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:80 num-ctas=32' 2>&1 | FileCheck %s --check-prefix=CTAS
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:80 num-warps=four' 2>&1 | FileCheck %s --check-prefix=NOT-INT
// RUN: not tritium-opt %s -convert-triton-to-tritongpu='target=cuda:80 warps=4' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tritium-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:80' 2>&1 | FileCheck %s --check-prefix=LEGALIZE

// NO-TARGET: error: convert-triton-to-tritongpu: the 'target' option is required (e.g. target=cuda:80 or target=hip:gfx942)
// TARGET: triton-to-tritongpu-invalid.mlir:{{[0-9]+:[0-9]+}}: error: convert-triton-to-tritongpu: unknown target '[[T]]' (known target prefixes: cuda, hip; expected cuda:<compute capability>, e.g. cuda:80; hip:<gfx arch>, e.g. hip:gfx942)
// WARPS: triton-to-tritongpu-invalid.mlir:{{[0-9]+:[0-9]+}}: error: convert-triton-to-tritongpu: 'num-warps' must be a power of two from 1 to 32, got 3 (at most 1024 threads per CTA with threads-per-warp=32)
// WARPS-BIG: triton-to-tritongpu-invalid.mlir:{{[0-9]+:[0-9]+}}: error: convert-triton-to-tritongpu: 'num-warps' must be a power of two from 1 to 32, got [[N]] (at most 1024 threads per CTA with threads-per-warp=32)
// WARPS-64: error: convert-triton-to-tritongpu: 'num-warps' must be a power of two from 1 to 16, got 32 (at most 1024 threads per CTA with threads-per-warp=64)
// THREADS: triton-to-tritongpu-invalid.mlir:{{[0-9]+:[0-9]+}}: error: convert-triton-to-tritongpu: 'threads-per-warp' must be a power of two from 1 to 64, got 0
// CTAS: error: convert-triton-to-tritongpu: 'num-ctas' must be a power of two from 1 to 16, got 32
// NOT-INT: for the --num-warps option: 'four' value invalid for integer argument!
// UNKNOWN: no such option warps

module {
  tt.func @ok(%arg0: !tt.ptr<f32>) {
    %0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %1 = tt.load %0 : tensor<128x!tt.ptr<f32>>
    tt.store %0, %1 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// LEGALIZE: :[[@LINE+4]]:10: error: failed to legalize operation 'scf.execute_region' (convert-triton-to-tritongpu has no pattern for it)
module {
  tt.func @region(%arg0: !tt.ptr<f32>) {
    %0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %1 = scf.execute_region -> tensor<128xf32> {
      %2 = tt.load %0 : tensor<128x!tt.ptr<f32>>
      scf.yield %2 : tensor<128xf32>
    }
    tt.store %0, %1 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
