// The fixture backend disables the triton-combine pattern
// arith.addf.dot-zero-acc: addf(dot(a, b, 0), d) stays; the default library
// folds it into dot(a, b, d). It also adds a pattern of its own,
// fixture.mulf-by-two (arith.mulf %x, 2.0 -> arith.addf %x, %x). (A rewrite-pattern set has no target: the
// spec applies to every run in its library.)
// RUN: %fixture-mlir-opt %s --pass-pipeline='builtin.module(triton-combine)' | FileCheck %s --check-prefix=FIXTURE
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(triton-combine)' | FileCheck %s --check-prefix=CORE
// RUN: tritium-opt-fixture %s -triton-combine | FileCheck %s --check-prefix=FIXTURE

// FIXTURE-LABEL: tt.func @dot_addf
// FIXTURE: %[[D:.*]] = tt.dot %arg0, %arg1, %{{.*}}
// FIXTURE: arith.addf %[[D]], %arg2
// CORE-LABEL: tt.func @dot_addf
// CORE-NOT: arith.addf
// CORE: tt.dot %arg0, %arg1, %arg2
tt.func @dot_addf(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  tt.return %1 : tensor<16x16xf32>
}

// FIXTURE-LABEL: tt.func @mulf_two
// FIXTURE-NOT: arith.mulf
// FIXTURE: arith.addf %arg0, %arg0
// CORE-LABEL: tt.func @mulf_two
// CORE: arith.mulf %arg0
tt.func @mulf_two(%x: tensor<16xf32>) -> tensor<16xf32> {
  %two = arith.constant dense<2.0> : tensor<16xf32>
  %0 = arith.mulf %x, %two : tensor<16xf32>
  tt.return %0 : tensor<16xf32>
}
