// The NVIDIA lowering of float math, op by op as Triton 3.9 chooses it
// (checked against Triton's make_llir): `/` on f32 is div.full.f32,
// tt.approx_divf div.approx.f32, math.exp the hardware's ex2.approx after a
// multiply by log2(e); exp2, sqrt, rsqrt, log, sin, floor, ... are libdevice
// calls (linked by default, flushing denormals); tt.precise_divf/sqrt on f32
// the NVVM div.rn/sqrt.rn intrinsics; other IEEE forms stay LLVM's.
// RUN: tritium-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80})' | FileCheck %s
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @math(
  tt.func public @math(%x: tensor<32xf32, #blocked>, %y: tensor<32xf32, #blocked>, %d: tensor<32xf64, #blocked>) -> tensor<32xf32, #blocked> {
    // CHECK: div.full.f32 $0, $1, $2;
    %0 = arith.divf %x, %y : tensor<32xf32, #blocked>
    // CHECK: div.approx.f32 $0, $1, $2;
    %1 = tt.approx_divf %0, %y : tensor<32xf32, #blocked>
    // CHECK: llvm.fmul
    // CHECK: ex2.approx.f32 $0, $1;
    %2 = math.exp %1 : tensor<32xf32, #blocked>
    // CHECK: llvm.call @__nv_exp2f(
    %3 = math.exp2 %2 : tensor<32xf32, #blocked>
    // CHECK: llvm.call @__nv_sqrtf(
    %4 = math.sqrt %3 : tensor<32xf32, #blocked>
    // CHECK: llvm.call @__nv_rsqrtf(
    %5 = math.rsqrt %4 : tensor<32xf32, #blocked>
    // CHECK: llvm.call @__nv_logf(
    %6 = math.log %5 : tensor<32xf32, #blocked>
    // CHECK: llvm.call @__nv_sinf(
    %7 = math.sin %6 : tensor<32xf32, #blocked>
    // CHECK: llvm.call @__nv_floorf(
    %fl = math.floor %7 : tensor<32xf32, #blocked>
    // CHECK: llvm.call @__nv_erff(
    %8 = math.erf %fl : tensor<32xf32, #blocked>
    // CHECK: llvm.call_intrinsic "llvm.nvvm.div.rn.f"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
    %9 = tt.precise_divf %8, %y : tensor<32xf32, #blocked>
    // CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%{{.*}}) : (f32) -> f32
    %10 = tt.precise_sqrt %9 : tensor<32xf32, #blocked>
    // f64: IEEE division, libdevice exp.
    // CHECK: llvm.fdiv %{{.*}} : f64
    %d1 = arith.divf %d, %d : tensor<32xf64, #blocked>
    // CHECK: llvm.call @__nv_exp(
    %d2 = math.exp %d1 : tensor<32xf64, #blocked>
    %d3 = arith.truncf %d2 : tensor<32xf64, #blocked> to tensor<32xf32, #blocked>
    // f16 computes in f32 (math.exp too): fpext, libdevice, fptrunc.
    // CHECK: llvm.fpext %{{.*}} : f16 to f32
    // CHECK-NEXT: llvm.call @__nv_expf(
    // CHECK-NEXT: llvm.fptrunc %{{.*}} : f32 to f16
    %h = arith.truncf %x : tensor<32xf32, #blocked> to tensor<32xf16, #blocked>
    %h1 = math.exp %h : tensor<32xf16, #blocked>
    %h2 = arith.extf %h1 : tensor<32xf16, #blocked> to tensor<32xf32, #blocked>
    %d4 = arith.addf %d3, %h2 : tensor<32xf32, #blocked>
    %r = arith.addf %10, %d4 : tensor<32xf32, #blocked>
    tt.return %r : tensor<32xf32, #blocked>
  }
}
