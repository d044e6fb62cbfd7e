// tt.dot with fp8 operands on the CPU: the operands are upcast to f16 (exact
// for e5m2, as Triton's sm80 path does before its f16 MMA), never multiplied
// as integer bytes. Found by tests/diff (seed 13, program 225: got 22280 for
// a 1x16x1 f8E5M2 dot worth 1.86), then refused; computed since issue 23.
// a = 1.5 -2 0.25 3 0... 57344, b = 2 0.5 -4 1 0... 1 (e5m2 bytes):
// 3 - 1 - 1 + 3 + 57344 = 57348.

// RUN: printf '\x3e\xc0\x34\x42\0\0\0\0\0\0\0\0\0\0\0\x7b' > %t.a
// RUN: printf '\x40\x38\xc4\x3c\0\0\0\0\0\0\0\0\0\0\0\x3c' > %t.b
// RUN: tritium-run %s --grid 1 --arg in:%t.a --arg in:%t.b --arg print:1 | FileCheck %s
// CHECK: arg 2: 57348

module {
  tt.func public @dot_e5m2(%a: !tt.ptr<i8>, %b: !tt.ptr<i8>, %c: !tt.ptr<f32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %ra = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %pa = tt.splat %a : !tt.ptr<i8> -> tensor<1x16x!tt.ptr<i8>>
    %aa = tt.addptr %pa, %ra : tensor<1x16x!tt.ptr<i8>>, tensor<1x16xi32>
    %xb = tt.load %aa : tensor<1x16x!tt.ptr<i8>>
    %x = tt.bitcast %xb : tensor<1x16xi8> -> tensor<1x16xf8E5M2>
    %rb = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %pb = tt.splat %b : !tt.ptr<i8> -> tensor<16x1x!tt.ptr<i8>>
    %ab = tt.addptr %pb, %rb : tensor<16x1x!tt.ptr<i8>>, tensor<16x1xi32>
    %yb = tt.load %ab : tensor<16x1x!tt.ptr<i8>>
    %y = tt.bitcast %yb : tensor<16x1xi8> -> tensor<16x1xf8E5M2>
    %z = arith.constant dense<0.000000e+00> : tensor<1x1xf32>
    %d = tt.dot %x, %y, %z, inputPrecision = tf32 : tensor<1x16xf8E5M2> * tensor<16x1xf8E5M2> -> tensor<1x1xf32>
    %pc = tt.splat %c : !tt.ptr<f32> -> tensor<1x1x!tt.ptr<f32>>
    %r0 = arith.constant dense<0> : tensor<1x1xi32>
    %ac = tt.addptr %pc, %r0 : tensor<1x1x!tt.ptr<f32>>, tensor<1x1xi32>
    tt.store %ac, %d : tensor<1x1x!tt.ptr<f32>>
    tt.return
  }
}
