// tritongpu-assign-latencies, tritongpu-schedule-loops and tritongpu-pipeline on cuda:90 loops of tensor-descriptor loads (Triton's pipelining of TMA loads): each tt.descriptor_load gets tt.latency 2, becomes a ttng.async_tma_copy_global_to_local into a multi-buffered buffer of the descriptor's nvmma_shared encoding (3 deep for wgmma operands, which the dot still reads after it returns; 2 for loads used in registers, read by ttg.local_load), completing on a ring of mbarriers (init before the loop, barrier_expect of the group's bytes, wait_barrier on a phase carried by the loop, inval after it). Adjacent loads share a barrier; a use between them splits the group (@tma_two_barriers). CHECK lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=3})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=3})' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @tma_wgmma
// CHECK-SAME: ([[V0:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V1:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V2:%[a-z0-9_-]+]]: i32, [[V3:%[a-z0-9_-]+]]: i32, [[V4:%[a-z0-9_-]+]]: i32) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 64 : i32
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.constant 32 : i32
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V10]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V16]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V8]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V17]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V7]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V18]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V4]], [[V10]] : i32
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V10]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V20]], 8192, [[V19]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V10]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V10]]] [[V21]], [[V20]], [[V19]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V10]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V3]], [[V10]]] [[V22]], [[V20]], [[V19]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V4]], [[V11]] : i32
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V8]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V24]], 8192, [[V23]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V8]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V11]]] [[V25]], [[V24]], [[V23]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V8]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V3]], [[V11]]] [[V26]], [[V24]], [[V23]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V27:%[a-z0-9_-]+]]:6 = scf.for [[V28:%[a-z0-9_-]+]] = [[V10]] to [[V4]] step [[V11]] iter_args([[V29:%[a-z0-9_-]+]] = [[V12]], [[V30:%[a-z0-9_-]+]] = [[V8]], [[V31:%[a-z0-9_-]+]] = [[V9]], [[V32:%[a-z0-9_-]+]] = [[V10]], [[V33:%[a-z0-9_-]+]] = [[V6]], [[V34:%[a-z0-9_-]+]] = [[V6]]) -> (tensor<64x64xf32, #mma>, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: [[V35:%[a-z0-9_-]+]] = arith.subi [[V4]], [[V5]] : i32
// CHECK-NEXT: [[V36:%[a-z0-9_-]+]] = arith.cmpi slt, [[V28]], [[V35]] : i32
// CHECK-NEXT: [[V37:%[a-z0-9_-]+]] = arith.addi [[V31]], [[V8]] : i32
// CHECK-NEXT: [[V38:%[a-z0-9_-]+]] = arith.cmpi sge, [[V37]], [[V33]] : i32
// CHECK-NEXT: [[V39:%[a-z0-9_-]+]] = arith.select [[V38]], [[V10]], [[V37]] : i32
// CHECK-NEXT: [[V40:%[a-z0-9_-]+]] = arith.xori [[V32]], [[V8]] : i32
// CHECK-NEXT: [[V41:%[a-z0-9_-]+]] = arith.select [[V38]], [[V40]], [[V32]] : i32
// CHECK-NEXT: [[V42:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V39]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier [[V42]], [[V41]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V43:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V39]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V44:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V39]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V45:%[a-z0-9_-]+]] = ttg.memdesc_trans [[V43]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared2, #smem, mutable>
// CHECK-NEXT: [[V46:%[a-z0-9_-]+]] = ttng.warp_group_dot [[V44]], [[V45]], [[V29]] {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared2, #smem, mutable> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V47:%[a-z0-9_-]+]]:3 = ttng.warp_group_dot_wait [[V46]], [[V44]], [[V45]] {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared2, #smem, mutable>
// CHECK-NEXT: [[V48:%[a-z0-9_-]+]] = arith.addi [[V30]], [[V8]] : i32
// CHECK-NEXT: [[V49:%[a-z0-9_-]+]] = arith.cmpi sge, [[V48]], [[V6]] : i32
// CHECK-NEXT: [[V50:%[a-z0-9_-]+]] = arith.select [[V49]], [[V10]], [[V48]] : i32
// CHECK-NEXT: [[V51:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V50]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V51]], 8192, [[V36]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V52:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V50]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V53:%[a-z0-9_-]+]] = arith.addi [[V28]], [[V5]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V53]]] [[V52]], [[V51]], [[V36]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V54:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V50]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V55:%[a-z0-9_-]+]] = arith.addi [[V28]], [[V5]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V3]], [[V55]]] [[V54]], [[V51]], [[V36]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: scf.yield [[V47]]#0, [[V50]], [[V39]], [[V41]], [[V34]], [[V6]] : tensor<64x64xf32, #mma>, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: [[V56:%[a-z0-9_-]+]] = ttng.warp_group_dot_wait [[V27]]#0 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V57:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V10]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V57]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V58:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V8]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V58]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V59:%[a-z0-9_-]+]] = ttg.memdesc_index [[V15]][[[V7]]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V59]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V15]] : !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V14]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V13]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: tt.return [[V56]] : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @tma_registers
// CHECK-SAME: ([[V0:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V1:%[a-z0-9_-]+]]: !tt.tensordesc<32x64xf16, #shared>, [[V2:%[a-z0-9_-]+]]: i32, [[V3:%[a-z0-9_-]+]]: i32, [[V4:%[a-z0-9_-]+]]: i32) -> tensor<64x64xf32, #mma1> {
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 64 : i32
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.constant 32 : i32
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma1>
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V15]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V16]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V4]], [[V9]] : i32
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V18]], 8192, [[V17]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V9]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V9]]] [[V19]], [[V18]], [[V17]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V9]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V9]], [[V3]]] [[V20]], [[V18]], [[V17]] : !tt.tensordesc<32x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V4]], [[V10]] : i32
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V22]], 8192, [[V21]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V7]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V10]]] [[V23]], [[V22]], [[V21]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V7]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V10]], [[V3]]] [[V24]], [[V22]], [[V21]] : !tt.tensordesc<32x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]]:6 = scf.for [[V26:%[a-z0-9_-]+]] = [[V9]] to [[V4]] step [[V10]] iter_args([[V27:%[a-z0-9_-]+]] = [[V11]], [[V28:%[a-z0-9_-]+]] = [[V7]], [[V29:%[a-z0-9_-]+]] = [[V8]], [[V30:%[a-z0-9_-]+]] = [[V9]], [[V31:%[a-z0-9_-]+]] = [[V6]], [[V32:%[a-z0-9_-]+]] = [[V6]]) -> (tensor<64x64xf32, #mma1>, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: [[V33:%[a-z0-9_-]+]] = arith.subi [[V4]], [[V5]] : i32
// CHECK-NEXT: [[V34:%[a-z0-9_-]+]] = arith.cmpi slt, [[V26]], [[V33]] : i32
// CHECK-NEXT: [[V35:%[a-z0-9_-]+]] = arith.addi [[V29]], [[V7]] : i32
// CHECK-NEXT: [[V36:%[a-z0-9_-]+]] = arith.cmpi sge, [[V35]], [[V31]] : i32
// CHECK-NEXT: [[V37:%[a-z0-9_-]+]] = arith.select [[V36]], [[V9]], [[V35]] : i32
// CHECK-NEXT: [[V38:%[a-z0-9_-]+]] = arith.xori [[V30]], [[V7]] : i32
// CHECK-NEXT: [[V39:%[a-z0-9_-]+]] = arith.select [[V36]], [[V38]], [[V30]] : i32
// CHECK-NEXT: [[V40:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V37]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier [[V40]], [[V39]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V41:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V37]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V42:%[a-z0-9_-]+]] = ttg.local_load [[V41]] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #blocked>
// CHECK-NEXT: [[V43:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V37]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V44:%[a-z0-9_-]+]] = ttg.local_load [[V43]] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: [[V45:%[a-z0-9_-]+]] = ttg.convert_layout [[V44]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
// CHECK-NEXT: [[V46:%[a-z0-9_-]+]] = ttg.convert_layout [[V42]] : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>>
// CHECK-NEXT: [[V47:%[a-z0-9_-]+]] = tt.dot [[V45]], [[V46]], [[V27]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>> -> tensor<64x64xf32, #mma1>
// CHECK-NEXT: [[V48:%[a-z0-9_-]+]] = arith.addi [[V28]], [[V7]] : i32
// CHECK-NEXT: [[V49:%[a-z0-9_-]+]] = arith.cmpi sge, [[V48]], [[V6]] : i32
// CHECK-NEXT: [[V50:%[a-z0-9_-]+]] = arith.select [[V49]], [[V9]], [[V48]] : i32
// CHECK-NEXT: [[V51:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V50]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V51]], 8192, [[V34]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V52:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V50]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V53:%[a-z0-9_-]+]] = arith.addi [[V26]], [[V5]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V53]]] [[V52]], [[V51]], [[V34]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V54:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V50]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V55:%[a-z0-9_-]+]] = arith.addi [[V26]], [[V5]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V55]], [[V3]]] [[V54]], [[V51]], [[V34]] : !tt.tensordesc<32x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: scf.yield [[V47]], [[V50]], [[V37]], [[V39]], [[V32]], [[V6]] : tensor<64x64xf32, #mma1>, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: [[V56:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V56]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V57:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V57]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V14]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V13]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V12]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: tt.return [[V25]]#0 : tensor<64x64xf32, #mma1>
// CHECK-NEXT: }
// CHECK-LABEL: tt.func public @tma_two_barriers
// CHECK-SAME: ([[V0:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V1:%[a-z0-9_-]+]]: !tt.tensordesc<32x64xf16, #shared>, [[V2:%[a-z0-9_-]+]]: i32, [[V3:%[a-z0-9_-]+]]: i32, [[V4:%[a-z0-9_-]+]]: i32) -> tensor<64x64xf32, #mma1> {
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 64 : i32
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.constant 32 : i32
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma1>
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V15]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V16]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V18]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V19]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V4]], [[V9]] : i32
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V21]], 4096, [[V20]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V9]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V9]]] [[V22]], [[V21]], [[V20]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V23]], 4096, [[V20]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V9]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V9]], [[V3]]] [[V24]], [[V23]], [[V20]] : !tt.tensordesc<32x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V4]], [[V10]] : i32
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V26]], 4096, [[V25]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V27:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V7]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V10]]] [[V27]], [[V26]], [[V25]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V28:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V28]], 4096, [[V25]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V29:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V7]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V10]], [[V3]]] [[V29]], [[V28]], [[V25]] : !tt.tensordesc<32x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V30:%[a-z0-9_-]+]]:6 = scf.for [[V31:%[a-z0-9_-]+]] = [[V9]] to [[V4]] step [[V10]] iter_args([[V32:%[a-z0-9_-]+]] = [[V11]], [[V33:%[a-z0-9_-]+]] = [[V7]], [[V34:%[a-z0-9_-]+]] = [[V8]], [[V35:%[a-z0-9_-]+]] = [[V9]], [[V36:%[a-z0-9_-]+]] = [[V6]], [[V37:%[a-z0-9_-]+]] = [[V6]]) -> (tensor<64x64xf32, #mma1>, i32, i32, i32, i32, i32)  : i32 {
// CHECK-NEXT: [[V38:%[a-z0-9_-]+]] = arith.subi [[V4]], [[V5]] : i32
// CHECK-NEXT: [[V39:%[a-z0-9_-]+]] = arith.cmpi slt, [[V31]], [[V38]] : i32
// CHECK-NEXT: [[V40:%[a-z0-9_-]+]] = arith.addi [[V34]], [[V7]] : i32
// CHECK-NEXT: [[V41:%[a-z0-9_-]+]] = arith.cmpi sge, [[V40]], [[V36]] : i32
// CHECK-NEXT: [[V42:%[a-z0-9_-]+]] = arith.select [[V41]], [[V9]], [[V40]] : i32
// CHECK-NEXT: [[V43:%[a-z0-9_-]+]] = arith.xori [[V35]], [[V7]] : i32
// CHECK-NEXT: [[V44:%[a-z0-9_-]+]] = arith.select [[V41]], [[V43]], [[V35]] : i32
// CHECK-NEXT: [[V45:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V42]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier [[V45]], [[V44]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V46:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V42]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V47:%[a-z0-9_-]+]] = ttg.local_load [[V46]] : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
// CHECK-NEXT: [[V48:%[a-z0-9_-]+]] = ttg.convert_layout [[V47]] : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
// CHECK-NEXT: [[V49:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V42]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier [[V49]], [[V44]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V50:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V42]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V51:%[a-z0-9_-]+]] = ttg.local_load [[V50]] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #blocked>
// CHECK-NEXT: [[V52:%[a-z0-9_-]+]] = ttg.convert_layout [[V51]] : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>>
// CHECK-NEXT: [[V53:%[a-z0-9_-]+]] = tt.dot [[V48]], [[V52]], [[V32]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 2}>> -> tensor<64x64xf32, #mma1>
// CHECK-NEXT: [[V54:%[a-z0-9_-]+]] = arith.addi [[V33]], [[V7]] : i32
// CHECK-NEXT: [[V55:%[a-z0-9_-]+]] = arith.cmpi sge, [[V54]], [[V6]] : i32
// CHECK-NEXT: [[V56:%[a-z0-9_-]+]] = arith.select [[V55]], [[V9]], [[V54]] : i32
// CHECK-NEXT: [[V57:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V56]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V57]], 4096, [[V39]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V58:%[a-z0-9_-]+]] = ttg.memdesc_index [[V12]][[[V56]]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V59:%[a-z0-9_-]+]] = arith.addi [[V31]], [[V5]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V2]], [[V59]]] [[V58]], [[V57]], [[V39]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V60:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V56]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V60]], 4096, [[V39]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V61:%[a-z0-9_-]+]] = ttg.memdesc_index [[V13]][[[V56]]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V62:%[a-z0-9_-]+]] = arith.addi [[V31]], [[V5]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V1]][[[V62]], [[V3]]] [[V61]], [[V60]], [[V39]] : !tt.tensordesc<32x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: scf.yield [[V53]], [[V56]], [[V42]], [[V44]], [[V37]], [[V6]] : tensor<64x64xf32, #mma1>, i32, i32, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: [[V63:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V63]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V64:%[a-z0-9_-]+]] = ttg.memdesc_index [[V17]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V64]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V17]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V65:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V9]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V65]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: [[V66:%[a-z0-9_-]+]] = ttg.memdesc_index [[V14]][[[V7]]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V66]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V14]] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V13]] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V12]] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: tt.return [[V30]]#0 : tensor<64x64xf32, #mma1>
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_wgmma(%a_desc: !tt.tensordesc<64x32xf16, #shared>, %b_desc: !tt.tensordesc<64x32xf16, #shared>, %m: i32, %n: i32, %k: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %kk = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.descriptor_load %a_desc[%m, %kk] : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %b = tt.descriptor_load %b_desc[%n, %kk] : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
      %sb = ttg.local_alloc %b : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %tb = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %sa, %tb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func public @tma_registers(%a_desc: !tt.tensordesc<64x32xf16, #shared>, %b_desc: !tt.tensordesc<32x64xf16, #shared>, %m: i32, %n: i32, %k: i32) -> tensor<64x64xf32, #mma2> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma2>
    %r = scf.for %kk = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma2>) : i32 {
      %a = tt.descriptor_load %a_desc[%m, %kk] : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
      %b = tt.descriptor_load %b_desc[%kk, %n] : !tt.tensordesc<32x64xf16, #shared> -> tensor<32x64xf16, #blocked>
      %ca = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
      %cb = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
      %d = tt.dot %ca, %cb, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<64x64xf32, #mma2>
      scf.yield %d : tensor<64x64xf32, #mma2>
    }
    tt.return %r : tensor<64x64xf32, #mma2>
  }
  tt.func public @tma_two_barriers(%a_desc: !tt.tensordesc<64x32xf16, #shared>, %b_desc: !tt.tensordesc<32x64xf16, #shared>, %m: i32, %n: i32, %k: i32) -> tensor<64x64xf32, #mma2> {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma2>
    %r = scf.for %kk = %c0 to %k step %c32 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma2>) : i32 {
      %a = tt.descriptor_load %a_desc[%m, %kk] : !tt.tensordesc<64x32xf16, #shared> -> tensor<64x32xf16, #blocked>
      %ca = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
      %b = tt.descriptor_load %b_desc[%kk, %n] : !tt.tensordesc<32x64xf16, #shared> -> tensor<32x64xf16, #blocked>
      %cb = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>>
      %d = tt.dot %ca, %cb, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma2, kWidth = 2}>> -> tensor<64x64xf32, #mma2>
      scf.yield %d : tensor<64x64xf32, #mma2>
    }
    tt.return %r : tensor<64x64xf32, #mma2>
  }
}
