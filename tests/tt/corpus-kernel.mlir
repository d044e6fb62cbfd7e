// A real TTIR kernel (Triton 3.9, cuda sm80: matmul_f16 from the corpus) parses, prints, and stays valid through -canonicalize -cse.
// RUN: tritium-opt %s | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s
// RUN: tritium-opt %s -canonicalize -cse | tritium-opt | FileCheck %s
// RUN: %mlir-opt %s -canonicalize -cse --mlir-print-op-generic | tritium-opt | FileCheck %s

// CHECK-LABEL: tt.func public @matmul_f16(
// CHECK-SAME:    %[[A:[^:]*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[B:[^:]*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[C:[^:]*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}
// CHECK-SAME:    attributes {noinline = false}
// CHECK:         %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
// CHECK:         %[[PID:.*]] = tt.get_program_id x : i32
// CHECK:         %[[RANGE:.*]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK:         %[[ROWS:.*]] = tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
// CHECK:         %[[ABASE:.*]] = tt.splat %[[A]] : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
// CHECK:         %[[APTRS:.*]] = tt.addptr %[[ABASE]], %{{.*}} : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
// CHECK:         tt.broadcast %[[APTRS]] : tensor<128x1x!tt.ptr<f16>> -> tensor<128x32x!tt.ptr<f16>>
// CHECK:         %[[LOOP:.*]]:3 = scf.for %{{.*}} iter_args(%[[AP:[^ ]*]] = %{{.*}}, %[[BP:[^ ]*]] = %{{.*}}, %[[ACC:[^ ]*]] = %[[ACC0]]) -> (tensor<128x32x!tt.ptr<f16>>, tensor<32x128x!tt.ptr<f16>>, tensor<128x128xf32>)
// CHECK:           %[[TA:.*]] = tt.load %[[AP]], %{{.*}}, %{{.*}} : tensor<128x32x!tt.ptr<f16>>
// CHECK:           %[[TB:.*]] = tt.load %[[BP]], %{{.*}}, %{{.*}} : tensor<32x128x!tt.ptr<f16>>
// CHECK:           %[[D:.*]] = tt.dot %[[TA]], %[[TB]], %[[ACC]], inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK:           %[[NEXTA:.*]] = tt.addptr %[[AP]], %{{.*}} : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
// CHECK:           %[[NEXTB:.*]] = tt.addptr %[[BP]], %{{.*}} : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
// CHECK:           scf.yield %[[NEXTA]], %[[NEXTB]], %[[D]]
// CHECK:         %[[OUT:.*]] = arith.truncf %[[LOOP]]#2 : tensor<128x128xf32> to tensor<128x128xf16>
// CHECK:         %[[CBASE:.*]] = tt.splat %[[C]] : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
// CHECK:         %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<128x128xi1>
// CHECK:         tt.store %{{.*}}, %[[OUT]], %[[MASK]] : tensor<128x128x!tt.ptr<f16>>
// CHECK-NEXT:    tt.return

module {
  tt.func public @matmul_f16(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c127_i32 = arith.constant 127 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x128xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<32> : tensor<128x32xi32>
    %c32_i32 = arith.constant 32 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c127_i32 : i32
    %4 = arith.divsi %3, %c128_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %16 = tt.splat %14 : i32 -> tensor<128xi32>
    %17 = arith.addi %16, %15 : tensor<128xi32>
    %18 = arith.muli %13, %c128_i32 : i32
    %19 = tt.splat %18 : i32 -> tensor<128xi32>
    %20 = arith.addi %19, %15 : tensor<128xi32>
    %21 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %22 = tt.expand_dims %17 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %23 = tt.splat %arg6 : i32 -> tensor<128x1xi32>
    %24 = arith.muli %22, %23 : tensor<128x1xi32>
    %25 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %26 = tt.addptr %25, %24 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %27 = tt.expand_dims %21 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %28 = tt.broadcast %26 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x32x!tt.ptr<f16>>
    %29 = tt.broadcast %27 : tensor<1x32xi32> -> tensor<128x32xi32>
    %30 = tt.addptr %28, %29 : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
    %31 = tt.expand_dims %21 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %32 = tt.splat %arg7 : i32 -> tensor<32x1xi32>
    %33 = arith.muli %31, %32 : tensor<32x1xi32>
    %34 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
    %35 = tt.addptr %34, %33 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
    %36 = tt.expand_dims %20 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %37 = tt.broadcast %35 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x128x!tt.ptr<f16>>
    %38 = tt.broadcast %36 : tensor<1x128xi32> -> tensor<32x128xi32>
    %39 = tt.addptr %37, %38 : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
    %40:3 = scf.for %arg9 = %c0_i32 to %arg5 step %c32_i32 iter_args(%arg10 = %30, %arg11 = %39, %arg12 = %cst) -> (tensor<128x32x!tt.ptr<f16>>, tensor<32x128x!tt.ptr<f16>>, tensor<128x128xf32>)  : i32 {
      %56 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
      %57 = arith.cmpi slt, %22, %56 : tensor<128x1xi32>
      %58 = tt.splat %arg9 : i32 -> tensor<1x32xi32>
      %59 = arith.addi %27, %58 : tensor<1x32xi32>
      %60 = tt.splat %arg5 : i32 -> tensor<1x32xi32>
      %61 = arith.cmpi slt, %59, %60 : tensor<1x32xi32>
      %62 = tt.broadcast %57 : tensor<128x1xi1> -> tensor<128x32xi1>
      %63 = tt.broadcast %61 : tensor<1x32xi1> -> tensor<128x32xi1>
      %64 = arith.andi %62, %63 : tensor<128x32xi1>
      %65 = tt.load %arg10, %64, %cst_1 : tensor<128x32x!tt.ptr<f16>>
      %66 = tt.splat %arg9 : i32 -> tensor<32x1xi32>
      %67 = arith.addi %31, %66 : tensor<32x1xi32>
      %68 = tt.splat %arg5 : i32 -> tensor<32x1xi32>
      %69 = arith.cmpi slt, %67, %68 : tensor<32x1xi32>
      %70 = tt.splat %arg4 : i32 -> tensor<1x128xi32>
      %71 = arith.cmpi slt, %36, %70 : tensor<1x128xi32>
      %72 = tt.broadcast %69 : tensor<32x1xi1> -> tensor<32x128xi1>
      %73 = tt.broadcast %71 : tensor<1x128xi1> -> tensor<32x128xi1>
      %74 = arith.andi %72, %73 : tensor<32x128xi1>
      %75 = tt.load %arg11, %74, %cst_0 : tensor<32x128x!tt.ptr<f16>>
      %76 = tt.dot %65, %75, %arg12, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
      %77 = tt.addptr %arg10, %cst_2 : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
      %78 = arith.muli %arg7, %c32_i32 : i32
      %79 = tt.splat %78 : i32 -> tensor<32x128xi32>
      %80 = tt.addptr %arg11, %79 : tensor<32x128x!tt.ptr<f16>>, tensor<32x128xi32>
      scf.yield %77, %80, %76 : tensor<128x32x!tt.ptr<f16>>, tensor<32x128x!tt.ptr<f16>>, tensor<128x128xf32>
    }
    %41 = arith.truncf %40#2 : tensor<128x128xf32> to tensor<128x128xf16>
    %42 = tt.splat %arg8 : i32 -> tensor<128x1xi32>
    %43 = arith.muli %22, %42 : tensor<128x1xi32>
    %44 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %45 = tt.addptr %44, %43 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %46 = tt.broadcast %45 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x128x!tt.ptr<f16>>
    %47 = tt.broadcast %36 : tensor<1x128xi32> -> tensor<128x128xi32>
    %48 = tt.addptr %46, %47 : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
    %49 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
    %50 = arith.cmpi slt, %22, %49 : tensor<128x1xi32>
    %51 = tt.splat %arg4 : i32 -> tensor<1x128xi32>
    %52 = arith.cmpi slt, %36, %51 : tensor<1x128xi32>
    %53 = tt.broadcast %50 : tensor<128x1xi1> -> tensor<128x128xi1>
    %54 = tt.broadcast %52 : tensor<1x128xi1> -> tensor<128x128xi1>
    %55 = arith.andi %53, %54 : tensor<128x128xi1>
    tt.store %48, %41, %55 : tensor<128x128x!tt.ptr<f16>>
    tt.return
  }
}

