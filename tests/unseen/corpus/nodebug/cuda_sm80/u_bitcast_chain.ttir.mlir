module {
  tt.func public @u_bitcast_chain(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: i32, %arg7: i32) attributes {noinline = false} {
    %c1065353216_i32 = arith.constant 1065353216 : i32
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_1 : tensor<256x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<f16>>
    %13 = tt.bitcast %12 : tensor<256xf16> -> tensor<256xi16>
    %14 = tt.bitcast %13 : tensor<256xi16> -> tensor<256xbf16>
    %15 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %16 = tt.addptr %15, %4 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %17 = tt.bitcast %14 : tensor<256xbf16> -> tensor<256xf16>
    tt.store %16, %17, %6 : tensor<256x!tt.ptr<f16>>
    %18 = tt.bitcast %9 : tensor<256xf32> -> tensor<256xi32>
    %19 = tt.bitcast %18 : tensor<256xi32> -> tensor<256xf32>
    %20 = tt.bitcast %cst : f32 -> i32
    %21 = tt.splat %20 : i32 -> tensor<256xi32>
    %22 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %23 = tt.addptr %22, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %24 = tt.bitcast %c1065353216_i32 : i32 -> f32
    %25 = tt.splat %24 : f32 -> tensor<256xf32>
    %26 = arith.addf %19, %25 : tensor<256xf32>
    tt.store %23, %26, %6 : tensor<256x!tt.ptr<f32>>
    %27 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %28 = tt.addptr %27, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %29 = tt.bitcast %19 : tensor<256xf32> -> tensor<256xi32>
    %30 = arith.addi %21, %29 : tensor<256xi32>
    tt.store %28, %30, %6 : tensor<256x!tt.ptr<i32>>
    %31 = tt.bitcast %arg6 : i32 -> f32
    %32 = tt.addptr %arg5, %0 : !tt.ptr<i32>, i32
    %33 = tt.bitcast %31 : f32 -> i32
    %34 = arith.addi %33, %arg6 : i32
    tt.store %32, %34 : !tt.ptr<i32>
    tt.return
  }
}
