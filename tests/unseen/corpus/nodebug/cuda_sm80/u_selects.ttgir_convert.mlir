#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_selects(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<false> : tensor<256xi1, #blocked>
    %cst_0 = arith.constant dense<true> : tensor<256xi1, #blocked>
    %cst_1 = arith.constant dense<1> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<4.000000e+00> : tensor<256xf32, #blocked>
    %cst_4 = arith.constant dense<5.000000e+00> : tensor<256xf32, #blocked>
    %cst_5 = arith.constant dense<3.000000e+00> : tensor<256xf32, #blocked>
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<256xf32, #blocked>
    %cst_7 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
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
    %9 = tt.load %8, %6, %cst_8 : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_7 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = arith.cmpf ogt, %9, %cst_8 : tensor<256xf32, #blocked>
    %14 = arith.select %13, %cst_6, %cst_8 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %15 = arith.addf %9, %14 : tensor<256xf32, #blocked>
    %16 = arith.select %13, %9, %cst_5 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %17 = arith.addf %15, %16 : tensor<256xf32, #blocked>
    %18 = arith.select %13, %cst_3, %cst_4 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %19 = arith.addf %17, %18 : tensor<256xf32, #blocked>
    %20 = arith.cmpi sgt, %12, %cst_2 : tensor<256xi32, #blocked>
    %21 = arith.select %20, %9, %cst_6 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %22 = arith.select %20, %21, %cst_8 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %23 = arith.addf %19, %22 : tensor<256xf32, #blocked>
    %24 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %25 = tt.addptr %24, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %25, %23, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    %26 = arith.select %13, %cst_1, %cst_7 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %27 = arith.addi %26, %12 : tensor<256xi32, #blocked>
    %28 = arith.addi %27, %12 : tensor<256xi32, #blocked>
    %29 = arith.addi %28, %12 : tensor<256xi32, #blocked>
    %30 = arith.select %13, %cst_7, %cst_1 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %31 = arith.addi %29, %30 : tensor<256xi32, #blocked>
    %32 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %33 = tt.addptr %32, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %33, %31, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    %34 = arith.select %13, %cst_0, %cst : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %35 = arith.select %13, %cst, %cst_0 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %36 = arith.cmpi sgt, %12, %cst_7 : tensor<256xi32, #blocked>
    %37 = arith.select %13, %36, %cst : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %38 = arith.cmpi slt, %12, %cst_7 : tensor<256xi32, #blocked>
    %39 = arith.select %13, %cst_0, %38 : tensor<256xi1, #blocked>, tensor<256xi1, #blocked>
    %40 = tt.splat %arg4 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %41 = tt.addptr %40, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %42 = arith.xori %34, %35 : tensor<256xi1, #blocked>
    %43 = arith.xori %42, %37 : tensor<256xi1, #blocked>
    %44 = arith.xori %43, %39 : tensor<256xi1, #blocked>
    %45 = arith.extui %44 : tensor<256xi1, #blocked> to tensor<256xi8, #blocked>
    tt.store %41, %45, %6 : tensor<256x!tt.ptr<i8>, #blocked>
    tt.return
  }
}
