// initialize-ws-cluster-barriers (Triton 3.9's pass, run by make_llir after
// the ttg->LLVM conversion): the blocks of `ttg.ws_cluster_barrier_count` at
// the end of `ttg.shared` get both mbarriers initialised with num-ctas - 1
// arrivals and a zero counter by thread 0, a cluster fence, and a cluster
// arrive/wait of every warp. CHECK lines from Triton 3.9.0's own pass.
// RUN: tritium-opt %s --split-input-file --initialize-ws-cluster-barriers='compute-capability=90 ptx-version=88' | FileCheck %s
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(initialize-ws-cluster-barriers{compute-capability=90})' | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --pass-pipeline='builtin.module(initialize-ws-cluster-barriers{compute-capability=90})' | FileCheck %s
// RUN: not tritium-opt %s --initialize-ws-cluster-barriers='compute-capability=90 num-ctas=2' 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not tritium-opt %s --initialize-ws-cluster-barriers='compute-capability=sm90' 2>&1 | FileCheck %s --check-prefix=BADVAL

// BADOPT: no such option num-ctas
// BADVAL: for the --compute-capability option: 'sm90' value invalid for integer argument

// CHECK-LABEL: llvm.func @helper
// CHECK-NEXT: llvm.return
// CHECK-LABEL: llvm.func @one_block
// CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[P:.*]] = llvm.icmp "eq" %[[TID]], %[[C0]] : i32
// CHECK-NEXT: %[[S0:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[O0:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %[[B0:.*]] = llvm.getelementptr %[[S0]][%[[O0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %[[P]], %[[B0]] : (i1, !llvm.ptr<3>) -> !llvm.void
// CHECK-NEXT: %[[S1:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[O1:.*]] = llvm.mlir.constant(24 : i32) : i32
// CHECK-NEXT: %[[B1:.*]] = llvm.getelementptr %[[S1]][%[[O1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %[[P]], %[[B1]] : (i1, !llvm.ptr<3>) -> !llvm.void
// CHECK-NEXT: %[[CNT:.*]] = llvm.getelementptr %[[B0]][8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : vector<1xi32>
// CHECK-NEXT: %[[I:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V:.*]] = llvm.insertelement %[[Z]], %[[U]][%[[I]] : i32] : vector<1xi32>
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.shared::cta.b32 [ $0 + 0 ], $1;", "r,r,b" %[[CNT]], %[[V]], %[[P]] : (!llvm.ptr<3>, vector<1xi32>, i1) -> !llvm.void
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$0 fence.mbarrier_init.release.cluster ;", "b" %[[P]] : (i1) -> !llvm.void
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 40 : i32, ttg.ws_cluster_barrier_count = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @helper(%arg0: !llvm.ptr<3>) {
    llvm.return
  }
  llvm.func @one_block(%arg0: !llvm.ptr<1>) attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 128>} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    llvm.return
  }
}

// -----

// Two blocks (bytes 8 and 40 of 72) of 3 arrivals (4 CTAs); 10 worker warps
// met through a warp_specialize of partitions of 8 and 2 warps.
// CHECK-LABEL: llvm.func @two_blocks_worker_warps
// CHECK: llvm.mlir.constant(8 : i32) : i32
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 3;"
// CHECK: llvm.mlir.constant(24 : i32) : i32
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 3;"
// CHECK: "@$2 st.shared::cta.b32 [ $0 + 0 ], $1;"
// CHECK: llvm.mlir.constant(40 : i32) : i32
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 3;"
// CHECK: llvm.mlir.constant(56 : i32) : i32
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 3;"
// CHECK: "@$2 st.shared::cta.b32 [ $0 + 0 ], $1;"
// CHECK-NEXT: "@$0 fence.mbarrier_init.release.cluster ;"
// CHECK-NEXT: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 12>}
// CHECK-NEXT: default {
// CHECK-NEXT:   nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT:   nvvm.cluster.wait {aligned}
// CHECK-NEXT:   ttg.warp_yield
// CHECK-NEXT: }
// CHECK-NEXT: partition0() num_warps(8) {
// CHECK-NEXT:   nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT:   nvvm.cluster.wait {aligned}
// CHECK-NEXT:   ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition1() num_warps(2) {
// CHECK-NEXT:   nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NEXT:   nvvm.cluster.wait {aligned}
// CHECK-NEXT:   ttg.warp_return
// CHECK-NEXT: } : () -> ()
// CHECK-NEXT: llvm.br ^bb1
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 72 : i32, ttg.ws_cluster_barrier_count = 2 : i32, "ttg.total-num-warps" = 14 : i32, "ttg.threads-per-warp" = 32 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @two_blocks_worker_warps(%arg0: !llvm.ptr<1>) attributes {nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 448>} {
    llvm.br ^bb1
  ^bb1:
    llvm.return
  }
}

// -----

// Nothing to initialise: a zero count, no kernel, no count.
// CHECK-LABEL: llvm.func @zero_count
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 40 : i32, ttg.ws_cluster_barrier_count = 0 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @zero_count() attributes {nvvm.kernel = 1 : ui1} {
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @not_a_kernel
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 40 : i32, ttg.ws_cluster_barrier_count = 1 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @not_a_kernel() {
    llvm.return
  }
}

// -----

// CHECK-LABEL: llvm.func @no_count
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @no_count() attributes {nvvm.kernel = 1 : ui1} {
    llvm.return
  }
}
