module {
  tt.func public @u_bitcast_chain(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: i32, %arg7: i32) attributes {noinline = false} {
    %0 = tt.get_program_id x : i32
    %c256_i32 = arith.constant 256 : i32
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.extsi %c256_i32 : i32 to i64
    %3 = arith.muli %1, %2 : i64
    %c2147483647_i64 = arith.constant 2147483647 : i64
    %c-2147483648_i64 = arith.constant -2147483648 : i64
    %4 = arith.cmpi sle, %3, %c2147483647_i64 : i64
    %5 = arith.cmpi sge, %3, %c-2147483648_i64 : i64
    %6 = arith.andi %4, %5 : i1
    %7 = arith.muli %0, %c256_i32 : i32
    %8 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %9 = tt.splat %7 : i32 -> tensor<256xi32>
    %10 = arith.extsi %9 : tensor<256xi32> to tensor<256xi64>
    %11 = arith.extsi %8 : tensor<256xi32> to tensor<256xi64>
    %12 = arith.addi %10, %11 : tensor<256xi64>
    %c2147483647_i64_0 = arith.constant 2147483647 : i64
    %c-2147483648_i64_1 = arith.constant -2147483648 : i64
    %cst = arith.constant dense<2147483647> : tensor<256xi64>
    %13 = arith.cmpi sle, %12, %cst : tensor<256xi64>
    %cst_2 = arith.constant dense<-2147483648> : tensor<256xi64>
    %14 = arith.cmpi sge, %12, %cst_2 : tensor<256xi64>
    %15 = arith.andi %13, %14 : tensor<256xi1>
    %16 = arith.addi %9, %8 : tensor<256xi32>
    %17 = tt.splat %arg7 : i32 -> tensor<256xi32>
    %18 = arith.cmpi slt, %16, %17 : tensor<256xi32>
    %19 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %20 = tt.addptr %19, %16 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %cst_3 = arith.constant 0.000000e+00 : f32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %21 = tt.load %20, %18, %cst_4 : tensor<256x!tt.ptr<f32>>
    %22 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %23 = tt.addptr %22, %16 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %cst_5 = arith.constant 0.000000e+00 : f32
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %24 = arith.truncf %cst_6 : tensor<256xf32> to tensor<256xf16>
    %25 = tt.load %23, %18, %24 : tensor<256x!tt.ptr<f16>>
    %26 = tt.bitcast %25 : tensor<256xf16> -> tensor<256xi16>
    %27 = tt.bitcast %26 : tensor<256xi16> -> tensor<256xbf16>
    %28 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %29 = tt.addptr %28, %16 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %30 = tt.bitcast %27 : tensor<256xbf16> -> tensor<256xf16>
    tt.store %29, %30, %18 : tensor<256x!tt.ptr<f16>>
    %31 = tt.bitcast %21 : tensor<256xf32> -> tensor<256xi32>
    %32 = tt.bitcast %31 : tensor<256xi32> -> tensor<256xi32>
    %33 = tt.bitcast %32 : tensor<256xi32> -> tensor<256xf32>
    %cst_7 = arith.constant 1.000000e+00 : f32
    %cst_8 = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %34 = tt.bitcast %cst_8 : tensor<256xf32> -> tensor<256xi32>
    %35 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %36 = tt.addptr %35, %16 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %c1065353216_i32 = arith.constant 1065353216 : i32
    %cst_9 = arith.constant dense<1065353216> : tensor<256xi32>
    %37 = tt.bitcast %cst_9 : tensor<256xi32> -> tensor<256xf32>
    %38 = arith.addf %33, %37 : tensor<256xf32>
    tt.store %36, %38, %18 : tensor<256x!tt.ptr<f32>>
    %39 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %40 = tt.addptr %39, %16 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %41 = tt.bitcast %21 : tensor<256xf32> -> tensor<256xi32>
    %42 = tt.bitcast %41 : tensor<256xi32> -> tensor<256xf32>
    %43 = tt.bitcast %42 : tensor<256xf32> -> tensor<256xi32>
    %44 = arith.extsi %34 : tensor<256xi32> to tensor<256xi64>
    %45 = arith.extsi %43 : tensor<256xi32> to tensor<256xi64>
    %46 = arith.addi %44, %45 : tensor<256xi64>
    %c2147483647_i64_10 = arith.constant 2147483647 : i64
    %c-2147483648_i64_11 = arith.constant -2147483648 : i64
    %cst_12 = arith.constant dense<2147483647> : tensor<256xi64>
    %47 = arith.cmpi sle, %46, %cst_12 : tensor<256xi64>
    %cst_13 = arith.constant dense<-2147483648> : tensor<256xi64>
    %48 = arith.cmpi sge, %46, %cst_13 : tensor<256xi64>
    %49 = arith.andi %47, %48 : tensor<256xi1>
    %50 = arith.addi %34, %43 : tensor<256xi32>
    tt.store %40, %50, %18 : tensor<256x!tt.ptr<i32>>
    %51 = tt.bitcast %arg6 : i32 -> f32
    %52 = tt.get_program_id x : i32
    %53 = tt.addptr %arg5, %52 : !tt.ptr<i32>, i32
    %54 = tt.bitcast %51 : f32 -> i32
    %55 = tt.bitcast %arg6 : i32 -> i32
    %56 = arith.bitcast %55 : i32 to i32
    %57 = arith.extsi %54 : i32 to i64
    %58 = arith.extsi %56 : i32 to i64
    %59 = arith.addi %57, %58 : i64
    %c2147483647_i64_14 = arith.constant 2147483647 : i64
    %c-2147483648_i64_15 = arith.constant -2147483648 : i64
    %60 = arith.cmpi sle, %59, %c2147483647_i64_14 : i64
    %61 = arith.cmpi sge, %59, %c-2147483648_i64_15 : i64
    %62 = arith.andi %60, %61 : i1
    %63 = arith.addi %54, %56 : i32
    tt.store %53, %63 : !tt.ptr<i32>
    tt.return
  }
}
