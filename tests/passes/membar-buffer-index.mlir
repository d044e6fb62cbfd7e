// Membar with slot indices (Triton 3.9's BufferIndexAnalysis): accesses to
// slots of one multi-buffered allocation whose indices provably differ
// (base + constant offsets, under the same remsi or pipeliner-wrap modulus)
// need no barrier between them; the indices do not survive a loop's back
// edge, and a function with an irreducible CFG does not use them. Case and
// CHECK lines from Triton's test/Analysis/test-membar.mlir (Triton 3.9.0's
// triton-nvidia-gpu-membar places the same barriers in these functions).
// RUN: tritium-opt %s --allocate-shared-memory -test-print-membar | FileCheck %s
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(allocate-shared-memory,test-print-membar)' | FileCheck %s
// Tests for the dynamic-buffer-index disjointness analysis.
#shared = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0, 1]}>
#smem = #ttg.shared_memory

module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {

// CHECK-LABEL: disjoint_remsi
// Write at (phase + 2) % 3, read at phase % 3: provably disjoint within
// an iteration; no barrier required.
tt.func @disjoint_remsi(%cst: tensor<128x128xf16>, %phase: i32) {
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_off = arith.addi %phase, %c2_i32 : i32
  %w_idx = arith.remsi %w_off, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK-NOT: ttg.barrier local
  // CHECK: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_irreducible_cfg
// The first cycle is a natural loop: natural_header dominates natural_latch,
// so its retreating edge is accepted. The later cycle bb1 -> bb2 -> bb1 has two
// entries from dispatch. Because bb1 does not dominate bb2, that cycle is
// irreducible. Buffer-index reasoning is disabled for the whole function, so
// the otherwise-disjoint accesses require a barrier.
tt.func @must_barrier_irreducible_cfg(%cst: tensor<128x128xf16>, %phase: i32,
                                      %repeat_natural: i1, %enter_bb1: i1,
                                      %continue: i1) {
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>
  cf.br ^natural_header

^natural_header:
  cf.br ^natural_latch

^natural_latch:
  cf.cond_br %repeat_natural, ^natural_header, ^dispatch

^dispatch:
  cf.cond_br %enter_bb1, ^bb1, ^bb2

^bb1:
  %w_off = arith.addi %phase, %c2_i32 : i32
  %w_idx = arith.remsi %w_off, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  cf.br ^bb2

^bb2:
  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  cf.cond_br %continue, ^bb1, ^exit

^exit:
  tt.return
}

// CHECK-LABEL: disjoint_remsi_through_memdesc_trans
// The reader sees the slot through a memdesc_trans view. The buffer-index
// lookup must walk through MemDescViewTrait producers (here: memdesc_trans)
// to reach the underlying memdesc_index; otherwise the reader's index is
// lost and the writer/reader pair falls back to conservative aliasing.
tt.func @disjoint_remsi_through_memdesc_trans(%cst: tensor<128x128xf16>,
                                              %phase: i32) {
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_off = arith.addi %phase, %c2_i32 : i32
  %w_idx = arith.remsi %w_off, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_index = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_view = ttg.memdesc_trans %r_index {order = array<i32: 1, 0>} : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared_t, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK-NOT: ttg.barrier local
  // CHECK: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared_t, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_select_cmpi_unbounded_base
// The select/cmpi idiom only equals (base + 1) % N when -1 <= base < N.
// Here the base is a plain function argument with no provable bound,
// so the matcher must reject the pattern and a barrier is required.
tt.func @must_barrier_select_cmpi_unbounded_base(%cst: tensor<128x128xf16>, %phase: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_sum = arith.addi %phase, %c1_i32 : i32
  %w_cmp = arith.cmpi sge, %w_sum, %c3_i32 : i32
  %w_idx = arith.select %w_cmp, %c0_i32, %w_sum : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_select_cmpi_large_c
// The select/cmpi matcher only accepts C == 1. For C >= 2 the wrap arm
// returns 0 instead of (base + C) - N, so matching it as (base + C) % N
// would be unsound (e.g. phase=2, N=3, C=2: wrap gives 0, but 4 % 3 = 1).
// The matcher must reject this pattern, so aliasing is assumed.
tt.func @must_barrier_select_cmpi_large_c(%cst: tensor<128x128xf16>, %phase: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_sum = arith.addi %phase, %c2_i32 : i32
  %w_cmp = arith.cmpi sge, %w_sum, %c3_i32 : i32
  %w_idx = arith.select %w_cmp, %c0_i32, %w_sum : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: disjoint_constant_indices
// Different constant slot indices are provably disjoint without needing a
// modulus.
tt.func @disjoint_constant_indices(%cst: tensor<128x128xf16>) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_view = ttg.memdesc_index %alloc[%c0_i32] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_view = ttg.memdesc_index %alloc[%c1_i32] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK-NOT: ttg.barrier local
  // CHECK: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_different_buffer_ids
// Dynamic slot indices are only comparable within the same allocation. These
// buffers reuse the same physical interval but have different buffer ids, so
// the disjoint-looking indices must not remove the barrier.
tt.func @must_barrier_different_buffer_ids(%cst: tensor<128x128xf16>) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %alloc0 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x128x128xf16, #shared, #smem, mutable>

  %w_view = ttg.memdesc_index %alloc0[%c0_i32] : !ttg.memdesc<2x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  %alloc1 = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x128x128xf16, #shared, #smem, mutable>
  %r_view = ttg.memdesc_index %alloc1[%c1_i32] : !ttg.memdesc<2x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_same_expression
// Two slices computed from the same SSA base with the same offset and
// modulus alias the same slot; the analysis must NOT prove disjointness.
tt.func @must_barrier_same_expression(%cst: tensor<128x128xf16>, %phase: i32) {
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_idx = arith.remsi %phase, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_different_bases
// Indices rooted at different SSA bases cannot be related; the analysis
// must conservatively assume aliasing.
tt.func @must_barrier_different_bases(%cst: tensor<128x128xf16>, %a: i32, %b: i32) {
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_idx = arith.remsi %a, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_idx = arith.remsi %b, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_mismatched_moduli
// Same base but different moduli (3 vs 4) cannot be compared; offsets
// modulo different N's are not directly comparable.
tt.func @must_barrier_mismatched_moduli(%cst: tensor<128x128xf16>, %phase: i32) {
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %c4_i32 = arith.constant 4 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<4x128x128xf16, #shared, #smem, mutable>

  %w_sum = arith.addi %phase, %c1_i32 : i32
  %w_idx = arith.remsi %w_sum, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<4x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_idx = arith.remsi %phase, %c4_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<4x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_zero_modulus_remsi
// remsi with a non-positive constant modulus must not be interpreted as a
// modular index, so disjointness cannot be proven against the write at
// offset 1.
tt.func @must_barrier_zero_modulus_remsi(%cst: tensor<128x128xf16>, %phase: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_sum = arith.addi %phase, %c1_i32 : i32
  %w_idx = arith.remsi %w_sum, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // Read at phase % 0: non-positive modulus, pattern must be rejected.
  %r_idx = arith.remsi %phase, %c0_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_dynamic_modulus
// remsi with a non-constant (runtime) modulus must not be interpreted as a
// known modular index, so aliasing must be assumed.
tt.func @must_barrier_dynamic_modulus(%cst: tensor<128x128xf16>, %phase: i32, %mod: i32) {
  %c1_i32 = arith.constant 1 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  %w_sum = arith.addi %phase, %c1_i32 : i32
  %w_idx = arith.remsi %w_sum, %mod : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_idx = arith.remsi %phase, %mod : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_nested_modulus
// Nested moduli ((phase + C) % M) % N are not represented as a single
// modular index expression. The analysis must reject the nested form rather
// than overwrite the inner modulus.
tt.func @must_barrier_nested_modulus(%cst: tensor<128x128xf16>, %phase: i32) {
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %c5_i32 = arith.constant 5 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  // Write at ((phase + 2) % 5) % 3. Treating this as (phase + 2) % 3
  // would falsely prove disjointness against the read below.
  %w_sum = arith.addi %phase, %c2_i32 : i32
  %w_inner = arith.remsi %w_sum, %c5_i32 : i32
  %w_idx = arith.remsi %w_inner, %c3_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

// CHECK-LABEL: must_barrier_nonzero_wrap_arm
// The select/cmpi modular-wrap pattern requires the wrap arm to be 0.
// A non-zero wrap value is outside the recognized pattern, so aliasing must be
// assumed.
tt.func @must_barrier_nonzero_wrap_arm(%cst: tensor<128x128xf16>, %phase: i32) {
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %alloc = ttg.local_alloc : () -> !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable>

  // Wrap arm is 1 (not 0), so the select/cmpi pattern is rejected.
  %w_sum = arith.addi %phase, %c2_i32 : i32
  %w_cmp = arith.cmpi slt, %w_sum, %c3_i32 : i32
  %w_idx = arith.select %w_cmp, %w_sum, %c1_i32 : i32
  %w_view = ttg.memdesc_index %alloc[%w_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  %r_idx = arith.remsi %phase, %c3_i32 : i32
  %r_view = ttg.memdesc_index %alloc[%r_idx] : !ttg.memdesc<3x128x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>

  // CHECK: ttg.local_store
  ttg.local_store %cst, %w_view : tensor<128x128xf16> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // CHECK: ttg.barrier local
  // CHECK-NEXT: ttg.local_load
  %load = ttg.local_load %r_view : !ttg.memdesc<128x128xf16, #shared, #smem, mutable> -> tensor<128x128xf16>
  tt.return
}

}
