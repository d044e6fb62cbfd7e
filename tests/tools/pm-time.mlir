// tritium-pm-time (bench/'s in-process driver): it runs the pipeline, times
// only PassManager::run, reports JSON, and writes what the last repetition
// produced, which must be what tritium-opt produces from the same pipeline.

// RUN: tritium-pm-time --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=4})' --reps 3 --warmup 1 --single-thread -o %t.out.mlir %s | FileCheck %s --check-prefix=JSON
// JSON: {"samples_ms": [{{[0-9.]+}}, {{[0-9.]+}}, {{[0-9.]+}}], "median_ms": {{[0-9.]+}}, "min_ms": {{[0-9.]+}}}
// RUN: tritium-opt --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=4})' %s -o %t.ref.mlir
// RUN: diff %t.out.mlir %t.ref.mlir
// RUN: FileCheck %s --input-file=%t.out.mlir --check-prefix=OUT
// OUT: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// OUT: tt.load {{.*}} : tensor<128x!tt.ptr<f32>, #blocked>

// Failures: a located diagnostic and exit 1 (a failing pass, an unknown pass),
// usage and exit 2 (the command line); no output file is written.
// RUN: not tritium-pm-time --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=3})' -o %t.bad.mlir %s 2>&1 | FileCheck %s --check-prefix=PASS
// PASS: pm-time.mlir:{{[0-9]+}}:1: error: {{.*}}num-warps
// PASS: tritium-pm-time: the pipeline failed
// RUN: not test -e %t.bad.mlir
// RUN: not tritium-pm-time --pass-pipeline='builtin.module(no-such-pass)' %s 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: tritium-pm-time: bad --pass-pipeline
// RUN: not tritium-pm-time --pass-pipeline='builtin.module(cse)' %s.missing 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: tritium-pm-time: cannot parse
// RUN: not tritium-pm-time --pass-pipeline='builtin.module(cse)' --reps 0 %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not tritium-pm-time --reps x %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not tritium-pm-time --frobnicate %s 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: usage: tritium-pm-time

module {
  tt.func public @copy(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %a : tensor<128x!tt.ptr<f32>>
    tt.store %a, %v : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
