// tt.fp_to_fp on cuda:80 (Triton 3.9's set there): f32 -> f16/bf16 with the
// rounding asked for (PTX cvt.rn / cvt.rz), f16 <-> bf16 through f32, and the
// e5m2 conversions in software (fp8 registers are i8): round to nearest even
// with saturation at 57344 (0x7b00) and NaN -> sign | 0x7f (0x7f80 before the
// shift, as Triton's sm80 code gives on the GPU), f32 first folding its
// low 16 bits into a sticky bit 16 and truncating to f16 (cvt.rz). From sm89
// on (second module, cuda:90) the fp8 cvt instructions, two elements each.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @f32_to_f16_rtz(
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> i16
  // CHECK-NOT: cvt.rn
  // CHECK: llvm.return
  tt.func public @f32_to_f16_rtz(%x: tensor<128xf32, #blocked>) -> tensor<128xf16, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xf16, #blocked>
    tt.return %0 : tensor<128xf16, #blocked>
  }
  // CHECK-LABEL: llvm.func @f32_to_f16_rtne(
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> i16
  tt.func public @f32_to_f16_rtne(%x: tensor<128xf32, #blocked>) -> tensor<128xf16, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf16, #blocked>
    tt.return %0 : tensor<128xf16, #blocked>
  }
  // CHECK-LABEL: llvm.func @f32_to_bf16_rtz(
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.bf16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> i16
  // CHECK: llvm.bitcast %{{.*}} : i16 to bf16
  tt.func public @f32_to_bf16_rtz(%x: tensor<128xf32, #blocked>) -> tensor<128xbf16, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xbf16, #blocked>
    tt.return %0 : tensor<128xbf16, #blocked>
  }
  // Triton's frontend writes rounding = rtne on f16 -> bf16 (same width).
  // CHECK-LABEL: llvm.func @f16_to_bf16(
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: "cvt.rn.bf16.f32 $0, $1;"
  tt.func public @f16_to_bf16(%x: tensor<128xf16, #blocked>) -> tensor<128xbf16, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf16, #blocked> -> tensor<128xbf16, #blocked>
    tt.return %0 : tensor<128xbf16, #blocked>
  }
  // An upcast may carry a rounding mode (ignored), as in Triton 3.9. A
  // plain fpext (cvt.f32.f16: the hardware makes a NaN 0x7fffffff).
  // CHECK-LABEL: llvm.func @f16_to_f32(
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK-NOT: llvm.select
  // CHECK: llvm.return
  tt.func public @f16_to_f32(%x: tensor<128xf16, #blocked>) -> tensor<128xf32, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf16, #blocked> -> tensor<128xf32, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
  // CHECK-LABEL: llvm.func @f32_to_e5m2_rtne(
  // CHECK-SAME: -> i8
  // CHECK: %[[FFFF:.*]] = llvm.mlir.constant(65535 : i32) : i32
  // CHECK: %[[S:.*]] = llvm.add %{{.*}}, %[[FFFF]] : i32
  // CHECK: %[[STICKY:.*]] = llvm.mlir.constant(65536 : i32) : i32
  // CHECK: llvm.and %[[S]], %[[STICKY]] : i32
  // CHECK: "cvt.rz.f16.f32 $0, $1;"
  // NaN by a float compare, not an integer compare of the f16 bits (ptxas
  // takes the high half of a min/max.f16 result's register for zero).
  // CHECK: %[[NAN:.*]] = llvm.fcmp "uno" %[[H:.*]], %[[H]] : f16
  // CHECK: %[[MAX:.*]] = llvm.mlir.constant(31488 : i16) : i16
  // CHECK: llvm.intr.umin(%{{.*}}, %[[MAX]]) : (i16, i16) -> i16
  // CHECK: llvm.mlir.constant(127 : i16) : i16
  // CHECK: %[[NANBITS:.*]] = llvm.mlir.constant(32640 : i16) : i16
  // CHECK: %[[R:.*]] = llvm.select %[[NAN]], %[[NANBITS]], %{{.*}} : i1, i16
  // CHECK: %[[SIGN:.*]] = llvm.mlir.constant(-32768 : i16) : i16
  // CHECK: %[[S:.*]] = llvm.and %{{.*}}, %[[SIGN]] : i16
  // CHECK: llvm.or %[[R]], %[[S]] : i16
  // CHECK: llvm.trunc %{{.*}} : i16 to i8
  tt.func public @f32_to_e5m2_rtne(%x: tensor<128xf32, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %0 : tensor<128xf8E5M2, #blocked>
  }
  // rtz: truncate to f16, keep its high byte.
  // CHECK-LABEL: llvm.func @f32_to_e5m2_rtz(
  // CHECK: "cvt.rz.f16.f32 $0, $1;"
  // CHECK-NOT: llvm.intr.umin
  // CHECK: llvm.lshr %{{.*}} : i16
  // CHECK-NEXT: llvm.trunc %{{.*}} : i16 to i8
  tt.func public @f32_to_e5m2_rtz(%x: tensor<128xf32, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %0 : tensor<128xf8E5M2, #blocked>
  }
  // bf16 -> e5m2 goes through f16 rounded to nearest.
  // CHECK-LABEL: llvm.func @bf16_to_e5m2(
  // CHECK: llvm.fpext %{{.*}} : bf16 to f32
  // CHECK: "cvt.rn.f16.f32 $0, $1;"
  // CHECK: llvm.intr.umin
  tt.func public @bf16_to_e5m2(%x: tensor<128xbf16, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xbf16, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %0 : tensor<128xf8E5M2, #blocked>
  }
  // e5m2 -> f16: a byte is the f16's high byte; four bytes packed in a word
  // go into two f16 pairs with two byte permutes (the sizePerThread of 1
  // here leaves one byte per word).
  // CHECK-LABEL: llvm.func @e5m2_to_f16(
  // CHECK-SAME: %{{.*}}: i8
  // CHECK: llvm.zext %{{.*}} : i8 to i32
  // CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "prmt.b32 $0, 0, $2, 0x5140;\0Aprmt.b32 $1, 0, $2, 0x7362;", "=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(i32, i32)>
  // CHECK: llvm.trunc %{{.*}} : i32 to i16
  // CHECK: llvm.bitcast %{{.*}} : i16 to f16
  tt.func public @e5m2_to_f16(%x: tensor<128xf8E5M2, #blocked>) -> tensor<128xf16, #blocked> {
    %0 = tt.fp_to_fp %x : tensor<128xf8E5M2, #blocked> -> tensor<128xf16, #blocked>
    tt.return %0 : tensor<128xf16, #blocked>
  }
  // CHECK-LABEL: llvm.func @e5m2_to_f32(
  // CHECK-SAME: %{{.*}}: i8
  // CHECK: "prmt.b32 $0, 0, $2, 0x5140;
  // CHECK: llvm.bitcast %{{.*}} : i16 to f16
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  tt.func public @e5m2_to_f32(%x: tensor<128xf8E5M2, #blocked>) -> tensor<128xf32, #blocked> {
    %0 = tt.fp_to_fp %x : tensor<128xf8E5M2, #blocked> -> tensor<128xf32, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
  // e5m2 -> bf16 before sm90: Triton's packed sequence, four bytes per
  // statement (bytes to the high byte of each half, magnitude >> 3, times
  // 2^112 as f32, high halves packed, signs restored).
  // CHECK-LABEL: llvm.func @e5m2_to_bf16(
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: llvm.inline_asm {{.*}}"{{.*}}prmt.b32 w0, 0, $2, 0x5140;{{.*}}prmt.b32 w1, 0, $2, 0x7362;{{.*}}shr.b32 m0, m0, 3;{{.*}}mul.rn.f32 f0, f0, 0f77800000;{{.*}}prmt.b32 m0, f0, f1, 0x7632;{{.*}}lop3.b32 $0, m0, 0x80008000, w0, 0xf8;{{.*}}", "=r,=r,r"
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xbf16>
  // CHECK: llvm.extractelement
  tt.func public @e5m2_to_bf16(%x: tensor<128xf8E5M2, #blocked>) -> tensor<128xbf16, #blocked> {
    %0 = tt.fp_to_fp %x : tensor<128xf8E5M2, #blocked> -> tensor<128xbf16, #blocked>
    tt.return %0 : tensor<128xbf16, #blocked>
  }
  // CHECK-LABEL: llvm.func @same_type(
  // CHECK-NEXT: llvm.return %arg0 : f32
  tt.func public @same_type(%x: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf32, #blocked>
    tt.return %0 : tensor<128xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @sm90_f32_to_e4m3(
  // CHECK: %[[W:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;", "=h,r,r" %arg0, %arg1 : (f32, f32) -> i16
  // CHECK: llvm.trunc %[[W]] : i16 to i8
  // CHECK: llvm.lshr %[[W]]
  // CHECK-NOT: llvm.inline_asm
  // CHECK: llvm.return
  tt.func public @sm90_f32_to_e4m3(%x: tensor<256xf32, #blocked>) -> tensor<256xf8E4M3FN, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<256xf32, #blocked> -> tensor<256xf8E4M3FN, #blocked>
    tt.return %0 : tensor<256xf8E4M3FN, #blocked>
  }
  // CHECK-LABEL: llvm.func @sm90_f16_to_e5m2(
  // CHECK: "cvt.rn.satfinite.e5m2x2.f16x2 $0, $1;", "=h,r" %{{.*}} : (i32) -> i16
  tt.func public @sm90_f16_to_e5m2(%x: tensor<256xf16, #blocked>) -> tensor<256xf8E5M2, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<256xf16, #blocked> -> tensor<256xf8E5M2, #blocked>
    tt.return %0 : tensor<256xf8E5M2, #blocked>
  }
  // f32 -> e5m2 rtz keeps the software truncation.
  // CHECK-LABEL: llvm.func @sm90_f32_to_e5m2_rtz(
  // CHECK: "cvt.rz.f16.f32 $0, $1;"
  // CHECK-NOT: satfinite
  // CHECK: llvm.return
  tt.func public @sm90_f32_to_e5m2_rtz(%x: tensor<256xf32, #blocked>) -> tensor<256xf8E5M2, #blocked> {
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<256xf32, #blocked> -> tensor<256xf8E5M2, #blocked>
    tt.return %0 : tensor<256xf8E5M2, #blocked>
  }
  // CHECK-LABEL: llvm.func @sm90_e4m3_to_bf16(
  // CHECK: "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %{{.*}} : (i16) -> i32
  // CHECK: "cvt.bf16.f16 $0, $1;", "=h,h"
  tt.func public @sm90_e4m3_to_bf16(%x: tensor<256xf8E4M3FN, #blocked>) -> tensor<256xbf16, #blocked> {
    %0 = tt.fp_to_fp %x : tensor<256xf8E4M3FN, #blocked> -> tensor<256xbf16, #blocked>
    tt.return %0 : tensor<256xbf16, #blocked>
  }
  // CHECK-LABEL: llvm.func @sm90_e5m2_to_bf16(
  // CHECK: llvm.mlir.constant(30592 : i16)
  // CHECK: "mul.rn.bf16 $0, $1, $2;", "=h,h,h"
  tt.func public @sm90_e5m2_to_bf16(%x: tensor<256xf8E5M2, #blocked>) -> tensor<256xbf16, #blocked> {
    %0 = tt.fp_to_fp %x : tensor<256xf8E5M2, #blocked> -> tensor<256xbf16, #blocked>
    tt.return %0 : tensor<256xbf16, #blocked>
  }
}
