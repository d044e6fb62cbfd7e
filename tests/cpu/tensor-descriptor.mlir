// Device-side tensor descriptors on the CPU backend: tt.make_tensor_descriptor
// and its loads/stores (TTIR that did not go through make_ttir's rewrite; a
// Triton launch's descriptors arrive as pointers already) become bounded
// pointer loads and stores (Tritium's triton-rewrite-tensor-descriptor-to-pointer,
// run by the CPU lowering): a 3 x 5 array scaled by 2 in 2 x 4 blocks on a
// 2 x 2 grid; the edge blocks read zeros outside and write nothing there.
// RUN: tritium-run %s --grid 2,2 --arg vals:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --arg vals:-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1@print --arg 3 --arg 5 | FileCheck %s
// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// The 16th element is past the 3 x 5 array: untouched.
// CHECK: arg 1: 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 -1
// LLVM-NOT: tensordesc
module {
  tt.func public @scale(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %M: i32, %N: i32) {
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %n64 = arith.extsi %N : i32 to i64
    %src = tt.make_tensor_descriptor %in, [%M, %N], [%n64, %c1] : <f32>, <2x4xf32>
    %dst = tt.make_tensor_descriptor %out, [%M, %N], [%n64, %c1] : <f32>, <2x4xf32>
    %px = tt.get_program_id x : i32
    %py = tt.get_program_id y : i32
    %m = arith.muli %px, %c2 : i32
    %n = arith.muli %py, %c4 : i32
    %t = tt.descriptor_load %src[%m, %n] : !tt.tensordesc<2x4xf32> -> tensor<2x4xf32>
    %two = arith.constant dense<2.0> : tensor<2x4xf32>
    %d = arith.mulf %t, %two : tensor<2x4xf32>
    tt.descriptor_store %dst[%m, %n], %d : !tt.tensordesc<2x4xf32>, tensor<2x4xf32>
    tt.return
  }
}
