module {
  tt.func public @u_abs(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi8>
    %cst_0 = arith.constant dense<31> : tensor<256xi32>
    %cst_1 = arith.constant dense<0> : tensor<256xi32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg5 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_2 : tensor<256x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_1 : tensor<256x!tt.ptr<i32>>
    %13 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i8>>
    %16 = math.absf %9 : tensor<256xf32>
    %17 = math.absf %16 : tensor<256xf32>
    %18 = arith.addf %16, %17 : tensor<256xf32>
    %19 = arith.negf %9 : tensor<256xf32>
    %20 = math.absf %19 : tensor<256xf32>
    %21 = arith.addf %18, %20 : tensor<256xf32>
    %22 = arith.cmpf olt, %9, %cst_2 : tensor<256xf32>
    %23 = arith.select %22, %19, %9 : tensor<256xi1>, tensor<256xf32>
    %24 = arith.addf %21, %23 : tensor<256xf32>
    %25 = arith.extsi %15 : tensor<256xi8> to tensor<256xi32>
    %26 = math.absi %25 : tensor<256xi32>
    %27 = arith.sitofp %26 : tensor<256xi32> to tensor<256xf32>
    %28 = math.absi %12 : tensor<256xi32>
    %29 = arith.sitofp %28 : tensor<256xi32> to tensor<256xf32>
    %30 = arith.addf %27, %29 : tensor<256xf32>
    %31 = arith.addf %24, %30 : tensor<256xf32>
    %32 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %33 = tt.addptr %32, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %33, %31, %6 : tensor<256x!tt.ptr<f32>>
    %34 = math.absi %28 : tensor<256xi32>
    %35 = arith.addi %28, %34 : tensor<256xi32>
    %36 = arith.cmpi slt, %12, %cst_1 : tensor<256xi32>
    %37 = arith.subi %cst_1, %12 : tensor<256xi32>
    %38 = arith.select %36, %37, %12 : tensor<256xi1>, tensor<256xi32>
    %39 = arith.addi %35, %38 : tensor<256xi32>
    %40 = arith.shrsi %12, %cst_0 : tensor<256xi32>
    %41 = arith.addi %39, %40 : tensor<256xi32>
    %42 = math.absi %15 : tensor<256xi8>
    %43 = arith.extsi %42 : tensor<256xi8> to tensor<256xi32>
    %44 = arith.addi %41, %43 : tensor<256xi32>
    %45 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %46 = tt.addptr %45, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %46, %44, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
