// tritongpu-fuse-nested-loops (Triton 3.9's FuseNestedLoops): tt.flatten nests are preprocessed (LICM,
// sinking into the epilogue, inner-length speculation) and fused into one scf.for; ttg.always-fuse nests are
// fused as they are. The CHECK-NEXT lines of each function are Triton 3.9's own output for the same input
// (run_triton_pass.py --pass tritongpu-fuse-nested-loops), reprinted by tritium-opt.
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-fuse-nested-loops)' | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-fuse-nested-loops)' | FileCheck %s

// A nest without tt.flatten stays as it is.
// CHECK-LABEL: tt.func public @plain_nest
// CHECK: scf.for
// CHECK: scf.for
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @plain_nest(%n: i32, %p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.for %j = %c0 to %n step %c1 : i32 {
        %s = arith.addi %i, %j : i32
        tt.store %p, %s : !tt.ptr<i32>
      }
    }
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func @flatten_nest(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.muli %arg2, %arg2 : i32
// CHECK-NEXT: %1 = arith.cmpi sge, %c0_i32, %arg2 : i32
// CHECK-NEXT: %2 = scf.if %1 -> (i32) {
// CHECK-NEXT: %3 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
// CHECK-NEXT: %4 = tt.call @body(%arg3, %arg4) : (i32, i32) -> i32
// CHECK-NEXT: %5 = arith.muli %arg3, %0 : i32
// CHECK-NEXT: %6 = tt.call @body(%c0_i32, %5) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %6 : i32
// CHECK-NEXT: } {tt.flatten}
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %3 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %4 = arith.ceildivsi %3, %c1_i32 : i32
// CHECK-NEXT: %5 = arith.subi %arg2, %c0_i32 : i32
// CHECK-NEXT: %6 = arith.ceildivsi %5, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT: %7 = arith.maxsi %c1_i32_1, %6 : i32
// CHECK-NEXT: %8 = arith.addi %c0_i32_0, %7 : i32
// CHECK-NEXT: %c0_i32_2 = arith.constant 0 : i32
// CHECK-NEXT: %9 = arith.subi %8, %c0_i32_2 : i32
// CHECK-NEXT: %10 = arith.muli %4, %9 : i32
// CHECK-NEXT: %11 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %10) -> (i32)  : i32 {
// CHECK-NEXT: scf.yield %arg4 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_i32_3 = arith.constant 0 : i32
// CHECK-NEXT: %12 = arith.subi %arg0, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_4 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_5 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_6 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_7 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_8 = arith.constant 1 : i32
// CHECK-NEXT: %13:8 = scf.for %arg3 = %c0_i32_7 to %11 step %c1_i32_8 iter_args(%arg4 = %c0_i32_3, %arg5 = %12, %arg6 = %c0_i32, %arg7 = %6, %arg8 = %9, %arg9 = %c0_i32_4, %arg10 = %c0_i32, %arg11 = %c0_i32_6) -> (i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: %c0_i32_9 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_10 = arith.constant 0 : i32
// CHECK-NEXT: %14 = arith.subi %c0_i32_9, %c0_i32_10 : i32
// CHECK-NEXT: %15 = arith.cmpi eq, %arg4, %14 : i32
// CHECK-NEXT: %16:5 = scf.if %15 -> (i32, i32, i32, i32, i32) {
// CHECK-NEXT: %29 = arith.addi %arg5, %c1_i32 : i32
// CHECK-NEXT: %30 = tt.call @body(%29, %arg6) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %c0_i32, %30, %29, %arg7, %9 : i32, i32, i32, i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg9, %arg11, %arg5, %arg7, %9 : i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %17 = arith.addi %14, %16#3 : i32
// CHECK-NEXT: %18 = arith.cmpi sge, %arg4, %14 : i32
// CHECK-NEXT: %19 = arith.cmpi slt, %arg4, %17 : i32
// CHECK-NEXT: %20 = arith.andi %18, %19 : i1
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %21:2 = scf.if %true -> (i32, i32) {
// CHECK-NEXT: %29 = tt.call @body(%arg10, %16#1) : (i32, i32) -> i32
// CHECK-NEXT: %30 = arith.addi %16#0, %c1_i32 : i32
// CHECK-NEXT: scf.yield %30, %29 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %16#0, %arg10 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_11 = arith.constant 1 : i32
// CHECK-NEXT: %22 = arith.subi %16#4, %c1_i32_11 : i32
// CHECK-NEXT: %23 = arith.cmpi eq, %arg4, %22 : i32
// CHECK-NEXT: %24:2 = scf.if %23 -> (i32, i32) {
// CHECK-NEXT: %29 = arith.muli %16#2, %0 : i32
// CHECK-NEXT: %30 = tt.call @body(%21#1, %29) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %30, %c0_i32 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg6, %21#1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_12 = arith.constant 1 : i32
// CHECK-NEXT: %25 = arith.addi %arg4, %c1_i32_12 : i32
// CHECK-NEXT: %c1_i32_13 = arith.constant 1 : i32
// CHECK-NEXT: %26 = arith.subi %16#4, %c1_i32_13 : i32
// CHECK-NEXT: %27 = arith.cmpi eq, %arg4, %26 : i32
// CHECK-NEXT: %c0_i32_14 = arith.constant 0 : i32
// CHECK-NEXT: %28 = arith.select %27, %c0_i32_14, %25 : i32
// CHECK-NEXT: scf.yield %28, %16#2, %24#0, %16#3, %16#4, %21#0, %24#1, %16#1 : i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %13#2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %2 : i32
// CHECK-NEXT: }
// A tt.flatten nest: LICM (%inv), a prologue op only the epilogue uses sinks
// (%only_epi), the nest is versioned on lb >= ub, and the fused loop carries
// T, the outer induction variable, the outer iter args, the inner length, the
// prologue outputs and the inner results; the inner init (%c0_i32, defined
// outside) is reset in the epilogue.
module {
  tt.func private @body(i32, i32) -> i32
  tt.func @flatten_nest(%lb: i32, %ub: i32, %n: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %r = scf.for %i = %lb to %ub step %c1_i32 iter_args(%a = %c0_i32) -> (i32) : i32 {
      %inv = arith.muli %n, %n : i32
      %p = tt.call @body(%i, %a) : (i32, i32) -> i32
      %only_epi = arith.muli %i, %inv : i32
      %x = scf.for %j = %c0_i32 to %n step %c1_i32 iter_args(%acc = %c0_i32) -> i32 : i32 {
        %v = tt.call @body(%acc, %p) : (i32, i32) -> i32
        scf.yield %v : i32
      }
      %e = tt.call @body(%x, %only_epi) : (i32, i32) -> i32
      scf.yield %e : i32
    } {tt.flatten}
    tt.return %r : i32
  }
}

// -----

// CHECK-LABEL: tt.func @assumed(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg1, %arg0 : i32
// CHECK-NEXT: llvm.intr.assume %0 : i1
// CHECK-NEXT: %1 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %2 = arith.ceildivsi %1, %c1_i32 : i32
// CHECK-NEXT: %3 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %4 = arith.ceildivsi %3, %c1_i32 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT: %5 = arith.maxsi %c1_i32_0, %4 : i32
// CHECK-NEXT: %6 = arith.addi %c0_i32, %5 : i32
// CHECK-NEXT: %c0_i32_1 = arith.constant 0 : i32
// CHECK-NEXT: %7 = arith.subi %6, %c0_i32_1 : i32
// CHECK-NEXT: %8 = arith.muli %2, %7 : i32
// CHECK-NEXT: %9 = scf.for %arg2 = %arg0 to %arg1 step %c1_i32 iter_args(%arg3 = %8) -> (i32)  : i32 {
// CHECK-NEXT: scf.yield %arg3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_i32_2 = arith.constant 0 : i32
// CHECK-NEXT: %10 = arith.subi %arg0, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_3 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_4 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_5 = arith.constant 1 : i32
// CHECK-NEXT: %11:5 = scf.for %arg2 = %c0_i32_4 to %9 step %c1_i32_5 iter_args(%arg3 = %c0_i32_2, %arg4 = %10, %arg5 = %4, %arg6 = %7, %arg7 = %c0_i32_3) -> (i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: %c0_i32_6 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_7 = arith.constant 0 : i32
// CHECK-NEXT: %12 = arith.subi %c0_i32_6, %c0_i32_7 : i32
// CHECK-NEXT: %13 = arith.cmpi eq, %arg3, %12 : i32
// CHECK-NEXT: %14:4 = scf.if %13 -> (i32, i32, i32, i32) {
// CHECK-NEXT: %26 = arith.addi %arg4, %c1_i32 : i32
// CHECK-NEXT: scf.yield %arg0, %26, %arg5, %7 : i32, i32, i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg7, %arg4, %arg5, %7 : i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %15 = arith.addi %12, %14#2 : i32
// CHECK-NEXT: %16 = arith.cmpi sge, %arg3, %12 : i32
// CHECK-NEXT: %17 = arith.cmpi slt, %arg3, %15 : i32
// CHECK-NEXT: %18 = arith.andi %16, %17 : i1
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %19 = scf.if %true -> (i32) {
// CHECK-NEXT: %26 = tt.call @body(%14#1, %14#0) : (i32, i32) -> i32
// CHECK-NEXT: %27 = arith.addi %14#0, %c1_i32 : i32
// CHECK-NEXT: scf.yield %27 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %14#0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_8 = arith.constant 1 : i32
// CHECK-NEXT: %20 = arith.subi %14#3, %c1_i32_8 : i32
// CHECK-NEXT: %21 = arith.cmpi eq, %arg3, %20 : i32
// CHECK-NEXT: scf.if %21 {
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_9 = arith.constant 1 : i32
// CHECK-NEXT: %22 = arith.addi %arg3, %c1_i32_9 : i32
// CHECK-NEXT: %c1_i32_10 = arith.constant 1 : i32
// CHECK-NEXT: %23 = arith.subi %14#3, %c1_i32_10 : i32
// CHECK-NEXT: %24 = arith.cmpi eq, %arg3, %23 : i32
// CHECK-NEXT: %c0_i32_11 = arith.constant 0 : i32
// CHECK-NEXT: %25 = arith.select %24, %c0_i32_11, %22 : i32
// CHECK-NEXT: scf.yield %25, %14#1, %14#2, %14#3, %19 : i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// An llvm.intr.assume of ub > lb on the inner bounds: the inner loop must
// execute, no versioning; the body if runs on `true`.
module {
  tt.func private @body(i32, i32) -> i32
  tt.func @assumed(%lb: i32, %ub: i32) {
    %c1_i32 = arith.constant 1 : i32
    %pos = arith.cmpi sgt, %ub, %lb : i32
    llvm.intr.assume %pos : i1
    scf.for %i = %lb to %ub step %c1_i32 : i32 {
      scf.for %j = %lb to %ub step %c1_i32 : i32 {
        %r = tt.call @body(%i, %j) : (i32, i32) -> i32
      }
    } {tt.flatten}
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func @variant_bound(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: scf.for %arg2 = %arg0 to %arg1 step %c1_i32  : i32 {
// CHECK-NEXT: %1 = arith.addi %arg2, %0 : i32
// CHECK-NEXT: scf.for %arg3 = %arg0 to %1 step %c1_i32  : i32 {
// CHECK-NEXT: %2 = tt.call @body(%arg2, %arg3) : (i32, i32) -> i32
// CHECK-NEXT: }
// CHECK-NEXT: } {tt.flatten}
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// Inner bounds depending on the outer induction variable cannot be
// speculated: the tt.flatten nest is not fused (LICM still ran).
module {
  tt.func private @body(i32, i32) -> i32
  tt.func @variant_bound(%lb: i32, %ub: i32) {
    %c1_i32 = arith.constant 1 : i32
    scf.for %i = %lb to %ub step %c1_i32 : i32 {
      %inv = arith.addi %ub, %ub : i32
      %u = arith.addi %i, %inv : i32
      scf.for %j = %lb to %u step %c1_i32 : i32 {
        %r = tt.call @body(%i, %j) : (i32, i32) -> i32
      }
    } {tt.flatten}
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func @sliced(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %1 = arith.ceildivsi %0, %c1_i32 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %2 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %3 = arith.ceildivsi %2, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_0 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT: %4 = arith.maxsi %c1_i32_1, %3 : i32
// CHECK-NEXT: %5 = arith.addi %c0_i32_0, %4 : i32
// CHECK-NEXT: %c1_i32_2 = arith.constant 1 : i32
// CHECK-NEXT: %6 = arith.subi %5, %c1_i32_2 : i32
// CHECK-NEXT: %7 = arith.muli %1, %6 : i32
// CHECK-NEXT: %8 = scf.for %arg2 = %arg0 to %arg1 step %c1_i32 iter_args(%arg3 = %7) -> (i32)  : i32 {
// CHECK-NEXT: %11 = arith.addi %arg2, %arg1 : i32
// CHECK-NEXT: %12 = arith.subi %11, %arg0 : i32
// CHECK-NEXT: %13 = arith.ceildivsi %12, %c1_i32 : i32
// CHECK-NEXT: %c1_i32_9 = arith.constant 1 : i32
// CHECK-NEXT: %14 = arith.maxsi %c1_i32_9, %13 : i32
// CHECK-NEXT: %15 = arith.addi %arg3, %14 : i32
// CHECK-NEXT: scf.yield %15 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_i32_3 = arith.constant 0 : i32
// CHECK-NEXT: %9 = arith.subi %arg0, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_4 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_5 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_6 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_7 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_8 = arith.constant 1 : i32
// CHECK-NEXT: %10:8 = scf.for %arg2 = %c0_i32_7 to %8 step %c1_i32_8 iter_args(%arg3 = %c0_i32_3, %arg4 = %9, %arg5 = %c0_i32, %arg6 = %3, %arg7 = %6, %arg8 = %c0_i32_4, %arg9 = %c0_i32_5, %arg10 = %c0_i32_6) -> (i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: %c0_i32_9 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_10 = arith.constant 0 : i32
// CHECK-NEXT: %11 = arith.subi %c0_i32_9, %c0_i32_10 : i32
// CHECK-NEXT: %12 = arith.cmpi eq, %arg3, %11 : i32
// CHECK-NEXT: %13:6 = scf.if %12 -> (i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT: %35 = arith.addi %arg4, %c1_i32 : i32
// CHECK-NEXT: %36 = arith.addi %35, %arg1 : i32
// CHECK-NEXT: %37 = arith.subi %36, %arg0 : i32
// CHECK-NEXT: %38 = arith.ceildivsi %37, %c1_i32 : i32
// CHECK-NEXT: %c1_i32_18 = arith.constant 1 : i32
// CHECK-NEXT: %39 = arith.maxsi %c1_i32_18, %38 : i32
// CHECK-NEXT: %40 = arith.addi %6, %39 : i32
// CHECK-NEXT: %41 = arith.addi %35, %arg1 : i32
// CHECK-NEXT: scf.yield %arg0, %41, %35, %38, %arg6, %40 : i32, i32, i32, i32, i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg8, %arg10, %arg4, %arg5, %arg6, %arg7 : i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %14 = arith.addi %11, %13#3 : i32
// CHECK-NEXT: %15 = arith.cmpi sge, %arg3, %11 : i32
// CHECK-NEXT: %16 = arith.cmpi slt, %arg3, %14 : i32
// CHECK-NEXT: %17 = arith.andi %15, %16 : i1
// CHECK-NEXT: %18 = scf.if %17 -> (i32) {
// CHECK-NEXT: %35 = tt.call @body(%13#2, %13#0) : (i32, i32) -> i32
// CHECK-NEXT: %36 = arith.addi %13#0, %c1_i32 : i32
// CHECK-NEXT: scf.yield %36 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %13#0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_i32_11 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_12 = arith.constant 1 : i32
// CHECK-NEXT: %19 = arith.maxsi %c1_i32_12, %13#3 : i32
// CHECK-NEXT: %20 = arith.addi %c0_i32_11, %19 : i32
// CHECK-NEXT: %c1_i32_13 = arith.constant 1 : i32
// CHECK-NEXT: %21 = arith.subi %20, %c1_i32_13 : i32
// CHECK-NEXT: %22 = arith.cmpi eq, %arg3, %21 : i32
// CHECK-NEXT: %23 = scf.if %22 -> (i32) {
// CHECK-NEXT: scf.yield %arg0 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg9 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %24 = arith.addi %21, %13#4 : i32
// CHECK-NEXT: %25 = arith.cmpi sge, %arg3, %21 : i32
// CHECK-NEXT: %26 = arith.cmpi slt, %arg3, %24 : i32
// CHECK-NEXT: %27 = arith.andi %25, %26 : i1
// CHECK-NEXT: %28 = scf.if %27 -> (i32) {
// CHECK-NEXT: %35 = tt.call @body(%23, %13#2) : (i32, i32) -> i32
// CHECK-NEXT: %36 = arith.addi %23, %c1_i32 : i32
// CHECK-NEXT: scf.yield %36 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %23 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_14 = arith.constant 1 : i32
// CHECK-NEXT: %29 = arith.subi %13#5, %c1_i32_14 : i32
// CHECK-NEXT: %30 = arith.cmpi eq, %arg3, %29 : i32
// CHECK-NEXT: scf.if %30 {
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_15 = arith.constant 1 : i32
// CHECK-NEXT: %31 = arith.addi %arg3, %c1_i32_15 : i32
// CHECK-NEXT: %c1_i32_16 = arith.constant 1 : i32
// CHECK-NEXT: %32 = arith.subi %13#5, %c1_i32_16 : i32
// CHECK-NEXT: %33 = arith.cmpi eq, %arg3, %32 : i32
// CHECK-NEXT: %c0_i32_17 = arith.constant 0 : i32
// CHECK-NEXT: %34 = arith.select %33, %c0_i32_17, %31 : i32
// CHECK-NEXT: scf.yield %34, %13#2, %13#3, %13#4, %13#5, %18, %28, %13#1 : i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// ttg.always-fuse (no preprocessing) with an outer-variant inner bound and a
// second, invariant inner loop: the variant length is summed by a copy of the
// outer loop and recomputed in the first prologue.
module {
  tt.func private @body(i32, i32) -> i32
  tt.func @sliced(%lb: i32, %ub: i32) {
    %c1_i32 = arith.constant 1 : i32
    scf.for %i = %lb to %ub step %c1_i32 : i32 {
      %u = arith.addi %i, %ub : i32
      scf.for %j = %lb to %u step %c1_i32 : i32 {
        %r = tt.call @body(%i, %j) : (i32, i32) -> i32
      }
      scf.for %j = %lb to %ub step %c1_i32 : i32 {
        %r = tt.call @body(%j, %i) : (i32, i32) -> i32
      }
    } {"ttg.always-fuse"}
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func @ptr_iter(
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.cmpi uge, %arg0, %arg1 : i32
// CHECK-NEXT: %1 = scf.if %0 -> (!tt.ptr<f32>) {
// CHECK-NEXT: %2 = scf.for unsigned %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %arg2) -> (!tt.ptr<f32>)  : i32 {
// CHECK-NEXT: %3 = tt.addptr %arg4, %arg3 : !tt.ptr<f32>, i32
// CHECK-NEXT: scf.yield %3 : !tt.ptr<f32>
// CHECK-NEXT: } {tt.flatten, tt.num_stages = 2 : i32}
// CHECK-NEXT: scf.yield %2 : !tt.ptr<f32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %3 = arith.ceildivsi %2, %c1_i32 : i32
// CHECK-NEXT: %4 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %5 = arith.ceildivsi %4, %c1_i32 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT: %6 = arith.maxsi %c1_i32_0, %5 : i32
// CHECK-NEXT: %7 = arith.addi %c0_i32, %6 : i32
// CHECK-NEXT: %c0_i32_1 = arith.constant 0 : i32
// CHECK-NEXT: %8 = arith.subi %7, %c0_i32_1 : i32
// CHECK-NEXT: %9 = arith.muli %3, %8 : i32
// CHECK-NEXT: %10 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %9) -> (i32)  : i32 {
// CHECK-NEXT: scf.yield %arg4 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %c0_i32_2 = arith.constant 0 : i32
// CHECK-NEXT: %11 = arith.subi %arg0, %c1_i32 : i32
// CHECK-NEXT: %c0_i32_3 = arith.constant 0 : i32
// CHECK-NEXT: %12 = ub.poison : !tt.ptr<f32>
// CHECK-NEXT: %13 = ub.poison : !tt.ptr<f32>
// CHECK-NEXT: %c0_i32_4 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32_5 = arith.constant 1 : i32
// CHECK-NEXT: %14:8 = scf.for %arg3 = %c0_i32_4 to %10 step %c1_i32_5 iter_args(%arg4 = %c0_i32_2, %arg5 = %11, %arg6 = %arg2, %arg7 = %5, %arg8 = %8, %arg9 = %c0_i32_3, %arg10 = %12, %arg11 = %13) -> (i32, i32, !tt.ptr<f32>, i32, i32, i32, !tt.ptr<f32>, !tt.ptr<f32>)  : i32 {
// CHECK-NEXT: %c0_i32_6 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_7 = arith.constant 0 : i32
// CHECK-NEXT: %15 = arith.subi %c0_i32_6, %c0_i32_7 : i32
// CHECK-NEXT: %16 = arith.cmpi eq, %arg4, %15 : i32
// CHECK-NEXT: %17:6 = scf.if %16 -> (i32, !tt.ptr<f32>, !tt.ptr<f32>, i32, i32, i32) {
// CHECK-NEXT: %29 = arith.addi %arg5, %c1_i32 : i32
// CHECK-NEXT: %30 = tt.addptr %arg6, %29 : !tt.ptr<f32>, i32
// CHECK-NEXT: scf.yield %arg0, %30, %30, %29, %arg7, %8 : i32, !tt.ptr<f32>, !tt.ptr<f32>, i32, i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg9, %arg11, %arg10, %arg5, %arg7, %8 : i32, !tt.ptr<f32>, !tt.ptr<f32>, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: %18 = arith.addi %15, %17#4 : i32
// CHECK-NEXT: %19 = arith.cmpi sge, %arg4, %15 : i32
// CHECK-NEXT: %20 = arith.cmpi slt, %arg4, %18 : i32
// CHECK-NEXT: %21 = arith.andi %19, %20 : i1
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %22:2 = scf.if %true -> (i32, !tt.ptr<f32>) {
// CHECK-NEXT: %29 = tt.call @bodyp(%17#2, %17#0) : (!tt.ptr<f32>, i32) -> !tt.ptr<f32>
// CHECK-NEXT: %30 = arith.addi %17#0, %c1_i32 : i32
// CHECK-NEXT: scf.yield %30, %29 : i32, !tt.ptr<f32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %17#0, %arg10 : i32, !tt.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_8 = arith.constant 1 : i32
// CHECK-NEXT: %23 = arith.subi %17#5, %c1_i32_8 : i32
// CHECK-NEXT: %24 = arith.cmpi eq, %arg4, %23 : i32
// CHECK-NEXT: scf.if %24 {
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: %c1_i32_9 = arith.constant 1 : i32
// CHECK-NEXT: %25 = arith.addi %arg4, %c1_i32_9 : i32
// CHECK-NEXT: %c1_i32_10 = arith.constant 1 : i32
// CHECK-NEXT: %26 = arith.subi %17#5, %c1_i32_10 : i32
// CHECK-NEXT: %27 = arith.cmpi eq, %arg4, %26 : i32
// CHECK-NEXT: %c0_i32_11 = arith.constant 0 : i32
// CHECK-NEXT: %28 = arith.select %27, %c0_i32_11, %25 : i32
// CHECK-NEXT: scf.yield %28, %17#3, %22#1, %17#4, %17#5, %22#0, %22#1, %17#1 : i32, i32, !tt.ptr<f32>, i32, i32, i32, !tt.ptr<f32>, !tt.ptr<f32>
// CHECK-NEXT: } {tt.disallow_acc_multi_buffer, tt.num_stages = 4 : i32, tt.warp_specialize}
// CHECK-NEXT: scf.yield %14#2 : !tt.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %1 : !tt.ptr<f32>
// CHECK-NEXT: }
// Pointer iteration arguments start as ub.poison; unsigned loops version on
// uge; loop attributes move to the fused loop (num_stages: the outer value
// raised to the largest inner one).
module {
  tt.func private @bodyp(!tt.ptr<f32>, i32) -> !tt.ptr<f32>
  tt.func @ptr_iter(%lb: i32, %ub: i32, %p: !tt.ptr<f32>) -> !tt.ptr<f32> {
    %c1_i32 = arith.constant 1 : i32
    %r = scf.for unsigned %i = %lb to %ub step %c1_i32 iter_args(%q = %p) -> !tt.ptr<f32> : i32 {
      %q2 = tt.addptr %q, %i : !tt.ptr<f32>, i32
      %x = scf.for unsigned %j = %lb to %ub step %c1_i32 iter_args(%qq = %q2) -> !tt.ptr<f32> : i32 {
        %n = tt.call @bodyp(%qq, %j) : (!tt.ptr<f32>, i32) -> !tt.ptr<f32>
        scf.yield %n : !tt.ptr<f32>
      } {tt.num_stages = 4 : i32, tt.disallow_acc_multi_buffer}
      scf.yield %x : !tt.ptr<f32>
    } {tt.flatten, tt.num_stages = 2 : i32, tt.warp_specialize}
    tt.return %r : !tt.ptr<f32>
  }
}
