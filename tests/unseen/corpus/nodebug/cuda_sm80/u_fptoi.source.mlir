module {
  tt.func public @u_fptoi(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
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
    %19 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %20 = tt.addptr %19, %16 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %cst_3 = arith.constant 0.000000e+00 : f32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %21 = tt.load %20, %18, %cst_4 : tensor<256x!tt.ptr<f32>>
    %22 = arith.fptosi %21 : tensor<256xf32> to tensor<256xi64>
    %23 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %24 = tt.addptr %23, %16 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %25 = arith.trunci %22 : tensor<256xi64> to tensor<256xi8>
    tt.store %24, %25, %18 : tensor<256x!tt.ptr<i8>>
    %26 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %27 = tt.addptr %26, %16 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %28 = arith.fptosi %21 : tensor<256xf32> to tensor<256xi32>
    %29 = arith.extsi %28 : tensor<256xi32> to tensor<256xi64>
    %30 = arith.trunci %29 : tensor<256xi64> to tensor<256xi32>
    %31 = arith.fptosi %21 : tensor<256xf32> to tensor<256xi8>
    %32 = arith.extsi %31 : tensor<256xi8> to tensor<256xi32>
    %33 = arith.extsi %30 : tensor<256xi32> to tensor<256xi64>
    %34 = arith.extsi %32 : tensor<256xi32> to tensor<256xi64>
    %35 = arith.addi %33, %34 : tensor<256xi64>
    %c2147483647_i64_5 = arith.constant 2147483647 : i64
    %c-2147483648_i64_6 = arith.constant -2147483648 : i64
    %cst_7 = arith.constant dense<2147483647> : tensor<256xi64>
    %36 = arith.cmpi sle, %35, %cst_7 : tensor<256xi64>
    %cst_8 = arith.constant dense<-2147483648> : tensor<256xi64>
    %37 = arith.cmpi sge, %35, %cst_8 : tensor<256xi64>
    %38 = arith.andi %36, %37 : tensor<256xi1>
    %39 = arith.addi %30, %32 : tensor<256xi32>
    tt.store %27, %39, %18 : tensor<256x!tt.ptr<i32>>
    %40 = tt.splat %arg3 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %41 = tt.addptr %40, %16 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %42 = arith.fptoui %21 : tensor<256xf32> to tensor<256xi32>
    %43 = arith.trunci %42 : tensor<256xi32> to tensor<256xi16>
    tt.store %41, %43, %18 : tensor<256x!tt.ptr<i16>>
    tt.return
  }
}
