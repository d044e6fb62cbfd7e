// triton-loop-aware-cse: CSE that also merges scf.for iter args equal on every iteration.
// RUN: tritium-opt %s -split-input-file -triton-loop-aware-cse | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-loop-aware-cse)' | FileCheck %s

// Triton's buffer index/phase case: ten iter args collapse to three.
// CHECK-LABEL: tt.func @loop_buffer_phase_args
// CHECK: scf.for {{.*}} iter_args(%[[IDX:.*]] = %c0_i32, %[[PH:.*]] = %c0_i32, %[[M1:.*]] = %c0_i32) -> (i32, i32, i32)
// CHECK: %[[M1INC:.*]] = arith.xori %[[M1]], %c1_i32
// CHECK: tt.print " u" {{.*}} : %[[IDX]], %[[PH]], %[[M1INC]], %[[M1]] :
// CHECK: %[[IDXINC:.*]] = arith.select %{{.*}}, %c0_i32, %{{.*}}
// CHECK-NEXT: %[[PHINC:.*]] = arith.select %{{.*}}, %{{.*}}, %[[PH]]
// CHECK-NOT: arith.select
// CHECK: tt.print " u" {{.*}} : %[[IDXINC]], %[[PHINC]], %[[M1INC]], %{{.*}} :
// CHECK: tt.print " u" {{.*}} : %[[M1INC]], %[[M1]] :
// CHECK: tt.print " u" {{.*}} : %[[M1INC]], %[[M1]] :
// CHECK: scf.yield %[[IDXINC]], %[[PHINC]], %[[M1INC]] : i32, i32, i32
tt.func @loop_buffer_phase_args(%arg0: i32) {
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %0:10 = scf.for %arg1 = %c0_i32 to %arg0 step %c128_i32 iter_args(%arg2 = %c0_i32, %arg3 = %c0_i32, %arg4 = %c0_i32, %arg5 = %c0_i32, %arg6 = %c0_i32, %arg7 = %c0_i32, %arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32, %arg11 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
    %1 = arith.subi %arg0, %c128_i32 : i32
    %2 = arith.cmpi slt, %arg1, %1 : i32
    %3 = arith.xori %arg7, %c1_i32 : i32
    tt.print " u" {hex = false, isSigned = array<i32: 0, 0, 0, 0>} : %arg4, %arg5, %3, %arg8 : i32, i32, i32, i32
    %4 = arith.addi %arg4, %c1_i32 : i32
    %5 = arith.xori %arg5, %c1_i32 : i32
    %6 = arith.cmpi eq, %4, %c2_i32 : i32
    %7 = arith.select %6, %c0_i32, %4 : i32
    %8 = arith.select %6, %5, %arg5 : i32
    %9 = arith.xori %arg8, %c1_i32 : i32
    %10 = arith.xori %arg11, %c1_i32 : i32
    %11 = arith.xori %arg6, %c1_i32 : i32
    %12 = arith.addi %arg2, %c1_i32 : i32
    %13 = arith.xori %arg3, %c1_i32 : i32
    %14 = arith.cmpi eq, %12, %c2_i32 : i32
    %15 = arith.select %14, %c0_i32, %12 : i32
    %16 = arith.select %14, %13, %arg3 : i32
    tt.print " u" {hex = false, isSigned = array<i32: 0, 0, 0, 0>} : %15, %16, %11, %2 : i32, i32, i32, i1
    %17 = arith.xori %arg10, %c1_i32 : i32
    tt.print " u" {hex = false, isSigned = array<i32: 0, 0>} : %17, %arg11 : i32, i32
    %18 = arith.xori %arg9, %c1_i32 : i32
    tt.print " u" {hex = false, isSigned = array<i32: 0, 0>} : %17, %arg11 : i32, i32
    scf.yield %15, %16, %7, %8, %11, %3, %9, %18, %17, %10 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  tt.return
}

// -----

// Same init, same update (after CSE of the two constants): one iter arg.
// CHECK-LABEL: tt.func @merge_simple
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %c0_i32) -> (i32)
// CHECK-NEXT: arith.addi %[[A]], %c1_i32
// CHECK: tt.return %[[R]], %[[R]]
tt.func @merge_simple(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %x = arith.addi %a, %c1 : i32
    %y = arith.addi %b, %c1b : i32
    scf.yield %x, %y : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Different init values: kept apart.
// CHECK-LABEL: tt.func @no_merge_different_init
// CHECK: scf.for {{.*}} -> (i32, i32)
tt.func @no_merge_different_init(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (i32, i32) : i32 {
    %x = arith.addi %a, %c1 : i32
    %y = arith.addi %b, %c1 : i32
    scf.yield %x, %y : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Different updates: kept apart.
// CHECK-LABEL: tt.func @no_merge_different_update
// CHECK: scf.for {{.*}} -> (i32, i32)
tt.func @no_merge_different_update(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %x = arith.addi %a, %c1 : i32
    %y = arith.subi %b, %c1 : i32
    scf.yield %x, %y : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Values of ops with memory effects are never assumed equal.
// CHECK-LABEL: tt.func @no_merge_loads
// CHECK: scf.for {{.*}} -> (i32, i32)
// CHECK-COUNT-2: tt.load
tt.func @no_merge_loads(%n: i32, %p: !tt.ptr<i32>) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %x = tt.load %p : !tt.ptr<i32>
    tt.store %p, %i : !tt.ptr<i32>
    %y = tt.load %p : !tt.ptr<i32>
    scf.yield %x, %y : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// The induction variable equals no iter arg.
// CHECK-LABEL: tt.func @no_merge_induction_var
// CHECK: scf.for {{.*}} -> (i32, i32)
tt.func @no_merge_induction_var(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %x = arith.addi %a, %i : i32
    %y = arith.addi %b, %c1 : i32
    scf.yield %x, %y : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// An inner loop's iter args merge; the outer CSE then sees one result.
// CHECK-LABEL: tt.func @merge_in_nested_loop
// CHECK: scf.for {{.*}} -> (i32)
// CHECK: %[[IN:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32)
// CHECK-NEXT: arith.muli %[[A]], %[[A]]
// CHECK: arith.addi %[[IN]], %[[IN]]
tt.func @merge_in_nested_loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %o = scf.for %j = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %s, %b = %s) -> (i32, i32) : i32 {
      %x = arith.muli %a, %a : i32
      %y = arith.muli %b, %b : i32
      scf.yield %x, %y : i32, i32
    }
    %t = arith.addi %r#0, %r#1 : i32
    scf.yield %t : i32
  }
  tt.return %o : i32
}

// -----

// A module with no scf.for (and no scf dialect loaded) is plain CSE.
// CHECK-LABEL: llvm.func @no_loop
// CHECK-NEXT: %[[A:.*]] = llvm.add %arg0, %arg0 : i32
// CHECK-NEXT: llvm.mul %[[A]], %[[A]] : i32
llvm.func @no_loop(%a: i32) -> i32 {
  %0 = llvm.add %a, %a : i32
  %1 = llvm.add %a, %a : i32
  %2 = llvm.mul %0, %1 : i32
  llvm.return %2 : i32
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Two immutable copies of one tensor are one value (Triton gives an
  // immutable local_alloc no memory effects before allocation): CSE merges
  // them, as in attention's Q shared by two loops.
  // CHECK-LABEL: tt.func public @immutable_allocs_merge
  // CHECK-NEXT: %0 = ttg.local_alloc %arg0 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
  // CHECK-NEXT: tt.return %0, %0
  tt.func public @immutable_allocs_merge(%x: tensor<128x64xf16, #blocked>) -> (!ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf16, #shared, #smem>) {
    %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %b = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    tt.return %a, %b : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<128x64xf16, #shared, #smem>
  }
  // Mutable buffers are distinct allocations.
  // CHECK-LABEL: tt.func public @mutable_allocs_stay
  // CHECK-NEXT: %0 = ttg.local_alloc %arg0
  // CHECK-NEXT: %1 = ttg.local_alloc %arg0
  // CHECK-NEXT: tt.return %0, %1
  tt.func public @mutable_allocs_stay(%x: tensor<128x64xf16, #blocked>) -> (!ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
    %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return %a, %b : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  }
}
