// A kernel's pointer argument marked tt.nv_tma_desc = 1 (a host-side TMA descriptor of the API
// before tensor descriptors) is passed by value: 128 bytes aligned to 64, read in the parameter
// space (nvvm.grid_constant), as Triton 3.9's handleByvalTmaDescArgs. CHECK line from Triton
// 3.9.0's convert-triton-gpu-to-llvm on this input.
// RUN: tritium-opt %s --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// CHECK-LABEL: llvm.func @byval_tma_desc
// CHECK-SAME: (%arg0: !llvm.ptr<1> {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, tt.nv_tma_desc = 1 : i32, tt.pointee_type = i8}, %arg1: !llvm.ptr<1> {tt.divisibility = 16 : i32, tt.pointee_type = f32},
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32} {
  tt.func @byval_tma_desc(%desc: !tt.ptr<i8> {tt.nv_tma_desc = 1 : i32}, %p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    tt.return
  }
}
