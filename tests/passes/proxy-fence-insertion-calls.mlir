// triton-nvidia-gpu-proxy-fence-insertion over exact buffer regions
// (BufferRegionAnalysis): a call is its callee's summary (the async accesses
// it reaches before a fence, the scopes it fences on every path, its pending
// generic accesses), the callee's own buffers moved to the call's
// allocation.offset; bytes of different CTAs do not alias; an op's scratch is
// in each CTA its tensor is split over. Cases and CHECK lines from Triton's
// test/TritonGPU/proxy_fence_insertion.mlir, which Triton 3.9.0 passes (the
// scratch case's CHECK lines are Triton 3.9.0's own output, which differs
// from the newer test there).
// RUN: tritium-opt %s -triton-nvidia-gpu-proxy-fence-insertion --split-input-file -allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --split-input-file -allow-unregistered-dialect --pass-pipeline='builtin.module(triton-nvidia-gpu-proxy-fence-insertion)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func private @callee_proxy_read_argument(
      %src: !ttg.memdesc<8x32xi32, #shared, #smem, mutable>,
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %c0 = arith.constant 0 : i32
    // CHECK-NOT: ttng.fence_async_shared
    // CHECK: ttng.async_tma_copy_local_to_global
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %src : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: caller_write_before_callee_proxy_read
  tt.func public @caller_write_before_callee_proxy_read(
      %value: tensor<8x32xi32, #blocked>,
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %buffer = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    // CHECK: ttg.local_store
    ttg.local_store %value, %buffer : tensor<8x32xi32, #blocked> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: tt.call @callee_proxy_read_argument
    tt.call @callee_proxy_read_argument(%buffer, %desc) : (!ttg.memdesc<8x32xi32, #shared, #smem, mutable>, !tt.tensordesc<8x32xi32, #shared>) -> ()
    tt.return
  }

  tt.func private @callee_proxy_write_then_fence(
      %dst: !ttg.memdesc<8x32xi32, #shared, #smem, mutable>,
      %desc: !tt.tensordesc<8x32xi32, #shared>,
      %bar: !ttg.memdesc<1xi64, #barrier, #smem, mutable>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %dst, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    tt.return
  }

  // A fence after an async access cannot order generic accesses that precede
  // the call with that async access.
  // CHECK-LABEL: caller_read_before_callee_proxy_then_fence
  tt.func public @caller_read_before_callee_proxy_then_fence(
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %buffer = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    %value = ttg.local_load %buffer : !ttg.memdesc<8x32xi32, #shared, #smem, mutable> -> tensor<8x32xi32, #blocked>
    "test.keep"(%value) : (tensor<8x32xi32, #blocked>) -> ()
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: tt.call @callee_proxy_write_then_fence
    tt.call @callee_proxy_write_then_fence(%buffer, %desc, %bar) : (!ttg.memdesc<8x32xi32, #shared, #smem, mutable>, !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable>) -> ()
    tt.return
  }

  tt.func private @callee_fence_then_proxy_write(
      %dst: !ttg.memdesc<8x32xi32, #shared, #smem, mutable>,
      %desc: !tt.tensordesc<8x32xi32, #shared>,
      %bar: !ttg.memdesc<1xi64, #barrier, #smem, mutable>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %dst, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: callee_fence_covers_caller_generic_access
  tt.func public @callee_fence_covers_caller_generic_access(
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %buffer = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    %value = ttg.local_load %buffer : !ttg.memdesc<8x32xi32, #shared, #smem, mutable> -> tensor<8x32xi32, #blocked>
    // CHECK: ttg.local_load
    // CHECK-NEXT: tt.call @callee_fence_then_proxy_write
    tt.call @callee_fence_then_proxy_write(%buffer, %desc, %bar) : (!ttg.memdesc<8x32xi32, #shared, #smem, mutable>, !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable>) -> ()
    "test.keep"(%value) : (tensor<8x32xi32, #blocked>) -> ()
    tt.return
  }

  tt.func private @callee_read_then_fence(
      %src: !ttg.memdesc<8x32xi32, #shared, #smem, mutable>) {
    %value = ttg.local_load %src : !ttg.memdesc<8x32xi32, #shared, #smem, mutable> -> tensor<8x32xi32, #blocked>
    "test.keep"(%value) : (tensor<8x32xi32, #blocked>) -> ()
    ttng.fence_async_shared {bCluster = false}
    tt.return
  }

  // CHECK-LABEL: callee_trailing_fence_clears_generic_summary
  tt.func public @callee_trailing_fence_clears_generic_summary(
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %buffer = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    // CHECK: tt.call @callee_read_then_fence
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local
    tt.call @callee_read_then_fence(%buffer) : (!ttg.memdesc<8x32xi32, #shared, #smem, mutable>) -> ()
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buffer, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    tt.return
  }

  tt.func private @callee_fence_then_read(
      %src: !ttg.memdesc<8x32xi32, #shared, #smem, mutable>) {
    ttng.fence_async_shared {bCluster = false}
    %value = ttg.local_load %src : !ttg.memdesc<8x32xi32, #shared, #smem, mutable> -> tensor<8x32xi32, #blocked>
    "test.keep"(%value) : (tensor<8x32xi32, #blocked>) -> ()
    tt.return
  }

  // CHECK-LABEL: generic_effect_after_callee_fence_is_exported
  tt.func public @generic_effect_after_callee_fence_is_exported(
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %buffer = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    // CHECK: tt.call @callee_fence_then_read
    // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local
    tt.call @callee_fence_then_read(%buffer) : (!ttg.memdesc<8x32xi32, #shared, #smem, mutable>) -> ()
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buffer, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func private @callee_proxy_write_with_local_frame(
      %desc: !tt.tensordesc<64x64xf32, #shared>,
      %bar: !ttg.memdesc<1xi64, #barrier, #smem, mutable>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %dst = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %dst, %bar, %true : !tt.tensordesc<64x64xf32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    tt.return
  }

  tt.func private @forward_proxy_write_with_local_frame(
      %desc: !tt.tensordesc<64x64xf32, #shared>,
      %bar: !ttg.memdesc<1xi64, #barrier, #smem, mutable>) {
    tt.call @callee_proxy_write_with_local_frame(%desc, %bar) {allocation.offset = 2048 : i32} : (!tt.tensordesc<64x64xf32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable>) -> ()
    tt.return
  }

  // CHECK-LABEL: callee_local_frame_does_not_alias_caller_buffer
  tt.func public @callee_local_frame_does_not_alias_caller_buffer(%desc: !tt.tensordesc<64x64xf32, #shared>) {
    %buffer = ttg.local_alloc {allocation.offset = 32768 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 49152 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    %value = ttg.local_load %buffer : !ttg.memdesc<64x64xf32, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
    "test.keep"(%value) : (tensor<64x64xf32, #blocked>) -> ()
    // CHECK-NOT: ttng.fence_async_shared
    // CHECK: tt.call @callee_proxy_write_with_local_frame
    tt.call @callee_proxy_write_with_local_frame(%desc, %bar) {allocation.offset = 16384 : i32} : (!tt.tensordesc<64x64xf32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable>) -> ()
    tt.return
  }

  // CHECK-LABEL: callee_local_proxy_summary_uses_call_frame_offset
  tt.func public @callee_local_proxy_summary_uses_call_frame_offset(%desc: !tt.tensordesc<64x64xf32, #shared>) {
    %buffer = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 49152 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    %value = ttg.local_load %buffer : !ttg.memdesc<64x64xf32, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
    "test.keep"(%value) : (tensor<64x64xf32, #blocked>) -> ()
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: tt.call @callee_proxy_write_with_local_frame
    tt.call @callee_proxy_write_with_local_frame(%desc, %bar) {allocation.offset = 16384 : i32} : (!tt.tensordesc<64x64xf32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable>) -> ()
    tt.return
  }

  // CHECK-LABEL: nested_callee_local_proxy_summary_composes_frame_offsets
  tt.func public @nested_callee_local_proxy_summary_composes_frame_offsets(%desc: !tt.tensordesc<64x64xf32, #shared>) {
    %buffer = ttg.local_alloc {allocation.offset = 6144 : i32} : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 49152 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    %value = ttg.local_load %buffer : !ttg.memdesc<64x64xf32, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
    "test.keep"(%value) : (tensor<64x64xf32, #blocked>) -> ()
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: tt.call @forward_proxy_write_with_local_frame
    tt.call @forward_proxy_write_with_local_frame(%desc, %bar) {allocation.offset = 4096 : i32} : (!tt.tensordesc<64x64xf32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable>) -> ()
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, CGALayout = [[1, 0]]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[1, 0]]}>
#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: same_bytes_in_different_ctas_do_not_alias
  tt.func @same_bytes_in_different_ctas_do_not_alias(%desc: !tt.tensordesc<8x32xi32, #shared>, %choose: i1) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %parent = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    %local = ttg.memdesc_subslice %parent [0, 0] : !ttg.memdesc<16x32xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    %remote = ttg.memdesc_subslice %parent [8, 0] : !ttg.memdesc<16x32xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    %selected = arith.select %choose, %remote, %remote : !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    // CHECK: ttg.local_load
    // CHECK-NOT: ttng.fence_async_shared
    // CHECK: ttng.async_tma_copy_global_to_local
    %value = ttg.local_load %local : !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32> -> tensor<8x32xi32, #blocked>
    "test.keep"(%value) : (tensor<8x32xi32, #blocked>) -> ()
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %selected, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    tt.return
  }
}

// -----

#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[1, 0]]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[0, 1]]}>
#local = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#reduce = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[0, 1]]}>
#reduce_result = #ttg.slice<{dim = 1, parent = #reduce}>
#replicated = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[0, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, CGALayout = [[1, 0]]}>
#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Triton 3.9 counts a conversion's scratch in every CTA its source is
  // split over, so this one is fenced (newer Triton's is not).
  // CHECK-LABEL: cta_local_scratch_does_not_alias_remote_cta
  tt.func @cta_local_scratch_does_not_alias_remote_cta(
      %source: tensor<16x32xi32, #src>,
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    // CHECK: ttg.convert_layout
    %converted = ttg.convert_layout %source {allocation.offset = 0 : i32, allocation.size = 1024 : i32} : tensor<16x32xi32, #src> -> tensor<16x32xi32, #local>
    "test.keep"(%converted) : (tensor<16x32xi32, #local>) -> ()
    %parent = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    %remote = ttg.memdesc_subslice %parent [8, 0] : !ttg.memdesc<16x32xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %remote, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    tt.return
  }

  // CHECK-LABEL: cross_cta_scratch_requires_remote_proxy_fence
  tt.func @cross_cta_scratch_requires_remote_proxy_fence(
      %source: tensor<16x32xi32, #src>,
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    // CHECK: ttg.convert_layout
    %converted = ttg.convert_layout %source {allocation.offset = 0 : i32, allocation.size = 1024 : i32} : tensor<16x32xi32, #src> -> tensor<16x32xi32, #dst>
    "test.keep"(%converted) : (tensor<16x32xi32, #dst>) -> ()
    %parent = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    %remote = ttg.memdesc_subslice %parent [8, 0] : !ttg.memdesc<16x32xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %remote, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    tt.return
  }

  // CHECK-LABEL: cross_cta_reduce_scratch_requires_remote_proxy_fence
  tt.func @cross_cta_reduce_scratch_requires_remote_proxy_fence(
      %source: tensor<256x128xf16, #reduce>,
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    // CHECK: "tt.reduce"
    %reduced = "tt.reduce"(%source) ({
    ^bb0(%lhs: f16, %rhs: f16):
      %sum = arith.addf %lhs, %rhs : f16
      tt.reduce.return %sum : f16
    }) {allocation.offset = 0 : i32, allocation.size = 512 : i32, axis = 1 : i32} : (tensor<256x128xf16, #reduce>) -> tensor<256xf16, #reduce_result>
    "test.keep"(%reduced) : (tensor<256xf16, #reduce_result>) -> ()
    %parent = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    %remote = ttg.memdesc_subslice %parent [8, 0] : !ttg.memdesc<16x32xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %remote, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    tt.return
  }

  // Triton 3.9: the scratch of an atomic on a tensor replicated across CTAs
  // (or a scalar) is in CTA 0 only, away from the remote half.
  // CHECK-LABEL: cross_cta_atomic_scratch_requires_remote_proxy_fences
  tt.func @cross_cta_atomic_scratch_requires_remote_proxy_fences(
      %ptr: !tt.ptr<i32>,
      %ptrs: tensor<8x32x!tt.ptr<i32>, #replicated>,
      %cmp: tensor<8x32xi32, #replicated>,
      %values: tensor<8x32xi32, #replicated>,
      %indices: tensor<8x32xi32, #replicated>,
      %desc: !tt.tensordesc<8x32xi32, #shared>) {
    // CHECK-NOT: ttng.fence_async_shared
    %c0 = arith.constant 0 : i32
    %timeout = arith.constant 1 : i64
    %true = arith.constant true
    %parent = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    %remote = ttg.memdesc_subslice %parent [8, 0] : !ttg.memdesc<16x32xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    %atomic_parent = ttg.local_alloc {allocation.offset = 4096 : i32} : () -> !ttg.memdesc<16x32xi32, #shared, #smem, mutable>
    %atomic_dst = ttg.memdesc_subslice %atomic_parent [0, 0] : !ttg.memdesc<16x32xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>

    %scalar = tt.atomic_cas relaxed, gpu, %ptr, %c0, %c0 {allocation.offset = 0 : i32, allocation.size = 4 : i32} : (!tt.ptr<i32>, i32, i32) -> i32
    "test.keep"(%scalar) : (i32) -> ()
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %remote, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>

    %matched = tt.atomic_poll relaxed, gpu, %ptr, %c0 timeout %timeout {allocation.offset = 0 : i32, allocation.size = 4 : i32} : !tt.ptr<i32>, i32 -> i1
    "test.keep"(%matched) : (i1) -> ()
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %remote, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>

    %tensor = tt.atomic_cas relaxed, gpu, %ptrs, %cmp, %values {allocation.offset = 0 : i32, allocation.size = 1024 : i32} : (tensor<8x32x!tt.ptr<i32>, #replicated>, tensor<8x32xi32, #replicated>, tensor<8x32xi32, #replicated>) -> tensor<8x32xi32, #replicated>
    "test.keep"(%tensor) : (tensor<8x32xi32, #replicated>) -> ()
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %remote, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>

    %old = ttg.local_atomic_scatter_rmw add, %atomic_dst[%indices], %values {allocation.offset = 0 : i32, allocation.size = 1024 : i32, axis = 0 : i32} : (!ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>, tensor<8x32xi32, #replicated>, tensor<8x32xi32, #replicated>) -> tensor<8x32xi32, #replicated>
    "test.keep"(%old) : (tensor<8x32xi32, #replicated>) -> ()
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %remote, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable, 16x32>
    tt.return
  }
}
