// libdevice functions the C math library lacks, computed inline by the CPU
// backend: cyl_bessel_i0/i1 (spec/cpu/src/bessel.rs: power series up to
// |x| = 30, Hankel's expansion beyond; f32 through f64), clz/popc (ctlz,
// ctpop), isnan/isinf/finite/signbit (i32 results); and j0, which is libm's
// (j0f). The values agree with SciPy's to the 6 digits printed.
// RUN: tritium-run %s --grid 1 --arg vals:0,1,-2.5,40 --arg print:4 --arg print:4 --arg vals:0,1,-2.5,40 --arg print:4 --arg print:4 --arg vals:0,1,16,-1 --arg print:4 --arg print:4 --arg vals:1,-0.0,inf,nan --arg print:4 --arg print:4 --arg print:4 --arg print:4 | FileCheck %s
// RUN: tritium-compile %s --target cpu -o %t.o
// RUN: llvm-nm --undefined-only %t.o | FileCheck %s --check-prefix=SYMS
// I0(x) (f64), I1(x) (f64), I1(x) (f32), j0f(x) (f32); clz, popcll of the
// sign-extended i64; finitef, isinfd, isnanf, signbitf of 1, -0, inf, nan.
// CHECK: arg 1: 1 1.26607 3.28984 1.48948e+16
// CHECK: arg 2: 0 0.565159 -2.51672 1.47074e+16
// CHECK: arg 4: 0 0.565159 -2.51672 1.47074e+16
// CHECK: arg 5: 1 0.765198 -0.0483838 0.00736689
// CHECK: arg 7: 32 31 27 0
// CHECK: arg 8: 0 1 1 64
// CHECK: arg 10: 1 1 0 0
// CHECK: arg 11: 0 0 1 0
// CHECK: arg 12: 0 0 0 1
// CHECK: arg 13: 0 1 0 0
// SYMS-NOT: __
// SYMS: j0f
// SYMS-NOT: __
module {
  tt.func public @inline_fns(%x: !tt.ptr<f64>, %i0: !tt.ptr<f64>, %i1: !tt.ptr<f64>, %xf: !tt.ptr<f32>, %i1f: !tt.ptr<f32>, %j0f: !tt.ptr<f32>,
                             %n: !tt.ptr<i32>, %clz: !tt.ptr<i32>, %popc: !tt.ptr<i32>,
                             %c: !tt.ptr<f32>, %fin: !tt.ptr<i32>, %inf: !tt.ptr<i32>, %nan: !tt.ptr<i32>, %sgn: !tt.ptr<i32>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %px = tt.splat %x : !tt.ptr<f64> -> tensor<4x!tt.ptr<f64>>
    %ax = tt.addptr %px, %r : tensor<4x!tt.ptr<f64>>, tensor<4xi32>
    %v = tt.load %ax : tensor<4x!tt.ptr<f64>>
    %a = tt.extern_elementwise %v {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_cyl_bessel_i0"} : (tensor<4xf64>) -> tensor<4xf64>
    %b = tt.extern_elementwise %v {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_cyl_bessel_i1"} : (tensor<4xf64>) -> tensor<4xf64>
    %p0 = tt.splat %i0 : !tt.ptr<f64> -> tensor<4x!tt.ptr<f64>>
    %a0 = tt.addptr %p0, %r : tensor<4x!tt.ptr<f64>>, tensor<4xi32>
    tt.store %a0, %a : tensor<4x!tt.ptr<f64>>
    %p1 = tt.splat %i1 : !tt.ptr<f64> -> tensor<4x!tt.ptr<f64>>
    %a1 = tt.addptr %p1, %r : tensor<4x!tt.ptr<f64>>, tensor<4xi32>
    tt.store %a1, %b : tensor<4x!tt.ptr<f64>>
    %pxf = tt.splat %xf : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %axf = tt.addptr %pxf, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %vf = tt.load %axf : tensor<4x!tt.ptr<f32>>
    %bf = tt.extern_elementwise %vf {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_cyl_bessel_i1f"} : (tensor<4xf32>) -> tensor<4xf32>
    %p2 = tt.splat %i1f : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %a2 = tt.addptr %p2, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %a2, %bf : tensor<4x!tt.ptr<f32>>
    %jf = tt.extern_elementwise %vf {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_j0f"} : (tensor<4xf32>) -> tensor<4xf32>
    %p3 = tt.splat %j0f : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %a3 = tt.addptr %p3, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %a3, %jf : tensor<4x!tt.ptr<f32>>
    %pn = tt.splat %n : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %an = tt.addptr %pn, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    %vn = tt.load %an : tensor<4x!tt.ptr<i32>>
    %cz = tt.extern_elementwise %vn {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_clz"} : (tensor<4xi32>) -> tensor<4xi32>
    %p4 = tt.splat %clz : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %a4 = tt.addptr %p4, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %a4, %cz : tensor<4x!tt.ptr<i32>>
    %vl = arith.extsi %vn : tensor<4xi32> to tensor<4xi64>
    %pc = tt.extern_elementwise %vl {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_popcll"} : (tensor<4xi64>) -> tensor<4xi32>
    %p5 = tt.splat %popc : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %a5 = tt.addptr %p5, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %a5, %pc : tensor<4x!tt.ptr<i32>>
    %pcx = tt.splat %c : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %acx = tt.addptr %pcx, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %vc = tt.load %acx : tensor<4x!tt.ptr<f32>>
    %f1 = tt.extern_elementwise %vc {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_finitef"} : (tensor<4xf32>) -> tensor<4xi32>
    %p6 = tt.splat %fin : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %a6 = tt.addptr %p6, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %a6, %f1 : tensor<4x!tt.ptr<i32>>
    %vd = arith.extf %vc : tensor<4xf32> to tensor<4xf64>
    %f2 = tt.extern_elementwise %vd {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_isinfd"} : (tensor<4xf64>) -> tensor<4xi32>
    %p7 = tt.splat %inf : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %a7 = tt.addptr %p7, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %a7, %f2 : tensor<4x!tt.ptr<i32>>
    %f3 = tt.extern_elementwise %vc {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_isnanf"} : (tensor<4xf32>) -> tensor<4xi32>
    %p8 = tt.splat %nan : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %a8 = tt.addptr %p8, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %a8, %f3 : tensor<4x!tt.ptr<i32>>
    %f4 = tt.extern_elementwise %vc {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_signbitf"} : (tensor<4xf32>) -> tensor<4xi32>
    %p9 = tt.splat %sgn : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %a9 = tt.addptr %p9, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
    tt.store %a9, %f4 : tensor<4x!tt.ptr<i32>>
    tt.return
  }
}
