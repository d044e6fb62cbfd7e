#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_range_masks(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: i32) attributes {noinline = false} {
    %cst = arith.constant dense<256> : tensor<256xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %cst_0 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<4> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<5> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg2 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<i32>, #blocked>
    %10 = arith.cmpi sgt, %9, %cst_3 : tensor<256xi32, #blocked>
    %11 = arith.cmpi sgt, %9, %cst_2 : tensor<256xi32, #blocked>
    %12 = arith.andi %10, %11 : tensor<256xi1, #blocked>
    %13 = arith.extui %12 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %14 = arith.ori %10, %11 : tensor<256xi1, #blocked>
    %15 = arith.extui %14 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %16 = arith.addi %13, %15 : tensor<256xi32, #blocked>
    %17 = arith.cmpi slt, %9, %cst_3 : tensor<256xi32, #blocked>
    %18 = arith.andi %17, %11 : tensor<256xi1, #blocked>
    %19 = arith.extui %18 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %20 = arith.addi %16, %19 : tensor<256xi32, #blocked>
    %21 = arith.cmpi eq, %9, %cst_3 : tensor<256xi32, #blocked>
    %22 = arith.cmpi eq, %9, %cst_1 : tensor<256xi32, #blocked>
    %23 = arith.andi %21, %22 : tensor<256xi1, #blocked>
    %24 = arith.extui %23 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %25 = arith.cmpi ne, %9, %cst_3 : tensor<256xi32, #blocked>
    %26 = arith.ori %21, %25 : tensor<256xi1, #blocked>
    %27 = arith.extui %26 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %28 = arith.addi %24, %27 : tensor<256xi32, #blocked>
    %29 = arith.cmpi sge, %9, %cst_3 : tensor<256xi32, #blocked>
    %30 = arith.ori %17, %29 : tensor<256xi1, #blocked>
    %31 = arith.extui %30 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %32 = arith.addi %28, %31 : tensor<256xi32, #blocked>
    %33 = arith.addi %20, %32 : tensor<256xi32, #blocked>
    %34 = arith.andi %10, %17 : tensor<256xi1, #blocked>
    %35 = arith.extui %34 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %36 = arith.cmpi sle, %9, %cst_3 : tensor<256xi32, #blocked>
    %37 = arith.andi %29, %36 : tensor<256xi1, #blocked>
    %38 = arith.extui %37 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %39 = arith.addi %35, %38 : tensor<256xi32, #blocked>
    %40 = arith.andi %25, %21 : tensor<256xi1, #blocked>
    %41 = arith.extui %40 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %42 = arith.addi %39, %41 : tensor<256xi32, #blocked>
    %43 = arith.addi %33, %42 : tensor<256xi32, #blocked>
    %44 = arith.extui %6 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %45 = arith.cmpi sge, %4, %cst_0 : tensor<256xi32, #blocked>
    %46 = arith.andi %45, %6 : tensor<256xi1, #blocked>
    %47 = arith.extui %46 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %48 = arith.addi %44, %47 : tensor<256xi32, #blocked>
    %49 = arith.addi %43, %48 : tensor<256xi32, #blocked>
    %50 = arith.cmpi slt, %2, %cst : tensor<256xi32, #blocked>
    %51 = arith.andi %50, %6 : tensor<256xi1, #blocked>
    %52 = arith.extui %51 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %53 = arith.cmpi sge, %2, %cst_0 : tensor<256xi32, #blocked>
    %54 = arith.extui %53 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %55 = arith.addi %52, %54 : tensor<256xi32, #blocked>
    %56 = arith.addi %49, %55 : tensor<256xi32, #blocked>
    %57 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %58 = tt.addptr %57, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %58, %56, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
