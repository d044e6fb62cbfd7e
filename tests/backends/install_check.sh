#!/usr/bin/env bash
# `make check-install`: Tritium installed with `cmake --install`, then used as
# an outside project would use it (issue 24, docs/backends.md):
#   1. the installed tritium-opt runs a Triton pass from the prefix alone;
#   2. a C program includes <tritium-c/...> and links -ltritium from the prefix;
#   3. tests/backends/external (a vendor backend) is configured with
#      Tritium_DIR=<prefix>/lib/cmake/Tritium and built with a cargo target dir
#      of its own (every crate compiles: about 6 min on 2 busy cores), and its
#      tritium-opt-ext passes the FileCheck lines of tests/backends/external.mlir.
# Both the prefix and the vendor project live outside the checkout (WORK_DIR,
# /tmp/tritium-install-check by default), as a vendor's would: a crate inside
# the checkout's directory tree belongs to its cargo workspace.
# Usage: tests/backends/install_check.sh [BUILD_DIR] [WORK_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=${2:-${TMPDIR:-/tmp}/tritium-install-check}
filecheck=/usr/lib/llvm-22/bin/FileCheck
rm -rf "$work/prefix" "$work/ext" "$work/project"
mkdir -p "$work"
echo "install-check: cmake --install $build --prefix $work/prefix"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"

echo "install-check: 1. the installed tritium-opt"
printf '%s\n' 'tt.func @f(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {' \
  '  %z = arith.constant dense<0.0> : tensor<16x16xf32>' \
  '  %0 = tt.dot %a, %b, %z : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>' \
  '  %1 = arith.addf %0, %d : tensor<16x16xf32>' \
  '  tt.return %1 : tensor<16x16xf32>' '}' > "$work/combine.mlir"
"$work/prefix/bin/tritium-opt" "$work/combine.mlir" -triton-combine | "$filecheck" --check-prefix=OPT "$0"
# OPT: tt.dot %arg0, %arg1, %arg2
# OPT-NOT: arith.addf

echo "install-check: 2. a C program against the installed headers and library"
cat > "$work/capi.c" <<'C'
#include "mlir-c/IR.h"
#include "tritium-c/Dialects.h"
#include <stdio.h>
int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialect tt = mlirDialectHandleLoadDialect(mlirGetDialectHandle__tt__(), ctx);
  MlirStringRef ns = mlirDialectGetNamespace(tt);
  printf("loaded %.*s\n", (int)ns.length, ns.data);
  mlirContextDestroy(ctx);
  return 0;
}
C
clang-22 -I"$work/prefix/include" -I/usr/lib/llvm-22/include "$work/capi.c" -o "$work/capi" \
  -L"$work/prefix/lib" -ltritium -Wl,-rpath,"$work/prefix/lib" -Wl,-rpath,/usr/lib/llvm-22/lib \
  -L/usr/lib/llvm-22/lib -lMLIR
"$work/capi" | "$filecheck" --check-prefix=CAPI "$0"
# CAPI: loaded tt

echo "install-check: 3. tests/backends/external (copied to $work/project) against the installed package"
cp -r "$root/tests/backends/external" "$work/project"
cmake -G Ninja -S "$work/project" -B "$work/ext" \
  -DTritium_DIR="$work/prefix/lib/cmake/Tritium" -DCMAKE_BUILD_TYPE=Release > "$work/ext.log" 2>&1 \
  || { cat "$work/ext.log"; exit 1; }
grep -q "TRITIUM_CARGO_TARGET_DIR:PATH=$work/ext/cargo" "$work/ext/CMakeCache.txt" \
  || { echo "install-check: the backend build does not use a cargo target dir of its own"; exit 1; }
start=$(date +%s)
cmake --build "$work/ext" >> "$work/ext.log" 2>&1 || { tail -40 "$work/ext.log"; exit 1; }
"$work/ext/bin/tritium-opt-ext" "$root/tests/backends/external.mlir" -triton-combine \
  | "$filecheck" "$root/tests/backends/external.mlir"
"$work/ext/bin/tritium-opt-ext" --spec-report \
  | "$filecheck" --check-prefix=REPORT "$root/tests/backends/external.mlir"
if grep -q "$root" "$work/ext/build.ninja" "$work/ext/tritium_backend_ext/rust/Cargo.toml"; then
  echo "install-check: the backend build refers to the checkout $root"; exit 1
fi
echo "install-check: OK (backend built against the installed Tritium in $(( $(date +%s) - start )) s)"
