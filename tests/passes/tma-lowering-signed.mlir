// triton-nvidia-tma-lowering of a device-side tt.make_tensor_descriptor whose block is signed over a
// signless pointer: the tensormap's data type comes from the descriptor's block (si32 -> INT32 = 3,
// si64 -> INT64 = 5, i64 -> UINT64 = 4), the element size from the pointer, as Triton's
// getTMAElementType/createTMADesc. TMA min/max reductions read the tensormap's type, so UINT32 for an
// si32 descriptor (Tritium before this test) made desc.atomic_max of negative values wrong.
// The CHECK lines are Triton 3.9's output (run_triton_pass.py --pass triton-nvidia-tma-lowering --target cuda:90).
// RUN: tritium-opt %s --pass-pipeline='builtin.module(triton-nvidia-tma-lowering)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @signed_max
  // CHECK: %[[C4:.*]] = arith.constant 4 : i64
  // CHECK: %[[B:.*]] = arith.muli %arg2, %[[C4]] : i64
  // CHECK-NEXT: ttng.tensormap_create %{{.*}}, %arg0, [%c32_i32, %c32_i32], [%arg1, %arg1], [%[[B]]], [%c1_i32, %c1_i32] {elem_type = 3 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<i32>, i32, i32, i32, i32, i64, i32, i32) -> ()
  // CHECK: ttng.reinterpret_tensor_descriptor %{{.*}} : !tt.ptr<i8> to !tt.tensordesc<32x32xsi32, #shared>
  // CHECK: ttng.async_tma_reduce max, %{{.*}}[%arg1, %arg1] %{{.*}} : !tt.tensordesc<32x32xsi32, #shared>, !ttg.memdesc<32x32xi32, #shared, #smem>
  tt.func public @signed_max(%arg0: !tt.ptr<i32>, %arg1: i32, %arg2: i64, %arg3: tensor<32x32xi32, #blocked>) {
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <i32>, <32x32xsi32, #shared>
    tt.descriptor_reduce max, %0[%arg1, %arg1], %arg3 : !tt.tensordesc<32x32xsi32, #shared>, tensor<32x32xi32, #blocked>
    tt.return
  }
  // CHECK-LABEL: tt.func public @unsigned_max
  // CHECK: ttng.tensormap_create %{{.*}}, %arg0, [%c16_i32, %c32_i32], [%arg1, %arg1], [%{{.*}}], [%c1_i32, %c1_i32] {elem_type = 4 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<i64>, i32, i32, i32, i32, i64, i32, i32) -> ()
  tt.func public @unsigned_max(%arg0: !tt.ptr<i64>, %arg1: i32, %arg2: i64, %arg3: tensor<32x32xi64, #blocked>) {
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <i64>, <32x32xi64, #shared1>
    tt.descriptor_reduce max, %0[%arg1, %arg1], %arg3 : !tt.tensordesc<32x32xi64, #shared1>, tensor<32x32xi64, #blocked>
    tt.return
  }
  // CHECK-LABEL: tt.func public @signed_i64
  // CHECK: %[[C8:.*]] = arith.constant 8 : i64
  // CHECK: %[[B:.*]] = arith.muli %arg2, %[[C8]] : i64
  // CHECK-NEXT: ttng.tensormap_create %{{.*}}, %arg0, [%c16_i32, %c32_i32], [%arg1, %arg1], [%[[B]]], [%c1_i32, %c1_i32] {elem_type = 5 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<i64>, i32, i32, i32, i32, i64, i32, i32) -> ()
  // CHECK: ttng.async_tma_reduce min, %{{.*}}[%arg1, %arg1] %{{.*}} : !tt.tensordesc<32x32xsi64, #shared1>, !ttg.memdesc<32x32xi64, #shared1, #smem>
  tt.func public @signed_i64(%arg0: !tt.ptr<i64>, %arg1: i32, %arg2: i64, %arg3: tensor<32x32xi64, #blocked>) {
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <i64>, <32x32xsi64, #shared1>
    tt.descriptor_reduce min, %0[%arg1, %arg1], %arg3 : !tt.tensordesc<32x32xsi64, #shared1>, tensor<32x32xi64, #blocked>
    tt.return
  }
}
