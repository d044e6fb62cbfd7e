// triton-licm: loop-invariant code motion, with read-only loads hoisted under a trip-count check.
// RUN: tritium-opt %s -split-input-file -triton-licm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-licm)' | FileCheck %s

// Pure ops whose operands come from outside the loop move before it, and
// their users follow; ops using the induction variable or an iter arg stay.
// CHECK-LABEL: tt.func @hoist_pure
// CHECK: %[[MUL:.*]] = arith.muli %arg2, %arg2
// CHECK-NEXT: %[[ADD:.*]] = arith.addi %[[MUL]], %c1_i32
// CHECK-NEXT: scf.for %[[IV:.*]] = %arg0 to %arg1 {{.*}} iter_args(%[[ACC:.*]] = %c0_i32)
// CHECK-NEXT: arith.addi %[[ACC]], %[[ADD]]
// CHECK-NEXT: arith.addi %[[IV]], %[[ADD]]
tt.func @hoist_pure(%lb: i32, %ub: i32, %a: i32, %p: !tt.ptr<i32>) -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %x = arith.muli %a, %a : i32
    %y = arith.addi %x, %c1 : i32
    %z = arith.addi %acc, %y : i32
    %w = arith.addi %i, %y : i32
    %v = arith.addi %z, %w : i32
    scf.yield %v : i32
  }
  tt.return %r : i32
}

// -----

// A division may trap (it is not speculatable): it stays in the loop.
// CHECK-LABEL: tt.func @no_hoist_division
// CHECK: scf.for
// CHECK-NEXT: arith.divsi
tt.func @no_hoist_division(%lb: i32, %ub: i32, %a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %x = arith.divsi %a, %b : i32
    %z = arith.addi %acc, %x : i32
    scf.yield %z : i32
  }
  tt.return %r : i32
}

// -----

// A read-only loop: the load moves out, masked by "the loop runs at least once".
// CHECK-LABEL: tt.func @hoist_load_without_mask
// CHECK: %[[CMP:.*]] = arith.cmpi slt, %arg1, %arg2 : i32
// CHECK-NEXT: %[[SPLAT:.*]] = tt.splat %[[CMP]] : i1 -> tensor<1024xi1>
// CHECK-NEXT: %[[LOAD:.*]] = tt.load %arg0, %[[SPLAT]] : tensor<1024x!tt.ptr<f32>>
// CHECK-NEXT: arith.addf %[[LOAD]], %[[LOAD]]
// CHECK-NEXT: scf.for
// CHECK-NOT: tt.load
// CHECK: tt.store
tt.func @hoist_load_without_mask(%ptr: tensor<1024x!tt.ptr<f32>>, %lb: i32, %ub: i32, %out: tensor<1024x!tt.ptr<f32>>) {
  %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
  %c1_i32 = arith.constant 1 : i32
  %1 = scf.for %i = %lb to %ub step %c1_i32 iter_args(%acc = %cst) -> (tensor<1024xf32>) : i32 {
    %2 = tt.load %ptr : tensor<1024x!tt.ptr<f32>>
    %3 = arith.addf %2, %2 : tensor<1024xf32>
    %4 = arith.addf %acc, %3 : tensor<1024xf32>
    scf.yield %4 : tensor<1024xf32>
  }
  tt.store %out, %1 : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// An existing mask is and-ed with the trip-count check; `other` is kept.
// CHECK-LABEL: tt.func @hoist_load_with_mask
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %arg1, %arg2 : tensor<1024xi32>
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpi slt, %arg3, %arg4 : i32
// CHECK-NEXT: %[[SPLAT:.*]] = tt.splat %[[CMP]]
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[SPLAT]], %[[MASK]] : tensor<1024xi1>
// CHECK-NEXT: tt.load %arg0, %[[AND]], %cst
// CHECK-NEXT: scf.for
// CHECK-NOT: tt.load
// CHECK: tt.store
tt.func @hoist_load_with_mask(%ptr: tensor<1024x!tt.ptr<f32>>, %x: tensor<1024xi32>, %y: tensor<1024xi32>, %lb: i32, %ub: i32, %out: tensor<1024x!tt.ptr<f32>>) {
  %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
  %c1_i32 = arith.constant 1 : i32
  %0 = arith.cmpi slt, %x, %y : tensor<1024xi32>
  %1 = scf.for %i = %lb to %ub step %c1_i32 iter_args(%acc = %cst) -> (tensor<1024xf32>) : i32 {
    %2 = tt.load %ptr, %0, %cst : tensor<1024x!tt.ptr<f32>>
    %4 = arith.addf %acc, %2 : tensor<1024xf32>
    scf.yield %4 : tensor<1024xf32>
  }
  tt.store %out, %1, %0 : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Scalar loads take the i1 check as their mask directly; one check per load.
// CHECK-LABEL: tt.func @hoist_scalar_loads
// CHECK: %[[C1:.*]] = arith.cmpi slt, %arg2, %arg3 : i32
// CHECK-NEXT: %[[A:.*]] = tt.load %arg0, %[[C1]] : !tt.ptr<f32>
// CHECK-NEXT: %[[C2:.*]] = arith.cmpi slt, %arg2, %arg3 : i32
// CHECK-NEXT: %[[B:.*]] = tt.load %arg1, %[[C2]] : !tt.ptr<f32>
// CHECK-NEXT: arith.addf %[[A]], %[[B]]
// CHECK-NEXT: scf.for
tt.func @hoist_scalar_loads(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %lb: i32, %ub: i32) -> f32 {
  %cst = arith.constant 0.000000e+00 : f32
  %c1_i32 = arith.constant 1 : i32
  %1 = scf.for %i = %lb to %ub step %c1_i32 iter_args(%acc = %cst) -> (f32) : i32 {
    %a = tt.load %p : !tt.ptr<f32>
    %b = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %acc, %s : f32
    scf.yield %t : f32
  }
  tt.return %1 : f32
}

// -----

// A store in the loop keeps the load in it.
// CHECK-LABEL: tt.func @no_hoist_load_with_store_in_loop
// CHECK-NOT: tt.load
// CHECK: scf.for
// CHECK-NEXT: tt.load %arg0 :
tt.func @no_hoist_load_with_store_in_loop(%ptr: tensor<1024x!tt.ptr<f32>>, %lb: i32, %ub: i32, %tmp: tensor<1024x!tt.ptr<f32>>) {
  %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
  %c1_i32 = arith.constant 1 : i32
  %1 = scf.for %i = %lb to %ub step %c1_i32 iter_args(%acc = %cst) -> (tensor<1024xf32>) : i32 {
    %2 = tt.load %ptr : tensor<1024x!tt.ptr<f32>>
    %4 = arith.addf %acc, %2 : tensor<1024xf32>
    tt.store %tmp, %4 : tensor<1024x!tt.ptr<f32>>
    scf.yield %4 : tensor<1024xf32>
  }
  tt.return
}

// -----

// So does a print (it has write effects).
// CHECK-LABEL: tt.func @no_hoist_load_with_print_in_loop
// CHECK-NOT: tt.load
// CHECK: scf.for
// CHECK-NEXT: tt.load %arg0 :
tt.func @no_hoist_load_with_print_in_loop(%ptr: tensor<1024x!tt.ptr<f32>>, %lb: i32, %ub: i32) -> tensor<1024xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
  %c1_i32 = arith.constant 1 : i32
  %1 = scf.for %i = %lb to %ub step %c1_i32 iter_args(%acc = %cst) -> (tensor<1024xf32>) : i32 {
    %2 = tt.load %ptr : tensor<1024x!tt.ptr<f32>>
    %4 = arith.addf %acc, %2 : tensor<1024xf32>
    tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %4 : tensor<1024xf32>
    scf.yield %4 : tensor<1024xf32>
  }
  tt.return %1 : tensor<1024xf32>
}

// -----

// A load of a loop-carried pointer is not invariant.
// CHECK-LABEL: tt.func @no_hoist_loop_carried_load
// CHECK-NOT: tt.load
// CHECK: scf.for
// CHECK-NEXT: tt.load %arg6 :
tt.func @no_hoist_loop_carried_load(%ptr: tensor<1024x!tt.ptr<f32>>, %off: tensor<1024xi32>, %lb: i32, %ub: i32) -> tensor<1024xf32> {
  %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
  %c1_i32 = arith.constant 1 : i32
  %1:2 = scf.for %i = %lb to %ub step %c1_i32 iter_args(%acc = %cst, %p = %ptr) -> (tensor<1024xf32>, tensor<1024x!tt.ptr<f32>>) : i32 {
    %2 = tt.load %p : tensor<1024x!tt.ptr<f32>>
    %4 = arith.addf %acc, %2 : tensor<1024xf32>
    %np = tt.addptr %p, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    scf.yield %4, %np : tensor<1024xf32>, tensor<1024x!tt.ptr<f32>>
  }
  tt.return %1#0 : tensor<1024xf32>
}

// -----

// Inner loops first: what leaves the inner loop may leave the outer one; the
// load is masked once per loop it leaves.
// CHECK-LABEL: tt.func @nested_loops
// CHECK: %[[MUL:.*]] = arith.muli %arg2, %arg2
// CHECK-NEXT: %[[OUTER:.*]] = arith.cmpi slt, %arg0, %arg1
// CHECK-NEXT: %[[INNER:.*]] = arith.cmpi slt, %arg0, %arg1
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[INNER]], %[[OUTER]] : i1
// CHECK-NEXT: tt.load %arg3, %[[AND]]
// CHECK-NEXT: scf.for %[[I:.*]] = %arg0
// CHECK-NEXT: arith.addi %[[I]], %[[MUL]]
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.yield
tt.func @nested_loops(%lb: i32, %ub: i32, %a: i32, %p: !tt.ptr<i32>) -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %in = scf.for %j = %lb to %ub step %c1 iter_args(%acc2 = %acc) -> (i32) : i32 {
      %x = arith.muli %a, %a : i32
      %y = arith.addi %i, %x : i32
      %l = tt.load %p : !tt.ptr<i32>
      %z = arith.addi %acc2, %y : i32
      %w = arith.addi %z, %l : i32
      scf.yield %w : i32
    }
    scf.yield %in : i32
  }
  tt.return %r : i32
}

// -----

// scf.while: pure ops of the "before" region move out; loads stay (as in Triton).
// CHECK-LABEL: tt.func @while_hoists_pure_not_load
// CHECK: %[[ADD:.*]] = arith.addi %arg1, %c42_i32
// CHECK-NEXT: %[[COND:.*]] = arith.cmpi slt, %[[ADD]], %arg2
// CHECK-NEXT: scf.while
// CHECK-NEXT: scf.condition(%[[COND]])
// CHECK: do
// CHECK: tt.load
// CHECK: scf.yield
tt.func @while_hoists_pure_not_load(%ptr: tensor<1024x!tt.ptr<f32>>, %a: i32, %b: i32) {
  %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
  %1 = scf.while (%arg0 = %cst) : (tensor<1024xf32>) -> (tensor<1024xf32>) {
    %c42 = arith.constant 42 : i32
    %add = arith.addi %a, %c42 : i32
    %2 = arith.cmpi slt, %add, %b : i32
    scf.condition(%2) %arg0 : tensor<1024xf32>
  } do {
  ^bb0(%arg0: tensor<1024xf32>):
    %3 = tt.load %ptr : tensor<1024x!tt.ptr<f32>>
    %4 = arith.addf %3, %arg0 : tensor<1024xf32>
    scf.yield %4 : tensor<1024xf32>
  }
  tt.store %ptr, %1 : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// An op with a region moves when only its region's own values are inside.
// CHECK-LABEL: tt.func @hoist_op_with_region
// CHECK: "tt.reduce"(%arg2)
// CHECK: tt.reduce.return
// CHECK: scf.for
// CHECK-NOT: tt.reduce
tt.func @hoist_op_with_region(%lb: i32, %ub: i32, %t: tensor<8xi32>) -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %s = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %m = arith.addi %x, %y : i32
      tt.reduce.return %m : i32
    }) : (tensor<8xi32>) -> i32
    %z = arith.addi %acc, %s : i32
    scf.yield %z : i32
  }
  tt.return %r : i32
}
