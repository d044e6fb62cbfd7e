// convert-triton-to-tritongpu: default blocked layouts, slices for expand_dims
// and reductions, dot operands, the other layout-changing tt ops, scf/cf
// control flow and the module attributes. Expected lines are Triton 3.9's own
// output for these inputs (../shared/corpus/run_triton_pass.py), re-printed.
// RUN: tritium-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:80 num-warps=2' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=2})' | FileCheck %s
// RUN: tritium-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4 num-ctas=2' | FileCheck %s --check-prefix=CTAS
// RUN: tritium-opt %s -split-input-file -convert-triton-to-tritongpu='target=hip:gfx942 num-warps=8 threads-per-warp=64' | FileCheck %s --check-prefix=HIP

// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// CHECK-DAG: #[[$B2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>
// CHECK-DAG: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B4:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [0, 1]}>
// CHECK-DAG: #[[$B5:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
// CHECK-DAG: #[[$B6:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[$B7:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 16, 2], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[$B8:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func public @kernel
// CHECK: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<64x32xf32, #[[$B]]>
// CHECK: %[[R:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[$B1]]>
// CHECK: %[[S:.*]] = ttg.convert_layout %[[R]] : tensor<64xi32, #[[$B1]]> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$B2]]}>>
// CHECK: %[[E:.*]] = tt.expand_dims %[[S]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$B2]]}>> -> tensor<64x1xi32, #[[$B2]]>
// CHECK: %[[EC:.*]] = ttg.convert_layout %[[E]] : tensor<64x1xi32, #[[$B2]]> -> tensor<64x1xi32, #[[$B3]]>
// CHECK: %[[BC:.*]] = tt.broadcast %[[EC]] : tensor<64x1xi32, #[[$B3]]> -> tensor<64x32xi32, #[[$B3]]>
// CHECK: ttg.convert_layout %[[BC]] : tensor<64x32xi32, #[[$B3]]> -> tensor<64x32xi32, #[[$B]]>
// CHECK: tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #[[$B]]>
// CHECK: tt.load {{.*}} : tensor<64x32x!tt.ptr<f32>, #[[$B]]>
// CHECK: %[[FOR:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[CST]]) -> (tensor<64x32xf32, #[[$B]]>)
// CHECK: arith.addf {{.*}} : tensor<64x32xf32, #[[$B]]>
// CHECK: scf.yield {{.*}} : tensor<64x32xf32, #[[$B]]>
// CHECK: "tt.reduce"(%[[FOR]]) <{axis = 1 : i32}>
// CHECK: arith.addf {{.*}} : f32
// CHECK: }) : (tensor<64x32xf32, #[[$B]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[$B]]}>>
// CHECK: %[[T:.*]] = tt.trans %[[FOR]] {order = array<i32: 1, 0>} : tensor<64x32xf32, #[[$B]]> -> tensor<32x64xf32, #[[$B4]]>
// CHECK: %[[TC:.*]] = ttg.convert_layout %[[T]] : tensor<32x64xf32, #[[$B4]]> -> tensor<32x64xf32, #[[$B5]]>
// CHECK: %[[J:.*]] = tt.join %[[FOR]], %[[FOR]] : tensor<64x32xf32, #[[$B]]> -> tensor<64x32x2xf32, #[[$B6]]>
// CHECK: %[[J1:.*]] = ttg.convert_layout %[[J]] : tensor<64x32x2xf32, #[[$B6]]> -> tensor<64x32x2xf32, #[[$B7]]>
// CHECK: %[[J2:.*]] = ttg.convert_layout %[[J1]] : tensor<64x32x2xf32, #[[$B7]]> -> tensor<64x32x2xf32, #[[$B6]]>
// CHECK: %[[L:.*]], %[[H:.*]] = tt.split %[[J2]] : tensor<64x32x2xf32, #[[$B6]]> -> tensor<64x32xf32, #[[$B]]>
// CHECK: tt.cat %[[L]], %[[H]] : tensor<64x32xf32, #[[$B]]> -> tensor<128x32xf32, #[[$B]]>
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #[[$B]]>
// CHECK: %[[A:.*]] = ttg.convert_layout %[[TC]] : tensor<32x64xf32, #[[$B5]]> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 0, parent = #[[$B8]]}>>
// CHECK: %[[BB:.*]] = ttg.convert_layout %[[FOR]] : tensor<64x32xf32, #[[$B]]> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 1, parent = #[[$B8]]}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[Z]] : tensor<32x32xf32, #[[$B]]> -> tensor<32x32xf32, #[[$B8]]>
// CHECK: tt.dot %[[A]], %[[BB]], %[[C]] : {{.*}} -> tensor<32x32xf32, #[[$B8]]>

// CTAS: module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// HIP: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32}
module {
  tt.func public @kernel(%arg0: !tt.ptr<f32>, %arg1: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<64x32xf32>
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %2 = tt.broadcast %1 : tensor<64x1xi32> -> tensor<64x32xi32>
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
    %4 = tt.addptr %3, %2 : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
    %5 = tt.load %4 : tensor<64x32x!tt.ptr<f32>>
    %6 = scf.for %i = %c0 to %arg1 step %c1 iter_args(%acc = %cst) -> (tensor<64x32xf32>) : i32 {
      %7 = arith.addf %acc, %5 : tensor<64x32xf32>
      scf.yield %7 : tensor<64x32xf32>
    }
    %8 = "tt.reduce"(%6) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %9 = arith.addf %a, %b : f32
      tt.reduce.return %9 : f32
    }) : (tensor<64x32xf32>) -> tensor<64xf32>
    %10 = tt.trans %6 {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
    %11 = tt.join %6, %6 : tensor<64x32xf32> -> tensor<64x32x2xf32>
    %12:2 = tt.split %11 : tensor<64x32x2xf32> -> tensor<64x32xf32>
    %13 = tt.cat %12#0, %12#1 : tensor<64x32xf32> -> tensor<128x32xf32>
    %cst2 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %14 = tt.dot %10, %6, %cst2 : tensor<32x64xf32> * tensor<64x32xf32> -> tensor<32x32xf32>
    tt.return
  }
}

// -----

// Structured and unstructured control flow, ub.poison and tt.scan.
// CHECK-LABEL: tt.func public @cf
// CTAS-DAG: #[[$C1D:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}1]]}>
// CTAS-DAG: #[[$C2D:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CTAS-LABEL: tt.func public @cf
// CTAS: scf.if %arg1 -> (tensor<128xf32, #[[$C1D]]>)
// CTAS: tt.load {{.*}} : tensor<128x!tt.ptr<f32>, #[[$C1D]]>
// CTAS: scf.while (%{{.*}} = %{{.*}}) : (tensor<128xf32, #[[$C1D]]>) -> tensor<128xf32, #[[$C1D]]>
// CTAS: scf.condition(%arg1) %{{.*}} : tensor<128xf32, #[[$C1D]]>
// CTAS: ^bb0(%{{.*}}: tensor<128xf32, #[[$C1D]]>):
// CTAS: arith.mulf {{.*}} : tensor<128xf32, #[[$C1D]]>
// CTAS: cf.cond_br %arg1, ^bb1(%{{.*}} : tensor<128xf32, #[[$C1D]]>), ^bb2
// CTAS: ^bb1(%{{.*}}: tensor<128xf32, #[[$C1D]]>):
// CTAS: tt.store {{.*}} : tensor<128x!tt.ptr<f32>, #[[$C1D]]>
// CTAS: ub.poison : tensor<16x16xf32, #[[$C2D]]>
// CTAS: }) : (tensor<16x16xf32, #[[$C2D]]>) -> tensor<16x16xf32, #[[$C2D]]>
// HIP-LABEL: tt.func public @cf
// HIP: cf.cond_br %arg1, ^bb1(%{{.*}} : tensor<128xf32, #{{.*}}>), ^bb2
module {
  tt.func public @cf(%arg0: !tt.ptr<f32>, %arg1: i1, %arg2: i32) {
    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %1 = scf.if %arg1 -> (tensor<128xf32>) {
      %2 = tt.load %0 : tensor<128x!tt.ptr<f32>>
      scf.yield %2 : tensor<128xf32>
    } else {
      scf.yield %cst : tensor<128xf32>
    }
    %3 = scf.while (%a = %1) : (tensor<128xf32>) -> tensor<128xf32> {
      scf.condition(%arg1) %a : tensor<128xf32>
    } do {
    ^bb0(%b: tensor<128xf32>):
      %4 = arith.mulf %b, %b : tensor<128xf32>
      scf.yield %4 : tensor<128xf32>
    }
    cf.cond_br %arg1, ^bb1(%3 : tensor<128xf32>), ^bb2
  ^bb1(%5: tensor<128xf32>):
    tt.store %0, %5 : tensor<128x!tt.ptr<f32>>
    cf.br ^bb2
  ^bb2:
    %6 = ub.poison : tensor<16x16xf32>
    %7 = "tt.scan"(%6) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%x: f32, %y: f32):
      %8 = arith.addf %x, %y : f32
      tt.scan.return %8 : f32
    }) : (tensor<16x16xf32>) -> tensor<16x16xf32>
    tt.return
  }
}

// -----

// A function taking and returning tensors: its signature is converted with
// its block arguments (Triton 3.9's output).
// CHECK-LABEL: tt.func @tensor_signature(
// CHECK-SAME: %arg0: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
// CHECK-NEXT: tt.return %arg0 : tensor<128xf32, #blocked>
module {
  tt.func @tensor_signature(%x: tensor<128xf32>) -> tensor<128xf32> {
    tt.return %x : tensor<128xf32>
  }
}
