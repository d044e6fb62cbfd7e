// Loops as Triton writes them: a pointer tensor carried by a loop and
// advanced by a splat each iteration (held as its start plus a byte offset,
// an i64 block argument: contiguous loads, no pointer buffer), a tt.dot
// accumulating into its loop-carried tile in place, and a store whose rows
// are whole 64-byte lines (the streaming path: non-temporal vector stores
// when the row is unmasked, consecutive and aligned at run time).

// Two iterations over the 4x8 tiles of 0..63: every row of the 2x8
// accumulator is the column sums 8c + 224.
// RUN: tritium-run %s --grid 1 --arg vals:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63 --arg print:16 --arg 2 | FileCheck %s --check-prefix=EXEC
// EXEC: arg 1: 224 232 240 248 256 264 272 280 224 232 240 248 256 264 272 280

// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// The loop header: the induction variable and the pointer tile's offset.
// LLVM: ^bb{{[0-9]+}}(%{{[0-9]+}}: i32, %{{[0-9]+}}: i64):
// LLVM: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr

module {
  tt.func public @tiles(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %ones = arith.constant dense<1.0> : tensor<2x4xf32>
    %zero = arith.constant dense<0.0> : tensor<2x8xf32>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %rows = tt.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c8t = arith.constant dense<8> : tensor<4x1xi32>
    %roff = arith.muli %rows, %c8t : tensor<4x1xi32>
    %rb = tt.broadcast %roff : tensor<4x1xi32> -> tensor<4x8xi32>
    %cols = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %cb = tt.broadcast %cols : tensor<1x8xi32> -> tensor<4x8xi32>
    %offs = arith.addi %rb, %cb : tensor<4x8xi32>
    %as = tt.splat %a : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
    %p0 = tt.addptr %as, %offs : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
    %res:2 = scf.for %i = %c0 to %k step %c1 iter_args(%ptrs = %p0, %acc = %zero) -> (tensor<4x8x!tt.ptr<f32>>, tensor<2x8xf32>) : i32 {
      %t = tt.load %ptrs : tensor<4x8x!tt.ptr<f32>>
      %d = tt.dot %ones, %t, %acc : tensor<2x4xf32> * tensor<4x8xf32> -> tensor<2x8xf32>
      %step = tt.splat %c32 : i32 -> tensor<4x8xi32>
      %next = tt.addptr %ptrs, %step : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
      scf.yield %next, %d : tensor<4x8x!tt.ptr<f32>>, tensor<2x8xf32>
    }
    %flat = tt.reshape %res#1 : tensor<2x8xf32> -> tensor<16xf32>
    %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %oa = tt.addptr %os, %r16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %oa, %flat : tensor<16x!tt.ptr<f32>>
    tt.return
  }
}
