#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_divrem(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<8> : tensor<256xi32, #blocked>
    %cst_0 = arith.constant dense<-1> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<4> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<2> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<16> : tensor<256xi32, #blocked>
    %cst_4 = arith.constant dense<255> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<256> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<1024> : tensor<256xi64, #blocked>
    %cst_7 = arith.constant dense<3> : tensor<256xi64, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %cst_8 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_9 = arith.constant dense<0> : tensor<256xi64, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_8 : tensor<256x!tt.ptr<i32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_8 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_9 : tensor<256x!tt.ptr<i64>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %18 = arith.divsi %9, %cst : tensor<256xi32, #blocked>
    %19 = arith.remsi %9, %cst : tensor<256xi32, #blocked>
    %20 = arith.addi %18, %19 : tensor<256xi32, #blocked>
    %21 = arith.addi %20, %9 : tensor<256xi32, #blocked>
    %22 = arith.divsi %9, %cst_0 : tensor<256xi32, #blocked>
    %23 = arith.addi %21, %22 : tensor<256xi32, #blocked>
    %24 = arith.muli %9, %cst : tensor<256xi32, #blocked>
    %25 = arith.divsi %24, %cst : tensor<256xi32, #blocked>
    %26 = arith.addi %23, %25 : tensor<256xi32, #blocked>
    %27 = arith.divsi %9, %cst_1 : tensor<256xi32, #blocked>
    %28 = arith.divsi %27, %cst_2 : tensor<256xi32, #blocked>
    %29 = arith.addi %26, %28 : tensor<256xi32, #blocked>
    tt.store %17, %29, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %30 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %31 = tt.addptr %30, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %32 = arith.divui %12, %cst_3 : tensor<256xi32, #blocked>
    %33 = arith.remui %12, %cst_3 : tensor<256xi32, #blocked>
    %34 = arith.addi %32, %33 : tensor<256xi32, #blocked>
    %35 = arith.addi %34, %12 : tensor<256xi32, #blocked>
    %36 = arith.andi %12, %cst_4 : tensor<256xi32, #blocked>
    %37 = arith.divui %36, %cst_5 : tensor<256xi32, #blocked>
    %38 = arith.addi %35, %37 : tensor<256xi32, #blocked>
    %39 = arith.remui %12, %cst : tensor<256xi32, #blocked>
    %40 = arith.remui %39, %cst : tensor<256xi32, #blocked>
    %41 = arith.addi %38, %40 : tensor<256xi32, #blocked>
    tt.store %31, %41, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %42 = tt.splat %arg5 : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %43 = tt.addptr %42, %4 : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    %44 = arith.divsi %15, %cst_6 : tensor<256xi64, #blocked>
    %45 = arith.remsi %15, %cst_6 : tensor<256xi64, #blocked>
    %46 = arith.addi %44, %45 : tensor<256xi64, #blocked>
    %47 = arith.divsi %15, %cst_7 : tensor<256xi64, #blocked>
    %48 = arith.muli %47, %cst_7 : tensor<256xi64, #blocked>
    %49 = arith.addi %46, %48 : tensor<256xi64, #blocked>
    %50 = arith.remsi %15, %cst_7 : tensor<256xi64, #blocked>
    %51 = arith.addi %49, %50 : tensor<256xi64, #blocked>
    tt.store %43, %51, %6 : tensor<256x!tt.ptr<i64>, #blocked>
    tt.return
  }
}
