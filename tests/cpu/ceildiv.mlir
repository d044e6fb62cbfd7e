// arith.ceildivsi / floordivsi / ceildivui on the CPU backend, against
// hand-computed quotients (signs, zero, exact division, unsigned wrap).
//
// RUN: tritium-run %s --grid 1 --arg vals:7,-7,7,-7,0,6 --arg vals:2,2,-2,-2,3,3 --arg print:18 --arg 6 | FileCheck %s --check-prefix=EXEC
// ceil: 4 -3 -3 4 0 2; floor: 3 -4 -4 3 0 2; ceil unsigned of the same bits
// (7/2=4, 4294967289/2=2147483645, 7/4294967294=1, 4294967289/4294967294=1, 0, 2).
// EXEC: arg 2: 4 -3 -3 4 0 2 3 -4 -4 3 0 2 4 2147483645 1 1 0 2
module {
  tt.func public @divs(%a: !tt.ptr<i32>, %b: !tt.ptr<i32>, %o: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c6 = arith.constant 6 : i32
    %c12 = arith.constant 12 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %pa = tt.addptr %a, %i : !tt.ptr<i32>, i32
      %pb = tt.addptr %b, %i : !tt.ptr<i32>, i32
      %x = tt.load %pa : !tt.ptr<i32>
      %y = tt.load %pb : !tt.ptr<i32>
      %c = arith.ceildivsi %x, %y : i32
      %f = arith.floordivsi %x, %y : i32
      %u = arith.ceildivui %x, %y : i32
      %p0 = tt.addptr %o, %i : !tt.ptr<i32>, i32
      tt.store %p0, %c : !tt.ptr<i32>
      %i6 = arith.addi %i, %c6 : i32
      %p1 = tt.addptr %o, %i6 : !tt.ptr<i32>, i32
      tt.store %p1, %f : !tt.ptr<i32>
      %i12 = arith.addi %i, %c12 : i32
      %p2 = tt.addptr %o, %i12 : !tt.ptr<i32>, i32
      tt.store %p2, %u : !tt.ptr<i32>
    }
    tt.return
  }
}
