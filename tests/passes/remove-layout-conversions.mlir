// tritongpu-remove-layout-conversions: forward propagation of load/store layouts, backward rematerialization, loop-carried values, histogram inputs and unit-dim reshapes (CHECK lines from Triton 3.9's own pass).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @coalesced_copy
// CHECK-NOT: ttg.convert_layout
// CHECK: %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT: %1 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked>
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %1 : tensor<1024xi32, #blocked>
// CHECK-NEXT: %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %4 = tt.addptr %3, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %5 = tt.load %4, %2 : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %6 = math.exp %5 : tensor<1024xf32, #blocked>
// CHECK-NEXT: %7 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %8 = tt.addptr %7, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: tt.store %8, %6, %2 : tensor<1024x!tt.ptr<f32>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @coalesced_copy(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked>
    %2 = arith.cmpi slt, %0, %1 : tensor<1024xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %4 = tt.addptr %3, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %5 = ttg.convert_layout %4 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %6 = ttg.convert_layout %2 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked1>
    %7 = tt.load %5, %6 : tensor<1024x!tt.ptr<f32>, #blocked1>
    %8 = ttg.convert_layout %7 : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    %9 = math.exp %8 : tensor<1024xf32, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %11 = tt.addptr %10, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %12 = ttg.convert_layout %11 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %13 = ttg.convert_layout %9 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    %14 = ttg.convert_layout %2 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked1>
    tt.store %12, %13, %14 : tensor<1024x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @loop_accumulate
// CHECK-NOT: ttg.convert_layout
// CHECK: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32, #blocked>
// CHECK-NEXT: %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
// CHECK-NEXT: %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
// CHECK-NEXT: %3 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %cst) -> (tensor<1024xf32, #blocked>)  : i32 {
// CHECK-NEXT: %4 = tt.load %2 : tensor<1024x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %5 = arith.addf %arg3, %4 : tensor<1024xf32, #blocked>
// CHECK-NEXT: scf.yield %5 : tensor<1024xf32, #blocked>
// CHECK: tt.store %2, %3 : tensor<1024x!tt.ptr<f32>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loop_accumulate(%arg0: !tt.ptr<f32>, %arg1: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32, #blocked>
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %3 = scf.for %i = %c0 to %arg1 step %c1 iter_args(%acc = %cst) -> (tensor<1024xf32, #blocked>) : i32 {
      %4 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
      %5 = tt.load %4 : tensor<1024x!tt.ptr<f32>, #blocked1>
      %6 = ttg.convert_layout %5 : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
      %7 = arith.addf %acc, %6 : tensor<1024xf32, #blocked>
      scf.yield %7 : tensor<1024xf32, #blocked>
    }
    %8 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %9 = ttg.convert_layout %3 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    tt.store %8, %9 : tensor<1024x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @histogram_mask
// CHECK-NOT: ttg.convert_layout
// CHECK: %cst = arith.constant dense<true> : tensor<64xi1, #blocked>
// CHECK-NEXT: %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked1>
// CHECK-NEXT: %1 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked1>
// CHECK-NEXT: %2 = arith.cmpi slt, %0, %1 : tensor<1024xi32, #blocked1>
// CHECK-NEXT: %3 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked1>
// CHECK-NEXT: %4 = tt.addptr %3, %0 : tensor<1024x!tt.ptr<i32>, #blocked1>, tensor<1024xi32, #blocked1>
// CHECK-NEXT: %5 = tt.load %4, %2 : tensor<1024x!tt.ptr<i32>, #blocked1>
// CHECK-NEXT: %6 = tt.histogram %5, %2 : tensor<1024xi32, #blocked1> -> tensor<64xi32, #blocked>
// CHECK-NEXT: %7 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
// CHECK-NEXT: %8 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
// CHECK-NEXT: %9 = tt.addptr %8, %7 : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
// CHECK-NEXT: %10 = tt.atomic_rmw add, relaxed, gpu, %9, %6, %cst : (tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>, tensor<64xi1, #blocked>) -> tensor<64xi32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram_mask(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>, %arg2: i32) {
    %cst = arith.constant dense<true> : tensor<64xi1, #blocked>
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked>
    %2 = arith.cmpi slt, %0, %1 : tensor<1024xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %4 = tt.addptr %3, %0 : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %5 = ttg.convert_layout %4 : tensor<1024x!tt.ptr<i32>, #blocked> -> tensor<1024x!tt.ptr<i32>, #blocked1>
    %6 = ttg.convert_layout %2 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked1>
    %7 = tt.load %5, %6 : tensor<1024x!tt.ptr<i32>, #blocked1>
    %8 = ttg.convert_layout %7 : tensor<1024xi32, #blocked1> -> tensor<1024xi32, #blocked>
    %9 = tt.histogram %8, %2 : tensor<1024xi32, #blocked> -> tensor<64xi32, #blocked>
    %10 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %11 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %12 = tt.addptr %11, %10 : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    %13 = tt.atomic_rmw add, relaxed, gpu, %12, %9, %cst : (tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>, tensor<64xi1, #blocked>) -> tensor<64xi32, #blocked>
    tt.return
  }
}

// -----

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @reshape_unit_dim
// CHECK-NOT: ttg.convert_layout
// CHECK: %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %1 = tt.reshape %0 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT: %2 = tt.broadcast %1 : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
// CHECK-NEXT: %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %4 = tt.addptr %3, %2 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT: %5 = tt.load %4 : tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: tt.store %4, %5 : tensor<64x64x!tt.ptr<f16>, #blocked>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_unit_dim(%arg0: !tt.ptr<f16>) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked2>
    %1 = tt.reshape %0 : tensor<64xi32, #blocked2> -> tensor<64x1xi32, #blocked1>
    %2 = tt.broadcast %1 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
    %4 = tt.addptr %3, %2 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
    %5 = ttg.convert_layout %4 : tensor<64x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked3>
    %6 = tt.load %5 : tensor<64x64x!tt.ptr<f16>, #blocked3>
    %7 = ttg.convert_layout %6 : tensor<64x64xf16, #blocked3> -> tensor<64x64xf16, #blocked1>
    %8 = ttg.convert_layout %4 : tensor<64x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked3>
    %9 = ttg.convert_layout %7 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked3>
    tt.store %8, %9 : tensor<64x64x!tt.ptr<f16>, #blocked3>
    tt.return
  }
}

// -----

// A gather without a chosen layout reads its source through shared memory:
// the conversion into its source folds away.
// CHECK-LABEL: tt.func public @gather_source_convert
// CHECK-NEXT: %[[L:.+]] = tt.load %arg0 : tensor<8x64x!tt.ptr<f32>, #blocked>
// CHECK-NEXT: %[[G:.+]] = tt.gather %[[L]][%arg2] {axis = 1 : i32} : (tensor<8x64xf32, #blocked>, tensor<8x64xi32, #blocked1>) -> tensor<8x64xf32, #blocked1>
// CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[G]] : tensor<8x64xf32, #blocked1> -> tensor<8x64xf32, #blocked>
// CHECK-NEXT: tt.store %arg1, %[[C]] : tensor<8x64x!tt.ptr<f32>, #blocked>
#A = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#B = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_source_convert(%p: tensor<8x64x!tt.ptr<f32>, #A>, %q: tensor<8x64x!tt.ptr<f32>, #A>, %i: tensor<8x64xi32, #B>) {
    %0 = tt.load %p : tensor<8x64x!tt.ptr<f32>, #A>
    %1 = ttg.convert_layout %0 : tensor<8x64xf32, #A> -> tensor<8x64xf32, #B>
    %2 = tt.gather %1[%i] {axis = 1 : i32} : (tensor<8x64xf32, #B>, tensor<8x64xi32, #B>) -> tensor<8x64xf32, #B>
    %3 = ttg.convert_layout %2 : tensor<8x64xf32, #B> -> tensor<8x64xf32, #A>
    tt.store %q, %3 : tensor<8x64x!tt.ptr<f32>, #A>
    tt.return
  }
}

// -----

// A conversion of a reorderable reshape becomes a reshape of that reshape's
// result (Triton 3.9's fold).
// CHECK-LABEL: tt.func public @convert_of_reshape
// CHECK-NEXT: %[[R:.+]] = tt.reshape %arg0 allow_reorder : tensor<8x64xf32, #blocked> -> tensor<512xf32, #blocked2>
// CHECK-NEXT: %[[S:.+]] = tt.reshape %[[R]] allow_reorder : tensor<512xf32, #blocked2> -> tensor<512xf32, #blocked1>
// CHECK-NEXT: tt.store %arg1, %[[S]] : tensor<512x!tt.ptr<f32>, #blocked1>
#A = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#B = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#C = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @convert_of_reshape(%x: tensor<8x64xf32, #A>, %q: tensor<512x!tt.ptr<f32>, #C>) {
    %0 = tt.reshape %x allow_reorder : tensor<8x64xf32, #A> -> tensor<512xf32, #B>
    %1 = ttg.convert_layout %0 : tensor<512xf32, #B> -> tensor<512xf32, #C>
    tt.store %q, %1 : tensor<512x!tt.ptr<f32>, #C>
    tt.return
  }
}

// -----

// The atomic's mask is recomputed in the atomic's layout: the comparison
// reads the loaded value through the conversion already made for the first
// atomic (an expensive load, reused rather than recomputed), and the range
// comparison is rematerialised once more (Triton's output).
// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @atomic_mask_reuses_convert
// CHECK: %cst_3 = arith.constant dense<0.000000e+00> : tensor<512xf32, #blocked1>
// CHECK: %14 = arith.cmpi slt, %8, %11 : tensor<512xi32, #blocked1>
// CHECK-NEXT: %15 = arith.cmpi slt, %9, %12 : tensor<512xi32, #blocked>
// CHECK-NEXT: %16 = arith.cmpi slt, %10, %13 : tensor<512xi32, #blocked1>
// CHECK: %27 = ttg.convert_layout %19 : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked1>
// CHECK-NEXT: %28 = tt.atomic_rmw fadd, relaxed, gpu, %26, %27, %16 : (tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xf32, #blocked1>, tensor<512xi1, #blocked1>) -> tensor<512xf32, #blocked1>
// CHECK-NEXT: %29 = arith.cmpf ogt, %27, %cst_3 : tensor<512xf32, #blocked1>
// CHECK-NEXT: %30 = arith.andi %14, %29 : tensor<512xi1, #blocked1>
// CHECK: %34 = ttg.convert_layout %33 : tensor<512x!tt.ptr<i32>, #blocked> -> tensor<512x!tt.ptr<i32>, #blocked1>
// CHECK-NEXT: %35 = ttg.convert_layout %22 : tensor<512xi32, #blocked> -> tensor<512xi32, #blocked1>
// CHECK-NEXT: %36 = tt.atomic_rmw min, acq_rel, gpu, %34, %35, %30 : (tensor<512x!tt.ptr<i32>, #blocked1>, tensor<512xi32, #blocked1>, tensor<512xi1, #blocked1>) -> tensor<512xi32, #blocked1>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @atomic_mask_reuses_convert(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<f32>, %arg4: !tt.ptr<i32>, %arg10: i32) {
    %cst_0 = arith.constant dense<4> : tensor<512xi32, #blocked>
    %cst_1 = arith.constant dense<15> : tensor<512xi32, #blocked>
    %cst_2 = arith.constant dense<0> : tensor<512xi32, #blocked>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<512xf32, #blocked>
    %c512_i32 = arith.constant 512 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c512_i32 : i32
    %2 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<512xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<512xi32, #blocked>
    %5 = tt.splat %arg10 : i32 -> tensor<512xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<512xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %9 = ttg.convert_layout %8 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked1>
    %10 = ttg.convert_layout %6 : tensor<512xi1, #blocked> -> tensor<512xi1, #blocked1>
    %11 = ttg.convert_layout %cst_3 : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked1>
    %12 = tt.load %9, %10, %11 : tensor<512x!tt.ptr<f32>, #blocked1>
    %13 = ttg.convert_layout %12 : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
    %14 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
    %15 = tt.addptr %14, %4 : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
    %16 = ttg.convert_layout %15 : tensor<512x!tt.ptr<i32>, #blocked> -> tensor<512x!tt.ptr<i32>, #blocked1>
    %17 = ttg.convert_layout %6 : tensor<512xi1, #blocked> -> tensor<512xi1, #blocked1>
    %18 = ttg.convert_layout %cst_2 : tensor<512xi32, #blocked> -> tensor<512xi32, #blocked1>
    %19 = tt.load %16, %17, %18 : tensor<512x!tt.ptr<i32>, #blocked1>
    %20 = ttg.convert_layout %19 : tensor<512xi32, #blocked1> -> tensor<512xi32, #blocked>
    %21 = arith.andi %20, %cst_1 : tensor<512xi32, #blocked>
    %22 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %23 = tt.addptr %22, %21 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %24 = ttg.convert_layout %23 : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked>
    %25 = ttg.convert_layout %13 : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked>
    %26 = ttg.convert_layout %6 : tensor<512xi1, #blocked> -> tensor<512xi1, #blocked>
    %27 = tt.atomic_rmw fadd, relaxed, gpu, %24, %25, %26 : (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>, tensor<512xi1, #blocked>) -> tensor<512xf32, #blocked>
    %34 = arith.cmpf ogt, %13, %cst_3 : tensor<512xf32, #blocked>
    %35 = arith.andi %6, %34 : tensor<512xi1, #blocked>
    %36 = arith.remsi %21, %cst_0 : tensor<512xi32, #blocked>
    %37 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
    %38 = tt.addptr %37, %36 : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
    %39 = ttg.convert_layout %38 : tensor<512x!tt.ptr<i32>, #blocked> -> tensor<512x!tt.ptr<i32>, #blocked>
    %40 = ttg.convert_layout %20 : tensor<512xi32, #blocked> -> tensor<512xi32, #blocked>
    %41 = ttg.convert_layout %35 : tensor<512xi1, #blocked> -> tensor<512xi1, #blocked>
    %42 = tt.atomic_rmw min, acq_rel, gpu, %39, %40, %41 : (tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>, tensor<512xi1, #blocked>) -> tensor<512xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A dot-operand conversion of a value used by dots in two loops (attention
  // with its off-diagonal and diagonal loops sharing Q): forward propagation
  // gives each use its own conversion, and neither is merged into the
  // other (conversions to dot operands are not rematerialized or reused).
  // CHECK-LABEL: tt.func public @two_users
  // CHECK: %0 = tt.load %arg0
  // CHECK-NEXT: %1 = ttg.convert_layout %0 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: %2 = ttg.convert_layout %0 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: %3 = scf.for
  // CHECK-NEXT: tt.dot %2, %arg1
  // CHECK: %4 = scf.for
  // CHECK-NEXT: tt.dot %1, %arg1
  tt.func public @two_users(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %x = tt.load %p : tensor<128x64x!tt.ptr<f16>, #blocked>
    %a = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = tt.dot %a, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r1) -> (tensor<128x64xf32, #mma>) : i32 {
      %d = tt.dot %a, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    }
    tt.return %r2 : tensor<128x64xf32, #mma>
  }
}
