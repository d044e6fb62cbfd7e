// |x| of f16/bf16 on NVIDIA is abs.f16 / abs.bf16, as in Triton's PTX (abs.bf16x2), not the
// and.b16 0x7fff that LLVM 22 gives llvm.fabs.bf16: ptxas drops that and on the low half of a
// pair it packs from two cvt.rn.bf16.f32 (|erf(x)| stored -1.0 on the H100; GPU differential
// tester, seed 51, program 1028).
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @abs_bf16(
  // CHECK: %[[R:.*]] = llvm.bitcast %{{.*}} : bf16 to i16
  // CHECK: llvm.inline_asm {{.*}}"abs.bf16 $0, $1;", "=h,h" %[[R]] : (i16) -> i16
  // CHECK: llvm.bitcast %{{.*}} : i16 to bf16
  // CHECK: "abs.bf16 $0, $1;"
  // CHECK-NOT: llvm.intr.fabs
  tt.func public @abs_bf16(%x: tensor<64xbf16, #blocked>) -> tensor<64xbf16, #blocked> {
    %0 = math.absf %x : tensor<64xbf16, #blocked>
    tt.return %0 : tensor<64xbf16, #blocked>
  }
  // CHECK-LABEL: llvm.func @abs_f16(
  // CHECK: "abs.f16 $0, $1;", "=h,h"
  tt.func public @abs_f16(%x: tensor<64xf16, #blocked>) -> tensor<64xf16, #blocked> {
    %0 = math.absf %x : tensor<64xf16, #blocked>
    tt.return %0 : tensor<64xf16, #blocked>
  }
  // f32 stays llvm.intr.fabs.
  // CHECK-LABEL: llvm.func @abs_f32(
  // CHECK: llvm.intr.fabs
  tt.func public @abs_f32(%x: tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked> {
    %0 = math.absf %x : tensor<64xf32, #blocked>
    tt.return %0 : tensor<64xf32, #blocked>
  }
}
