// A load whose addresses along a row are not affine in LLVM's eyes (here
// `(arange(8) % N)`, as the columns of B in Triton's matmul tutorial) checks
// at run time, per row, whether they are consecutive anyway: then the row is
// loaded from its first address (vector loads), else element by element (a
// gather). spec/cpu memory.rs affine_along_minor. N = 8: consecutive; N = 5:
// the columns wrap (0 1 2 3 4 0 1 2).

// RUN: tritium-run %s --grid 1 --arg vals:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --arg print:16 --arg 8 | FileCheck %s --check-prefix=SAME
// SAME: arg 1: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
// RUN: tritium-run %s --grid 1 --arg vals:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --arg print:16 --arg 5 | FileCheck %s --check-prefix=WRAP
// WRAP: arg 1: 0 1 2 3 4 0 1 2 8 9 10 11 12 8 9 10

// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// The check over the row, then the two ways to load it:
// LLVM: llvm.srem
// LLVM: llvm.icmp "eq" {{.*}} : !llvm.ptr
// LLVM: llvm.cond_br %{{.*}}, ^bb[[FAST:[0-9]+]], ^bb[[SLOW:[0-9]+]]
// LLVM: ^bb[[FAST]]:
// LLVM: ^bb[[SLOW]]:

module {
  tt.func public @cols_wrap(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %N: i32) {
    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %ns = tt.splat %N : i32 -> tensor<8xi32>
    %cols = arith.remsi %r8, %ns : tensor<8xi32>
    %c1 = tt.expand_dims %cols {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %r2e = tt.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %eight = arith.constant dense<8> : tensor<2x1xi32>
    %roff = arith.muli %r2e, %eight : tensor<2x1xi32>
    %ap = tt.splat %a : !tt.ptr<f32> -> tensor<2x1x!tt.ptr<f32>>
    %arow = tt.addptr %ap, %roff : tensor<2x1x!tt.ptr<f32>>, tensor<2x1xi32>
    %arowb = tt.broadcast %arow : tensor<2x1x!tt.ptr<f32>> -> tensor<2x8x!tt.ptr<f32>>
    %cb = tt.broadcast %c1 : tensor<1x8xi32> -> tensor<2x8xi32>
    %p = tt.addptr %arowb, %cb : tensor<2x8x!tt.ptr<f32>>, tensor<2x8xi32>
    %x = tt.load %p : tensor<2x8x!tt.ptr<f32>>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<2x1x!tt.ptr<f32>>
    %orow = tt.addptr %op, %roff : tensor<2x1x!tt.ptr<f32>>, tensor<2x1xi32>
    %orowb = tt.broadcast %orow : tensor<2x1x!tt.ptr<f32>> -> tensor<2x8x!tt.ptr<f32>>
    %r8b = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %r8bb = tt.broadcast %r8b : tensor<1x8xi32> -> tensor<2x8xi32>
    %o = tt.addptr %orowb, %r8bb : tensor<2x8x!tt.ptr<f32>>, tensor<2x8xi32>
    tt.store %o, %x : tensor<2x8x!tt.ptr<f32>>
    tt.return
  }
}
