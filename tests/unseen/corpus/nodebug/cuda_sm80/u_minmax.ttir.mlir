module {
  tt.func public @u_minmax(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<5> : tensor<256xi32>
    %cst_0 = arith.constant dense<10> : tensor<256xi32>
    %cst_1 = arith.constant dense<2> : tensor<256xi32>
    %cst_2 = arith.constant dense<7> : tensor<256xi32>
    %cst_3 = arith.constant dense<-1.000000e+00> : tensor<256xf32>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %cst_5 = arith.constant dense<0> : tensor<256xi32>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_6 : tensor<256x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %16 = arith.cmpf ogt, %9, %cst_4 : tensor<256xf32>
    %17 = arith.select %16, %9, %cst_4 : tensor<256xi1>, tensor<256xf32>
    %18 = arith.cmpf olt, %9, %cst_3 : tensor<256xf32>
    %19 = arith.select %18, %9, %cst_3 : tensor<256xi1>, tensor<256xf32>
    %20 = arith.addf %17, %19 : tensor<256xf32>
    %21 = arith.maxnumf %9, %cst_6 : tensor<256xf32>
    %22 = arith.maxnumf %21, %cst_6 : tensor<256xf32>
    %23 = arith.addf %22, %9 : tensor<256xf32>
    %24 = arith.addf %20, %23 : tensor<256xf32>
    %25 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %26 = tt.addptr %25, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %26, %24, %6 : tensor<256x!tt.ptr<f32>>
    %27 = arith.maxsi %12, %cst_5 : tensor<256xi32>
    %28 = arith.minsi %12, %cst_2 : tensor<256xi32>
    %29 = arith.addi %27, %28 : tensor<256xi32>
    %30 = arith.minsi %12, %cst_1 : tensor<256xi32>
    %31 = arith.addi %29, %30 : tensor<256xi32>
    %32 = arith.minsi %12, %cst_0 : tensor<256xi32>
    %33 = arith.maxsi %32, %cst_0 : tensor<256xi32>
    %34 = arith.addi %33, %12 : tensor<256xi32>
    %35 = arith.addi %31, %34 : tensor<256xi32>
    %36 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %37 = tt.addptr %36, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %37, %35, %6 : tensor<256x!tt.ptr<i32>>
    %38 = arith.maxui %15, %cst : tensor<256xi32>
    %39 = arith.addi %38, %15 : tensor<256xi32>
    %40 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %41 = tt.addptr %40, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %41, %39, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
