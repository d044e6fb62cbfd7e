// tt.reshape with allow_reorder (what `tl.max(x)` of a 1-D block emits before its reduction) may map
// elements between threads: Triton 3.9 keeps each thread's registers as they are (any element order
// is allowed), and so does Tritium when the thread's register count is unchanged. Here a block of 4
// consecutive elements per thread becomes 4 elements 32 apart: the four loaded registers are reduced
// in the thread (3 maximum), then across the warp (5 shuffles). It was refused before ("the elements
// move between threads") for a kernel Triton compiles.
// RUN: tritium-opt %s --allocate-shared-memory-nv='compute-capability=80' --convert-triton-gpu-to-llvm='compute-capability=80 packed-structs=false' | FileCheck %s

// CHECK-LABEL: llvm.func @reorder_max
// CHECK: %[[V:.*]] = llvm.inline_asm {{.*}}ld.global.v4.b32
// CHECK-DAG: %[[A:.*]] = llvm.extractvalue %[[V]][0]
// CHECK-DAG: %[[B:.*]] = llvm.extractvalue %[[V]][1]
// CHECK-DAG: %[[C:.*]] = llvm.extractvalue %[[V]][2]
// CHECK-DAG: %[[D:.*]] = llvm.extractvalue %[[V]][3]
// CHECK-DAG: %[[FA:.*]] = llvm.bitcast %[[A]] : i32 to f32
// CHECK-DAG: %[[FB:.*]] = llvm.bitcast %[[B]] : i32 to f32
// CHECK-DAG: %[[FC:.*]] = llvm.bitcast %[[C]] : i32 to f32
// CHECK-DAG: %[[FD:.*]] = llvm.bitcast %[[D]] : i32 to f32
// CHECK: %[[M0:.*]] = llvm.intr.maximum(%[[FA]], %[[FB]])
// CHECK: %[[M1:.*]] = llvm.intr.maximum(%[[FC]], %[[FD]])
// CHECK: llvm.intr.maximum(%[[M0]], %[[M1]])
// CHECK-COUNT-5: nvvm.shfl.sync bfly
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reorder_max(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
    %y = tt.reshape %x allow_reorder : tensor<128xf32, #blocked> -> tensor<128xf32, #blocked1>
    %m = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maximumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<128xf32, #blocked1>) -> f32
    tt.store %out, %m : !tt.ptr<f32>
    tt.return
  }
}
