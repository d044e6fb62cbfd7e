// RUN: tritium-opt %s -split-input-file -triton-tensor-memory-allocation | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-tensor-memory-allocation)' | FileCheck %s

// The CHECK lines are Triton 3.9.0's output for the same input.

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  // A view keeps its buffer alive; tensor memory needs the shared-memory
  // word its base address goes through.
  // CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 4 : i32, ttg.target = "cuda:100", ttg.tensor_memory_size = 512 : i32}
  // CHECK-LABEL: @view_keeps_buffer_alive
  // CHECK: ttng.tmem_alloc {tensor_memory_col_offset = 0 : i32, tensor_memory_row_offset = 0 : i32} : () -> !ttg.memdesc<256x128xf32
  // CHECK: ttng.tmem_alloc {tensor_memory_col_offset = 256 : i32, tensor_memory_row_offset = 0 : i32} : () -> !ttg.memdesc<128x128xf32
  tt.func @view_keeps_buffer_alive() {
    %true = arith.constant true
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #blocked>
    %parent = ttng.tmem_alloc : () -> !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %view = ttng.tmem_subslice %parent {offset = 128 : i32, dim = 0 : i32} : !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 256x128>
    %other = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %zero, %other, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %zero, %view, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 256x128>
    tt.return
  }
}

// -----

#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem_f16 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
#tmem_f32 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 65536 : i32} {
  // An MMA reading A from 64 lanes of tensor memory: every buffer A may be
  // (through a select and branch arguments) shares the accumulator's lanes;
  // %a2, passed to another block, stays live to the end of its own.
  // CHECK: ttg.tensor_memory_size = 256 : i32
  // CHECK-LABEL: @lhs_in_tensor_memory
  // CHECK: ttng.tmem_alloc {tensor_memory_col_offset = 0 : i32, tensor_memory_row_offset = 0 : i32}
  // CHECK: ttng.tmem_alloc {tensor_memory_col_offset = 32 : i32, tensor_memory_row_offset = 0 : i32}
  // CHECK: ttng.tmem_alloc {tensor_memory_col_offset = 64 : i32, tensor_memory_row_offset = 0 : i32}
  // CHECK: ttng.tmem_alloc {tensor_memory_col_offset = 96 : i32, tensor_memory_row_offset = 0 : i32}
  tt.func @lhs_in_tensor_memory(%b: !ttg.memdesc<64x64xf16, #shared1, #ttg.shared_memory>, %useAcc: i1, %pred: i1,
                                %barrier: !ttg.memdesc<1xi64, #shared2, #ttg.shared_memory>, %barrierPred: i1) {
    %a0 = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    %a1 = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    %a2 = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    %c = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf32, #tmem_f32, #ttng.tensor_memory, mutable>
    %a = arith.select %barrierPred, %a0, %a1 : !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>
    cf.cond_br %barrierPred, ^switch, ^bb1(%a : !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>)
  ^switch:
    cf.br ^bb1(%a2 : !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>)
  ^bb1(%lhs: !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>):
    ttng.tc_gen5_mma %lhs, %b, %c, %useAcc, %pred, %barrier[%barrierPred] {is_async} : !ttg.memdesc<64x64xf16, #tmem_f16, #ttng.tensor_memory, mutable>, !ttg.memdesc<64x64xf16, #shared1, #ttg.shared_memory>, !ttg.memdesc<64x64xf32, #tmem_f32, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared2, #ttg.shared_memory>
    tt.return
  }
}
