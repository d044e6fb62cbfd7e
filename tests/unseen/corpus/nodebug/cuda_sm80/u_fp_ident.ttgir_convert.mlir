#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_fp_ident(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg8: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg9: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf64, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xbf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf16, #blocked>
    %cst_2 = arith.constant dense<5.000000e-01> : tensor<256xf32, #blocked>
    %cst_3 = arith.constant dense<2.000000e+00> : tensor<256xf32, #blocked>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<256xf32, #blocked>
    %cst_5 = arith.constant dense<-1.000000e+00> : tensor<256xf32, #blocked>
    %cst_6 = arith.constant dense<-0.000000e+00> : tensor<256xf32, #blocked>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg9 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_7 : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_7 : tensor<256x!tt.ptr<f32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_1 : tensor<256x!tt.ptr<f16>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xi32, #blocked>
    %18 = tt.load %17, %6, %cst_0 : tensor<256x!tt.ptr<bf16>, #blocked>
    %19 = tt.splat %arg4 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #blocked>
    %20 = tt.addptr %19, %4 : tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xi32, #blocked>
    %21 = tt.load %20, %6, %cst : tensor<256x!tt.ptr<f64>, #blocked>
    %22 = arith.addf %9, %9 : tensor<256xf32, #blocked>
    %23 = arith.mulf %9, %cst_5 : tensor<256xf32, #blocked>
    %24 = arith.addf %22, %23 : tensor<256xf32, #blocked>
    %25 = arith.mulf %9, %12 : tensor<256xf32, #blocked>
    %26 = arith.addf %24, %25 : tensor<256xf32, #blocked>
    %27 = arith.divf %9, %12 : tensor<256xf32, #blocked>
    %28 = arith.addf %26, %27 : tensor<256xf32, #blocked>
    %29 = arith.subf %9, %cst_6 : tensor<256xf32, #blocked>
    %30 = arith.addf %28, %29 : tensor<256xf32, #blocked>
    %31 = arith.subf %cst_7, %9 : tensor<256xf32, #blocked>
    %32 = arith.addf %30, %31 : tensor<256xf32, #blocked>
    %33 = arith.subf %32, %9 : tensor<256xf32, #blocked>
    %34 = arith.negf %12 : tensor<256xf32, #blocked>
    %35 = arith.subf %9, %34 : tensor<256xf32, #blocked>
    %36 = arith.subf %35, %9 : tensor<256xf32, #blocked>
    %37 = arith.addf %36, %12 : tensor<256xf32, #blocked>
    %38 = arith.mulf %9, %cst_7 : tensor<256xf32, #blocked>
    %39 = arith.addf %37, %38 : tensor<256xf32, #blocked>
    %40 = arith.addf %39, %9 : tensor<256xf32, #blocked>
    %41 = arith.divf %9, %cst_5 : tensor<256xf32, #blocked>
    %42 = arith.addf %40, %41 : tensor<256xf32, #blocked>
    %43 = arith.subf %42, %25 : tensor<256xf32, #blocked>
    %44 = arith.negf %9 : tensor<256xf32, #blocked>
    %45 = arith.mulf %44, %12 : tensor<256xf32, #blocked>
    %46 = arith.addf %43, %45 : tensor<256xf32, #blocked>
    %47 = arith.divf %9, %cst_3 : tensor<256xf32, #blocked>
    %48 = arith.addf %46, %47 : tensor<256xf32, #blocked>
    %49 = arith.mulf %9, %cst_2 : tensor<256xf32, #blocked>
    %50 = arith.addf %48, %49 : tensor<256xf32, #blocked>
    %51 = arith.addf %33, %50 : tensor<256xf32, #blocked>
    %52 = math.fma %9, %cst_4, %cst_7 : tensor<256xf32, #blocked>
    %53 = math.fma %9, %12, %cst_6 : tensor<256xf32, #blocked>
    %54 = arith.addf %52, %53 : tensor<256xf32, #blocked>
    %55 = math.absf %44 : tensor<256xf32, #blocked>
    %56 = arith.addf %54, %55 : tensor<256xf32, #blocked>
    %57 = math.absf %23 : tensor<256xf32, #blocked>
    %58 = arith.addf %56, %57 : tensor<256xf32, #blocked>
    %59 = arith.addf %51, %58 : tensor<256xf32, #blocked>
    %60 = tt.splat %arg5 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %61 = tt.addptr %60, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %61, %59, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    %62 = tt.splat %arg6 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %63 = tt.addptr %62, %4 : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %64 = arith.addf %15, %15 : tensor<256xf16, #blocked>
    %65 = arith.addf %64, %15 : tensor<256xf16, #blocked>
    %66 = arith.addf %65, %15 : tensor<256xf16, #blocked>
    tt.store %63, %66, %6 : tensor<256x!tt.ptr<f16>, #blocked>
    %67 = tt.splat %arg7 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #blocked>
    %68 = tt.addptr %67, %4 : tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xi32, #blocked>
    %69 = arith.addf %18, %18 : tensor<256xbf16, #blocked>
    %70 = arith.addf %69, %18 : tensor<256xbf16, #blocked>
    %71 = arith.extf %18 : tensor<256xbf16, #blocked> to tensor<256xf32, #blocked>
    %72 = arith.extf %70 : tensor<256xbf16, #blocked> to tensor<256xf32, #blocked>
    %73 = arith.addf %72, %71 : tensor<256xf32, #blocked>
    %74 = arith.truncf %73 : tensor<256xf32, #blocked> to tensor<256xbf16, #blocked>
    tt.store %68, %74, %6 : tensor<256x!tt.ptr<bf16>, #blocked>
    %75 = tt.splat %arg8 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #blocked>
    %76 = tt.addptr %75, %4 : tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xi32, #blocked>
    %77 = arith.addf %21, %21 : tensor<256xf64, #blocked>
    %78 = arith.addf %77, %21 : tensor<256xf64, #blocked>
    %79 = arith.mulf %21, %21 : tensor<256xf64, #blocked>
    %80 = arith.addf %78, %79 : tensor<256xf64, #blocked>
    %81 = arith.addf %80, %21 : tensor<256xf64, #blocked>
    tt.store %76, %81, %6 : tensor<256x!tt.ptr<f64>, #blocked>
    tt.return
  }
}
