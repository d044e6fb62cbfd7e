#!/usr/bin/env bash
# The demo: Tritium's main job on a bundled kernel, in stock mlir-opt with the
# plugin: Triton's make_ttir stage (inline, canonicalize, triton-combine, ...),
# then convert-triton-to-tritongpu, which gives every tensor a distributed
# layout, then Triton's make_llir stage down to the LLVM dialect, and PTX for
# an sm_80 GPU produced inside the library (checked with ptxas when present).
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

echo "== 5. Triton's make_llir stage in stock mlir-opt: allocation, Membar, ttg->LLVM (the NVIDIA backend, by ttg.target)"
"${MLIR_OPT[@]}" "$TTGIR" --pass-pipeline='builtin.module(tritium-make-llir{target=cuda:80})' -o build/demo.llvm.mlir
printf '   %s LLVM-dialect ops, %s of them PTX inline asm; shared memory: %s bytes\n' \
  "$(grep -cE '^ +(%[^ ]+ = )?"?(llvm|nvvm)\.' build/demo.llvm.mlir)" \
  "$(grep -c 'llvm.inline_asm' build/demo.llvm.mlir)" \
  "$(grep -o 'ttg.shared = [0-9]*' build/demo.llvm.mlir | grep -o '[0-9]*$')"

echo "== 6. to PTX inside the library: build/bin/tritium-compile $TTGIR --target cuda:80 -o build/demo.ptx"
build/bin/tritium-compile "$TTGIR" --target cuda:80 -o build/demo.ptx
sed -n '/^\.version/p;/^\.target/p;/\.entry/,/^)/p' build/demo.ptx | sed 's/^/   /'
echo "   build/demo.json:"
sed 's/^/   /' build/demo.json
PTXAS=$(ls "${TRITON_VENV:-$HOME/.cache/tritium/triton-3.9.0}"/lib/python3*/site-packages/triton/backends/nvidia/bin/ptxas 2>/dev/null | head -1 || true)
if [ -n "$PTXAS" ]; then
  "$PTXAS" -arch=sm_80 build/demo.ptx -o build/demo.cubin && echo "   ptxas -arch=sm_80: ok ($(stat -c %s build/demo.cubin) bytes of SASS)"
else
  echo "   (ptxas not found: make deps installs it)"
fi
