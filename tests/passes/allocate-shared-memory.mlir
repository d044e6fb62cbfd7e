// allocate-shared-memory (generic scratch sizes): scratch and buffer offsets and ttg.shared on a module without ttg.target.
// RUN: tritium-opt %s --allocate-shared-memory | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(allocate-shared-memory)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {{.*}}ttg.shared = 8192 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// A reduction across 2 warps needs 8 floats of scratch.
// CHECK-LABEL: tt.func public @reduce
// CHECK: allocation.offset = 0 : i32, allocation.size = 32 : i32
  tt.func public @reduce(%x: tensor<4x256xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x256xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r : tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
// Two live buffers side by side; the third reuses the first one's space.
// CHECK-LABEL: tt.func public @buffers
// CHECK: ttg.local_alloc %arg0 {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc %arg0 {allocation.offset = 4096 : i32}
// CHECK: ttg.local_alloc %4 {allocation.offset = 0 : i32}
  tt.func public @buffers(%t: tensor<1024xf32, #blocked1>) -> tensor<1024xf32, #blocked1> {
    %a = ttg.local_alloc %t : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    %b = ttg.local_alloc %t : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    %la = ttg.local_load %a : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked1>
    %lb = ttg.local_load %b : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked1>
    %s = arith.addf %la, %lb : tensor<1024xf32, #blocked1>
    %c = ttg.local_alloc %s : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    %lc = ttg.local_load %c : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked1>
    tt.return %lc : tensor<1024xf32, #blocked1>
  }
}
