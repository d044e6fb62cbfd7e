// The three in-tree backends use the vendor mechanism's manifest: each
// spec/<backend>/ has a spec.toml (builtin = true), read and checked by the
// drift guard of libtritium.so (tritium-opt --spec-check, run by the build).
// RUN: python3 -c "import glob, os, sys; missing = [d for d in sorted(glob.glob(sys.argv[1] + '/spec/*/')) if not os.path.exists(d + 'spec.toml')]; print('no spec.toml in', missing) if missing else None; sys.exit(1 if missing else 0)" %tritium-src
// RUN: tritium-opt --spec-check
// RUN: tritium-opt --spec-report | FileCheck %s
// CHECK-DAG: built-in backend from spec/nvidia/spec.toml: installed
// CHECK-DAG: built-in backend from spec/amd/spec.toml: installed
// CHECK-DAG: built-in backend from spec/cpu/spec.toml: installed
// CHECK-DAG: nvidia (target prefix 'cuda'): passes [
// CHECK-DAG: amd (target prefix 'hip'): passes [test-tritonamdgpu-membar], stage pipelines [tritium-make-ttir]
// CHECK-DAG: cpu (target prefix 'cpu'): passes [], stage pipelines []
