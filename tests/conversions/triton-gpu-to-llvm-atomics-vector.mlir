// Vector atomics of the NVIDIA target (spec/nvidia/src/lib.rs, atomic_vector_width / atomic_rmw_vector):
// from sm90 with PTX 8.1 an f32/f16 add over the consecutive elements of a thread (as many as the
// pointers' contiguity and the mask allow, at most 4 f32 or 8 halves) is one atom...add.v<N>; with
// PTX 8.0 two halves go as one f16x2. CHECK lines are Triton 3.9.0's output for the same input and
// options (Triton's tritongpu_to_llvm_hopper*.mlir cases).
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=81' --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=81' | FileCheck %s
// RUN: tritium-opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=80' --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=80' | FileCheck %s --check-prefix=PTX80

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @add_f32
  // CHECK: "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09atom.global.gpu.acq_rel.add.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };", "=r,=r,=r,=r,l,r,r,r,r" {{.*}} : (!llvm.ptr<1>, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NOT: atom.global
  // PTX80-LABEL: llvm.func @add_f32
  // PTX80-COUNT-4: "mov.u32 $0, 0x0;\0A\09atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // PTX80-NOT: atom.global
  tt.func public @add_f32(%dest_ptrs: tensor<256x!tt.ptr<f32>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %data: tensor<256xf32, #blocked>) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %dest_ptrs, %data : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The mask is constant over pairs: two elements per instruction.
  // CHECK-LABEL: llvm.func @add_f32_mask
  // CHECK-COUNT-2: "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09@$5 atom.global.gpu.acq_rel.add.v2.f32 { $0, $1 }, [ $2 + 0 ], { $3, $4 };", "=r,=r,l,r,r,b"
  // CHECK-NOT: atom.global
  // PTX80-LABEL: llvm.func @add_f32_mask
  // PTX80-COUNT-4: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
  // PTX80-NOT: atom.global
  tt.func public @add_f32_mask(%dest_ptrs: tensor<256x!tt.ptr<f32>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %data: tensor<256xf32, #blocked>, %mask: tensor<256xi1, #blocked> {tt.constancy = 2 : i32}) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %dest_ptrs, %data, %mask : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @add_f16_mask
  // CHECK-COUNT-2: "mov.u16 $0, 0x0;\0A\09mov.u16 $1, 0x0;\0A\09mov.u16 $2, 0x0;\0A\09mov.u16 $3, 0x0;\0A\09@$9 atom.global.gpu.acq_rel.add.noftz.v4.f16 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };", "=h,=h,=h,=h,l,h,h,h,h,b"
  // CHECK-NOT: atom.global
  // PTX80-LABEL: llvm.func @add_f16_mask
  // PTX80-COUNT-4: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r,b" {{.*}} : (!llvm.ptr<1>, vector<2xf16>, i1) -> vector<2xf16>
  // PTX80-NOT: atom.global
  tt.func public @add_f16_mask(%dest_ptrs: tensor<256x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %data: tensor<256xf16, #blocked>, %mask: tensor<256xi1, #blocked> {tt.constancy = 4 : i32}) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %dest_ptrs, %data, %mask : (tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xf16, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xf16, #blocked>
    tt.return
  }
}
