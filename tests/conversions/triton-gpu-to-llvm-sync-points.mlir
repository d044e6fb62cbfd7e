// The block barriers the membar analysis counts on in the sm90 lowering: ttng.barrier_expect
// synchronises the block before its arrival, a ttng.warp_group_dot_wait of several warp groups is
// followed by one unless it is warpGroupLocal (CHECK lines from Triton 3.9's
// convert-triton-gpu-to-llvm on this file).
// RUN: tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},convert-triton-gpu-to-llvm{compute-capability=90})' | FileCheck %s

// CHECK-LABEL: llvm.func @expect
// CHECK: nvvm.barrier
// CHECK-NOT: nvvm.barrier
// CHECK: "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 16384;"
// CHECK-LABEL: llvm.func @wait_both_groups
// CHECK: nvg.wgmma_wait_group
// CHECK-NEXT: nvvm.barrier
// CHECK-LABEL: llvm.func @wait_local
// CHECK: nvg.wgmma_wait_group
// CHECK-NOT: nvvm.barrier
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @expect(%pred: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
  tt.func public @wait_both_groups(%acc: tensor<256xf32, #blocked>) {
    %w = ttng.warp_group_dot_wait %acc {pendings = 0 : i32} : tensor<256xf32, #blocked>
    tt.return
  }
  tt.func public @wait_local(%acc: tensor<256xf32, #blocked>) {
    %w = ttng.warp_group_dot_wait %acc {pendings = 0 : i32, warpGroupLocal} : tensor<256xf32, #blocked>
    tt.return
  }
}
