// `(x & c0) & c1` -> `x & (c0 & c1)`, `(x | c0) | c1` -> `x | (c0 | c1)` and
// `(x ^ c0) ^ c1` -> `x ^ (c0 ^ c1)` on scalar integer constants
// (`arith.andi.of-andi-constants`, `arith.ori.of-ori-constants`,
// `arith.xori.of-xori-constants`), as Triton 3.9's newer MLIR canonicalizes
// them; splat tensor constants are kept, as there. MLIR 22 keeps all of them;
// `(s & 0xFF) & 0x0F` on a scalar kernel argument prints it. The CHECK lines
// are Triton 3.9's `canonicalize` of each case.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// The merged constants are new ones (255 | 15 and 255 & 15 are the old ones).
// CHECK-LABEL: tt.func @bitwise_constant_triples(
// CHECK-SAME:    %[[X:[^:]*]]: i32, %[[B:[^:]*]]: i1, %[[L:[^:]*]]: i64
// CHECK-NEXT:    %[[C3841:.*]] = arith.constant -3841 : i64
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[C240:.*]] = arith.constant 240 : i32
// CHECK-NEXT:    %[[C255:.*]] = arith.constant 255 : i32
// CHECK-NEXT:    %[[C15:.*]] = arith.constant 15 : i32
// CHECK-NEXT:    %[[R0:.*]] = arith.andi %[[X]], %[[C15]] : i32
// CHECK-NEXT:    %[[R1:.*]] = arith.ori %[[X]], %[[C255]] : i32
// CHECK-NEXT:    %[[R2:.*]] = arith.xori %[[X]], %[[C240]] : i32
// CHECK-NEXT:    %[[R3:.*]] = arith.xori %[[L]], %[[C3841]] : i64
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]], %[[TRUE]], %[[R3]] : i32, i32, i32, i1, i64
tt.func @bitwise_constant_triples(%x: i32, %b: i1, %l: i64) -> (i32, i32, i32, i1, i64) {
  %c255 = arith.constant 255 : i32
  %c15 = arith.constant 15 : i32
  %t = arith.constant true
  %f = arith.constant false
  %m = arith.constant -256 : i64
  %k = arith.constant 4095 : i64
  %0 = arith.andi %x, %c255 : i32
  %1 = arith.andi %0, %c15 : i32
  %2 = arith.ori %x, %c255 : i32
  %3 = arith.ori %2, %c15 : i32
  %4 = arith.xori %x, %c255 : i32
  %5 = arith.xori %4, %c15 : i32
  %6 = arith.ori %b, %t : i1
  %7 = arith.xori %l, %m : i64
  %8 = arith.xori %7, %k : i64
  tt.return %1, %3, %5, %6, %8 : i32, i32, i32, i1, i64
}

// -----

// The inner op stays for its other uses.
// CHECK-LABEL: tt.func @bitwise_constant_triple_other_use(
// CHECK-SAME:    %[[X:[^:]*]]: i32
// CHECK-NEXT:    %[[C15:.*]] = arith.constant 15 : i32
// CHECK-NEXT:    %[[C255:.*]] = arith.constant 255 : i32
// CHECK-NEXT:    %[[R0:.*]] = arith.andi %[[X]], %[[C255]] : i32
// CHECK-NEXT:    %[[R1:.*]] = arith.andi %[[X]], %[[C15]] : i32
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]] : i32, i32
tt.func @bitwise_constant_triple_other_use(%x: i32) -> (i32, i32) {
  %c255 = arith.constant 255 : i32
  %c15 = arith.constant 15 : i32
  %0 = arith.andi %x, %c255 : i32
  %1 = arith.andi %0, %c15 : i32
  tt.return %0, %1 : i32, i32
}

// -----

// Kept: splat tensor constants, a non-constant inner operand, mixed ops.
// CHECK-LABEL: tt.func @bitwise_constant_triple_kept(
// CHECK-SAME:    %[[V:[^:]*]]: tensor<4xi32>, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32
// CHECK-DAG:     %[[T255:.*]] = arith.constant dense<255> : tensor<4xi32>
// CHECK-DAG:     %[[T15:.*]] = arith.constant dense<15> : tensor<4xi32>
// CHECK-DAG:     %[[C15:.*]] = arith.constant 15 : i32
// CHECK-NEXT:    %[[A0:.*]] = arith.andi %[[V]], %[[T255]] : tensor<4xi32>
// CHECK-NEXT:    %[[A1:.*]] = arith.andi %[[A0]], %[[T15]] : tensor<4xi32>
// CHECK-NEXT:    %[[O0:.*]] = arith.ori %[[V]], %[[T255]] : tensor<4xi32>
// CHECK-NEXT:    %[[O1:.*]] = arith.ori %[[O0]], %[[T15]] : tensor<4xi32>
// CHECK-NEXT:    %[[X0:.*]] = arith.xori %[[V]], %[[T255]] : tensor<4xi32>
// CHECK-NEXT:    %[[X1:.*]] = arith.xori %[[X0]], %[[T15]] : tensor<4xi32>
// CHECK-NEXT:    %[[S0:.*]] = arith.andi %[[X]], %[[Y]] : i32
// CHECK-NEXT:    %[[S1:.*]] = arith.andi %[[S0]], %[[C15]] : i32
// CHECK-NEXT:    %[[M0:.*]] = arith.ori %[[X]], %[[C15]] : i32
// CHECK-NEXT:    %[[M1:.*]] = arith.andi %[[M0]], %[[C15]] : i32
// CHECK-NEXT:    tt.return %[[A1]], %[[O1]], %[[X1]], %[[S1]], %[[M1]] :
tt.func @bitwise_constant_triple_kept(%v: tensor<4xi32>, %x: i32, %y: i32) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i32, i32) {
  %t255 = arith.constant dense<255> : tensor<4xi32>
  %t15 = arith.constant dense<15> : tensor<4xi32>
  %c15 = arith.constant 15 : i32
  %0 = arith.andi %v, %t255 : tensor<4xi32>
  %1 = arith.andi %0, %t15 : tensor<4xi32>
  %2 = arith.ori %v, %t255 : tensor<4xi32>
  %3 = arith.ori %2, %t15 : tensor<4xi32>
  %4 = arith.xori %v, %t255 : tensor<4xi32>
  %5 = arith.xori %4, %t15 : tensor<4xi32>
  %6 = arith.andi %x, %y : i32
  %7 = arith.andi %6, %c15 : i32
  %8 = arith.ori %x, %c15 : i32
  %9 = arith.andi %8, %c15 : i32
  tt.return %1, %3, %5, %7, %9 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, i32, i32
}
