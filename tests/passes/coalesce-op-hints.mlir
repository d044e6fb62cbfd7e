// tritongpu-coalesce with the hints of tl.multiple_of / tl.max_contiguous on ops other than function
// arguments (issue 23): a scalar tt.load and a tt.int_to_ptr carrying tt.divisibility (a grouped GEMM's
// row stride and base address loaded from device memory), and tt.contiguity/tt.divisibility replacing
// what the analysis infers for an arith.remsi. Without the int_to_ptr hint the base is unaligned and the
// f16 load stays scalar. CHECK lines from Triton 3.9's own pass.
// RUN: tritium-opt %s --pass-pipeline='builtin.module(tritongpu-coalesce)' | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-coalesce)' | FileCheck %s

// CHECK-DAG: #[[$V8:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$V1:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$COL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func public @hinted
// CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[$V8]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[$V8]]>
// CHECK-LABEL: tt.func public @unhinted
// CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[$V1]]>
// CHECK-LABEL: tt.func public @offsets_hint
// CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[$COL]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @hinted(%tab: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %lds: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %bi = tt.load %tab : !tt.ptr<i64>
    %base = tt.int_to_ptr %bi {tt.divisibility = dense<16> : tensor<1xi32>} : i64 -> !tt.ptr<f16>
    %ld = tt.load %lds {tt.divisibility = dense<16> : tensor<1xi32>} : !tt.ptr<i32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %ls = tt.splat %ld : i32 -> tensor<64x1xi32, #blocked>
    %rows = arith.muli %re, %ls : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %p0 = tt.splat %base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %p0, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %p : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.store %p, %v : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
  tt.func public @unhinted(%tab: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %lds: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %bi = tt.load %tab : !tt.ptr<i64>
    %base = tt.int_to_ptr %bi : i64 -> !tt.ptr<f16>
    %ld = tt.load %lds {tt.divisibility = dense<16> : tensor<1xi32>} : !tt.ptr<i32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %re = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %ls = tt.splat %ld : i32 -> tensor<64x1xi32, #blocked>
    %rows = arith.muli %re, %ls : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rows : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cb = tt.broadcast %ce : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %p0 = tt.splat %base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %p0, %off : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %p : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.store %p, %v : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
  tt.func public @offsets_hint(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: i32) {
    %pid = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %s = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %ss = tt.splat %s : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %o = arith.addi %ss, %r : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %ms = tt.splat %m : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %w = arith.remsi %o, %ms {tt.contiguity = dense<64> : tensor<1xi32>, tt.divisibility = dense<64> : tensor<1xi32>} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %we = tt.expand_dims %w {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %wt = tt.broadcast %we : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %p0 = tt.splat %a : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %p0, %wt : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %p : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.store %p, %v : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
