// Atomics whose old value nothing reads: a relaxed or release one on global
// memory is a `red` (as Triton 3.9 emits it: the semantics `red` has);
// acq_rel ones, exchanges and atomics whose result is used stay `atom`.
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80})' | FileCheck %s
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @atomics(
  tt.func public @atomics(%p: tensor<32x!tt.ptr<f32>, #blocked>, %q: tensor<32x!tt.ptr<i32>, #blocked>, %v: tensor<32xf32, #blocked>, %w: tensor<32xi32, #blocked>) -> tensor<32xi32, #blocked> {
    // CHECK: red.global.gpu.relaxed.add.f32 [ $0 + 0 ], $1;
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
    // CHECK: atom.global.gpu.acq_rel.max.s32 $0, [ $1 + 0 ], $2;
    %1 = tt.atomic_rmw max, acq_rel, gpu, %q, %w : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xi32, #blocked>
    // CHECK: red.global.gpu.release.min.s32 [ $0 + 0 ], $1;
    %4 = tt.atomic_rmw min, release, gpu, %q, %w : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xi32, #blocked>
    // CHECK: atom.global.gpu.relaxed.exch.b32 $0, [ $1 + 0 ], $2;
    %2 = tt.atomic_rmw exch, relaxed, gpu, %q, %w : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xi32, #blocked>
    // CHECK: atom.global.gpu.relaxed.add.u32 $0, [ $1 + 0 ], $2;
    %3 = tt.atomic_rmw add, relaxed, gpu, %q, %w : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xi32, #blocked>
    tt.return %3 : tensor<32xi32, #blocked>
  }
}
