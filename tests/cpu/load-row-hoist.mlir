// A load whose row addresses come from an integer division, as in Triton's
// matmul tutorial (`rows = (pid_m * BM + arange(BM)) % M`, then
// `a_ptr + rows[:, None] * stride + ks[None, :]`, advanced by a K loop):
// the remainder is computed once into a buffer before the loop (it feeds
// the loop's loads through expand_dims/broadcast/addptr and the carried
// pointers), and each row's start is evaluated once per row, before the
// vectorized loop over the row (spec/cpu memory.rs hoist_row). Left inside
// the masked per-element access, LLVM executed the division under the mask
// for every element and gathered the row (the tutorial's f32 matmul at
// 64x64x32 ran at 4-7 GFLOP/s instead of 115-180 on this machine).
// Rows wrap (M = 3 of 4), the second K tile is half masked (K = 6).

// RUN: tritium-run %s --grid 1 --arg vals:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --arg print:16 --arg 3 --arg 6 | FileCheck %s --check-prefix=EXEC
// EXEC: arg 1: 4 6 2 3 20 22 10 11 36 38 18 19 4 6 2 3

// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// The remainders, once:
// LLVM: llvm.srem
// LLVM-NOT: llvm.srem
// In the K loop, a row's start (from the buffer) before the loop over the
// row, which uses it:
// LLVM: %[[ROW:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// LLVM-NEXT: %[[OFF:.*]] = llvm.mul %[[ROW]]
// LLVM-NEXT: %[[START:.*]] = llvm.getelementptr %arg0[%[[OFF]]]
// LLVM-NOT: llvm.srem
// LLVM: ^bb{{[0-9]+}}(%{{[0-9]+}}: i64):
// LLVM-NOT: llvm.srem
// LLVM: llvm.getelementptr %[[START]][
// LLVM-NOT: llvm.srem

module {
  tt.func public @rows_wrap(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %M: i32, %K: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<4x4xf32>
    %step = arith.constant dense<4> : tensor<4x4xi32>
    %eight = arith.constant dense<8> : tensor<4x1xi32>
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %ms = tt.splat %M : i32 -> tensor<4xi32>
    %rows = arith.remsi %r, %ms : tensor<4xi32>
    %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %roff = arith.muli %rows2, %eight : tensor<4x1xi32>
    %ap = tt.splat %a : !tt.ptr<f32> -> tensor<4x1x!tt.ptr<f32>>
    %arow = tt.addptr %ap, %roff : tensor<4x1x!tt.ptr<f32>>, tensor<4x1xi32>
    %ks = tt.expand_dims %r {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %arowb = tt.broadcast %arow : tensor<4x1x!tt.ptr<f32>> -> tensor<4x4x!tt.ptr<f32>>
    %ksb = tt.broadcast %ks : tensor<1x4xi32> -> tensor<4x4xi32>
    %tile = tt.addptr %arowb, %ksb : tensor<4x4x!tt.ptr<f32>>, tensor<4x4xi32>
    %res:2 = scf.for %k = %c0 to %c2 step %c1 iter_args(%p = %tile, %acc = %zero) -> (tensor<4x4x!tt.ptr<f32>>, tensor<4x4xf32>) : i32 {
      %done = arith.muli %k, %c4 : i32
      %left = arith.subi %K, %done : i32
      %ls = tt.splat %left : i32 -> tensor<1x4xi32>
      %m = arith.cmpi slt, %ks, %ls : tensor<1x4xi32>
      %mb = tt.broadcast %m : tensor<1x4xi1> -> tensor<4x4xi1>
      %x = tt.load %p, %mb, %zero : tensor<4x4x!tt.ptr<f32>>
      %acc2 = arith.addf %acc, %x : tensor<4x4xf32>
      %p2 = tt.addptr %p, %step : tensor<4x4x!tt.ptr<f32>>, tensor<4x4xi32>
      scf.yield %p2, %acc2 : tensor<4x4x!tt.ptr<f32>>, tensor<4x4xf32>
    }
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<4x1x!tt.ptr<f32>>
    %r4 = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %four = arith.constant dense<4> : tensor<4x1xi32>
    %oo = arith.muli %r4, %four : tensor<4x1xi32>
    %orow = tt.addptr %o, %oo : tensor<4x1x!tt.ptr<f32>>, tensor<4x1xi32>
    %orowb = tt.broadcast %orow : tensor<4x1x!tt.ptr<f32>> -> tensor<4x4x!tt.ptr<f32>>
    %optr = tt.addptr %orowb, %ksb : tensor<4x4x!tt.ptr<f32>>, tensor<4x4xi32>
    tt.store %optr, %res#1 : tensor<4x4x!tt.ptr<f32>>
    tt.return
  }
}
