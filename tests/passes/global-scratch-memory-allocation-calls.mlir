// tritongpu-global-scratch-memory-allocation with calls: a callee is laid out
// first and each call takes the callee's size in the caller's scratch (its
// offset on the call); an empty allocation gets no offset; a
// third_party_allocation goes to the profile scratch; the module takes the
// kernel's sizes. CHECK lines: Triton 3.9's output on this input. Lowered, a
// call passes the callee its slice of this program's scratch.
// RUN: tritium-opt %s --tritongpu-global-scratch-memory-allocation | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(tritongpu-global-scratch-memory-allocation)' | FileCheck %s
// RUN: sed -e 's/, third_party_allocation//' %s | tritium-opt --tritongpu-global-scratch-memory-allocation --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK: module attributes {ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 192 : i32, {{.*}}ttg.profile_scratch_memory_alignment = 8 : i32, ttg.profile_scratch_memory_size = 48 : i32
// CHECK: tt.func private @helper() -> !tt.ptr<i8> attributes {ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 64 : i32, ttg.profile_scratch_memory_alignment = 8 : i32, ttg.profile_scratch_memory_size = 24 : i32}
// CHECK-NEXT: ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 0 : i32} :
// CHECK-NEXT: ttg.global_scratch_alloc {alignment = 64 : i32, nbytes = 40 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK-NEXT: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 24 : i32, third_party_allocation, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: tt.func private @empty() attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32, ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32}
// CHECK: tt.func public @kernel() -> (!tt.ptr<i8>, !tt.ptr<i8>) attributes {ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 192 : i32, ttg.profile_scratch_memory_alignment = 8 : i32, ttg.profile_scratch_memory_size = 48 : i32}
// CHECK-NEXT: ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 12 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK-NEXT: tt.call @empty() : () -> ()
// CHECK-NEXT: tt.call @helper() {ttg.global_scratch_memory_offset = 64 : i32, ttg.profile_scratch_memory_offset = 0 : i32}
// CHECK-NEXT: tt.call @helper() {ttg.global_scratch_memory_offset = 128 : i32, ttg.profile_scratch_memory_offset = 24 : i32}

// LLVM-LABEL: llvm.func @kernel(%arg0: !llvm.ptr<1>
// LLVM: llvm.mlir.constant(192 : i64) : i64
// LLVM: %[[OFF:.*]] = llvm.mlir.constant(64 : i64) : i64
// LLVM-NEXT: %[[AT:.*]] = llvm.add %{{.*}}, %[[OFF]] : i64
// LLVM-NEXT: %[[SLICE:.*]] = llvm.getelementptr %arg0[%[[AT]]]
// LLVM-NEXT: llvm.call @helper(%{{.*}}, %[[SLICE]],
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper() -> !tt.ptr<i8> {
    %0 = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 0 : i32} : !tt.ptr<i8>
    %1 = ttg.global_scratch_alloc {alignment = 64 : i32, nbytes = 40 : i32} : !tt.ptr<i8>
    %2 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 24 : i32, third_party_allocation} : !tt.ptr<i8>
    tt.return %1 : !tt.ptr<i8>
  }
  tt.func private @empty() {
    tt.return
  }
  tt.func public @kernel() -> (!tt.ptr<i8>, !tt.ptr<i8>) {
    %0 = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 12 : i32} : !tt.ptr<i8>
    tt.call @empty() : () -> ()
    %1 = tt.call @helper() : () -> !tt.ptr<i8>
    %2 = tt.call @helper() : () -> !tt.ptr<i8>
    tt.return %0, %1 : !tt.ptr<i8>, !tt.ptr<i8>
  }
}
