// convert-triton-gpu-to-llvm: shared-memory addresses of a conversion through
// a scratch and of local loads/stores. The thread's part of the offset is
// scaled to bytes once; each register XORs in the byte offset of its bits
// that the thread part may also have (Triton 3.9's stores of this conversion
// XOR 4, 8, 12, ... into one byte offset), and the register's other bits are
// an immediate from one of those addresses (not a XOR, shift and add per
// register). Elements travel as integers, one element as a one-element
// vector (Triton's shared stores).
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s

#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 8192 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @transpose_f32(
  tt.func public @transpose_f32(%x: tensor<64x32xf32, #src>) -> tensor<64x32xf32, #dst> {
    // Stores: every register XORs a byte constant (4, 8, ...) into the same
    // byte-scaled thread part.
    // (Each element is stored as a one-element vector of i32, as Triton.)
    // CHECK: llvm.bitcast %arg0 : f32 to i32
    // CHECK: llvm.store %{{[0-9]+}}, %{{[0-9]+}} {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
    // CHECK-NEXT: %[[C4:[0-9]+]] = llvm.mlir.constant(4 : i32) : i32
    // CHECK-NEXT: %[[X4:[0-9]+]] = llvm.xor %[[TB:[0-9]+]], %[[C4]] : i32
    // CHECK-NEXT: %[[P1:[0-9]+]] = llvm.getelementptr %[[BASE:[0-9]+]][%[[X4]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: llvm.bitcast %arg1 : f32 to i32
    // CHECK: llvm.store %{{[0-9]+}}, %[[P1]] {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
    // CHECK-NEXT: %[[C8:[0-9]+]] = llvm.mlir.constant(8 : i32) : i32
    // CHECK-NEXT: %[[X8:[0-9]+]] = llvm.xor %[[TB]], %[[C8]] : i32
    // CHECK-NEXT: llvm.getelementptr %[[BASE]][%[[X8]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: llvm.bitcast %arg2
    // Loads: one XOR per distinct thread-overlapping part, the rest an
    // immediate (256 elements) from that address.
    // CHECK: llvm.load %{{[0-9]+}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    // CHECK-NEXT: llvm.bitcast %{{[0-9]+}} : i32 to f32
    // CHECK-NEXT: %[[D8:[0-9]+]] = llvm.mlir.constant(8 : i32) : i32
    // CHECK-NEXT: %[[Y8:[0-9]+]] = llvm.xor %[[LB:[0-9]+]], %[[D8]] : i32
    // CHECK-NEXT: %[[Q1:[0-9]+]] = llvm.getelementptr %[[BASE]][%[[Y8]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: %[[I256:[0-9]+]] = llvm.mlir.constant(256 : i32) : i32
    // CHECK-NEXT: %[[Q1R:[0-9]+]] = llvm.getelementptr %[[Q1]][%[[I256]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    // CHECK-NEXT: llvm.load %[[Q1R]] {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    // CHECK-NEXT: llvm.bitcast %{{[0-9]+}} : i32 to f32
    // CHECK-NEXT: %[[D16:[0-9]+]] = llvm.mlir.constant(16 : i32) : i32
    // CHECK-NEXT: llvm.xor %[[LB]], %[[D16]] : i32
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32, allocation.size = 8192 : i32} : tensor<64x32xf32, #src> -> tensor<64x32xf32, #dst>
    tt.return %y : tensor<64x32xf32, #dst>
  }
}

// -----

// A local store of f16 with a swizzled layout: one byte-scaled thread part,
// XOR constants in bytes, immediates for the rows above the swizzle.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 4096 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @alloc_f16(
  tt.func public @alloc_f16(%x: tensor<64x32xf16, #blocked>) {
    // CHECK: llvm.bitcast %arg0 : f16 to i16
    // CHECK: llvm.store %{{[0-9]+}}, %[[P0:[0-9]+]] {alignment = 2 : i64} : vector<1xi16>, !llvm.ptr<3>
    // CHECK-NEXT: %[[K:[0-9]+]] = llvm.mlir.constant({{[0-9]+}} : i32) : i32
    // CHECK-NEXT: %[[X:[0-9]+]] = llvm.xor %[[TB:[0-9]+]], %[[K]] : i32
    // CHECK-NEXT: %[[P1:[0-9]+]] = llvm.getelementptr %{{[0-9]+}}[%[[X]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: %[[R1:[0-9]+]] = llvm.mlir.constant({{[0-9]+}} : i32) : i32
    // CHECK-NEXT: %[[Q1:[0-9]+]] = llvm.getelementptr %[[P1]][%[[R1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
    // CHECK-NEXT: llvm.bitcast %arg1 : f16 to i16
    // CHECK: llvm.store %{{[0-9]+}}, %[[Q1]] {alignment = 2 : i64} : vector<1xi16>, !llvm.ptr<3>
    // CHECK-NEXT: %[[R2:[0-9]+]] = llvm.mlir.constant({{[0-9]+}} : i32) : i32
    // CHECK-NEXT: %[[Q2:[0-9]+]] = llvm.getelementptr %[[P0]][%[[R2]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
    // CHECK-NEXT: llvm.bitcast %arg2 : f16 to i16
    // CHECK: llvm.store %{{[0-9]+}}, %[[Q2]] {alignment = 2 : i64} : vector<1xi16>, !llvm.ptr<3>
    // CHECK-NOT: llvm.shl
    // CHECK: llvm.return
    %a = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    tt.return
  }
}
