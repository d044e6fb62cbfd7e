// tl.assume (llvm.intr.assume on a scalar condition) in TTIR: the CPU
// backend keeps it for LLVM and runs the kernel; the GPU lowering keeps it too.
// RUN: tritium-run %s --grid 2 --arg vals:1,2,3,4,5,6,7,8 --arg print:4 --arg 4 --arg 2 | FileCheck %s --check-prefix=EXEC
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=1},tritium-make-llir{target=cuda:80})' | FileCheck %s --check-prefix=LLVM
// Program p stores x[2*i] * 2 for i in p*2 .. p*2+1 (stride 2, n 4).
// EXEC: arg 1: 2 6 10 14
// LLVM-COUNT-2: llvm.intr.assume %{{.*}} : i1
module {
  tt.func public @scaled(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %stride: i32) {
    %pid = tt.get_program_id x : i32
    %c0 = arith.constant 0 : i32
    %nonneg = arith.cmpi sge, %pid, %c0 : i32
    llvm.intr.assume %nonneg : i1
    %pos = arith.cmpi sgt, %stride, %c0 : i32
    llvm.intr.assume %pos : i1
    %c2 = arith.constant 2 : i32
    %base = arith.muli %pid, %c2 : i32
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %b = tt.splat %base : i32 -> tensor<2xi32>
    %offs = arith.addi %b, %r : tensor<2xi32>
    %nn = tt.splat %n : i32 -> tensor<2xi32>
    %m = arith.cmpi slt, %offs, %nn : tensor<2xi32>
    %s = tt.splat %stride : i32 -> tensor<2xi32>
    %xo = arith.muli %offs, %s : tensor<2xi32>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %xo : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
    %v = tt.load %xa, %m : tensor<2x!tt.ptr<f32>>
    %two = arith.constant dense<2.0> : tensor<2xf32>
    %w = arith.mulf %v, %two : tensor<2xf32>
    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
    %ya = tt.addptr %yp, %offs : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
    tt.store %ya, %w, %m : tensor<2x!tt.ptr<f32>>
    tt.return
  }
}
