// triton-loop-unroll: scf.for loops carrying tt.loop_unroll_factor = N > 1 are
// unrolled by N (MLIR's loopUnrollByFactor); the remainder runs in an epilogue
// loop marked tt.num_stages = 1. Expected output checked against Triton 3.9.
// RUN: tritium-opt %s -split-input-file -triton-loop-unroll | FileCheck %s --check-prefixes=CHECK,GUARD
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-loop-unroll)' | FileCheck %s --check-prefixes=CHECK,GUARD
// Runtime bounds get a guarded trip count (0 when ub <= lb or step <= 0),
// unlike Triton 3.9, whose remainder loop runs iterations of an empty range
// (tests/cpu/loop-unroll-empty.mlir runs both). guard-runtime-bounds=false
// prints Triton's form, byte for byte (what tests/corpus compares).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(triton-loop-unroll{guard-runtime-bounds=false})' | FileCheck %s --check-prefixes=CHECK,TRITON
// Inputs the pass rejects are in loop-unroll-invalid.mlir.

// Dynamic trip count: bounds computed in IR, the induction variable of copy 1
// is iv + step * 1, and an epilogue runs the remainder.
// CHECK-LABEL: tt.func @dynamic_iv
// CHECK-SAME: (%[[PTR:.*]]: tensor<256x!tt.ptr<f32>>, %[[LB:.*]]: i32, %[[UB:.*]]: i32, %[[STEP:.*]]: i32)
// CHECK: %[[DIFF:.*]] = arith.subi %[[UB]], %[[LB]] : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[SM1:.*]] = arith.subi %[[STEP]], %[[ONE]] : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[DIFF]], %[[SM1]] : i32
// GUARD: %[[ZERO:.*]] = arith.constant 0 : i32
// GUARD: %[[EMPTY:.*]] = arith.cmpi sle, %[[UB]], %[[LB]] : i32
// GUARD: %[[NOSTEP:.*]] = arith.cmpi sle, %[[STEP]], %[[ZERO]] : i32
// GUARD: %[[SKIP:.*]] = arith.ori %[[EMPTY]], %[[NOSTEP]] : i1
// GUARD: %[[DIV:.*]] = arith.select %[[NOSTEP]], %[[ONE]], %[[STEP]] : i32
// GUARD: %[[COUNT:.*]] = arith.divui %[[SUM]], %[[DIV]] : i32
// GUARD: %[[TRIP:.*]] = arith.select %[[SKIP]], %[[ZERO]], %[[COUNT]] : i32
// TRITON: %[[TRIP:.*]] = arith.divui %[[SUM]], %[[STEP]] : i32
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// GUARD: %[[REM:.*]] = arith.remui %[[TRIP]], %[[C2]] : i32
// TRITON: %[[REM:.*]] = arith.remsi %[[TRIP]], %[[C2]] : i32
// CHECK: %[[EVEN:.*]] = arith.subi %[[TRIP]], %[[REM]] : i32
// CHECK: %[[SPAN:.*]] = arith.muli %[[EVEN]], %[[STEP]] : i32
// CHECK: %[[UBU:.*]] = arith.addi %[[LB]], %[[SPAN]] : i32
// CHECK: %[[STEPU:.*]] = arith.muli %[[STEP]], %[[C2]] : i32
// CHECK: %[[MAIN:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[UBU]] step %[[STEPU]] iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK:   tt.splat %[[IV]]
// CHECK:   tt.load
// CHECK:   %[[S0:.*]] = arith.addf %[[ACC]]
// CHECK:   %[[K1:.*]] = arith.constant 1 : i32
// CHECK:   %[[STRIDE:.*]] = arith.muli %[[STEP]], %[[K1]] : i32
// CHECK:   %[[IV1:.*]] = arith.addi %[[IV]], %[[STRIDE]] : i32
// CHECK:   tt.splat %[[IV1]]
// CHECK:   tt.load
// CHECK:   %[[S1:.*]] = arith.addf %[[S0]]
// CHECK:   scf.yield %[[S1]]
// CHECK-NOT: tt.loop_unroll_factor
// CHECK: }
// CHECK: %[[EPI:.*]] = scf.for %{{.*}} = %[[UBU]] to %[[UB]] step %[[STEP]] iter_args(%{{.*}} = %[[MAIN]])
// CHECK:   tt.load
// CHECK-NOT: tt.load
// CHECK: } {tt.num_stages = 1 : i32}
// CHECK: tt.return %[[EPI]]
tt.func @dynamic_iv(%ptr: tensor<256x!tt.ptr<f32>>, %lb: i32, %ub: i32, %step: i32) -> tensor<256xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %cst) -> (tensor<256xf32>) : i32 {
    %off = tt.splat %iv : i32 -> tensor<256xi32>
    %p = tt.addptr %ptr, %off : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : tensor<256xf32>
}

// -----

// An unsigned loop with runtime bounds: the empty range is ub <=u lb, and
// only a zero step is no step.
// CHECK-LABEL: tt.func @dynamic_unsigned
// CHECK-SAME: (%[[LB:.*]]: i64, %[[UB:.*]]: i64, %[[STEP:.*]]: i64)
// CHECK: %[[DIFF:.*]] = arith.subi %[[UB]], %[[LB]] : i64
// GUARD: %[[ZERO:.*]] = arith.constant 0 : i64
// GUARD: %[[EMPTY:.*]] = arith.cmpi ule, %[[UB]], %[[LB]] : i64
// GUARD: %[[NOSTEP:.*]] = arith.cmpi eq, %[[STEP]], %[[ZERO]] : i64
// GUARD: arith.ori %[[EMPTY]], %[[NOSTEP]] : i1
// GUARD: arith.remui
// TRITON-NOT: arith.cmpi
// TRITON: arith.remsi
// CHECK: scf.for unsigned
// CHECK: scf.for unsigned
// CHECK: } {tt.num_stages = 1 : i32}
tt.func @dynamic_unsigned(%lb: i64, %ub: i64, %step: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %r = scf.for unsigned %iv = %lb to %ub step %step iter_args(%acc = %c0) -> (i64) : i64 {
    %s = arith.addi %acc, %iv : i64
    scf.yield %s : i64
  } {tt.loop_unroll_factor = 3 : i32}
  tt.return %r : i64
}

// -----

// Constant trip count divisible by the factor: no epilogue, the new step is a
// constant.
// CHECK-LABEL: tt.func @static_divisible
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: scf.for %[[IV:.*]] = %[[C0]] to %[[C8]] step %[[C4]] : i32 {
// CHECK:   tt.addptr %{{.*}}, %[[IV]]
// CHECK:   tt.store
// CHECK:   %[[K1:.*]] = arith.constant 1 : i32
// CHECK:   %[[M1:.*]] = arith.muli %[[C1]], %[[K1]] : i32
// CHECK:   %[[IV1:.*]] = arith.addi %[[IV]], %[[M1]] : i32
// CHECK:   tt.addptr %{{.*}}, %[[IV1]]
// CHECK:   tt.store
// CHECK:   %[[K2:.*]] = arith.constant 2 : i32
// CHECK:   arith.muli %[[C1]], %[[K2]] : i32
// CHECK:   tt.store
// CHECK:   %[[K3:.*]] = arith.constant 3 : i32
// CHECK:   arith.muli %[[C1]], %[[K3]] : i32
// CHECK:   tt.store
// CHECK-NEXT: }
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @static_divisible(%ptr: !tt.ptr<f32>, %x: f32) {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c1 = arith.constant 1 : i32
  scf.for %iv = %c0 to %c8 step %c1 : i32 {
    %p = tt.addptr %ptr, %iv : !tt.ptr<f32>, i32
    tt.store %p, %x : !tt.ptr<f32>
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return
}

// -----

// 2..13 step 3 runs 4 times: the unrolled bound 14 is past 13, no epilogue.
// CHECK-LABEL: tt.func @static_no_epilogue
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: %[[C13:.*]] = arith.constant 13 : i32
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK: %[[C6:.*]] = arith.constant 6 : i32
// CHECK: scf.for %{{.*}} = %[[C2]] to %[[C13]] step %[[C6]] iter_args(%[[A:.*]] = %{{.*}}) -> (f32)  : i32 {
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[A]], %[[A]] : f32
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[S0]], %[[S0]] : f32
// CHECK-NEXT: scf.yield %[[S1]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @static_no_epilogue(%x: f32) -> f32 {
  %c2 = arith.constant 2 : i32
  %c13 = arith.constant 13 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.for %iv = %c2 to %c13 step %c3 iter_args(%acc = %x) -> (f32) : i32 {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : f32
}

// -----

// 0..5 by 4: the main loop and the epilogue each run once and are inlined.
// CHECK-LABEL: tt.func @static_single_iterations
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NOT: scf.for
// CHECK: %[[M0:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK: %[[M1:.*]] = arith.mulf %[[M0]], %[[M0]] : f32
// CHECK: %[[M2:.*]] = arith.mulf %[[M1]], %[[M1]] : f32
// CHECK: %[[M3:.*]] = arith.mulf %[[M2]], %[[M2]] : f32
// CHECK: %[[M4:.*]] = arith.mulf %[[M3]], %[[M3]] : f32
// CHECK: tt.return %[[M4]] : f32
tt.func @static_single_iterations(%x: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %iv = %c0 to %c5 step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %s = arith.mulf %acc, %acc : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r : f32
}

// -----

// Trip count 3 below the factor 4: the main loop never runs and is dropped;
// only the epilogue remains.
// CHECK-LABEL: tt.func @trip_below_factor
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %[[Z]] to %[[C3]] step %[[C1]] iter_args(%[[A:.*]] = %[[X]])
// CHECK-NEXT: arith.mulf %[[A]], %[[A]]
// CHECK-NOT: arith.mulf
// CHECK: } {tt.num_stages = 1 : i32}
// CHECK-NEXT: tt.return %[[R]]
tt.func @trip_below_factor(%x: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %iv = %c0 to %c3 step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %s = arith.mulf %acc, %acc : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r : f32
}

// -----

// Iteration values chain through the copies, including a swap and a value
// passed through unchanged; the unused induction variable is not remapped.
// CHECK-LABEL: tt.func @swap_and_passthrough
// CHECK: %[[MAIN:.*]]:3 = scf.for %{{.*}} iter_args(%[[X:.*]] = %{{.*}}, %[[Y:.*]] = %{{.*}}, %[[Z:.*]] = %{{.*}})
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[Y]], %[[S0]] : f32
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S0]], %[[S1]] : f32
// CHECK-NEXT: scf.yield %[[S1]], %[[S2]], %[[Z]] : f32, f32, f32
// CHECK: %[[EPI:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %[[MAIN]]#0, %{{.*}} = %[[MAIN]]#1, %{{.*}} = %[[MAIN]]#2)
// CHECK: tt.return %[[EPI]]#0, %[[EPI]]#1, %[[EPI]]#2
tt.func @swap_and_passthrough(%a: f32, %b: f32, %n: i32) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %iv = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %a) -> (f32, f32, f32) : i32 {
    %s = arith.addf %x, %y : f32
    scf.yield %y, %s, %z : f32, f32, f32
  } {tt.loop_unroll_factor = 3 : i32}
  tt.return %r#0, %r#1, %r#2 : f32, f32, f32
}

// -----

// Inner loops are unrolled first; the outer body then copies the unrolled
// inner loop and its epilogue.
// CHECK-LABEL: tt.func @nested
// CHECK: scf.for
// CHECK-COUNT-2: arith.addf
// CHECK: } {tt.num_stages = 1 : i32}
// CHECK: scf.for
// CHECK-COUNT-2: arith.addf
// CHECK: } {tt.num_stages = 1 : i32}
// CHECK: } 
// CHECK: scf.for
// CHECK: scf.for
// CHECK-COUNT-2: arith.addf
// CHECK: } {tt.num_stages = 1 : i32}
// CHECK: } {tt.num_stages = 1 : i32}
// CHECK-NOT: tt.loop_unroll_factor
tt.func @nested(%x: f32, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %in = scf.for %j = %c0 to %n step %c1 iter_args(%a = %acc) -> (f32) : i32 {
      %s = arith.addf %a, %a : f32
      scf.yield %s : f32
    } {tt.loop_unroll_factor = 2 : i32}
    scf.yield %in : f32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : f32
}

// -----

// Left alone: factor 1 (attribute kept), no attribute, and an empty body
// (attribute dropped, nothing to unroll).
// CHECK-LABEL: tt.func @not_unrolled
// CHECK: scf.for
// CHECK-COUNT-1: arith.addf
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {tt.loop_unroll_factor = 1 : i32}
// CHECK: scf.for
// CHECK-COUNT-1: arith.addf
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @not_unrolled(%x: f32, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 1 : i32}
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> (f32) : i32 {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  }
  %r3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r2) -> (f32) : i32 {
    scf.yield %acc : f32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r3 : f32
}

// -----

// Issue 15: the unrolled step (4 * 536870912) does not fit i32, but the main
// loop runs once: it is unrolled fully and inlined, computing what the
// original loop computes (x + 0 + 2^29 + 2^30 + 3 * 2^29); MLIR's
// loopUnrollByFactor would wrap the step to -2^31.
// CHECK-LABEL: tt.func @step_overflow_full_unroll
// CHECK-NOT: scf.for
// CHECK-NOT: -2147483648
// CHECK: %[[S:.*]] = arith.constant 536870912 : i32
// CHECK: %[[A0:.*]] = arith.addi %arg0, %{{.*}} : i32
// CHECK: arith.muli %[[S]], %{{.*}} : i32
// CHECK: tt.return
tt.func @step_overflow_full_unroll(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %ub = arith.constant 2147483647 : i32
  %st = arith.constant 536870912 : i32
  %r = scf.for %iv = %c0 to %ub step %st iter_args(%acc = %x) -> (i32) : i32 {
    %s = arith.addi %acc, %iv : i32
    scf.yield %s : i32
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r : i32
}

// -----

// Issue 15: a factor above the trip count leaves the main loop empty; the
// whole loop runs as the epilogue and the body is not copied 2^31 times.
// CHECK-LABEL: tt.func @factor_above_trip_count
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: } {tt.num_stages = 1 : i32}
tt.func @factor_above_trip_count(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %iv = %c0 to %c10 step %c1 iter_args(%acc = %x) -> (i32) : i32 {
    %s = arith.addi %acc, %iv : i32
    scf.yield %s : i32
  } {tt.loop_unroll_factor = 2147483648 : i64}
  tt.return %r : i32
}
