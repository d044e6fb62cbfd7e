// Membar on subslices (Triton's AllocationSlice): accesses through `ttg.memdesc_subslice` views of a whole
// allocation only conflict when their element boxes overlap (same encoding), so disjoint tiles of one
// buffer need no barrier, also across loop iterations (a WAW of the same tile still does).
// Cases and CHECK lines from Triton's test/Analysis/test-membar.mlir.
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory -test-print-membar | FileCheck %s
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory -test-tritonamdgpu-membar | FileCheck %s

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory

// CHECK-LABEL: @subslice_aliasing
tt.func public @subslice_aliasing(%data: tensor<128x128xf16>) {
    // CHECK: ttg.local_alloc
    %alloc = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttg.memdesc_subslice
    %view0 = ttg.memdesc_subslice %alloc[0, 0] : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.memdesc_subslice
    %view1 = ttg.memdesc_subslice %alloc[0, 64] : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.memdesc_subslice
    %view2 = ttg.memdesc_subslice %alloc[64, 0] : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.memdesc_subslice
    %view3 = ttg.memdesc_subslice %alloc[64, 64] : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.local_store
    ttg.local_store %data, %alloc : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    // RAW between 128x128 store and %data0 local_load, both access part of %view0
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_load
    %data0 = ttg.local_load %view0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128> -> tensor<64x64xf16>
    // WAR between %data0 load and the store, both access %view0
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    ttg.local_store %data0, %view0 : tensor<64x64xf16> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.local_load
    %data1 = ttg.local_load %view1 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128> -> tensor<64x64xf16>
    // WAR between %data1 load and the store, both access %view1
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    ttg.local_store %data1, %view1 : tensor<64x64xf16> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.local_load
    %data2 = ttg.local_load %view2 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128> -> tensor<64x64xf16>
    // WAR between %data2 load and the store, both access %view2
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    ttg.local_store %data2, %view2 : tensor<64x64xf16> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.local_load
    %data3 = ttg.local_load %view3 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128> -> tensor<64x64xf16>
    // WAR between %data3 load and the store, both access %view3
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    ttg.local_store %data3, %view3 : tensor<64x64xf16> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // RAW between %view3 store and %all_res load, both access part of %view3
    // CHECK-NEXT: ttg.barrier local
    // CHECK-NEXT: ttg.local_load
    %all_res = ttg.local_load %alloc : !ttg.memdesc<128x128xf16, #shared, #smem, mutable, 128x128> -> tensor<128x128xf16>
    // CHECK-NEXT: return
    tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory

// CHECK-LABEL: loop_memindex_subslice
tt.func @loop_memindex_subslice(%arg0: tensor<2x128x128xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  // CHECK: ttg.local_alloc
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<2x128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.memdesc_index
  %base = ttg.memdesc_index %alloc[%c0_i32] : !ttg.memdesc<2x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %result = scf.for %iv = %c0 to %c2 step %c1 iter_args(%cur = %base) -> (!ttg.memdesc<128x128xf16, #shared, #smem, mutable>) {
    // CHECK: ttg.memdesc_subslice
    %top_left = ttg.memdesc_subslice %cur[0, 0] : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK: ttg.memdesc_subslice
    %bottom_right = ttg.memdesc_subslice %cur[64, 64] : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    // CHECK-NEXT: ttg.local_load
    %tile = ttg.local_load %top_left : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128> -> tensor<64x64xf16>
    // CHECK: ttg.barrier local
    // CHECK-NEXT: ttg.local_store
    ttg.local_store %tile, %bottom_right : tensor<64x64xf16> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x128>
    %iv_i32 = arith.index_cast %iv : index to i32
    %next = arith.addi %iv_i32, %c1_i32 : i32
    // CHECK: ttg.memdesc_index
    %next_view = ttg.memdesc_index %alloc[%next] : !ttg.memdesc<2x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    scf.yield %next_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  }
  // CHECK: return
  tt.return
}
