// Host-side tensor descriptors that have no CUtensorMap form are refused at the kernel (spec/nvidia/src/tma.rs).
// RUN: not tritium-opt %s --split-input-file --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=90})' 2>&1 | FileCheck %s

// CHECK: error: host-side TMA descriptors need a #ttg.nvmma_shared encoding without fp4 padding, got #ttg.swizzled_shared
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled(%d: !tt.tensordesc<32x64xf16, #shared>, %s0: i32, %s1: i32, %t0: i64, %t1: i64) {
    tt.return
  }
}

// -----

// CHECK: error: host-side tensor descriptor !tt.tensordesc<32x64xf16> has no shared encoding
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unencoded(%d: !tt.tensordesc<32x64xf16>, %s0: i32, %s1: i32, %t0: i64, %t1: i64) {
    tt.return
  }
}

// -----

// CHECK: error: tensor descriptor element type must have size 1, 2, 4 or 8 bytes, got i1
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bool_elements(%d: !tt.tensordesc<32x64xi1, #shared>, %s0: i32, %s1: i32, %t0: i64, %t1: i64) {
    tt.return
  }
}
