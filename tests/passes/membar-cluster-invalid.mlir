// triton-nvidia-gpu-membar on a multi-CTA module: an mbarrier initialised for the whole cluster that
// nothing uses has no place for the initialisation sync (Triton 3.9's error, on the function).
// RUN: tritium-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},triton-nvidia-gpu-membar{compute-capability=90})'

#b = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{'tt.func' op found at least one mbarrier.init op but could not find any mbarrier use}}
  tt.func @init_without_use() {
    %barrier = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #b, #smem, mutable>
    ttng.init_barrier %barrier, 1 : !ttg.memdesc<1xi64, #b, #smem, mutable>
    tt.return
  }
}
