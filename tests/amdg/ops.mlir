// Round trip of every `amdg` op and attribute, printed as Triton 3.9.0 prints
// them (each module is Triton's own print of it).
// RUN: tritium-opt %s --split-input-file | tritium-opt --split-input-file | FileCheck %s
// RUN: %mlir-opt %s --split-input-file | FileCheck %s
// RUN: tritium-opt %s --split-input-file --mlir-print-op-generic | tritium-opt --split-input-file | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
// CHECK-LABEL: @f
  tt.func public @f(%arg0: !tt.ptr<f32>, %arg1: tensor<256xi32, #blocked>, %arg2: tensor<256xi1, #blocked>, %arg3: tensor<256xf32, #blocked>, %arg4: i32, %arg5: i1, %arg6: tensor<64x64xf32, #blocked1>, %arg7: !tt.ptr<i32>, %arg8: tensor<256xi32, #blocked>, %arg9: !ttg.memdesc<256xf32, #shared, #smem, mutable>, %arg10: tensor<256x!tt.ptr<f32>, #blocked>, %arg11: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
// CHECK: %0 = amdg.buffer_load %arg0[%arg1] : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    %0 = amdg.buffer_load %arg0[%arg1] : !tt.ptr<f32> -> tensor<256xf32, #blocked>
// CHECK: %1 = amdg.buffer_load %arg0[%arg1], %arg2, %arg3 stride = %arg4 {contiguity = 4 : i32} : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    %1 = amdg.buffer_load %arg0[%arg1], %arg2, %arg3 stride = %arg4 {contiguity = 4 : i32} : !tt.ptr<f32> -> tensor<256xf32, #blocked>
// CHECK: amdg.buffer_store %arg3, %arg0[%arg1] : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    amdg.buffer_store %arg3, %arg0[%arg1] : !tt.ptr<f32> -> tensor<256xf32, #blocked>
// CHECK: amdg.buffer_store %arg3, %arg0[%arg1], %arg2 stride = %arg4 : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    amdg.buffer_store %arg3, %arg0[%arg1], %arg2 stride = %arg4 : !tt.ptr<f32> -> tensor<256xf32, #blocked>
// CHECK: %2 = amdg.buffer_atomic_rmw add, relaxed, gpu, %arg8, %arg7[%arg1] : !tt.ptr<i32> -> tensor<256xi32, #blocked>
    %2 = amdg.buffer_atomic_rmw add, relaxed, gpu, %arg8, %arg7[%arg1] : !tt.ptr<i32> -> tensor<256xi32, #blocked>
// CHECK: %3 = amdg.buffer_atomic_rmw fadd, acq_rel, sys, %arg3, %arg0[%arg1], %arg2 stride = %arg4 : !tt.ptr<f32> -> tensor<256xf32, #blocked>
    %3 = amdg.buffer_atomic_rmw fadd, acq_rel, sys, %arg3, %arg0[%arg1], %arg2 stride = %arg4 : !tt.ptr<f32> -> tensor<256xf32, #blocked>
// CHECK: %4 = amdg.buffer_atomic_cas acq_rel, gpu, %arg8, %arg8, %arg7[%arg1] stride = %arg4 : !tt.ptr<i32> -> tensor<256xi32, #blocked>
    %4 = amdg.buffer_atomic_cas acq_rel, gpu, %arg8, %arg8, %arg7[%arg1] stride = %arg4 : !tt.ptr<i32> -> tensor<256xi32, #blocked>
// CHECK: %5 = amdg.buffer_load_to_local %arg0[%arg1] mask = %arg2 other = %arg3 stride = %arg4 into %arg9 : !tt.ptr<f32>[tensor<256xi32, #blocked>] tensor<256xf32, #blocked> -> <256xf32, #shared, #smem, mutable>
    %5 = amdg.buffer_load_to_local %arg0[%arg1] mask = %arg2 other = %arg3 stride = %arg4 into %arg9 : !tt.ptr<f32>[tensor<256xi32, #blocked>] tensor<256xf32, #blocked> -> <256xf32, #shared, #smem, mutable>
// CHECK: %6 = amdg.buffer_load_to_local %arg0[%arg1] into %arg9 : !tt.ptr<f32>[tensor<256xi32, #blocked>]  -> <256xf32, #shared, #smem, mutable>
    %6 = amdg.buffer_load_to_local %arg0[%arg1] into %arg9 : !tt.ptr<f32>[tensor<256xi32, #blocked>]  -> <256xf32, #shared, #smem, mutable>
// CHECK: amdg.cond_barrier %arg5
    amdg.cond_barrier %arg5
// CHECK: %7 = amdg.extract_slice %arg6 [0, 0] : tensor<64x64xf32, #blocked1> to tensor<32x64xf32, #blocked1>
    %7 = amdg.extract_slice %arg6 [0, 0] : tensor<64x64xf32, #blocked1> to tensor<32x64xf32, #blocked1>
// CHECK: %8 = amdg.concat %7, %7 : tensor<32x64xf32, #blocked1>, tensor<32x64xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
    %8 = amdg.concat %7, %7 : tensor<32x64xf32, #blocked1>, tensor<32x64xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
// CHECK: %9 = amdg.async_wait %5 {num_inst = 0 : i32}
    %9 = amdg.async_wait %5 {num_inst = 0 : i32}
// CHECK: %10 = amdg.async_wait {num_inst = 1 : i32}
    %10 = amdg.async_wait {num_inst = 1 : i32}
// CHECK: %11 = amdg.async_copy_local_to_global %arg9, %arg10 mask %arg2 : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256x!tt.ptr<f32>, #blocked>
    %11 = amdg.async_copy_local_to_global %arg9, %arg10 mask %arg2 : !ttg.memdesc<256xf32, #shared, #smem, mutable> -> tensor<256x!tt.ptr<f32>, #blocked>
// CHECK: amdg.init_barrier %arg11, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    amdg.init_barrier %arg11, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK: amdg.wait_barrier %arg11, %arg4 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    amdg.wait_barrier %arg11, %arg4 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK: %12 = amdg.arrive_barrier %arg11, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32
    %12 = amdg.arrive_barrier %arg11, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32
// CHECK: amdg.async_copy_mbarrier_arrive %arg11 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    amdg.async_copy_mbarrier_arrive %arg11 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK: %13 = amdg.in_thread_transpose %arg6 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
    %13 = amdg.in_thread_transpose %arg6 : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [64, 64]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @g
  tt.func public @g(%arg0: !tt.tensordesc<64x64xf16, #shared>, %arg1: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %arg2: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %arg3: i32, %arg4: i1, %arg5: tensor<16xi32, #blocked>, %arg6: !llvm.ptr<1>, %arg7: f32, %arg8: i1) {
// CHECK: %0 = amdg.async_tdm_copy_global_to_local %arg0 into %arg1 : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %0 = amdg.async_tdm_copy_global_to_local %arg0 into %arg1 : !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: %1 = amdg.async_tdm_copy_global_to_local %arg0 into %arg1, barrier = %arg2 {warp_used_hint = 3 : i32} : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %1 = amdg.async_tdm_copy_global_to_local %arg0 into %arg1, barrier = %arg2 {warp_used_hint = 3 : i32} : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: %2 = amdg.async_tdm_copy_local_to_global %arg0 from %arg1 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    %2 = amdg.async_tdm_copy_local_to_global %arg0 from %arg1 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
// CHECK: %3 = amdg.async_tdm_copy_local_to_global %arg0 from %arg1, barrier = %arg2 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    %3 = amdg.async_tdm_copy_local_to_global %arg0 from %arg1, barrier = %arg2 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
// CHECK: %4 = amdg.async_tdm_fused_copy_global_to_local %arg0, %arg0 into %arg1, %arg1 {warp_used_hints = array<i32: 3, 12>} : !tt.tensordesc<64x64xf16, #shared>, !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %4 = amdg.async_tdm_fused_copy_global_to_local %arg0, %arg0 into %arg1, %arg1 {warp_used_hints = array<i32: 3, 12>} : !tt.tensordesc<64x64xf16, #shared>, !tt.tensordesc<64x64xf16, #shared> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: %5 = amdg.async_tdm_gather %arg0[%arg5] to %arg1 : tensor<16xi32, #blocked>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    %5 = amdg.async_tdm_gather %arg0[%arg5] to %arg1 : tensor<16xi32, #blocked>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
// CHECK: %6 = amdg.async_tdm_scatter %arg0[%arg5] from %arg1, barrier = %arg2 : tensor<16xi32, #blocked>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
    %6 = amdg.async_tdm_scatter %arg0[%arg5] from %arg1, barrier = %arg2 : tensor<16xi32, #blocked>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !tt.tensordesc<64x64xf16, #shared>
// CHECK: %7 = amdg.async_tdm_wait %0, %1 {num = 0 : i32}
    %7 = amdg.async_tdm_wait %0, %1 {num = 0 : i32}
// CHECK: %8 = amdg.async_tdm_intrinsic_wait {count = 0 : i32}
    %8 = amdg.async_tdm_intrinsic_wait {count = 0 : i32}
// CHECK: %9 = amdg.async_tdm_intrinsic_wait %0 {count = 1 : i32}
    %9 = amdg.async_tdm_intrinsic_wait %0 {count = 1 : i32}
// CHECK: amdg.tdm_prefetch %arg0[%arg3, %arg3], %arg4, speculative = true : !tt.tensordesc<64x64xf16, #shared>
    amdg.tdm_prefetch %arg0[%arg3, %arg3], %arg4, speculative = true : !tt.tensordesc<64x64xf16, #shared>
// CHECK: %10 = amdg.update_tensor_descriptor %arg0 add_offsets = [%arg3, %arg3] set_bounds = [%arg3, %arg3] pred = %arg3 : !tt.tensordesc<64x64xf16, #shared>
    %10 = amdg.update_tensor_descriptor %arg0 add_offsets = [%arg3, %arg3] set_bounds = [%arg3, %arg3] pred = %arg3 : !tt.tensordesc<64x64xf16, #shared>
// CHECK: %11 = amdg.update_tensor_descriptor %arg0 pred = %arg3 : !tt.tensordesc<64x64xf16, #shared>
    %11 = amdg.update_tensor_descriptor %arg0 pred = %arg3 : !tt.tensordesc<64x64xf16, #shared>
// CHECK: %12 = amdg.update_tensor_descriptor %arg0 add_offsets = [%arg3, %arg3] {clamp_bounds} : !tt.tensordesc<64x64xf16, #shared>
    %12 = amdg.update_tensor_descriptor %arg0 add_offsets = [%arg3, %arg3] {clamp_bounds} : !tt.tensordesc<64x64xf16, #shared>
// CHECK: %13 = amdg.masked_load %arg6, %arg8, %arg7 : (!llvm.ptr<1>, i1, f32) -> f32
    %13 = amdg.masked_load %arg6, %arg8, %arg7 : (!llvm.ptr<1>, i1, f32) -> f32
// CHECK: %14 = amdg.masked_load %arg6, %arg8, %arg7, %arg3 cacheModifier = cg volatile true forceNoAlias true : (!llvm.ptr<1>, i1, f32, i32) -> f32
    %14 = amdg.masked_load %arg6, %arg8, %arg7, %arg3 cacheModifier = cg volatile true forceNoAlias true : (!llvm.ptr<1>, i1, f32, i32) -> f32
// CHECK: amdg.masked_store %arg6, %arg7, %arg8 : !llvm.ptr<1>, f32, i1
    amdg.masked_store %arg6, %arg7, %arg8 : !llvm.ptr<1>, f32, i1
// CHECK: amdg.masked_store %arg6, %arg7, %arg8 cacheModifier = wt forceNoAlias true : !llvm.ptr<1>, f32, i1
    amdg.masked_store %arg6, %arg7, %arg8 cacheModifier = wt forceNoAlias true : !llvm.ptr<1>, f32, i1
    tt.return
  }
}

// -----

#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
// CHECK-LABEL: @h
  tt.func public @h(%arg0: tensor<64x32xi8>, %arg1: tensor<64x64xbf16>, %arg2: tensor<64x64xf8E4M3FN>, %arg3: tensor<64x64xbf16>, %arg4: tensor<64x64xf32>, %arg5: tensor<64x2xi8>, %arg6: !ttg.memdesc<64x64xi8, #shared, #smem, mutable>) {
// CHECK: %0 = amdg.scaled_upcast_fp4 %arg0 scale %arg1 {axis = 1 : i32} : tensor<64x32xi8>, tensor<64x64xbf16> -> tensor<64x64xbf16>
    %0 = amdg.scaled_upcast_fp4 %arg0 scale %arg1 {axis = 1 : i32} : tensor<64x32xi8>, tensor<64x64xbf16> -> tensor<64x64xbf16>
// CHECK: %1 = amdg.scaled_upcast_fp8 %arg2 scale %arg3 : tensor<64x64xf8E4M3FN>, tensor<64x64xbf16> -> tensor<64x64xf16>
    %1 = amdg.scaled_upcast_fp8 %arg2 scale %arg3 : tensor<64x64xf8E4M3FN>, tensor<64x64xbf16> -> tensor<64x64xf16>
// CHECK: %2 = amdg.scaled_downcast_fp8 %arg4 scale %arg5 {axis = 1 : i32} : tensor<64x64xf32>, tensor<64x2xi8> -> tensor<64x64xf8E5M2>
    %2 = amdg.scaled_downcast_fp8 %arg4 scale %arg5 {axis = 1 : i32} : tensor<64x64xf32>, tensor<64x2xi8> -> tensor<64x64xf8E5M2>
// CHECK: %3 = amdg.scaled_downcast_fp4 %arg4 scale %arg5 {axis = 1 : i32} : tensor<64x64xf32>, tensor<64x2xi8> -> tensor<64x32xi8>
    %3 = amdg.scaled_downcast_fp4 %arg4 scale %arg5 {axis = 1 : i32} : tensor<64x64xf32>, tensor<64x2xi8> -> tensor<64x32xi8>
// CHECK: %4 = amdg.local_load_packed_transposed %arg6 : !ttg.memdesc<64x64xi8, #shared, #smem, mutable> -> tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    %4 = amdg.local_load_packed_transposed %arg6 : !ttg.memdesc<64x64xi8, #shared, #smem, mutable> -> tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @cluster
  tt.func public @cluster() {
// CHECK: amdg.cluster_barrier_arrive
    amdg.cluster_barrier_arrive
// CHECK: amdg.cluster_barrier_wait
    amdg.cluster_barrier_wait
    tt.return
  }
}

// -----

module {
// CHECK-LABEL: @c
  tt.func @c(%arg0: i1) {
// CHECK: amdg.cond_barrier %arg0
    amdg.cond_barrier %arg0
    tt.return
  }
// CHECK-LABEL: @k
// CHECK-SAME: attributes {amdg.amdgcn.set.fp8.clamping = #amdg.amdgcn.set.fp8.clamping} {
  llvm.func @k() attributes {amdg.amdgcn.set.fp8.clamping = #amdg.amdgcn.set.fp8.clamping} {
    llvm.return
  }
}
