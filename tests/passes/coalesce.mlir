// tritongpu-coalesce: coalesced blocked layouts for global memory accesses (CHECK lines from Triton 3.9's own pass on each chunk).
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-coalesce)' | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --pass-pipeline='builtin.module(tritongpu-coalesce)' | FileCheck %s

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @atomic_f16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: tensor<1024xf16, #blocked>, %arg2: tensor<1024xi32, #blocked>, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg5: tensor<1024xbf16, #blocked>) {
// CHECK-NEXT: %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %3 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %4 = ttg.convert_layout %arg1 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %5 = tt.atomic_rmw fadd, acq_rel, gpu, %3, %4 : (tensor<1024x!tt.ptr<f16>, #blocked1>, tensor<1024xf16, #blocked1>) -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %6 = ttg.convert_layout %5 : tensor<1024xf16, #blocked1> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %7 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %8 = tt.addptr %7, %0 : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %9 = ttg.convert_layout %8 : tensor<1024x!tt.ptr<i32>, #blocked> -> tensor<1024x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %10 = ttg.convert_layout %arg2 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %11 = ttg.convert_layout %arg2 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %12 = tt.atomic_cas acq_rel, gpu, %9, %10, %11 : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %13 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %14 = ttg.convert_layout %arg1 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked2>
// CHECK-NEXT: %15 = tt.atomic_rmw exch, acq_rel, gpu, %13, %14 : (tensor<1024x!tt.ptr<f16>, #blocked2>, tensor<1024xf16, #blocked2>) -> tensor<1024xf16, #blocked2>
// CHECK-NEXT: %16 = ttg.convert_layout %15 : tensor<1024xf16, #blocked2> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %17 = tt.splat %arg4 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
// CHECK-NEXT: %18 = tt.addptr %17, %0 : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %19 = ttg.convert_layout %18 : tensor<1024x!tt.ptr<bf16>, #blocked> -> tensor<1024x!tt.ptr<bf16>, #blocked>
// CHECK-NEXT: %20 = ttg.convert_layout %arg5 : tensor<1024xbf16, #blocked> -> tensor<1024xbf16, #blocked>
// CHECK-NEXT: %21 = tt.atomic_rmw fadd, acq_rel, gpu, %19, %20 : (tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xbf16, #blocked>) -> tensor<1024xbf16, #blocked>
// CHECK-NEXT: %22 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %23 = tt.load %22 : tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %24 = ttg.convert_layout %23 : tensor<1024xf16, #blocked2> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %25 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %26 = ttg.convert_layout %24 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked2>
// CHECK-NEXT: tt.store %25, %26 : tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @atomic_f16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<1024xf16, #blocked>, %vi: tensor<1024xi32, #blocked>, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %vb: tensor<1024xbf16, #blocked>) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %3 = tt.atomic_rmw fadd, acq_rel, gpu, %2, %v : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked>
    %4 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %5 = tt.addptr %4, %0 : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %6 = tt.atomic_cas acq_rel, gpu, %5, %vi, %vi : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    %7 = tt.atomic_rmw exch, acq_rel, gpu, %2, %v : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked>
    %8 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
    %9 = tt.addptr %8, %0 : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
    %10 = tt.atomic_rmw fadd, acq_rel, gpu, %9, %vb : (tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xbf16, #blocked>) -> tensor<1024xbf16, #blocked>
    %11 = tt.load %2 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.store %2, %11 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @atomic_f16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: tensor<1024xf16, #blocked>, %arg2: tensor<1024xi32, #blocked>, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg5: tensor<1024xbf16, #blocked>) {
// CHECK-NEXT: %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %3 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %4 = ttg.convert_layout %arg1 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %5 = tt.atomic_rmw fadd, acq_rel, gpu, %3, %4 : (tensor<1024x!tt.ptr<f16>, #blocked1>, tensor<1024xf16, #blocked1>) -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %6 = ttg.convert_layout %5 : tensor<1024xf16, #blocked1> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %7 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %8 = tt.addptr %7, %0 : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %9 = ttg.convert_layout %8 : tensor<1024x!tt.ptr<i32>, #blocked> -> tensor<1024x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %10 = ttg.convert_layout %arg2 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %11 = ttg.convert_layout %arg2 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %12 = tt.atomic_cas acq_rel, gpu, %9, %10, %11 : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %13 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %14 = ttg.convert_layout %arg1 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %15 = tt.atomic_rmw exch, acq_rel, gpu, %13, %14 : (tensor<1024x!tt.ptr<f16>, #blocked1>, tensor<1024xf16, #blocked1>) -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %16 = ttg.convert_layout %15 : tensor<1024xf16, #blocked1> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %17 = tt.splat %arg4 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
// CHECK-NEXT: %18 = tt.addptr %17, %0 : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %19 = ttg.convert_layout %18 : tensor<1024x!tt.ptr<bf16>, #blocked> -> tensor<1024x!tt.ptr<bf16>, #blocked1>
// CHECK-NEXT: %20 = ttg.convert_layout %arg5 : tensor<1024xbf16, #blocked> -> tensor<1024xbf16, #blocked1>
// CHECK-NEXT: %21 = tt.atomic_rmw fadd, acq_rel, gpu, %19, %20 : (tensor<1024x!tt.ptr<bf16>, #blocked1>, tensor<1024xbf16, #blocked1>) -> tensor<1024xbf16, #blocked1>
// CHECK-NEXT: %22 = ttg.convert_layout %21 : tensor<1024xbf16, #blocked1> -> tensor<1024xbf16, #blocked>
// CHECK-NEXT: %23 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %24 = tt.load %23 : tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %25 = ttg.convert_layout %24 : tensor<1024xf16, #blocked1> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %26 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %27 = ttg.convert_layout %25 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: tt.store %26, %27 : tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @atomic_f16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<1024xf16, #blocked>, %vi: tensor<1024xi32, #blocked>, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %vb: tensor<1024xbf16, #blocked>) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %3 = tt.atomic_rmw fadd, acq_rel, gpu, %2, %v : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked>
    %4 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %5 = tt.addptr %4, %0 : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %6 = tt.atomic_cas acq_rel, gpu, %5, %vi, %vi : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    %7 = tt.atomic_rmw exch, acq_rel, gpu, %2, %v : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked>
    %8 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
    %9 = tt.addptr %8, %0 : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
    %10 = tt.atomic_rmw fadd, acq_rel, gpu, %9, %vb : (tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xbf16, #blocked>) -> tensor<1024xbf16, #blocked>
    %11 = tt.load %2 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.store %2, %11 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
// CHECK-LABEL: tt.func public @atomic_f16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: tensor<1024xf16, #blocked>, %arg2: tensor<1024xi32, #blocked>, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg5: tensor<1024xbf16, #blocked>) {
// CHECK-NEXT: %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %3 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %4 = ttg.convert_layout %arg1 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %5 = tt.atomic_rmw fadd, acq_rel, gpu, %3, %4 : (tensor<1024x!tt.ptr<f16>, #blocked1>, tensor<1024xf16, #blocked1>) -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %6 = ttg.convert_layout %5 : tensor<1024xf16, #blocked1> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %7 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %8 = tt.addptr %7, %0 : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %9 = ttg.convert_layout %8 : tensor<1024x!tt.ptr<i32>, #blocked> -> tensor<1024x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %10 = ttg.convert_layout %arg2 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %11 = ttg.convert_layout %arg2 : tensor<1024xi32, #blocked> -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %12 = tt.atomic_cas acq_rel, gpu, %9, %10, %11 : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %13 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %14 = ttg.convert_layout %arg1 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %15 = tt.atomic_rmw exch, acq_rel, gpu, %13, %14 : (tensor<1024x!tt.ptr<f16>, #blocked1>, tensor<1024xf16, #blocked1>) -> tensor<1024xf16, #blocked1>
// CHECK-NEXT: %16 = ttg.convert_layout %15 : tensor<1024xf16, #blocked1> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %17 = tt.splat %arg4 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
// CHECK-NEXT: %18 = tt.addptr %17, %0 : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %19 = ttg.convert_layout %18 : tensor<1024x!tt.ptr<bf16>, #blocked> -> tensor<1024x!tt.ptr<bf16>, #blocked1>
// CHECK-NEXT: %20 = ttg.convert_layout %arg5 : tensor<1024xbf16, #blocked> -> tensor<1024xbf16, #blocked1>
// CHECK-NEXT: %21 = tt.atomic_rmw fadd, acq_rel, gpu, %19, %20 : (tensor<1024x!tt.ptr<bf16>, #blocked1>, tensor<1024xbf16, #blocked1>) -> tensor<1024xbf16, #blocked1>
// CHECK-NEXT: %22 = ttg.convert_layout %21 : tensor<1024xbf16, #blocked1> -> tensor<1024xbf16, #blocked>
// CHECK-NEXT: %23 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %24 = tt.load %23 : tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %25 = ttg.convert_layout %24 : tensor<1024xf16, #blocked2> -> tensor<1024xf16, #blocked>
// CHECK-NEXT: %26 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %27 = ttg.convert_layout %25 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked2>
// CHECK-NEXT: tt.store %26, %27 : tensor<1024x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @atomic_f16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<1024xf16, #blocked>, %vi: tensor<1024xi32, #blocked>, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %vb: tensor<1024xbf16, #blocked>) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %3 = tt.atomic_rmw fadd, acq_rel, gpu, %2, %v : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked>
    %4 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %5 = tt.addptr %4, %0 : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %6 = tt.atomic_cas acq_rel, gpu, %5, %vi, %vi : (tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>, tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    %7 = tt.atomic_rmw exch, acq_rel, gpu, %2, %v : (tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xf16, #blocked>) -> tensor<1024xf16, #blocked>
    %8 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
    %9 = tt.addptr %8, %0 : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
    %10 = tt.atomic_rmw fadd, acq_rel, gpu, %9, %vb : (tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xbf16, #blocked>) -> tensor<1024xbf16, #blocked>
    %11 = tt.load %2 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.store %2, %11 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
// CHECK-NEXT: #blocked3 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @transposed(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 4 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}) {
// CHECK-NEXT: %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT: %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT: %3 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK-NEXT: %4 = tt.splat %arg2 : i32 -> tensor<1x32xi32, #blocked>
// CHECK-NEXT: %5 = arith.muli %3, %4 : tensor<1x32xi32, #blocked>
// CHECK-NEXT: %6 = tt.broadcast %2 : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK-NEXT: %7 = tt.broadcast %5 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
// CHECK-NEXT: %8 = arith.addi %6, %7 : tensor<64x32xi32, #blocked>
// CHECK-NEXT: %9 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %10 = tt.addptr %9, %8 : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK-NEXT: %11 = ttg.convert_layout %10 : tensor<64x32x!tt.ptr<f32>, #blocked> -> tensor<64x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %12 = tt.load %11 : tensor<64x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %13 = ttg.convert_layout %12 : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #blocked>
// CHECK-NEXT: %14 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %15 = tt.addptr %14, %8 : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
// CHECK-NEXT: %16 = ttg.convert_layout %15 : tensor<64x32x!tt.ptr<f32>, #blocked> -> tensor<64x32x!tt.ptr<f32>, #blocked2>
// CHECK-NEXT: %17 = ttg.convert_layout %13 : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #blocked2>
// CHECK-NEXT: tt.store %16, %17 : tensor<64x32x!tt.ptr<f32>, #blocked2>
// CHECK-NEXT: %18 = ttg.convert_layout %15 : tensor<64x32x!tt.ptr<f32>, #blocked> -> tensor<64x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %19 = tt.load %18 : tensor<64x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %20 = ttg.convert_layout %19 : tensor<64x32xf32, #blocked1> -> tensor<64x32xf32, #blocked>
// CHECK-NEXT: %21 = ttg.convert_layout %10 : tensor<64x32x!tt.ptr<f32>, #blocked> -> tensor<64x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: %22 = ttg.convert_layout %20 : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #blocked1>
// CHECK-NEXT: tt.store %21, %22 : tensor<64x32x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @loop(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<128> : tensor<128xi32, #blocked3>
// CHECK-NEXT: %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked3>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f16>, #blocked3>, tensor<128xi32, #blocked3>
// CHECK-NEXT: %cst_0 = arith.constant dense<0.000000e+00> : tensor<128xf16, #blocked3>
// CHECK-NEXT: %3:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst_0, %arg5 = %2) -> (tensor<128xf16, #blocked3>, tensor<128x!tt.ptr<f16>, #blocked3>)  : i32 {
// CHECK-NEXT: %11 = ttg.convert_layout %arg5 : tensor<128x!tt.ptr<f16>, #blocked3> -> tensor<128x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: %12 = tt.load %11 : tensor<128x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: %13 = arith.addf %arg4, %12 : tensor<128xf16, #blocked3>
// CHECK-NEXT: %14 = tt.addptr %arg5, %cst : tensor<128x!tt.ptr<f16>, #blocked3>, tensor<128xi32, #blocked3>
// CHECK-NEXT: scf.yield %13, %14 : tensor<128xf16, #blocked3>, tensor<128x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: }
// CHECK-NEXT: %4 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: %5 = tt.addptr %4, %0 : tensor<128x!tt.ptr<f16>, #blocked3>, tensor<128xi32, #blocked3>
// CHECK-NEXT: %6 = arith.cmpi slt, %0, %cst : tensor<128xi32, #blocked3>
// CHECK-NEXT: %7 = ttg.convert_layout %5 : tensor<128x!tt.ptr<f16>, #blocked3> -> tensor<128x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: %8 = ttg.convert_layout %3#0 : tensor<128xf16, #blocked3> -> tensor<128xf16, #blocked3>
// CHECK-NEXT: %9 = ttg.convert_layout %6 : tensor<128xi1, #blocked3> -> tensor<128xi1, #blocked3>
// CHECK-NEXT: tt.store %7, %8, %9 : tensor<128x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: %10 = tt.load %arg0 : !tt.ptr<f16>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#slice0 = #ttg.slice<{dim = 0, parent = #blocked}>
#slice1 = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transposed(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 4 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice1>
    %r1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice0>
    %e0 = tt.expand_dims %r0 {axis = 1 : i32} : tensor<64xi32, #slice1> -> tensor<64x1xi32, #blocked>
    %e1 = tt.expand_dims %r1 {axis = 0 : i32} : tensor<32xi32, #slice0> -> tensor<1x32xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1x32xi32, #blocked>
    %m1 = arith.muli %e1, %ns : tensor<1x32xi32, #blocked>
    %b0 = tt.broadcast %e0 : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %b1 = tt.broadcast %m1 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %off = arith.addi %b0, %b1 : tensor<64x32xi32, #blocked>
    %p = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %ptr = tt.addptr %p, %off : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    %v = tt.load %ptr : tensor<64x32x!tt.ptr<f32>, #blocked>
    %q = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %qtr = tt.addptr %q, %off : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    tt.store %qtr, %v : tensor<64x32x!tt.ptr<f32>, #blocked>
    %w = tt.load %qtr : tensor<64x32x!tt.ptr<f32>, #blocked>
    tt.store %ptr, %w : tensor<64x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
  tt.func public @loop(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant dense<128> : tensor<128xi32, #blocked1>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
    %p = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked1>
    %ptr = tt.addptr %p, %r : tensor<128x!tt.ptr<f16>, #blocked1>, tensor<128xi32, #blocked1>
    %cst = arith.constant dense<0.0> : tensor<128xf16, #blocked1>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst, %pp = %ptr) -> (tensor<128xf16, #blocked1>, tensor<128x!tt.ptr<f16>, #blocked1>) : i32 {
      %x = tt.load %pp : tensor<128x!tt.ptr<f16>, #blocked1>
      %a = arith.addf %acc, %x : tensor<128xf16, #blocked1>
      %nx = tt.addptr %pp, %c128 : tensor<128x!tt.ptr<f16>, #blocked1>, tensor<128xi32, #blocked1>
      scf.yield %a, %nx : tensor<128xf16, #blocked1>, tensor<128x!tt.ptr<f16>, #blocked1>
    }
    %q = tt.splat %arg1 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked1>
    %qtr = tt.addptr %q, %r : tensor<128x!tt.ptr<f16>, #blocked1>, tensor<128xi32, #blocked1>
    %mask = arith.cmpi slt, %r, %c128 : tensor<128xi32, #blocked1>
    tt.store %qtr, %res#0, %mask : tensor<128x!tt.ptr<f16>, #blocked1>
    %s = tt.load %arg0 : !tt.ptr<f16>
    tt.return
  }
}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @desc(%arg0: !tt.tensordesc<64x32xf16>, %arg1: i32, %arg2: i32) {
// CHECK-NEXT: %0 = tt.descriptor_load %arg0[%arg1, %arg2] : !tt.tensordesc<64x32xf16> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: %1 = ttg.convert_layout %0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #blocked1>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: tt.descriptor_store %arg0[%arg2, %arg1], %2 : !tt.tensordesc<64x32xf16>, tensor<64x32xf16, #blocked>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @async(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
// CHECK-NEXT: %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked2>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f16>, #blocked2>, tensor<128xi32, #blocked2>
// CHECK-NEXT: %3 = ttg.local_alloc : () -> !ttg.memdesc<128xf16, #shared, #smem, mutable>
// CHECK-NEXT: %4 = ttg.convert_layout %2 : tensor<128x!tt.ptr<f16>, #blocked2> -> tensor<128x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %5 = ttg.async_copy_global_to_local %4, %3 : tensor<128x!tt.ptr<f16>, #blocked2> -> <128xf16, #shared, #smem, mutable>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @caller(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i32 {tt.divisibility = 8 : i32}) {
// CHECK-NEXT: %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT: tt.call @callee(%arg0, %arg1) : (!tt.ptr<f16>, i32) -> ()
// CHECK-NEXT: tt.call @callee(%arg0, %c64_i32) : (!tt.ptr<f16>, i32) -> ()
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func private @callee(%arg0: !tt.ptr<f16> {tt.constancy = 1 : i64, tt.contiguity = 1 : i64, tt.divisibility = 16 : i64}, %arg1: i32 {tt.constancy = 1 : i64, tt.contiguity = 1 : i64, tt.divisibility = 8 : i64}) attributes {noinline = true} {
// CHECK-NEXT: %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked2>
// CHECK-NEXT: %1 = tt.splat %arg1 : i32 -> tensor<128xi32, #blocked2>
// CHECK-NEXT: %2 = arith.addi %0, %1 : tensor<128xi32, #blocked2>
// CHECK-NEXT: %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %4 = tt.addptr %3, %2 : tensor<128x!tt.ptr<f16>, #blocked2>, tensor<128xi32, #blocked2>
// CHECK-NEXT: %5 = ttg.convert_layout %4 : tensor<128x!tt.ptr<f16>, #blocked2> -> tensor<128x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %6 = tt.load %5 : tensor<128x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %7 = ttg.convert_layout %4 : tensor<128x!tt.ptr<f16>, #blocked2> -> tensor<128x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: %8 = ttg.convert_layout %6 : tensor<128xf16, #blocked2> -> tensor<128xf16, #blocked2>
// CHECK-NEXT: tt.store %7, %8 : tensor<128x!tt.ptr<f16>, #blocked2>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @desc(%d: !tt.tensordesc<64x32xf16>, %i: i32, %j: i32) {
    %v = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<64x32xf16> -> tensor<64x32xf16, #blocked>
    tt.descriptor_store %d[%j, %i], %v : !tt.tensordesc<64x32xf16>, tensor<64x32xf16, #blocked>
    tt.return
  }
  tt.func public @async(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
    %p = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked1>
    %ptr = tt.addptr %p, %r : tensor<128x!tt.ptr<f16>, #blocked1>, tensor<128xi32, #blocked1>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptr, %buf : tensor<128x!tt.ptr<f16>, #blocked1> -> <128xf16, #shared, #smem, mutable>
    tt.return
  }
  tt.func public @caller(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 8 : i32}) {
    %c = arith.constant 64 : i32
    tt.call @callee(%arg0, %n) : (!tt.ptr<f16>, i32) -> ()
    tt.call @callee(%arg0, %c) : (!tt.ptr<f16>, i32) -> ()
    tt.return
  }
  tt.func private @callee(%arg0: !tt.ptr<f16>, %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = true} {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked1>
    %o = arith.addi %r, %ns : tensor<128xi32, #blocked1>
    %p = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked1>
    %ptr = tt.addptr %p, %o : tensor<128x!tt.ptr<f16>, #blocked1>, tensor<128xi32, #blocked1>
    %v = tt.load %ptr : tensor<128x!tt.ptr<f16>, #blocked1>
    tt.store %ptr, %v : tensor<128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked3 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked4 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-NEXT: #blocked5 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
// CHECK-NEXT: #blocked6 = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 1, 4], order = [1, 2, 0]}>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func public @gather(%arg0: !tt.tensordesc<1x32xf16>, %arg1: tensor<32xi32, #blocked>, %arg2: i32) {
// CHECK-NEXT: %0 = tt.descriptor_gather %arg0[%arg1, %arg2] : (!tt.tensordesc<1x32xf16>, tensor<32xi32, #blocked>, i32) -> tensor<32x32xf16, #blocked1>
// CHECK-NEXT: %1 = ttg.convert_layout %0 : tensor<32x32xf16, #blocked1> -> tensor<32x32xf16, #blocked2>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<32x32xf16, #blocked2> -> tensor<32x32xf16, #blocked1>
// CHECK-NEXT: tt.descriptor_scatter %arg0[%arg1, %arg2], %2 : !tt.tensordesc<1x32xf16>, tensor<32xi32, #blocked>, i32, tensor<32x32xf16, #blocked1>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @multi(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 2 : i32}, %arg2: tensor<32x64xi32, #blocked2> {tt.contiguity = dense<[1, 64]> : tensor<2xi32>, tt.divisibility = dense<[1, 16]> : tensor<2xi32>}) {
// CHECK-NEXT: %0 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>, #blocked2>
// CHECK-NEXT: %1 = tt.addptr %0, %arg2 : tensor<32x64x!tt.ptr<i8>, #blocked2>, tensor<32x64xi32, #blocked2>
// CHECK-NEXT: %2 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>, #blocked2>
// CHECK-NEXT: %3 = tt.addptr %2, %arg2 : tensor<32x64x!tt.ptr<i8>, #blocked2>, tensor<32x64xi32, #blocked2>
// CHECK-NEXT: %4 = ttg.convert_layout %3 : tensor<32x64x!tt.ptr<i8>, #blocked2> -> tensor<32x64x!tt.ptr<i8>, #blocked3>
// CHECK-NEXT: %5 = tt.load %4 : tensor<32x64x!tt.ptr<i8>, #blocked3>
// CHECK-NEXT: %6 = ttg.convert_layout %5 : tensor<32x64xi8, #blocked3> -> tensor<32x64xi8, #blocked2>
// CHECK-NEXT: %7 = ttg.convert_layout %1 : tensor<32x64x!tt.ptr<i8>, #blocked2> -> tensor<32x64x!tt.ptr<i8>, #blocked3>
// CHECK-NEXT: %8 = tt.load %7 : tensor<32x64x!tt.ptr<i8>, #blocked3>
// CHECK-NEXT: %9 = ttg.convert_layout %8 : tensor<32x64xi8, #blocked3> -> tensor<32x64xi8, #blocked2>
// CHECK-NEXT: %10 = arith.addi %6, %9 : tensor<32x64xi8, #blocked2>
// CHECK-NEXT: %11 = ttg.convert_layout %3 : tensor<32x64x!tt.ptr<i8>, #blocked2> -> tensor<32x64x!tt.ptr<i8>, #blocked4>
// CHECK-NEXT: %12 = ttg.convert_layout %10 : tensor<32x64xi8, #blocked2> -> tensor<32x64xi8, #blocked4>
// CHECK-NEXT: tt.store %11, %12 : tensor<32x64x!tt.ptr<i8>, #blocked4>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @three(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: tensor<2x16x32xi32, #blocked5> {tt.contiguity = dense<[1, 16, 1]> : tensor<3xi32>, tt.divisibility = dense<16> : tensor<3xi32>}) {
// CHECK-NEXT: %0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x16x32x!tt.ptr<f32>, #blocked5>
// CHECK-NEXT: %1 = tt.addptr %0, %arg1 : tensor<2x16x32x!tt.ptr<f32>, #blocked5>, tensor<2x16x32xi32, #blocked5>
// CHECK-NEXT: %2 = ttg.convert_layout %1 : tensor<2x16x32x!tt.ptr<f32>, #blocked5> -> tensor<2x16x32x!tt.ptr<f32>, #blocked6>
// CHECK-NEXT: %3 = tt.load %2 : tensor<2x16x32x!tt.ptr<f32>, #blocked6>
// CHECK-NEXT: %4 = ttg.convert_layout %3 : tensor<2x16x32xf32, #blocked6> -> tensor<2x16x32xf32, #blocked5>
// CHECK-NEXT: %5 = ttg.convert_layout %1 : tensor<2x16x32x!tt.ptr<f32>, #blocked5> -> tensor<2x16x32x!tt.ptr<f32>, #blocked6>
// CHECK-NEXT: %6 = ttg.convert_layout %4 : tensor<2x16x32xf32, #blocked5> -> tensor<2x16x32xf32, #blocked6>
// CHECK-NEXT: tt.store %5, %6 : tensor<2x16x32x!tt.ptr<f32>, #blocked6>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
// CHECK-NEXT: }
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather(%d: !tt.tensordesc<1x32xf16>, %x: tensor<32xi32, #blocked1>, %y: i32) {
    %v = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<1x32xf16>, tensor<32xi32, #blocked1>, i32) -> tensor<32x32xf16, #blocked>
    tt.descriptor_scatter %d[%x, %y], %v : !tt.tensordesc<1x32xf16>, tensor<32xi32, #blocked1>, i32, tensor<32x32xf16, #blocked>
    tt.return
  }
  tt.func public @multi(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 2 : i32}, %o: tensor<32x64xi32, #blocked> {tt.contiguity = dense<[1, 64]> : tensor<2xi32>, tt.divisibility = dense<[1, 16]> : tensor<2xi32>}) {
    %p = tt.splat %arg0 : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>, #blocked>
    %ptr = tt.addptr %p, %o : tensor<32x64x!tt.ptr<i8>, #blocked>, tensor<32x64xi32, #blocked>
    %q = tt.splat %arg1 : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>, #blocked>
    %qtr = tt.addptr %q, %o : tensor<32x64x!tt.ptr<i8>, #blocked>, tensor<32x64xi32, #blocked>
    %v = tt.load %qtr : tensor<32x64x!tt.ptr<i8>, #blocked>
    %w = tt.load %ptr : tensor<32x64x!tt.ptr<i8>, #blocked>
    %s = arith.addi %v, %w : tensor<32x64xi8, #blocked>
    tt.store %qtr, %s : tensor<32x64x!tt.ptr<i8>, #blocked>
    tt.return
  }
  tt.func public @three(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o: tensor<2x16x32xi32, #b3> {tt.contiguity = dense<[1, 16, 1]> : tensor<3xi32>, tt.divisibility = dense<[16, 16, 16]> : tensor<3xi32>}) {
    %p = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x16x32x!tt.ptr<f32>, #b3>
    %ptr = tt.addptr %p, %o : tensor<2x16x32x!tt.ptr<f32>, #b3>, tensor<2x16x32xi32, #b3>
    %v = tt.load %ptr : tensor<2x16x32x!tt.ptr<f32>, #b3>
    tt.store %ptr, %v : tensor<2x16x32x!tt.ptr<f32>, #b3>
    tt.return
  }
}
