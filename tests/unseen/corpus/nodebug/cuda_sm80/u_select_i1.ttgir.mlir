#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_select_i1(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %cst_0 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<true> : tensor<256xi1, #blocked>
    %cst_2 = arith.constant dense<false> : tensor<256xi1, #blocked>
    %cst_3 = arith.constant dense<7> : tensor<256xi32, #blocked>
    %cst_4 = arith.constant dense<-1> : tensor<256xi32, #blocked>
    %cst_5 = arith.constant dense<1> : tensor<256xi32, #blocked>
    %cst_6 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg5 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_0 : tensor<256x!tt.ptr<i32>, #blocked>
    %16 = arith.cmpf ogt, %9, %cst : tensor<256xf32, #blocked>
    %17 = arith.cmpi sgt, %12, %15 : tensor<256xi32, #blocked>
    %18 = arith.select %16, %17, %cst_1 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %19 = arith.extui %18 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %20 = arith.select %16, %cst_2, %17 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %21 = arith.extui %20 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %22 = arith.addi %19, %21 : tensor<256xi32, #blocked>
    %23 = arith.select %16, %16, %17 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %24 = arith.extui %23 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %25 = arith.addi %22, %24 : tensor<256xi32, #blocked>
    %26 = arith.select %16, %17, %16 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %27 = arith.extui %26 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %28 = arith.extui %17 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %29 = arith.addi %27, %28 : tensor<256xi32, #blocked>
    %30 = arith.addi %29, %cst_5 : tensor<256xi32, #blocked>
    %31 = arith.addi %25, %30 : tensor<256xi32, #blocked>
    %32 = arith.xori %17, %cst_1 : tensor<256xi1, #blocked>
    %33 = arith.select %16, %17, %32 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %34 = arith.extui %33 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %35 = arith.select %16, %32, %17 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %36 = arith.extui %35 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %37 = arith.addi %34, %36 : tensor<256xi32, #blocked>
    %38 = arith.addi %31, %37 : tensor<256xi32, #blocked>
    %39 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %40 = tt.addptr %39, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %40, %38, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %41 = arith.xori %16, %cst_1 : tensor<256xi1, #blocked>
    %42 = arith.select %41, %12, %15 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %43 = arith.select %16, %12, %cst_3 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %44 = arith.addi %42, %43 : tensor<256xi32, #blocked>
    %45 = arith.select %16, %cst_3, %15 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %46 = arith.addi %44, %45 : tensor<256xi32, #blocked>
    %47 = arith.maxsi %12, %15 : tensor<256xi32, #blocked>
    %48 = arith.select %16, %47, %15 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %49 = arith.select %16, %12, %47 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %50 = arith.addi %48, %49 : tensor<256xi32, #blocked>
    %51 = arith.addi %46, %50 : tensor<256xi32, #blocked>
    %52 = arith.select %16, %47, %12 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %53 = arith.select %16, %15, %47 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %54 = arith.addi %52, %53 : tensor<256xi32, #blocked>
    %55 = arith.addi %51, %54 : tensor<256xi32, #blocked>
    %56 = arith.select %16, %cst_4, %cst_0 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %57 = arith.select %16, %cst_0, %cst_4 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %58 = arith.addi %56, %57 : tensor<256xi32, #blocked>
    %59 = arith.addi %12, %cst_5 : tensor<256xi32, #blocked>
    %60 = arith.select %16, %59, %12 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %61 = arith.addi %58, %60 : tensor<256xi32, #blocked>
    %62 = arith.select %17, %cst_5, %cst_0 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %63 = arith.muli %62, %cst_6 : tensor<256xi32, #blocked>
    %64 = arith.addi %61, %63 : tensor<256xi32, #blocked>
    %65 = arith.addi %55, %64 : tensor<256xi32, #blocked>
    %66 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %67 = tt.addptr %66, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %67, %65, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
