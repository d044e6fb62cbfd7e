// The CPU backend's diagnostics: an op it does not lower (GPU inline
// assembly), TTGIR input, a wrong number of arguments, a bad grid and a
// failed tt.assert are errors with a message, never a crash.

// RUN: not tritium-run %s --grid 1 --arg zeros:4 2>&1 | FileCheck %s --check-prefix=OP
// OP: errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tt.elementwise_inline_asm' is not supported by the CPU backend
// OP: error: lowering the module to the LLVM dialect for the CPU (tritium-make-cpu) failed
// OP: tritium-run: cannot compile '{{.*}}errors.mlir' for the CPU

// RUN: not tritium-compile %s --target cpu -o %t.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: error: 'tt.elementwise_inline_asm' is not supported by the CPU backend

// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1 --arg vals:1,2 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: tritium-run: error: kernel 'check_positive' takes 2 arguments, got 1 --arg
// ARGS-NEXT: argument 0: !tt.ptr<i32>
// ARGS-NEXT: argument 1: i32

// RUN: not tritium-run %S/Inputs/assert.mlir --grid 0 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: tritium-run: bad --grid '0': grid size x = 0 is out of range [1, 2147483647] (Triton's limit)

// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1 --arg vals:1,-2 --arg 2 2>&1 | FileCheck %s --check-prefix=ASSERT
// ASSERT: tritium-run: error: device assertion failed in program (0, 0, 0): values must be positive

module {
  tt.func public @inline_asm(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %v = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %r : tensor<4xi32> -> tensor<4xi32>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %pa = tt.addptr %ps, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %pa, %v : tensor<4x!tt.ptr<i32>>
    tt.return
  }
}
