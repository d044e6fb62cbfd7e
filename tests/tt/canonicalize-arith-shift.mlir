// Trivial shifts fold as Triton 3.9's newer MLIR folds them
// (`arith.shli.trivial`, `arith.shrui.trivial`, `arith.shrsi.trivial`):
// shli/shrui/shrsi(0, x) and shrsi(-1, x) are their left operand, and
// shrui/shrsi(x, x) is 0 (a new constant), on scalars and splats. MLIR 22
// keeps all of them; `0 << x`, `-1 >> x` and `x >> x` on a Triton tensor print
// them. The CHECK lines are Triton 3.9's `canonicalize` of each case.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @shift_of_zero(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    %[[ZS:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    tt.return %[[Z]], %[[Z]], %[[Z]], %[[ZS]], %[[ZS]], %[[ZS]] :
tt.func @shift_of_zero(%x: tensor<4xi32>, %s: i64) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i64, i64, i64) {
  %z = arith.constant dense<0> : tensor<4xi32>
  %zs = arith.constant 0 : i64
  %0 = arith.shli %z, %x : tensor<4xi32>
  %1 = arith.shrui %z, %x : tensor<4xi32>
  %2 = arith.shrsi %z, %x : tensor<4xi32>
  %3 = arith.shli %zs, %s : i64
  %4 = arith.shrui %zs, %s : i64
  %5 = arith.shrsi %zs, %s : i64
  tt.return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i64, i64, i64
}

// -----

// CHECK-LABEL: tt.func @shrsi_of_all_ones(
// CHECK-NEXT:    %[[M:.*]] = arith.constant dense<-1> : tensor<4xi32>
// CHECK-NEXT:    %[[MS:.*]] = arith.constant -1 : i8
// CHECK-NEXT:    tt.return %[[M]], %[[MS]] : tensor<4xi32>, i8
tt.func @shrsi_of_all_ones(%x: tensor<4xi32>, %s: i8) -> (tensor<4xi32>, i8) {
  %m = arith.constant dense<-1> : tensor<4xi32>
  %ms = arith.constant -1 : i8
  %0 = arith.shrsi %m, %x : tensor<4xi32>
  %1 = arith.shrsi %ms, %s : i8
  tt.return %0, %1 : tensor<4xi32>, i8
}

// -----

// CHECK-LABEL: tt.func @shr_of_self(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    %[[ZS:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    tt.return %[[Z]], %[[Z]], %[[ZS]], %[[ZS]] : tensor<4xi32>, tensor<4xi32>, i32, i32
tt.func @shr_of_self(%x: tensor<4xi32>, %s: i32) -> (tensor<4xi32>, tensor<4xi32>, i32, i32) {
  %0 = arith.shrui %x, %x : tensor<4xi32>
  %1 = arith.shrsi %x, %x : tensor<4xi32>
  %2 = arith.shrui %s, %s : i32
  %3 = arith.shrsi %s, %s : i32
  tt.return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, i32, i32
}

// -----

// The zero stays where it was (a remainder's zero would be a new constant).
// CHECK-LABEL: tt.func @shift_keeps_its_zero(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[K:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    tt.return %[[Z]], %[[K]] : i32, i32
tt.func @shift_keeps_its_zero(%x: i32) -> (i32, i32) {
  %z = arith.constant 0 : i32
  %k = arith.constant 7 : i32
  %0 = arith.shli %z, %x : i32
  tt.return %0, %k : i32, i32
}

// -----

// Kept: shrui of -1 (a logical shift brings in zeros), shli of -1, shli(x, x),
// other constants on the left, and shifts by a constant.
// CHECK-LABEL: tt.func @shift_kept(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>, %[[S:[^:]*]]: i32
// CHECK-DAG:     %[[M:.*]] = arith.constant dense<-1> : tensor<4xi32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[R0:.*]] = arith.shrui %[[M]], %[[X]] : tensor<4xi32>
// CHECK-NEXT:    %[[R1:.*]] = arith.shli %[[M]], %[[X]] : tensor<4xi32>
// CHECK-NEXT:    %[[R2:.*]] = arith.shli %[[X]], %[[X]] : tensor<4xi32>
// CHECK-NEXT:    %[[R3:.*]] = arith.shrsi %[[ONE]], %[[S]] : i32
// CHECK-NEXT:    %[[R4:.*]] = arith.shrui %[[S]], %[[ONE]] : i32
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]] :
tt.func @shift_kept(%x: tensor<4xi32>, %y: tensor<4xi32>, %s: i32) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i32, i32) {
  %m = arith.constant dense<-1> : tensor<4xi32>
  %one = arith.constant 1 : i32
  %0 = arith.shrui %m, %x : tensor<4xi32>
  %1 = arith.shli %m, %x : tensor<4xi32>
  %2 = arith.shli %x, %x : tensor<4xi32>
  %3 = arith.shrsi %one, %s : i32
  %4 = arith.shrui %s, %one : i32
  tt.return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i32, i32
}
