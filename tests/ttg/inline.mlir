// RUN: tritium-opt -inline %s | FileCheck %s

// ttg ops inline into a caller, and calls inline into the regions of
// ttg.warp_specialize (default and partitions), as with Triton 3.9.0's
// -inline; CHECK lines from its output.

#smem = #ttg.shared_memory
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func public @inline_in_warp_specialize
  // CHECK-NEXT: %cst = arith.constant dense<1> : tensor<1xi32>
  // CHECK-NEXT: ttg.warp_specialize(%arg0)
  // CHECK-NEXT: default {
  // CHECK-NEXT: ttg.local_store %cst, %arg0 : tensor<1xi32> -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
  // CHECK-NEXT: ttg.warp_yield
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0(%arg1: !ttg.memdesc<1xi32, #shared, #smem, mutable>) num_warps(4) {
  // CHECK-NEXT: %cst_0 = arith.constant dense<1> : tensor<1xi32>
  // CHECK-NEXT: ttg.local_store %cst_0, %arg1 : tensor<1xi32> -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
  // CHECK-NEXT: ttg.warp_return
  tt.func public @inline_in_warp_specialize(%arg0: !ttg.memdesc<1xi32, #shared, #smem, mutable>) {
    ttg.warp_specialize(%arg0)
    default {
      tt.call @store_1(%arg0) : (!ttg.memdesc<1xi32, #shared, #smem, mutable>) -> ()
      ttg.warp_yield
    }
    partition0(%arg1: !ttg.memdesc<1xi32, #shared, #smem, mutable>) num_warps(4) {
      tt.call @store_1(%arg1) : (!ttg.memdesc<1xi32, #shared, #smem, mutable>) -> ()
      ttg.warp_return
    } : (!ttg.memdesc<1xi32, #shared, #smem, mutable>) -> ()
    tt.return
  }
  // CHECK-NOT: @store_1
  tt.func private @store_1(%arg0: !ttg.memdesc<1xi32, #shared, #smem, mutable>) {
    %cst = arith.constant dense<1> : tensor<1xi32>
    ttg.local_store %cst, %arg0 : tensor<1xi32> -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
    tt.return
  }
}
