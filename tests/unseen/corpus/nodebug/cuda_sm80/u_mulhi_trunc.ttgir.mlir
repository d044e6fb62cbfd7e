#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_mulhi_trunc(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg8: i32) attributes {noinline = false} {
    %cst = arith.constant dense<32> : tensor<256xi64, #blocked>
    %cst_0 = arith.constant dense<40> : tensor<256xi64, #blocked>
    %cst_1 = arith.constant dense<8> : tensor<256xi64, #blocked>
    %cst_2 = arith.constant dense<33> : tensor<256xi64, #blocked>
    %cst_3 = arith.constant dense<3> : tensor<256xi64, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %cst_4 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<0> : tensor<256xi64, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg8 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_4 : tensor<256x!tt.ptr<i32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_4 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_4 : tensor<256x!tt.ptr<i32>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %18 = tt.load %17, %6, %cst_4 : tensor<256x!tt.ptr<i32>, #blocked>
    %19 = tt.splat %arg4 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %20 = tt.addptr %19, %4 : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    %21 = tt.load %20, %6, %cst_5 : tensor<256x!tt.ptr<i64>, #blocked>
    %22 = arith.extsi %9 : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %23 = arith.extsi %12 : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %24 = arith.muli %22, %23 : tensor<256xi64, #blocked>
    %25 = arith.shrui %24, %cst : tensor<256xi64, #blocked>
    %26 = arith.trunci %25 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %27 = arith.trunci %24 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %28 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %29 = tt.addptr %28, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %30 = arith.addi %26, %27 : tensor<256xi32, #blocked>
    %31 = arith.shrui %21, %cst : tensor<256xi64, #blocked>
    %32 = arith.trunci %31 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %33 = arith.addi %30, %32 : tensor<256xi32, #blocked>
    %34 = arith.shrsi %21, %cst_0 : tensor<256xi64, #blocked>
    %35 = arith.trunci %34 : tensor<256xi64, #blocked> to tensor<256xi16, #blocked>
    %36 = arith.extsi %35 : tensor<256xi16, #blocked> to tensor<256xi32, #blocked>
    %37 = arith.addi %33, %36 : tensor<256xi32, #blocked>
    %38 = arith.shrsi %21, %cst_1 : tensor<256xi64, #blocked>
    %39 = arith.trunci %38 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %40 = arith.addi %37, %39 : tensor<256xi32, #blocked>
    tt.store %29, %40, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %41 = arith.extui %15 : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %42 = arith.extui %18 : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %43 = arith.muli %41, %42 : tensor<256xi64, #blocked>
    %44 = arith.shrui %43, %cst : tensor<256xi64, #blocked>
    %45 = arith.trunci %44 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %46 = tt.splat %arg6 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %47 = tt.addptr %46, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %48 = tt.mulhiui %15, %18 : tensor<256xi32, #blocked>
    %49 = arith.addi %45, %48 : tensor<256xi32, #blocked>
    %50 = arith.trunci %43 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %51 = arith.addi %49, %50 : tensor<256xi32, #blocked>
    tt.store %47, %51, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %52 = tt.splat %arg7 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %53 = tt.addptr %52, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %54 = arith.shrsi %24, %cst_2 : tensor<256xi64, #blocked>
    %55 = arith.trunci %54 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %56 = arith.muli %21, %cst_3 : tensor<256xi64, #blocked>
    %57 = arith.shrui %56, %cst : tensor<256xi64, #blocked>
    %58 = arith.trunci %57 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %59 = arith.addi %55, %58 : tensor<256xi32, #blocked>
    tt.store %53, %59, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
