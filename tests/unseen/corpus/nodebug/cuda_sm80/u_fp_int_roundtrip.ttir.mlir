module {
  tt.func public @u_fp_int_roundtrip(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi16>
    %cst_0 = arith.constant dense<0> : tensor<256xi8>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %cst_2 = arith.constant dense<0> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %10 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %13 = tt.splat %arg2 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i16>>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %18 = tt.load %17, %6, %cst_2 : tensor<256x!tt.ptr<i32>>
    %19 = tt.splat %arg4 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %20 = tt.addptr %19, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %21 = tt.load %20, %6, %cst_1 : tensor<256x!tt.ptr<f32>>
    %22 = arith.sitofp %9 : tensor<256xi8> to tensor<256xf32>
    %23 = arith.fptosi %22 : tensor<256xf32> to tensor<256xi8>
    %24 = arith.extsi %23 : tensor<256xi8> to tensor<256xi32>
    %25 = arith.sitofp %9 : tensor<256xi8> to tensor<256xf16>
    %26 = arith.extf %25 : tensor<256xf16> to tensor<256xf32>
    %27 = arith.fptosi %26 : tensor<256xf32> to tensor<256xi32>
    %28 = arith.addi %24, %27 : tensor<256xi32>
    %29 = arith.sitofp %15 : tensor<256xi16> to tensor<256xf32>
    %30 = arith.fptosi %29 : tensor<256xf32> to tensor<256xi32>
    %31 = arith.addi %28, %30 : tensor<256xi32>
    %32 = arith.uitofp %12 : tensor<256xi8> to tensor<256xf32>
    %33 = arith.fptoui %32 : tensor<256xf32> to tensor<256xi8>
    %34 = arith.extui %33 : tensor<256xi8> to tensor<256xi32>
    %35 = arith.uitofp %12 : tensor<256xi8> to tensor<256xf16>
    %36 = arith.extf %35 : tensor<256xf16> to tensor<256xf32>
    %37 = arith.fptosi %36 : tensor<256xf32> to tensor<256xi16>
    %38 = arith.extsi %37 : tensor<256xi16> to tensor<256xi32>
    %39 = arith.addi %34, %38 : tensor<256xi32>
    %40 = arith.addi %31, %39 : tensor<256xi32>
    %41 = arith.sitofp %18 : tensor<256xi32> to tensor<256xf64>
    %42 = arith.fptosi %41 : tensor<256xf64> to tensor<256xi32>
    %43 = arith.sitofp %18 : tensor<256xi32> to tensor<256xf32>
    %44 = arith.fptosi %43 : tensor<256xf32> to tensor<256xi32>
    %45 = arith.addi %42, %44 : tensor<256xi32>
    %46 = arith.fptosi %43 : tensor<256xf32> to tensor<256xi64>
    %47 = arith.trunci %46 : tensor<256xi64> to tensor<256xi32>
    %48 = arith.addi %45, %47 : tensor<256xi32>
    %49 = arith.addi %40, %48 : tensor<256xi32>
    %50 = arith.fptosi %32 : tensor<256xf32> to tensor<256xi32>
    %51 = arith.fptoui %22 : tensor<256xf32> to tensor<256xi32>
    %52 = arith.addi %50, %51 : tensor<256xi32>
    %53 = arith.addi %49, %52 : tensor<256xi32>
    %54 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %55 = tt.addptr %54, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %55, %53, %6 : tensor<256x!tt.ptr<i32>>
    %56 = arith.fptosi %21 : tensor<256xf32> to tensor<256xi32>
    %57 = arith.sitofp %56 : tensor<256xi32> to tensor<256xf32>
    %58 = arith.fptosi %21 : tensor<256xf32> to tensor<256xi8>
    %59 = arith.sitofp %58 : tensor<256xi8> to tensor<256xf32>
    %60 = arith.addf %57, %59 : tensor<256xf32>
    %61 = arith.fptoui %21 : tensor<256xf32> to tensor<256xi8>
    %62 = arith.uitofp %61 : tensor<256xi8> to tensor<256xf32>
    %63 = arith.addf %60, %62 : tensor<256xf32>
    %64 = arith.truncf %21 : tensor<256xf32> to tensor<256xf16>
    %65 = arith.extf %64 : tensor<256xf16> to tensor<256xf32>
    %66 = arith.fptosi %65 : tensor<256xf32> to tensor<256xi16>
    %67 = arith.sitofp %66 : tensor<256xi16> to tensor<256xf32>
    %68 = arith.fptosi %21 : tensor<256xf32> to tensor<256xi64>
    %69 = arith.sitofp %68 : tensor<256xi64> to tensor<256xf32>
    %70 = arith.addf %67, %69 : tensor<256xf32>
    %71 = arith.addf %63, %70 : tensor<256xf32>
    %72 = tt.splat %arg6 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %73 = tt.addptr %72, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %73, %71, %6 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
