// A vendor backend adds a pass as the in-tree backends do: its record
// (tests/backends/fixture/passes/Passes.td), its Rust file (src/mark.rs, found
// by the crate's build.rs) and this test; tritium_add_backend generates the
// C++ class, which hands the options to Rust as text.
// RUN: tritium-opt-fixture %s --fixture-mark='label=hello times=3' | FileCheck %s
// RUN: tritium-opt-fixture %s --pass-pipeline='builtin.module(fixture-mark)' | FileCheck %s --check-prefix=DEFAULT
// RUN: not tritium-opt %s --fixture-mark 2>&1 | FileCheck %s --check-prefix=CORE

// CHECK: module attributes {fixture.label = "hello", fixture.times = 3 : i64}
// DEFAULT: module attributes {fixture.label = "none", fixture.times = 1 : i64}
// CORE: fixture-mark
module {
}
