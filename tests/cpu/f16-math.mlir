// f16/bf16 transcendentals are computed in f32 and rounded once (spec/cpu
// scalar.rs). Found by tests/diff (seed 1, program 37): LLVM folds
// exp2.f16(sitofp x) into ldexp.f16(1, x), which x86 ran as exp2(1) = 1 and
// exp2(-1) = NaN.

// RUN: tritium-run %s --grid 1 --arg vals:1,0,-1,3 --arg print:4 --arg print:4 | FileCheck %s
// CHECK-DAG: arg 1: 2 1 0.5 8
// CHECK-DAG: arg 2: 2 1 0.5 8

module {
  tt.func public @exp2_of_int(%x: !tt.ptr<i32>, %h: !tt.ptr<f16>, %b: !tt.ptr<bf16>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %xp = tt.splat %x : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %xa = tt.addptr %xp, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %v = tt.load %xa : tensor<4x!tt.ptr<i32>>
    %f = arith.sitofp %v : tensor<4xi32> to tensor<4xf16>
    %e = math.exp2 %f : tensor<4xf16>
    %hp = tt.splat %h : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>
    %ha = tt.addptr %hp, %r : tensor<4x!tt.ptr<f16>>, tensor<4xi32>
    tt.store %ha, %e : tensor<4x!tt.ptr<f16>>
    %g = arith.sitofp %v : tensor<4xi32> to tensor<4xbf16>
    %eb = math.exp2 %g : tensor<4xbf16>
    %bp = tt.splat %b : !tt.ptr<bf16> -> tensor<4x!tt.ptr<bf16>>
    %ba = tt.addptr %bp, %r : tensor<4x!tt.ptr<bf16>>, tensor<4xi32>
    tt.store %ba, %eb : tensor<4x!tt.ptr<bf16>>
    tt.return
  }
}
