#!/usr/bin/env python3
"""Runs every corpus kernel on the CPU backend and checks it against NumPy.

Each kernel of /work/shared/corpus/nodebug/cuda_sm80/K.ttir.mlir (Triton's own
TTIR, make_ttir's output) is compiled in process by the CPU backend
(tritiumCpuKernelLoad: spec/cpu lowering, -O3 for the host, LLVM ORC JIT) and
launched over its grid on real threads (tritiumCpuKernelLaunch), at several
sizes including masked tails. Every output is compared with a NumPy reference
written here from the kernel definitions in corpus/kernels.py; elements a
mask leaves alone must keep their initial value.

Prints one line per kernel and `N/M kernels correct`; exits 1 on any wrong
result, 0 (with a note) when the corpus is absent.

    python3 tests/cpu/check_cpu_kernels.py [--corpus DIR] [--lib build/lib/libtritium.so] [-v]
"""
import argparse
import os
import sys

try:
    import numpy as np
except ImportError:  # e.g. a pyenv python3 first in PATH: use Debian's, which has python3-numpy
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("check_cpu_kernels: NumPy is not installed (apt-get install python3-numpy); skipped")
    sys.exit(0)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpu_runtime import CpuError, CpuRuntime  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

rng = np.random.default_rng(1234)


def cdiv(a, b):
    return (a + b - 1) // b


def close(got, want, rtol=1e-5, atol=1e-6):
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        return False, f"shape {got.shape} != {want.shape}"
    ok = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
    if ok.all():
        return True, ""
    bad = np.argwhere(~ok)[0]
    i = tuple(bad)
    return False, f"{(~ok).sum()} wrong, first at {i}: got {got[i]!r}, want {want[i]!r}"


def same(got, want):
    if np.array_equal(got, want):
        return True, ""
    bad = np.argwhere(got != want)[0]
    i = tuple(bad)
    return False, f"{(got != want).sum()} wrong, first at {i}: got {got[i]!r}, want {want[i]!r}"


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


# --- the kernels, from corpus/kernels.py -------------------------------------


def vec_add(k, threads):
    for n in (1, 1000, 3 * 1024, 5000):
        x, y = f32(n), f32(n)
        out = np.full(n + 7, -5.0, np.float32)
        k.launch((cdiv(n, 1024),), [x, y, out, n], threads)
        yield f"n={n}", close(out, np.concatenate([x + y, np.full(7, -5.0, np.float32)]), 0, 0)


def axpby_act(k, threads):
    for n, stride in ((512, 1), (1000, 3), (77, 2)):
        x = f32(n * stride)
        y = f32(n)
        scale = np.array([1.5], np.float32)
        out = np.full(n + 5, 9.0, np.float32)
        alpha, beta = np.float32(0.75), np.float32(-1.25)
        k.launch((cdiv(n, 512),), [x, y, scale, out, alpha, beta, n, stride], threads)
        xv = x[::stride][:n].astype(np.float64)
        yv = y.astype(np.float64)
        v = alpha * xv + beta * yv
        v = np.where(v > 0, v, 0.01 * v) * 1.5
        v = v + 1 / (1 + np.exp(-xv)) - np.exp(-np.abs(yv)) + np.sqrt(np.abs(xv) + 1)
        yield f"n={n} stride={stride}", close(out, np.concatenate([v, np.full(5, 9.0)]), 1e-5, 1e-5)


def softmax_rows(k, threads):
    for rows, cols in ((4, 256), (37, 100), (9, 1)):
        x = f32(rows, cols + 3) * 4
        out = np.full((rows, cols + 5), 7.0, np.float32)
        k.launch((cdiv(rows, 4),), [out, x, rows, cols, cols + 3, cols + 5], threads)
        xv = x[:, :cols].astype(np.float64)
        e = np.exp(xv - xv.max(axis=1, keepdims=True))
        want = out.copy().astype(np.float64)
        want[:, :cols] = e / e.sum(axis=1, keepdims=True)
        want[:, cols:] = 7.0
        yield f"{rows}x{cols}", close(out, want, 1e-5, 1e-6)


def matmul_f16(k, threads):
    for m, n, kk in ((128, 128, 32), (200, 160, 96), (64, 256, 40)):
        a = (rng.standard_normal((m, kk)) * 0.5).astype(np.float16)
        b = (rng.standard_normal((kk, n)) * 0.5).astype(np.float16)
        c = np.zeros((m, n), np.float16)
        grid = cdiv(m, 128) * cdiv(n, 128)
        k.launch((grid,), [a, b, c, m, n, kk, kk, n, n], threads)
        want = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
        yield f"{m}x{n}x{kk}", close(c, want, 2e-3, 2e-3)


def atomic_accumulate(k, threads):
    for n in (1024, 5000, 3):
        x = f32(n)
        s = np.zeros(1, np.float32)
        mx = np.array([-np.inf], np.float32)
        count = np.array([10], np.int32)
        bins = np.zeros(16, np.float32)
        flag = np.zeros(1, np.int32)
        grid = cdiv(n, 1024)
        k.launch((grid,), [x, s, mx, count, bins, flag, n], threads)
        want_bins = np.zeros(16, np.float64)
        np.add.at(want_bins, np.arange(n) % 16, x.astype(np.float64))
        checks = [
            close(s, [x.astype(np.float64).sum()], 1e-4, 1e-4),
            same(mx, np.array([x.max()], np.float32)),
            same(count, np.array([10 + grid], np.int32)),
            close(bins, want_bins, 1e-4, 1e-4),
            (1 <= flag[0] <= grid, f"flag {flag[0]} not a program id + 1"),
        ]
        bad = [d for ok, d in checks if not ok]
        yield f"n={n}", (not bad, "; ".join(bad))


def select_minmax(k, threads):
    for n in (1024, 3000, 10):
        x = f32(n)
        y = f32(n)
        x[::17] = np.nan
        y[5::23] = np.nan
        iv = rng.integers(-20, 20, n).astype(np.int32)
        out = np.full(n + 3, 4.0, np.float32)
        iout = np.full(n + 3, 99, np.int32)
        lo, hi = np.float32(-0.5), np.float32(0.8)
        k.launch((cdiv(n, 1024),), [x, y, iv, out, iout, lo, hi, n], threads)
        z = np.where(x > y, np.fmax(x, lo), np.fmin(y, hi))
        z = np.fmin(np.fmax(z, lo), hi)
        z = z + np.maximum(x, y)
        z = np.where(x != x, 0.0, z).astype(np.float32)
        w = np.maximum(iv, -7) + np.minimum(iv, 7)
        w = np.where(np.fmod(w, 2) == 0, w // 2, w * 3 + 1).astype(np.int32)
        r1 = close(out, np.concatenate([z, np.full(3, 4.0, np.float32)]), 0, 0)
        r2 = same(iout, np.concatenate([w, np.full(3, 99, np.int32)]))
        bad = [d for ok, d in (r1, r2) if not ok]
        yield f"n={n}", (not bad, "; ".join(bad))


def tdesc_scale(k, threads):
    for m, n in ((64, 64), (96, 80), (160, 48)):
        a = rng.standard_normal((m, n)).astype(np.float16)
        out = np.zeros((m, n), np.float16)
        factor = np.float32(1.75)
        k.launch((cdiv(m, 64), cdiv(n, 64)), [a, out, m, n, factor], threads)
        want = (a.astype(np.float32) * factor).astype(np.float16)
        yield f"{m}x{n}", same(out, want)


def histogram_bins(k, threads):
    for n in (1024, 2500, 5):
        x = rng.integers(-10, 80, n).astype(np.int32)
        hist = np.full(64, 3, np.int32)
        k.launch((cdiv(n, 1024),), [x, hist, n], threads)
        want = 3 + np.bincount(np.clip(x, 0, 63), minlength=64).astype(np.int32)
        yield f"n={n}", same(hist, want)


def loop_carried(k, threads):
    for rows, chunks, inner in ((3, 4, 3), (2, 1, 0), (5, 7, 5)):
        stride = chunks * 256 + 16
        x = (rng.random(rows * stride).astype(np.float32) * 2 + 0.5).astype(np.float32)
        out = np.zeros(rows * 256, np.float32)
        stats = np.zeros(rows * 2, np.float32)
        k.launch((rows,), [x, out, stats, chunks, inner, stride], threads)
        want_out = np.zeros(rows * 256, np.float32)
        want_stats = np.zeros(rows * 2, np.float32)
        for r in range(rows):
            run_sum = np.zeros(256, np.float32)
            run_max = np.full(256, -np.inf, np.float32)
            alt = np.zeros(256, np.float32)
            count = 0
            for i in range(chunks):
                v = x[r * stride + i * 256:r * stride + (i + 1) * 256]
                alt = alt + v if i % 2 == 0 else alt - v
                acc_in = np.zeros(256, np.float32)
                for j in range(inner):
                    acc_in = acc_in * np.float32(0.5) + v * np.float32(j)
                run_sum = run_sum + acc_in
                run_max = np.maximum(run_max, v)
                count += 1
            want_out[r * 256:(r + 1) * 256] = run_sum / np.float32(count) + alt
            acc = np.float32(run_max.astype(np.float64).sum())
            kk = 0
            while acc > 1.0:
                acc = np.float32(acc * np.float32(0.5))
                kk += 1
            want_stats[2 * r:2 * r + 2] = [acc, kk]
        r1 = close(out, want_out, 1e-5, 1e-5)
        r2 = close(stats, want_stats, 1e-4, 1e-5)
        bad = [d for ok, d in (r1, r2) if not ok]
        yield f"rows={rows} chunks={chunks} inner={inner}", (not bad, "; ".join(bad))


def static_unroll(k, threads):
    for n, reps in ((1024, 5), (3000, 0), (7, 9)):
        x = (f32(n) * 0.5).astype(np.float32)
        out = np.full(n + 2, -1.0, np.float32)
        k.launch((cdiv(n, 1024),), [x, out, n, reps], threads)
        term = np.ones(n, np.float32)
        acc = np.ones(n, np.float32)
        for i in range(1, 7):
            term = term * x / np.float32(i)
            acc = acc + term
        for _ in range(reps):
            acc = acc * np.float32(0.999) + np.float32(0.001) * x
        coef = np.float32(((n % 7) + reps) * 0.125)
        acc = acc + x * coef
        yield f"n={n} reps={reps}", close(out, np.concatenate([acc, [-1.0, -1.0]]), 1e-5, 1e-6)


def shape_ops(k, threads):
    for _ in range(2):
        x = f32(32, 32)
        y = f32(32, 32)
        out = np.zeros((32, 64), np.float32)
        stat = np.zeros(32 * 3, np.float32)
        k.launch((1,), [x, y, out, stat], threads)
        il = np.stack([x, y], axis=-1).reshape(32, 64)
        want = il + il.astype(np.float64).sum(axis=0)[None, :]
        want_stat = np.stack([x.astype(np.float64).sum(1), (x.astype(np.float64) ** 2).sum(1), y.min(1)], axis=1).reshape(-1)
        r1 = close(out, want, 1e-5, 1e-5)
        r2 = close(stat, want_stat, 1e-5, 1e-5)
        bad = [d for ok, d in (r1, r2) if not ok]
        yield "32x32", (not bad, "; ".join(bad))


def dot_i8_tf32(k, threads):
    for _ in range(2):
        a8 = rng.integers(-128, 128, (64, 32)).astype(np.int8)
        b8 = rng.integers(-128, 128, (32, 64)).astype(np.int8)
        af = f32(64, 32)
        bf = f32(32, 64)
        ci = np.zeros((64, 64), np.int32)
        cf = np.zeros((64, 64), np.float32)
        k.launch((1,), [a8, b8, af, bf, ci, cf], threads)
        r1 = same(ci, a8.astype(np.int32) @ b8.astype(np.int32))
        r2 = close(cf, af.astype(np.float64) @ bf.astype(np.float64), 1e-4, 1e-4)
        bad = [d for ok, d in (r1, r2) if not ok]
        yield "64x64x32", (not bad, "; ".join(bad))


KERNELS = [vec_add, axpby_act, softmax_rows, matmul_f16, atomic_accumulate, select_minmax, tdesc_scale, histogram_bins,
           loop_carried, static_unroll, shape_ops, dot_i8_tf32]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.environ.get("CORPUS", os.path.join(ROOT, "..", "shared", "corpus")))
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "lib", "libtritium.so"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    folder = os.path.join(args.corpus, "nodebug", "cuda_sm80")
    if not os.path.isdir(folder):
        print(f"check_cpu_kernels: no corpus at {folder}; skipped")
        return 0
    runtime = CpuRuntime(args.lib)
    correct = 0
    for fn in KERNELS:
        path = os.path.join(folder, fn.__name__ + ".ttir.mlir")
        failures = []
        try:
            kernel, seconds = runtime.load(open(path).read())
            cases = 0
            for threads in (2, 1):
                for label, (ok, detail) in fn(kernel, threads):
                    cases += 1
                    if args.verbose or not ok:
                        print(f"  {fn.__name__} {label} threads={threads}: {'ok' if ok else 'WRONG ' + detail}")
                    if not ok:
                        failures.append(label)
        except (CpuError, OSError) as e:
            failures.append(str(e).strip())
            seconds, cases = 0.0, 0
        if failures:
            print(f"cpu {fn.__name__}: WRONG ({'; '.join(failures)[:300]})")
        else:
            correct += 1
            print(f"cpu {fn.__name__}: correct ({cases} runs, compiled in {seconds * 1000:.0f} ms)")
    print(f"cpu: {correct}/{len(KERNELS)} kernels correct")
    return 0 if correct == len(KERNELS) else 1


if __name__ == "__main__":
    sys.exit(main())
