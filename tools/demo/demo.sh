#!/usr/bin/env bash
# The demo: Tritium's main job on a bundled kernel, in stock mlir-opt with the
# plugin: Triton's make_ttir stage (inline, canonicalize, triton-combine, ...),
# then Triton's sm80 make_ttgir stage (convert-triton-to-tritongpu, coalescing,
# layout-conversion removal, ...: every tensor gets a distributed layout), then
# Triton's make_llir stage down to the LLVM dialect, and PTX for an sm_80 GPU
# produced inside the library (checked with ptxas when present); finally the
# same kernel compiled for this CPU and run, its result checked; and last,
# @triton.jit Python kernels run on this CPU through the tritium_cpu backend.
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

echo "== 3. Triton's make_ttgir stage: tritium-make-ttgir{target=cuda:80 num-warps=4} (42 passes, Triton's sm80 list; the output is what Triton 3.9 prints)"
"${MLIR_OPT[@]}" "$TTIR" \
  --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=4})' | tee "$TTGIR"

echo "== 4. the same result from tritium-opt"
build/bin/tritium-opt "$KERNEL" \
  --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80},tritium-make-ttgir{target=cuda:80 num-warps=4})' \
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

echo "== 7. the same kernel on this CPU: build/bin/tritium-run $TTIR --grid 2 (spec/cpu: JIT, thread pool)"
python3 -c "
import math, struct
open('build/demo.in', 'wb').write(struct.pack('<2048f', *[3 * math.sin(0.37 * i) for i in range(2048)]))"
build/bin/tritium-run "$TTIR" --grid 2 --arg in:build/demo.in --arg out:build/demo.out:2048 --time | sed 's/^/   /'
python3 -c "
import math, struct, sys
x = struct.unpack('<2048f', open('build/demo.in', 'rb').read())
y = struct.unpack('<2048f', open('build/demo.out', 'rb').read())
err = 0.0
for r in range(2):
    row = x[1024 * r:1024 * (r + 1)]
    m = max(row)
    e = [math.exp(v - m) for v in row]
    s = sum(e)
    err = max(err, max(abs(y[1024 * r + i] - e[i] / s) for i in range(1024)))
print(f'   2 rows of softmax: max |error| against a Python reference {err:.2e}')
sys.exit(0 if err < 1e-6 else 1)"

echo "== 8. @triton.jit kernels through Triton 3.9's frontend and Tritium's CPU backend (tools/demo/triton_jit.py: the tritium_cpu Triton backend)"
python3 tools/demo/triton_jit.py
