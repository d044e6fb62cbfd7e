// The upstream conversions Triton's RUN lines name after convert-triton-gpu-to-llvm are registered in tritium-opt.
// RUN: tritium-opt %s --convert-index-to-llvm --reconcile-unrealized-casts | FileCheck %s

// CHECK-LABEL: llvm.func @f
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64) -> i64
// CHECK: %[[S:.*]] = llvm.add %[[A]], %[[B]] : i64
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.return %[[S]] : i64
llvm.func @f(%a: i64, %b: i64) -> i64 {
  %x = builtin.unrealized_conversion_cast %a : i64 to index
  %y = builtin.unrealized_conversion_cast %b : i64 to index
  %s = index.add %x, %y
  %r = builtin.unrealized_conversion_cast %s : index to i64
  llvm.return %r : i64
}
