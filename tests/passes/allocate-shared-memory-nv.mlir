// allocate-shared-memory-nv: scratch sizes, buffer offsets and ttg.shared, as Triton 3.9 writes them (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=80 ptx-version=88})' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=80 ptx-version=88})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK: module attributes {{.*}}ttg.shared = 8192 : i32
// A reduction across 2 warps needs 8 floats; a 1024-element conversion from 4 to 1 element per thread moves 2 rounds of 512.
// CHECK-LABEL: tt.func public @reduce_then_convert
// CHECK: allocation.offset = 0 : i32, allocation.size = 32 : i32
// CHECK: ttg.convert_layout %arg1 {allocation.offset = 0 : i32, allocation.size = 2048 : i32}
  tt.func public @reduce_then_convert(%x: tensor<4x256xf32, #blocked>, %y: tensor<1024xf32, #blocked1>) -> (tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<1024xf32, #blocked2>) {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x256xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c = ttg.convert_layout %y : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked2>
    tt.return %r, %c : tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<1024xf32, #blocked2>
// Two live buffers side by side; the third reuses the first one's space.
// CHECK-LABEL: tt.func public @buffers
// CHECK: ttg.local_alloc %arg0 {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc %arg0 {allocation.offset = 4096 : i32}
// CHECK: ttg.local_alloc %4 {allocation.offset = 0 : i32}
  }
  tt.func public @buffers(%t: tensor<1024xf32, #blocked1>) -> tensor<1024xf32, #blocked1> {
    %a = ttg.local_alloc %t : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    %b = ttg.local_alloc %t : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    %la = ttg.local_load %a : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked1>
    %lb = ttg.local_load %b : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked1>
    %s = arith.addf %la, %lb : tensor<1024xf32, #blocked1>
    %c = ttg.local_alloc %s : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    %lc = ttg.local_load %c : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked1>
    tt.return %lc : tensor<1024xf32, #blocked1>
// A scalar atomic whose result is used broadcasts it through 4 bytes of scratch.
// CHECK-LABEL: tt.func public @scalar_atomic
// CHECK: tt.atomic_rmw add, acq_rel, gpu, %arg0, %arg1, %true {allocation.offset = 0 : i32, allocation.size = 4 : i32}
  }
  tt.func public @scalar_atomic(%p: !tt.ptr<i32>, %v: i32) -> i32 {
    %true = arith.constant true
    %old = tt.atomic_rmw add, acq_rel, gpu, %p, %v, %true : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return %old : i32
  }
}
