module {
  tt.func public @u_range_masks(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: i32) attributes {noinline = false} {
    %cst = arith.constant dense<256> : tensor<256xi32>
    %cst_0 = arith.constant dense<4> : tensor<256xi32>
    %cst_1 = arith.constant dense<5> : tensor<256xi32>
    %cst_2 = arith.constant dense<3> : tensor<256xi32>
    %cst_3 = arith.constant dense<0> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg2 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_3 : tensor<256x!tt.ptr<i32>>
    %10 = arith.cmpi sgt, %9, %cst_2 : tensor<256xi32>
    %11 = arith.cmpi sgt, %9, %cst_1 : tensor<256xi32>
    %12 = arith.andi %10, %11 : tensor<256xi1>
    %13 = arith.extui %12 : tensor<256xi1> to tensor<256xi32>
    %14 = arith.ori %10, %11 : tensor<256xi1>
    %15 = arith.extui %14 : tensor<256xi1> to tensor<256xi32>
    %16 = arith.addi %13, %15 : tensor<256xi32>
    %17 = arith.cmpi slt, %9, %cst_2 : tensor<256xi32>
    %18 = arith.andi %17, %11 : tensor<256xi1>
    %19 = arith.extui %18 : tensor<256xi1> to tensor<256xi32>
    %20 = arith.addi %16, %19 : tensor<256xi32>
    %21 = arith.cmpi eq, %9, %cst_2 : tensor<256xi32>
    %22 = arith.cmpi eq, %9, %cst_0 : tensor<256xi32>
    %23 = arith.andi %21, %22 : tensor<256xi1>
    %24 = arith.extui %23 : tensor<256xi1> to tensor<256xi32>
    %25 = arith.cmpi ne, %9, %cst_2 : tensor<256xi32>
    %26 = arith.ori %21, %25 : tensor<256xi1>
    %27 = arith.extui %26 : tensor<256xi1> to tensor<256xi32>
    %28 = arith.addi %24, %27 : tensor<256xi32>
    %29 = arith.cmpi sge, %9, %cst_2 : tensor<256xi32>
    %30 = arith.ori %17, %29 : tensor<256xi1>
    %31 = arith.extui %30 : tensor<256xi1> to tensor<256xi32>
    %32 = arith.addi %28, %31 : tensor<256xi32>
    %33 = arith.addi %20, %32 : tensor<256xi32>
    %34 = arith.andi %10, %17 : tensor<256xi1>
    %35 = arith.extui %34 : tensor<256xi1> to tensor<256xi32>
    %36 = arith.cmpi sle, %9, %cst_2 : tensor<256xi32>
    %37 = arith.andi %29, %36 : tensor<256xi1>
    %38 = arith.extui %37 : tensor<256xi1> to tensor<256xi32>
    %39 = arith.addi %35, %38 : tensor<256xi32>
    %40 = arith.andi %25, %21 : tensor<256xi1>
    %41 = arith.extui %40 : tensor<256xi1> to tensor<256xi32>
    %42 = arith.addi %39, %41 : tensor<256xi32>
    %43 = arith.addi %33, %42 : tensor<256xi32>
    %44 = arith.andi %6, %6 : tensor<256xi1>
    %45 = arith.extui %44 : tensor<256xi1> to tensor<256xi32>
    %46 = arith.cmpi sge, %4, %cst_3 : tensor<256xi32>
    %47 = arith.andi %46, %6 : tensor<256xi1>
    %48 = arith.extui %47 : tensor<256xi1> to tensor<256xi32>
    %49 = arith.addi %45, %48 : tensor<256xi32>
    %50 = arith.addi %43, %49 : tensor<256xi32>
    %51 = arith.cmpi slt, %2, %cst : tensor<256xi32>
    %52 = arith.andi %51, %6 : tensor<256xi1>
    %53 = arith.extui %52 : tensor<256xi1> to tensor<256xi32>
    %54 = arith.cmpi sge, %2, %cst_3 : tensor<256xi32>
    %55 = arith.extui %54 : tensor<256xi1> to tensor<256xi32>
    %56 = arith.addi %53, %55 : tensor<256xi32>
    %57 = arith.addi %50, %56 : tensor<256xi32>
    %58 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %59 = tt.addptr %58, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %59, %57, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
