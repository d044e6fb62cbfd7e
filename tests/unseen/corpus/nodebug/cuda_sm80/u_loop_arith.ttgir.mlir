#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_loop_arith(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %cst_0 = arith.constant dense<1> : tensor<256xi32, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0> : tensor<256xi32, #blocked1>
    %c2_i32 = arith.constant 2 : i32
    %cst_2 = arith.constant dense<4> : tensor<256xi32, #blocked1>
    %c4_i32 = arith.constant 4 : i32
    %cst_3 = arith.constant dense<3> : tensor<256xi32, #blocked1>
    %c256_i32 = arith.constant 256 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %1:2 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst, %arg6 = %cst_1) -> (tensor<256xf32, #blocked>, tensor<256xi32, #blocked1>)  : i32 {
      %9 = arith.muli %arg4, %c256_i32 : i32
      %10 = tt.addptr %arg0, %9 : !tt.ptr<f32>, i32
      %11 = tt.splat %10 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
      %12 = tt.addptr %11, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      %13 = tt.load %12 : tensor<256x!tt.ptr<f32>, #blocked>
      %14 = arith.addf %arg5, %13 : tensor<256xf32, #blocked>
      %15 = arith.addi %arg6, %cst_3 : tensor<256xi32, #blocked1>
      %16 = arith.addi %15, %cst_2 : tensor<256xi32, #blocked1>
      %17 = arith.cmpi sgt, %arg4, %c2_i32 : i32
      %18 = arith.extui %17 : i1 to i32
      %19 = tt.splat %18 : i32 -> tensor<256xi32, #blocked1>
      %20 = arith.addi %16, %19 : tensor<256xi32, #blocked1>
      %21 = tt.splat %arg4 : i32 -> tensor<256xi32, #blocked1>
      %22 = arith.addi %20, %21 : tensor<256xi32, #blocked1>
      %23 = arith.addi %22, %21 : tensor<256xi32, #blocked1>
      %24 = arith.maxsi %23, %cst_1 : tensor<256xi32, #blocked1>
      %25 = arith.maxsi %24, %cst_1 : tensor<256xi32, #blocked1>
      %26 = arith.muli %arg4, %c4_i32 : i32
      %27 = arith.divsi %26, %c4_i32 : i32
      %28 = arith.subi %27, %arg4 : i32
      %29 = tt.splat %28 : i32 -> tensor<256xi32, #blocked1>
      %30 = arith.addi %25, %29 : tensor<256xi32, #blocked1>
      %31 = arith.subf %14, %13 : tensor<256xf32, #blocked>
      %32 = arith.subf %31, %13 : tensor<256xf32, #blocked>
      %33 = arith.addf %32, %13 : tensor<256xf32, #blocked>
      %34 = arith.addi %30, %cst_0 : tensor<256xi32, #blocked1>
      scf.yield %33, %34 : tensor<256xf32, #blocked>, tensor<256xi32, #blocked1>
    }
    %2 = arith.addi %arg3, %c1_i32 : i32
    %3 = scf.for %arg4 = %c1_i32 to %2 step %c1_i32 iter_args(%arg5 = %1#0) -> (tensor<256xf32, #blocked>)  : i32 {
      %9 = arith.subi %arg4, %c1_i32 : i32
      %10 = arith.muli %9, %c256_i32 : i32
      %11 = tt.addptr %arg0, %10 : !tt.ptr<f32>, i32
      %12 = tt.splat %11 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
      %13 = tt.addptr %12, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      %14 = tt.load %13 : tensor<256x!tt.ptr<f32>, #blocked>
      %15 = arith.mulf %14, %cst : tensor<256xf32, #blocked>
      %16 = arith.addf %arg5, %15 : tensor<256xf32, #blocked>
      scf.yield %16 : tensor<256xf32, #blocked>
    }
    %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %5 = tt.addptr %4, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %5, %3 : tensor<256x!tt.ptr<f32>, #blocked>
    %6 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %7 = tt.addptr %6, %0 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %8 = ttg.convert_layout %1#1 : tensor<256xi32, #blocked1> -> tensor<256xi32, #blocked>
    tt.store %7, %8 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
