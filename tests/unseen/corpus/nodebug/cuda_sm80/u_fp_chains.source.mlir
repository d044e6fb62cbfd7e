module {
  tt.func public @u_fp_chains(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
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
    %19 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %20 = tt.addptr %19, %16 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %cst_3 = arith.constant 0.000000e+00 : f32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %21 = arith.truncf %cst_4 : tensor<256xf32> to tensor<256xf16>
    %22 = tt.load %20, %18, %21 : tensor<256x!tt.ptr<f16>>
    %23 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>>
    %24 = tt.addptr %23, %16 : tensor<256x!tt.ptr<bf16>>, tensor<256xi32>
    %cst_5 = arith.constant 0.000000e+00 : f32
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %25 = arith.truncf %cst_6 : tensor<256xf32> to tensor<256xbf16>
    %26 = tt.load %24, %18, %25 : tensor<256x!tt.ptr<bf16>>
    %27 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %28 = tt.addptr %27, %16 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %cst_7 = arith.constant 0.000000e+00 : f32
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %29 = tt.load %28, %18, %cst_8 : tensor<256x!tt.ptr<f32>>
    %30 = tt.splat %arg3 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>>
    %31 = tt.addptr %30, %16 : tensor<256x!tt.ptr<f64>>, tensor<256xi32>
    %cst_9 = arith.constant 0.000000e+00 : f32
    %cst_10 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %32 = arith.extf %cst_10 : tensor<256xf32> to tensor<256xf64>
    %33 = tt.load %31, %18, %32 : tensor<256x!tt.ptr<f64>>
    %34 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %35 = tt.addptr %34, %16 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %36 = arith.extf %22 : tensor<256xf16> to tensor<256xf32>
    %37 = arith.truncf %36 : tensor<256xf32> to tensor<256xf16>
    %38 = arith.extf %22 : tensor<256xf16> to tensor<256xf32>
    %39 = arith.extf %38 : tensor<256xf32> to tensor<256xf64>
    %40 = arith.truncf %39 : tensor<256xf64> to tensor<256xf32>
    %41 = arith.truncf %40 : tensor<256xf32> to tensor<256xf16>
    %42 = arith.addf %37, %41 : tensor<256xf16>
    tt.store %35, %42, %18 : tensor<256x!tt.ptr<f16>>
    %43 = tt.splat %arg5 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>>
    %44 = tt.addptr %43, %16 : tensor<256x!tt.ptr<bf16>>, tensor<256xi32>
    %45 = arith.extf %26 : tensor<256xbf16> to tensor<256xf32>
    %46 = arith.truncf %45 : tensor<256xf32> to tensor<256xbf16>
    %47 = arith.extf %22 : tensor<256xf16> to tensor<256xf32>
    %48 = arith.truncf %47 : tensor<256xf32> to tensor<256xbf16>
    %49 = arith.addf %46, %48 : tensor<256xbf16>
    tt.store %44, %49, %18 : tensor<256x!tt.ptr<bf16>>
    %50 = tt.splat %arg6 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %51 = tt.addptr %50, %16 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %52 = arith.extf %29 : tensor<256xf32> to tensor<256xf64>
    %53 = arith.truncf %52 : tensor<256xf64> to tensor<256xf32>
    %54 = arith.truncf %33 : tensor<256xf64> to tensor<256xf32>
    %55 = arith.extf %54 : tensor<256xf32> to tensor<256xf64>
    %56 = arith.truncf %55 : tensor<256xf64> to tensor<256xf32>
    %57 = arith.addf %53, %56 : tensor<256xf32>
    %58 = arith.extf %26 : tensor<256xbf16> to tensor<256xf32>
    %59 = arith.extf %58 : tensor<256xf32> to tensor<256xf64>
    %60 = arith.truncf %59 : tensor<256xf64> to tensor<256xf32>
    %61 = arith.addf %57, %60 : tensor<256xf32>
    tt.store %51, %61, %18 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
