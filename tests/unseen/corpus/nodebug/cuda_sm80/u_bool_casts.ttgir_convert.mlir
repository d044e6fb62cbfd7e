#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_bool_casts(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi8, #blocked>
    %cst_0 = arith.constant dense<1> : tensor<256xi8, #blocked>
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<256xf32, #blocked>
    %cst_2 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
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
    %9 = tt.load %8, %6, %cst_3 : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_2 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i8>, #blocked>
    %16 = arith.cmpf ogt, %9, %cst_1 : tensor<256xf32, #blocked>
    %17 = arith.uitofp %16 : tensor<256xi1, #blocked> to tensor<256xf32, #blocked>
    %18 = arith.addf %17, %17 : tensor<256xf32, #blocked>
    %19 = arith.uitofp %16 : tensor<256xi1, #blocked> to tensor<256xf16, #blocked>
    %20 = arith.extf %19 : tensor<256xf16, #blocked> to tensor<256xf32, #blocked>
    %21 = arith.addf %18, %20 : tensor<256xf32, #blocked>
    %22 = arith.extui %15 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %23 = arith.addi %12, %22 : tensor<256xi32, #blocked>
    %24 = arith.sitofp %23 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %25 = arith.addi %15, %cst_0 : tensor<256xi8, #blocked>
    %26 = arith.uitofp %25 : tensor<256xi8, #blocked> to tensor<256xf32, #blocked>
    %27 = arith.addf %24, %26 : tensor<256xf32, #blocked>
    %28 = arith.addf %21, %27 : tensor<256xf32, #blocked>
    %29 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %30 = tt.addptr %29, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %30, %28, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    %31 = arith.extui %16 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %32 = arith.addi %31, %31 : tensor<256xi32, #blocked>
    %33 = arith.addi %32, %31 : tensor<256xi32, #blocked>
    %34 = arith.cmpi sgt, %12, %cst_2 : tensor<256xi32, #blocked>
    %35 = arith.andi %16, %34 : tensor<256xi1, #blocked>
    %36 = arith.extui %35 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %37 = arith.addi %33, %36 : tensor<256xi32, #blocked>
    %38 = arith.muli %31, %12 : tensor<256xi32, #blocked>
    %39 = arith.addi %23, %38 : tensor<256xi32, #blocked>
    %40 = arith.ori %16, %34 : tensor<256xi1, #blocked>
    %41 = arith.extui %40 : tensor<256xi1, #blocked> to tensor<256xi32, #blocked>
    %42 = arith.addi %39, %41 : tensor<256xi32, #blocked>
    %43 = arith.addi %37, %42 : tensor<256xi32, #blocked>
    %44 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %45 = tt.addptr %44, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %45, %43, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
