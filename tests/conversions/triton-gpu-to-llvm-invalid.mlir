// convert-triton-gpu-to-llvm refuses what it cannot lower: a diagnostic at
// the op's location, exit code 1, and the module left as it was.
// RUN: not tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm 2>&1 | FileCheck %s
// RUN: not tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UNTOUCHED
// RUN: not tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm='compute-capability=90' 2>&1 | FileCheck %s --check-prefix=CC

// CHECK: :[[@LINE+3]]:1: error: convert-triton-gpu-to-llvm: no backend for target 'vendorx:1' (known: cuda)
// CC: error: convert-triton-gpu-to-llvm: compute-capability=90 disagrees with the module's target 'cuda:80'
// UNTOUCHED: tt.func public @unknown_target
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "vendorx:1", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unknown_target() {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// UNTOUCHED-LABEL: tt.func public @unsupported
// UNTOUCHED-NOT: llvm.func
// UNTOUCHED: tt.gather
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unsupported(%x: tensor<512xf32, #blocked>, %i: tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked> {
    %y = arith.addf %x, %x : tensor<512xf32, #blocked>
    // CHECK: :[[@LINE+1]]:10: error: tt.gather within warps: the gathered axis spreads over warps
    %g = tt.gather %y[%i] {axis = 0 : i32} : (tensor<512xf32, #blocked>, tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return %g : tensor<512xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_allocation(%x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked1> {
    // CHECK: :[[@LINE+1]]:10: error: 'ttg.convert_layout' needs shared memory but has no 'allocation.offset' (run allocate-shared-memory first)
    %y = ttg.convert_layout %x : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    tt.return %y : tensor<1024xf32, #blocked1>
  }
}
