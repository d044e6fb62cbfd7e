// tt.dot on the CPU: a 3-D dot is a batch of 2-D ones (dimension 0; Triton's
// test_dot3d and test_dot_multidim), and an f16 accumulator is kept in f32
// and rounded once (64 products 0.3 x 0.3 give 5.76, as a GPU's MMA; rounding
// to f16 after each product gave 5.754).

// RUN: tritium-run %s --grid 1 --arg vals:1,2,3,4,5,6,7,8 --arg vals:9,10,11,12,13,14,15,16 --arg print:8 --arg print:1 | FileCheck %s
// CHECK-DAG: arg 2: 31 34 71 78 155 166 211 226
// CHECK-DAG: arg 3: 5.76

module {
  tt.func public @dots(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %d: !tt.ptr<f32>, %h: !tt.ptr<f16>) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %pa = tt.splat %a : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %aa = tt.addptr %pa, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %va = tt.load %aa : tensor<8x!tt.ptr<f32>>
    %pb = tt.splat %b : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %ab = tt.addptr %pb, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %vb = tt.load %ab : tensor<8x!tt.ptr<f32>>
    %x = tt.reshape %va : tensor<8xf32> -> tensor<2x2x2xf32>
    %y = tt.reshape %vb : tensor<8xf32> -> tensor<2x2x2xf32>
    %z = arith.constant dense<0.000000e+00> : tensor<2x2x2xf32>
    %p = tt.dot %x, %y, %z : tensor<2x2x2xf32> * tensor<2x2x2xf32> -> tensor<2x2x2xf32>
    %flat = tt.reshape %p : tensor<2x2x2xf32> -> tensor<8xf32>
    %pd = tt.splat %d : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %ad = tt.addptr %pd, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %ad, %flat : tensor<8x!tt.ptr<f32>>
    %ha = arith.constant dense<3.000000e-01> : tensor<16x64xf16>
    %hb = arith.constant dense<3.000000e-01> : tensor<64x16xf16>
    %hc = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
    %hd = tt.dot %ha, %hb, %hc : tensor<16x64xf16> * tensor<64x16xf16> -> tensor<16x16xf16>
    %h0 = "tt.reduce"(%hd) <{axis = 0 : i32}> ({
    ^bb0(%u: f16, %v: f16):
      %mx = arith.maxnumf %u, %v : f16
      tt.reduce.return %mx : f16
    }) : (tensor<16x16xf16>) -> tensor<16xf16>
    %h1 = "tt.reduce"(%h0) <{axis = 0 : i32}> ({
    ^bb0(%u: f16, %v: f16):
      %mx = arith.maxnumf %u, %v : f16
      tt.reduce.return %mx : f16
    }) : (tensor<16xf16>) -> f16
    tt.store %h, %h1 : !tt.ptr<f16>
    tt.return
  }
}
