module {
  tt.func public @u_fptoi(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg4 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst : tensor<256x!tt.ptr<f32>>
    %10 = arith.fptosi %9 : tensor<256xf32> to tensor<256xi64>
    %11 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %12 = tt.addptr %11, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %13 = arith.trunci %10 : tensor<256xi64> to tensor<256xi8>
    tt.store %12, %13, %6 : tensor<256x!tt.ptr<i8>>
    %14 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %15 = tt.addptr %14, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %16 = arith.fptosi %9 : tensor<256xf32> to tensor<256xi32>
    %17 = arith.fptosi %9 : tensor<256xf32> to tensor<256xi8>
    %18 = arith.extsi %17 : tensor<256xi8> to tensor<256xi32>
    %19 = arith.addi %16, %18 : tensor<256xi32>
    tt.store %15, %19, %6 : tensor<256x!tt.ptr<i32>>
    %20 = tt.splat %arg3 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %21 = tt.addptr %20, %4 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %22 = arith.fptoui %9 : tensor<256xf32> to tensor<256xi32>
    %23 = arith.trunci %22 : tensor<256xi32> to tensor<256xi16>
    tt.store %21, %23, %6 : tensor<256x!tt.ptr<i16>>
    tt.return
  }
}
