// Float negations fold into subtractions as Triton 3.9's newer MLIR
// canonicalizes them: `subf(-0.0, x)` -> `negf(x)` (`arith.subf.of-neg-zero`)
// and `addf(negf(x), y)` / `addf(y, negf(x))` -> `subf(y, x)`
// (`arith.addf.of-negf`, the left operand tried first), on scalars and splats,
// keeping the root's `fastmath` flags. MLIR 22 keeps both; `-0.0 - x` and
// `acc + (-x)` on Triton tensors print them. The CHECK lines are Triton 3.9's
// `canonicalize` of each case.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @subf_of_neg_zero(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xf32>, %[[S:[^:]*]]: f16, %[[D:[^:]*]]: f64
// CHECK-NEXT:    %[[R0:.*]] = arith.negf %[[X]] : tensor<4xf32>
// CHECK-NEXT:    %[[R1:.*]] = arith.negf %[[S]] : f16
// CHECK-NEXT:    %[[R2:.*]] = arith.negf %[[D]] fastmath<contract> : f64
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]] : tensor<4xf32>, f16, f64
tt.func @subf_of_neg_zero(%x: tensor<4xf32>, %s: f16, %d: f64) -> (tensor<4xf32>, f16, f64) {
  %nz = arith.constant dense<-0.0> : tensor<4xf32>
  %nzh = arith.constant -0.0 : f16
  %nzd = arith.constant -0.0 : f64
  %0 = arith.subf %nz, %x : tensor<4xf32>
  %1 = arith.subf %nzh, %s : f16
  %2 = arith.subf %nzd, %d fastmath<contract> : f64
  tt.return %0, %1, %2 : tensor<4xf32>, f16, f64
}

// -----

// With negations on both sides the left one goes; the addf's flags stay.
// CHECK-LABEL: tt.func @addf_of_negf(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xf32>, %[[Y:[^:]*]]: tensor<4xf32>, %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32
// CHECK-NEXT:    %[[R0:.*]] = arith.subf %[[Y]], %[[X]] : tensor<4xf32>
// CHECK-NEXT:    %[[R1:.*]] = arith.subf %[[Y]], %[[X]] : tensor<4xf32>
// CHECK-NEXT:    %[[R2:.*]] = arith.subf %[[B]], %[[A]] fastmath<fast> : f32
// CHECK-NEXT:    %[[NB:.*]] = arith.negf %[[B]] : f32
// CHECK-NEXT:    %[[R3:.*]] = arith.subf %[[NB]], %[[A]] : f32
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]], %[[R3]] : tensor<4xf32>, tensor<4xf32>, f32, f32
tt.func @addf_of_negf(%x: tensor<4xf32>, %y: tensor<4xf32>, %a: f32, %b: f32) -> (tensor<4xf32>, tensor<4xf32>, f32, f32) {
  %nx = arith.negf %x : tensor<4xf32>
  %0 = arith.addf %nx, %y : tensor<4xf32>
  %1 = arith.addf %y, %nx : tensor<4xf32>
  %na = arith.negf %a fastmath<nnan> : f32
  %2 = arith.addf %b, %na fastmath<fast> : f32
  %nb = arith.negf %b : f32
  %3 = arith.addf %na, %nb : f32
  tt.return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, f32, f32
}

// -----

// `y + (-0.0 - x)`: both in turn.
// CHECK-LABEL: tt.func @neg_zero_minus_then_add(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xf32>, %[[Y:[^:]*]]: tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = arith.subf %[[Y]], %[[X]] : tensor<4xf32>
// CHECK-NEXT:    tt.return %[[R]] : tensor<4xf32>
tt.func @neg_zero_minus_then_add(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %nz = arith.constant dense<-0.0> : tensor<4xf32>
  %0 = arith.subf %nz, %x : tensor<4xf32>
  %1 = arith.addf %y, %0 : tensor<4xf32>
  tt.return %1 : tensor<4xf32>
}

// -----

// Kept: `0.0 - x` (not a negation for x = +0.0), `x - (-0.0)`, `x - negf(y)`
// and products of negations.
// CHECK-LABEL: tt.func @negf_kept(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xf32>, %[[Y:[^:]*]]: tensor<4xf32>
// CHECK-NEXT:    %[[PZ:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[NZ:.*]] = arith.constant dense<-0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[R0:.*]] = arith.subf %[[PZ]], %[[X]] : tensor<4xf32>
// CHECK-NEXT:    %[[R1:.*]] = arith.subf %[[X]], %[[NZ]] : tensor<4xf32>
// CHECK-NEXT:    %[[NY:.*]] = arith.negf %[[Y]] : tensor<4xf32>
// CHECK-NEXT:    %[[R2:.*]] = arith.subf %[[X]], %[[NY]] : tensor<4xf32>
// CHECK-NEXT:    %[[R3:.*]] = arith.mulf %[[NY]], %[[X]] : tensor<4xf32>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]], %[[R3]] :
tt.func @negf_kept(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %pz = arith.constant dense<0.0> : tensor<4xf32>
  %nz = arith.constant dense<-0.0> : tensor<4xf32>
  %0 = arith.subf %pz, %x : tensor<4xf32>
  %1 = arith.subf %x, %nz : tensor<4xf32>
  %ny = arith.negf %y : tensor<4xf32>
  %2 = arith.subf %x, %ny : tensor<4xf32>
  %3 = arith.mulf %ny, %x : tensor<4xf32>
  tt.return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
