// Ops that order threads or grids are no-ops on the CPU backend, where one
// thread runs a whole program and a launch returns when its grid is done:
// ttg.barrier (tl.debug_barrier, as Triton's TTIR writes it) and
// programmatic dependent launch.
// RUN: tritium-run %s --grid 1 --arg vals:1,2,3,4@print | FileCheck %s
// CHECK: arg 0: 2 3 4 5
module {
  tt.func public @bump(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    tt.grid_dependency_wait
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %a = tt.addptr %p, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %a : tensor<4x!tt.ptr<f32>>
    ttg.barrier all
    tt.grid_dependency_launch_dependents
    %one = arith.constant dense<1.0> : tensor<4xf32>
    %w = arith.addf %v, %one : tensor<4xf32>
    tt.store %a, %w : tensor<4x!tt.ptr<f32>>
    tt.return
  }
}
