// tritongpu-accelerate-matmul on tt.dot_scaled (sm80): the decomposition into upcast, rescaled bf16 operands and an MMA v2 tt.dot (issue 23). The pass output is identical to Triton 3.9's on this file (run_triton_pass.py); e5m2 x e5m2 with scales and the fma NaN guard, e2m1 (ttg.fp4_to_fp) with fastMath x an unscaled bf16 rhs.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s

// CHECK-DAG: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[$B4:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-LABEL: @scaled_e5m2
// CHECK: %[[A:.*]] = tt.fp_to_fp %arg0 : tensor<64x64xf8E5M2, #{{.*}}> -> tensor<64x64xbf16
// CHECK: %[[SA:.*]] = arith.extui %arg1 : tensor<64x2xi8, #{{.*}}> to tensor<64x2xi16
// CHECK: %[[SH:.*]] = arith.shli %[[SA]], %{{.*}} : tensor<64x2xi16
// CHECK: %[[MX:.*]] = arith.maxui %[[SH]], %{{.*}} : tensor<64x2xi16
// CHECK: %[[BC:.*]] = tt.bitcast %[[MX]] : tensor<64x2xi16, #{{.*}}> -> tensor<64x2xbf16
// CHECK: %[[NAN:.*]] = math.fma %[[BC]], %{{.*}}, %[[BC]] : tensor<64x2xbf16
// CHECK: %[[SL:.*]] = ttg.convert_layout %[[NAN]] : {{.*}} -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK: %[[U:.*]] = tt.reshape %[[SL]] efficient_layout : {{.*}} -> tensor<64x2x1xbf16, #[[$B3]]>
// CHECK: %[[BR:.*]] = tt.broadcast %[[U]] : {{.*}} -> tensor<64x2x32xbf16, #[[$B3]]>
// CHECK: %[[W:.*]] = tt.reshape %[[BR]] : {{.*}} -> tensor<64x64xbf16, #{{.*}}>
// CHECK: %[[M:.*]] = arith.mulf %[[A]], %[[W]]
// CHECK: ttg.convert_layout %[[M]] : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}}>>
// CHECK: tt.fp_to_fp %arg2
// CHECK: tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<64x2xi8, #{{.*}}> -> tensor<2x64xi8
// CHECK: math.fma
// CHECK: tt.reshape %{{.*}} efficient_layout : {{.*}} -> tensor<2x1x64xbf16, #[[$B4]]>
// CHECK: tt.broadcast %{{.*}} -> tensor<2x32x64xbf16, #[[$B4]]>
// CHECK: tt.dot %{{.*}} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NOT: tt.dot_scaled
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scaled_e5m2(%a: tensor<64x64xf8E5M2, #blocked>, %sa: tensor<64x2xi8, #blocked1>, %b: tensor<64x64xf8E5M2, #blocked>, %sb: tensor<64x2xi8, #blocked1>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %acc lhs = e5m2 rhs = e5m2 {fastMath = false} : tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #blocked1> * tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #blocked1> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// CHECK-DAG: #[[$B6:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B7:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 2, 16], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: @scaled_fp4_bf16
// CHECK: %[[A:.*]] = ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #{{.*}}> -> tensor<64x64xbf16, #[[$B6]]>
// CHECK: arith.maxui
// CHECK: %[[BC:.*]] = tt.bitcast
// CHECK-NOT: math.fma
// CHECK: ttg.convert_layout %[[BC]] : {{.*}} -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #[[$B7]]}>>
// CHECK: tt.reshape %{{.*}} : tensor<64x2x32xbf16, #[[$B7]]> -> tensor<64x64xbf16, #[[$B6]]>
// CHECK: arith.mulf %[[A]]
// CHECK-NOT: tt.fp_to_fp
// CHECK: ttg.convert_layout %arg2 : tensor<64x64xbf16, #{{.*}}> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}}>>
// CHECK: tt.dot %{{.*}} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scaled_fp4_bf16(%a: tensor<64x32xi8, #blocked2>, %sa: tensor<64x2xi8, #blocked1>, %b: tensor<64x64xbf16, #blocked>, %acc: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a scale %sa, %b, %acc lhs = e2m1 rhs = bf16 {fastMath = true} : tensor<64x32xi8, #blocked2>, tensor<64x2xi8, #blocked1> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
