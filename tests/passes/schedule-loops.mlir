// tritongpu-schedule-loops: tt.latency becomes loop.stage/loop.cluster and tt.scheduled_max_stage.
// RUN: tritium-opt %s -split-input-file -tritongpu-schedule-loops | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-schedule-loops)' | FileCheck %s

// Loads (latency 2) in stage 0, their users two stages later in the first
// cluster, the pointer increments (a distance-one dependency of the loads)
// in stage 1 in a cluster just before the loads'.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @matmul_loop
  // CHECK: scf.for
  // CHECK-NEXT: tt.load %{{.*}} {loop.cluster = 3 : i32, loop.stage = 0 : i32}
  // CHECK-NEXT: tt.load %{{.*}} {loop.cluster = 3 : i32, loop.stage = 0 : i32}
  // CHECK-NEXT: ttg.convert_layout %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // CHECK-NEXT: ttg.convert_layout %{{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // CHECK-NEXT: tt.dot {{.*}} {loop.cluster = 0 : i32, loop.stage = 2 : i32}
  // CHECK-NEXT: tt.addptr %{{.*}} {loop.cluster = 2 : i32, loop.stage = 1 : i32}
  // CHECK-NEXT: tt.addptr %{{.*}} {loop.cluster = 2 : i32, loop.stage = 1 : i32}
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: } {tt.scheduled_max_stage = 2 : i32}
  tt.func public @matmul_loop(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<64x64xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_0 = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %cst_1 = arith.constant dense<2048> : tensor<32x64xi32, #blocked1>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %7 = tt.broadcast %6 : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked1>
    %9 = tt.addptr %8, %7 : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
    %10:3 = scf.for %arg3 = %c0_i32 to %arg2 step %c32_i32 iter_args(%arg4 = %cst, %arg5 = %4, %arg6 = %9) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked1>)  : i32 {
      %11 = tt.load %arg5 {tt.latency = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
      %12 = tt.load %arg6 {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %13 = ttg.convert_layout %11 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %14 = ttg.convert_layout %12 : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %15 = tt.dot %13, %14, %arg4 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %16 = tt.addptr %arg5, %cst_0 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %17 = tt.addptr %arg6, %cst_1 : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
      scf.yield %15, %16, %17 : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked1>
    }
    tt.return %10#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A loop without latencies is not scheduled.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @no_dot
  // CHECK-NOT: tt.latency
  // CHECK-NOT: loop.stage
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.return
  tt.func public @no_dot(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32) -> tensor<512xf32, #blocked> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<512xf32, #blocked>
    %cst_0 = arith.constant dense<512> : tensor<512xi32, #blocked>
    %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %3:2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %cst, %arg4 = %2) -> (tensor<512xf32, #blocked>, tensor<512x!tt.ptr<f32>, #blocked>)  : i32 {
      %4 = tt.load %arg4 : tensor<512x!tt.ptr<f32>, #blocked>
      %5 = arith.addf %arg3, %4 : tensor<512xf32, #blocked>
      %6 = tt.addptr %arg4, %cst_0 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      scf.yield %5, %6 : tensor<512xf32, #blocked>, tensor<512x!tt.ptr<f32>, #blocked>
    }
    tt.return %3#0 : tensor<512xf32, #blocked>
  }
}

// -----

// A loop holding a barrier, an assert or a print is not scheduled (Triton's
// isSafeToPipeline); its latencies are dropped all the same.
// CHECK-LABEL: tt.func @no_schedule_with_barrier
// CHECK-NOT: loop.cluster
// CHECK-NOT: tt.latency
// CHECK-NOT: tt.scheduled_max_stage
// CHECK: tt.return
#A = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_schedule_with_barrier(%lb: index, %ub: index, %step: index, %p: tensor<128x32x!tt.ptr<f16>, #A>) -> tensor<128x32xf16, #A> {
    %init = arith.constant dense<0.00e+00> : tensor<128x32xf16, #A>
    %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> (tensor<128x32xf16, #A>) {
      %a = tt.load %p {tt.latency = 2 : i32} : tensor<128x32x!tt.ptr<f16>, #A>
      %s = arith.addf %acc, %a : tensor<128x32xf16, #A>
      ttg.barrier local
      scf.yield %s : tensor<128x32xf16, #A>
    }
    tt.return %r : tensor<128x32xf16, #A>
  }
}
