// triton-loop-unroll on loops it cannot unroll: a diagnostic, never a crash.
// RUN: not tritium-opt %s -split-input-file -triton-loop-unroll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-loop-unroll)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// Unsupported: a 64-bit unsigned loop with constant bounds gets a diagnostic.
// ERR: error: cannot unroll a loop with 64-bit unsigned constant bounds
tt.func @unsigned_i64(%x: f32) -> f32 {
  %c0 = arith.constant 0 : i64
  %c9 = arith.constant 9 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for unsigned %iv = %c0 to %c9 step %c1 iter_args(%acc = %x) -> (f32) : i64 {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : f32
}

// -----

// Issue 15: a factor that would build billions of ops gets a diagnostic
// (with a constant trip count, and with bounds known only at run time).
// ERR: error: cannot unroll by tt.loop_unroll_factor = 2147483647: it would add 8589934584 ops (at most 262144)
tt.func @huge_factor(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %ub = arith.constant 2147483647 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %iv = %c0 to %ub step %c1 iter_args(%acc = %x) -> (i32) : i32 {
    %s = arith.addi %acc, %iv : i32
    scf.yield %s : i32
  } {tt.loop_unroll_factor = 2147483647 : i32}
  tt.return %r : i32
}

// -----

// ERR: error: cannot unroll by tt.loop_unroll_factor = 2147483648: it would add 8589934588 ops (at most 262144)
tt.func @huge_factor_dynamic(%x: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 {
    %s = arith.addi %acc, %iv : i32
    scf.yield %s : i32
  } {tt.loop_unroll_factor = 2147483648 : i64}
  tt.return %r : i32
}

// -----

// Issue 15: the unrolled step 2 * (2^30 + 1) does not fit i32 and the main
// loop runs twice: refused rather than wrapped around (a miscompile).
// ERR: error: cannot unroll by tt.loop_unroll_factor = 2: the unrolled step 2147483650 does not fit in i32
tt.func @step_overflow(%x: i32) -> i32 {
  %lb = arith.constant -2147483648 : i32
  %ub = arith.constant 2147483647 : i32
  %st = arith.constant 1073741825 : i32
  %r = scf.for %iv = %lb to %ub step %st iter_args(%acc = %x) -> (i32) : i32 {
    %s = arith.addi %acc, %iv : i32
    scf.yield %s : i32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : i32
}
