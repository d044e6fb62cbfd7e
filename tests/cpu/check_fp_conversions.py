#!/usr/bin/env python3
"""Checks every `tt.fp_to_fp` conversion of the CPU backend bit for bit.

For each conversion Triton 3.9 lowers for cuda:80 (tests/cpu/fp_reference.py:
f32/f16/bf16 <-> e5m2, f32 -> f16/bf16 with rtne and rtz, f16 <-> bf16,
f16 -> f32), and f32/f16/bf16 <-> e4m3fn with the semantics of sm89 and later
(the CPU backend has them for the Triton backend's fp8e4nv) it builds a small TTIR kernel (out[i] = fp_to_fp(in[i])), compiles
it with the CPU backend (tests/cpu/cpu_runtime.py, the C API) and runs it over
every 8- or 16-bit input pattern, or for f32 sources over the specials, every
f32 pattern near a rounding boundary of f16, bf16 and e5m2, and random
patterns. The results are compared with the NumPy reference bit for bit, NaN
sign and payload included (Triton's sm80 NaN results are deterministic: see
fp_reference.py). Each conversion Triton rejects for cuda:80 must be refused
with a diagnostic.

Prints one line per conversion and a summary; exits 1 on any mismatch.

    python3 tests/cpu/check_fp_conversions.py [--lib build/lib/libtritium.so] [-v]
"""
import argparse
import os
import sys
import time

try:
    import numpy as np
except ImportError:  # a python3 without NumPy first in PATH: use Debian's
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("check_fp_conversions: NumPy is not installed (apt-get install python3-numpy); skipped")
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import fp_reference as R  # noqa: E402
from cpu_runtime import CpuError, CpuRuntime  # noqa: E402

BLOCK = 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=os.path.join(ROOT, "build/lib/libtritium.so"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    start = time.perf_counter()
    R.self_check()
    rt = CpuRuntime(args.lib)
    failures = 0
    total = 0
    # fp8e4nv (f8E4M3FN), which Triton 3.9 converts from sm89 on, with the
    # semantics of those GPUs (the tritium_cpu Triton backend offers it).
    e4m3 = [c for c in R.CONVERSIONS_SM89 if "f8E4M3FN" in c[:2]]
    checked = R.CONVERSIONS + e4m3
    for conv in checked:
        src, dst, _ = conv
        x = R.inputs(src)
        want = R.reference(conv, x, cc=89 if conv in e4m3 else 80)
        try:
            k, _ = rt.load(R.ttir(conv, BLOCK))
        except CpuError as err:
            print(f"{R.name(conv)}: FAIL (compile: {err})")
            failures += 1
            continue
        n = len(x)
        # One guard element past n must stay untouched (the mask).
        out = np.full(n + 1, 0x5A5A5A5A, dtype=np.uint64).astype(R.FORMATS[dst][2])
        guard = out[n].copy()
        k.launch(((n + BLOCK - 1) // BLOCK,), [x, out, np.int32(n)])
        got = out[:n]
        bad, first, payload = R.compare(conv, got, want)
        total += n
        if out[n] != guard:
            bad += 1
        if bad:
            failures += 1
            shown = ", ".join(f"in 0x{int(x[i]):x}: got 0x{int(got[i]):x} want 0x{int(want[i]):x}" for i in first)
            note = f", {payload} of them NaNs of another sign/payload" if payload else ""
            print(f"{R.name(conv)}: FAIL {bad}/{n} wrong{note} ({shown})")
        else:
            print(f"{R.name(conv)}: OK {n} inputs bit-exact")
    conv_failures = failures
    refused = 0
    for conv in R.REJECTED:
        try:
            rt.load(R.ttir(conv, BLOCK))
        except CpuError as err:
            refused += 1
            if args.verbose:
                print(f"{R.name(conv)}: refused: {str(err).splitlines()[0]}")
            continue
        failures += 1
        print(f"{R.name(conv)}: FAIL (compiled, but Triton 3.9 rejects it for cuda:80)")
    exact = len(checked) - conv_failures
    print(f"fp conversions: {exact}/{len(checked)} bit-exact ({total} results), "
          f"{refused}/{len(R.REJECTED)} unsupported refused, {time.perf_counter() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
