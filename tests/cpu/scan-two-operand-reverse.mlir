// A two-operand reverse tt.scan along axis 0 of a 2-D tensor, its second
// result used by an elementwise op: LLVM 22's vectorizers left invalid IR
// (a use not dominated by its definition) and the JIT crashed; the
// optimization is now verified and redone at lower settings (found by
// tests/diff, seed 300 program 2297). out = (reverse OR-scan of x) xor 7.
// RUN: tritium-run %s --grid 1 --arg vals:0,14,5,19,10,1,15,6,20,11,2,16,7,21,12,3,17,8,22,13,4,18,9,0,14,5,19,10,1,15,6,20,11,2,16,7,21,12,3,17,8,22,13,4,18,9,0,14,5,19,10,1,15,6,20,11,2,16,7,21,12,3,17,8 --arg zeros:64@print | FileCheck %s
// CHECK: arg 1: 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 8 16 24 24 8 16 16 24 9 20 16 26 11 4 22 15
module {
  tt.func public @k(%in0: !tt.ptr<i32>, %out0: !tt.ptr<i32>) {
    %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %c4 = arith.constant dense<4> : tensor<16x1xi32>
    %e = tt.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %row = arith.muli %e, %c4 : tensor<16x1xi32>
    %rb = tt.broadcast %row : tensor<16x1xi32> -> tensor<16x4xi32>
    %e4 = tt.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %cb = tt.broadcast %e4 : tensor<1x4xi32> -> tensor<16x4xi32>
    %off = arith.addi %rb, %cb : tensor<16x4xi32>
    %p = tt.splat %in0 : !tt.ptr<i32> -> tensor<16x4x!tt.ptr<i32>>
    %a = tt.addptr %p, %off : tensor<16x4x!tt.ptr<i32>>, tensor<16x4xi32>
    %x = tt.load %a : tensor<16x4x!tt.ptr<i32>>
    %f = arith.constant dense<0> : tensor<16x4xi32>
    %s:2 = "tt.scan"(%f, %x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %c1 = arith.maxsi %a0, %b0 : i32
      %c2 = arith.ori %a1, %b1 : i32
      tt.scan.return %c1, %c2 : i32, i32
    }) : (tensor<16x4xi32>, tensor<16x4xi32>) -> (tensor<16x4xi32>, tensor<16x4xi32>)
    %c7 = arith.constant dense<7> : tensor<16x4xi32>
    %y = arith.xori %s#1, %c7 : tensor<16x4xi32>
    %q = tt.splat %out0 : !tt.ptr<i32> -> tensor<16x4x!tt.ptr<i32>>
    %b = tt.addptr %q, %off : tensor<16x4x!tt.ptr<i32>>, tensor<16x4xi32>
    tt.store %b, %y : tensor<16x4x!tt.ptr<i32>>
    tt.return
  }
}
