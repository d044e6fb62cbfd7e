// tt.gather across warps: the allocator gives it scratch; the source goes to
// shared memory at row-major indices, a barrier, then each result element is
// loaded from its own coordinates with the gathered axis replaced.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=80},convert-triton-gpu-to-llvm)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @gather(
  tt.func public @gather(%x: tensor<512xf32, #blocked>, %i: tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked> {
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier
    // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<512xf32, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return %g : tensor<512xf32, #blocked>
  }
}
