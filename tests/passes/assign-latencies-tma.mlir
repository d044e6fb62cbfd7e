// tritongpu-assign-latencies on cuda:90 tensor-descriptor loads: those feeding a wgmma get tt.latency = 2 (@aligned_stage); a descriptor load whose stage (16 bytes) is not a multiple of the 128-byte TMA alignment is not pipelined, even in a loop with tt.num_stages (@unaligned_stage, as Triton's canPipelineTMALoad decides). CHECK lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32, rank = 1}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @aligned_stage
// CHECK-SAME: ([[V0:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V1:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V2:%[a-z0-9_-]+]]: i32, [[V3:%[a-z0-9_-]+]]: i32) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 32 : i32
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = scf.for [[V8:%[a-z0-9_-]+]] = [[V4]] to [[V3]] step [[V5]] iter_args([[V9:%[a-z0-9_-]+]] = [[V6]]) -> (tensor<64x64xf32, #mma>)  : i32 {
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = tt.descriptor_load [[V0]][[[V2]], [[V8]]] {tt.latency = 2 : i32} : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = ttg.local_alloc [[V10]] : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = tt.descriptor_load [[V1]][[[V2]], [[V8]]] {tt.latency = 2 : i32} : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = ttg.local_alloc [[V12]] : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = ttg.memdesc_trans [[V13]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = ttng.warp_group_dot [[V11]], [[V14]], [[V9]] {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: scf.yield [[V15]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return [[V7]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @unaligned_stage
// CHECK-SAME: ([[V0:%[a-z0-9_-]+]]: !tt.tensordesc<4xf32, #shared2>, [[V1:%[a-z0-9_-]+]]: tensor<4x!tt.ptr<f32>, #blocked1>, [[V2:%[a-z0-9_-]+]]: i32) {
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: scf.for [[V5:%[a-z0-9_-]+]] = [[V3]] to [[V2]] step [[V4]]  : i32 {
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = tt.descriptor_load [[V0]][[[V5]]] : !tt.tensordesc<4xf32, #shared2> -> tensor<4xf32, #blocked1>
// CHECK-NEXT: tt.store [[V1]], [[V6]] : tensor<4x!tt.ptr<f32>, #blocked1>
// CHECK-NEXT: } {tt.num_stages = 3 : i32}
// CHECK-NEXT: tt.return
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#tiny = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32, rank = 1}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @aligned_stage(%a_desc: !tt.tensordesc<64x32xf16, #shared>, %b_desc: !tt.tensordesc<64x32xf16, #shared>, %m: i32, %k: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %kk = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.descriptor_load %a_desc[%m, %kk] : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked2>
      %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked2>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %b = tt.descriptor_load %b_desc[%m, %kk] : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked2>
      %sb = ttg.local_alloc %b : (tensor<64x32xf16, #blocked2>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %sa, %tb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @unaligned_stage(%desc: !tt.tensordesc<4xf32, #tiny>, %out: tensor<4x!tt.ptr<f32>, #blocked>, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %kk = %c0 to %k step %c1 : i32 {
      %v = tt.descriptor_load %desc[%kk] : !tt.tensordesc<4xf32, #tiny> -> tensor<4xf32, #blocked>
      tt.store %out, %v : tensor<4x!tt.ptr<f32>, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }
}
