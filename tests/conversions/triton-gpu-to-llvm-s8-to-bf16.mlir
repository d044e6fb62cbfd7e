// arith.sitofp i8 -> bf16 converts four elements per asm statement as Triton
// 3.9 does (cvt.rn.f32.s8 of each byte, then prmt of the f32 high halves into
// bf16 pairs); a tail of fewer than four stays llvm.sitofp.
// (CHECK lines: Triton 3.9's output, through the same passes.)
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv,convert-triton-gpu-to-llvm)' | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  // CHECK-LABEL: llvm.func @s8_to_bf16
  tt.func @s8_to_bf16(%in: tensor<16x16xi8, #mma>) {
    // CHECK-NOT: llvm.sitofp
    // CHECK-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "{\0A.reg .s8 s<4>;\0A.reg .f32 f<4>;\0Amov.b32 {s0, s1, s2, s3}, $2;\0Acvt.rn.f32.s8 f0, s0;\0Acvt.rn.f32.s8 f1, s1;\0Acvt.rn.f32.s8 f2, s2;\0Acvt.rn.f32.s8 f3, s3;\0Aprmt.b32 $0, f0, f1, 0x7632;\0Aprmt.b32 $1, f2, f3, 0x7632;\0A}", "=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(i32, i32)>
    // CHECK-NOT: llvm.inline_asm
    // CHECK-NOT: llvm.sitofp
    // CHECK: llvm.return
    %out = arith.sitofp %in : tensor<16x16xi8, #mma> to tensor<16x16xbf16, #mma>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  // CHECK-LABEL: llvm.func @s8_to_bf16_two
  tt.func @s8_to_bf16_two(%in: tensor<64xi8, #blocked>) {
    // CHECK-NOT: llvm.inline_asm
    // CHECK-COUNT-2: llvm.sitofp %{{.*}} : i8 to bf16
    %out = arith.sitofp %in : tensor<64xi8, #blocked> to tensor<64xbf16, #blocked>
    tt.return
  }
}
