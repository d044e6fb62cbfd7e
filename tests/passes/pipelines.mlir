// The registered pipelines are Triton's stages: tritium-make-ttir{target} is
// exactly Triton's make_ttir pass list for that target, and
// tritium-make-ttgir starts with convert-triton-to-tritongpu (for cuda:80 it is
// Triton's whole make_ttgir: the CHECK lines hold for Triton's output too).
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80})' -o %t.sm80
// RUN: tritium-opt %s --pass-pipeline='builtin.module(inline,triton-rewrite-tensor-descriptor-to-pointer,canonicalize,triton-combine,triton-reorder-broadcast,cse,symbol-dce,triton-loop-unroll)' | diff - %t.sm80
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=hip:gfx942})' -o %t.hip
// RUN: tritium-opt %s --pass-pipeline='builtin.module(inline,triton-rewrite-tensor-descriptor-to-pointer,canonicalize,triton-combine,triton-reorder-broadcast,cse,triton-licm,symbol-dce,triton-loop-unroll)' | diff - %t.hip
// RUN: tritium-opt %t.sm80 --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=8})' | FileCheck %s
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttgir)' 2>&1 | FileCheck %s --check-prefix=NO-TARGET
// Every pipeline taking a target checks it with the conversion's one rule.
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttgir{target=foo})' 2>&1 | FileCheck %s --check-prefix=TTGIR-TARGET
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=foo})' 2>&1 | FileCheck %s --check-prefix=TTIR-TARGET
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:-1})' 2>&1 | FileCheck %s --check-prefix=TTIR-TARGET-NEG
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttir{target=})' 2>&1 | FileCheck %s --check-prefix=TTIR-NO-TARGET
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttir)' 2>&1 | FileCheck %s --check-prefix=TTIR-NO-TARGET
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=foo})' 2>&1 | FileCheck %s --check-prefix=LLIR-TARGET
// threads-per-warp=0 is refused by the conversion, as when it runs alone.
// RUN: not tritium-opt %t.sm80 --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 threads-per-warp=0})' 2>&1 | FileCheck %s --check-prefix=TTGIR-THREADS
// RUN: not tritium-opt %t.sm80 --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=65536})' 2>&1 | FileCheck %s --check-prefix=TTGIR-WARPS
// RUN: not tritium-opt %t.hip --pass-pipeline='builtin.module(tritium-make-ttgir{target=hip:gfx942})' 2>&1 | FileCheck %s --check-prefix=TTGIR-HIP
// The TTIR passes take no options, as in Triton; the pipelines take theirs.
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-combine{unroll=2})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(triton-licm{aggressive=true})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-reorder-broadcast{all=true})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-loop-unroll{factor=4})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not %mlir-opt %s --pass-pipeline='builtin.module(triton-loop-aware-cse{depth=1})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(triton-rewrite-tensor-descriptor-to-pointer{target=cuda:80})' 2>&1 | FileCheck %s --check-prefix=NO-OPTION
// RUN: not tritium-opt %s --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=many})' 2>&1 | FileCheck %s --check-prefix=BAD-VALUE

// CHECK: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = false}
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
// TTGIR-TARGET: :[[@LINE+11]]:1: error: convert-triton-to-tritongpu: unknown target 'foo' (known target prefixes: cuda, hip;
// TTIR-TARGET: error: tritium-make-ttir: unknown target 'foo' (known target prefixes: cuda, hip; expected cuda:<compute capability>, e.g. cuda:80; hip:<gfx arch>, e.g. hip:gfx942)
// TTIR-TARGET-NEG: error: tritium-make-ttir: unknown target 'cuda:-1' (known target prefixes: cuda, hip;
// TTIR-NO-TARGET: error: tritium-make-ttir: the 'target' option is required (e.g. target=cuda:80 or target=hip:gfx942)
// LLIR-TARGET: error: tritium-make-llir: unknown target 'foo' (known target prefixes: cuda, hip;
// TTGIR-THREADS: error: convert-triton-to-tritongpu: 'threads-per-warp' must be a power of two from 1 to 64, got 0
// TTGIR-WARPS: error: convert-triton-to-tritongpu: 'num-warps' must be a power of two from 1 to 32, got 65536
// TTGIR-HIP: error: tritium-make-ttgir: Triton's make_ttgir for 'hip:gfx942' is not implemented: its target-specific passes are missing
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
