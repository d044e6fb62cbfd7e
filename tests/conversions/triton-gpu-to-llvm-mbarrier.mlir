// Hopper mbarrier ops and their neighbours to LLVM on sm90 (spec/nvidia/src/tma.rs): arrive, expect,
// wait (with and without a predicate), cp.async arrivals, the tensormap fields of a 1-d box, and the
// cluster fence and barrier. CHECK lines are Triton 3.9.0's convert-triton-gpu-to-llvm output for
// this file (the arguments of the kernels are memdescs, as in Triton's tritonnvidiagpu_to_llvm.mlir).
// RUN: tritium-opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A kernel takes a memdesc as one struct (base, offsets), as Triton does; thread 0 arrives after a
  // block barrier; a count of 1 is left out.
  // CHECK-LABEL: llvm.func @arrive(%arg0: !llvm.struct<(ptr<3>, i32)>, %arg1: i1
  // CHECK: [[BASE:%.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(ptr<3>, i32)>
  // CHECK: nvvm.barrier
  // CHECK: [[TID:%.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: [[C127:%.*]] = llvm.mlir.constant(127 : i32)
  // CHECK: [[RTID:%.*]] = llvm.and [[TID]], [[C127]]
  // CHECK: [[IS_ZERO:%.*]] = llvm.icmp "eq" [[RTID]], %{{.*}}
  // CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 2;", "b,r" [[IS_ZERO]], [[BASE]] : (i1, !llvm.ptr<3>) -> !llvm.void
  // CHECK: nvvm.barrier
  // CHECK: [[PRED:%.*]] = llvm.and %{{.*}}, %arg1 : i1
  // CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1];", "b,r" [[PRED]], %{{.*}} : (i1, !llvm.ptr<3>) -> !llvm.void
  tt.func @arrive(%bar: !ttg.memdesc<1xi64, #shared0, #smem, mutable>, %pred: i1) {
    ttng.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.arrive_barrier %bar, 1, %pred : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    tt.return
  }
  // CHECK-LABEL: llvm.func @expect
  // CHECK: nvvm.barrier
  // CHECK: [[TID:%.*]] = nvvm.read.ptx.sreg.tid.x
  // CHECK: [[C127:%.*]] = llvm.mlir.constant(127 : i32)
  // CHECK: [[RTID:%.*]] = llvm.and [[TID]], [[C127]]
  // CHECK: [[IS_ZERO:%.*]] = llvm.icmp "eq" [[RTID]], %{{.*}}
  // CHECK: [[PRED:%.*]] = llvm.and [[IS_ZERO]], %arg1
  // CHECK: "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 16384;", "b,r" [[PRED]], %{{.*}} : (i1, !llvm.ptr<3>) -> !llvm.void
  tt.func @expect(%bar: !ttg.memdesc<1xi64, #shared0, #smem, mutable>, %pred: i1) {
    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    tt.return
  }
  // A constant true predicate waits unconditionally; another one skips the wait inside the asm.
  // CHECK-LABEL: llvm.func @wait
  // CHECK: "\0A{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A}\0A", "r,r" %{{.*}}, %arg1 : (!llvm.ptr<3>, i32) -> !llvm.void
  // CHECK: "\0A{\0A\09@!$2 bra.uni skipWait;\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A\09skipWait:\0A}\0A", "r,r,b" %{{.*}}, %arg1, %arg2 : (!llvm.ptr<3>, i32, i1) -> !llvm.void
  tt.func @wait(%bar: !ttg.memdesc<1xi64, #shared0, #smem, mutable>, %phase: i32, %pred: i1) {
    %true = arith.constant true
    ttng.wait_barrier %bar, %phase, %true : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    tt.return
  }
  // CHECK-LABEL: llvm.func @cp_async_arrive
  // CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
  // CHECK: nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true} : !llvm.ptr<3>
  tt.func @cp_async_arrive(%bar: !ttg.memdesc<1xi64, #shared0, #smem, mutable>) {
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    tt.return
  }
  // Fields whose value is 0 (the rank of a 1-d box, element type 0 here, swizzle, interleave, fill)
  // stay as the zeroed scratch has them.
  // CHECK-LABEL: llvm.func @tensormap_1d
  // CHECK: "tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ $0 + 0 ], $1;"
  // CHECK-NOT: tensormap.replace.tile.rank
  // CHECK: "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;"
  // CHECK: "tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;"
  // CHECK: "tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;"
  // CHECK: "tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $0 + 0 ], 0x3;"
  // CHECK-NOT: tensormap.replace.tile
  // CHECK: tensormap.cp_fenceproxy
  tt.func @tensormap_1d(%dst: !tt.ptr<i8>, %src: !tt.ptr<i16>, %n: i32) {
    %c256 = arith.constant 256 : i32
    %c1 = arith.constant 1 : i32
    ttng.tensormap_create %dst, %src, [%c256], [%n], [], [%c1] {elem_type = 3 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32, allocation.offset = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i16>, i32, i32, i32) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A cluster of 2 CTAs marks the kernel with its size.
  // CHECK-LABEL: llvm.func @cluster_init
  // CHECK-SAME: attributes {nvvm.cluster_dim = array<i32: 2>, nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>}
  // CHECK: nvvm.elect.sync
  // CHECK: "@$0 fence.mbarrier_init.release.cluster ;", "b" %{{.*}} : (i1) -> !llvm.void
  // CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
  // CHECK-NEXT: nvvm.cluster.wait {aligned}
  // CHECK-NEXT: nvvm.cluster.arrive {aligned}
  // CHECK-NEXT: nvvm.cluster.wait {aligned}
  tt.func @cluster_init() {
    ttng.fence_mbarrier_init_release_cluster
    ttng.cluster_barrier {relaxed = true}
    ttng.cluster_barrier
    tt.return
  }
}
