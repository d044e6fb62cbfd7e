// math.fma on bf16/f16 is rounded once (computed in f64, spec/cpu
// narrow_float.rs): in f32 the sum was rounded twice. Found by tests/diff
// (seed 100, program 1333). a*b + c = 0.0854492... exactly rounds to
// 0.08544921875 in bf16; rounded to f32 first it became 0.0859375.

// RUN: tritium-run %s --grid 1 --arg vals:0.28125,-0.328125,1.5625 --arg vals:0.3046875,1.3125,-1.0625 --arg vals:-1.1859810911118984e-09,-4.598405212163925e-09,-1.3853423297405243e-08 --arg print:3 | FileCheck %s
// CHECK: arg 3: 0.0854492 -0.431641 -1.66406

module {
  tt.func public @fma_bf16(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<bf16>, %d: !tt.ptr<bf16>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %n = arith.constant dense<3> : tensor<4xi32>
    %m = arith.cmpi slt, %r, %n : tensor<4xi32>
    %z = arith.constant dense<0.000000e+00> : tensor<4xbf16>
    %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>
    %aa = tt.addptr %pa, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>
    %x = tt.load %aa, %m, %z : tensor<4x!tt.ptr<bf16>>
    %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>
    %ab = tt.addptr %pb, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>
    %y = tt.load %ab, %m, %z : tensor<4x!tt.ptr<bf16>>
    %pc = tt.splat %c : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>
    %ac = tt.addptr %pc, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>
    %w = tt.load %ac, %m, %z : tensor<4x!tt.ptr<bf16>>
    %f = math.fma %x, %y, %w : tensor<4xbf16>
    %pd = tt.splat %d : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>
    %ad = tt.addptr %pd, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>
    tt.store %ad, %f, %m : tensor<4x!tt.ptr<bf16>>
    tt.return
  }
}
