// canonicalize-llvm-ir (passes/Passes.cpp): Triton's clean-up of lowered code, the llvm ops'
// canonicalization patterns plus a select on a constant condition folded away. CHECK lines are Triton
// 3.9.0's output for this file (passes.ttgpuir.add_canonicalize_llvm_ir).
// RUN: tritium-opt %s --canonicalize-llvm-ir | FileCheck %s

// CHECK-LABEL: llvm.func @select_true
// CHECK-NEXT: llvm.return %arg0 : i32
llvm.func @select_true(%a: i32, %b: i32) -> i32 {
  %t = llvm.mlir.constant(true) : i1
  %r = llvm.select %t, %a, %b : i1, i32
  llvm.return %r : i32
}

// CHECK-LABEL: llvm.func @select_false
// CHECK-NEXT: llvm.return %arg1 : i32
llvm.func @select_false(%a: i32, %b: i32) -> i32 {
  %t = llvm.mlir.constant(false) : i1
  %r = llvm.select %t, %a, %b : i1, i32
  llvm.return %r : i32
}

// CHECK-LABEL: llvm.func @fold_bitcast
// CHECK-NEXT: llvm.return %arg0 : i32
llvm.func @fold_bitcast(%a: i32) -> i32 {
  %c = llvm.bitcast %a : i32 to f32
  %d = llvm.bitcast %c : f32 to i32
  llvm.return %d : i32
}

// CHECK-LABEL: llvm.func @fold_extract
// CHECK-NEXT: llvm.return %arg0 : i32
llvm.func @fold_extract(%a: i32, %b: f32) -> i32 {
  %u = llvm.mlir.undef : !llvm.struct<(i32, f32)>
  %s0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(i32, f32)>
  %s1 = llvm.insertvalue %b, %s0[1] : !llvm.struct<(i32, f32)>
  %x = llvm.extractvalue %s1[0] : !llvm.struct<(i32, f32)>
  llvm.return %x : i32
}

// A select on a run-time condition stays.
// CHECK-LABEL: llvm.func @select_dynamic
// CHECK-NEXT: llvm.select %arg0, %arg1, %arg2 : i1, i32
llvm.func @select_dynamic(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = llvm.select %c, %a, %b : i1, i32
  llvm.return %r : i32
}
