module {
  tt.func public @u_loop_casts(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32) attributes {noinline = false} {
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %1 = tt.call @triton.language.standard.zeros__Tc256T_ci32() : () -> tensor<256xi32>
    %2 = tt.call @triton.language.standard.zeros__Tc256T_cfp32() : () -> tensor<256xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %3 = arith.bitcast %c0_i32 : i32 to i32
    %4 = arith.bitcast %arg2 : i32 to i32
    %5 = arith.bitcast %c1_i32 : i32 to i32
    %6 = ub.poison : i32
    %7:2 = scf.for %arg3 = %3 to %4 step %5 iter_args(%arg4 = %1, %arg5 = %2) -> (tensor<256xi32>, tensor<256xf32>)  : i32 {
      %c256_i32 = arith.constant 256 : i32
      %12 = arith.extsi %arg3 : i32 to i64
      %13 = arith.extsi %c256_i32 : i32 to i64
      %14 = arith.muli %12, %13 : i64
      %c2147483647_i64 = arith.constant 2147483647 : i64
      %c-2147483648_i64 = arith.constant -2147483648 : i64
      %15 = arith.cmpi sle, %14, %c2147483647_i64 : i64
      %16 = arith.cmpi sge, %14, %c-2147483648_i64 : i64
      %17 = arith.andi %15, %16 : i1
      %18 = arith.muli %arg3, %c256_i32 : i32
      %19 = tt.addptr %arg0, %18 : !tt.ptr<i32>, i32
      %20 = tt.splat %19 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
      %21 = tt.addptr %20, %0 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
      %22 = tt.load %21 : tensor<256x!tt.ptr<i32>>
      %23 = arith.trunci %22 : tensor<256xi32> to tensor<256xi8>
      %24 = arith.extsi %23 : tensor<256xi8> to tensor<256xi32>
      %25 = arith.extsi %arg4 : tensor<256xi32> to tensor<256xi64>
      %26 = arith.extsi %24 : tensor<256xi32> to tensor<256xi64>
      %27 = arith.addi %25, %26 : tensor<256xi64>
      %c2147483647_i64_0 = arith.constant 2147483647 : i64
      %c-2147483648_i64_1 = arith.constant -2147483648 : i64
      %cst = arith.constant dense<2147483647> : tensor<256xi64>
      %28 = arith.cmpi sle, %27, %cst : tensor<256xi64>
      %cst_2 = arith.constant dense<-2147483648> : tensor<256xi64>
      %29 = arith.cmpi sge, %27, %cst_2 : tensor<256xi64>
      %30 = arith.andi %28, %29 : tensor<256xi1>
      %31 = arith.addi %arg4, %24 : tensor<256xi32>
      %32 = arith.extsi %23 : tensor<256xi8> to tensor<256xi32>
      %33 = arith.sitofp %32 : tensor<256xi32> to tensor<256xf32>
      %c0_i8 = arith.constant 0 : i8
      %cst_3 = arith.constant dense<0> : tensor<256xi8>
      %34 = arith.cmpi sgt, %23, %cst_3 : tensor<256xi8>
      %cst_4 = arith.constant 1.000000e+00 : f32
      %cst_5 = arith.constant 0.000000e+00 : f32
      %cst_6 = arith.constant dense<1.000000e+00> : tensor<256xf32>
      %cst_7 = arith.constant dense<0.000000e+00> : tensor<256xf32>
      %35 = arith.select %34, %cst_6, %cst_7 : tensor<256xi1>, tensor<256xf32>
      %36 = arith.addf %33, %35 : tensor<256xf32>
      %37 = arith.addf %arg5, %36 : tensor<256xf32>
      %c1000_i32 = arith.constant 1000 : i32
      %cst_8 = arith.constant dense<1000> : tensor<256xi32>
      %38 = arith.cmpi sgt, %31, %cst_8 : tensor<256xi32>
      %c1000_i32_9 = arith.constant 1000 : i32
      %cst_10 = arith.constant dense<1000> : tensor<256xi32>
      %39 = arith.extsi %31 : tensor<256xi32> to tensor<256xi64>
      %40 = arith.extsi %cst_10 : tensor<256xi32> to tensor<256xi64>
      %41 = arith.subi %39, %40 : tensor<256xi64>
      %c2147483647_i64_11 = arith.constant 2147483647 : i64
      %c-2147483648_i64_12 = arith.constant -2147483648 : i64
      %cst_13 = arith.constant dense<2147483647> : tensor<256xi64>
      %42 = arith.cmpi sle, %41, %cst_13 : tensor<256xi64>
      %cst_14 = arith.constant dense<-2147483648> : tensor<256xi64>
      %43 = arith.cmpi sge, %41, %cst_14 : tensor<256xi64>
      %44 = arith.andi %42, %43 : tensor<256xi1>
      %45 = arith.subi %31, %cst_10 : tensor<256xi32>
      %46 = arith.select %38, %45, %31 : tensor<256xi1>, tensor<256xi32>
      scf.yield %46, %37 : tensor<256xi32>, tensor<256xf32>
    }
    %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %9 = tt.addptr %8, %0 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %10 = arith.sitofp %7#0 : tensor<256xi32> to tensor<256xf32>
    %11 = arith.addf %7#1, %10 : tensor<256xf32>
    tt.store %9, %11 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
  tt.func private @triton.language.standard.zeros__Tc256T_ci32() -> tensor<256xi32> attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0> : tensor<256xi32>
    tt.return %cst : tensor<256xi32>
  ^bb1:  // no predecessors
    %0 = ub.poison : tensor<256xi32>
    tt.return %0 : tensor<256xi32>
  }
  tt.func private @triton.language.standard.zeros__Tc256T_cfp32() -> tensor<256xf32> attributes {noinline = false} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    tt.return %cst_0 : tensor<256xf32>
  ^bb1:  // no predecessors
    %0 = ub.poison : tensor<256xf32>
    tt.return %0 : tensor<256xf32>
  }
}
