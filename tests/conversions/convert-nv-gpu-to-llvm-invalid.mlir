// Located refusals of convert-nv-gpu-to-llvm (spec/nvidia/src/nvg.rs): nvg
// ops whose attributes name no PTX instruction (Triton asserts on them) and
// tensor memory, which Tritium does not compile.
// RUN: tritium-opt %s --split-input-file --convert-nv-gpu-to-llvm --verify-diagnostics

llvm.func @wgmma_bad_shape(%d: i64, %b: i1) {
  // expected-error @below {{no wgmma instruction m64n8k8 with f32.f16.f16}}
  %0 = nvg.wgmma %d, %d, %b {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_fp8_transposed(%d: i64, %b: i1) {
  // expected-error @below {{no wgmma instruction m64n8k32 with f32.e4m3.e4m3 and MN-major operands}}
  %0 = nvg.wgmma %d, %d, %b {eltTypeA = 2 : i32, eltTypeB = 2 : i32, eltTypeC = 7 : i32, layoutA = 1 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wait_i8(%v: !llvm.struct<(i8, i8)>) {
  // expected-error @below {{wgmma.wait_group cannot pass a 8-bit register (i8)}}
  %0 = nvg.wgmma_wait_group %v {pendings = 0 : i32} : !llvm.struct<(i8, i8)>
  llvm.return
}

// -----

llvm.func @tensor_memory() {
  // expected-error @below {{convert-nv-gpu-to-llvm: tensor memory (Blackwell) is not supported by Tritium}}
  %0 = nvg.tensor_memory_base
  llvm.return
}

// -----

llvm.func @ld_release(%p: !llvm.ptr<1>) {
  // expected-error @below {{nvg.ld_acquire: a load cannot have the memory semantic 3}}
  %0 = nvg.ld_acquire release, gpu, %p : (!llvm.ptr<1>) -> i32
  llvm.return
}
