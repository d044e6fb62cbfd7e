// The NVIDIA passes of Triton's sm80 make_ttgir: on sm80 input they change
// nothing but ttng.two-ctas (false, as Triton records it); input that would
// need their Hopper/Blackwell work gets a located diagnostic.
// RUN: tritium-opt %s -split-input-file --verify-diagnostics --pass-pipeline='builtin.module(triton-nvidia-gpu-assign-cga-layouts,triton-nvidia-gpu-optimize-cta-locality,triton-nvidia-check-matmul-two-cta,triton-nvidia-optimize-descriptor-encoding,nvgpu-warp-specialization{num-stages=3},triton-nvidia-optimize-tmem-layouts,triton-nvidia-tmem-load-reduce,triton-nvidia-interleave-tmem,triton-nvidia-gpu-fence-insertion{compute-capability=80},triton-nvidia-mma-lowering,triton-nvidia-gpu-hoist-mbarrier-lifecycle{compute-capability=80})' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --verify-diagnostics --pass-pipeline='builtin.module(triton-nvidia-gpu-assign-cga-layouts,triton-nvidia-gpu-optimize-cta-locality,triton-nvidia-check-matmul-two-cta,triton-nvidia-optimize-descriptor-encoding,nvgpu-warp-specialization{num-stages=3},triton-nvidia-optimize-tmem-layouts,triton-nvidia-tmem-load-reduce,triton-nvidia-interleave-tmem,triton-nvidia-gpu-fence-insertion{compute-capability=80},triton-nvidia-mma-lowering,triton-nvidia-gpu-hoist-mbarrier-lifecycle{compute-capability=80})' | FileCheck %s
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-nvidia-gpu-fence-insertion{compute-capability=sm80})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD-OPTION

// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false}
// CHECK: %[[X:.*]] = tt.load %arg0
// CHECK-NEXT: tt.store %arg1, %[[X]]
// BAD-OPTION: 'sm80' value invalid for integer argument
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy(%p: tensor<512x!tt.ptr<f32>, #blocked>, %q: tensor<512x!tt.ptr<f32>, #blocked>) {
    %x = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked>
    tt.store %q, %x : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// expected-error @below {{triton-nvidia-gpu-assign-cga-layouts: kernels on more than one CTA (ttg.num-ctas > 1) are not supported}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_ctas() {
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ws(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @below {{nvgpu-warp-specialization: warp-specialized loops are not supported}}
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.yield
    } {tt.warp_specialize}
    tt.return
  }
}
