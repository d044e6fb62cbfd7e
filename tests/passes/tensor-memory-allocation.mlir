// triton-tensor-memory-allocation: no tensor memory on pre-Blackwell IR, ttg.tensor_memory_size = 0 (CHECK line from Triton's own pass).
// RUN: tritium-opt %s --triton-tensor-memory-allocation | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(triton-tensor-memory-allocation)' | FileCheck %s

// CHECK: module attributes {"ttg.num-warps" = 4 : i32, ttg.tensor_memory_size = 0 : i32}
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @kernel() {
    tt.return
  }
}
