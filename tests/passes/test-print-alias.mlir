// test-print-alias: the local_alloc buffers each descriptor may refer to, in Triton's words
// (names as MLIR prints them in the module, sorted).
// RUN: tritium-opt %s -test-print-alias -verify-diagnostics=only-expected -o /dev/null
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(test-print-alias)' -verify-diagnostics=only-expected -o /dev/null

#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#AT = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @views_and_select(%c: i1) {
  // expected-remark @below {{%0 -> %0}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{%2 -> %0}}
  %t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> !ttg.memdesc<32x16xf16, #AT, #smem, mutable>
  // expected-remark @below {{%3 -> %0,%1}}
  %s = arith.select %c, %a, %b : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  tt.return
}

tt.func @loop(%lb: index, %ub: index, %step: index) {
  // expected-remark @below {{%0 -> %0}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%arg4 -> %0}}
  // expected-remark @below {{%arg5 -> %1}}
  // expected-remark @below {{%2#0 -> %0,%1}}
  // expected-remark @below {{%2#1 -> %0,%1}}
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%x = %a, %y = %b) -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    scf.yield %y, %x : !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}
}
