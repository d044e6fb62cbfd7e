// convert-triton-gpu-to-llvm on shared memory: local_alloc/store/load with
// swizzled addresses and vector accesses, memdesc views, cp.async copies
// and their groups, and ldmatrix loads of mma operands.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 4096 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @round_trip(
  tt.func public @round_trip(%x: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #blocked> {
    // The buffer is allocation.offset bytes into the shared memory.
    // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    // CHECK: %[[OFF:.*]] = llvm.mlir.constant(1024 : i32) : i32
    // CHECK: %[[BASE:.*]] = llvm.getelementptr %[[SMEM]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // Lane bits 0-4 and warp bits 0-1 give offsets 8, 16, 40, 80, 128, 256,
    // 512: every thread-id bit moves by 3 (tid & 127) << 3, and lane bits 2
    // and 3 (rows 1 and 2) also move by 1 with the row's phase, (tid & 12) << 1.
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[M12:.*]] = llvm.mlir.constant(12 : i32) : i32
    // CHECK: %[[A12:.*]] = llvm.and %[[TID]], %[[M12]] : i32
    // CHECK: %[[S12:.*]] = llvm.shl %[[A12]], %{{.*}} : i32
    // CHECK: %[[M127:.*]] = llvm.mlir.constant(127 : i32) : i32
    // CHECK: %[[A127:.*]] = llvm.and %[[TID]], %[[M127]] : i32
    // CHECK: %[[S127:.*]] = llvm.shl %[[A127]], %{{.*}} : i32
    // CHECK: llvm.xor %[[S12]], %[[S127]] : i32
    // Each thread's 8 consecutive f16 are one 16-byte store (of four 32-bit
    // words, as Triton's shared stores pack them).
    // CHECK: llvm.bitcast %arg7 : f16 to i16
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
    %a = ttg.local_alloc %x {allocation.offset = 1024 : i32} : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
    ttg.local_store %x, %a : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK: nvvm.barrier
    ttg.barrier local
    // CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
    // CHECK: llvm.extractelement %[[V]]
    %y = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    // local_dealloc emits nothing.
    // CHECK-NOT: llvm.store
    // CHECK: llvm.return
    ttg.local_dealloc %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.return %y : tensor<32x32xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 4096 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @pipeline(
  tt.func public @pipeline(%p: tensor<32x32x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32}, %m: tensor<32x32xi1, #blocked>, %i: i32) -> (tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf16, #blocked>
    // CHECK: %[[BUF:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %buf = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    // Buffer %i starts %i * 2048 bytes in.
    // CHECK: %[[SIZE:.*]] = llvm.mlir.constant(2048 : i32) : i32
    // CHECK: %[[SKIP:.*]] = llvm.mul %arg16, %[[SIZE]] : i32
    // CHECK: %[[B:.*]] = llvm.getelementptr %[[BUF]][%[[SKIP]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %b = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // 16 bytes per thread, zero-filled where the mask is false.
    // CHECK: llvm.getelementptr %[[B]]
    // CHECK: %[[FULL:.*]] = llvm.mlir.constant(16 : i32) : i32
    // CHECK: %[[NONE:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK: %[[SRC_SIZE:.*]] = llvm.select %arg8, %[[FULL]], %[[NONE]] : i1, i32
    // CHECK: "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, $2;", "r,l,r" %{{.*}}, %arg0, %[[SRC_SIZE]]
    %t = ttg.async_copy_global_to_local %p, %b mask %m other %zero {contiguity = 8 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #shared, #smem, mutable>
    // CHECK: nvvm.cp.async.commit.group
    %c = ttg.async_commit_group tokens %t
    // CHECK: nvvm.cp.async.wait.group 0
    %w = ttg.async_wait %c {num = 0 : i32}
    ttg.barrier local
    // A (k contiguous in shared memory): 4 matrices per ldmatrix.
    // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
    // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
    %s = ttg.memdesc_subslice %b[0, 16] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable, 32x32>
    %a = ttg.local_load %s token %w : !ttg.memdesc<32x16xf16, #shared, #smem, mutable, 32x32> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // B (n contiguous): transposed. Rows 16.. of the buffer start 512
    // elements in.
    // CHECK: llvm.mlir.constant(512 : i32) : i32
    // CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32
    %s2 = ttg.memdesc_subslice %b[16, 0] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x32xf16, #shared, #smem, mutable, 32x32>
    %bb = ttg.local_load %s2 : !ttg.memdesc<16x32xf16, #shared, #smem, mutable, 32x32> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    ttg.local_dealloc %buf : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    tt.return %a, %bb : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// A copy padded with a non-zero `other` (what tritongpu-pipeline makes of a
// masked tt.load with other = -inf inside a tl.range(num_stages=..) loop):
// cp.async zero-fills the masked-off elements as for other = 0, and the
// select after the local_load applies -inf, as in Triton's lowering.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 512 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @nonzero_other(
  tt.func public @nonzero_other(%p: tensor<128x!tt.ptr<f32>, #blocked>, %m: tensor<128xi1, #blocked>) -> tensor<128xf32, #blocked> {
    %ninf = arith.constant dense<0xFF800000> : tensor<128xf32, #blocked>
    %b = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    // CHECK: %[[NINF:.*]] = llvm.mlir.constant(0xFF800000 : f32) : f32
    // CHECK: %[[SRC_SIZE:.*]] = llvm.select %arg1, %{{.*}}, %{{.*}} : i1, i32
    // CHECK-NEXT: "cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x4, $2;", "r,l,r" %{{.*}}, %{{.*}}, %[[SRC_SIZE]]
    // CHECK-NOT: llvm.store
    %t = ttg.async_copy_global_to_local %p, %b mask %m other %ninf : tensor<128x!tt.ptr<f32>, #blocked> -> <128xf32, #shared, #smem, mutable>
    // CHECK: nvvm.cp.async.commit.group
    %c = ttg.async_commit_group tokens %t
    // CHECK: nvvm.cp.async.wait.group 0
    %w = ttg.async_wait %c {num = 0 : i32}
    %v = ttg.local_load %b token %w : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #blocked>
    // CHECK-NOT: llvm.store
    // CHECK: llvm.select %arg1, %{{.*}}, %[[NINF]] : i1, f32
    %r = arith.select %m, %v, %ninf : tensor<128xi1, #blocked>, tensor<128xf32, #blocked>
    tt.return %r : tensor<128xf32, #blocked>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @transposed_view(
  tt.func public @transposed_view(%i: i32) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %buf = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // B^T stored n-major: k is contiguous in the transposed view, so the
    // plain ldmatrix serves.
    // CHECK-NOT: mma_layout<col>
    // CHECK: nvvm.ldmatrix %{{.*}} {{.*}}layout = #nvvm.mma_layout<row>, num = 4
    // CHECK-NOT: mma_layout<col>
    // CHECK: llvm.return
    %t = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared_t, #smem, mutable>
    %b = ttg.local_load %t : !ttg.memdesc<64x64xf16, #shared_t, #smem, mutable> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %b : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 16, perPhase = 4, maxPhase = 2, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 4096 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @i8_operands(
  tt.func public @i8_operands() -> (tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>) {
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x32xi8, #shared, #smem, mutable>
    %b = ttg.local_alloc {allocation.offset = 2048 : i32} : () -> !ttg.memdesc<32x64xi8, #shared1, #smem, mutable>
    // A: 4 consecutive bytes per word, one ldmatrix per warp.
    // CHECK: nvvm.ldmatrix %{{.*}} {{.*}}layout = #nvvm.mma_layout<row>, num = 4
    // CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
    %x = ttg.local_load %a : !ttg.memdesc<64x32xi8, #shared, #smem, mutable> -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    // B: k is strided and 8-bit matrices do not transpose: single bytes.
    // CHECK-NOT: nvvm.ldmatrix
    // CHECK: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
    %y = ttg.local_load %b : !ttg.memdesc<32x64xi8, #shared1, #smem, mutable> -> tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %x, %y : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
}
