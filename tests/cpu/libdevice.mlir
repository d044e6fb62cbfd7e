// tt.extern_elementwise of libdevice functions (tl.extra.libdevice) on the
// CPU backend: the C math library function of the same name; rsqrt as
// 1/sqrt; a function without a CPU equivalent is refused at the op.
// RUN: tritium-run %s --grid 1 --arg vals:0.25,1,4,9 --arg zeros:12@print | FileCheck %s
// RUN: not tritium-run %S/Inputs/libdevice-unsupported.mlir --grid 1 --arg zeros:4 2>&1 | FileCheck %s --check-prefix=BAD
// sqrtf, rsqrtf (fast form), atan2f(x, 1) printed to 6 digits.
// CHECK: arg 1: 0.5 1 2 3 2 1 0.5 0.333333 0.244979 0.785398 1.32582 1.46014
// BAD: libdevice-unsupported.mlir:{{[0-9]+}}:{{[0-9]+}}: error: tt.extern_elementwise '__nv_erfinvf' is not supported by the CPU backend
module {
  tt.func public @ld(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %ax = tt.addptr %px, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %ax : tensor<4x!tt.ptr<f32>>
    %s = tt.extern_elementwise %v {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_sqrtf"} : (tensor<4xf32>) -> tensor<4xf32>
    %q = tt.extern_elementwise %v {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_fast_rsqrtf"} : (tensor<4xf32>) -> tensor<4xf32>
    %one = arith.constant dense<1.0> : tensor<4xf32>
    %t = tt.extern_elementwise %v, %one {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_atan2f"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %po = tt.splat %o : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %a0 = tt.addptr %po, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %a0, %s : tensor<4x!tt.ptr<f32>>
    %c4 = arith.constant dense<4> : tensor<4xi32>
    %r4 = arith.addi %r, %c4 : tensor<4xi32>
    %a1 = tt.addptr %po, %r4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %a1, %q : tensor<4x!tt.ptr<f32>>
    %r8 = arith.addi %r4, %c4 : tensor<4xi32>
    %a2 = tt.addptr %po, %r8 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %a2, %t : tensor<4x!tt.ptr<f32>>
    tt.return
  }
}
