module {
  tt.func public @u_shifts(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<24> : tensor<256xi32>
    %cst_0 = arith.constant dense<255> : tensor<256xi32>
    %cst_1 = arith.constant dense<65535> : tensor<256xi32>
    %cst_2 = arith.constant dense<16> : tensor<256xi32>
    %cst_3 = arith.constant dense<32> : tensor<256xi64>
    %cst_4 = arith.constant dense<31> : tensor<256xi32>
    %cst_5 = arith.constant dense<65280> : tensor<256xi32>
    %cst_6 = arith.constant dense<8> : tensor<256xi32>
    %cst_7 = arith.constant dense<15> : tensor<256xi32>
    %cst_8 = arith.constant dense<4> : tensor<256xi32>
    %cst_9 = arith.constant dense<3> : tensor<256xi32>
    %cst_10 = arith.constant dense<0> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg5 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_10 : tensor<256x!tt.ptr<i32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_10 : tensor<256x!tt.ptr<i32>>
    %13 = arith.shli %9, %cst_9 : tensor<256xi32>
    %14 = arith.shrsi %13, %cst_9 : tensor<256xi32>
    %15 = arith.addi %9, %9 : tensor<256xi32>
    %16 = arith.addi %14, %15 : tensor<256xi32>
    %17 = arith.shrsi %9, %cst_8 : tensor<256xi32>
    %18 = arith.andi %17, %cst_7 : tensor<256xi32>
    %19 = arith.shli %9, %cst_6 : tensor<256xi32>
    %20 = arith.andi %19, %cst_5 : tensor<256xi32>
    %21 = arith.ori %18, %20 : tensor<256xi32>
    %22 = arith.addi %16, %21 : tensor<256xi32>
    %23 = arith.shli %9, %cst_4 : tensor<256xi32>
    %24 = arith.shrsi %23, %cst_4 : tensor<256xi32>
    %25 = arith.addi %22, %24 : tensor<256xi32>
    %26 = tt.splat %arg4 : i32 -> tensor<256xi32>
    %27 = arith.shli %9, %26 : tensor<256xi32>
    %28 = arith.shrsi %27, %26 : tensor<256xi32>
    %29 = arith.addi %25, %28 : tensor<256xi32>
    %30 = arith.extsi %9 : tensor<256xi32> to tensor<256xi64>
    %31 = arith.shli %30, %cst_3 : tensor<256xi64>
    %32 = arith.trunci %31 : tensor<256xi64> to tensor<256xi32>
    %33 = arith.addi %29, %32 : tensor<256xi32>
    %34 = arith.shrui %12, %cst_2 : tensor<256xi32>
    %35 = arith.andi %34, %cst_1 : tensor<256xi32>
    %36 = arith.shli %12, %cst_2 : tensor<256xi32>
    %37 = arith.shrui %36, %cst_2 : tensor<256xi32>
    %38 = arith.addi %35, %37 : tensor<256xi32>
    %39 = arith.shrui %12, %cst_4 : tensor<256xi32>
    %40 = arith.xori %39, %12 : tensor<256xi32>
    %41 = arith.addi %38, %40 : tensor<256xi32>
    %42 = arith.andi %12, %cst_0 : tensor<256xi32>
    %43 = arith.shli %42, %cst : tensor<256xi32>
    %44 = arith.shrui %43, %cst : tensor<256xi32>
    %45 = arith.addi %41, %44 : tensor<256xi32>
    %46 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %47 = tt.addptr %46, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %47, %33, %6 : tensor<256x!tt.ptr<i32>>
    %48 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %49 = tt.addptr %48, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %49, %45, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
