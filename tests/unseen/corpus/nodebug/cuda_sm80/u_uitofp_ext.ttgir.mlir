#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_uitofp_ext(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %c256_i32 = arith.constant 256 : i32
    %cst = arith.constant dense<0> : tensor<256xi8, #blocked>
    %cst_0 = arith.constant dense<0> : tensor<256xi16, #blocked>
    %cst_1 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg4 : i32 -> tensor<256xi32, #blocked>
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
    %16 = arith.uitofp %9 : tensor<256xi8, #blocked> to tensor<256xf32, #blocked>
    %17 = arith.uitofp %12 : tensor<256xi16, #blocked> to tensor<256xf32, #blocked>
    %18 = arith.addf %16, %17 : tensor<256xf32, #blocked>
    %19 = arith.uitofp %15 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %20 = arith.addf %18, %19 : tensor<256xf32, #blocked>
    %21 = arith.addf %20, %19 : tensor<256xf32, #blocked>
    %22 = arith.uitofp %9 : tensor<256xi8, #blocked> to tensor<256xf16, #blocked>
    %23 = arith.extf %22 : tensor<256xf16, #blocked> to tensor<256xf32, #blocked>
    %24 = arith.addf %21, %23 : tensor<256xf32, #blocked>
    %25 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %26 = tt.addptr %25, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %26, %24, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
