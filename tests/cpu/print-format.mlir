// tt.print on the CPU in the format of Triton's GPU lowering (the lines
// Triton's test_subprocess.py::test_print expects of a GPU): each index as
// wide as the largest along its dimension, `idx ()` for a scalar, `(operand n)`
// with several operands, zero-padded hex for integers and `%a` for floats.

// RUN: tritium-run %s --grid 1 | FileCheck %s
// CHECK-DAG: pid (0, 0, 0) idx ( 3) x: 3
// CHECK-DAG: pid (0, 0, 0) idx (12) x: 12
// CHECK-DAG: pid (0, 0, 0) idx (11) h: 0x0000000b
// CHECK-DAG: pid (0, 0, 0) idx ( 7) l: 0x0000000000000007
// CHECK-DAG: pid (0, 0, 0) idx ( 3) a: 0x1.8p+1
// CHECK-DAG: pid (0, 0, 0) idx ( 5) b: -5
// CHECK-DAG: pid (0, 0, 0) idx ( 5) u: 251
// CHECK-DAG: pid (0, 0, 0) idx () s: 42
// CHECK-DAG: pid (0, 0, 0) idx ( 9): (operand 0) 9
// CHECK-DAG: pid (0, 0, 0) idx ( 9): (operand 1) 1
// CHECK-DAG: pid (0, 0, 0) idx (1, 10) t: 26
// CHECK-DAG: pid (0, 0, 0) no arg

module {
  tt.func public @print_format() {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %r : tensor<16xi32>
    tt.print " h: " {hex = true, isSigned = array<i32: 1>} : %r : tensor<16xi32>
    %l = arith.extsi %r : tensor<16xi32> to tensor<16xi64>
    tt.print " l: " {hex = true, isSigned = array<i32: 1>} : %l : tensor<16xi64>
    %f = arith.sitofp %r : tensor<16xi32> to tensor<16xf32>
    tt.print " a: " {hex = true, isSigned = array<i32: 1>} : %f : tensor<16xf32>
    %zero = arith.constant dense<0> : tensor<16xi8>
    %b = arith.trunci %r : tensor<16xi32> to tensor<16xi8>
    %nb = arith.subi %zero, %b : tensor<16xi8>
    tt.print " b: " {hex = false, isSigned = array<i32: 1>} : %nb : tensor<16xi8>
    tt.print " u: " {hex = false, isSigned = array<i32: 0>} : %nb : tensor<16xi8>
    %s = arith.constant 42 : i32
    tt.print " s: " {hex = false, isSigned = array<i32: 1>} : %s : i32
    %ones = arith.constant dense<1> : tensor<16xi32>
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1>} : %r, %ones : tensor<16xi32>, tensor<16xi32>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %t = tt.reshape %r32 : tensor<32xi32> -> tensor<2x16xi32>
    tt.print " t: " {hex = false, isSigned = array<i32: 1>} : %t : tensor<2x16xi32>
    tt.print " no arg" {hex = false, isSigned = array<i32>}
    tt.return
  }
}
