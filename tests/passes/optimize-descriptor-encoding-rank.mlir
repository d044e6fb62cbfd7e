// triton-nvidia-optimize-descriptor-encoding: the default #ttg.nvmma_shared
// of a descriptor whose block is not 2-d spells out its rank (rank = 1,
// 3, 5), as Triton 3.9 prints it. First case and CHECK lines from Triton's
// test/TritonNvidiaGPU/optimize_descriptor_encoding.mlir; the second's CHECK
// lines are Triton 3.9.0's own output.
// RUN: tritium-opt %s -split-input-file --triton-nvidia-optimize-descriptor-encoding | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-nvidia-optimize-descriptor-encoding)' | FileCheck %s

#blocked2 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 16], threadsPerWarp = [1, 1, 4, 8, 1], warpsPerCTA = [1, 1, 4, 1, 1], order = [4, 3, 2, 1, 0]}>
#shared_linear_base = #ttg.shared_linear<{offset = [[0, 0, 0, 0, 1], [0, 0, 0, 0, 2], [0, 0, 0, 0, 4], [0, 0, 0, 0, 8], [0, 0, 0, 1, 0], [0, 0, 0, 2, 0], [0, 0, 0, 4, 0], [0, 0, 1, 0, 0], [0, 0, 2, 0, 0], [0, 0, 4, 0, 0], [0, 0, 8, 0, 0], [0, 0, 16, 0, 0], [0, 0, 32, 0, 0], [0, 0, 64, 0, 0], [0, 0, 128, 0, 0]]}, alignment = 128>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-DAG: #[[NVMMA_0:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, rank = 5}>
// CHECK-DAG: #[[BLOCKED5D:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 16], threadsPerWarp = [1, 1, 4, 8, 1], warpsPerCTA = [1, 1, 4, 1, 1], order = [4, 3, 2, 1, 0]}>
// CHECK-DAG: #[[SL_BASE:.*]] = #ttg.shared_linear<{{.*}}alignment = 128>
tt.func public @descriptor_arg_from_shared_linear_use(%b_desc: !tt.tensordesc<1x1x256x8x16xf8E4M3FN>) {
  // CHECK: %arg0: !tt.tensordesc<1x1x256x8x16xf8E4M3FN, #[[NVMMA_0]]>
  // CHECK: %[[LOAD:.*]] = tt.descriptor_load %arg0
  // CHECK-SAME: : !tt.tensordesc<1x1x256x8x16xf8E4M3FN, #[[NVMMA_0]]> -> tensor<1x1x256x8x16xf8E4M3FN, #[[BLOCKED5D]]>
  // CHECK: ttg.local_alloc %[[LOAD]] : (tensor<1x1x256x8x16xf8E4M3FN, #[[BLOCKED5D]]>) -> !ttg.memdesc<1x1x256x8x16xf8E4M3FN, #[[SL_BASE]], #smem>
  %c0 = arith.constant 0 : i32
  %b = tt.descriptor_load %b_desc[%c0, %c0, %c0, %c0, %c0] : !tt.tensordesc<1x1x256x8x16xf8E4M3FN> -> tensor<1x1x256x8x16xf8E4M3FN, #blocked2>
  %b_s = ttg.local_alloc %b : (tensor<1x1x256x8x16xf8E4M3FN, #blocked2>) -> !ttg.memdesc<1x1x256x8x16xf8E4M3FN, #shared_linear_base, #smem>
  tt.return
}
}

// -----

#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 16], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$R3:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
// CHECK-DAG: #[[$R1:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16, rank = 1}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @default_encodings_of_other_ranks
  // CHECK-SAME: !tt.tensordesc<2x64x64xf16, #[[$R3]]>
  // CHECK-SAME: !tt.tensordesc<256xf16, #[[$R1]]>
  tt.func public @default_encodings_of_other_ranks(%d3: !tt.tensordesc<2x64x64xf16>, %d1: !tt.tensordesc<256xf16>) -> (tensor<2x64x64xf16, #blocked3>, tensor<256xf16, #blocked1>) {
    %c0 = arith.constant 0 : i32
    %a = tt.descriptor_load %d3[%c0, %c0, %c0] : !tt.tensordesc<2x64x64xf16> -> tensor<2x64x64xf16, #blocked3>
    %b = tt.descriptor_load %d1[%c0] : !tt.tensordesc<256xf16> -> tensor<256xf16, #blocked1>
    tt.return %a, %b : tensor<2x64x64xf16, #blocked3>, tensor<256xf16, #blocked1>
  }
}
