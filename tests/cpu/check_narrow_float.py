#!/usr/bin/env python3
"""Checks the CPU backend's f16/bf16 conversions and arithmetic against NumPy (issue 22, class 5).

The CPU backend computes on f16/bf16 in f32 with inline conversions (spec/cpu/src/narrow_float.rs)
instead of calling compiler-rt builtins (__truncsfbf2, __truncsfhf2, __extendhfsf2, ...). The kernel
tests/cpu/Inputs/narrow-float.mlir converts f32 and f64 values to bf16 and f16, every one of the
65536 bf16 and f16 bit patterns to f32, computes + * / sqrt minimum in bf16 and f16, converts i32 to
and from them, and compares bf16 values. The references here do not use the kernel's bit tricks:
a rounding picks the nearest of the format's values (all 65536 enumerated, as float64; infinity
counts as the next value after the largest finite one, 2^128 for bf16 and 2^16 for f16), ties to the
even bit pattern; arithmetic is exact or correctly rounded in float64 first (float64 has more than
twice the precision plus two bits of both formats, so that rounding twice is the same as once).

Inputs: special values (zeros, subnormals, ties, the overflow threshold, infinities, NaNs), random
bit patterns of f32, and f64 values next to the midpoints between neighbouring bf16/f16 values.
The kernel runs at -O3 with the host's vectors, with 128-bit vectors, and at -O0.

    python3 tests/cpu/check_narrow_float.py [--lib build/lib/libtritium.so] [-v]
"""
import argparse
import os
import sys
import warnings

try:
    import numpy as np
except ImportError:
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("check_narrow_float: NumPy is not installed (apt-get install python3-numpy); skipped")
    sys.exit(0)

warnings.filterwarnings("ignore", category=RuntimeWarning)  # NaN and overflow casts of the references
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from cpu_runtime import CpuError, CpuRuntime  # noqa: E402

KERNEL = os.path.join(HERE, "Inputs", "narrow-float.mlir")


class Format:
    """The non-negative values of a 16-bit float format, for rounding by search."""

    def __init__(self, name, to_float64, inf_bits, inf_value):
        self.name = name
        bits = np.arange(inf_bits, dtype=np.uint32)  # +0 ... the largest finite value
        self.values = np.append(to_float64(bits.astype(np.uint16)), inf_value)
        self.bits = np.append(bits, inf_bits).astype(np.uint16)
        assert np.all(np.diff(self.values) > 0)
        self.to_float64 = to_float64

    def round(self, x):
        """Bits of x (float64) rounded to nearest, ties to even; NaN -> 0x7fff (any NaN matches)."""
        x = np.asarray(x, np.float64)
        a = np.abs(x)
        hi = np.clip(np.searchsorted(self.values, a, side="left"), 0, len(self.values) - 1)
        lo = np.clip(hi - 1, 0, None)
        dlo = np.where(np.isinf(a), np.inf, a - self.values[lo])
        dhi = np.where(np.isinf(a), 0.0, self.values[hi] - a)
        exact = self.values[hi] == a
        pick_hi = exact | (dhi < dlo) | ((dhi == dlo) & (self.bits[hi] % 2 == 0))
        out = np.where(pick_hi, self.bits[hi], self.bits[lo]).astype(np.uint16)
        out = out | np.where(np.signbit(x), 0x8000, 0).astype(np.uint16)
        return np.where(np.isnan(x), 0x7FFF, out).astype(np.uint16)


def bf16_to_f64(bits):
    return (np.asarray(bits, np.uint32) << 16).view(np.float32).astype(np.float64)


def f16_to_f64(bits):
    return np.asarray(bits, np.uint16).view(np.float16).astype(np.float64)


BF16 = Format("bf16", bf16_to_f64, 0x7F80, 2.0 ** 128)
F16 = Format("f16", f16_to_f64, 0x7C00, 2.0 ** 16)


def is_nan_bits(bits, fmt):
    b = np.asarray(bits, np.uint16) & 0x7FFF
    return b > (0x7F80 if fmt is BF16 else 0x7C00)


def compare_bits(name, got, want, fmt, skip=None):
    """Bit patterns must be equal; a NaN only needs to be a NaN."""
    got = np.asarray(got, np.uint16)
    want = np.asarray(want, np.uint16)
    want_nan = want == 0x7FFF
    ok = np.where(want_nan, is_nan_bits(got, fmt), got == want)
    if skip is not None:
        ok |= skip
    if ok.all():
        return None
    i = int(np.flatnonzero(~ok)[0])
    return f"{name}: {int((~ok).sum())} wrong, first at [{i}]: got 0x{int(got[i]):04x}, want 0x{int(want[i]):04x}"


def inputs(rng):
    f32max = float(np.finfo(np.float32).max)
    special = [0.0, -0.0, 1.0, -1.0, 1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8, 1.0 + 2 ** -11, 1.0 + 3 * 2 ** -11,
               65504.0, 65519.0, 65520.0, 65536.0, -65520.0, 2.0 ** -14, 2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -26,
               2.0 ** -126, 2.0 ** -133, 2.0 ** -149, f32max, -f32max, 3.3895313892515355e38, 3.389531e38,
               np.inf, -np.inf, np.nan, -np.nan, 1e-40, -1e-45, 0.1, 1 / 3, 2.0 ** 127 * 1.99]
    x = np.array(special, np.float32)
    rand_bits = rng.integers(0, 1 << 32, 60000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    # values near the rounding boundaries of both formats, in their ranges
    scale = np.exp2(rng.integers(-30, 20, 8000)).astype(np.float32)
    near = (rng.integers(1, 1 << 12, 8000) * np.float32(2.0 ** -11) * scale).astype(np.float32)
    x = np.concatenate([x, rand_bits, near]).astype(np.float32)
    n = len(x)
    y = np.concatenate([np.array(special[::-1], np.float32), rng.standard_normal(n - len(special)).astype(np.float32)
                        * np.exp2(rng.integers(-20, 20, n - len(special))).astype(np.float32)])
    # f64: midpoints between neighbouring bf16 / f16 values, nudged by a few float64 ulps either way
    k = rng.integers(0, 0x7F7F, n // 2)
    mids_b = (BF16.values[k] + BF16.values[k + 1]) / 2
    kk = rng.integers(0, 0x7BFF, n - n // 2)
    mids_h = (F16.values[kk] + F16.values[kk + 1]) / 2
    d = np.concatenate([mids_b, mids_h])
    d = d * np.where(rng.random(n) < 0.5, 1.0, -1.0)
    nudge = rng.integers(-2, 3, n)
    d = np.array([np.nextafter(v, np.inf * s) if s else v for v, s in zip(d, nudge)], np.float64)
    d[: len(special)] = np.array(special, np.float64)
    bits = np.arange(n, dtype=np.uint32) % 65536
    iv = np.concatenate([np.array([0, 1, -1, 255, 256, 257, 2049, 2051, 65519, 65520, 1 << 24, (1 << 24) + 1,
                                   (1 << 31) - 1, -(1 << 31), 16777217, -16777217], np.int64),
                         rng.integers(-(1 << 31), 1 << 31, n - 16)]).astype(np.int32)
    return x, y, d, bits.astype(np.uint16), iv


def check(kernel, x, y, d, bits, iv, threads):
    n = len(x)
    out = dict(xb=np.zeros(n, np.uint16), xh=np.zeros(n, np.uint16), db=np.zeros(n, np.uint16),
               dh=np.zeros(n, np.uint16), eb=np.zeros(n, np.float32), eh=np.zeros(n, np.float32),
               ab=np.zeros(5 * n, np.uint16), ah=np.zeros(5 * n, np.uint16), ib=np.zeros(n, np.uint16),
               ih=np.zeros(n, np.uint16), bi=np.zeros(n, np.int32), lt=np.zeros(n, np.int8))
    kernel.launch(((n + 1023) // 1024,), [x, y, d, bits, bits, iv] + list(out.values()) + [n], threads)
    errors = []

    def add(e):
        if e:
            errors.append(e)

    xb_want, xh_want = BF16.round(x.astype(np.float64)), F16.round(x.astype(np.float64))
    add(compare_bits("f32->bf16", out["xb"], xb_want, BF16))
    add(compare_bits("f32->f16", out["xh"], xh_want, F16))
    add(compare_bits("f64->bf16", out["db"], BF16.round(d), BF16))
    add(compare_bits("f64->f16", out["dh"], F16.round(d), F16))
    for name, got, ref in (("bf16->f32", out["eb"], bf16_to_f64(bits)), ("f16->f32", out["eh"], f16_to_f64(bits))):
        g = got.astype(np.float64)
        ok = (g == ref) & (np.signbit(g) == np.signbit(ref)) | (np.isnan(g) & np.isnan(ref))
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            errors.append(f"{name}: {int((~ok).sum())} wrong, first at [{i}] (bits 0x{int(bits[i]):04x}): "
                          f"got {g[i]!r}, want {ref[i]!r}")
    with np.errstate(all="ignore"):
        for fmt, key, xs in ((BF16, "ab", xb_want), (F16, "ah", xh_want)):
            a = fmt.to_float64(xs)
            b = fmt.to_float64(fmt.round(y.astype(np.float64)))
            a = np.where(xs == 0x7FFF, np.nan, a)
            results = [a + b, a * b, a / b, np.sqrt(np.abs(a)), np.minimum(a, b)]
            got = out[key].reshape(n, 5)
            for k, (op, want) in enumerate(zip(("+", "*", "/", "sqrt", "minimum"), results)):
                skip = None
                if op == "minimum":  # -0 and +0 may come either way
                    skip = (want == 0) & ((got[:, k] & 0x7FFF) == 0)
                add(compare_bits(f"{fmt.name} {op}", got[:, k], fmt.round(want), fmt, skip))
        add(compare_bits("i32->bf16", out["ib"], BF16.round(iv.astype(np.float64)), BF16))
        add(compare_bits("i32->f16", out["ih"], F16.round(iv.astype(np.float64)), F16))
        xbv = BF16.to_float64(xb_want)
        valid = (xb_want != 0x7FFF) & (np.abs(xbv) < 2.0 ** 31)
        want_i = np.trunc(np.where(valid, xbv, 0)).astype(np.int64)
        bad = valid & (out["bi"].astype(np.int64) != want_i)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            errors.append(f"bf16->i32: {int(bad.sum())} wrong, first at [{i}]: got {out['bi'][i]}, want {want_i[i]}")
        ybv = BF16.to_float64(BF16.round(y.astype(np.float64)))
        want_lt = (np.where(xb_want == 0x7FFF, np.nan, xbv) < ybv).astype(np.int8)
        if not np.array_equal(out["lt"], want_lt):
            i = int(np.flatnonzero(out["lt"] != want_lt)[0])
            errors.append(f"bf16 olt: wrong at [{i}]: got {out['lt'][i]}, want {want_lt[i]}")
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "lib", "libtritium.so"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    rng = np.random.default_rng(22)
    data = inputs(rng)
    runtime = CpuRuntime(args.lib)
    text = open(KERNEL).read()
    failed = 0
    for opt, vbits in ((3, 0), (3, 128), (0, 0)):
        label = f"-O{opt} vectors {'host' if vbits == 0 else vbits}"
        try:
            kernel, seconds = runtime.load(text, opt_level=opt, vector_bits=vbits)
            errors = check(kernel, *data, threads=2)
        except CpuError as e:
            errors = [str(e).strip()]
        if errors:
            failed += 1
            print(f"narrow float {label}: WRONG")
            for e in errors:
                print(f"  {e}")
        else:
            print(f"narrow float {label}: correct ({len(data[0])} elements x 20 results)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
