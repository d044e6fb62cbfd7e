// convert-triton-gpu-to-llvm on a module without ttg.target lowers for the
// compute-capability option (Triton's default: 80), as Triton's pass does.
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=83' | FileCheck %s

// CHECK: llvm.func @no_target
// CHECK: llvm.return
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_target() {
    tt.return
  }
}
