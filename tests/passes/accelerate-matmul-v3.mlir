// tritongpu-accelerate-matmul on cuda:90 (MMA v3, wgmma): f16 and i8 operands copied into #ttg.nvmma_shared (i8 B k-contiguous, transposed), a tf32 dot whose A does not come from a load keeps A in registers, a 32x32 dot (M not a multiple of 64) falls back to MMA v2. CHECK lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// CHECK-DAG: #mma2 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
// CHECK-DAG: #mma3 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: #shared4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @f16_loads
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<128x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<32x128x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<32x128xf16, #blocked1>) -> !ttg.memdesc<32x128xf16, #shared1, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<128x128xf32, #blocked2> -> tensor<128x128xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !ttg.memdesc<128x32xf16, #shared, #smem> * !ttg.memdesc<32x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked2>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<128x128xf32, #blocked2>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @i8_loads
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<64x32x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<64x32xi8, #blocked>) -> !ttg.memdesc<64x32xi8, #shared2, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<32x64x!tt.ptr<i8>, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<32x64xi8, #blocked1>) -> !ttg.memdesc<32x64xi8, #shared3, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xi32, #blocked2> -> tensor<64x64xi32, #mma1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !ttg.memdesc<64x32xi8, #shared2, #smem> * !ttg.memdesc<32x64xi8, #shared3, #smem> -> tensor<64x64xi32, #mma1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xi32, #mma1> -> tensor<64x64xi32, #blocked2>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xi32, #blocked2>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @tf32_register_a
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<64x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = math.exp %{{[a-z0-9_#]+}} : tensor<64x32xf32, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<32x64x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<32x64xf32, #blocked1>) -> !ttg.memdesc<32x64xf32, #shared4, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked2> -> tensor<64x64xf32, #mma2>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 1}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {inputPrecision = 0 : i32} : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 1}>> * !ttg.memdesc<32x64xf32, #shared4, #smem> -> tensor<64x64xf32, #mma2>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma2> -> tensor<64x64xf32, #blocked2>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked2>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @small_n_falls_back_to_v2
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<32x32xf32, #blocked2> -> tensor<32x32xf32, #mma3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma3, kWidth = 2}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma3, kWidth = 2}>> -> tensor<32x32xf32, #mma3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<32x32xf32, #mma3> -> tensor<32x32xf32, #blocked2>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<32x32xf32, #blocked2>
// CHECK-NEXT: }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_loads(%pa: tensor<128x32x!tt.ptr<f16>, #blocked>, %pb: tensor<32x128x!tt.ptr<f16>, #blocked1>, %acc: tensor<128x128xf32, #blocked2>) -> tensor<128x128xf32, #blocked2> {
    %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #blocked>
    %b = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #blocked1>
    %ca = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %cb = ttg.convert_layout %b : tensor<32x128xf16, #blocked1> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %ca, %cb, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<128x128xf32, #blocked2>
    tt.return %d : tensor<128x128xf32, #blocked2>
  }
  tt.func public @i8_loads(%pa: tensor<64x32x!tt.ptr<i8>, #blocked>, %pb: tensor<32x64x!tt.ptr<i8>, #blocked1>, %acc: tensor<64x64xi32, #blocked2>) -> tensor<64x64xi32, #blocked2> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<i8>, #blocked>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<i8>, #blocked1>
    %ca = ttg.convert_layout %a : tensor<64x32xi8, #blocked> -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %cb = ttg.convert_layout %b : tensor<32x64xi8, #blocked1> -> tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %ca, %cb, %acc : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<64x64xi32, #blocked2>
    tt.return %d : tensor<64x64xi32, #blocked2>
  }
  tt.func public @tf32_register_a(%pa: tensor<64x32x!tt.ptr<f32>, #blocked>, %pb: tensor<32x64x!tt.ptr<f32>, #blocked1>, %acc: tensor<64x64xf32, #blocked2>) -> tensor<64x64xf32, #blocked2> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #blocked>
    %e = math.exp %a : tensor<64x32xf32, #blocked>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #blocked1>
    %ca = ttg.convert_layout %e : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %cb = ttg.convert_layout %b : tensor<32x64xf32, #blocked1> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %ca, %cb, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<64x64xf32, #blocked2>
    tt.return %d : tensor<64x64xf32, #blocked2>
  }
  tt.func public @small_n_falls_back_to_v2(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>, %acc: tensor<32x32xf32, #blocked2>) -> tensor<32x32xf32, #blocked2> {
    %d = tt.dot %a, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<32x32xf32, #blocked2>
    tt.return %d : tensor<32x32xf32, #blocked2>
  }
}
