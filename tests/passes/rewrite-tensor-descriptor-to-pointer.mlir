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
// CHECK-NEXT: arith.constant false
// CHECK: %[[X64:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<16x32xf16>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
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

// NaN padding: the select picks NaN for masked-off elements; rank 1 keeps
// Triton's (identity) reshape and broadcast.
// CHECK-LABEL: tt.func @load_1d_nan
// CHECK: %[[PAD:.*]] = arith.constant true
// CHECK-NEXT: arith.constant false
// CHECK: %[[OTHER:.*]] = arith.select %[[PAD]]
// CHECK: tt.reshape %{{.*}} : tensor<8xi64> -> tensor<8xi64>
// CHECK: tt.broadcast %{{.*}} : tensor<8xi64> -> tensor<8xi64>
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

// -----

// Descriptor arguments: split into base, i64 shapes, i64 strides, the
// padding flag and the tf32-rounding flag; the argument's attributes stay on
// the base pointer. Calls pass the pieces. f32 loads round to tf32 when the
// (unknown) flag says so.
// CHECK-LABEL: tt.func @callee
// CHECK-SAME: (%[[B:[^:]*]]: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %[[S0:[^:]*]]: i64, %[[S1:[^:]*]]: i64, %[[T0:[^:]*]]: i64, %[[T1:[^:]*]]: i64, %[[PAD:[^:]*]]: i1, %[[RND:[^:]*]]: i1, %[[X:[^:]*]]: i32 {tt.divisibility = 16 : i32}) -> tensor<2x4xf32>
// CHECK: arith.select %[[PAD]]
// CHECK: tt.splat %[[B]] : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
// CHECK: tt.splat %[[T0]] : i64 -> tensor<2x1xi64>
// CHECK: tt.splat %[[T1]] : i64 -> tensor<1x4xi64>
// CHECK: tt.splat %[[S0]] : i64 -> tensor<2x1xi64>
// CHECK: tt.splat %[[S1]] : i64 -> tensor<1x4xi64>
// CHECK: %[[L:.*]] = tt.load
// CHECK: %[[R:.*]] = scf.if %[[RND]] -> (tensor<2x4xf32>) {
// CHECK: %[[BITS:.*]] = tt.bitcast %[[L]] : tensor<2x4xf32> -> tensor<2x4xi32>
// CHECK: %[[EXP:.*]] = arith.constant dense<2139095040> : tensor<2x4xi32>
// CHECK: arith.andi %[[BITS]], %[[EXP]]
// CHECK: arith.cmpi eq
// CHECK: arith.constant dense<13>
// CHECK: arith.shrui
// CHECK: arith.constant dense<1>
// CHECK: arith.constant dense<4095>
// CHECK: arith.constant dense<-8192>
// CHECK: arith.select
// CHECK: tt.bitcast %{{.*}} : tensor<2x4xi32> -> tensor<2x4xf32>
// CHECK: } else {
// CHECK: scf.yield %[[L]] : tensor<2x4xf32>
// CHECK: tt.return %[[R]] : tensor<2x4xf32>
tt.func @callee(%d: !tt.tensordesc<2x4xf32> {tt.divisibility = 16 : i32}, %x: i32 {tt.divisibility = 16 : i32}) -> tensor<2x4xf32> {
  %v = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<2x4xf32> -> tensor<2x4xf32>
  tt.return %v : tensor<2x4xf32>
}
// CHECK-LABEL: tt.func @caller
// CHECK-SAME: (%[[BASE:[^:]*]]: !tt.ptr<f32>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[X:[^:]*]]: i32)
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: %[[ST:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[SM:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK: %[[SN:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[F0:.*]] = arith.constant false
// CHECK: %[[F1:.*]] = arith.constant false
// CHECK: tt.call @callee(%[[BASE]], %[[SM]], %[[SN]], %[[ST]], %[[C1]], %[[F0]], %[[F1]], %[[X]]) : (!tt.ptr<f32>, i64, i64, i64, i64, i1, i1, i32) -> tensor<2x4xf32>
tt.func @caller(%base: !tt.ptr<f32>, %m: i32, %n: i32, %x: i32) -> tensor<2x4xf32> {
  %c1 = arith.constant 1 : i64
  %s0 = arith.extsi %n : i32 to i64
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%s0, %c1] : <f32>, <2x4xf32>
  %v = tt.call @callee(%d, %x) : (!tt.tensordesc<2x4xf32>, i32) -> tensor<2x4xf32>
  tt.return %v : tensor<2x4xf32>
}

// -----

// Stores never round; a descriptor made here has a constant-false rounding
// flag, so f32 loads from it do not round either.
// CHECK-LABEL: tt.func @store_f32
// CHECK-SAME: (%{{[^:]*}}: !tt.ptr<f32>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i1, %{{[^:]*}}: i1, %{{[^:]*}}: i32, %[[V:[^:]*]]: tensor<4xf32>)
// CHECK-NOT: scf.if
// CHECK: tt.store %{{.*}}, %[[V]], %{{.*}} : tensor<4x!tt.ptr<f32>>
tt.func @store_f32(%d: !tt.tensordesc<4xf32>, %x: i32, %v: tensor<4xf32>) {
  tt.descriptor_store %d[%x], %v : !tt.tensordesc<4xf32>, tensor<4xf32>
  tt.return
}
// CHECK-LABEL: tt.func @load_f32_made
// CHECK-NOT: scf.if
// CHECK: tt.return
tt.func @load_f32_made(%base: !tt.ptr<f32>, %n: i32, %x: i32) -> tensor<4xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <f32>, <4xf32>
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<4xf32> -> tensor<4xf32>
  tt.return %v : tensor<4xf32>
}

// -----

// Loop-carried descriptors: iter_args, yields and results are split.
// CHECK-LABEL: tt.func @loop
// CHECK: %[[SH:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK: %[[F0:.*]] = arith.constant false
// CHECK: %[[F1:.*]] = arith.constant false
// CHECK: %[[R:.*]]:6 = scf.for %{{.*}} = %arg3 to %arg4 step %arg5 iter_args(%{{[^ ]*}} = %arg0, %{{[^ ]*}} = %[[SH]], %{{[^ ]*}} = %c1_i64, %{{[^ ]*}} = %[[F0]], %{{[^ ]*}} = %[[F1]], %[[XA:[^ ]*]] = %arg2) -> (!tt.ptr<f16>, i64, i64, i1, i1, i32) {
// CHECK: %[[SH2:.*]] = arith.extsi %[[XA]] : i32 to i64
// CHECK: %[[G0:.*]] = arith.constant false
// CHECK: %[[G1:.*]] = arith.constant false
// CHECK: scf.yield %arg0, %[[SH2]], %c1_i64, %[[G0]], %[[G1]], %[[XA]] : !tt.ptr<f16>, i64, i64, i1, i1, i32
// CHECK: arith.select %[[R]]#3
// CHECK: tt.splat %[[R]]#0 : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
// CHECK: tt.splat %[[R]]#2 : i64 -> tensor<8xi64>
// CHECK: tt.splat %[[R]]#1 : i64 -> tensor<8xi64>
// CHECK-NOT: tt.make_tensor_descriptor
tt.func @loop(%base: !tt.ptr<f16>, %n: i32, %x: i32, %lb: index, %ub: index, %st: index) -> tensor<8xf16> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <f16>, <8xf16>
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%dd = %d, %x2 = %x) -> (!tt.tensordesc<8xf16>, i32) {
    %d2 = tt.make_tensor_descriptor %base, [%x2], [%c1] : <f16>, <8xf16>
    scf.yield %d2, %x2 : !tt.tensordesc<8xf16>, i32
  }
  %v = tt.descriptor_load %r#0[%x] : !tt.tensordesc<8xf16> -> tensor<8xf16>
  tt.return %v : tensor<8xf16>
}

// -----

// scf.if selecting a descriptor.
// CHECK-LABEL: tt.func @if_desc
// CHECK-SAME: (%arg0: i1, %arg1: !tt.ptr<f16>, %arg2: i64, %arg3: i64, %arg4: i1, %arg5: i1, %arg6: !tt.ptr<f16>, %arg7: i64, %arg8: i64, %arg9: i1, %arg10: i1, %arg11: i32) -> tensor<8xf16>
// CHECK: %[[D:.*]]:5 = scf.if %arg0 -> (!tt.ptr<f16>, i64, i64, i1, i1) {
// CHECK-NEXT: scf.yield %arg1, %arg2, %arg3, %arg4, %arg5 : !tt.ptr<f16>, i64, i64, i1, i1
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg6, %arg7, %arg8, %arg9, %arg10 : !tt.ptr<f16>, i64, i64, i1, i1
// CHECK: arith.select %[[D]]#3
// CHECK: tt.splat %[[D]]#0
tt.func @if_desc(%b: i1, %d0: !tt.tensordesc<8xf16>, %d1: !tt.tensordesc<8xf16>, %x: i32) -> tensor<8xf16> {
  %d = scf.if %b -> (!tt.tensordesc<8xf16>) {
    scf.yield %d0 : !tt.tensordesc<8xf16>
  } else {
    scf.yield %d1 : !tt.tensordesc<8xf16>
  }
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<8xf16> -> tensor<8xf16>
  tt.return %v : tensor<8xf16>
}

// -----

// scf.while and descriptor results of a function.
// CHECK-LABEL: tt.func @while_desc
// CHECK-SAME: (%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i64, %arg3: i1, %arg4: i1, %arg5: i32) -> (!tt.ptr<f16>, i64, i64, i1, i1)
// CHECK: %[[W:.*]]:6 = scf.while (%arg6 = %arg0, %arg7 = %arg1, %arg8 = %arg2, %arg9 = %arg3, %arg10 = %arg4, %arg11 = %arg5) : (!tt.ptr<f16>, i64, i64, i1, i1, i32) -> (i32, !tt.ptr<f16>, i64, i64, i1, i1) {
// CHECK: scf.condition(%{{.*}}) %arg11, %arg6, %arg7, %arg8, %arg9, %arg10 : i32, !tt.ptr<f16>, i64, i64, i1, i1
// CHECK: ^bb0(%arg6: i32, %arg7: !tt.ptr<f16>, %arg8: i64, %arg9: i64, %arg10: i1, %arg11: i1):
// CHECK-NEXT: scf.yield %arg7, %arg8, %arg9, %arg10, %arg11, %arg6 : !tt.ptr<f16>, i64, i64, i1, i1, i32
// CHECK: tt.return %[[W]]#1, %[[W]]#2, %[[W]]#3, %[[W]]#4, %[[W]]#5 : !tt.ptr<f16>, i64, i64, i1, i1
tt.func @while_desc(%d0: !tt.tensordesc<8xf16>, %x: i32) -> !tt.tensordesc<8xf16> {
  %r:2 = scf.while (%a = %d0, %i = %x) : (!tt.tensordesc<8xf16>, i32) -> (i32, !tt.tensordesc<8xf16>) {
    %c = arith.cmpi slt, %i, %x : i32
    scf.condition(%c) %i, %a : i32, !tt.tensordesc<8xf16>
  } do {
  ^bb0(%j: i32, %e: !tt.tensordesc<8xf16>):
    scf.yield %e, %j : !tt.tensordesc<8xf16>, i32
  }
  tt.return %r#1 : !tt.tensordesc<8xf16>
}

// -----

// Constant indices and shapes are cast to i64 constants, not arith.extsi ops
// (Triton folds the cast when it builds it).
// CHECK-LABEL: tt.func @constant_indices
// CHECK-NOT: arith.extsi %c
// CHECK: %[[C5:.*]] = arith.constant 5 : i64
// CHECK: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-NEXT: arith.constant dense<0x7E00> : tensor<8xf16>
// CHECK: tt.splat %[[C3]] : i64 -> tensor<8xi64>
// CHECK: tt.splat %[[C5]] : i64 -> tensor<8xi64>
tt.func @constant_indices(%base: !tt.ptr<f16>) -> tensor<8xf16> {
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i32
  %d = tt.make_tensor_descriptor %base, [%c5], [%c1] : <f16>, <8xf16>
  %v = tt.descriptor_load %d[%c3] : !tt.tensordesc<8xf16> -> tensor<8xf16>
  tt.return %v : tensor<8xf16>
}
