#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_shifts(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<24> : tensor<256xi32, #blocked>
    %cst_0 = arith.constant dense<255> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<65535> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<16> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<32> : tensor<256xi64, #blocked>
    %cst_4 = arith.constant dense<31> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<65280> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<8> : tensor<256xi32, #blocked>
    %cst_7 = arith.constant dense<15> : tensor<256xi32, #blocked>
    %cst_8 = arith.constant dense<4> : tensor<256xi32, #blocked>
    %cst_9 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %cst_10 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg5 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_10 : tensor<256x!tt.ptr<i32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_10 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = arith.shli %9, %cst_9 : tensor<256xi32, #blocked>
    %14 = arith.shrsi %13, %cst_9 : tensor<256xi32, #blocked>
    %15 = arith.addi %9, %9 : tensor<256xi32, #blocked>
    %16 = arith.addi %14, %15 : tensor<256xi32, #blocked>
    %17 = arith.shrsi %9, %cst_8 : tensor<256xi32, #blocked>
    %18 = arith.andi %17, %cst_7 : tensor<256xi32, #blocked>
    %19 = arith.shli %9, %cst_6 : tensor<256xi32, #blocked>
    %20 = arith.andi %19, %cst_5 : tensor<256xi32, #blocked>
    %21 = arith.ori %18, %20 : tensor<256xi32, #blocked>
    %22 = arith.addi %16, %21 : tensor<256xi32, #blocked>
    %23 = arith.shli %9, %cst_4 : tensor<256xi32, #blocked>
    %24 = arith.shrsi %23, %cst_4 : tensor<256xi32, #blocked>
    %25 = arith.addi %22, %24 : tensor<256xi32, #blocked>
    %26 = tt.splat %arg4 : i32 -> tensor<256xi32, #blocked>
    %27 = arith.shli %9, %26 : tensor<256xi32, #blocked>
    %28 = arith.shrsi %27, %26 : tensor<256xi32, #blocked>
    %29 = arith.addi %25, %28 : tensor<256xi32, #blocked>
    %30 = arith.extsi %9 : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %31 = arith.shli %30, %cst_3 : tensor<256xi64, #blocked>
    %32 = arith.trunci %31 : tensor<256xi64, #blocked> to tensor<256xi32, #blocked>
    %33 = arith.addi %29, %32 : tensor<256xi32, #blocked>
    %34 = arith.shrui %12, %cst_2 : tensor<256xi32, #blocked>
    %35 = arith.andi %34, %cst_1 : tensor<256xi32, #blocked>
    %36 = arith.shli %12, %cst_2 : tensor<256xi32, #blocked>
    %37 = arith.shrui %36, %cst_2 : tensor<256xi32, #blocked>
    %38 = arith.addi %35, %37 : tensor<256xi32, #blocked>
    %39 = arith.shrui %12, %cst_4 : tensor<256xi32, #blocked>
    %40 = arith.xori %39, %12 : tensor<256xi32, #blocked>
    %41 = arith.addi %38, %40 : tensor<256xi32, #blocked>
    %42 = arith.andi %12, %cst_0 : tensor<256xi32, #blocked>
    %43 = arith.shli %42, %cst : tensor<256xi32, #blocked>
    %44 = arith.shrui %43, %cst : tensor<256xi32, #blocked>
    %45 = arith.addi %41, %44 : tensor<256xi32, #blocked>
    %46 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %47 = tt.addptr %46, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %47, %33, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %48 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %49 = tt.addptr %48, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %49, %45, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
