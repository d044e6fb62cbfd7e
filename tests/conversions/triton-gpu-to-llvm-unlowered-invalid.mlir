// convert-triton-gpu-to-llvm lowers the ops of tt.func bodies. An op of a
// dialect it lowers (tt, ttg, ttng, gpu) anywhere else, e.g. in an llvm.func
// already in the module, is refused at its location (Triton's conversion
// target marks those dialects illegal), not left behind unlowered.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm)'
// RUN: not tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>/dev/null | FileCheck %s

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  llvm.func @fence(%arg0: !llvm.ptr<3>) {
    // expected-error @+1 {{'ttng.fence_async_shared' inside 'llvm.func' is not lowered: convert-triton-gpu-to-llvm lowers the ops of tt.func bodies only}}
    ttng.fence_async_shared {bCluster = false}
    llvm.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel() {
    tt.return
  }
  llvm.func @pid() -> i32 {
    %c = llvm.mlir.constant(true) : i1
    llvm.cond_br %c, ^bb1, ^bb2
  ^bb1:
    // expected-error @+1 {{'tt.get_program_id' inside 'llvm.func' is not lowered}}
    %0 = tt.get_program_id x : i32
    llvm.return %0 : i32
  ^bb2:
    %1 = llvm.mlir.constant(0 : i32) : i32
    llvm.return %1 : i32
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  llvm.func @range() {
    // expected-error @+1 {{'tt.make_range' inside 'llvm.func' is not lowered}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    llvm.return
  }
}

// -----

// An llvm.func of LLVM ops only stays as it is next to the lowered kernel.
// CHECK-LABEL: llvm.func @helper(%arg0: i32) -> i32
// CHECK-NEXT: llvm.add %arg0, %arg0 : i32
// CHECK: llvm.func @kernel
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  llvm.func @helper(%arg0: i32) -> i32 {
    %0 = llvm.add %arg0, %arg0 : i32
    llvm.return %0 : i32
  }
  tt.func public @kernel() {
    tt.return
  }
}
