// One public kernel and a private helper (used by tests/cpu/two-kernels.mlir).
module {
  tt.func private @seven() -> i32 attributes {noinline = true} {
    %c = arith.constant 7 : i32
    tt.return %c : i32
  }
  tt.func public @kernel(%p: !tt.ptr<i32>) {
    %c = tt.call @seven() : () -> i32
    tt.store %p, %c : !tt.ptr<i32>
    tt.return
  }
}
