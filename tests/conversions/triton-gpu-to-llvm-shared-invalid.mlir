// convert-triton-gpu-to-llvm refuses shared-memory ops it cannot lower: a
// diagnostic at the op's location, and the module left as it was.
// RUN: not tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_byte_copies(%p: tensor<32x32x!tt.ptr<f16>, #blocked>) {
    %b = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK: :[[@LINE+1]]:10: error: async_copy_global_to_local: copies of 2 bytes per thread are not supported (4, 8 or 16 bytes are)
    %t = ttg.async_copy_global_to_local %p, %b : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 32]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @padded(%x: tensor<32x32xf16, #blocked>) {
    // CHECK: :[[@LINE+1]]:10: error: local_alloc: shared memory with a padded_shared layout is not lowered yet
    %a = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #padded, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unallocated(%x: tensor<32x32xf16, #blocked>) {
    // CHECK: :[[@LINE+1]]:10: error: 'ttg.local_alloc' needs shared memory but has no 'allocation.offset' (run allocate-shared-memory first)
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#s3 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [2, 1, 0]}>
#s2 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_changes_the_swizzle() -> tensor<32x32xf16, #blocked> {
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<1x32x32xf16, #s3, #smem, mutable>
    // CHECK: :[[@LINE+1]]:10: error: ttg.memdesc_reshape: the result's layout does not describe the same memory as the source's
    %r = ttg.memdesc_reshape %a : !ttg.memdesc<1x32x32xf16, #s3, #smem, mutable> -> !ttg.memdesc<32x32xf16, #s2, #smem, mutable>
    %y = ttg.local_load %r : !ttg.memdesc<32x32xf16, #s2, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return %y : tensor<32x32xf16, #blocked>
  }
}
