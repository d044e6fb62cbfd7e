// tritongpu-combine-tensor-select-and-if: a select on the condition of a later scf.if becomes a result of the if (CHECK lines from Triton's own pass).
// RUN: tritium-opt %s --tritongpu-combine-tensor-select-and-if | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-combine-tensor-select-and-if)' | FileCheck %s
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritongpu-combine-tensor-select-and-if{num-warps=4})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT

// OPT: no such option num-warps
// CHECK-LABEL: tt.func public @select_if
// CHECK: %0 = scf.if %arg0 -> (tensor<128xf32, #blocked>) {
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: tt.store %arg3, %cst : !tt.ptr<f32>
// CHECK-NEXT: scf.yield %arg1 : tensor<128xf32, #blocked>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : tensor<128xf32, #blocked>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %0 : tensor<128xf32, #blocked>
// A scalar select stays a select (Triton 3.9 combines only tensor selects; the fused loop of a
// tl.range(flatten=True) nest has such scalar selects on the condition of its prologue if).
// CHECK-LABEL: tt.func public @scalar_select_if
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: tt.store %arg3, %arg1 : !tt.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %0 : i32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @select_if(%c: i1, %a: tensor<128xf32, #blocked>, %b: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>) -> tensor<128xf32, #blocked> {
    %s = arith.select %c, %a, %b : tensor<128xf32, #blocked>
    scf.if %c {
      %one = arith.constant 1.0 : f32
      tt.store %p, %one : !tt.ptr<f32>
    }
    tt.return %s : tensor<128xf32, #blocked>
  }
  tt.func public @scalar_select_if(%c: i1, %a: i32, %b: i32, %p: !tt.ptr<i32>) -> i32 {
    %s = arith.select %c, %a, %b : i32
    scf.if %c {
      tt.store %p, %a : !tt.ptr<i32>
    }
    tt.return %s : i32
  }
}

// Users of a select inside the if on its condition read the select's true
// value (then-branch) or false value (else-branch), a scalar select too; the
// tensor select then merges into the if (Triton 3.9 output).
// CHECK-LABEL: tt.func @select_users_in_if
// CHECK-NOT: arith.select %arg0, %arg1
// CHECK: %[[S:.*]] = arith.select %arg0, %arg3, %arg4 : i32
// CHECK: %[[R:.*]]:2 = scf.if %arg0 -> (tensor<64xi32>, tensor<64xi32>) {
// CHECK-NEXT:   %[[M:.*]] = arith.muli %arg1, %arg2 : tensor<64xi32>
// CHECK-NEXT:   %[[X:.*]] = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT:   scf.yield %[[M]], %arg1 : tensor<64xi32>, tensor<64xi32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[Y:.*]] = arith.subi %arg4, %arg4 : i32
// CHECK-NEXT:   scf.yield %arg2, %arg2 : tensor<64xi32>, tensor<64xi32>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %[[R]]#1, %[[R]]#0, %[[S]]
tt.func @select_users_in_if(%arg0: i1, %arg1: tensor<64xi32>, %arg2: tensor<64xi32>, %arg3: i32, %arg4: i32) -> (tensor<64xi32>, tensor<64xi32>, i32) {
  %0 = arith.select %arg0, %arg1, %arg2 : tensor<64xi32>
  %1 = arith.select %arg0, %arg3, %arg4 : i32
  %2 = scf.if %arg0 -> (tensor<64xi32>) {
    %3 = arith.muli %0, %arg2 : tensor<64xi32>
    %4 = arith.addi %1, %1 : i32
    scf.yield %3 : tensor<64xi32>
  } else {
    %3 = arith.subi %1, %1 : i32
    scf.yield %0 : tensor<64xi32>
  }
  tt.return %0, %2, %1 : tensor<64xi32>, tensor<64xi32>, i32
}
