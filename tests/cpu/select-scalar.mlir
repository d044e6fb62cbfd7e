// `arith.select %c : i1, tensor, tensor` on the CPU backend (a scalar
// condition picks a whole tile): values, pointer tiles (then loaded from), i1
// masks (then stored under) and a loop-carried tile picked per iteration.
// Triton's TTIR of the same forms runs against NumPy in
// tests/cpu/check_extra_kernels.py (x_select_scalar).

// flag = 1: t = 2a; loads through a's pointers; mask of the first 3 elements;
// acc: +a once (i == 1), -b three times.
// RUN: tritium-run %s --grid 1 --threads 1 --arg vals:1,2,3,4,5,6,7,8 --arg vals:10,20,30,40,50,60,70,80 --arg print:8 --arg print:8 --arg print:8 --arg 1 | FileCheck %s --check-prefix=ONE
// ONE-DAG: arg 2: 2 4 6 8 10 12 14 16
// ONE-DAG: arg 3: 1 2 3 0 0 0 0 0
// ONE-DAG: arg 4: -29 -58 -87 -116 -145 -174 -203 -232
// flag = 0: t = b + 1; loads through b's pointers; the full mask; acc: +a
// once (i == 0), -b three times.
// RUN: tritium-run %s --grid 1 --threads 1 --arg vals:1,2,3,4,5,6,7,8 --arg vals:10,20,30,40,50,60,70,80 --arg print:8 --arg print:8 --arg print:8 --arg 0 | FileCheck %s --check-prefix=ZERO
// ZERO-DAG: arg 2: 11 21 31 41 51 61 71 81
// ZERO-DAG: arg 3: 10 20 30 40 50 60 70 80
// ZERO-DAG: arg 4: -29 -58 -87 -116 -145 -174 -203 -232
// flag = 7: never i == flag: acc = -4b.
// RUN: tritium-run %s --grid 1 --threads 1 --arg vals:1,2,3,4,5,6,7,8 --arg vals:10,20,30,40,50,60,70,80 --arg print:8 --arg print:8 --arg print:8 --arg 7 | FileCheck %s --check-prefix=SEVEN
// SEVEN-DAG: arg 4: -40 -80 -120 -160 -200 -240 -280 -320

// The object code has the select's scalar condition too.
// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: llvm.func @select_scalar(
// LLVM: llvm.icmp "sgt"
// LLVM: llvm.select %{{.+}}, %{{.+}}, %{{.+}} : i1, !llvm.ptr

module {
  tt.func public @select_scalar(%pa: !tt.ptr<f32>, %pb: !tt.ptr<f32>, %pt: !tt.ptr<f32>, %pc: !tt.ptr<f32>, %pacc: !tt.ptr<f32>, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant dense<3> : tensor<8xi32>
    %c4 = arith.constant 4 : i32
    %one = arith.constant dense<1.0> : tensor<8xf32>
    %two = arith.constant dense<2.0> : tensor<8xf32>
    %zero = arith.constant dense<0.0> : tensor<8xf32>
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %a0 = tt.splat %pa : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %pa1 = tt.addptr %a0, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %b0 = tt.splat %pb : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %pb1 = tt.addptr %b0, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %a = tt.load %pa1 : tensor<8x!tt.ptr<f32>>
    %b = tt.load %pb1 : tensor<8x!tt.ptr<f32>>
    %pos = arith.cmpi sgt, %flag, %c0 : i32
    // values
    %ta = arith.mulf %a, %two : tensor<8xf32>
    %tb = arith.addf %b, %one : tensor<8xf32>
    %t = arith.select %pos, %ta, %tb : tensor<8xf32>
    %t0 = tt.splat %pt : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %pt1 = tt.addptr %t0, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %pt1, %t : tensor<8x!tt.ptr<f32>>
    // pointer tiles, then a load; masks, then a store
    %src = arith.select %pos, %pa1, %pb1 : tensor<8x!tt.ptr<f32>>
    %c = tt.load %src : tensor<8x!tt.ptr<f32>>
    %all = arith.cmpi sge, %r, %r : tensor<8xi32>
    %first3 = arith.cmpi slt, %r, %c3 : tensor<8xi32>
    %m = arith.select %pos, %first3, %all : tensor<8xi1>
    %c0p = tt.splat %pc : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %pc1 = tt.addptr %c0p, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %pc1, %c, %m : tensor<8x!tt.ptr<f32>>
    // a loop-carried tile picked per iteration
    %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %zero) -> (tensor<8xf32>) : i32 {
      %up = arith.addf %x, %a : tensor<8xf32>
      %down = arith.subf %x, %b : tensor<8xf32>
      %e = arith.cmpi eq, %i, %flag : i32
      %y = arith.select %e, %up, %down : tensor<8xf32>
      scf.yield %y : tensor<8xf32>
    }
    %acc0 = tt.splat %pacc : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %pacc1 = tt.addptr %acc0, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %pacc1, %acc : tensor<8x!tt.ptr<f32>>
    tt.return
  }
}
