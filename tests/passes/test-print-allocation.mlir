// test-print-allocation: offsets and sizes in Triton's words (larger buffers are placed first,
// as in Triton's allocator; the cvt scratch as Triton's lit file Analysis/test-allocation.mlir expects).
// RUN: tritium-opt %s -test-print-allocation -verify-diagnostics=only-expected -o /dev/null
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(test-print-allocation)' -verify-diagnostics=only-expected -o /dev/null
// RUN: tritium-opt %s -test-print-allocation="get-scratch-size-function=ValidConstant" 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: not tritium-opt %s -test-print-allocation="get-scratch-size-function=Bogus" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// CONST: remark: scratch offset = 0, size = 128
// BAD: unknown get-scratch-size-function 'Bogus'

#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#C = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#A_DOT = #ttg.dot_op<{opIdx = 0, parent = #C, kWidth = 2}>
#A_SHARED = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// expected-remark @below {{cvt}}
// expected-remark @below {{size = 8192}}
tt.func @cvt(%x: tensor<128x32xf16, #AL>) {
  // expected-remark @below {{scratch offset = 0, size = 8192}}
  %a = ttg.convert_layout %x : tensor<128x32xf16, #AL> -> tensor<128x32xf16, #A_DOT>
  tt.return
}

// expected-remark @below {{allocs}}
// expected-remark @below {{size = 3072}}
tt.func @allocs() {
  // expected-remark @below {{offset = 2048, size = 1024}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A_SHARED, #smem, mutable>
  // expected-remark @below {{offset = 0, size = 2048}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #A_SHARED, #smem, mutable>
  ttg.local_dealloc %a : !ttg.memdesc<16x32xf16, #A_SHARED, #smem, mutable>
  ttg.local_dealloc %b : !ttg.memdesc<32x32xf16, #A_SHARED, #smem, mutable>
  tt.return
}
}
