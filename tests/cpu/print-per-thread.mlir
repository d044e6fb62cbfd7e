// A scalar tt.print, or one without operands, prints once per thread of the
// program, as on a GPU (Triton's test_print counts num_warps x 32 lines): the
// module's tritium.num-warps x tritium.threads-per-warp, which the Triton
// backend sets from the launch (default 4 x 32). Tensors print each element once.

// RUN: tritium-run %s --grid 1 | FileCheck %s
// RUN: sed -e 's/^module {/module attributes {"tritium.num-warps" = 2 : i32, "tritium.threads-per-warp" = 4 : i32} {/' %s > %t.mlir
// RUN: tritium-run %t.mlir --grid 1 | FileCheck %s --check-prefix=SMALL
// RUN: sed -e 's/^module {/module attributes {"tritium.num-warps" = 0 : i32} {/' %s > %t.bad.mlir
// RUN: not tritium-run %t.bad.mlir --grid 1 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-COUNT-128: pid (0, 0, 0) idx () s: 42
// CHECK-NOT: s: 42
// CHECK-COUNT-128: pid (0, 0, 0) no arg
// CHECK-NOT: no arg
// CHECK-COUNT-128: pid (0, 0, 0) idx (): (operand 0) 7
// CHECK-COUNT-128: pid (0, 0, 0) idx (): (operand 1) 42
// CHECK: pid (0, 0, 0) idx (0) t: 0
// CHECK-NEXT: pid (0, 0, 0) idx (1) t: 1
// CHECK-NOT: t:

// SMALL-COUNT-8: pid (0, 0, 0) idx () s: 42
// SMALL-NOT: s: 42
// SMALL-COUNT-8: pid (0, 0, 0) no arg
// SMALL-NOT: no arg

// BAD: {{.*}}.mlir:{{[0-9]+}}:5: error: the module attribute 'tritium.num-warps' must be an integer from 1 to 1024

module {
  tt.func public @print_per_thread() {
    %s = arith.constant 42 : i32
    tt.print " s: " {hex = false, isSigned = array<i32: 1>} : %s : i32
    tt.print " no arg" {hex = false, isSigned = array<i32>}
    %a = arith.constant 7 : i32
    tt.print ": " {hex = false, isSigned = array<i32: 1, 1>} : %a, %s : i32, i32
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    tt.print " t: " {hex = false, isSigned = array<i32: 1>} : %r : tensor<2xi32>
    tt.return
  }
}
