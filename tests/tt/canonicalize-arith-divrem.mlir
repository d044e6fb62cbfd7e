// Trivial integer divisions and remainders fold as Triton 3.9's newer MLIR
// folds them (`arith.{divsi,divui,ceildivsi,ceildivui,floordivsi}.trivial`,
// `arith.{remsi,remui}.trivial`): div(0, x) is its zero dividend, div(x, x)
// is 1, rem(x, x) and rem(0, x) are 0 (division by zero is undefined), on
// scalars and splats. MLIR 22 keeps all of them; `x // x`, `x % x` and
// `0 // x` on Triton values print them. The CHECK lines are Triton 3.9's
// `canonicalize` of each case.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @div_rem_of_zero(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    %[[ZS:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    tt.return %[[Z]], %[[Z]], %[[Z]], %[[Z]], %[[ZS]], %[[ZS]], %[[ZS]], %[[ZS]], %[[ZS]] :
tt.func @div_rem_of_zero(%x: tensor<4xi32>, %s: i64) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i64, i64, i64, i64, i64) {
  %z = arith.constant dense<0> : tensor<4xi32>
  %zs = arith.constant 0 : i64
  %0 = arith.divsi %z, %x : tensor<4xi32>
  %1 = arith.divui %z, %x : tensor<4xi32>
  %2 = arith.remsi %z, %x : tensor<4xi32>
  %3 = arith.remui %z, %x : tensor<4xi32>
  %4 = arith.ceildivsi %zs, %s : i64
  %5 = arith.ceildivui %zs, %s : i64
  %6 = arith.floordivsi %zs, %s : i64
  %7 = arith.divsi %zs, %s : i64
  %8 = arith.remui %zs, %s : i64
  tt.return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i64, i64, i64, i64, i64
}

// -----

// CHECK-LABEL: tt.func @div_rem_of_self(
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant dense<1> : tensor<4xi32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    %[[ONES:.*]] = arith.constant 1 : i16
// CHECK-NEXT:    %[[ZEROS:.*]] = arith.constant 0 : i16
// CHECK-NEXT:    tt.return %[[ONE]], %[[ONE]], %[[ZERO]], %[[ZERO]], %[[ONES]], %[[ONES]], %[[ONES]], %[[ZEROS]] :
tt.func @div_rem_of_self(%x: tensor<4xi32>, %s: i16) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i16, i16, i16, i16) {
  %0 = arith.divsi %x, %x : tensor<4xi32>
  %1 = arith.divui %x, %x : tensor<4xi32>
  %2 = arith.remsi %x, %x : tensor<4xi32>
  %3 = arith.remui %x, %x : tensor<4xi32>
  %4 = arith.ceildivsi %s, %s : i16
  %5 = arith.ceildivui %s, %s : i16
  %6 = arith.floordivsi %s, %s : i16
  %7 = arith.remsi %s, %s : i16
  tt.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i16, i16, i16, i16
}

// -----

// A division keeps its zero dividend; a remainder's zero is a new constant
// (the dividend, used nowhere else, goes), so the constants print in this order.
// CHECK-LABEL: tt.func @div_rem_constant_order(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ONET:.*]] = arith.constant dense<1> : tensor<4xi32>
// CHECK-NEXT:    %[[ZT:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    tt.return %[[Z]], %[[ONE]], %[[ONET]], %[[ZT]] : i32, i32, tensor<4xi32>, tensor<4xi32>
tt.func @div_rem_constant_order(%x: i32, %v: tensor<4xi32>) -> (i32, i32, tensor<4xi32>, tensor<4xi32>) {
  %z = arith.constant 0 : i32
  %zt = arith.constant dense<0> : tensor<4xi32>
  %0 = arith.divsi %z, %x : i32
  %1 = arith.divsi %x, %x : i32
  %2 = arith.divsi %v, %v : tensor<4xi32>
  %3 = arith.remui %zt, %v : tensor<4xi32>
  tt.return %0, %1, %2, %3 : i32, i32, tensor<4xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: tt.func @rem_of_zero_is_new(
// CHECK-NEXT:    %[[K:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    tt.return %[[Z]], %[[K]] : i32, i32
tt.func @rem_of_zero_is_new(%x: i32) -> (i32, i32) {
  %z = arith.constant 0 : i32
  %k = arith.constant 7 : i32
  %0 = arith.remsi %z, %x : i32
  tt.return %0, %k : i32, i32
}

// -----

// Kept: other operands, a remainder by -1, other constant dividends.
// CHECK-LABEL: tt.func @div_rem_kept(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>, %[[S:[^:]*]]: i32
// CHECK-DAG:     %[[M:.*]] = arith.constant dense<-1> : tensor<4xi32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[R0:.*]] = arith.divsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R1:.*]] = arith.remsi %[[X]], %[[M]] : tensor<4xi32>
// CHECK-NEXT:    %[[R2:.*]] = arith.divsi %[[M]], %[[X]] : tensor<4xi32>
// CHECK-NEXT:    %[[R3:.*]] = arith.divui %[[ONE]], %[[S]] : i32
// CHECK-NEXT:    %[[R4:.*]] = arith.remsi %[[ONE]], %[[S]] : i32
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]] :
tt.func @div_rem_kept(%x: tensor<4xi32>, %y: tensor<4xi32>, %s: i32) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i32, i32) {
  %m = arith.constant dense<-1> : tensor<4xi32>
  %one = arith.constant 1 : i32
  %0 = arith.divsi %x, %y : tensor<4xi32>
  %1 = arith.remsi %x, %m : tensor<4xi32>
  %2 = arith.divsi %m, %x : tensor<4xi32>
  %3 = arith.divui %one, %s : i32
  %4 = arith.remsi %one, %s : i32
  tt.return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i32, i32
}
