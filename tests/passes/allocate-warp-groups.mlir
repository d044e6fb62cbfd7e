// tritongpu-allocate-warp-groups: ttg.total-num-warps on the module, warp-id offset 0 on device functions (CHECK lines from Triton's own pass); warp-specialized kernels: allocate-warp-groups-ws.mlir.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-allocate-warp-groups{instrumented=false})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-allocate-warp-groups)' | FileCheck %s
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritongpu-allocate-warp-groups{instrumented=maybe})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT

// OPT: 'maybe' is invalid value for boolean argument
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 4 : i32}
// CHECK: tt.func public @kernel
// CHECK: tt.func private @helper() -> i32 attributes {noinline = true, "ttg.warp-id-offset" = 0 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel() -> i32 {
    %0 = tt.call @helper() : () -> i32
    tt.return %0 : i32
  }
  tt.func private @helper() -> i32 attributes {noinline = true} {
    %c = arith.constant 1 : i32
    tt.return %c : i32
  }
}
