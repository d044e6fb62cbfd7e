#!/usr/bin/env python3
"""Runs extra GPU kernels (tests/gpu/extra) on the CPU backend against the GPU harness' NumPy references.

Each kernel K is Triton 3.9's own TTIR (tests/gpu/extra/cuda_sm80/K.ttir.mlir, written by
tests/gpu/extra/generate.py from a @triton.jit kernel in tests/gpu/extra/kernels.py), compiled in
process by the CPU backend (tritiumCpuKernelLoad) and launched over the grid of every correctness case
of its @spec in tests/gpu/run_gpu.py. The spec builds the inputs, the initial outputs (NaN or sentinel
values, so an element that is never written shows up) and the checks; the same references then judge
the PTX on the GPU. The random inputs are seeded as run_gpu.py seeds them.

Prints one line per kernel and `cpu extra: N/M kernels correct`; exits 1 on any wrong result or
failed compile.

    python3 tests/cpu/check_extra_kernels.py [--kernels x_select_scalar,...] [--lib build/lib/libtritium.so]
"""
import argparse
import json
import os
import sys

try:
    import numpy as np
except ImportError:  # e.g. a pyenv python3 first in PATH: use Debian's, which has python3-numpy
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("check_extra_kernels: NumPy is not installed (apt-get install python3-numpy); skipped")
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "gpu"))
from cpu_runtime import CpuError, CpuRuntime  # noqa: E402
import run_gpu  # noqa: E402  (the references; imports only numpy at load time)
from launch_abi import is_descriptor  # noqa: E402

EXTRA = os.path.join(ROOT, "tests", "gpu", "extra", "cuda_sm80")
# Left out by default: x_sort_flip and x_sort_kv take 15 s each to compile for the CPU (any kernel can be
# named with --kernels).
SLOW = {"x_sort_flip", "x_sort_kv"}


def default_kernels():
    """Every extra kernel with Triton's TTIR and a @spec, but the slow ones."""
    names = sorted(f[: -len(".ttir.mlir")] for f in os.listdir(EXTRA) if f.endswith(".ttir.mlir"))
    return [n for n in names if n in run_gpu.SPECS and n not in SLOW]


def run_kernel(runtime, name, verbose):
    """Returns (failures, number of runs, compile seconds)."""
    meta = json.load(open(os.path.join(EXTRA, f"{name}.meta.json")))
    constexprs = meta["constexprs"]
    spec = run_gpu.SPECS[name]
    kernel, seconds = runtime.load(open(os.path.join(EXTRA, f"{name}.ttir.mlir")).read())
    params = [(a, t) for a, t in meta["signature"].items() if t != "constexpr"]
    failures, runs = [], 0
    for ci, case in enumerate(spec["cases"]):
        for threads in (2, 1):
            rng = np.random.default_rng(1000 + 7919 * ci + sum(map(ord, name)))
            prob = spec["build"](case, constexprs, rng)
            bufs = {k: np.ascontiguousarray(v).reshape(-1).copy() for k, v in prob.arrays.items()}
            for table, addrs in run_gpu.fill_ptr_tables(prob, lambda a: bufs[a].ctypes.data).items():
                bufs[table][:] = addrs
            args = []
            for a, t in params:
                if is_descriptor(t):  # base pointer, then shape/strides/flags (tests/gpu/launch_abi.py)
                    args += [bufs[a], *prob.scalars[a].values(a, t)]
                else:
                    args.append(bufs[a] if a in bufs else prob.scalars[a])
            kernel.launch(prob.grid, args, threads)
            runs += 1
            bad = [m for m in (chk(an, bufs[an]) for an, chk in prob.checks()) if m]
            if verbose or bad:
                print(f"  {name} [{prob.desc}] threads={threads}: {'ok' if not bad else 'WRONG ' + '; '.join(bad)}")
            failures += [f"[{prob.desc}] {m}" for m in bad]
    return failures, runs, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", default="", help="comma separated (default: every extra kernel but %s)" % ", ".join(SLOW))
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "lib", "libtritium.so"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    names = [k for k in args.kernels.split(",") if k] or default_kernels()
    runtime = CpuRuntime(args.lib)
    correct = 0
    for name in names:
        try:
            failures, runs, seconds = run_kernel(runtime, name, args.verbose)
        except (CpuError, OSError, KeyError) as e:
            failures, runs, seconds = [f"{type(e).__name__}: {str(e).strip()}"], 0, 0.0
        if failures:
            print(f"cpu {name}: WRONG ({'; '.join(failures)[:400]})")
        else:
            correct += 1
            print(f"cpu {name}: correct ({runs} runs, compiled in {seconds * 1000:.0f} ms)")
    print(f"cpu extra: {correct}/{len(names)} kernels correct")
    return 0 if correct == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
