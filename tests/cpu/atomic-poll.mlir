// tt.atomic_poll (tl.atomic_poll) on the CPU backend: per element, relaxed
// (monotonic) atomic loads until the value equals the expected one, then an
// acquire fence for `acquire`; with a timeout, each element is loaded at
// least once and reads false once the shared budget (nanoseconds of
// CLOCK_MONOTONIC, clock_gettime) is spent.
// RUN: tritium-run %s --grid 1 --arg vals:1 --arg print:1 --arg vals:1,0,1,0 --arg print:4 --arg 0 | FileCheck %s
// RUN: tritium-compile %s --target cpu --emit llvm-mlir -o - | FileCheck %s --check-prefix=LLVM
// RUN: tritium-compile %s --target cpu -o %t.o
// RUN: llvm-nm --undefined-only %t.o | FileCheck %s --check-prefix=SYMS
// The scalar poll matched (1 stored), the timed polls of [1, 0, 1, 0] with a
// zero budget: true, false, true, false.
// CHECK: arg 1: 1
// CHECK: arg 3: 1 0 1 0
// LLVM: llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
// LLVM-LABEL: llvm.func @poll(
// LLVM: llvm.load %{{.*}} atomic monotonic {alignment = 2 : i64} : !llvm.ptr -> i16
// LLVM: llvm.fence acquire
// LLVM: llvm.call @clock_gettime(
// LLVM: llvm.fence acquire
// LLVM: llvm.load %{{.*}} atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
// LLVM: llvm.call @clock_gettime(
// SYMS: clock_gettime
module {
  tt.func public @poll(%flag: !tt.ptr<i16>, %out: !tt.ptr<i16>, %flags: !tt.ptr<i32>, %res: !tt.ptr<i8>, %timeout: i64) {
    %c1 = arith.constant 1 : i16
    %m = tt.atomic_poll acquire, gpu, %flag, %c1 : !tt.ptr<i16>, i16 -> i1
    tt.store %out, %c1 : !tt.ptr<i16>
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %pf = tt.splat %flags : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %af = tt.addptr %pf, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %one = arith.constant dense<1> : tensor<4xi32>
    %ok = tt.atomic_poll acquire, sys, %af, %one timeout %timeout : tensor<4x!tt.ptr<i32>>, tensor<4xi32> -> tensor<4xi1>
    %ok8 = arith.extui %ok : tensor<4xi1> to tensor<4xi8>
    %pr = tt.splat %res : !tt.ptr<i8> -> tensor<4x!tt.ptr<i8>>
    %ar = tt.addptr %pr, %r : tensor<4x!tt.ptr<i8>>, tensor<4xi32>
    tt.store %ar, %ok8 : tensor<4x!tt.ptr<i8>>
    tt.return
  }
}
