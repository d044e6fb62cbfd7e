// arith.ceildivsi / floordivsi / ceildivui (fuse-nested-loops' trip counts,
// persistent kernels): the truncating quotient adjusted by one where the
// remainder is non-zero and the signs say so.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(convert-scf-to-cf,convert-triton-gpu-to-llvm)' | FileCheck %s
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @divs(
  // CHECK: llvm.sdiv
  // CHECK: llvm.srem
  // CHECK: llvm.udiv
  // CHECK: llvm.urem
  // CHECK-NOT: arith.ceildiv
  // CHECK-NOT: arith.floordiv
  tt.func public @divs(%a: !tt.ptr<i32>, %b: !tt.ptr<i32>, %o: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c6 = arith.constant 6 : i32
    %c12 = arith.constant 12 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %pa = tt.addptr %a, %i : !tt.ptr<i32>, i32
      %pb = tt.addptr %b, %i : !tt.ptr<i32>, i32
      %x = tt.load %pa : !tt.ptr<i32>
      %y = tt.load %pb : !tt.ptr<i32>
      %c = arith.ceildivsi %x, %y : i32
      %f = arith.floordivsi %x, %y : i32
      %u = arith.ceildivui %x, %y : i32
      %p0 = tt.addptr %o, %i : !tt.ptr<i32>, i32
      tt.store %p0, %c : !tt.ptr<i32>
      %i6 = arith.addi %i, %c6 : i32
      %p1 = tt.addptr %o, %i6 : !tt.ptr<i32>, i32
      tt.store %p1, %f : !tt.ptr<i32>
      %i12 = arith.addi %i, %c12 : i32
      %p2 = tt.addptr %o, %i12 : !tt.ptr<i32>, i32
      tt.store %p2, %u : !tt.ptr<i32>
    }
    tt.return
  }
}
