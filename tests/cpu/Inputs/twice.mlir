// y[i] = 2 * x[i] for i < n <= 8 (used by tests/cpu/npy-inputs.mlir).
module {
  tt.func public @twice(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %ns = tt.splat %n : i32 -> tensor<8xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<8xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %v = tt.load %xp, %m : tensor<8x!tt.ptr<f32>>
    %w = arith.addf %v, %v : tensor<8xf32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %yp, %w, %m : tensor<8x!tt.ptr<f32>>
    tt.return
  }
}
