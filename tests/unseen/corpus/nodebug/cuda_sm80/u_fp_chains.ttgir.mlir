#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_fp_chains(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
    %c256_i32 = arith.constant 256 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf16, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xbf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<256xf64, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst : tensor<256x!tt.ptr<f16>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<bf16>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_1 : tensor<256x!tt.ptr<f32>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xi32, #blocked>
    %18 = tt.load %17, %6, %cst_2 : tensor<256x!tt.ptr<f64>, #blocked>
    %19 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %20 = tt.addptr %19, %4 : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %21 = arith.addf %9, %9 : tensor<256xf16, #blocked>
    tt.store %20, %21, %6 : tensor<256x!tt.ptr<f16>, #blocked>
    %22 = tt.splat %arg5 : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #blocked>
    %23 = tt.addptr %22, %4 : tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xi32, #blocked>
    %24 = arith.extf %9 : tensor<256xf16, #blocked> to tensor<256xf32, #blocked>
    %25 = arith.truncf %24 : tensor<256xf32, #blocked> to tensor<256xbf16, #blocked>
    %26 = arith.addf %12, %25 : tensor<256xbf16, #blocked>
    tt.store %23, %26, %6 : tensor<256x!tt.ptr<bf16>, #blocked>
    %27 = tt.splat %arg6 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %28 = tt.addptr %27, %4 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %29 = arith.truncf %18 : tensor<256xf64, #blocked> to tensor<256xf32, #blocked>
    %30 = arith.addf %15, %29 : tensor<256xf32, #blocked>
    %31 = arith.extf %12 : tensor<256xbf16, #blocked> to tensor<256xf32, #blocked>
    %32 = arith.addf %30, %31 : tensor<256xf32, #blocked>
    tt.store %28, %32, %6 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
