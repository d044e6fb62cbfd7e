// RUN: tritium-opt %s --triton-rewrite-tensor-descriptor-to-pointer --mlir-print-debuginfo | FileCheck %s

// The pieces of a descriptor argument of a function are located as Triton
// 3.9's argument renamer locates them: the pointer keeps the argument's
// location, the others are named "<name>.shape.i" / ".stride.i" / ".padding" /
// ".roundF32ToTF32" around it, <name> being the argument's name location or
// arg_<index>. Locations from Triton 3.9.0's output (it also prints the
// names as SSA names, which the CHECK lines leave open).

// CHECK-DAG: #[[$D:loc[0-9]+]] = loc("desc.py":3:7)
// CHECK-DAG: #[[$U:loc[0-9]+]] = loc("desc.py":5:9)
// CHECK-DAG: #[[$DN:loc[0-9]+]] = loc("d"(#[[$D]]))

#loc1 = loc("desc.py":3:7)
module {
  // CHECK-LABEL: tt.func public @named
  // CHECK-SAME: !tt.ptr<f16> loc("d"(#[[$D]]))
  // CHECK-SAME: i64 loc("d.shape.0"(#[[$DN]]))
  // CHECK-SAME: i64 loc("d.shape.1"(#[[$DN]]))
  // CHECK-SAME: i64 loc("d.stride.0"(#[[$DN]]))
  // CHECK-SAME: i64 loc("d.stride.1"(#[[$DN]]))
  // CHECK-SAME: i1 loc("d.padding"(#[[$DN]]))
  // CHECK-SAME: i1 loc("d.roundF32ToTF32"(#[[$DN]])))
  tt.func public @named(%d: !tt.tensordesc<16x32xf16> loc("d"(#loc1))) -> !tt.tensordesc<16x32xf16> {
    tt.return %d : !tt.tensordesc<16x32xf16>
  }
  // CHECK-LABEL: tt.func public @unnamed
  // CHECK-SAME: !tt.ptr<f32> loc("desc.py":5:9)
  // CHECK-SAME: i64 loc("arg_1.shape.0"(#[[$U]]))
  // CHECK-SAME: i64 loc("arg_1.stride.0"(#[[$U]]))
  // CHECK-SAME: i1 loc("arg_1.padding"(#[[$U]]))
  // CHECK-SAME: i1 loc("arg_1.roundF32ToTF32"(#[[$U]])))
  tt.func public @unnamed(%x: i32, %d: !tt.tensordesc<8xf32> loc("desc.py":5:9)) -> !tt.tensordesc<8xf32> {
    tt.return %d : !tt.tensordesc<8xf32>
  }
}
