// tritongpu-accelerate-matmul on cuda:90: tt.dot_scaled decomposes as on sm80 (Triton 3.9's DecomposeScaledBlocked: upcast, e8m0 scale as bf16, broadcast, multiply) into a tt.dot that gets MMA v3 (wgmma): the rescaled A stays in registers (#ttg.dot_op of the v3 layout), B is copied into #ttg.nvmma_shared right after its (identity) upcast, so after the A ops. CHECK lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #blocked4 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked5 = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 2, 16], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #blocked6 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #blocked7 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
// CHECK-DAG: #blocked8 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @fp4_bf16
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x2xbf16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<64> : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<7> : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.load %{{[a-z0-9_#]+}} : tensor<64x64x!tt.ptr<bf16>, #blocked2>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #blocked2> -> tensor<64x64xbf16, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.fp4_to_fp %{{[a-z0-9_#]+}} {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked4>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.extui %{{[a-z0-9_#]+}} : tensor<64x2xi8, #blocked1> to tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.shli %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.maxui %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.bitcast %{{[a-z0-9_#]+}} : tensor<64x2xi16, #blocked1> -> tensor<64x2xbf16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = math.fma %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xbf16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x2xbf16, #blocked1> -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #blocked5}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} efficient_layout : tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #blocked5}>> -> tensor<64x2x1xbf16, #blocked5>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.broadcast %{{[a-z0-9_#]+}} : tensor<64x2x1xbf16, #blocked5> -> tensor<64x2x32xbf16, #blocked5>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} : tensor<64x2x32xbf16, #blocked5> -> tensor<64x64xbf16, #blocked4>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.mulf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #blocked4>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #blocked4> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<64x64xbf16, #blocked3>) -> !ttg.memdesc<64x64xbf16, #shared, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked3> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xbf16, #shared, #smem> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked3> -> tensor<64x64xf32, #blocked3>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked3>
// CHECK-LABEL: tt.func public @e5m2
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<2x64xbf16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<64> : tensor<2x64xi16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<7> : tensor<2x64xi16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x2xbf16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<64> : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<7> : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.fp_to_fp %{{[a-z0-9_#]+}} : tensor<64x64xf8E5M2, #blocked3> -> tensor<64x64xbf16, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.extui %{{[a-z0-9_#]+}} : tensor<64x2xi8, #blocked1> to tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.shli %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.maxui %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xi16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.bitcast %{{[a-z0-9_#]+}} : tensor<64x2xi16, #blocked1> -> tensor<64x2xbf16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = math.fma %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x2xbf16, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x2xbf16, #blocked1> -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #blocked7}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} efficient_layout : tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #blocked7}>> -> tensor<64x2x1xbf16, #blocked7>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.broadcast %{{[a-z0-9_#]+}} : tensor<64x2x1xbf16, #blocked7> -> tensor<64x2x32xbf16, #blocked7>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} : tensor<64x2x32xbf16, #blocked7> -> tensor<64x64xbf16, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.mulf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #blocked3> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.fp_to_fp %{{[a-z0-9_#]+}} : tensor<64x64xf8E5M2, #blocked3> -> tensor<64x64xbf16, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.trans %{{[a-z0-9_#]+}} {order = array<i32: 1, 0>} : tensor<64x2xi8, #blocked1> -> tensor<2x64xi8, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.extui %{{[a-z0-9_#]+}} : tensor<2x64xi8, #blocked6> to tensor<2x64xi16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.shli %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<2x64xi16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.maxui %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<2x64xi16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.bitcast %{{[a-z0-9_#]+}} : tensor<2x64xi16, #blocked6> -> tensor<2x64xbf16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = math.fma %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<2x64xbf16, #blocked6>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<2x64xbf16, #blocked6> -> tensor<2x64xbf16, #ttg.slice<{dim = 1, parent = #blocked8}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} efficient_layout : tensor<2x64xbf16, #ttg.slice<{dim = 1, parent = #blocked8}>> -> tensor<2x1x64xbf16, #blocked8>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.broadcast %{{[a-z0-9_#]+}} : tensor<2x1x64xbf16, #blocked8> -> tensor<2x32x64xbf16, #blocked8>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.reshape %{{[a-z0-9_#]+}} : tensor<2x32x64xbf16, #blocked8> -> tensor<64x64xbf16, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.mulf %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc %{{[a-z0-9_#]+}} : (tensor<64x64xbf16, #blocked3>) -> !ttg.memdesc<64x64xbf16, #shared, #smem>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked3> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked3}>> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xbf16, #shared, #smem> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked3>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.convert_layout %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked3> -> tensor<64x64xf32, #blocked3>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #blocked3>

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp4_bf16(%a: tensor<64x32xi8, #blocked5>, %sa: tensor<64x2xi8, #blocked1>, %pb: tensor<64x64x!tt.ptr<bf16>, #blocked4>) -> tensor<64x64xf32, #blocked> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %b = tt.load %pb : tensor<64x64x!tt.ptr<bf16>, #blocked4>
    %b1 = ttg.convert_layout %b : tensor<64x64xbf16, #blocked4> -> tensor<64x64xbf16, #blocked>
    %d = tt.dot_scaled %a scale %sa, %b1, %cst lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x32xi8, #blocked5>, tensor<64x2xi8, #blocked1> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func public @e5m2(%a: tensor<64x64xf8E5M2, #blocked>, %sa: tensor<64x2xi8, #blocked1>, %b: tensor<64x64xf8E5M2, #blocked>, %sb: tensor<64x2xi8, #blocked1>) -> tensor<64x64xf32, #blocked> {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %cst lhs = e5m2 rhs = e5m2 {fastMath = false} : tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #blocked1> * tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
