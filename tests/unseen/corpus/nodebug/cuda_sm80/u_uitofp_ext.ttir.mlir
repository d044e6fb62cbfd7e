module {
  tt.func public @u_uitofp_ext(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi32>
    %cst_0 = arith.constant dense<0> : tensor<256xi16>
    %cst_1 = arith.constant dense<0> : tensor<256xi8>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg4 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_1 : tensor<256x!tt.ptr<i8>>
    %10 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<i16>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst : tensor<256x!tt.ptr<i32>>
    %16 = arith.uitofp %9 : tensor<256xi8> to tensor<256xf32>
    %17 = arith.uitofp %12 : tensor<256xi16> to tensor<256xf32>
    %18 = arith.addf %16, %17 : tensor<256xf32>
    %19 = arith.uitofp %15 : tensor<256xi32> to tensor<256xf32>
    %20 = arith.addf %18, %19 : tensor<256xf32>
    %21 = arith.addf %20, %19 : tensor<256xf32>
    %22 = arith.uitofp %9 : tensor<256xi8> to tensor<256xf16>
    %23 = arith.extf %22 : tensor<256xf16> to tensor<256xf32>
    %24 = arith.addf %21, %23 : tensor<256xf32>
    %25 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %26 = tt.addptr %25, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %26, %24, %6 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
