// libdevice's sinf on a constant subnormal input (a bf16 made by bitcasting
// 0x8001): after -O3, a select on __nvvm_reflect("__CUDA_FTZ") picks between
// two constants that feed llvm.nvvm.mul.rn.f. LLVM 22's code generator runs
// its own NVVMReflect pass, which constant-folds those users without the
// target library info and crashed (SIGSEGV, Triton 3.9's make_ptx too; GPU
// differential seed 60 #974). The backend now resolves __nvvm_reflect itself
// right after optimization, so code generation meets no such call.
// REQUIRES: libdevice
// RUN: tritium-compile %s --target cuda:80 -o - | FileCheck %s
// RUN: tritium-compile %s --target cuda:90 -o - | FileCheck %s
// CHECK: .visible .entry k(
// CHECK-NOT: __nvvm_reflect
// CHECK: st.global
module {
  tt.func public @k(%out: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) {
    %c = arith.constant dense<-32767> : tensor<64xi16>
    %b = tt.bitcast %c : tensor<64xi16> -> tensor<64xbf16>
    %s = math.sin %b : tensor<64xbf16>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %out : !tt.ptr<bf16> -> tensor<64x!tt.ptr<bf16>>
    %a = tt.addptr %p, %r : tensor<64x!tt.ptr<bf16>>, tensor<64xi32>
    tt.store %a, %s : tensor<64x!tt.ptr<bf16>>
    tt.return
  }
}
