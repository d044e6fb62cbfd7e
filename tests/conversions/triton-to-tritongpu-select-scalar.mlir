// convert-triton-to-tritongpu of `arith.select` with a scalar i1 condition and
// tensor operands (what `if c: r = t1 else: r = t2` on tiles canonicalizes
// to): the tensors get layouts, the condition stays a scalar; values, pointer
// tiles, masks, and a loop-carried tile. Triton 3.9 prints the same.
// RUN: tritium-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80})' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80})' | FileCheck %s

// CHECK: #[[$B:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @select_tiles(
// CHECK-SAME: %[[FLAG:[a-z0-9]+]]: i32)
module {
  tt.func public @select_tiles(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %zero = arith.constant dense<0.0> : tensor<128xf32>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %a1 = tt.addptr %a, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %b = tt.splat %pb : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %b1 = tt.addptr %b, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    // CHECK: %[[C:.+]] = arith.cmpi sgt, %[[FLAG]], %{{.+}} : i32
    %c = arith.cmpi sgt, %flag, %c0 : i32
    // CHECK: arith.select %[[C]], %{{.+}}, %{{.+}} : tensor<128x!tt.ptr<f32>, #[[$B]]>
    %p = arith.select %c, %a1, %b1 : tensor<128x!tt.ptr<f32>>
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %w = tt.load %b1 : tensor<128x!tt.ptr<f32>>
    // CHECK: arith.select %[[C]], %{{.+}}, %{{.+}} : tensor<128xf32, #[[$B]]>
    %s = arith.select %c, %v, %w : tensor<128xf32>
    %n = tt.splat %flag : i32 -> tensor<128xi32>
    %m1 = arith.cmpi slt, %r, %n : tensor<128xi32>
    %m2 = arith.cmpi sgt, %r, %n : tensor<128xi32>
    // CHECK: arith.select %[[C]], %{{.+}}, %{{.+}} : tensor<128xi1, #[[$B]]>
    %m = arith.select %c, %m1, %m2 : tensor<128xi1>
    // CHECK: scf.for %[[I:.+]] = {{.+}} iter_args(%[[X:.+]] = %{{.+}}) -> (tensor<128xf32, #[[$B]]>)
    %acc = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %zero) -> (tensor<128xf32>) : i32 {
      %up = arith.addf %x, %s : tensor<128xf32>
      %down = arith.subf %x, %s : tensor<128xf32>
      // CHECK: %[[E:.+]] = arith.cmpi eq, %[[I]], %[[FLAG]] : i32
      %e = arith.cmpi eq, %i, %flag : i32
      // CHECK: arith.select %[[E]], %{{.+}}, %{{.+}} : tensor<128xf32, #[[$B]]>
      %y = arith.select %e, %up, %down : tensor<128xf32>
      scf.yield %y : tensor<128xf32>
    }
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %o1 = tt.addptr %o, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %o1, %acc, %m : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// A broadcast tile against a splat constant: the select takes the broadcast's
// layout, its condition stays scalar.
// CHECK: #[[$B2:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @select_broadcast(
module {
  tt.func public @select_broadcast(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: i1) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a = tt.splat %pa : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %a1 = tt.addptr %a, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %v = tt.load %a1 : tensor<16x!tt.ptr<f32>>
    %e = tt.expand_dims %v {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
    // CHECK: %[[BC:.+]] = tt.broadcast %{{.+}} -> tensor<8x16xf32, #[[$B2]]>
    %b = tt.broadcast %e : tensor<1x16xf32> -> tensor<8x16xf32>
    // CHECK: %[[TWO:.+]] = arith.constant dense<2.000000e+00> : tensor<8x16xf32, #[[$B2]]>
    %two = arith.constant dense<2.0> : tensor<8x16xf32>
    // CHECK: arith.select %arg1, %[[BC]], %[[TWO]] : tensor<8x16xf32, #[[$B2]]>
    %s = arith.select %c, %b, %two : tensor<8x16xf32>
    %p = tt.splat %pa : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>>
    tt.store %p, %s : tensor<8x16x!tt.ptr<f32>>
    tt.return
  }
}
