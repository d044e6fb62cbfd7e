// mbarriers shared by the CTAs of a cluster (a CGA layout whose block bases are 0) and TMA
// copies with them, in the ttg->LLVM lowering (spec/nvidia/src/tma.rs), as Triton 3.9: the
// leader CTA (broadcast bits of its cluster id 0) initialises, invalidates and waits on the
// barrier, whose count covers every sharing CTA; arrivals and TMA completions go to the
// leader's copy (cluster-rank bits of the address cleared) through shared::cluster; a TMA
// store of a buffer every CTA holds is issued by the leader only. CHECK lines from Triton
// 3.9.0's convert-triton-gpu-to-llvm{compute-capability=90} on the same input.
// RUN: tritium-opt %s --split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @shared_barrier
  // CHECK: %[[ELECT:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
  // CHECK-NEXT: %[[CTA:.*]] = nvg.cluster_id
  // CHECK-NEXT: %[[M:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[BITS:.*]] = llvm.and %[[CTA]], %[[M]] : i32
  // CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[LEAD:.*]] = llvm.icmp "eq" %[[BITS]], %[[Z]] : i32
  // CHECK-NEXT: %[[P:.*]] = llvm.and %[[ELECT]], %[[LEAD]] : i1
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.init.shared::cta.b64 [$1], 2;", "b,r" %[[P]]
  // CHECK: nvvm.barrier
  // CHECK: %[[I1:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
  // CHECK-NEXT: %[[K1:.*]] = llvm.mlir.constant(-16777217 : i32) : i32
  // CHECK-NEXT: %[[A1:.*]] = llvm.and %[[I1]], %[[K1]] : i32
  // CHECK-NEXT: %[[L1:.*]] = llvm.inttoptr %[[A1]] : i32 to !llvm.ptr<3>
  // CHECK-NEXT: llvm.and %{{.*}}, %arg2 : i1
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.arrive.expect_tx.shared::cluster.b64 _, [$1], 16384;", "b,r" %{{.*}}, %[[L1]]
  // CHECK: nvvm.barrier
  // CHECK: llvm.ptrtoint
  // CHECK: llvm.inttoptr
  // CHECK-NEXT: "@$0 mbarrier.arrive.shared::cluster.b64 _, [$1], 2;"
  // CHECK: %[[CTA2:.*]] = nvg.cluster_id
  // CHECK: %[[LEAD2:.*]] = llvm.icmp "eq"
  // CHECK-NEXT: llvm.inline_asm {{.*}}@!$2 bra.uni skipWait;{{.*}}mbarrier.try_wait.parity.shared::cta.b64{{.*}}, "r,r,b" %{{.*}}, %arg1, %[[LEAD2]]
  // CHECK: nvg.cluster_id
  // CHECK: %[[LEAD3:.*]] = llvm.icmp "eq"
  // CHECK-NEXT: %[[P3:.*]] = llvm.and %arg2, %[[LEAD3]] : i1
  // CHECK-NEXT: llvm.inline_asm {{.*}}@!$2 bra.uni skipWait;{{.*}}, "r,r,b" %{{.*}}, %arg1, %[[P3]]
  // CHECK: nvg.cluster_id
  // CHECK: llvm.ptrtoint
  // CHECK: llvm.mlir.constant(-16777217 : i32) : i32
  // CHECK: llvm.inttoptr
  // CHECK-NEXT: "@$0 mbarrier.inval.shared::cta.b64 [$1];"
  tt.func @shared_barrier(%alloc: !ttg.memdesc<1xi64, #shared0, #smem, mutable>, %phase: i32, %pred: i1) {
    ttng.init_barrier %alloc, 1 : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.barrier_expect %alloc, 16384, %pred : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.arrive_barrier %alloc, 2 : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.wait_barrier %alloc, %phase : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.wait_barrier %alloc, %phase, %pred : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.inval_barrier %alloc : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    tt.return
  }
}

// -----

// Four CTAs share one barrier: the leader counts 4 x 3 arrivals; CTA bits 0 and 1 are masked.
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @shared_by_four
  // CHECK: nvg.cluster_id
  // CHECK-NEXT: llvm.mlir.constant(3 : i32) : i32
  // CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 12;"
  // CHECK: llvm.mlir.constant(-50331649 : i32) : i32
  // CHECK: "@$0 mbarrier.inval.shared::cta.b64 [$1];"
  tt.func @shared_by_four(%alloc: !ttg.memdesc<1xi64, #shared0, #smem, mutable>) {
    ttng.init_barrier %alloc, 3 : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    ttng.inval_barrier %alloc : !ttg.memdesc<1xi64, #shared0, #smem, mutable>
    tt.return
  }
}

// -----

// One barrier per CTA: nothing of the cluster.
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @barrier_per_cta
  // CHECK-NOT: nvg.cluster_id
  // CHECK-NOT: llvm.ptrtoint
  // CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1];"
  tt.func @barrier_per_cta(%alloc: !ttg.memdesc<2xi64, #shared0, #smem, mutable>) {
    ttng.arrive_barrier %alloc, 1 : !ttg.memdesc<2xi64, #shared0, #smem, mutable>
    tt.return
  }
}

// -----

#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @tma_cluster_barrier
  // CHECK: llvm.ptrtoint
  // CHECK: llvm.mlir.constant(-16777217 : i32) : i32
  // CHECK: %[[LB:.*]] = llvm.inttoptr
  // CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" {{.*}}, %[[LB]] :
  tt.func @tma_cluster_barrier(%tma: !tt.tensordesc<128x128xf32, #shared1>, %alloc: !ttg.memdesc<128x128xf32, #shared1, #smem, mutable>, %x: i32, %barrier: !ttg.memdesc<1xi64, #shared0, #smem>, %pred: i1) {
    ttng.async_tma_copy_global_to_local %tma[%x, %x] %alloc, %barrier, %pred : !tt.tensordesc<128x128xf32, #shared1>, !ttg.memdesc<1xi64, #shared0, #smem> -> !ttg.memdesc<128x128xf32, #shared1, #smem, mutable>
    tt.return
  }
  // CHECK-LABEL: llvm.func @tma_store_broadcast
  // CHECK: nvvm.elect.sync
  // CHECK: nvg.cluster_id
  // CHECK: llvm.and
  // CHECK: llvm.icmp "eq"
  // CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];"
  // CHECK: nvvm.cp.async.bulk.commit.group
  tt.func @tma_store_broadcast(%tma: !tt.tensordesc<128x128xf32, #shared1>, %alloc: !ttg.memdesc<128x128xf32, #shared1, #smem>, %x: i32) {
    ttng.async_tma_copy_local_to_global %tma[%x, %x] %alloc : !tt.tensordesc<128x128xf32, #shared1>, !ttg.memdesc<128x128xf32, #shared1, #smem>
    tt.return
  }
}

// -----

// A two-CTA module names the CTA group: 2 for the pair's barrier, 1 for a CTA's own.
#pair = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#own = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttng.two-ctas" = true} {
  // CHECK-LABEL: llvm.func @two_cta_groups
  // CHECK: "@$0 cp.async.bulk.tensor.2d.cta_group::2.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];"
  // CHECK: "@$0 cp.async.bulk.tensor.2d.cta_group::1.shared::cta.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];"
  tt.func @two_cta_groups(%tma: !tt.tensordesc<128x128xf32, #shared1>, %alloc: !ttg.memdesc<128x128xf32, #shared1, #smem, mutable>, %x: i32, %b2: !ttg.memdesc<1xi64, #pair, #smem>, %b1: !ttg.memdesc<2xi64, #own, #smem>, %pred: i1) {
    ttng.async_tma_copy_global_to_local %tma[%x, %x] %alloc, %b2, %pred : !tt.tensordesc<128x128xf32, #shared1>, !ttg.memdesc<1xi64, #pair, #smem> -> !ttg.memdesc<128x128xf32, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %tma[%x, %x] %alloc, %b1, %pred : !tt.tensordesc<128x128xf32, #shared1>, !ttg.memdesc<2xi64, #own, #smem> -> !ttg.memdesc<128x128xf32, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// A cluster barrier reaches every warp of a warp-specialized kernel: the 6 worker warps of
// ttg.total-num-warps = 10 through a ttg.warp_specialize (partitions of 4 and 2 warps), and the
// kernel asks for all 320 threads.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 10 : i32} {
  // CHECK-LABEL: llvm.func @cluster_barrier_worker_warps
  // CHECK-SAME: nvvm.reqntid = array<i32: 320>
  // CHECK-NEXT: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 8>}
  // CHECK-NEXT: default {
  // CHECK-NEXT:   nvvm.cluster.arrive.relaxed {aligned}
  // CHECK-NEXT:   nvvm.cluster.wait {aligned}
  // CHECK-NEXT:   ttg.warp_yield
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0() num_warps(4) {
  // CHECK-NEXT:   nvvm.cluster.arrive.relaxed {aligned}
  // CHECK-NEXT:   nvvm.cluster.wait {aligned}
  // CHECK-NEXT:   ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition1() num_warps(2) {
  // CHECK-NEXT:   nvvm.cluster.arrive.relaxed {aligned}
  // CHECK-NEXT:   nvvm.cluster.wait {aligned}
  // CHECK-NEXT:   ttg.warp_return
  // CHECK-NEXT: } : () -> ()
  // CHECK-NEXT: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 8>}
  // CHECK-NEXT: default {
  // CHECK-NEXT:   nvvm.cluster.arrive {aligned}
  // CHECK-NEXT:   nvvm.cluster.wait {aligned}
  tt.func @cluster_barrier_worker_warps() {
    ttng.cluster_barrier {relaxed = true}
    ttng.cluster_barrier
    tt.return
  }
}

// -----

// Multicast arrivals: thread 0 arrives on the barrier of every CTA of its group along the
// multicastCTA bits (the group of CTA 0, 0b0101 for bit 1 of 4 CTAs, shifted by this CTA's
// fixed bits), with PTX 9.4's multicast::cluster form as Triton 3.9 emits it.
#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1], [2]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func @arrive_multicast
  // CHECK: %[[T0:.*]] = llvm.icmp "eq"
  // CHECK-NEXT: %[[CTA:.*]] = nvg.cluster_id
  // CHECK-NEXT: %[[F:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[BASE:.*]] = llvm.and %[[CTA]], %[[F]] : i32
  // CHECK-NEXT: %[[PAT:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-NEXT: %[[MASK:.*]] = llvm.shl %[[PAT]], %[[BASE]] : i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.arrive.shared::cluster.multicast::cluster::32b.b64 _, [$1], $2;", "b,r,r" %[[T0]], %{{.*}}, %[[MASK]]
  // CHECK: %[[P:.*]] = llvm.and %{{.*}}, %arg1 : i1
  // CHECK: "@$0 mbarrier.arrive.shared::cluster.multicast::cluster::32b.b64 _, [$1], 2, $2;", "b,r,r" %[[P]],
  tt.func @arrive_multicast(%alloc: !ttg.memdesc<4xi64, #barrier, #smem, mutable>, %pred: i1) {
    ttng.arrive_barrier %alloc, 1 {multicastCTA = 2 : i32} : !ttg.memdesc<4xi64, #barrier, #smem, mutable>
    ttng.arrive_barrier %alloc, 2, %pred {multicastCTA = 2 : i32} : !ttg.memdesc<4xi64, #barrier, #smem, mutable>
    tt.return
  }
}
