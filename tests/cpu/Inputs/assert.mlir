// A kernel with a tt.assert (used by tests/cpu/errors.mlir).
module {
  tt.func public @check_positive(%p: !tt.ptr<i32>, %n: i32) {
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
    %pa = tt.addptr %ps, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
    %v = tt.load %pa : tensor<2x!tt.ptr<i32>>
    %zero = arith.constant dense<0> : tensor<2xi32>
    %ok = arith.cmpi sgt, %v, %zero : tensor<2xi32>
    tt.assert %ok, "values must be positive" : tensor<2xi1>
    tt.return
  }
}
