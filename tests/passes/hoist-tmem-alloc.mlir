// RUN: tritium-opt %s -split-input-file -tritongpu-hoist-tmem-alloc -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-hoist-tmem-alloc,canonicalize)' | FileCheck %s
// RUN: tritium-opt %s -split-input-file -tritongpu-hoist-tmem-alloc="post-pipeline=true" -canonicalize | FileCheck %s --check-prefix=POST

// The CHECK lines are Triton 3.9.0's output for the same input (libtriton's
// add_hoist_tmem_alloc followed by the canonicalizer).

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @acc_scaled_before_mma
  // CHECK:      %[[A:.*]], %[[T:.*]] = ttng.tmem_alloc : ()
  // CHECK-NEXT: %[[T0:.*]] = ttng.tmem_store %cst, %[[A]][%[[T]]], %true
  // CHECK-NEXT: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ARG:.*]] = %[[T0]]) -> (!ttg.async.token)
  // CHECK:        %[[L:.*]], %[[LT:.*]] = ttng.tmem_load %[[A]][%[[ARG]]]
  // CHECK-NEXT:   %[[M:.*]] = arith.mulf %[[L]], %cst_0
  // CHECK-NEXT:   %[[S:.*]] = ttng.tmem_store %[[M]], %[[A]][%[[LT]]], %true
  // CHECK-NEXT:   %[[D:.*]] = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %[[A]][%[[S]]], %true, %true
  // CHECK-NEXT:   scf.yield %[[D]] : !ttg.async.token
  // CHECK:      %[[F:.*]], %{{.*}} = ttng.tmem_load %[[A]][%[[R]]]
  // CHECK-NEXT: arith.truncf %[[F]]
  // POST-LABEL: @acc_scaled_before_mma
  // POST:       scf.for {{.*}} iter_args(%[[ACC:.*]] = %cst) -> (tensor<128x128xf32, #blocked1>)
  // POST:         %[[M:.*]] = arith.mulf %[[ACC]], %cst_0
  // POST-NEXT:    %[[A:.*]], %[[T:.*]] = ttng.tmem_alloc : ()
  // POST-NEXT:    %[[S:.*]] = ttng.tmem_store %[[M]], %[[A]][%[[T]]], %true
  // POST-NEXT:    %[[D:.*]] = ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %[[A]][%[[S]]], %true, %true
  // POST-NEXT:    %[[L:.*]], %{{.*}} = ttng.tmem_load %[[A]][%[[D]]]
  // POST-NEXT:    scf.yield %[[L]]
  tt.func public @acc_scaled_before_mma(%A_ptr: tensor<128x128x!tt.ptr<f16>, #blocked1>, %B_ptr: tensor<128x128x!tt.ptr<f16>, #blocked1>, %n: i32) -> tensor<128x128xf16, #blocked> {
    %true = arith.constant true
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %cst2 = arith.constant dense<2.000000e+00> : tensor<128x128xf32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %res = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<128x128xf32, #blocked>)  : i32 {
      %A = tt.load %A_ptr : tensor<128x128x!tt.ptr<f16>, #blocked1>
      %A_sh = ttg.local_alloc %A : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>
      %B = tt.load %B_ptr : tensor<128x128x!tt.ptr<f16>, #blocked1>
      %B_sh = ttg.local_alloc %B : (tensor<128x128xf16, #blocked1>) -> !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>
      %acc_mul = arith.mulf %acc, %cst2 : tensor<128x128xf32, #blocked>
      %acc_tm, %acc_tok = ttng.tmem_alloc %acc_mul : (tensor<128x128xf32, #blocked>) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %mma_tok = ttng.tc_gen5_mma %A_sh, %B_sh, %acc_tm[%acc_tok], %true, %true : !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>, !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      %acc_res, %load_tok = ttng.tmem_load %acc_tm[%mma_tok] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
      scf.yield %acc_res : tensor<128x128xf32, #blocked>
    }
    %res_f16 = arith.truncf %res : tensor<128x128xf32, #blocked> to tensor<128x128xf16, #blocked>
    tt.return %res_f16 : tensor<128x128xf16, #blocked>
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // Before the pipeliner nothing changes; after it, the allocation an MMA
  // that does not accumulate overwrites sinks into the loop.
  // CHECK-LABEL: @overwritten_acc
  // CHECK:      %[[A:.*]], %[[T:.*]] = ttng.tmem_alloc : ()
  // CHECK-NEXT: scf.for {{.*}} iter_args(%[[ARG:.*]] = %[[T]]) -> (!ttg.async.token)
  // CHECK-NEXT:   %[[D:.*]] = ttng.tc_gen5_mma %arg0, %arg1, %[[A]][%[[ARG]]], %false, %true
  // CHECK-NEXT:   scf.yield %[[D]]
  // POST-LABEL: @overwritten_acc
  // POST:       scf.for
  // POST-NEXT:    %[[A:.*]], %[[T:.*]] = ttng.tmem_alloc : ()
  // POST-NEXT:    ttng.tc_gen5_mma %arg0, %arg1, %[[A]][%[[T]]], %false, %true
  // POST-NEXT:  }
  tt.func public @overwritten_acc(%A: !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>,
                                  %B: !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>,
                                  %n: i32) {
    %false = arith.constant false
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %acc_tm, %alloc_tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %res_tok = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%tok = %alloc_tok) -> (!ttg.async.token)  : i32 {
      %mma_tok = ttng.tc_gen5_mma %A, %B, %acc_tm[%tok], %false, %true : !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>, !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      scf.yield %mma_tok : !ttg.async.token
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // A copy of a buffer into a fresh one: forwarded after the pipeliner only.
  // CHECK-LABEL: @copy_of_buffer
  // CHECK:      %[[L:.*]], %{{.*}} = ttng.tmem_load %arg0[%arg1]
  // CHECK-NEXT: %[[A:.*]], %[[T:.*]] = ttng.tmem_alloc : ()
  // CHECK-NEXT: %[[S:.*]] = ttng.tmem_store %[[L]], %[[A]][%[[T]]], %true
  // CHECK-NEXT: tt.return %[[A]], %[[S]]
  // POST-LABEL: @copy_of_buffer
  // POST-NEXT:  tt.return %arg0, %arg1
  tt.func public @copy_of_buffer(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %t: !ttg.async.token) -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token) {
    %true = arith.constant true
    %result, %token0 = ttng.tmem_load %m[%t] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %result1, %token1 = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %token2 = ttng.tmem_store %result, %result1[%token1], %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return %result1, %token2 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token
  }
}
