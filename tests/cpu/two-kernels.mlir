// A module with two public kernels is refused (Triton's modules have one; its
// other functions are private): before, the first was compiled and run
// without a word. A private helper beside the kernel is fine.

// RUN: not tritium-run %s --grid 1 --arg zeros:1 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: not tritium-compile %s --target cpu -o %t.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: tritium-run %S/Inputs/kernel-and-helper.mlir --grid 1 --arg print:1 | FileCheck %s --check-prefix=HELPER
// RUN: tritium-compile %S/Inputs/kernel-and-helper.mlir --target cpu -o %t.helper.o
// RUN: not tritium-compile %s --target cuda:80 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: tritium-compile %S/Inputs/kernel-and-helper.mlir --target cuda:80 -o %t.helper.ptx

// TOOL: two-kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the module has 2 kernels (public tt.funcs with a body: @first, @second); a module must have exactly one (make the others private)
// COMPILE: two-kernels.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the module has 2 kernels ({{public tt.func|nvvm.kernel llvm.func}}s with a body: @first, @second)
// TOOL-NEXT: tritium-run: cannot compile '{{.*}}two-kernels.mlir' for the CPU
// HELPER: arg 0: 7

module {
  tt.func public @first(%p: !tt.ptr<i32>) {
    %c = arith.constant 1 : i32
    tt.store %p, %c : !tt.ptr<i32>
    tt.return
  }
  tt.func public @second(%p: !tt.ptr<i32>) {
    %c = arith.constant 2 : i32
    tt.store %p, %c : !tt.ptr<i32>
    tt.return
  }
}
