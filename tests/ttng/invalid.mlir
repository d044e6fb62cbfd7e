// Diagnostics of the `ttng` verifiers (ops, attributes, the im2col descriptor),
// as Triton 3.9.0 prints them.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @init_count(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
    // expected-error @+1 {{'ttng.init_barrier' op count must be greater than or equal to 1}}
    ttng.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @init_type(%bar32: !ttg.memdesc<1xi32, #shared1, #smem, mutable>) {
    // expected-error @+1 {{'ttng.init_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.init_barrier %bar32, 1 : !ttg.memdesc<1xi32, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @inval_type(%bar32: !ttg.memdesc<1xi32, #shared1, #smem, mutable>) {
    // expected-error @+1 {{'ttng.inval_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.inval_barrier %bar32 : !ttg.memdesc<1xi32, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wait_type(%bar32: !ttg.memdesc<1xi32, #shared1, #smem, mutable>, %i: i32) {
    // expected-error @+1 {{'ttng.wait_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.wait_barrier %bar32, %i : !ttg.memdesc<1xi32, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @expect_from(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.barrier_expect' op fromCTA must be in the range [0, num_ctas - 1]}}
    ttng.barrier_expect %bar, 16 {fromCTA = 1 : i32}, %p : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @arrive_count(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
    // expected-error @+1 {{'ttng.arrive_barrier' op count must be greater than or equal to 1}}
    ttng.arrive_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @arrive_multicast(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
    // expected-error @+1 {{'ttng.arrive_barrier' op multicast arrive requires num_ctas > 1}}
    ttng.arrive_barrier %bar, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fence_cluster() {
    // expected-error @+1 {{'ttng.fence_mbarrier_init_release_cluster' op requires ttg.num-ctas > 1}}
    ttng.fence_mbarrier_init_release_cluster
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster_barrier() {
    // expected-error @+1 {{'ttng.cluster_barrier' op requires ttg.num-ctas > 1}}
    ttng.cluster_barrier
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_wait_empty() {
    // expected-error @+1 {{'ttng.warp_group_dot_wait' op expected to be waiting on at least one dependency}}
    "ttng.warp_group_dot_wait"() {pendings = 0 : i32} : () -> ()
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_load_immutable(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %desc: !tt.tensordesc<64x64xf16, #shared>, %ibuf: !ttg.memdesc<64x64xf16, #shared, #smem>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op cannot store into immutable memory}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %ibuf, %bar, %p : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_load_coords(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %desc: !tt.tensordesc<64x64xf16, #shared>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op expected 2 coordinates, but got 1}}
    ttng.async_tma_copy_global_to_local %desc[%i] %buf, %bar, %p : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_load_layout(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %desc: !tt.tensordesc<64x64xf16, #shared>, %sbuf: !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA descriptor must have NVMMA shared layout}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %sbuf, %bar, %p : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_load_barrier(%bar32: !ttg.memdesc<1xi32, #shared1, #smem, mutable>, %desc: !tt.tensordesc<64x64xf16, #shared>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar32, %p : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi32, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_store_coords(%desc: !tt.tensordesc<64x64xf16, #shared>, %ibuf: !ttg.memdesc<64x64xf16, #shared, #smem>, %i: i32) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op expected 2 coordinates, but got 1}}
    ttng.async_tma_copy_local_to_global %desc[%i] %ibuf : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_store_layout(%desc: !tt.tensordesc<64x64xf16, #shared>, %sbuf: !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>, %i: i32) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op TMA descriptor must have NVMMA shared layout}}
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %sbuf : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_reduce_kind(%desc: !tt.tensordesc<64x64xf16, #shared>, %ibuf: !ttg.memdesc<64x64xf16, #shared, #smem>, %i: i32) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op unsupported reduce kind and for element type 'f16'}}
    ttng.async_tma_reduce and, %desc[%i, %i] %ibuf : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tensormap_global_dim(%i: i32, %pi8: !tt.ptr<i8>, %pf: !tt.ptr<f16>, %i64: i64) {
    // expected-error @+1 {{Rank mismatch for global dim. Got 1 but expected 2}}
    ttng.tensormap_create %pi8, %pf, [%i, %i], [%i], [%i64], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tensormap_global_stride(%i: i32, %pi8: !tt.ptr<i8>, %pf: !tt.ptr<f16>, %i64: i64) {
    // expected-error @+1 {{Rank mismatch for global stride. Got 2 but expected 1}}
    ttng.tensormap_create %pi8, %pf, [%i, %i], [%i, %i], [%i64, %i64], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tensormap_element_stride(%i: i32, %pi8: !tt.ptr<i8>, %pf: !tt.ptr<f16>, %i64: i64) {
    // expected-error @+1 {{Rank mismatch for element stride. Got 1 but expected 2}}
    ttng.tensormap_create %pi8, %pf, [%i, %i], [%i, %i], [%i64], [%i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32) -> ()
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tensormap_swizzle(%i: i32, %pi8: !tt.ptr<i8>, %pf: !tt.ptr<f16>, %i64: i64) {
    // expected-error @+1 {{'ttng.tensormap_create' op attribute 'swizzle_mode' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 3}}
    ttng.tensormap_create %pi8, %pf, [%i, %i], [%i, %i], [%i64], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_result(%buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %accb: tensor<64x64xf32, #blocked>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op WGMMA result layout must be Hopper NVMMA}}
    %r = ttng.warp_group_dot %buf, %buf, %accb : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_a(%buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %sbuf: !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>, %acc: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op WGMMA A operand must have NVMMA shared or dot layout}}
    %r = ttng.warp_group_dot %sbuf, %buf, %acc : !ttg.memdesc<64x64xf16, #shared2, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_b(%buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %sbuf: !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>, %acc: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op WGMMA B operand must have NVMMA shared layout}}
    %r = ttng.warp_group_dot %buf, %sbuf, %acc : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared2, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_alloc_immutable() {
    // expected-error @+1 {{'ttng.tmem_alloc' op uninitialized alloc must have a mutable memdesc type}}
    %r = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_alloc_encoding() {
    // expected-error @+1 {{'ttng.tmem_alloc' op should use tensor memory encoding}}
    %r = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{blockM must be 64 or 128 but got 96}}
  tt.func @tmem_block_m() attributes {x = #ttng.tensor_memory_encoding<blockM = 96, blockN = 64, colStride = 1>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{blockN must be a power of 2 but got 48}}
  tt.func @tmem_block_n() attributes {x = #ttng.tensor_memory_encoding<blockM = 128, blockN = 48, colStride = 1>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{colStride must be 1, 2, or 4 but got but got 3}}
  tt.func @tmem_col_stride() attributes {x = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 3>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{fp4Padded tensor memory layout requires colStride 1 but got 2}}
  tt.func @tmem_fp4() attributes {x = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2, fp4Padded = true>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{twoCTAs layout requires the first CGALayout block basis to be [1, 0]}}
  tt.func @tmem_two_ctas() attributes {x = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1, twoCTAs = true>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{cache modifier cannot be combined with an L1 eviction priority}}
  tt.func @policy_l1() attributes {x = #ttng.cache_policy<cache_modifier = ca, l1 = evict_first>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{l2_secondary and l2_fraction require l2_primary}}
  tt.func @policy_secondary_only() attributes {x = #ttng.cache_policy<l2_secondary = evict_first>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{L2 policy requires l2_secondary and l2_fraction}}
  tt.func @policy_primary_only() attributes {x = #ttng.cache_policy<l2_primary = evict_first>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{invalid L2 primary eviction priority 'no_allocate'}}
  tt.func @policy_primary() attributes {x = #ttng.cache_policy<l2_primary = no_allocate, l2_secondary = evict_first, l2_fraction = 5.000000e-01 : f32>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{invalid L2 secondary eviction priority 'evict_last'}}
  tt.func @policy_secondary() attributes {x = #ttng.cache_policy<l2_primary = evict_first, l2_secondary = evict_last, l2_fraction = 5.000000e-01 : f32>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{L2 fraction must be a finite f32 in (0, 1]}}
  tt.func @policy_fraction() attributes {x = #ttng.cache_policy<l2_primary = evict_first, l2_secondary = evict_first, l2_fraction = 1.500000e+00 : f32>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{L2 prefetch size must be 64, 128, or 256}}
  tt.func @policy_prefetch() attributes {x = #ttng.cache_policy<l2_prefetch_size = 32 : i32>} {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{TensorDescIm2ColType requires rank-2 shape, got rank 3}}
  tt.func @im2col_rank() attributes {x = !ttng.tensordesc_im2col<64x64x2xf16>} {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load90_shared(%m: !ttg.memdesc<128x64xf32, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op requires tcgen05 support}}
    %r = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #shared, #smem, mutable> -> tensor<128x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_shared(%m: !ttg.memdesc<128x64xf32, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op source must be a tensor memory buffer.}}
    %r = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #shared, #smem, mutable> -> tensor<128x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_scales(%m: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op should use tensor memory encoding.}}
    %r = ttng.tmem_load %m : !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable> -> tensor<128x4xi8, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1, 64], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [0, 1, 2]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_3d(%m: !ttg.memdesc<1x128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op result must be a 2D tensor}}
    %r = ttng.tmem_load %m : !ttg.memdesc<1x128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<1x128x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [64, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_bad_layout(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op result}}
    %r = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_elt(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op source element type '!ttg.memdesc<128x64xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>, #ttng.tensor_memory, mutable>' must match destination element type 'f16'}}
    %r = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_shape(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op source shape [128, 64] must match [destination shape 128, 32]}}
    %r = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x32xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#red = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_red_missing(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op redOp is set but 'red' result is not present}}
    %r = ttng.tmem_load %m {redOp = #ttng.redOp<max>} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#red = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_red_nop(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op 'red' result is present but redOp is not set}}
    %r, %red = ttng.tmem_load %m : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>, tensor<128xf32, #red>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_abs(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op 'abs' requires 'redOp' to be set}}
    %r = ttng.tmem_load %m {abs = true} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_nan(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op 'NaN' requires 'redOp' to be set}}
    %r = ttng.tmem_load %m {NaN = true} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#red = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_abs_i32(%m: !ttg.memdesc<128x64xi32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op 'abs' requires floating-point element type (f32)}}
    %r, %red = ttng.tmem_load %m {redOp = #ttng.redOp<min>, abs = true} : !ttg.memdesc<128x64xi32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xi32, #blocked>, tensor<128xi32, #red>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#red = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_load_nan_i32(%m: !ttg.memdesc<128x64xi32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op 'NaN' requires floating-point element type (f32)}}
    %r, %red = ttng.tmem_load %m {redOp = #ttng.redOp<min>, NaN = true} : !ttg.memdesc<128x64xi32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xi32, #blocked>, tensor<128xi32, #red>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#red = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_load_red_f16(%m: !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op tmem_load reduction requires packed format (unpacked=false)}}
    %result, %red = ttng.tmem_load %m {redOp = #ttng.redOp<min>} : !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf16, #blocked>, tensor<128xf16, #red>
    tt.return
  }
}

// -----

#blocked_split = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]}>
#blocked_red = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#tmem_warp_split = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_load_red_nsplit(%m: !ttg.memdesc<128x256xf32, #tmem_warp_split, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op tmem_load reduction with N dimension sharded across threads is not supported.}}
    %result, %red = ttng.tmem_load %m {redOp = #ttng.redOp<min>} : !ttg.memdesc<128x256xf32, #tmem_warp_split, #ttng.tensor_memory, mutable> -> tensor<128x256xf32, #blocked_split>, tensor<128xf32, #blocked_red>
    tt.return
  }
}

// -----

#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [128, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#red = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tmem_load_red_mrows(%m: !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_load' op tmem_load reduction with multiple M rows per thread is not supported.}}
    %result, %red = ttng.tmem_load %m {redOp = #ttng.redOp<min>} : !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<256x64xf32, #linear>, tensor<256xf32, #red>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_store_shared(%m: !ttg.memdesc<128x64xf32, #shared, #smem, mutable>, %x: tensor<128x64xf32, #blocked>) {
    %t = arith.constant true
    // expected-error @+1 {{'ttng.tmem_store' op should use tensor memory encoding.}}
    ttng.tmem_store %x, %m, %t : tensor<128x64xf32, #blocked> -> !ttg.memdesc<128x64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_store90(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %x: tensor<128x64xf32, #blocked>) {
    %t = arith.constant true
    // expected-error @+1 {{'ttng.tmem_store' op requires tcgen05 support}}
    ttng.tmem_store %x, %m, %t : tensor<128x64xf32, #blocked> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_store_elt(%m: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %x: tensor<128x64xi32, #blocked>) {
    %t = arith.constant true
    // expected-error @+1 {{'ttng.tmem_store' op source element type 'tensor<128x64xi32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>>' must match destination element type 'f32'}}
    ttng.tmem_store %x, %m, %t : tensor<128x64xi32, #blocked> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_alloc_src(%x: tensor<128x64xf32, #blocked>) {
    // expected-error @+1 {{'ttng.tmem_alloc' op source}}
    %m = ttng.tmem_alloc %x : (tensor<128x64xf32, #blocked>) -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_alloc_elt(%x: tensor<128x64xf32, #blocked>) {
    // expected-error @+1 {{'ttng.tmem_alloc' op source element type 'tensor<128x64xf32, #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>>' must match destination element type 'f16'}}
    %m = ttng.tmem_alloc %x : (tensor<128x64xf32, #blocked>) -> !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem_alloc_allocshape() {
    // expected-error @+1 {{'ttng.tmem_alloc' op result shape and its alloc shape must match}}
    %m = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x64>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:120"} {
  tt.func @tmem_wait120() {
    // expected-error @+1 {{'ttng.tmem_wait' op requires tcgen05 support}}
    ttng.tmem_wait load
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_space(%m: !ttg.memdesc<128x128xf32, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The source must be a tensor memory buffer.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf32, #shared, #smem, mutable, 128x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_elt(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The source and result must have the same element type.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xi32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_enc(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The source and result must have the same encoding.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem2, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_alloc(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The source and result must have the same alloc shape.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable, 128x256>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @j(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The slice dimension must be within the descriptor rank.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32, dim = 3 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_nonsliced(%m: !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The result must have the same size as the source in the dimensions that are not being sliced.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32, dim = 0 : i32} : !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<1x128x64xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_negoff(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{The split offset may not exceed the source shape}}
    %0 = ttng.tmem_subslice %m {offset = -32 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_touch(%m: !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{The split offset may not touch the tile}}
    %0 = ttng.tmem_subslice %m {offset = 16 : i32} : !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<64x32xf32, #tmem, #ttng.tensor_memory, mutable, 64x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1, CGALayout = [[0, 1]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_cta(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The result may not be sliced across CTAs.}}
    %0 = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @sub_ok3d(%m: !ttg.memdesc<2x128x128xf16, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_subslice' op The split offset must be 32-bit aligned in tensor memory.}}
    %0 = ttng.tmem_subslice %m {offset = 1 : i32, dim = 2 : i32} : !ttg.memdesc<2x128x128xf16, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<2x128x1xf16, #tmem, #ttng.tensor_memory, mutable, 2x128x128>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_space(%a: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, %b: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op The source must be a shared memory buffer}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_shape(%a: !ttg.memdesc<64x4xi8, #shared, #smem>, %b: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op source shape 64, 4 must match destination shape 128, 4}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<64x4xi8, #shared, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_immutable(%a: !ttg.memdesc<128x4xi8, #shared, #smem>, %b: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>) {
    // expected-error @+1 {{'ttng.tmem_copy' op Cannot copy into an immutable alloc}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x4xi8, #shared, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]]}, alignment = 8>
#smem = #ttg.shared_memory
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_align(%a: !ttg.memdesc<128x4xi8, #shared, #smem>, %b: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op Source must have at least 16-byte alignment to be representable in a matrix descriptor.}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x4xi8, #shared, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_cga(%a: !ttg.memdesc<256x128xf32, #shared, #smem>, %b: !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op The source and destination must have the same cga layout. Got source: }}
    ttng.tmem_copy %a, %b : !ttg.memdesc<256x128xf32, #shared, #smem>, !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_trans(%a: !ttg.memdesc<128x4xi8, #shared, #smem>, %b: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op The source should not be transposed or padded}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x4xi8, #shared, #smem>, !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_swz(%a: !ttg.memdesc<128x32xi8, #shared, #smem>, %b: !ttg.memdesc<128x32xi8, #scales, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op The source should not be swizzled for now}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x32xi8, #shared, #smem>, !ttg.memdesc<128x32xi8, #scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_bm64(%a: !ttg.memdesc<128x64xf32, #shared, #smem>, %b: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op Tmem layout must have blockM=128.}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x64xf32, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_noswz(%a: !ttg.memdesc<128x64xf32, #shared, #smem>, %b: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op Source layout should be swizzled.}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x64xf32, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @copy_16bit(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable>) {
    // expected-error @+1 {{'ttng.tmem_copy' op Source element type should be 32-bit.}}
    ttng.tmem_copy %a, %b : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_fp4_dense = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_dense_fp4(%a: !ttg.memdesc<128x64xi8, #tmem_fp4_dense, #ttng.tensor_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op expected e2m1 LHS operand to be fp4_padded when RHS is float8}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e2m1 rhs = e5m2 : !ttg.memdesc<128x64xi8, #tmem_fp4_dense, #ttng.tensor_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_fp4_padded = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, fp4Padded = true>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_fp4_storage(%a: !ttg.memdesc<128x64xf8E5M2, #tmem_fp4_padded, #ttng.tensor_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op expected e2m1 LHS operand to have i8 storage}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e2m1 rhs = e5m2 : !ttg.memdesc<128x64xf8E5M2, #tmem_fp4_padded, #ttng.tensor_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_acc_fp4_padded = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, fp4Padded = true>
#tmem_fp4_padded = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, fp4Padded = true>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_acc_padded(%a: !ttg.memdesc<128x64xi8, #tmem_fp4_padded, #ttng.tensor_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem_acc_fp4_padded, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op accumulator layout must not be fp4_padded}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e2m1 rhs = e5m2 : !ttg.memdesc<128x64xi8, #tmem_fp4_padded, #ttng.tensor_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem_acc_fp4_padded, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_fp16_tmem(%a: !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory>, %b: !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op unsupported LHS operand type for scaled MMA}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = fp16 rhs = fp16 : !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory>, !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_bm64(%a: !ttg.memdesc<128x128xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op only supports instruction shape blockM=128}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<128x128xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#shared_s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_acc_shared(%a: !ttg.memdesc<128x128xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #shared_s, #ttg.shared_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #shared_s, #ttg.shared_memory>, %scale_b: !ttg.memdesc<128x4xi8, #shared_s, #ttg.shared_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op expected accumulator layout to be a TensorMemoryLayout}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<128x128xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #shared_s, #ttg.shared_memory, mutable>, !ttg.memdesc<128x4xi8, #shared_s, #ttg.shared_memory>, !ttg.memdesc<128x4xi8, #shared_s, #ttg.shared_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_acc_dtype(%a: !ttg.memdesc<128x128xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xi32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op unsupported accumulator dtype for operand types 'f8E5M2' and 'f8E5M2', accumulator dtype is 'i32' but must be one of ['f16', 'f32']}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<128x128xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xi32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_lhs_kind(%a: !ttg.memdesc<128x64xi8, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op LHS and RHS operand dtypes kinds don't match: LHS kind is f8f6f4 but RHS kind is f16}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e2m1 rhs = bf16 : !ttg.memdesc<128x64xi8, #shared_a, #ttg.shared_memory>, !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_a = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_f8_fmt(%a: !ttg.memdesc<128x128xf8E5M2, #tmem_a, #ttng.tensor_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op expected float8 LHS operand to have e4m3 or e5m2 format}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e2m3 rhs = e5m2 : !ttg.memdesc<128x128xf8E5M2, #tmem_a, #ttng.tensor_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_fp4_padded = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, fp4Padded = true>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_pad_rhs(%a: !ttg.memdesc<128x64xi8, #tmem_fp4_padded, #ttng.tensor_memory>, %b: !ttg.memdesc<64x128xi8, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op can only use fp4_padded LHS when RHS is float8}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e2m1 rhs = e2m1 : !ttg.memdesc<128x64xi8, #tmem_fp4_padded, #ttng.tensor_memory>, !ttg.memdesc<64x128xi8, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_scales_order2(%a: !ttg.memdesc<256x128xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<128x256xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<256x256xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<256x8xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<256x8xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op A scales in tensor memory must use #ttng.tensor_memory_scales_encoding<blockRepOrder = mnThenK>}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<256x128xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<128x256xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<256x256xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x8xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<256x8xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#shared_s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_scales_enc(%a: !ttg.memdesc<256x128xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<128x256xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<256x256xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<256x8xi8, #tmem, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<256x8xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op A scales in tensor memory must use #ttng.tensor_memory_scales_encoding}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<256x128xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<128x256xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<256x256xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x8xi8, #tmem, #ttng.tensor_memory>, !ttg.memdesc<256x8xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_rank3(%a: !ttg.memdesc<1x128x128xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op expected all operands to have the same rank}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<1x128x128xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<128x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_k_bad(%a: !ttg.memdesc<128x32xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<64x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<128x32xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<64x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_n_bad(%a: !ttg.memdesc<128x64xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<64x64xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op expected the output shape to be the concatenation of the last dimension of the first operand and the last dimension of the second }}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2 : !ttg.memdesc<128x64xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<64x64xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#shared_a = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @s_sync_bar(%a: !ttg.memdesc<128x64xf8E5M2, #shared_a, #ttg.shared_memory>, %b: !ttg.memdesc<64x128xf8E5M2, #shared, #ttg.shared_memory>, %c: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %scale_a: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %scale_b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %useAcc: i1, %pred: i1, %bar: !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>) {
    // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op The op is synchronous but a barrier is present.}}
    ttng.tc_gen5_mma_scaled %a, %b, %c, %scale_a, %scale_b, %useAcc, %pred lhs = e5m2 rhs = e5m2, %bar[%pred] : !ttg.memdesc<128x64xf8E5M2, #shared_a, #ttg.shared_memory>, !ttg.memdesc<64x128xf8E5M2, #shared, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_n(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op expected the output shape to be the concatenation of the last dimension of the first operand and the last dimension of the second }}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_k(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared1, #smem>, %d: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
#tmema = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_interleaved(%a: !ttg.memdesc<128x64xf16, #tmema, #ttng.tensor_memory>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %d: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op does not support blockM=64 with interleaved blocks in TMEM layout}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #tmema, #ttng.tensor_memory>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[0, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_ksplit_a(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %d: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op LHS CTASplit along K should be 1, but got 2}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[0, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_ksplit_b(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %d: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op RHS CTASplit along K should be 1, but got 2}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_twocta(%a: !ttg.memdesc<256x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %d: !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op twoCTA mode expects the first basis of the cga_layout of the RHS to be [0, 1]}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<256x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_twocta_enc(%a: !ttg.memdesc<256x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared1, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op The returned value's encoding must have twoCTA=1 to be used in a twoCTA kernel}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<256x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_nottwo_enc(%a: !ttg.memdesc<256x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared1, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op The returned value's encoding must have twoCTA=0 to be used in a non-twoCTA kernel}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<256x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared1, #smem>, !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[0, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @mma_blockbasis(%a: !ttg.memdesc<256x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %d: !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op expected block basis 128, 0 at result index 0, but got 0, 0}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<256x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @mma90(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %d: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @+1 {{'ttng.tc_gen5_mma' op requires tcgen05 support}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma_k(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared1, #smem>, %c: tensor<128x64xf32, #mma>) {
    // expected-error @+1 {{'ttng.warp_group_dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
    %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @commit_descs(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.tc_gen5_commit' op expected 0 to 4 descriptors, got 5}}
    ttng.tc_gen5_commit %b descs %b, %b, %b, %b, %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @commit_bar(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.tc_gen5_commit' op completion barrier cga_layout must be [[1]], got [[0]]}}
    ttng.tc_gen5_commit %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @arrive_mc(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.arrive_barrier' op multicast barrier cga_layout must be [[1]], got [[0]]}}
    ttng.arrive_barrier %b, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @tma_mismatch(%desc: !tt.tensordesc<64x64xf16, #shared>, %buf: !ttg.memdesc<64x64xf16, #shared64, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA descriptor layout must match shared layout, but got descriptor layout #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}> and shared memory layout #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared64, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @tma_store_mismatch(%desc: !tt.tensordesc<64x64xf16, #shared>, %buf: !ttg.memdesc<64x64xf16, #shared64, #smem>, %i: i32) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op TMA descriptor layout must match shared layout, but got descriptor layout #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}> and shared memory layout #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>}}
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %buf : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<64x64xf16, #shared64, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @tma_desc_noenc(%desc: !tt.tensordesc<64x64xf16>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA descriptor layout must match shared layout, but got descriptor layout <<NULL ATTRIBUTE>> and shared memory layout #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<64x64xf16>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttng.two-ctas" = false} {
  tt.func @tma_barrier_one_cta(%desc: !tt.tensordesc<64x64xf16, #shared>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA barrier cga_layout must be [[1]], got [[0]]}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0], [0, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttng.two-ctas" = true} {
  tt.func @tma_barrier_two_cta(%desc: !tt.tensordesc<64x64xf16, #shared>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA barrier cga_layout must be [[1], [2]] or [[0], [1]], got [[1], [0]]}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<2xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @tma_multicast(%desc: !tt.tensordesc<64x64xf16, #shared>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %i: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op multicast requires the shared layout to broadcast across CTAs}}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p {multicast} : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_i32(%r: !ttg.memdesc<2xi32, #shared, #smem, mutable>, %b: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{Expected CLC result buffer to have type int64, but got'i32'}}
    ttng.clc_try_cancel %r, %b : !ttg.memdesc<2xi32, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_shape(%r: !ttg.memdesc<4xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{Expected CLC result buffer to have rank 1 and a single dimension equal to 2, but got 4.}}
    %x = ttng.clc_load_result %r : !ttg.memdesc<4xi64, #shared, #smem, mutable> -> i128
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_sub(%r: !ttg.memdesc<4xi64, #shared, #smem, mutable>) {
    %s = ttg.memdesc_subslice %r [2] : !ttg.memdesc<4xi64, #shared, #smem, mutable> -> !ttg.memdesc<2xi64, #shared, #smem, mutable, 4>
    // expected-error @+1 {{CLC result buffer must have a contiguous shared-memory layout without subviews}}
    %x = ttng.clc_load_result %s : !ttg.memdesc<2xi64, #shared, #smem, mutable, 4> -> i128
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_cga(%r: !ttg.memdesc<2xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{Expected CLC result buffer cga_layout bases to be all zeros. Got [[1]]}}
    %x = ttng.clc_load_result %r : !ttg.memdesc<2xi64, #shared, #smem, mutable> -> i128
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_try_bar(%r: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %b: !ttg.memdesc<1xi32, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.clc_try_cancel' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.clc_try_cancel %r, %b : !ttg.memdesc<2xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_try_cbar(%r: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %b: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{'ttng.clc_try_cancel' op completion barrier cga_layout must be [[1]], got [[0]]}}
    ttng.clc_try_cancel %r, %b : !ttg.memdesc<2xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_sync() {
    // expected-error @+1 {{'ttng.clc_try_cancel_sync' op response must have shape [2]}}
    %x = ttng.clc_try_cancel_sync : tensor<4xi64, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @clc_sync2() {
    // expected-error @+1 {{'ttng.clc_try_cancel_sync' op response element type must be i64}}
    %x = ttng.clc_try_cancel_sync : tensor<2xi32, #blocked>
    tt.return
  }
}

// -----

// The CTAs a barrier is split over go 1, 2, 4, ... (zero bases aside).
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[2], [1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @wait_bar_cga(%bar: !ttg.memdesc<4xi64, #bar, #smem, mutable>, %phase: i32) {
    // expected-error @+1 {{'ttng.wait_barrier' op broadcasted cluster barriers require bases to be the sequence 1, 2, 4, 8, ... perhaps with zero bases interleaved.}}
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<4xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @expect_from_cta(%bar: !ttg.memdesc<4xi64, #bar, #smem, mutable>, %pred: i1) {
    // expected-error @+1 {{'ttng.barrier_expect' op fromCTA requires a 1D barrier with one element per CTA and canonical CGA layout}}
    ttng.barrier_expect %bar, 16 {fromCTA = 1 : i32}, %pred : !ttg.memdesc<4xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @arrive_negative_mask(%bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.arrive_barrier' op multicastCTA exceeds numCTAs - 1}}
    ttng.arrive_barrier %bar, 1 {multicastCTA = -1 : i32} : !ttg.memdesc<2xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

// A private helper may hold a cluster barrier while the inliner can still
// move it into a kernel; a noinline one may not.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func private @inlined_helper() {
    ttng.cluster_barrier
    tt.return
  }
  tt.func private @noinline_helper() attributes {noinline = true} {
    // expected-error @+1 {{'ttng.cluster_barrier' op must be inside a kernel function}}
    ttng.cluster_barrier
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0]]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared_store_narrow(%src: tensor<128xf16, #blocked>, %dst: !ttg.memdesc<128xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{'ttng.async_shared_store' op requires a layout vectorizing stores to at least 32 bits}}
    ttng.async_shared_store %src, %dst, %bar : tensor<128xf16, #blocked> -> !ttg.memdesc<128xf16, #shared, #smem, mutable>, !ttg.memdesc<2xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @tma_rank(%desc: !tt.tensordesc<2x32x64xi32, #nvmma>, %dst: !ttg.memdesc<2x32x64xi32, #nvmma, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %x: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA shared memory and layout ranks must match}}
    ttng.async_tma_copy_global_to_local %desc[%x, %x, %x] %dst, %bar, %p : !tt.tensordesc<2x32x64xi32, #nvmma>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<2x32x64xi32, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

// A view cut along a dimension the CTAs split may start in another CTA.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @tma_store_view(%desc: !tt.tensordesc<128x64xi32, #shared>, %view: !ttg.memdesc<128x64xi32, #shared, #smem, mutable, 128x128>, %x: i32) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op source subview may have an origin in another CTA}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %view : !tt.tensordesc<128x64xi32, #shared>, !ttg.memdesc<128x64xi32, #shared, #smem, mutable, 128x128>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_x_offsets(%desc: !tt.tensordesc<1x128xf16, #shared>, %x: tensor<32xi32, #blocked>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %dst: !ttg.memdesc<32x128xf16, #shared, #smem, mutable>, %y: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_gather' op x offsets must have at least 4 contiguous elements per thread}}
    ttng.async_tma_gather %desc[%x, %y] %dst, %bar, %p : !tt.tensordesc<1x128xf16, #shared>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<32x128xf16, #shared, #smem, mutable>, i1
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_x_lanes(%desc: !tt.tensordesc<1x128xf16, #shared>, %x: tensor<512xi32, #blocked>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %dst: !ttg.memdesc<512x128xf16, #shared, #smem, mutable>, %y: i32, %p: i1) {
    // expected-error @+1 {{'ttng.async_tma_gather' op x offsets must be broadcasted across each warp}}
    ttng.async_tma_gather %desc[%x, %y] %dst, %bar, %p : !tt.tensordesc<1x128xf16, #shared>, tensor<512xi32, #blocked>, i32, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<512x128xf16, #shared, #smem, mutable>, i1
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @packed_unique(%a: tensor<128xf32, #blocked>) {
    // expected-error @+1 {{'ttng.packed_arith' op result layout must provide a multiple of 2 unique elements per thread}}
    %0 = ttng.packed_arith add %a, %a : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @packed_signature(%a: tensor<256xf16, #blocked>, %b: tensor<256xf32, #blocked>) {
    // expected-error @+1 {{'ttng.packed_arith' op unsupported add signature f16x2 <- (f16x2, f32x2)}}
    %0 = ttng.packed_arith add %a, %b : (tensor<256xf16, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @packed_fp4_shape(%a: tensor<256xi8, #blocked>, %b: tensor<256xf8E4M3FN, #blocked>) {
    // expected-error @+1 {{'ttng.packed_arith' op requires every fp4 operand to have the result shape with the same single dimension halved}}
    %0 = ttng.packed_arith add %a, %b : (tensor<256xi8, #blocked>, tensor<256xf8E4M3FN, #blocked>) -> tensor<256xf8E4M3FN, #blocked>
    tt.return
  }
}

// -----

#result = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#fp4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#fp4_ok = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @packed_fp4_layout(%a: tensor<128xi8, #fp4>, %b: tensor<256xf8E4M3FN, #result>) {
    // expected-error @+1 {{'ttng.packed_arith' op fp4 operand 0 must have a layout compatible with the result}}
    %0 = ttng.packed_arith add %a, %b : (tensor<128xi8, #fp4>, tensor<256xf8E4M3FN, #result>) -> tensor<256xf8E4M3FN, #result>
    tt.return
  }
  tt.func @packed_fp4_ok(%a: tensor<128xi8, #fp4_ok>, %b: tensor<256xf8E4M3FN, #result>) {
    %0 = ttng.packed_arith add %a, %b : (tensor<128xi8, #fp4_ok>, tensor<256xf8E4M3FN, #result>) -> tensor<256xf8E4M3FN, #result>
    tt.return
  }
}
