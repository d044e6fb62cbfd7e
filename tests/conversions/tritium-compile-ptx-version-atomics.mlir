// tritium-compile lowers for the PTX version it emits: make_llir gets the
// output's `ptx-version` (8.8 by default), as Triton passes its own to
// make_llir. On sm90 with PTX >= 8.1 a tensor f32 atomic add over four
// consecutive elements of a thread is one `atom...add.v4.f32` (Triton 3.9's
// PTX for a split-K matmul's tl.atomic_add); lowered as for PTX 8.0 it was
// four scalar atomics (split-K matmul at 0.72x Triton on the H100).
// RUN: tritium-compile %s --target cuda:90 -o - --no-metadata | FileCheck %s
// RUN: tritium-compile %s --target cuda:90 --ptx-version 80 -o - --no-metadata | FileCheck %s --check-prefix=PTX80

// CHECK: .version 8.8
// CHECK-COUNT-2: atom.global.gpu.acq_rel.add.v4.f32
// CHECK-NOT: atom.global
// PTX80: .version 8.0
// PTX80-COUNT-8: atom.global.gpu.acq_rel.add.f32
// PTX80-NOT: atom.global
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_f32(%dest: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %src: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %s = tt.splat %src : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %sp = tt.addptr %s, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %sp : tensor<512x!tt.ptr<f32>, #blocked>
    %d = tt.splat %dest : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %dp = tt.addptr %d, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %dp, %v : (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return
  }
}
