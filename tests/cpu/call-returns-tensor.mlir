// A noinline device function returning tensors (test_noinline_returns_tensor)
// on the CPU backend: each tensor result is a buffer the caller passes after
// the arguments (before the ABI values) and the callee's tt.return writes;
// scalar results stay return values. Called twice, then in a loop.
// RUN: tritium-run %s --grid 1 --arg vals:1,2,3,4 --arg vals:10,20,30,40 --arg print:4 --arg print:1 | FileCheck %s
// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// x + 1 + y + 1, plus 2 * (x + 1) from the loop; the scalar: sum(x + 1) + sum(y + 1) = 14 + 104.
// CHECK: arg 2: 17 30 43 56
// CHECK: arg 3: 118
// LLVM: llvm.func internal @load_plus_one(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) -> i32
// LLVM: llvm.call @load_plus_one(
module {
  tt.func private @load_plus_one(%p: !tt.ptr<i32>) -> (tensor<4xi32>, i32) attributes {noinline = true} {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %a = tt.addptr %ps, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %v = tt.load %a : tensor<4x!tt.ptr<i32>>
    %one = arith.constant dense<1> : tensor<4xi32>
    %w = arith.addi %v, %one : tensor<4xi32>
    %s = "tt.reduce"(%w) <{axis = 0 : i32}> ({
    ^bb0(%l: i32, %rr: i32):
      %t = arith.addi %l, %rr : i32
      tt.reduce.return %t : i32
    }) : (tensor<4xi32>) -> i32
    tt.return %w, %s : tensor<4xi32>, i32
  }
  tt.func public @caller(%x: !tt.ptr<i32>, %y: !tt.ptr<i32>, %z: !tt.ptr<i32>, %sum: !tt.ptr<i32>) {
    %a:2 = tt.call @load_plus_one(%x) : (!tt.ptr<i32>) -> (tensor<4xi32>, i32)
    %b:2 = tt.call @load_plus_one(%y) : (!tt.ptr<i32>) -> (tensor<4xi32>, i32)
    %ab = arith.addi %a#0, %b#0 : tensor<4xi32>
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c1 = arith.constant 1 : i32
    %acc = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %ab) -> (tensor<4xi32>) : i32 {
      %c:2 = tt.call @load_plus_one(%x) : (!tt.ptr<i32>) -> (tensor<4xi32>, i32)
      %n = arith.addi %t, %c#0 : tensor<4xi32>
      scf.yield %n : tensor<4xi32>
    }
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %zs = tt.splat %z : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %za = tt.addptr %zs, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %za, %acc : tensor<4x!tt.ptr<i32>>
    %s = arith.addi %a#1, %b#1 : i32
    tt.store %sum, %s : !tt.ptr<i32>
    tt.return
  }
}
