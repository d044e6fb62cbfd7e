// Canonicalization patterns of the `ttg` ops.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// A layout conversion of a shared-memory load becomes a load into the
// converted layout, placed where the load was.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @local_load_to_dot_operand
  // CHECK-NEXT: %[[L:.*]] = ttg.local_load %arg0 token %arg1 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: ttg.local_dealloc %arg0
  // CHECK-NEXT: tt.return %[[L]]
  tt.func @local_load_to_dot_operand(%arg0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %arg1: !ttg.async.token) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.local_load %arg0 token %arg1 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
    ttg.local_dealloc %arg0 : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %1 = ttg.convert_layout %0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %1 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// Folds of a conversion into its consumer (Triton 3.9's convert_layout
// canonicalization): a reorderable reshape whose view stays cheap reads the
// unconverted value; a histogram converts its mask instead; a gather without
// `efficient_layout` reads the unconverted source.
#b0 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [0, 1]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
#h4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reshape_of_convert
  // CHECK-NEXT: %[[R:.*]] = tt.reshape %arg0 allow_reorder : tensor<64x64xf32, #blocked> -> tensor<4096xf32, #blocked1>
  // CHECK-NEXT: tt.return %[[R]]
  tt.func @reshape_of_convert(%arg0: tensor<64x64xf32, #b0>) -> tensor<4096xf32, #b1> {
    %c = ttg.convert_layout %arg0 : tensor<64x64xf32, #b0> -> tensor<64x64xf32, #b2>
    %r = tt.reshape %c allow_reorder : tensor<64x64xf32, #b2> -> tensor<4096xf32, #b1>
    tt.return %r : tensor<4096xf32, #b1>
  }
  // CHECK-LABEL: tt.func @histogram_of_convert
  // CHECK-NEXT: %[[M:.*]] = ttg.convert_layout %arg1 : tensor<256xi1, #blocked1> -> tensor<256xi1, #blocked2>
  // CHECK-NEXT: %[[H:.*]] = tt.histogram %arg0, %[[M]] : tensor<256xi32, #blocked2> -> tensor<512xi32, #blocked1>
  // CHECK-NEXT: tt.return %[[H]]
  tt.func @histogram_of_convert(%arg0: tensor<256xi32, #h4>, %arg1: tensor<256xi1, #b1>) -> tensor<512xi32, #b1> {
    %0 = ttg.convert_layout %arg0 : tensor<256xi32, #h4> -> tensor<256xi32, #b1>
    %1 = tt.histogram %0, %arg1 : tensor<256xi32, #b1> -> tensor<512xi32, #b1>
    tt.return %1 : tensor<512xi32, #b1>
  }
  // CHECK-LABEL: tt.func @gather_of_convert
  // CHECK-NEXT: %[[G:.*]] = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<16x16xf16, #blocked>, tensor<16x16xi32, #blocked>) -> tensor<16x16xf16, #blocked>
  // CHECK-NEXT: tt.return %[[G]]
  tt.func @gather_of_convert(%arg0: tensor<16x16xf16, #b0>, %arg1: tensor<16x16xi32, #b0>) -> tensor<16x16xf16, #b0> {
    %0 = ttg.convert_layout %arg0 : tensor<16x16xf16, #b0> -> tensor<16x16xf16, #b3>
    %1 = tt.gather %0[%arg1] {axis = 0 : i32} : (tensor<16x16xf16, #b3>, tensor<16x16xi32, #b0>) -> tensor<16x16xf16, #b0>
    tt.return %1 : tensor<16x16xf16, #b0>
  }
}

// -----

// An immutable copy of a load from an immutable buffer of the same type is
// that buffer; from a mutable one it stays. Chained subslices add their offsets.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 2, maxPhase = 8, order = [1, 0]}>
// Unswizzled: a swizzled tile may not be sliced (Triton's subslice verifier).
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  // CHECK-LABEL: tt.func @local_alloc_of_local_load
  // CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %arg0
  // CHECK-NEXT: %[[M:.*]] = ttg.local_alloc %arg0 {{.*}}mutable>
  // CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[M]]
  // CHECK-NEXT: %[[B:.*]] = ttg.local_alloc %[[L]]
  // CHECK-NEXT: tt.return %[[A]], %[[B]]
  tt.func @local_alloc_of_local_load(%arg0: tensor<16x16xf16, #blocked>) -> (!ttg.memdesc<16x16xf16, #shared, #smem>, !ttg.memdesc<16x16xf16, #shared, #smem>) {
    %0 = ttg.local_alloc %arg0 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %1 = ttg.local_load %0 : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %2 = ttg.local_alloc %1 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %3 = ttg.local_alloc %arg0 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    %4 = ttg.local_load %3 : !ttg.memdesc<16x16xf16, #shared, #smem, mutable> -> tensor<16x16xf16, #blocked>
    %5 = ttg.local_alloc %4 : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return %2, %5 : !ttg.memdesc<16x16xf16, #shared, #smem>, !ttg.memdesc<16x16xf16, #shared, #smem>
  }
  // CHECK-LABEL: tt.func @subslice_of_subslice
  // CHECK-NEXT: %[[A:.*]] = ttg.local_alloc
  // CHECK-NEXT: %[[S:.*]] = ttg.memdesc_subslice %[[A]][24, 48]
  // CHECK-NEXT: tt.return %[[S]]
  tt.func @subslice_of_subslice() -> !ttg.memdesc<8x16xf16, #plain, #smem, mutable, 32x64> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #plain, #smem, mutable>
    %s = ttg.memdesc_subslice %a[16, 32] : !ttg.memdesc<32x64xf16, #plain, #smem, mutable> -> !ttg.memdesc<16x32xf16, #plain, #smem, mutable, 32x64>
    %t = ttg.memdesc_subslice %s[8, 16] : !ttg.memdesc<16x32xf16, #plain, #smem, mutable, 32x64> -> !ttg.memdesc<8x16xf16, #plain, #smem, mutable, 32x64>
    tt.return %t : !ttg.memdesc<8x16xf16, #plain, #smem, mutable, 32x64>
  }
}
