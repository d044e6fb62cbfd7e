// tt.scan on layouts whose registers lie above the lanes and warps along the
// axis (a tensor larger than one layout tile): one step per bit of the axis
// coordinate -- butterfly shuffles for lane bits, shared memory for warp
// bits, register moves for register bits.
// RUN: tritium-opt %s -split-input-file -verify-diagnostics -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80})' | FileCheck %s

// 1024 elements, sizePerThread 1, 4 warps: each thread holds 8 elements one
// tile (128) apart.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 128 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum_tiles(
  tt.func public @cumsum_tiles(%x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked> {
    // Five lane steps, each a butterfly over the 8 tile totals.
    // CHECK-COUNT-8: nvvm.shfl.sync bfly
    // CHECK-COUNT-8: nvvm.shfl.sync bfly
    // CHECK-COUNT-8: nvvm.shfl.sync bfly
    // CHECK-COUNT-8: nvvm.shfl.sync bfly
    // CHECK-COUNT-8: nvvm.shfl.sync bfly
    // Two warp steps through shared memory, a barrier between them.
    // CHECK: llvm.store {{.*}} !llvm.ptr<3>
    // CHECK: nvvm.barrier
    // CHECK: llvm.load {{.*}} !llvm.ptr<3>
    // CHECK: nvvm.barrier
    // CHECK: llvm.store {{.*}} !llvm.ptr<3>
    // CHECK: nvvm.barrier
    // CHECK: llvm.load {{.*}} !llvm.ptr<3>
    // The tiles (register bits) are scanned serially: no communication.
    // CHECK-NOT: nvvm.barrier
    // CHECK-NOT: shfl.sync
    // CHECK: llvm.return
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.scan.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 128 : i32} : (tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    tt.return %s : tensor<1024xf32, #blocked>
  }
}

// -----

// Reverse, two operands (the linear recurrence h = a*h + x), 2 tiles of
// sizePerThread 4.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 64 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @linrec_rev(
  tt.func public @linrec_rev(%a: tensor<1024xf32, #blocked>, %x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked> {
    // Register bits 1 and 2 (in-thread), then five lane steps over the 2 tile
    // totals of both operands, then the warps.
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK-COUNT-4: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier
    // CHECK: llvm.return
    %s:2 = "tt.scan"(%a, %x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a1: f32, %x1: f32, %a2: f32, %x2: f32):
      %p = arith.mulf %a1, %a2 : f32
      %q = arith.mulf %a2, %x1 : f32
      %r = arith.addf %q, %x2 : f32
      tt.scan.return %p, %r : f32, f32
    }) {allocation.offset = 0 : i32, allocation.size = 64 : i32} : (tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>) -> (tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>)
    tt.return %s#1 : tensor<1024xf32, #blocked>
  }
}

// -----

// Axis 0 of a 2-D tile whose rows repeat above the warps: the lanes hold
// columns only, so no shuffles; the warp steps go through shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16384 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @axis0_tiles(
  tt.func public @axis0_tiles(%x: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    // CHECK-NOT: shfl.sync
    // CHECK: llvm.store {{.*}} !llvm.ptr<3>
    // CHECK: nvvm.barrier
    // CHECK: llvm.load {{.*}} !llvm.ptr<3>
    // CHECK-NOT: nvvm.barrier
    // CHECK: llvm.return
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) {allocation.offset = 0 : i32, allocation.size = 16384 : i32} : (tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked>
    tt.return %s : tensor<64x64xi32, #blocked>
  }
}

// -----

// Scratch too small for the warps' tile totals: a diagnostic, not a guess.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @small_scratch(%x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked> {
    // expected-error @+1 {{bytes of scratch cannot hold the values the warps exchange}}
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.scan.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 16 : i32} : (tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    tt.return %s : tensor<1024xf32, #blocked>
  }
}
