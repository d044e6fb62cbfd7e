// triton-nvidia-optimize-descriptor-encoding as Triton 3.9 runs it: every !tt.tensordesc gets the
// #ttg.nvmma_shared of its TMA box. The CHECK lines are Triton's output for this file (its
// ttnvgpuir.add_optimize_descriptor_encoding pass through the Triton 3.9 wheel's bindings).
// RUN: tritium-opt %s -split-input-file --verify-diagnostics --pass-pipeline='builtin.module(triton-nvidia-optimize-descriptor-encoding)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --verify-diagnostics --pass-pipeline='builtin.module(triton-nvidia-optimize-descriptor-encoding)' | FileCheck %s

// CHECK-DAG: #[[$S128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$F32S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #[[$S0:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>

// Without a desired encoding: the widest swizzle dividing the row (128 B of f16, 64 B of f32), none
// under 8 rows.
// CHECK-LABEL: tt.func public @device_desc
// CHECK: tt.make_tensor_descriptor %arg0, [%arg2, %arg2], [%arg3, %c1_i64] : <f16>, <64x64xf16, #[[$S128]]>
// CHECK: tt.make_tensor_descriptor %arg1, [%arg2, %arg2], [%arg3, %c1_i64] : <f32>, <32x16xf32, #[[$F32S64]]>
// CHECK: tt.make_tensor_descriptor %arg0, [%arg2, %arg2], [%arg3, %c1_i64] : <f16>, <4x64xf16, #[[$S0]]>
// CHECK: tt.descriptor_load %{{.*}} : !tt.tensordesc<64x64xf16, #[[$S128]]> -> tensor<64x64xf16, #{{.*}}>
// CHECK: tt.descriptor_store %{{.*}} : !tt.tensordesc<32x16xf32, #[[$F32S64]]>, tensor<32x16xf32, #{{.*}}>

// A local_alloc user's non-transposed nvmma encoding is taken; a transposed one is not.
// CHECK-LABEL: tt.func public @desired
// CHECK-SAME: (%arg0: !tt.tensordesc<64x64xf16, #[[$S64]]>, %arg1: !tt.tensordesc<64x64xf16, #[[$S128]]>, %arg2: i32)

// Two different desired encodings: the default.
// CHECK-LABEL: tt.func public @clash
// CHECK-SAME: (%arg0: !tt.tensordesc<64x64xf16, #[[$S128]]>, %arg1: i32)

// Loop-carried and scf.if-yielded descriptors share one encoding.
// CHECK-LABEL: tt.func public @loop
// CHECK-SAME: (%arg0: !tt.tensordesc<64x64xf16, #[[$S64]]>, %arg1: !tt.tensordesc<64x64xf16, #[[$S64]]>, %arg2: i32, %arg3: i1)
// CHECK: scf.for {{.*}} iter_args(%[[D:.*]] = %arg0) -> (!tt.tensordesc<64x64xf16, #[[$S64]]>)
// CHECK: scf.if %arg3 -> (!tt.tensordesc<64x64xf16, #[[$S64]]>)

// Arguments of a non-kernel function get the default.
// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%arg0: !tt.tensordesc<64x64xf16, #[[$S128]]>, %arg1: i32)
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#nv32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#nvT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @device_desc(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i32, %arg3: i64) {
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.make_tensor_descriptor %arg0, [%arg2, %arg2], [%arg3, %c1_i64] : <f16>, <64x64xf16>
    %1 = tt.make_tensor_descriptor %arg1, [%arg2, %arg2], [%arg3, %c1_i64] : <f32>, <32x16xf32>
    %2 = tt.make_tensor_descriptor %arg0, [%arg2, %arg2], [%arg3, %c1_i64] : <f16>, <4x64xf16>
    %3 = tt.descriptor_load %0[%arg2, %arg2] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %4 = tt.descriptor_load %1[%arg2, %arg2] : !tt.tensordesc<32x16xf32> -> tensor<32x16xf32, #blocked2>
    tt.descriptor_store %1[%arg2, %arg2], %4 : !tt.tensordesc<32x16xf32>, tensor<32x16xf32, #blocked2>
    %5 = tt.descriptor_load %2[%arg2, %arg2] : !tt.tensordesc<4x64xf16> -> tensor<4x64xf16, #blocked>
    tt.return
  }
  tt.func public @desired(%arg0: !tt.tensordesc<64x64xf16>, %arg1: !tt.tensordesc<64x64xf16>, %arg2: i32) {
    %0 = tt.descriptor_load %arg0[%arg2, %arg2] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %1 = ttg.local_alloc %0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv64, #smem>
    %2 = tt.descriptor_load %arg1[%arg2, %arg2] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %3 = ttg.local_alloc %2 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvT, #smem>
    tt.return
  }
  tt.func public @clash(%arg0: !tt.tensordesc<64x64xf16>, %arg1: i32) {
    %0 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %1 = ttg.local_alloc %0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv64, #smem>
    %2 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %3 = ttg.local_alloc %2 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv32, #smem>
    tt.return
  }
  tt.func public @loop(%arg0: !tt.tensordesc<64x64xf16>, %arg1: !tt.tensordesc<64x64xf16>, %arg2: i32, %arg3: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %0 = scf.for %i = %c0 to %arg2 step %c1 iter_args(%d = %arg0) -> (!tt.tensordesc<64x64xf16>) : i32 {
      %1 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
      %2 = ttg.local_alloc %1 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv64, #smem>
      %3 = scf.if %arg3 -> (!tt.tensordesc<64x64xf16>) {
        scf.yield %d : !tt.tensordesc<64x64xf16>
      } else {
        scf.yield %arg1 : !tt.tensordesc<64x64xf16>
      }
      scf.yield %3 : !tt.tensordesc<64x64xf16>
    }
    tt.return
  }
  tt.func private @helper(%arg0: !tt.tensordesc<64x64xf16>, %arg1: i32) {
    %0 = tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<64x64xf16> -> tensor<64x64xf16, #blocked>
    %1 = ttg.local_alloc %0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv64, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80(%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i64) {
    %c1_i64 = arith.constant 1 : i64
    // expected-error @below {{triton-nvidia-optimize-descriptor-encoding: tensor descriptors need TMA (compute capability 90 or higher), but the target is 'cuda:80' (make_ttir rewrites them to pointers for such targets)}}
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <f16>, <64x64xf16>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster(%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i64) {
    %c1_i64 = arith.constant 1 : i64
    // expected-error @below {{triton-nvidia-optimize-descriptor-encoding: tensor descriptors of kernels on more than one CTA are not supported}}
    %0 = tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %c1_i64] : <f16>, <64x64xf16>
    tt.return
  }
}
