#!/usr/bin/env python3
"""tritium.spec: FlagTree's spec / spec_func for Python code (issue 28).

Checks: the in-tree spec directories are the registry (spec/cpu's manifest
names its Python module, spec/cpu/python/cpu_spec.py); the library accepts
that manifest (tritium-opt --spec-check); the tritium_cpu Triton backend's
launcher takes its thread count from the CPU spec's `cpu_launch_threads`; a
fake vendor spec directory (a temporary spec.toml + module, registered by
TRITIUM_SPEC_DIRS and selected by TRITIUM_SPEC_BACKEND) replaces that one
function without touching Tritium's or Triton's files, while a function it
lacks falls back to the default; bad manifests, modules and names raise
tritium.spec.SpecError.

    ~/.cache/tritium/triton-3.9.0/bin/python python/tests/test_spec.py [-v]

(It re-executes itself with that interpreter when started by another one.)
"""

import os
import subprocess
import sys
import tempfile

VENV = os.path.expanduser(os.environ.get("TRITON_VENV", "~/.cache/tritium/triton-3.9.0"))
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(PYTHON_DIR)
sys.path.insert(0, PYTHON_DIR)
import install_dev  # noqa: E402

sys.path.insert(0, install_dev.entry_point_dir())
try:
    import triton  # noqa: F401
except ImportError:
    if os.path.exists(VENV + "/bin/python") and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(VENV + "/bin/python", [VENV + "/bin/python"] + sys.argv)
    raise

for var in ("TRITIUM_SPEC_DIRS", "TRITIUM_SPEC_BACKEND", "TRITIUM_CPU_THREADS"):
    os.environ.pop(var, None)
os.environ["TRITON_DEFAULT_BACKEND"] = "tritium_cpu"
_TMP = tempfile.TemporaryDirectory(prefix="tritium-spec-test-")
os.environ["TRITON_CACHE_DIR"] = os.path.join(_TMP.name, "cache")

import numpy as np  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from tritium import spec  # noqa: E402
from tritium.backend import driver, tensor  # noqa: E402
from harness import expect, run_tests  # noqa: E402

FAKE_MODULE = '''
CALLS = []


def cpu_launch_threads(grid):
    CALLS.append(tuple(grid))
    return 3


def _private_helper():
    return "not a spec function"
'''


def make_spec_dir(name, manifest, module_text=None, module_path="py/vendor_spec.py"):
    d = os.path.join(_TMP.name, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "spec.toml"), "w", encoding="utf-8") as f:
        f.write(manifest)
    if module_text is not None:
        os.makedirs(os.path.dirname(os.path.join(d, module_path)), exist_ok=True)
        with open(os.path.join(d, module_path), "w", encoding="utf-8") as f:
            f.write(module_text)
    return d


FAKE_DIR = make_spec_dir("fakevendor", '[backend]\nname = "fakevendor"\ntarget = "cpu"\npython = "py/vendor_spec.py"\n',
                         FAKE_MODULE)


class env_:
    """Sets environment variables for a block, resetting the registry."""

    def __init__(self, **values):
        self.values = values

    def __enter__(self):
        self.saved = {k: os.environ.get(k) for k in self.values}
        os.environ.update({k: v for k, v in self.values.items() if v is not None})
        for k, v in self.values.items():
            if v is None:
                os.environ.pop(k, None)
        spec.reset()

    def __exit__(self, *exc):
        for k, v in self.saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        spec.reset()


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2.0, mask=m)


def run_scale(n=1000, block=128):
    x = np.arange(n, dtype=np.float32)
    y = np.zeros_like(x)
    scale_kernel[(triton.cdiv(n, block), )](tensor(x), tensor(y), n, BLOCK=block)
    assert np.array_equal(y, x * 2), "wrong result"


def test_registry_in_tree():
    with env_():
        backends = spec.backends()
        assert {"cpu", "nvidia", "amd"} <= set(backends), backends
        cpu = backends["cpu"]
        assert cpu.target == "cpu" and cpu.python == os.path.join(ROOT, "spec", "cpu", "python", "cpu_spec.py"), cpu
        assert "cpu_launch_threads" in cpu.functions()
        assert backends["nvidia"].python is None and backends["nvidia"].functions() == {}


def test_library_accepts_python_key():
    opt = os.path.join(ROOT, "build", "bin", "tritium-opt")
    r = subprocess.run([opt, "--spec-report"], capture_output=True, text=True, timeout=60)
    assert "built-in backend from spec/cpu/spec.toml: installed" in r.stdout, r.stdout[:2000] + r.stderr[-2000:]
    r = subprocess.run([opt, "--spec-check"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]


_LIBRARY_SNIPPET = """
import os, sys
from tritium import spec
b = spec.backends()
print(sorted(b), b["fixture"].directory if "fixture" in b else None)
"""


def test_vendor_library_registry():
    # A vendor library (libtritium_<name>.so, here the test backend's) names
    # its manifest through the library's registry: its spec directory joins
    # the Python registry. In a subprocess: the library is per process.
    lib = os.path.join(ROOT, "build", "lib", "libtritium_fixture.so")
    assert os.path.exists(lib), lib
    env = dict(os.environ, TRITIUM_LIBRARY=lib, PYTHONPATH=PYTHON_DIR)
    r = subprocess.run([sys.executable, "-c", _LIBRARY_SNIPPET], capture_output=True, text=True, env=env, timeout=120)
    want = os.path.join(ROOT, "tests", "backends", "fixture")
    assert r.returncode == 0 and "'fixture'" in r.stdout and r.stdout.strip().endswith(want), r.stdout + r.stderr[-2000:]
    with env_(TRITIUM_LIBRARY=None):
        assert spec.library_spec_dir() is None  # the default library: no vendor backend


def test_default_without_backend():
    with env_():
        assert spec.active() is None
        assert spec.spec_func("cpu_launch_threads") is driver._default_launch_threads
        assert spec.spec("cpu_launch_threads", (7, 1, 1)) == 0
        assert spec.provider("cpu_launch_threads") == "default"


def test_cpu_spec_thread_count():
    with env_():
        cores = os.cpu_count() or 1
        assert spec.provider("cpu_launch_threads", backend="cpu") == "cpu"
        assert spec.spec("cpu_launch_threads", (1, 1, 1), backend="cpu") == 1
        assert spec.spec("cpu_launch_threads", (1000, 2, 1), backend="cpu") == cores
        assert spec.spec("cpu_launch_threads", (2, 1, 1), backend="cpu") == min(2, cores)
    with env_(TRITIUM_CPU_THREADS="5"):
        assert spec.spec("cpu_launch_threads", (1, 1, 1), backend="cpu") == 5
        run_scale()
    with env_(TRITIUM_CPU_THREADS="lots"):
        e = expect(ValueError, run_scale)
        assert "TRITIUM_CPU_THREADS" in str(e), e


def test_fake_vendor_overrides_one_function():
    with env_(TRITIUM_SPEC_DIRS=FAKE_DIR, TRITIUM_SPEC_BACKEND="fakevendor"):
        assert spec.active(backend="cpu") == "fakevendor"
        assert spec.provider("cpu_launch_threads", backend="cpu") == "fakevendor"
        fake = spec.backends()["fakevendor"]
        assert set(fake.functions()) == {"cpu_launch_threads"}, fake.functions()
        calls = fake.module().CALLS
        del calls[:]
        run_scale(n=1000, block=128)  # the launcher of the tritium_cpu Triton backend asks the vendor
        assert calls == [(8, 1, 1)], calls

        # A function the vendor does not provide: the default runs.
        @spec.default("test_only_function")
        def _default(x):
            return x + 1

        assert spec.spec("test_only_function", 1, backend="cpu") == 2
        assert spec.provider("test_only_function") == "default"
    with env_(TRITIUM_SPEC_DIRS=FAKE_DIR):
        # Registered but not selected: the CPU backend's own spec runs.
        assert spec.provider("cpu_launch_threads", backend="cpu") == "cpu"
        calls = spec.backends()["fakevendor"].module().CALLS
        del calls[:]
        run_scale()
        assert calls == []


def test_add_spec_dir_and_set_active():
    with env_():
        spec.add_spec_dir(FAKE_DIR)
        spec.set_active("fakevendor")
        assert spec.spec("cpu_launch_threads", (2, 1, 1)) == 3
        spec.set_active(None)
        assert spec.spec("cpu_launch_threads", (2, 1, 1)) == 0


def test_bad_input():
    with env_():
        e = expect(spec.SpecError, spec.spec_func, "no_such_function", backend="cpu")
        assert "no_such_function" in str(e)
        e = expect(spec.SpecError, spec.set_active, "no_such_backend")
        assert "no_such_backend" in str(e)
    with env_(TRITIUM_SPEC_BACKEND="no_such_backend"):
        e = expect(spec.SpecError, spec.spec, "cpu_launch_threads", (1, 1, 1), backend="cpu")
        assert "no_such_backend" in str(e)
    cases = [
        ("bad_toml", "[backend\nname = 1\n", None, "not valid TOML"),
        ("no_backend", "[slots]\n", None, "[backend] is missing"),
        ("no_name", '[backend]\ntarget = "cpu"\n', None, "[backend].name"),
        ("abs_python", '[backend]\nname = "v1"\ntarget = "cpu"\npython = "/etc/passwd"\n', None, "relative"),
        ("up_python", '[backend]\nname = "v2"\ntarget = "cpu"\npython = "../fakevendor/py/vendor_spec.py"\n', None,
         "relative"),
        ("missing_python", '[backend]\nname = "v3"\ntarget = "cpu"\npython = "nope.py"\n', None, "does not exist"),
    ]
    for name, manifest, module, why in cases:
        d = make_spec_dir(name, manifest, module)
        with env_():
            e = expect(spec.SpecError, spec.add_spec_dir, d)
            assert why in str(e) and "spec.toml" in str(e), (name, str(e))
        with env_(TRITIUM_SPEC_DIRS=d):
            expect(spec.SpecError, spec.backends)
    # A module that does not import: the error names it, at first use.
    d = make_spec_dir("broken_module", '[backend]\nname = "broken"\ntarget = "cpu"\npython = "py/vendor_spec.py"\n',
                      "def f(:\n")
    with env_(TRITIUM_SPEC_DIRS=d, TRITIUM_SPEC_BACKEND="broken"):
        e = expect(spec.SpecError, spec.spec, "cpu_launch_threads", (1, 1, 1))
        assert "SyntaxError" in str(e) and "vendor_spec.py" in str(e), e
    # A vendor function giving the launcher a bad thread count: a LaunchError, no crash.
    d = make_spec_dir("negative", '[backend]\nname = "negative"\ntarget = "cpu"\npython = "py/vendor_spec.py"\n',
                      "def cpu_launch_threads(grid):\n    return -1\n")
    with env_(TRITIUM_SPEC_DIRS=d, TRITIUM_SPEC_BACKEND="negative"):
        import tritium
        e = expect(tritium.LaunchError, run_scale)
        assert "num_threads" in str(e), e
    # Two directories naming the same backend.
    d = make_spec_dir("dup", '[backend]\nname = "cpu"\ntarget = "cpu"\n')
    with env_(TRITIUM_SPEC_DIRS=d):
        e = expect(spec.SpecError, spec.backends)
        assert "two spec directories" in str(e), e


def main():
    return run_tests(globals(), "test_spec")


if __name__ == "__main__":
    sys.exit(main())
