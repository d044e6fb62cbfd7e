// tritongpu-remove-layout-conversions on a function with an early return
// (Triton's frontend makes `if c: ...; return` a cf.cond_br to two blocks
// without arguments, e.g. a cross-entropy kernel's ignored rows): each block
// is rewritten, as Triton 3.9 does (CHECK lines: its output for this input).
// Blocks with arguments are still refused with a located diagnostic.
// RUN: tritium-opt %s -split-input-file --tritongpu-remove-layout-conversions -verify-diagnostics | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @early_return
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<512x!tt.ptr<f32>, #[[B4:.*]]>
// CHECK: cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[X]], %[[X]] : tensor<512xf32, #[[B4]]>
// CHECK-NEXT: %[[YC:.*]] = ttg.convert_layout %[[Y]] : tensor<512xf32, #[[B4]]> -> tensor<512xf32, #[[B1:.*]]>
// CHECK-NEXT: %[[R1:.*]] = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #[[B1]]>
// CHECK: tt.store %{{.*}}, %[[YC]] : tensor<512x!tt.ptr<f32>, #[[B1]]>
// CHECK-NEXT: tt.return
// CHECK: ^bb2:
// CHECK-NEXT: %[[Z:.*]] = arith.mulf %[[X]], %[[X]] : tensor<512xf32, #[[B4]]>
// CHECK-NEXT: %[[ZC:.*]] = ttg.convert_layout %[[Z]] : tensor<512xf32, #[[B4]]> -> tensor<512xf32, #[[B1]]>
// CHECK-NEXT: tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #[[B1]]>
// CHECK: tt.store %{{.*}}, %[[ZC]] : tensor<512x!tt.ptr<f32>, #[[B1]]>
// CHECK-NEXT: tt.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @early_return(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked1>
    %sp = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked1>
    %ptrs = tt.addptr %sp, %r : tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xi32, #blocked1>
    %x = tt.load %ptrs : tensor<512x!tt.ptr<f32>, #blocked1>
    %c = arith.cmpi eq, %flag, %c0 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %y = arith.addf %x, %x : tensor<512xf32, #blocked1>
    %yc = ttg.convert_layout %y : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
    %rb = ttg.convert_layout %r : tensor<512xi32, #blocked1> -> tensor<512xi32, #blocked>
    %sq = tt.splat %q : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %qp = tt.addptr %sq, %rb : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %qp, %yc : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  ^bb2:
    %z = arith.mulf %x, %x : tensor<512xf32, #blocked1>
    %zc = ttg.convert_layout %z : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
    %rb2 = ttg.convert_layout %r : tensor<512xi32, #blocked1> -> tensor<512xi32, #blocked>
    %sq2 = tt.splat %q : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %qp2 = tt.addptr %sq2, %rb2 : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %qp2, %zc : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @joined(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: i1) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    cf.cond_br %c, ^bb1(%r : tensor<128xi32, #blocked>), ^bb1(%r : tensor<128xi32, #blocked>)
  ^bb1(%a: tensor<128xi32, #blocked>):
    // expected-error @below {{blocks with arguments (values joined along branches) are not supported}}
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
