// triton-rewrite-tensor-descriptor-to-pointer on unsupported inputs: a
// diagnostic, never a crash.
// RUN: not tritium-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-rewrite-tensor-descriptor-to-pointer)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// Not supported yet: descriptors as function arguments.
// ERR: error: tensor descriptor block arguments {{.*}} are not supported
tt.func @desc_arg(%d: !tt.tensordesc<16x32xf16>, %x: i32) -> tensor<16x32xf16> {
  %v = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<16x32xf16> -> tensor<16x32xf16>
  tt.return %v : tensor<16x32xf16>
}
