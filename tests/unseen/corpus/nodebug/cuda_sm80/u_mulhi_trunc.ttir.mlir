module {
  tt.func public @u_mulhi_trunc(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg8: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi64>
    %cst_0 = arith.constant dense<3> : tensor<256xi64>
    %cst_1 = arith.constant dense<33> : tensor<256xi64>
    %cst_2 = arith.constant dense<8> : tensor<256xi64>
    %cst_3 = arith.constant dense<40> : tensor<256xi64>
    %cst_4 = arith.constant dense<32> : tensor<256xi64>
    %cst_5 = arith.constant dense<0> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg8 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %18 = tt.load %17, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %19 = tt.splat %arg4 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>>
    %20 = tt.addptr %19, %4 : tensor<256x!tt.ptr<i64>>, tensor<256xi32>
    %21 = tt.load %20, %6, %cst : tensor<256x!tt.ptr<i64>>
    %22 = arith.extsi %9 : tensor<256xi32> to tensor<256xi64>
    %23 = arith.extsi %12 : tensor<256xi32> to tensor<256xi64>
    %24 = arith.muli %22, %23 : tensor<256xi64>
    %25 = arith.shrui %24, %cst_4 : tensor<256xi64>
    %26 = arith.trunci %25 : tensor<256xi64> to tensor<256xi32>
    %27 = arith.trunci %24 : tensor<256xi64> to tensor<256xi32>
    %28 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %29 = tt.addptr %28, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %30 = arith.addi %26, %27 : tensor<256xi32>
    %31 = arith.shrui %21, %cst_4 : tensor<256xi64>
    %32 = arith.trunci %31 : tensor<256xi64> to tensor<256xi32>
    %33 = arith.addi %30, %32 : tensor<256xi32>
    %34 = arith.shrsi %21, %cst_3 : tensor<256xi64>
    %35 = arith.trunci %34 : tensor<256xi64> to tensor<256xi16>
    %36 = arith.extsi %35 : tensor<256xi16> to tensor<256xi32>
    %37 = arith.addi %33, %36 : tensor<256xi32>
    %38 = arith.shrsi %21, %cst_2 : tensor<256xi64>
    %39 = arith.trunci %38 : tensor<256xi64> to tensor<256xi32>
    %40 = arith.addi %37, %39 : tensor<256xi32>
    tt.store %29, %40, %6 : tensor<256x!tt.ptr<i32>>
    %41 = arith.extui %15 : tensor<256xi32> to tensor<256xi64>
    %42 = arith.extui %18 : tensor<256xi32> to tensor<256xi64>
    %43 = arith.muli %41, %42 : tensor<256xi64>
    %44 = arith.shrui %43, %cst_4 : tensor<256xi64>
    %45 = arith.trunci %44 : tensor<256xi64> to tensor<256xi32>
    %46 = tt.splat %arg6 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %47 = tt.addptr %46, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %48 = tt.mulhiui %15, %18 : tensor<256xi32>
    %49 = arith.addi %45, %48 : tensor<256xi32>
    %50 = arith.trunci %43 : tensor<256xi64> to tensor<256xi32>
    %51 = arith.addi %49, %50 : tensor<256xi32>
    tt.store %47, %51, %6 : tensor<256x!tt.ptr<i32>>
    %52 = tt.splat %arg7 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %53 = tt.addptr %52, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %54 = arith.shrsi %24, %cst_1 : tensor<256xi64>
    %55 = arith.trunci %54 : tensor<256xi64> to tensor<256xi32>
    %56 = arith.muli %21, %cst_0 : tensor<256xi64>
    %57 = arith.shrui %56, %cst_4 : tensor<256xi64>
    %58 = arith.trunci %57 : tensor<256xi64> to tensor<256xi32>
    %59 = arith.addi %55, %58 : tensor<256xi32>
    tt.store %53, %59, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
