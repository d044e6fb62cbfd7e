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
