#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_loop_arith(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %cst_0 = arith.constant dense<1> : tensor<256xi32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %c2_i32 = arith.constant 2 : i32
    %cst_2 = arith.constant dense<4> : tensor<256xi32, #blocked>
    %c4_i32 = arith.constant 4 : i32
    %cst_3 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %1:2 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %cst_1) -> (tensor<256xf32, #blocked>, tensor<256xi32, #blocked>)  : i32 {
      %8 = arith.muli %arg4, %c256_i32 : i32
      %9 = tt.addptr %arg0, %8 : !tt.ptr<f32>, i32
      %10 = tt.splat %9 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
      %11 = tt.addptr %10, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      %12 = tt.load %11 : tensor<256x!tt.ptr<f32>, #blocked>
      %13 = arith.addf %arg5, %12 : tensor<256xf32, #blocked>
      %14 = arith.addi %arg6, %cst_3 : tensor<256xi32, #blocked>
      %15 = arith.addi %14, %cst_2 : tensor<256xi32, #blocked>
      %16 = arith.cmpi sgt, %arg4, %c2_i32 : i32
      %17 = arith.extui %16 : i1 to i32
      %18 = tt.splat %17 : i32 -> tensor<256xi32, #blocked>
      %19 = arith.addi %15, %18 : tensor<256xi32, #blocked>
      %20 = tt.splat %arg4 : i32 -> tensor<256xi32, #blocked>
      %21 = arith.addi %19, %20 : tensor<256xi32, #blocked>
      %22 = arith.addi %21, %20 : tensor<256xi32, #blocked>
      %23 = arith.maxsi %22, %cst_1 : tensor<256xi32, #blocked>
      %24 = arith.maxsi %23, %cst_1 : tensor<256xi32, #blocked>
      %25 = arith.muli %arg4, %c4_i32 : i32
      %26 = arith.divsi %25, %c4_i32 : i32
      %27 = arith.subi %26, %arg4 : i32
      %28 = tt.splat %27 : i32 -> tensor<256xi32, #blocked>
      %29 = arith.addi %24, %28 : tensor<256xi32, #blocked>
      %30 = arith.subf %13, %12 : tensor<256xf32, #blocked>
      %31 = arith.subf %30, %12 : tensor<256xf32, #blocked>
      %32 = arith.addf %31, %12 : tensor<256xf32, #blocked>
      %33 = arith.addi %29, %cst_0 : tensor<256xi32, #blocked>
      scf.yield %32, %33 : tensor<256xf32, #blocked>, tensor<256xi32, #blocked>
    }
    %2 = arith.addi %arg3, %c1_i32 : i32
    %3 = scf.for %arg4 = %c1_i32 to %2 step %c1_i32 iter_args(%arg5 = %1#0) -> (tensor<256xf32, #blocked>)  : i32 {
      %8 = arith.subi %arg4, %c1_i32 : i32
      %9 = arith.muli %8, %c256_i32 : i32
      %10 = tt.addptr %arg0, %9 : !tt.ptr<f32>, i32
      %11 = tt.splat %10 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
      %12 = tt.addptr %11, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      %13 = tt.load %12 : tensor<256x!tt.ptr<f32>, #blocked>
      %14 = arith.mulf %13, %cst : tensor<256xf32, #blocked>
      %15 = arith.addf %arg5, %14 : tensor<256xf32, #blocked>
      scf.yield %15 : tensor<256xf32, #blocked>
    }
    %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %5 = tt.addptr %4, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %5, %3 : tensor<256x!tt.ptr<f32>, #blocked>
    %6 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %7 = tt.addptr %6, %0 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %7, %1#1 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
