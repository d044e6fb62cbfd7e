// RUN: tritium-opt %s -triton-tensor-memory-allocation -verify-diagnostics
// RUN: %mlir-opt %s -verify-diagnostics --pass-pipeline='builtin.module(triton-tensor-memory-allocation)'

// A buffer whose shape has no tensor-memory layout (Triton's type verifier
// rejects it: its dimensions must be powers of 2).

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 65536 : i32, ttg.target = "cuda:100"} {
  tt.func @no_layout() {
    // expected-error @below {{triton-tensor-memory-allocation: unsupported tensor-memory buffer type}}
    %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x96xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}
