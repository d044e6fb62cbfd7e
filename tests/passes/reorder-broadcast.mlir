// RUN: tritium-opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-reorder-broadcast)' | FileCheck %s
// Expected outputs follow Triton 3.9's triton-reorder-broadcast on the same inputs.
// CHECK-LABEL: tt.func @splat_elementwise
// CHECK-DAG:     %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG:     %[[S:.*]] = arith.addf %arg0, %arg1 : f32
// CHECK-DAG:     %[[M:.*]] = arith.mulf %[[S]], %[[C]] : f32
// CHECK-DAG:     %[[E:.*]] = math.exp %[[M]] : f32
// CHECK-DAG:     %[[R0:.*]] = tt.splat %[[E]] : f32 -> tensor<128x32xf32>
// CHECK-DAG:     %[[B:.*]] = arith.cmpf olt, %arg0, %[[C]] : f32
// CHECK-DAG:     %[[R1:.*]] = tt.splat %[[B]] : i1 -> tensor<128x32xi1>
// CHECK:         tt.return %[[R0]], %[[R1]]
tt.func @splat_elementwise(%a: f32, %b: f32) -> (tensor<128x32xf32>, tensor<128x32xi1>) {
  %sa = tt.splat %a : f32 -> tensor<128x32xf32>
  %sb = tt.splat %b : f32 -> tensor<128x32xf32>
  %c = arith.constant dense<2.0> : tensor<128x32xf32>
  %0 = arith.addf %sa, %sb : tensor<128x32xf32>
  %1 = arith.mulf %0, %c : tensor<128x32xf32>
  %2 = math.exp %1 : tensor<128x32xf32>
  %3 = arith.cmpf olt, %sa, %c : tensor<128x32xf32>
  tt.return %2, %3 : tensor<128x32xf32>, tensor<128x32xi1>
}

// -----

// CHECK-LABEL: tt.func @broadcast_elementwise
// CHECK-DAG:     %[[C:.*]] = arith.constant dense<3.000000e+00> : tensor<128x1xf32>
// CHECK-DAG:     %[[A:.*]] = arith.addf %arg0, %arg1 : tensor<128x1xf32>
// CHECK-DAG:     %[[S:.*]] = tt.splat %arg2 : f32 -> tensor<128x1xf32>
// CHECK-DAG:     %[[M:.*]] = arith.mulf %arg0, %[[S]] : tensor<128x1xf32>
// CHECK-DAG:     %[[D:.*]] = arith.subf %[[M]], %[[C]] : tensor<128x1xf32>
// CHECK-DAG:     %[[R0:.*]] = tt.broadcast %[[D]] : tensor<128x1xf32> -> tensor<128x32xf32>
// CHECK-DAG:     %[[E:.*]] = math.exp %[[A]] : tensor<128x1xf32>
// CHECK-DAG:     %[[R1:.*]] = tt.broadcast %[[E]] : tensor<128x1xf32> -> tensor<128x32xf32>
// CHECK:         tt.return %[[R0]], %[[R1]]
tt.func @broadcast_elementwise(%x: tensor<128x1xf32>, %y: tensor<128x1xf32>, %s: f32) -> (tensor<128x32xf32>, tensor<128x32xf32>) {
  %bx = tt.broadcast %x : tensor<128x1xf32> -> tensor<128x32xf32>
  %by = tt.broadcast %y : tensor<128x1xf32> -> tensor<128x32xf32>
  %ss = tt.splat %s : f32 -> tensor<128x32xf32>
  %c = arith.constant dense<3.0> : tensor<128x32xf32>
  %0 = arith.addf %bx, %by : tensor<128x32xf32>
  %1 = arith.mulf %bx, %ss : tensor<128x32xf32>
  %2 = arith.subf %1, %c : tensor<128x32xf32>
  %3 = math.exp %0 : tensor<128x32xf32>
  tt.return %2, %3 : tensor<128x32xf32>, tensor<128x32xf32>
}

// -----

// Must not fire: broadcast sources of different shapes, or a non-splat operand.
// CHECK-LABEL: tt.func @broadcast_mismatch
// CHECK-NEXT:    %[[X:.*]] = tt.broadcast %arg0
// CHECK-NEXT:    %[[Y:.*]] = tt.broadcast %arg1
// CHECK-NEXT:    %[[A:.*]] = arith.addf %[[X]], %[[Y]] : tensor<128x32xf32>
// CHECK-NEXT:    %[[B:.*]] = arith.addf %[[X]], %arg2 : tensor<128x32xf32>
// CHECK-NEXT:    tt.return %[[A]], %[[B]]
tt.func @broadcast_mismatch(%x: tensor<128x1xf32>, %y: tensor<1x32xf32>, %z: tensor<128x32xf32>) -> (tensor<128x32xf32>, tensor<128x32xf32>) {
  %bx = tt.broadcast %x : tensor<128x1xf32> -> tensor<128x32xf32>
  %by = tt.broadcast %y : tensor<1x32xf32> -> tensor<128x32xf32>
  %0 = arith.addf %bx, %by : tensor<128x32xf32>
  %1 = arith.addf %bx, %z : tensor<128x32xf32>
  tt.return %0, %1 : tensor<128x32xf32>, tensor<128x32xf32>
}

// -----

// The BroadcastOp / ExpandDimsOp canonicalizations Triton runs in this pass.
// CHECK-LABEL: tt.func @canonical
// CHECK-DAG:     %[[S0:.*]] = tt.splat %arg0 : f32 -> tensor<4x8xf32>
// CHECK-DAG:     %[[S1:.*]] = tt.splat %arg0 : f32 -> tensor<4x1xf32>
// CHECK-DAG:     %[[B:.*]] = tt.broadcast %arg3 : tensor<4x1x1xf32> -> tensor<4x8x16xf32>
// CHECK-DAG:     %[[E:.*]] = tt.expand_dims %arg2 {axis = 0 : i32} : tensor<4x1xf32> -> tensor<1x4x1xf32>
// CHECK-DAG:     %[[EB:.*]] = tt.broadcast %[[E]] : tensor<1x4x1xf32> -> tensor<1x4x8xf32>
// CHECK:         tt.return %[[S0]], %[[S1]], %[[B]], %[[EB]]
tt.func @canonical(%x: f32, %y: tensor<4xf32>, %z: tensor<4x1xf32>, %w: tensor<4x1x1xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>, tensor<4x8x16xf32>, tensor<1x4x8xf32>) {
  %s = tt.splat %x : f32 -> tensor<4x1xf32>
  %0 = tt.broadcast %s : tensor<4x1xf32> -> tensor<4x8xf32>
  %s1 = tt.splat %x : f32 -> tensor<4xf32>
  %1 = tt.expand_dims %s1 {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %b0 = tt.broadcast %w : tensor<4x1x1xf32> -> tensor<4x1x16xf32>
  %b1 = tt.broadcast %b0 : tensor<4x1x16xf32> -> tensor<4x8x16xf32>
  %b2 = tt.broadcast %z : tensor<4x1xf32> -> tensor<4x8xf32>
  %e = tt.expand_dims %b2 {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32>
  tt.return %0, %1, %b1, %e : tensor<4x8xf32>, tensor<4x1xf32>, tensor<4x8x16xf32>, tensor<1x4x8xf32>
}

// -----

// Loads and impure extern calls never move; tt.addptr is elementwise.
// CHECK-LABEL: tt.func @not_elementwise
// CHECK-DAG:     %[[SP:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x32x!tt.ptr<f32>>
// CHECK-DAG:     %[[L0:.*]] = tt.load %[[SP]] : tensor<128x32x!tt.ptr<f32>>
// CHECK-DAG:     %[[SP1:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>>
// CHECK-DAG:     %[[P:.*]] = tt.addptr %[[SP1]], %arg1 : tensor<128x1x!tt.ptr<f32>>, tensor<128x1xi32>
// CHECK-DAG:     %[[BP:.*]] = tt.broadcast %[[P]] : tensor<128x1x!tt.ptr<f32>> -> tensor<128x32x!tt.ptr<f32>>
// CHECK-DAG:     %[[L1:.*]] = tt.load %[[BP]] : tensor<128x32x!tt.ptr<f32>>
// CHECK-DAG:     %[[X:.*]] = tt.extern_elementwise %[[L0]] {{.*}}pure = false{{.*}} : (tensor<128x32xf32>) -> tensor<128x32xf32>
// CHECK:         tt.return %[[L0]], %[[L1]], %[[X]]
tt.func @not_elementwise(%p: !tt.ptr<f32>, %x: tensor<128x1xi32>, %a: tensor<128x32xf32>) -> (tensor<128x32xf32>, tensor<128x32xf32>, tensor<128x32xf32>) {
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<128x32x!tt.ptr<f32>>
  %0 = tt.load %sp : tensor<128x32x!tt.ptr<f32>>
  %bx = tt.broadcast %x : tensor<128x1xi32> -> tensor<128x32xi32>
  %1 = tt.addptr %sp, %bx : tensor<128x32x!tt.ptr<f32>>, tensor<128x32xi32>
  %2 = tt.load %1 : tensor<128x32x!tt.ptr<f32>>
  %3 = tt.extern_elementwise %0 {libname = "", libpath = "", pure = false, symbol = "foo"} : (tensor<128x32xf32>) -> tensor<128x32xf32>
  tt.return %0, %2, %3 : tensor<128x32xf32>, tensor<128x32xf32>, tensor<128x32xf32>
}

// -----

// CHECK-LABEL: tt.func @extern_pure
// CHECK-NEXT:    %[[X:.*]] = tt.extern_elementwise %arg0 {{.*}} : (f32) -> f32
// CHECK-NEXT:    %[[S:.*]] = tt.splat %[[X]] : f32 -> tensor<128xf32>
// CHECK-NEXT:    tt.return %[[S]]
tt.func @extern_pure(%x: f32) -> tensor<128xf32> {
  %s = tt.splat %x : f32 -> tensor<128xf32>
  %0 = tt.extern_elementwise %s {libname = "", libpath = "", pure = true, symbol = "foo"} : (tensor<128xf32>) -> tensor<128xf32>
  tt.return %0 : tensor<128xf32>
}
