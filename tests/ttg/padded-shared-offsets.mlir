// RUN: tritium-opt --split-input-file --verify-diagnostics %s | FileCheck %s

// #ttg.padded_shared: only the offset bases must be one-to-one (Triton 3.9
// rejects a zero or linearly dependent offset basis); block bases may repeat
// an offset's or be zero, as Triton 3.9.0 accepts both attributes below.

// CHECK-LABEL: module @block_repeats_offset
#shared = #ttg.padded_shared<[2:+1] {offset = [[1, 0], [0, 1]], block = [[1, 0], [2, 0]]}>
module @block_repeats_offset {
}

// -----

// CHECK-LABEL: module @block_zero
#shared = #ttg.padded_shared<[2:+1] {offset = [[1, 0], [0, 1]], block = [[0, 0]]}>
module @block_zero {
}

// -----

// expected-error@+1 {{Broadcasting in offset dimension is not supported.}}
#shared = #ttg.padded_shared<[2:+1] {offset = [[1, 0], [0, 1], [1, 1]], block = []}>

// -----

// expected-error@+1 {{Broadcasting in offset dimension is not supported.}}
#shared = #ttg.padded_shared<[2:+1] {offset = [[1, 0], [1, 0], [0, 1]], block = []}>
