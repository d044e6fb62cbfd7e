// tritongpu-assign-latencies, tritongpu-schedule-loops and tritongpu-pipeline on a cuda:90 loop of wgmma (MMA v3) on loaded operands: the loads become cp.async copies into 3 nvmma_shared buffers (num-stages 2 plus one for the dot still in flight), the local_allocs are replaced by the buffer views, the dot becomes asynchronous with a warp_group_dot_wait {pendings = 1} after it and {pendings = 0} after the loop. CHECK lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=3})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=3})' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @wgmma_loop
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 2 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 3 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}}-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<64> : tensor<64x64xi32, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant dense<64> : tensor<64x64xi32, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 1 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.constant 0 : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.expand_dims %{{[a-z0-9_#]+}} {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.broadcast %{{[a-z0-9_#]+}} : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.expand_dims %{{[a-z0-9_#]+}} {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.broadcast %{{[a-z0-9_#]+}} : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.cmpi sgt, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : i1 -> tensor<64x64xi1, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} mask %{{[a-z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-z0-9_#]+}}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} mask %{{[a-z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-z0-9_#]+}}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.cmpi sgt, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : i1 -> tensor<64x64xi1, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} mask %{{[a-z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-z0-9_#]+}}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} mask %{{[a-z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-z0-9_#]+}}
// CHECK-NEXT: %{{[a-z0-9_#]+}}:11 = scf.for %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}} to %{{[a-z0-9_#]+}} step %{{[a-z0-9_#]+}} iter_args(%{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}-1_i32, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked>, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.subi %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.cmpi slt, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.addi %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.cmpi sge, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.select %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_wait %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {num = 2 : i32}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}}:3 = ttng.warp_group_dot_wait %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.addptr %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.addi %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.cmpi sge, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.select %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : i1 -> tensor<64x64xi1, #blocked1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} mask %{{[a-z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-z0-9_#]+}}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.memdesc_index %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tt.splat %{{[a-z0-9_#]+}} : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_copy_global_to_local %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} mask %{{[a-z0-9_#]+}} {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_commit_group tokens %{{[a-z0-9_#]+}}
// CHECK-NEXT: scf.yield %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked>, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
// CHECK-NEXT: }
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttng.warp_group_dot_wait %{{[a-z0-9_#]+}} {pendings = 0 : i32} : tensor<64x64xf32, #mma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %{{[a-z0-9_#]+}} : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc %{{[a-z0-9_#]+}} : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: tt.return %{{[a-z0-9_#]+}} : tensor<64x64xf32, #mma>
// CHECK-NEXT: }
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wgmma_loop(%a_base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %ra = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ea = tt.expand_dims %ra {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %ba = tt.broadcast %ea : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %sa0 = tt.splat %a_base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pa = tt.addptr %sa0, %ba : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %eb = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %bb = tt.broadcast %eb : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %sb0 = tt.splat %b_base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
    %pb = tt.addptr %sb0, %bb : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step_a = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %step_b = arith.constant dense<64> : tensor<64x64xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a_ptr = %pa, %b_ptr = %pb) -> (tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64x!tt.ptr<f16>, #blocked1>) : i32 {
      %a = tt.load %a_ptr : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %b = tt.load %b_ptr : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %na = tt.addptr %a_ptr, %step_a : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %nb = tt.addptr %b_ptr, %step_b : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      scf.yield %d, %na, %nb : tensor<64x64xf32, #mma>, tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64x!tt.ptr<f16>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}
