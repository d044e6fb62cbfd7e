// convert-triton-gpu-to-llvm of tt.dot: mma.sync on NVIDIA MMA v2 layouts
// (f16/bf16 m16n8k16, tf32 m16n8k8, int8 m16n8k32, f16 accumulators), and
// multiply-add chains on blocked layouts; the forms Triton does not lower
// are refused with a diagnostic.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(convert-triton-gpu-to-llvm{compute-capability=80})' | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A 32x32x32 dot over 2x2 warps: each warp does 16x16, two n-tiles and two
  // k-steps of m16n8k16, the k-steps outermost; each word packs two f16, and
  // is packed once: 4 A words + 2 B words, then 2 more B words for the
  // second n-tile.
  // CHECK-LABEL: llvm.func @dot_f16
  // CHECK-COUNT-6: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK-NOT: llvm.bitcast
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r" {{.*}} : (f32, f32, f32, f32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-COUNT-2: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK-NOT: llvm.bitcast
  // CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  tt.func public @dot_f16(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %out: !tt.ptr<f32>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %d = tt.dot %a, %b, %cst, inputPrecision = tf32 : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<32x32x!tt.ptr<f32>, #mma>
    tt.return
  }

  // CHECK-LABEL: llvm.func @dot_bf16
  // CHECK: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
  // CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
  // CHECK-NOT: mma.sync
  tt.func public @dot_bf16(%a: tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>, %out: !tt.ptr<f32>) {
    %d = tt.dot %a, %b, %c : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<32x32x!tt.ptr<f32>, #mma>
    tt.return
  }

  // f32 operands with inputPrecision = tf32: the f32 bits go to the
  // instruction as they are (as Triton does, no cvt.rna.tf32.f32).
  // CHECK-LABEL: llvm.func @dot_tf32
  // CHECK-NOT: cvt.rna
  // CHECK: llvm.bitcast %{{.*}} : f32 to i32
  // CHECK: "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r"
  // CHECK-COUNT-3: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
  // CHECK-NOT: mma.sync
  tt.func public @dot_tf32(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf32, #mma>, %out: !tt.ptr<f32>) {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<32x32x!tt.ptr<f32>, #mma>
    tt.return
  }

  // CHECK-LABEL: llvm.func @dot_i8
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=r,=r,=r,=r,0,1,2,3,r,r,r,r,r,r" {{.*}} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
  // CHECK-NOT: mma.sync
  tt.func public @dot_i8(%a: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xi32, #mma>, %out: !tt.ptr<i32>) {
    %d = tt.dot %a, %b, %c : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xi32, #mma>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>, #mma>
    tt.store %p, %d : tensor<32x32x!tt.ptr<i32>, #mma>
    tt.return
  }

  // f16 accumulators travel two to a 32-bit register.
  // CHECK-LABEL: llvm.func @dot_f16_acc
  // CHECK: "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 { $0, $1 }, { $4, $5, $6, $7 }, { $8, $9 }, { $2, $3 };", "=r,=r,0,1,r,r,r,r,r,r"
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  tt.func public @dot_f16_acc(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf16, #mma>, %out: !tt.ptr<f16>) {
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf16, #mma>
    %p = tt.splat %out : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #mma>
    tt.store %p, %d : tensor<32x32x!tt.ptr<f16>, #mma>
    tt.return
  }

  // kWidth = 4 for f16 (a mixed-precision upcast): each thread holds four
  // consecutive k, so the k order inside an instruction differs from the
  // ISA's, alike in A and B; still 2 n-tiles x 2 k-steps per warp.
  // CHECK-LABEL: llvm.func @dot_f16_kwidth4
  // CHECK-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-NOT: mma.sync
  tt.func public @dot_f16_kwidth4(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>, %out: !tt.ptr<f32>) {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<32x32x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// FMA dots: per result element, a chain over k of the thread's own A and B
// registers (2x2 elements per thread, K = 4: 16 multiply-adds).
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fma_f32
  // CHECK: %[[ACC:.*]] = llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  // CHECK-NEXT: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[ACC]]) : (f32, f32, f32) -> f32
  // CHECK-COUNT-14: llvm.intr.fmuladd
  // CHECK-NOT: llvm.intr.fmuladd
  // CHECK: llvm.return
  tt.func public @fma_f32(%a: tensor<16x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x32xf32, #blocked>, %out: !tt.ptr<f32>) {
    %d = tt.dot %a, %b, %c : tensor<16x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x32xf32, #blocked>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #blocked>
    tt.store %p, %d : tensor<16x32x!tt.ptr<f32>, #blocked>
    tt.return
  }

  // Integers multiply and add.
  // CHECK-LABEL: llvm.func @fma_i32
  // CHECK: %[[P:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: llvm.add %[[P]], %{{.*}} : i32
  tt.func public @fma_i32(%a: tensor<16x4xi32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x32xi32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x32xi32, #blocked>, %out: !tt.ptr<i32>) {
    %d = tt.dot %a, %b, %c : tensor<16x4xi32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x32xi32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x32xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<16x32x!tt.ptr<i32>, #blocked>
    tt.store %p, %d : tensor<16x32x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// An f32 dot on an MMA layout must be tf32: ieee is lowered as FMA and
// tf32x3 decomposed before this pass. The tt.dot verifier already rejects
// it, as Triton's does (supportMMA), before the lowering sees it.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_f32_ieee(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{unsupported MMA version}}
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

// K of half an instruction's k (f16 with K = 8 on m16n8k16; an int8 dot with
// K = 16 on m16n8k32 is the same case, which Triton 3.9 compiles): the
// operand layouts wrap around K, so the second half of the k-step is a zero
// word in A (a2 = a3) and in B (b1) rather than the wrapped copies, and each
// product is summed once (Triton 3.9's lowering sums them twice).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_f16_k8(
  // CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}"=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r" %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[Z:[0-9]+]], %[[Z]], %{{[0-9]+}}, %{{[0-9]+}} :
  // CHECK-NOT: mma.sync
  // CHECK: llvm.return
  tt.func public @dot_f16_k8(%a: tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// fp8 operands (either format on either side) into f16 or f32: m16n8k32, as
// Triton 3.9 picks on any target (also below sm89, as here).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @mma_e5m2_e4m3_f16(
  // CHECK: mma.sync.aligned.m16n8k32.row.col.f16.e5m2.e4m3.f16 { $0, $1 }, { $4, $5, $6, $7 }, { $8, $9 }, { $2, $3 };", "=r,=r,0,1,r,r,r,r,r,r"
  tt.func public @mma_e5m2_e4m3_f16(%a: tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf16, #mma>) -> tensor<32x32xf16, #mma> {
    %0 = tt.dot %a, %b, %c : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf16, #mma>
    tt.return %0 : tensor<32x32xf16, #mma>
  }
  // CHECK-LABEL: llvm.func @mma_e4m3_e4m3_f32(
  // CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r"
  tt.func public @mma_e4m3_e4m3_f32(%a: tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %0 = tt.dot %a, %b, %c : tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %0 : tensor<32x32xf32, #mma>
  }
}
