// minnumf/maxnumf reductions along a major axis (8x16, axis 0), f32 and f64.
// LLVM 22's loop vectorizer turned the row loop, once the 16-column loop was
// unrolled, into a minnum reduction that kept only the first 4 rows
// (-6 -1 ... instead of -19 -20 ...); the row loop is now not vectorized
// (spec/cpu reduce.rs). Found by tests/diff (seed 100, program 4750).

// RUN: tritium-run %s --grid 1 --arg vals:12,18,17,-1,-12,18,12,4,-17,-17,-16,9,1,11,-13,-14,-9,4,-3,10,1,17,-15,-3,8,5,2,9,3,4,11,20,16,-3,-2,5,-6,-5,17,-18,10,11,17,5,14,-4,15,20,15,-19,-6,5,9,5,-4,17,-17,-15,-5,-7,-3,-8,-16,-17,-7,18,-1,18,-4,-5,-18,2,10,7,-16,19,16,15,-6,-7,11,1,-19,-20,-4,10,-12,13,-1,-14,-2,-15,3,-14,5,-3,-1,-19,3,-5,-2,-7,18,4,0,8,-14,15,0,-10,20,-6,-9,7,10,6,9,-10,-9,-8,11,16,-3,8,10,-3,0,14 --arg vals:12,18,17,-1,-12,18,12,4,-17,-17,-16,9,1,11,-13,-14,-9,4,-3,10,1,17,-15,-3,8,5,2,9,3,4,11,20,16,-3,-2,5,-6,-5,17,-18,10,11,17,5,14,-4,15,20,15,-19,-6,5,9,5,-4,17,-17,-15,-5,-7,-3,-8,-16,-17,-7,18,-1,18,-4,-5,-18,2,10,7,-16,19,16,15,-6,-7,11,1,-19,-20,-4,10,-12,13,-1,-14,-2,-15,3,-14,5,-3,-1,-19,3,-5,-2,-7,18,4,0,8,-14,15,0,-10,20,-6,-9,7,10,6,9,-10,-9,-8,11,16,-3,8,10,-3,0,14 --arg print:16 --arg print:16 --arg print:16 | FileCheck %s
// CHECK-DAG: arg 2: -9 -19 -19 -20 -12 -10 -18 -18 -17 -17 -16 -15 -3 -14 -16 -17
// CHECK-DAG: arg 3: 16 18 17 18 9 18 18 17 11 16 17 19 16 15 20 20
// CHECK-DAG: arg 4: -9 -19 -19 -20 -12 -10 -18 -18 -17 -17 -16 -15 -3 -14 -16 -17

module {
  tt.func public @minmax_rows(%x: !tt.ptr<f32>, %xd: !tt.ptr<f64>, %mn: !tt.ptr<f32>, %mx: !tt.ptr<f32>, %mnd: !tt.ptr<f64>) {
    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %c16 = arith.constant dense<16> : tensor<8x1xi32>
    %e8 = tt.expand_dims %r8 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %row = arith.muli %e8, %c16 : tensor<8x1xi32>
    %rowb = tt.broadcast %row : tensor<8x1xi32> -> tensor<8x16xi32>
    %e16 = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %colb = tt.broadcast %e16 : tensor<1x16xi32> -> tensor<8x16xi32>
    %off = arith.addi %rowb, %colb : tensor<8x16xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>>
    %ax = tt.addptr %px, %off : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi32>
    %v = tt.load %ax : tensor<8x16x!tt.ptr<f32>>
    %lo = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.minnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<8x16xf32>) -> tensor<16xf32>
    %hi = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<8x16xf32>) -> tensor<16xf32>
    %pxd = tt.splat %xd : !tt.ptr<f64> -> tensor<8x16x!tt.ptr<f64>>
    %axd = tt.addptr %pxd, %off : tensor<8x16x!tt.ptr<f64>>, tensor<8x16xi32>
    %vd = tt.load %axd : tensor<8x16x!tt.ptr<f64>>
    %lod = "tt.reduce"(%vd) <{axis = 0 : i32}> ({
    ^bb0(%a: f64, %b: f64):
      %m = arith.minnumf %a, %b : f64
      tt.reduce.return %m : f64
    }) : (tensor<8x16xf64>) -> tensor<16xf64>
    %p1 = tt.splat %mn : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %a1 = tt.addptr %p1, %r16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %a1, %lo : tensor<16x!tt.ptr<f32>>
    %p2 = tt.splat %mx : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %a2 = tt.addptr %p2, %r16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %a2, %hi : tensor<16x!tt.ptr<f32>>
    %p3 = tt.splat %mnd : !tt.ptr<f64> -> tensor<16x!tt.ptr<f64>>
    %a3 = tt.addptr %p3, %r16 : tensor<16x!tt.ptr<f64>>, tensor<16xi32>
    tt.store %a3, %lod : tensor<16x!tt.ptr<f64>>
    tt.return
  }
}
