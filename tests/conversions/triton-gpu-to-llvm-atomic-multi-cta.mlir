// Atomics in a program of several CTAs (a cluster, ttg.num-ctas > 1): every
// CTA holds the same scalar, so only thread 0 of the cluster's first CTA does
// the atomic, and the barriers that order a release or acquire span the
// cluster, as Triton 3.9 lowers it. A result read back is refused (the other
// CTAs would need it from the first one).
// (The CHECK lines match Triton 3.9's output; the OWN lines check the first CTA's predicate.)
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics | FileCheck %s
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(allocate-shared-memory-nv,convert-triton-gpu-to-llvm)' | FileCheck %s
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics | FileCheck %s --check-prefix=OWN

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, "ttg.target" = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @atomic_acq_rel_two_ctas
  tt.func @atomic_acq_rel_two_ctas(%ptr : !tt.ptr<f32>, %mask : i1, %val : f32) {
    // CHECK-NOT: nvvm.barrier
    // CHECK: nvvm.cluster.arrive {aligned}
    // CHECK-NEXT: nvvm.cluster.wait {aligned}
    // CHECK: atom.global.gpu.acq_rel.add.f32
    // CHECK: nvvm.cluster.arrive {aligned}
    // CHECK-NEXT: nvvm.cluster.wait {aligned}
    // CHECK-NOT: nvvm.barrier
    // OWN: %[[RANK:.*]] = nvg.cluster_id
    // OWN: %[[CTA0:.*]] = llvm.icmp "eq" %[[RANK]], %{{.*}} : i32
    // OWN: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // OWN: %[[T0:.*]] = llvm.icmp "eq" %[[TID]]
    // OWN: %[[OWNER:.*]] = llvm.and %[[T0]], %[[CTA0]] : i1
    // OWN: %[[PRED:.*]] = llvm.and %arg1, %[[OWNER]] : i1
    // OWN: atom.global.gpu.acq_rel.add.f32 {{.*}} %[[PRED]]
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptr, %val, %mask : (!tt.ptr<f32>, f32, i1) -> f32
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, "ttg.target" = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @atomic_result_two_ctas(%ptr : !tt.ptr<i32>, %val : i32) -> i32 {
    // expected-error @+1 {{the result of an atomic in a program of 2 CTAs is not supported (only its first CTA does the atomic)}}
    %old = tt.atomic_rmw add, relaxed, gpu, %ptr, %val : (!tt.ptr<i32>, i32) -> i32
    tt.return %old : i32
  }
}
