module {
  tt.func public @u_uitofp_ext(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
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
    %17 = tt.splat %arg4 : i32 -> tensor<256xi32>
    %18 = arith.cmpi slt, %16, %17 : tensor<256xi32>
    %19 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %20 = tt.addptr %19, %16 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant dense<0> : tensor<256xi32>
    %21 = arith.trunci %cst_3 : tensor<256xi32> to tensor<256xi8>
    %22 = tt.load %20, %18, %21 : tensor<256x!tt.ptr<i8>>
    %23 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %24 = tt.addptr %23, %16 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %c0_i32_4 = arith.constant 0 : i32
    %cst_5 = arith.constant dense<0> : tensor<256xi32>
    %25 = arith.trunci %cst_5 : tensor<256xi32> to tensor<256xi16>
    %26 = tt.load %24, %18, %25 : tensor<256x!tt.ptr<i16>>
    %27 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %28 = tt.addptr %27, %16 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %c0_i32_6 = arith.constant 0 : i32
    %cst_7 = arith.constant dense<0> : tensor<256xi32>
    %29 = arith.bitcast %cst_7 : tensor<256xi32> to tensor<256xi32>
    %30 = tt.load %28, %18, %29 : tensor<256x!tt.ptr<i32>>
    %31 = arith.extui %22 : tensor<256xi8> to tensor<256xi32>
    %32 = arith.uitofp %31 : tensor<256xi32> to tensor<256xf32>
    %33 = arith.extui %26 : tensor<256xi16> to tensor<256xi32>
    %34 = arith.sitofp %33 : tensor<256xi32> to tensor<256xf32>
    %35 = arith.addf %32, %34 : tensor<256xf32>
    %36 = arith.extui %30 : tensor<256xi32> to tensor<256xi64>
    %37 = arith.uitofp %36 : tensor<256xi64> to tensor<256xf32>
    %38 = arith.addf %35, %37 : tensor<256xf32>
    %39 = arith.extui %30 : tensor<256xi32> to tensor<256xi64>
    %40 = arith.sitofp %39 : tensor<256xi64> to tensor<256xf32>
    %41 = arith.addf %38, %40 : tensor<256xf32>
    %42 = arith.extui %22 : tensor<256xi8> to tensor<256xi16>
    %43 = arith.sitofp %42 : tensor<256xi16> to tensor<256xf16>
    %44 = arith.extf %43 : tensor<256xf16> to tensor<256xf32>
    %45 = arith.addf %41, %44 : tensor<256xf32>
    %46 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %47 = tt.addptr %46, %16 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %47, %45, %18 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
