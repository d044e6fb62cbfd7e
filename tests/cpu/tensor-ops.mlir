// The tensor ops the corpus kernels do not use, run on the CPU: tt.trans,
// tt.split, tt.cat, tt.gather, tt.scan (forward and reverse, on a 2-D tile
// along either axis), tt.print.

// RUN: tritium-run %s --grid 1 --arg vals:0,1,2,3,4,5,6,7 --arg print:8 --arg print:8 --arg print:8 --arg print:8 --arg print:8 | FileCheck %s
// CHECK-DAG: pid (0, 0, 0) idx (1) v: 1
// CHECK-DAG: pid (0, 0, 0) idx (3) v: 3
// trans of the 2x4 tile [[0 1 2 3] [4 5 6 7]], stored as 4x2:
// CHECK-DAG: arg 1: 0 4 1 5 2 6 3 7
// split of the tile seen as 4x2 (row-major pairs), then cat: evens then odds:
// CHECK-DAG: arg 2: 0 2 4 6 1 3 5 7
// gather along axis 0 with indices 7 - i: the reverse
// CHECK-DAG: arg 3: 7 6 5 4 3 2 1 0
// inclusive cumsum of the 2x4 tile along axis 1, and its reverse along axis 0:
// CHECK-DAG: arg 4: 0 1 3 6 4 9 15 22
// CHECK-DAG: arg 5: 4 6 8 10 4 5 6 7

module {
  tt.func public @tensor_ops(%in: !tt.ptr<f32>, %t_out: !tt.ptr<f32>, %c_out: !tt.ptr<f32>, %g_out: !tt.ptr<f32>, %s_out: !tt.ptr<f32>, %r_out: !tt.ptr<f32>) {
    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %ip = tt.splat %in : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %ia = tt.addptr %ip, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %x = tt.load %ia : tensor<8x!tt.ptr<f32>>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    tt.print " v: " {hex = false, isSigned = array<i32: 1>} : %r4 : tensor<4xi32>
    %tile = tt.reshape %x : tensor<8xf32> -> tensor<2x4xf32>
    %tr = tt.trans %tile {order = array<i32: 1, 0>} : tensor<2x4xf32> -> tensor<4x2xf32>
    %trf = tt.reshape %tr : tensor<4x2xf32> -> tensor<8xf32>
    %tp = tt.splat %t_out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %ta = tt.addptr %tp, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %ta, %trf : tensor<8x!tt.ptr<f32>>
    %pairs = tt.reshape %x : tensor<8xf32> -> tensor<4x2xf32>
    %even, %odd = tt.split %pairs : tensor<4x2xf32> -> tensor<4xf32>
    %cat = tt.cat %even, %odd : tensor<4xf32> -> tensor<8xf32>
    %cp = tt.splat %c_out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %ca = tt.addptr %cp, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %ca, %cat : tensor<8x!tt.ptr<f32>>
    %c7 = arith.constant dense<7> : tensor<8xi32>
    %idx = arith.subi %c7, %r8 : tensor<8xi32>
    %g = tt.gather %x[%idx] {axis = 0 : i32} : (tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
    %gp = tt.splat %g_out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %ga = tt.addptr %gp, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %ga, %g : tensor<8x!tt.ptr<f32>>
    %s = "tt.scan"(%tile) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tt.scan.return %sum : f32
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %sf = tt.reshape %s : tensor<2x4xf32> -> tensor<8xf32>
    %sp = tt.splat %s_out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %sa = tt.addptr %sp, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %sa, %sf : tensor<8x!tt.ptr<f32>>
    %rs = "tt.scan"(%tile) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tt.scan.return %sum : f32
    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %rf = tt.reshape %rs : tensor<2x4xf32> -> tensor<8xf32>
    %rp = tt.splat %r_out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %ra = tt.addptr %rp, %r8 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %ra, %rf : tensor<8x!tt.ptr<f32>>
    tt.return
  }
}
