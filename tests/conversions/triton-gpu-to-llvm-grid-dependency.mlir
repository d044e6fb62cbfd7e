// Programmatic dependent launch (tl.extra.cuda.gdc_wait / gdc_launch_dependents):
// griddepcontrol from sm_90 on; before, a located diagnostic (Triton's own
// sm80 build fails in ptxas there).
// RUN: tritium-opt %s -split-input-file -verify-diagnostics -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @pdl(
  // CHECK: griddepcontrol.wait;
  // CHECK: griddepcontrol.launch_dependents;
  tt.func public @pdl() {
    tt.grid_dependency_wait
    tt.grid_dependency_launch_dependents
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pdl_sm80() {
    // expected-error @+1 {{'tt.grid_dependency_wait': griddepcontrol needs sm_90 or newer, the target is sm_80}}
    tt.grid_dependency_wait
    tt.return
  }
}
