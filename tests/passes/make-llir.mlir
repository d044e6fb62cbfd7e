// tritium-make-llir{target}: Triton's make_llir stage on TTGIR without
// allocation or barriers: the allocator gives the cross-warp reduction its
// scratch (ttg.shared), and the module comes out in the LLVM dialect.
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=cuda:80})' | FileCheck %s
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=cuda:80 ptx-version=84})' | FileCheck %s
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=hip:gfx942})' 2>&1 | FileCheck %s --check-prefix=HIP

// HIP: error: tritium-make-llir: unsupported target 'hip:gfx942' (no backend of this library lowers it to LLVM)

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {{{.*}}ttg.shared = 16 : i32
// CHECK: llvm.mlir.global external @global_smem()
// CHECK-LABEL: llvm.func @total(
// CHECK-SAME: attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>}
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier
// CHECK-NOT: tt.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @total(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %x = tt.load %a : tensor<512x!tt.ptr<f32>, #blocked>
    %t = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %w = arith.addf %u, %v : f32
      tt.reduce.return %w : f32
    }) : (tensor<512xf32, #blocked>) -> f32
    tt.store %out, %t : !tt.ptr<f32>
    tt.return
  }
}
