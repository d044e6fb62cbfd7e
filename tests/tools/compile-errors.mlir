// tritium-compile's errors: each is a located diagnostic (or a usage message)
// and exit status 1, never a crash; no output file is written.

// RUN: not tritium-compile %s --target cuda:81 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: compile-errors.mlir:[[# @LINE + 38]]:1: error: unknown target 'cuda:81': LLVM 22 knows the capabilities
// RUN: not tritium-compile %s --target hip:gfx942 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=HIP
// HIP: error: target 'hip:gfx942' is not supported
// RUN: not tritium-compile %s --target cuda:90 --ptx-version 78 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=OLDPTX
// OLDPTX: error: sm_90a needs PTX ISA 8.0 or newer, got 7.8
// RUN: not test -e %t.ptx

// NVPTX has no object emission: a diagnostic, not a crash.
// RUN: not tritium-compile %s --target cuda:80 --emit obj -o %t.o 2>&1 | FileCheck %s --check-prefix=OBJ
// OBJ: error: the NVPTX backend emits no object code for 'nvptx64-nvidia-cuda'; emit PTX and assemble it with ptxas

// A call to libdevice without libdevice (libdevice is linked by default, as
// in Triton, from $TRITIUM_LIBDEVICE or the Triton wheel of `make deps`).
// RUN: env TRITIUM_LIBDEVICE=%t.none not tritium-compile %s --target cuda:80 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=EXTERN
// EXTERN: error: TRITIUM_LIBDEVICE names '{{.*}}.none', which is not a file
// RUN: env -u TRITIUM_LIBDEVICE TRITIUM_TRITON_VENV=%t.novenv not tritium-compile %s --target cuda:80 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NOLIB
// NOLIB: error: the kernel calls libdevice, and no libdevice.10.bc was found

// Malformed IR: the parser's diagnostic, at its place.
// RUN: not tritium-compile %S/Inputs/malformed.mlir --target cuda:80 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: malformed.mlir:5:24: error: use of undeclared SSA value name
// RUN: not tritium-compile %t.missing.mlir --target cuda:80 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: could not open input file

// Bad usage.
// RUN: not tritium-compile %s --emit cubin -o %t.ptx 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: tritium-compile: unknown --emit kind (expected ptx, asm, llvm-ir, llvm-mlir or obj): cubin
// RUN: not tritium-compile %s --frobnicate -o %t.ptx 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: tritium-compile: unknown option: --frobnicate
// RUN: not tritium-compile %s --ptx-version eighty -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PTXV
// PTXV: tritium-compile: --ptx-version needs a version times ten, e.g. 88: eighty
// RUN: not tritium-compile %s -O7 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: tritium-compile: unknown optimization level (expected -O0 to -O3): -O7
// RUN: not tritium-compile %s --target cuda:80 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: tritium-compile: no output file (-o FILE, or -o - for stdout)
// RUN: not tritium-compile -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NOIN
// NOIN: tritium-compile: no input file

module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @__nv_sqrtf(f32) -> f32
  llvm.func @root(%p: !llvm.ptr<1>) attributes {nvvm.kernel = 1 : ui1} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %r = llvm.call @__nv_sqrtf(%v) : (f32) -> f32
    llvm.store %r, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
