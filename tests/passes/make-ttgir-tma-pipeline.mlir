// tritium-make-ttgir{target=cuda:90} on Triton 3.9's TTIR of x_desc_matmul (a matmul whose A and B come from host-side tensor descriptors, loaded in a K loop): the descriptor loads are software-pipelined as Triton does it on sm90 (3-deep nvmma_shared buffers filled by ttng.async_tma_copy_global_to_local, one mbarrier per stage with its phase carried by the loop, the wgmma asynchronous with pendings = 1). CHECK lines: Triton 3.9's make_ttgir output (tests/gpu/extra/cuda_sm90/x_desc_matmul.ttgir.mlir), reprinted.
// RUN: tritium-opt %S/../gpu/extra/cuda_sm90/x_desc_matmul.ttir.mlir --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:90 num-warps=4 num-stages=3})' | FileCheck %s

// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @x_desc_matmul
// CHECK-SAME: ([[V0:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V1:%[a-z0-9_-]+]]: i32, [[V2:%[a-z0-9_-]+]]: i32, [[V3:%[a-z0-9_-]+]]: i64, [[V4:%[a-z0-9_-]+]]: i64, [[V5:%[a-z0-9_-]+]]: !tt.tensordesc<64x32xf16, #shared>, [[V6:%[a-z0-9_-]+]]: i32, [[V7:%[a-z0-9_-]+]]: i32, [[V8:%[a-z0-9_-]+]]: i64, [[V9:%[a-z0-9_-]+]]: i64, [[V10:%[a-z0-9_-]+]]: !tt.tensordesc<64x64xf16, #shared1>, [[V11:%[a-z0-9_-]+]]: i32, [[V12:%[a-z0-9_-]+]]: i32, [[V13:%[a-z0-9_-]+]]: i64, [[V14:%[a-z0-9_-]+]]: i64) attributes {noinline = false} {
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = arith.constant 32 : i32
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = arith.constant 64 : i32
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = tt.get_program_id x : i32
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = arith.muli [[V23]], [[V18]] : i32
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = tt.get_program_id y : i32
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = arith.muli [[V25]], [[V18]] : i32
// CHECK-NEXT: [[V27:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V28:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V29:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V30:%[a-z0-9_-]+]] = ttg.memdesc_index [[V29]][[[V17]]] : !ttg.memdesc<3x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V30]], 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V31:%[a-z0-9_-]+]] = ttg.memdesc_index [[V29]][[[V20]]] : !ttg.memdesc<3x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V31]], 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V32:%[a-z0-9_-]+]] = ttg.memdesc_index [[V29]][[[V21]]] : !ttg.memdesc<3x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier [[V32]], 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V33:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V2]], [[V17]] : i32
// CHECK-NEXT: ttng.barrier_expect [[V30]], 8192, [[V33]] : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V34:%[a-z0-9_-]+]] = ttg.memdesc_index [[V27]][[[V17]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V24]], [[V17]]] [[V34]], [[V30]], [[V33]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V35:%[a-z0-9_-]+]] = ttg.memdesc_index [[V28]][[[V17]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V5]][[[V26]], [[V17]]] [[V35]], [[V30]], [[V33]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V36:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V2]], [[V16]] : i32
// CHECK-NEXT: ttng.barrier_expect [[V31]], 8192, [[V36]] : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V37:%[a-z0-9_-]+]] = ttg.memdesc_index [[V27]][[[V20]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V24]], [[V16]]] [[V37]], [[V31]], [[V36]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V38:%[a-z0-9_-]+]] = ttg.memdesc_index [[V28]][[[V20]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V5]][[[V26]], [[V16]]] [[V38]], [[V31]], [[V36]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V39:%[a-z0-9_-]+]]:4 = scf.for [[V40:%[a-z0-9_-]+]] = [[V17]] to [[V2]] step [[V16]] iter_args([[V41:%[a-z0-9_-]+]] = [[V15]], [[V42:%[a-z0-9_-]+]] = [[V20]], [[V43:%[a-z0-9_-]+]] = [[V19]], [[V44:%[a-z0-9_-]+]] = [[V17]]) -> (tensor<64x64xf32, #mma>, i32, i32, i32)  : i32 {
// CHECK-NEXT: [[V45:%[a-z0-9_-]+]] = arith.subi [[V2]], [[V18]] : i32
// CHECK-NEXT: [[V46:%[a-z0-9_-]+]] = arith.cmpi slt, [[V40]], [[V45]] : i32
// CHECK-NEXT: [[V47:%[a-z0-9_-]+]] = arith.addi [[V43]], [[V20]] : i32
// CHECK-NEXT: [[V48:%[a-z0-9_-]+]] = arith.cmpi sge, [[V47]], [[V22]] : i32
// CHECK-NEXT: [[V49:%[a-z0-9_-]+]] = arith.select [[V48]], [[V17]], [[V47]] : i32
// CHECK-NEXT: [[V50:%[a-z0-9_-]+]] = arith.xori [[V44]], [[V20]] : i32
// CHECK-NEXT: [[V51:%[a-z0-9_-]+]] = arith.select [[V48]], [[V50]], [[V44]] : i32
// CHECK-NEXT: [[V52:%[a-z0-9_-]+]] = ttg.memdesc_index [[V29]][[[V49]]] : !ttg.memdesc<3x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.wait_barrier [[V52]], [[V51]] : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V53:%[a-z0-9_-]+]] = ttg.memdesc_index [[V28]][[[V49]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V54:%[a-z0-9_-]+]] = ttg.memdesc_trans [[V53]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared3, #smem, mutable>
// CHECK-NEXT: [[V55:%[a-z0-9_-]+]] = ttg.memdesc_index [[V27]][[[V49]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V56:%[a-z0-9_-]+]] = ttng.warp_group_dot [[V55]], [[V54]], [[V41]] {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared3, #smem, mutable> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V57:%[a-z0-9_-]+]]:3 = ttng.warp_group_dot_wait [[V56]], [[V55]], [[V54]] {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared3, #smem, mutable>
// CHECK-NEXT: [[V58:%[a-z0-9_-]+]] = arith.addi [[V42]], [[V20]] : i32
// CHECK-NEXT: [[V59:%[a-z0-9_-]+]] = arith.cmpi sge, [[V58]], [[V22]] : i32
// CHECK-NEXT: [[V60:%[a-z0-9_-]+]] = arith.select [[V59]], [[V17]], [[V58]] : i32
// CHECK-NEXT: [[V61:%[a-z0-9_-]+]] = ttg.memdesc_index [[V29]][[[V60]]] : !ttg.memdesc<3x1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.barrier_expect [[V61]], 8192, [[V46]] : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: [[V62:%[a-z0-9_-]+]] = ttg.memdesc_index [[V27]][[[V60]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V63:%[a-z0-9_-]+]] = arith.addi [[V40]], [[V18]] : i32
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V0]][[[V24]], [[V63]]] [[V62]], [[V61]], [[V46]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V64:%[a-z0-9_-]+]] = ttg.memdesc_index [[V28]][[[V60]]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local [[V5]][[[V26]], [[V63]]] [[V64]], [[V61]], [[V46]] : !tt.tensordesc<64x32xf16, #shared>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: scf.yield [[V57]]#0, [[V60]], [[V49]], [[V51]] : tensor<64x64xf32, #mma>, i32, i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: [[V65:%[a-z0-9_-]+]] = ttng.warp_group_dot_wait [[V39]]#0 {pendings = 0 : i32} : tensor<64x64xf32, #mma>
// CHECK-NEXT: ttng.inval_barrier [[V30]] : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V31]] : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttng.inval_barrier [[V32]] : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V29]] : !ttg.memdesc<3x1xi64, #shared2, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V28]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V27]] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V66:%[a-z0-9_-]+]] = arith.truncf [[V65]] : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
// CHECK-NEXT: [[V67:%[a-z0-9_-]+]] = ttg.local_alloc [[V66]] : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global [[V10]][[[V24]], [[V26]]] [[V67]] : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<64x64xf16, #shared1, #smem>
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
