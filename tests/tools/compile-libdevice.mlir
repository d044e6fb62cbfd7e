// A kernel that calls libdevice compiles without --link: libdevice is linked
// by default, as Triton does, and the call is inlined into the PTX.
// REQUIRES: libdevice
// RUN: env -u TRITIUM_LIBDEVICE tritium-compile %s --target cuda:80 -o - | FileCheck %s
// CHECK: .visible .entry root(
// CHECK-NOT: __nv_sqrtf
// CHECK: sqrt.approx.ftz.f32
// A function that is not libdevice's still needs a library.
// RUN: not tritium-compile %S/Inputs/extern-other.mlir --target cuda:80 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: error: the kernel calls external function(s) my_helper; link the library that defines them
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @root(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %v = tt.load %x : !tt.ptr<f32>
    %r = tt.extern_elementwise %v {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_sqrtf"} : (f32) -> f32
    tt.store %x, %r : !tt.ptr<f32>
    tt.return
  }
}
