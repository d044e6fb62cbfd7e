// The drift guard checks the names a spec.toml gives at build time: an op in
// a [legality] list must be an op of a registered dialect, and a [pipelines]
// text must parse against the pass registry (pass names and options). The
// backend tests/backends/names has a typo of each kind; its build fails naming
// every one, and the failed check removes the library.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cmake -G Ninja -S %tritium-src/tests/backends/external -B %t.dir -DTritium_DIR=%tritium-build -DTRITIUM_CARGO_TARGET_DIR=%tritium-src/target -DCMAKE_BUILD_TYPE=Release -DBACKEND_NAME=names -DBACKEND_SPEC_DIR=%tritium-src/tests/backends/names > %t.log 2>&1 || (cat %t.log; false)
// RUN: not cmake --build %t.dir > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: not test -e %t.dir/lib/libtritium_names.so
// The valid names of the same manifest are not reported.
// RUN: not grep -e "'tt.histogram':" -e "make-ttir" %t.out
// CHECK: spec check of backend names
// CHECK-DAG: spec 'names': [legality.convert-triton-to-tritongpu] legal_ops: 'nodialect.op': there is no dialect 'nodialect' (typo?)
// CHECK-DAG: spec 'names': [legality.convert-triton-to-tritongpu] illegal_ops: 'tt.histogramm': dialect 'tt' has no such op (typo?)
// CHECK-DAG: spec 'names': [pipelines] make-ttgir: 'tritongpu-coalesse' does not refer to a registered pass or pass pipeline
// CHECK-DAG: spec 'names': [pipelines] make-llir: <Pass-Options-Parser>: no such option num-warpz
// CHECK: spec check of backend names failed ({{.*}}tritium-opt-names --spec-check exited with 1): removed {{.*}}lib/libtritium_names.so
