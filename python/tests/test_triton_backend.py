#!/usr/bin/env python3
"""@triton.jit kernels on this CPU through the `tritium_cpu` Triton backend.

Run with the Triton 3.9 venv's interpreter (`make deps` gives it NumPy); the
test registers the package's `triton.backends` entry point for its own process
only (a dist-info written by python/install_dev.py into a temporary directory
on sys.path), so the shared venv is never changed:

    ~/.cache/tritium/triton-3.9.0/bin/python python/tests/test_triton_backend.py [-v]

(It re-executes itself with that interpreter when started by another one.)
Checks: Triton discovers the backend through its entry point and selects it
with TRITON_DEFAULT_BACKEND=tritium_cpu; `kernel[grid](...)` runs a vector
add (sizes around the block, a 2-D grid, f32/i64 scalars, a specialized
constexpr) and a row softmax on NumPy arrays against NumPy; a kernel re-read
from Triton's on-disk cache is JIT-compiled from its stored binary; a kernel
with an op the CPU backend lacks (inline PTX, a libdevice call) raises
tritium.CompilationError carrying the MLIR diagnostic located in this file;
a negative grid raises tritium.LaunchError and an empty grid launches
nothing, as in Triton; host-side TensorDescriptors of NumPy arrays are
bounded loads and stores.
"""

import os
import sys
import tempfile

VENV = os.path.expanduser(os.environ.get("TRITON_VENV", "~/.cache/tritium/triton-3.9.0"))
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _register_for_this_process():
    """Puts python/ and a dist-info holding the package's entry points first on
    sys.path, before Triton discovers its backends (at import)."""
    sys.path.insert(0, PYTHON_DIR)
    import install_dev

    root = install_dev.entry_point_dir()
    sys.path.insert(0, root)
    return [root, PYTHON_DIR]


# What a subprocess needs on its PYTHONPATH to see the same registration.
REGISTRATION_PATH = _register_for_this_process()
try:
    import triton  # noqa: F401
except ImportError:
    # (A venv's python is a link to the base interpreter: compare prefixes.)
    if os.path.exists(VENV + "/bin/python") and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(VENV + "/bin/python", [VENV + "/bin/python"] + sys.argv)
    raise

os.environ["TRITON_DEFAULT_BACKEND"] = "tritium_cpu"
# A private cache: the stages run here, and the on-disk-cache test is real.
_CACHE = tempfile.TemporaryDirectory(prefix="tritium-triton-cache-")
os.environ["TRITON_CACHE_DIR"] = _CACHE.name

import numpy as np  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.language.extra import libdevice  # noqa: E402

import tritium  # noqa: E402
from tritium.backend import runtime, tensor  # noqa: E402
from harness import expect, run_tests  # noqa: E402  (python/tests/, the script's directory)

THIS_FILE = os.path.abspath(__file__)


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def axpy_2d_kernel(x_ptr, out_ptr, alpha, offset, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(1)
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask)
    tl.store(out_ptr + row * stride + cols, alpha * x + (offset + row).to(tl.float32), mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * out_row_stride + cols, num / tl.sum(num, axis=0), mask=mask)


@triton.jit
def inline_asm_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)  # ASM-LINE
    tl.store(y_ptr + offs, y)


@triton.jit
def libdevice_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, libdevice.erfinv(tl.load(x_ptr + offs)))  # LIBDEVICE-LINE


@triton.jit
def descriptor_kernel(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr):
    # Blocks of BM x BN at (pid0 * BM, pid1 * BN): the descriptor bounds the
    # edge blocks (zeros or NaNs read outside, nothing written outside).
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    v = x_desc.load([m, n])
    y_desc.store([m, n], v * 2.0 + 1.0)


@triton.jit
def e4b15_kernel(x_ptr, up_ptr, h_ptr, down_ptr, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(x_ptr + o).to(tl.float8e4b15, bitcast=True)
    tl.store(up_ptr + o, x.to(tl.float32))
    h = tl.load(h_ptr + o)
    tl.store(down_ptr + o, h.to(tl.float8e4b15).to(tl.uint8, bitcast=True))


def line_of(marker):
    with open(THIS_FILE, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.rstrip().endswith("# " + marker):
                return i
    raise AssertionError(marker)


def test_backend_discovered_and_selected():
    from triton.backends import backends
    from triton.runtime.driver import driver
    assert "tritium_cpu" in backends, list(backends)
    assert backends["tritium_cpu"].compiler.__module__ == "tritium.backend.compiler"
    assert type(driver.active).__name__ == "TritiumCPUDriver", driver.active
    target = driver.active.get_current_target()
    assert target.backend == "cpu", target


def test_vector_add():
    rng = np.random.default_rng(0)
    for n in (1, 1023, 1024, 4096 + 7):
        x = rng.standard_normal(n).astype(np.float32)
        y = rng.standard_normal(n).astype(np.float32)
        out = np.full(n + 4, -3.0, np.float32)
        add_kernel[(triton.cdiv(n, 1024), )](tensor(x), tensor(y), tensor(out), n, BLOCK=1024)
        assert np.array_equal(out[:n], x + y), n
        assert np.all(out[n:] == -3.0), n
    # A different element type is another specialization (another kernel).
    xi = np.arange(100, dtype=np.int32)
    yi = np.arange(100, dtype=np.int32) * 7
    oi = np.zeros(100, np.int32)
    compiled = add_kernel[(1, )](tensor(xi), tensor(yi), tensor(oi), 100, BLOCK=128)
    assert np.array_equal(oi, xi + yi)
    assert compiled.metadata.name == "add_kernel"
    assert "tt.func public @add_kernel" in compiled.asm["ttir"]
    assert "!tt.ptr<i32>" in compiled.asm["ttcpu"].decode()
    # A grid with no program launches nothing (Triton's behaviour); a
    # negative one is an error from Tritium's launch.
    oi[:] = 5
    add_kernel[(0, )](tensor(xi), tensor(yi), tensor(oi), 100, BLOCK=128)
    assert np.all(oi == 5)
    e = expect(tritium.LaunchError, add_kernel.__getitem__((-1, )), tensor(xi), tensor(yi), tensor(oi), 100,
               BLOCK=128)
    assert "grid" in str(e), str(e)


def test_2d_grid_and_scalars():
    rows, cols = 5, 300
    x = np.random.default_rng(1).standard_normal((rows, cols)).astype(np.float32)
    out = np.zeros_like(x)
    offset = 2**33  # an i64 scalar
    axpy_2d_kernel[(triton.cdiv(cols, 128), rows)](tensor(x), tensor(out), 0.5, offset, cols, cols, BLOCK=128)
    ref = (0.5 * x + (offset + np.arange(rows)[:, None]).astype(np.float32)).astype(np.float32)
    assert np.array_equal(out, ref), np.abs(out - ref).max()
    # n_cols == 1 is specialized by Triton as a constexpr (not passed).
    x1 = np.ones((rows, 1), np.float32)
    o1 = np.zeros_like(x1)
    axpy_2d_kernel[(1, rows)](tensor(x1), tensor(o1), 2.0, 0, 1, 1, BLOCK=16)
    assert np.array_equal(o1[:, 0], 2.0 + np.arange(rows, dtype=np.float32))


def test_row_softmax():
    rng = np.random.default_rng(2)
    for rows, cols in ((1, 1), (37, 100), (8, 1000)):
        a = (rng.standard_normal((rows, cols)) * 4).astype(np.float32)
        out = np.zeros_like(a)
        block = triton.next_power_of_2(cols)
        softmax_kernel[(rows, )](tensor(out), tensor(a), a.strides[0] // 4, out.strides[0] // 4, cols, BLOCK=block)
        e = np.exp(a.astype(np.float64) - a.max(axis=1, keepdims=True))
        ref = e / e.sum(axis=1, keepdims=True)
        assert np.allclose(out, ref, rtol=1e-5, atol=1e-7), (rows, cols, np.abs(out - ref).max())
        assert np.allclose(out.sum(axis=1), 1.0, atol=1e-5)


def test_on_disk_cache_reload():
    # A new JITFunction of the same source hits Triton's on-disk cache: no
    # stage runs, and the driver compiles the stored binary itself.
    n = 777
    x = np.arange(n, dtype=np.float32)
    out = np.zeros(n, np.float32)
    add_kernel[(1, )](tensor(x), tensor(x), tensor(out), n, BLOCK=1024)
    runtime.clear()
    again = triton.jit(add_kernel.fn)
    out2 = np.zeros(n, np.float32)
    again[(1, )](tensor(x), tensor(x), tensor(out2), n, BLOCK=1024)
    assert np.array_equal(out2, 2 * x) and np.array_equal(out, out2)
    assert len(runtime._cache) == 1, len(runtime._cache)


def test_unsupported_op_raises_diagnostic():
    x = np.arange(16, dtype=np.int32)
    y = np.zeros(16, np.int32)
    e = expect(tritium.CompilationError, inline_asm_kernel.__getitem__((1, )), tensor(x), tensor(y), BLOCK=16)
    assert "'tt.elementwise_inline_asm' is not supported by the CPU backend" in str(e), str(e)
    d = e.first_error
    assert d.file == THIS_FILE and d.line == line_of("ASM-LINE"), (d.file, d.line, str(e))
    assert np.all(y == 0)
    xf = np.linspace(-0.5, 0.5, 16, dtype=np.float32)
    yf = np.zeros(16, np.float32)
    e = expect(tritium.CompilationError, libdevice_kernel.__getitem__((1, )), tensor(xf), tensor(yf), BLOCK=16)
    assert "tt.extern_elementwise" in str(e), str(e)
    assert e.first_error.line == line_of("LIBDEVICE-LINE"), str(e)
    # The process and the backend still work afterwards.
    test_vector_add()


def test_tensor_descriptor_args():
    # Host-side TensorDescriptors: make_ttir rewrites the descriptor ops to
    # bounded pointer loads and stores, and the launcher passes each
    # descriptor as those parameters (Triton's decompose_descriptor).
    from triton.tools.tensor_descriptor import TensorDescriptor
    rows, cols = 37, 20
    x = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)
    y = np.full((rows, cols + 4), -7.0, np.float32)  # a wider row: stride 24
    yv = y[:, :cols]
    for padding in ("zero", "nan"):
        y[:] = -7.0
        xd = TensorDescriptor.from_tensor(tensor(x), block_shape=[16, 16], padding=padding)
        yd = TensorDescriptor(tensor(y), [rows, cols], [cols + 4, 1], [16, 16])
        descriptor_kernel[(triton.cdiv(rows, 16), triton.cdiv(cols, 16))](xd, yd, BM=16, BN=16)
        assert np.array_equal(yv, x * 2.0 + 1.0), padding
        assert np.all(y[:, cols:] == -7.0), padding


def test_fp8e4b15_conversions():
    # fp8e4b15 (Triton's inline PTX on GPUs) as integer ops with the same
    # bits: every fp8 value up to f32; f16 values down (the magnitude rounded
    # half up, saturating at 1.75 = 0x7e: NaN and inf too).
    x = np.arange(256, dtype=np.uint8)
    up = np.zeros(256, np.float32)
    h = (np.random.default_rng(3).standard_normal(256) * 2).astype(np.float16)
    h[:4] = [np.nan, np.inf, -np.inf, 0.0]
    down = np.zeros(256, np.uint8)
    e4b15_kernel[(1, )](tensor(x), tensor(up), tensor(h), tensor(down), N=256)
    xb = x.astype(np.uint16)
    ref_up = (((xb & 0x80) << 8) | ((xb & 0x7f) << 7)).astype(np.uint16).view(np.float16).astype(np.float32)
    assert np.array_equal(up, ref_up)
    u = h.view(np.uint16).astype(np.uint32)
    m = np.minimum(u & 0x7fff, 0x3f00)
    ref_down = ((((u & 0x8000) | (2 * m + 0x80)) >> 8) & 0xff).astype(np.uint8)
    assert np.array_equal(down, ref_down), np.nonzero(down != ref_down)
    assert list(down[:4]) == [0x7e, 0x7e, 0xfe, 0x00]


_RTLD_GLOBAL_SNIPPET = r"""
import os, sys
sys.setdlopenflags(os.RTLD_GLOBAL | os.RTLD_NOW)
import numpy as np, triton, triton.language as tl
from tritium.backend import tensor

@triton.jit
def k(x, y, n, B: tl.constexpr):
    o = tl.arange(0, B)
    m = o < n
    tl.store(y + o, tl.load(x + o, mask=m) * 3.0, mask=m)

a = np.arange(100, dtype=np.float32)
b = np.zeros_like(a)
k[(1,)](tensor(a), tensor(b), 100, B=128)
print("ok" if np.array_equal(b, a * 3) else "wrong")
"""


def test_triton_loaded_rtld_global():
    # Triton's libtriton.so exports its LLVM's symbols; loaded RTLD_GLOBAL
    # they would interpose on libtritium.so's libLLVM (LLVM aborts on a
    # duplicate command-line option) unless the package loads it with
    # RTLD_DEEPBIND, as it does then. In a subprocess: the flags are global.
    import subprocess
    env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(_CACHE.name, "rtld-global"),
               PYTHONPATH=os.pathsep.join(REGISTRATION_PATH + [os.environ.get("PYTHONPATH", "")]))
    script = os.path.join(_CACHE.name, "rtld_global_kernel.py")  # @jit needs a source file
    with open(script, "w", encoding="utf-8") as f:
        f.write(_RTLD_GLOBAL_SNIPPET)
    r = subprocess.run([sys.executable, script], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stdout, r.stderr[-2000:])


def main():
    return run_tests(globals(), "test_triton_backend")


if __name__ == "__main__":
    sys.exit(main())
