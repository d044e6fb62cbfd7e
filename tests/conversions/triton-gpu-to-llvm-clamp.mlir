// tt.clampf(x, -limit, limit) on sm90 (the NVIDIA target's symmetric_clamp): one
// llvm.nvvm.fmin.xorsign.abs.f per element when -limit is spelled 0 - limit, negf limit, or a splat
// of negf s against a splat of s; otherwise (or below sm90) max then min. CHECK lines are Triton
// 3.9.0's output for this file.
// RUN: tritium-opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.target" = "cuda:90", "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @clamp_subf
  // CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  // CHECK-NOT: llvm.intr.maxnum
  tt.func public @clamp_subf(%x: tensor<512xf32, #blocked>, %limit: tensor<512xf32, #blocked>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<512xf32, #blocked>
    %neg = arith.subf %cst, %limit : tensor<512xf32, #blocked>
    %r = tt.clampf %x, %neg, %limit, propagateNan = none : tensor<512xf32, #blocked>
    tt.return
  }
  // CHECK-LABEL: llvm.func @clamp_splat_negf
  // CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"
  tt.func public @clamp_splat_negf(%x: tensor<512xf32, #blocked>, %limit: f32) {
    %neg = arith.negf %limit : f32
    %lower = tt.splat %neg : f32 -> tensor<512xf32, #blocked>
    %upper = tt.splat %limit : f32 -> tensor<512xf32, #blocked>
    %r = tt.clampf %x, %lower, %upper, propagateNan = none : tensor<512xf32, #blocked>
    tt.return
  }
  // CHECK-LABEL: llvm.func @clamp_scalar_negf
  // CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%arg0, %arg1) : (f32, f32) -> f32
  tt.func public @clamp_scalar_negf(%x: f32, %limit: f32) {
    %neg = arith.negf %limit : f32
    %r = tt.clampf %x, %neg, %limit, propagateNan = none : f32
    tt.return
  }
  // Bounds that are not each other's negation: max then min.
  // CHECK-LABEL: llvm.func @clamp_general
  // CHECK-NOT: xorsign
  // CHECK: llvm.intr.maxnum
  // CHECK: llvm.intr.minnum
  tt.func public @clamp_general(%x: f32, %lo: f32, %hi: f32) {
    %r = tt.clampf %x, %lo, %hi, propagateNan = none : f32
    tt.return
  }
}
