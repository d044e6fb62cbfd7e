#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_minmax(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<5> : tensor<256xi32, #blocked>
    %cst_0 = arith.constant dense<10> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<2> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<7> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<-1.000000e+00> : tensor<256xf32, #blocked>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<256xf32, #blocked>
    %cst_5 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_6 : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_5 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_5 : tensor<256x!tt.ptr<i32>, #blocked>
    %16 = arith.cmpf ogt, %9, %cst_4 : tensor<256xf32, #blocked>
    %17 = arith.select %16, %9, %cst_4 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %18 = arith.cmpf olt, %9, %cst_3 : tensor<256xf32, #blocked>
    %19 = arith.select %18, %9, %cst_3 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %20 = arith.addf %17, %19 : tensor<256xf32, #blocked>
    %21 = arith.maxnumf %9, %cst_6 : tensor<256xf32, #blocked>
    %22 = arith.maxnumf %21, %cst_6 : tensor<256xf32, #blocked>
    %23 = arith.addf %22, %9 : tensor<256xf32, #blocked>
    %24 = arith.addf %20, %23 : tensor<256xf32, #blocked>
    %25 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %26 = tt.addptr %25, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %26, %24, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    %27 = arith.maxsi %12, %cst_5 : tensor<256xi32, #blocked>
    %28 = arith.minsi %12, %cst_2 : tensor<256xi32, #blocked>
    %29 = arith.addi %27, %28 : tensor<256xi32, #blocked>
    %30 = arith.minsi %12, %cst_1 : tensor<256xi32, #blocked>
    %31 = arith.addi %29, %30 : tensor<256xi32, #blocked>
    %32 = arith.minsi %12, %cst_0 : tensor<256xi32, #blocked>
    %33 = arith.maxsi %32, %cst_0 : tensor<256xi32, #blocked>
    %34 = arith.addi %33, %12 : tensor<256xi32, #blocked>
    %35 = arith.addi %31, %34 : tensor<256xi32, #blocked>
    %36 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %37 = tt.addptr %36, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %37, %35, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %38 = arith.maxui %15, %cst : tensor<256xi32, #blocked>
    %39 = arith.addi %38, %15 : tensor<256xi32, #blocked>
    %40 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %41 = tt.addptr %40, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %41, %39, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
