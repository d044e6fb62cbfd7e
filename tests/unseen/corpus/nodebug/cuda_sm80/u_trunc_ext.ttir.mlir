module {
  tt.func public @u_trunc_ext(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi16>
    %cst_0 = arith.constant dense<0> : tensor<256xi8>
    %cst_1 = arith.constant dense<0> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %10 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst : tensor<256x!tt.ptr<i16>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_1 : tensor<256x!tt.ptr<i32>>
    %16 = tt.splat %arg3 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %18 = arith.trunci %12 : tensor<256xi16> to tensor<256xi8>
    %19 = arith.addi %9, %18 : tensor<256xi8>
    tt.store %17, %19, %6 : tensor<256x!tt.ptr<i8>>
    %20 = tt.splat %arg4 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %21 = tt.addptr %20, %4 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %22 = arith.extsi %9 : tensor<256xi8> to tensor<256xi16>
    %23 = arith.extui %9 : tensor<256xi8> to tensor<256xi16>
    %24 = arith.addi %22, %23 : tensor<256xi16>
    tt.store %21, %24, %6 : tensor<256x!tt.ptr<i16>>
    %25 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %26 = tt.addptr %25, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %27 = arith.extsi %12 : tensor<256xi16> to tensor<256xi32>
    %28 = arith.muli %15, %27 : tensor<256xi32>
    tt.store %26, %28, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
