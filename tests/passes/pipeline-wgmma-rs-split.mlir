// tritongpu-pipeline (num-stages 3) on a cuda:90 loop whose wgmma takes A in registers (an
// arith.select of two loaded tiles, reduced from tests/gpu/extra x_select_scalar_dot): the RS dot is
// properly asynchronous, and with no `wait 0` in the loop it is split along K into two wgmmas of
// K/2 (A by reshape 64x2x16, transpose, split and no-op conversions back to the dot operand; B by two
// memdesc_subslice views), each followed by a warp_group_dot_wait {pendings = 1} so a dot never runs
// beside its own previous instance; a {pendings = 0} wait follows the loop. The input is Triton
// 3.9's IR before its tritongpu-pipeline (schedule attributes included); CHECK lines: Triton 3.9's output.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-pipeline{num-stages=3})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-pipeline{num-stages=3})' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #linear = #ttg.linear<{register = {{\[\[}}0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 1, 0]], lane = {{\[\[}}0, 0, 2], [0, 0, 4], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = {{\[\[}}16, 0, 0], [32, 0, 0]], block = []}>
// CHECK-DAG: #linear1 = #ttg.linear<{register = {{\[\[}}0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 0, 1]], lane = {{\[\[}}0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = {{\[\[}}16, 0, 0], [32, 0, 0]], block = []}>
// CHECK-DAG: #linear2 = #ttg.linear<{register = {{\[\[}}0, 1], [8, 0], [0, 8]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0]], block = []}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @x_select_scalar_dot
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant dense<32> : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant dense<32> : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant 2 : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant 3 : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}}-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant dense<64> : tensor<64x1xi32, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant dense<64> : tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant 0 : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant 64 : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant 1 : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant 32 : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant dense<5.000000e-01> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.get_program_id x : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.muli %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i32 -> tensor<64x1xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.muli %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x1xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x32x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x32x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sgt, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sgt, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<64x32xi1, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<64x32xi1, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.muli %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<32x64xi1, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sgt, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<64x32xi1, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<64x32xi1, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.muli %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<32x64xi1, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}}:15 = scf.for %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}} to %{{[a-zA-Z0-9_#]+}} step %{{[a-zA-Z0-9_#]+}} iter_args(%{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}-1_i32, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}-1_i32, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = %{{[a-zA-Z0-9_#]+}}) -> (tensor<64x64xf32, #mma>, i32, i32, i32, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.subi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi slt, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sge, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.select %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sge, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.select %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_wait %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} {num = 3 : i32}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.local_load %{{[a-zA-Z0-9_#]+}} token %{{[a-zA-Z0-9_#]+}} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.convert_layout %{{[a-zA-Z0-9_#]+}} : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.local_load %{{[a-zA-Z0-9_#]+}} token %{{[a-zA-Z0-9_#]+}} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.convert_layout %{{[a-zA-Z0-9_#]+}} : tensor<64x32xf16, #blocked1> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.select %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.reshape %{{[a-zA-Z0-9_#]+}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<64x2x16xf16, #linear>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.trans %{{[a-zA-Z0-9_#]+}} {order = array<i32: 0, 2, 1>} : tensor<64x2x16xf16, #linear> -> tensor<64x16x2xf16, #linear1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} = tt.split %{{[a-zA-Z0-9_#]+}} : tensor<64x16x2xf16, #linear1> -> tensor<64x16xf16, #linear2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.convert_layout %{{[a-zA-Z0-9_#]+}} : tensor<64x16xf16, #linear2> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.convert_layout %{{[a-zA-Z0-9_#]+}} : tensor<64x16xf16, #linear2> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_subslice %{{[a-zA-Z0-9_#]+}}[0, 0] : !ttg.memdesc<32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_subslice %{{[a-zA-Z0-9_#]+}}[16, 0] : !ttg.memdesc<32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttng.warp_group_dot %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} {inputPrecision = 0 : i32, isAsync = true} : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}}:2 = ttng.warp_group_dot_wait %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttng.warp_group_dot %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} {inputPrecision = 0 : i32, isAsync = true} : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}}:2 = ttng.warp_group_dot_wait %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sge, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.select %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sge, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.select %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.addi %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<1x32xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<64x32xi1, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x32x!tt.ptr<f16>, #blocked1>, tensor<64x32xi32, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<64x32xi1, #blocked1>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked1> -> <64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.muli %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x1x!tt.ptr<f16>, #blocked>, tensor<32x1xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<32x1x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.memdesc_index %{{[a-zA-Z0-9_#]+}}[%{{[a-zA-Z0-9_#]+}}] : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : i1 -> tensor<32x64xi1, #blocked>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} mask %{{[a-zA-Z0-9_#]+}} {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-zA-Z0-9_#]+}}
// CHECK-NEXT: scf.yield %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x64xf32, #mma>, i32, i32, i32, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT: }
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttng.warp_group_dot_wait %{{[a-zA-Z0-9_#]+}} {pendings = 0 : i32} : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %{{[a-zA-Z0-9_#]+}} : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc %{{[a-zA-Z0-9_#]+}} : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc %{{[a-zA-Z0-9_#]+}} : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.mulf %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.cmpi sgt, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.select %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi32, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = arith.muli %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x1xi32, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.splat %{{[a-zA-Z0-9_#]+}} : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x1x!tt.ptr<f32>, #blocked2>, tensor<64x1xi32, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.expand_dims %{{[a-zA-Z0-9_#]+}} {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x64xi32, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<64x1x!tt.ptr<f32>, #blocked2> -> tensor<64x64x!tt.ptr<f32>, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.broadcast %{{[a-zA-Z0-9_#]+}} : tensor<1x64xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = tt.addptr %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x64x!tt.ptr<f32>, #blocked2>, tensor<64x64xi32, #blocked2>
// CHECK-NEXT: %{{[a-zA-Z0-9_#]+}} = ttg.convert_layout %{{[a-zA-Z0-9_#]+}} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked2>
// CHECK-NEXT: tt.store %{{[a-zA-Z0-9_#]+}}, %{{[a-zA-Z0-9_#]+}} : tensor<64x64x!tt.ptr<f32>, #blocked2>
// CHECK-NEXT: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false} {
  tt.func public @x_select_scalar_dot(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: i32, %arg5: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %cst_0 = arith.constant dense<64> : tensor<32x1xi32, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<64x64xf32, #mma>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %4 = tt.splat %1 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    %5 = tt.splat %1 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %6 = arith.addi %4, %2 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    %7 = arith.addi %5, %3 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %8 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked2}>>
    %9 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %10 = tt.expand_dims %6 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x1xi32, #blocked2>
    %11 = tt.splat %arg5 : i32 -> tensor<64x1xi32, #blocked2>
    %12 = arith.muli %10, %11 : tensor<64x1xi32, #blocked2>
    %13 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked2>
    %14 = tt.addptr %13, %12 : tensor<64x1x!tt.ptr<f16>, #blocked2>, tensor<64x1xi32, #blocked2>
    %15 = tt.broadcast %14 : tensor<64x1x!tt.ptr<f16>, #blocked2> -> tensor<64x32x!tt.ptr<f16>, #blocked2>
    %16 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked2>
    %17 = tt.addptr %16, %12 : tensor<64x1x!tt.ptr<f16>, #blocked2>, tensor<64x1xi32, #blocked2>
    %18 = tt.broadcast %17 : tensor<64x1x!tt.ptr<f16>, #blocked2> -> tensor<64x32x!tt.ptr<f16>, #blocked2>
    %19 = arith.cmpi sgt, %arg4, %c0_i32 : i32
    %20 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked1>
    %21 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %22 = tt.expand_dims %21 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %23 = tt.broadcast %22 : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1>
    %24 = scf.for %arg6 = %c0_i32 to %arg5 step %c32_i32 iter_args(%arg7 = %cst_2) -> (tensor<64x64xf32, #mma>)  : i32 {
      %38 = tt.splat %arg6 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked2}>>
      %39 = tt.splat %arg6 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32 -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %40 = arith.addi %38, %8 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked2}>>
      %41 = arith.addi %39, %9 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %42 = tt.expand_dims %40 {axis = 0 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x32xi32, #blocked2>
      %43 = tt.broadcast %42 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<1x32xi32, #blocked2> -> tensor<64x32xi32, #blocked2>
      %44 = tt.addptr %15, %43 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
      %45 = tt.load %44 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked2>
      %46 = ttg.convert_layout %45 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #blocked2> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %47 = tt.addptr %18, %43 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked2>, tensor<64x32xi32, #blocked2>
      %48 = tt.load %47 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked2>
      %49 = ttg.convert_layout %48 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #blocked2> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %50 = arith.select %19, %46, %49 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %51 = tt.expand_dims %41 {axis = 1 : i32, loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
      %52 = arith.muli %51, %cst_0 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1xi32, #blocked1>
      %53 = tt.addptr %20, %52 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1>, tensor<32x1xi32, #blocked1>
      %54 = tt.broadcast %53 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x1x!tt.ptr<f16>, #blocked1> -> tensor<32x64x!tt.ptr<f16>, #blocked1>
      %55 = tt.addptr %54, %23 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
      %56 = tt.load %55 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %57 = ttg.local_alloc %56 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
      %58 = ttng.warp_group_dot %50, %57, %arg7 {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %58 : tensor<64x64xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    %25 = arith.mulf %24, %cst_1 : tensor<64x64xf32, #mma>
    %26 = arith.cmpi sgt, %arg4, %c1_i32 : i32
    %27 = arith.select %26, %25, %24 : tensor<64x64xf32, #mma>
    %28 = tt.expand_dims %7 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %29 = arith.muli %28, %cst : tensor<64x1xi32, #blocked>
    %30 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked>
    %31 = tt.addptr %30, %29 : tensor<64x1x!tt.ptr<f32>, #blocked>, tensor<64x1xi32, #blocked>
    %32 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %33 = tt.expand_dims %32 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %34 = tt.broadcast %31 : tensor<64x1x!tt.ptr<f32>, #blocked> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    %35 = tt.broadcast %33 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %36 = tt.addptr %34, %35 : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    %37 = ttg.convert_layout %27 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.store %36, %37 : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

