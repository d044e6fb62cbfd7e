module {
  tt.func public @u_bitcasts(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
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
    %17 = tt.splat %arg5 : i32 -> tensor<256xi32>
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
    %26 = tt.bitcast %21 : tensor<256xf32> -> tensor<256xi32>
    %27 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %28 = tt.addptr %27, %16 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %29 = tt.bitcast %26 : tensor<256xi32> -> tensor<256xf32>
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %cst_7 = arith.constant dense<2147483647> : tensor<256xi32>
    %30 = arith.andi %26, %cst_7 : tensor<256xi32>
    %31 = tt.bitcast %30 : tensor<256xi32> -> tensor<256xf32>
    %32 = arith.addf %29, %31 : tensor<256xf32>
    tt.store %28, %32, %18 : tensor<256x!tt.ptr<f32>>
    %33 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %34 = tt.addptr %33, %16 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %35 = tt.bitcast %21 : tensor<256xf32> -> tensor<256xi32>
    %36 = tt.bitcast %35 : tensor<256xi32> -> tensor<256xi32>
    %c23_i32 = arith.constant 23 : i32
    %cst_8 = arith.constant dense<23> : tensor<256xi32>
    %37 = arith.shrsi %26, %cst_8 : tensor<256xi32>
    %38 = arith.extsi %36 : tensor<256xi32> to tensor<256xi64>
    %39 = arith.extsi %37 : tensor<256xi32> to tensor<256xi64>
    %40 = arith.addi %38, %39 : tensor<256xi64>
    %c2147483647_i64_9 = arith.constant 2147483647 : i64
    %c-2147483648_i64_10 = arith.constant -2147483648 : i64
    %cst_11 = arith.constant dense<2147483647> : tensor<256xi64>
    %41 = arith.cmpi sle, %40, %cst_11 : tensor<256xi64>
    %cst_12 = arith.constant dense<-2147483648> : tensor<256xi64>
    %42 = arith.cmpi sge, %40, %cst_12 : tensor<256xi64>
    %43 = arith.andi %41, %42 : tensor<256xi1>
    %44 = arith.addi %36, %37 : tensor<256xi32>
    tt.store %34, %44, %18 : tensor<256x!tt.ptr<i32>>
    %45 = tt.bitcast %25 : tensor<256xf16> -> tensor<256xi16>
    %46 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %47 = tt.addptr %46, %16 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %c-32768_i16 = arith.constant -32768 : i16
    %cst_13 = arith.constant dense<-32768> : tensor<256xi16>
    %48 = arith.xori %45, %cst_13 : tensor<256xi16>
    %49 = tt.bitcast %48 : tensor<256xi16> -> tensor<256xf16>
    %50 = tt.bitcast %45 : tensor<256xi16> -> tensor<256xf16>
    %51 = arith.addf %49, %50 : tensor<256xf16>
    tt.store %47, %51, %18 : tensor<256x!tt.ptr<f16>>
    tt.return
  }
}
