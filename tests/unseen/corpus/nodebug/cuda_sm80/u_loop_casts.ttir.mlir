module {
  tt.func public @u_loop_casts(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi32>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<1000> : tensor<256xi32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %cst_2 = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %cst_3 = arith.constant dense<0> : tensor<256xi8>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %1:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %cst_1) -> (tensor<256xi32>, tensor<256xf32>)  : i32 {
      %6 = arith.muli %arg3, %c256_i32 : i32
      %7 = tt.addptr %arg0, %6 : !tt.ptr<i32>, i32
      %8 = tt.splat %7 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
      %9 = tt.addptr %8, %0 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
      %10 = tt.load %9 : tensor<256x!tt.ptr<i32>>
      %11 = arith.trunci %10 : tensor<256xi32> to tensor<256xi8>
      %12 = arith.extsi %11 : tensor<256xi8> to tensor<256xi32>
      %13 = arith.addi %arg4, %12 : tensor<256xi32>
      %14 = arith.sitofp %11 : tensor<256xi8> to tensor<256xf32>
      %15 = arith.cmpi sgt, %11, %cst_3 : tensor<256xi8>
      %16 = arith.select %15, %cst_2, %cst_1 : tensor<256xi1>, tensor<256xf32>
      %17 = arith.addf %14, %16 : tensor<256xf32>
      %18 = arith.addf %arg5, %17 : tensor<256xf32>
      %19 = arith.cmpi sgt, %13, %cst_0 : tensor<256xi32>
      %20 = arith.subi %13, %cst_0 : tensor<256xi32>
      %21 = arith.select %19, %20, %13 : tensor<256xi1>, tensor<256xi32>
      scf.yield %21, %18 : tensor<256xi32>, tensor<256xf32>
    }
    %2 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %3 = tt.addptr %2, %0 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %4 = arith.sitofp %1#0 : tensor<256xi32> to tensor<256xf32>
    %5 = arith.addf %1#1, %4 : tensor<256xf32>
    tt.store %3, %5 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
