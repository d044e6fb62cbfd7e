// triton-rewrite-tensor-descriptor-to-pointer on tt.descriptor_reduce: a
// masked tt.atomic_rmw (release, gpu) of the block at the descriptor's
// pointers, the kind chosen as Triton 3.9 does (fadd for floats, max/min for
// signed and umax/umin for unsigned integer blocks, and/or/xor). The output is
// Triton 3.9's pass output on this input (same ops, same value numbering).
// RUN: tritium-opt %s -triton-rewrite-tensor-descriptor-to-pointer | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(triton-rewrite-tensor-descriptor-to-pointer)' | FileCheck %s

// CHECK-LABEL: tt.func @reduce(
// CHECK-SAME: %[[F:[^:]*]]: !tt.ptr<f32>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i1, %{{.*}}: i1,
// CHECK-NOT: tt.descriptor_reduce
// CHECK: %[[P:.*]] = tt.addptr %{{.*}} : tensor<16x!tt.ptr<f32>>, tensor<16xi64>
// CHECK: tt.atomic_rmw fadd, release, gpu, %[[P]], %{{.*}}, %{{.*}} : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
// CHECK: tt.atomic_rmw max, release, gpu, %{{.*}} : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
// CHECK: tt.atomic_rmw umin, release, gpu, %{{.*}} : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
// CHECK: tt.atomic_rmw xor, release, gpu, %{{.*}} : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
// CHECK: tt.atomic_rmw add, release, gpu, %{{.*}} : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
// CHECK-NOT: tt.descriptor_reduce
tt.func @reduce(%f: !tt.tensordesc<16xf32>, %s: !tt.tensordesc<16xsi32>, %u: !tt.tensordesc<16xui32>, %i: !tt.tensordesc<16xi32>,
                %vf: tensor<16xf32>, %vi: tensor<16xi32>, %x: i32) {
  tt.descriptor_reduce add, %f[%x], %vf : !tt.tensordesc<16xf32>, tensor<16xf32>
  tt.descriptor_reduce max, %s[%x], %vi : !tt.tensordesc<16xsi32>, tensor<16xi32>
  tt.descriptor_reduce min, %u[%x], %vi : !tt.tensordesc<16xui32>, tensor<16xi32>
  tt.descriptor_reduce xor, %s[%x], %vi : !tt.tensordesc<16xsi32>, tensor<16xi32>
  tt.descriptor_reduce add, %i[%x], %vi : !tt.tensordesc<16xi32>, tensor<16xi32>
  tt.return
}
