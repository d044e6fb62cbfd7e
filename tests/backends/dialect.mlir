// The fixture backend's own dialect (dialect/FixtureOps.td: #fixture.mma)
// and its override of a core .td (override/dialects/ttg/TritonGPUEnums.td:
// the address space fixture_scratch of ttg.barrier) parse only with its
// library; the default library rejects both.
// RUN: %fixture-mlir-opt %s | FileCheck %s
// RUN: tritium-opt-fixture %s | FileCheck %s
// RUN: not %mlir-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=CORE

// CHECK: fixture.layout = #fixture.mma<{version = 2, warpsPerCTA = [2, 2]}>
// CHECK: ttg.barrier local|fixture_scratch
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
