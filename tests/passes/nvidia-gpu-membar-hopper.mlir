// triton-nvidia-gpu-membar on sm90: what the NVIDIA ops mean to the barrier analysis (warp-group waits
// made warpGroupLocal when a later sync point covers them, mbarrier arrivals and the tensormap acquire
// fence as sync points, TMA store waits followed by a barrier, single-thread mbarrier ops, TMA loads
// before their mbarrier wait, tensormap scratch within one warp, commutative shared atomics).
// CHECK lines from Triton 3.9's allocate-shared-memory-nv + triton-nvidia-gpu-membar on this file.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90 ptx-version=88},triton-nvidia-gpu-membar{compute-capability=90 ptx-version=88})' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90 ptx-version=88},triton-nvidia-gpu-membar{compute-capability=90 ptx-version=88})' | FileCheck %s

// 8 warps: a warp-group wait synchronises both warp groups unless a sync point follows before memory is touched.
// CHECK-LABEL: tt.func public @wait_then_barrier
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32, warpGroupLocal}
// CHECK-NEXT: arith.addi
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func public @wait_then_expect
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32, warpGroupLocal}
// CHECK-NEXT: ttng.barrier_expect
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func public @wait_then_store
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32} :
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-LABEL: tt.func public @wait_then_fence
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32} :
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-LABEL: tt.func public @wait_then_wait
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 1 : i32, warpGroupLocal}
// CHECK-NEXT: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32} :
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func public @wait_then_async_wait
// CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32, warpGroupLocal}
// CHECK-NEXT: ttg.async_wait
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func public @async_wait_then_wait
// CHECK: ttg.async_wait
// CHECK-NEXT: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32} :
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func public @async_wait_then_cvt
// CHECK: ttg.async_wait
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.convert_layout
// CHECK-LABEL: tt.func public @async_wait_then_arrive
// CHECK: ttg.async_wait
// CHECK-NEXT: ttng.arrive_barrier
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func public @store_wait_then_fence
// CHECK: ttng.async_tma_store_wait
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire
// CHECK-NEXT: tt.return
// CHECK-LABEL: tt.func public @store_wait_at_end
// CHECK: ttng.async_tma_store_wait
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wait_then_barrier(%acc: tensor<256xf32, #blocked>, %value: i32) {
    %c1 = arith.constant 1 : i32
    %wait = ttng.warp_group_dot_wait %acc {pendings = 0 : i32} : tensor<256xf32, #blocked>
    %next = arith.addi %value, %c1 : i32
    ttg.barrier local
    tt.return
  }
  tt.func public @wait_then_expect(%acc: tensor<256xf32, #blocked>) {
    %true = arith.constant true
    %barrier = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %wait = ttng.warp_group_dot_wait %acc {pendings = 0 : i32} : tensor<256xf32, #blocked>
    ttng.barrier_expect %barrier, 8, %true : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
  tt.func public @wait_then_store(%acc: tensor<256xf32, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
    %wait = ttng.warp_group_dot_wait %acc {pendings = 0 : i32} : tensor<256xf32, #blocked>
    ttg.local_store %acc, %buf : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, #smem, mutable>
    ttg.barrier local
    tt.return
  }
  tt.func public @wait_then_fence(%acc: tensor<256xf32, #blocked>) {
    %wait = ttng.warp_group_dot_wait %acc {pendings = 0 : i32} : tensor<256xf32, #blocked>
    ttng.fence_async_shared {bCluster = false}
    ttg.barrier local
    tt.return
  }
  tt.func public @wait_then_wait(%acc: tensor<256xf32, #blocked>) {
    %wait = ttng.warp_group_dot_wait %acc {pendings = 1 : i32} : tensor<256xf32, #blocked>
    %wait2 = ttng.warp_group_dot_wait %wait {pendings = 0 : i32} : tensor<256xf32, #blocked>
    tt.return
  }
  tt.func public @wait_then_async_wait(%acc: tensor<256xf32, #blocked>) {
    %wait = ttng.warp_group_dot_wait %acc {pendings = 0 : i32} : tensor<256xf32, #blocked>
    %w = ttg.async_wait {num = 0 : i32}
    tt.return
  }
  tt.func public @async_wait_then_wait(%acc: tensor<256xf32, #blocked>) {
    %w = ttg.async_wait {num = 0 : i32}
    %wait = ttng.warp_group_dot_wait %acc {pendings = 0 : i32} : tensor<256xf32, #blocked>
    tt.return
  }
  tt.func public @async_wait_then_cvt(%acc: tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked2> {
    %w = ttg.async_wait {num = 0 : i32}
    %c = ttg.convert_layout %acc : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked2>
    tt.return %c : tensor<256xf32, #blocked2>
  }
  tt.func public @async_wait_then_arrive() {
    %barrier = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %w = ttg.async_wait {num = 0 : i32}
    ttng.arrive_barrier %barrier, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
  tt.func public @store_wait_then_fence(%g: !tt.ptr<i8>) {
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.tensormap_fenceproxy_acquire %g : !tt.ptr<i8>
    tt.return
  }
  tt.func public @store_wait_at_end() {
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// The tensormap scratch is written and read by one warp (a barrier before reading what another
// thread wrote before it); the acquire fence ends with a block barrier; two creates in a row share
// their scratch.
// CHECK-LABEL: tt.func public @tensormaps
// CHECK: ttng.tensormap_create {{.*}}allocation.offset = 8192 : i32
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire
// CHECK-NEXT: ttg.global_scratch_alloc
// CHECK-NEXT: ttng.tensormap_create {{.*}}allocation.offset = 0 : i32
// CHECK-NEXT: ttg.global_scratch_alloc
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttng.tensormap_create {{.*}}allocation.offset = 0 : i32
// mbarrier init then expect (one thread, and the expect synchronises first); the TMA load before its
// wait; the store wait followed by a barrier.
// CHECK-LABEL: tt.func public @tma_round_trip
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttng.barrier_expect
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK-NEXT: ttng.wait_barrier
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttng.inval_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttng.async_tma_copy_local_to_global
// CHECK-NEXT: ttng.async_tma_store_wait
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: tt.splat
// Unused shared atomics of one commutative integer operation need no barrier between them.
// CHECK-LABEL: tt.func public @local_atomics
// CHECK: ttg.local_atomic_scatter_rmw add
// CHECK-NEXT: ttg.local_atomic_scatter_rmw add
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_atomic_scatter_rmw max
// CHECK-NEXT: ttg.local_atomic_scatter_rmw fadd
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_atomic_scatter_rmw fadd
// CHECK-NEXT: ttg.local_atomic_scatter_rmw add
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_atomic_scatter_rmw add
// CHECK-NEXT: tt.return
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tensormaps(%p: !tt.ptr<f16>, %n: i32, %s: i64, %t: tensor<64x64xf16, #blocked>, %o: !tt.ptr<f16>) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %g0 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %g0, %p, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    %l = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    ttng.tensormap_fenceproxy_acquire %g0 : !tt.ptr<i8>
    %g1 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %g1, %p, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    %g2 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %g2, %p, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    %q = tt.splat %o : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.store %q, %l : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
  tt.func public @tma_round_trip(%d: !tt.tensordesc<64x64xf16, #shared>, %x: i32, %o: !tt.ptr<f16>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %tile = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %x] %tile, %bar, %true : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %l = ttg.local_load %tile : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    ttng.async_tma_copy_local_to_global %d[%x, %x] %tile : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    %q = tt.splat %o : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.store %q, %l : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
  tt.func public @local_atomics(%i: tensor<128xi32, #blocked1>, %v: tensor<128xi32, #blocked1>, %f: tensor<128xf32, #blocked1>) -> tensor<128xi32, #blocked1> {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>
    %fbuf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #shared1, #smem, mutable>
    %a0 = ttg.local_atomic_scatter_rmw add, %buf[%i], %v {axis = 0 : i32} : (!ttg.memdesc<128xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xi32, #blocked1>
    %a1 = ttg.local_atomic_scatter_rmw add, %buf[%i], %v {axis = 0 : i32} : (!ttg.memdesc<128xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xi32, #blocked1>
    %m0 = ttg.local_atomic_scatter_rmw max, %buf[%i], %v {axis = 0 : i32} : (!ttg.memdesc<128xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xi32, #blocked1>
    %f0 = ttg.local_atomic_scatter_rmw fadd, %fbuf[%i], %f {axis = 0 : i32} : (!ttg.memdesc<128xf32, #shared1, #smem, mutable>, tensor<128xf32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xf32, #blocked1>
    %f1 = ttg.local_atomic_scatter_rmw fadd, %fbuf[%i], %f {axis = 0 : i32} : (!ttg.memdesc<128xf32, #shared1, #smem, mutable>, tensor<128xf32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xf32, #blocked1>
    %u0 = ttg.local_atomic_scatter_rmw add, %buf[%i], %v {axis = 0 : i32} : (!ttg.memdesc<128xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xi32, #blocked1>
    %u1 = ttg.local_atomic_scatter_rmw add, %buf[%i], %v {axis = 0 : i32} : (!ttg.memdesc<128xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xi32, #blocked1>
    tt.return %u0 : tensor<128xi32, #blocked1>
  }
}
