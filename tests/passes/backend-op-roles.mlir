// The core passes know a backend's ops only by the roles the backend
// declares (spec/nvidia/src/passes/mod.rs: ttng.warp_group_dot is a Dot):
// tritongpu-optimize-dot-operands refuses the MMA v3 operand rewrite it does
// not implement (a transposition fused into a shared operand), through
// tritium-opt and through stock mlir-opt with the plugin.
// RUN: not tritium-opt %s -tritongpu-optimize-dot-operands 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' 2>&1 | FileCheck %s

// CHECK: error: tritongpu-optimize-dot-operands: fusing a transposition into a shared MMA v3 operand is not implemented in Tritium yet
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma(%x: tensor<64x128xf16, #blocked>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x128xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    %a = ttg.local_alloc %t : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared1, #smem>
    %0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    tt.return %0 : tensor<128x64xf32, #mma>
  }
}
