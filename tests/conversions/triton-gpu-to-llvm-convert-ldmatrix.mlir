// convert-triton-gpu-to-llvm: a ttg.convert_layout through shared memory reads
// its scratch with warp-wide 8x8 matrix loads where the allocator's scratch
// layout chose them (Triton's instruction-aware swizzling, from sm75), and
// with plain loads otherwise.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s

#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A 16-bit transpose: 8-element vector stores (as 4 words, as Triton),
  // transposed matrix loads
  // (4 matrices each, 2 of them cover the thread's 16 registers).
  // CHECK-LABEL: llvm.func @transpose_f16(
  // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @transpose_f16(%x: tensor<64x32xf16, #blocked2>) -> tensor<64x32xf16, #blocked1> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 4096 : i32} : tensor<64x32xf16, #blocked2> -> tensor<64x32xf16, #blocked1>
    tt.return %y : tensor<64x32xf16, #blocked1>
  }
}

// -----

#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // The same transpose of 32-bit elements: no transposed matrix load exists
  // for them, so plain loads.
  // CHECK-LABEL: llvm.func @transpose_f32(
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  // CHECK-NOT: nvvm.ldmatrix
  // CHECK: llvm.return
  tt.func public @transpose_f32(%x: tensor<64x32xf32, #blocked2>) -> tensor<64x32xf32, #blocked1> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 8192 : i32} : tensor<64x32xf32, #blocked2> -> tensor<64x32xf32, #blocked1>
    tt.return %y : tensor<64x32xf32, #blocked1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#b1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 32 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Eight 32-bit elements broadcast over the lanes: one 8x8 matrix of 16-bit
  // words whose rows repeat; each lane's word is one i32.
  // CHECK-LABEL: llvm.func @slice_i32(
  // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> i32
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @slice_i32(%x: tensor<8xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<8xi32, #b1d> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 32 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<8xi32, #b1d>
    tt.return %y : tensor<8xi32, #b1d>
  }
}
