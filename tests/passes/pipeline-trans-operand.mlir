// A tile loaded in a loop and read both directly as a dot operand and through tt.trans (attention backward:
// dot(k, qT) and dot(ds, trans(qT))). Triton 3.9 gives the convert to the #linear layout tt.trans reads the
// swizzling of an mma operand tile of that layout (its thread order, kWidth = contiguous elements per thread),
// not the direct operand's swizzling mapped through the transpose. qT (64x32, dim 0 fastest) then wants two
// different swizzlings and is not pipelined; do (32x64, row-major) wants the same one twice and is.
// The second case runs the loop over i32 constants: Triton's expander knows only index constants, so the
// prologue is predicated and its copies carry an all-true mask. Outputs identical to Triton 3.9's passes.
// RUN: tritium-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 | FileCheck %s --check-prefix=LAT
// RUN: tritium-opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s --check-prefix=PIPE
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s --check-prefix=LAT

// LAT-LABEL: tt.func public @trans_operands
// LAT: scf.for
// LAT-NEXT: tt.load %{{[a-z0-9_]+}} : tensor<64x32x!tt.ptr<f16>, #blocked{{[0-9]*}}>
// LAT: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked{{[0-9]*}}>
// LAT-NOT: tt.latency
// PIPE-LABEL: tt.func public @trans_operands
// PIPE: ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// PIPE-NOT: ttg.local_alloc
// PIPE: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked{{[0-9]*}}>
// PIPE: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked{{[0-9]*}}>
// PIPE: scf.for
// PIPE: tt.load %{{[a-z0-9_]+}} : tensor<64x32x!tt.ptr<f16>, #blocked{{[0-9]*}}>
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [8, 0], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
#linear1 = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [0, 32], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans_operands(%qp: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %dop: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_q = arith.constant dense<2048> : tensor<64x32xi32, #blocked1>
    %step_do = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %c64_q = arith.constant dense<64> : tensor<1x32xi32, #blocked1>
    %c64_do = arith.constant dense<64> : tensor<32x1xi32, #blocked>
    %r0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %r1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %e0 = tt.expand_dims %r0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %e1 = tt.expand_dims %r1 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1>
    %m1 = arith.muli %e1, %c64_q : tensor<1x32xi32, #blocked1>
    %b0 = tt.broadcast %e0 : tensor<64x1xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
    %b1 = tt.broadcast %m1 : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
    %offq = arith.addi %b0, %b1 : tensor<64x32xi32, #blocked1>
    %sq = tt.splat %qp : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked1>
    %pq0 = tt.addptr %sq, %offq : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
    %s0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %s1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %f0 = tt.expand_dims %s0 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %f1 = tt.expand_dims %s1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %g0 = arith.muli %f0, %c64_do : tensor<32x1xi32, #blocked>
    %h0 = tt.broadcast %g0 : tensor<32x1xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %h1 = tt.broadcast %f1 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %offdo = arith.addi %h0, %h1 : tensor<32x64xi32, #blocked>
    %sdo = tt.splat %dop : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %pdo0 = tt.addptr %sdo, %offdo : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %res:4 = scf.for %iv = %c0_i32 to %n step %c1_i32 iter_args(%dk = %acc0, %dv = %acc0, %pq = %pq0, %pdo = %pdo0) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<32x64x!tt.ptr<f16>, #blocked>)  : i32 {
      %qT = tt.load %pq : tensor<64x32x!tt.ptr<f16>, #blocked1>
      %qT_l = ttg.convert_layout %qT : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #linear>
      %qT_d = ttg.convert_layout %qT : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %s = tt.dot %k, %qT_d, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
      %do = tt.load %pdo : tensor<32x64x!tt.ptr<f16>, #blocked>
      %do_l = ttg.convert_layout %do : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #linear1>
      %do_d = ttg.convert_layout %do : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %sh = arith.truncf %s : tensor<64x32xf32, #mma> to tensor<64x32xf16, #mma>
      %sd = ttg.convert_layout %sh : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %dv2 = tt.dot %sd, %do_d, %dv : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %doT = tt.trans %do_l {order = array<i32: 1, 0>} : tensor<32x64xf16, #linear1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %p = tt.dot %k, %doT, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
      %ph = arith.truncf %p : tensor<64x32xf32, #mma> to tensor<64x32xf16, #mma>
      %pd = ttg.convert_layout %ph : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %qTT = tt.trans %qT_l {order = array<i32: 1, 0>} : tensor<64x32xf16, #linear> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %dk2 = tt.dot %pd, %qTT, %dk : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %pq2 = tt.addptr %pq, %step_q : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
      %pdo2 = tt.addptr %pdo, %step_do : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %dk2, %dv2, %pq2, %pdo2 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0, %res#1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}

// -----

// LAT-LABEL: tt.func public @trans_operands_const
// LAT: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked{{[0-9]*}}>
// PIPE-LABEL: tt.func public @trans_operands_const
// PIPE: %[[TRUE:.*]] = arith.constant dense<true> : tensor<32x64xi1, #blocked{{[0-9]*}}>
// PIPE: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]] {contiguity = 8 : i32}
// PIPE: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[TRUE]] {contiguity = 8 : i32}
// PIPE: scf.for %{{.*}} = %c0_i32 to %c4_i32
// PIPE: tt.load %{{[a-z0-9_]+}} : tensor<64x32x!tt.ptr<f16>, #blocked{{[0-9]*}}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [8, 0], [16, 0], [32, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
#linear1 = #ttg.linear<{register = [[0, 1], [0, 8], [0, 16], [0, 32], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans_operands_const(%qp: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %dop: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_q = arith.constant dense<2048> : tensor<64x32xi32, #blocked1>
    %step_do = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %c64_q = arith.constant dense<64> : tensor<1x32xi32, #blocked1>
    %c64_do = arith.constant dense<64> : tensor<32x1xi32, #blocked>
    %r0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %r1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %e0 = tt.expand_dims %r0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %e1 = tt.expand_dims %r1 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1>
    %m1 = arith.muli %e1, %c64_q : tensor<1x32xi32, #blocked1>
    %b0 = tt.broadcast %e0 : tensor<64x1xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
    %b1 = tt.broadcast %m1 : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
    %offq = arith.addi %b0, %b1 : tensor<64x32xi32, #blocked1>
    %sq = tt.splat %qp : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked1>
    %pq0 = tt.addptr %sq, %offq : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
    %s0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %s1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %f0 = tt.expand_dims %s0 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %f1 = tt.expand_dims %s1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %g0 = arith.muli %f0, %c64_do : tensor<32x1xi32, #blocked>
    %h0 = tt.broadcast %g0 : tensor<32x1xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %h1 = tt.broadcast %f1 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %offdo = arith.addi %h0, %h1 : tensor<32x64xi32, #blocked>
    %sdo = tt.splat %dop : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %pdo0 = tt.addptr %sdo, %offdo : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %res:4 = scf.for %iv = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%dk = %acc0, %dv = %acc0, %pq = %pq0, %pdo = %pdo0) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<32x64x!tt.ptr<f16>, #blocked>)  : i32 {
      %qT = tt.load %pq : tensor<64x32x!tt.ptr<f16>, #blocked1>
      %qT_l = ttg.convert_layout %qT : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #linear>
      %qT_d = ttg.convert_layout %qT : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %s = tt.dot %k, %qT_d, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
      %do = tt.load %pdo : tensor<32x64x!tt.ptr<f16>, #blocked>
      %do_l = ttg.convert_layout %do : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #linear1>
      %do_d = ttg.convert_layout %do : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %sh = arith.truncf %s : tensor<64x32xf32, #mma> to tensor<64x32xf16, #mma>
      %sd = ttg.convert_layout %sh : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %dv2 = tt.dot %sd, %do_d, %dv : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %doT = tt.trans %do_l {order = array<i32: 1, 0>} : tensor<32x64xf16, #linear1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %p = tt.dot %k, %doT, %zero : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
      %ph = arith.truncf %p : tensor<64x32xf32, #mma> to tensor<64x32xf16, #mma>
      %pd = ttg.convert_layout %ph : tensor<64x32xf16, #mma> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %qTT = tt.trans %qT_l {order = array<i32: 1, 0>} : tensor<64x32xf16, #linear> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %dk2 = tt.dot %pd, %qTT, %dk : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %pq2 = tt.addptr %pq, %step_q : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
      %pdo2 = tt.addptr %pdo, %step_do : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %dk2, %dv2, %pq2, %pdo2 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0, %res#1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}
