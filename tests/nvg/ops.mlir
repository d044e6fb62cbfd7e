// Round trip of every `nvg` op (spec/nvidia/dialect/TritonNVGPU.td), in the
// form Triton 3.9.0 prints (its `none` pass on the same input gives the
// CHECK lines), through tritium-opt and through stock mlir-opt with the plugin,
// and through the generic form.
// RUN: tritium-opt %s | FileCheck %s
// RUN: %mlir-opt %s | FileCheck %s
// RUN: tritium-opt %s --mlir-print-op-generic | tritium-opt | FileCheck %s

// CHECK-LABEL: llvm.func @ops(
llvm.func @ops(%d: i64, %p: !llvm.ptr<1>, %m: i1, %s: !llvm.struct<(f32, f32)>, %a: !llvm.struct<(i32, i32, i32, i32)>) {
  %f = llvm.mlir.constant(false) : i1
  // CHECK: %[[W0:.*]] = nvg.wgmma %arg0, %arg0, %{{.*}} {eltTypeA = 3 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, k = 32 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  %w0 = nvg.wgmma %d, %d, %f {eltTypeA = 3 : i32, eltTypeB = 3 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 32 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  // CHECK: %[[W1:.*]] = nvg.wgmma %arg4, %arg0, %{{.*}}, %[[W0]] {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1, !llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32)>
  %w1 = nvg.wgmma %a, %d, %f, %w0 {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1, !llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32)>
  // CHECK: nvg.wgmma_wait_group %[[W1]] {pendings = 1 : i32} : !llvm.struct<(f32, f32)>
  %w = nvg.wgmma_wait_group %w1 {pendings = 1 : i32} : !llvm.struct<(f32, f32)>
  // CHECK: nvg.ld_acquire acquire, gpu, %arg1, %arg2 : (!llvm.ptr<1>) -> i32
  %l = nvg.ld_acquire acquire, gpu, %p, %m : (!llvm.ptr<1>) -> i32
  // CHECK: nvg.ld_acquire relaxed, sys, %arg1 : (!llvm.ptr<1>) -> f32
  %l2 = nvg.ld_acquire relaxed, sys, %p : (!llvm.ptr<1>) -> f32
  // CHECK: nvg.cluster_id
  %c = nvg.cluster_id
  // CHECK: nvg.tensor_memory_base
  %t = nvg.tensor_memory_base
  // CHECK: nvg.warp_group_barrier_id
  %g = nvg.warp_group_barrier_id
  llvm.return
}
