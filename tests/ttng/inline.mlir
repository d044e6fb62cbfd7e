// RUN: tritium-opt -inline %s | FileCheck %s

// ttng ops inline into a caller, as with Triton 3.9.0's -inline; CHECK lines
// from its output.

#smem = #ttg.shared_memory
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func public @inline_ttng_ops
  // CHECK-NEXT: %0 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.init_barrier %0, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.inval_barrier %0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: tt.return
  tt.func public @inline_ttng_ops() {
    tt.call @function_with_ttng_ops() : () -> ()
    tt.return
  }
  // CHECK-NOT: @function_with_ttng_ops
  tt.func private @function_with_ttng_ops() {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %0, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.inval_barrier %0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
