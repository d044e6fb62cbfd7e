// The words of a vectorized global store of 16-bit values are built by PTX's
// `mov.b32 {a, b}` (what Triton's PTX has), never from zero-extended halves
// shifted and ORed: ptxas (12.9 and the 13.0 driver JIT on the H100) takes
// the high half of the register of a scalar min.f16 / max.f16 result for
// zero, so `cvt.u32.u16` of a clamped f16 was dropped and the OR stored the
// other half's garbage (tests/diff seed 41, program 639, wrong on the GPU
// only). Inline asm, not an LLVM vector bitcast: build vectors seed LLVM 22's
// SLP vectorizer, which miscompiled `uitofp (sext i1 to i32)` next to one
// (seed 41, program 1471).
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_clamped_f16(
  // CHECK-COUNT-16: llvm.intr.m{{(ax|in)}}num
  // CHECK-NOT: llvm.zext
  // CHECK-COUNT-4: "mov.b32 $0, {$1, $2};", "=r,h,h" %{{.*}}, %{{.*}} : (i16, i16) -> i32
  // CHECK-NOT: llvm.zext
  // CHECK: st.global.v4.b32
  tt.func public @store_clamped_f16(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %x: tensor<1024xf16, #blocked>) {
    %lo = arith.constant dense<-1.700000e+01> : tensor<1024xf16, #blocked>
    %hi = arith.constant dense<2.000000e+00> : tensor<1024xf16, #blocked>
    %c = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<1024xf16, #blocked>
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %a = tt.addptr %s, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %a, %c : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Halves that are elements 2k and 2k + 1 of one loaded vector are its word k
// again (as LLVM folds Triton's vector bitcast of them): a shared-memory
// load stored to global memory is not unpacked and repacked.
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 2048 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @smem_to_global(
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<
  // CHECK-NOT: "mov.b32 $0, {$1, $2};"
  // CHECK-COUNT-4: llvm.extractelement %{{.*}} : vector<4xi32>
  // CHECK-NOT: "mov.b32 $0, {$1, $2};"
  // CHECK: "st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };"
  tt.func public @smem_to_global(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %m = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<1024xf16, #shared, #smem, mutable>
    %v = ttg.local_load %m : !ttg.memdesc<1024xf16, #shared, #smem, mutable> -> tensor<1024xf16, #blocked>
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %ga = tt.addptr %pa, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %ga, %v : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
