module {
  tt.func public @u_fp_ident(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg8: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg9: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf64>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xbf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf16>
    %cst_2 = arith.constant dense<5.000000e-01> : tensor<256xf32>
    %cst_3 = arith.constant dense<2.000000e+00> : tensor<256xf32>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %cst_5 = arith.constant dense<-1.000000e+00> : tensor<256xf32>
    %cst_6 = arith.constant dense<-0.000000e+00> : tensor<256xf32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg9 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_7 : tensor<256x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_7 : tensor<256x!tt.ptr<f32>>
    %13 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_1 : tensor<256x!tt.ptr<f16>>
    %16 = tt.splat %arg3 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<bf16>>, tensor<256xi32>
    %18 = tt.load %17, %6, %cst_0 : tensor<256x!tt.ptr<bf16>>
    %19 = tt.splat %arg4 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>>
    %20 = tt.addptr %19, %4 : tensor<256x!tt.ptr<f64>>, tensor<256xi32>
    %21 = tt.load %20, %6, %cst : tensor<256x!tt.ptr<f64>>
    %22 = arith.addf %9, %9 : tensor<256xf32>
    %23 = arith.mulf %9, %cst_5 : tensor<256xf32>
    %24 = arith.addf %22, %23 : tensor<256xf32>
    %25 = arith.mulf %9, %12 : tensor<256xf32>
    %26 = arith.addf %24, %25 : tensor<256xf32>
    %27 = arith.divf %9, %12 : tensor<256xf32>
    %28 = arith.addf %26, %27 : tensor<256xf32>
    %29 = arith.subf %9, %cst_6 : tensor<256xf32>
    %30 = arith.addf %28, %29 : tensor<256xf32>
    %31 = arith.subf %cst_7, %9 : tensor<256xf32>
    %32 = arith.addf %30, %31 : tensor<256xf32>
    %33 = arith.subf %32, %9 : tensor<256xf32>
    %34 = arith.negf %12 : tensor<256xf32>
    %35 = arith.subf %9, %34 : tensor<256xf32>
    %36 = arith.subf %35, %9 : tensor<256xf32>
    %37 = arith.addf %36, %12 : tensor<256xf32>
    %38 = arith.mulf %9, %cst_7 : tensor<256xf32>
    %39 = arith.addf %37, %38 : tensor<256xf32>
    %40 = arith.addf %39, %9 : tensor<256xf32>
    %41 = arith.divf %9, %cst_5 : tensor<256xf32>
    %42 = arith.addf %40, %41 : tensor<256xf32>
    %43 = arith.subf %42, %25 : tensor<256xf32>
    %44 = arith.negf %9 : tensor<256xf32>
    %45 = arith.mulf %44, %12 : tensor<256xf32>
    %46 = arith.addf %43, %45 : tensor<256xf32>
    %47 = arith.divf %9, %cst_3 : tensor<256xf32>
    %48 = arith.addf %46, %47 : tensor<256xf32>
    %49 = arith.mulf %9, %cst_2 : tensor<256xf32>
    %50 = arith.addf %48, %49 : tensor<256xf32>
    %51 = arith.addf %33, %50 : tensor<256xf32>
    %52 = math.fma %9, %cst_4, %cst_7 : tensor<256xf32>
    %53 = math.fma %9, %12, %cst_6 : tensor<256xf32>
    %54 = arith.addf %52, %53 : tensor<256xf32>
    %55 = math.absf %44 : tensor<256xf32>
    %56 = arith.addf %54, %55 : tensor<256xf32>
    %57 = math.absf %23 : tensor<256xf32>
    %58 = arith.addf %56, %57 : tensor<256xf32>
    %59 = arith.addf %51, %58 : tensor<256xf32>
    %60 = tt.splat %arg5 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %61 = tt.addptr %60, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %61, %59, %6 : tensor<256x!tt.ptr<f32>>
    %62 = tt.splat %arg6 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %63 = tt.addptr %62, %4 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %64 = arith.addf %15, %15 : tensor<256xf16>
    %65 = arith.addf %64, %15 : tensor<256xf16>
    %66 = arith.addf %65, %15 : tensor<256xf16>
    tt.store %63, %66, %6 : tensor<256x!tt.ptr<f16>>
    %67 = tt.splat %arg7 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>>
    %68 = tt.addptr %67, %4 : tensor<256x!tt.ptr<bf16>>, tensor<256xi32>
    %69 = arith.addf %18, %18 : tensor<256xbf16>
    %70 = arith.addf %69, %18 : tensor<256xbf16>
    %71 = arith.extf %18 : tensor<256xbf16> to tensor<256xf32>
    %72 = arith.extf %70 : tensor<256xbf16> to tensor<256xf32>
    %73 = arith.addf %72, %71 : tensor<256xf32>
    %74 = arith.truncf %73 : tensor<256xf32> to tensor<256xbf16>
    tt.store %68, %74, %6 : tensor<256x!tt.ptr<bf16>>
    %75 = tt.splat %arg8 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>>
    %76 = tt.addptr %75, %4 : tensor<256x!tt.ptr<f64>>, tensor<256xi32>
    %77 = arith.addf %21, %21 : tensor<256xf64>
    %78 = arith.addf %77, %21 : tensor<256xf64>
    %79 = arith.mulf %21, %21 : tensor<256xf64>
    %80 = arith.addf %78, %79 : tensor<256xf64>
    %81 = arith.addf %80, %21 : tensor<256xf64>
    tt.store %76, %81, %6 : tensor<256x!tt.ptr<f64>>
    tt.return
  }
}
