// triton-nvidia-gpu-fence-insertion on cuda:90: a fence_async_shared before a wgmma whose shared operands were written through the generic proxy (cp.async copies into the buffer, a local_alloc with a source), hoisted out of a loop that holds none of those writes; none without such writes. CHECK lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(triton-nvidia-gpu-fence-insertion{compute-capability=90})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(triton-nvidia-gpu-fence-insertion{compute-capability=90})' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @no_generic_write
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 0 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 1 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = scf.for %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}} to %{{[a-z0-9_#]+}} step %{{[a-z0-9_#]+}} iter_args(%{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @copy_before_loop
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 0 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 1 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = scf.for %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}} to %{{[a-z0-9_#]+}} step %{{[a-z0-9_#]+}} iter_args(%{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @copy_in_loop
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 0 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 1 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = scf.for %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}} to %{{[a-z0-9_#]+}} step %{{[a-z0-9_#]+}} iter_args(%{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: scf.yield %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @alloc_before_loop
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 0 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 1 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<32x64xf16, #mma>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = scf.for %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}} to %{{[a-z0-9_#]+}} step %{{[a-z0-9_#]+}} iter_args(%{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_reshape %{{[a-z0-9_#]+}} : !ttg.memdesc<32x64xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: }

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_generic_write(%n: i32, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %av = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %bv = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %av, %bv, %acc : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @copy_before_loop(%pa: !tt.ptr<f16>, %n: i32, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
    %p = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blk>
    %a0 = ttg.memdesc_index %a[%c1] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %tok = ttg.async_copy_global_to_local %p, %a0 : tensor<64x32x!tt.ptr<f16>, #blk> -> <64x32xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %av = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %bv = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %av, %bv, %acc : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @copy_in_loop(%pa: !tt.ptr<f16>, %n: i32, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
    %p = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blk>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %av = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %bv = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %av, %bv, %acc : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      %a0 = ttg.memdesc_index %a[%c1] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %tok = ttg.async_copy_global_to_local %p, %a0 : tensor<64x32x!tt.ptr<f16>, #blk> -> <64x32xf16, #shared, #smem, mutable>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @alloc_before_loop(%x: tensor<32x64xf16, #mma>, %n: i32, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
    %s = ttg.local_alloc %x : (tensor<32x64xf16, #mma>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %av = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %bv = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %sv = ttg.memdesc_reshape %s : !ttg.memdesc<32x64xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %av, %sv, %acc : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
