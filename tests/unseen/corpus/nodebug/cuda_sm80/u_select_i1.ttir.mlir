module {
  tt.func public @u_select_i1(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<3> : tensor<256xi32>
    %cst_0 = arith.constant dense<1> : tensor<256xi32>
    %cst_1 = arith.constant dense<-1> : tensor<256xi32>
    %cst_2 = arith.constant dense<7> : tensor<256xi32>
    %cst_3 = arith.constant dense<false> : tensor<256xi1>
    %cst_4 = arith.constant dense<true> : tensor<256xi1>
    %cst_5 = arith.constant dense<0> : tensor<256xi32>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg5 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_6 : tensor<256x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %16 = arith.cmpf ogt, %9, %cst_6 : tensor<256xf32>
    %17 = arith.cmpi sgt, %12, %15 : tensor<256xi32>
    %18 = arith.select %16, %17, %cst_4 : tensor<256xi1>, tensor<256xi1>
    %19 = arith.extui %18 : tensor<256xi1> to tensor<256xi32>
    %20 = arith.select %16, %cst_3, %17 : tensor<256xi1>, tensor<256xi1>
    %21 = arith.extui %20 : tensor<256xi1> to tensor<256xi32>
    %22 = arith.addi %19, %21 : tensor<256xi32>
    %23 = arith.select %16, %16, %17 : tensor<256xi1>, tensor<256xi1>
    %24 = arith.extui %23 : tensor<256xi1> to tensor<256xi32>
    %25 = arith.addi %22, %24 : tensor<256xi32>
    %26 = arith.select %16, %17, %16 : tensor<256xi1>, tensor<256xi1>
    %27 = arith.extui %26 : tensor<256xi1> to tensor<256xi32>
    %28 = arith.extui %17 : tensor<256xi1> to tensor<256xi32>
    %29 = arith.addi %27, %28 : tensor<256xi32>
    %30 = arith.addi %29, %cst_0 : tensor<256xi32>
    %31 = arith.addi %25, %30 : tensor<256xi32>
    %32 = arith.xori %17, %cst_4 : tensor<256xi1>
    %33 = arith.select %16, %17, %32 : tensor<256xi1>, tensor<256xi1>
    %34 = arith.extui %33 : tensor<256xi1> to tensor<256xi32>
    %35 = arith.select %16, %32, %17 : tensor<256xi1>, tensor<256xi1>
    %36 = arith.extui %35 : tensor<256xi1> to tensor<256xi32>
    %37 = arith.addi %34, %36 : tensor<256xi32>
    %38 = arith.addi %31, %37 : tensor<256xi32>
    %39 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %40 = tt.addptr %39, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %40, %38, %6 : tensor<256x!tt.ptr<i32>>
    %41 = arith.xori %16, %cst_4 : tensor<256xi1>
    %42 = arith.select %41, %12, %15 : tensor<256xi1>, tensor<256xi32>
    %43 = arith.select %16, %12, %cst_2 : tensor<256xi1>, tensor<256xi32>
    %44 = arith.addi %42, %43 : tensor<256xi32>
    %45 = arith.select %16, %cst_2, %15 : tensor<256xi1>, tensor<256xi32>
    %46 = arith.addi %44, %45 : tensor<256xi32>
    %47 = arith.maxsi %12, %15 : tensor<256xi32>
    %48 = arith.select %16, %47, %15 : tensor<256xi1>, tensor<256xi32>
    %49 = arith.select %16, %12, %47 : tensor<256xi1>, tensor<256xi32>
    %50 = arith.addi %48, %49 : tensor<256xi32>
    %51 = arith.addi %46, %50 : tensor<256xi32>
    %52 = arith.select %16, %47, %12 : tensor<256xi1>, tensor<256xi32>
    %53 = arith.select %16, %15, %47 : tensor<256xi1>, tensor<256xi32>
    %54 = arith.addi %52, %53 : tensor<256xi32>
    %55 = arith.addi %51, %54 : tensor<256xi32>
    %56 = arith.select %16, %cst_1, %cst_5 : tensor<256xi1>, tensor<256xi32>
    %57 = arith.select %16, %cst_5, %cst_1 : tensor<256xi1>, tensor<256xi32>
    %58 = arith.addi %56, %57 : tensor<256xi32>
    %59 = arith.addi %12, %cst_0 : tensor<256xi32>
    %60 = arith.select %16, %59, %12 : tensor<256xi1>, tensor<256xi32>
    %61 = arith.addi %58, %60 : tensor<256xi32>
    %62 = arith.select %17, %cst_0, %cst_5 : tensor<256xi1>, tensor<256xi32>
    %63 = arith.muli %62, %cst : tensor<256xi32>
    %64 = arith.addi %61, %63 : tensor<256xi32>
    %65 = arith.addi %55, %64 : tensor<256xi32>
    %66 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %67 = tt.addptr %66, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %67, %65, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
