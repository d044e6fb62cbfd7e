#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_reassoc(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<3> : tensor<256xi32, #blocked>
    %cst_0 = arith.constant dense<4> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<5> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<2> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<10> : tensor<256xi32, #blocked>
    %cst_4 = arith.constant dense<7> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<1> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<6> : tensor<256xi32, #blocked>
    %c7_i32 = arith.constant 7 : i32
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %c256_i32 = arith.constant 256 : i32
    %cst_7 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg5 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_7 : tensor<256x!tt.ptr<i32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_7 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = arith.addi %9, %cst : tensor<256xi32, #blocked>
    %14 = arith.addi %13, %cst_0 : tensor<256xi32, #blocked>
    %15 = arith.subi %9, %cst : tensor<256xi32, #blocked>
    %16 = arith.addi %15, %cst_1 : tensor<256xi32, #blocked>
    %17 = arith.addi %14, %16 : tensor<256xi32, #blocked>
    %18 = arith.addi %9, %cst_2 : tensor<256xi32, #blocked>
    %19 = arith.subi %cst_3, %18 : tensor<256xi32, #blocked>
    %20 = arith.addi %17, %19 : tensor<256xi32, #blocked>
    %21 = arith.subi %13, %cst_1 : tensor<256xi32, #blocked>
    %22 = arith.addi %20, %21 : tensor<256xi32, #blocked>
    %23 = arith.subi %cst_4, %9 : tensor<256xi32, #blocked>
    %24 = arith.addi %23, %cst_2 : tensor<256xi32, #blocked>
    %25 = arith.addi %22, %24 : tensor<256xi32, #blocked>
    %26 = arith.subi %15, %cst_0 : tensor<256xi32, #blocked>
    %27 = arith.addi %25, %26 : tensor<256xi32, #blocked>
    %28 = arith.subi %9, %cst_2 : tensor<256xi32, #blocked>
    %29 = arith.subi %cst_3, %28 : tensor<256xi32, #blocked>
    %30 = arith.subi %cst, %9 : tensor<256xi32, #blocked>
    %31 = arith.subi %cst_3, %30 : tensor<256xi32, #blocked>
    %32 = arith.addi %29, %31 : tensor<256xi32, #blocked>
    %33 = arith.addi %32, %12 : tensor<256xi32, #blocked>
    %34 = arith.addi %33, %9 : tensor<256xi32, #blocked>
    %35 = arith.addi %9, %12 : tensor<256xi32, #blocked>
    %36 = arith.subi %9, %35 : tensor<256xi32, #blocked>
    %37 = arith.addi %34, %36 : tensor<256xi32, #blocked>
    %38 = arith.addi %37, %12 : tensor<256xi32, #blocked>
    %39 = arith.addi %27, %38 : tensor<256xi32, #blocked>
    %40 = arith.muli %9, %cst : tensor<256xi32, #blocked>
    %41 = arith.muli %40, %cst_1 : tensor<256xi32, #blocked>
    %42 = arith.addi %9, %cst_5 : tensor<256xi32, #blocked>
    %43 = arith.muli %42, %cst_2 : tensor<256xi32, #blocked>
    %44 = arith.addi %41, %43 : tensor<256xi32, #blocked>
    %45 = arith.addi %40, %9 : tensor<256xi32, #blocked>
    %46 = arith.addi %44, %45 : tensor<256xi32, #blocked>
    %47 = arith.addi %46, %14 : tensor<256xi32, #blocked>
    %48 = arith.addi %9, %cst_6 : tensor<256xi32, #blocked>
    %49 = arith.addi %48, %cst_1 : tensor<256xi32, #blocked>
    %50 = arith.addi %47, %49 : tensor<256xi32, #blocked>
    %51 = arith.addi %50, %9 : tensor<256xi32, #blocked>
    %52 = arith.addi %39, %51 : tensor<256xi32, #blocked>
    %53 = arith.addi %12, %cst : tensor<256xi32, #blocked>
    %54 = arith.subi %13, %53 : tensor<256xi32, #blocked>
    %55 = arith.subi %12, %cst : tensor<256xi32, #blocked>
    %56 = arith.subi %15, %55 : tensor<256xi32, #blocked>
    %57 = arith.addi %54, %56 : tensor<256xi32, #blocked>
    %58 = arith.addi %57, %cst_5 : tensor<256xi32, #blocked>
    %59 = arith.subi %9, %42 : tensor<256xi32, #blocked>
    %60 = arith.addi %58, %59 : tensor<256xi32, #blocked>
    %61 = arith.addi %52, %60 : tensor<256xi32, #blocked>
    %62 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %63 = tt.addptr %62, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %63, %61, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %64 = arith.addi %0, %c7_i32 : i32
    %65 = arith.addi %0, %c2_i32 : i32
    %66 = arith.addi %64, %65 : i32
    %67 = arith.subi %c8_i32, %0 : i32
    %68 = arith.addi %66, %67 : i32
    %69 = arith.addi %68, %arg4 : i32
    %70 = arith.muli %arg4, %c8_i32 : i32
    %71 = arith.addi %69, %70 : i32
    %72 = arith.addi %71, %0 : i32
    %73 = arith.addi %72, %0 : i32
    %74 = tt.addptr %arg3, %0 : !tt.ptr<i32>, i32
    tt.store %74, %73 : !tt.ptr<i32>
    tt.return
  }
}
