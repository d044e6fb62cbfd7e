// The registered pipelines are Triton's stages: tritium-make-ttir{target} is
// exactly Triton's make_ttir pass list for that target, and
// tritium-make-ttgir starts with convert-triton-to-tritongpu.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80})' -o %t.sm80
// RUN: tritium-opt %s --pass-pipeline='builtin.module(inline,triton-rewrite-tensor-descriptor-to-pointer,canonicalize,triton-combine,triton-reorder-broadcast,cse,symbol-dce,triton-loop-unroll)' | diff - %t.sm80
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=hip:gfx942})' -o %t.hip
// RUN: tritium-opt %s --pass-pipeline='builtin.module(inline,triton-rewrite-tensor-descriptor-to-pointer,canonicalize,triton-combine,triton-reorder-broadcast,cse,triton-licm,symbol-dce,triton-loop-unroll)' | diff - %t.hip
// RUN: tritium-opt %t.sm80 --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=8})' | FileCheck %s
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttgir)' 2>&1 | FileCheck %s --check-prefix=NO-TARGET
// The TTIR passes take no options, as in Triton; the pipelines take theirs.
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-combine{unroll=2})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(triton-licm{aggressive=true})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-reorder-broadcast{all=true})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-loop-unroll{factor=4})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(triton-loop-aware-cse{depth=1})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-rewrite-tensor-descriptor-to-pointer{target=cuda:80})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=many})' 2>&1 | FileCheck %s --check-prefix=BAD-VALUE

// CHECK: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func public @scaled_copy
// The loop-invariant splat is hoisted (triton-licm), the call inlined.
// CHECK: tt.splat %arg2 : f32 -> tensor<256xf32, #[[$B]]>
// CHECK: scf.for
// CHECK: tt.load {{.*}} : tensor<256x!tt.ptr<f32>, #[[$B]]>
// CHECK-NOT: tt.splat %arg2
// CHECK: arith.mulf
// CHECK: tt.store
// CHECK-NOT: tt.call
// NO-TARGET: convert-triton-to-tritongpu: the 'target' option is required
// NO-OPTION: no such option
// BAD-VALUE: 'many' value invalid for integer argument

module {
  tt.func private @scale(%x: tensor<256xf32>, %s: f32) -> tensor<256xf32> {
    %ss = tt.splat %s : f32 -> tensor<256xf32>
    %y = arith.mulf %x, %ss : tensor<256xf32>
    tt.return %y : tensor<256xf32>
  }
  tt.func public @scaled_copy(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %s: f32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c256 = arith.constant 256 : i32
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %base = arith.muli %i, %c256 : i32
      %b = tt.splat %base : i32 -> tensor<256xi32>
      %offs = arith.addi %b, %r : tensor<256xi32>
      %pin = tt.splat %in : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
      %pi = tt.addptr %pin, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      %x = tt.load %pi : tensor<256x!tt.ptr<f32>>
      %y = tt.call @scale(%x, %s) : (tensor<256xf32>, f32) -> tensor<256xf32>
      %pout = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
      %po = tt.addptr %pout, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      tt.store %po, %y : tensor<256x!tt.ptr<f32>>
    }
    tt.return
  }
}
