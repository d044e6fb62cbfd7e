// make_ttir on a host-side f32 tensor descriptor (a kernel argument, as the
// frontend emits it for a TensorDescriptor on cuda:80): the descriptor becomes
// pointer, i64 shape/strides and the padding / tf32-rounding flags; the load's
// padding value is select(padding, NaN, 0). The constant indices are cast to
// i64 constants (folded, as Triton's builder folds extsi of a constant), not
// arith.extsi ops: canonicalize orders the constants it hoists by where they
// were made, and with the unfolded casts Tritium printed 0 before NaN.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80})' | FileCheck %s

// CHECK-LABEL: tt.func public @host_f32
// CHECK-SAME: (%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i1, %arg6: i1, %arg7: i32, %arg8: i32, %arg9: i64, %arg10: i64, %arg11: !tt.ptr<f32>,
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16x32xf32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
// CHECK-NEXT: %[[OTHER:.*]] = arith.select %arg5, %[[NAN]], %[[ZERO]] : tensor<16x32xf32>
// CHECK: %[[V:.*]] = tt.load %{{.*}}, %{{.*}}, %[[OTHER]] : tensor<16x32x!tt.ptr<f32>>
// CHECK: scf.if %arg6 -> (tensor<16x32xf32>)
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f32>>
module {
  tt.func public @host_f32(%arg0: !tt.tensordesc<16x32xf32>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.tensordesc<16x32xf32>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tt.descriptor_load %arg0[%c0_i32, %c0_i32] : !tt.tensordesc<16x32xf32> -> tensor<16x32xf32>
    tt.descriptor_store %arg5[%c0_i32, %c0_i32], %0 : !tt.tensordesc<16x32xf32>, tensor<16x32xf32>
    tt.return
  }
}
