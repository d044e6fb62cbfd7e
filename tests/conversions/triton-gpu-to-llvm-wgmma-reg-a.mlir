// ttng.warp_group_dot with A in registers (#ttg.dot_op of an nvidia_mma v3
// layout) to wgmma with A as four 32-bit registers (spec/nvidia/src/wgmma.rs).
// CHECK lines from Triton 3.9's convert-triton-gpu-to-llvm and
// convert-nv-gpu-to-llvm on the same input: A's registers are taken in
// register order, 16·K/32 per instruction (m, k), packed two f16/bf16 (or
// four fp8) to an i32 and moved through `mov.b32`, for every (m, n, k) in
// loop order, all before the single wgmma fence; no per-instruction groups
// even when asynchronous. (Tritium flattens the function's arguments, so
// %argN is register N of A here; Triton's extractvalue %arg0[N] is the same
// register.)
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},convert-triton-gpu-to-llvm{compute-capability=90 packed-structs=false})' | FileCheck %s
// RUN: tritium-opt %s --split-input-file --pass-pipeline='builtin.module(allocate-shared-memory-nv{compute-capability=90},convert-triton-gpu-to-llvm{compute-capability=90 packed-structs=false},convert-nv-gpu-to-llvm)' | FileCheck %s --check-prefix=PTX

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:90"} {
  // Triton's lit case dot_reg_operand_A (tritongpu_to_llvm_hopper.mlir).
  // CHECK-LABEL: @dot_reg_operand_A
  // CHECK: %[[A_MOV0:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
  // CHECK: %[[A_MOV1:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
  // CHECK: %[[A_MOV2:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
  // CHECK: %[[A_MOV3:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.b32 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: %[[A_PACK0:.*]] = llvm.insertvalue %[[A_MOV0]], %{{.*}}[0] : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: %[[A_PACK1:.*]] = llvm.insertvalue %[[A_MOV1]], %[[A_PACK0]][1] : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: %[[A_PACK2:.*]] = llvm.insertvalue %[[A_MOV2]], %[[A_PACK1]][2] : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: %[[A_PACK3:.*]] = llvm.insertvalue %[[A_MOV3]], %[[A_PACK2]][3] : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: nvg.wgmma %[[A_PACK3]], %{{.*}}
  // CHECK: nvg.wgmma {{.*}} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32} : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  // PTX-LABEL: @dot_reg_operand_A
  // PTX: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, {$32,$33,$34,$35}, $36, 0, 1, 1, 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,r,r,r,r,l"
  // PTX: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, {$64,$65,$66,$67}, $68, $69, 1, 1, 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,r,r,r,r,l,b"
  tt.func @dot_reg_operand_A(%a: tensor<128x64xf16, #mma>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %opA = ttg.convert_layout %a : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %m = ttng.warp_group_dot %opA, %b, %cst { inputPrecision = 0 : i32 }:
      tensor<128x64xf16,  #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
}

// -----

// Asynchronous, two n tiles, four k-steps: A's words (registers 0..31,
// eight per k-step) are packed and moved again for the second n tile; one
// fence, eight wgmma, one commit, no wait.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:90"} {
  // CHECK-LABEL: @reg_a_n2
  // CHECK: llvm.insertelement %arg0, %{{.*}} : vector<2xf16>
  // CHECK: llvm.insertelement %arg1, %{{.*}} : vector<2xf16>
  // CHECK: %[[W0:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK: llvm.insertelement %arg2, %{{.*}} : vector<2xf16>
  // CHECK: llvm.insertelement %arg3, %{{.*}} : vector<2xf16>
  // CHECK: %[[W1:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK: "mov.b32 $0, $1;", "=r,r" %[[W0]] : (i32) -> i32
  // CHECK: "mov.b32 $0, $1;", "=r,r" %[[W1]] : (i32) -> i32
  // CHECK-COUNT-14: "mov.b32 $0, $1;"
  // CHECK: llvm.insertelement %arg0, %{{.*}} : vector<2xf16>
  // CHECK: llvm.insertelement %arg1, %{{.*}} : vector<2xf16>
  // CHECK-COUNT-16: "mov.b32 $0, $1;"
  // CHECK-NOT: "mov.b32
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK-NOT: nvvm.wgmma.fence.aligned
  // CHECK-COUNT-8: nvg.wgmma %{{.*}} {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 64 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1, !llvm.struct<
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NOT: nvg.wgmma_wait_group
  // CHECK: llvm.return
  tt.func @reg_a_n2(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<64x128xf32, #mma>) {
    %m = ttng.warp_group_dot %a, %b, %c { inputPrecision = 0 : i32, isAsync = true }:
      tensor<64x64xf16,  #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<64x128xf32, #mma>
    tt.return
  }
}

// -----

// Triton's lit case dot_reg_operand_A_fp8: four fp8 per word.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.target" = "cuda:90"} {
  // CHECK-LABEL: @dot_reg_operand_A_fp8
  // CHECK: llvm.insertelement %arg0, %{{.*}} : vector<4xi8>
  // CHECK: llvm.insertelement %arg1, %{{.*}} : vector<4xi8>
  // CHECK: llvm.insertelement %arg2, %{{.*}} : vector<4xi8>
  // CHECK: llvm.insertelement %arg3, %{{.*}} : vector<4xi8>
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: nvg.wgmma {{.*}} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32}
  // PTX-LABEL: @dot_reg_operand_A_fp8
  // PTX: "wgmma.mma_async.sync.aligned.m64n256k32.f32.e5m2.e5m2 {$0,
  tt.func @dot_reg_operand_A_fp8(%a: tensor<128x128xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<128x256xf8E5M2, #shared, #smem>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma1>
    %m = ttng.warp_group_dot %a, %b, %cst { maxNumImpreciseAcc = 1073741824 : i32, inputPrecision = 0 : i32 } :
      tensor<128x128xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<128x256xf8E5M2, #shared, #smem> -> tensor<128x256xf32, #mma1>
    tt.return
  }
}

