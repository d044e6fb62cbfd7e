#!/usr/bin/env python3
"""run_gpu.py -- GPU correctness + speed harness for Tritium's PTX vs Triton 3.9's (runs ON the device machine).

Reads a bundle made by tests/gpu/bundle.py (triton/K.ptx + K.meta.json, tritium/K.ptx + K.json), loads each PTX
with the CUDA driver (CuPy RawModule -> cuModuleLoad, PTX JIT), launches it with Triton 3.9's kernel ABI
(non-constexpr args in signature order, then the global- and profile-scratch pointers; block = num_warps*32;
dynamic shared = `shared` bytes), and compares every output buffer with a NumPy reference written from the
kernel's definition in the corpus' kernels.py.  Every buffer has guard zones on both sides that must stay intact.
Each kernel runs in its own worker process (an illegal address poisons a CUDA context); a worker that dies is
re-spawned for the slots it had not finished.  Then each kernel is timed (CUDA events around a CUDA graph of
back-to-back launches, median over interleaved trials) on a large size, and memory-bound kernels get GB/s
against a device-to-device copy (torch copy_) measured in the same run.

    python3 tests/gpu/run_gpu.py --bundle build/gpu-bundle [--kernels a,b] [--no-timing] [--json PATH]

Prints `K: tritium OK|FAIL (details) triton OK|FAIL`, `N/M kernels correct`, timing lines, and writes
$OUT/gpu_results.json when $OUT is set.  Needs numpy + cupy (torch only for the copy baseline).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import numpy as np

from launch_abi import (HostDesc, descriptor_metas, descriptor_scalars, driver_launch, encode_tensor_map,  # noqa: F401
                        is_descriptor, launch_params, load_libcuda, ptx_param_types, tensor_map_encode_args)

PAD = 64  # guard elements on each side of every device buffer
GUARD_BYTE = 0xA5
SLOTS = ("triton", "tritium")


def cdiv(a, b):
    return (a + b - 1) // b


def ru(a, b):
    return cdiv(a, b) * b


# ============================================================================================================
# checks (each returns None when fine, else a short message)
# ============================================================================================================
def _first_bad(name, got, exp, bad, extra=""):
    idx = np.flatnonzero(bad)
    i = int(idx[0])
    return (f"{name}: {idx.size}/{bad.size} wrong{extra}, first at [{i}] got {got.reshape(-1)[i]!r} "
            f"want {exp.reshape(-1)[i]!r}")


def check_exact(exp):
    exp = np.asarray(exp)

    def f(name, got):
        g, e = got.reshape(-1), exp.reshape(-1)
        if g.dtype.kind == "f":
            bad = ~((g == e) | (np.isnan(g) & np.isnan(e)))
        else:
            bad = g != e
        return _first_bad(name, g, e, bad) if bad.any() else None
    return f


def check_close(exp, rtol, atol):
    """|got-exp| <= atol + rtol*|exp| elementwise (atol may be an array); NaN == NaN, inf == same inf."""
    exp = np.asarray(exp, dtype=np.float64)

    def f(name, got):
        g = got.astype(np.float64).reshape(-1)
        e = exp.reshape(-1)
        a = np.broadcast_to(np.asarray(atol, dtype=np.float64), exp.shape).reshape(-1)
        with np.errstate(invalid="ignore", over="ignore"):
            err = np.abs(g - e)
            ok = err <= a + rtol * np.abs(e)
        ok |= (np.isnan(g) & np.isnan(e)) | (np.isinf(e) & (g == e))
        bad = ~ok
        if not bad.any():
            return None
        fin = np.where(np.isfinite(err), err, np.inf)
        return _first_bad(name, g, e, bad, f" (max abs err {np.max(fin):.3g}, rtol {rtol:g})")
    return f


def check_close_as(decode, exp, rtol, atol):
    """check_close on decode(got): for outputs stored in a format NumPy lacks (bf16 bits, fp8 bytes)."""
    inner = check_close(exp, rtol, atol)
    return lambda name, got: inner(name, decode(np.asarray(got)))


def check_fn(pred_msg):
    """pred_msg(got) -> None | message."""
    def f(name, got):
        m = pred_msg(got)
        return None if m is None else f"{name}: {m}"
    return f


class Problem:
    """One launch: grid, host arrays keyed by pointer-arg name (initial contents, outputs included),
    scalars keyed by arg name, and a lazily built list of (arg name, check) for the outputs."""

    def __init__(self, grid, arrays, scalars, make_checks, nbytes=0, flops=0, desc="", ptr_tables=None):
        self.grid = tuple(int(g) for g in grid) + (1,) * (3 - len(grid))
        self.arrays = arrays
        # ptr_tables: {table array name: [(array name, element offset), ...]}: the harness writes the device
        # address of each (array, offset) into the table (an int64 array of that length) before the launch.
        self.ptr_tables = ptr_tables or {}
        self.scalars = scalars
        self.make_checks = make_checks
        self.nbytes = nbytes
        self.flops = flops
        self.desc = desc
        self._checks = None

    def checks(self):
        if self._checks is None:
            self._checks = self.make_checks()
        return self._checks


def fill_ptr_tables(prob, address_of):
    """The contents of prob's pointer tables: {table: int64 array}, address_of(array name) = the address of
    that array's element 0 where the kernel sees it."""
    out = {}
    for table, entries in prob.ptr_tables.items():
        out[table] = np.array([address_of(a) + off * np.asarray(prob.arrays[a]).dtype.itemsize for a, off in entries],
                              dtype=np.int64)
    return out


def nan_f32(n):
    return np.full(n, np.nan, np.float32)


def sentinel_i32(n):
    return np.full(n, 0x7F7F7F7F, np.int32)


# ============================================================================================================
# kernel specs: cases (correctness), perf (timing), build(case, constexprs, rng) -> Problem
# Each reference is written from kernels.py; Triton's PTX is the ground truth for the semantics.
# Sizes respect the compile-time specialisation: args with tt.divisibility=16 get multiples of 16.
# ============================================================================================================
SPECS = {}


def spec(name, cases, perf, membound=False):
    def deco(build):
        SPECS[name] = dict(build=build, cases=cases, perf=perf, membound=membound)
        return build
    return deco


def randn(rng, n, scale=1.0):
    return (rng.standard_normal(n) * scale).astype(np.float32)


# vec_add: out = x + y under the mask; n_elements is specialised divisible by 16 (the PTX stores 4-wide
# with one predicate per vector), so the masked tails here are multiples of 16.
@spec("vec_add", cases=[dict(n=n) for n in (16, 1008, 1024, 1040, 5136, 100000, 1 << 20)],
      perf=dict(n=1 << 25), membound=True)
def build_vec_add(p, C, rng):
    n = p["n"]
    x, y = randn(rng, n), randn(rng, n)
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=x, y_ptr=y, out_ptr=nan_f32(n)), dict(n_elements=n),
                   lambda: [("out_ptr", check_exact(x + y))], nbytes=12 * n, desc=f"n={n}")


# axpby_act: strided x (stride_x), masked loads with other=0 / 1, a scalar load, leaky relu, sigmoid/exp/sqrt
# (Triton: ex2.approx, div.full, sqrt.approx.ftz -> relative tolerance).
@spec("axpby_act", cases=[dict(n=1, s=1), dict(n=511, s=1), dict(n=512, s=3), dict(n=515, s=1),
                          dict(n=100003, s=2), dict(n=1 << 20, s=1)],
      perf=dict(n=1 << 25, s=1), membound=True)
def build_axpby_act(p, C, rng):
    n, s = p["n"], p["s"]
    x = randn(rng, (n - 1) * s + 1, 2.0)
    y = randn(rng, n, 2.0)
    scale = np.array([0.8], np.float32)
    alpha, beta = np.float32(1.5), np.float32(-0.75)

    def ref():
        xs = x[::s][:n].astype(np.float64)
        y64 = y.astype(np.float64)
        v = float(alpha) * xs + float(beta) * y64
        v = np.where(v > 0.0, v, 0.01 * v) * float(scale[0])
        v = v + 1.0 / (1.0 + np.exp(-xs)) - np.exp(-np.abs(y64)) + np.sqrt(np.abs(xs) + 1.0)
        return [("out_ptr", check_close(v, 2e-5, 2e-5))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=x, y_ptr=y, scale_ptr=scale, out_ptr=nan_f32(n)),
                   dict(alpha=alpha, beta=beta, n=n, stride_x=s), ref, nbytes=12 * n, desc=f"n={n} stride_x={s}")


# softmax_rows: ROWS rows per program, n_cols <= BLOCK_N, strides specialised divisible by 16; the padding
# columns of out (c >= n_cols) must stay untouched (NaN).
@spec("softmax_rows", cases=[dict(r=1, c=1, si=16, so=16), dict(r=3, c=100, si=128, so=112),
                             dict(r=4, c=256, si=256, so=256), dict(r=5, c=255, si=272, so=256),
                             dict(r=1001, c=200, si=224, so=208), dict(r=4099, c=129, si=144, so=160),
                             dict(r=64, c=17, si=32, so=48)],
      perf=dict(r=131072, c=256, si=256, so=256), membound=True)
def build_softmax_rows(p, C, rng):
    r, c, si, so = p["r"], p["c"], p["si"], p["so"]
    assert c <= C["BLOCK_N"]
    x = randn(rng, r * si, 3.0)
    out = nan_f32(r * so)

    def ref():
        xm = x.reshape(r, si)[:, :c].astype(np.float64)
        e = np.exp(xm - xm.max(axis=1, keepdims=True))
        want = np.full((r, so), np.nan)
        want[:, :c] = e / e.sum(axis=1, keepdims=True)
        return [("out_ptr", check_close(want, 2e-5, 1e-7))]
    return Problem((cdiv(r, C["ROWS"]),), dict(out_ptr=out, in_ptr=x),
                   dict(n_rows=r, n_cols=c, in_stride=si, out_stride=so), ref, nbytes=8 * r * c,
                   desc=f"rows={r} cols={c} in_stride={si} out_stride={so}")


# atomic_accumulate: float atomics (order-dependent sums -> tolerance scaled by sum|x|), float atomic max
# (exact), a relaxed counter (== number of programs), scatter-add into NBINS bins, atomic_cas(flag, 0, pid+1)
# (exactly one program wins: 1 <= flag <= programs).
@spec("atomic_accumulate", cases=[dict(n=n) for n in (1, 1023, 1024, 1027, 100003, 1 << 20)],
      perf=dict(n=1 << 22))
def build_atomic_accumulate(p, C, rng):
    n, B, NB = p["n"], C["BLOCK"], C["NBINS"]
    G = cdiv(n, B)
    x = randn(rng, n)
    arrays = dict(x_ptr=x, sum_ptr=np.zeros(1, np.float32), max_ptr=np.full(1, -np.inf, np.float32),
                  count_ptr=np.zeros(1, np.int32), bins_ptr=np.zeros(NB, np.float32), flag_ptr=np.zeros(1, np.int32))

    def ref():
        x64 = x.astype(np.float64)
        bidx = np.arange(n) % NB
        bins = np.bincount(bidx, weights=x64, minlength=NB)
        babs = np.bincount(bidx, weights=np.abs(x64), minlength=NB)
        return [("sum_ptr", check_close([x64.sum()], 0.0, 1e-5 + 2e-6 * np.abs(x64).sum())),
                ("max_ptr", check_exact(np.array([x.max()], np.float32))),
                ("count_ptr", check_exact(np.array([G], np.int32))),
                ("bins_ptr", check_close(bins, 0.0, 1e-5 + 2e-6 * babs)),
                ("flag_ptr", check_fn(lambda g: None if 1 <= int(g[0]) <= G else
                                      f"flag {int(g[0])} not in [1, {G}]"))]
    return Problem((G,), arrays, dict(n=n), ref, nbytes=4 * n, desc=f"n={n}")


# select_minmax: where / maximum / minimum (maxnum/minnum: NaN-dropping), clamp, maximum(propagate_nan=ALL),
# NaN-zeroing, and int32 max/min/%/trunc-div (C semantics).  Exact, NaN-aware.  NaNs and ties injected.
@spec("select_minmax", cases=[dict(n=n) for n in (1, 1023, 1024, 1029, 100003)],
      perf=dict(n=1 << 25), membound=True)
def build_select_minmax(p, C, rng):
    n = p["n"]
    x, y = randn(rng, n, 2.0), randn(rng, n, 2.0)
    y = np.where(rng.random(n) < 0.03, x, y).astype(np.float32)
    x[rng.random(n) < 0.02] = np.nan
    y[rng.random(n) < 0.02] = np.nan
    small = rng.integers(-20, 21, n)
    big = rng.integers(-10 ** 8, 10 ** 8, n)
    iv = np.where(rng.random(n) < 0.5, small, big).astype(np.int32)
    lo, hi = np.float32(-1.0), np.float32(1.5)

    def ref():
        with np.errstate(invalid="ignore"):
            z = np.where(x > y, np.fmax(x, lo), np.fmin(y, hi)).astype(np.float32)
            z = np.fmin(np.fmax(z, lo), hi).astype(np.float32)
            z = (z + np.maximum(x, y)).astype(np.float32)
            z = np.where(np.isnan(x), np.float32(0.0), z).astype(np.float32)
        i64 = iv.astype(np.int64)
        i64 = np.maximum(i64, -7) + np.minimum(i64, 7)
        half = np.sign(i64) * (np.abs(i64) // 2)  # trunc division (arith.divsi)
        iw = np.where(i64 % 2 == 0, half, i64 * 3 + 1).astype(np.int32)
        return [("out_ptr", check_exact(z)), ("iout_ptr", check_exact(iw))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=x, y_ptr=y, i_ptr=iv, out_ptr=nan_f32(n), iout_ptr=sentinel_i32(n)),
                   dict(lo=lo, hi=hi, n=n), ref, nbytes=20 * n, desc=f"n={n}")


# histogram_bins: clamp to [0, NUM_BINS-1], masked tl.histogram, relaxed atomic add onto a non-zero histogram.
@spec("histogram_bins", cases=[dict(n=n) for n in (1, 1023, 1024, 1030, 100003)],
      perf=dict(n=1 << 25), membound=True)
def build_histogram_bins(p, C, rng):
    n, NB = p["n"], C["NUM_BINS"]
    x = rng.integers(-10, NB + 16, n).astype(np.int32)
    h0 = rng.integers(0, 100, NB).astype(np.int32)

    def ref():
        return [("hist_ptr", check_exact((h0 + np.bincount(np.clip(x, 0, NB - 1), minlength=NB)).astype(np.int32)))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=x, hist_ptr=h0.copy()), dict(n=n), ref, nbytes=4 * n,
                   desc=f"n={n}")


# loop_carried: one program per row; n_chunks chunks of BLOCK at x + row*stride (+BLOCK per chunk), scf.if
# alternating sign, nested loop, running max, then a data-dependent while (halve the block-sum of run_max
# until <= 1).  stats is checked for self-consistency: acc*2^k == sum(run_max), acc in (0.5, 1] when k > 0.
@spec("loop_carried", cases=[dict(r=1, ch=1, inner=0, st=256), dict(r=3, ch=2, inner=1, st=528),
                             dict(r=4, ch=5, inner=3, st=1296), dict(r=7, ch=4, inner=4, st=1024),
                             dict(r=64, ch=3, inner=2, st=800), dict(r=2, ch=6, inner=5, st=1536, neg=True)],
      perf=dict(r=2048, ch=64, inner=4, st=64 * 256), membound=True)
def build_loop_carried(p, C, rng):
    r, ch, inner_n, st = p["r"], p["ch"], p["inner"], p["st"]
    B = C["BLOCK"]
    x = randn(rng, (r - 1) * st + ch * B)
    if p.get("neg"):
        x = (-np.abs(x) - 0.01).astype(np.float32)

    def ref():
        idx = np.arange(r)[:, None, None] * st + np.arange(ch)[None, :, None] * B + np.arange(B)[None, None, :]
        V = x.astype(np.float64)[idx]  # [r, ch, B]
        alt = np.zeros((r, B))
        run_sum = np.zeros((r, B))
        mag = np.zeros((r, B))
        for i in range(ch):
            v = V[:, i]
            alt = alt + v if i % 2 == 0 else alt - v
            inner = np.zeros((r, B))
            for j in range(inner_n):
                inner = inner * 0.5 + v * j
            run_sum += inner
            mag += np.abs(v) * (1 + sum(range(inner_n)))
        want = run_sum / ch + alt
        run_max = V.max(axis=1)  # exact in fp32
        S = run_max.sum(axis=1)
        Sabs = np.abs(run_max).sum(axis=1)

        def stats_ok(g):
            g = g.reshape(r, 2).astype(np.float64)
            for row in range(r):
                acc, k = g[row]
                if not (np.isfinite(acc) and k == int(k) and 0 <= k < 200):
                    return f"row {row}: acc={acc} k={k}"
                if abs(acc * 2.0 ** int(k) - S[row]) > 1e-5 * Sabs[row] + 1e-6:
                    return f"row {row}: acc*2^k = {acc * 2.0 ** k} but sum(run_max) = {S[row]}"
                if acc > 1.0 or (k > 0 and acc <= 0.5):
                    return f"row {row}: acc={acc} k={int(k)} not a finished halving loop"
            return None
        return [("out_ptr", check_close(want.reshape(-1), 0.0, 4e-6 * mag.reshape(-1) + 1e-6)),
                ("stats_ptr", check_fn(stats_ok))]
    return Problem((r,), dict(x_ptr=x, out_ptr=nan_f32(r * B), stats_ptr=nan_f32(2 * r)),
                   dict(n_chunks=ch, n_inner=inner_n, stride=st), ref,
                   nbytes=4 * r * ch * B + 4 * r * B + 8 * r, desc=f"rows={r} n_chunks={ch} n_inner={inner_n} stride={st}")


# static_unroll: Taylor terms up to DEGREE (static_range), `reps` relaxation steps (tl.range unrolled by 4 +
# remainder loop), plus x * _tail_coef(n, reps) from a noinline call.
@spec("static_unroll", cases=[dict(n=1, reps=0), dict(n=1023, reps=1), dict(n=1024, reps=4), dict(n=1027, reps=5),
                              dict(n=100003, reps=7), dict(n=4096, reps=8), dict(n=5000, reps=3)],
      perf=dict(n=1 << 25, reps=8), membound=True)
def build_static_unroll(p, C, rng):
    n, reps = p["n"], p["reps"]
    x = randn(rng, n, 0.5)

    def ref():
        x64 = x.astype(np.float64)
        term = np.ones(n)
        acc = np.ones(n)
        for i in range(1, C["DEGREE"] + 1):
            term = term * x64 / i
            acc = acc + term
        c999, c001 = float(np.float32(0.999)), float(np.float32(0.001))
        for _ in range(reps):
            acc = acc * c999 + c001 * x64
        acc = acc + x64 * float(np.float32((n % 7 + reps) * 0.125))
        return [("out_ptr", check_close(acc, 1e-5, 1e-6))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=x, out_ptr=nan_f32(n)), dict(n=n, reps=reps), ref,
                   nbytes=8 * n, desc=f"n={n} reps={reps}")


# shape_ops: one program; join/permute/reshape/split round-trip back to (x, y), interleave -> il[:, 0::2] = x,
# il[:, 1::2] = y; out = il + column sums; stats = (sum x, sum x*x, min y) per row.  The integer-valued case
# makes every sum exact, so the element mapping is checked bit-exactly.
@spec("shape_ops", cases=[dict(seed=0), dict(seed=1), dict(seed=2, ints=True)], perf=dict(seed=0))
def build_shape_ops(p, C, rng):
    R, Cc = C["R"], C["C"]
    if p.get("ints"):
        x = rng.integers(-8, 9, (R, Cc)).astype(np.float32)
        y = rng.integers(-8, 9, (R, Cc)).astype(np.float32)
    else:
        x, y = randn(rng, R * Cc).reshape(R, Cc), randn(rng, R * Cc).reshape(R, Cc)

    def ref():
        il = np.empty((R, 2 * Cc))
        il[:, 0::2], il[:, 1::2] = x, y
        out = il + il.sum(axis=0)[None, :]
        colabs = np.abs(il).sum(axis=0)[None, :] + np.abs(il)
        st = np.stack([x.astype(np.float64).sum(1), (x.astype(np.float64) ** 2).sum(1), y.min(1)], axis=1)
        sabs = np.stack([np.abs(x).sum(1), (x.astype(np.float64) ** 2).sum(1), np.zeros(R)], axis=1)
        if p.get("ints"):
            return [("out_ptr", check_exact(out.astype(np.float32).reshape(-1))),
                    ("stat_ptr", check_exact(st.astype(np.float32).reshape(-1)))]
        return [("out_ptr", check_close(out.reshape(-1), 0.0, 4e-6 * colabs.reshape(-1) + 1e-6)),
                ("stat_ptr", check_close(st.reshape(-1), 0.0, 4e-6 * sabs.reshape(-1) + 1e-7))]
    return Problem((1,), dict(x_ptr=x.reshape(-1), y_ptr=y.reshape(-1), out_ptr=nan_f32(R * 2 * Cc),
                              stat_ptr=nan_f32(3 * R)), {}, ref, nbytes=4 * (4 * R * Cc + 3 * R),
                   desc="ints" if p.get("ints") else f"seed={p['seed']}")


# tdesc_scale: device-side tensor descriptors (rewritten to masked pointer loads/stores on sm80); boundary
# tiles zero-padded on load and clipped on store.  out = f16(f32(in) * factor), exact.  M, N divisible by 16.
@spec("tdesc_scale", cases=[dict(M=16, N=16, f=1.7), dict(M=64, N=64, f=-0.3), dict(M=80, N=144, f=1.7),
                            dict(M=48, N=1040, f=0.5), dict(M=1008, N=2000, f=2.5), dict(M=208, N=64, f=1.0)],
      perf=dict(M=8192, N=8192, f=1.7), membound=True)
def build_tdesc_scale(p, C, rng):
    M, N, fac = p["M"], p["N"], np.float32(p["f"])
    a = (rng.standard_normal(M * N) * 4).astype(np.float16)

    def ref():
        return [("out_ptr", check_exact((a.astype(np.float32) * fac).astype(np.float16)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])),
                   dict(in_ptr=a, out_ptr=np.full(M * N, np.nan, np.float16)), dict(M=M, N=N, factor=fac), ref,
                   nbytes=4 * M * N, desc=f"M={M} N={N} factor={p['f']}")


# matmul_f16 (tt.dot, later target): C = A @ B, fp16 in, fp32 accumulate, fp16 out; grouped 1D grid.
@spec("matmul_f16", cases=[dict(M=128, N=128, K=32), dict(M=256, N=192, K=80), dict(M=144, N=272, K=528),
                           dict(M=1024, N=512, K=1024)],
      perf=dict(M=4096, N=4096, K=4096))
def build_matmul_f16(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    a = (rng.standard_normal(M * K) * 0.5).astype(np.float16)
    b = (rng.standard_normal(K * N) * 0.5).astype(np.float16)

    def ref():
        want = a.astype(np.float64).reshape(M, K) @ b.astype(np.float64).reshape(K, N)
        return [("c_ptr", check_close(want.reshape(-1), 2e-3, 1e-2))]
    grid = (cdiv(M, C["BM"]) * cdiv(N, C["BN"]),)
    return Problem(grid, dict(a_ptr=a, b_ptr=b, c_ptr=np.full(M * N, np.nan, np.float16)),
                   dict(M=M, N=N, K=K, stride_am=K, stride_bk=N, stride_cm=N), ref,
                   nbytes=2 * (M * K + K * N + M * N), flops=2 * M * N * K, desc=f"M={M} N={N} K={K}")


# dot_i8_tf32 (tt.dot, later target): int8 x int8 -> int32 (exact) and fp32 x fp32 with tf32 (tolerance
# scaled by |a| @ |b|); one program, fixed BM x BN x BK tile.
@spec("dot_i8_tf32", cases=[dict(seed=0), dict(seed=1)], perf=dict(seed=0))
def build_dot_i8_tf32(p, C, rng):
    BM, BN, BK = C["BM"], C["BN"], C["BK"]
    a8 = rng.integers(-128, 128, BM * BK).astype(np.int8)
    b8 = rng.integers(-128, 128, BK * BN).astype(np.int8)
    af, bf = randn(rng, BM * BK), randn(rng, BK * BN)

    def ref():
        ci = (a8.astype(np.int64).reshape(BM, BK) @ b8.astype(np.int64).reshape(BK, BN)).astype(np.int32)
        A, Bm = af.astype(np.float64).reshape(BM, BK), bf.astype(np.float64).reshape(BK, BN)
        return [("ci_ptr", check_exact(ci.reshape(-1))),
                ("cf_ptr", check_close((A @ Bm).reshape(-1), 0.0, (3e-3 * (np.abs(A) @ np.abs(Bm)) + 1e-6).reshape(-1)))]
    return Problem((1,), dict(a8_ptr=a8, b8_ptr=b8, af_ptr=af, bf_ptr=bf, ci_ptr=sentinel_i32(BM * BN),
                              cf_ptr=nan_f32(BM * BN)), {}, ref, flops=4 * BM * BN * BK, desc=f"seed={p['seed']}")


# ============================================================================================================
# extra kernels (tests/gpu/extra/kernels.py, staged with `bundle.py --extra`): coverage beyond the corpus.
# Triton's PTX is the ground truth for the semantics; the references below are written from kernels.py.
# ============================================================================================================
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def _blocks(v, B, fill=0):
    """Pad a 1D array to a multiple of B with `fill` and reshape to (-1, B)."""
    n = v.size
    pad = np.full(ru(max(n, 1), B), fill, dtype=v.dtype)
    pad[:n] = v
    return pad.reshape(-1, B)


def _row_blocks(x2, R, fill=0):
    """Pad a 2D array's rows to a multiple of R and reshape to (G, R, cols)."""
    M = x2.shape[0]
    pad = np.full((ru(max(M, 1), R),) + x2.shape[1:], fill, dtype=x2.dtype)
    pad[:M] = x2
    return pad.reshape(-1, R, *x2.shape[1:])


def _sum_tol(absmag, rel=4e-6, floor=1e-6):
    return rel * absmag + floor


def bf16_to_f32(u):
    return (np.asarray(u).astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(x):
    """Round-to-nearest-even f32 -> bf16 bits (no NaN inputs)."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def _tdiv(a, b):  # C / arith.divsi on int64 arrays
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def _trem(a, b):  # C % / arith.remsi
    return a - b * _tdiv(a, b)


def _tied_f32(rng, n, scale=4):
    """Float data with many exact ties and no zeros (values k/scale + 1/(2 scale))."""
    return ((np.floor(rng.standard_normal(n) * 2 * scale) + 0.5) / scale).astype(np.float32)


# x_cumsum_1d: per-program (BLOCK) inclusive scans: f32 fwd and reverse (tolerance scaled by the running |x| sum),
# i32 cumsum and a custom max-combine scan (exact).  Masked lanes load 0, so they never leak into valid outputs.
@spec("x_cumsum_1d", cases=[dict(n=n) for n in (1, 511, 512, 513, 3000, 100003)], perf=dict(n=1 << 22))
def build_x_cumsum_1d(p, C, rng):
    n, B = p["n"], C["BLOCK"]
    x = randn(rng, n)
    iv = rng.integers(-1000, 1001, n).astype(np.int32)

    def ref():
        X = _blocks(x.astype(np.float64), B)
        A = np.abs(X)
        fwd, fa = np.cumsum(X, 1), np.cumsum(A, 1)
        rev, ra = np.cumsum(X[:, ::-1], 1)[:, ::-1], np.cumsum(A[:, ::-1], 1)[:, ::-1]
        I = _blocks(iv.astype(np.int64), B)
        return [("fwd_ptr", check_close(fwd.reshape(-1)[:n], 0.0, _sum_tol(fa.reshape(-1)[:n]))),
                ("rev_ptr", check_close(rev.reshape(-1)[:n], 0.0, _sum_tol(ra.reshape(-1)[:n]))),
                ("icum_ptr", check_exact(np.cumsum(I, 1).reshape(-1)[:n].astype(np.int32))),
                ("cmax_ptr", check_exact(np.maximum.accumulate(I, 1).reshape(-1)[:n].astype(np.int32)))]
    return Problem((cdiv(n, B),), dict(x_ptr=x, i_ptr=iv, fwd_ptr=nan_f32(n), rev_ptr=nan_f32(n),
                                       icum_ptr=sentinel_i32(n), cmax_ptr=sentinel_i32(n)),
                   dict(n=n), ref, nbytes=24 * n, desc=f"n={n}")


# x_scan_tiles: BLOCK=1024 scans with registers one layout tile apart: f32 fwd/reverse cumsum, the linear
# recurrence h[i] = a[i]*h[i-1] + x[i] (two-operand associative_scan; |a| < 1 keeps it bounded) and a reverse i32
# cumsum (exact, wrapping).  Masked lanes load x=0, a=1, i=0, so they never leak into valid outputs.
@spec("x_scan_tiles_unaligned", cases=[dict(n=n) for n in (1, 129, 1023, 1024, 1025, 5000, 100003)],
      perf=dict(n=1 << 22))
@spec("x_scan_tiles", cases=[dict(n=n) for n in (1, 129, 1023, 1024, 1025, 5000, 100003)], perf=dict(n=1 << 22))
def build_x_scan_tiles(p, C, rng):
    n, B = p["n"], C["BLOCK"]
    x = randn(rng, n)
    a = rng.uniform(-0.99, 0.99, n).astype(np.float32)
    iv = rng.integers(-(1 << 30), 1 << 30, n).astype(np.int32)

    def ref():
        X = _blocks(x.astype(np.float64), B)
        A = np.abs(X)
        fwd, fa = np.cumsum(X, 1), np.cumsum(A, 1)
        rev, ra = np.cumsum(X[:, ::-1], 1)[:, ::-1], np.cumsum(A[:, ::-1], 1)[:, ::-1]
        Al = _blocks(a.astype(np.float64), B, fill=1.0)
        h = np.zeros_like(X)
        acc = np.zeros(X.shape[0])
        for j in range(B):
            acc = Al[:, j] * acc + X[:, j]
            h[:, j] = acc
        I = _blocks(iv.astype(np.int64), B)
        icum = (np.cumsum(I[:, ::-1], 1)[:, ::-1] & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
        return [("fwd_ptr", check_close(fwd.reshape(-1)[:n], 0.0, _sum_tol(fa.reshape(-1)[:n]))),
                ("rev_ptr", check_close(rev.reshape(-1)[:n], 0.0, _sum_tol(ra.reshape(-1)[:n]))),
                ("h_ptr", check_close(h.reshape(-1)[:n], 0.0, _sum_tol(fa.reshape(-1)[:n]))),
                ("icum_ptr", check_exact(icum.reshape(-1)[:n]))]
    return Problem((cdiv(n, B),), dict(x_ptr=x, a_ptr=a, i_ptr=iv, fwd_ptr=nan_f32(n), rev_ptr=nan_f32(n),
                                       h_ptr=nan_f32(n), icum_ptr=sentinel_i32(n)),
                   dict(n=n), ref, nbytes=28 * n, desc=f"n={n}")


# x_scan_tiles_2d: per [R, C] = [64, 64] tile, scans along axis 0 (f32 fwd, i32 reverse) and axis 1 (f32 reverse,
# i32 fwd) over the valid N columns; masked rows/cols load 0 and are not stored.
@spec("x_scan_tiles_2d", cases=[dict(M=1, N=1), dict(M=64, N=64), dict(M=65, N=63), dict(M=300, N=17),
                                dict(M=1000, N=64)], perf=dict(M=1 << 16, N=64))
def build_x_scan_tiles_2d(p, C, rng):
    M, N, R = p["M"], p["N"], C["R"]
    assert N <= C["C"]
    x = randn(rng, M * N)
    iv = rng.integers(-100, 101, M * N).astype(np.int32)

    def ref():
        X = _row_blocks(x.astype(np.float64).reshape(M, N), R)
        A = np.abs(X)
        I = _row_blocks(iv.astype(np.int64).reshape(M, N), R)
        c0, c0a = np.cumsum(X, 1), np.cumsum(A, 1)
        c1r, c1a = np.cumsum(X[:, :, ::-1], 2)[:, :, ::-1], np.cumsum(A[:, :, ::-1], 2)[:, :, ::-1]

        def flat(v):
            return v.reshape(-1, N)[:M].reshape(-1)
        return [("c0_ptr", check_close(flat(c0), 0.0, _sum_tol(flat(c0a)))),
                ("c1r_ptr", check_close(flat(c1r), 0.0, _sum_tol(flat(c1a)))),
                ("i0r_ptr", check_exact(flat(np.cumsum(I[:, ::-1], 1)[:, ::-1]).astype(np.int32))),
                ("i1_ptr", check_exact(flat(np.cumsum(I, 2)).astype(np.int32)))]
    return Problem((cdiv(M, R),), dict(x_ptr=x, i_ptr=iv, c0_ptr=nan_f32(M * N), c1r_ptr=nan_f32(M * N),
                                       i0r_ptr=sentinel_i32(M * N), i1_ptr=sentinel_i32(M * N)),
                   dict(M=M, N=N), ref, nbytes=24 * M * N, desc=f"M={M} N={N}")


# x_scan_3d: per [A, B, C] tile (no masks), i32 cumsum along axis 0, reverse along axis 1, along axis 2 (exact).
@spec("x_scan_3d", cases=[dict(G=1), dict(G=3), dict(G=64)], perf=dict(G=1 << 10))
def build_x_scan_3d(p, C, rng):
    G, A, B, Cc = p["G"], C["A"], C["B"], C["C"]
    n = G * A * B * Cc
    iv = rng.integers(-1000, 1001, n).astype(np.int32)

    def ref():
        I = iv.astype(np.int64).reshape(G, A, B, Cc)
        return [("s0_ptr", check_exact(np.cumsum(I, 1).reshape(-1).astype(np.int32))),
                ("s1r_ptr", check_exact(np.cumsum(I[:, :, ::-1], 2)[:, :, ::-1].reshape(-1).astype(np.int32))),
                ("s2_ptr", check_exact(np.cumsum(I, 3).reshape(-1).astype(np.int32)))]
    return Problem((G,), dict(i_ptr=iv, s0_ptr=sentinel_i32(n), s1r_ptr=sentinel_i32(n), s2_ptr=sentinel_i32(n)),
                   {}, ref, nbytes=16 * n, desc=f"G={G}")


# x_dot_trans: C = A @ B^T (fp16 in, fp32 accumulate) with B row-major [N, K]; K a multiple of BK (divisible hint).
@spec("x_dot_trans", cases=[dict(M=64, N=64, K=32), dict(M=100, N=70, K=96), dict(M=1, N=3, K=64),
                            dict(M=257, N=129, K=128)], perf=dict(M=4096, N=4096, K=4096))
def build_x_dot_trans(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    assert K % C["BK"] == 0
    a = (rng.standard_normal(M * K) * 0.5).astype(np.float16)
    b = (rng.standard_normal(N * K) * 0.5).astype(np.float16)

    def ref():
        A, B = a.astype(np.float64).reshape(M, K), b.astype(np.float64).reshape(N, K)
        exact = A @ B.T
        tol = 2e-6 * (np.abs(A) @ np.abs(B).T) + 1e-6
        return [("c_ptr", check_close(exact.reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])), dict(a_ptr=a, b_ptr=b, c_ptr=nan_f32(M * N)), dict(M=M, N=N, K=K),
                   ref, flops=2 * M * N * K, desc=f"M={M} N={N} K={K}")


# x_matmul_hints: C = A @ B (fp16 in, fp32 accumulate, fp16 out), row-major A [M, K], B [K, N], C [M, N]; M, N, K
# and the row strides are multiples of 16 (the divisibility hints); the unit strides are 1.
@spec("x_matmul_hints", cases=[dict(M=128, N=128, K=32), dict(M=256, N=384, K=96), dict(M=16, N=16, K=16),
                               dict(M=400, N=272, K=208)], perf=dict(M=4096, N=4096, K=4096))
def build_x_matmul_hints(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    a = (rng.standard_normal(M * K) * 0.5).astype(np.float16)
    b = (rng.standard_normal(K * N) * 0.5).astype(np.float16)

    def ref():
        A, B = a.astype(np.float64).reshape(M, K), b.astype(np.float64).reshape(K, N)
        exact = A @ B
        tol = 2e-6 * (np.abs(A) @ np.abs(B)) + np.abs(exact) * 2.0 ** -10 + 1e-6
        return [("c_ptr", check_close(exact.reshape(-1), 0.0, tol.reshape(-1)))]
    grid = cdiv(M, C["BM"]) * cdiv(N, C["BN"])
    return Problem((grid,), dict(a_ptr=a, b_ptr=b, c_ptr=np.full(M * N, np.nan, np.float16)),
                   dict(M=M, N=N, K=K, stride_am=K, stride_ak=1, stride_bk=N, stride_bn=1, stride_cm=N, stride_cn=1),
                   ref, flops=2 * M * N * K, desc=f"M={M} N={N} K={K}")


# x_persistent_matmul / x_persistent_matmul_nf: C = A @ B (fp16 in, fp32 accumulate, fp16 out), row-major, M, N, K
# multiples of 16 (divisibility hints); NUM_SMS programs walk the output tiles grid-stride in grouped order, so a
# program handles several tiles (and none when NUM_SMS > tiles).  The perf case uses an H100's 132 SMs.
def _persistent_matmul_problem(p, C, rng):
    M, N, K, sms = p["M"], p["N"], p["K"], p["sms"]
    a = (rng.standard_normal(M * K) * 0.5).astype(np.float16)
    b = (rng.standard_normal(K * N) * 0.5).astype(np.float16)

    def ref():
        A, B = a.astype(np.float64).reshape(M, K), b.astype(np.float64).reshape(K, N)
        exact = A @ B
        tol = 2e-6 * (np.abs(A) @ np.abs(B)) + np.abs(exact) * 2.0 ** -10 + 1e-6
        return [("c_ptr", check_close(exact.reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((sms,), dict(a_ptr=a, b_ptr=b, c_ptr=np.full(M * N, np.nan, np.float16)),
                   dict(M=M, N=N, K=K, NUM_SMS=sms), ref, flops=2 * M * N * K,
                   desc=f"M={M} N={N} K={K} programs={sms}")


_PERSISTENT_CASES = [dict(M=128, N=128, K=32, sms=1), dict(M=256, N=384, K=96, sms=2),
                     dict(M=400, N=272, K=208, sms=3), dict(M=16, N=16, K=16, sms=4),
                     dict(M=1040, N=528, K=64, sms=5), dict(M=272, N=1168, K=48, sms=7), dict(M=48, N=160, K=0, sms=2)]
_PERSISTENT_PERF = dict(M=8192, N=8192, K=4096, sms=132)


@spec("x_persistent_matmul", cases=_PERSISTENT_CASES, perf=_PERSISTENT_PERF)
def build_x_persistent_matmul(p, C, rng):
    return _persistent_matmul_problem(p, C, rng)


@spec("x_persistent_matmul_nf", cases=_PERSISTENT_CASES, perf=_PERSISTENT_PERF)
def build_x_persistent_matmul_nf(p, C, rng):
    return _persistent_matmul_problem(p, C, rng)


# x_grouped_gemm: for each group g, C_g = A_g @ B_g (fp16 in, fp32 accumulate, fp16 out), row-major A_g [m, k],
# B_g [k, n], C_g [m, n] with lda = k, ldb = ldc = n; k and n are multiples of 16 (the kernel's multiple_of hints),
# m is not.  The base addresses are written into the i64 tables by the harness (Problem.ptr_tables); `progs`
# programs walk all the tiles grid-stride.
def _grouped_gemm_problem(p, C, rng):
    groups, progs = p["groups"], p["progs"]
    arrays, tabs, checks, flops = {}, {"a_tab": [], "b_tab": [], "c_tab": []}, [], 0
    sizes, lds = [], []
    for g, (m, n, k) in enumerate(groups):
        assert n % 16 == 0 and k % 16 == 0
        a = (rng.standard_normal(m * k) * 0.5).astype(np.float16)
        b = (rng.standard_normal(k * n) * 0.5).astype(np.float16)
        arrays[f"a{g}"], arrays[f"b{g}"] = a, b
        arrays[f"c{g}"] = np.full(m * n, np.nan, np.float16)
        for t, name in (("a_tab", f"a{g}"), ("b_tab", f"b{g}"), ("c_tab", f"c{g}")):
            tabs[t].append((name, 0))
        sizes += [m, n, k]
        lds += [k, n, n]
        flops += 2 * m * n * k
    for t in tabs:
        arrays[t] = np.zeros(len(groups), np.int64)
    arrays["sizes"] = np.array(sizes, np.int32)
    arrays["lds"] = np.array(lds, np.int32)

    def ref():
        out = []
        for g, (m, n, k) in enumerate(groups):
            A = arrays[f"a{g}"].astype(np.float64).reshape(m, k)
            B = arrays[f"b{g}"].astype(np.float64).reshape(k, n)
            exact = A @ B
            tol = 2e-6 * (np.abs(A) @ np.abs(B)) + np.abs(exact) * 2.0 ** -10 + 1e-6
            out.append((f"c{g}", check_close(exact.reshape(-1), 0.0, tol.reshape(-1))))
        return out
    return Problem((progs,), arrays, dict(n_groups=len(groups)), ref, flops=flops, ptr_tables=tabs,
                   desc=f"groups={groups} programs={progs}")


@spec("x_grouped_gemm", cases=[dict(groups=[(128, 128, 32)], progs=1),
                               dict(groups=[(200, 48, 32), (16, 16, 16), (64, 256, 96)], progs=3),
                               dict(groups=[(130, 144, 48), (1, 16, 0), (256, 128, 64)], progs=5),
                               dict(groups=[(33, 16, 80), (33, 16, 80)], progs=2)],
      perf=dict(groups=[(2048, 2048, 2048)] * 4 + [(1024, 1024, 1024)] * 4, progs=132))
def build_x_grouped_gemm(p, C, rng):
    return _grouped_gemm_problem(p, C, rng)


# x_layernorm_bwd: one program per row of x [M, N] (fp16, row stride N): dx (fp16) from the f32 mean/rstd given,
# and the f32 partial dw/db rows (row % GROUP) summed in any order under the spin lock; lock[:GROUP] must be
# released (0), lock[GROUP + s] is 1 where slot s got a row.  Slots without rows keep their NaN.
@spec("x_layernorm_bwd", cases=[dict(M=1, N=1), dict(M=16, N=64), dict(M=37, N=1000), dict(M=100, N=1024),
                                dict(M=5, N=333)], perf=dict(M=16384, N=1024))
def build_x_layernorm_bwd(p, C, rng):
    M, N, G = p["M"], p["N"], C["GROUP"]
    x = (rng.standard_normal(M * N) * 2.0 + 0.5).astype(np.float16)
    dy = rng.standard_normal(M * N).astype(np.float16)
    w = (rng.standard_normal(N) + 1.0).astype(np.float16)
    X = x.astype(np.float64).reshape(M, N)
    mean = X.mean(1).astype(np.float32)
    rstd = (1.0 / np.sqrt(X.var(1) + 1e-5)).astype(np.float32)
    arrays = dict(dx_ptr=np.full(M * N, np.nan, np.float16), dy_ptr=dy, dw_part=np.full(G * N, np.nan, np.float32),
                  db_part=np.full(G * N, np.nan, np.float32), x_ptr=x, w_ptr=w, mean_ptr=mean, rstd_ptr=rstd,
                  lock_ptr=np.zeros(2 * G, np.int32))

    def ref():
        DY, W = dy.astype(np.float64).reshape(M, N), w.astype(np.float64)
        R = rstd.astype(np.float64)[:, None]
        xhat = (X - mean.astype(np.float64)[:, None]) * R
        wdy = W * DY
        c1 = (xhat * wdy).sum(1, keepdims=True) / N
        c2 = wdy.sum(1, keepdims=True) / N
        dx = (wdy - (xhat * c1 + c2)) * R
        c1a = np.abs(xhat * wdy).sum(1, keepdims=True) / N
        c2a = np.abs(wdy).sum(1, keepdims=True) / N
        dx_tol = 1e-4 * (np.abs(wdy) + np.abs(xhat) * c1a + c2a) * R + np.abs(dx) * 2.0 ** -10 + 1e-6
        dw = np.full((G, N), np.nan)
        db = np.full((G, N), np.nan)
        dwa, dba = np.zeros((G, N)), np.zeros((G, N))
        for s in range(min(G, M)):
            rows = np.arange(s, M, G)
            dw[s] = (DY[rows] * xhat[rows]).sum(0)
            db[s] = DY[rows].sum(0)
            dwa[s] = np.abs(DY[rows] * xhat[rows]).sum(0)
            dba[s] = np.abs(DY[rows]).sum(0)
        lock = np.zeros(2 * G, np.int32)
        lock[G:G + min(G, M)] = 1
        return [("dx_ptr", check_close(dx.reshape(-1), 0.0, dx_tol.reshape(-1))),
                ("dw_part", check_close(dw.reshape(-1), 0.0, (1e-5 * dwa + 1e-6).reshape(-1))),
                ("db_part", check_close(db.reshape(-1), 0.0, (1e-5 * dba + 1e-6).reshape(-1))),
                ("lock_ptr", check_exact(lock))]
    return Problem((M,), arrays, dict(stride=N, N=N), ref, nbytes=3 * M * N * 2, desc=f"M={M} N={N}")


# x_layernorm_dwdb: column sums of the G partial rows [G, N] (f32) into dw, db [N].
@spec("x_layernorm_dwdb", cases=[dict(G=1, N=1), dict(G=16, N=1000), dict(G=33, N=128), dict(G=64, N=300)],
      perf=dict(G=256, N=8192))
def build_x_layernorm_dwdb(p, C, rng):
    G, N = p["G"], p["N"]
    dwp = rng.standard_normal(G * N).astype(np.float32)
    dbp = rng.standard_normal(G * N).astype(np.float32)

    def ref():
        out = []
        for name, a in (("dw_ptr", dwp), ("db_ptr", dbp)):
            A = a.astype(np.float64).reshape(G, N)
            out.append((name, check_close(A.sum(0), 0.0, 1e-6 * np.abs(A).sum(0) + 1e-6)))
        return out
    return Problem((cdiv(N, C["BN"]),), dict(dw_part=dwp, db_part=dbp, dw_ptr=nan_f32(N), db_ptr=nan_f32(N)),
                   dict(G=G, N=N), ref, nbytes=2 * G * N * 4, desc=f"G={G} N={N}")


# x_cumsum_2d: per [R, C] tile (rows pid*R..), scans along axis 0 (fwd f32, reverse i32) and axis 1 (reverse f32,
# fwd i32) over the valid N columns; masked rows/cols load 0 and are not stored.
@spec("x_cumsum_2d", cases=[dict(M=1, N=1), dict(M=16, N=64), dict(M=17, N=63), dict(M=100, N=33),
                            dict(M=1000, N=64), dict(M=35, N=5)], perf=dict(M=1 << 16, N=64))
def build_x_cumsum_2d(p, C, rng):
    M, N, R = p["M"], p["N"], C["R"]
    assert N <= C["C"]
    x = randn(rng, M * N)
    iv = rng.integers(-100, 101, M * N).astype(np.int32)

    def ref():
        X = _row_blocks(x.astype(np.float64).reshape(M, N), R)  # (G, R, N)
        A = np.abs(X)
        I = _row_blocks(iv.astype(np.int64).reshape(M, N), R)
        c0, c0a = np.cumsum(X, 1), np.cumsum(A, 1)
        c1r, c1a = np.cumsum(X[:, :, ::-1], 2)[:, :, ::-1], np.cumsum(A[:, :, ::-1], 2)[:, :, ::-1]
        i1 = np.cumsum(I, 2)
        i0r = np.cumsum(I[:, ::-1], 1)[:, ::-1]

        def flat(v):
            return v.reshape(-1, N)[:M].reshape(-1)
        return [("c0_ptr", check_close(flat(c0), 0.0, _sum_tol(flat(c0a)))),
                ("c1r_ptr", check_close(flat(c1r), 0.0, _sum_tol(flat(c1a)))),
                ("i1_ptr", check_exact(flat(i1).astype(np.int32))),
                ("i0r_ptr", check_exact(flat(i0r).astype(np.int32)))]
    return Problem((cdiv(M, R),), dict(x_ptr=x, i_ptr=iv, c0_ptr=nan_f32(M * N), c1r_ptr=nan_f32(M * N),
                                       i1_ptr=sentinel_i32(M * N), i0r_ptr=sentinel_i32(M * N)),
                   dict(M=M, N=N), ref, nbytes=24 * M * N, desc=f"M={M} N={N}")


# x_argmax: argmax / argmin / max(return_indices) along axis 1 over the valid columns (first index on ties; the
# data has many ties), and argmax along axis 0 of an i32 tile within each BM-row block (local row index).
@spec("x_argmax", cases=[dict(M=1, N=1), dict(M=8, N=256), dict(M=9, N=255), dict(M=77, N=100),
                         dict(M=1000, N=256), dict(M=13, N=3)], perf=dict(M=1 << 15, N=256))
def build_x_argmax(p, C, rng):
    M, N, BM = p["M"], p["N"], C["BM"]
    assert N <= C["BN"]
    G = cdiv(M, BM)
    x = _tied_f32(rng, M * N, 2)
    iv = rng.integers(-5, 6, M * N).astype(np.int32)

    def ref():
        X = x.reshape(M, N)
        I = _row_blocks(iv.reshape(M, N).astype(np.int64), BM, fill=INT32_MIN)  # (G, BM, N); pad rows lose
        return [("amax_ptr", check_exact(np.argmax(X, 1).astype(np.int32))),
                ("amin_ptr", check_exact(np.argmin(X, 1).astype(np.int32))),
                ("vmax_ptr", check_exact(X.max(1))),
                ("imax_ptr", check_exact(np.argmax(X, 1).astype(np.int32))),
                ("icol_ptr", check_exact(np.argmax(I, 1).astype(np.int32).reshape(-1)))]
    return Problem((G,), dict(x_ptr=x, i_ptr=iv, amax_ptr=sentinel_i32(M), amin_ptr=sentinel_i32(M),
                              vmax_ptr=nan_f32(M), imax_ptr=sentinel_i32(M), icol_ptr=sentinel_i32(G * N)),
                   dict(M=M, N=N), ref, nbytes=8 * M * N, desc=f"M={M} N={N}")


# x_reduce2d: per BM-row block: row sums, i32 row min of trunc(x*100), per-block column sums / maxima (stored at
# pid*N + col), and the block total (nested reduce).  Strided rows (stride >= N, no hint).
@spec("x_reduce2d", cases=[dict(M=1, N=1, s=1), dict(M=16, N=128, s=128), dict(M=17, N=100, s=131),
                           dict(M=300, N=127, s=127), dict(M=4099, N=128, s=160), dict(M=40, N=7, s=9)],
      perf=dict(M=1 << 17, N=128, s=128), membound=True)
def build_x_reduce2d(p, C, rng):
    M, N, s, BM = p["M"], p["N"], p["s"], C["BM"]
    assert N <= C["BN"]
    G = cdiv(M, BM)
    x = randn(rng, (M - 1) * s + N)

    def ref():
        idx = np.arange(M)[:, None] * s + np.arange(N)[None, :]
        X32 = x[idx]
        X = X32.astype(np.float64)
        XI = np.trunc(X32 * np.float32(100.0)).astype(np.int32)
        XB = _row_blocks(X, BM)
        AB = np.abs(XB)
        XBm = _row_blocks(X, BM, fill=-np.inf)
        return [("rowsum_ptr", check_close(X.sum(1), 0.0, _sum_tol(np.abs(X).sum(1)))),
                ("rowmin_ptr", check_exact(XI.min(1))),
                ("colsum_ptr", check_close(XB.sum(1).reshape(-1), 0.0, _sum_tol(AB.sum(1).reshape(-1)))),
                ("colmax_ptr", check_exact(XBm.max(1).astype(np.float32).reshape(-1))),
                ("tot_ptr", check_close(XB.sum((1, 2)), 0.0, _sum_tol(AB.sum((1, 2)))))]
    return Problem((G,), dict(x_ptr=x, rowsum_ptr=nan_f32(M), rowmin_ptr=sentinel_i32(M), colsum_ptr=nan_f32(G * N),
                              colmax_ptr=nan_f32(G * N), tot_ptr=nan_f32(G)),
                   dict(M=M, N=N, stride=s), ref, nbytes=4 * M * N, desc=f"M={M} N={N} stride={s}")


# x_rowsum_loop / x_rowmax_loop: per row, the sum / maximum of its N elements, accumulated over a loop of
# BN-wide column blocks (the reduction tritongpu-optimize-thread-locality moves out of the loop). Strided rows.
# N and stride are specialised divisible by 16 (masked tails are multiples of 16 wide).
_ROW_LOOP_CASES = [dict(M=1, N=16, s=16), dict(M=32, N=128, s=128), dict(M=33, N=304, s=320),
                   dict(M=100, N=1008, s=1024), dict(M=4099, N=272, s=272), dict(M=7, N=4096, s=4112)]


def _row_loop_problem(p, C, rng, reduce_rows):
    M, N, s = p["M"], p["N"], p["s"]
    x = randn(rng, (M - 1) * s + N)
    X = x[np.arange(M)[:, None] * s + np.arange(N)[None, :]]
    return Problem((cdiv(M, C["BM"]),), dict(x_ptr=x, out_ptr=nan_f32(M)), dict(M=M, N=N, stride=s),
                   lambda: [("out_ptr", reduce_rows(X))], nbytes=4 * M * N, desc=f"M={M} N={N} stride={s}")


@spec("x_rowsum_loop", cases=_ROW_LOOP_CASES, perf=dict(M=4096, N=8192, s=8192), membound=True)
def build_x_rowsum_loop(p, C, rng):
    return _row_loop_problem(p, C, rng, lambda X: check_close(X.astype(np.float64).sum(1), 0.0,
                                                              _sum_tol(np.abs(X).astype(np.float64).sum(1))))


@spec("x_rowmax_loop", cases=_ROW_LOOP_CASES, perf=dict(M=4096, N=8192, s=8192), membound=True)
def build_x_rowmax_loop(p, C, rng):
    return _row_loop_problem(p, C, rng, lambda X: check_exact(X.max(1)))


# x_transpose: xt = x.T (f32), ht = h.T (f16), 2D grid (cdiv(M, BM), cdiv(N, BN)), masked edges.  Exact.
@spec("x_transpose", cases=[dict(M=1, N=1), dict(M=32, N=64), dict(M=33, N=65), dict(M=100, N=200),
                            dict(M=512, N=384), dict(M=7, N=300)], perf=dict(M=4096, N=4096), membound=True)
def build_x_transpose(p, C, rng):
    M, N = p["M"], p["N"]
    x = randn(rng, M * N)
    h = randn(rng, M * N).astype(np.float16)

    def ref():
        return [("xt_ptr", check_exact(x.reshape(M, N).T.reshape(-1))),
                ("ht_ptr", check_exact(h.reshape(M, N).T.reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])),
                   dict(x_ptr=x, h_ptr=h, xt_ptr=nan_f32(M * N), ht_ptr=np.full(M * N, np.nan, np.float16)),
                   dict(M=M, N=N), ref, nbytes=12 * M * N, desc=f"M={M} N={N}")


# x_where_i64_i8: o64 = a > b ? a - b : 3b + c (i64); o8 = c < d ? c : d + 1 (i8, wraps); o32 = i32(a >> 20) + c*d.
@spec("x_where_i64_i8", cases=[dict(n=n) for n in (1, 255, 256, 257, 10000, 100003)], perf=dict(n=1 << 24),
      membound=True)
def build_x_where_i64_i8(p, C, rng):
    n = p["n"]
    a = rng.integers(-(1 << 40), 1 << 40, n).astype(np.int64)
    b = np.where(rng.random(n) < 0.05, a, rng.integers(-(1 << 40), 1 << 40, n)).astype(np.int64)
    c = rng.integers(-128, 128, n).astype(np.int8)
    d = np.where(rng.random(n) < 0.05, np.int8(127), rng.integers(-128, 128, n)).astype(np.int8)

    def ref():
        o64 = np.where(a > b, a - b, b * 3 + c.astype(np.int64))
        o8 = np.where(c < d, c.astype(np.int16), d.astype(np.int16) + 1).astype(np.int8)
        o32 = (a >> 20).astype(np.int32) + c.astype(np.int32) * d.astype(np.int32)
        return [("o64_ptr", check_exact(o64)), ("o8_ptr", check_exact(o8)), ("o32_ptr", check_exact(o32))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(a_ptr=a, b_ptr=b, c_ptr=c, d_ptr=d,
                                                o64_ptr=np.full(n, 0x7EEEEEEEEEEEEEEE, np.int64),
                                                o8_ptr=np.full(n, 0x5A, np.int8), o32_ptr=sentinel_i32(n)),
                   dict(n=n), ref, nbytes=31 * n, desc=f"n={n}")


# x_half_math: of = [exp2(h/2), log(g^2+1), sin h + cos g, sqrt(g^2+1/4) * rsqrt(h^2+1)] (f32, approx math ->
# tolerance); oh = [h*h + h in f16, f16(f32(g))]; og = [g*g + g in bf16, bf16(3h - 1)] (bf16 as uint16 bits).
@spec("x_half_math", cases=[dict(n=n) for n in (1, 255, 256, 1000, 100003)], perf=dict(n=1 << 24))
def build_x_half_math(p, C, rng):
    n = p["n"]
    h = (rng.random(n) * 8 - 4).astype(np.float16)
    g = f32_to_bf16(randn(rng, n, 2.0))

    def ref():
        hf = h.astype(np.float64)
        gf = bf16_to_f32(g).astype(np.float64)
        of = np.concatenate([np.exp2(hf * 0.5), np.log(gf * gf + 1.0), np.sin(hf) + np.cos(gf),
                             np.sqrt(gf * gf + 0.25) / np.sqrt(hf * hf + 1.0)])
        hh = hf * hf + hf
        oh_want = np.concatenate([hh, bf16_to_f32(g).astype(np.float16).astype(np.float64)])
        oh_tol = np.concatenate([1e-3 * (hf * hf + np.abs(hf)) + 1e-4, np.zeros(n)])
        gg = gf * gf + gf
        b3 = bf16_to_f32(f32_to_bf16(h.astype(np.float32) * np.float32(3.0) - np.float32(1.0))).astype(np.float64)

        def og_check(got):
            gotf = bf16_to_f32(got).astype(np.float64)
            want = np.concatenate([gg, b3])
            tol = np.concatenate([8e-3 * (gf * gf + np.abs(gf)) + 1e-6, np.zeros(n)])
            bad = ~(np.abs(gotf - want) <= tol)
            if not bad.any():
                return None
            i = int(np.flatnonzero(bad)[0])
            return f"{int(bad.sum())}/{bad.size} wrong, first at [{i}] got {gotf[i]!r} want {want[i]!r}"
        return [("of_ptr", check_close(of, 2e-5, 1e-5)), ("oh_ptr", check_close(oh_want, 0.0, oh_tol)),
                ("og_ptr", check_fn(og_check))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(h_ptr=h, g_ptr=g, of_ptr=nan_f32(4 * n),
                                                oh_ptr=np.full(2 * n, np.nan, np.float16),
                                                og_ptr=np.full(2 * n, 0x7FC0, np.uint16)),
                   dict(n=n), ref, nbytes=28 * n, desc=f"n={n}")


# x_int_ops (n no hint, num_warps 1) / x_int_ops_n16 (n % 16 == 0, num_warps 4): i32 trunc div, C rem, shl, ashr
# by b & 31, a//7 + a%-5; u32 div, rem, lshr, (a//10) ^ (a%10), bitcast(a) >> 3.  Exact.
def build_x_int_ops(p, C, rng):
    n = p["n"]

    def mixed(lo_small, hi_small, lo, hi):
        v = np.where(rng.random(n) < 0.5, rng.integers(lo_small, hi_small, n), rng.integers(lo, hi, n))
        return v
    a = mixed(-50, 51, INT32_MIN + 1, INT32_MAX).astype(np.int32)
    b = mixed(-9, 10, -(1 << 20), 1 << 20)
    b = np.where(b == 0, 3, b).astype(np.int32)
    ua = mixed(0, 100, 0, 1 << 32).astype(np.uint32)
    ub = mixed(1, 40, 1, 1 << 32).astype(np.uint32)

    def ref():
        A, Bv = a.astype(np.int64), b.astype(np.int64)
        sh = Bv & 31
        o = np.concatenate([_tdiv(A, Bv), _trem(A, Bv), ((A << sh) & 0xFFFFFFFF).astype(np.uint32).view(np.int32),
                            A >> sh, _tdiv(A, np.int64(7)) + _trem(A, np.int64(-5))])
        UA, UB = ua.astype(np.uint64), ub.astype(np.uint64)
        uo = np.concatenate([UA // UB, UA % UB, UA >> (UB & np.uint64(31)), (UA // 10) ^ (UA % 10),
                             a.view(np.uint32).astype(np.uint64) >> np.uint64(3)])
        return [("o_ptr", check_exact(o.astype(np.int64).astype(np.int32) if o.dtype != np.int32 else o)),
                ("uo_ptr", check_exact(uo.astype(np.uint32)))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(a_ptr=a, b_ptr=b, ua_ptr=ua, ub_ptr=ub, o_ptr=sentinel_i32(5 * n),
                                                uo_ptr=np.full(5 * n, 0x7F7F7F7F, np.uint32)),
                   dict(n=n), ref, nbytes=56 * n, desc=f"n={n}")


spec("x_int_ops", cases=[dict(n=n) for n in (1, 127, 128, 129, 1000, 100003)], perf=dict(n=1 << 22))(build_x_int_ops)
spec("x_int_ops_n16", cases=[dict(n=n) for n in (16, 128, 1008, 100000)], perf=dict(n=1 << 22))(build_x_int_ops)


# x_grid3d: 3D grid; program pid = (p2*n1 + p1)*n0 + p0 handles chunks pid, pid+total, ... of BLOCK:
# out = 3x + pid; info[pid] = (p0, p1, p2, n0, n1, n2, total, pid).
@spec("x_grid3d", cases=[dict(n=1, g=(1, 1, 1)), dict(n=256, g=(2, 1, 1)), dict(n=1000, g=(1, 2, 3)),
                         dict(n=100003, g=(3, 2, 2)), dict(n=5000, g=(4, 3, 2)), dict(n=70000, g=(65, 1, 1))],
      perf=dict(n=1 << 24, g=(33, 4, 2)), membound=True)
def build_x_grid3d(p, C, rng):
    n, (g0, g1, g2), B = p["n"], p["g"], C["BLOCK"]
    total = g0 * g1 * g2
    x = randn(rng, n)

    def ref():
        pid = (np.arange(n) // B) % total
        want = 3.0 * x.astype(np.float64) + pid
        info = np.array([[p_ % g0, (p_ // g0) % g1, p_ // (g0 * g1), g0, g1, g2, total, p_] for p_ in range(total)],
                        np.int32).reshape(-1)
        return [("out_ptr", check_close(want, 0.0, 3e-7 * (3.0 * np.abs(x) + pid) + 1e-30)),
                ("info_ptr", check_exact(info))]
    return Problem((g0, g1, g2), dict(x_ptr=x, out_ptr=nan_f32(n), info_ptr=sentinel_i32(8 * total)), dict(n=n), ref,
                   nbytes=8 * n, desc=f"n={n} grid={p['g']}")


# x_atomics: f32 atomic_add into 16 bins (tolerance), i32 atomic_max per bin and atomic_min over bin%4 where x > 0
# (exact), a returning atomic_add on one counter (tickets must be a permutation of 0..n-1), atomic_cas(cas[pid%4],
# 0, pid+1) with its old value stored (one winner per slot, the losers see the winner's value), atomic_xchg.
@spec("x_atomics", cases=[dict(n=n) for n in (1, 511, 512, 513, 5000, 100003)], perf=dict(n=1 << 20))
def build_x_atomics(p, C, rng):
    n, B, NB = p["n"], C["BLOCK"], C["NB"]
    G = cdiv(n, B)
    x = randn(rng, n)
    iv = rng.integers(-10 ** 6, 10 ** 6, n).astype(np.int32)
    arrays = dict(x_ptr=x, i_ptr=iv, bins_ptr=np.zeros(NB, np.float32), imax_ptr=np.full(NB, INT32_MIN, np.int32),
                  imin_ptr=np.full(4, INT32_MAX, np.int32), ctr_ptr=np.zeros(1, np.int32), tickets_ptr=sentinel_i32(n),
                  cas_ptr=np.zeros(4, np.int32), casold_ptr=sentinel_i32(G), xchg_ptr=sentinel_i32(G))

    def ref():
        b = iv & (NB - 1)
        x64 = x.astype(np.float64)
        bins = np.bincount(b, weights=x64, minlength=NB)
        babs = np.bincount(b, weights=np.abs(x64), minlength=NB)
        imax = np.full(NB, INT32_MIN, np.int64)
        np.maximum.at(imax, b, iv.astype(np.int64))
        imin = np.full(4, INT32_MAX, np.int64)
        sel = x > 0
        np.minimum.at(imin, b[sel] % 4, iv[sel].astype(np.int64))
        box = {}

        def tickets_ok(g):
            if not np.array_equal(np.sort(g.astype(np.int64)), np.arange(n)):
                return f"tickets are not a permutation of 0..{n - 1} (first {g[:8].tolist()})"
            return None

        def cas_ok(g):
            box["cas"] = g.copy()
            return None

        def casold_ok(old):
            cas = box.get("cas")
            for s in range(4):
                progs = [q for q in range(G) if q % 4 == s]
                w = int(cas[s])
                if not progs:
                    if w != 0:
                        return f"cas[{s}] = {w}, want 0 (no program)"
                    continue
                if (w - 1) not in progs:
                    return f"cas[{s}] = {w} is no pid+1 of a program with pid % 4 == {s}"
                for q in progs:
                    want = 0 if q == w - 1 else w
                    if int(old[q]) != want:
                        return f"casold[{q}] = {int(old[q])}, want {want} (cas[{s}] = {w})"
            return None
        return [("bins_ptr", check_close(bins, 0.0, 1e-5 + 2e-6 * babs)),
                ("imax_ptr", check_exact(imax.astype(np.int32))), ("imin_ptr", check_exact(imin.astype(np.int32))),
                ("ctr_ptr", check_exact(np.array([n], np.int32))), ("tickets_ptr", check_fn(tickets_ok)),
                ("cas_ptr", check_fn(cas_ok)), ("casold_ptr", check_fn(casold_ok)),
                ("xchg_ptr", check_exact((np.arange(G) * 10 + 1).astype(np.int32)))]
    return Problem((G,), arrays, dict(n=n), ref, nbytes=8 * n, desc=f"n={n}")


# x_join_split: per program: il = interleave(x, y) (join + reshape), (a, b) = split(reshape(z, [B, 2])) ->
# a - b, a * b (i32), rs = row sums of reshape(w, [R, C]).
@spec("x_join_split", cases=[dict(G=1), dict(G=3), dict(G=17)], perf=dict(G=4096))
def build_x_join_split(p, C, rng):
    G, B, R, Cc = p["G"], C["B"], C["R"], C["C"]
    x, y = randn(rng, G * B), randn(rng, G * B)
    z = rng.integers(-30000, 30000, 2 * G * B).astype(np.int32)
    w = randn(rng, G * R * Cc)

    def ref():
        il = np.empty(2 * G * B, np.float32)
        il[0::2], il[1::2] = x, y
        za, zb = z[0::2].astype(np.int64), z[1::2].astype(np.int64)
        W = w.astype(np.float64).reshape(G * R, Cc)
        return [("il_ptr", check_exact(il)), ("sa_ptr", check_exact((za - zb).astype(np.int32))),
                ("sb_ptr", check_exact((za * zb).astype(np.int32))),
                ("rs_ptr", check_close(W.sum(1), 0.0, _sum_tol(np.abs(W).sum(1))))]
    return Problem((G,), dict(x_ptr=x, y_ptr=y, z_ptr=z, w_ptr=w, il_ptr=nan_f32(2 * G * B), sa_ptr=sentinel_i32(G * B),
                              sb_ptr=sentinel_i32(G * B), rs_ptr=nan_f32(G * R)), {}, ref, desc=f"programs={G}")


# x_sort_flip: per [R, C] tile: sort rows ascending (f32, ties, no zeros), sort i32 rows descending, topk (K largest,
# descending), flip along the columns.  Exact.
@spec("x_sort_flip", cases=[dict(G=1), dict(G=2), dict(G=9)], perf=dict(G=4096))
def build_x_sort_flip(p, C, rng):
    G, R, Cc, K = p["G"], C["R"], C["C"], C["K"]
    x = _tied_f32(rng, G * R * Cc, 4)
    iv = rng.integers(-1000, 1000, G * R * Cc).astype(np.int32)

    def ref():
        X, I = x.reshape(-1, Cc), iv.reshape(-1, Cc)
        return [("xs_ptr", check_exact(np.sort(X, 1).reshape(-1))),
                ("isd_ptr", check_exact(np.sort(I, 1)[:, ::-1].reshape(-1))),
                ("tk_ptr", check_exact(np.sort(X, 1)[:, ::-1][:, :K].reshape(-1))),
                ("xf_ptr", check_exact(X[:, ::-1].reshape(-1)))]
    n = G * R * Cc
    return Problem((G,), dict(x_ptr=x, i_ptr=iv, xs_ptr=nan_f32(n), isd_ptr=sentinel_i32(n), tk_ptr=nan_f32(G * R * K),
                              xf_ptr=nan_f32(n)), {}, ref, desc=f"programs={G}")


# x_gather: g1[r, c] = x[r, (5c + 3 + r) % C] (r global row), g0[r, c] = x[block row (3*rl + c) % R, c].  Exact.
@spec("x_gather", cases=[dict(G=1), dict(G=5)], perf=dict(G=4096))
def build_x_gather(p, C, rng):
    G, R, Cc = p["G"], C["R"], C["C"]
    x = randn(rng, G * R * Cc)

    def ref():
        X = x.reshape(G * R, Cc)
        r = np.arange(G * R)[:, None]
        c = np.arange(Cc)[None, :]
        g1 = X[r, (c * 5 + 3 + r) % Cc]
        rl = r % R
        g0 = X[(r - rl) + (rl * 3 + c) % R, np.broadcast_to(c, (G * R, Cc))]
        return [("g1_ptr", check_exact(g1.reshape(-1))), ("g0_ptr", check_exact(g0.reshape(-1)))]
    n = G * R * Cc
    return Problem((G,), dict(x_ptr=x, g1_ptr=nan_f32(n), g0_ptr=nan_f32(n)), {}, ref, desc=f"programs={G}")


# x_attention / x_attention_causal: attention forward per head h (q, k, v, out are [BH, N_CTX, HEAD_DIM] f16,
# head stride N_CTX * HEAD_DIM): out = softmax(q @ k^T * sm_scale) @ v, causal: keys j > query i masked out.
# N_CTX is a multiple of BLOCK_M (the kernels neither mask rows nor keys).  The kernel rounds the unnormalized
# probabilities to f16 before the second dot and the result to f16: rtol 1e-2, atol 2e-3 against float64.
def _attention(p, C, rng, causal):
    BH, N, D, BM = p["BH"], p["N"], C["HEAD_DIM"], C["BLOCK_M"]
    assert N % BM == 0 and D in (64, 128)
    scale = p.get("scale", 0.125)
    q = rng.standard_normal(BH * N * D).astype(np.float16)
    k = rng.standard_normal(BH * N * D).astype(np.float16)
    v = rng.standard_normal(BH * N * D).astype(np.float16)

    def ref():
        Q, K, V = (t.astype(np.float64).reshape(BH, N, D) for t in (q, k, v))
        S = np.einsum("hid,hjd->hij", Q, K) * float(np.float32(scale))
        if causal:
            S = np.where(np.arange(N)[None, :, None] >= np.arange(N)[None, None, :], S, -np.inf)
        P = np.exp(S - S.max(-1, keepdims=True))
        O = np.einsum("hij,hjd->hid", P / P.sum(-1, keepdims=True), V)
        return [("o_ptr", check_close(O.reshape(-1), 1e-2, 2e-3))]
    flops = 4 * BH * N * N * D // (2 if causal else 1)
    return Problem((N // BM, BH), dict(q_ptr=q, k_ptr=k, v_ptr=v, o_ptr=np.full(BH * N * D, np.nan, np.float16)),
                   dict(sm_scale=scale, N_CTX=N, stride_h=N * D), ref, nbytes=8 * BH * N * D, flops=flops,
                   desc=f"BH={BH} N_CTX={N}" + (f" scale={scale}" if "scale" in p else ""))


_ATTN_CASES = [dict(BH=1, N=128), dict(BH=2, N=256), dict(BH=3, N=384, scale=0.3), dict(BH=2, N=1024)]


@spec("x_attention", cases=_ATTN_CASES, perf=dict(BH=32, N=4096))
def build_x_attention(p, C, rng):
    return _attention(p, C, rng, causal=False)


@spec("x_attention_causal", cases=_ATTN_CASES, perf=dict(BH=32, N=4096))
def build_x_attention_causal(p, C, rng):
    return _attention(p, C, rng, causal=True)


# The same two kernels with head dim 128 (8 warps).
@spec("x_attention_d128", cases=_ATTN_CASES, perf=dict(BH=16, N=4096))
def build_x_attention_d128(p, C, rng):
    return _attention(p, C, rng, causal=False)


@spec("x_attention_causal_d128", cases=_ATTN_CASES, perf=dict(BH=16, N=4096))
def build_x_attention_causal_d128(p, C, rng):
    return _attention(p, C, rng, causal=True)


# x_attention_fa2: the same causal attention, written as Triton's tutorial does it (two loops, tl.trans(K)).
@spec("x_attention_fa2", cases=_ATTN_CASES, perf=dict(BH=32, N=4096))
def build_x_attention_fa2(p, C, rng):
    return _attention(p, C, rng, causal=True)


# x_attn_bwd_preprocess: delta[h, i] = sum_d o[h, i, d] * do[h, i, d] over rows i < N_CTX (f16 in, f32 out).
# The f16 products are exact in f32; only the f32 sum rounds: atol 1e-6 * sum_d |o * do| per row.
@spec("x_attn_bwd_preprocess", cases=[dict(BH=1, N=1), dict(BH=2, N=63), dict(BH=1, N=64), dict(BH=3, N=100),
                                      dict(BH=2, N=1000)], perf=dict(BH=32, N=4096), membound=True)
def build_x_attn_bwd_preprocess(p, C, rng):
    BH, N, D, BM = p["BH"], p["N"], C["HEAD_DIM"], C["BLOCK_M"]
    o = rng.standard_normal(BH * N * D).astype(np.float16)
    do = rng.standard_normal(BH * N * D).astype(np.float16)

    def ref():
        prod = (o.astype(np.float64) * do.astype(np.float64)).reshape(BH * N, D)
        return [("delta_ptr", check_close(prod.sum(1), 0.0, 1e-6 * np.abs(prod).sum(1) + 1e-30))]
    return Problem((cdiv(N, BM), BH), dict(o_ptr=o, do_ptr=do, delta_ptr=nan_f32(BH * N)), dict(N_CTX=N), ref,
                   nbytes=4 * BH * N * D + 4 * BH * N, desc=f"BH={BH} N_CTX={N}")


# x_attn_bwd / x_attn_bwd_causal: attention backward per head (q, k, v, do, dq, dk, dv are [BH, N_CTX, HEAD_DIM]
# f16, head stride N_CTX * HEAD_DIM; m, delta are [BH, N_CTX] f32).  The host plays the forward: S = q k^T,
# m = log2(sum_j 2^(S * qk_scale)) with qk_scale = f32(sm_scale * 1.44269504) as the kernel rounds it (causal:
# keys j <= i), o = softmax(S * sm_scale) v rounded to f16, delta = rowsum(o * do); m and delta go in as f32.
# The reference is the exact backward in float64 from those same m and delta:
#   P = 2^(S * qk_scale - m), dV = P^T dO, dS = P * (dO V^T - delta), dQ = sm_scale dS K, dK = sm_scale dS^T Q.
# The kernel rounds P and dS to f16 before the dots and the results to f16: rtol 5e-3 plus atol 5e-3 times the
# RMS of each result (dQ and dK are sums with cancellation: sum_j dS_ij ~ 0); the CPU backend's errors stay
# below half of that.
def _attn_bwd(p, C, rng, causal):
    BH, N, D = p["BH"], p["N"], C["HEAD_DIM"]
    assert N % C["BLOCK_N1"] == 0 and N % C["BLOCK_M2"] == 0 and D == 64
    scale = p.get("scale", 0.125)
    q, k, v, do = (rng.standard_normal(BH * N * D).astype(np.float16) for _ in range(4))
    Q, K, V, dO = (t.astype(np.float64).reshape(BH, N, D) for t in (q, k, v, do))
    qk_scale = float(np.float32(np.float32(scale) * np.float32(1.44269504)))
    S = np.einsum("hid,hjd->hij", Q, K) * qk_scale
    if causal:
        S = np.where(np.arange(N)[None, :, None] >= np.arange(N)[None, None, :], S, -np.inf)
    smax = S.max(-1, keepdims=True)
    E = np.exp2(S - smax)
    m = (smax[..., 0] + np.log2(E.sum(-1))).astype(np.float32)
    O = np.einsum("hij,hjd->hid", E / E.sum(-1, keepdims=True), V).astype(np.float16).astype(np.float64)
    delta = (O * dO).sum(-1).astype(np.float32)

    def ref():
        P = np.exp2(S - m.astype(np.float64)[..., None])
        dV = np.einsum("hij,hid->hjd", P, dO)
        dS = P * (np.einsum("hid,hjd->hij", dO, V) - delta.astype(np.float64)[..., None])
        s = float(np.float32(scale))
        dQ = s * np.einsum("hij,hjd->hid", dS, K)
        dK = s * np.einsum("hij,hid->hjd", dS, Q)
        return [(name, check_close(r.reshape(-1), 5e-3, 5e-3 * np.sqrt(np.mean(r * r))))
                for name, r in (("dq_ptr", dQ), ("dk_ptr", dK), ("dv_ptr", dV))]
    n = BH * N * D
    flops = 14 * BH * N * N * D // (2 if causal else 1)  # 4 dots for dK/dV + 3 for dQ per (query, key) block pair
    return Problem((N // C["BLOCK_N1"], BH),
                   dict(q_ptr=q, k_ptr=k, v_ptr=v, do_ptr=do, m_ptr=m.reshape(-1), delta_ptr=delta.reshape(-1),
                        dq_ptr=np.full(n, np.nan, np.float16), dk_ptr=np.full(n, np.nan, np.float16),
                        dv_ptr=np.full(n, np.nan, np.float16)),
                   dict(sm_scale=scale, N_CTX=N, stride_h=N * D), ref, nbytes=14 * n + 8 * BH * N, flops=flops,
                   desc=f"BH={BH} N_CTX={N}" + (f" scale={scale}" if "scale" in p else ""))


_ATTN_BWD_CASES = [dict(BH=1, N=64), dict(BH=1, N=128), dict(BH=2, N=256), dict(BH=3, N=192, scale=0.3),
                   dict(BH=1, N=512)]


@spec("x_attn_bwd", cases=_ATTN_BWD_CASES, perf=dict(BH=32, N=4096))
def build_x_attn_bwd(p, C, rng):
    return _attn_bwd(p, C, rng, causal=False)


@spec("x_attn_bwd_causal", cases=_ATTN_BWD_CASES, perf=dict(BH=32, N=4096))
def build_x_attn_bwd_causal(p, C, rng):
    return _attn_bwd(p, C, rng, causal=True)


# x_bcast3d: z[a, b, c] = x[a, b, c] * y[b, c] + (3a - c) over rows a < M; s1 = sum_b z, m2 = max_c z.
@spec("x_bcast3d", cases=[dict(M=1), dict(M=4), dict(M=5), dict(M=33), dict(M=1001)], perf=dict(M=1 << 16))
def build_x_bcast3d(p, C, rng):
    M, A, B, Cc = p["M"], C["A"], C["B"], C["C"]
    x = randn(rng, M * B * Cc)
    y = randn(rng, B * Cc)

    def ref():
        X = x.astype(np.float64).reshape(M, B, Cc)
        Y = y.astype(np.float64).reshape(1, B, Cc)
        off = 3.0 * np.arange(M)[:, None, None] - np.arange(Cc)[None, None, :]
        Z = X * Y + off
        mag = np.abs(X * Y) + np.abs(off)
        z32 = (x.reshape(M, B, Cc) * y.reshape(1, B, Cc) + off.astype(np.float32)).astype(np.float32)
        return [("out_ptr", check_close(Z.reshape(-1), 0.0, 3e-7 * mag.reshape(-1) + 1e-30)),
                ("s1_ptr", check_close(Z.sum(1).reshape(-1), 0.0, _sum_tol(mag.sum(1).reshape(-1)))),
                ("m2_ptr", check_close(z32.max(2).reshape(-1), 0.0, 3e-7 * mag.max(2).reshape(-1) + 1e-30))]
    return Problem((cdiv(M, A),), dict(x_ptr=x, y_ptr=y, out_ptr=nan_f32(M * B * Cc), s1_ptr=nan_f32(M * Cc),
                                       m2_ptr=nan_f32(M * B)), dict(M=M), ref, nbytes=8 * M * B * Cc,
                   desc=f"M={M}")


# x_select_scalar: selects on a scalar i1 (scf.if yielding tiles -> arith.select %i1, tensor, tensor). Per row
# block (pid = row // BM), over the valid [M, N] elements (N <= BN), all in f32 and exact:
#   t = 2a if flag > 0 else b + 1;  c = a if flag % 2 == 0 else b (a load through a selected pointer tile);
#   w = a if pid % 2 == 0 else b;   acc2 = 4 steps of (acc2 + a if i == flag else acc2 - b) from 0;
#   o = t + c + w + acc2;  c_ptr gets c under the mask m, narrowed to columns < N // 2 when flag > 1;
#   q = x @ y (small integers in f16: exact) if flag > 2 else (x @ y) * 0.5 + 1.
@spec("x_select_scalar", cases=[dict(M=1, N=1, flag=0), dict(M=32, N=32, flag=1), dict(M=33, N=17, flag=2),
                                dict(M=100, N=32, flag=3), dict(M=64, N=31, flag=-1), dict(M=70, N=32, flag=5),
                                dict(M=7, N=1, flag=4), dict(M=40, N=9, flag=-2)],
      perf=dict(M=1 << 16, N=32, flag=3))
def build_x_select_scalar(p, C, rng):
    M, N, flag, BM, BN, BK = p["M"], p["N"], p["flag"], C["BM"], C["BN"], C["BK"]
    assert N <= BN
    a, b = randn(rng, M * N), randn(rng, M * N)
    x = rng.integers(-4, 5, M * BK).astype(np.float16)
    y = rng.integers(-4, 5, BK * BN).astype(np.float16)

    def ref():
        A, B = a.reshape(M, N), b.reshape(M, N)
        one, two = np.float32(1.0), np.float32(2.0)
        t = A * two if flag > 0 else B + one
        c = A if int(np.fmod(flag, 2)) == 0 else B  # Triton's % on i32 is C's (remsi)
        pid = (np.arange(M) // BM)[:, None]
        w = np.where(pid % 2 == 0, A, B)
        acc2 = np.zeros((M, N), np.float32)
        for i in range(4):
            acc2 = acc2 + A if i == flag else acc2 - B
        o = ((t + c) + w) + acc2
        cols = np.arange(N)[None, :]
        keep = np.broadcast_to(cols < (N // 2) if flag > 1 else cols < N, (M, N))
        cm = np.where(keep, c, np.float32(np.nan))
        acc = (x.astype(np.float32).reshape(M, BK) @ y.astype(np.float32).reshape(BK, BN))[:, :N]
        q = acc if flag > 2 else acc * np.float32(0.5) + one
        return [("o_ptr", check_exact(o.astype(np.float32).reshape(-1))),
                ("c_ptr", check_exact(cm.astype(np.float32).reshape(-1))),
                ("q_ptr", check_exact(q.astype(np.float32).reshape(-1)))]
    return Problem((cdiv(M, BM),), dict(a_ptr=a, b_ptr=b, x_ptr=x, y_ptr=y, o_ptr=nan_f32(M * N),
                                        c_ptr=nan_f32(M * N), q_ptr=nan_f32(M * N)),
                   dict(flag=flag, M=M, N=N), ref, nbytes=20 * M * N, desc=f"M={M} N={N} flag={flag}")

# x_select_scalar_dot: per BM-row block, o = (A if flag > 0 else B)[rows, :K] @ Y[:K, :BN], halved when flag > 1.
# Small integers in f16 (exact products and sums in f32); K is a multiple of BK = 32 (divisible by 16).
@spec("x_select_scalar_dot", cases=[dict(M=64, K=32, flag=1), dict(M=128, K=96, flag=0), dict(M=192, K=64, flag=2),
                                    dict(M=64, K=160, flag=-3)], perf=dict(M=1 << 14, K=256, flag=2))
def build_x_select_scalar_dot(p, C, rng):
    M, K, flag, BM, BN = p["M"], p["K"], p["flag"], C["BM"], C["BN"]
    assert M % BM == 0 and K % C["BK"] == 0
    a = rng.integers(-3, 4, M * K).astype(np.float16)
    b = rng.integers(-3, 4, M * K).astype(np.float16)
    y = rng.integers(-3, 4, K * BN).astype(np.float16)

    def ref():
        X = (a if flag > 0 else b).astype(np.float32).reshape(M, K)
        acc = X @ y.astype(np.float32).reshape(K, BN)
        r = acc * np.float32(0.5) if flag > 1 else acc
        return [("o_ptr", check_exact(r.astype(np.float32).reshape(-1)))]
    return Problem((M // BM,), dict(a_ptr=a, b_ptr=b, y_ptr=y, o_ptr=nan_f32(M * BN)), dict(flag=flag, K=K), ref,
                   nbytes=4 * M * K + 4 * M * BN, flops=2 * M * K * BN, desc=f"M={M} K={K} flag={flag}")

# x_softmax_pipelined: one program per row; out[r, :N] = softmax(x[r, :N]) through an online max/sum pass and a
# second pass, both over BLOCK-wide chunks padded with -inf; out's columns N..stride stay untouched (NaN).
# stride is specialised divisible by 16.
@spec("x_softmax_pipelined", cases=[dict(M=1, N=1, s=16), dict(M=3, N=100, s=112), dict(M=4, N=256, s=256),
                                    dict(M=5, N=257, s=272), dict(M=2, N=1000, s=1008), dict(M=7, N=3000, s=3008),
                                    dict(M=64, N=17, s=32)],
      perf=dict(M=4096, N=8192, s=8192), membound=True)
def build_x_softmax_pipelined(p, C, rng):
    M, N, s = p["M"], p["N"], p["s"]
    x = randn(rng, M * s, 3.0)

    def ref():
        xm = x.reshape(M, s)[:, :N].astype(np.float64)
        e = np.exp(xm - xm.max(axis=1, keepdims=True))
        want = np.full((M, s), np.nan)
        want[:, :N] = e / e.sum(axis=1, keepdims=True)
        return [("out_ptr", check_close(want, 2e-5, 1e-7))]
    return Problem((M,), dict(x_ptr=x, out_ptr=nan_f32(M * s)), dict(N=N, stride=s), ref, nbytes=12 * M * N,
                   desc=f"M={M} N={N} stride={s}")


# x_accum_other: per row, the sums of x[r, :N] (f32) and i[r, :N] (i32, wrapping) over BLOCK-wide chunks whose
# masked lanes are padded with 1.0 and 7: each of the ceil(N/BLOCK)*BLOCK - N padded lanes adds 1.0 / 7.
@spec("x_accum_other", cases=[dict(M=1, N=1, s=16), dict(M=2, N=0, s=16), dict(M=3, N=512, s=512),
                              dict(M=4, N=513, s=528), dict(M=5, N=1000, s=1008), dict(M=33, N=4099, s=4112)],
      perf=dict(M=4096, N=8192, s=8192), membound=True)
def build_x_accum_other(p, C, rng):
    M, N, s, B = p["M"], p["N"], p["s"], C["BLOCK"]
    x = randn(rng, M * s)
    iv = rng.integers(-(1 << 30), 1 << 30, M * s).astype(np.int32)
    pad = cdiv(N, B) * B - N

    def ref():
        X = x.reshape(M, s)[:, :N].astype(np.float64)
        Iv = iv.reshape(M, s)[:, :N].astype(np.int64)
        isum = ((Iv.sum(axis=1) + 7 * pad + (1 << 31)) % (1 << 32) - (1 << 31)).astype(np.int32)
        return [("out_ptr", check_close(X.sum(axis=1) + pad, 0.0, _sum_tol(np.abs(X).sum(axis=1) + pad))),
                ("iout_ptr", check_exact(isum))]
    return Problem((M,), dict(x_ptr=x, i_ptr=iv, out_ptr=nan_f32(M), iout_ptr=sentinel_i32(M)), dict(N=N, stride=s),
                   ref, nbytes=8 * M * N, desc=f"M={M} N={N} stride={s}")


# x_desc_matmul: host-side tensor descriptors (launch_abi.py: on sm80 each one is a base pointer plus its shape,
# strides and flags; on sm90 a CUtensorMap by value plus its shape and strides, from the kernel's tensordesc_meta).  C[M, N] = A[M, K] @ B[N, K]^T, f16 in, f32 accumulate, f16 out; tiles past M, N or K read 0 and the
# store is clipped to C.  Small integers: exact.  K and N are multiples of 8 (16-byte strides, as TMA needs).
@spec("x_desc_matmul", cases=[dict(M=64, N=64, K=32), dict(M=128, N=192, K=96), dict(M=100, N=72, K=40),
                              dict(M=1, N=8, K=8), dict(M=200, N=136, K=264)],
      perf=dict(M=4096, N=4096, K=4096))
def build_x_desc_matmul(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    a = rng.integers(-3, 4, M * K).astype(np.float16)
    b = rng.integers(-3, 4, N * K).astype(np.float16)

    def ref():
        acc = a.astype(np.float32).reshape(M, K) @ b.astype(np.float32).reshape(N, K).T
        return [("c_desc", check_exact(acc.astype(np.float16).reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])),
                   dict(a_desc=a, b_desc=b, c_desc=np.full(M * N, np.nan, np.float16)),
                   dict(a_desc=HostDesc([M, K], [K, 1]), b_desc=HostDesc([N, K], [K, 1]),
                        c_desc=HostDesc([M, N], [N, 1])), ref, flops=2 * M * N * K, desc=f"M={M} N={N} K={K}")


# x_make_desc: device-side descriptors over [M, N] f32 (N divisible by 16), one program per [BM, BN] tile at
# (om, on).  out[i, j] = in[i, j] + in0[i + 1, j - 3] (in0: 0 outside the tensor).  out2 gets the tile * 2 stored
# at (om - 1, on + 2), clipped: out2[i, j] = 2 * in0[i + 1, j - 2] for j >= 2 where row i + 1 lies in some
# program's tile; columns 0, 1 (and row M - 1 when BM divides M) are never written (NaN).
@spec("x_make_desc", cases=[dict(M=1, N=16), dict(M=32, N=64), dict(M=33, N=80), dict(M=100, N=208),
                            dict(M=7, N=1024), dict(M=257, N=48), dict(M=64, N=128)],
      perf=dict(M=8192, N=8192), membound=True)
def build_x_make_desc(p, C, rng):
    M, N, BM, BN = p["M"], p["N"], C["BM"], C["BN"]
    x = randn(rng, M * N)

    def ref():
        X = x.reshape(M, N)
        pad = np.zeros((M + 2, N + 3), np.float32)  # in0 at [i + 1, j - 3] is pad[i + 1, j]
        pad[:M, 3:] = X
        out = X + pad[1:M + 1, :N]
        pad2 = np.zeros((M + 1, N), np.float32)  # in0[i + 1, j - 2]
        pad2[:M - 1, 2:] = X[1:, :N - 2]
        out2 = np.float32(2.0) * pad2[:M]
        out2[:, :2] = np.nan
        if M % BM == 0:
            out2[M - 1, :] = np.nan
        return [("out_ptr", check_exact(out.reshape(-1))), ("out2_ptr", check_exact(out2.reshape(-1)))]
    return Problem((cdiv(M, BM), cdiv(N, BN)), dict(in_ptr=x, out_ptr=nan_f32(M * N), out2_ptr=nan_f32(M * N)),
                   dict(M=M, N=N), ref, nbytes=12 * M * N, desc=f"M={M} N={N}")


# x_desc_atomic: [M, N] f32 x (N divisible by 16), one program per [BM, BN] tile at (om, on); iv = int(x * 1000)
# (0 where the tile leaves the tensor).  y += x; imax = max(imax, iv); ixor ^= iv; umax = max as u32; imin gets
# the tile at (om + 1, on - 3): imin[i, j] = min(imin[i, j], ivpad[i - 1, j + 3]) for i >= 1 and j + 3 inside the
# programs' column cover, ivpad being iv with zeros outside the tensor but inside the tiles.
@spec("x_desc_atomic", cases=[dict(M=1, N=16), dict(M=32, N=32), dict(M=33, N=80), dict(M=100, N=208),
                              dict(M=7, N=1024), dict(M=64, N=48)],
      perf=dict(M=4096, N=4096), membound=True)
def build_x_desc_atomic(p, C, rng):
    M, N, BM, BN = p["M"], p["N"], C["BM"], C["BN"]
    x = randn(rng, M * N)
    y = randn(rng, M * N)
    ints = lambda: rng.integers(-3000, 3000, M * N).astype(np.int32)
    imax, imin, ixor = ints(), ints(), ints()
    umax = rng.integers(0, 1 << 32, M * N, dtype=np.uint64).astype(np.uint32)

    def ref():
        X = x.reshape(M, N)
        iv = (X * np.float32(1000.0)).astype(np.int32)
        mr, nc = cdiv(M, BM) * BM, cdiv(N, BN) * BN
        ivpad = np.zeros((mr, nc), np.int32)
        ivpad[:M, :N] = iv
        emin = imin.reshape(M, N).copy()
        rows = min(M - 1, mr - 1)
        cols = max(0, min(N, nc - 3))
        if rows > 0 and cols > 0:
            emin[1:rows + 1, :cols] = np.minimum(emin[1:rows + 1, :cols], ivpad[:rows, 3:cols + 3])
        return [("y_ptr", check_exact((y.reshape(M, N) + X).reshape(-1))),
                ("imax_ptr", check_exact(np.maximum(imax.reshape(M, N), iv).reshape(-1))),
                ("imin_ptr", check_exact(emin.reshape(-1))),
                ("ixor_ptr", check_exact((ixor.reshape(M, N) ^ iv).reshape(-1))),
                ("umax_ptr", check_exact(np.maximum(umax.reshape(M, N), iv.view(np.uint32)).reshape(-1)))]
    return Problem((cdiv(M, BM), cdiv(N, BN)), dict(x_ptr=x, y_ptr=y.copy(), imax_ptr=imax.copy(), imin_ptr=imin.copy(),
                                                    ixor_ptr=ixor.copy(), umax_ptr=umax.copy()),
                   dict(M=M, N=N), ref, nbytes=28 * M * N, desc=f"M={M} N={N}")


# x_desc_gather: a [M, N] f32 (host descriptor, NaN padding), o and p [M, N] f32 (zero padding); grid
# (G, cdiv(N, BN)) with rows = a permutation of range(G * BR) (G = cdiv(M, BR)), so every row of o is scattered
# exactly once: o = 2 a.  p[i, j] = apad[i, j + 1] + 1 for i < min(G, M) and j < N (apad: NaN outside the tensor, so
# column N - 1 is NaN unless BN divides N, where it is never written); other cells keep their sentinel -7.
@spec("x_desc_gather", cases=[dict(M=1, N=16), dict(M=8, N=32), dict(M=37, N=80), dict(M=100, N=208),
                              dict(M=9, N=1024), dict(M=64, N=48)],
      perf=dict(M=8192, N=4096), membound=True)
def build_x_desc_gather(p, C, rng):
    M, N, BR, BN = p["M"], p["N"], C["BR"], C["BN"]
    G, NC = cdiv(M, BR), cdiv(N, BN) * BN
    a = randn(rng, M * N)
    rows = rng.permutation(G * BR).astype(np.int32)

    def ref():
        A = a.reshape(M, N)
        apad = np.full((M, NC + 1), np.nan, np.float32)
        apad[:, :N] = A
        pp = np.full((M, N), -7.0, np.float32)
        rws = min(G, M)
        last = min(N, NC - 1)  # columns j <= NC - 2 are written
        pp[:rws, :last] = apad[:rws, 1:last + 1] + np.float32(1.0)
        return [("o_desc", check_exact((np.float32(2.0) * A).reshape(-1))), ("p_desc", check_exact(pp.reshape(-1)))]
    return Problem((G, cdiv(N, BN)),
                   dict(a_desc=a, o_desc=nan_f32(M * N), p_desc=np.full(M * N, -7.0, np.float32), rows_ptr=rows),
                   dict(a_desc=HostDesc([M, N], [N, 1], padding="nan"), o_desc=HostDesc([M, N], [N, 1]),
                        p_desc=HostDesc([M, N], [N, 1])), ref, nbytes=16 * M * N, desc=f"M={M} N={N}")


# Triton's Philox 4x32 (triton/language/random.py): counter (c0..c3), key (k0, k1); per round
#   c0' = hi(B * c2) ^ c1 ^ k0,  c2' = hi(A * c0) ^ c3 ^ k1,  c1' = lo(B * c2),  c3' = lo(A * c0),
# then the key is bumped by the Weyl constants.  tl.randint(seed, offset) with i32 offsets runs it on
# (offset, 0, 0, 0) keyed by the 64-bit seed's low and high words and returns c0; tl.rand maps the bits as
# i32 x to (x < 0 ? ~x : x) * 4.6566127342e-10 in f32.
_PHILOX_ROUND = (np.uint64(0xD2511F53), np.uint64(0xCD9E8D57))
_PHILOX_KEY = (np.uint32(0x9E3779B9), np.uint32(0xBB67AE85))


def philox_randint(seed, offsets, rounds=10):
    mask32 = np.uint64(0xFFFFFFFF)
    s = np.uint64(int(seed) & 0xFFFFFFFFFFFFFFFF)
    k0, k1 = np.uint32(s & mask32), np.uint32(s >> np.uint64(32))
    c0 = np.asarray(offsets).astype(np.int64).astype(np.uint32)
    c1 = np.zeros_like(c0)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    ra, rb = _PHILOX_ROUND
    with np.errstate(over="ignore"):
        for _ in range(rounds):
            pa = ra * c0.astype(np.uint64)
            pb = rb * c2.astype(np.uint64)
            c0, c1, c2, c3 = ((pb >> np.uint64(32)).astype(np.uint32) ^ c1 ^ k0, (pb & mask32).astype(np.uint32),
                              (pa >> np.uint64(32)).astype(np.uint32) ^ c3 ^ k1, (pa & mask32).astype(np.uint32))
            k0 = np.uint32(k0 + _PHILOX_KEY[0])
            k1 = np.uint32(k1 + _PHILOX_KEY[1])
    return c0


def philox_uniform(bits):
    x = bits.view(np.int32)
    x = np.where(x < 0, ~x, x)
    return x.astype(np.float32) * np.float32(4.6566127342e-10)


# x_dropout: out = keep ? x / (1 - p) : 0 with keep = tl.rand(seed, offs) > p; keep (i8) and the raw tl.randint
# bits (u32) are checked exactly, out to the division's rounding (div.full.f32 on the GPU).
@spec("x_dropout", cases=[dict(n=1, p=0.5, seed=0), dict(n=1023, p=0.25, seed=42), dict(n=1024, p=0.5, seed=-7),
                          dict(n=1025, p=0.9, seed=0x123456789ABCDEF0), dict(n=5000, p=0.0, seed=123456789),
                          dict(n=100003, p=0.5, seed=-(1 << 40) - 3)],
      perf=dict(n=1 << 24, p=0.5, seed=1234), membound=True)
def build_x_dropout(p, C, rng):
    n, prob, seed = p["n"], np.float32(p["p"]), p["seed"]
    x = randn(rng, n)

    def ref():
        bits = philox_randint(seed, np.arange(n, dtype=np.int32))
        keep = philox_uniform(bits) > prob
        scale = np.float32(1.0) - prob
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.where(keep, x / scale, np.float32(0.0)).astype(np.float32)
        return [("out_ptr", check_close(out, 1e-6, 0.0)), ("keep_ptr", check_exact(keep.astype(np.int8))),
                ("bits_ptr", check_exact(bits))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=x, out_ptr=nan_f32(n), keep_ptr=np.full(n, 0x55, np.int8),
                                                bits_ptr=np.full(n, 0xA5A5A5A5, np.uint32)),
                   dict(n=n, p=prob, seed=seed), ref, nbytes=13 * n, desc=f"n={n} p={p['p']} seed={seed}")


# x_dot_scaled / x_dot_scaled_fp4 / x_matmul_fp8 / x_matmul_bf16 (issue 23): exact decoders of the narrow formats.
def _e5m2_decode(b):
    """e5m2 bytes as f64, with inf/NaN (exponent field 31)."""
    b = np.asarray(b).astype(np.int64)
    sg, e, m = (b >> 7) & 1, (b >> 2) & 31, b & 3
    mag = np.where(e == 0, m / 4.0 * 2.0 ** -14, (1 + m / 4.0) * np.exp2(e - 15.0))
    mag = np.where(e == 31, np.where(m == 0, np.inf, np.nan), mag)
    return np.where(sg == 1, -mag, mag)


def e5m2_to_f64(b):
    """e5m2 bytes (sign, 5 exponent bits with bias 15, 2 mantissa bits) as exact f64; finite inputs only."""
    assert not ((np.asarray(b).astype(np.int64) >> 2) & 31 == 31).any()
    return _e5m2_decode(b)


def e2m1_to_f64(n):
    """e2m1 nibbles (sign, 2 exponent bits with bias 1, 1 mantissa bit) as exact f64."""
    n = np.asarray(n).astype(np.int64) & 15
    mag = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0])[n & 7]
    return np.where(n & 8, -mag, mag)


def e8m0_to_f64(s):
    """e8m0 bytes: 2^(s - 127), 0xFF is NaN."""
    s = np.asarray(s).astype(np.int64)
    return np.where(s == 255, np.nan, np.exp2(s - 127.0))


def round_bf16(x):
    """f64 -> nearest-even bf16 (as f64): exact products of few-bit values go through f32 exactly."""
    x = np.asarray(x, np.float64)
    out = bf16_to_f32(f32_to_bf16(np.nan_to_num(x, nan=0.0).astype(np.float32))).astype(np.float64)
    return np.where(np.isnan(x), np.nan, out)


def _e5m2_bytes(rng, n, emin=8, emax=20):
    """Random finite e5m2 bytes with exponent fields in [emin, emax] (magnitudes 2^-7 .. 2^5), zeros mixed in."""
    b = (rng.integers(0, 2, n) << 7) | (rng.integers(emin, emax + 1, n) << 2) | rng.integers(0, 4, n)
    b[rng.random(n) < 0.05] = 0
    return b.astype(np.uint8)


def _cu_function(fn):
    """The CUfunction handle of a CuPy kernel: RawModule.get_function gives a RawKernel, whose driver
    function (cupy.cuda.function.Function) is its `kernel` attribute; a Function has `ptr` itself."""
    inner = getattr(fn, "kernel", None)
    return inner.ptr if inner is not None and hasattr(inner, "ptr") else fn.ptr


def _bundle_capability():
    """The bundle's CUDA compute capability (manifest `target`, e.g. cuda:90), passed to the workers as
    TRITIUM_GPU_TARGET by main(); 80 when unknown."""
    t = os.environ.get("TRITIUM_GPU_TARGET", "cuda:80")
    try:
        return int(t.split(":")[1])
    except (IndexError, ValueError):
        return 80


def _dot_tol(A, B):
    """f32 accumulation over K of exact products: K * 2^-24 * (|A| @ |B|)."""
    return A.shape[1] * 2.0 ** -24 * (np.abs(np.nan_to_num(A)) @ np.abs(np.nan_to_num(B))) + 1e-30


# x_dot_scaled: C = (A * 2^(SA-127)) @ (B * 2^(SB-127)) with e5m2 A [M, K], B [K, N], one e8m0 scale per 32 K
# elements (SA [M, K/32], SB [N, K/32]); each scaled operand is rounded to bf16 (exact here: scales 2^-10..2^10);
# case `nan` sets one scale of A and one of B to 0xFF (their rows / columns of C are NaN).
@spec("x_dot_scaled", cases=[dict(M=64, N=64, K=64), dict(M=100, N=80, K=128), dict(M=1, N=16, K=64),
                             dict(M=130, N=192, K=256, nan=True)], perf=dict(M=4096, N=4096, K=4096))
def build_x_dot_scaled(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    assert K % C["BK"] == 0 and N % 16 == 0
    a, b = _e5m2_bytes(rng, M * K), _e5m2_bytes(rng, K * N)
    sa = rng.integers(117, 138, M * (K // 32)).astype(np.uint8)
    sb = rng.integers(117, 138, N * (K // 32)).astype(np.uint8)
    if p.get("nan"):
        sa[3] = 255
        sb[(N // 2) * (K // 32) + 1] = 255

    def ref():
        SA = np.repeat(e8m0_to_f64(sa).reshape(M, K // 32), 32, axis=1)
        SB = np.repeat(e8m0_to_f64(sb).reshape(N, K // 32), 32, axis=1).T
        A = round_bf16(e5m2_to_f64(a).reshape(M, K) * SA)
        B = round_bf16(e5m2_to_f64(b).reshape(K, N) * SB)
        with np.errstate(invalid="ignore"):
            want = A @ B
        return [("c_ptr", check_close(want.reshape(-1), 0.0, _dot_tol(A, B).reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])), dict(a_ptr=a, sa_ptr=sa, b_ptr=b, sb_ptr=sb, c_ptr=nan_f32(M * N)),
                   dict(M=M, N=N, K=K), ref, nbytes=M * K + K * N + 4 * M * N, flops=2 * M * N * K,
                   desc=f"M={M} N={N} K={K}{' nan' if p.get('nan') else ''}")


# x_dot_scaled_fp4: C = (A * 2^(SA-127)) @ B, A [M, BK] as e2m1 nibbles packed two per byte along K (low nibble
# first), SA [M, BK/32] e8m0, B [BK, N] bf16 unscaled; grid (M/BM, N/BN).
@spec("x_dot_scaled_fp4", cases=[dict(M=64, N=64), dict(M=128, N=192), dict(M=320, N=64)], perf=dict(M=1 << 14, N=4096))
def build_x_dot_scaled_fp4(p, C, rng):
    M, N, BK = p["M"], p["N"], C["BK"]
    assert M % C["BM"] == 0 and N % C["BN"] == 0
    a = rng.integers(0, 256, M * BK // 2).astype(np.uint8)
    sa = rng.integers(120, 135, M * (BK // 32)).astype(np.uint8)
    b = f32_to_bf16(randn(rng, BK * N))

    def ref():
        nib = np.stack([a & 15, a >> 4], axis=-1).reshape(M, BK)
        SA = np.repeat(e8m0_to_f64(sa).reshape(M, BK // 32), 32, axis=1)
        A = round_bf16(e2m1_to_f64(nib) * SA)
        B = bf16_to_f32(b).astype(np.float64).reshape(BK, N)
        return [("c_ptr", check_close((A @ B).reshape(-1), 0.0, _dot_tol(A, B).reshape(-1)))]
    return Problem((M // C["BM"], N // C["BN"]), dict(a_ptr=a, sa_ptr=sa, b_ptr=b, c_ptr=nan_f32(M * N)), {}, ref,
                   nbytes=M * BK // 2 + 2 * BK * N + 4 * M * N, flops=2 * M * N * BK, desc=f"M={M} N={N}")


# x_matmul_fp8: C = A @ B with e5m2 A [M, K], B [K, N] (exact in f16), f32 accumulation.
@spec("x_matmul_fp8", cases=[dict(M=64, N=64, K=32), dict(M=100, N=80, K=96), dict(M=1, N=16, K=64),
                             dict(M=257, N=128, K=320)], perf=dict(M=4096, N=4096, K=4096))
def build_x_matmul_fp8(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    assert K % C["BK"] == 0 and N % 16 == 0
    a, b = _e5m2_bytes(rng, M * K), _e5m2_bytes(rng, K * N)

    def ref():
        A, B = e5m2_to_f64(a).reshape(M, K), e5m2_to_f64(b).reshape(K, N)
        tol = _dot_tol(A, B)
        if _bundle_capability() >= 90:
            # Hopper's fp8 wgmma keeps its running sums with about 14 mantissa bits (Triton 3.9 leaves
            # max_num_imprecise_acc unset for this kernel), so each of the K additions may round at 2^-13.
            tol = A.shape[1] * 2.0 ** -13 * (np.abs(A) @ np.abs(B)) + 1e-30
        return [("c_ptr", check_close((A @ B).reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])), dict(a_ptr=a, b_ptr=b, c_ptr=nan_f32(M * N)), dict(M=M, N=N, K=K),
                   ref, nbytes=M * K + K * N + 4 * M * N, flops=2 * M * N * K, desc=f"M={M} N={N} K={K}")


# x_matmul_bf16: C = bf16(A @ B), bf16 A [M, K], B [K, N], f32 accumulation rounded once to bf16.
@spec("x_matmul_bf16", cases=[dict(M=64, N=64, K=32), dict(M=100, N=80, K=96), dict(M=1, N=16, K=64),
                              dict(M=257, N=128, K=320)], perf=dict(M=4096, N=4096, K=4096))
def build_x_matmul_bf16(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    assert K % C["BK"] == 0 and N % 16 == 0
    a, b = f32_to_bf16(randn(rng, M * K)), f32_to_bf16(randn(rng, K * N))

    def ref():
        A = bf16_to_f32(a).astype(np.float64).reshape(M, K)
        B = bf16_to_f32(b).astype(np.float64).reshape(K, N)
        exact = (A @ B).reshape(-1)
        tol = _dot_tol(A, B).reshape(-1) * 1.01 + np.abs(exact) * 2.0 ** -8
        return [("c_ptr", check_close_as(lambda g: bf16_to_f32(g.view(np.uint16)), exact, 0.0, tol))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])), dict(a_ptr=a, b_ptr=b, c_ptr=np.full(M * N, 0x7FC0, np.uint16)),
                   dict(M=M, N=N, K=K), ref, nbytes=2 * (M * K + K * N + M * N), flops=2 * M * N * K,
                   desc=f"M={M} N={N} K={K}")

# x_rmsnorm: y = f16(x * rsqrt(mean(x^2) + eps) * w) per row of N f16 elements (rows `stride` apart), rstd (f32)
# saved; columns N..stride of y stay untouched (NaN). The GPU's rsqrt is approximate (2 ulp): rstd to 1e-6,
# y to one f16 rounding plus that.
@spec("x_rmsnorm", cases=[dict(M=1, N=1, s=16), dict(M=3, N=100, s=112), dict(M=5, N=1000, s=1008),
                          dict(M=64, N=1024, s=1024), dict(M=7, N=513, s=528)],
      perf=dict(M=8192, N=1024, s=1024), membound=True)
def build_x_rmsnorm(p, C, rng):
    M, N, s = p["M"], p["N"], p["s"]
    eps = np.float32(1e-6)
    x = (rng.standard_normal(M * s) * 2.0).astype(np.float16)
    w = (rng.standard_normal(N) + 1.0).astype(np.float16)

    def ref():
        X = x.astype(np.float64).reshape(M, s)[:, :N]
        rstd = 1.0 / np.sqrt((X * X).sum(1) / N + float(eps))
        y = np.full((M, s), np.nan)
        y[:, :N] = X * rstd[:, None] * w.astype(np.float64)[None, :]
        return [("y_ptr", check_close(y.astype(np.float16).astype(np.float64), 2.0 ** -10, 1e-6)),
                ("rstd_ptr", check_close(rstd, 1e-6, 0.0))]
    return Problem((M,), dict(x_ptr=x, w_ptr=w, y_ptr=np.full(M * s, np.nan, np.float16), rstd_ptr=nan_f32(M)),
                   dict(stride=s, N=N, eps=eps), ref, nbytes=4 * M * N, desc=f"M={M} N={N} stride={s}")


# x_rope: out[t, h, :D/2] = x1*cos - x2*sin, out[t, h, D/2:] = x2*cos + x1*sin with x1/x2 the halves of q[t, h]
# (f16, tokens stride_t apart, heads stride_h apart), cos/sin [T, D/2] f32; one program per BT tokens, heads
# masked to H; elements outside [T, H, D] stay untouched (NaN).
@spec("x_rope", cases=[dict(T=1, H=1, sh=64), dict(T=5, H=8, sh=64), dict(T=33, H=6, sh=80), dict(T=128, H=7, sh=64)],
      perf=dict(T=65536, H=8, sh=64), membound=True)
def build_x_rope(p, C, rng):
    T, H, sh, D = p["T"], p["H"], p["sh"], C["D"]
    st = sh * H + 16
    q = (rng.standard_normal(T * st) * 2.0).astype(np.float16)
    ang = rng.uniform(-4.0, 4.0, (T, D // 2))
    cos, sin = np.cos(ang).astype(np.float32), np.sin(ang).astype(np.float32)

    def ref():
        Q = q.astype(np.float64)
        want = np.full(T * st, np.nan)
        tol = np.zeros(T * st)
        for h in range(H):
            base = np.arange(T)[:, None] * st + h * sh + np.arange(D // 2)[None, :]
            x1, x2 = Q[base], Q[base + D // 2]
            c, s_ = cos.astype(np.float64), sin.astype(np.float64)
            y1, y2 = x1 * c - x2 * s_, x2 * c + x1 * s_
            want[base], want[base + D // 2] = y1.astype(np.float16), y2.astype(np.float16)
            t1 = np.abs(y1) * 2.0 ** -10 + (np.abs(x1 * c) + np.abs(x2 * s_)) * 2.0 ** -22
            t2 = np.abs(y2) * 2.0 ** -10 + (np.abs(x2 * c) + np.abs(x1 * s_)) * 2.0 ** -22
            tol[base], tol[base + D // 2] = t1 + 2.0 ** -24, t2 + 2.0 ** -24
        return [("out_ptr", check_close(want, 0.0, tol))]
    return Problem((cdiv(T, C["BT"]),), dict(q_ptr=q, cos_ptr=cos.reshape(-1), sin_ptr=sin.reshape(-1),
                                            out_ptr=np.full(T * st, np.nan, np.float16)),
                   dict(T=T, H=H, stride_t=st, stride_h=sh), ref, nbytes=4 * T * H * D + 4 * T * D,
                   desc=f"T={T} H={H} stride_t={st} stride_h={sh}")


# x_swiglu: c = f16(silu(a)) * b (an f16 product), db = dc * f16(silu(a)), da = f16(dc*b*(silu*(1-sig)+sig)),
# silu(a) = a*sigmoid(a) in f32, rows of n_cols elements `stride` apart; the GPU's sigmoid is approximate, so
# each f16 result may be one f16 rounding step off the exact value (and the f16 silu a rounding step too).
@spec("x_swiglu", cases=[dict(M=1, N=1, s=16), dict(M=3, N=100, s=112), dict(M=4, N=2048, s=2048),
                         dict(M=9, N=1500, s=1504)], perf=dict(M=8192, N=2048, s=2048), membound=True)
def build_x_swiglu(p, C, rng):
    M, N, s = p["M"], p["N"], p["s"]
    a = (rng.standard_normal(M * s) * 3.0).astype(np.float16)
    b = rng.standard_normal(M * s).astype(np.float16)
    dc = rng.standard_normal(M * s).astype(np.float16)

    def ref():
        A, B, DC = (v.astype(np.float64).reshape(M, s) for v in (a, b, dc))
        sig = 1.0 / (1.0 + np.exp(-A))
        silu = A * sig
        silu16 = silu.astype(np.float16).astype(np.float64)
        keep = np.zeros((M, s), bool)
        keep[:, :N] = True

        def want(v):
            return np.where(keep, v, np.nan).reshape(-1)
        # one f16 ulp of slack on silu16 (an approximate sigmoid may round the other way) + the final rounding
        ulp16 = lambda v: np.abs(v) * 2.0 ** -10 + 2.0 ** -24
        c = silu16 * B
        db = DC * silu16
        da = DC * B * (silu * (1.0 - sig) + sig)
        return [("c_ptr", check_close(want(c), 0.0, want(ulp16(c) + np.abs(B) * ulp16(silu)))),
                ("db_ptr", check_close(want(db), 0.0, want(ulp16(db) + np.abs(DC) * ulp16(silu)))),
                ("da_ptr", check_close(want(da), 0.0, want(ulp16(da) + np.abs(DC * B) * 1e-5)))]
    return Problem((M,), dict(a_ptr=a, b_ptr=b, dc_ptr=dc, c_ptr=np.full(M * s, np.nan, np.float16),
                              da_ptr=np.full(M * s, np.nan, np.float16), db_ptr=np.full(M * s, np.nan, np.float16)),
                   dict(n_cols=N, stride=s), ref, nbytes=12 * M * N, desc=f"M={M} N={N} stride={s}")


# x_cross_entropy: per row r of V f32 logits (rows `stride` apart) with label y[r] (i64): loss = lse - x[y] and the
# logits overwritten with the gradient (softmax - onehot(y)) / n_rows; a row labelled ignore_index (-100) gets
# loss 0 and a zero gradient. exp/log are approximate on the GPU (ex2/lg2.approx): 2e-6 relative.
@spec("x_cross_entropy", cases=[dict(M=1, V=1, s=16), dict(M=4, V=100, s=112), dict(M=6, V=1024, s=1024),
                                dict(M=5, V=3001, s=3008), dict(M=3, V=50000, s=50000)],
      perf=dict(M=512, V=32000, s=32000), membound=True)
def build_x_cross_entropy(p, C, rng):
    M, V, s = p["M"], p["V"], p["s"]
    x = randn(rng, M * s, 4.0)
    labels = rng.integers(0, V, M).astype(np.int64)
    if M > 2:
        labels[1] = -100

    def ref():
        X = x.astype(np.float64).reshape(M, s)[:, :V]
        mx = X.max(1, keepdims=True)
        lse = (mx + np.log(np.exp(X - mx).sum(1, keepdims=True)))[:, 0]
        loss = lse - X[np.arange(M), np.clip(labels, 0, V - 1)]
        grad = np.exp(X - lse[:, None]) / M
        grad[np.arange(M), np.clip(labels, 0, V - 1)] -= 1.0 / M
        ign = labels == -100
        loss[ign] = 0.0
        grad[ign] = 0.0
        g = x.astype(np.float64).reshape(M, s).copy()
        g[:, :V] = grad
        gtol = np.zeros((M, s))
        gtol[:, :V] = (np.exp(X - lse[:, None]) / M) * (4e-6 * (np.abs(X) + np.abs(lse[:, None])) + 4e-6) + 1e-9
        # the label's element is g - 1/M in f32: one rounding at 1/M's scale
        gtol[np.arange(M), np.clip(labels, 0, V - 1)] += 2.0 ** -23 / M
        ltol = 4e-6 * (np.abs(lse) + np.abs(mx[:, 0])) + 1e-6
        return [("loss_ptr", check_close(loss, 0.0, ltol)), ("logits_ptr", check_close(g.reshape(-1), 0.0, gtol.reshape(-1)))]
    return Problem((M,), dict(logits_ptr=x.copy(), labels_ptr=labels, loss_ptr=nan_f32(M)),
                   dict(stride=s, V=V, n_rows=M, ignore_index=-100), ref, nbytes=12 * M * V,
                   desc=f"M={M} V={V} stride={s}")


# x_w4a16_matmul: C = f16(A @ W), A f16 [M, K], W[k, n] = (nibble(k, n) - 8) * scale[k // GROUP, n] with the nibbles
# packed 8 per i32 along K (qw [K/8, N], nibble k%8 at bits 4*(k%8)) and f16 scales of few mantissa bits, so W
# is exact in f16; f32 accumulation, one f16 rounding.
@spec("x_w4a16_matmul", cases=[dict(M=64, N=64, K=64), dict(M=100, N=80, K=128), dict(M=1, N=16, K=256),
                               dict(M=257, N=192, K=96)], perf=dict(M=16, N=8192, K=8192))
def build_x_w4a16_matmul(p, C, rng):
    M, N, K, G = p["M"], p["N"], p["K"], C["GROUP"]
    assert K % 32 == 0 and N % 16 == 0
    a = (rng.standard_normal(M * K) * 0.5).astype(np.float16)
    nib = rng.integers(0, 16, (K, N)).astype(np.int64)
    qw = np.zeros((K // 8, N), np.int64)
    for j in range(8):
        qw |= nib[j::8] << (4 * j)
    qw = qw.astype(np.uint32).view(np.int32)
    scales = (np.exp2(rng.integers(-6, -2, (K // G, N))) * rng.choice([1.0, 1.25, 1.5, 1.75], (K // G, N)))
    scales = scales.astype(np.float16)

    def ref():
        W = (nib - 8).astype(np.float64) * np.repeat(scales.astype(np.float64), G, axis=0)
        A = a.astype(np.float64).reshape(M, K)
        exact = A @ W
        # f32 accumulation near an f16 rounding boundary may round to the neighbour: one f16 ulp
        tol = _dot_tol(A, W) * 1.01 + np.abs(exact) * 2.0 ** -10 + 2.0 ** -24
        return [("c_ptr", check_close(exact.astype(np.float16).astype(np.float64).reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])), dict(a_ptr=a, qw_ptr=qw.reshape(-1), scales_ptr=scales.reshape(-1),
                                                              c_ptr=np.full(M * N, np.nan, np.float16)),
                   dict(M=M, N=N, K=K), ref, nbytes=2 * M * K + K * N // 2 + 2 * M * N, flops=2 * M * N * K,
                   desc=f"M={M} N={N} K={K}")


# x_splitk_matmul: C (f32, zeroed) += A @ B over SPLIT programs along grid axis 2, each adding its K slices'
# f32 partial tile with tl.atomic_add; A, B f16; the order of the adds is the GPU's.
@spec("x_splitk_matmul", cases=[dict(M=64, N=64, K=128), dict(M=100, N=80, K=96), dict(M=1, N=16, K=1024),
                                dict(M=130, N=192, K=512)], perf=dict(M=512, N=512, K=16384))
def build_x_splitk_matmul(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    a = (rng.standard_normal(M * K) * 0.5).astype(np.float16)
    b = (rng.standard_normal(K * N) * 0.5).astype(np.float16)

    def ref():
        A, B = a.astype(np.float64).reshape(M, K), b.astype(np.float64).reshape(K, N)
        exact = A @ B
        tol = _dot_tol(A, B) * 1.01 + np.abs(exact) * 2.0 ** -22 * C["SPLIT"] + 1e-30
        return [("c_ptr", check_close(exact.reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"]), C["SPLIT"]),
                   dict(a_ptr=a, b_ptr=b, c_ptr=np.zeros(M * N, np.float32)), dict(M=M, N=N, K=K), ref,
                   nbytes=2 * (M * K + K * N) + 4 * M * N, flops=2 * M * N * K, desc=f"M={M} N={N} K={K}")

# x_int8_quant: per row of N f16 values (rows `stride` apart): scale = max(absmax, 1e-8) / 127 (f32),
# q = clamp(rint(x / scale), -127, 127) as i8; the GPU's x / scale is div.full.f32 (2 ulp), so a quotient
# within 1e-5 of a tie may round either way.
@spec("x_int8_quant", cases=[dict(M=1, N=1, s=16), dict(M=3, N=100, s=112), dict(M=4, N=4096, s=4096),
                             dict(M=5, N=3000, s=3008), dict(M=2, N=64, s=64, zero=True)],
      perf=dict(M=8192, N=4096, s=4096), membound=True)
def build_x_int8_quant(p, C, rng):
    M, N, s = p["M"], p["N"], p["s"]
    x = (rng.standard_normal(M * s) * 3.0).astype(np.float16)
    if p.get("zero"):
        x[:] = 0

    def ref():
        X = x.astype(np.float64).reshape(M, s)[:, :N]
        scale = (np.maximum(np.abs(X).max(1), 1e-8) / 127.0).astype(np.float32)
        t = X / scale.astype(np.float64)[:, None]
        q = np.clip(np.rint(t), -127, 127)
        tie = np.abs(np.abs(t - np.floor(t)) - 0.5) < 1e-5
        want = np.full((M, s), 0x55, np.int64)  # columns N.. keep the sentinel
        want[:, :N] = q
        slack = np.zeros((M, s))
        slack[:, :N] = np.where(tie, 1.0, 0.0)
        return [("q_ptr", check_close(want.reshape(-1), 0.0, slack.reshape(-1))),
                ("scale_ptr", check_close(scale.astype(np.float64), 2.0 ** -22, 0.0))]
    return Problem((M,), dict(x_ptr=x, q_ptr=np.full(M * s, 0x55, np.int8), scale_ptr=nan_f32(M)),
                   dict(N=N, stride=s), ref, nbytes=3 * M * N, desc=f"M={M} N={N} stride={s}")


# x_fp8_act_quant: per block of BLOCK bf16 values: s = absmax / 57344 (1 for an all-zero block), y = e5m2(x / s)
# rounded to nearest; x / s is approximate on the GPU (2 ulp), so y may be the other neighbour of a tie.
@spec("x_fp8_act_quant", cases=[dict(n=1), dict(n=100), dict(n=128), dict(n=1000), dict(n=4096, zero=True),
                                dict(n=100003)], perf=dict(n=1 << 24), membound=True)
def build_x_fp8_act_quant(p, C, rng):
    n, B = p["n"], C["BLOCK"]
    xf = randn(rng, n, 2.0)
    if p.get("zero"):
        xf[: 2 * B] = 0
    x = f32_to_bf16(xf)
    nb = cdiv(n, B)

    def ref():
        X = np.zeros(nb * B)
        X[:n] = bf16_to_f32(x).astype(np.float64)
        Xb = X.reshape(nb, B)
        sc = (np.abs(Xb).max(1) / 57344.0).astype(np.float32).astype(np.float64)
        sc = np.where(sc == 0.0, 1.0, sc)
        t = (Xb / sc[:, None]).reshape(-1)[:n]
        e = np.floor(np.log2(np.maximum(np.abs(t), 2.0 ** -14)))
        ulp = np.exp2(e - 2)
        tol = 0.5 * ulp * (1 + 1e-5) + np.abs(t) * 1e-7
        return [("y_ptr", check_close_as(lambda g: _e5m2_decode(g.view(np.uint8)), t, 0.0, tol)),
                ("s_ptr", check_close(sc, 2.0 ** -22, 0.0))]
    return Problem((nb,), dict(x_ptr=x, y_ptr=np.full(n, 0x7F, np.uint8), s_ptr=nan_f32(nb)), dict(n=n), ref,
                   nbytes=3 * n, desc=f"n={n}")


# x_decode_attention: q [Hkv*GROUP, D] f16, k/v [S, Hkv, D] f16 (positions stride_ks apart); program (kv head,
# split) attends its GROUP query heads over positions [split*ceil(S/SPLITS), ...) and writes the partial softmax
# output o[split, h, :] (f32) and lse[split, h]; an empty split writes NaN and -inf. P is rounded to f16 before
# the P @ V product, as the kernel does.
@spec("x_decode_attention", cases=[dict(S=1, Hkv=1), dict(S=100, Hkv=2), dict(S=256, Hkv=3), dict(S=1000, Hkv=2),
                                   dict(S=4097, Hkv=1)], perf=dict(S=32768, Hkv=8))
def build_x_decode_attention(p, C, rng):
    S, Hkv, G, D, SP = p["S"], p["Hkv"], C["GROUP"], C["D"], C["SPLITS"]
    Hq = Hkv * G
    q = (rng.standard_normal(Hq * D) * 0.5).astype(np.float16)
    k = (rng.standard_normal(S * Hkv * D) * 0.5).astype(np.float16)
    v = rng.standard_normal(S * Hkv * D).astype(np.float16)
    scale = np.float32(1.0 / np.sqrt(D))

    def ref():
        Q = q.astype(np.float64).reshape(Hq, D)
        K = k.astype(np.float64).reshape(S, Hkv, D)
        V = v.astype(np.float64).reshape(S, Hkv, D)
        o = np.full((SP, Hq, D), np.nan)
        lse = np.full((SP, Hq), -np.inf)
        otol = np.zeros((SP, Hq, D))
        per = cdiv(S, SP)
        for sp in range(SP):
            lo, hi = sp * per, min(sp * per + per, S)
            if lo >= hi:
                continue
            for h in range(Hkv):
                qs = Q[h * G:(h + 1) * G]
                qk = qs @ K[lo:hi, h].T * float(scale)
                m = qk.max(1, keepdims=True)
                pr = np.exp(qk - m)
                l = pr.sum(1, keepdims=True)
                p16 = pr.astype(np.float16).astype(np.float64)
                o[sp, h * G:(h + 1) * G] = (p16 @ V[lo:hi, h]) / l
                otol[sp, h * G:(h + 1) * G] = (pr @ np.abs(V[lo:hi, h])) / l * 2.0 ** -9 + 1e-6
                lse[sp, h * G:(h + 1) * G] = (m + np.log(l))[:, 0]
        return [("o_ptr", check_close(o.reshape(-1), 0.0, otol.reshape(-1))),
                ("lse_ptr", check_close(lse.reshape(-1), 1e-5, 1e-5))]
    return Problem((Hkv, SP), dict(q_ptr=q, k_ptr=k, v_ptr=v, o_ptr=nan_f32(SP * Hq * D), lse_ptr=nan_f32(SP * Hq)),
                   dict(S=S, sm_scale=scale, stride_ks=Hkv * D), ref, nbytes=4 * S * Hkv * D,
                   flops=4 * S * Hq * D, desc=f"S={S} Hkv={Hkv} group={G}")


# x_ssm_update: one decode step of Mamba's selective state update over batch rows and dim channels:
# dt' = softplus(dt + bias) (dt' = dt + bias above 20), state = state*exp(A*dt') + dt'*x*B (in place, f32),
# y = bf16(sum_n state*C + Dskip*x); x/dt/B/C bf16, A/bias/Dskip f32.
@spec("x_ssm_update", cases=[dict(Bt=1, dim=1), dict(Bt=2, dim=100), dict(Bt=3, dim=256), dict(Bt=5, dim=1000)],
      perf=dict(Bt=64, dim=8192), membound=True)
def build_x_ssm_update(p, C, rng):
    Bt, dim, N = p["Bt"], p["dim"], C["DSTATE"]
    state = randn(rng, Bt * dim * N)
    x = f32_to_bf16(randn(rng, Bt * dim))
    dt = f32_to_bf16(randn(rng, Bt * dim, 2.0) - 1.0)
    dt[:: 7] = f32_to_bf16(np.full(len(dt[:: 7]), 25.0, np.float32))
    bias = randn(rng, dim, 0.5)
    A = -rng.uniform(0.5, 2.0, dim * N).astype(np.float32)
    Bv = f32_to_bf16(randn(rng, Bt * N))
    Cv = f32_to_bf16(randn(rng, Bt * N))
    Dskip = randn(rng, dim)

    def ref():
        X = bf16_to_f32(x).astype(np.float64).reshape(Bt, dim)
        DT = bf16_to_f32(dt).astype(np.float64).reshape(Bt, dim) + bias.astype(np.float64)[None, :]
        DT = np.where(DT <= 20.0, np.log1p(np.exp(np.minimum(DT, 20.0))), DT)
        St = state.astype(np.float64).reshape(Bt, dim, N)
        Am = A.astype(np.float64).reshape(dim, N)
        Bm = bf16_to_f32(Bv).astype(np.float64).reshape(Bt, N)
        Cm = bf16_to_f32(Cv).astype(np.float64).reshape(Bt, N)
        decay = np.exp(Am[None] * DT[:, :, None])
        inc = (DT * X)[:, :, None] * Bm[:, None, :]
        new = St * decay + inc
        # softplus in f32 is log(1 + exp(dt)): dt' carries an absolute error of ~2^-23 (one rounding of 1 + e)
        ddt = 2.0 ** -22
        stol = (2e-6 * (np.abs(St * decay) * (1 + np.abs(Am[None] * DT[:, :, None])) + np.abs(inc))
                + ddt * (np.abs(St * decay * Am[None]) + np.abs(X[:, :, None] * Bm[:, None, :])) + 1e-7)
        y = (new * Cm[:, None, :]).sum(2) + Dskip.astype(np.float64)[None, :] * X
        ytol = 2e-6 * ((np.abs(new) + stol) * np.abs(Cm[:, None, :])).sum(2) * 4 + np.abs(y) * 2.0 ** -8 + 1e-6
        return [("state_ptr", check_close(new.reshape(-1), 0.0, stol.reshape(-1))),
                ("y_ptr", check_close_as(lambda g: bf16_to_f32(g.view(np.uint16)), y.reshape(-1), 0.0, ytol.reshape(-1)))]
    return Problem((Bt, cdiv(dim, C["BD"])), dict(state_ptr=state.copy(), x_ptr=x, dt_ptr=dt, dt_bias_ptr=bias, A_ptr=A,
                                                  B_ptr=Bv, C_ptr=Cv, Dskip_ptr=Dskip,
                                                  y_ptr=np.full(Bt * dim, 0x7FC0, np.uint16)),
                   dict(dim=dim), ref, nbytes=8 * Bt * dim * N, desc=f"B={Bt} dim={dim}")

# x_causal_conv1d: y[b, d, l] = f16(silu(bias[d] + sum_k w[d, k] * x[b, d, l - 3 + k])) with zeros before l = 0;
# x/y [B, D, L] f16, w [D, 4] and bias f32; the GPU's sigmoid is approximate (one f16 step of slack).
@spec("x_causal_conv1d", cases=[dict(B=1, D=1, L=1), dict(B=2, D=20, L=100), dict(B=1, D=64, L=256),
                                dict(B=3, D=17, L=1000)], perf=dict(B=8, D=2048, L=2048), membound=True)
def build_x_causal_conv1d(p, C, rng):
    Bn, D, L, KW = p["B"], p["D"], p["L"], C["KW"]
    x = rng.standard_normal(Bn * D * L).astype(np.float16)
    w = randn(rng, D * KW, 0.5)
    bias = randn(rng, D, 0.1)

    def ref():
        X = x.astype(np.float64).reshape(Bn, D, L)
        W = w.astype(np.float64).reshape(D, KW)
        acc = np.zeros((Bn, D, L)) + bias.astype(np.float64)[None, :, None]
        mag = np.zeros((Bn, D, L)) + np.abs(bias.astype(np.float64))[None, :, None]
        for k in range(KW):
            sh = KW - 1 - k
            xs = np.zeros((Bn, D, L))
            xs[:, :, sh:] = X[:, :, :L - sh] if sh < L else 0
            acc += xs * W[None, :, k:k + 1]
            mag += np.abs(xs * W[None, :, k:k + 1])
        y = acc / (1.0 + np.exp(-acc))
        tol = np.abs(y) * 2.0 ** -10 + mag * 2.0 ** -21 + 2.0 ** -24
        return [("y_ptr", check_close(y.astype(np.float16).astype(np.float64).reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((Bn, cdiv(D, C["BD"]), cdiv(L, C["BL"])), dict(x_ptr=x, w_ptr=w, b_ptr=bias,
                                                                  y_ptr=np.full(Bn * D * L, np.nan, np.float16)),
                   dict(D=D, L=L), ref, nbytes=4 * Bn * D * L, desc=f"B={Bn} D={D} L={L}")


# x_kv_cache_write: token t's k/v rows (HD f16, rows stride_t apart) go to cache block slot//16, row slot%16
# (cache [blocks, 16, HD]); slot -1 is skipped; untouched cache rows keep their sentinel.
@spec("x_kv_cache_write", cases=[dict(T=1, blocks=1), dict(T=37, blocks=8), dict(T=256, blocks=40),
                                 dict(T=1000, blocks=100)], perf=dict(T=65536, blocks=8192), membound=True)
def build_x_kv_cache_write(p, C, rng):
    T, NB, BS, HD = p["T"], p["blocks"], C["BLOCK_SIZE"], C["HD"]
    st = HD + 16
    k = rng.standard_normal(T * st).astype(np.float16)
    v = rng.standard_normal(T * st).astype(np.float16)
    slots = rng.permutation(NB * BS)[:T].astype(np.int64)
    slots[::5] = -1

    def ref():
        kc = np.full((NB * BS, HD), 0x7E00, np.uint16).view(np.float16).astype(np.float64)
        vc = kc.copy()
        for t in range(T):
            if slots[t] >= 0:
                kc[slots[t]] = k[t * st:t * st + HD]
                vc[slots[t]] = v[t * st:t * st + HD]
        return [("kc_ptr", check_exact(kc.astype(np.float16))), ("vc_ptr", check_exact(vc.astype(np.float16)))]
    return Problem((cdiv(T, C["BT"]),), dict(k_ptr=k, v_ptr=v, kc_ptr=np.full(NB * BS * HD, np.nan, np.float16),
                                            vc_ptr=np.full(NB * BS * HD, np.nan, np.float16), slots_ptr=slots),
                   dict(n_tokens=T, stride_t=st), ref, nbytes=8 * T * HD, desc=f"T={T} blocks={NB}")


# x_paged_decode: o[s] = softmax(q[s] . K_s * scale) @ V_s over the seq_len[s] cached positions of sequence s,
# whose position j*16 + r lives in cache block tables[s, j], row r; f32 accumulation, approximate exp.
@spec("x_paged_decode", cases=[dict(S=1, maxlen=1), dict(S=3, maxlen=40), dict(S=5, maxlen=300),
                               dict(S=2, maxlen=1000)], perf=dict(S=256, maxlen=2048))
def build_x_paged_decode(p, C, rng):
    S, maxlen, BS, HD = p["S"], p["maxlen"], C["BLOCK_SIZE"], C["HD"]
    lens = rng.integers(1, maxlen + 1, S).astype(np.int32)
    lens[0] = maxlen
    mb = cdiv(maxlen, BS)
    NB = S * mb + 3
    tables = rng.permutation(NB)[:S * mb].reshape(S, mb).astype(np.int32)
    q = rng.standard_normal(S * HD).astype(np.float16)
    kc = (rng.standard_normal(NB * BS * HD) * 0.5).astype(np.float16)
    vc = rng.standard_normal(NB * BS * HD).astype(np.float16)
    scale = np.float32(1.0 / np.sqrt(HD))

    def ref():
        Kc = kc.astype(np.float64).reshape(NB, BS, HD)
        Vc = vc.astype(np.float64).reshape(NB, BS, HD)
        o = np.zeros((S, HD))
        tol = np.zeros((S, HD))
        for sq in range(S):
            n = int(lens[sq])
            rows = [Kc[tables[sq, j // BS], j % BS] for j in range(n)]
            K = np.array(rows)
            V = np.array([Vc[tables[sq, j // BS], j % BS] for j in range(n)])
            sc = K @ q[sq * HD:(sq + 1) * HD].astype(np.float64) * float(scale)
            pr = np.exp(sc - sc.max())
            o[sq] = pr @ V / pr.sum()
            tol[sq] = (pr @ np.abs(V)) / pr.sum() * 1e-5 + 1e-6
        return [("o_ptr", check_close(o.reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((S,), dict(q_ptr=q, kc_ptr=kc, vc_ptr=vc, tables_ptr=tables.reshape(-1), lens_ptr=lens,
                              o_ptr=nan_f32(S * HD)), dict(sm_scale=scale, max_blocks=mb), ref,
                   nbytes=4 * int(lens.sum()) * HD, desc=f"S={S} maxlen={maxlen}")

# x_fused_moe: M tokens each routed to TOPK=2 of E experts (ids and f32 weights); slot s = token*2 + j. The slots
# are sorted by expert and each expert's list padded to a multiple of BM with the sentinel M*2 (sorted_ids),
# expert_ids[b] = the expert of row block b, EM = the padded length; blocks past EM (the grid has spare ones)
# return at once. c[s, :] = f16(w[s] * (A[s // 2] @ B[expert of s])), A [M, K], B [E, K, N] f16.
@spec("x_fused_moe", cases=[dict(M=1, E=2, N=64, K=32), dict(M=37, E=4, N=80, K=64), dict(M=200, E=8, N=128, K=96),
                            dict(M=5, E=16, N=16, K=256)], perf=dict(M=2048, E=8, N=4096, K=2048))
def build_x_fused_moe(p, C, rng):
    M, E, N, K, BM, T = p["M"], p["E"], p["N"], p["K"], C["BM"], C["TOPK"]
    a = (rng.standard_normal(M * K) * 0.5).astype(np.float16)
    b = (rng.standard_normal(E * K * N) * 0.5).astype(np.float16)
    topk = np.stack([rng.choice(E, T, replace=False) for _ in range(M)]).astype(np.int64)
    w = rng.uniform(0.1, 1.0, (M, T)).astype(np.float32)
    slots_of = [np.flatnonzero(topk.reshape(-1) == e) for e in range(E)]
    sorted_ids, expert_ids = [], []
    for e in range(E):
        lst = list(slots_of[e])
        if not lst:
            continue
        pad = cdiv(len(lst), BM) * BM
        sorted_ids += lst + [M * T] * (pad - len(lst))
        expert_ids += [e] * (pad // BM)
    EM = len(sorted_ids)
    spare = 2  # grid rows past EM exercise the early return
    sorted_ids = np.array(sorted_ids + [M * T] * (spare * BM), np.int32)
    expert_ids = np.array(expert_ids + [0] * spare, np.int32)

    def ref():
        A = a.astype(np.float64).reshape(M, K)
        B = b.astype(np.float64).reshape(E, K, N)
        want = np.full((M * T, N), np.nan)
        tol = np.zeros((M * T, N))
        for s_ in range(M * T):
            e = topk.reshape(-1)[s_]
            row = A[s_ // T] @ B[e] * float(w.reshape(-1)[s_])
            mag = np.abs(A[s_ // T]) @ np.abs(B[e]) * float(w.reshape(-1)[s_])
            want[s_] = row.astype(np.float16)
            tol[s_] = mag * K * 2.0 ** -24 * 1.01 + np.abs(row) * 2.0 ** -10 + 2.0 ** -24
        return [("c_ptr", check_close(want.reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((EM // BM + spare, cdiv(N, C["BN"])),
                   dict(a_ptr=a, b_ptr=b, c_ptr=np.full(M * T * N, np.nan, np.float16), topk_w_ptr=w.reshape(-1),
                        sorted_ids_ptr=sorted_ids, expert_ids_ptr=expert_ids),
                   dict(num_valid=M * T, N=N, K=K, EM=EM), ref, nbytes=2 * (M * K + E * K * N + M * T * N),
                   flops=2 * M * T * N * K, desc=f"M={M} E={E} N={N} K={K}")


# ============================================================================================================
# issue 23, third batch of extra kernels (Liger / vLLM / FLA / FlashAttention / DeepSeek style)
# ============================================================================================================
BF16_NAN = 0x7FC0


def _bf16_dec(g):
    return bf16_to_f32(np.asarray(g).view(np.uint16)).astype(np.float64)


# x_logsoftmax_fwd_bwd: per row of N f16 values (rows `stride` apart): y = x - logsumexp(x) (f32) and
# dx = f16(dy - exp(y) * sum(dy)); columns N..stride stay NaN.  The GPU's exp2/log2 are approximate (2^-22),
# so y to 2e-5 * (1 + |x| + |lse|), dx to one f16 rounding plus that error times |exp(y) * sum(dy)|.
@spec("x_logsoftmax_fwd_bwd", cases=[dict(M=1, N=1, s=16), dict(M=3, N=100, s=112), dict(M=4, N=1024, s=1024),
                                     dict(M=5, N=3000, s=3008), dict(M=2, N=5000, s=5008)],
      perf=dict(M=4096, N=8192, s=8192), membound=True)
def build_x_logsoftmax_fwd_bwd(p, C, rng):
    M, N, s = p["M"], p["N"], p["s"]
    x = (rng.standard_normal(M * s) * 3.0).astype(np.float16)
    dy = (rng.standard_normal(M * s) * 0.5).astype(np.float16)

    def ref():
        X = x.astype(np.float64).reshape(M, s)[:, :N]
        D = dy.astype(np.float64).reshape(M, s)[:, :N]
        mx = X.max(1, keepdims=True)
        lse = mx + np.log(np.exp(X - mx).sum(1, keepdims=True))
        Y = X - lse
        G = D.sum(1, keepdims=True)
        P = np.exp(Y)
        DX = D - P * G
        ytol = 2e-5 * (1.0 + np.abs(X) + np.abs(lse))
        dxtol = 2.0 ** -11 * np.abs(DX) + ytol * P * np.abs(G) * 1.5 + 1e-6 * np.abs(G) * P + 2.0 ** -24
        full = lambda a, fill=np.nan: np.concatenate([a, np.full((M, s - N), fill)], 1).reshape(-1)  # noqa: E731
        return [("y_ptr", check_close(full(Y), 0.0, full(ytol, 0.0))),
                ("dx_ptr", check_close(full(DX), 0.0, full(dxtol, 0.0)))]
    return Problem((M,), dict(x_ptr=x, dy_ptr=dy, y_ptr=nan_f32(M * s), dx_ptr=np.full(M * s, np.nan, np.float16)),
                   dict(N=N, stride=s), ref, nbytes=2 * 2 * M * N + 4 * M * N + 2 * M * N, desc=f"M={M} N={N} s={s}")


# x_moe_topk_gating: T tokens x E=60 bf16 router logits (multiples of 1/8: many exact ties), softmax over the
# experts, the 4 largest (ties: lower expert first) with their probabilities renormalized to sum 1.  Indices
# exact, weights to 1e-5.
@spec("x_moe_topk_gating", cases=[dict(T=1), dict(T=16), dict(T=37), dict(T=1000)], perf=dict(T=1 << 16),
      membound=True)
def build_x_moe_topk_gating(p, C, rng):
    T, E, K = p["T"], 60, C["TOPK"]
    logits = f32_to_bf16((np.round(rng.standard_normal(T * E) * 8) / 8).astype(np.float32))

    def ref():
        L = _bf16_dec(logits).reshape(T, E)
        order = np.argsort(-L, axis=1, kind="stable")[:, :K]
        top = np.take_along_axis(L, order, 1)
        w = np.exp(top - top.max(1, keepdims=True))
        w = w / w.sum(1, keepdims=True)
        return [("ids_ptr", check_exact(order.astype(np.int32).reshape(-1))),
                ("w_ptr", check_close(w.reshape(-1), 1e-5, 1e-7))]
    return Problem((cdiv(T, C["BT"]),), dict(logits_ptr=logits, w_ptr=nan_f32(T * K), ids_ptr=sentinel_i32(T * K)),
                   dict(T=T, E=E), ref, nbytes=2 * T * E + 8 * T * K, desc=f"T={T}")


# x_embedding_bwd: dW[ids[t], :] += dy[t, :] over n tokens (f16 dy, multiples of 1/16, so every f32 sum is
# exact in any order), ids -1 skipped; cnt[v] += number of tokens with id v.  dW and cnt start non-zero.
@spec("x_embedding_bwd", cases=[dict(n=1, V=4, D=1), dict(n=100, V=10, D=64), dict(n=1000, V=50, D=200),
                                dict(n=4096, V=1000, D=128)], perf=dict(n=16384, V=32000, D=1024))
def build_x_embedding_bwd(p, C, rng):
    n, V, D = p["n"], p["V"], p["D"]
    ids = rng.integers(0, V, n).astype(np.int64)
    ids[rng.random(n) < 0.1] = -1
    dy = (rng.integers(-32, 33, n * D) / 16.0).astype(np.float16)
    dw0 = (rng.integers(-8, 9, V * D) / 4.0).astype(np.float32)
    cnt0 = rng.integers(0, 5, V).astype(np.int32)

    def ref():
        dw = dw0.astype(np.float64).reshape(V, D).copy()
        keep = ids >= 0
        np.add.at(dw, ids[keep], dy.astype(np.float64).reshape(n, D)[keep])
        cnt = cnt0.astype(np.int64) + np.bincount(ids[keep], minlength=V)
        return [("dw_ptr", check_exact(dw.astype(np.float32).reshape(-1))),
                ("cnt_ptr", check_exact(cnt.astype(np.int32)))]
    return Problem((cdiv(n, C["BT"]), cdiv(D, C["BD"])), dict(ids_ptr=ids, dy_ptr=dy, dw_ptr=dw0.copy(), cnt_ptr=cnt0.copy()),
                   dict(n_tokens=n, D=D), ref, nbytes=8 * n + 2 * n * D + 8 * n * D, desc=f"n={n} V={V} D={D}")


# x_fp8_block_matmul: C = bf16(sum_t (A_t @ B_t^T) * as[:, t] * bs[n // 128, t]) over 128-wide K tiles t, e5m2
# A [M, K], weight B [N, K], power-of-two scales (exact products); the last tile may be partial (K % 128 != 0).
# f32 accumulation (sm90: fp8 wgmma sums with ~14 mantissa bits, as x_matmul_fp8), one bf16 rounding.
@spec("x_fp8_block_matmul", cases=[dict(M=64, N=128, K=128), dict(M=100, N=200, K=320), dict(M=1, N=16, K=64),
                                   dict(M=257, N=384, K=512)], perf=dict(M=4096, N=4096, K=4096))
def build_x_fp8_block_matmul(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    assert K % 16 == 0
    kt, nb = cdiv(K, 128), cdiv(N, 128)
    a, b = _e5m2_bytes(rng, M * K), _e5m2_bytes(rng, N * K)
    as_ = np.exp2(rng.integers(-3, 4, M * kt)).astype(np.float32)
    bs = np.exp2(rng.integers(-3, 4, nb * kt)).astype(np.float32)

    def ref():
        SA = np.repeat(as_.astype(np.float64).reshape(M, kt), 128, axis=1)[:, :K]
        SB = np.repeat(np.repeat(bs.astype(np.float64).reshape(nb, kt), 128, axis=1)[:, :K], 128, axis=0)[:N]
        A = e5m2_to_f64(a).reshape(M, K) * SA
        B = (e5m2_to_f64(b).reshape(N, K) * SB).T
        exact = A @ B
        ulp = 2.0 ** -13 if _bundle_capability() >= 90 else 2.0 ** -24
        tol = 128 * ulp * (np.abs(A) @ np.abs(B)) * 1.01 + np.abs(exact) * 2.0 ** -8 + 1e-30
        return [("c_ptr", check_close_as(_bf16_dec, exact.reshape(-1), 0.0, tol.reshape(-1)))]
    grid = cdiv(M, C["BM"]) * cdiv(N, C["BN"])
    return Problem((grid,), dict(a_ptr=a, b_ptr=b, c_ptr=np.full(M * N, BF16_NAN, np.uint16), as_ptr=as_, bs_ptr=bs),
                   dict(M=M, N=N, K=K), ref, nbytes=M * K + N * K + 2 * M * N, flops=2 * M * N * K,
                   desc=f"M={M} N={N} K={K}")


# x_gqa_attention: bf16 q [B, N, 8, 128], k/v [B, N, 2, 128] (query head h reads KV head h // 4); o = softmax(q k^T
# * sm_scale) v (bf16) and lse = logsumexp / ln 2 (f32, [B, 8, N]).  P is rounded to bf16 before P @ V: o to
# 2^-8 of (P @ |V|) plus one bf16 rounding.
@spec("x_gqa_attention", cases=[dict(B=1, N=1), dict(B=1, N=64), dict(B=2, N=100), dict(B=1, N=300)],
      perf=dict(B=4, N=4096))
def build_x_gqa_attention(p, C, rng):
    B, N = p["B"], p["N"]
    HQ, HK, D = C["H_Q"], C["H_KV"], C["HEAD_DIM"]
    q = f32_to_bf16(randn(rng, B * N * HQ * D))
    k = f32_to_bf16(randn(rng, B * N * HK * D))
    v = f32_to_bf16(randn(rng, B * N * HK * D))
    sm = np.float32(1.0 / np.sqrt(D))

    def ref():
        Q = _bf16_dec(q).reshape(B, N, HQ, D)
        Kk = _bf16_dec(k).reshape(B, N, HK, D)
        Vv = _bf16_dec(v).reshape(B, N, HK, D)
        O = np.zeros((B, N, HQ, D))
        OT = np.zeros((B, N, HQ, D))
        L = np.zeros((B, HQ, N))
        for b_ in range(B):
            for h in range(HQ):
                kv = h // (HQ // HK)
                S = Q[b_, :, h] @ Kk[b_, :, kv].T * float(sm)
                mx = S.max(1, keepdims=True)
                P = np.exp(S - mx)
                l_ = P.sum(1, keepdims=True)
                O[b_, :, h] = P @ Vv[b_, :, kv] / l_
                OT[b_, :, h] = P @ np.abs(Vv[b_, :, kv]) / l_
                L[b_, h] = (mx[:, 0] + np.log(l_[:, 0])) / np.log(2.0)
        otol = 2.0 ** -8 * OT + 2.0 ** -8 * np.abs(O) + 1e-6
        return [("o_ptr", check_close_as(_bf16_dec, O.reshape(-1), 0.0, otol.reshape(-1))),
                ("lse_ptr", check_close(L.reshape(-1), 1e-5, 1e-4))]
    return Problem((cdiv(N, C["BLOCK_M"]), B * HQ),
                   dict(q_ptr=q, k_ptr=k, v_ptr=v, o_ptr=np.full(B * N * HQ * D, BF16_NAN, np.uint16),
                        lse_ptr=nan_f32(B * HQ * N)),
                   dict(sm_scale=sm, N_CTX=N), ref, flops=4 * B * HQ * N * N * D, desc=f"B={B} N={N}")


# x_chunk_gla: per (batch, head), the gated linear-attention recurrence S_t = exp(g_t) S_{t-1} + k_t^T v_t,
# o_t = q_t S_t (q, k, v f16 [B, T, H, 64], g f32 log decays in [-0.2, 0]) computed by 64-token chunks; o (f16)
# and the final state ht (f32 [B*H, 64, 64]).  f16 roundings of the chunk's scores, q*exp(g), S and k*exp(.)
# feed the dots: o to 2^-8 of the same recurrence on |q|, |k|, |v| plus one f16 rounding.
@spec("x_chunk_gla", cases=[dict(B=1, T=1, H=1), dict(B=1, T=64, H=2), dict(B=2, T=100, H=3), dict(B=1, T=300, H=1)],
      perf=dict(B=8, T=2048, H=16))
def build_x_chunk_gla(p, C, rng):
    B, T, H = p["B"], p["T"], p["H"]
    DK, DV = C["DK"], C["DV"]
    q = (rng.standard_normal(B * T * H * DK) / 8).astype(np.float16)
    k = rng.standard_normal(B * T * H * DK).astype(np.float16)
    v = rng.standard_normal(B * T * H * DV).astype(np.float16)
    g = (-rng.random(B * T * H) * 0.2).astype(np.float32)

    def ref():
        Q = q.astype(np.float64).reshape(B, T, H, DK)
        Kk = k.astype(np.float64).reshape(B, T, H, DK)
        Vv = v.astype(np.float64).reshape(B, T, H, DV)
        G = g.astype(np.float64).reshape(B, T, H)
        O = np.zeros((B, T, H, DV))
        OM = np.zeros((B, T, H, DV))
        HT = np.zeros((B * H, DK, DV))
        HM = np.zeros((B * H, DK, DV))
        for b_ in range(B):
            for h in range(H):
                S = np.zeros((DK, DV))
                SA = np.zeros((DK, DV))
                for t in range(T):
                    e = np.exp(G[b_, t, h])
                    S = e * S + np.outer(Kk[b_, t, h], Vv[b_, t, h])
                    SA = e * SA + np.outer(np.abs(Kk[b_, t, h]), np.abs(Vv[b_, t, h]))
                    O[b_, t, h] = Q[b_, t, h] @ S
                    OM[b_, t, h] = np.abs(Q[b_, t, h]) @ SA
                HT[b_ * H + h] = S
                HM[b_ * H + h] = SA
        otol = 2.0 ** -8 * OM + 2.0 ** -10 * np.abs(O) + 1e-6
        return [("o_ptr", check_close(O.reshape(-1), 0.0, otol.reshape(-1))),
                ("ht_ptr", check_close(HT.reshape(-1), 0.0, (2.0 ** -8 * HM + 1e-6).reshape(-1)))]
    return Problem((B * H,), dict(q_ptr=q, k_ptr=k, v_ptr=v, g_ptr=g, o_ptr=np.full(B * T * H * DV, np.nan, np.float16),
                                  ht_ptr=nan_f32(B * H * DK * DV)),
                   dict(T=T, H=H), ref, flops=B * H * T * (4 * 64 * DK + 4 * DK * DV), desc=f"B={B} T={T} H={H}")


# x_layernorm_welford: per row of N bf16 values (rows `stride` apart, mean 3): mean and rstd = 1/sqrt(var + eps)
# (f32, Welford over 1024-lane chunks), y = bf16((x - mean) * rstd * w + b); columns N..stride stay NaN.
@spec("x_layernorm_welford", cases=[dict(M=1, N=1, s=16), dict(M=3, N=100, s=112), dict(M=4, N=1024, s=1024),
                                    dict(M=5, N=3000, s=3008), dict(M=2, N=8192, s=8192)],
      perf=dict(M=4096, N=8192, s=8192), membound=True)
def build_x_layernorm_welford(p, C, rng):
    M, N, s = p["M"], p["N"], p["s"]
    eps = np.float32(1e-5)
    x = f32_to_bf16((rng.standard_normal(M * s) * 2 + 3).astype(np.float32))
    w = (rng.standard_normal(N) * 0.5 + 1).astype(np.float32)
    bb = (rng.standard_normal(N) * 0.1).astype(np.float32)

    def ref():
        X = _bf16_dec(x).reshape(M, s)[:, :N]
        mu = X.mean(1)
        var = ((X - mu[:, None]) ** 2).mean(1)
        rstd = 1.0 / np.sqrt(var + float(eps))
        Xh = (X - mu[:, None]) * rstd[:, None]
        Y = Xh * w.astype(np.float64) + bb.astype(np.float64)
        ytol = 2.0 ** -8 * np.abs(Y) + 4e-5 * (np.abs(Xh) * np.abs(w) + 1.0) * (1 + np.abs(X).max(1, keepdims=True) / 8)
        Yf = np.concatenate([Y, np.full((M, s - N), np.nan)], 1).reshape(-1)
        Tf = np.concatenate([ytol, np.zeros((M, s - N))], 1).reshape(-1)
        return [("mean_ptr", check_close(mu, 1e-5, 1e-6)), ("rstd_ptr", check_close(rstd, 4e-5, 0.0)),
                ("y_ptr", check_close_as(_bf16_dec, Yf, 0.0, Tf))]
    return Problem((M,), dict(x_ptr=x, w_ptr=w, b_ptr=bb, y_ptr=np.full(M * s, BF16_NAN, np.uint16), mean_ptr=nan_f32(M),
                              rstd_ptr=nan_f32(M)),
                   dict(stride=s, N=N, eps=eps), ref, nbytes=2 * 2 * M * N, desc=f"M={M} N={N} s={s}")


# x_gemm_bias_gelu: C = bf16(gelu_tanh(A @ B + bias)), bf16 A [M, K] (row stride K), B [K, N] and C [M, N] with row
# stride ru(N, 16) (padding columns of C stay NaN), bias bf16 [N]; K a multiple of 16 but not of BK.
@spec("x_gemm_bias_gelu", cases=[dict(M=128, N=128, K=64), dict(M=100, N=200, K=80), dict(M=1, N=16, K=16),
                                 dict(M=300, N=260, K=336)], perf=dict(M=4096, N=4096, K=4096))
def build_x_gemm_bias_gelu(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    assert K % 16 == 0
    sn = ru(N, 16)
    a = f32_to_bf16(randn(rng, M * K, 0.5))
    bm = np.full((K, sn), 0, np.uint16)
    bm[:, :N] = f32_to_bf16(randn(rng, K * N, 0.5)).reshape(K, N)
    bias = f32_to_bf16(randn(rng, N))

    def ref():
        A = _bf16_dec(a).reshape(M, K)
        Bm = _bf16_dec(bm).reshape(K, sn)[:, :N]
        X = A @ Bm + _bf16_dec(bias)[None, :]
        Y = 0.5 * X * (1 + np.tanh(0.7978845608028654 * (X + 0.044715 * X ** 3)))
        tol = 2.5 * (_dot_tol(A, Bm) * 1.01 + 1e-6 * np.abs(X)) + 2.0 ** -8 * np.abs(Y) + 1e-6
        Yf = np.concatenate([Y, np.full((M, sn - N), np.nan)], 1).reshape(-1)
        Tf = np.concatenate([tol, np.zeros((M, sn - N))], 1).reshape(-1)
        return [("c_ptr", check_close_as(_bf16_dec, Yf, 0.0, Tf))]
    grid = cdiv(M, C["BM"]) * cdiv(N, C["BN"])
    return Problem((grid,), dict(a_ptr=a, b_ptr=bm.reshape(-1), bias_ptr=bias, c_ptr=np.full(M * sn, BF16_NAN, np.uint16)),
                   dict(M=M, N=N, K=K, stride_am=K, stride_bk=sn, stride_cm=sn), ref,
                   nbytes=2 * (M * K + K * N + M * N), flops=2 * M * N * K, desc=f"M={M} N={N} K={K}")


# x_int8_matmul: C = f16(f32(A @ B^T) * as[m] * bs[n] + bias[n]), int8 A [M, K], weight B [N, K] (exact int32
# accumulation), f32 scales, f16 bias; K a multiple of 16.  A few f32 roundings then one f16 rounding.
@spec("x_int8_matmul", cases=[dict(M=64, N=64, K=64), dict(M=100, N=70, K=96), dict(M=1, N=3, K=16),
                              dict(M=257, N=130, K=528)], perf=dict(M=4096, N=4096, K=4096))
def build_x_int8_matmul(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    assert K % 16 == 0
    a = rng.integers(-128, 128, M * K).astype(np.int8)
    b = rng.integers(-128, 128, N * K).astype(np.int8)
    as_ = (rng.random(M) * 0.02 + 0.001).astype(np.float32)
    bs = (rng.random(N) * 0.02 + 0.001).astype(np.float32)
    bias = randn(rng, N).astype(np.float16)

    def ref():
        acc = a.astype(np.int64).reshape(M, K) @ b.astype(np.int64).reshape(N, K).T
        Cx = acc * as_.astype(np.float64)[:, None] * bs.astype(np.float64)[None, :] + bias.astype(np.float64)[None, :]
        mag = np.abs(acc) * as_.astype(np.float64)[:, None] * bs.astype(np.float64)[None, :] + np.abs(bias.astype(np.float64))
        return [("c_ptr", check_close(Cx.reshape(-1), 2.0 ** -10, (4 * 2.0 ** -24 * mag + 1e-7).reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])),
                   dict(a_ptr=a, b_ptr=b, as_ptr=as_, bs_ptr=bs, bias_ptr=bias, c_ptr=np.full(M * N, np.nan, np.float16)),
                   dict(M=M, N=N, K=K), ref, nbytes=M * K + N * K + 2 * M * N, flops=2 * M * N * K,
                   desc=f"M={M} N={N} K={K}")


# x_dwconv2d: depthwise 3x3 conv, zero 'same' padding, on NHWC f16 x [B, H, W, C] with f32 w [3, 3, C] and bias [C];
# y f16.  Nine f32 products summed, one f16 rounding.
@spec("x_dwconv2d", cases=[dict(B=1, H=1, W=1, C=1), dict(B=1, H=8, W=8, C=32), dict(B=2, H=7, W=13, C=50),
                           dict(B=1, H=33, W=20, C=96)], perf=dict(B=8, H=56, W=56, C=256), membound=True)
def build_x_dwconv2d(p, C, rng):
    B, H, W, Cc = p["B"], p["H"], p["W"], p["C"]
    KS = C["KS"]
    x = rng.standard_normal(B * H * W * Cc).astype(np.float16)
    w = randn(rng, KS * KS * Cc, 0.5)
    bias = randn(rng, Cc, 0.1)

    def ref():
        X = np.pad(x.astype(np.float64).reshape(B, H, W, Cc), ((0, 0), (1, 1), (1, 1), (0, 0)))
        Wt = w.astype(np.float64).reshape(KS, KS, Cc)
        Y = np.broadcast_to(bias.astype(np.float64), (B, H, W, Cc)).copy()
        MAG = np.abs(Y).copy()
        for kh in range(KS):
            for kw in range(KS):
                term = X[:, kh:kh + H, kw:kw + W, :] * Wt[kh, kw]
                Y += term
                MAG += np.abs(term)
        return [("y_ptr", check_close(Y.reshape(-1), 2.0 ** -11, (1e-6 * MAG + 1e-7).reshape(-1)))]
    grid0 = B * cdiv(H * W, C["BHW"])
    return Problem((grid0, cdiv(Cc, C["BC"])), dict(x_ptr=x, w_ptr=w, bias_ptr=bias,
                                                    y_ptr=np.full(B * H * W * Cc, np.nan, np.float16)),
                   dict(H=H, W=W, C=Cc), ref, nbytes=4 * B * H * W * Cc, desc=f"B={B} H={H} W={W} C={Cc}")


# x_gather_nan_math: x_src f32 [n_src] with NaN / +-inf injected, i64 indices in [-5, n_src + 5): out-of-range
# ones read NaN.  g = max(x, -1) propagating NaN; xc = clamp(x with NaN -> 0, -8, 8); gelu = erf-GELU(xc);
# sp = log2(1 + 2^xc) (approximate exp2/log2).  Outputs start at a sentinel (1234.5), so unwritten lanes show.
@spec("x_gather_nan_math", cases=[dict(n=n) for n in (1, 511, 512, 513, 5000, 100003)], perf=dict(n=1 << 22),
      membound=True)
def build_x_gather_nan_math(p, C, rng):
    n = p["n"]
    ns = n // 2 + 7
    xs = randn(rng, ns, 4.0)
    xs[rng.random(ns) < 0.05] = np.nan
    xs[rng.random(ns) < 0.02] = np.inf
    xs[rng.random(ns) < 0.02] = -np.inf
    idx = rng.integers(-5, ns + 5, n).astype(np.int64)

    def ref():
        ok = (idx >= 0) & (idx < ns)
        x = np.where(ok, xs[np.clip(idx, 0, ns - 1)].astype(np.float64), np.nan)
        with np.errstate(invalid="ignore"):
            g = np.where(np.isnan(x), np.nan, np.maximum(x, -1.0))
        xc = np.clip(np.where(np.isnan(x), 0.0, x), -8.0, 8.0)
        from math import erf
        gelu = 0.5 * xc * (1.0 + np.vectorize(erf)(xc * 0.7071067811865476))
        sp = np.log2(1.0 + np.exp2(xc))
        return [("g_ptr", check_exact(g.astype(np.float32))),
                ("gelu_ptr", check_close(gelu, 4e-6, 1e-6)),
                ("sp_ptr", check_close(sp, 4e-6, 2e-6))]
    fill = lambda: np.full(n, 1234.5, np.float32)  # noqa: E731
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=xs, idx_ptr=idx, g_ptr=fill(), gelu_ptr=fill(), sp_ptr=fill()),
                   dict(n=n, n_src=ns), ref, nbytes=8 * n + 4 * n + 12 * n, desc=f"n={n}")


# x_sort_kv: per row of C=128 f32 keys (ties, +-0, no NaN): the keys sorted descending by their order-preserving
# integer image (so -0 < +0), ties by lower column first; the column of each sorted key; the columns of the K=8
# largest.  Exact.
@spec("x_sort_kv", cases=[dict(G=1), dict(G=2), dict(G=9)], perf=dict(G=4096))
def build_x_sort_kv(p, C, rng):
    G, R, Cc, K = p["G"], C["R"], C["C"], C["K"]
    x = _tied_f32(rng, G * R * Cc, 2)
    x[rng.random(x.size) < 0.03] = 0.0
    x[rng.random(x.size) < 0.03] = -0.0

    def ref():
        bits = x.view(np.int32).astype(np.int64).reshape(-1, Cc)
        key = np.where(bits < 0, bits ^ 0x7FFFFFFF, bits)
        col = np.broadcast_to(np.arange(Cc), key.shape)
        order = np.lexsort((col, -key), axis=1)  # key descending, then column ascending
        vals = np.take_along_axis(x.reshape(-1, Cc), order, 1)
        return [("vals_ptr", check_fn(lambda g: None if np.array_equal(g.view(np.int32), vals.reshape(-1).view(np.int32))
                                      else f"{np.count_nonzero(g.view(np.int32) != vals.reshape(-1).view(np.int32))} "
                                           f"wrong (bitwise)")),
                ("idx_ptr", check_exact(order.astype(np.int32).reshape(-1))),
                ("topi_ptr", check_exact(order[:, :K].astype(np.int32).reshape(-1)))]
    n = G * R * Cc
    return Problem((G,), dict(x_ptr=x, vals_ptr=nan_f32(n), idx_ptr=sentinel_i32(n), topi_ptr=sentinel_i32(G * R * K)),
                   {}, ref, desc=f"programs={G}")



# x_f64_bits: f32 div_rn / sqrt_rn (correctly rounded: exact) and fma (one rounding), f64 x*d + y (fused or not:
# 2^-52 of the terms), sqrt(|d|) / (1 + x*x), exp(d / 4) (libdevice, 1e-15), f64(i64(d * 1000)) + 0.5 (exact),
# umulhi, popc and clz on u32 / i32 (exact).  Outputs interleaved per element; masked lanes never written.
@spec("x_f64_bits", cases=[dict(n=n) for n in (1, 255, 256, 257, 3000)], perf=dict(n=1 << 22), membound=True)
def build_x_f64_bits(p, C, rng):
    n = p["n"]
    x = randn(rng, n, 3.0)
    y = (np.where(rng.random(n) < 0.5, -1, 1) * (rng.random(n) * 4 + 0.1)).astype(np.float32)
    d = rng.standard_normal(n) * 3.0
    u = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    v = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    u[:min(n, 3)] = np.array([0, 1, 0xFFFFFFFF], np.uint32)[:min(n, 3)]

    def ref():
        L = np.longdouble
        of = np.stack([x / y, np.sqrt(np.abs(x)),
                       (x.astype(L) * y.astype(L) + d.astype(np.float32).astype(L)).astype(np.float32)], 1)
        ofe = np.stack([np.zeros(n), np.zeros(n), np.abs(of[:, 2]).astype(np.float64) * 2.0 ** -23], 1)
        xd = x.astype(np.float64)
        od = np.stack([(xd.astype(L) * d.astype(L) + y.astype(L)).astype(np.float64), np.sqrt(np.abs(d)) / (1.0 + xd * xd),
                       np.exp(d * 0.25), np.trunc(d * 1000.0) + 0.5], 1)
        ode = np.stack([(np.abs(xd * d) + np.abs(y)) * 2.0 ** -52, np.abs(od[:, 1]) * 2.0 ** -51,
                        np.abs(od[:, 2]) * 1e-15, np.zeros(n)], 1)
        pu = np.array([bin(int(t)).count("1") for t in u], np.int32)
        cz = np.array([32 - int(t).bit_length() for t in u], np.int32)
        hi = ((u.astype(np.uint64) * v.astype(np.uint64)) >> np.uint64(32)).astype(np.uint32).view(np.int32)
        oi = np.stack([hi, pu, cz], 1)
        return [("of_ptr", check_close(of.reshape(-1), 0.0, ofe.reshape(-1))),
                ("od_ptr", check_close(od.reshape(-1), 0.0, ode.reshape(-1))),
                ("oi_ptr", check_exact(oi.reshape(-1)))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(x_ptr=x, y_ptr=y, d_ptr=d, u_ptr=u, v_ptr=v, of_ptr=nan_f32(3 * n),
                                                od_ptr=np.full(4 * n, np.nan), oi_ptr=sentinel_i32(3 * n)),
                   dict(n=n), ref, nbytes=24 * n + 12 * n + 32 * n + 12 * n, desc=f"n={n}")


# x_batched_dot3d: G independent C_g = A_g @ B_g (f16 [32, 32] each, f32 accumulation) as one 3D tl.dot over 4
# problems per program; the last program's extra problems are masked.
@spec("x_batched_dot3d", cases=[dict(G=1), dict(G=4), dict(G=7), dict(G=33)], perf=dict(G=1 << 16))
def build_x_batched_dot3d(p, C, rng):
    G, M, N, K = p["G"], C["M"], C["N"], C["K"]
    a = rng.standard_normal(G * M * K).astype(np.float16)
    b = rng.standard_normal(G * K * N).astype(np.float16)

    def ref():
        A = a.astype(np.float64).reshape(G, M, K)
        B = b.astype(np.float64).reshape(G, K, N)
        tol = K * 2.0 ** -24 * (np.abs(A) @ np.abs(B)) * 1.01 + 1e-30
        return [("c_ptr", check_close((A @ B).reshape(-1), 0.0, tol.reshape(-1)))]
    return Problem((cdiv(G, C["BB"]),), dict(a_ptr=a, b_ptr=b, c_ptr=nan_f32(G * M * N)), dict(G=G), ref,
                   nbytes=2 * G * (M * K + K * N) + 4 * G * M * N, flops=2 * G * M * N * K, desc=f"G={G}")


# x_dot_ieee: C = A @ B in f32 with input_precision="ieee" (exact products, f32 sums), ragged M, N, K.
@spec("x_dot_ieee", cases=[dict(M=32, N=32, K=16), dict(M=50, N=70, K=33), dict(M=1, N=3, K=5), dict(M=129, N=64, K=100)],
      perf=dict(M=1024, N=1024, K=1024))
def build_x_dot_ieee(p, C, rng):
    M, N, K = p["M"], p["N"], p["K"]
    a, b = randn(rng, M * K), randn(rng, K * N)

    def ref():
        A, B = a.astype(np.float64).reshape(M, K), b.astype(np.float64).reshape(K, N)
        return [("c_ptr", check_close((A @ B).reshape(-1), 0.0, (_dot_tol(A, B) * 1.01).reshape(-1)))]
    return Problem((cdiv(M, C["BM"]), cdiv(N, C["BN"])), dict(a_ptr=a, b_ptr=b, c_ptr=nan_f32(M * N)),
                   dict(M=M, N=N, K=K), ref, nbytes=4 * (M * K + K * N + M * N), flops=2 * M * N * K,
                   desc=f"M={M} N={N} K={K}")



# x_top_p_filter: per row of V logits (multiples of 1/64: equal or well apart), softmax probabilities sorted
# descending; an entry survives when its probability is >= the k-th largest, where k is the first sorted index at
# which the sum of the larger ones reaches p; p sits halfway between two such prefix sums (no rounding-sensitive
# decisions).  Others become -inf.  Exact.
@spec("x_top_p_filter", cases=[dict(R=1, V=1), dict(R=3, V=100), dict(R=8, V=256), dict(R=5, V=200)],
      perf=dict(R=16384, V=256), membound=True)
def build_x_top_p_filter(p, C, rng):
    R, V = p["R"], p["V"]
    x = (np.round(rng.standard_normal(R * V) * 128) / 64).astype(np.float32)
    X = x.astype(np.float64).reshape(R, V)
    P = np.exp(X - X.max(1, keepdims=True))
    P /= P.sum(1, keepdims=True)
    S = -np.sort(-P, axis=1)
    before = np.cumsum(S, 1) - S
    ks = rng.integers(0, max(1, V // 5), R)
    nxt = np.concatenate([before[:, 1:], np.ones((R, 1))], 1)
    top_p = ((before[np.arange(R), ks] + nxt[np.arange(R), ks]) / 2).astype(np.float32)

    def ref():
        thr = S[np.arange(R), ks]
        out = np.where(P >= thr[:, None], X, -np.inf)
        return [("out_ptr", check_exact(out.astype(np.float32).reshape(-1)))]
    return Problem((R,), dict(logits_ptr=x, p_ptr=top_p, out_ptr=nan_f32(R * V)), dict(V=V), ref, nbytes=8 * R * V,
                   desc=f"R={R} V={V}")


# x_segment_sum: x (multiples of 1/4: exact sums) with sorted segment ids (runs of 1..40, one long run of 700 in the
# larger cases): out = inclusive sum within each segment restarted at every 512-element block; tot[s] (starting
# non-zero) += the segment's total.  Exact.
@spec("x_segment_sum", cases=[dict(n=n) for n in (1, 511, 512, 513, 5000, 100003)], perf=dict(n=1 << 22))
def build_x_segment_sum(p, C, rng):
    n, B = p["n"], C["BLOCK"]
    lens = list(rng.integers(1, 41, n))
    if n > 1000:
        lens.insert(3, 700)
    seg = np.repeat(np.arange(len(lens)), lens)[:n].astype(np.int32)
    ns = int(seg[-1]) + 1
    x = (rng.integers(-40, 41, n) / 4).astype(np.float32)
    tot0 = (rng.integers(-4, 5, ns) / 2).astype(np.float32)

    def ref():
        out = np.zeros(n)
        for i in range(n):
            restart = i % B == 0 or seg[i] != seg[i - 1]
            out[i] = x[i] if restart else out[i - 1] + x[i]
        tot = tot0.astype(np.float64) + np.bincount(seg, weights=x.astype(np.float64), minlength=ns)
        return [("out_ptr", check_exact(out.astype(np.float32))), ("tot_ptr", check_exact(tot.astype(np.float32)))]
    return Problem((cdiv(n, B),), dict(x_ptr=x, seg_ptr=seg, out_ptr=nan_f32(n), tot_ptr=tot0.copy()), dict(n=n), ref,
                   nbytes=12 * n, desc=f"n={n} segments={ns}")


# x_unscale_found_inf: g *= inv_scale in place (f32, exact as NumPy's f32 product); found = 1 when any product is
# inf / NaN (else it stays 0), count = how many.  Cases: clean, injected NaN / inf, overflow by the scale.
@spec("x_unscale_found_inf", cases=[dict(n=1000), dict(n=1000, bad=3), dict(n=100003, bad=50), dict(n=1, bad=1),
                                    dict(n=5000, overflow=True)], perf=dict(n=1 << 24), membound=True)
def build_x_unscale_found_inf(p, C, rng):
    n = p["n"]
    g = randn(rng, n, 100.0)
    inv = np.array([1.0 / 1024], np.float32)
    if p.get("bad"):
        at = rng.choice(n, p["bad"], replace=False)
        g[at] = np.where(np.arange(p["bad"]) % 2 == 0, np.inf, np.nan).astype(np.float32)
    if p.get("overflow"):
        inv[0] = np.float32(2.0 ** 120)
    g0 = g.copy()

    def ref():
        with np.errstate(over="ignore", invalid="ignore"):
            g2 = (g0 * inv[0]).astype(np.float32)
        nb = int(np.count_nonzero(~np.isfinite(g2)))
        return [("g_ptr", check_exact(g2)), ("found_ptr", check_exact(np.array([1 if nb else 0], np.int32))),
                ("count_ptr", check_exact(np.array([nb], np.int32)))]
    return Problem((cdiv(n, C["BLOCK"]),), dict(g_ptr=g, inv_scale_ptr=inv, found_ptr=np.zeros(1, np.int32),
                                                count_ptr=np.zeros(1, np.int32)),
                   dict(n=n), ref, nbytes=8 * n, desc=f"n={n}{' bad=%d' % p['bad'] if p.get('bad') else ''}"
                   f"{' overflow' if p.get('overflow') else ''}")


# x_col_softmax: y = softmax of each column of x [M, N] (M <= 128), f32; approximate exp: 1e-5 relative.
@spec("x_col_softmax", cases=[dict(M=1, N=1), dict(M=128, N=16), dict(M=100, N=37), dict(M=7, N=300)],
      perf=dict(M=128, N=1 << 16), membound=True)
def build_x_col_softmax(p, C, rng):
    M, N = p["M"], p["N"]
    x = randn(rng, M * N, 3.0)

    def ref():
        X = x.astype(np.float64).reshape(M, N)
        E = np.exp(X - X.max(0, keepdims=True))
        return [("y_ptr", check_close((E / E.sum(0, keepdims=True)).reshape(-1), 1e-5, 1e-9))]
    return Problem((cdiv(N, C["BN"]),), dict(x_ptr=x, y_ptr=nan_f32(M * N)), dict(M=M, N=N), ref, nbytes=8 * M * N,
                   desc=f"M={M} N={N}")


# ============================================================================================================
# PTX / metadata handling
# ============================================================================================================
def ptx_entry(ptx_text):
    m = re.search(r"\.entry\s+([A-Za-z_$][\w$]*)\s*\((.*?)\)", ptx_text, re.S)
    if not m:
        return None, [], None
    types = ptx_param_types(m.group(2))
    tail = ptx_text[m.end():m.end() + 400]
    nt = re.search(r"\.(reqntid|maxntid)\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?", tail)
    ntid = None
    if nt:
        ntid = (nt.group(1), int(nt.group(2)) * int(nt.group(3) or 1) * int(nt.group(4) or 1))
    return m.group(1), types, ntid


def abi_types(signature, tensordesc_meta=None):
    """Expected (name, triton type) per kernel parameter under Triton 3.9's ABI (tensor descriptors expanded:
    TMA descriptors when the kernel's tensordesc_meta is non-empty, launch_abi.py)."""
    out = launch_params(signature, tensordesc_meta)
    return out + [("global_scratch", "*i8"), ("profile_scratch", "*i8")]


def ptx_type_matches(ptx_t, tt):
    if tt == "nvTmaDesc" or ptx_t.endswith("]"):  # a CUtensorMap by value: .param .align 64 .b8 p[128]
        return tt == "nvTmaDesc" and ptx_t == "b8[128]"
    bits = int(re.sub(r"\D", "", ptx_t) or 0)
    if tt.startswith("*") or tt in ("i64", "u64"):
        return bits == 64 and not ptx_t.startswith("f")
    if tt in ("i1", "i8"):  # .u8 (a descriptor's i1 flags) or widened to .u32
        return bits in (8, 32) and not ptx_t.startswith("f")
    if tt in ("i32", "u32", "i16"):
        return bits == 32 and not ptx_t.startswith("f")
    if tt == "fp32":
        return bits == 32 and ptx_t[0] in "fb"
    if tt == "fp64":
        return bits == 64 and ptx_t[0] in "fb"
    return True


_ELEM = {"f32": "fp32", "f16": "fp16", "bf16": "bf16", "f64": "fp64", "f8E4M3FN": "fp8e4nv", "f8E5M2": "fp8e5"}


def norm_type(t):
    """A type as Triton's signature spells it: '!tt.ptr<f32>' -> '*fp32', 'f32' -> 'fp32', '!llvm.ptr<1>' -> '*'."""
    t = str(t).strip()
    m = re.fullmatch(r"!tt\.ptr<\s*([\w]+)\s*(?:,\s*\d+\s*)?>", t)
    if m:
        return "*" + _ELEM.get(m.group(1), m.group(1))
    if t.startswith("!llvm.ptr") or t in ("ptr", "!llvm.ptr"):
        return "*"
    return _ELEM.get(t, t)


def _signless(t):
    """MLIR integers are signless: Triton's '*u32' / 'u8' are '!tt.ptr<i32>' / 'i8' in the IR."""
    return re.sub(r"^(\*?)u(\d+)$", r"\1i\2", t)


def _pick(d, *keys, default=None):
    for k in keys:
        if isinstance(d, dict) and k in d and d[k] is not None:
            return d[k]
    for nest in ("compile_metadata", "metadata", "kernel"):
        if isinstance(d, dict) and isinstance(d.get(nest), dict):
            v = _pick(d[nest], *keys)
            if v is not None:
                return v
    return default


def launch_meta(bundle, k, slot, triton_meta):
    """(meta dict, problems, notes): name, num_warps, shared, scratch sizes/aligns for the launch."""
    problems, notes = [], []
    cm = triton_meta["compile_metadata"]
    if slot == "triton":
        src = cm
    else:
        jp = os.path.join(bundle, "tritium", f"{k}.json")
        if os.path.isfile(jp):
            with open(jp) as f:
                src = json.load(f)
        else:
            src = {}
            notes.append("no tritium K.json: launched with Triton's num_warps/shared")
    meta = {
        "name": _pick(src, "name", "kernel_name", "entry", default=None),
        "num_warps": int(_pick(src, "num_warps", "warps", default=cm["num_warps"])),
        "shared": int(_pick(src, "shared", "shared_bytes", "shared_mem", "shared_memory", "smem", default=cm["shared"])),
        "global_scratch_size": int(_pick(src, "global_scratch_size", "global_scratch_bytes", default=0) or 0),
        "global_scratch_align": int(_pick(src, "global_scratch_align", default=1) or 1),
        "profile_scratch_size": int(_pick(src, "profile_scratch_size", "profile_scratch_bytes", default=0) or 0),
        "profile_scratch_align": int(_pick(src, "profile_scratch_align", default=1) or 1),
        # Host-side TMA descriptors (sm90): one entry per descriptor argument; absent or [] = decomposed (sm80).
        "tensordesc_meta": list(_pick(src, "tensordesc_meta", default=[]) or []),
    }
    if slot == "tritium" and src:
        if bool(meta["tensordesc_meta"]) != bool(cm.get("tensordesc_meta")):
            notes.append(f"tensordesc_meta {meta['tensordesc_meta']} (triton {cm.get('tensordesc_meta')})")
        for key in ("num_warps", "shared", "global_scratch_size"):
            tv = cm.get(key, 0) or 0
            if meta[key] != tv:
                notes.append(f"{key} {meta[key]} (triton {tv})")
        args = _pick(src, "args", "arguments", "params", "signature")
        if args is not None:
            want = abi_types(triton_meta["signature"], meta["tensordesc_meta"])
            got = []
            if isinstance(args, dict):
                got = list(args.items())
            else:
                for a in args:
                    if isinstance(a, dict):
                        got.append((a.get("name"), a.get("type") or a.get("ty")))
                    else:
                        got.append((None, a))
            if len(got) != len(want):
                problems.append(f"K.json lists {len(got)} args, Triton's ABI has {len(want)} "
                                f"({', '.join(n for n, _ in want)})")
            else:
                for i, ((gn, gt), (wn, wt)) in enumerate(zip(got, want)):
                    scratch = i >= len(want) - 2
                    if gn is not None and not scratch and gn != wn:
                        problems.append(f"K.json arg {i} named {gn!r}, want {wn!r}")
                    if gt is not None and isinstance(gt, str):
                        nt = norm_type(gt)
                        if scratch and not nt.startswith("*"):
                            problems.append(f"K.json arg {i} ({wn}) type {gt!r}, want a pointer")
                        if wt == "nvTmaDesc":
                            if not (gt.startswith("!tt.tensordesc") or gt.startswith("!llvm.ptr") or gt == wt):
                                problems.append(f"K.json arg {i} ({wn}) type {gt!r}, want a tensor descriptor")
                        elif not scratch and _signless(nt) != _signless(wt):
                            problems.append(f"K.json arg {i} ({wn}) type {gt!r}, want {wt!r}")
    return meta, problems, notes


def ptxas_diag(ptx_path):
    exe = shutil.which("ptxas") or next((p for p in ("/usr/local/cuda/bin/ptxas",) if os.path.exists(p)), None)
    if not exe:
        return ""
    try:
        r = subprocess.run([exe, "-arch=sm_90", ptx_path, "-o", os.devnull], capture_output=True, text=True, timeout=120)
        return (r.stderr or r.stdout).strip()[:1200]
    except Exception as e:  # noqa: BLE001
        return f"(ptxas failed to run: {e})"


# ============================================================================================================
# worker (one kernel, some slots, in its own process / CUDA context)
# ============================================================================================================
class FatalCuda(Exception):
    pass


class Worker:
    def __init__(self, a):
        import cupy as cp
        self.cp = cp
        self.a = a
        self.k = a.worker
        self.bundle = a.bundle
        with open(os.path.join(self.bundle, "triton", f"{self.k}.meta.json")) as f:
            self.tmeta = json.load(f)
        self.C = dict(self.tmeta.get("constexprs", {}))
        self.sig = self.tmeta["signature"]
        self.div16 = set(self.tmeta.get("divisibility_16_args", []))
        self.spec = SPECS[self.k]
        self.res = {"kernel": self.k, "slots": {}, "in_progress": None}
        if os.path.exists(a.result):
            with open(a.result) as f:
                self.res = json.load(f)
            self.res["in_progress"] = None
        self.problems = {}

    def save(self):
        tmp = self.a.result + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.res, f, indent=1, default=str)
        os.replace(tmp, self.a.result)

    def slot_rec(self, slot):
        return self.res["slots"].setdefault(slot, {})

    # --- loading -------------------------------------------------------------------------------------------
    def load(self, slot):
        cp = self.cp
        rec = self.slot_rec(slot)
        ptx = os.path.join(self.bundle, slot, f"{self.k}.ptx")
        if not os.path.isfile(ptx):
            err = os.path.join(self.bundle, slot, f"{self.k}.error.txt")
            why = "not compiled"
            if os.path.isfile(err):
                with open(err, errors="replace") as f:
                    lines = [ln for ln in f.read().splitlines() if ln.strip()]
                why = " | ".join(lines[1:4])[:300]
            rec.update(status="FAIL", details=[why], stage="bundle")
            return None
        with open(ptx, errors="replace") as f:
            text = f.read()
        entry, ptypes, ntid = ptx_entry(text)
        meta, problems, notes = launch_meta(self.bundle, self.k, slot, self.tmeta)
        want = abi_types(self.sig, meta["tensordesc_meta"])
        if entry is None:
            problems.append("no .entry in PTX")
        else:
            if meta["name"] and meta["name"] != entry:
                problems.append(f"metadata name {meta['name']!r} != PTX entry {entry!r}")
            if len(ptypes) != len(want):
                problems.append(f"PTX entry has {len(ptypes)} params {ptypes}, Triton ABI {len(want)} "
                                f"({', '.join(f'{n}:{t}' for n, t in want)})")
            else:
                for i, (pt, (wn, wt)) in enumerate(zip(ptypes, want)):
                    if not ptx_type_matches(pt, wt):
                        problems.append(f"param {i} ({wn}) is .{pt}, want {wt}")
        nthreads = meta["num_warps"] * 32
        if ntid and ntid[1] != nthreads:
            problems.append(f".{ntid[0]} {ntid[1]} but num_warps*32 = {nthreads}")
        rec.update(entry=entry, ptx_params=ptypes, launch=meta, abi_problems=problems, notes=notes)
        t0 = time.time()
        try:
            mod = cp.RawModule(path=ptx)
            fn = mod.get_function(entry or meta["name"] or self.k)
            if meta["shared"] > 48 * 1024:
                fn.max_dynamic_shared_size_bytes = meta["shared"]
            attrs = {"num_regs": int(fn.num_regs)}  # forces the module load (PTX JIT) here
            for key in ("local_size_bytes", "shared_size_bytes", "max_threads_per_block"):
                try:
                    attrs[key] = int(getattr(fn, key))
                except Exception:  # noqa: BLE001
                    pass
            rec["func_attrs"] = attrs
        except Exception as e:  # noqa: BLE001
            diag = ptxas_diag(ptx)
            rec.update(status="FAIL", stage="load",
                       details=[f"PTX load failed: {type(e).__name__}: {e}" + (f" | ptxas: {diag}" if diag else "")])
            return None
        rec["load_s"] = round(time.time() - t0, 3)
        L = dict(fn=fn, mod=mod, meta=meta, nthreads=nthreads, rec=rec, tma=None)
        if meta["tensordesc_meta"]:
            # CUtensorMaps by value: encoded with libcuda and launched with cuLaunchKernel (launch_abi.py).
            try:
                L["tma"] = dict(lib=load_libcuda(), metas=descriptor_metas(self.sig, meta["tensordesc_meta"]))
            except Exception as e:  # noqa: BLE001
                rec.update(status="FAIL", stage="load", details=[f"TMA descriptors: {type(e).__name__}: {e}"])
                return None
            rec["tma_descriptors"] = L["tma"]["metas"]
        return L

    # --- buffers / launch ----------------------------------------------------------------------------------
    def to_device(self, prob):
        cp = self.cp
        bufs = {}
        for name, arr in prob.arrays.items():
            flat = np.ascontiguousarray(arr).reshape(-1)
            buf = cp.empty(flat.size + 2 * PAD, dtype=flat.dtype)
            buf.view(cp.uint8).fill(GUARD_BYTE)
            buf[PAD:PAD + flat.size] = cp.asarray(flat)
            bufs[name] = buf
        for table, addrs in fill_ptr_tables(prob, lambda a: bufs[a].data.ptr + PAD * bufs[a].itemsize).items():
            bufs[table][PAD:PAD + addrs.size] = cp.asarray(addrs)
        return bufs

    def args_for(self, prob, bufs, L):
        cp = self.cp
        args = []
        for name, t in self.sig.items():
            if t == "constexpr":
                continue
            if is_descriptor(t) and L.get("tma"):  # a CUtensorMap by value, then shape (i32) and strides (i64)
                n = np.asarray(prob.arrays[name]).size
                desc = prob.scalars[name]
                enc = tensor_map_encode_args(L["tma"]["metas"][name], desc, bufs[name][PAD:PAD + n].data.ptr)
                args.append(encode_tensor_map(L["tma"]["lib"], enc))
                rank = len(desc.shape)
                args += [np.int32(v) for v in desc.tma_values(name, t)[:rank]]
                args += [np.int64(v) for v in desc.tma_values(name, t)[rank:]]
            elif t.startswith("*") or is_descriptor(t):
                n = np.asarray(prob.arrays[name]).size
                args.append(bufs[name][PAD:PAD + n])
                if is_descriptor(t):  # base pointer, then the descriptor's scalars (launch_abi.py)
                    for (_, st), v in zip(descriptor_scalars(name, t), prob.scalars[name].values(name, t)):
                        args.append({"i64": np.int64, "i32": np.int32, "i1": np.uint8}[st](v))
            else:
                v = prob.scalars[name]
                if name in self.div16 and int(v) % 16 != 0:
                    raise AssertionError(f"harness bug: {name}={v} violates tt.divisibility=16")
                args.append({"i32": np.int32, "fp32": np.float32, "i64": np.int64, "fp64": np.float64,
                             "u32": np.uint32, "i1": np.int32}[t](v))
        keep = []
        nprog = prob.grid[0] * prob.grid[1] * prob.grid[2]
        for kind in ("global", "profile"):
            size = L["meta"][f"{kind}_scratch_size"]
            if size > 0:
                align = max(L["meta"][f"{kind}_scratch_align"], 1)
                b = cp.zeros(ru(size, align) * nprog + align, dtype=cp.uint8)
                keep.append(b)
                args.append(b)
            else:
                args.append(np.uint64(0))
        return tuple(args), keep

    def launch(self, L, prob, args, stream=None):
        if L.get("tma"):
            st = stream if stream is not None else self.cp.cuda.get_current_stream()
            driver_launch(L["tma"]["lib"], _cu_function(L["fn"]), prob.grid, (L["nthreads"], 1, 1), L["meta"]["shared"], st.ptr,
                          args)
            return
        L["fn"](prob.grid, (L["nthreads"], 1, 1), args, shared_mem=L["meta"]["shared"], stream=stream)

    # --- correctness ---------------------------------------------------------------------------------------
    def problem(self, ci):
        if ci not in self.problems:
            case = self.spec["cases"][ci]
            rng = np.random.default_rng(1000 + 7919 * ci + sum(map(ord, self.k)))
            self.problems[ci] = self.spec["build"](case, self.C, rng)
        return self.problems[ci]

    def correctness(self, slot, L):
        cp = self.cp
        rec = L["rec"]
        fails, ncases = [], len(self.spec["cases"])
        for ci in range(ncases):
            prob = self.problem(ci)
            self.res["in_progress"] = {"phase": "correctness", "slot": slot, "case": prob.desc}
            self.save()
            bufs = self.to_device(prob)
            args, keep = self.args_for(prob, bufs, L)
            try:
                self.launch(L, prob, args)
                cp.cuda.Device().synchronize()
            except Exception as e:  # noqa: BLE001
                rec.update(status="FAIL", stage="launch",
                           details=fails + [f"[{prob.desc}] launch/run error: {type(e).__name__}: {e}"])
                raise FatalCuda(str(e))
            case_fails = []
            for name, buf in bufs.items():
                full = buf.get()
                n = np.asarray(prob.arrays[name]).size
                gb = full.view(np.uint8)
                isz = full.dtype.itemsize
                if (gb[:PAD * isz] != GUARD_BYTE).any() or (gb[(PAD + n) * isz:] != GUARD_BYTE).any():
                    case_fails.append(f"{name}: out-of-bounds write into the guard zone")
                got = full[PAD:PAD + n]
                if all(name != cn for cn, _ in prob.checks()) and name not in prob.ptr_tables:
                    if not np.array_equal(got.view(np.uint8), np.ascontiguousarray(prob.arrays[name]).reshape(-1).view(np.uint8)):
                        case_fails.append(f"{name}: input buffer was modified")
            for name, chk in prob.checks():
                n = np.asarray(prob.arrays[name]).size
                got = bufs[name].get()[PAD:PAD + n]
                m = chk(name, got)
                if m:
                    case_fails.append(m)
            del bufs, keep
            if case_fails:
                fails.append(f"[{prob.desc}] " + "; ".join(case_fails[:3]))
        rec["cases"] = ncases
        rec["cases_failed"] = len(fails)
        ok = not fails and not rec.get("abi_problems")
        shown = [f[:320] for f in fails[:2]] + ([f"+{len(fails) - 2} more failing cases"] if len(fails) > 2 else [])
        rec.update(status="OK" if ok else "FAIL", stage="correctness",
                   details=["ABI: " + p for p in rec.get("abi_problems", [])][:3] + shown)

    # --- timing --------------------------------------------------------------------------------------------
    def timing(self, loaded):
        cp = self.cp
        rng = np.random.default_rng(424242)
        perf = self.spec["cases"][-1] if self.a.quick else self.spec["perf"]
        if self.a.perf:
            perf = dict(perf, **json.loads(self.a.perf))
        prob = self.spec["build"](perf, self.C, rng)
        bufs = self.to_device(prob)
        stream = cp.cuda.Stream(non_blocking=True)
        per = {}
        for slot, L in loaded.items():
            self.res["in_progress"] = {"phase": "timing", "slot": slot, "case": prob.desc}
            self.save()
            args, keep = self.args_for(prob, bufs, L)
            # The inputs were written (and scratch zeroed) on the legacy default stream, which a
            # non-blocking stream does not wait for: without this the first launches may read buffers
            # still holding the guard bytes (x_paged_decode's block table at its perf size then sent
            # the kernel to a wild address, with Triton's PTX as with Tritium's).
            cp.cuda.runtime.deviceSynchronize()
            t = self.slot_rec(slot).setdefault("timing", {})
            try:
                for _ in range(3):
                    self.launch(L, prob, args, stream)
                stream.synchronize()
                e0, e1 = cp.cuda.Event(), cp.cuda.Event()
                e0.record(stream)
                for _ in range(5):
                    self.launch(L, prob, args, stream)
                e1.record(stream)
                e1.synchronize()
                est_us = cp.cuda.get_elapsed_time(e0, e1) * 1000.0 / 5
            except Exception as e:  # noqa: BLE001
                t.update(status="FAIL", error=f"{type(e).__name__}: {e}")
                raise FatalCuda(str(e))
            per[slot] = dict(L=L, args=args, keep=keep, est_us=est_us)
        if not per:
            return
        est = max(p["est_us"] for p in per.values())
        iters = int(max(10, min(self.a.iters, self.a.trial_ms * 1000.0 / max(est, 1e-3))))
        for slot, p in per.items():
            p["graph"] = None
            if not self.a.no_graph:
                try:
                    gs = cp.cuda.Stream(non_blocking=True)
                    with gs:
                        gs.begin_capture()
                        try:
                            for _ in range(iters):
                                self.launch(p["L"], prob, p["args"], gs)
                        finally:
                            g = gs.end_capture()
                    if hasattr(g, "upload"):
                        g.upload(stream)
                    g.launch(stream)  # warm replay
                    stream.synchronize()
                    p["graph"] = g
                except Exception as e:  # noqa: BLE001
                    p["graph_error"] = f"{type(e).__name__}: {e}"
        times = {s: [] for s in per}
        order = list(per)
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        for trial in range(self.a.trials):
            for slot in (order if trial % 2 == 0 else order[::-1]):
                p = per[slot]
                self.res["in_progress"] = {"phase": "timing", "slot": slot, "case": prob.desc}
                try:
                    e0.record(stream)
                    if p["graph"] is not None:
                        p["graph"].launch(stream)
                    else:
                        for _ in range(iters):
                            self.launch(p["L"], prob, p["args"], stream)
                    e1.record(stream)
                    e1.synchronize()
                except Exception as e:  # noqa: BLE001
                    self.slot_rec(slot)["timing"].update(status="FAIL", error=f"{type(e).__name__}: {e}")
                    raise FatalCuda(str(e))
                times[slot].append(cp.cuda.get_elapsed_time(e0, e1) * 1000.0 / iters)
        for slot, p in per.items():
            ts = sorted(times[slot])
            med = ts[len(ts) // 2] if len(ts) % 2 else 0.5 * (ts[len(ts) // 2 - 1] + ts[len(ts) // 2])
            self.slot_rec(slot)["timing"] = dict(
                status="OK", us=med, trials_us=[round(x, 3) for x in times[slot]], iters=iters,
                method="cuda-graph" if p["graph"] is not None else "stream-launches",
                graph_error=p.get("graph_error"), size=prob.desc, nbytes=prob.nbytes, flops=prob.flops)

    def run(self):
        slots = [s for s in self.a.slots.split(",") if s]
        phases = self.a.phases.split(",")
        loaded = {}
        for slot in slots:
            L = self.load(slot)
            self.save()
            if L is not None:
                loaded[slot] = L
        try:
            if "correctness" in phases:
                for slot, L in list(loaded.items()):
                    self.correctness(slot, L)
                    self.save()
            if "timing" in phases and not self.a.no_timing:
                tl = {s: L for s, L in loaded.items()
                      if "correctness" not in phases or self.slot_rec(s).get("status") == "OK"
                      or (self.a.time_incorrect and self.slot_rec(s).get("stage") == "correctness")}
                for s in loaded:
                    if s not in tl:
                        self.slot_rec(s)["timing"] = dict(status="SKIP", error="incorrect")
                self.timing(tl)
        except FatalCuda as e:
            self.res["fatal"] = str(e)
            self.save()
            return 3
        self.res["in_progress"] = None
        self.save()
        return 0


def worker_main(a):
    try:
        return Worker(a).run()
    except Exception:  # noqa: BLE001
        try:
            res = {}
            if os.path.exists(a.result):
                with open(a.result) as f:
                    res = json.load(f)
            res["worker_exception"] = traceback.format_exc()[-3000:]
            with open(a.result, "w") as f:
                json.dump(res, f, indent=1, default=str)
        except Exception:  # noqa: BLE001
            pass
        traceback.print_exc()
        return 4


# ============================================================================================================
# device info + copy baseline (own process)
# ============================================================================================================
def device_main(a):
    info = {}
    try:
        import torch
        info["torch"] = torch.__version__
        dev = torch.cuda.get_device_properties(0)
        info["gpu"] = dev.name
        info["sms"] = dev.multi_processor_count
        nbytes = a.copy_mib << 20
        if nbytes == 0:
            raise RuntimeError("skipped (--no-copy)")
        src = torch.empty(nbytes, dtype=torch.uint8, device="cuda").random_()
        dst = torch.empty_like(src)
        for _ in range(3):
            dst.copy_(src)
        torch.cuda.synchronize()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        ts = []
        for _ in range(7):
            s.record()
            for _ in range(20):
                dst.copy_(src)
            e.record()
            e.synchronize()
            ts.append(s.elapsed_time(e) / 20 * 1e-3)
        t = sorted(ts)[len(ts) // 2]
        info["copy"] = dict(method="torch copy_", mib=a.copy_mib, us=t * 1e6, gbps=2 * nbytes / t / 1e9)
    except Exception as e:  # noqa: BLE001
        info["copy_error"] = f"{type(e).__name__}: {e}"
    try:
        # cuBLAS (torch.matmul) on matmul_f16's timing size: the vendor library's speed next to both PTX.
        import torch
        if a.cublas:
            m = n = k = 4096
            x = torch.randn(m, k, device="cuda", dtype=torch.float16)
            y = torch.randn(k, n, device="cuda", dtype=torch.float16)
            for _ in range(3):
                z = x @ y
            torch.cuda.synchronize()
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            ts = []
            for _ in range(7):
                s.record()
                for _ in range(20):
                    z = x @ y
                e.record()
                e.synchronize()
                ts.append(s.elapsed_time(e) / 20 * 1e-3)
            t = sorted(ts)[len(ts) // 2]
            del z
            info["cublas"] = dict(M=m, N=n, K=k, us=t * 1e6, tflops=2 * m * n * k / t / 1e12)
    except Exception as e:  # noqa: BLE001
        info["cublas_error"] = f"{type(e).__name__}: {e}"
    try:
        import cupy as cp
        info["cupy"] = cp.__version__
        info["driver"] = cp.cuda.runtime.driverGetVersion()
        if "gpu" not in info:
            info["gpu"] = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    except Exception as e:  # noqa: BLE001
        info["cupy_error"] = f"{type(e).__name__}: {e}"
    with open(a.result, "w") as f:
        json.dump(info, f, indent=1)
    return 0


# ============================================================================================================
# parent
# ============================================================================================================
def spawn(argv, timeout):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    try:
        p = subprocess.run([sys.executable, os.path.abspath(__file__)] + argv, capture_output=True, text=True,
                           timeout=timeout, env=env)
        return p.returncode, (p.stdout or "") + (p.stderr or "")
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"")
        out = out.decode(errors="replace") if isinstance(out, bytes) else out
        return -9, f"worker timed out after {timeout} s\n{out}"


def run_kernel(a, k, tmpdir):
    """Correctness (+timing) for both slots of one kernel, re-spawning workers after fatal CUDA errors."""
    result_path = os.path.join(tmpdir, f"{k}.json")
    final = {"kernel": k, "slots": {}}
    todo = [s for s in SLOTS]
    phases = ["correctness"] + ([] if a.no_timing else ["timing"])
    work = [(todo, phases)]
    spawns = 0
    while work and spawns < 6:
        slots, ph = work.pop(0)
        if os.path.exists(result_path):
            os.remove(result_path)
        argv = ["--worker", k, "--bundle", a.bundle, "--slots", ",".join(slots), "--phases", ",".join(ph),
                "--result", result_path, "--iters", str(a.iters), "--trials", str(a.trials),
                "--trial-ms", str(a.trial_ms)] + (["--no-graph"] if a.no_graph else []) \
            + (["--quick"] if a.quick else []) \
            + (["--perf", a.perf] if a.perf else []) \
            + (["--time-incorrect"] if a.time_incorrect else [])
        rc, log = spawn(argv, a.worker_timeout)
        spawns += 1
        res = {}
        if os.path.exists(result_path):
            with open(result_path) as f:
                res = json.load(f)
        for s, r in res.get("slots", {}).items():
            cur = final["slots"].setdefault(s, {})
            if "timing" in r and "timing" in cur and ph == ["timing"]:
                cur["timing"] = r["timing"]
            else:
                cur.update(r)
        if rc == 0:
            continue
        # a fatal error or a dead worker: who was running?
        ip = res.get("in_progress") or {}
        culprit = ip.get("slot")
        why = res.get("fatal") or (res.get("worker_exception") or "").strip().splitlines()[-1:] or \
            [f"worker exit {rc}: " + log.strip()[-400:]]
        if isinstance(why, list):
            why = why[0] if why else f"worker exit {rc}"
        if culprit:
            cur = final["slots"].setdefault(culprit, {})
            if ip.get("phase") == "correctness" and cur.get("status") != "FAIL":
                cur.update(status="FAIL", stage="crash",
                           details=[f"[{ip.get('case')}] worker died (rc {rc}): {why}"[:600]])
            elif ip.get("phase") == "timing":
                t = cur.setdefault("timing", {})
                if t.get("status") != "FAIL":
                    t.update(status="FAIL", error=f"worker died (rc {rc}): {why}"[:600])
        else:
            for s in slots:  # died before any slot started (import error, bundle problem, ...)
                cur = final["slots"].setdefault(s, {})
                if "status" not in cur:
                    cur.update(status="FAIL", stage="worker", details=[f"worker exit {rc}: {why}"[:600]])
        if ip.get("phase") == "correctness":
            rest = [s for s in slots if "status" not in final["slots"].get(s, {})]
            if rest:
                work.append((rest, ph))
            if "timing" in ph:
                # slots that passed before the crash still need timing
                tim = [s for s in slots if final["slots"].get(s, {}).get("status") == "OK" and s not in rest]
                if tim:
                    work.append((tim, ["timing"]))
        elif ip.get("phase") == "timing":
            tim = [s for s in slots if s != culprit and final["slots"].get(s, {}).get("status") == "OK"
                   and final["slots"][s].get("timing", {}).get("status") != "OK"]
            if tim:
                work.append((tim, ["timing"]))
        final.setdefault("worker_logs", []).append(log.strip()[-1500:])
    return final


def fmt_status(r):
    st = r.get("status", "FAIL")
    if st == "OK":
        extra = []
        if r.get("notes"):
            extra.append("; ".join(r["notes"]))
        return "OK" + (f" ({'; '.join(extra)})" if extra else "")
    det = "; ".join(r.get("details") or ["no result"])
    return f"FAIL ({det[:700]})"


def parent_main(a):
    t_start = time.time()
    bundle = a.bundle
    if not os.path.isdir(bundle):
        print(f"run_gpu: bundle {bundle} not found (make it with tests/gpu/bundle.py and carry it)")
        return 2
    manifest = {}
    mp = os.path.join(bundle, "manifest.json")
    if os.path.isfile(mp):
        with open(mp) as f:
            manifest = json.load(f)
    kernels = list(manifest.get("kernels", {})) or sorted(
        f[:-10] for f in os.listdir(os.path.join(bundle, "triton")) if f.endswith(".meta.json"))
    if a.kernels:
        want = a.kernels.split(",")
        kernels = [k for k in kernels if k in want]
    unknown = [k for k in kernels if k not in SPECS]
    kernels = [k for k in kernels if k in SPECS]
    tmpdir = tempfile.mkdtemp(prefix="tritium-gpu-")

    dev_path = os.path.join(tmpdir, "device.json")
    spawn(["--device-info", "--result", dev_path, "--copy-mib", str(0 if a.no_copy else a.copy_mib)]
          + ([] if a.cublas else ["--no-cublas"]), 300)
    dev = {}
    if os.path.exists(dev_path):
        with open(dev_path) as f:
            dev = json.load(f)
    copy = dev.get("copy")
    print(f"device: {dev.get('gpu')} ({dev.get('sms')} SMs), CUDA driver {dev.get('driver')}, "
          f"cupy {dev.get('cupy')}, torch {dev.get('torch')}")
    if copy:
        print(f"copy baseline: {copy['method']} of {copy['mib']} MiB: {copy['us']:.1f} us = {copy['gbps']:.0f} GB/s "
              f"(read+write)")
    else:
        print(f"copy baseline: unavailable ({dev.get('copy_error')})")
    os.environ["TRITIUM_GPU_TARGET"] = str(manifest.get("target") or "cuda:80")  # read by the workers' specs
    print(f"bundle: {bundle} (mode: {manifest.get('mode', '?')}); kernels: {', '.join(kernels)}")
    if unknown:
        print(f"no reference in run_gpu.py for: {', '.join(unknown)} (skipped)")
    print("== correctness")
    results = {}
    for k in kernels:
        r = run_kernel(a, k, tmpdir)
        results[k] = r
        s = r["slots"]
        print(f"{k}: tritium {fmt_status(s.get('tritium', {}))} triton {fmt_status(s.get('triton', {}))}", flush=True)
    n_ok = sum(results[k]["slots"].get("tritium", {}).get("status") == "OK" for k in kernels)
    n_tok = sum(results[k]["slots"].get("triton", {}).get("status") == "OK" for k in kernels)
    print(f"{n_ok}/{len(kernels)} kernels correct (tritium); triton's PTX: {n_tok}/{len(kernels)}")

    if not a.no_timing:
        print(f"== timing (median of {a.trials} interleaved trials, each a CUDA graph of back-to-back launches;"
              f" speed = triton_us / tritium_us, > 1 means tritium is faster)")
        for k in kernels:
            s = results[k]["slots"]
            tt, to = s.get("triton", {}).get("timing", {}), s.get("tritium", {}).get("timing", {})

            def us(t):
                if t.get("status") == "OK":
                    return f"{t['us']:.2f} us"
                return "not timed (" + (t.get("error") or "failed correctness") + ")"
            line = f"{k}: tritium {us(to)}, triton {us(tt)}"
            if to.get("status") == "OK" and tt.get("status") == "OK":
                line += f", speed tritium/triton = {tt['us'] / to['us']:.3f}"
            ref = to if to.get("status") == "OK" else tt
            if ref.get("status") == "OK":
                line += f" [{ref['size']}, {ref['iters']} launches/trial, {ref['method']}]"
                extra = []
                for nm, t in (("tritium", to), ("triton", tt)):
                    if t.get("status") != "OK":
                        continue
                    if SPECS[k]["membound"] and t["nbytes"]:
                        gbps = t["nbytes"] / (t["us"] * 1e-6) / 1e9
                        t["gbps"] = gbps
                        extra.append(f"{nm} {gbps:.0f} GB/s" + (f" ({100 * gbps / copy['gbps']:.0f}% of copy)" if copy else ""))
                    elif t["flops"] and t["us"] > 0:
                        t["tflops"] = t["flops"] / (t["us"] * 1e-6) / 1e12
                        extra.append(f"{nm} {t['tflops']:.1f} TFLOP/s")
                regs = [f"{nm} {s.get(nm, {}).get('func_attrs', {}).get('num_regs', '?')} regs"
                        + (f"/{s[nm]['func_attrs']['local_size_bytes']} B local"
                           if s.get(nm, {}).get("func_attrs", {}).get("local_size_bytes") else "")
                        for nm in ("tritium", "triton") if s.get(nm, {}).get("func_attrs")]
                cublas = dev.get("cublas") if isinstance(dev, dict) else None
                if k == "matmul_f16" and cublas:
                    extra.append(f"torch (cuBLAS) {cublas['tflops']:.1f} TFLOP/s at {cublas['M']}x{cublas['N']}x{cublas['K']}")
                if extra:
                    line += " | " + ", ".join(extra)
                if regs:
                    line += " | " + ", ".join(regs)
            print(line, flush=True)
    summary = dict(device=dev, bundle=bundle, manifest_mode=manifest.get("mode"), kernels=results,
                   tritium_correct=n_ok, triton_correct=n_tok, total=len(kernels),
                   wall_s=round(time.time() - t_start, 1))
    outs = []
    if a.json:
        outs.append(a.json)
    if os.environ.get("OUT"):
        outs.append(os.path.join(os.environ["OUT"], "gpu_results.json"))
    for p in outs:
        os.makedirs(os.path.dirname(os.path.abspath(p)), exist_ok=True)
        with open(p, "w") as f:
            json.dump(summary, f, indent=1, default=str)
    print(f"run_gpu: done in {time.time() - t_start:.1f} s" + (f"; summary in {', '.join(outs)}" if outs else ""))
    return 0 if n_ok == len(kernels) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bundle", default="build/gpu-bundle")
    ap.add_argument("--kernels", default="", help="comma list (default: every kernel in the bundle)")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--time-incorrect", action="store_true", help="also time slots that produced wrong values")
    ap.add_argument("--no-graph", action="store_true", help="time plain stream launches instead of a CUDA graph")
    ap.add_argument("--iters", type=int, default=200, help="launches per trial (fewer for slow kernels)")
    ap.add_argument("--trials", type=int, default=7)
    ap.add_argument("--trial-ms", type=float, default=60.0, help="cap on one trial's length")
    ap.add_argument("--quick", action="store_true", help="time the largest correctness case, not the big perf size")
    ap.add_argument("--perf", default="", help="JSON object whose keys replace the timed case's parameters "
                    "(e.g. '{\"S\": 64}'; for experiments with one kernel)")
    ap.add_argument("--copy-mib", type=int, default=512, help="size of the torch copy_ baseline")
    ap.add_argument("--no-cublas", dest="cublas", action="store_false",
                    help="skip the torch.matmul (cuBLAS) baseline printed next to matmul_f16")
    ap.add_argument("--no-copy", action="store_true", help="skip the copy baseline (no GB/s comparison)")
    ap.add_argument("--worker-timeout", type=float, default=120.0, help="seconds per worker process")
    ap.add_argument("--json", default="", help="also write the JSON summary here")
    # internal
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--device-info", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--slots", default=",".join(SLOTS), help=argparse.SUPPRESS)
    ap.add_argument("--phases", default="correctness,timing", help=argparse.SUPPRESS)
    ap.add_argument("--result", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.device_info:
        return device_main(a)
    if a.worker:
        return worker_main(a)
    return parent_main(a)


if __name__ == "__main__":
    sys.exit(main())
