// ttng.async_tma_reduce to PTX on sm90 (spec/nvidia/src/tma.rs), for every element type Triton's
// verifier takes (i32 of either signedness among them): one cp.reduce.async.bulk.tensor per box,
// the operation named by the op's kind and the element type left to the descriptor, then a bulk
// commit. The buffers and the mbarrier are kernel arguments (views of whole allocations, whose
// offsets are run-time values that Triton takes as 0). CHECK lines are Triton 3.9.0's
// convert-triton-gpu-to-llvm output for this file.
// RUN: tritium-opt %s --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @reduce_max_si32
  // CHECK: nvvm.elect.sync
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %{{.*}}, %{{.*}}, %{{.*}} : (i1, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> !llvm.void
  // CHECK-NOT: cp.reduce.async.bulk.tensor
  // CHECK: nvvm.cp.async.bulk.commit.group
  tt.func @reduce_max_si32(%desc: !tt.tensordesc<32x32xsi32, #shared>, %buf: !ttg.memdesc<32x32xi32, #shared, #smem>, %x: i32) {
    ttng.async_tma_reduce max, %desc[%x, %x] %buf : !tt.tensordesc<32x32xsi32, #shared>, !ttg.memdesc<32x32xi32, #shared, #smem>
    tt.return
  }
  // CHECK-LABEL: llvm.func @reduce_min_si32
  // CHECK: nvvm.elect.sync
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.min.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %{{.*}}, %{{.*}}, %{{.*}} : (i1, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> !llvm.void
  // CHECK-NOT: cp.reduce.async.bulk.tensor
  // CHECK: nvvm.cp.async.bulk.commit.group
  tt.func @reduce_min_si32(%desc: !tt.tensordesc<32x32xsi32, #shared>, %buf: !ttg.memdesc<32x32xi32, #shared, #smem>, %x: i32) {
    ttng.async_tma_reduce min, %desc[%x, %x] %buf : !tt.tensordesc<32x32xsi32, #shared>, !ttg.memdesc<32x32xi32, #shared, #smem>
    tt.return
  }
  // CHECK-LABEL: llvm.func @reduce_max_ui32
  // CHECK: nvvm.elect.sync
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %{{.*}}, %{{.*}}, %{{.*}} : (i1, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> !llvm.void
  // CHECK-NOT: cp.reduce.async.bulk.tensor
  // CHECK: nvvm.cp.async.bulk.commit.group
  tt.func @reduce_max_ui32(%desc: !tt.tensordesc<32x32xui32, #shared>, %buf: !ttg.memdesc<32x32xi32, #shared, #smem>, %x: i32) {
    ttng.async_tma_reduce max, %desc[%x, %x] %buf : !tt.tensordesc<32x32xui32, #shared>, !ttg.memdesc<32x32xi32, #shared, #smem>
    tt.return
  }
  // CHECK-LABEL: llvm.func @reduce_xor_si32
  // CHECK: nvvm.elect.sync
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.xor.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %{{.*}}, %{{.*}}, %{{.*}} : (i1, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> !llvm.void
  // CHECK-NOT: cp.reduce.async.bulk.tensor
  // CHECK: nvvm.cp.async.bulk.commit.group
  tt.func @reduce_xor_si32(%desc: !tt.tensordesc<32x32xsi32, #shared>, %buf: !ttg.memdesc<32x32xi32, #shared, #smem>, %x: i32) {
    ttng.async_tma_reduce xor, %desc[%x, %x] %buf : !tt.tensordesc<32x32xsi32, #shared>, !ttg.memdesc<32x32xi32, #shared, #smem>
    tt.return
  }
  // CHECK-LABEL: llvm.func @reduce_add_f32
  // CHECK: nvvm.elect.sync
  // CHECK: "@$0 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %{{.*}}, %arg0, %{{.*}}, %{{.*}}, %{{.*}} : (i1, !llvm.ptr, i32, i32, !llvm.ptr<3>) -> !llvm.void
  // CHECK-NOT: cp.reduce.async.bulk.tensor
  // CHECK: nvvm.cp.async.bulk.commit.group
  tt.func @reduce_add_f32(%desc: !tt.tensordesc<32x32xf32, #shared>, %buf: !ttg.memdesc<32x32xf32, #shared, #smem>, %x: i32) {
    ttng.async_tma_reduce add, %desc[%x, %x] %buf : !tt.tensordesc<32x32xf32, #shared>, !ttg.memdesc<32x32xf32, #shared, #smem>
    tt.return
  }
  // CHECK-LABEL: llvm.func @barrier_argument
  // CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %{{.*}}, %{{.*}} : (i1, !llvm.ptr<3>) -> !llvm.void
  // CHECK: mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;{{.*}}", "r,r" %{{.*}}, %{{.*}} : (!llvm.ptr<3>, i32) -> !llvm.void
  tt.func @barrier_argument(%bar: !ttg.memdesc<1xi64, #shared0, #smem, mutable>, %phase: i32) {
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    tt.return
  }
}
