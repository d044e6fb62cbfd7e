// Round trip of every `ttng` op, attribute and type: the input is Triton 3.9.0's own
// print of these modules, and the CHECK lines are that print (SSA names aside).
// RUN: tritium-opt %s --split-input-file | FileCheck %s
// RUN: tritium-opt %s --split-input-file | tritium-opt --split-input-file | FileCheck %s
// RUN: tritium-opt %s --split-input-file --mlir-print-op-generic | tritium-opt --split-input-file | FileCheck %s
// RUN: %mlir-opt %s --split-input-file | FileCheck %s

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-NEXT: #blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-NEXT: #shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-NEXT: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// CHECK-NEXT: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
// CHECK-NEXT:   tt.func @ops(%{{[a-z_0-9#]+}}: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %{{[a-z_0-9#]+}}: !tt.tensordesc<64x64xf16, #shared1>, %{{[a-z_0-9#]+}}: !tt.tensordesc<1x128xf16, #shared1>, %{{[a-z_0-9#]+}}: !ttng.tensordesc_im2col<64x128xf16, #shared1>, %{{[a-z_0-9#]+}}: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, %{{[a-z_0-9#]+}}: !ttg.memdesc<128x64xf16, #shared1, #smem>, %{{[a-z_0-9#]+}}: !ttg.memdesc<64x64xf16, #shared1, #smem>, %{{[a-z_0-9#]+}}: tensor<128x64xf32, #mma>, %{{[a-z_0-9#]+}}: i32, %{{[a-z_0-9#]+}}: i16, %{{[a-z_0-9#]+}}: i1, %{{[a-z_0-9#]+}}: !tt.ptr<i8>, %{{[a-z_0-9#]+}}: !tt.ptr<f16>, %{{[a-z_0-9#]+}}: i64, %{{[a-z_0-9#]+}}: tensor<32xi32, #blocked>, %{{[a-z_0-9#]+}}: tensor<128x64xf32, #blocked1>, %{{[a-z_0-9#]+}}: !ttg.memdesc<32x128xf16, #shared1, #smem, mutable>, %{{[a-z_0-9#]+}}: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %{{[a-z_0-9#]+}}: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %{{[a-z_0-9#]+}}: i128, %{{[a-z_0-9#]+}}: !ttg.memdesc<128x4xi8, #shared2, #smem>, %{{[a-z_0-9#]+}}: !ttg.memdesc<128x64xf8E4M3FN, #shared3, #smem>, %{{[a-z_0-9#]+}}: !ttg.memdesc<64x64xf8E4M3FN, #shared3, #smem>, %{{[a-z_0-9#]+}}: tensor<128xf32, #blocked2>) {
// CHECK-NEXT:     ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT:     ttng.init_barrier %{{[a-z_0-9#]+}}, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.barrier_expect %{{[a-z_0-9#]+}}, 8192, %{{[a-z_0-9#]+}} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} {cachePolicy = #ttng.cache_policy<l2_primary = evict_last, l2_secondary = evict_first, l2_fraction = 5.000000e-01 : f32>} : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] offsets = [%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttng.tensordesc_im2col<64x128xf16, #shared1>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.wait_barrier %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.wait_barrier %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} deps %{{[a-z_0-9#]+}} : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.arrive_barrier %{{[a-z_0-9#]+}}, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.arrive_barrier %{{[a-z_0-9#]+}}, 1, %{{[a-z_0-9#]+}} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_copy_mbarrier_arrive %{{[a-z_0-9#]+}} {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_copy_local_to_global %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}} : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_reduce add, %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}} : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_gather %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !tt.tensordesc<1x128xf16, #shared1>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<32x128xf16, #shared1, #smem, mutable>, i1
// CHECK-NEXT:     ttng.async_tma_scatter %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}} : !tt.tensordesc<1x128xf16, #shared1>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x128xf16, #shared1, #smem, mutable>
// CHECK-NEXT:     ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT:     ttng.async_tma_store_wait {pendings = 1 : i32, read_only}
// CHECK-NEXT:     ttng.inval_barrier %{{[a-z_0-9#]+}} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.warp_group_dot %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.warp_group_dot %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} {maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
// CHECK-NEXT:     %{{[a-z_0-9#]+}}:2 = ttng.warp_group_dot_wait %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} {pendings = 0 : i32} : tensor<128x64xf32, #mma>, !ttg.memdesc<128x64xf16, #shared1, #smem>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.warp_group_dot_wait %{{[a-z_0-9#]+}} {pendings = 1 : i32, warpGroupLocal} : tensor<128x64xf32, #mma>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.reinterpret_tensor_descriptor %{{[a-z_0-9#]+}} : !tt.ptr<i8> to !tt.tensordesc<64x64xf16, #shared1>
// CHECK-NEXT:     ttng.tensormap_create %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, [%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}], [%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}], [%{{[a-z_0-9#]+}}], [%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT:     ttng.tensormap_fenceproxy_acquire %{{[a-z_0-9#]+}} : !tt.ptr<i8>
// CHECK-NEXT:     %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} = ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_alloc %{{[a-z_0-9#]+}} : (tensor<128x64xf32, #blocked1>) -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tc_gen5_mma %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}], %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}] {is_async} : !ttg.memdesc<128x64xf16, #shared1, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.tc_gen5_mma %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<128x64xf16, #shared1, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     ttng.tmem_copy %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<128x4xi8, #shared2, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tc_gen5_mma_scaled %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}], %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<64x64xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     ttng.tc_gen5_commit %{{[a-z_0-9#]+}} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.tc_gen5_commit %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.tmem_wait load
// CHECK-NEXT:     %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} = ttng.tmem_load %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked1>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_store %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}], %{{[a-z_0-9#]+}} : tensor<128x64xf32, #blocked1> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_subslice %{{[a-z_0-9#]+}} {offset = 32 : i32} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable, 128x64>
// CHECK-NEXT:     ttng.tmem_wait store
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.packed_arith add %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : (tensor<128xf32, #blocked2>, tensor<128xf32, #blocked2>) -> tensor<128xf32, #blocked2>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.packed_arith fma %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : (tensor<128xf32, #blocked2>, tensor<128xf32, #blocked2>, tensor<128xf32, #blocked2>) -> tensor<128xf32, #blocked2>
// CHECK-NEXT:     ttng.clc_try_cancel %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<2xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.clc_load_result %{{[a-z_0-9#]+}} : !ttg.memdesc<2xi64, #shared, #smem, mutable> -> i128
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.clc_is_canceled %{{[a-z_0-9#]+}} : i128 -> i1
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.clc_get_program_id %{{[a-z_0-9#]+}}, y : i128 -> i32
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [32], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func @ops(%arg0: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %arg1: !tt.tensordesc<64x64xf16, #shared1>, %arg2: !tt.tensordesc<1x128xf16, #shared1>, %arg3: !ttng.tensordesc_im2col<64x128xf16, #shared1>, %arg4: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, %arg5: !ttg.memdesc<128x64xf16, #shared1, #smem>, %arg6: !ttg.memdesc<64x64xf16, #shared1, #smem>, %arg7: tensor<128x64xf32, #mma>, %arg8: i32, %arg9: i16, %arg10: i1, %arg11: !tt.ptr<i8>, %arg12: !tt.ptr<f16>, %arg13: i64, %arg14: tensor<32xi32, #blocked>, %arg15: tensor<128x64xf32, #blocked1>, %arg16: !ttg.memdesc<32x128xf16, #shared1, #smem, mutable>, %arg17: !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>, %arg18: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %arg19: i128, %arg20: !ttg.memdesc<128x4xi8, #shared2, #smem>, %arg21: !ttg.memdesc<128x64xf8E4M3FN, #shared3, #smem>, %arg22: !ttg.memdesc<64x64xf8E4M3FN, #shared3, #smem>, %arg23: tensor<128xf32, #blocked2>) {
    ttng.fence_async_shared {bCluster = false}
    ttng.init_barrier %arg0, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.barrier_expect %arg0, 8192, %arg10 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %arg1[%arg8, %arg8] %arg4, %arg0, %arg10 : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %arg1[%arg8, %arg8] %arg4, %arg0, %arg10 {cachePolicy = #ttng.cache_policy<l2_primary = evict_last, l2_secondary = evict_first, l2_fraction = 5.000000e-01 : f32>} : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %arg3[%arg8, %arg8, %arg8, %arg8] offsets = [%arg9, %arg9] %arg17, %arg0, %arg10 : !ttng.tensordesc_im2col<64x128xf16, #shared1>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
    ttng.wait_barrier %arg0, %arg8 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %arg0, %arg8, %arg10 deps %arg4 : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    ttng.arrive_barrier %arg0, 2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %arg0, 1, %arg10 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %arg0 {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %arg1[%arg8, %arg8] %arg4 : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    ttng.async_tma_reduce add, %arg1[%arg8, %arg8] %arg4 : !tt.tensordesc<64x64xf16, #shared1>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    ttng.async_tma_gather %arg2[%arg14, %arg8] %arg16, %arg0, %arg10 : !tt.tensordesc<1x128xf16, #shared1>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<32x128xf16, #shared1, #smem, mutable>, i1
    ttng.async_tma_scatter %arg2[%arg14, %arg8] %arg16 : !tt.tensordesc<1x128xf16, #shared1>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x128xf16, #shared1, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_store_wait {pendings = 1 : i32, read_only}
    ttng.inval_barrier %arg0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %0 = ttng.warp_group_dot %arg5, %arg6, %arg7 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    %1 = ttng.warp_group_dot %arg5, %arg6, %arg7, %arg10 {maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<128x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    %2:2 = ttng.warp_group_dot_wait %0, %arg5 {pendings = 0 : i32} : tensor<128x64xf32, #mma>, !ttg.memdesc<128x64xf16, #shared1, #smem>
    %3 = ttng.warp_group_dot_wait %1 {pendings = 1 : i32, warpGroupLocal} : tensor<128x64xf32, #mma>
    %4 = ttng.reinterpret_tensor_descriptor %arg11 : !tt.ptr<i8> to !tt.tensordesc<64x64xf16, #shared1>
    ttng.tensormap_create %arg11, %arg12, [%arg8, %arg8], [%arg8, %arg8], [%arg13], [%arg8, %arg8] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %arg11 : !tt.ptr<i8>
    %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %result_0 = ttng.tmem_alloc %arg15 : (tensor<128x64xf32, #blocked1>) -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>
    %5 = ttng.tc_gen5_mma %arg5, %arg6, %result[%token], %arg10, %arg10, %arg0[%arg10] {is_async} : !ttg.memdesc<128x64xf16, #shared1, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.tc_gen5_mma %arg5, %arg6, %result, %arg10, %arg10 : !ttg.memdesc<128x64xf16, #shared1, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    %result_1 = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %arg20, %result_1 : !ttg.memdesc<128x4xi8, #shared2, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    %6 = ttng.tc_gen5_mma_scaled %arg21, %arg22, %result[%5], %result_1, %result_1, %arg10, %arg10 lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<64x64xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %arg0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.tc_gen5_commit %arg0, %arg10 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.tmem_wait load
    %result_2, %token_3 = ttng.tmem_load %result[%6] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked1>
    %7 = ttng.tmem_store %arg15, %result[%token_3], %arg10 : tensor<128x64xf32, #blocked1> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    %8 = ttng.tmem_subslice %result {offset = 32 : i32} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable, 128x64>
    ttng.tmem_wait store
    %9 = ttng.packed_arith add %arg23, %arg23 : (tensor<128xf32, #blocked2>, tensor<128xf32, #blocked2>) -> tensor<128xf32, #blocked2>
    %10 = ttng.packed_arith fma %arg23, %arg23, %arg23 : (tensor<128xf32, #blocked2>, tensor<128xf32, #blocked2>, tensor<128xf32, #blocked2>) -> tensor<128xf32, #blocked2>
    ttng.clc_try_cancel %arg18, %arg0 : !ttg.memdesc<2xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %11 = ttng.clc_load_result %arg18 : !ttg.memdesc<2xi64, #shared, #smem, mutable> -> i128
    %12 = ttng.clc_is_canceled %arg19 : i128 -> i1
    %13 = ttng.clc_get_program_id %arg19, y : i128 -> i32
    tt.return
  }
}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK-NEXT: #shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[}}1]]}>
// CHECK-NEXT: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}1, 0]]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = {{\[\[}}1, 0]], twoCTAs = true>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = true} {
// CHECK-NEXT:   tt.func public @cluster(%{{[a-z_0-9#]+}}: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %{{[a-z_0-9#]+}}: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, %{{[a-z_0-9#]+}}: tensor<64x64xf16, #blocked>, %{{[a-z_0-9#]+}}: i1) {
// CHECK-NEXT:     ttng.fence_mbarrier_init_release_cluster
// CHECK-NEXT:     ttng.cluster_barrier
// CHECK-NEXT:     ttng.cluster_barrier {relaxed = true}
// CHECK-NEXT:     ttng.barrier_expect %{{[a-z_0-9#]+}}, 16 {fromCTA = 0 : i32}, %{{[a-z_0-9#]+}} : !ttg.memdesc<2xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.arrive_barrier %{{[a-z_0-9#]+}}, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<2xi64, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.async_shared_store %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared, #smem, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_alloc : () -> !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = true} {
  tt.func public @cluster(%arg0: !ttg.memdesc<2xi64, #shared, #smem, mutable>, %arg1: !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, %arg2: tensor<64x64xf16, #blocked>, %arg3: i1) {
    ttng.fence_mbarrier_init_release_cluster
    ttng.cluster_barrier
    ttng.cluster_barrier {relaxed = true}
    ttng.barrier_expect %arg0, 16 {fromCTA = 0 : i32}, %arg3 : !ttg.memdesc<2xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %arg0, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<2xi64, #shared, #smem, mutable>
    ttng.async_shared_store %arg2, %arg1, %arg0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared, #smem, mutable>
    %result = ttng.tmem_alloc : () -> !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-NEXT: #blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NEXT: #linear = #ttg.linear<{register = {{\[\[}}0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [16, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>
// CHECK-NEXT: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// CHECK-NEXT: #tmem1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
// CHECK-NEXT: #tmem_scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:103", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-NEXT:   tt.func @tmem(%{{[a-z_0-9#]+}}: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %{{[a-z_0-9#]+}}: tensor<128x64xf16, #blocked>, %{{[a-z_0-9#]+}}: !ttg.memdesc<128x64xf32, #shared, #smem>, %{{[a-z_0-9#]+}}: !ttg.memdesc<128x4xi8, #shared1, #smem>, %{{[a-z_0-9#]+}}: !ttg.memdesc<2x128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %{{[a-z_0-9#]+}}: i1) {
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_load %{{[a-z_0-9#]+}} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #linear>
// CHECK-NEXT:     %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} = ttng.tmem_load %{{[a-z_0-9#]+}} {NaN = true, redOp = #ttng.redOp<max>} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>, tensor<128xf32, #blocked1>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_alloc %{{[a-z_0-9#]+}} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #tmem1, #ttng.tensor_memory>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf16, #tmem1, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     ttng.tmem_store %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #tmem1, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_subslice %{{[a-z_0-9#]+}} {offset = 16 : i32} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable, 128x64>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_subslice %{{[a-z_0-9#]+}} {dim = 2 : i32, offset = 32 : i32} : !ttg.memdesc<2x128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<2x128x32xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x64>
// CHECK-NEXT:     ttng.tmem_copy %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<128x64xf32, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     ttng.tmem_copy %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<128x4xi8, #shared1, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#linear = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#tmem1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:103", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tmem(%arg0: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %arg1: tensor<128x64xf16, #blocked>, %arg2: !ttg.memdesc<128x64xf32, #shared, #smem>, %arg3: !ttg.memdesc<128x4xi8, #shared1, #smem>, %arg4: !ttg.memdesc<2x128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %arg5: i1) {
    %result = ttng.tmem_load %arg0 : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #linear>
    %result_0, %red = ttng.tmem_load %arg0 {NaN = true, redOp = #ttng.redOp<max>} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>, tensor<128xf32, #blocked1>
    %result_1 = ttng.tmem_alloc %arg1 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #tmem1, #ttng.tensor_memory>
    %result_2 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf16, #tmem1, #ttng.tensor_memory, mutable>
    ttng.tmem_store %arg1, %result_2, %arg5 : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #tmem1, #ttng.tensor_memory, mutable>
    %0 = ttng.tmem_subslice %arg0 {offset = 16 : i32} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable, 128x64>
    %1 = ttng.tmem_subslice %arg4 {dim = 2 : i32, offset = 32 : i32} : !ttg.memdesc<2x128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<2x128x32xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x64>
    ttng.tmem_copy %arg2, %arg0 : !ttg.memdesc<128x64xf32, #shared, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    %result_3 = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %arg3, %result_3 : !ttg.memdesc<128x4xi8, #shared1, #smem>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// CHECK: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}0, 0], [0, 0]]}>
// CHECK-NEXT: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[}}0], [1]]}>
// CHECK-NEXT: #shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[}}0], [0]]}>
// CHECK-NEXT: #shared3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[}}1], [2]]}>
// CHECK-NEXT: #smem = #ttg.shared_memory
// CHECK-NEXT: module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = true} {
// CHECK-NEXT:   tt.func @cga(%{{[a-z_0-9#]+}}: !tt.tensordesc<64x64xf16, #shared>, %{{[a-z_0-9#]+}}: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %{{[a-z_0-9#]+}}: !ttg.memdesc<2xi64, #shared1, #smem, mutable>, %{{[a-z_0-9#]+}}: !ttg.memdesc<2xi64, #shared2, #smem, mutable>, %{{[a-z_0-9#]+}}: !ttg.memdesc<4xi64, #shared3, #smem, mutable>, %{{[a-z_0-9#]+}}: i32, %{{[a-z_0-9#]+}}: i1) {
// CHECK-NEXT:     ttng.async_tma_copy_global_to_local %{{[a-z_0-9#]+}}[%{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}] %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} {multicast} : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT:     ttng.clc_try_cancel %{{[a-z_0-9#]+}}, %{{[a-z_0-9#]+}} : !ttg.memdesc<2xi64, #shared2, #smem, mutable>, !ttg.memdesc<4xi64, #shared3, #smem, mutable>
// CHECK-NEXT:     %{{[a-z_0-9#]+}} = ttng.clc_load_result %{{[a-z_0-9#]+}} : !ttg.memdesc<2xi64, #shared2, #smem, mutable> -> i128
// CHECK-NEXT:     ttng.tc_gen5_commit %{{[a-z_0-9#]+}} : !ttg.memdesc<4xi64, #shared3, #smem, mutable>
// CHECK-NEXT:     tt.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0], [0, 0]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [1]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0], [0]]}>
#shared3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1], [2]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = true} {
  tt.func @cga(%arg0: !tt.tensordesc<64x64xf16, #shared>, %arg1: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %arg2: !ttg.memdesc<2xi64, #shared1, #smem, mutable>, %arg3: !ttg.memdesc<2xi64, #shared2, #smem, mutable>, %arg4: !ttg.memdesc<4xi64, #shared3, #smem, mutable>, %arg5: i32, %arg6: i1) {
    ttng.async_tma_copy_global_to_local %arg0[%arg5, %arg5] %arg1, %arg2, %arg6 {multicast} : !tt.tensordesc<64x64xf16, #shared>, !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.clc_try_cancel %arg3, %arg4 : !ttg.memdesc<2xi64, #shared2, #smem, mutable>, !ttg.memdesc<4xi64, #shared3, #smem, mutable>
    %0 = ttng.clc_load_result %arg3 : !ttg.memdesc<2xi64, #shared2, #smem, mutable> -> i128
    ttng.tc_gen5_commit %arg4 : !ttg.memdesc<4xi64, #shared3, #smem, mutable>
    tt.return
  }
}
