#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_trunc_ext(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %c256_i32 = arith.constant 256 : i32
    %cst = arith.constant dense<0> : tensor<256xi8, #blocked>
    %cst_0 = arith.constant dense<0> : tensor<256xi16, #blocked>
    %cst_1 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst : tensor<256x!tt.ptr<i8>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i16>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<i16>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_1 : tensor<256x!tt.ptr<i32>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %18 = arith.trunci %12 : tensor<256xi16, #blocked> to tensor<256xi8, #blocked>
    %19 = arith.addi %9, %18 : tensor<256xi8, #blocked>
    tt.store %17, %19, %6 : tensor<256x!tt.ptr<i8>, #blocked>
    %20 = tt.splat %arg4 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>, #blocked>
    %21 = tt.addptr %20, %4 : tensor<256x!tt.ptr<i16>, #blocked>, tensor<256xi32, #blocked>
    %22 = arith.extsi %9 : tensor<256xi8, #blocked> to tensor<256xi16, #blocked>
    %23 = arith.extui %9 : tensor<256xi8, #blocked> to tensor<256xi16, #blocked>
    %24 = arith.addi %22, %23 : tensor<256xi16, #blocked>
    tt.store %21, %24, %6 : tensor<256x!tt.ptr<i16>, #blocked>
    %25 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %26 = tt.addptr %25, %4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %27 = arith.extsi %12 : tensor<256xi16, #blocked> to tensor<256xi32, #blocked>
    %28 = arith.muli %15, %27 : tensor<256xi32, #blocked>
    tt.store %26, %28, %6 : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
