module {
  tt.func public @ld(%o: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %po = tt.splat %o : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %a = tt.addptr %po, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %a : tensor<4x!tt.ptr<f32>>
    %n = tt.extern_elementwise %v {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_erfinvf"} : (tensor<4xf32>) -> tensor<4xf32>
    tt.store %a, %n : tensor<4x!tt.ptr<f32>>
    tt.return
  }
}
