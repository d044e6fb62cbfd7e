// tt.reduce of a floating-point combine over a power-of-two axis combines in
// a GPU's tree order (x[j] with x[j + n/2], then x[j + n/4], ...; spec/cpu
// reduce.rs). Sequentially, a bf16 sum of 1024 ones stops at 256 (256 + 1
// rounds to 256), along the minor axis and along a major one; and Triton's
// argmax combine (not commutative for NaN) over [3, 5, nan, -inf] gives index
// 3 instead of a GPU's 1. Triton's unit tests test_sum_dtype and
// test_argmax_argmin_with_nan check both (tests/triton-unit).

// RUN: tritium-run %s --grid 1 --arg print:1 --arg print:2 --arg vals:3,5,nan,-inf --arg print:1 | FileCheck %s
// CHECK-DAG: arg 0: 1024
// CHECK-DAG: arg 1: 512 512
// CHECK-DAG: arg 3: 1

module {
  tt.func public @tree(%out: !tt.ptr<f32>, %cols: !tt.ptr<f32>, %x: !tt.ptr<f32>, %idx: !tt.ptr<i32>) {
    %ones = arith.constant dense<1.000000e+00> : tensor<1024xbf16>
    %s = "tt.reduce"(%ones) <{axis = 0 : i32}> ({
    ^bb0(%a: bf16, %b: bf16):
      %r = arith.addf %a, %b : bf16
      tt.reduce.return %r : bf16
    }) : (tensor<1024xbf16>) -> bf16
    %sf = arith.extf %s : bf16 to f32
    tt.store %out, %sf : !tt.ptr<f32>
    %ones2 = arith.constant dense<1.000000e+00> : tensor<512x2xbf16>
    %c = "tt.reduce"(%ones2) <{axis = 0 : i32}> ({
    ^bb0(%a: bf16, %b: bf16):
      %r = arith.addf %a, %b : bf16
      tt.reduce.return %r : bf16
    }) : (tensor<512x2xbf16>) -> tensor<2xbf16>
    %cf = arith.extf %c : tensor<2xbf16> to tensor<2xf32>
    %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %pc = tt.splat %cols : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
    %ac = tt.addptr %pc, %r2 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
    tt.store %ac, %cf : tensor<2x!tt.ptr<f32>>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %ax = tt.addptr %px, %r4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %ax : tensor<4x!tt.ptr<f32>>
    %m:2 = "tt.reduce"(%v, %r4) <{axis = 0 : i32}> ({
    ^bb0(%v1: f32, %i1: i32, %v2: f32, %i2: i32):
      %eq = arith.cmpf oeq, %v1, %v2 : f32
      %lt = arith.cmpi slt, %i1, %i2 : i32
      %tie = arith.andi %eq, %lt : i1
      %gt = arith.cmpf ogt, %v1, %v2 : f32
      %p = arith.ori %gt, %tie : i1
      %vr = arith.select %p, %v1, %v2 : f32
      %ir = arith.select %p, %i1, %i2 : i32
      tt.reduce.return %vr, %ir : f32, i32
    }) : (tensor<4xf32>, tensor<4xi32>) -> (f32, i32)
    tt.store %idx, %m#1 : !tt.ptr<i32>
    tt.return
  }
}
