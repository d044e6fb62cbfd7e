// tt.fp_to_fp to and from f8E4M3FN (fp8e4nv) on the CPU, with the semantics
// of GPUs that convert it in hardware (cvt.rn.satfinite.e4m3x2): round to
// nearest even, saturating at +-448 (infinities too), NaN stays NaN;
// subnormal ties round to even (2^-10 -> 0, 3 * 2^-10 -> 2^-8). And
// math.absf / arith.negf on fp8 bytes clear / flip the sign bit.

// RUN: tritium-run %s --grid 1 --arg vals:1,448,500,inf,-0.3,0.001953125,0.0009765625,0.0029296875,nan,-2,-inf,-1000,0.0625,240,15,0.5 --arg print:16 --arg print:16 --arg print:16 | FileCheck %s
// CHECK-DAG: arg 1: 1 448 448 448 -0.3125 0.00195312 0 0.00390625 nan -2 -448 -448 0.0625 240 15 0.5
// CHECK-DAG: arg 2: 1 448 448 448 0.3125 0.00195312 0 0.00390625 nan 2 448 448 0.0625 240 15 0.5
// CHECK-DAG: arg 3: -1 -448 -448 -448 0.3125 -0.00195312 -0 -0.00390625 nan 2 448 448 -0.0625 -240 -15 -0.5

module {
  tt.func public @e4m3(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %ya: !tt.ptr<f32>, %yn: !tt.ptr<f32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %ax = tt.addptr %px, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %v = tt.load %ax : tensor<16x!tt.ptr<f32>>
    %f8 = tt.fp_to_fp %v, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
    %back = tt.fp_to_fp %f8 : tensor<16xf8E4M3FN> -> tensor<16xf32>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %ay = tt.addptr %py, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %ay, %back : tensor<16x!tt.ptr<f32>>
    %abs = math.absf %f8 : tensor<16xf8E4M3FN>
    %absf = tt.fp_to_fp %abs : tensor<16xf8E4M3FN> -> tensor<16xf32>
    %pa = tt.splat %ya : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %aa = tt.addptr %pa, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %aa, %absf : tensor<16x!tt.ptr<f32>>
    %neg = arith.negf %f8 : tensor<16xf8E4M3FN>
    %negf = tt.fp_to_fp %neg : tensor<16xf8E4M3FN> -> tensor<16xf32>
    %pn = tt.splat %yn : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %an = tt.addptr %pn, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %an, %negf : tensor<16x!tt.ptr<f32>>
    tt.return
  }
}
