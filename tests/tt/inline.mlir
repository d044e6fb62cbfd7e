// The stock MLIR inliner on TTIR: tt.call/tt.func through CallOpInterface/CallableOpInterface, `noinline`, multi-block callees.
//
// This is also the "one MLIR in the process" proof: the inliner pass below is
// code of the stock libMLIR (in %mlir-opt it is /usr/lib/llvm-22's mlir-opt
// loading libtritium.so as a plugin); it casts our tt.call and tt.func to
// CallOpInterface / CallableOpInterface and asks our DialectInlinerInterface.
// Those casts only succeed if the plugin's ops and the host's interfaces share
// one set of TypeIDs, i.e. one MLIR in the process.
//
// RUN: %mlir-opt %s -split-input-file -inline | FileCheck %s
// RUN: tritium-opt %s -split-input-file -inline | FileCheck %s

// A private callee with `noinline = false` is inlined, then erased as dead.
// CHECK-NOT:   tt.func private @add_one
// CHECK-LABEL: tt.func public @inline_simple(
// CHECK-SAME:    %[[X:[^:]*]]: i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[X]], %[[C1]] : i32
// CHECK-NEXT:    tt.return %[[R]] : i32
tt.func private @add_one(%x: i32) -> i32 attributes {noinline = false} {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  tt.return %0 : i32
}

tt.func public @inline_simple(%x: i32) -> i32 {
  %0 = tt.call @add_one(%x) : (i32) -> i32
  tt.return %0 : i32
}

// -----

// A callee with `noinline = true` stays, and so does its call.
// CHECK-LABEL: tt.func private @square(
// CHECK-SAME:    attributes {noinline = true}
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    tt.return
// CHECK-LABEL: tt.func public @noinline_kept(
// CHECK-SAME:    %[[X:[^:]*]]: i32
// CHECK-NEXT:    %[[R:.*]] = tt.call @square(%[[X]]) : (i32) -> i32
// CHECK-NEXT:    tt.return %[[R]] : i32
tt.func private @square(%x: i32) -> i32 attributes {noinline = true} {
  %0 = arith.muli %x, %x : i32
  tt.return %0 : i32
}

tt.func public @noinline_kept(%x: i32) -> i32 {
  %0 = tt.call @square(%x) : (i32) -> i32
  tt.return %0 : i32
}

// -----

// A callee without a `noinline` attribute is inlined; a call without results
// and a callee with side effects are handled.
// CHECK-LABEL: tt.func public @inline_no_attr(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<f32>, %[[V:[^:]*]]: f32
// CHECK-NEXT:    tt.store %[[P]], %[[V]] : !tt.ptr<f32>
// CHECK-NEXT:    tt.return
tt.func private @store_it(%p: !tt.ptr<f32>, %v: f32) {
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

tt.func public @inline_no_attr(%p: !tt.ptr<f32>, %v: f32) {
  tt.call @store_it(%p, %v) : (!tt.ptr<f32>, f32) -> ()
  tt.return
}

// -----

// A multi-block callee: its tt.return become cf.br to a new block whose
// argument replaces the call's result.
// CHECK-NOT:   @store_max
// CHECK-LABEL: tt.func public @inline_multi_block(
// CHECK-SAME:    %[[P:[^:]*]]: !tt.ptr<i32>, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi sgt, %[[X]], %[[Y]] : i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^[[BB1:.*]], ^[[BB2:.*]]
// CHECK-NEXT:  ^[[BB1]]:
// CHECK-NEXT:    tt.store %[[P]], %[[X]] : !tt.ptr<i32>
// CHECK-NEXT:    cf.br ^[[BB3:.*]](%[[X]] : i32)
// CHECK-NEXT:  ^[[BB2]]:
// CHECK-NEXT:    tt.store %[[P]], %[[Y]] : !tt.ptr<i32>
// CHECK-NEXT:    cf.br ^[[BB3]](%[[Y]] : i32)
// CHECK-NEXT:  ^[[BB3]](%[[M:.*]]: i32):
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[M]], %[[X]] : i32
// CHECK-NEXT:    tt.return %[[R]] : i32
tt.func private @store_max(%p: !tt.ptr<i32>, %a: i32, %b: i32) -> i32 attributes {noinline = false} {
  %c = arith.cmpi sgt, %a, %b : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.store %p, %a : !tt.ptr<i32>
  tt.return %a : i32
^bb2:
  tt.store %p, %b : !tt.ptr<i32>
  tt.return %b : i32
}

tt.func public @inline_multi_block(%p: !tt.ptr<i32>, %x: i32, %y: i32) -> i32 {
  %0 = tt.call @store_max(%p, %x, %y) : (!tt.ptr<i32>, i32, i32) -> i32
  %1 = arith.addi %0, %x : i32
  tt.return %1 : i32
}

// -----

// Calls nested in a loop and through another callee are inlined; a public
// callee is inlined but kept; a declaration is not inlined.
// CHECK-NOT:   @inner
// CHECK-LABEL: tt.func public @helper(
// CHECK-SAME:    %[[X:[^:]*]]: i32
// CHECK-NEXT:    %[[E:.*]] = tt.call @external(%[[X]]) : (i32) -> i32
// CHECK-NEXT:    %[[A:.*]] = tt.get_program_id x : i32
// CHECK-NEXT:    %[[B:.*]] = arith.addi %[[E]], %[[A]] : i32
// CHECK-NEXT:    tt.return %[[B]] : i32
// CHECK-LABEL: tt.func private @external(
// CHECK-LABEL: tt.func public @inline_nested(
// CHECK-SAME:    %[[N:[^:]*]]: i32
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32) : i32 {
// CHECK-NEXT:      %[[E:.*]] = tt.call @external(%[[ACC]]) : (i32) -> i32
// CHECK-NEXT:      %[[A:.*]] = tt.get_program_id x : i32
// CHECK-NEXT:      %[[B:.*]] = arith.addi %[[E]], %[[A]] : i32
// CHECK-NEXT:      scf.yield %[[B]] : i32
// CHECK-NOT:   tt.call
tt.func private @inner(%x: i32) -> i32 {
  %pid = tt.get_program_id x : i32
  %0 = arith.addi %x, %pid : i32
  tt.return %0 : i32
}

tt.func public @helper(%x: i32) -> i32 {
  %0 = tt.call @external(%x) : (i32) -> i32
  %1 = tt.call @inner(%0) : (i32) -> i32
  tt.return %1 : i32
}

tt.func private @external(i32) -> i32

tt.func public @inline_nested(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %0 = tt.call @helper(%acc) : (i32) -> i32
    scf.yield %0 : i32
  }
  tt.return %r : i32
}

// -----

// The axis-info hints on a call go to the op defining the inlined result
// (Triton 3.9's handleResult).
// CHECK-LABEL: tt.func public @call_hints
// CHECK-NOT: tt.call
// CHECK: tt.addptr %arg0, %arg1 {tt.constancy = dense<1> : tensor<1xi32>, tt.contiguity = dense<16> : tensor<1xi32>, tt.divisibility = dense<16> : tensor<1xi32>}
tt.func private @offset_ptrs(%p: tensor<128x!tt.ptr<f32>>, %o: tensor<128xi32>) -> tensor<128x!tt.ptr<f32>> {
  %0 = tt.addptr %p, %o : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.return %0 : tensor<128x!tt.ptr<f32>>
}
tt.func public @call_hints(%arg0: tensor<128x!tt.ptr<f32>>, %arg1: tensor<128xi32>) -> tensor<128x!tt.ptr<f32>> {
  %0 = tt.call @offset_ptrs(%arg0, %arg1) {tt.constancy = dense<1> : tensor<1xi32>, tt.contiguity = dense<16> : tensor<1xi32>, tt.divisibility = dense<16> : tensor<1xi32>} : (tensor<128x!tt.ptr<f32>>, tensor<128xi32>) -> tensor<128x!tt.ptr<f32>>
  tt.return %0 : tensor<128x!tt.ptr<f32>>
}
