module {
  tt.func public @e4m3(%x: !tt.ptr<f32>, %y: !tt.ptr<f8E4M3FN>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
    %e = tt.fp_to_fp %v, rounding = rtz : tensor<4xf32> -> tensor<4xf8E4M3FN>
    %yp = tt.splat %y : !tt.ptr<f8E4M3FN> -> tensor<4x!tt.ptr<f8E4M3FN>>
    %ya = tt.addptr %yp, %r : tensor<4x!tt.ptr<f8E4M3FN>>, tensor<4xi32>
    tt.store %ya, %e : tensor<4x!tt.ptr<f8E4M3FN>>
    tt.return
  }
}
