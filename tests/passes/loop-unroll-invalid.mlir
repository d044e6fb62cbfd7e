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
