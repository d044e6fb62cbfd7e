// triton-rewrite-tensor-descriptor-to-pointer: descriptor loads/stores become
// pointer tensors, bounds masks and tt.load/tt.store (output checked against
// Triton 3.9 after canonicalize+cse on the corpus).
// RUN: tritium-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-rewrite-tensor-descriptor-to-pointer)' | FileCheck %s
// Inputs the pass rejects are in rewrite-tensor-descriptor-to-pointer-invalid.mlir.

// CHECK-LABEL: tt.func @load_store_2d
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[STRIDE0:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[SHAPE0:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK: %[[PAD:.*]] = arith.constant false
// CHECK: %[[X64:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<16x32xf16>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
// CHECK: %[[OTHER:.*]] = arith.select %[[PAD]], %[[NAN]], %[[ZERO]] : tensor<16x32xf16>
// CHECK: tt.splat %[[X64]] : i64 -> tensor<16xi64>
// CHECK: tt.make_range {end = 16 : i32, start = 0 : i32}
// CHECK: tt.reshape %{{.*}} : tensor<16xi64> -> tensor<16x1xi64>
// CHECK: tt.reshape %{{.*}} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
// CHECK: tt.splat %[[STRIDE0]] : i64 -> tensor<16x1xi64>
// CHECK: tt.addptr
// CHECK: %[[PTR:.*]] = tt.addptr
// CHECK: arith.cmpi sge
// CHECK: tt.splat %[[SHAPE0]] : i64 -> tensor<16x1xi64>
// CHECK: arith.cmpi slt
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK: %[[V:.*]] = tt.load %[[PTR]], %[[MASK]], %[[OTHER]] : tensor<16x32x!tt.ptr<f16>>
// CHECK: tt.addptr
// CHECK: %[[SMASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK-NEXT: tt.store %{{.*}}, %[[V]], %[[SMASK]] : tensor<16x32x!tt.ptr<f16>>
// CHECK-NOT: tt.descriptor
// CHECK-NOT: tt.make_tensor_descriptor
tt.func @load_store_2d(%base: !tt.ptr<f16>, %m: i32, %n: i32, %x: i32, %y: i32) {
  %c1 = arith.constant 1 : i64
  %s0 = arith.extsi %n : i32 to i64
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%s0, %c1] : <f16>, <16x32xf16>
  %v = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<16x32xf16> -> tensor<16x32xf16>
  tt.descriptor_store %d[%y, %x], %v : !tt.tensordesc<16x32xf16>, tensor<16x32xf16>
  tt.return
}

// -----

// NaN padding: the select picks NaN for masked-off elements; rank 1 needs
// no reshape or broadcast.
// CHECK-LABEL: tt.func @load_1d_nan
// CHECK: %[[PAD:.*]] = arith.constant true
// CHECK: %[[OTHER:.*]] = arith.select %[[PAD]]
// CHECK-NOT: tt.reshape
// CHECK-NOT: tt.broadcast
// CHECK: tt.load %{{.*}}, %{{.*}}, %[[OTHER]] : tensor<8x!tt.ptr<f32>>
tt.func @load_1d_nan(%base: !tt.ptr<f32>, %n: i32, %x: i32) -> tensor<8xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] {padding = 2 : i32} : <f32>, <8xf32>
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<8xf32> -> tensor<8xf32>
  tt.return %v : tensor<8xf32>
}

// -----

// No descriptor: unchanged.
// CHECK-LABEL: tt.func @no_descriptor
// CHECK-NEXT: tt.load
tt.func @no_descriptor(%p: tensor<4x!tt.ptr<f32>>) -> tensor<4xf32> {
  %v = tt.load %p : tensor<4x!tt.ptr<f32>>
  tt.return %v : tensor<4xf32>
}
