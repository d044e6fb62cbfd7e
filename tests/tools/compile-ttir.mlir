// tritium-compile on TTIR (make_ttir's output): Tritium's own make_ttgir
// (Triton's sm80 pipeline, with --num-warps / --num-stages) then make_llir,
// then PTX; bad values of the two options are refused before anything runs.
// RUN: tritium-compile %s --target cuda:80 --num-warps 2 --num-stages 2 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file=%t.json
// PTX: .visible .entry add_one(
// PTX: .reqntid 64
// META: "num_warps": 2,
// RUN: not tritium-compile %s --target cuda:80 --num-warps 3 -o %t.bad.ptx 2>&1 | FileCheck %s --check-prefix=WARPS
// WARPS: --num-warps needs a power of two from 1 to 32: 3
// RUN: not tritium-compile %s --target cuda:80 --num-stages 0 -o %t.bad.ptx 2>&1 | FileCheck %s --check-prefix=STAGES
// STAGES: --num-stages needs a number from 1 to 16: 0

module {
  tt.func public @add_one(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %b = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %ptrs = tt.addptr %b, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>>
    %y = arith.addf %x, %cst : tensor<256xf32>
    tt.store %ptrs, %y : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
