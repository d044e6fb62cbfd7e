#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_minmax_nest(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0xFF800000> : tensor<256xf32, #blocked>
    %cst_0 = arith.constant dense<2.000000e+00> : tensor<256xf32, #blocked>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<256xf32, #blocked>
    %cst_2 = arith.constant dense<0x7F800000> : tensor<256xf32, #blocked>
    %cst_3 = arith.constant dense<7> : tensor<256xi32, #blocked>
    %cst_4 = arith.constant dense<-1> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<5> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %cst_7 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_8 : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_7 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_7 : tensor<256x!tt.ptr<i32>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %18 = tt.load %17, %6, %cst_7 : tensor<256x!tt.ptr<i32>, #blocked>
    %19 = arith.maxsi %12, %cst_6 : tensor<256xi32, #blocked>
    %20 = arith.maxsi %19, %cst_5 : tensor<256xi32, #blocked>
    %21 = arith.minsi %12, %cst_6 : tensor<256xi32, #blocked>
    %22 = arith.minsi %21, %cst_5 : tensor<256xi32, #blocked>
    %23 = arith.addi %20, %22 : tensor<256xi32, #blocked>
    %24 = arith.maxsi %21, %cst_5 : tensor<256xi32, #blocked>
    %25 = arith.addi %23, %24 : tensor<256xi32, #blocked>
    %26 = arith.maxsi %12, %15 : tensor<256xi32, #blocked>
    %27 = arith.minsi %12, %26 : tensor<256xi32, #blocked>
    %28 = arith.minsi %12, %15 : tensor<256xi32, #blocked>
    %29 = arith.maxsi %12, %28 : tensor<256xi32, #blocked>
    %30 = arith.addi %27, %29 : tensor<256xi32, #blocked>
    %31 = arith.maxsi %26, %12 : tensor<256xi32, #blocked>
    %32 = arith.addi %30, %31 : tensor<256xi32, #blocked>
    %33 = arith.addi %25, %32 : tensor<256xi32, #blocked>
    %34 = arith.addi %12, %cst_4 : tensor<256xi32, #blocked>
    %35 = arith.addi %34, %12 : tensor<256xi32, #blocked>
    %36 = arith.addi %33, %35 : tensor<256xi32, #blocked>
    %37 = arith.addi %28, %cst_6 : tensor<256xi32, #blocked>
    %38 = arith.addi %36, %37 : tensor<256xi32, #blocked>
    %39 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %40 = tt.addptr %39, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %40, %38, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %41 = arith.addi %18, %cst_4 : tensor<256xi32, #blocked>
    %42 = arith.maxui %18, %cst_6 : tensor<256xi32, #blocked>
    %43 = arith.maxui %42, %cst_3 : tensor<256xi32, #blocked>
    %44 = arith.addi %41, %43 : tensor<256xi32, #blocked>
    %45 = arith.addi %44, %18 : tensor<256xi32, #blocked>
    %46 = tt.splat %arg6 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %47 = tt.addptr %46, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %47, %45, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %48 = arith.maxnumf %9, %cst : tensor<256xf32, #blocked>
    %49 = arith.addf %9, %48 : tensor<256xf32, #blocked>
    %50 = arith.minnumf %9, %cst_2 : tensor<256xf32, #blocked>
    %51 = arith.addf %49, %50 : tensor<256xf32, #blocked>
    %52 = arith.maxnumf %9, %cst_2 : tensor<256xf32, #blocked>
    %53 = arith.addf %51, %52 : tensor<256xf32, #blocked>
    %54 = arith.minnumf %9, %cst : tensor<256xf32, #blocked>
    %55 = arith.addf %53, %54 : tensor<256xf32, #blocked>
    %56 = arith.maxnumf %9, %cst_1 : tensor<256xf32, #blocked>
    %57 = arith.maxnumf %56, %cst_0 : tensor<256xf32, #blocked>
    %58 = arith.minnumf %56, %cst_1 : tensor<256xf32, #blocked>
    %59 = arith.addf %57, %58 : tensor<256xf32, #blocked>
    %60 = arith.addf %55, %59 : tensor<256xf32, #blocked>
    %61 = arith.addf %9, %9 : tensor<256xf32, #blocked>
    %62 = arith.addf %60, %61 : tensor<256xf32, #blocked>
    %63 = arith.addf %62, %61 : tensor<256xf32, #blocked>
    %64 = tt.splat %arg4 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %65 = tt.addptr %64, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %65, %63, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
