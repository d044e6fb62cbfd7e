// triton-nvidia-gpu-proxy-fence-insertion: a fence before a wgmma whose
// shared operands were written through the generic proxy since the last
// fence (CHECK lines from Triton 3.9's make_llir on @no_fence); none where a
// fence already is, none below sm90.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},triton-nvidia-gpu-proxy-fence-insertion{compute-capability=90})' | FileCheck %s
// RUN: tritium-opt %s --pass-pipeline='builtin.module(triton-nvidia-gpu-proxy-fence-insertion{compute-capability=80})' | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: tt.func @no_fence
// CHECK: ttg.local_alloc
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.warp_group_dot
// CHECK-NEXT: ttng.warp_group_dot
// CHECK-LABEL: tt.func private @fenced
// CHECK: ttng.fence_async_shared
// CHECK-NOT: ttng.fence_async_shared
// CHECK: ttng.warp_group_dot
// SM80-LABEL: tt.func @no_fence
// SM80-NOT: ttng.fence_async_shared
// SM80-LABEL: tt.func private @fenced
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_fence(%a: tensor<64x16xf16, #blocked>, %b: tensor<16x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %0 = ttg.local_alloc %a : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
    %1 = ttg.local_alloc %b : (tensor<16x64xf16, #blocked>) -> !ttg.memdesc<16x64xf16, #shared1, #smem>
    %2 = ttng.warp_group_dot %0, %1, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<16x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    %3 = ttng.warp_group_dot %0, %1, %2 {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<16x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %3 : tensor<64x64xf32, #mma>
  }
  tt.func private @fenced(%a: tensor<64x16xf16, #blocked>, %b: tensor<16x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %0 = ttg.local_alloc %a : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
    %1 = ttg.local_alloc %b : (tensor<16x64xf16, #blocked>) -> !ttg.memdesc<16x64xf16, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    %2 = ttng.warp_group_dot %0, %1, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<16x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %2 : tensor<64x64xf32, #mma>
  }
}
