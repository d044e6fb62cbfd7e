// The drift guard: a backend whose spec.toml names a slot the core does not
// have (tests/backends/drift) fails to BUILD, naming the slot. Built as an
// outside project (tests/backends/external with another spec directory).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cmake -G Ninja -S %tritium-src/tests/backends/external -B %t.dir -DTritium_DIR=%tritium-build -DCMAKE_BUILD_TYPE=Release -DBACKEND_NAME=drift -DBACKEND_SPEC_DIR=%tritium-src/tests/backends/drift > %t.log 2>&1 || (cat %t.log; false)
// RUN: not cmake --build %t.dir > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// CHECK: spec check of backend drift
// CHECK: FAILED: {{.*}}spec-check.stamp
// CHECK: spec 'drift': slot 'tt-to-ttg.tt.nope' named in spec.toml does not exist
