// tritongpu-fuse-nested-loops: loop nests without tt.flatten stay as they are; a tt.flatten nest (which Triton fuses) is refused with a diagnostic.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tritongpu-fuse-nested-loops)' | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tritongpu-fuse-nested-loops)' | FileCheck %s

// CHECK-LABEL: tt.func public @plain_nest
// CHECK: scf.for
// CHECK: scf.for
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @plain_nest(%n: i32, %p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.for %j = %c0 to %n step %c1 : i32 {
        %s = arith.addi %i, %j : i32
        tt.store %p, %s : !tt.ptr<i32>
      }
    }
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @flatten_nest(%n: i32, %p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @+1 {{fusing a tt.flatten loop nest is not implemented in Tritium}}
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.for %j = %c0 to %n step %c1 : i32 {
        %s = arith.addi %i, %j : i32
        tt.store %p, %s : !tt.ptr<i32>
      }
    } {tt.flatten}
    tt.return
  }
}
