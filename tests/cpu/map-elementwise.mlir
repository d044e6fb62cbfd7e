// tt.map_elementwise (tl.map_elementwise) on the CPU backend: a loop over
// groups of `pack` elements applying the scalar region inline, whatever its
// blocks (Triton's TTIR leaves the region's `if`s as cf branches): a
// three-way compare (pack 1, three blocks) and divmod on pairs (pack 2,
// two results; operands grouped a0, a1, b0, b1, results c0, c1, d0, d1).
// RUN: tritium-run %s --grid 1 --arg vals:1,5,3,-2 --arg vals:2,5,1,-7 --arg print:4 --arg vals:7,9,20,33 --arg vals:2,4,6,5 --arg print:4 --arg print:4 | FileCheck %s
// CHECK: arg 2: -1 0 1 1
// CHECK: arg 5: 3 2 3 6
// CHECK: arg 6: 1 1 2 3
module {
  tt.func public @map(%x: !tt.ptr<i32>, %y: !tt.ptr<i32>, %z: !tt.ptr<i32>, %a: !tt.ptr<i32>, %b: !tt.ptr<i32>, %c: !tt.ptr<i32>, %d: !tt.ptr<i32>) {
    %cm1 = arith.constant -1 : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %px = tt.splat %x : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %ax = tt.addptr %px, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %vx = tt.load %ax : tensor<4x!tt.ptr<i32>>
    %py = tt.splat %y : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %ay = tt.addptr %py, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %vy = tt.load %ay : tensor<4x!tt.ptr<i32>>
    %cmp = "tt.map_elementwise"(%vx, %vy) <{pack = 1 : i32}> ({
    ^bb0(%p: i32, %q: i32):
      %lt = arith.cmpi slt, %p, %q : i32
      cf.cond_br %lt, ^bb2(%cm1 : i32), ^bb1
    ^bb1:
      %eq = arith.cmpi eq, %p, %q : i32
      cf.cond_br %eq, ^bb2(%c0 : i32), ^bb2(%c1 : i32)
    ^bb2(%res: i32):
      tt.map_elementwise.return %res : i32
    }) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %pz = tt.splat %z : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %az = tt.addptr %pz, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %az, %cmp : tensor<4x!tt.ptr<i32>>
    %pa = tt.splat %a : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %aa = tt.addptr %pa, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %va = tt.load %aa : tensor<4x!tt.ptr<i32>>
    %pb = tt.splat %b : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %ab = tt.addptr %pb, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %vb = tt.load %ab : tensor<4x!tt.ptr<i32>>
    %dm:2 = "tt.map_elementwise"(%va, %vb) <{pack = 2 : i32}> ({
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %q0 = arith.divui %a0, %b0 : i32
      %q1 = arith.divui %a1, %b1 : i32
      %r0 = arith.remui %a0, %b0 : i32
      %r1 = arith.remui %a1, %b1 : i32
      tt.map_elementwise.return %q0, %q1, %r0, %r1 : i32, i32, i32, i32
    }) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
    %pc = tt.splat %c : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %ac = tt.addptr %pc, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %ac, %dm#0 : tensor<4x!tt.ptr<i32>>
    %pd = tt.splat %d : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %ad = tt.addptr %pd, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %ad, %dm#1 : tensor<4x!tt.ptr<i32>>
    tt.return
  }
}
