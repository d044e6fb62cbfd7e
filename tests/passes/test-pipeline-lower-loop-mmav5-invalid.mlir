// tritongpu-test-pipeline-lower-loop on a fifth-generation MMA whose accumulator would need one buffer
// per stage but cannot change buffers (no store to it in the loop, and the MMA always accumulates):
// Triton 3.9 aborts (report_fatal_error); Tritium reports a located error at the loop and fails.
// RUN: tritium-opt %s -allow-unregistered-dialect -tritongpu-test-pipeline-lower-loop -verify-diagnostics -o /dev/null
// RUN: not tritium-opt %s -allow-unregistered-dialect -tritongpu-test-pipeline-lower-loop -o /dev/null 2>&1 | FileCheck %s
// CHECK: test-pipeline-lower-loop-mmav5-invalid.mlir:[[# @LINE + 15]]:13: error: cannot multi-buffer the accumulator

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @always_accumulates(%a: !ttg.memdesc<128x128xf16, #shared, #smem>, %b: !ttg.memdesc<128x128xf16, #shared, #smem>, %n: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %acc, %acc_tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %init = ttng.tmem_store %cst, %acc[%acc_tok], %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // expected-error @below {{cannot multi-buffer the accumulator: no store to it in the loop, and the MMA always accumulates}}
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%tok = %init) -> !ttg.async.token : i32 {
      %mma_tok = ttng.tc_gen5_mma %a, %b, %acc[%tok], %true, %true {loop.cluster = 0 : i32, loop.stage = 0 : i32, tt.self_latency = 1 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %r, %load_tok = ttng.tmem_load %acc[%mma_tok] {loop.cluster = 0 : i32, loop.stage = 1 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
      "use"(%r) {loop.cluster = 0 : i32, loop.stage = 1 : i32} : (tensor<128x128xf32, #blocked>) -> ()
      scf.yield %load_tok : !ttg.async.token
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}
