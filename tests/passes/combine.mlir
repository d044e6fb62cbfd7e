// RUN: tritium-opt %s -split-input-file -triton-combine | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-combine)' | FileCheck %s
// Expected outputs follow Triton 3.9's triton-combine on the same inputs.
// CHECK-LABEL: tt.func @dot_addf
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<16x16xf32>, %[[B:[^:]*]]: tensor<16x16xf32>, %[[D:[^:]*]]: tensor<16x16xf32>)
// CHECK-NOT:     arith.addf
// CHECK:         %[[R0:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT:    %[[R1:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]]
tt.func @dot_addf(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  %2 = tt.dot %a, %b, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = arith.addf %d, %2 : tensor<16x16xf32>
  tt.return %1, %3 : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_addi
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<16x16xi8>, %[[B:[^:]*]]: tensor<16x16xi8>, %[[D:[^:]*]]: tensor<16x16xi32>)
// CHECK-NOT:     arith.addi
// CHECK:         %[[R0:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
// CHECK-NEXT:    %[[R1:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]]
tt.func @dot_addi(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> (tensor<16x16xi32>, tensor<16x16xi32>) {
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %1 = arith.addi %0, %d : tensor<16x16xi32>
  %2 = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %3 = arith.addi %d, %2 : tensor<16x16xi32>
  tt.return %1, %3 : tensor<16x16xi32>, tensor<16x16xi32>
}

// -----

// Must not fire: the dot has a second use, a non-zero accumulator, or a
// non-zero maxNumImpreciseAcc. A -0.0 accumulator is a zero (m_AnyZeroFloat).
// CHECK-LABEL: tt.func @dot_add_negative
// CHECK-SAME:    (%[[A:[^:]*]]: tensor<16x16xf32>, %[[B:[^:]*]]: tensor<16x16xf32>, %[[D:[^:]*]]: tensor<16x16xf32>, %[[A8:[^:]*]]: tensor<16x16xf8E5M2>, %[[B8:[^:]*]]: tensor<16x16xf8E5M2>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<16x16xf32>
// CHECK:         %[[R0:.*]] = tt.dot %[[A]], %[[B]], %[[ZERO]]
// CHECK-NEXT:    %[[R1:.*]] = arith.addf %[[R0]], %[[D]]
// CHECK-NEXT:    %[[R2:.*]] = tt.dot %[[A]], %[[B]], %[[ONE]]
// CHECK-NEXT:    %[[R3:.*]] = arith.addf %[[R2]], %[[D]]
// CHECK-NEXT:    %[[R4:.*]] = tt.dot %[[A8]], %[[B8]], %[[ZERO]] {maxNumImpreciseAcc = 32 : i32}
// CHECK-NEXT:    %[[R5:.*]] = arith.addf %[[R4]], %[[D]]
// CHECK-NEXT:    %[[R6:.*]] = tt.dot %[[A]], %[[B]], %[[D]]
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R3]], %[[R5]], %[[R6]]
tt.func @dot_add_negative(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32>, %a8: tensor<16x16xf8E5M2>, %b8: tensor<16x16xf8E5M2>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %negzero = arith.constant dense<-0.0> : tensor<16x16xf32>
  %one = arith.constant dense<1.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  %2 = tt.dot %a, %b, %one : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = arith.addf %2, %d : tensor<16x16xf32>
  %4 = tt.dot %a8, %b8, %zero {maxNumImpreciseAcc = 32 : i32} : tensor<16x16xf8E5M2> * tensor<16x16xf8E5M2> -> tensor<16x16xf32>
  %5 = arith.addf %4, %d : tensor<16x16xf32>
  %6 = tt.dot %a, %b, %negzero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %7 = arith.addf %6, %d : tensor<16x16xf32>
  tt.return %0, %1, %3, %5, %7 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// The right-hand dot is examined first; it has a non-zero accumulator, so
// nothing fires (the left-hand dot is not tried).
// CHECK-LABEL: tt.func @dot_add_both
// CHECK:         %[[X:.*]] = tt.dot %arg0, %arg1, %{{.*}}
// CHECK-NEXT:    %[[Y:.*]] = tt.dot %arg1, %arg0, %arg2
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[X]], %[[Y]]
// CHECK-NEXT:    tt.return %[[S]]
tt.func @dot_add_both(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = tt.dot %b, %a, %c : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %2 = arith.addf %0, %1 : tensor<16x16xf32>
  tt.return %2 : tensor<16x16xf32>
}

// -----

// 64-bit offsets always combine; only the tt.* hint attributes are kept.
// CHECK-LABEL: tt.func @addptr_i64
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg1, %arg2 : i64
// CHECK-NEXT:    %[[P:.*]] = tt.addptr %arg0, %[[S]] {tt.divisibility = 16 : i32} : !tt.ptr<f32>, i64
// CHECK-NEXT:    tt.return %[[P]]
tt.func @addptr_i64(%p: !tt.ptr<f32>, %i: i64, %j: i64) -> !tt.ptr<f32> {
  %0 = tt.addptr %p, %i : !tt.ptr<f32>, i64
  %1 = tt.addptr %0, %j {tt.divisibility = 16 : i32, foo = 1 : i32} : !tt.ptr<f32>, i64
  tt.return %1 : !tt.ptr<f32>
}

// -----

// 32-bit offsets combine only when both are constants whose sum fits.
// CHECK-LABEL: tt.func @addptr_i32_const
// CHECK-DAG:     %[[THREE:.*]] = arith.constant dense<3> : tensor<8xi32>
// CHECK-DAG:     %[[BIG:.*]] = arith.constant dense<2147483647> : tensor<8xi32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant dense<1> : tensor<8xi32>
// CHECK-DAG:     %[[SX:.*]] = tt.splat %arg1 : i32 -> tensor<8xi32>
// CHECK-DAG:     %[[P0:.*]] = tt.addptr %arg0, %[[THREE]] : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
// CHECK-DAG:     %[[P1:.*]] = tt.addptr %arg0, %[[BIG]]
// CHECK-DAG:     %[[P2:.*]] = tt.addptr %[[P1]], %[[ONE]]
// CHECK-DAG:     %[[P3:.*]] = tt.addptr %arg0, %[[SX]]
// CHECK-DAG:     %[[P4:.*]] = tt.addptr %[[P3]], %[[ONE]]
// CHECK:         tt.return %[[P0]], %[[P2]], %[[P4]]
tt.func @addptr_i32_const(%p: tensor<8x!tt.ptr<f32>>, %x: i32) -> (tensor<8x!tt.ptr<f32>>, tensor<8x!tt.ptr<f32>>, tensor<8x!tt.ptr<f32>>) {
  %c1 = arith.constant dense<1> : tensor<8xi32>
  %c2 = arith.constant 2 : i32
  %s2 = tt.splat %c2 : i32 -> tensor<8xi32>
  %big = arith.constant dense<2147483647> : tensor<8xi32>
  %sx = tt.splat %x : i32 -> tensor<8xi32>
  %0 = tt.addptr %p, %c1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %1 = tt.addptr %0, %s2 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %2 = tt.addptr %p, %big : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %3 = tt.addptr %2, %c1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %4 = tt.addptr %p, %sx : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %5 = tt.addptr %4, %c1 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %1, %3, %5 : tensor<8x!tt.ptr<f32>>, tensor<8x!tt.ptr<f32>>, tensor<8x!tt.ptr<f32>>
}

// -----

// Offsets of different types never combine.
// CHECK-LABEL: tt.func @addptr_mixed
// CHECK-NEXT:    %[[P:.*]] = tt.addptr %arg0, %arg1 : tensor<8x!tt.ptr<f32>>, tensor<8xi64>
// CHECK-NEXT:    %[[Q:.*]] = tt.addptr %[[P]], %arg2 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
// CHECK-NEXT:    tt.return %[[Q]]
tt.func @addptr_mixed(%p: tensor<8x!tt.ptr<f32>>, %i: tensor<8xi64>, %j: tensor<8xi32>) -> tensor<8x!tt.ptr<f32>> {
  %0 = tt.addptr %p, %i : tensor<8x!tt.ptr<f32>>, tensor<8xi64>
  %1 = tt.addptr %0, %j : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %1 : tensor<8x!tt.ptr<f32>>
}

// -----

// The select's condition must be the splatted mask; the load is updated in place.
// CHECK-LABEL: tt.func @select_load
// CHECK-NEXT:    %[[M:.*]] = tt.splat %arg1 : i1 -> tensor<8xi1>
// CHECK-NEXT:    %[[L0:.*]] = tt.load %arg0, %[[M]], %arg2 {cache = 1 : i32} : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT:    %[[L1:.*]] = tt.load %arg0, %[[M]] : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg3, %[[L1]], %arg2
// CHECK-NEXT:    tt.return %[[L0]], %[[S]]
tt.func @select_load(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %o: tensor<8xf32>, %c2: i1) -> (tensor<8xf32>, tensor<8xf32>) {
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %0 = tt.load %p, %m {cache = 1 : i32} : tensor<8x!tt.ptr<f32>>
  %1 = arith.select %c, %0, %o : tensor<8xf32>
  %2 = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %3 = arith.select %c2, %2, %o : tensor<8xf32>
  tt.return %1, %3 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Must not fire: the load has another use.
// CHECK-LABEL: tt.func @select_load_twouse
// CHECK:         %[[L:.*]] = tt.load %arg0, %{{.*}} : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg1, %[[L]], %arg2
// CHECK-NEXT:    tt.return %[[L]], %[[S]]
tt.func @select_load_twouse(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %o: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %0 = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %1 = arith.select %c, %0, %o : tensor<8xf32>
  tt.return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Must not fire: the false value does not dominate the load.
// CHECK-LABEL: tt.func @select_load_later
// CHECK:         %[[L:.*]] = tt.load %arg0, %{{.*}} : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT:    %[[X:.*]] = arith.addf %[[L]]
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg1, %[[L]], %[[X]]
// CHECK-NEXT:    tt.return %[[S]]
tt.func @select_load_later(%p: tensor<8x!tt.ptr<f32>>, %c: i1) -> tensor<8xf32> {
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %0 = tt.load %p, %m : tensor<8x!tt.ptr<f32>>
  %o = arith.constant dense<1.0> : tensor<8xf32>
  %x = arith.addf %0, %o : tensor<8xf32>
  %1 = arith.select %c, %0, %x : tensor<8xf32>
  tt.return %1 : tensor<8xf32>
}

// -----

// sum(x[:, :, None] * y[None, :, :], 1) -> dot (IEEE, zero accumulator).
// CHECK-LABEL: tt.func @bmr
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
// CHECK-DAG:     %[[X:.*]] = tt.expand_dims %arg0 {axis = 2 : i32}
// CHECK-DAG:     %[[Y:.*]] = tt.expand_dims %arg1 {axis = 0 : i32}
// CHECK-DAG:     %[[X2:.*]] = tt.reshape %[[X]] : tensor<32x16x1xf32> -> tensor<32x16xf32>
// CHECK-DAG:     %[[Y2:.*]] = tt.reshape %[[Y]] : tensor<1x16x32xf32> -> tensor<16x32xf32>
// CHECK:         %[[D:.*]] = tt.dot %[[X2]], %[[Y2]], %[[ZERO]] : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
// CHECK-NEXT:    tt.return %[[D]]
// CHECK-NOT:     tt.reduce
tt.func @bmr(%x: tensor<32x16xf32>, %y: tensor<16x32xf32>) -> tensor<32x32xf32> {
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %1 = tt.broadcast %0 : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %2 = tt.expand_dims %y {axis = 0 : i32} : tensor<16x32xf32> -> tensor<1x16x32xf32>
  %3 = tt.broadcast %2 : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x32xf32>
  %5 = "tt.reduce"(%4) ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) {axis = 1 : i32} : (tensor<32x16x32xf32>) -> tensor<32x32xf32>
  tt.return %5 : tensor<32x32xf32>
}

// -----

// Must not fire: N = 8 < 16.
// CHECK-LABEL: tt.func @bmr_small
// CHECK-NOT:     tt.dot
// CHECK:         tt.reduce
tt.func @bmr_small(%x: tensor<32x16xf32>, %y: tensor<16x8xf32>) -> tensor<32x8xf32> {
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %1 = tt.broadcast %0 : tensor<32x16x1xf32> -> tensor<32x16x8xf32>
  %2 = tt.expand_dims %y {axis = 0 : i32} : tensor<16x8xf32> -> tensor<1x16x8xf32>
  %3 = tt.broadcast %2 : tensor<1x16x8xf32> -> tensor<32x16x8xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x8xf32>
  %5 = "tt.reduce"(%4) ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) {axis = 1 : i32} : (tensor<32x16x8xf32>) -> tensor<32x8xf32>
  tt.return %5 : tensor<32x8xf32>
}

// -----

// Must not fire: the reduction is not along axis 1.
// CHECK-LABEL: tt.func @bmr_axis0
// CHECK-NOT:     tt.dot
// CHECK:         tt.reduce
tt.func @bmr_axis0(%x: tensor<32x16xf32>, %y: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %1 = tt.broadcast %0 : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %2 = tt.expand_dims %y {axis = 0 : i32} : tensor<16x32xf32> -> tensor<1x16x32xf32>
  %3 = tt.broadcast %2 : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x32xf32>
  %5 = "tt.reduce"(%4) ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) {axis = 0 : i32} : (tensor<32x16x32xf32>) -> tensor<16x32xf32>
  tt.return %5 : tensor<16x32xf32>
}

// -----

// The broadcast sources need not come from expand_dims.
// CHECK-LABEL: tt.func @bmr_noexpand
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
// CHECK-DAG:     %[[X:.*]] = tt.reshape %arg0 : tensor<32x16x1xf32> -> tensor<32x16xf32>
// CHECK-DAG:     %[[Y:.*]] = tt.reshape %arg1 : tensor<1x16x32xf32> -> tensor<16x32xf32>
// CHECK:         %[[D:.*]] = tt.dot %[[X]], %[[Y]], %[[ZERO]]
// CHECK-NEXT:    tt.return %[[D]]
tt.func @bmr_noexpand(%x: tensor<32x16x1xf32>, %y: tensor<1x16x32xf32>) -> tensor<32x32xf32> {
  %1 = tt.broadcast %x : tensor<32x16x1xf32> -> tensor<32x16x32xf32>
  %3 = tt.broadcast %y : tensor<1x16x32xf32> -> tensor<32x16x32xf32>
  %4 = arith.mulf %1, %3 : tensor<32x16x32xf32>
  %5 = "tt.reduce"(%4) ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) {axis = 1 : i32} : (tensor<32x16x32xf32>) -> tensor<32x32xf32>
  tt.return %5 : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_reduce
// CHECK:         tt.reshape %arg0 allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
tt.func @reshape_reduce(%x: tensor<4x8xf32>) -> f32 {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = "tt.reduce"(%0) ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) {axis = 0 : i32} : (tensor<32xf32>) -> f32
  tt.return %1 : f32
}

// -----

// CHECK-LABEL: tt.func @desc_load
// CHECK-NEXT:    %[[L:.*]] = tt.descriptor_load %arg0[%arg1, %arg1, %arg1] : !tt.tensordesc<1x16x32xf16> -> tensor<16x32xf16>
// CHECK-NEXT:    tt.return %[[L]]
tt.func @desc_load(%d: !tt.tensordesc<1x16x32xf16>, %i: i32) -> (tensor<16x32xf16>) {
  %0 = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<1x16x32xf16> -> tensor<1x16x32xf16>
  %1 = tt.reshape %0 : tensor<1x16x32xf16> -> tensor<16x32xf16>
  tt.return %1 : tensor<16x32xf16>
}

// -----

// Must not fire: a non-unit leading dimension, or a load with two uses.
// CHECK-LABEL: tt.func @desc_load_neg
// CHECK:         tt.descriptor_load %arg0{{.*}} -> tensor<2x16x32xf16>
// CHECK-NEXT:    tt.reshape
// CHECK-NEXT:    tt.descriptor_load %arg1{{.*}} -> tensor<1x16x32xf16>
// CHECK-NEXT:    tt.reshape
tt.func @desc_load_neg(%d: !tt.tensordesc<2x16x32xf16>, %e: !tt.tensordesc<1x16x32xf16>, %i: i32) -> (tensor<32x32xf16>, tensor<16x32xf16>, tensor<1x16x32xf16>) {
  %0 = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<2x16x32xf16> -> tensor<2x16x32xf16>
  %1 = tt.reshape %0 : tensor<2x16x32xf16> -> tensor<32x32xf16>
  %2 = tt.descriptor_load %e[%i, %i, %i] : !tt.tensordesc<1x16x32xf16> -> tensor<1x16x32xf16>
  %3 = tt.reshape %2 : tensor<1x16x32xf16> -> tensor<16x32xf16>
  tt.return %1, %3, %2 : tensor<32x32xf16>, tensor<16x32xf16>, tensor<1x16x32xf16>
}

// -----

// A float add also absorbs a tt.dot_scaled with a zero accumulator.
// CHECK-LABEL: tt.func @dot_scaled_add
// CHECK-NEXT:    %[[R:.*]] = tt.dot_scaled %arg0 scale %arg2, %arg1 scale %arg3, %arg4 lhs = e2m1 rhs = e2m1 {fastMath = false}
// CHECK-NEXT:    tt.return %[[R]]
tt.func @dot_scaled_add(%a: tensor<128x32xi8>, %b: tensor<32x128xi8>, %as: tensor<128x2xi8>, %bs: tensor<128x2xi8>, %d: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %zero lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<32x128xi8>, tensor<128x2xi8> -> tensor<128x128xf32>
  %1 = arith.addf %d, %0 : tensor<128x128xf32>
  tt.return %1 : tensor<128x128xf32>
}
