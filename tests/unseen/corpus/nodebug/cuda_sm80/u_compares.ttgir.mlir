#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_compares(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_0 = arith.constant dense<5> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<7> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<true> : tensor<256xi1, #blocked>
    %cst_4 = arith.constant dense<9> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<200> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<300> : tensor<256xi32, #blocked>
    %cst_7 = arith.constant dense<1> : tensor<256xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %cst_8 = arith.constant dense<0> : tensor<256xi8, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg4 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_8 : tensor<256x!tt.ptr<i8>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_8 : tensor<256x!tt.ptr<i8>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i32>, #blocked>
    %16 = arith.extsi %9 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %17 = arith.cmpi slt, %16, %cst_0 : tensor<256xi32, #blocked>
    %18 = arith.extui %17 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %19 = arith.addi %18, %cst_7 : tensor<256xi32, #blocked>
    %20 = arith.extui %12 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %21 = arith.cmpi ugt, %20, %cst_1 : tensor<256xi32, #blocked>
    %22 = arith.extui %21 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %23 = arith.addi %19, %22 : tensor<256xi32, #blocked>
    %24 = arith.extsi %9 : tensor<256xi8, #blocked> to tensor<256xi64, #blocked>
    %25 = arith.extsi %15 : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %26 = arith.cmpi ne, %24, %25 : tensor<256xi64, #blocked>
    %27 = arith.extui %26 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %28 = arith.addi %23, %27 : tensor<256xi32, #blocked>
    %29 = arith.cmpi sge, %20, %cst : tensor<256xi32, #blocked>
    %30 = arith.extui %29 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %31 = arith.addi %28, %30 : tensor<256xi32, #blocked>
    %32 = arith.addi %31, %cst_7 : tensor<256xi32, #blocked>
    %33 = arith.cmpi sgt, %15, %cst_2 : tensor<256xi32, #blocked>
    %34 = arith.addi %32, %cst_7 : tensor<256xi32, #blocked>
    %35 = arith.extui %33 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %36 = arith.addi %35, %35 : tensor<256xi32, #blocked>
    %37 = arith.addi %34, %36 : tensor<256xi32, #blocked>
    %38 = arith.xori %33, %cst_3 : tensor<256xi1, #blocked>
    %39 = arith.cmpi slt, %15, %cst_4 : tensor<256xi32, #blocked>
    %40 = arith.andi %38, %39 : tensor<256xi1, #blocked>
    %41 = arith.extui %40 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %42 = arith.addi %37, %41 : tensor<256xi32, #blocked>
    %43 = arith.cmpi sgt, %16, %cst_5 : tensor<256xi32, #blocked>
    %44 = arith.extui %43 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %45 = arith.cmpi slt, %20, %cst_6 : tensor<256xi32, #blocked>
    %46 = arith.extui %45 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %47 = arith.addi %44, %46 : tensor<256xi32, #blocked>
    %48 = arith.addi %42, %47 : tensor<256xi32, #blocked>
    %49 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %50 = tt.addptr %49, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %50, %48, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
