// Round trip of every `ttg` encoding, type and op, printed as Triton prints them
// (aliases #blocked, #mma, #shared, #smem, #linear; slice and dot_op inline).
// RUN: tritium-opt %s | tritium-opt | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s
// RUN: tritium-opt %s --mlir-print-op-generic | tritium-opt | FileCheck %s

// CHECK-DAG: #[[$BLOCKED:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$BLOCKED1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$CGA:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #[[$MMA:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[$MMA3:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[$MFMA:mma[0-9]*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-DAG: #[[$MFMA64:mma[0-9]*]] = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 4], isTransposed = false, tilesPerWarp = [2, 1], elementBitWidth = 64}>
// CHECK-DAG: #[[$WMMA:mma[0-9]*]] = #ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = {warp = {{\[\[}}1, 0], [2, 0]]}, instrShape = [16, 16, 32]}>
// CHECK-DAG: #[[$LINEAR:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = []}>
// CHECK-DAG: #[[$GENERIC:generic_linear[0-9]*]] = #ttg.generic_linear<{register = {{\[\[}}0, 1]], lane = {{\[\[}}0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = {{\[\[}}4, 1], [8, 0]], block = []}>
// CHECK-DAG: #[[$SWIZZLED:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[$ROTATING:shared[0-9]*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[$NVMMA:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$NVMMA3:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>
// CHECK-DAG: #[[$PADDED:shared[0-9]*]] = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [16, 64]}>
// CHECK-DAG: #[[$PADDEDLL:shared[0-9]*]] = #ttg.padded_shared<[16:+2] {offset = {{\[\[}}0, 2], [0, 1], [1, 0], [2, 0]], block = []}>
// CHECK-DAG: #[[$PARTITIONED:shared[0-9]*]] = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #[[$SWIZZLED]]}>
// CHECK-DAG: #[[$SHLINEAR:shared[0-9]*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0]]}, alignment = 16>
// CHECK-DAG: #[[$SMEM:smem]] = #ttg.shared_memory

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#cga = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1], CGALayout = [[0, 1]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#mfma64 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 4], isTransposed = false, tilesPerWarp = [2, 1], elementBitWidth = 64}>
#wmma = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[1, 0], [2, 0]]}, instrShape = [16, 16, 32]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>
#generic = #ttg.generic_linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = [[4, 1], [8, 0]], block = []}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#rotating = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>
#padded = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [16, 64]}>
#paddedll = #ttg.padded_shared<[16:+2] {offset = [[0, 2], [0, 1], [1, 0], [2, 0]], block = []}>
#partitioned = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 4, partitionDim = 0, partitionLayout = #swizzled}>
#shlinear = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 16>
#smem = #ttg.shared_memory

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {

// Every encoding on a value: distributed ones on tensors, shared ones on memdescs.
// CHECK-LABEL: tt.func @encodings(
// CHECK-SAME: tensor<32x32xf32, #[[$BLOCKED]]>
// CHECK-SAME: tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$BLOCKED]]}>>
// CHECK-SAME: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
// CHECK-SAME: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK-SAME: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[$BLOCKED]]}>>
// CHECK-SAME: tensor<32x32xf32, #[[$MMA]]>
// CHECK-SAME: tensor<64x64xf32, #[[$MMA3]]>
// CHECK-SAME: tensor<64x64xf32, #[[$MFMA]]>
// CHECK-SAME: tensor<64x64xf64, #[[$MFMA64]]>
// CHECK-SAME: tensor<64x16xf32, #[[$WMMA]]>
// CHECK-SAME: tensor<32x16xf32, #[[$LINEAR]]>
// CHECK-SAME: tensor<16x16xf32, #[[$GENERIC]]>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[$SWIZZLED]], #[[$SMEM]]>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[$ROTATING]], #[[$SMEM]], mutable>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[$NVMMA]], #[[$SMEM]]>
// CHECK-SAME: !ttg.memdesc<2x64x64xi8, #[[$NVMMA3]], #[[$SMEM]]>
// CHECK-SAME: !ttg.memdesc<16x64xf16, #[[$PADDED]], #[[$SMEM]]>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #[[$PADDEDLL]], #[[$SMEM]]>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[$PARTITIONED]], #[[$SMEM]]>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #[[$SHLINEAR]], #[[$SMEM]], mutable, 2x4x4>
// CHECK-SAME: !ttg.async.token
tt.func @encodings(%b: tensor<32x32xf32, #blocked>, %s: tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>,
                   %a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                   %bb: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                   %fma: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>,
                   %c: tensor<32x32xf32, #mma>, %c3: tensor<64x64xf32, #mma3>, %m: tensor<64x64xf32, #mfma>,
                   %m64: tensor<64x64xf64, #mfma64>, %w: tensor<64x16xf32, #wmma>, %l: tensor<32x16xf32, #linear>,
                   %g: tensor<16x16xf32, #generic>,
                   %sw: !ttg.memdesc<64x64xf16, #swizzled, #smem>, %ro: !ttg.memdesc<64x64xf16, #rotating, #smem, mutable>,
                   %nv: !ttg.memdesc<64x64xf16, #nvmma, #smem>, %nv3: !ttg.memdesc<2x64x64xi8, #nvmma3, #smem>,
                   %pa: !ttg.memdesc<16x64xf16, #padded, #smem>, %pl: !ttg.memdesc<4x4xf16, #paddedll, #smem>,
                   %pt: !ttg.memdesc<64x64xf16, #partitioned, #smem>,
                   %sl: !ttg.memdesc<4x4xf16, #shlinear, #smem, mutable, 2x4x4>, %tok: !ttg.async.token) {
  tt.return
}

// CHECK-LABEL: tt.func @memory(
tt.func @memory(%ptrs: tensor<32x32x!tt.ptr<f16>, #blocked>, %mask: tensor<32x32xi1, #blocked>,
                %other: tensor<32x32xf16, #blocked>, %t: tensor<32x32xf16, #blocked>, %i: i32,
                %idx: tensor<32x32xi32, #blocked>) {
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #swizzled, #smem, mutable>
  // CHECK: %[[VIEW:.*]] = ttg.memdesc_index %[[BUF]][%{{.*}}] : !ttg.memdesc<2x32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable> -> !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  %view = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x32x32xf16, #swizzled, #smem, mutable> -> !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable>
  // CHECK: %[[TOK:.*]] = ttg.async_copy_global_to_local %{{.*}}, %[[VIEW]] mask %{{.*}} other %{{.*}} {contiguity = 8 : i32} : tensor<32x32x!tt.ptr<f16>, #[[$BLOCKED]]> -> <32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  %tok = ttg.async_copy_global_to_local %ptrs, %view mask %mask other %other {contiguity = 8 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked> -> <32x32xf16, #swizzled, #smem, mutable>
  // CHECK: %[[GRP:.*]] = ttg.async_commit_group tokens %[[TOK]]
  %grp = ttg.async_commit_group tokens %tok
  // CHECK: %[[W:.*]] = ttg.async_wait %[[GRP]] {num = 0 : i32}
  %w = ttg.async_wait %grp {num = 0 : i32}
  // CHECK: ttg.async_wait {num = 1 : i32}
  %w2 = ttg.async_wait {num = 1 : i32}
  // CHECK: ttg.barrier local
  ttg.barrier local
  // CHECK: ttg.barrier local|global_read
  ttg.barrier local|global_read
  // CHECK: ttg.barrier all{{$}}
  ttg.barrier local|global_read|global_write|tensor_read|tensor_write
  // CHECK: ttg.barrier none
  ttg.barrier none
  // CHECK: %[[SUB:.*]] = ttg.memdesc_subslice %[[VIEW]][0, 16] : !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable> -> !ttg.memdesc<32x16xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable, 32x32>
  %sub = ttg.memdesc_subslice %view[0, 16] : !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable> -> !ttg.memdesc<32x16xf16, #swizzled, #smem, mutable, 32x32>
  // CHECK: ttg.local_load %[[VIEW]] token %[[W]] : !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable> -> tensor<32x32xf16, #[[$BLOCKED]]>
  %ld = ttg.local_load %view token %w : !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable> -> tensor<32x32xf16, #blocked>
  // CHECK: ttg.local_store %{{.*}}, %[[VIEW]] : tensor<32x32xf16, #[[$BLOCKED]]> -> !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  ttg.local_store %t, %view : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable>
  // CHECK: ttg.memdesc_trans %[[VIEW]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable> -> !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  %tr = ttg.memdesc_trans %view {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable> -> !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable>
  // CHECK: ttg.memdesc_reshape %[[VIEW]] : !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable> -> !ttg.memdesc<16x64xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  %rs = ttg.memdesc_reshape %view : !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable> -> !ttg.memdesc<16x64xf16, #swizzled, #smem, mutable>
  // CHECK: ttg.memdesc_reinterpret %[[VIEW]] : !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable> -> !ttg.memdesc<32x16xi32, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  %ri = ttg.memdesc_reinterpret %view : !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable> -> !ttg.memdesc<32x16xi32, #swizzled, #smem, mutable>
  // CHECK: ttg.local_gather %[[VIEW]][%{{.*}}] {axis = 0 : i32} : !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>, tensor<32x32xi32, #[[$BLOCKED]]> -> tensor<32x32xf16, #[[$BLOCKED]]>
  %ga = ttg.local_gather %view[%idx] {axis = 0 : i32} : !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable>, tensor<32x32xi32, #blocked> -> tensor<32x32xf16, #blocked>
  // CHECK: ttg.local_scatter %[[VIEW]][%{{.*}}], %{{.*}} {axis = 0 : i32} : !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>, tensor<32x32xi32, #[[$BLOCKED]]>, tensor<32x32xf16, #[[$BLOCKED]]>
  ttg.local_scatter %view[%idx], %t {axis = 0 : i32} : !ttg.memdesc<32x32xf16, #swizzled, #smem, mutable>, tensor<32x32xi32, #blocked>, tensor<32x32xf16, #blocked>
  // CHECK: ttg.local_atomic_scatter_rmw fadd, %[[VIEW]][%{{.*}}], %{{.*}}, %{{.*}} {axis = 1 : i32}
  %at = ttg.local_atomic_scatter_rmw fadd, %view[%idx], %t, %mask {axis = 1 : i32} : (!ttg.memdesc<32x32xf16, #swizzled, #smem, mutable>, tensor<32x32xf16, #blocked>, tensor<32x32xi32, #blocked>, tensor<32x32xi1, #blocked>) -> tensor<32x32xf16, #blocked>
  // CHECK: %[[IMM:.*]] = ttg.local_alloc %{{.*}} {alignment = 16 : i32} : (tensor<32x32xf16, #[[$BLOCKED]]>) -> !ttg.memdesc<32x32xf16, #[[$SWIZZLED]], #[[$SMEM]]>
  %imm = ttg.local_alloc %t {alignment = 16 : i32} : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #swizzled, #smem>
  // CHECK: ttg.local_dealloc %[[BUF]] : !ttg.memdesc<2x32x32xf16, #[[$SWIZZLED]], #[[$SMEM]], mutable>
  ttg.local_dealloc %buf : !ttg.memdesc<2x32x32xf16, #swizzled, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @misc(
tt.func @misc(%x: tensor<32x32xf32, #blocked>, %p: tensor<32x16xi8, #blocked>, %iv: i32, %ub: i32, %step: i32, %c: i1) {
  // CHECK: ttg.convert_layout %{{.*}} : tensor<32x32xf32, #[[$BLOCKED]]> -> tensor<32x32xf32, #[[$MMA]]>
  %0 = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #mma>
  // A conversion within each warp (Triton refuses force_warp_shuffle otherwise).
  // CHECK: ttg.convert_layout %{{.*}} {force_warp_shuffle} : tensor<32x16xi8, #[[$BLOCKED]]> -> tensor<32x16xi8, #[[$LINEAR]]>
  %1 = ttg.convert_layout %p {force_warp_shuffle} : tensor<32x16xi8, #blocked> -> tensor<32x16xi8, #linear>
  // CHECK: ttg.fp4_to_fp %{{.*}} {axis = 1 : i32} : tensor<32x16xi8, #[[$BLOCKED]]> -> tensor<32x32xbf16, #[[$BLOCKED]]>
  %2 = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<32x16xi8, #blocked> -> tensor<32x32xbf16, #blocked>
  // CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
  %3 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
  // CHECK: ttg.warp_id{{$}}
  %4 = ttg.warp_id
  // CHECK: ttg.warp_id {omitUniformHint}
  %5 = ttg.warp_id {omitUniformHint}
  // CHECK: ttg.predicate_stage %{{.*}}, %{{.*}}, %{{.*}} maxStage 2 stage 0 : i32 -> i1
  %6 = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 0 : i32 -> i1
  // CHECK: "ttg.mask"(%{{.*}}) ({
  // CHECK: ttg.mask.return %{{.*}} : i32
  %7 = "ttg.mask"(%c) ({
    ttg.mask.return %iv : i32
  }) : (i1) -> i32
  // CHECK: ttg.inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", pure = true} %{{.*}} : (tensor<32x32xf32, #[[$BLOCKED]]>) -> tensor<32x32xf32, #[[$BLOCKED]]>
  %8 = ttg.inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", pure = true} %x : (tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked>
  tt.return
}

// CHECK-LABEL: tt.func @warp_specialize(
tt.func @warp_specialize(%a: i32, %b: tensor<128xi32, #blocked1d>) -> i32 {
  // CHECK: %{{.*}} = ttg.warp_specialize(%{{.*}}) attributes {actualRegisters = array<i32: 232, 24, 24>, warpGroupStartIds = array<i32: 4, 6>}
  // CHECK-NEXT: default {
  // CHECK-NEXT:   ttg.warp_yield %{{.*}} : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0(%{{.*}}: i32) num_warps(2) {
  // CHECK:   ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition1(%{{.*}}: i32) num_warps(1) {
  // CHECK:   ttg.warp_return
  // CHECK-NEXT: } : (i32) -> i32
  %r = ttg.warp_specialize(%a) attributes {actualRegisters = array<i32: 232, 24, 24>, warpGroupStartIds = array<i32: 4, 6>}
  default {
    ttg.warp_yield %a : i32
  }
  partition0(%x: i32) num_warps(2) {
    %c = arith.addi %x, %x : i32
    ttg.warp_return
  }
  partition1(%y: i32) num_warps(1) {
    ttg.warp_return
  } : (i32) -> i32
  tt.return %r : i32
}

// A CGA layout spreads the tensor over the module's two CTAs.
}

// CHECK-LABEL: tt.func @two_ctas(
// CHECK-SAME: tensor<8x16xf32, #[[$CGA]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @two_ctas(%x: tensor<8x16xf32, #cga>) {
  tt.return
}
}
