// triton-rewrite-tensor-descriptor-to-pointer on unsupported inputs: a
// diagnostic, never a crash, and the IR is left unchanged.
// RUN: not tritium-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-rewrite-tensor-descriptor-to-pointer)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// Not supported yet: descriptor gathers (also scatters and reductions).
tt.func @gather(%d: !tt.tensordesc<1x32xf16>, %xs: tensor<8xi32>, %y: i32) -> tensor<8x32xf16> {
  // ERR: :[[@LINE+1]]:8: error: 'tt.descriptor_gather' on a tensor descriptor is not supported
  %v = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<1x32xf16>, tensor<8xi32>, i32) -> tensor<8x32xf16>
  tt.return %v : tensor<8x32xf16>
}

// -----

// Not supported: descriptors through other ops (Triton handles arith.select).
tt.func @select(%b: i1, %d0: !tt.tensordesc<8xf16>, %d1: !tt.tensordesc<8xf16>, %x: i32) -> tensor<8xf16> {
  // ERR: :[[@LINE+1]]:8: error: 'arith.select' on a tensor descriptor is not supported
  %d = arith.select %b, %d0, %d1 : !tt.tensordesc<8xf16>
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<8xf16> -> tensor<8xf16>
  tt.return %v : tensor<8xf16>
}
