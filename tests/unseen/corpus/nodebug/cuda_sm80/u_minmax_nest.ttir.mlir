module {
  tt.func public @u_minmax_nest(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0xFF800000> : tensor<256xf32>
    %cst_0 = arith.constant dense<2.000000e+00> : tensor<256xf32>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %cst_2 = arith.constant dense<0x7F800000> : tensor<256xf32>
    %cst_3 = arith.constant dense<7> : tensor<256xi32>
    %cst_4 = arith.constant dense<-1> : tensor<256xi32>
    %cst_5 = arith.constant dense<5> : tensor<256xi32>
    %cst_6 = arith.constant dense<3> : tensor<256xi32>
    %cst_7 = arith.constant dense<0> : tensor<256xi32>
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_8 : tensor<256x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_7 : tensor<256x!tt.ptr<i32>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_7 : tensor<256x!tt.ptr<i32>>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %18 = tt.load %17, %6, %cst_7 : tensor<256x!tt.ptr<i32>>
    %19 = arith.maxsi %12, %cst_6 : tensor<256xi32>
    %20 = arith.maxsi %19, %cst_5 : tensor<256xi32>
    %21 = arith.minsi %12, %cst_6 : tensor<256xi32>
    %22 = arith.minsi %21, %cst_5 : tensor<256xi32>
    %23 = arith.addi %20, %22 : tensor<256xi32>
    %24 = arith.maxsi %21, %cst_5 : tensor<256xi32>
    %25 = arith.addi %23, %24 : tensor<256xi32>
    %26 = arith.maxsi %12, %15 : tensor<256xi32>
    %27 = arith.minsi %12, %26 : tensor<256xi32>
    %28 = arith.minsi %12, %15 : tensor<256xi32>
    %29 = arith.maxsi %12, %28 : tensor<256xi32>
    %30 = arith.addi %27, %29 : tensor<256xi32>
    %31 = arith.maxsi %26, %12 : tensor<256xi32>
    %32 = arith.addi %30, %31 : tensor<256xi32>
    %33 = arith.addi %25, %32 : tensor<256xi32>
    %34 = arith.addi %12, %cst_4 : tensor<256xi32>
    %35 = arith.addi %34, %12 : tensor<256xi32>
    %36 = arith.addi %33, %35 : tensor<256xi32>
    %37 = arith.maxsi %28, %28 : tensor<256xi32>
    %38 = arith.addi %37, %cst_6 : tensor<256xi32>
    %39 = arith.addi %36, %38 : tensor<256xi32>
    %40 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %41 = tt.addptr %40, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %41, %39, %6 : tensor<256x!tt.ptr<i32>>
    %42 = arith.addi %18, %cst_4 : tensor<256xi32>
    %43 = arith.maxui %18, %cst_6 : tensor<256xi32>
    %44 = arith.maxui %43, %cst_3 : tensor<256xi32>
    %45 = arith.addi %42, %44 : tensor<256xi32>
    %46 = arith.addi %45, %18 : tensor<256xi32>
    %47 = tt.splat %arg6 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %48 = tt.addptr %47, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %48, %46, %6 : tensor<256x!tt.ptr<i32>>
    %49 = arith.maxnumf %9, %cst : tensor<256xf32>
    %50 = arith.addf %9, %49 : tensor<256xf32>
    %51 = arith.minnumf %9, %cst_2 : tensor<256xf32>
    %52 = arith.addf %50, %51 : tensor<256xf32>
    %53 = arith.maxnumf %9, %cst_2 : tensor<256xf32>
    %54 = arith.addf %52, %53 : tensor<256xf32>
    %55 = arith.minnumf %9, %cst : tensor<256xf32>
    %56 = arith.addf %54, %55 : tensor<256xf32>
    %57 = arith.maxnumf %9, %cst_1 : tensor<256xf32>
    %58 = arith.maxnumf %57, %cst_0 : tensor<256xf32>
    %59 = arith.minnumf %57, %cst_1 : tensor<256xf32>
    %60 = arith.addf %58, %59 : tensor<256xf32>
    %61 = arith.addf %56, %60 : tensor<256xf32>
    %62 = arith.addf %9, %9 : tensor<256xf32>
    %63 = arith.addf %61, %62 : tensor<256xf32>
    %64 = arith.addf %63, %62 : tensor<256xf32>
    %65 = tt.splat %arg4 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %66 = tt.addptr %65, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %66, %64, %6 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
