// test-print-buffer-region: the shared-memory regions each access may touch, in Triton's words
// (expected remarks from Triton's test/Analysis/test-buffer-region.mlir).
// RUN: tritium-opt %s -split-input-file -test-print-buffer-region -verify-diagnostics -o /dev/null
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(test-print-buffer-region)' -verify-diagnostics -o /dev/null

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.shared = 65544 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A dynamic index may be any stage of the subslice; a constant one only its own.
  tt.func public @stages(%idx: i32) {
    %0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<8x32x32xf32, #shared, #smem, mutable>
    %sub = ttg.memdesc_subslice %0 [3, 0, 0] : !ttg.memdesc<8x32x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<3x32x32xf32, #shared, #smem, mutable, 8x32x32>
    %view = ttg.memdesc_index %sub[%idx] : !ttg.memdesc<3x32x32xf32, #shared, #smem, mutable, 8x32x32> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    // expected-remark @below {{Buffers: [12288, 4096], [16384, 4096], [20480, 4096]}}
    ttg.local_load %view : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #blocked>
    %c1 = arith.constant 1 : i32
    %one = ttg.memdesc_index %0[%c1] : !ttg.memdesc<8x32x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
    // expected-remark @below {{Buffers: [4096, 4096]}}
    ttg.local_store %cst, %one : tensor<32x32xf32, #blocked> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    tt.return
  }

  // expected-remark @below {{All Shared Regions: [4096, 4096], [12288, 4096], [16384, 4096], [20480, 4096]}}
  tt.func private @print_all_regions() attributes {test.print_all_used_regions} {
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.shared = 65544 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Block arguments join their incoming values; a public function's argument is unknown.
  tt.func public @cf_join(%cond: i1, %incoming: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>) {
    %a = ttg.local_alloc {allocation.offset = 40960 : i32} : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %b = ttg.local_alloc {allocation.offset = 45056 : i32} : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    cf.cond_br %cond, ^left(%a : !ttg.memdesc<32x32xf32, #shared, #smem, mutable>), ^right(%incoming : !ttg.memdesc<32x32xf32, #shared, #smem, mutable>)
  ^left(%l: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>):
    cf.br ^merge(%b : !ttg.memdesc<32x32xf32, #shared, #smem, mutable>)
  ^right(%r: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>):
    // expected-remark @below {{Buffers: unknown}}
    ttg.local_load %r : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #blocked>
    cf.br ^merge(%a : !ttg.memdesc<32x32xf32, #shared, #smem, mutable>)
  ^merge(%phi: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>):
    // expected-remark @below {{Buffers: [40960, 4096], [45056, 4096]}}
    ttg.local_load %phi : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #blocked>
    tt.return
  }
}

// -----

#padded = #ttg.padded_shared<[4:+2] {order = [1, 0], shape = [4, 4]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.shared = 184 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Padding counts in the length and moves the start of the upper half.
  tt.func public @padded_halves() {
    %alloc = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<4x4xi32, #padded, #smem, mutable>
    %upper = ttg.memdesc_subslice %alloc [2, 0] : !ttg.memdesc<4x4xi32, #padded, #smem, mutable> -> !ttg.memdesc<2x4xi32, #padded, #smem, mutable, 4x4>
    // expected-remark @below {{Buffers: [0, 88]}}
    ttg.local_load %alloc : !ttg.memdesc<4x4xi32, #padded, #smem, mutable> -> tensor<4x4xi32>
    // expected-remark @below {{Buffers: [48, 40]}}
    ttg.local_load %upper : !ttg.memdesc<2x4xi32, #padded, #smem, mutable, 4x4> -> tensor<2x4xi32>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Bad input: the analysis needs the offsets of shared-memory allocation.
  tt.func public @not_allocated() {
    // expected-error @below {{ConcurrencySanitizer should run after AllocateSharedMemory pass}}
    %0 = ttg.local_alloc : () -> !ttg.memdesc<16xi32, #shared, #smem, mutable>
    tt.return
  }
}
