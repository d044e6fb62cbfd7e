// tritongpu-reorder-instructions: allocs after their tensor, B's local_load after A's, dot-operand conversions into the loop using them, conversions after deallocs, transpositions after their source (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-reorder-instructions)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-reorder-instructions)' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @dot_operands(%arg0: tensor<64x32x!tt.ptr<f16>, #blocked>, %arg1: tensor<32x64x!tt.ptr<f16>, #blocked>, %arg2: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %1 = ttg.local_alloc %0 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK-NEXT: %2 = tt.load %arg1 : tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %3 = ttg.local_alloc %2 : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
// CHECK-NEXT: %4 = ttg.local_load %1 : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %5 = ttg.local_load %3 : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %6 = tt.dot %4, %5, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: tt.return %6 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @sink_into_loop(%arg0: tensor<64x32x!tt.ptr<f16>, #blocked>, %arg1: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %arg2: tensor<64x64xf32, #mma>, %arg3: i32) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %1 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %arg2) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: %2 = ttg.convert_layout %0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %3 = tt.dot %2, %arg1, %arg5 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %3 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %1 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @after_dealloc(%arg0: tensor<64x32xf16, #blocked>, %arg1: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
// CHECK-NEXT: ttg.local_dealloc %arg1 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %0 = ttg.convert_layout %arg0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: tt.return %0 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @trans_after_def(%arg0: tensor<32x64x!tt.ptr<f16>, #blocked>, %arg1: tensor<32x64x!tt.ptr<f16>, #blocked>) -> tensor<64x32xf16, #blocked1> {
// CHECK-NEXT: %0 = tt.load %arg0 : tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<32x64xf16, #blocked> -> tensor<64x32xf16, #blocked1>
// CHECK-NEXT: %2 = tt.load %arg1 : tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: tt.return %1 : tensor<64x32xf16, #blocked1>
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_operands(%pa: tensor<64x32x!tt.ptr<f16>, #blocked>, %pb: tensor<32x64x!tt.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked>
    %sb = ttg.local_alloc %b : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
    %lb = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %la, %lb, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func public @sink_into_loop(%pa: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked>
    %ca = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = tt.dot %ca, %b, %x : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @after_dealloc(%a: tensor<64x32xf16, #blocked>, %buf: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %ca = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    ttg.local_dealloc %buf : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    tt.return %ca : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
  tt.func public @trans_after_def(%p: tensor<32x64x!tt.ptr<f16>, #blocked>, %q: tensor<32x64x!tt.ptr<f16>, #blocked>) -> tensor<64x32xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>> {
    %x = tt.load %p : tensor<32x64x!tt.ptr<f16>, #blocked>
    %y = tt.load %q : tensor<32x64x!tt.ptr<f16>, #blocked>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16, #blocked> -> tensor<64x32xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>
    tt.return %t : tensor<64x32xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // B's local_load moves after A's when only an immutable local_alloc lies
  // between them (Triton gives such an alloc no memory effects before
  // allocation, so it does not count as a write).
  // CHECK-LABEL: tt.func public @b_after_a_through_immutable_alloc
  // CHECK-NEXT: %0 = arith.truncf %arg1
  // CHECK-NEXT: %1 = ttg.local_alloc %0 : (tensor<64x32xf16, #mma>) -> !ttg.memdesc<64x32xf16, #shared1, #smem>
  // CHECK-NEXT: %2 = ttg.local_load %1
  // CHECK-NEXT: %3 = ttg.local_load %arg0
  // CHECK-NEXT: %4 = tt.dot %2, %3, %arg2
  tt.func public @b_after_a_through_immutable_alloc(%v: !ttg.memdesc<32x128xf16, #shared, #smem, mutable>, %p: tensor<64x32xf32, #mma>, %acc: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %b = ttg.local_load %v : !ttg.memdesc<32x128xf16, #shared, #smem, mutable> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %p16 = arith.truncf %p : tensor<64x32xf32, #mma> to tensor<64x32xf16, #mma>
    %pa = ttg.local_alloc %p16 : (tensor<64x32xf16, #mma>) -> !ttg.memdesc<64x32xf16, #shared1, #smem>
    %a = ttg.local_load %pa : !ttg.memdesc<64x32xf16, #shared1, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
  // A mutable local_alloc written from a tensor is a write: B stays.
  // CHECK-LABEL: tt.func public @b_stays_before_mutable_alloc
  // CHECK-NEXT: %0 = ttg.local_load %arg0
  // CHECK-NEXT: %1 = arith.truncf %arg1
  // CHECK-NEXT: %2 = ttg.local_alloc %1 : (tensor<64x32xf16, #mma>) -> !ttg.memdesc<64x32xf16, #shared1, #smem, mutable>
  // CHECK-NEXT: %3 = ttg.local_load %2
  // CHECK-NEXT: %4 = tt.dot %3, %0, %arg2
  tt.func public @b_stays_before_mutable_alloc(%v: !ttg.memdesc<32x128xf16, #shared, #smem, mutable>, %p: tensor<64x32xf32, #mma>, %acc: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %b = ttg.local_load %v : !ttg.memdesc<32x128xf16, #shared, #smem, mutable> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %p16 = arith.truncf %p : tensor<64x32xf32, #mma> to tensor<64x32xf16, #mma>
    %pa = ttg.local_alloc %p16 : (tensor<64x32xf16, #mma>) -> !ttg.memdesc<64x32xf16, #shared1, #smem, mutable>
    %a = ttg.local_load %pa : !ttg.memdesc<64x32xf16, #shared1, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
}
