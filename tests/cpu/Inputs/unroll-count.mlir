// A kernel whose loop (runtime bounds, tt.loop_unroll_factor = 4) counts its
// iterations and sums its induction variable: out[0] = count, out[1] = sum
// (used by tests/cpu/loop-unroll-empty.mlir).
module {
  tt.func public @unroll_count(%out: !tt.ptr<i32>, %lb: i32, %ub: i32, %step: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %lb to %ub step %step iter_args(%n = %c0, %s = %c0) -> (i32, i32) : i32 {
      %n1 = arith.addi %n, %c1 : i32
      %s1 = arith.addi %s, %i : i32
      scf.yield %n1, %s1 : i32, i32
    } {tt.loop_unroll_factor = 4 : i32}
    tt.store %out, %r#0 : !tt.ptr<i32>
    %p1 = tt.addptr %out, %c1 : !tt.ptr<i32>, i32
    tt.store %p1, %r#1 : !tt.ptr<i32>
    tt.return
  }
}
