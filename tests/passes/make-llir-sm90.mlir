// tritium-make-llir{target=cuda:90}: Triton 3.9's sm90 make_llir list (proxy
// fences, Membar, the conversion with wgmma, convert-nv-gpu-to-llvm,
// convert-nvvm-to-llvm) on a wgmma kernel.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=cuda:90})' | FileCheck %s

// CHECK-LABEL: llvm.func @wgmma_zero_acc
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.barrier
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, $32, $33, 0, 1, 1, 0, 1;"
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 0;
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_zero_acc(%a: tensor<64x16xf16, #blocked>, %b: tensor<16x64xf16, #blocked>, %p: !tt.ptr<f32>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %0 = ttg.local_alloc %a : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
    %1 = ttg.local_alloc %b : (tensor<16x64xf16, #blocked>) -> !ttg.memdesc<16x64xf16, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    %2 = ttng.warp_group_dot %0, %1, %cst {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<16x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    %3 = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    tt.store %3, %2 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
