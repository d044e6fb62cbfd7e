// tritongpu-optimize-thread-locality: IR Triton leaves alone stays as it is; the rewrites Triton would make are refused with a diagnostic.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tritongpu-optimize-thread-locality)' | FileCheck %s

// CHECK-LABEL: tt.func public @reduce_outside_loop
// CHECK: "tt.reduce"
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_outside_loop(%x: tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_accumulated_in_loop(%x: tensor<32x32xf32, #blocked>, %init: tensor<32xf32, #slice>, %n: i32) -> tensor<32xf32, #slice> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
      // expected-error @+1 {{rewriting this op is not implemented in Tritium}}
      %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        tt.reduce.return %s : f32
      }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #slice>
      %next = arith.addf %r, %acc : tensor<32xf32, #slice>
      scf.yield %next : tensor<32xf32, #slice>
    }
    tt.return %res : tensor<32xf32, #slice>
  }
}
