// convert-triton-to-tritongpu leaves ops of dialects it does not convert as
// they are, unfolded (issue 15): the conversion runs without pattern
// rollback, so a folder whose new constant nothing legalizes (index.add ->
// index.constant) used to abort with "folder rollback of IR modifications
// requested".
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80})' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80})' | FileCheck %s

// CHECK-LABEL: tt.func @index_add
// CHECK: %[[A:.*]] = index.constant 1
// CHECK: %[[B:.*]] = index.constant 2
// CHECK: %[[C:.*]] = index.add %[[A]], %[[B]]
// CHECK: tt.return %[[C]] : index
tt.func @index_add() -> index {
  %a = index.constant 1
  %b = index.constant 2
  %c = index.add %a, %b
  tt.return %c : index
}

// -----

// CHECK-LABEL: tt.func @llvm_or
// CHECK: %[[C:.*]] = llvm.or %{{.*}}, %{{.*}} : i32
// CHECK: tt.return %[[C]] : i32
tt.func @llvm_or() -> i32 {
  %a = llvm.mlir.constant(1 : i32) : i32
  %b = llvm.mlir.constant(2 : i32) : i32
  %c = llvm.or %a, %b : i32
  tt.return %c : i32
}

// -----

// Ops of the converted dialects are converted as before.
// CHECK-LABEL: tt.func @arith
// CHECK: arith.constant dense<1> : tensor<128xi32, #{{.*}}>
// CHECK: arith.addi %{{.*}} : tensor<128xi32, #{{.*}}>
tt.func @arith(%p: !tt.ptr<i32>) {
  %a = arith.constant dense<1> : tensor<128xi32>
  %c = arith.addi %a, %a : tensor<128xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  tt.store %ps, %c : tensor<128x!tt.ptr<i32>>
  tt.return
}
