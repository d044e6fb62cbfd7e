#!/usr/bin/env bash
# The demo: Tritium's main job on a bundled kernel. Today that is parse, verify,
# inline + canonicalize + cse (Triton's make_ttir core), print; it grows with
# the pipeline.
set -euo pipefail
cd "$(dirname "$0")/../.."
KERNEL=tools/demo/softmax.ttir.mlir
PLUGIN=build/lib/libtritium.so
MLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt

echo "== 1. parse + verify with stock mlir-opt and the Tritium plugin"
"$MLIR_OPT" --load-dialect-plugin="$PLUGIN" --load-pass-plugin="$PLUGIN" "$KERNEL" >/dev/null
echo "   ok: $KERNEL is valid TTIR"

echo "== 2. tritium-opt $KERNEL -inline -canonicalize -cse"
build/bin/tritium-opt "$KERNEL" -inline -canonicalize -cse -symbol-dce | tee build/demo.out.mlir

echo "== 3. what changed"
printf '   tt.call before/after:        %s / %s\n' \
  "$(grep -c 'tt.call' "$KERNEL")" "$(grep -c 'tt.call' build/demo.out.mlir || true)"
printf '   masked tt.load before/after: %s / %s\n' \
  "$(grep -c 'tt.load %[a-z0-9_]*, ' "$KERNEL")" "$(grep -c 'tt.load %[a-z0-9_]*, ' build/demo.out.mlir || true)"
echo "== 4. the same result from stock mlir-opt + plugin"
"$MLIR_OPT" --load-dialect-plugin="$PLUGIN" --load-pass-plugin="$PLUGIN" "$KERNEL" \
  -inline -canonicalize -cse -symbol-dce | diff - build/demo.out.mlir && echo "   identical"
