#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @u_narrow_arith(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg7: i32) attributes {noinline = false} {
    %cst = arith.constant dense<8> : tensor<256xi8, #blocked>
    %cst_0 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %cst_1 = arith.constant dense<255> : tensor<256xi32, #blocked>
    %cst_2 = arith.constant dense<7> : tensor<256xi8, #blocked>
    %cst_3 = arith.constant dense<16> : tensor<256xi32, #blocked>
    %cst_4 = arith.constant dense<2> : tensor<256xi16, #blocked>
    %c256_i32 = arith.constant 256 : i32
    %cst_5 = arith.constant dense<0> : tensor<256xi8, #blocked>
    %cst_6 = arith.constant dense<0> : tensor<256xi16, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<256xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<256xi32, #blocked>
    %5 = tt.splat %arg7 : i32 -> tensor<256xi32, #blocked>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32, #blocked>
    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %9 = tt.load %8, %6, %cst_5 : tensor<256x!tt.ptr<i8>, #blocked>
    %10 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %12 = tt.load %11, %6, %cst_5 : tensor<256x!tt.ptr<i8>, #blocked>
    %13 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %15 = tt.load %14, %6, %cst_5 : tensor<256x!tt.ptr<i8>, #blocked>
    %16 = tt.splat %arg3 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>, #blocked>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i16>, #blocked>, tensor<256xi32, #blocked>
    %18 = tt.load %17, %6, %cst_6 : tensor<256x!tt.ptr<i16>, #blocked>
    %19 = arith.addi %9, %12 : tensor<256xi8, #blocked>
    %20 = arith.addi %19, %9 : tensor<256xi8, #blocked>
    %21 = arith.extsi %9 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %22 = arith.extsi %12 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %23 = arith.addi %21, %22 : tensor<256xi32, #blocked>
    %24 = arith.trunci %23 : tensor<256xi32, #blocked> to tensor<256xi8, #blocked>
    %25 = arith.addi %20, %24 : tensor<256xi8, #blocked>
    %26 = arith.shli %9, %cst : tensor<256xi8, #blocked>
    %27 = arith.addi %25, %26 : tensor<256xi8, #blocked>
    %28 = arith.muli %21, %cst_0 : tensor<256xi32, #blocked>
    %29 = arith.trunci %28 : tensor<256xi32, #blocked> to tensor<256xi8, #blocked>
    %30 = arith.andi %21, %cst_1 : tensor<256xi32, #blocked>
    %31 = arith.trunci %30 : tensor<256xi32, #blocked> to tensor<256xi8, #blocked>
    %32 = arith.addi %29, %31 : tensor<256xi8, #blocked>
    %33 = arith.shrsi %9, %cst_2 : tensor<256xi8, #blocked>
    %34 = arith.addi %32, %33 : tensor<256xi8, #blocked>
    %35 = arith.addi %27, %34 : tensor<256xi8, #blocked>
    %36 = tt.splat %arg4 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %37 = tt.addptr %36, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    tt.store %37, %35, %6 : tensor<256x!tt.ptr<i8>, #blocked>
    %38 = arith.extsi %9 : tensor<256xi8, #blocked> to tensor<256xi16, #blocked>
    %39 = arith.addi %38, %18 : tensor<256xi16, #blocked>
    %40 = arith.extsi %18 : tensor<256xi16, #blocked> to tensor<256xi32, #blocked>
    %41 = arith.shli %40, %cst_3 : tensor<256xi32, #blocked>
    %42 = arith.trunci %41 : tensor<256xi32, #blocked> to tensor<256xi16, #blocked>
    %43 = arith.addi %39, %42 : tensor<256xi16, #blocked>
    %44 = arith.muli %18, %cst_4 : tensor<256xi16, #blocked>
    %45 = arith.divsi %44, %cst_4 : tensor<256xi16, #blocked>
    %46 = arith.addi %43, %45 : tensor<256xi16, #blocked>
    %47 = arith.maxsi %18, %38 : tensor<256xi16, #blocked>
    %48 = arith.addi %46, %47 : tensor<256xi16, #blocked>
    %49 = tt.splat %arg5 : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>, #blocked>
    %50 = tt.addptr %49, %4 : tensor<256x!tt.ptr<i16>, #blocked>, tensor<256xi32, #blocked>
    tt.store %50, %48, %6 : tensor<256x!tt.ptr<i16>, #blocked>
    %51 = arith.shrui %15, %cst : tensor<256xi8, #blocked>
    %52 = arith.addi %51, %15 : tensor<256xi8, #blocked>
    %53 = arith.addi %52, %15 : tensor<256xi8, #blocked>
    %54 = arith.extui %15 : tensor<256xi8, #blocked> to tensor<256xi32, #blocked>
    %55 = arith.andi %54, %cst_1 : tensor<256xi32, #blocked>
    %56 = arith.trunci %55 : tensor<256xi32, #blocked> to tensor<256xi8, #blocked>
    %57 = arith.addi %53, %56 : tensor<256xi8, #blocked>
    %58 = arith.addi %57, %15 : tensor<256xi8, #blocked>
    %59 = tt.splat %arg6 : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %60 = tt.addptr %59, %4 : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    tt.store %60, %58, %6 : tensor<256x!tt.ptr<i8>, #blocked>
    tt.return
  }
}
