// tt.dot with fp8 operands is refused by the CPU backend (an error at the op)
// instead of multiplying the fp8 bytes as integers. Found by tests/diff
// (seed 13, program 225: got 22280 for a 1x16x1 f8E5M2 dot worth 1.86).

// RUN: not tritium-run %s --grid 1 --arg zeros:16 --arg zeros:16 --arg zeros:1 2>&1 | FileCheck %s
// CHECK: dot-fp8.mlir:{{[0-9]+}}:{{[0-9]+}}: error: tt.dot with f8E5M2 operands is not supported by the CPU backend

module {
  tt.func public @dot_e5m2(%a: !tt.ptr<f8E5M2>, %b: !tt.ptr<f8E5M2>, %c: !tt.ptr<f32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %ra = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %pa = tt.splat %a : !tt.ptr<f8E5M2> -> tensor<1x16x!tt.ptr<f8E5M2>>
    %aa = tt.addptr %pa, %ra : tensor<1x16x!tt.ptr<f8E5M2>>, tensor<1x16xi32>
    %x = tt.load %aa : tensor<1x16x!tt.ptr<f8E5M2>>
    %rb = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %pb = tt.splat %b : !tt.ptr<f8E5M2> -> tensor<16x1x!tt.ptr<f8E5M2>>
    %ab = tt.addptr %pb, %rb : tensor<16x1x!tt.ptr<f8E5M2>>, tensor<16x1xi32>
    %y = tt.load %ab : tensor<16x1x!tt.ptr<f8E5M2>>
    %z = arith.constant dense<0.000000e+00> : tensor<1x1xf32>
    %d = tt.dot %x, %y, %z, inputPrecision = tf32 : tensor<1x16xf8E5M2> * tensor<16x1xf8E5M2> -> tensor<1x1xf32>
    %pc = tt.splat %c : !tt.ptr<f32> -> tensor<1x1x!tt.ptr<f32>>
    %r0 = arith.constant dense<0> : tensor<1x1xi32>
    %ac = tt.addptr %pc, %r0 : tensor<1x1x!tt.ptr<f32>>, tensor<1x1xi32>
    tt.store %ac, %d : tensor<1x1x!tt.ptr<f32>>
    tt.return
  }
}
