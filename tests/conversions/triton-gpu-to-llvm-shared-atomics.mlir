// convert-triton-gpu-to-llvm on atomics in shared memory: ttg.local_atomic_scatter_rmw
// (one relaxed CTA-scope atom per element by one of the threads holding it, under the
// mask; an i32 add of a constant 1 is an increment; red where nothing reads the old
// values).
// CHECK lines from Triton 3.9's output on the same input.
// RUN: tritium-opt %s -split-input-file -convert-triton-gpu-to-llvm=packed-structs=false | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 132 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @scatter_add(
  // CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.shared.cta.relaxed.add.u32 $0, [ $1 + 0 ], $2;", "=r,r,r,b"
  tt.func public @scatter_add(%idx: tensor<1xi32, #blocked>, %v: tensor<1xi32, #blocked>) -> tensor<1xi32, #blocked> {
    %0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
    %1 = ttg.local_atomic_scatter_rmw add, %0[%idx], %v {axis = 0 : i32} : (!ttg.memdesc<1xi32, #shared, #smem, mutable>, tensor<1xi32, #blocked>, tensor<1xi32, #blocked>) -> tensor<1xi32, #blocked>
    tt.return %1 : tensor<1xi32, #blocked>
  }
  // CHECK-LABEL: llvm.func @scatter_inc_masked(
  // CHECK: "mov.u32 $0, 0x0;\0A\09@$2 atom.shared.cta.relaxed.inc.u32 $0, [ $1 + 0 ], 0xffffffff;", "=r,r,b"
  tt.func public @scatter_inc_masked(%idx: tensor<1xi32, #blocked>, %mask: tensor<1xi1, #blocked>) -> tensor<1xi32, #blocked> {
    %c1 = arith.constant dense<1> : tensor<1xi32, #blocked>
    %0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
    %1 = ttg.local_atomic_scatter_rmw add, %0[%idx], %c1, %mask {axis = 0 : i32} : (!ttg.memdesc<1xi32, #shared, #smem, mutable>, tensor<1xi32, #blocked>, tensor<1xi32, #blocked>, tensor<1xi1, #blocked>) -> tensor<1xi32, #blocked>
    tt.return %1 : tensor<1xi32, #blocked>
  }
  // CHECK-LABEL: llvm.func @scatter_fadd_masked(
  // CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.shared.cta.relaxed.add.f32 $0, [ $1 + 0 ], $2;", "=r,r,r,b"
  tt.func public @scatter_fadd_masked(%idx: tensor<1xi32, #blocked>, %v: tensor<1xf32, #blocked>, %mask: tensor<1xi1, #blocked>) -> tensor<1xf32, #blocked> {
    %0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<1xf32, #shared, #smem, mutable>
    %1 = ttg.local_atomic_scatter_rmw fadd, %0[%idx], %v, %mask {axis = 0 : i32} : (!ttg.memdesc<1xf32, #shared, #smem, mutable>, tensor<1xf32, #blocked>, tensor<1xi32, #blocked>, tensor<1xi1, #blocked>) -> tensor<1xf32, #blocked>
    tt.return %1 : tensor<1xf32, #blocked>
  }
  // CHECK-LABEL: llvm.func @scatter_inc_dead(
  // CHECK: "@$1 red.shared.cta.relaxed.inc.u32 [ $0 + 0 ], 0xffffffff;", "r,b"
  tt.func public @scatter_inc_dead(%idx: tensor<1xi32, #blocked>) {
    %c1 = arith.constant dense<1> : tensor<1xi32, #blocked>
    %0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
    %1 = ttg.local_atomic_scatter_rmw add, %0[%idx], %c1 {axis = 0 : i32} : (!ttg.memdesc<1xi32, #shared, #smem, mutable>, tensor<1xi32, #blocked>, tensor<1xi32, #blocked>) -> tensor<1xi32, #blocked>
    tt.return
  }
  // CHECK-LABEL: llvm.func @scatter_max_dead(
  // CHECK: "@$2 red.shared.cta.relaxed.max.s32 [ $0 + 0 ], $1;", "r,r,b"
  tt.func public @scatter_max_dead(%idx: tensor<1xi32, #blocked>, %v: tensor<1xi32, #blocked>) {
    %0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<1xi32, #shared, #smem, mutable>
    %1 = ttg.local_atomic_scatter_rmw max, %0[%idx], %v {axis = 0 : i32} : (!ttg.memdesc<1xi32, #shared, #smem, mutable>, tensor<1xi32, #blocked>, tensor<1xi32, #blocked>) -> tensor<1xi32, #blocked>
    tt.return
  }
}

