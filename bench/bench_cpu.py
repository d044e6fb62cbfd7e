#!/usr/bin/env python3
"""Benchmarks of the CPU backend (spec/cpu, tritiumCpuKernel*): corpus kernels
JIT-compiled for this machine and launched on all its cores, against NumPy.

    python3 bench/bench_cpu.py [--corpus DIR] [--quick]

- memory-bound: vec_add and softmax_rows at sizes past the caches, in GB/s
  of the bytes the kernel must move, against NumPy doing the same and against
  the copy bandwidth (NumPy copying the same bytes; np.copyto is
  single-threaded, so a 2-thread copy kernel is measured too, as the
  achievable bandwidth of this machine);
- matmul: the corpus matmul kernel (BM = BN = 128, BK = 32, grouped) made
  f32 (its f16 types replaced), against NumPy's BLAS (np.matmul, f32), in
  GFLOP/s;
- compile time: tritiumCpuKernelLoad (lowering, -O3, JIT) per corpus kernel.

Goals: memory-bound >= 80% of copy bandwidth, matmul >= 50% of BLAS,
compile <= 2 s per kernel.
"""
import argparse
import glob
import os
import sys

try:
    import numpy as np
except ImportError:
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "cpu"))
from cpu_runtime import CpuRuntime  # noqa: E402
from timing import best_of  # noqa: E402 (bench/timing.py)

# A copy kernel (one load, one store per element), written for this bench.
COPY_TTIR = """
module {
  tt.func public @copy(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c = arith.constant 4096 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c : i32
    %r = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
    %b = tt.splat %start : i32 -> tensor<4096xi32>
    %offs = arith.addi %b, %r : tensor<4096xi32>
    %nb = tt.splat %n : i32 -> tensor<4096xi32>
    %m = arith.cmpi slt, %offs, %nb : tensor<4096xi32>
    %sp = tt.splat %src : !tt.ptr<f32> -> tensor<4096x!tt.ptr<f32>>
    %sa = tt.addptr %sp, %offs : tensor<4096x!tt.ptr<f32>>, tensor<4096xi32>
    %v = tt.load %sa, %m : tensor<4096x!tt.ptr<f32>>
    %dp = tt.splat %dst : !tt.ptr<f32> -> tensor<4096x!tt.ptr<f32>>
    %da = tt.addptr %dp, %offs : tensor<4096x!tt.ptr<f32>>, tensor<4096xi32>
    tt.store %da, %v, %m : tensor<4096x!tt.ptr<f32>>
    tt.return
  }
}
"""


def cdiv(a, b):
    return (a + b - 1) // b


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus"))
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "lib", "libtritium.so"))
    ap.add_argument("--quick", action="store_true", help="smaller sizes, fewer repeats")
    args = ap.parse_args()
    folder = os.path.join(args.corpus, "nodebug", "cuda_sm80")
    rt = CpuRuntime(args.lib)
    cores = os.cpu_count()
    repeat = 3 if args.quick else 10  # min of 10: the machine is shared, timings are noisy
    print(f"bench_cpu: {cores} cores, NumPy {np.__version__}")

    def kernel(name):
        return rt.load(open(os.path.join(folder, name + ".ttir.mlir")).read())[0]

    # --- copy bandwidth ---------------------------------------------------
    n = (1 << 24) if args.quick else (1 << 26)
    src = np.random.rand(n).astype(np.float32)
    dst = np.empty_like(src)
    t_np_copy = best_of(lambda: np.copyto(dst, src), repeat)
    copy_k = rt.load(COPY_TTIR)[0]
    t_k_copy = best_of(lambda: copy_k.launch((cdiv(n, 4096),), [src, dst, n]), repeat)
    np_copy_bw = 2 * n * 4 / t_np_copy / 1e9
    k_copy_bw = 2 * n * 4 / t_k_copy / 1e9
    copy_bw = max(np_copy_bw, k_copy_bw)
    print(f"copy {n * 4 >> 20} MiB: NumPy copyto {np_copy_bw:.1f} GB/s, copy kernel ({cores} threads) {k_copy_bw:.1f} GB/s"
          f" -> copy bandwidth {copy_bw:.1f} GB/s")

    # --- vec_add ------------------------------------------------------------
    k = kernel("vec_add")
    x, y = src, np.random.rand(n).astype(np.float32)
    out = np.empty_like(x)
    t_k = best_of(lambda: k.launch((cdiv(n, 1024),), [x, y, out, n]), repeat)
    t_np = best_of(lambda: np.add(x, y, out=out), repeat)
    assert np.array_equal(out, x + y)
    bw_k, bw_np = 3 * n * 4 / t_k / 1e9, 3 * n * 4 / t_np / 1e9
    print(f"vec_add n={n}: tritium {bw_k:.1f} GB/s ({t_k * 1e3:.1f} ms), NumPy {bw_np:.1f} GB/s "
          f"({t_np * 1e3:.1f} ms); {100 * bw_k / copy_bw:.0f}% of copy bandwidth")

    # --- softmax_rows ------------------------------------------------------
    k = kernel("softmax_rows")
    cols = 256
    rows = n // cols
    xs = np.random.randn(rows, cols).astype(np.float32)
    ys = np.empty_like(xs)
    t_k = best_of(lambda: k.launch((cdiv(rows, 4),), [ys, xs, rows, cols, cols, cols]), repeat)

    def np_softmax():
        e = np.exp(xs - xs.max(axis=1, keepdims=True))
        e /= e.sum(axis=1, keepdims=True)
        return e

    t_np = best_of(np_softmax, repeat)
    assert np.allclose(ys, np_softmax(), rtol=1e-5, atol=1e-6)
    bw_k, bw_np = 2 * rows * cols * 4 / t_k / 1e9, 2 * rows * cols * 4 / t_np / 1e9
    print(f"softmax_rows {rows}x{cols}: tritium {bw_k:.1f} GB/s ({t_k * 1e3:.1f} ms), NumPy {bw_np:.1f} GB/s "
          f"({t_np * 1e3:.1f} ms); {100 * bw_k / copy_bw:.0f}% of copy bandwidth")

    # --- matmul f32 ---------------------------------------------------------
    text = open(os.path.join(folder, "matmul_f16.ttir.mlir")).read().replace("f16", "f32")
    text = text.replace("arith.truncf %40#2 : tensor<128x128xf32> to tensor<128x128xf32>",
                        "arith.maximumf %40#2, %40#2 : tensor<128x128xf32>")
    k, seconds = rt.load(text)
    for size in ((1024,) if args.quick else (1024, 2048)):
        m = nn = kk = size
        a = np.random.randn(m, kk).astype(np.float32)
        b = np.random.randn(kk, nn).astype(np.float32)
        c = np.empty((m, nn), np.float32)
        grid = cdiv(m, 128) * cdiv(nn, 128)
        t_k = best_of(lambda: k.launch((grid,), [a, b, c, m, nn, kk, kk, nn, nn]), repeat)
        t_np = best_of(lambda: np.matmul(a, b), repeat)
        assert np.allclose(c, a @ b, rtol=1e-3, atol=1e-2)
        flops = 2 * m * nn * kk
        g_k, g_np = flops / t_k / 1e9, flops / t_np / 1e9
        print(f"matmul f32 {m}x{nn}x{kk}: tritium {g_k:.1f} GFLOP/s ({t_k * 1e3:.1f} ms), NumPy BLAS {g_np:.1f} GFLOP/s "
              f"({t_np * 1e3:.1f} ms); {100 * g_k / g_np:.0f}% of BLAS")

    # --- compile time -------------------------------------------------------
    times = []
    for path in sorted(glob.glob(os.path.join(folder, "*.ttir.mlir"))):
        _, seconds = rt.load(open(path).read())
        times.append((os.path.basename(path).split(".")[0], seconds))
    line = ", ".join(f"{name} {s * 1e3:.0f}" for name, s in times)
    print(f"compile (ms): {line}; max {max(s for _, s in times) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
