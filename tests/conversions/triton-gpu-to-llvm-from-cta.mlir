// Arrivals on other CTAs' mbarriers (`fromCTA`, a barrier with one element per CTA), as Triton
// 3.9 lowers them: the CTA-id bits that are 0 in fromCTA form a group; the group's leader
// (its group bits 0) arrives with threads t < 2^|group|, thread t on the barrier of CTA
// self ^ deposit(t, group) (cluster-rank bits of the address from bit 24), through
// shared::cluster. CHECK lines from Triton 3.9.0's convert-triton-gpu-to-llvm on this input.
// RUN: tritium-opt %s --split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1], [2]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  // fromCTA = 0 of 4 CTAs: CTA 0 arrives on all four barriers (threads 0..3).
  // CHECK-LABEL: llvm.func @from_cta0_of_4
  // CHECK: nvvm.barrier
  // CHECK: llvm.icmp "eq"
  // CHECK-NEXT: %[[T:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: %[[M:.*]] = llvm.mlir.constant(127 : i32) : i32
  // CHECK-NEXT: %[[TID:.*]] = llvm.and %[[T]], %[[M]] : i32
  // CHECK-NEXT: %[[N:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-NEXT: %[[IN:.*]] = llvm.icmp "ult" %[[TID]], %[[N]] : i32
  // CHECK-NEXT: %[[R:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
  // CHECK-NEXT: %[[G:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-NEXT: %[[RG:.*]] = llvm.and %[[R]], %[[G]] : i32
  // CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[LEAD:.*]] = llvm.icmp "eq" %[[RG]], %[[Z]] : i32
  // CHECK-NEXT: %[[P:.*]] = llvm.and %[[IN]], %[[LEAD]] : i1
  // CHECK-NEXT: %[[O0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[S0:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[B0:.*]] = llvm.and %[[TID]], %[[S0]] : i32
  // CHECK-NEXT: %[[A0:.*]] = llvm.mlir.constant(24 : i32) : i32
  // CHECK-NEXT: %[[M0:.*]] = llvm.shl %[[B0]], %[[A0]] : i32
  // CHECK-NEXT: %[[O1:.*]] = llvm.or %[[O0]], %[[M0]] : i32
  // CHECK-NEXT: %[[S1:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[B1:.*]] = llvm.and %[[TID]], %[[S1]] : i32
  // CHECK-NEXT: %[[A1:.*]] = llvm.mlir.constant(24 : i32) : i32
  // CHECK-NEXT: %[[M1:.*]] = llvm.shl %[[B1]], %[[A1]] : i32
  // CHECK-NEXT: %[[O2:.*]] = llvm.or %[[O1]], %[[M1]] : i32
  // CHECK-NEXT: %[[I:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
  // CHECK-NEXT: %[[X:.*]] = llvm.xor %[[I]], %[[O2]] : i32
  // CHECK-NEXT: %[[PEER:.*]] = llvm.inttoptr %[[X]] : i32 to !llvm.ptr<3>
  // CHECK-NEXT: %[[PU:.*]] = llvm.and %[[P]], %arg1 : i1
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.arrive.shared::cluster.b64 _, [$1];", "b,r" %[[PU]], %[[PEER]]
  // Without a predicate operand the group's predicate is used as it is.
  // CHECK: %[[P2:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
  // CHECK: llvm.inttoptr
  // CHECK-NEXT: "@$0 mbarrier.arrive.shared::cluster.b64 _, [$1], 3;", "b,r" %[[P2]],
  tt.func @from_cta0_of_4(%alloc: !ttg.memdesc<4xi64, #barrier, #smem, mutable>, %pred: i1) {
    ttng.arrive_barrier %alloc, 1, %pred {fromCTA = 0 : i32} : !ttg.memdesc<4xi64, #barrier, #smem, mutable>
    ttng.arrive_barrier %alloc, 3 {fromCTA = 0 : i32} : !ttg.memdesc<4xi64, #barrier, #smem, mutable>
    tt.return
  }
}

// -----

#barrier = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1], [2], [4]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 8 : i32, "ttg.num-warps" = 4 : i32} {
  // fromCTA = 2 of 8 CTAs: the group is bits 0 and 2 (mask 5); thread bit 1 moves to CTA bit 2.
  // CHECK-LABEL: llvm.func @expect_from_cta2_of_8
  // CHECK: llvm.mlir.constant(4 : i32) : i32
  // CHECK-NEXT: llvm.icmp "ult"
  // CHECK-NEXT: nvvm.read.ptx.sreg.cluster.ctarank
  // CHECK-NEXT: llvm.mlir.constant(5 : i32) : i32
  // CHECK: llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: llvm.and
  // CHECK-NEXT: llvm.mlir.constant(24 : i32) : i32
  // CHECK: llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: llvm.and
  // CHECK-NEXT: llvm.mlir.constant(25 : i32) : i32
  // CHECK: "@$0 mbarrier.arrive.expect_tx.shared::cluster.b64 _, [$1], 64;"
  tt.func @expect_from_cta2_of_8(%alloc: !ttg.memdesc<8xi64, #barrier, #smem, mutable>, %pred: i1) {
    ttng.barrier_expect %alloc, 64 {fromCTA = 2 : i32}, %pred : !ttg.memdesc<8xi64, #barrier, #smem, mutable>
    tt.return
  }
}
