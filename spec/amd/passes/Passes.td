//===- Passes.td - the AMD backend's passes -------------------*- tablegen -*-===//
//
// The passes only AMD targets (or Triton's AMD test tools) run, under
// Triton's flags. The declarations live here; each body is Rust
// (spec/amd/src/passes/), registered by spec/amd's register().
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_SPEC_AMD_PASSES_TD
#define TRITIUM_SPEC_AMD_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestTritonAMDGPUMembar : Pass<"test-tritonamdgpu-membar", "mlir::ModuleOp"> {
  let summary = "test only: insert the shared-memory barriers as Triton's AMD membar test does";
  let description = [{
    Allocates shared memory with the generic scratch sizes and inserts the
    `ttg.barrier local` ops of the membar analysis; the test prints the IR.
    The AMD filter that lets some async-copy reads skip a barrier is not
    implemented (such modules get the barrier).
  }];
}

#endif // TRITIUM_SPEC_AMD_PASSES_TD
