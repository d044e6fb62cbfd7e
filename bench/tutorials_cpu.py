#!/usr/bin/env python3
"""Triton's tutorials 01, 02, 03 and 05 on this CPU through `@triton.jit` and
the `tritium_cpu` backend (issue 28), checked against NumPy and timed against it.

The kernels are written here in the tutorials' structure (not copied):
  01 vector add           one program per BLOCK of elements, masked tail
  02 fused softmax        a fixed number of programs, each looping over rows
                          (stride num_programs), the row in registers
  03 matmul               grouped ("super-grouped") program ordering, K loop
                          over BLOCK_K tiles with tl.dot, f32 accumulator,
                          optional fused leaky_relu; f32 and the tutorial's
                          fp16 in/out; against NumPy's (f32) BLAS
  05 layer norm forward   one program per row, mean/var/normalize loops over
                          BLOCK_N columns, stores mean and rstd
  05 layer norm backward  dx fused with partial dw/db sums per group of rows,
                          guarded by a spin lock (tl.atomic_cas/atomic_xchg),
                          then a second kernel reducing the partial sums

One line per tutorial: OK/FAIL, the error against NumPy, Triton-on-CPU time,
NumPy time and their ratio. `--quick` checks correctness only on small sizes
(what `make test` runs). Runs with the Triton 3.9 venv's interpreter (it
re-executes itself with it); the backend is registered for this process only.

    python3 bench/tutorials_cpu.py [--quick] [--reps N]
"""
import argparse
import importlib.util
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.expanduser(os.environ.get("TRITON_VENV", "~/.cache/tritium/triton-3.9.0"))
sys.path.insert(0, os.path.join(ROOT, "python"))
if importlib.util.find_spec("triton") is None or importlib.util.find_spec("numpy") is None:
    if os.path.exists(VENV + "/bin/python") and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(VENV + "/bin/python", [VENV + "/bin/python"] + sys.argv)
    sys.exit(f"tutorials_cpu.py: no triton 3.9 here and no venv at {VENV} (make deps)")

import install_dev  # noqa: E402

sys.path.insert(0, install_dev.entry_point_dir())
os.environ["TRITON_DEFAULT_BACKEND"] = "tritium_cpu"
_CACHE = tempfile.TemporaryDirectory(prefix="tritium-tutorials-cache-")
os.environ["TRITON_CACHE_DIR"] = _CACHE.name

import numpy as np  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from tritium.backend import tensor as T  # noqa: E402
from timing import best_of  # noqa: E402 (bench/timing.py)

# ---------------------------------------------------------------- 01 vector add


@triton.jit
def vadd_kernel(x_ptr, y_ptr, z_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    in_bounds = offsets < n
    x = tl.load(x_ptr + offsets, mask=in_bounds)
    y = tl.load(y_ptr + offsets, mask=in_bounds)
    tl.store(z_ptr + offsets, x + y, mask=in_bounds)


def vadd(x, y, z):
    n = x.size
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]), )  # noqa: E731
    vadd_kernel[grid](T(x), T(y), T(z), n, BLOCK_SIZE=4096)


# ---------------------------------------------------------- 02 fused softmax


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_rows, n_cols, BLOCK_SIZE: tl.constexpr):
    first = tl.program_id(0)
    step = tl.num_programs(0)
    for row in tl.range(first, n_rows, step):
        row_in = in_ptr + row * in_row_stride
        cols = tl.arange(0, BLOCK_SIZE)
        valid = cols < n_cols
        x = tl.load(row_in + cols, mask=valid, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        num = tl.exp(x)
        den = tl.sum(num, axis=0)
        row_out = out_ptr + row * out_row_stride
        tl.store(row_out + cols, num / den, mask=valid)


def softmax(x, y, programs):
    rows, cols = x.shape
    block = triton.next_power_of_2(cols)
    softmax_kernel[(min(programs, rows), )](T(y), T(x), x.strides[0] // 4, y.strides[0] // 4, rows, cols,
                                            BLOCK_SIZE=block)


def np_softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


# ---------------------------------------------------------------- 03 matmul


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                  ACTIVATION: tl.constexpr):
    # Programs walk C in groups of GROUP_M block-rows so that neighbouring
    # programs share A and B tiles in cache.
    pid = tl.program_id(axis=0)
    blocks_m = tl.cdiv(M, BLOCK_M)
    blocks_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * blocks_n
    group = pid // per_group
    first_m = group * GROUP_M
    group_rows = min(blocks_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % per_group) % group_rows)
    pid_n = (pid % per_group) // group_rows

    rows = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    cols = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    ks = tl.arange(0, BLOCK_K)
    a_tile = a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak
    b_tile = b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        left = K - k * BLOCK_K
        a = tl.load(a_tile, mask=ks[None, :] < left, other=0.0)
        b = tl.load(b_tile, mask=ks[:, None] < left, other=0.0)
        acc = tl.dot(a, b, acc)
        a_tile += BLOCK_K * stride_ak
        b_tile += BLOCK_K * stride_bk
    if ACTIVATION == "leaky_relu":
        acc = leaky_relu(acc)
    c = acc.to(c_ptr.dtype.element_ty)

    out_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    out_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_tile = c_ptr + out_m[:, None] * stride_cm + out_n[None, :] * stride_cn
    tl.store(c_tile, c, mask=(out_m[:, None] < M) & (out_n[None, :] < N))


def matmul(a, b, c, activation=""):
    M, K = a.shape
    _, N = b.shape
    es = a.itemsize
    meta = dict(BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, GROUP_M=8)
    grid = lambda m: (triton.cdiv(M, m["BLOCK_M"]) * triton.cdiv(N, m["BLOCK_N"]), )  # noqa: E731
    matmul_kernel[grid](T(a), T(b), T(c), M, N, K, a.strides[0] // es, a.strides[1] // es, b.strides[0] // es,
                        b.strides[1] // es, c.strides[0] // c.itemsize, c.strides[1] // c.itemsize,
                        ACTIVATION=activation, **meta)


# ------------------------------------------------------------ 05 layer norm


@triton.jit
def ln_fwd_kernel(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    part = tl.zeros([BLOCK_N], dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        part += tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(part, axis=0) / N
    part = tl.zeros([BLOCK_N], dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        d = tl.where(cols < N, x - mean, 0.0)
        part += d * d
    var = tl.sum(part, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        valid = cols < N
        w = tl.load(W + cols, mask=valid)
        b = tl.load(B + cols, mask=valid)
        x = tl.load(X + cols, mask=valid, other=0.0).to(tl.float32)
        tl.store(Y + cols, (x - mean) * rstd * w + b, mask=valid)


@triton.jit
def ln_bwd_dx_kernel(DX, DY, PartialDW, PartialDB, X, W, Mean, Rstd, Lock, stride, N, GROUP_M: tl.constexpr,
                     BLOCK_N: tl.constexpr):
    # The whole row in one block; dw/db of this row go to the partial sums of
    # group row % GROUP_M, guarded by that group's lock (Lock[g]) and with a
    # "first writer" flag (Lock[GROUP_M + g]).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    valid = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    g = row % GROUP_M
    lock = Lock + g
    count = Lock + GROUP_M + g
    PartialDW = PartialDW + g * N + cols
    PartialDB = PartialDB + g * N + cols
    x = tl.load(X + cols, mask=valid, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=valid, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=valid).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = tl.where(valid, (x - mean) * rstd, 0.0)
    wdy = tl.where(valid, w * dy, 0.0)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=valid)
    dw_row = (dy * xhat).to(w.dtype)
    db_row = dy.to(w.dtype)
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    seen = tl.load(count)
    if seen == 0:
        tl.atomic_xchg(count, 1)
    else:
        dw_row += tl.load(PartialDW, mask=valid)
        db_row += tl.load(PartialDB, mask=valid)
    tl.store(PartialDW, dw_row, mask=valid)
    tl.store(PartialDB, db_row, mask=valid)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


@triton.jit
def ln_bwd_dwdb_kernel(PartialDW, PartialDB, FINAL_DW, FINAL_DB, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    dw = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_M):
        rows = i + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(PartialDW + offs, mask=mask, other=0.0)
        db += tl.load(PartialDB + offs, mask=mask, other=0.0)
    tl.store(FINAL_DW + cols, tl.sum(dw, axis=0), mask=cols < N)
    tl.store(FINAL_DB + cols, tl.sum(db, axis=0), mask=cols < N)


def ln_fwd(x, w, b, y, mean, rstd, eps):
    M, N = x.shape
    ln_fwd_kernel[(M, )](T(x), T(y), T(w), T(b), T(mean), T(rstd), x.strides[0] // 4, N, eps, BLOCK_N=1024)


def ln_bwd(dy, x, w, mean, rstd, dx, dw, db, group_m=32):
    M, N = x.shape
    block = triton.next_power_of_2(N)
    locks = np.zeros(2 * group_m, dtype=np.int32)
    pdw = np.zeros((group_m, N), dtype=np.float32)
    pdb = np.zeros((group_m, N), dtype=np.float32)
    ln_bwd_dx_kernel[(M, )](T(dx), T(dy), T(pdw), T(pdb), T(x), T(w), T(mean), T(rstd), T(locks), x.strides[0] // 4,
                            N, GROUP_M=group_m, BLOCK_N=block)
    grid = lambda meta: (triton.cdiv(N, meta["BLOCK_N"]), )  # noqa: E731
    ln_bwd_dwdb_kernel[grid](T(pdw), T(pdb), T(dw), T(db), group_m, N, BLOCK_M=32, BLOCK_N=128)


def np_ln_fwd(x, w, b, eps):
    mean = x.mean(axis=1, keepdims=True)
    var = ((x - mean)**2).mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(var + eps)
    return (x - mean) * rstd * w + b, mean[:, 0], rstd[:, 0]


def np_ln_bwd(dy, x, w, mean, rstd):
    N = x.shape[1]
    xhat = (x - mean[:, None]) * rstd[:, None]
    wdy = w * dy
    c1 = (xhat * wdy).sum(axis=1, keepdims=True) / N
    c2 = wdy.sum(axis=1, keepdims=True) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd[:, None]
    return dx, (dy * xhat).sum(axis=0), dy.sum(axis=0)


# ---------------------------------------------------------------- the runner


def rel_err(got, want):
    scale = max(1.0, float(np.abs(want).max()))
    return float(np.abs(got - want).max()) / scale


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="correctness only, small sizes")
    ap.add_argument("--reps", type=int, default=10)
    args = ap.parse_args()
    quick = args.quick
    rng = np.random.default_rng(0)
    results = []

    def report(name, shape, err, tol, fn_tri, fn_np):
        ok = err <= tol
        line = f"{name:<22} {shape:<20} {'OK  ' if ok else 'FAIL'} max rel err {err:.1e} (tol {tol:.0e})"
        if not quick:
            # One after the other, not alternating: OpenBLAS's and Tritium's
            # pool threads spin for a while after a call and slow the other
            # (hence also the pauses).
            time.sleep(0.2)
            t_tri = best_of(fn_tri, args.reps)
            time.sleep(0.2)
            t_np = best_of(fn_np, args.reps)
            line += f"  triton-cpu {t_tri * 1e3:9.3f} ms  numpy {t_np * 1e3:9.3f} ms  ratio {t_tri / t_np:6.2f}x"
        print(line, flush=True)
        results.append(ok)

    if not quick:
        import multiprocessing
        print(f"# triton {triton.__version__}, backend tritium_cpu, {multiprocessing.cpu_count()} cores, "
              f"numpy {np.__version__}; best of {args.reps}; ratio = triton-cpu / numpy (lower is better)")

    # 01
    n = 4097 if quick else (1 << 24)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    z = np.empty_like(x)
    vadd(x, y, z)
    report("01 vector-add", f"n={n}", rel_err(z, x + y), 0.0, lambda: vadd(x, y, z), lambda: np.add(x, y, out=z))

    # 02
    rows, cols = (67, 781) if quick else (4096, 781)
    x = rng.standard_normal((rows, cols), dtype=np.float32) * 4
    out = np.empty_like(x)
    programs = 4 * (os.cpu_count() or 1)
    softmax(x, out, programs)
    report("02 fused-softmax", f"{rows}x{cols}", rel_err(out, np_softmax(x)), 1e-6, lambda: softmax(x, out, programs),
           lambda: np_softmax(x))

    # 03
    M = N = K = 67 if quick else 512
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    c = np.empty((M, N), dtype=np.float32)
    matmul(a, b, c)
    report("03 matmul f32", f"{M}x{N}x{K}", rel_err(c, a @ b), 1e-5, lambda: matmul(a, b, c),
           lambda: np.matmul(a, b, out=c))
    matmul(a, b, c, "leaky_relu")
    ab = a @ b
    report("03 matmul+leaky_relu", f"{M}x{N}x{K}", rel_err(c, np.where(ab >= 0, ab, 0.01 * ab)), 1e-5,
           lambda: matmul(a, b, c, "leaky_relu"), lambda: np.matmul(a, b, out=c))

    # The tutorial's own case: fp16 in and out, f32 accumulation; NumPy has no
    # fp16 BLAS, so the time is against its f32 BLAS on f32 copies.
    a16, b16 = a.astype(np.float16), b.astype(np.float16)
    c16 = np.empty((M, N), dtype=np.float16)
    a32, b32 = a16.astype(np.float32), b16.astype(np.float32)
    matmul(a16, b16, c16)
    want = (a32 @ b32).astype(np.float16).astype(np.float32)
    report("03 matmul f16", f"{M}x{N}x{K}", rel_err(c16.astype(np.float32), want), 2e-3,
           lambda: matmul(a16, b16, c16), lambda: np.matmul(a32, b32, out=c))

    # 05
    M, N = (37, 1153) if quick else (4096, 1024 * 4)
    eps = 1e-5
    x = (rng.standard_normal((M, N), dtype=np.float32) * 2 + 0.5).astype(np.float32)
    w = rng.random(N, dtype=np.float32)
    b = rng.random(N, dtype=np.float32)
    yv = np.empty_like(x)
    mean = np.empty(M, dtype=np.float32)
    rstd = np.empty(M, dtype=np.float32)
    ln_fwd(x, w, b, yv, mean, rstd, eps)
    want_y, want_mean, want_rstd = np_ln_fwd(x, w, b, eps)
    err = max(rel_err(yv, want_y), rel_err(mean, want_mean), rel_err(rstd, want_rstd))
    report("05 layer-norm fwd", f"{M}x{N}", err, 1e-5, lambda: ln_fwd(x, w, b, yv, mean, rstd, eps),
           lambda: np_ln_fwd(x, w, b, eps))

    dy = rng.standard_normal((M, N), dtype=np.float32)
    dx = np.empty_like(x)
    dw = np.empty(N, dtype=np.float32)
    db = np.empty(N, dtype=np.float32)
    ln_bwd(dy, x, w, mean, rstd, dx, dw, db)
    want_dx, want_dw, want_db = np_ln_bwd(dy, x, w, mean, rstd)
    err = max(rel_err(dx, want_dx), rel_err(dw, want_dw), rel_err(db, want_db))
    report("05 layer-norm bwd", f"{M}x{N}", err, 1e-4, lambda: ln_bwd(dy, x, w, mean, rstd, dx, dw, db),
           lambda: np_ln_bwd(dy, x, w, mean, rstd))

    print(f"tutorials_cpu: {sum(results)}/{len(results)} correct against NumPy")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
