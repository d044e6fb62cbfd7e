// Diagnostics of the `nvg` ops' type constraints (TritonNVGPU.td), as
// Triton 3.9.0's ODS declarations give them.
// RUN: tritium-opt %s --split-input-file --verify-diagnostics

llvm.func @wait_not_struct(%v: f32) {
  // expected-error @below {{'nvg.wgmma_wait_group' op operand #0 must be LLVM structure type, but got 'f32'}}
  %0 = "nvg.wgmma_wait_group"(%v) {pendings = 0 : i32} : (f32) -> f32
  llvm.return
}

// -----

llvm.func @wait_types_differ(%v: !llvm.struct<(f32, f32)>) {
  // expected-error @below {{'nvg.wgmma_wait_group' op failed to verify that all of {input, output} have same type}}
  %0 = "nvg.wgmma_wait_group"(%v) {pendings = 0 : i32} : (!llvm.struct<(f32, f32)>) -> !llvm.struct<(f32)>
  llvm.return
}

// -----

llvm.func @wgmma_bad_operand(%d: i32, %b: i1) {
  // expected-error @below {{'nvg.wgmma' op operand #0 must be wgmma operand A/B type, but got 'i32'}}
  %0 = nvg.wgmma %d, %d, %b {eltTypeA = 3 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i32, i32, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_bad_elt_type(%d: i64, %b: i1) {
  // expected-error @below {{'nvg.wgmma' op attribute 'eltTypeA' failed to satisfy constraint: wgmma operand type, either 's8', 's32', 'e4m3', 'e5m2', 'f16', 'bf16', 'tf32', or 'f32'}}
  %0 = nvg.wgmma %d, %d, %b {eltTypeA = 9 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_missing_attr(%d: i64, %b: i1) {
  // expected-error @below {{'nvg.wgmma' op requires attribute 'k'}}
  %0 = nvg.wgmma %d, %d, %b {eltTypeA = 3 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @ld_acquire_shared(%p: !llvm.ptr<3>) {
  // expected-error @below {{'nvg.ld_acquire' op operand #0 must be LLVM pointer in address space 1, but got '!llvm.ptr<3>'}}
  %0 = nvg.ld_acquire acquire, gpu, %p : (!llvm.ptr<3>) -> i32
  llvm.return
}

// -----

llvm.func @ld_acquire_bad_scope(%p: !llvm.ptr<1>) {
  // expected-error @below {{expected string or keyword containing one of the following enum values for attribute 'scope' [gpu, cta, sys]}}
  %0 = nvg.ld_acquire acquire, cluster, %p : (!llvm.ptr<1>) -> i32
  llvm.return
}
