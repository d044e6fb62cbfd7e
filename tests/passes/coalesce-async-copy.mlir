// tritongpu-coalesce-async-copy: clip cp.async vectors to what shared memory takes; coalesce cheap copies (CHECK lines from Triton 3.9's own pass).
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-coalesce-async-copy)' | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-coalesce-async-copy)' | FileCheck %s

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @clip(%arg0: tensor<64x64x!tt.ptr<i8>, #blocked>, %arg1: tensor<64x64xi1, #blocked>) {
// CHECK-NEXT: %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #shared, #smem, mutable>
// CHECK-NEXT: %1 = ttg.convert_layout %arg0 : tensor<64x64x!tt.ptr<i8>, #blocked> -> tensor<64x64x!tt.ptr<i8>, #blocked1>
// CHECK-NEXT: %2 = ttg.convert_layout %arg1 : tensor<64x64xi1, #blocked> -> tensor<64x64xi1, #blocked1>
// CHECK-NEXT: %3 = ttg.async_copy_global_to_local %1, %0 mask %2 : tensor<64x64x!tt.ptr<i8>, #blocked1> -> <64x64xi8, #shared, #smem, mutable>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @cheap(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
// CHECK-NEXT: %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked2>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked2>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>, #blocked2>, tensor<64xi32, #blocked2>
// CHECK-NEXT: %3 = ttg.local_alloc : () -> !ttg.memdesc<64xf32, #shared1, #smem, mutable>
// CHECK-NEXT: %4 = ttg.async_copy_global_to_local %2, %3 : tensor<64x!tt.ptr<f32>, #blocked2> -> <64xf32, #shared1, #smem, mutable>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @clip(%p: tensor<64x64x!tt.ptr<i8>, #blocked>, %m: tensor<64x64xi1, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf mask %m : tensor<64x64x!tt.ptr<i8>, #blocked> -> <64x64xi8, #shared, #smem, mutable>
    tt.return
  }
  tt.func public @cheap(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #b1>
    %s = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #b1>
    %p = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #b1>, tensor<64xi32, #b1>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64xf32, #shared1, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x!tt.ptr<f32>, #b1> -> <64xf32, #shared1, #smem, mutable>
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %x = arith.addi %c1, %c2 : i32
    tt.return
  }
}
