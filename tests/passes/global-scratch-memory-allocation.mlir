// tritongpu-global-scratch-memory-allocation: global and profile scratch sizes of functions and module (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s --tritongpu-global-scratch-memory-allocation | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-global-scratch-memory-allocation)' | FileCheck %s

// CHECK: module attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32, "ttg.num-warps" = 4 : i32, ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32}
// CHECK: tt.func public @kernel() attributes {noinline = false, ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32, ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32}
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @kernel() attributes {noinline = false} {
    tt.return
  }
}
