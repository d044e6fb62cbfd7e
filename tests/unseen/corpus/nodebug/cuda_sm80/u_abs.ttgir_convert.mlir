#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @u_abs(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi8, #blocked>
    %cst_0 = arith.constant dense<31> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
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
    %9 = tt.load %8, %6, %cst_2 : tensor<256x!tt.ptr<f32>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_1 : tensor<256x!tt.ptr<i32>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i8>, #blocked>
    %16 = math.absf %9 : tensor<256xf32, #blocked>
    %17 = math.absf %16 : tensor<256xf32, #blocked>
    %18 = arith.addf %16, %17 : tensor<256xf32, #blocked>
    %19 = arith.negf %9 : tensor<256xf32, #blocked>
    %20 = math.absf %19 : tensor<256xf32, #blocked>
    %21 = arith.addf %18, %20 : tensor<256xf32, #blocked>
    %22 = arith.cmpf olt, %9, %cst_2 : tensor<256xf32, #blocked>
    %23 = arith.select %22, %19, %9 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
    %24 = arith.addf %21, %23 : tensor<256xf32, #blocked>
    %25 = arith.extsi %15 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %26 = math.absi %25 : tensor<256xi32, #blocked>
    %27 = arith.sitofp %26 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %28 = math.absi %12 : tensor<256xi32, #blocked>
    %29 = arith.sitofp %28 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %30 = arith.addf %27, %29 : tensor<256xf32, #blocked>
    %31 = arith.addf %24, %30 : tensor<256xf32, #blocked>
    %32 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %33 = tt.addptr %32, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %33, %31, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    %34 = math.absi %28 : tensor<256xi32, #blocked>
    %35 = arith.addi %28, %34 : tensor<256xi32, #blocked>
    %36 = arith.cmpi slt, %12, %cst_1 : tensor<256xi32, #blocked>
    %37 = arith.subi %cst_1, %12 : tensor<256xi32, #blocked>
    %38 = arith.select %36, %37, %12 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
    %39 = arith.addi %35, %38 : tensor<256xi32, #blocked>
    %40 = arith.shrsi %12, %cst_0 : tensor<256xi32, #blocked>
    %41 = arith.addi %39, %40 : tensor<256xi32, #blocked>
    %42 = math.absi %15 : tensor<256xi8, #blocked>
    %43 = arith.extsi %42 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %44 = arith.addi %41, %43 : tensor<256xi32, #blocked>
    %45 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %46 = tt.addptr %45, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %46, %44, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
