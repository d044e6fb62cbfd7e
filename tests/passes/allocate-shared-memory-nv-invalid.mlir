// allocate-shared-memory-nv and triton-nvidia-gpu-membar with bad options: a diagnostic, never a crash.
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CC
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-nvidia-gpu-membar{compute-capability=-3})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEMBAR
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=sm80})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{num-warps=4})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CC

// CC: error: allocate-shared-memory-nv: 'compute-capability' must be positive, got 0
// MEMBAR: error: triton-nvidia-gpu-membar: 'compute-capability' must be positive, got -3
// PARSE: 'sm80' value invalid for integer argument
// UNKNOWN: no such option num-warps
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f() {
    tt.return
  }
}
