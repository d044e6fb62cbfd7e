// An outside CMake project (tests/backends/external) finds Tritium through
// the package this build writes (build/TritiumConfig.cmake), adds its own
// backend with tritium_add_backend, and its tritium-opt-ext runs. The
// project's cargo target dir is its own by default; the test points it at
// Tritium's to reuse the compiled crates (`make check-install` builds the
// same project against an installed Tritium with a target dir of its own).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cmake -G Ninja -S %tritium-src/tests/backends/external -B %t.dir -DTritium_DIR=%tritium-build -DTRITIUM_CARGO_TARGET_DIR=%tritium-src/target -DCMAKE_BUILD_TYPE=Release > %t.log 2>&1 || (cat %t.log; false)
// RUN: cmake --build %t.dir >> %t.log 2>&1 || (cat %t.log; false)
// RUN: %t.dir/bin/tritium-opt-ext %s -triton-combine | FileCheck %s
// RUN: %t.dir/bin/tritium-opt-ext --spec-report | FileCheck %s --check-prefix=REPORT

// REPORT: backend ext
// REPORT: arith.addf.dot-zero-acc {{.*}}disabled by ext
// CHECK-LABEL: tt.func @dot_addf
// CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %{{.*}}
// CHECK: arith.addf %[[D]], %arg2
tt.func @dot_addf(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  tt.return %1 : tensor<16x16xf32>
}
