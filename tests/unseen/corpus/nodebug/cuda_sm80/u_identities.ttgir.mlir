#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_identities(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %cst_0 = arith.constant dense<2.000000e+00> : tensor<256xf32, #blocked>
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<256xf32, #blocked>
    %cst_2 = arith.constant dense<4> : tensor<256xi32, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %cst_3 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg4 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_3 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = arith.addf %9, %cst : tensor<256xf32, #blocked>
    %14 = arith.addf %9, %13 : tensor<256xf32, #blocked>
    %15 = arith.subf %9, %9 : tensor<256xf32, #blocked>
    %16 = arith.addf %14, %15 : tensor<256xf32, #blocked>
    %17 = arith.addf %16, %9 : tensor<256xf32, #blocked>
    %18 = arith.addf %17, %9 : tensor<256xf32, #blocked>
    %19 = arith.addf %18, %9 : tensor<256xf32, #blocked>
    %20 = arith.mulf %9, %cst_0 : tensor<256xf32, #blocked>
    %21 = arith.mulf %20, %cst_1 : tensor<256xf32, #blocked>
    %22 = arith.addf %19, %21 : tensor<256xf32, #blocked>
    %23 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %24 = tt.addptr %23, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %24, %22, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    %25 = arith.addi %12, %12 : tensor<256xi32, #blocked>
    %26 = arith.addi %25, %12 : tensor<256xi32, #blocked>
    %27 = arith.addi %26, %12 : tensor<256xi32, #blocked>
    %28 = arith.addi %27, %12 : tensor<256xi32, #blocked>
    %29 = arith.muli %12, %cst_2 : tensor<256xi32, #blocked>
    %30 = arith.divsi %29, %cst_2 : tensor<256xi32, #blocked>
    %31 = arith.addi %25, %30 : tensor<256xi32, #blocked>
    %32 = arith.addi %31, %12 : tensor<256xi32, #blocked>
    %33 = arith.addi %28, %32 : tensor<256xi32, #blocked>
    %34 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %35 = tt.addptr %34, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %35, %33, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
