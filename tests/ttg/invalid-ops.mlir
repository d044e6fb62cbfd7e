// Diagnostics of the `ttg` op verifiers, the memdesc type, the module-attribute
// placement rules and the tensor-layout context checks.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @module_warps() {
    // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @function_scope() attributes {"ttg.num-warps" = 8 : i32} {
    // expected-error @+1 {{Layout has 4 warps per CTA, but the context requires 8 warps per CTA}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @partition_scope() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      // expected-error @+1 {{Layout has 8 warps per CTA, but the context requires 2 warps per CTA}}
      %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @lanes() {
    // expected-error @+1 {{Layout has 32 threads per warp, but the module specifies 64 threads per warp.}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func @no_num_warps() {
    // expected-error @+1 {{Could not determine the number of warps per CTA}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @ctas() {
    // expected-error @+1 {{Layout has 2 CTAs per CGA, but the context requires 1 CTAs per CGA}}
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    tt.return
  }
}

// -----

// expected-error @+1 {{'ttg.threads-per-warp' may only be set on a module}}
tt.func @misplaced() attributes {"ttg.threads-per-warp" = 32 : i32} {
  tt.return
}

// -----

tt.func @misplaced_warps() {
  // expected-error @+1 {{'ttg.num-warps' may only be set on a module or a tt.func}}
  %0 = arith.constant {"ttg.num-warps" = 4 : i32} 0 : i32
  tt.return
}

// -----

// expected-error @+1 {{'ttg.num-warps' must be a positive power-of-two integer, got 3 : i32}}
module attributes {"ttg.num-warps" = 3 : i32} {
}

// -----

// expected-error @+1 {{'ttg.target' must be a string such as "cuda:80", got 80 : i32}}
module attributes {ttg.target = 80 : i32} {
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape has 0 dimension}}
tt.func @zero_dim(%m: !ttg.memdesc<0x4xf16, #shared, #smem>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape must be less than or equal to allocShape. shape = 8, 4, allocShape = 4, 4}}
tt.func @alloc_shape(%m: !ttg.memdesc<8x4xf16, #shared, #smem, mutable, 4x4>) {
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{is not a valid encoding}}
tt.func @distributed_memdesc(%m: !ttg.memdesc<8x4xf16, #blocked, #smem>) {
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @+1 {{is not a memory space}}
tt.func @bad_space(%m: !ttg.memdesc<8x4xf16, #shared, #shared>) {
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @immutable_alloc() {
    // expected-error @+1 {{Cannot allocate an immutable buffer without an initializer}}
    %0 = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @store_immutable(%t: tensor<32x32xf16, #blocked>, %m: !ttg.memdesc<32x32xf16, #shared, #smem>) {
    // expected-error @+1 {{Cannot store into immutable memory}}
    ttg.local_store %t, %m : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @load_shape(%m: !ttg.memdesc<32x16xf16, #shared, #smem>) {
    // expected-error @+1 {{shape mismatch: memdesc [32, 16], result [32, 32]}}
    %0 = ttg.local_load %m : !ttg.memdesc<32x16xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @load_element(%m: !ttg.memdesc<32x32xf32, #shared, #smem>) {
    // expected-error @+1 {{element types must match}}
    %0 = ttg.local_load %m : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_rank(%m: !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{result shape must equal to srcShape[1:]}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_rank2(%m: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{result rank must be input rank - 1}}
  %0 = ttg.memdesc_index %m[%i] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_bounds(%m: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{The split offset may not exceed the source shape}}
  %0 = ttg.memdesc_subslice %m[0, 32] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable, 32x32>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_offsets(%m: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{offsets must have one entry per dimension (2)}}
  %0 = ttg.memdesc_subslice %m[0] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x16xf16, #shared, #smem, mutable, 32x32>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @trans_order(%m: !ttg.memdesc<32x16xf16, #shared, #smem>) {
  // expected-error @+1 {{order [1, 1] is not a permutation of 0..2}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 1>} : !ttg.memdesc<32x16xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @trans_shape(%m: !ttg.memdesc<32x16xf16, #shared, #smem>) {
  // expected-error @+1 {{result shape [32, 16] is not the source shape permuted ([16, 32])}}
  %0 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<32x16xf16, #shared, #smem> -> !ttg.memdesc<32x16xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @reshape_count(%m: !ttg.memdesc<32x16xf16, #shared, #smem>) {
  // expected-error @+1 {{reshape must keep the number of elements (512 vs 256)}}
  %0 = ttg.memdesc_reshape %m : !ttg.memdesc<32x16xf16, #shared, #smem> -> !ttg.memdesc<16x16xf16, #shared, #smem>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @fp4(%x: tensor<32x16xi8, #blocked>) {
    // expected-error @+1 {{result shape [32, 16] must be the source shape with dimension 1 doubled ([32, 32])}}
    %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x16xbf16, #blocked>
    tt.return
  }
}

// -----

tt.func @partition_warps() {
  // expected-error @+1 {{partition #0 number of warps (3) must be a power of 2}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(3) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @actual_registers() {
  // expected-error @+1 {{'actualRegisters' has 1 entries but expected 2 for 1 partitions}}
  ttg.warp_specialize() attributes {actualRegisters = array<i32: 232>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @start_ids() {
  // expected-error @+1 {{'ttg.warp_specialize' op has 2 warp group start IDs but expected 1}}
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 8>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @capture_type(%arg0: i32) {
  ttg.warp_specialize(%arg0)
  default {
    ttg.warp_yield
  }
  // The partitions op, and its diagnostics, sit at `partition0`.
  // expected-error @+1 {{partition region #0 argument #0 has type 'i64' but corresponding capture has type 'i32'}}
  partition0(%arg1: i64) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @yield_count(%arg0: i32) {
  %0 = ttg.warp_specialize()
  default {
    // expected-error @+1 {{'ttg.warp_yield' op has 0 operands but parent op expected 1}}
    ttg.warp_yield
  } : () -> i32
  tt.return
}

// -----

tt.func @yield_type(%arg0: i32, %arg1: i64) {
  %0 = ttg.warp_specialize()
  default {
    // expected-error @+1 {{'ttg.warp_yield' op operand #0 has type 'i64' but parent op expected 'i32'}}
    ttg.warp_yield %arg1 : i64
  } : () -> i32
  tt.return
}

// -----

tt.func @barrier() {
  // expected-error @+1 {{unknown address space 'shared'}}
  ttg.barrier local|shared
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_kwidth(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                      %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>,
                      %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{mismatching kWidth between A and B operands}}
    %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_opidx(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                     %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                     %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{Wrong opIdx}}
    %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_parent(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>,
                      %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                      %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{Incompatible parent encoding}}
    %0 = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#bad = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [4, 4, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @join_layout(%x: tensor<32x32xf32, #blocked>) {
    // The result layout holds the joined dimension in lanes: splitting it fails.
    // expected-error @+1 {{SplitOp requires at least 2 elements per thread in the axis/last dimension}}
    %0 = tt.join %x, %x : tensor<32x32xf32, #blocked> -> tensor<32x32x2xf32, #bad>
    tt.return
  }
}

// -----

#src = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reshape_moves(%x: tensor<4x256xf32, #src>) {
    // expected-error @+1 {{Expected result encoding #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> but was #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}}
    %0 = tt.reshape %x : tensor<4x256xf32, #src> -> tensor<1024xf32, #dst>
    %1 = tt.reshape %x allow_reorder : tensor<4x256xf32, #src> -> tensor<1024xf32, #dst>
    tt.return
  }
}

// -----

// `efficient_layout` does not exempt a reshape from the inferred encoding
// (Triton 3.9 rejects this); `allow_reorder` keeps any cheap view (same
// broadcast bits and elements per thread), here a transposed blocked layout.
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reshape_efficient_layout(%x: tensor<64x32xf32, #src>) {
    // expected-error @+1 {{Expected result encoding #ttg.linear<{register = [[0, 1], [0, 2], [0, 16], [16, 0]], lane = [[0, 4], [0, 8], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}> but was #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>}}
    %0 = tt.reshape %x efficient_layout : tensor<64x32xf32, #src> -> tensor<32x64xf32, #dst>
    %1 = tt.reshape %x allow_reorder : tensor<64x32xf32, #src> -> tensor<32x64xf32, #dst>
    %2 = tt.reshape %x allow_reorder efficient_layout : tensor<64x32xf32, #src> -> tensor<32x64xf32, #dst>
    tt.return
  }
}

// -----

// `allow_reorder` does not cover an expensive view: the slice broadcasts over
// lanes and holds 64 elements per thread where the source holds 16.
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #src}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reshape_reorder_expensive(%x: tensor<64x32xf32, #src>) {
    // expected-error @+1 {{Expected result encoding #ttg.linear<{register = [[1], [2], [16], [1024]], lane = [[4], [8], [32], [64], [128]], warp = [[256], [512]], block = []}> but was #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>}}
    %0 = tt.reshape %x allow_reorder : tensor<64x32xf32, #src> -> tensor<2048xf32, #slice>
    tt.return
  }
}

// -----

// An f32 dot on MMA v2 must take its inputs as tf32 (the default
// precision is ieee).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_f32_ieee_mma_v2(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>,
                               %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>,
                               %c: tensor<32x32xf32, #mma>) {
    %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    // expected-error @+1 {{unsupported MMA version}}
    %1 = tt.dot %a, %b, %c : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_f32_tf32x3_mma_v2(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>,
                                 %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>,
                                 %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{unsupported MMA version}}
    %0 = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

// A batched (rank-3) dot on MMA v2: f16 is accepted, f32 needs tf32.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_batched_mma_v2(%a: tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                              %b: tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                              %c: tensor<2x32x32xf32, #mma>,
                              %fa: tensor<2x32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>,
                              %fb: tensor<2x16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>) {
    %0 = tt.dot %a, %b, %c : tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x32x32xf32, #mma>
    %1 = tt.dot %fa, %fb, %c, inputPrecision = tf32 : tensor<2x32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<2x16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<2x32x32xf32, #mma>
    // expected-error @+1 {{unsupported MMA version}}
    %2 = tt.dot %fa, %fb, %c : tensor<2x32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<2x16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<2x32x32xf32, #mma>
    tt.return
  }
}

// -----

// Integers other than i8 have no MMA.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_i16_mma_v2(%a: tensor<32x32xi16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                          %b: tensor<32x32xi16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                          %c: tensor<32x32xi32, #mma>) {
    // expected-error @+1 {{unsupported MMA version}}
    %0 = tt.dot %a, %b, %c : tensor<32x32xi16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xi16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xi32, #mma>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @gather_layout(%src: tensor<32x32xf32, #blocked>, %idx: tensor<32x32xi32, #other>) {
    // expected-error @+1 {{indices and output encodings must match}}
    %0 = "tt.gather"(%src, %idx) <{axis = 0 : i32}> : (tensor<32x32xf32, #blocked>, tensor<32x32xi32, #other>) -> tensor<32x32xf32, #blocked>
    tt.return
  }
}

// -----

#b0 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @warp_shuffle(%x: tensor<32x32xf32, #b0>) {
    // expected-error @+1 {{'ttg.convert_layout' op force_warp_shuffle requires a conversion within one warp}}
    %1 = ttg.convert_layout %x {force_warp_shuffle} : tensor<32x32xf32, #b0> -> tensor<32x32xf32, #b1>
    tt.return
  }
}

// -----

#linear = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @atomic_scatter_ptr(%v: tensor<32x!tt.ptr<i32>, #linear>, %i: tensor<32xi32, #linear>, %dst: !ttg.memdesc<32x!tt.ptr<i32>, #shared, #smem, mutable>) attributes {"ttg.num-warps" = 1 : i32} {
  // expected-error @+1 {{'ttg.local_atomic_scatter_rmw' op values must have integer or floating element type}}
  %0 = ttg.local_atomic_scatter_rmw add, %dst[%i], %v {axis = 0 : i32} : (!ttg.memdesc<32x!tt.ptr<i32>, #shared, #smem, mutable>, tensor<32x!tt.ptr<i32>, #linear>, tensor<32xi32, #linear>) -> tensor<32x!tt.ptr<i32>, #linear>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @reinterpret_mutability(%a: !ttg.memdesc<8x16xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_reinterpret' op source and result must have the same mutability}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<8x16xf16, #shared, #smem> -> !ttg.memdesc<8x16xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#partitioned = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #shared}>
#smem = #ttg.shared_memory
tt.func @reinterpret_partitioned(%a: !ttg.memdesc<128x16xf16, #partitioned, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_reinterpret' op cannot reinterpret partitioned shared layouts}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<128x16xf16, #partitioned, #smem, mutable> -> !ttg.memdesc<128x16xi16, #partitioned, #smem, mutable>
  tt.return
}

// -----

#padded = #ttg.padded_shared<[128:+8] {order = [1, 0], shape = [16, 128]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @reinterpret_padding(%a: !ttg.memdesc<16x128xf16, #padded, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_reinterpret' op cannot reinterpret between padded and non-padded layouts}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<16x128xf16, #padded, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#split = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}>
#bcast = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reinterpret_cta_view(%v: !ttg.memdesc<4x16xf16, #split, #smem, mutable, 8x16>) {
    // expected-error @+1 {{'ttg.memdesc_reinterpret' op cannot reinterpret a source subview sliced across CTAs}}
    %0 = ttg.memdesc_reinterpret %v : !ttg.memdesc<4x16xf16, #split, #smem, mutable, 8x16> -> !ttg.memdesc<4x16xf16, #bcast, #smem, mutable>
    tt.return
  }
}

// -----

// The two halves of a byte are the first register basis of the result.
#src = #ttg.linear<{register = [[16, 0], [1, 0], [2, 0], [4, 0], [8, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[0, 32], [0, 64]], block = []}>
#dst = #ttg.linear<{register = [[32, 0], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[0, 32], [0, 64]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_reordered(%a: tensor<32x128xi8, #src>) {
    // expected-error @+1 {{failed to infer encoding}}
    %0 = ttg.fp4_to_fp %a {axis = 0 : i32} : tensor<32x128xi8, #src> -> tensor<64x128xbf16, #dst>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @shared_i1() {
  // expected-error @+1 {{shared-memory element type bit width must be a multiple of 8; got 1}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<8xi1, #shared, #smem, mutable>
  tt.return
}

// -----

// `0x4` lexes as one hexadecimal integer: the allocation shape 0x4.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{alloc shape has 0 dimension}}
tt.func @alloc_zero_hex(%a: !ttg.memdesc<2x4xi32, #shared, #smem, mutable, 0x4>) {
  tt.return
}

// -----

// A join result may hold the joined dimension in any register bit (here the
// highest: sizePerThread [16, 1], the 2 as a repetition), as Triton's
// remove-layout-conversions makes it: splitting it gives back the operands'
// layout, so it verifies.
#linear = #ttg.linear<{register = [[1], [2], [4], [8]], lane = [[16], [32], [64], [128], [256]], warp = [[512], [1024]], block = []}>
#high = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @join_high_register_bit(%x: tensor<2048xi8, #linear>) -> tensor<2048x2xi8, #high> {
    %0 = tt.join %x, %x : tensor<2048xi8, #linear> -> tensor<2048x2xi8, #high>
    tt.return %0 : tensor<2048x2xi8, #high>
  }
}

// -----

// memdesc_reinterpret (Triton's footprint rules): the result may not need more
// bytes than the source's stages hold; from a view, no more than the bytes
// the view owns contiguously from its start.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @reinterpret_wider(%m: !ttg.memdesc<8x16xf16, #shared, #smem>) {
  // expected-error @+1 {{result shared-memory footprint (512 bytes) exceeds the source view (256 bytes)}}
  %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<8x16xf16, #shared, #smem> -> !ttg.memdesc<8x16xf32, #shared, #smem>
  tt.return
}
tt.func @reinterpret_view_gap(%m: !ttg.memdesc<7x16x16xf16, #shared, #smem, mutable>) {
  %v = ttg.memdesc_subslice %m [3, 8, 0] : !ttg.memdesc<7x16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x8x16xf16, #shared, #smem, mutable, 7x16x16>
  // expected-error @+1 {{result shared-memory footprint includes offsets not owned by the source subview (512 bytes requested; 256 contiguous bytes available)}}
  %0 = ttg.memdesc_reinterpret %v : !ttg.memdesc<2x8x16xf16, #shared, #smem, mutable, 7x16x16> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  tt.return
}
tt.func @reinterpret_view_rows(%m: !ttg.memdesc<7x16x16xf16, #shared, #smem, mutable>) -> !ttg.memdesc<8x16xf16, #shared, #smem, mutable> {
  %v = ttg.memdesc_subslice %m [3, 8, 0] : !ttg.memdesc<7x16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<2x8x16xf16, #shared, #smem, mutable, 7x16x16>
  %0 = ttg.memdesc_reinterpret %v : !ttg.memdesc<2x8x16xf16, #shared, #smem, mutable, 7x16x16> -> !ttg.memdesc<8x16xf16, #shared, #smem, mutable>
  tt.return %0 : !ttg.memdesc<8x16xf16, #shared, #smem, mutable>
}

// -----

// memdesc_subslice may not cut a swizzled tile (the slice's start would not
// be one offset of the allocation); a stage of a pipelined buffer may be cut.
#swizzled = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @subslice_swizzle(%m: !ttg.memdesc<8x16xf32, #swizzled, #smem>) {
  // expected-error @+1 {{We don't support splitting along the swizzling pattern}}
  %0 = ttg.memdesc_subslice %m [0, 0] : !ttg.memdesc<8x16xf32, #swizzled, #smem> -> !ttg.memdesc<8x4xf32, #swizzled, #smem, 8x16>
  tt.return
}
tt.func @subslice_stage(%m: !ttg.memdesc<4x8x16xf32, #swizzled, #smem>) -> !ttg.memdesc<2x8x16xf32, #swizzled, #smem, 4x8x16> {
  %0 = ttg.memdesc_subslice %m [2, 0, 0] : !ttg.memdesc<4x8x16xf32, #swizzled, #smem> -> !ttg.memdesc<2x8x16xf32, #swizzled, #smem, 4x8x16>
  tt.return %0 : !ttg.memdesc<2x8x16xf32, #swizzled, #smem, 4x8x16>
}
