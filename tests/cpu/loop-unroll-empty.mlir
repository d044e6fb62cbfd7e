// triton-loop-unroll with runtime bounds (issue 26, class 5): a loop whose
// range is empty (ub <= lb) runs no iteration after unrolling either. Triton
// 3.9's form (guard-runtime-bounds=false) takes ub - lb < 0 as a huge unsigned
// trip count and its remainder loop ran iterations: lb = 10, ub = 0, step = 2
// ran 3 (i = -6, -4, -2). Each run prints `arg 0: COUNT SUM` (iterations, sum
// of the induction variable).

// RUN: tritium-opt %S/Inputs/unroll-count.mlir -triton-loop-unroll -o %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// IR-NOT: tt.loop_unroll_factor
// IR: arith.cmpi sle
// IR: scf.for
// IR: scf.for
// IR: tt.num_stages = 1

// Empty ranges: nothing runs.
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 10 --arg 0 --arg 2 | FileCheck %s --check-prefix=NONE
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 10 --arg 0 --arg 1 | FileCheck %s --check-prefix=NONE
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 5 --arg 5 --arg 3 | FileCheck %s --check-prefix=NONE
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 2147483647 --arg -2147483648 --arg 7 | FileCheck %s --check-prefix=NONE
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 100 --arg -100 --arg 1000 | FileCheck %s --check-prefix=NONE
// A step <= 0 on an empty range: still nothing (and no division by zero).
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 10 --arg 0 --arg 0 | FileCheck %s --check-prefix=NONE
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 10 --arg 0 --arg -3 | FileCheck %s --check-prefix=NONE
// NONE: arg 0: 0 0

// Non-empty ranges run exactly their iterations: 0, 3, 6, 9 (4, a multiple
// of the factor); -7, -5, ..., 7 (8); 0..10 step 1 (10: 8 + an epilogue of 2);
// one iteration.
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 0 --arg 10 --arg 3 | FileCheck %s --check-prefix=FOUR
// FOUR: arg 0: 4 18
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg -7 --arg 9 --arg 2 | FileCheck %s --check-prefix=EIGHT
// EIGHT: arg 0: 8 0
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg 0 --arg 10 --arg 1 | FileCheck %s --check-prefix=TEN
// TEN: arg 0: 10 45
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg -5 --arg -4 --arg 100 | FileCheck %s --check-prefix=ONE
// ONE: arg 0: 1 -5
// A range wider than 2^31 (ub - lb wraps to a negative i32; the unsigned
// count is right): -2^31, -2^31 + 2^28, ..., 2^31 - 2^29 (15: 12 + 3).
// RUN: tritium-run %t.mlir --grid 1 --arg print:2 --arg -2147483648 --arg 1879048192 --arg 268435456 | FileCheck %s --check-prefix=WIDE
// WIDE: arg 0: 15 268435456

// Triton 3.9's unguarded form, which this test would have caught: 3 iterations.
// RUN: tritium-opt %S/Inputs/unroll-count.mlir --pass-pipeline='builtin.module(triton-loop-unroll{guard-runtime-bounds=false})' -o %t.triton.mlir
// RUN: tritium-run %t.triton.mlir --grid 1 --arg print:2 --arg 10 --arg 0 --arg 2 | FileCheck %s --check-prefix=TRITON
// TRITON: arg 0: 3 -12
