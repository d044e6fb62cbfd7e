// tritium-make-llir for cuda ends with enable-line-info (by default), as
// Triton's make_llir does, unless Triton's knob TRITON_DISABLE_LINE_INFO is
// 1, true or on: the kernel gets a #llvm.di_subprogram, and tritium-compile's
// PTX a line table (`.file`/`.loc`, one `.file` per source file of an inlined
// frame) with `.target sm_80` still free of `debug` (which would stop ptxas
// optimizing).
// LLVM 22's NVPTX writes an inlined frame's own line (2 7 12 below) without
// the `function_name ..., inlined_at 1 6 8` suffix of Triton's newer LLVM.
// RUN: env TRITON_DISABLE_LINE_INFO=0 tritium-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=cuda:80})' -mlir-print-debuginfo | FileCheck %s --check-prefix=ON
// RUN: env TRITON_DISABLE_LINE_INFO=1 tritium-opt %s --pass-pipeline='builtin.module(tritium-make-llir{target=cuda:80})' -mlir-print-debuginfo | FileCheck %s --check-prefix=OFF
// RUN: env TRITON_DISABLE_LINE_INFO=0 tritium-compile %s --target cuda:80 -o - --no-metadata | FileCheck %s --check-prefix=PTX
// RUN: sed 's/"cuda:80"/"cuda:90"/' %s > %t.sm90.mlir
// RUN: env TRITON_DISABLE_LINE_INFO=0 tritium-compile %t.sm90.mlir --target cuda:90 -o - --no-metadata | FileCheck %s --check-prefix=PTX
// RUN: env -u TRITON_DISABLE_LINE_INFO tritium-compile %s --target cuda:80 -o - --no-metadata | FileCheck %s --check-prefix=PTX
// RUN: env TRITON_DISABLE_LINE_INFO=True tritium-compile %s --target cuda:80 -o - --no-metadata | FileCheck %s --check-prefix=PTX-OFF

// ON: llvm.func @scale(
// ON: } loc([[FN:#loc[0-9]+]])
// ON: #di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "triton", isOptimized = true, emissionKind = LineTablesOnly>
// ON: #di_subprogram = #llvm.di_subprogram<recId = distinct[0]<>, id = distinct[1]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "scale", linkageName = "scale", file = #di_file, line = 3, scopeLine = 3, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>
// ON: #di_lexical_block_file = #llvm.di_lexical_block_file<scope = #di_subprogram, file = #di_file{{[0-9]*}}, discriminator = 0>
// ON: [[FN]] = loc(fused<#di_subprogram>[#loc])

// OFF-NOT: di_subprogram
// OFF-NOT: fused<

// PTX: .target sm_{{[89]0a?$}}
// PTX: .loc 1 3 0
// PTX: .loc 2 7 12
// PTX: .loc 1 8 4
// PTX: .file 1 "/src/kernels.py"
// PTX-NEXT: .file 2 "/src/lib/helpers.py"

// PTX-OFF-NOT: .loc
// PTX-OFF-NOT: .file

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#loc = loc("/src/kernels.py":3:0)
#loc1 = loc("/src/kernels.py":4:20)
#loc2 = loc("/src/kernels.py":5:14)
#loc3 = loc("/src/kernels.py":6:8)
#loc4 = loc("/src/lib/helpers.py":7:12)
#loc5 = loc("/src/kernels.py":8:4)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scale(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x"(#loc)), %y: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("y"(#loc))) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked> loc(#loc1)
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked> loc(#loc2)
    %a = tt.addptr %s, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked> loc(#loc2)
    %v = tt.load %a : tensor<512x!tt.ptr<f32>, #blocked> loc(#loc2)
    %e = math.exp %v : tensor<512xf32, #blocked> loc(callsite(#loc4 at #loc3))
    %t = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked> loc(#loc5)
    %b = tt.addptr %t, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked> loc(#loc5)
    tt.store %b, %e : tensor<512x!tt.ptr<f32>, #blocked> loc(#loc5)
    tt.return loc(#loc5)
  } loc(#loc)
} loc(#loc)
