// The fixture backend makes tt.histogram illegal for
// convert-triton-to-tritongpu ([legality.convert-triton-to-tritongpu] in its
// spec.toml); the default library converts it.
// RUN: not %fixture-mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=fixture})' 2>&1 | FileCheck %s --check-prefix=FIXTURE
// Without the backend, its prefix is no known target.
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=fixture})' 2>&1 | FileCheck %s --check-prefix=CORE-UNKNOWN
// CORE-UNKNOWN: error: convert-triton-to-tritongpu: unknown target 'fixture' (known target prefixes: cuda, hip;
// RUN: %fixture-mlir-opt %s --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80})' | FileCheck %s --check-prefix=CORE

// FIXTURE: error: failed to legalize operation 'tt.histogram'
// CORE: tt.histogram %{{.*}} : tensor<128xi32, #{{.*}}> -> tensor<16xi32, #{{.*}}>
tt.func @histogram() {
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %1 = tt.histogram %0 : tensor<128xi32> -> tensor<16xi32>
  tt.return
}
