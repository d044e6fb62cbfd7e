module {
  tt.func public @u_narrow_arith(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<256xi16>
    %cst_0 = arith.constant dense<0> : tensor<256xi8>
    %cst_1 = arith.constant dense<2> : tensor<256xi16>
    %cst_2 = arith.constant dense<16> : tensor<256xi32>
    %cst_3 = arith.constant dense<7> : tensor<256xi8>
    %cst_4 = arith.constant dense<255> : tensor<256xi32>
    %cst_5 = arith.constant dense<3> : tensor<256xi32>
    %cst_6 = arith.constant dense<8> : tensor<256xi8>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %10 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %13 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_0 : tensor<256x!tt.ptr<i8>>
    %16 = tt.splat %arg3 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    %18 = tt.load %17, %6, %cst : tensor<256x!tt.ptr<i16>>
    %19 = arith.addi %9, %12 : tensor<256xi8>
    %20 = arith.addi %19, %9 : tensor<256xi8>
    %21 = arith.extsi %9 : tensor<256xi8> to tensor<256xi32>
    %22 = arith.extsi %12 : tensor<256xi8> to tensor<256xi32>
    %23 = arith.addi %21, %22 : tensor<256xi32>
    %24 = arith.trunci %23 : tensor<256xi32> to tensor<256xi8>
    %25 = arith.addi %20, %24 : tensor<256xi8>
    %26 = arith.shli %9, %cst_6 : tensor<256xi8>
    %27 = arith.addi %25, %26 : tensor<256xi8>
    %28 = arith.muli %21, %cst_5 : tensor<256xi32>
    %29 = arith.trunci %28 : tensor<256xi32> to tensor<256xi8>
    %30 = arith.andi %21, %cst_4 : tensor<256xi32>
    %31 = arith.trunci %30 : tensor<256xi32> to tensor<256xi8>
    %32 = arith.addi %29, %31 : tensor<256xi8>
    %33 = arith.shrsi %9, %cst_3 : tensor<256xi8>
    %34 = arith.addi %32, %33 : tensor<256xi8>
    %35 = arith.addi %27, %34 : tensor<256xi8>
    %36 = tt.splat %arg4 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %37 = tt.addptr %36, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    tt.store %37, %35, %6 : tensor<256x!tt.ptr<i8>>
    %38 = arith.extsi %9 : tensor<256xi8> to tensor<256xi16>
    %39 = arith.addi %38, %18 : tensor<256xi16>
    %40 = arith.extsi %18 : tensor<256xi16> to tensor<256xi32>
    %41 = arith.shli %40, %cst_2 : tensor<256xi32>
    %42 = arith.trunci %41 : tensor<256xi32> to tensor<256xi16>
    %43 = arith.addi %39, %42 : tensor<256xi16>
    %44 = arith.muli %18, %cst_1 : tensor<256xi16>
    %45 = arith.divsi %44, %cst_1 : tensor<256xi16>
    %46 = arith.addi %43, %45 : tensor<256xi16>
    %47 = arith.maxsi %18, %38 : tensor<256xi16>
    %48 = arith.addi %46, %47 : tensor<256xi16>
    %49 = tt.splat %arg5 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>>
    %50 = tt.addptr %49, %4 : tensor<256x!tt.ptr<i16>>, tensor<256xi32>
    tt.store %50, %48, %6 : tensor<256x!tt.ptr<i16>>
    %51 = arith.shrui %15, %cst_6 : tensor<256xi8>
    %52 = arith.addi %51, %15 : tensor<256xi8>
    %53 = arith.addi %52, %15 : tensor<256xi8>
    %54 = arith.extui %15 : tensor<256xi8> to tensor<256xi32>
    %55 = arith.andi %54, %cst_4 : tensor<256xi32>
    %56 = arith.trunci %55 : tensor<256xi32> to tensor<256xi8>
    %57 = arith.addi %53, %56 : tensor<256xi8>
    %58 = arith.addi %57, %15 : tensor<256xi8>
    %59 = tt.splat %arg6 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>>
    %60 = tt.addptr %59, %4 : tensor<256x!tt.ptr<i8>>, tensor<256xi32>
    tt.store %60, %58, %6 : tensor<256x!tt.ptr<i8>>
    tt.return
  }
}
