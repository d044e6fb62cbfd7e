// The core passes know a backend's ops only by the roles the backend
// declares (spec/nvidia/src/passes/mod.rs: ttng.warp_group_dot is a Dot):
// tritongpu-optimize-dot-operands refuses it like any backend MMA, through
// tritium-opt and through stock mlir-opt with the plugin.
// RUN: not tritium-opt %s -tritongpu-optimize-dot-operands 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' 2>&1 | FileCheck %s

// CHECK: error: tritongpu-optimize-dot-operands: MMA v3/v5 operand optimizations are not implemented in Tritium yet
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma(%a: !ttg.memdesc<128x64xf16, #shared1, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    tt.return %0 : tensor<128x64xf32, #mma>
  }
}
