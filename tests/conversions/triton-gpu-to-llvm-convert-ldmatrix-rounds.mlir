// convert-triton-gpu-to-llvm: a ttg.convert_layout whose scratch holds half the tensor (two rounds, split on a
// register bit of both layouts) still reads it with transposed 8x8 matrix loads. The matrices of one load
// must come from one round, so the round's register bit enumerates loads and the next free register bits
// pick the matrices (the first two free bits picked the round bit and every element was read with a 16-bit
// ld.shared). The layouts are attention backward's qT tile (dim 0 fastest) converted for tt.trans into a
// dot operand; Triton 3.9 reads it with 8 ldmatrix.x4.trans too.
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm | FileCheck %s

#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [8, 0], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 2048 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rounds_f16(
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK: nvvm.barrier
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @rounds_f16(%x: tensor<64x32xf16, #blocked1>) -> tensor<64x32xf16, #linear> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 2048 : i32} : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #linear>
    tt.return %y : tensor<64x32xf16, #linear>
  }
}
