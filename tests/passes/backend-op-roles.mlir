// The core passes know a backend's ops only by the roles the backend
// declares (spec/nvidia/src/passes/mod.rs: ttng.warp_group_dot is a Dot):
// tritongpu-optimize-dot-operands fuses a transposition into the shared
// operand of such an op (Triton's FuseTransMMAV3Plus; CHECK lines from
// Triton 3.9's output for this input), through tritium-opt and through stock
// mlir-opt with the plugin (backend-op-roles-refused.mlir: what it refuses).
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-optimize-dot-operands)' | FileCheck %s

// CHECK: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @wgmma(
// CHECK-NEXT: %0 = ttg.local_alloc %arg0 : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
// CHECK-NEXT: %1 = ttg.memdesc_trans %0 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared1, #smem> -> !ttg.memdesc<128x64xf16, #shared, #smem>
// CHECK-NEXT: %2 = ttng.warp_group_dot %1, %arg1, %arg2 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
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
