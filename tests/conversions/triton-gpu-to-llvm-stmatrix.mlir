// convert-triton-gpu-to-llvm for cuda:90: warp-wide 8x8 matrix stores
// (stmatrix, Triton's lowerLdStMatrix) where the registers, lanes and the
// shared layout make each lane's 32-bit word and each 16-byte row
// contiguous: layout conversions write their scratch with them where the
// allocator's scratch layout chose them, and local_alloc / local_store try
// the plain form, then the transposed one. Below sm90 there is none.
// Forms and counts are those of Triton 3.9's make_llir on the same input;
// every case here was also checked to write the same bytes to the same
// shared-memory addresses as Triton's lowering (all 128 threads simulated
// by tests/tools/smem_image.py).
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 2048 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // x_rmsnorm's conversion: 8 f16 per thread to 1; the scratch is written
  // with one plain x4 store (the 8 registers as 4 words) and read back
  // with one transposed x4 load.
  // CHECK-LABEL: llvm.func @cvt_f16_x4(
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier
  // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
  // CHECK: llvm.return
  tt.func public @cvt_f16_x4(%x: tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked1> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 2048 : i32} : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
    tt.return %y : tensor<1024xf16, #blocked1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 2048 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // The same conversion for cuda:80: no matrix stores before sm90.
  // CHECK-LABEL: llvm.func @cvt_f16_sm80(
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.store
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.return
  tt.func public @cvt_f16_sm80(%x: tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked1> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 2048 : i32} : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
    tt.return %y : tensor<1024xf16, #blocked1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // x_matmul_hints' epilogue: an mma v3 f16 accumulator to a row-per-warp
  // blocked layout through an 8 KiB scratch in 4 rounds, each written with
  // 4 transposed x4 stores (2048 bytes apart) and read with 4 loads.
  // CHECK-LABEL: llvm.func @cvt_mma_v3_trans(
  // CHECK-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: llvm.load
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: nvvm.stmatrix {{.*}}layout = #nvvm.mma_layout<col>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: llvm.load
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: nvvm.stmatrix {{.*}}layout = #nvvm.mma_layout<col>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: llvm.load
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: nvvm.stmatrix {{.*}}layout = #nvvm.mma_layout<col>
  // CHECK: nvvm.barrier
  // CHECK-COUNT-4: llvm.load
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.return
  tt.func public @cvt_mma_v3_trans(%x: tensor<128x128xf16, #mma>) -> tensor<128x128xf16, #blocked> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 8192 : i32} : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %y : tensor<128x128xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 8, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 512 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // x_rope's conversion of f32 (32-bit words, one element each): one x1
  // store of the thread's one register.
  // CHECK-LABEL: llvm.func @cvt_f32_x1(
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.stmatrix %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func public @cvt_f32_x1(%x: tensor<4x32xf32, #blocked>) -> tensor<4x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 512 : i32} : tensor<4x32xf32, #blocked> -> tensor<4x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %y : tensor<4x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // x_desc_matmul: an mma v3 accumulator into 128-byte-swizzled nvmma
  // shared memory (the TMA store's source): 4 plain x4 stores.
  // CHECK-LABEL: llvm.func @alloc_mma_v3_x4(
  // CHECK-NOT: llvm.store
  // CHECK-COUNT-4: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func public @alloc_mma_v3_x4(%x: tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem> {
    %m = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %m : !ttg.memdesc<64x64xf16, #shared, #smem>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // local_store into the right half of a swizzled buffer (a subslice at
  // column 32): 2 plain x4 stores.
  // CHECK-LABEL: llvm.func @store_subslice_x4(
  // CHECK-NOT: llvm.store
  // CHECK-COUNT-2: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func public @store_subslice_x4(%x: tensor<64x32xf16, #mma>) {
    %m = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %v = ttg.memdesc_subslice %m[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    ttg.local_store %x, %v : tensor<64x32xf16, #mma> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]}>
#row = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#col = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 2048 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A 64x8 mma v3 tile has 4 registers per thread: 2 words, so one x2
  // store; row-major shared takes the plain form, column-major the
  // transposed one.
  // CHECK-LABEL: llvm.func @alloc_x2(
  // CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.return
  tt.func public @alloc_x2(%x: tensor<64x8xf16, #mma>) -> !ttg.memdesc<64x8xf16, #row, #smem> {
    %m = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<64x8xf16, #mma>) -> !ttg.memdesc<64x8xf16, #row, #smem>
    tt.return %m : !ttg.memdesc<64x8xf16, #row, #smem>
  }
  // CHECK-LABEL: llvm.func @alloc_x2_trans(
  // CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK: llvm.return
  tt.func public @alloc_x2_trans(%x: tensor<64x8xf16, #mma>) -> !ttg.memdesc<64x8xf16, #col, #smem> {
    %m = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<64x8xf16, #mma>) -> !ttg.memdesc<64x8xf16, #col, #smem>
    tt.return %m : !ttg.memdesc<64x8xf16, #col, #smem>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 1024 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // 8-bit elements, 4 to a word (plain form only): one x2 store.
  // CHECK-LABEL: llvm.func @alloc_i8_x2(
  // CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32
  // CHECK-NOT: nvvm.stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func public @alloc_i8_x2(%x: tensor<64x16xi8, #blocked>) -> !ttg.memdesc<64x16xi8, #shared, #smem> {
    %m = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<64x16xi8, #blocked>) -> !ttg.memdesc<64x16xi8, #shared, #smem>
    tt.return %m : !ttg.memdesc<64x16xi8, #shared, #smem>
  }
}
