module {
  tt.func public @u_int_absorb(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32) attributes {noinline = false} {
    %cst = arith.constant dense<-2> : tensor<256xi32>
    %cst_0 = arith.constant dense<-1> : tensor<256xi32>
    %cst_1 = arith.constant dense<5> : tensor<256xi32>
    %cst_2 = arith.constant dense<3> : tensor<256xi32>
    %cst_3 = arith.constant dense<16> : tensor<256xi32>
    %cst_4 = arith.constant dense<15> : tensor<256xi32>
    %cst_5 = arith.constant dense<255> : tensor<256xi32>
    %cst_6 = arith.constant dense<1> : tensor<256xi32>
    %cst_7 = arith.constant dense<0> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg3 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_7 : tensor<256x!tt.ptr<i32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_7 : tensor<256x!tt.ptr<i32>>
    %13 = arith.addi %9, %cst_0 : tensor<256xi32>
    %14 = arith.addi %13, %9 : tensor<256xi32>
    %15 = arith.addi %14, %9 : tensor<256xi32>
    %16 = arith.addi %15, %9 : tensor<256xi32>
    %17 = arith.addi %16, %9 : tensor<256xi32>
    %18 = arith.addi %17, %9 : tensor<256xi32>
    %19 = arith.ori %9, %12 : tensor<256xi32>
    %20 = arith.andi %9, %19 : tensor<256xi32>
    %21 = arith.andi %9, %12 : tensor<256xi32>
    %22 = arith.ori %9, %21 : tensor<256xi32>
    %23 = arith.addi %20, %22 : tensor<256xi32>
    %24 = arith.addi %23, %20 : tensor<256xi32>
    %25 = arith.addi %24, %22 : tensor<256xi32>
    %26 = arith.addi %18, %25 : tensor<256xi32>
    %27 = arith.addi %9, %cst : tensor<256xi32>
    %28 = arith.addi %26, %27 : tensor<256xi32>
    %29 = arith.addi %9, %9 : tensor<256xi32>
    %30 = arith.addi %29, %9 : tensor<256xi32>
    %31 = arith.addi %30, %9 : tensor<256xi32>
    %32 = arith.addi %31, %9 : tensor<256xi32>
    %33 = arith.addi %32, %9 : tensor<256xi32>
    %34 = arith.addi %28, %33 : tensor<256xi32>
    %35 = arith.andi %9, %cst_5 : tensor<256xi32>
    %36 = arith.andi %35, %cst_4 : tensor<256xi32>
    %37 = arith.ori %9, %cst_3 : tensor<256xi32>
    %38 = arith.ori %37, %cst_6 : tensor<256xi32>
    %39 = arith.addi %36, %38 : tensor<256xi32>
    %40 = arith.xori %9, %cst_2 : tensor<256xi32>
    %41 = arith.xori %40, %cst_1 : tensor<256xi32>
    %42 = arith.addi %39, %41 : tensor<256xi32>
    %43 = arith.addi %42, %21 : tensor<256xi32>
    %44 = arith.ori %19, %12 : tensor<256xi32>
    %45 = arith.addi %43, %44 : tensor<256xi32>
    %46 = arith.addi %34, %45 : tensor<256xi32>
    %47 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %48 = tt.addptr %47, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %48, %46, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}
