// make_ttir (triton-rewrite-tensor-descriptor-to-pointer, then canonicalize and
// cse) on descriptor ops Tritium used to refuse, with the output Triton 3.9
// gives for the same source IR:
// * an arith.select between two descriptors (what the inliner's canonicalize
//   makes of `d = a if flag else b`): one select per piece;
// * descriptor_gather / descriptor_scatter on host-side f32 descriptors:
//   masked tt.load / tt.store of the N x BN block, and the gather's tf32
//   rounding as a select on the rounding flag (a block load uses an scf.if).
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80})' | FileCheck %s

// CHECK-LABEL: tt.func public @select_desc
// CHECK: %[[M:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK: %[[C:.*]] = arith.cmpi sgt, %arg4, %c0_i32 : i32
// CHECK-NEXT: %[[BASE:.*]] = arith.select %[[C]], %arg0, %arg1 : !tt.ptr<f32>
// CHECK-NEXT: %[[SHAPE0:.*]] = arith.select %[[C]], %[[M]], %[[M]] : i64
// The padding flags (false, true) become a compare.
// CHECK: %[[NAN:.*]] = arith.cmpi sle, %arg4, %c0_i32 : i32
// CHECK: scf.for
// CHECK: arith.select %[[NAN]], %{{.*}}, %{{.*}} : tensor<16x32xf32>
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
// CHECK: tt.splat %[[SHAPE0]] : i64 -> tensor<16x1xi64>
// CHECK: tt.load
module {
  tt.func public @select_desc(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32, %arg3: i32, %arg4: i32) attributes {noinline = false} {
    %0 = arith.extsi %arg3 : i32 to i64
    %c1_i64 = arith.constant 1 : i64
    %1 = tt.make_tensor_descriptor %arg0, [%arg2, %arg3], [%0, %c1_i64] : <f32>, <16x32xf32>
    %2 = arith.extsi %arg3 : i32 to i64
    %c1_i64_0 = arith.constant 1 : i64
    %3 = tt.make_tensor_descriptor %arg1, [%arg2, %arg3], [%2, %c1_i64_0] {padding = 2 : i32} : <f32>, <16x32xf32>
    %c0_i32 = arith.constant 0 : i32
    %4 = arith.cmpi sgt, %arg4, %c0_i32 : i32
    %5 = arith.select %4, %1, %3 : !tt.tensordesc<16x32xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %6 = tt.splat %cst : f32 -> tensor<16x32xf32>
    %c16_i32 = arith.constant 16 : i32
    %7 = scf.for %arg5 = %c0_i32 to %arg2 step %c16_i32 iter_args(%arg6 = %6) -> (tensor<16x32xf32>)  : i32 {
      %8 = tt.descriptor_load %5[%arg5, %c0_i32] : !tt.tensordesc<16x32xf32> -> tensor<16x32xf32>
      %9 = arith.addf %arg6, %8 : tensor<16x32xf32>
      scf.yield %9 : tensor<16x32xf32>
    }
    tt.descriptor_store %3[%c0_i32, %c0_i32], %7 : !tt.tensordesc<16x32xf32>, tensor<16x32xf32>
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func public @gather_scatter
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<8x32xf32>
// CHECK-NEXT: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<8x32xf32>
// CHECK: %[[IDX:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<i16>>
// CHECK-NEXT: %[[ROWS:.*]] = tt.reshape %[[IDX]] : tensor<8xi16> -> tensor<8x1xi16>
// CHECK-NEXT: arith.extsi %arg23 : i32 to i64
// CHECK-NEXT: %[[ROWS64:.*]] = arith.extsi %[[ROWS]] : tensor<8x1xi16> to tensor<8x1xi64>
// CHECK: arith.cmpi slt, %[[ROWS64]], %{{.*}} : tensor<8x1xi64>
// CHECK: %[[OTHER:.*]] = arith.select %arg5, %[[NAN]], %[[ZERO]] : tensor<8x32xf32>
// CHECK-NEXT: %[[V:.*]] = tt.load %{{.*}}, %{{.*}}, %[[OTHER]] : tensor<8x32x!tt.ptr<f32>>
// CHECK-NEXT: %[[BITS:.*]] = tt.bitcast %[[V]] : tensor<8x32xf32> -> tensor<8x32xi32>
// CHECK: %[[RND:.*]] = tt.bitcast %{{.*}} : tensor<8x32xi32> -> tensor<8x32xf32>
// CHECK-NEXT: %[[R:.*]] = arith.select %arg6, %[[RND]], %[[V]] : tensor<8x32xf32>
// CHECK-NOT: scf.if
// CHECK: tt.store %{{.*}}, %[[R]], %{{.*}} : tensor<8x32x!tt.ptr<f32>>
module {
  tt.func public @gather_scatter(%arg0: !tt.tensordesc<1x32xf32>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<1x32xf32>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: !tt.ptr<i16>, %arg11: i32) attributes {noinline = false} {
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.splat %arg10 : !tt.ptr<i16> -> tensor<8x!tt.ptr<i16>>
    %2 = tt.addptr %1, %0 : tensor<8x!tt.ptr<i16>>, tensor<8xi32>
    %3 = tt.load %2 : tensor<8x!tt.ptr<i16>>
    %4 = tt.descriptor_gather %arg0[%3, %arg11] : (!tt.tensordesc<1x32xf32>, tensor<8xi16>, i32) -> tensor<8x32xf32>
    %c3_i32 = arith.constant 3 : i32
    %5 = arith.addi %arg11, %c3_i32 : i32
    tt.descriptor_scatter %arg5[%3, %5], %4 : !tt.tensordesc<1x32xf32>, tensor<8xi16>, i32, tensor<8x32xf32>
    tt.return
  }
}
