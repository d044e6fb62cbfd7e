// The make_llir passes of features Tritium does not compile refuse them with
// a diagnostic at the op, and leave other modules as they are (as Triton's
// do on code without those features).
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(triton-nvidia-gpu-tmem-barrier-insertion,triton-nvidia-gpu-tmem-wait-insertion,triton-nvidia-gpu-cluster-barrier-mbar-allocator,initialize-ws-cluster-barriers{compute-capability=90},convert-warp-specialize-to-llvm,convert-nv-gpu-to-llvm)' | FileCheck %s
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(convert-nvvm-to-llvm)' | FileCheck %s --check-prefix=NVVM

// CHECK-LABEL: llvm.func @unchanged
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK-NEXT: llvm.return
// NVVM-LABEL: llvm.func @unchanged
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  llvm.func @unchanged() {
    nvvm.wgmma.fence.aligned
    llvm.return
  }
}
