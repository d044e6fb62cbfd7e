#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_loop_casts(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi8, #blocked>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<256xf32, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %cst_2 = arith.constant dense<1000> : tensor<256xi32, #blocked>
    %cst_3 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %1:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst_3, %arg5 = %cst_1) -> (tensor<256xi32, #blocked>, tensor<256xf32, #blocked>)  : i32 {
      %6 = arith.muli %arg3, %c256_i32 : i32
      %7 = tt.addptr %arg0, %6 : !tt.ptr<i32>, i32
      %8 = tt.splat %7 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
      %9 = tt.addptr %8, %0 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
      %10 = tt.load %9 : tensor<256x!tt.ptr<i32>, #blocked>
      %11 = arith.trunci %10 : tensor<256xi32, #blocked> to tensor<256xi8, #blocked>
      %12 = arith.extsi %11 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
      %13 = arith.addi %arg4, %12 : tensor<256xi32, #blocked>
      %14 = arith.sitofp %11 : tensor<256xi8, #blocked> to tensor<256xf32, #blocked>
      %15 = arith.cmpi sgt, %11, %cst : tensor<256xi8, #blocked>
      %16 = arith.select %15, %cst_0, %cst_1 : tensor<256xi1, #blocked>, tensor<256xf32, #blocked>
      %17 = arith.addf %14, %16 : tensor<256xf32, #blocked>
      %18 = arith.addf %arg5, %17 : tensor<256xf32, #blocked>
      %19 = arith.cmpi sgt, %13, %cst_2 : tensor<256xi32, #blocked>
      %20 = arith.subi %13, %cst_2 : tensor<256xi32, #blocked>
      %21 = arith.select %19, %20, %13 : tensor<256xi1, #blocked>, tensor<256xi32, #blocked>
      scf.yield %21, %18 : tensor<256xi32, #blocked>, tensor<256xf32, #blocked>
    }
    %2 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %3 = tt.addptr %2, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %4 = arith.sitofp %1#0 : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %5 = arith.addf %1#1, %4 : tensor<256xf32, #blocked>
    tt.store %3, %5 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
