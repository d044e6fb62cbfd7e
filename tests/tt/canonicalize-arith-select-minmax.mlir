// `arith.select` of an ordering `arith.cmpi` between the select's own operands
// is a min or max (`arith.select.cmpi-to-minmax`), as Triton 3.9's newer MLIR
// canonicalizes it; float selects are kept. The CHECK lines are Triton 3.9's
// `canonicalize` of each case.
// RUN: tritium-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -canonicalize | FileCheck %s

// select(x P y, x, y): gt/ge give the max, lt/le the min, signed or unsigned.
// CHECK-LABEL: tt.func @select_cmpi_keeps_order(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>
// CHECK-NEXT:    %[[R0:.*]] = arith.maxsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R1:.*]] = arith.maxsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R2:.*]] = arith.minsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R3:.*]] = arith.minsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R4:.*]] = arith.maxui %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R5:.*]] = arith.maxui %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R6:.*]] = arith.minui %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R7:.*]] = arith.minui %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]] :
tt.func @select_cmpi_keeps_order(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %p0 = arith.cmpi sgt, %x, %y : tensor<4xi32>
  %r0 = arith.select %p0, %x, %y : tensor<4xi1>, tensor<4xi32>
  %p1 = arith.cmpi sge, %x, %y : tensor<4xi32>
  %r1 = arith.select %p1, %x, %y : tensor<4xi1>, tensor<4xi32>
  %p2 = arith.cmpi slt, %x, %y : tensor<4xi32>
  %r2 = arith.select %p2, %x, %y : tensor<4xi1>, tensor<4xi32>
  %p3 = arith.cmpi sle, %x, %y : tensor<4xi32>
  %r3 = arith.select %p3, %x, %y : tensor<4xi1>, tensor<4xi32>
  %p4 = arith.cmpi ugt, %x, %y : tensor<4xi32>
  %r4 = arith.select %p4, %x, %y : tensor<4xi1>, tensor<4xi32>
  %p5 = arith.cmpi uge, %x, %y : tensor<4xi32>
  %r5 = arith.select %p5, %x, %y : tensor<4xi1>, tensor<4xi32>
  %p6 = arith.cmpi ult, %x, %y : tensor<4xi32>
  %r6 = arith.select %p6, %x, %y : tensor<4xi1>, tensor<4xi32>
  %p7 = arith.cmpi ule, %x, %y : tensor<4xi32>
  %r7 = arith.select %p7, %x, %y : tensor<4xi1>, tensor<4xi32>
  tt.return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// select(x P y, y, x) is the other one of the two; operands stay in the compare's order.
// CHECK-LABEL: tt.func @select_cmpi_swapped(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>
// CHECK-NEXT:    %[[R0:.*]] = arith.minsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R1:.*]] = arith.maxsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R2:.*]] = arith.minui %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R3:.*]] = arith.maxui %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]], %[[R3]] :
tt.func @select_cmpi_swapped(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %p0 = arith.cmpi sgt, %x, %y : tensor<4xi32>
  %r0 = arith.select %p0, %y, %x : tensor<4xi1>, tensor<4xi32>
  %p1 = arith.cmpi sle, %x, %y : tensor<4xi32>
  %r1 = arith.select %p1, %y, %x : tensor<4xi1>, tensor<4xi32>
  %p2 = arith.cmpi uge, %x, %y : tensor<4xi32>
  %r2 = arith.select %p2, %y, %x : tensor<4xi1>, tensor<4xi32>
  %p3 = arith.cmpi ult, %x, %y : tensor<4xi32>
  %r3 = arith.select %p3, %y, %x : tensor<4xi1>, tensor<4xi32>
  tt.return %r0, %r1, %r2, %r3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// With a constant (moved to the right of the compare first), and on scalars:
// `tl.where(x > 7, x, 7)` is `maxsi(x, 7)`.
// CHECK-LABEL: tt.func @select_cmpi_constant(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[S:[^:]*]]: i64
// CHECK-DAG:     %[[C:.*]] = arith.constant dense<7> : tensor<4xi32>
// CHECK-DAG:     %[[K:.*]] = arith.constant 3 : i64
// CHECK-NEXT:    %[[R0:.*]] = arith.maxsi %[[X]], %[[C]] : tensor<4xi32>
// CHECK-NEXT:    %[[R1:.*]] = arith.maxsi %[[X]], %[[C]] : tensor<4xi32>
// CHECK-NEXT:    %[[R2:.*]] = arith.maxui %[[S]], %[[K]] : i64
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]] : tensor<4xi32>, tensor<4xi32>, i64
tt.func @select_cmpi_constant(%x: tensor<4xi32>, %s: i64) -> (tensor<4xi32>, tensor<4xi32>, i64) {
  %c = arith.constant dense<7> : tensor<4xi32>
  %k = arith.constant 3 : i64
  %p0 = arith.cmpi sgt, %x, %c : tensor<4xi32>
  %r0 = arith.select %p0, %x, %c : tensor<4xi1>, tensor<4xi32>
  %p1 = arith.cmpi sgt, %c, %x : tensor<4xi32>
  %r1 = arith.select %p1, %c, %x : tensor<4xi1>, tensor<4xi32>
  %p2 = arith.cmpi ult, %s, %k : i64
  %r2 = arith.select %p2, %k, %s : i64
  tt.return %r0, %r1, %r2 : tensor<4xi32>, tensor<4xi32>, i64
}

// -----

// The compare stays for its other uses.
// CHECK-LABEL: tt.func @select_cmpi_other_use(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>
// CHECK-NEXT:    %[[P:.*]] = arith.cmpi slt, %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R:.*]] = arith.minsi %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    tt.return %[[R]], %[[P]] : tensor<4xi32>, tensor<4xi1>
tt.func @select_cmpi_other_use(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi1>) {
  %p = arith.cmpi slt, %x, %y : tensor<4xi32>
  %r = arith.select %p, %x, %y : tensor<4xi1>, tensor<4xi32>
  tt.return %r, %p : tensor<4xi32>, tensor<4xi1>
}

// -----

// Kept: a select of other values, a float select (NaNs), an equality compare,
// and a scalar condition choosing between tensors.
// CHECK-LABEL: tt.func @select_kept(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>, %[[Z:[^:]*]]: tensor<4xi32>, %[[F:[^:]*]]: tensor<4xf32>, %[[G:[^:]*]]: tensor<4xf32>
// CHECK-NEXT:    %[[P0:.*]] = arith.cmpi sgt, %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R0:.*]] = arith.select %[[P0]], %[[X]], %[[Z]] : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT:    %[[P1:.*]] = arith.cmpf ogt, %[[F]], %[[G]] : tensor<4xf32>
// CHECK-NEXT:    %[[R1:.*]] = arith.select %[[P1]], %[[F]], %[[G]] : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT:    %[[P2:.*]] = arith.cmpi ne, %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    %[[R2:.*]] = arith.select %[[P2]], %[[X]], %[[Z]] : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT:    tt.return %[[R0]], %[[R1]], %[[R2]] :
tt.func @select_kept(%x: tensor<4xi32>, %y: tensor<4xi32>, %z: tensor<4xi32>, %f: tensor<4xf32>, %g: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xi32>) {
  %p0 = arith.cmpi sgt, %x, %y : tensor<4xi32>
  %r0 = arith.select %p0, %x, %z : tensor<4xi1>, tensor<4xi32>
  %p1 = arith.cmpf ogt, %f, %g : tensor<4xf32>
  %r1 = arith.select %p1, %f, %g : tensor<4xi1>, tensor<4xf32>
  %p2 = arith.cmpi ne, %x, %y : tensor<4xi32>
  %r2 = arith.select %p2, %x, %z : tensor<4xi1>, tensor<4xi32>
  tt.return %r0, %r1, %r2 : tensor<4xi32>, tensor<4xf32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: tt.func @select_scalar_condition(
// CHECK-SAME:    %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[X:[^:]*]]: tensor<4xi32>, %[[Y:[^:]*]]: tensor<4xi32>
// CHECK-NEXT:    %[[P:.*]] = arith.cmpi sgt, %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.select %[[P]], %[[X]], %[[Y]] : tensor<4xi32>
// CHECK-NEXT:    tt.return %[[R]] : tensor<4xi32>
tt.func @select_scalar_condition(%a: i32, %b: i32, %x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %p = arith.cmpi sgt, %a, %b : i32
  %r = arith.select %p, %x, %y : tensor<4xi32>
  tt.return %r : tensor<4xi32>
}
