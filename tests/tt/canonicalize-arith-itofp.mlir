// `arith.sitofp`/`arith.uitofp` of a widened integer convert the narrow value
// directly (`arith.sitofp.of-extsi`, `arith.uitofp.of-extui`,
// `arith.sitofp.of-extui`), as Triton 3.9's newer MLIR canonicalizes them.
// The CHECK lines are Triton 3.9's `canonicalize` of each case.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @sitofp_of_extsi(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi8>, %[[S:[^:]*]]: i32, %[[B:[^:]*]]: tensor<4xi1>
// CHECK-NEXT:    %[[R0:.*]] = arith.sitofp %[[A]] : tensor<4xi8> to tensor<4xf32>
// CHECK-NEXT:    %[[R1:.*]] = arith.sitofp %[[S]] : i32 to f32
// CHECK-NEXT:    %[[R2:.*]] = arith.sitofp %[[B]] : tensor<4xi1> to tensor<4xf16>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]] : tensor<4xf32>, f32, tensor<4xf16>
tt.func @sitofp_of_extsi(%a: tensor<4xi8>, %s: i32, %b: tensor<4xi1>) -> (tensor<4xf32>, f32, tensor<4xf16>) {
  %0 = arith.extsi %a : tensor<4xi8> to tensor<4xi32>
  %1 = arith.sitofp %0 : tensor<4xi32> to tensor<4xf32>
  %2 = arith.extsi %s : i32 to i64
  %3 = arith.sitofp %2 : i64 to f32
  %4 = arith.extsi %b : tensor<4xi1> to tensor<4xi16>
  %5 = arith.sitofp %4 : tensor<4xi16> to tensor<4xf16>
  tt.return %1, %3, %5 : tensor<4xf32>, f32, tensor<4xf16>
}

// -----

// CHECK-LABEL: tt.func @uitofp_of_extui(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi8>, %[[S:[^:]*]]: i32
// CHECK-NEXT:    %[[R0:.*]] = arith.uitofp %[[A]] : tensor<4xi8> to tensor<4xf32>
// CHECK-NEXT:    %[[R1:.*]] = arith.uitofp %[[S]] : i32 to f64
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]] : tensor<4xf32>, f64
tt.func @uitofp_of_extui(%a: tensor<4xi8>, %s: i32) -> (tensor<4xf32>, f64) {
  %0 = arith.extui %a : tensor<4xi8> to tensor<4xi32>
  %1 = arith.uitofp %0 : tensor<4xi32> to tensor<4xf32>
  %2 = arith.extui %s : i32 to i64
  %3 = arith.uitofp %2 : i64 to f64
  tt.return %1, %3 : tensor<4xf32>, f64
}

// -----

// A zero-extended value is non-negative: its signed conversion is the
// unsigned conversion of the narrow value (i1 included).
// CHECK-LABEL: tt.func @sitofp_of_extui(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi16>, %[[B:[^:]*]]: tensor<4xi1>
// CHECK-NEXT:    %[[R0:.*]] = arith.uitofp %[[A]] : tensor<4xi16> to tensor<4xf32>
// CHECK-NEXT:    %[[R1:.*]] = arith.uitofp %[[B]] : tensor<4xi1> to tensor<4xf16>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]] : tensor<4xf32>, tensor<4xf16>
tt.func @sitofp_of_extui(%a: tensor<4xi16>, %b: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf16>) {
  %0 = arith.extui %a : tensor<4xi16> to tensor<4xi32>
  %1 = arith.sitofp %0 : tensor<4xi32> to tensor<4xf32>
  %2 = arith.extui %b : tensor<4xi1> to tensor<4xi8>
  %3 = arith.sitofp %2 : tensor<4xi8> to tensor<4xf16>
  tt.return %1, %3 : tensor<4xf32>, tensor<4xf16>
}

// -----

// The extension stays for its other uses; the conversion still reads the narrow value.
// CHECK-LABEL: tt.func @ext_kept_for_other_uses(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi8>
// CHECK-NEXT:    %[[E:.*]] = arith.extsi %[[A]] : tensor<4xi8> to tensor<4xi32>
// CHECK-NEXT:    %[[F:.*]] = arith.sitofp %[[A]] : tensor<4xi8> to tensor<4xf32>
// CHECK-NEXT:    tt.return %[[F]], %[[E]] : tensor<4xf32>, tensor<4xi32>
tt.func @ext_kept_for_other_uses(%a: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = arith.extsi %a : tensor<4xi8> to tensor<4xi32>
  %1 = arith.sitofp %0 : tensor<4xi32> to tensor<4xf32>
  tt.return %1, %0 : tensor<4xf32>, tensor<4xi32>
}

// -----

// uitofp of a sign-extended value is not the narrow value's conversion: kept.
// CHECK-LABEL: tt.func @uitofp_of_extsi_kept(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4xi8>
// CHECK-NEXT:    %[[E:.*]] = arith.extsi %[[A]] : tensor<4xi8> to tensor<4xi32>
// CHECK-NEXT:    %[[F:.*]] = arith.uitofp %[[E]] : tensor<4xi32> to tensor<4xf32>
// CHECK-NEXT:    tt.return %[[F]] : tensor<4xf32>
tt.func @uitofp_of_extsi_kept(%a: tensor<4xi8>) -> tensor<4xf32> {
  %0 = arith.extsi %a : tensor<4xi8> to tensor<4xi32>
  %1 = arith.uitofp %0 : tensor<4xi32> to tensor<4xf32>
  tt.return %1 : tensor<4xf32>
}

// -----

// Inside a loop body (the shape `x.to(tl.int32).to(tl.float32)` takes in a kernel).
// CHECK-LABEL: tt.func @itofp_in_loop(
// CHECK:         scf.for
// CHECK-NEXT:      %[[V:.*]] = tt.load %{{.*}} : tensor<4x!tt.ptr<i8>>
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[V]] : tensor<4xi8> to tensor<4xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %{{.*}}, %[[F]] : tensor<4xf32>
// CHECK-NEXT:      scf.yield %[[S]] : tensor<4xf32>
tt.func @itofp_in_loop(%p: tensor<4x!tt.ptr<i8>>, %n: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) : i32 {
    %v = tt.load %p : tensor<4x!tt.ptr<i8>>
    %e = arith.extsi %v : tensor<4xi8> to tensor<4xi32>
    %f = arith.sitofp %e : tensor<4xi32> to tensor<4xf32>
    %s = arith.addf %acc, %f : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  tt.return %r : tensor<4xf32>
}
