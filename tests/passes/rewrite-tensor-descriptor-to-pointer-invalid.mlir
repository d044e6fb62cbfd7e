// triton-rewrite-tensor-descriptor-to-pointer on unsupported inputs: a
// diagnostic, never a crash, and the IR is left unchanged.
// RUN: not tritium-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(triton-rewrite-tensor-descriptor-to-pointer)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// A descriptor reduction with no atomic to fall back on: a max of floats
// (Triton's own refusal; signed/unsigned integer blocks have max/umax).
tt.func @reduce(%d: !tt.tensordesc<8xf32>, %v: tensor<8xf32>, %x: i32) {
  // ERR: :[[@LINE+1]]:3: error: Cannot fallback on descriptor atomic op, unsupported for type f32
  tt.descriptor_reduce max, %d[%x], %v : !tt.tensordesc<8xf32>, tensor<8xf32>
  tt.return
}

// -----

// The same for inc (no atomic kind).
tt.func @reduce_inc(%d: !tt.tensordesc<8xsi32>, %v: tensor<8xi32>, %x: i32) {
  // ERR: :[[@LINE+1]]:3: error: Cannot fallback on descriptor atomic op, unsupported for type si32
  tt.descriptor_reduce inc, %d[%x], %v : !tt.tensordesc<8xsi32>, tensor<8xi32>
  tt.return
}

// -----

// Not supported: descriptors through other ops (a cf branch here: reported
// on the block taking the descriptor).
// ERR: :[[@LINE+1]]:1: error: tensor descriptor block arguments of 'tt.func' are not supported
tt.func @branch(%d0: !tt.tensordesc<8xf16>, %x: i32) -> tensor<8xf16> {
  cf.br ^bb1(%d0 : !tt.tensordesc<8xf16>)
^bb1(%d: !tt.tensordesc<8xf16>):
  %v = tt.descriptor_load %d[%x] : !tt.tensordesc<8xf16> -> tensor<8xf16>
  tt.return %v : tensor<8xf16>
}
