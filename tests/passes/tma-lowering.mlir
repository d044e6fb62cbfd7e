// triton-nvidia-tma-lowering as Triton 3.9 runs it on sm90: descriptor loads become a TMA copy into a
// shared buffer under a one-shot mbarrier, stores and reductions a TMA copy out of one, and a device-side
// tt.make_tensor_descriptor a tensormap built in global scratch. The CHECK lines are Triton's output for
// this file (run_triton_pass.py --pass triton-nvidia-tma-lowering --target cuda:90).
// RUN: tritium-opt %s -split-input-file --verify-diagnostics --pass-pipeline='builtin.module(triton-nvidia-tma-lowering)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --verify-diagnostics --pass-pipeline='builtin.module(triton-nvidia-tma-lowering)' | FileCheck %s

// CHECK-DAG: #[[$SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$BAR:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[$TRANS:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #[[$SHARED64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #[[$SMEM:.*]] = #ttg.shared_memory

// CHECK-LABEL: tt.func public @device_desc
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-NEXT: %[[STRIDE:.*]] = arith.extsi %arg3 : i32 to i64
// CHECK-NEXT: %[[S0:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK-NEXT: %[[B0:.*]] = arith.muli %[[STRIDE]], %[[C2]] : i64
// CHECK-NEXT: ttng.tensormap_create %[[S0]], %arg0, [%[[C64]], %[[C64]]], [%arg3, %arg2], [%[[B0]]], [%[[C1]], %[[C1]]] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[S0]] : !tt.ptr<i8>
// CHECK-NEXT: %[[D0:.*]] = ttng.reinterpret_tensor_descriptor %[[S0]] : !tt.ptr<i8> to !tt.tensordesc<64x64xf16, #[[$SHARED]]>
// CHECK-NEXT: %[[S1:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK-NEXT: %[[B1:.*]] = arith.muli %[[STRIDE]], %[[C2]] : i64
// CHECK-NEXT: ttng.tensormap_create %[[S1]], %arg1, [%[[C64]], %[[C64]]], [%arg3, %arg2], [%[[B1]]], [%[[C1]], %[[C1]]]
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[S1]] : !tt.ptr<i8>
// CHECK-NEXT: %[[D1:.*]] = ttng.reinterpret_tensor_descriptor %[[S1]] : !tt.ptr<i8> to !tt.tensordesc<64x64xf16, #[[$SHARED]]>
// CHECK-NEXT: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[PID]], %[[C64]] : i32
// CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[$SHARED]], #[[$SMEM]], mutable>
// CHECK-NEXT: %[[MBAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #[[$BAR]], #[[$SMEM]], mutable>
// CHECK-NEXT: ttng.init_barrier %[[MBAR]], 1 : !ttg.memdesc<1xi64, #[[$BAR]], #[[$SMEM]], mutable>
// CHECK-NEXT: ttng.barrier_expect %[[MBAR]], 8192, %[[TRUE]] : !ttg.memdesc<1xi64, #[[$BAR]], #[[$SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %[[D0]][%[[OFF]], %[[OFF]]] %[[BUF]], %[[MBAR]], %[[TRUE]] : !tt.tensordesc<64x64xf16, #[[$SHARED]]>, !ttg.memdesc<1xi64, #[[$BAR]], #[[$SMEM]], mutable> -> !ttg.memdesc<64x64xf16, #[[$SHARED]], #[[$SMEM]], mutable>
// CHECK-NEXT: ttng.wait_barrier %[[MBAR]], %[[C0]] : !ttg.memdesc<1xi64, #[[$BAR]], #[[$SMEM]], mutable>
// CHECK-NEXT: ttng.inval_barrier %[[MBAR]] : !ttg.memdesc<1xi64, #[[$BAR]], #[[$SMEM]], mutable>
// The stored value is the loaded one: the store's local_alloc becomes the TMA buffer itself.
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %[[D1]][%[[OFF]], %[[OFF]]] %[[BUF]] : !tt.tensordesc<64x64xf16, #[[$SHARED]]>, !ttg.memdesc<64x64xf16, #[[$SHARED]], #[[$SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tt.return

// A host-side descriptor: the load's local_alloc user is the TMA buffer (its memdesc_trans view turns
// mutable), its other user reads a ttg.local_load.
// CHECK-LABEL: tt.func public @host_desc_alloc
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[$SHARED]], #[[$SMEM]], mutable>
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]]
// CHECK: ttng.inval_barrier
// CHECK-NEXT: %[[V:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x64xf16, #[[$SHARED]], #[[$SMEM]], mutable> -> tensor<64x64xf16, #{{.*}}>
// CHECK-NEXT: %[[T:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[$SHARED]], #[[$SMEM]], mutable> -> !ttg.memdesc<64x64xf16, #[[$TRANS]], #[[$SMEM]], mutable>
// CHECK-NEXT: %[[W:.*]] = ttg.local_load %[[T]]
// CHECK-NEXT: arith.addf %[[V]], %[[W]]

// A 64-byte swizzle of f32 clamps the box's contiguous dimension to 16; NaN padding is fill mode 1.
// CHECK-LABEL: tt.func public @reduce_nan
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-NEXT: %[[S:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK-NEXT: %[[B:.*]] = arith.muli %arg2, %[[C4]] : i64
// CHECK-NEXT: ttng.tensormap_create %[[S]], %arg0, [%[[C16]], %[[C16]]], [%arg1, %arg1], [%[[B]]], [%[[C1]], %[[C1]]] {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[S]] : !tt.ptr<i8>
// CHECK-NEXT: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %[[S]] : !tt.ptr<i8> to !tt.tensordesc<16x32xf32, #[[$SHARED64]]>
// CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc %arg3 : (tensor<16x32xf32, #{{.*}}>) -> !ttg.memdesc<16x32xf32, #[[$SHARED64]], #[[$SMEM]]>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_reduce add, %[[D]][%arg1, %arg1] %[[BUF]] : !tt.tensordesc<16x32xf32, #[[$SHARED64]]>, !ttg.memdesc<16x32xf32, #[[$SHARED64]], #[[$SMEM]]>
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @device_desc(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f16>, %arg2: i32, %arg3: i32, %arg4: f32) {
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg3 : i32 to i64
    %1 = tt.make_tensor_descriptor %arg0, [%arg2, %arg3], [%0, %c1_i64] : <f16>, <64x64xf16, #shared>
    %2 = tt.make_tensor_descriptor %arg1, [%arg2, %arg3], [%0, %c1_i64] : <f16>, <64x64xf16, #shared>
    %3 = tt.get_program_id x : i32
    %4 = arith.muli %3, %c64_i32 : i32
    %7 = tt.descriptor_load %1[%4, %4] : !tt.tensordesc<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
    tt.descriptor_store %2[%4, %4], %7 : !tt.tensordesc<64x64xf16, #shared>, tensor<64x64xf16, #blocked>
    tt.return
  }
  tt.func public @host_desc_alloc(%arg0: !tt.tensordesc<64x64xf16, #shared>, %arg1: i32) -> tensor<64x64xf16, #blocked> {
    %0 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
    %1 = ttg.local_alloc %0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %2 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #smem>
    %3 = ttg.local_load %2 : !ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #smem> -> tensor<64x64xf16, #blocked>
    %4 = arith.addf %0, %3 : tensor<64x64xf16, #blocked>
    tt.return %4 : tensor<64x64xf16, #blocked>
  }
  tt.func public @reduce_nan(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i64, %arg3: tensor<16x32xf32, #blocked>) {
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] {padding = 2 : i32} : <f32>, <16x32xf32, #shared2>
    tt.descriptor_reduce add, %0[%arg1, %arg1], %arg3 : !tt.tensordesc<16x32xf32, #shared2>, tensor<16x32xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_encoding(%arg0: !tt.tensordesc<64x64xf16>, %arg1: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @below {{triton-nvidia-tma-lowering: the tensor descriptor has no shared encoding (run triton-nvidia-optimize-descriptor-encoding first)}}
    %0 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    tt.return %0 : tensor<64x64xf16, #blocked>
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled_device_desc(%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i64) {
    %c1_i64 = arith.constant 1 : i64
    // expected-error @below {{triton-nvidia-tma-lowering: device-side TMA descriptors need a #ttg.nvmma_shared encoding without fp4 padding, got #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}}
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <f16>, <64x64xf16, #shared>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @box_too_small(%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i64) {
    %c1_i64 = arith.constant 1 : i64
    // expected-error @below {{triton-nvidia-tma-lowering: the block's contiguous dimension (32) is smaller than the 128-byte swizzle of its #ttg.nvmma_shared encoding}}
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <f16>, <64x32xf16, #shared>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather(%arg0: !tt.tensordesc<1x64xf16, #shared>, %arg1: tensor<32xi32, #blocked1>, %arg2: i32) -> tensor<32x64xf16, #blocked> {
    // expected-error @below {{triton-nvidia-tma-lowering: 'tt.descriptor_gather' needs TMA gather4/scatter4 (sm100), which this lowering does not implement}}
    %0 = tt.descriptor_gather %arg0[%arg1, %arg2] : (!tt.tensordesc<1x64xf16, #shared>, tensor<32xi32, #blocked1>, i32) -> tensor<32x64xf16, #blocked>
    tt.return %0 : tensor<32x64xf16, #blocked>
  }
}

// -----

#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_1d(%arg0: !tt.tensordesc<128xf32, #shared>, %arg1: i32) -> tensor<128xf32, #blocked1> {
    // expected-error @below {{triton-nvidia-tma-lowering: a 128 block of f32 cannot live in shared memory with the descriptor's encoding}}
    %0 = tt.descriptor_load %arg0[%arg1] : !tt.tensordesc<128xf32, #shared> -> tensor<128xf32, #blocked1>
    tt.return %0 : tensor<128xf32, #blocked1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80(%arg0: !tt.tensordesc<64x64xf16, #shared>, %arg1: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @below {{triton-nvidia-tma-lowering: tensor descriptors need TMA (compute capability 90 or higher), but the target is 'cuda:80'}}
    %0 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
    tt.return %0 : tensor<64x64xf16, #blocked>
  }
}

// -----

// A loaded tile that an MMA v3 reads through a memdesc_trans and waits on: the TMA buffer replaces the
// local_alloc, and the view and the warp_group_dot_wait results become mutable with it (Triton's
// replaceUsesAndPropagateType).
// CHECK-LABEL: tt.func public @desc_load_trans_wgmma
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #{{[a-z0-9]+}}, #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg2, %arg3] %[[BUF]]
// CHECK: %[[T:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #{{[a-z0-9]+}}, #smem, mutable> -> !ttg.memdesc<32x64xf16, #{{[a-z0-9]+}}, #smem, mutable>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %arg1, %[[T]], %arg4 {inputPrecision = 0 : i32, isAsync = true}
// CHECK: ttng.warp_group_dot_wait %[[D]], %[[T]] {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<32x64xf16, #{{[a-z0-9]+}}, #smem, mutable>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @desc_load_trans_wgmma(%d: !tt.tensordesc<64x32xf16, #shared>, %a: !ttg.memdesc<64x32xf16, #shared, #smem>, %x: i32, %y: i32, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %0 = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
    %1 = ttg.local_alloc %0 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %2 = ttg.memdesc_trans %1 {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared2, #smem>
    %3 = ttng.warp_group_dot %a, %2, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared2, #smem> -> tensor<64x64xf32, #mma>
    %4:2 = ttng.warp_group_dot_wait %3, %2 {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<32x64xf16, #shared2, #smem>
    tt.return %4#0 : tensor<64x64xf32, #mma>
  }
}
