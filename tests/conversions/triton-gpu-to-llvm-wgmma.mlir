// ttng.warp_group_dot / warp_group_dot_wait / fence_async_shared to wgmma PTX
// (spec/nvidia/src/wgmma.rs: nvg ops, then spec/nvidia/src/nvg.rs). CHECK lines from Triton 3.9's make_llir on the
// same input: the descriptors' high words (swizzle mode, SBO), the address
// mask, the instruction strings and constraints.
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},convert-triton-gpu-to-llvm{compute-capability=90},convert-nv-gpu-to-llvm)' | FileCheck %s
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},convert-triton-gpu-to-llvm{compute-capability=90})' | FileCheck %s --check-prefix=NVG

// Zero accumulator: no C operand, scale-d 0; synchronous: commit, wait 0.
// CHECK-LABEL: llvm.func @wgmma_zero_acc
// NVG-LABEL: llvm.func @wgmma_zero_acc
// NVG: nvvm.wgmma.fence.aligned
// NVG: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}} {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 64 : i32} : (i64, i64, i1) -> !llvm.struct<(f32,
// NVG: nvvm.wgmma.commit.group.sync.aligned
// NVG: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32} : !llvm.struct<(f32,
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: llvm.mlir.constant(32767 : i32)
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.mlir.constant(-1073741808 : i32)
// CHECK: llvm.bitcast %{{.*}} : vector<2xi32> to i64
// CHECK: llvm.mlir.constant(1073741888 : i32)
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $32, $33, 0, 1, 1, 0, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,l,l"
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: "// wait for regs: $0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31\0A\09wgmma.wait_group.sync.aligned 0;"
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_zero_acc(%a: tensor<64x16xf16, #blocked>, %b: tensor<16x64xf16, #blocked>, %p: !tt.ptr<f32>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %0 = ttg.local_alloc %a : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
    %1 = ttg.local_alloc %b : (tensor<16x64xf16, #blocked>) -> !ttg.memdesc<16x64xf16, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    %2 = ttng.warp_group_dot %0, %1, %cst {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<16x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    %3 = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    tt.store %3, %2 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// tf32 (K-major A and B), a C operand tied to the outputs with scale-d as a
// predicate, four k-steps; asynchronous: the wait comes from
// warp_group_dot_wait (the memdesc operand passes through unchanged).
// CHECK-LABEL: llvm.func @wgmma_tf32_async
// NVG-LABEL: llvm.func @wgmma_tf32_async
// NVG-COUNT-4: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltTypeA = 6 : i32, eltTypeB = 6 : i32, eltTypeC = 7 : i32, k = 8 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 32 : i32} : (i64, i64, i1, !llvm.struct<(f32,
// NVG: nvvm.wgmma.commit.group.sync.aligned
// NVG: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32}
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15}, $32, $33, $34, 1, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,l,l,b"
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: "// wait for regs: $0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15\0A\09wgmma.wait_group.sync.aligned 0;"
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_tf32_async(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x32xf32, #blocked>, %c: tensor<64x32xf32, #mma>, %p: !tt.ptr<f32>) {
    %0 = ttg.local_alloc %a : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #shared, #smem>
    %1 = ttg.local_alloc %b : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    %2 = ttng.warp_group_dot %0, %1, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf32, #shared, #smem> * !ttg.memdesc<32x32xf32, #shared1, #smem> -> tensor<64x32xf32, #mma>
    %3:2 = ttng.warp_group_dot_wait %2, %0 {pendings = 0 : i32} : tensor<64x32xf32, #mma>, !ttg.memdesc<64x32xf32, #shared, #smem>
    %4 = tt.splat %p : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #mma>
    tt.store %4, %3#0 : tensor<64x32x!tt.ptr<f32>, #mma>
    tt.return
  }
}
