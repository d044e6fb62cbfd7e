// tt.scan on blocked layouts larger than one layout tile along the axis
// (Triton 3.9's ScanOpToLLVM): each thread scans its contiguous elements,
// the chunk totals are scanned across the lanes with shuffles up (down when
// reverse), the last lane of each warp stores its chunk totals to shared
// memory (chunk, warp, position), and after one barrier every thread reads
// the totals of all warps of its chunks, in order, carrying the total of the
// chunks before; with one warp along the axis the running total of the
// chunks comes from the last lane (an indexed shuffle). CHECK lines follow
// Triton 3.9.0's convert-triton-gpu-to-llvm output, except that Triton's
// shuffle of a chunk's total to the next lane is emitted even when the
// chunk has a single element (its result unused; Tritium omits it), a
// reverse scan without lanes along the axis walks its registers and warps
// backwards instead of reversing them with butterfly shuffles (with lanes
// along the axis it runs forward between two such reversals, as Triton's),
// and with several chunks
// per thread every lane stores the chunk totals read from the last lane
// (an indexed shuffle each) where Triton's last lane stores them under a
// predicate (x_scan_tiles_2d: 168 registers instead of 255 and spills).
// RUN: tritium-opt %s -split-input-file -verify-diagnostics -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 128 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // 1024 elements, sizePerThread 1, 4 warps: each thread holds 8 chunks
  // (one element each) one tile (128) apart.
  // CHECK-LABEL: llvm.func @cumsum_tiles(
  // Five lane steps for each of the 8 chunk totals.
  // CHECK-COUNT-40: nvvm.shfl.sync up
  // CHECK: nvvm.shfl.sync idx
  // CHECK: llvm.store {{.*}} !llvm.ptr<3>
  // CHECK-COUNT-7: nvvm.shfl.sync idx
  // CHECK: llvm.store {{.*}} !llvm.ptr<3>
  // CHECK-NOT: shfl.sync
  // CHECK: nvvm.barrier
  // The 4 warps' totals of each of the 8 chunks.
  // CHECK-COUNT-32: llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK-NOT: nvvm.barrier
  // CHECK-NOT: shfl.sync
  // CHECK: llvm.return
  tt.func public @cumsum_tiles(%p: tensor<1024x!tt.ptr<f32>, #blocked>, %x: tensor<1024xf32, #blocked>) {
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.scan.return %c : f32
    }) {allocation.offset = 0 : i32, allocation.size = 128 : i32} : (tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    tt.store %p, %s : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 64 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Reverse, two operands (the linear recurrence h = a*h + x), 2 chunks of
  // sizePerThread 4.
  // CHECK-LABEL: llvm.func @linrec_rev(
  // The 8 distinct registers of both operands move to register 7 - r of
  // lane 31 - lane, then the forward scan.
  // CHECK-COUNT-16: nvvm.shfl.sync bfly
  // Five lane steps for 2 chunks of 2 operands.
  // CHECK-COUNT-20: nvvm.shfl.sync up
  // CHECK-COUNT-4: nvvm.shfl.sync idx
  // CHECK: llvm.store {{.*}} !llvm.ptr<3>
  // CHECK-NOT: shfl.sync
  // CHECK: nvvm.barrier
  // CHECK-COUNT-16: llvm.load {{.*}} : !llvm.ptr<3>
  // The inclusive total of the previous lane, for the chunks' other elements.
  // CHECK-COUNT-4: nvvm.shfl.sync up
  // And back.
  // CHECK-COUNT-16: nvvm.shfl.sync bfly
  // CHECK-NOT: nvvm.barrier
  // CHECK-NOT: shfl.sync
  // CHECK: llvm.return
  tt.func public @linrec_rev(%p: tensor<1024x!tt.ptr<f32>, #blocked>, %a: tensor<1024xf32, #blocked>, %x: tensor<1024xf32, #blocked>) {
    %s:2 = "tt.scan"(%a, %x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a1: f32, %x1: f32, %a2: f32, %x2: f32):
      %p1 = arith.mulf %a1, %a2 : f32
      %q = arith.mulf %a2, %x1 : f32
      %r = arith.addf %q, %x2 : f32
      tt.scan.return %p1, %r : f32, f32
    }) {allocation.offset = 0 : i32, allocation.size = 64 : i32} : (tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>) -> (tensor<1024xf32, #blocked>, tensor<1024xf32, #blocked>)
    tt.store %p, %s#1 : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16384 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Axis 0 of a 2-D tile whose rows repeat above the warps (x_scan_tiles_2d):
  // the lanes hold columns only, so no shuffles; every lane stores its 32
  // chunk totals, and reads both warps' totals of each chunk.
  // CHECK-LABEL: llvm.func @axis0_tiles(
  // CHECK-NOT: shfl.sync
  // CHECK-COUNT-32: llvm.store {{.*}} !llvm.ptr<3>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-64: llvm.load {{.*}} : !llvm.ptr<3>
  // CHECK-NOT: nvvm.barrier
  // CHECK-NOT: shfl.sync
  // CHECK: llvm.return
  tt.func public @axis0_tiles(%p: tensor<64x64x!tt.ptr<i32>, #blocked>, %x: tensor<64x64xi32, #blocked>) {
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) {allocation.offset = 0 : i32, allocation.size = 16384 : i32} : (tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked>
    tt.store %p, %s : tensor<64x64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // One warp along the axis, 4 chunks one tile (32 rows) apart: no shared
  // memory; the total of the chunks before comes from the last lane.
  // CHECK-LABEL: llvm.func @one_warp_tiles(
  // CHECK-NOT: nvvm.barrier
  // CHECK-COUNT-20: nvvm.shfl.sync up
  // CHECK-COUNT-3: nvvm.shfl.sync idx
  // CHECK-NOT: nvvm.barrier
  // CHECK-NOT: shfl.sync
  // CHECK: llvm.return
  tt.func public @one_warp_tiles(%p: tensor<128x4x!tt.ptr<i32>, #blocked>, %x: tensor<128x4xi32, #blocked>) {
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) : (tensor<128x4xi32, #blocked>) -> tensor<128x4xi32, #blocked>
    tt.store %p, %s : tensor<128x4x!tt.ptr<i32>, #blocked>
    tt.return
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
