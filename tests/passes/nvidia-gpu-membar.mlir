// triton-nvidia-gpu-membar: barriers between conflicting shared-memory accesses, within and across blocks (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=80 ptx-version=88},triton-nvidia-gpu-membar{compute-capability=80 ptx-version=88})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=80 ptx-version=88},triton-nvidia-gpu-membar{compute-capability=80 ptx-version=88})' | FileCheck %s

// Read after write (another thread's elements), then the conversion's scratch write after that read.
// CHECK-LABEL: tt.func public @raw_then_war
// CHECK: ttg.local_alloc
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.convert_layout
// CHECK-NOT: ttg.barrier
// CHECK: tt.return

// The write before the branch reaches both successors.
// CHECK-LABEL: tt.func public @across_blocks
// CHECK: ^bb1:
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK: ^bb2:
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.convert_layout
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @raw_then_war(%t: tensor<1024xf32, #blocked1>, %u: tensor<1024xf32, #blocked1>) -> tensor<1024xf32, #blocked2> {
    %a = ttg.local_alloc %t : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    %la = ttg.local_load %a : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked2>
    %c = ttg.convert_layout %u : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked2>
    %s = arith.addf %la, %c : tensor<1024xf32, #blocked2>
    tt.return %s : tensor<1024xf32, #blocked2>
  }
  tt.func public @across_blocks(%t: tensor<1024xf32, #blocked1>, %c: i1) -> tensor<1024xf32, #blocked2> {
    %a = ttg.local_alloc %t : (tensor<1024xf32, #blocked1>) -> !ttg.memdesc<1024xf32, #shared, #smem>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = ttg.local_load %a : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked2>
    cf.br ^bb3(%x : tensor<1024xf32, #blocked2>)
  ^bb2:
    %y = ttg.convert_layout %t : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked2>
    cf.br ^bb3(%y : tensor<1024xf32, #blocked2>)
  ^bb3(%r: tensor<1024xf32, #blocked2>):
    tt.return %r : tensor<1024xf32, #blocked2>
  }
}
