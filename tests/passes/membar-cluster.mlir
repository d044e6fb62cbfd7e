// Cluster-level synchronisation of multi-CTA modules in triton-nvidia-gpu-membar (spec/nvidia's
// cluster_barriers): cluster barriers after cross-CTA conversions and reductions (in place and in
// loops), before a kernel's return, and between distributed accesses of different buffers (not of one
// buffer); the fence + relaxed cluster barrier that publish a cross-CTA mbarrier initialisation (at a
// control-flow join, reusing a cluster barrier already there); per-CTA buffer sizes of split layouts.
// Inputs from Triton's test/TritonNvidiaGPU/membar-cluster.mlir; CHECK lines from Triton 3.9's
// allocate-shared-memory-nv + triton-nvidia-gpu-membar on this file.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},triton-nvidia-gpu-membar{compute-capability=90})' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},triton-nvidia-gpu-membar{compute-capability=90})' | FileCheck %s
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory -test-print-membar | FileCheck %s

// CHECK: ttg.shared = 32768 : i32
// CHECK-LABEL: @convert_layout_cluster_barrier
// CHECK: ttg.convert_layout %cst {allocation.offset = 0 : i32, allocation.size = 4096 : i32}
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: tt.return
#blockedSplitM = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#blockedSplitN = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[0, 1]]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @convert_layout_cluster_barrier() -> tensor<256x128xf16, #blockedSplitM> {
    %cst = arith.constant dense<0.000000e+00> : tensor<256x128xf16, #blockedSplitM>
    %cvt = ttg.convert_layout %cst : tensor<256x128xf16, #blockedSplitM> -> tensor<256x128xf16, #blockedSplitN>
    %buf = ttg.local_alloc %cvt : (tensor<256x128xf16, #blockedSplitN>) -> !ttg.memdesc<256x128xf16, #shared, #smem, mutable>
    ttg.local_store %cvt, %buf : tensor<256x128xf16, #blockedSplitN> -> !ttg.memdesc<256x128xf16, #shared, #smem, mutable>
    %ld = ttg.local_load %buf : !ttg.memdesc<256x128xf16, #shared, #smem, mutable> -> tensor<256x128xf16, #blockedSplitM>
    tt.return %ld : tensor<256x128xf16, #blockedSplitM>
  }
}

// -----

// CHECK-LABEL: @insert_fence_and_relaxed_cluster_barrier_at_cf_join_after_branch_inits
// CHECK: ^bb3:
// CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT: ttng.cluster_barrier {relaxed = true}
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttg.local_dealloc
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: tt.return
#barrierEncCF = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @insert_fence_and_relaxed_cluster_barrier_at_cf_join_after_branch_inits(%pred: i1) {
    %c0 = arith.constant 0 : i32
    %barrier = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #barrierEncCF, #smem, mutable>
    cf.cond_br %pred, ^bb1, ^bb2
  ^bb1:
    ttng.init_barrier %barrier, 1 : !ttg.memdesc<1xi64, #barrierEncCF, #smem, mutable>
    cf.br ^bb3
  ^bb2:
    ttng.init_barrier %barrier, 1 : !ttg.memdesc<1xi64, #barrierEncCF, #smem, mutable>
    cf.br ^bb3
  ^bb3:
    ttng.wait_barrier %barrier, %c0 : !ttg.memdesc<1xi64, #barrierEncCF, #smem, mutable>
    ttg.local_dealloc %barrier : !ttg.memdesc<1xi64, #barrierEncCF, #smem, mutable>
    tt.return
  }
}

// -----

// CHECK-LABEL: @reduce_nocross_then_cross
// CHECK: }) {allocation.offset = 0 : i32, allocation.size = 128 : i32}
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: "tt.reduce"(%arg0) <{axis = 1 : i32}>
// CHECK: }) {allocation.offset = 0 : i32, allocation.size = 512 : i32}
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: "tt.reduce"(%arg1) <{axis = 0 : i32}>
// CHECK: })
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[0, 1]]}>
#slice0 = #ttg.slice<{dim = 0, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_nocross_then_cross(%t1: tensor<256x128xf16, #blocked>, %t2: tensor<256x128xf16, #blocked>) -> (tensor<128xf16, #slice0>, tensor<256xf16, #slice1>, tensor<128xf16, #slice0>) {
    %red_nc = "tt.reduce"(%t1) ({
    ^bb0(%lhs: f16, %rhs: f16):
      %add = arith.addf %lhs, %rhs : f16
      tt.reduce.return %add : f16
    }) {axis = 0 : i32} : (tensor<256x128xf16, #blocked>) -> tensor<128xf16, #slice0>

    %red_c = "tt.reduce"(%t1) ({
    ^bb0(%lhs: f16, %rhs: f16):
      %add = arith.addf %lhs, %rhs : f16
      tt.reduce.return %add : f16
    }) {axis = 1 : i32} : (tensor<256x128xf16, #blocked>) -> tensor<256xf16, #slice1>

    %red_nc2 = "tt.reduce"(%t2) ({
    ^bb0(%lhs: f16, %rhs: f16):
      %add = arith.addf %lhs, %rhs : f16
      tt.reduce.return %add : f16
    }) {axis = 0 : i32} : (tensor<256x128xf16, #blocked>) -> tensor<128xf16, #slice0>

    tt.return %red_nc, %red_c, %red_nc2 : tensor<128xf16, #slice0>, tensor<256xf16, #slice1>, tensor<128xf16, #slice0>
  }
}

// -----

// CHECK-LABEL: @scf_for_reduce_cluster_barrier
// CHECK: scf.for
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: "tt.reduce"
// CHECK: scf.yield
// CHECK-NEXT: {{^ *}$}}
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: tt.return
#blockedSplitM = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#slice0 = #ttg.slice<{dim = 0, parent = #blockedSplitM}>
#shared1d = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

  tt.func @scf_for_reduce_cluster_barrier() -> tensor<128xf16, #slice0> {
    %cst = arith.constant dense<0.000000e+00> : tensor<256x128xf16, #blockedSplitM>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %init = arith.constant dense<0.000000e+00> : tensor<128xf16, #slice0>
    %loop_res = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<128xf16, #slice0>) {
      %red = "tt.reduce"(%cst) ({
      ^bb0(%lhs: f16, %rhs: f16):
        %add = arith.addf %lhs, %rhs : f16
        tt.reduce.return %add : f16
      }) {axis = 0 : i32} : (tensor<256x128xf16, #blockedSplitM>) -> tensor<128xf16, #slice0>
      scf.yield %red : tensor<128xf16, #slice0>
    }
    %buf = ttg.local_alloc %loop_res : (tensor<128xf16, #slice0>) -> !ttg.memdesc<128xf16, #shared1d, #smem, mutable>
    ttg.local_store %loop_res, %buf : tensor<128xf16, #slice0> -> !ttg.memdesc<128xf16, #shared1d, #smem, mutable>
    %ld = ttg.local_load %buf : !ttg.memdesc<128xf16, #shared1d, #smem, mutable> -> tensor<128xf16, #slice0>
    tt.return %ld : tensor<128xf16, #slice0>
  }
}

// -----

// CHECK: ttg.shared = 16392 : i32
// CHECK-LABEL: @convert_layout_trivial_then_tma_multicast_cluster_barrier
// CHECK: ttg.local_alloc {allocation.offset = 16384 : i32}
// CHECK-NEXT: ttng.init_barrier
// CHECK-NEXT: ttg.convert_layout
// CHECK-NEXT: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttg.local_dealloc
// CHECK-NEXT: ttg.local_dealloc
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: tt.return
#blockedTmaSrc = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#blockedTmaDst = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#nvmmaTma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#barrierEncTma = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @convert_layout_trivial_then_tma_multicast_cluster_barrier(%input: tensor<64x128xf16, #blockedTmaSrc>, %desc: !tt.tensordesc<64x128xf16, #nvmmaTma>) -> tensor<64x128xf16, #blockedTmaDst> {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %barrier = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #barrierEncTma, #smem, mutable>
    ttng.init_barrier %barrier, 1 : !ttg.memdesc<2xi64, #barrierEncTma, #smem, mutable>
    %cvt = ttg.convert_layout %input : tensor<64x128xf16, #blockedTmaSrc> -> tensor<64x128xf16, #blockedTmaDst>
    %dst = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nvmmaTma, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %dst, %barrier, %true {multicast} :
        !tt.tensordesc<64x128xf16, #nvmmaTma>, !ttg.memdesc<2xi64, #barrierEncTma, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmmaTma, #smem, mutable>
    ttng.wait_barrier %barrier, %c0 deps %dst :
        !ttg.memdesc<2xi64, #barrierEncTma, #smem, mutable>,
        !ttg.memdesc<64x128xf16, #nvmmaTma, #smem, mutable>
    ttg.local_dealloc %dst : !ttg.memdesc<64x128xf16, #nvmmaTma, #smem, mutable>
    ttg.local_dealloc %barrier : !ttg.memdesc<2xi64, #barrierEncTma, #smem, mutable>
    tt.return %cvt : tensor<64x128xf16, #blockedTmaDst>
  }
}

// -----

// CHECK-LABEL: @no_cluster_when_same_allocation
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT: ttng.cluster_barrier {relaxed = true}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: tt.return
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#barrierEnc = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_cluster_when_same_allocation(%desc: !tt.tensordesc<64x128xf16, #nvmma>) -> tensor<64x128xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    %barrier = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable>
    ttng.init_barrier %barrier, 1 : !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %barrier, %true {multicast} :
      !tt.tensordesc<64x128xf16, #nvmma>, !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %barrier, %c0 deps %buf :
      !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable>,
      !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttg.local_store %cst, %buf : tensor<64x128xf16, #blocked> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    %ld = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable> -> tensor<64x128xf16, #blocked>
    tt.return %ld : tensor<64x128xf16, #blocked>
  }
}

// -----

// CHECK-LABEL: @cluster_barrier_between_lifetimes_same_offset
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT: ttng.cluster_barrier {relaxed = true}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK: ttg.local_dealloc
// CHECK-NEXT: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#barrierEnc = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster_barrier_between_lifetimes_same_offset(%desc: !tt.tensordesc<64x128xf16, #nvmma>) -> tensor<64x128xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true

    %barrier = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable>
    ttng.init_barrier %barrier, 1 : !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable>
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %a, %barrier, %true {multicast} :
      !tt.tensordesc<64x128xf16, #nvmma>, !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %barrier, %c0 deps %a :
      !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable>,
      !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    %t = ttg.local_load %a : !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable> -> tensor<64x128xf16, #blocked>
    ttg.local_dealloc %a : !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>

    %b = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %b, %barrier, %true {multicast} :
      !tt.tensordesc<64x128xf16, #nvmma>, !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %barrier, %c0 deps %b :
      !ttg.memdesc<2xi64, #barrierEnc, #smem, mutable>,
      !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    %t2 = ttg.local_load %b : !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable> -> tensor<64x128xf16, #blocked>
    ttg.local_dealloc %b : !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>

    tt.return %t2 : tensor<64x128xf16, #blocked>
  }
}

// -----

// CHECK-LABEL: @cluster_arrive_barrier_multicast_init_sync
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT: ttng.cluster_barrier {relaxed = true}
// CHECK-NEXT: ttng.arrive_barrier
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: tt.return
#barrierEncMC = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster_arrive_barrier_multicast_init_sync() {
    %c0 = arith.constant 0 : i32
    %barrier = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #barrierEncMC, #smem, mutable>
    ttng.init_barrier %barrier, 1 : !ttg.memdesc<2xi64, #barrierEncMC, #smem, mutable>
    ttng.arrive_barrier %barrier, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<2xi64, #barrierEncMC, #smem, mutable>
    ttng.wait_barrier %barrier, %c0 : !ttg.memdesc<2xi64, #barrierEncMC, #smem, mutable>
    tt.return
  }
}
