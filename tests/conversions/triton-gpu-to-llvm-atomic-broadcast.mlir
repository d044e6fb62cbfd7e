// convert-triton-gpu-to-llvm of a tensor atomic whose layout repeats elements
// over threads and whose old values are read: one thread per element does the
// atomic, stores the old value to the scratch and, after a barrier (which also
// orders the acquire), every thread holding the element loads it (Triton 3.9's
// atomic_add_use_result_broadcasting; CHECK lines from its output).
// RUN: tritium-opt %s -allocate-shared-memory-nv -convert-triton-gpu-to-llvm | FileCheck %s

#blocked0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @atomic_result_broadcast(
  // CHECK: atom.global.sys.acquire.add.f32
  // CHECK: st.shared
  // CHECK: nvvm.barrier
  // CHECK: llvm.load
  // CHECK-NOT: nvvm.barrier
  // CHECK: llvm.return
  tt.func @atomic_result_broadcast(%ptr: tensor<16x!tt.ptr<f32>, #blocked0>, %mask: tensor<16xi1, #blocked0>, %v: tensor<16xf32, #blocked0>) {
    %0 = tt.atomic_rmw fadd, acquire, sys, %ptr, %v, %mask : (tensor<16x!tt.ptr<f32>, #blocked0>, tensor<16xf32, #blocked0>, tensor<16xi1, #blocked0>) -> tensor<16xf32, #blocked0>
    tt.store %ptr, %0 : tensor<16x!tt.ptr<f32>, #blocked0>
    tt.return
  }
}
