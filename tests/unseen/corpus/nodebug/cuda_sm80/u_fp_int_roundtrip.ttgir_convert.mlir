#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_fp_int_roundtrip(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi16, #blocked>
    %cst_0 = arith.constant dense<0> : tensor<256xi8, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %cst_2 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<i8>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<i8>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i16>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i16>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %18 = tt.load %17, %6, %cst_2 : tensor<256x!tt.ptr<i32>, #blocked>
    %19 = tt.splat %arg4 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %20 = tt.addptr %19, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %21 = tt.load %20, %6, %cst_1 : tensor<256x!tt.ptr<f32>, #blocked>
    %22 = arith.sitofp %9 : tensor<256xi8, #blocked> to tensor<256xf32, #blocked>
    %23 = arith.fptosi %22 : tensor<256xf32, #blocked> to tensor<256xi8, #blocked>
    %24 = arith.extsi %23 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %25 = arith.sitofp %9 : tensor<256xi8, #blocked> to tensor<256xf16, #blocked>
    %26 = arith.extf %25 : tensor<256xf16, #blocked> to tensor<256xf32, #blocked>
    %27 = arith.fptosi %26 : tensor<256xf32, #blocked> to tensor<256xi32, #blocked>
    %28 = arith.addi %24, %27 : tensor<256xi32, #blocked>
    %29 = arith.sitofp %15 : tensor<256xi16, #blocked> to tensor<256xf32, #blocked>
    %30 = arith.fptosi %29 : tensor<256xf32, #blocked> to tensor<256xi32, #blocked>
    %31 = arith.addi %28, %30 : tensor<256xi32, #blocked>
    %32 = arith.uitofp %12 : tensor<256xi8, #blocked> to tensor<256xf32, #blocked>
    %33 = arith.fptoui %32 : tensor<256xf32, #blocked> to tensor<256xi8, #blocked>
    %34 = arith.extui %33 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %35 = arith.uitofp %12 : tensor<256xi8, #blocked> to tensor<256xf16, #blocked>
    %36 = arith.extf %35 : tensor<256xf16, #blocked> to tensor<256xf32, #blocked>
    %37 = arith.fptosi %36 : tensor<256xf32, #blocked> to tensor<256xi16, #blocked>
    %38 = arith.extsi %37 : tensor<256xi16, #blocked> to tensor<256xi32, #blocked>
    %39 = arith.addi %34, %38 : tensor<256xi32, #blocked>
    %40 = arith.addi %31, %39 : tensor<256xi32, #blocked>
    %41 = arith.sitofp %18 : tensor<256xi32, #blocked> to tensor<256xf64, #blocked>
    %42 = arith.fptosi %41 : tensor<256xf64, #blocked> to tensor<256xi32, #blocked>
    %43 = arith.sitofp %18 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %44 = arith.fptosi %43 : tensor<256xf32, #blocked> to tensor<256xi32, #blocked>
    %45 = arith.addi %42, %44 : tensor<256xi32, #blocked>
    %46 = arith.fptosi %43 : tensor<256xf32, #blocked> to tensor<256xi64, #blocked>
    %47 = arith.trunci %46 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %48 = arith.addi %45, %47 : tensor<256xi32, #blocked>
    %49 = arith.addi %40, %48 : tensor<256xi32, #blocked>
    %50 = arith.fptosi %32 : tensor<256xf32, #blocked> to tensor<256xi32, #blocked>
    %51 = arith.fptoui %22 : tensor<256xf32, #blocked> to tensor<256xi32, #blocked>
    %52 = arith.addi %50, %51 : tensor<256xi32, #blocked>
    %53 = arith.addi %49, %52 : tensor<256xi32, #blocked>
    %54 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %55 = tt.addptr %54, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %55, %53, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %56 = arith.fptosi %21 : tensor<256xf32, #blocked> to tensor<256xi32, #blocked>
    %57 = arith.sitofp %56 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %58 = arith.fptosi %21 : tensor<256xf32, #blocked> to tensor<256xi8, #blocked>
    %59 = arith.sitofp %58 : tensor<256xi8, #blocked> to tensor<256xf32, #blocked>
    %60 = arith.addf %57, %59 : tensor<256xf32, #blocked>
    %61 = arith.fptoui %21 : tensor<256xf32, #blocked> to tensor<256xi8, #blocked>
    %62 = arith.uitofp %61 : tensor<256xi8, #blocked> to tensor<256xf32, #blocked>
    %63 = arith.addf %60, %62 : tensor<256xf32, #blocked>
    %64 = arith.truncf %21 : tensor<256xf32, #blocked> to tensor<256xf16, #blocked>
    %65 = arith.extf %64 : tensor<256xf16, #blocked> to tensor<256xf32, #blocked>
    %66 = arith.fptosi %65 : tensor<256xf32, #blocked> to tensor<256xi16, #blocked>
    %67 = arith.sitofp %66 : tensor<256xi16, #blocked> to tensor<256xf32, #blocked>
    %68 = arith.fptosi %21 : tensor<256xf32, #blocked> to tensor<256xi64, #blocked>
    %69 = arith.sitofp %68 : tensor<256xi64, #blocked> to tensor<256xf32, #blocked>
    %70 = arith.addf %67, %69 : tensor<256xf32, #blocked>
    %71 = arith.addf %63, %70 : tensor<256xf32, #blocked>
    %72 = tt.splat %arg6 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %73 = tt.addptr %72, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %73, %71, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
