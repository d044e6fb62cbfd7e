// convert-triton-gpu-to-llvm: masked accesses that cannot be vectorized (the
// mask changes from element to element) address a run of consecutive
// elements through the run's first pointer plus immediate byte offsets, as
// Triton 3.9 does (one 64-bit address per run, not one per element).
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @masked_f16(
  tt.func public @masked_f16(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    // Eight one-element loads from the same address operand, 2 bytes apart.
    // CHECK: ld.global.b16 {{.*}}[ $1 + 0 ];
    // CHECK: ld.global.b16 {{.*}}[ $1 + 2 ];
    // CHECK: ld.global.b16 {{.*}}[ $1 + 4 ];
    // CHECK: ld.global.b16 {{.*}}[ $1 + 14 ];
    %x = tt.load %pp, %m : tensor<1024x!tt.ptr<f16>, #blocked>
    %qs = tt.splat %q : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %qq = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: st.global.b16 [ $1 + 0 ]
    // CHECK: st.global.b16 [ $1 + 2 ]
    // CHECK: st.global.b16 [ $1 + 14 ]
    tt.store %qq, %x, %m : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // Pointers that are not consecutive (a gather) keep one address each.
  // CHECK-LABEL: llvm.func @gathered(
  // CHECK-NOT: + 4 ]
  // CHECK: llvm.return
  tt.func public @gathered(%p: !tt.ptr<f32>, %idx: tensor<512xi32, #blocked>, %n: i32) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %idx : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %x = tt.load %pp, %m : tensor<512x!tt.ptr<f32>, #blocked>
    tt.store %pp, %x, %m : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
