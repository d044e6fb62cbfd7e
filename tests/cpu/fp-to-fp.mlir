// tt.fp_to_fp on the CPU backend: the rounding mode is honoured and the bits
// are Triton's cuda:80 ones (tests/cpu/check_fp_conversions.py checks every
// input). Inputs: 65520 (f16 overflow), 1+2^-11 (f16 tie), 1.0007, -3e38,
// 1.125 and 1.375 (e5m2 ties), inf, NaN.
//   f16 rtne: overflow to inf, ties to even; rtz: 65504, truncation.
//   e5m2 rtne (as i8): saturating (123 = 0x7b = 57344, -5 = 0xfb), NaN 127 (0x7f:
//   f32 NaN -> f16 0x7fff -> 0x7f, as Triton's sm80 PTX gives);
//   e5m2 rtz: inf stays 124 (0x7c), NaN 127 (0x7f);
//   e5m2 -> bf16: inf gives 65536 and NaN 0x7f gives 114688, as Triton's sm80 code.
//   f16 rtne -> f32, as i32 bits: exact; the f16 NaN 0x7fff gives 0x7fffffff
//   (2147483647; cvt.f32.f16 on the GPU), not fpext's 0x7fffe000.
// RUN: tritium-run %s --grid 1 --arg vals:65520,1.00048828125,1.0007,-3e38,1.125,1.375,inf,nan --arg print:8 --arg print:8 --arg print:8 --arg print:8 --arg print:8 --arg print:8 | FileCheck %s
// CHECK: arg 1: inf 1 1.00098 -inf 1.125 1.375 inf nan
// CHECK: arg 2: 65504 1 1 -65504 1.125 1.375 inf nan
// CHECK: arg 3: 123 60 60 -5 60 62 123 127
// CHECK: arg 4: 123 60 60 -5 60 61 124 127
// CHECK: arg 5: 57344 1 1 -57344 1 1.25 65536 114688
// CHECK: arg 6: 2139095040 1065353216 1065361408 -8388608 1066401792 1068498944 2139095040 2147483647

// A conversion Triton does not lower is an error at the op (f32 -> e4m3fn rounds
// to nearest even only; fp8e4nv.mlir has the conversions that exist).
// RUN: not tritium-run %S/Inputs/fp-to-fp-e4m3.mlir --grid 1 --arg zeros:4 --arg zeros:4 2>&1 | FileCheck %s --check-prefix=E4M3
// E4M3: fp-to-fp-e4m3.mlir:6:10: error: tt.fp_to_fp from f32 to f8E4M3FN with rounding rtz is not supported on the CPU backend

module {
  tt.func public @cvt(%x: !tt.ptr<f32>, %h: !tt.ptr<f16>, %z: !tt.ptr<f16>, %e: !tt.ptr<i8>, %ez: !tt.ptr<i8>, %b: !tt.ptr<bf16>, %w: !tt.ptr<i32>) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %v = tt.load %xa : tensor<8x!tt.ptr<f32>>
    %hn = tt.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xf16>
    %hz = tt.fp_to_fp %v, rounding = rtz : tensor<8xf32> -> tensor<8xf16>
    %hp = tt.splat %h : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
    %ha = tt.addptr %hp, %r : tensor<8x!tt.ptr<f16>>, tensor<8xi32>
    tt.store %ha, %hn : tensor<8x!tt.ptr<f16>>
    %zp = tt.splat %z : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
    %za = tt.addptr %zp, %r : tensor<8x!tt.ptr<f16>>, tensor<8xi32>
    tt.store %za, %hz : tensor<8x!tt.ptr<f16>>
    %en = tt.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xf8E5M2>
    %ez8 = tt.fp_to_fp %v, rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2>
    %eni = tt.bitcast %en : tensor<8xf8E5M2> -> tensor<8xi8>
    %ezi = tt.bitcast %ez8 : tensor<8xf8E5M2> -> tensor<8xi8>
    %ep = tt.splat %e : !tt.ptr<i8> -> tensor<8x!tt.ptr<i8>>
    %ea = tt.addptr %ep, %r : tensor<8x!tt.ptr<i8>>, tensor<8xi32>
    tt.store %ea, %eni : tensor<8x!tt.ptr<i8>>
    %ezp = tt.splat %ez : !tt.ptr<i8> -> tensor<8x!tt.ptr<i8>>
    %eza = tt.addptr %ezp, %r : tensor<8x!tt.ptr<i8>>, tensor<8xi32>
    tt.store %eza, %ezi : tensor<8x!tt.ptr<i8>>
    %back = tt.fp_to_fp %ez8 : tensor<8xf8E5M2> -> tensor<8xbf16>
    %bp = tt.splat %b : !tt.ptr<bf16> -> tensor<8x!tt.ptr<bf16>>
    %ba = tt.addptr %bp, %r : tensor<8x!tt.ptr<bf16>>, tensor<8xi32>
    tt.store %ba, %back : tensor<8x!tt.ptr<bf16>>
    %hw = tt.fp_to_fp %hn : tensor<8xf16> -> tensor<8xf32>
    %hwi = tt.bitcast %hw : tensor<8xf32> -> tensor<8xi32>
    %wp = tt.splat %w : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %wa = tt.addptr %wp, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %wa, %hwi : tensor<8x!tt.ptr<i32>>
    tt.return
  }
}
