// tritium-compile for the CPU: the same code generator, an x86-64 target
// machine, object code (which NVPTX refuses) and no PTX.

// RUN: tritium-compile %s --target cpu --emit obj -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ
// OBJ: T add_one
// RUN: FileCheck %s --check-prefix=META --input-file=%t.json
// META: "name": "add_one",
// META: "target": "cpu",
// META: "ptx_version": null,
// RUN: tritium-compile %s --target cpu --emit asm -o - | FileCheck %s --check-prefix=ASM
// ASM: add_one:
// ASM: ret
// RUN: not tritium-compile %s --target cpu -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NOPTX
// NOPTX: error: target 'cpu' has no PTX; emit assembly or an object file

module {
  llvm.func @add_one(%p: !llvm.ptr, %n: i64) {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %c1 = llvm.mlir.constant(1.0 : f32) : f32
    llvm.br ^loop(%c0 : i64)
  ^loop(%i: i64):
    %more = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %more, ^body, ^done
  ^body:
    %a = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %a : !llvm.ptr -> f32
    %w = llvm.fadd %v, %c1 : f32
    llvm.store %w, %a : f32, !llvm.ptr
    %next = llvm.add %i, %one : i64
    llvm.br ^loop(%next : i64)
  ^done:
    llvm.return
  }
}
