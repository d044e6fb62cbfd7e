// The drift guard: a backend whose spec.toml names a slot the core does not
// have (tests/backends/drift) fails to BUILD, naming the slot, and the failed
// check removes the library it guards and its tritium-opt. Built as an
// outside project (tests/backends/external with another spec directory).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cmake -G Ninja -S %tritium-src/tests/backends/external -B %t.dir -DTritium_DIR=%tritium-build -DTRITIUM_CARGO_TARGET_DIR=%tritium-src/target -DCMAKE_BUILD_TYPE=Release -DBACKEND_NAME=drift -DBACKEND_SPEC_DIR=%tritium-src/tests/backends/drift > %t.log 2>&1 || (cat %t.log; false)
// RUN: not cmake --build %t.dir > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: not test -e %t.dir/lib/libtritium_drift.so
// RUN: not test -e %t.dir/bin/tritium-opt-drift
// CHECK: spec check of backend drift
// CHECK: FAILED: {{.*}}spec-check.stamp
// CHECK: spec 'drift': slot 'tt-to-ttg.tt.nope' named in spec.toml does not exist
// CHECK: spec check of backend drift failed ({{.*}}tritium-opt-drift --spec-check exited with 1): removed {{.*}}lib/libtritium_drift.so, {{.*}}bin/tritium-opt-drift

// The library built on its own (without the check) refuses to load, with the
// reason, in mlir-opt; its tritium-opt refuses to run.
// RUN: cmake --build %t.dir --target tritium-opt-drift > %t.log 2>&1 || (cat %t.log; false)
// RUN: not mlir-opt --load-dialect-plugin=%t.dir/lib/libtritium_drift.so --load-pass-plugin=%t.dir/lib/libtritium_drift.so %s 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: not %t.dir/bin/tritium-opt-drift %s 2>&1 | FileCheck %s --check-prefix=TOOL
// LOAD: error: {{.*}}libtritium_drift.so refuses to load: its backend spec failed the drift guard (the build's --spec-check step):
// LOAD-NEXT: spec 'drift': slot 'tt-to-ttg.tt.nope' named in spec.toml does not exist
// LOAD: Failed to load dialect plugin
// TOOL-DAG: spec 'drift': slot 'tt-to-ttg.tt.nope' named in spec.toml does not exist
// TOOL-DAG: error: {{.*}}tritium-opt-drift: this library's backend spec failed the drift guard (above); refusing to run
tt.func @f() {
  tt.return
}
