// test-buffer-region-alias: whether named regions alias or contain each other, and the lanes of
// the buffer state plan, in Triton's words (expected output from Triton's
// test/Analysis/test-buffer-region-alias.mlir and test-buffer-region-layout-alias.mlir).
// RUN: tritium-opt %s -split-input-file -test-buffer-region-alias -verify-diagnostics -o /dev/null
// RUN: %mlir-opt %s -split-input-file --pass-pipeline='builtin.module(test-buffer-region-alias)' -verify-diagnostics -o /dev/null
// RUN: not tritium-opt %s -split-input-file -test-buffer-region-alias -o /dev/null 2>&1 | FileCheck %s

// Partial overlaps are cut into atoms, ordered by their first address.
// CHECK-LABEL: a_left case [0, 2]: mask={0,1}
// CHECK: b_right case [1, 2]: mask={1,2}
// CHECK: state-plan: lanes=3
// expected-remark @below {{state-plan: lanes=3}}
// expected-remark @below {{a_left case [0, 2]: mask={0,1}}}
// expected-remark @below {{b_right case [1, 2]: mask={1,2}}}
module attributes {test.print_state_plan, test.state_plan_only} {
  tt.func private @left() attributes {test.region_name = "a_left", test.region_addresses = array<i32: 0, 1>}
  tt.func private @right() attributes {test.region_name = "b_right", test.region_addresses = array<i32: 1, 2>}
}

// -----

// Swizzled quadrants of one buffer are physically disjoint; the whole buffer contains each.
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: q00 vs q00: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true
// CHECK: q00 vs q11: alias=false, lhs_contains_rhs=false, rhs_contains_lhs=false
// CHECK: q00 vs zfull: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=true
// CHECK: q11 vs q11: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true
// CHECK: q11 vs zfull: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=true
// CHECK: zfull vs zfull: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true
// expected-remark @below {{q00 vs q00: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true}}
// expected-remark @below {{q00 vs q11: alias=false, lhs_contains_rhs=false, rhs_contains_lhs=false}}
// expected-remark @below {{q00 vs zfull: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=true}}
// expected-remark @below {{q11 vs q11: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true}}
// expected-remark @below {{q11 vs zfull: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=true}}
// expected-remark @below {{zfull vs zfull: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.shared = 2048 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled_quadrants() {
    %parent = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16x16xf32, #shared, #smem, mutable>
    %q00 = ttg.memdesc_subslice %parent [0, 0] : !ttg.memdesc<16x16xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 16x16>
    %q11 = ttg.memdesc_subslice %parent [8, 8] : !ttg.memdesc<16x16xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 16x16>
    %0 = ttg.local_load %q00 {test.region_name = "q00"} : !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 16x16> -> tensor<8x8xf32>
    %1 = ttg.local_load %q11 {test.region_name = "q11"} : !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 16x16> -> tensor<8x8xf32>
    %2 = ttg.local_load %parent {test.region_name = "zfull"} : !ttg.memdesc<16x16xf32, #shared, #smem, mutable> -> tensor<16x16xf32>
    tt.return
  }
}

// -----

// An unknown descriptor aliases everything and takes a lane of its own.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: wildcard_a_known vs wildcard_a_known: alias=true
// CHECK: wildcard_a_known vs wildcard_b_incoming: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=false
// CHECK: wildcard_b_incoming vs wildcard_b_incoming: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=false
// CHECK: wildcard_a_known case [0, 64]: mask={0}
// CHECK: wildcard_b_incoming case unknown: mask={0,1}
// CHECK: state-plan: lanes=2
// expected-remark @below {{wildcard_a_known vs wildcard_a_known: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true}}
// expected-remark @below {{wildcard_a_known vs wildcard_b_incoming: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=false}}
// expected-remark @below {{wildcard_b_incoming vs wildcard_b_incoming: alias=true, lhs_contains_rhs=false, rhs_contains_lhs=false}}
// expected-remark @below {{wildcard_a_known case [0, 64]: mask={0}}}
// expected-remark @below {{wildcard_b_incoming case unknown: mask={0,1}}}
// expected-remark @below {{state-plan: lanes=2}}
module attributes {test.print_state_plan, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.shared = 64 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unknown_descriptor(%incoming: !ttg.memdesc<16xi32, #shared, #smem, mutable>) {
    %known = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16xi32, #shared, #smem, mutable>
    %0 = ttg.local_load %known {test.region_name = "wildcard_a_known"} : !ttg.memdesc<16xi32, #shared, #smem, mutable> -> tensor<16xi32>
    %1 = ttg.local_load %incoming {test.region_name = "wildcard_b_incoming"} : !ttg.memdesc<16xi32, #shared, #smem, mutable> -> tensor<16xi32>
    tt.return
  }
}

// -----

// A private callee's argument joins what its callers pass, in their frames: it never
// aliases the callee's own allocation at the same offset.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: frame_a_argument vs frame_a_argument: alias=true
// CHECK: frame_a_argument vs frame_b_local: alias=false
// expected-remark @below {{frame_a_argument vs frame_a_argument: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true}}
// expected-remark @below {{frame_a_argument vs frame_b_local: alias=false, lhs_contains_rhs=false, rhs_contains_lhs=false}}
// expected-remark @below {{frame_b_local vs frame_b_local: alias=true, lhs_contains_rhs=true, rhs_contains_lhs=true}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.shared = 256 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @callee(%incoming: !ttg.memdesc<16xi32, #shared, #smem, mutable>) {
    %local = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16xi32, #shared, #smem, mutable>
    %0 = ttg.local_load %incoming {test.region_name = "frame_a_argument"} : !ttg.memdesc<16xi32, #shared, #smem, mutable> -> tensor<16xi32>
    %1 = ttg.local_load %local {test.region_name = "frame_b_local"} : !ttg.memdesc<16xi32, #shared, #smem, mutable> -> tensor<16xi32>
    tt.return
  }
  tt.func public @caller() {
    %incoming = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16xi32, #shared, #smem, mutable>
    tt.call @callee(%incoming) {allocation.offset = 128 : i32} : (!ttg.memdesc<16xi32, #shared, #smem, mutable>) -> ()
    tt.return
  }
}

// -----

// Bad input: a named op must name a region.
module {
  // expected-error @below {{test.region_name requires test.region_addresses or a memdesc operand/result}}
  tt.func private @nothing() attributes {test.region_name = "nothing"}
}
