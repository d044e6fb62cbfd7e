module {
  tt.func public @u_divrem(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi64>
    %cst_0 = arith.constant dense<3> : tensor<256xi64>
    %cst_1 = arith.constant dense<1024> : tensor<256xi64>
    %cst_2 = arith.constant dense<256> : tensor<256xi32>
    %cst_3 = arith.constant dense<255> : tensor<256xi32>
    %cst_4 = arith.constant dense<16> : tensor<256xi32>
    %cst_5 = arith.constant dense<2> : tensor<256xi32>
    %cst_6 = arith.constant dense<4> : tensor<256xi32>
    %cst_7 = arith.constant dense<-1> : tensor<256xi32>
    %cst_8 = arith.constant dense<8> : tensor<256xi32>
    %cst_9 = arith.constant dense<0> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_9 : tensor<256x!tt.ptr<i32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_9 : tensor<256x!tt.ptr<i32>>
    %13 = tt.splat %arg2 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i64>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i64>>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %18 = arith.divsi %9, %cst_8 : tensor<256xi32>
    %19 = arith.remsi %9, %cst_8 : tensor<256xi32>
    %20 = arith.addi %18, %19 : tensor<256xi32>
    %21 = arith.addi %20, %9 : tensor<256xi32>
    %22 = arith.divsi %9, %cst_7 : tensor<256xi32>
    %23 = arith.addi %21, %22 : tensor<256xi32>
    %24 = arith.muli %9, %cst_8 : tensor<256xi32>
    %25 = arith.divsi %24, %cst_8 : tensor<256xi32>
    %26 = arith.addi %23, %25 : tensor<256xi32>
    %27 = arith.divsi %9, %cst_6 : tensor<256xi32>
    %28 = arith.divsi %27, %cst_5 : tensor<256xi32>
    %29 = arith.addi %26, %28 : tensor<256xi32>
    tt.store %17, %29, %6 : tensor<256x!tt.ptr<i32>>
    %30 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %31 = tt.addptr %30, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %32 = arith.divui %12, %cst_4 : tensor<256xi32>
    %33 = arith.remui %12, %cst_4 : tensor<256xi32>
    %34 = arith.addi %32, %33 : tensor<256xi32>
    %35 = arith.addi %34, %12 : tensor<256xi32>
    %36 = arith.andi %12, %cst_3 : tensor<256xi32>
    %37 = arith.divui %36, %cst_2 : tensor<256xi32>
    %38 = arith.addi %35, %37 : tensor<256xi32>
    %39 = arith.remui %12, %cst_8 : tensor<256xi32>
    %40 = arith.remui %39, %cst_8 : tensor<256xi32>
    %41 = arith.addi %38, %40 : tensor<256xi32>
    tt.store %31, %41, %6 : tensor<256x!tt.ptr<i32>>
    %42 = tt.splat %arg5 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>>
    %43 = tt.addptr %42, %4 : tensor<256x!tt.ptr<i64>>, tensor<256xi32>
    %44 = arith.divsi %15, %cst_1 : tensor<256xi64>
    %45 = arith.remsi %15, %cst_1 : tensor<256xi64>
    %46 = arith.addi %44, %45 : tensor<256xi64>
    %47 = arith.divsi %15, %cst_0 : tensor<256xi64>
    %48 = arith.muli %47, %cst_0 : tensor<256xi64>
    %49 = arith.addi %46, %48 : tensor<256xi64>
    %50 = arith.remsi %15, %cst_0 : tensor<256xi64>
    %51 = arith.addi %49, %50 : tensor<256xi64>
    tt.store %43, %51, %6 : tensor<256x!tt.ptr<i64>>
    tt.return
  }
}
