#!/usr/bin/env python3
"""Tritium as Triton 3.9's CUDA compiler (tritium.triton.use_for_cuda), checked without a GPU.

    ~/.cache/tritium/triton-3.9.0/bin/python python/tests/test_triton_cuda.py [-v] [--extra]

(It re-executes itself with that interpreter when started by another one.)
For every kernel of the corpus (../shared/corpus/kernels.py, or --corpus DIR) and a few of
tests/gpu/extra (host-side tensor descriptors, libdevice), on GPUTarget("cuda", 80, 32) and
GPUTarget("cuda", 90, 32): `triton.compile(ASTSource(...))` once with Triton's own stages and once
with the hook, which must
  - run Tritium's ttgir, llir and ptx stages (and Triton's ptxas: the cubin is an ELF that
    ptxas --gpu-name=sm_80 / sm_90a produced, i.e. Tritium's PTX is ptxas-valid);
  - give the same compile metadata as Triton, field for field (every key of
    CompiledKernel.metadata but `hash`, which holds the stages hook's cache key);
  - give the same launch ABI in the PTX: .version, .target, the .entry's parameter types, .maxntid;
  - print the same TTGIR (both parsed by Tritium and printed without locations).
Also: TRITIUM_CUDA=1 installs the hook at `import triton` (through the package's entry point);
other targets (cuda:75) keep Triton's stages; options Tritium cannot honour (maxnreg) raise
NotImplementedError; a hook installed before is chained; use_for_cuda(False) restores it; a Gluon
kernel keeps Triton's gluon_to_ttgir and goes through Tritium's llir and ptx.
--extra compiles every kernel of tests/gpu/extra too (slower; not in `make test`) and
reports each difference instead of failing on it.
"""

import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
import time

VENV = os.path.expanduser(os.environ.get("TRITON_VENV", "~/.cache/tritium/triton-3.9.0"))
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(PYTHON_DIR)
sys.path.insert(0, PYTHON_DIR)
try:
    import triton  # noqa: F401
except ImportError:
    if os.path.exists(VENV + "/bin/python") and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(VENV + "/bin/python", [VENV + "/bin/python"] + sys.argv)
    raise

_CACHE = tempfile.TemporaryDirectory(prefix="tritium-triton-cuda-cache-")
os.environ["TRITON_CACHE_DIR"] = _CACHE.name
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")  # Triton 3.9's default, without its warning
os.environ.pop("TRITIUM_CUDA", None)


def _arg(flag, default=None):
    return sys.argv[sys.argv.index(flag) + 1] if flag in sys.argv else default


CORPUS = os.path.abspath(_arg("--corpus", os.path.join(ROOT, "..", "shared", "corpus")))
EXTRA_DIR = os.path.join(ROOT, "tests", "gpu", "extra")
ALL_EXTRA = "--extra" in sys.argv

import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton import knobs  # noqa: E402
from triton.backends.compiler import GPUTarget, Language  # noqa: E402
from triton.compiler.compiler import make_backend  # noqa: E402
from triton.language.extra import libdevice  # noqa: E402

import tritium  # noqa: E402
import tritium.triton as tt  # noqa: E402
from harness import expect, run_tests  # noqa: E402

TARGETS = (80, 90)
# Extra kernels compiled by default: host-side tensor descriptors (tensordesc_meta on sm90),
# device-side ones, an attention forward (wgmma and its pipelining on sm90).
DEFAULT_EXTRA = ("x_desc_matmul", "x_make_desc", "x_attention")


@triton.jit
def _libdevice_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, libdevice.erfinv(x) + libdevice.tanh(x), mask=m)


def _load(path, name):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kernel_specs():
    """(name, fn, signature, constexprs, attrs, options) of the kernels to compile."""
    out = []
    corpus = _load(os.path.join(CORPUS, "kernels.py"), "tritium_corpus_kernels")
    for k in corpus.KERNELS:
        if k.expect_fail:
            continue
        out.append(("corpus/" + k.name, k))
    extra = _load(os.path.join(EXTRA_DIR, "kernels.py"), "tritium_extra_kernels")
    for k in extra.KERNELS:
        if ALL_EXTRA or k.name in DEFAULT_EXTRA:
            if not getattr(k, "expect_fail", ""):
                out.append(("extra/" + k.name, k))
    return out


class _Counter:
    """Counts the calls of tritium.triton's stage functions (the hook's lambdas look them up at
    call time)."""

    def __init__(self):
        self.calls = {"make_ttgir": 0, "make_llir": 0, "make_ptx": 0}
        self._orig = {}
        for name in self.calls:
            self._orig[name] = getattr(tt, name)

            def wrapped(*a, _name=name, **k):
                self.calls[_name] += 1
                return self._orig[_name](*a, **k)

            setattr(tt, name, wrapped)

    def close(self):
        for name, fn in self._orig.items():
            setattr(tt, name, fn)


def _compile(spec, cc, use_tritium):
    tt.use_for_cuda(use_tritium)
    try:
        src = triton.compiler.ASTSource(spec.fn, signature=spec.signature, constexprs=spec.constexprs,
                                        attrs=spec.attrs())
        options = {"num_warps": spec.num_warps}
        if spec.num_stages is not None:
            options["num_stages"] = spec.num_stages
        return triton.compile(src, target=GPUTarget("cuda", cc, 32), options=options)
    finally:
        tt.use_for_cuda(False)


_PROTO = re.compile(r"\.(?:visible|extern)\s+\.entry\s+(\w+)\s*\(([^)]*)\)")


def launch_abi(ptx):
    """The PTX's .version and .target, and the kernel's name, parameter types and .maxntid/.reqntid."""
    m = _PROTO.search(ptx)
    if m is None:
        return None
    header = re.findall(r"^\s*\.(?:version|target)\s+\S+", ptx, flags=re.MULTILINE)
    # Each parameter's declaration without its name: type, state space, alignment, array size.
    params = [" ".join(re.sub(r"\b\w+_param_\d+\b", "", d).split()) for d in m.group(2).split(",")]
    threads = re.findall(r"\.(maxntid|reqntid)\s+([\d, ]+)", ptx[m.end():m.end() + 400])
    return [h.strip() for h in header], m.group(1), params, [(k, v.replace(" ", "")) for k, v in threads]


_TTGIR_CTX = None


def _ttgir_nodebug(text):
    global _TTGIR_CTX
    _TTGIR_CTX = _TTGIR_CTX or tritium.Context()
    return _TTGIR_CTX.parse(text).to_text(debug_info=False)


RESULTS = {}  # (kernel, cc) -> list of differences (empty: identical); or an exception


def _compare_all():
    if RESULTS:
        return RESULTS
    counter = _Counter()
    try:
        for label, spec in kernel_specs():
            for cc in TARGETS:
                before = dict(counter.calls)
                try:
                    with contextlib.redirect_stdout(io.StringIO()):  # Triton prints the PTX ptxas refused
                        ref = _compile(spec, cc, False)
                except Exception as e:  # Triton itself cannot: nothing to compare
                    RESULTS[(label, cc)] = ["triton: " + type(e).__name__]
                    continue
                try:
                    got = _compile(spec, cc, True)
                except Exception as e:
                    RESULTS[(label, cc)] = e
                    continue
                diffs = []
                ran = {k: counter.calls[k] - before[k] for k in counter.calls}
                if ran != {"make_ttgir": 1, "make_llir": 1, "make_ptx": 1}:
                    diffs.append(f"Tritium's stages ran {ran}")
                a, b = ref.metadata._asdict(), got.metadata._asdict()
                for key in sorted(set(a) | set(b)):
                    if key != "hash" and a.get(key, "<absent>") != b.get(key, "<absent>"):
                        diffs.append(f"metadata {key}: triton {a.get(key, '<absent>')!r}, "
                                     f"tritium {b.get(key, '<absent>')!r}")
                if set(ref.asm) != set(got.asm):
                    diffs.append(f"stages: triton {sorted(ref.asm)}, tritium {sorted(got.asm)}")
                cubin = got.asm.get("cubin", b"")
                if not cubin.startswith(b"\x7fELF"):
                    diffs.append("the cubin is not an ELF file")
                abi_a, abi_b = launch_abi(ref.asm["ptx"]), launch_abi(got.asm["ptx"])
                if abi_a != abi_b:
                    diffs.append(f"launch ABI: triton {abi_a}, tritium {abi_b}")
                if _ttgir_nodebug(ref.asm["ttgir"]) != _ttgir_nodebug(got.asm["ttgir"]):
                    diffs.append("ttgir differs from Triton's")
                RESULTS[(label, cc)] = diffs
    finally:
        counter.close()
    return RESULTS


def _describe(r):
    if isinstance(r, tritium.CompilationError) and r.first_error is not None:
        return f"CompilationError: {r.first_error.location}: {r.first_error.message[:300]}"
    if isinstance(r, Exception):
        return f"{type(r).__name__}: {str(r).strip().splitlines()[-1][:300]}"
    return "; ".join(r)


def test_corpus_kernels_compile_like_triton():
    results = _compare_all()
    required = [k for k in results if not k[0].startswith("extra/") or k[0].split("/")[1] in DEFAULT_EXTRA]
    bad = [f"{label} cuda:{cc}: {_describe(results[(label, cc)])}" for label, cc in sorted(required)
           if results[(label, cc)]]
    same = sum(1 for r in results.values() if r == [])
    print(f"  {same}/{len(results)} kernel x target compilations: ptxas-valid cubins, metadata, launch ABI and TTGIR "
          f"as Triton's")
    if ALL_EXTRA:  # every extra kernel: differences reported, not required
        for (label, cc), r in sorted(results.items()):
            if r and (label, cc) not in required:
                print(f"    {label} cuda:{cc}: {_describe(r)}")
    assert not bad, "\n    " + "\n    ".join(bad)


def test_tensordesc_meta_is_filled():
    results = _compare_all()
    assert results.get(("extra/x_desc_matmul", 90)) == [], results.get(("extra/x_desc_matmul", 90))
    tt.use_for_cuda(True)
    try:
        spec = [s for label, s in kernel_specs() if label == "extra/x_desc_matmul"][0]
        got = _compile(spec, 90, True)
    finally:
        tt.use_for_cuda(False)
    meta = got.metadata._asdict()["tensordesc_meta"]
    assert len(meta) == 3 and all(m.get("swizzle") is not None for m in meta), meta


def test_libdevice_is_linked_when_called():
    spec = type("Spec", (), dict(fn=_libdevice_kernel, signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32",
                                                                   "BLOCK": "constexpr"},
                                 constexprs={"BLOCK": 256}, num_warps=4, num_stages=None, attrs=lambda self: {}))()
    got = _compile(spec, 80, True)
    ref = _compile(spec, 80, False)
    assert got.asm["cubin"].startswith(b"\x7fELF")
    assert launch_abi(got.asm["ptx"]) == launch_abi(ref.asm["ptx"])


def test_gluon_kernel_lowered_by_tritium():
    """A Gluon kernel keeps Triton's gluon_to_ttgir; its TTGIR goes through Tritium's llir and ptx."""
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon._runtime import GluonASTSource

    @gluon.jit
    def gluon_add(x_ptr, y_ptr, out_ptr, n, BLOCK: gl.constexpr):
        layout: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])
        offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
        m = offs < n
        gl.store(out_ptr + offs, gl.load(x_ptr + offs, mask=m) + gl.load(y_ptr + offs, mask=m), mask=m)

    sig = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}
    for cc in TARGETS:
        results = []
        for use in (False, True):
            counter = _Counter()
            tt.use_for_cuda(use)
            try:
                ck = triton.compile(GluonASTSource(gluon_add, sig, constexprs={"BLOCK": 512}),
                                    target=GPUTarget("cuda", cc, 32))
            finally:
                tt.use_for_cuda(False)
                counter.close()
            want = {"make_ttgir": 0, "make_llir": int(use), "make_ptx": int(use)}
            assert counter.calls == want, (cc, counter.calls)
            assert ck.asm["cubin"].startswith(b"\x7fELF")
            md = ck.metadata._asdict()
            md.pop("hash")
            results.append((md, launch_abi(ck.asm["ptx"])))
        assert results[0] == results[1], (cc, results)


def test_other_targets_keep_tritons_stages():
    counter = _Counter()
    try:
        spec = type("Spec", (), dict(fn=_libdevice_kernel, signature={"x_ptr": "*fp32", "out_ptr": "*fp32",
                                                                       "n": "i32", "BLOCK": "constexpr"},
                                     constexprs={"BLOCK": 128}, num_warps=4, num_stages=None,
                                     attrs=lambda self: {}))()
        ck = _compile(spec, 75, True)
        assert counter.calls == {"make_ttgir": 0, "make_llir": 0, "make_ptx": 0}, counter.calls
        assert ck.asm["cubin"].startswith(b"\x7fELF")
    finally:
        counter.close()


def test_unsupported_options_are_refused():
    tt.use_for_cuda(True)
    try:
        spec = [s for label, s in kernel_specs() if label == "corpus/vec_add"][0]
        src = triton.compiler.ASTSource(spec.fn, signature=spec.signature, constexprs=spec.constexprs,
                                        attrs=spec.attrs())
        e = expect(NotImplementedError, triton.compile, src, target=GPUTarget("cuda", 80, 32),
                   options={"maxnreg": 128})
        assert "maxnreg=128" in str(e), e
    finally:
        tt.use_for_cuda(False)


def test_hook_chains_an_earlier_hook():
    seen = []

    def earlier(*args):
        if not args:
            return "earlier-key", "earlier-hash"
        seen.append(args[1]["llir"].__module__)

    saved = knobs.runtime.add_stages_inspection_hook
    knobs.runtime.add_stages_inspection_hook = earlier
    try:
        tt.use_for_cuda(True)
        assert tt.is_used_for_cuda()
        key, _ = knobs.runtime.add_stages_inspection_hook()
        assert key.startswith("tritium-") and key.endswith("+earlier-key"), key
        backend = make_backend(GPUTarget("cuda", 90, 32))
        options = backend.parse_options({})
        stages = {}
        backend.add_stages(stages, options, Language.TRITON)
        assert seen == ["tritium.triton"], seen  # the earlier hook saw Tritium's stages
        assert stages["cubin"].__module__ != "tritium.triton"  # ptxas stays Triton's
        tt.use_for_cuda(False)
        assert knobs.runtime.add_stages_inspection_hook is earlier
    finally:
        tt.use_for_cuda(False)
        knobs.runtime.add_stages_inspection_hook = saved


def test_env_var_installs_the_hook_at_import():
    sys.path.insert(0, PYTHON_DIR)
    import install_dev

    root = install_dev.entry_point_dir()
    code = ("import triton, tritium.triton as t\n"
            "from triton import knobs\n"
            "assert knobs.runtime.add_stages_inspection_hook is t.hook, knobs.runtime.add_stages_inspection_hook\n"
            "print('hooked')\n")
    env = dict(os.environ, TRITIUM_CUDA="1", PYTHONPATH=os.pathsep.join([root, PYTHON_DIR]))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "hooked" in r.stdout, r.stdout + r.stderr


if __name__ == "__main__":
    t0 = time.time()
    status = run_tests(globals(), "test_triton_cuda")
    if "-v" in sys.argv:
        print(f"  ({time.time() - t0:.1f} s)")
    sys.exit(status)
