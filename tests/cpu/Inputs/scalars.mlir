// A kernel taking one scalar of every type tritium-run supports (used by
// tests/cpu/scalar-args.mlir); it stores the i32 one.
module {
  tt.func public @scalars(%p: !tt.ptr<i32>, %b: i1, %c: i8, %s: i16, %i: i32, %l: i64, %h: f16, %bh: bf16, %f: f32, %d: f64) {
    tt.store %p, %i : !tt.ptr<i32>
    tt.return
  }
}
