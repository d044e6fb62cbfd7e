// tritongpu-optimize-dot-operands refuses, at the op, the rewrite of a
// backend MMA's operands it does not implement (Triton keeps operand A of a
// chained MMA v3 in registers), through tritium-opt and through stock mlir-opt
// with the plugin.
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' 2>&1 | FileCheck %s
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' 2>&1 | FileCheck %s
// CHECK: error: tritongpu-optimize-dot-operands: a register operand A for a chained MMA v3 is not implemented in Tritium yet
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func @chained(%x: tensor<128x64xf16, #mma>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %a = ttg.local_alloc %x : (tensor<128x64xf16, #mma>) -> !ttg.memdesc<128x64xf16, #shared1, #smem>
    %0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    tt.return %0 : tensor<128x64xf32, #mma>
  }
}
