// RUN: tritium-opt %s -tritongpu-hoist-tmem-alloc -verify-diagnostics
// RUN: %mlir-opt %s -verify-diagnostics --pass-pipeline='builtin.module(tritongpu-hoist-tmem-alloc)'

// The accumulator's token chain ends twice in the loop (two loads whose
// tokens are unused): there is no single token to carry into the next
// iteration (Triton aborts with "can't hoist TMEM alloc with multiple or
// conditional uses").

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_last_uses(%A: !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>,
                                %B: !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>,
                                %n: i32, %p: tensor<128x128x!tt.ptr<f32>, #blocked>) {
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %i = %c0_i32 to %n step %c1_i32  : i32 {
      // expected-error @below {{tritongpu-hoist-tmem-alloc: can't hoist a tensor-memory allocation with multiple or conditional uses}}
      %acc_tm, %acc_tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mma_tok = ttng.tc_gen5_mma %A, %B, %acc_tm[%acc_tok], %true, %true : !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>, !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %r0, %t0 = ttng.tmem_load %acc_tm[%mma_tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
      %r1, %t1 = ttng.tmem_load %acc_tm[%mma_tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
      tt.store %p, %r0 : tensor<128x128x!tt.ptr<f32>, #blocked>
      tt.store %p, %r1 : tensor<128x128x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
}
