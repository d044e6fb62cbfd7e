// The fixture backend's own dialect (dialect/FixtureOps.td: #fixture.mma)
// and its override of a core .td (override/dialects/ttg/TritonGPUEnums.td:
// the address space fixture_scratch of ttg.barrier) parse only with its
// library; the default library rejects both.
// RUN: %fixture-mlir-opt %s -split-input-file | FileCheck %s
// RUN: tritium-opt-fixture %s -split-input-file | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=CORE

// CHECK: fixture.layout = #fixture.mma<{version = 2, warpsPerCTA = [2, 2]}>
// CHECK: ttg.barrier local|fixture_scratch
// The backend's encoding on tensors of core ops: tt checks layouts only
// through the layout interface of the encoding's dialect, never by naming
// ttg attributes, so a backend encoding passes through the core untouched.
// CHECK-LABEL: tt.func @copy
// CHECK: tt.load %{{.*}} : tensor<16x16x!tt.ptr<f32>, #fixture.mma<{version = 2, warpsPerCTA = [2, 2]}>>
// CORE: error: #"fixture"<"mma{{.*}}attribute created with unregistered dialect
// CORE: error: custom op 'ttg.barrier' unknown address space 'fixture_scratch'
module attributes {fixture.layout = #fixture.mma<{version = 2, warpsPerCTA = [2, 2]}>} {
  tt.func @barrier() {
    ttg.barrier local|fixture_scratch
    tt.return
  }
}

// -----

tt.func @barrier() {
  ttg.barrier local|fixture_scratch
  tt.return
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @copy(%p: !tt.ptr<f32>) {
    %0 = tt.splat %p : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #fixture.mma<{version = 2, warpsPerCTA = [2, 2]}>>
    %1 = tt.load %0 : tensor<16x16x!tt.ptr<f32>, #fixture.mma<{version = 2, warpsPerCTA = [2, 2]}>>
    tt.store %0, %1 : tensor<16x16x!tt.ptr<f32>, #fixture.mma<{version = 2, warpsPerCTA = [2, 2]}>>
    tt.return
  }
}
