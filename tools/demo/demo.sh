#!/usr/bin/env bash
# The demo: Tritium's main job on a bundled kernel, in stock mlir-opt with the
# plugin: Triton's make_ttir stage (inline, canonicalize, triton-combine, ...),
# then the first TTGIR step, convert-triton-to-tritongpu, which gives every
# tensor a distributed layout. It grows with the pipeline.
set -euo pipefail
cd "$(dirname "$0")/../.."
KERNEL=tools/demo/softmax.ttir.mlir
PLUGIN=build/lib/libtritium.so
MLIR_OPT=(/usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin="$PLUGIN" --load-pass-plugin="$PLUGIN")
TTIR=build/demo.ttir.mlir
TTGIR=build/demo.ttgir.mlir

echo "== 1. parse + verify with stock mlir-opt and the Tritium plugin"
"${MLIR_OPT[@]}" "$KERNEL" >/dev/null
echo "   ok: $KERNEL is valid TTIR"

echo "== 2. Triton's make_ttir stage: mlir-opt --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80})'"
"${MLIR_OPT[@]}" "$KERNEL" --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80})' -o "$TTIR"
printf '   tt.call before/after:        %s / %s\n' \
  "$(grep -c 'tt.call' "$KERNEL")" "$(grep -c 'tt.call' "$TTIR" || true)"
printf '   masked tt.load before/after: %s / %s\n' \
  "$(grep -c 'tt.load %[a-z0-9_]*, ' "$KERNEL")" "$(grep -c 'tt.load %[a-z0-9_]*, ' "$TTIR" || true)"

echo "== 3. convert-triton-to-tritongpu{target=cuda:80 num-warps=4}: every tensor gets a layout"
"${MLIR_OPT[@]}" "$TTIR" \
  --pass-pipeline='builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=4})' | tee "$TTGIR"

echo "== 4. the same result from tritium-opt"
build/bin/tritium-opt "$KERNEL" \
  --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80},convert-triton-to-tritongpu{target=cuda:80 num-warps=4})' \
  | diff - "$TTGIR" && echo "   identical"
