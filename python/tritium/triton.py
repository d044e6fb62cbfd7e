"""Tritium as Triton 3.9's CUDA compiler.

    import tritium.triton
    tritium.triton.use_for_cuda()      # or TRITIUM_CUDA=1 in the environment
    triton.compile(src, target=GPUTarget("cuda", 80, 32))   # or kernel[grid](...)

installs a stages hook (`triton.knobs.runtime.add_stages_inspection_hook`)
that, for CUDA targets Tritium compiles (compute capability 8.x and 9.x),
replaces three of the NVIDIA backend's stages with Tritium's, in process
through libtritium.so:

    ttgir   Tritium's make_ttgir (`tritium-make-ttgir`) on Triton's TTIR
            (Triton's frontend and make_ttir stay Triton's); Gluon kernels keep
            Triton's gluon_to_ttgir
    llir    Tritium's make_llir (`tritium-make-llir`), LLVM translation and
            LLVM's O3 pipeline: optimized LLVM IR, as Triton keeps it
    ptx     PTX from the same LLVM-dialect module (LLVM's NVPTX back end)

`cubin` stays Triton's (its ptxas, options and error reporting), as does the
launcher. Each stage fills the metadata Triton's own stage fills:
`tensordesc_meta` (ttgir); `num_warps` (when warp specialization changed
it), `shared`, `tmem_size`, `global_scratch_size`/`_align`,
`profile_scratch_size`/`_align` (llir); `name` (ptx).

Options Tritium's lowering does not honour (`maxnreg`, `num_ctas` > 1,
`sched4reg`, `enable_reflect_ftz=False`, `min_shared_mem`, instrumentation)
raise NotImplementedError instead of compiling something else; other
targets (e.g. cuda:75, cuda:100, hip) keep Triton's stages. A kernel
Tritium cannot compile raises tritium.CompilationError with the MLIR
diagnostics (located at the kernel's Python source lines). See
python/README.md.
"""

import hashlib
import importlib
import os
import re
import threading

import tritium

from . import _capi

__all__ = ["use_for_cuda", "is_used_for_cuda", "hook", "ENV_VAR", "CAPABILITIES"]

ENV_VAR = "TRITIUM_CUDA"
# What Tritium's make_ttgir implements for cuda:<cc> (spec/nvidia: sm80 and
# sm90 pipelines; Blackwell's passes are missing).
CAPABILITIES = range(80, 100)

_lock = threading.Lock()
_installed = False
_previous = None
_library_key_cache = {}


def _library_key():
    """What identifies the compiler for Triton's cache: the Triton version
    Tritium reads and the sha256 of libtritium.so (a rebuilt library makes
    Triton compile again)."""
    path = _capi.library_path()
    st = os.stat(path)
    stamp = (path, st.st_size, st.st_mtime_ns)
    key = _library_key_cache.get(stamp)
    if key is None:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        key = f"tritium-{tritium.triton_version()}-{h.hexdigest()}"
        _library_key_cache.clear()
        _library_key_cache[stamp] = key
    return key


def _text(src):
    """IR text of a stage's input: Tritium's stages pass text on; Triton's
    (an overridden stage, Gluon's TTGIR) pass an `ir.module`, printed with its
    locations."""
    return src if isinstance(src, str) else str(src)


class _LLVMIR(str):
    """The llir stage's result: the optimized LLVM IR text Triton stores,
    carrying the PTX compiled from the same LLVM-dialect module for the ptx
    stage."""
    ptx = None


def _check_options(options):
    refused = []
    if getattr(options, "maxnreg", None) is not None:
        refused.append(f"maxnreg={options.maxnreg} (no nvvm.maxnreg on the kernel yet)")
    if getattr(options, "num_ctas", 1) != 1:
        refused.append(f"num_ctas={options.num_ctas} (thread-block clusters are not lowered)")
    if getattr(options, "sched4reg", False):
        refused.append("sched4reg=True (an LLVM scheduling option Tritium does not set)")
    if not getattr(options, "enable_reflect_ftz", True):
        refused.append("enable_reflect_ftz=False (libdevice always flushes denormals to zero)")
    if getattr(options, "min_shared_mem", None) is not None:
        refused.append(f"min_shared_mem={options.min_shared_mem}")
    if getattr(options, "instrumentation_mode", ""):
        refused.append(f"instrumentation_mode={options.instrumentation_mode!r}")
    if refused:
        raise NotImplementedError("Tritium as Triton's CUDA compiler does not support " + "; ".join(refused) +
                                  f" (unset {ENV_VAR} or call tritium.triton.use_for_cuda(False) to compile "
                                  "this kernel with Triton's own stages)")


def _ptx_version(backend, options):
    """The PTX ISA version Triton's make_llir/make_ptx use: options.ptx_version,
    else the newest the ptxas Triton runs supports."""
    if options.ptx_version is not None:
        return int(options.ptx_version)
    module = importlib.import_module(type(backend).__module__)
    return int(module.get_ptx_version_from_options(options, backend.target.arch))


# Functions a CUDA kernel may declare without a library (the driver provides them).
_DRIVER_FUNCTIONS = ("vprintf", "__assertfail", "malloc", "free")


def _declares_external_functions(llvm_dialect_text):
    """Whether an LLVM-dialect module declares a function no library of the
    driver defines (Triton's `nvidia.has_extern_deps`): then Triton links its
    extern_libs (libdevice), else it does not (linking libdevice costs ~0.2 s)."""
    for line in llvm_dialect_text.splitlines():
        s = line.strip()
        if s.startswith("llvm.func ") and not s.endswith("{"):
            m = re.search(r"@([\w$.]+)", s)
            if m and not m.group(1).startswith("llvm.") and m.group(1) not in _DRIVER_FUNCTIONS:
                return True
    return False


def _compile_options(backend, options, capability):
    return dict(target=f"cuda:{capability}", ptx_version=_ptx_version(backend, options),
                enable_fp_fusion=bool(options.enable_fp_fusion))


def make_ttgir(src, metadata, options, capability):
    """Tritium's make_ttgir on Triton's TTIR; returns TTGIR text (with
    locations) and sets metadata["tensordesc_meta"]."""
    _check_options(options)
    target = f"cuda:{capability}"
    module = tritium.Context().parse(_text(src), name="make_ttgir input")
    module.run_pipeline(f"builtin.module(tritium-make-ttgir{{target={target} num-warps={options.num_warps} "
                        f"threads-per-warp=32 num-ctas={options.num_ctas} num-stages={options.num_stages}}})")
    meta = module.metadata(target=target)
    if meta.get("tensordesc_meta") is not None:
        metadata["tensordesc_meta"] = meta["tensordesc_meta"]
    return module.to_text(debug_info=True)


def make_llir(backend, src, metadata, options, capability):
    """Tritium's make_llir, translation and O3 on TTGIR; returns the optimized
    LLVM IR text (holding the PTX for `make_ptx`) and fills the metadata
    Triton's make_llir fills."""
    _check_options(options)
    text = _text(src)
    kw = _compile_options(backend, options, capability)
    ctx = tritium.Context()
    ttgir = ctx.parse(text, name="make_llir input")
    lowered = ctx.parse(text, name="make_llir input")
    lowered.lower_to_llvm_dialect(**kw)
    if _declares_external_functions(lowered.to_text()):
        kw["extern_libs"] = [path for _name, path in (options.extern_libs or ())]
    meta = ttgir.metadata(lowered=lowered, **kw)
    llir = _LLVMIR(lowered.to_llvm_ir(**kw))
    llir.ptx = lowered.to_ptx(**kw)

    total_num_warps = lowered.int_attr("ttg.total-num-warps")
    if total_num_warps is not None:
        metadata["num_warps"] = total_num_warps
    metadata["shared"] = meta["shared"]
    # No tensor memory below sm100; Triton's allocation pass records 0.
    metadata["tmem_size"] = lowered.int_attr("ttg.tensor_memory_size") or 0
    metadata["global_scratch_size"] = meta["global_scratch_size"]
    metadata["global_scratch_align"] = meta["global_scratch_align"]
    metadata["profile_scratch_size"] = meta["profile_scratch_size"]
    metadata["profile_scratch_align"] = meta["profile_scratch_align"]
    if meta.get("tensordesc_meta") is not None:
        metadata["tensordesc_meta"] = meta["tensordesc_meta"]
    return llir


def make_ptx(src, metadata, arch, fallback):
    """The PTX the llir stage compiled, post-processed as Triton's make_ptx
    does; sets metadata["name"]. LLVM IR that did not come from Tritium's
    llir stage (e.g. TRITON_KERNEL_OVERRIDE) goes to `fallback`, Triton's
    make_ptx: Tritium's C API compiles MLIR modules, not LLVM IR text."""
    ptx = getattr(src, "ptx", None)
    if ptx is None:
        return fallback(src, metadata)
    names = re.findall(r"\.visible \.entry ([a-zA-Z_][a-zA-Z0-9_]*)", ptx)
    if len(names) != 1:
        raise RuntimeError(f"Tritium's PTX has {len(names)} kernel entries, expected 1: {names}")
    metadata["name"] = names[0]
    ptx = re.sub(r"\.target sm_\d+", f".target sm_{arch}", ptx, flags=re.MULTILINE)
    ptx = re.sub(r",\s*debug|debug,\s*", "", ptx)
    from triton import knobs

    if knobs.nvidia.dump_nvptx:
        print("// -----// NVPTX Dump //----- //")
        print(ptx)
    return ptx


def _applies(backend, capability):
    target = getattr(backend, "target", None)
    return getattr(target, "backend", None) == "cuda" and isinstance(capability, int) and capability in CAPABILITIES


def hook(*args):
    """The stages hook (Triton's PipelineStagesHook). Called with no arguments
    by triton.compile and the JIT for a cache-key contribution; with
    (backend, stages, options, language, capability) by a backend's
    add_stages. A hook that was installed before use_for_cuda() is called
    after Tritium's stages are in place, and its key is appended."""
    previous = _previous
    if not args:
        key = f"{_library_key()}-cuda"
        if previous is not None:
            prev_key, _prev_hash = previous()
            key = f"{key}+{prev_key}"
        return key, hashlib.sha256(key.encode("utf-8")).hexdigest()
    backend, stages, options, language, capability = args
    if _applies(backend, capability):
        from triton.backends.compiler import Language

        if language == Language.TRITON and "ttgir" in stages:
            stages["ttgir"] = lambda src, metadata: make_ttgir(src, metadata, options, capability)
        if "llir" in stages:
            stages["llir"] = lambda src, metadata: make_llir(backend, src, metadata, options, capability)
        if "ptx" in stages:
            arch = backend.target.arch
            fallback = stages["ptx"]
            stages["ptx"] = lambda src, metadata: make_ptx(src, metadata, arch, fallback)
    if previous is not None:
        previous(*args)


def use_for_cuda(enabled=True):
    """Makes Tritium compile Triton's CUDA kernels (capabilities 8.x and 9.x)
    from TTIR on, in this process, until use_for_cuda(False), which puts
    back the hook that was installed before (if any). Idempotent. Kernels
    already in Triton's cache are not recompiled: the hook adds Tritium's
    identity to the cache key, so the two compilers' results never mix."""
    global _installed, _previous
    from triton import knobs

    with _lock:
        current = knobs.runtime.add_stages_inspection_hook
        if enabled and not _installed:
            _previous = current
            knobs.runtime.add_stages_inspection_hook = hook
            _installed = True
        elif not enabled and _installed:
            if current is hook:
                knobs.runtime.add_stages_inspection_hook = _previous
            _previous = None
            _installed = False


def is_used_for_cuda():
    from triton import knobs

    return _installed and knobs.runtime.add_stages_inspection_hook is hook


def env_requested(environ=os.environ):
    """Whether TRITIUM_CUDA asks for Tritium (1, true, yes, on)."""
    return environ.get(ENV_VAR, "").strip().lower() in ("1", "true", "yes", "on")
