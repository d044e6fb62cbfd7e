// Diagnostics of the `amdg` op verifiers, with Triton 3.9.0's wording.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @concat_count(%a: tensor<32x64xf32, #blocked>) {
    // expected-error @+1 {{Number of source tiles (1) doesn't match required count (2).}}
    %0 = amdg.concat %a : tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @concat_types(%a: tensor<32x64xf32, #blocked>, %b: tensor<32x64xf16, #blocked>) {
    // expected-error @+1 {{All sources must have identical tensor types.}}
    %0 = amdg.concat %a, %b : tensor<32x64xf32, #blocked>, tensor<32x64xf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @extract_slice_offset(%a: tensor<64x64xf32, #blocked>) {
    // expected-error @+1 {{invalid offset at dimension 0}}
    %0 = amdg.extract_slice %a [48, 0] : tensor<64x64xf32, #blocked> to tensor<32x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @extract_slice_element(%a: tensor<64x64xf32, #blocked>) {
    // expected-error @+1 {{result element type must match source element type}}
    %0 = amdg.extract_slice %a [0, 0] : tensor<64x64xf32, #blocked> to tensor<32x64xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @in_thread_transpose_rank(%a: tensor<256xf32, #blocked>) {
    // expected-error @+1 {{Expect 2d tensor}}
    %0 = amdg.in_thread_transpose %a : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @packed_transposed_encoding(%buf: !ttg.memdesc<64x64xi8, #shared, #smem, mutable>) {
    // expected-error @+1 {{only works with DotOperandEncodingAttr dst encoding}}
    %0 = amdg.local_load_packed_transposed %buf : !ttg.memdesc<64x64xi8, #shared, #smem, mutable> -> tensor<128x32xi8, #blocked>
    tt.return
  }
}

// -----

#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @packed_transposed_shape(%buf: !ttg.memdesc<64x64xi8, #shared, #smem, mutable>) {
    // expected-error @+1 {{Input and output dimensions don't match after packing changes}}
    %0 = amdg.local_load_packed_transposed %buf : !ttg.memdesc<64x64xi8, #shared, #smem, mutable> -> tensor<32x128xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @init_barrier_count(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{count must be greater than or equal to 1}}
    amdg.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @arrive_barrier_count(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{count must be greater than or equal to 1}}
    %0 = amdg.arrive_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cluster_barrier_single_cta() {
    // expected-error @+1 {{requires ttg.num-ctas > 1}}
    amdg.cluster_barrier_arrive
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @update_nothing(%d: !tt.tensordesc<64x64xf16, #shared>) {
    // expected-error @+1 {{must provide at least one of add_offsets, set_bounds, or pred}}
    %0 = amdg.update_tensor_descriptor %d : !tt.tensordesc<64x64xf16, #shared>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @update_rank(%d: !tt.tensordesc<64x64xf16, #shared>, %s: i32) {
    // expected-error @+1 {{expected 2 add_offsets to match descriptor rank, got 1}}
    %0 = amdg.update_tensor_descriptor %d add_offsets = [%s] : !tt.tensordesc<64x64xf16, #shared>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @clamp_without_offsets(%d: !tt.tensordesc<64x64xf16, #shared>, %s: i32) {
    // expected-error @+1 {{clamp_bounds requires add_offsets}}
    %0 = amdg.update_tensor_descriptor %d pred = %s {clamp_bounds} : !tt.tensordesc<64x64xf16, #shared>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hint_zero(%d: !tt.tensordesc<64x64xf16, #shared>, %dst: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{warp_used_hint must have at least one bit set}}
    %0 = amdg.async_tdm_copy_global_to_local %d into %dst {warp_used_hint = 0 : i32} : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hint_not_axis_aligned(%d: !tt.tensordesc<64x64xf16, #shared>, %dst: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{popcount(warp_used_hint) = 3 must be a power of two (got hint 0x7)}}
    %0 = amdg.async_tdm_copy_global_to_local %d into %dst {warp_used_hint = 7 : i32} : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fused_overlap(%d: !tt.tensordesc<64x64xf16, #shared>, %dst: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{requires pairwise-disjoint warp_used_hint values}}
    %0 = amdg.async_tdm_fused_copy_global_to_local %d, %d into %dst, %dst {warp_used_hints = array<i32: 3, 3>} : !tt.tensordesc<64x64xf16, #shared>, !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fused_one_member(%d: !tt.tensordesc<64x64xf16, #shared>, %dst: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{requires 2 to 4 members}}
    %0 = amdg.async_tdm_fused_copy_global_to_local %d into %dst {warp_used_hints = array<i32: 3>} : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tdm_store_padding(%d: !tt.tensordesc<64x64xf16, #shared>, %src: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{TDM store padding is only supported when padding interval equals the innermost block dimension (got padInterval=32, innermost dimension=64)}}
    %0 = amdg.async_tdm_copy_local_to_global %d from %src : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @copy_from_global(%ptrs: tensor<256x!tt.ptr<f32>, #blocked>, %buf: !ttg.memdesc<256xf32, #shared, #ttg.shared_memory, mutable>) {
    %0 = amdg.async_copy_local_to_global %buf, %ptrs : !ttg.memdesc<256xf32, #shared, #ttg.shared_memory, mutable> -> tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
  tt.func @buffer_store_pointee(%p: !tt.ptr<f16>, %off: tensor<256xi32, #blocked>, %v: tensor<256xf32, #blocked>) {
    // expected-error @+1 {{failed to verify that value element type matches the pointed type of ptr}}
    amdg.buffer_store %v, %p[%off] : !tt.ptr<f16> -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @extract_slice_register(%a: tensor<64x64xf32, #blocked>) {
    // expected-error @+1 {{No source register holds the element for destination index [16, 0]}}
    %0 = amdg.extract_slice %a [16, 0] : tensor<64x64xf32, #blocked> to tensor<32x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @extract_slice_lanes(%a: tensor<64x64xf32, #blocked>) {
    // expected-error @+1 {{Lane and warp dim basis must match between source and destination layout.}}
    %0 = amdg.extract_slice %a [0, 0] : tensor<64x64xf32, #blocked> to tensor<32x64xf32, #blocked1>
    tt.return
  }
  tt.func @extract_slice_tiles(%a: tensor<64x64xf32, #blocked>) {
    %0 = amdg.extract_slice %a [32, 0] : tensor<64x64xf32, #blocked> to tensor<32x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @concat_register(%a: tensor<32x64xf32, #blocked>) {
    // expected-error @+1 {{No source register holds the element for destination index [1, 0]}}
    %0 = amdg.concat %a, %a : tensor<32x64xf32, #blocked>, tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @concat_lanes(%a: tensor<32x64xf32, #blocked>) {
    // expected-error @+1 {{Lane and warp dim basis must match between source and destination layout.}}
    %0 = amdg.concat %a, %a : tensor<32x64xf32, #blocked>, tensor<32x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [1, 0], [2, 0]], lane = [[0, 4], [0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>
#linear1 = #ttg.linear<{register = [[1, 0], [2, 0], [0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [4, 0], [8, 0], [16, 0]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @in_thread_transpose_layout(%a: tensor<32x32xf16, #blocked>) {
    // expected-error-re @+1 {{Expect output layout to be transposed per thread: {{.*}} - register=1 -> (1, 0){{.*}}register=4 -> (0, 1){{.*}}where out dims are: [dim0 (size 32), dim1 (size 32)]{{.*}}Got following dst layout: {{.*}} - register=1 -> (0, 1)}}
    %0 = amdg.in_thread_transpose %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #linear>
    tt.return
  }
  tt.func @in_thread_transpose_ok(%a: tensor<32x32xf16, #blocked>) {
    %0 = amdg.in_thread_transpose %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #linear1>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_scale_rank(%x: tensor<64x32xi8>, %s: tensor<64xbf16>) {
    // expected-error @+1 {{scale and output must have the same rank}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8>, tensor<64xbf16> -> tensor<64x64xbf16>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_axis(%x: tensor<64x32xi8>, %s: tensor<64x64xbf16>) {
    // expected-error @+1 {{axis out of range: 2 for rank 2}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 2 : i32} : tensor<64x32xi8>, tensor<64x64xbf16> -> tensor<64x64xbf16>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_scale_rows(%x: tensor<64x32xi8>, %s: tensor<32x64xbf16>) {
    // expected-error @+1 {{scale and output must match on non-axis dimensions}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8>, tensor<32x64xbf16> -> tensor<64x64xbf16>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_scale_block(%x: tensor<64x32xi8>, %s: tensor<64x3xbf16>) {
    // expected-error @+1 {{expected output.shape[axis] to be divisible by scale.shape[axis], but got output[1]=64, scale[1]=3}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8>, tensor<64x3xbf16> -> tensor<64x64xbf16>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_packing(%x: tensor<64x16xi8>, %s: tensor<64x64xbf16>) {
    // expected-error @+1 {{axis 1 dimension must be 2x source dimension (src=16, dst=64)}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x16xi8>, tensor<64x64xbf16> -> tensor<64x64xbf16>
    tt.return
  }
}

// -----

#bi = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bo = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#scale = #ttg.linear<{register = [[32, 0]], lane = [[0, 0], [0, 0], [0, 1], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_pk8(%x: tensor<64x32xi8, #bi>, %s: tensor<64x16xbf16, #bo>) {
    // expected-error @+1 {{the 8 elements of a v_cvt_scale_pk8 group would not share a single scale; the scaled axis must place 8 register-consecutive elements within one scale block}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8, #bi>, tensor<64x16xbf16, #bo> -> tensor<64x64xbf16, #bo>
    tt.return
  }
  tt.func @upcast_compact_ok(%x: tensor<64x32xi8, #bi>, %s: tensor<64x2xbf16, #scale>) {
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8, #bi>, tensor<64x2xbf16, #scale> -> tensor<64x64xbf16, #bo>
    tt.return
  }
  tt.func @upcast_expanded_ok(%x: tensor<64x32xi8, #bi>, %s: tensor<64x64xbf16, #bo>) {
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8, #bi>, tensor<64x64xbf16, #bo> -> tensor<64x64xbf16, #bo>
    tt.return
  }
}

// -----

#bi = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bo = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_scale_encoding(%x: tensor<64x32xi8, #bi>, %s: tensor<64x64xbf16, #bi>) {
    // expected-error @+1 {{scale encoding is not compatible with the inferred scale layout}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8, #bi>, tensor<64x64xbf16, #bi> -> tensor<64x64xbf16, #bo>
    tt.return
  }
}

// -----

#bo = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_input_encoding(%x: tensor<64x32xi8, #bo>, %s: tensor<64x64xbf16, #bo>) {
    // expected-error @+1 {{Src and Dst encodings are not compatible:}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8, #bo>, tensor<64x64xbf16, #bo> -> tensor<64x64xbf16, #bo>
    tt.return
  }
}

// -----

#bo = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_input_no_encoding(%x: tensor<64x32xi8>, %s: tensor<64x64xbf16, #bo>) {
    // expected-error @+1 {{source and result must both have an encoding, or neither}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8>, tensor<64x64xbf16, #bo> -> tensor<64x64xbf16, #bo>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @buffer_load_to_local_gfx1250(%p: !tt.ptr<f32>, %off: tensor<256xi32, #blocked>, %buf: !ttg.memdesc<256xf32, #shared, #smem, mutable>) {
    // expected-error @+1 {{BufferLoadToLocal unsupported on target architecture}}
    %0 = amdg.buffer_load_to_local %p[%off] into %buf : !tt.ptr<f32>[tensor<256xi32, #blocked>]  -> <256xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hint_axis_aligned(%d: !tt.tensordesc<64x64xf16, #shared>, %dst: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{warp_used_hint = 0x69 is not axis-aligned: K = 4 active warps must span exactly log2(K) = 2 warpId bit positions}}
    %0 = amdg.async_tdm_copy_global_to_local %d into %dst {warp_used_hint = 105 : i32} : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#inner = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#partitioned = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #inner}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hint_partitioned(%d: !tt.tensordesc<128x16xf16>, %dst: !ttg.memdesc<128x16xf16, #partitioned, #smem, mutable>) {
    // expected-error @+1 {{warp_used_hint with a partitioned shared encoding must select K active warps such that numLogicalPieces divides K so the copy fits in a single TDM instruction (got K = 2, numLogicalPieces = 4, partitionDim = 0)}}
    %0 = amdg.async_tdm_copy_global_to_local %d into %dst {warp_used_hint = 3 : i32} : !tt.tensordesc<128x16xf16> -> !ttg.memdesc<128x16xf16, #partitioned, #smem, mutable>
    tt.return
  }
}

// -----

#inner = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#partitioned = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #inner}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @partitioned_swizzled(%d: !tt.tensordesc<128x16xf16>, %dst: !ttg.memdesc<128x16xf16, #partitioned, #smem, mutable>) {
    // expected-error @+1 {{TDM does not support swizzling in partitioned layout}}
    %0 = amdg.async_tdm_copy_global_to_local %d into %dst : !tt.tensordesc<128x16xf16> -> !ttg.memdesc<128x16xf16, #partitioned, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4, 128:+4] {order = [1, 0], shape = [16, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scatter_two_paddings(%d: !tt.tensordesc<16x64xf16>, %rows: tensor<16xi32>, %src: !ttg.memdesc<16x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{TDM scatter only supports single interval paddings.}}
    %0 = amdg.async_tdm_scatter %d[%rows] from %src : tensor<16xi32>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x64xf16>
    tt.return
  }
  tt.func @gather_two_paddings(%d: !tt.tensordesc<16x64xf16>, %rows: tensor<16xi32>, %dst: !ttg.memdesc<16x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{TDM gather does not support multiple interval-padding pairs}}
    %0 = amdg.async_tdm_gather %d[%rows] to %dst : tensor<16xi32>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x64xf16>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 64]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scatter_padding(%d: !tt.tensordesc<16x64xf16>, %rows: tensor<16xi32>, %src: !ttg.memdesc<16x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{TDM scatter padding is only supported when padding interval equals the innermost block dimension (got padInterval=32, innermost dimension=64)}}
    %0 = amdg.async_tdm_scatter %d[%rows] from %src : tensor<16xi32>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x64xf16>
    tt.return
  }
}

// -----

#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [16, 32]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_padding(%d: !tt.tensordesc<16x32xf16>, %rows: tensor<16xi32>, %dst: !ttg.memdesc<16x32xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{TDM gather padding interval must divide the innermost block dimension (got padInterval=64, innermost dimension=32)}}
    %0 = amdg.async_tdm_gather %d[%rows] to %dst : tensor<16xi32>, !ttg.memdesc<16x32xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x32xf16>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_order(%d: !tt.tensordesc<16x64xf16>, %rows: tensor<16xi32>, %dst: !ttg.memdesc<16x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{TDM gather only supports row-major shared order}}
    %0 = amdg.async_tdm_gather %d[%rows] to %dst : tensor<16xi32>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x64xf16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_index_lanes(%d: !tt.tensordesc<16x64xf16>, %rows: tensor<16xi32, #blocked>, %dst: !ttg.memdesc<16x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{index layout distributes values across lanes, which is incompatible with the warp-level TDM instruction. Change layout to broadcast the same indices to all lanes in a warp.}}
    %0 = amdg.async_tdm_gather %d[%rows] to %dst : tensor<16xi32, #blocked>, !ttg.memdesc<16x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<16x64xf16>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @extract_slice_negative(%a: tensor<64x64xf32, #blocked>) {
    // expected-error @+1 {{offset must be non-negative at dimension 0}}
    %0 = amdg.extract_slice %a [-32, 0] : tensor<64x64xf32, #blocked> to tensor<32x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @buffer_store_shared_base(%p: !tt.ptr<f32, 3>, %off: tensor<256xi32, #blocked>, %v: tensor<256xf32, #blocked>) {
    // expected-error @+1 {{buffer writes require a global address space base}}
    amdg.buffer_store %v, %p[%off] : !tt.ptr<f32, 3> -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @upcast_scale_type(%x: tensor<64x32xi8>, %s: tensor<64x64xbf16>) {
    // expected-error @+1 {{v_cvt_scale_pk8 requires a raw E8M0 scale in i8, but got bf16}}
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x32xi8>, tensor<64x64xbf16> -> tensor<64x64xbf16>
    tt.return
  }
}

// -----

#bo = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bi = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @downcast_expanded(%x: tensor<64x64xf32, #bo>, %s: tensor<64x64xi8, #bo>) {
    // expected-error @+1 {{scaled_downcast requires compact scales along the scaled axis; expanded scales (one scale per output element) are not supported}}
    %0 = amdg.scaled_downcast_fp8 %x scale %s {axis = 1 : i32} : tensor<64x64xf32, #bo>, tensor<64x64xi8, #bo> -> tensor<64x64xf8E5M2, #bo>
    tt.return
  }
  tt.func @downcast_block(%x: tensor<64x64xf32, #bo>, %s: tensor<64x16xi8, #bo>) {
    // expected-error @+1 {{each scale block along the scaled axis must cover a multiple of 8 elements, but got 4 output elements per scale}}
    %0 = amdg.scaled_downcast_fp8 %x scale %s {axis = 1 : i32} : tensor<64x64xf32, #bo>, tensor<64x16xi8, #bo> -> tensor<64x64xf8E5M2, #bo>
    tt.return
  }
  tt.func @downcast_group(%x: tensor<64x64xf32, #bi>, %s: tensor<64x8xi8, #bi>) {
    // (Triton 3.9 prints "must be a a multiple": the literal ends in "a " and the noun phrase starts with "a".)
    // expected-error @+1 {{each v_cvt_scalef32_pk8 group of 8 elements must share a single scale; the scale block along the scaled axis must be a a multiple of 8 elements}}
    %0 = amdg.scaled_downcast_fp8 %x scale %s {axis = 1 : i32} : tensor<64x64xf32, #bi>, tensor<64x8xi8, #bi> -> tensor<64x64xf8E5M2, #bi>
    tt.return
  }
  tt.func @downcast_scale_layout(%x: tensor<64x64xf32, #bo>, %s: tensor<64x8xi8, #bo>) {
    // expected-error @+1 {{scale encoding is not compatible with the inferred scale layout}}
    %0 = amdg.scaled_downcast_fp8 %x scale %s {axis = 1 : i32} : tensor<64x64xf32, #bo>, tensor<64x8xi8, #bo> -> tensor<64x64xf8E5M2, #bo>
    tt.return
  }
  tt.func @downcast_encoding(%x: tensor<64x64xf32, #bo>, %s: tensor<64x8xi8>) {
    // expected-error @+1 {{scale and output must both have an encoding, or neither}}
    %0 = amdg.scaled_downcast_fp8 %x scale %s {axis = 1 : i32} : tensor<64x64xf32, #bo>, tensor<64x8xi8> -> tensor<64x64xf8E5M2, #bo>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @downcast_fp4_packing(%x: tensor<64x64xf32>, %s: tensor<64x2xi8>) {
    // expected-error @+1 {{axis 1 dimension must be 2x source dimension (src=16, dst=64)}}
    %0 = amdg.scaled_downcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x64xf32>, tensor<64x2xi8> -> tensor<64x16xi8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @downcast_scale_rows(%x: tensor<64x64xf32>, %s: tensor<32x2xi8>) {
    // expected-error @+1 {{scale and output must match on non-axis dimensions}}
    %0 = amdg.scaled_downcast_fp4 %x scale %s {axis = 1 : i32} : tensor<64x64xf32>, tensor<32x2xi8> -> tensor<64x32xi8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @upcast_fp8_scale_type(%x: tensor<64x64xf8E4M3FN>, %s: tensor<64x64xbf16>) {
    // expected-error @+1 {{v_cvt_scale_pk8 requires a raw E8M0 scale in i8, but got bf16}}
    %r = amdg.scaled_upcast_fp8 %x scale %s : tensor<64x64xf8E4M3FN>, tensor<64x64xbf16> -> tensor<64x64xf16>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @upcast_fp8_scale_i8(%x: tensor<64x64xf8E4M3FN>, %s: tensor<64x64xi8>) -> tensor<64x64xf16> {
    %r = amdg.scaled_upcast_fp8 %x scale %s : tensor<64x64xf8E4M3FN>, tensor<64x64xi8> -> tensor<64x64xf16>
    tt.return %r : tensor<64x64xf16>
  }
}
