// tritongpu-assign-latencies, tritongpu-schedule-loops and tritongpu-pipeline on a cuda:80 loop annotated tt.num_stages = 3 holding a dot and a third load that feeds no dot, only a store in an scf.if: the annotation pipelines every load (Triton's AssignLatencies since #7497), and the third load, whose only user sits in the epilogue cluster after the load's, gets one buffer more (3 instead of 2: Triton's getDefUseStageDiff counts a user in a later cluster one stage later). CHECK lines: Triton 3.9's output on this input.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=3})' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops,tritongpu-pipeline{num-stages=3})' | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @epilogue_use
// CHECK-SAME: ([[V0:%[a-z0-9_-]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, [[V1:%[a-z0-9_-]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, [[V2:%[a-z0-9_-]+]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, [[V3:%[a-z0-9_-]+]]: i32) -> tensor<64x64xf32, #mma> {
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant 0 : i32
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = tt.expand_dims [[V10]] {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = tt.broadcast [[V11]] : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = tt.splat [[V0]] : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = tt.addptr [[V13]], [[V12]] : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = tt.splat [[V1]] : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = tt.addptr [[V15]], [[V12]] : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = tt.splat [[V2]] : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = tt.addptr [[V17]], [[V12]] : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V3]], [[V9]] : i32
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = ttg.memdesc_index [[V19]][[[V9]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = tt.splat [[V22]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V14]], [[V23]] mask [[V24]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V25]]
// CHECK-NEXT: [[V27:%[a-z0-9_-]+]] = ttg.memdesc_index [[V20]][[[V9]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V28:%[a-z0-9_-]+]] = tt.splat [[V22]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V29:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V16]], [[V27]] mask [[V28]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V30:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V29]]
// CHECK-NEXT: [[V31:%[a-z0-9_-]+]] = ttg.memdesc_index [[V21]][[[V9]]] : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V32:%[a-z0-9_-]+]] = tt.splat [[V22]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V33:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V18]], [[V31]] mask [[V32]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V34:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V33]]
// CHECK-NEXT: [[V35:%[a-z0-9_-]+]] = arith.cmpi sgt, [[V3]], [[V8]] : i32
// CHECK-NEXT: [[V36:%[a-z0-9_-]+]] = ttg.memdesc_index [[V19]][[[V8]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V37:%[a-z0-9_-]+]] = tt.splat [[V35]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V38:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V14]], [[V36]] mask [[V37]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V39:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V38]]
// CHECK-NEXT: [[V40:%[a-z0-9_-]+]] = ttg.memdesc_index [[V20]][[[V8]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V41:%[a-z0-9_-]+]] = tt.splat [[V35]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V42:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V16]], [[V40]] mask [[V41]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V43:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V42]]
// CHECK-NEXT: [[V44:%[a-z0-9_-]+]] = ttg.memdesc_index [[V21]][[[V8]]] : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V45:%[a-z0-9_-]+]] = tt.splat [[V35]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V46:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V18]], [[V44]] mask [[V45]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V47:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V46]]
// CHECK-NEXT: [[V48:%[a-z0-9_-]+]]:15 = scf.for [[V49:%[a-z0-9_-]+]] = [[V9]] to [[V3]] step [[V8]] iter_args([[V50:%[a-z0-9_-]+]] = [[V7]], [[V51:%[a-z0-9_-]+]] = [[V8]], [[V52:%[a-z0-9_-]+]] = [[V6]], [[V53:%[a-z0-9_-]+]] = [[V8]], [[V54:%[a-z0-9_-]+]] = [[V6]], [[V55:%[a-z0-9_-]+]] = [[V4]], [[V56:%[a-z0-9_-]+]] = [[V4]], [[V57:%[a-z0-9_-]+]] = [[V26]], [[V58:%[a-z0-9_-]+]] = [[V39]], [[V59:%[a-z0-9_-]+]] = [[V30]], [[V60:%[a-z0-9_-]+]] = [[V43]], [[V61:%[a-z0-9_-]+]] = [[V5]], [[V62:%[a-z0-9_-]+]] = [[V5]], [[V63:%[a-z0-9_-]+]] = [[V34]], [[V64:%[a-z0-9_-]+]] = [[V47]]) -> (tensor<64x64xf32, #mma>, i32, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token)  : i32 {
// CHECK-NEXT: [[V65:%[a-z0-9_-]+]] = arith.subi [[V3]], [[V4]] : i32
// CHECK-NEXT: [[V66:%[a-z0-9_-]+]] = arith.cmpi slt, [[V49]], [[V65]] : i32
// CHECK-NEXT: [[V67:%[a-z0-9_-]+]] = arith.addi [[V52]], [[V8]] : i32
// CHECK-NEXT: [[V68:%[a-z0-9_-]+]] = arith.cmpi sge, [[V67]], [[V55]] : i32
// CHECK-NEXT: [[V69:%[a-z0-9_-]+]] = arith.select [[V68]], [[V9]], [[V67]] : i32
// CHECK-NEXT: [[V70:%[a-z0-9_-]+]] = ttg.async_wait [[V57]], [[V59]] {num = 4 : i32}
// CHECK-NEXT: [[V71:%[a-z0-9_-]+]] = ttg.memdesc_index [[V19]][[[V69]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V72:%[a-z0-9_-]+]] = ttg.local_load [[V71]] token [[V70]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
// CHECK-NEXT: [[V73:%[a-z0-9_-]+]] = ttg.memdesc_index [[V20]][[[V69]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V74:%[a-z0-9_-]+]] = ttg.local_load [[V73]] token [[V70]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
// CHECK-NEXT: [[V75:%[a-z0-9_-]+]] = ttg.convert_layout [[V72]] : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: [[V76:%[a-z0-9_-]+]] = ttg.convert_layout [[V74]] : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: [[V77:%[a-z0-9_-]+]] = tt.dot [[V75]], [[V76]], [[V50]] : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
// CHECK-NEXT: [[V78:%[a-z0-9_-]+]] = arith.addi [[V53]], [[V8]] : i32
// CHECK-NEXT: [[V79:%[a-z0-9_-]+]] = arith.cmpi sge, [[V78]], [[V5]] : i32
// CHECK-NEXT: [[V80:%[a-z0-9_-]+]] = arith.select [[V79]], [[V9]], [[V78]] : i32
// CHECK-NEXT: [[V81:%[a-z0-9_-]+]] = arith.addi [[V51]], [[V8]] : i32
// CHECK-NEXT: [[V82:%[a-z0-9_-]+]] = arith.cmpi sge, [[V81]], [[V4]] : i32
// CHECK-NEXT: [[V83:%[a-z0-9_-]+]] = arith.select [[V82]], [[V9]], [[V81]] : i32
// CHECK-NEXT: [[V84:%[a-z0-9_-]+]] = ttg.memdesc_index [[V19]][[[V83]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V85:%[a-z0-9_-]+]] = tt.splat [[V66]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V86:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V14]], [[V84]] mask [[V85]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V87:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V86]]
// CHECK-NEXT: [[V88:%[a-z0-9_-]+]] = ttg.memdesc_index [[V20]][[[V83]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V89:%[a-z0-9_-]+]] = tt.splat [[V66]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V90:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V16]], [[V88]] mask [[V89]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: [[V91:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V90]]
// CHECK-NEXT: [[V92:%[a-z0-9_-]+]] = ttg.memdesc_index [[V21]][[[V80]]] : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V93:%[a-z0-9_-]+]] = tt.splat [[V66]] : i1 -> tensor<64x64xi1, #blocked>
// CHECK-NEXT: [[V94:%[a-z0-9_-]+]] = ttg.async_copy_global_to_local [[V18]], [[V92]] mask [[V93]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V95:%[a-z0-9_-]+]] = ttg.async_commit_group tokens [[V94]]
// CHECK-NEXT: [[V96:%[a-z0-9_-]+]] = arith.addi [[V54]], [[V8]] : i32
// CHECK-NEXT: [[V97:%[a-z0-9_-]+]] = arith.cmpi sge, [[V96]], [[V61]] : i32
// CHECK-NEXT: [[V98:%[a-z0-9_-]+]] = arith.select [[V97]], [[V9]], [[V96]] : i32
// CHECK-NEXT: [[V99:%[a-z0-9_-]+]] = ttg.async_wait [[V63]] {num = 6 : i32}
// CHECK-NEXT: [[V100:%[a-z0-9_-]+]] = ttg.memdesc_index [[V21]][[[V98]]] : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: [[V101:%[a-z0-9_-]+]] = ttg.local_load [[V100]] token [[V99]] : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf16, #blocked>
// CHECK-NEXT: [[V102:%[a-z0-9_-]+]] = arith.cmpi eq, [[V49]], [[V9]] : i32
// CHECK-NEXT: scf.if [[V102]] {
// CHECK-NEXT: tt.store [[V18]], [[V101]] : tensor<64x64x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield [[V77]], [[V83]], [[V69]], [[V80]], [[V98]], [[V56]], [[V4]], [[V58]], [[V87]], [[V60]], [[V91]], [[V62]], [[V5]], [[V64]], [[V95]] : tensor<64x64xf32, #mma>, i32, i32, i32, i32, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token
// CHECK-NEXT: } {tt.num_stages = 3 : i32}
// CHECK-NEXT: [[V103:%[a-z0-9_-]+]] = ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc [[V21]] : !ttg.memdesc<3x64x64xf16, #shared1, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V20]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: ttg.local_dealloc [[V19]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
// CHECK-NEXT: tt.return [[V48]]#0 : tensor<64x64xf32, #mma>
// CHECK-NEXT: }

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @epilogue_use(%a_base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %o_base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %r0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e0 = tt.expand_dims %r0 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %off = tt.broadcast %e0 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %sa = tt.splat %a_base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pa = tt.addptr %sa, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %sb = tt.splat %b_base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pb = tt.addptr %sb, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %so = tt.splat %o_base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %po = tt.addptr %so, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked>
      %ca = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %cb = ttg.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ca, %cb, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %c = tt.load %po : tensor<64x64x!tt.ptr<f16>, #blocked>
      %cond = arith.cmpi eq, %i, %c0 : i32
      scf.if %cond {
        tt.store %po, %c : tensor<64x64x!tt.ptr<f16>, #blocked>
      }
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tt.num_stages = 3 : i32}
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
