// im2col TMA loads on sm90 (spec/nvidia/src/tma.rs, tma_load_im2col): a !ttng.tensordesc_im2col
// kernel argument is a by-value CUtensorMap like a tiled descriptor; the 2-d block (pixels x
// channels) goes in messages along the channels (at most 256 each; message k adds k << 8 to the
// innermost coordinate and fills the k-th column block), the two im2col offsets follow innermost
// first as 16-bit operands. CHECK lines are Triton 3.9.0's convert-triton-gpu-to-llvm output.
// RUN: tritium-opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @im2col_one_message(%arg0: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, tt.nv_tma_desc = 1 : i32}
  // CHECK: nvvm.elect.sync
  // CHECK: "@$0 cp.async.bulk.tensor.4d.shared::cta.global.im2col.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4, $5, $6}], [$7], {$8, $9};", "b,r,l,r,r,r,r,r,h,h" %{{.*}}, %{{.*}}, %arg0, {{.*}} : (i1, !llvm.ptr<3>, !llvm.ptr, i32, i32, i32, i32, !llvm.ptr<3>, i16, i16) -> !llvm.void
  // CHECK-NOT: cp.async.bulk.tensor
  tt.func @im2col_one_message(%tma: !ttng.tensordesc_im2col<16x64xf32, #shared1>, %alloc: !ttg.memdesc<16x64xf32, #shared1, #smem, mutable>, %x: i32, %barrier: !ttg.memdesc<1xi64, #shared0, #smem>, %pred: i1) {
    %off_w = arith.constant 1 : i16
    %off_h = arith.constant 2 : i16
    ttng.async_tma_copy_global_to_local %tma[%x, %x, %x, %x] offsets = [%off_w, %off_h] %alloc, %barrier, %pred : !ttng.tensordesc_im2col<16x64xf32, #shared1>, !ttg.memdesc<1xi64, #shared0, #smem> -> !ttg.memdesc<16x64xf32, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  // 1024 channels: four messages of 256.
  // CHECK-LABEL: llvm.func @im2col_four_messages
  // CHECK-COUNT-4: "@$0 cp.async.bulk.tensor.4d.shared::cta.global.im2col.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4, $5, $6}], [$7], {$8, $9};", "b,r,l,r,r,r,r,r,h,h"
  // CHECK-NOT: cp.async.bulk.tensor
  tt.func @im2col_four_messages(%tma: !ttng.tensordesc_im2col<64x1024xf32, #shared2>, %alloc: !ttg.memdesc<64x1024xf32, #shared2, #smem, mutable>, %x: i32, %barrier: !ttg.memdesc<1xi64, #shared0, #smem>, %pred: i1) {
    %off_w = arith.constant 1 : i16
    %off_h = arith.constant 2 : i16
    ttng.async_tma_copy_global_to_local %tma[%x, %x, %x, %x] offsets = [%off_w, %off_h] %alloc, %barrier, %pred : !ttng.tensordesc_im2col<64x1024xf32, #shared2>, !ttg.memdesc<1xi64, #shared0, #smem> -> !ttg.memdesc<64x1024xf32, #shared2, #smem, mutable>
    tt.return
  }
}
