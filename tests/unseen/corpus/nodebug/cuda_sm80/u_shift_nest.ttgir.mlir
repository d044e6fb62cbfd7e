#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_shift_nest(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<2> : tensor<256xi32, #blocked>
    %cst_0 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<20> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<16> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<32> : tensor<256xi32, #blocked>
    %cst_4 = arith.constant dense<33> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<4> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<-1> : tensor<256xi32, #blocked>
    %cst_7 = arith.constant dense<40> : tensor<256xi32, #blocked>
    %cst_8 = arith.constant dense<40> : tensor<256xi64, #blocked>
    %cst_9 = arith.constant dense<32> : tensor<256xi64, #blocked>
    %cst_10 = arith.constant dense<63> : tensor<256xi64, #blocked>
    %cst_11 = arith.constant dense<1> : tensor<256xi64, #blocked>
    %cst_12 = arith.constant dense<64> : tensor<256xi64, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %cst_13 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_14 = arith.constant dense<0> : tensor<256xi64, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_13 : tensor<256x!tt.ptr<i32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_13 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_14 : tensor<256x!tt.ptr<i64>, #blocked>
    %16 = arith.shli %9, %cst : tensor<256xi32, #blocked>
    %17 = arith.shli %16, %cst_0 : tensor<256xi32, #blocked>
    %18 = arith.shrsi %9, %cst : tensor<256xi32, #blocked>
    %19 = arith.shrsi %18, %cst_0 : tensor<256xi32, #blocked>
    %20 = arith.addi %17, %19 : tensor<256xi32, #blocked>
    %21 = arith.shrsi %9, %cst_1 : tensor<256xi32, #blocked>
    %22 = arith.shrsi %21, %cst_1 : tensor<256xi32, #blocked>
    %23 = arith.addi %20, %22 : tensor<256xi32, #blocked>
    %24 = arith.shli %9, %cst_2 : tensor<256xi32, #blocked>
    %25 = arith.shli %24, %cst_2 : tensor<256xi32, #blocked>
    %26 = arith.addi %23, %25 : tensor<256xi32, #blocked>
    %27 = arith.shli %9, %cst_3 : tensor<256xi32, #blocked>
    %28 = arith.addi %26, %27 : tensor<256xi32, #blocked>
    %29 = arith.shrsi %9, %cst_4 : tensor<256xi32, #blocked>
    %30 = arith.addi %28, %29 : tensor<256xi32, #blocked>
    %31 = arith.shrsi %9, %cst_5 : tensor<256xi32, #blocked>
    %32 = arith.shli %31, %cst_5 : tensor<256xi32, #blocked>
    %33 = arith.addi %32, %cst_6 : tensor<256xi32, #blocked>
    %34 = arith.addi %33, %9 : tensor<256xi32, #blocked>
    %35 = arith.addi %30, %34 : tensor<256xi32, #blocked>
    %36 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %37 = tt.addptr %36, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %37, %35, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %38 = arith.shrui %12, %cst : tensor<256xi32, #blocked>
    %39 = arith.shrui %38, %cst_0 : tensor<256xi32, #blocked>
    %40 = arith.shrui %12, %cst_2 : tensor<256xi32, #blocked>
    %41 = arith.shrui %40, %cst_2 : tensor<256xi32, #blocked>
    %42 = arith.addi %39, %41 : tensor<256xi32, #blocked>
    %43 = arith.shrui %12, %cst_3 : tensor<256xi32, #blocked>
    %44 = arith.addi %42, %43 : tensor<256xi32, #blocked>
    %45 = arith.shli %12, %cst_5 : tensor<256xi32, #blocked>
    %46 = arith.shrui %45, %cst_5 : tensor<256xi32, #blocked>
    %47 = arith.addi %44, %46 : tensor<256xi32, #blocked>
    %48 = arith.shrui %12, %cst_5 : tensor<256xi32, #blocked>
    %49 = arith.shli %48, %cst_5 : tensor<256xi32, #blocked>
    %50 = arith.addi %47, %49 : tensor<256xi32, #blocked>
    %51 = arith.shli %12, %cst_7 : tensor<256xi32, #blocked>
    %52 = arith.addi %50, %51 : tensor<256xi32, #blocked>
    %53 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %54 = tt.addptr %53, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %54, %52, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %55 = arith.shli %15, %cst_8 : tensor<256xi64, #blocked>
    %56 = arith.shrsi %55, %cst_8 : tensor<256xi64, #blocked>
    %57 = arith.shrsi %15, %cst_9 : tensor<256xi64, #blocked>
    %58 = arith.shli %57, %cst_9 : tensor<256xi64, #blocked>
    %59 = arith.addi %56, %58 : tensor<256xi64, #blocked>
    %60 = arith.shrsi %15, %cst_10 : tensor<256xi64, #blocked>
    %61 = arith.addi %59, %60 : tensor<256xi64, #blocked>
    %62 = arith.shrsi %60, %cst_11 : tensor<256xi64, #blocked>
    %63 = arith.addi %61, %62 : tensor<256xi64, #blocked>
    %64 = arith.shli %15, %cst_12 : tensor<256xi64, #blocked>
    %65 = arith.addi %63, %64 : tensor<256xi64, #blocked>
    %66 = arith.shli %15, %cst_11 : tensor<256xi64, #blocked>
    %67 = arith.shli %66, %cst_10 : tensor<256xi64, #blocked>
    %68 = arith.addi %65, %67 : tensor<256xi64, #blocked>
    %69 = tt.splat %arg5 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %70 = tt.addptr %69, %4 : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    tt.store %70, %68, %6 : tensor<256x!tt.ptr<i64>, #blocked>
    tt.return
  }
}
