// triton-nvidia-gpu-proxy-fence-insertion needs the shared-memory offsets of
// allocate-shared-memory-nv: a buffer without one is refused where it is
// allocated, with Triton 3.9's message.
// RUN: tritium-opt %s -triton-nvidia-gpu-proxy-fence-insertion -verify-diagnostics -o /dev/null

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unallocated(%desc: !tt.tensordesc<8x32xi32, #shared>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    // expected-error @below {{ConcurrencySanitizer should run after AllocateSharedMemory pass}}
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<1xi64, #barrier, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<8x32xi32, #shared>, !ttg.memdesc<1xi64, #barrier, #smem, mutable> -> !ttg.memdesc<8x32xi32, #shared, #smem, mutable>
    tt.return
  }
}
