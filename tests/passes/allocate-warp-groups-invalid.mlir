// tritongpu-allocate-warp-groups refuses a module without 'ttg.num-warps'
// with a diagnostic at the module, leaving it as it was.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --tritongpu-allocate-warp-groups
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tritongpu-allocate-warp-groups)'

// expected-error @+1 {{tritongpu-allocate-warp-groups needs the module's 'ttg.num-warps'}}
module {
  tt.func @kernel() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
