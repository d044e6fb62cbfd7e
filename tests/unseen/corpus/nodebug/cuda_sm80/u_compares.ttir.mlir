module {
  tt.func public @u_compares(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<1> : tensor<256xi32>
    %cst_0 = arith.constant dense<0> : tensor<256xi8>
    %cst_1 = arith.constant dense<300> : tensor<256xi32>
    %cst_2 = arith.constant dense<200> : tensor<256xi32>
    %cst_3 = arith.constant dense<9> : tensor<256xi32>
    %cst_4 = arith.constant dense<true> : tensor<256xi1>
    %cst_5 = arith.constant dense<3> : tensor<256xi32>
    %cst_6 = arith.constant dense<7> : tensor<256xi32>
    %cst_7 = arith.constant dense<5> : tensor<256xi32>
    %cst_8 = arith.constant dense<0> : tensor<256xi32>
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
    %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %10 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_8 : tensor<256x!tt.ptr<i32>>
    %16 = arith.extsi %9 : tensor<256xi8> to tensor<256xi32>
    %17 = arith.cmpi slt, %16, %cst_7 : tensor<256xi32>
    %18 = arith.extui %17 : tensor<256xi1> to tensor<256xi32>
    %19 = arith.addi %18, %cst : tensor<256xi32>
    %20 = arith.extui %12 : tensor<256xi8> to tensor<256xi32>
    %21 = arith.cmpi ugt, %20, %cst_6 : tensor<256xi32>
    %22 = arith.extui %21 : tensor<256xi1> to tensor<256xi32>
    %23 = arith.addi %19, %22 : tensor<256xi32>
    %24 = arith.extsi %9 : tensor<256xi8> to tensor<256xi64>
    %25 = arith.extsi %15 : tensor<256xi32> to tensor<256xi64>
    %26 = arith.cmpi ne, %24, %25 : tensor<256xi64>
    %27 = arith.extui %26 : tensor<256xi1> to tensor<256xi32>
    %28 = arith.addi %23, %27 : tensor<256xi32>
    %29 = arith.cmpi sge, %20, %cst_8 : tensor<256xi32>
    %30 = arith.extui %29 : tensor<256xi1> to tensor<256xi32>
    %31 = arith.addi %28, %30 : tensor<256xi32>
    %32 = arith.addi %31, %cst : tensor<256xi32>
    %33 = arith.cmpi sgt, %15, %cst_5 : tensor<256xi32>
    %34 = arith.cmpi eq, %33, %33 : tensor<256xi1>
    %35 = arith.extui %34 : tensor<256xi1> to tensor<256xi32>
    %36 = arith.addi %32, %35 : tensor<256xi32>
    %37 = arith.extui %33 : tensor<256xi1> to tensor<256xi32>
    %38 = arith.addi %37, %37 : tensor<256xi32>
    %39 = arith.addi %36, %38 : tensor<256xi32>
    %40 = arith.xori %33, %cst_4 : tensor<256xi1>
    %41 = arith.cmpi slt, %15, %cst_3 : tensor<256xi32>
    %42 = arith.andi %40, %41 : tensor<256xi1>
    %43 = arith.extui %42 : tensor<256xi1> to tensor<256xi32>
    %44 = arith.addi %39, %43 : tensor<256xi32>
    %45 = arith.cmpi sgt, %16, %cst_2 : tensor<256xi32>
    %46 = arith.extui %45 : tensor<256xi1> to tensor<256xi32>
    %47 = arith.cmpi slt, %20, %cst_1 : tensor<256xi32>
    %48 = arith.extui %47 : tensor<256xi1> to tensor<256xi32>
    %49 = arith.addi %46, %48 : tensor<256xi32>
    %50 = arith.addi %44, %49 : tensor<256xi32>
    %51 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %52 = tt.addptr %51, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %52, %50, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
