// `arith.subi(a, arith.subi(a, x))` is `x` for any `a`, tensors of splat
// constants included (`arith.subi.of-subi-same-lhs`), as Triton 3.9's newer
// MLIR folds it; this is what `-(-x)` on an integer tensor becomes. The CHECK
// lines are Triton 3.9's `canonicalize` of each case.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @neg_neg(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[S:[^:]*]]: i32
// CHECK-NEXT:    tt.return %[[X]], %[[S]] : tensor<4xi32>, i32
tt.func @neg_neg(%x: tensor<4xi32>, %s: i32) -> (tensor<4xi32>, i32) {
  %z = arith.constant dense<0> : tensor<4xi32>
  %zs = arith.constant 0 : i32
  %0 = arith.subi %z, %x : tensor<4xi32>
  %1 = arith.subi %z, %0 : tensor<4xi32>
  %2 = arith.subi %zs, %s : i32
  %3 = arith.subi %zs, %2 : i32
  tt.return %1, %3 : tensor<4xi32>, i32
}

// -----

// CHECK-LABEL: tt.func @sub_of_sub_same_lhs(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi64>, %[[X:[^:]*]]: tensor<4xi64>
// CHECK-NEXT:    tt.return %[[X]], %[[X]] : tensor<4xi64>, tensor<4xi64>
tt.func @sub_of_sub_same_lhs(%a: tensor<4xi64>, %x: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %c = arith.constant dense<3> : tensor<4xi64>
  %0 = arith.subi %a, %x : tensor<4xi64>
  %1 = arith.subi %a, %0 : tensor<4xi64>
  %2 = arith.subi %c, %x : tensor<4xi64>
  %3 = arith.subi %c, %2 : tensor<4xi64>
  tt.return %1, %3 : tensor<4xi64>, tensor<4xi64>
}

// -----

// Kept: other left-hand sides (splat constants included: newer MLIR does not
// fold c0 - (c1 - x) on tensors either), and a - (x - a).
// CHECK-LABEL: tt.func @sub_of_sub_kept(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi32>, %[[B:[^:]*]]: tensor<4xi32>, %[[X:[^:]*]]: tensor<4xi32>
// CHECK-DAG:     %[[C3:.*]] = arith.constant dense<3> : tensor<4xi32>
// CHECK-DAG:     %[[C5:.*]] = arith.constant dense<5> : tensor<4xi32>
// CHECK-NEXT:    %[[S0:.*]] = arith.subi %[[A]], %[[X]] : tensor<4xi32>
// CHECK-NEXT:    %[[S1:.*]] = arith.subi %[[B]], %[[S0]] : tensor<4xi32>
// CHECK-NEXT:    %[[S2:.*]] = arith.subi %[[C3]], %[[X]] : tensor<4xi32>
// CHECK-NEXT:    %[[S3:.*]] = arith.subi %[[C5]], %[[S2]] : tensor<4xi32>
// CHECK-NEXT:    %[[S4:.*]] = arith.subi %[[X]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    %[[S5:.*]] = arith.subi %[[A]], %[[S4]] : tensor<4xi32>
// CHECK-NEXT:    tt.return %[[S1]], %[[S3]], %[[S5]] :
tt.func @sub_of_sub_kept(%a: tensor<4xi32>, %b: tensor<4xi32>, %x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %c3 = arith.constant dense<3> : tensor<4xi32>
  %c5 = arith.constant dense<5> : tensor<4xi32>
  %0 = arith.subi %a, %x : tensor<4xi32>
  %1 = arith.subi %b, %0 : tensor<4xi32>
  %2 = arith.subi %c3, %x : tensor<4xi32>
  %3 = arith.subi %c5, %2 : tensor<4xi32>
  %4 = arith.subi %x, %a : tensor<4xi32>
  %5 = arith.subi %a, %4 : tensor<4xi32>
  tt.return %1, %3, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}
