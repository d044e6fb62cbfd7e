#!/usr/bin/env python3
"""`@triton.jit` kernels on this CPU through Tritium (the demo's last step).

Triton 3.9's own frontend and make_ttir turn each Python kernel into TTIR;
the `tritium_cpu` backend (python/tritium/backend) JIT-compiles it with
Tritium's CPU backend and runs the grid on Tritium's thread pool. Two kernels
in the manner of Triton's tutorials 01 (vector add) and 02 (fused softmax:
one program per row, the row in registers), on NumPy arrays, checked against
NumPy and timed against it.

Runs with the Triton 3.9 venv's interpreter (`make deps` makes it; it
re-executes itself with it); the backend is registered for this process only.
"""
import importlib.util
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.expanduser(os.environ.get("TRITON_VENV", "~/.cache/tritium/triton-3.9.0"))
sys.path.insert(0, os.path.join(ROOT, "python"))
if importlib.util.find_spec("triton") is None or importlib.util.find_spec("numpy") is None:
    if os.path.exists(VENV + "/bin/python") and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(VENV + "/bin/python", [VENV + "/bin/python"] + sys.argv)
    sys.exit(f"triton_jit.py: no triton 3.9 here and no venv at {VENV} (make deps)")


def register_backend():
    """The package's `triton.backends` entry point, for this process (before
    Triton imports its backends)."""
    import install_dev

    root = install_dev.entry_point_dir()
    sys.path.insert(0, root)


register_backend()
os.environ["TRITON_DEFAULT_BACKEND"] = "tritium_cpu"
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="tritium-demo-cache-"))

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "bench"))
from timing import best_of  # noqa: E402 (bench/timing.py)
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from tritium.backend import tensor  # noqa: E402


@triton.jit
def vector_add(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    start = tl.program_id(axis=0) * BLOCK
    idx = start + tl.arange(0, BLOCK)
    inside = idx < n
    a = tl.load(a_ptr + idx, mask=inside)
    b = tl.load(b_ptr + idx, mask=inside)
    tl.store(c_ptr + idx, a + b, mask=inside)


@triton.jit
def row_softmax(x_ptr, y_ptr, row_stride, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    col = tl.arange(0, BLOCK)
    valid = col < cols
    x = tl.load(x_ptr + row * row_stride + col, mask=valid, other=-float("inf"))
    shifted = x - tl.max(x, axis=0)
    e = tl.exp(shifted)
    tl.store(y_ptr + row * row_stride + col, e / tl.sum(e, axis=0), mask=valid)


def main():
    rng = np.random.default_rng(0)
    print(f"   triton {triton.__version__}, backend {triton.runtime.driver.active.__class__.__name__},"
          f" target {triton.runtime.driver.active.get_current_target()}")

    n = 1 << 20
    a = rng.standard_normal(n, dtype=np.float32)
    b = rng.standard_normal(n, dtype=np.float32)
    c = np.empty_like(a)
    grid = (triton.cdiv(n, 1024), )
    t0 = time.perf_counter()
    k = vector_add[grid](tensor(a), tensor(b), tensor(c), n, BLOCK=1024)
    first = time.perf_counter() - t0
    ok = np.array_equal(c, a + b)
    t_tri = best_of(lambda: vector_add[grid](tensor(a), tensor(b), tensor(c), n, BLOCK=1024))
    t_np = best_of(lambda: np.add(a, b, out=c))
    print(f"   vector_add[{grid[0]}]({n} floats): {'equal to' if ok else 'DIFFERS FROM'} NumPy's a + b;"
          f" first call (frontend + make_ttir + JIT) {first * 1e3:.0f} ms, then {t_tri * 1e3:.2f} ms"
          f" (NumPy {t_np * 1e3:.2f} ms)")
    ttir = k.asm["ttir"]
    print(f"   its TTIR: {ttir.count(chr(10))} lines, {ttir.count('tt.load')} tt.load,"
          f" {ttir.count('tt.store')} tt.store")

    rows, cols = 4096, 781
    x = rng.standard_normal((rows, cols), dtype=np.float32) * 4
    y = np.empty_like(x)
    block = triton.next_power_of_2(cols)
    row_softmax[(rows, )](tensor(x), tensor(y), x.strides[0] // 4, cols, BLOCK=block)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    err = float(np.abs(y - want).max())
    t_tri = best_of(lambda: row_softmax[(rows, )](tensor(x), tensor(y), x.strides[0] // 4, cols, BLOCK=block))

    def numpy_softmax():
        e = np.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    t_np = best_of(numpy_softmax)
    print(f"   row_softmax[{rows}]({rows}x{cols}): max |error| against NumPy {err:.1e};"
          f" {t_tri * 1e3:.2f} ms (NumPy {t_np * 1e3:.2f} ms)")
    return 0 if ok and err < 1e-6 else 1


if __name__ == "__main__":
    sys.exit(main())
