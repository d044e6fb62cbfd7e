#!/usr/bin/env python3
"""First-run cost (issue 26, class 8): cold against warm pass-manager runs, Tritium and Triton 3.9.

For each workload of bench/bench_passes.py (make_ttir, convert = convert-triton-to-tritongpu,
make_ttgir, make_llir) on one small corpus kernel (default vec_add, cuda_sm80), both sides time
the wall time of PassManager::run alone, on a fresh context and a fresh parse, single-threaded:

  cold  the first run in a fresh process (`--warmup 0 --reps 1`), one process per sample;
        everything done once per process (pattern sets, registries, lazy statics, the dynamic
        linker's first calls) lands here. Median of --cold-reps processes.
  warm  runs after one untimed run in the same process (`--warmup 1 --reps N`); median.

Tritium runs through build/bin/tritium-pm-time (the C API), Triton through the corpus'
run_triton_pass.py in the Triton venv, exactly as bench_passes.py does. Printed: each median in
ms, Tritium/Triton ratios cold-vs-cold and warm-vs-warm, and each side's cold/warm ratio (issue
26 asks for Tritium's to be within 1.10).

A second table times two variants of Tritium's side (no Triton counterpart is run for them):

  bind-now       cold, with LD_BIND_NOW=1: the dynamic linker binds libMLIR.so's calls into
                 libLLVM/libstdc++ at load instead of at each first call inside the run. That
                 is what a Python process gets (ctypes and imports dlopen with RTLD_NOW), and
                 what Triton's side always has (libtriton.so is imported RTLD_NOW and links
                 MLIR statically), so the difference is the lazy binding's share of the cold
                 premium.
  lazy dialects  `tritium-pm-time --lazy-dialects`: the context loads only what parsing needs
                 (as tritium-opt, mlir-opt and a C API context do), so the timed run also loads
                 the dialects its passes declare: per-context one-time work that both sides'
                 default (every dialect loaded at context creation, untimed) leaves out.
                 Cold and warm (warm: a fresh context too, after one untimed run).

--no-variants leaves the second table out.

  python3 bench/first_run.py
  python3 bench/first_run.py --kernel matmul_f16 --cold-reps 9 --warm-reps 9 --out /tmp/first.md

A benchmark, not a test: exit status 0 unless a run failed (1), 2 when a tool is missing.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
import bench_passes  # noqa: E402

DEFAULT_TRITON_PYTHON = Path.home() / ".cache/tritium/triton-3.9.0/bin/python"


def tritium_samples(args, case, warmup, reps, extra=(), env=None):
    cmd = [str(args.pm_time), f"--pass-pipeline={case.pipeline}", "--reps", str(reps),
           "--warmup", str(warmup), "--single-thread", *extra, str(case.input)]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout,
                            env=None if env is None else {**os.environ, **env})
    if result.returncode != 0:
        raise RuntimeError(f"tritium-pm-time: {result.stderr.strip()[:300]}")
    return [float(s) for s in json.loads(result.stdout)["samples_ms"]]


def triton_samples(args, case, warmup, reps):
    cmd = [str(args.triton_python), str(args.corpus / "run_triton_pass.py"), str(case.input),
           "--no-print", "--json", "--single-thread", "--reps", str(reps), "--warmup", str(warmup)]
    cmd += case.triton_args
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    if result.returncode != 0:
        raise RuntimeError(f"run_triton_pass.py: {result.stderr.strip()[-300:]}")
    lines = result.stderr.splitlines()
    start = max(i for i, line in enumerate(lines) if line == "{")
    return [float(s) for s in json.loads("\n".join(lines[start:]))["samples_ms"]]


def measure(args, case):
    """(tritium cold, tritium warm, triton cold, triton warm) medians in ms; the sides alternate."""
    cold = {"tritium": [], "triton": []}
    for i in range(args.cold_reps):
        order = [("tritium", tritium_samples), ("triton", triton_samples)]
        for side, run in (order if i % 2 == 0 else order[::-1]):
            cold[side] += run(args, case, 0, 1)
    warm_ours = tritium_samples(args, case, 1, args.warm_reps)
    warm_theirs = triton_samples(args, case, 1, args.warm_reps)
    med = statistics.median
    return med(cold["tritium"]), med(warm_ours), med(cold["triton"]), med(warm_theirs)


def measure_variants(args, case):
    """(cold with LD_BIND_NOW=1, lazy-dialects cold, lazy-dialects warm) medians in ms, Tritium only."""
    bind_now, lazy = [], []
    for _ in range(args.cold_reps):
        bind_now += tritium_samples(args, case, 0, 1, env={"LD_BIND_NOW": "1"})
        lazy += tritium_samples(args, case, 0, 1, extra=["--lazy-dialects"])
    lazy_warm = tritium_samples(args, case, 1, args.warm_reps, extra=["--lazy-dialects"])
    med = statistics.median
    return med(bind_now), med(lazy), med(lazy_warm)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--corpus", type=Path, default=bench_passes.DEFAULT_CORPUS)
    parser.add_argument("--kernel", default="vec_add")
    parser.add_argument("--target", default="cuda_sm80")
    parser.add_argument("--workloads", default="make_ttir,convert,make_ttgir,make_llir")
    parser.add_argument("--cold-reps", type=int, default=5, help="fresh processes per side (default 5)")
    parser.add_argument("--warm-reps", type=int, default=7, help="warm runs in one process (default 7)")
    parser.add_argument("--pm-time", type=Path, default=REPO / "build" / "bin" / "tritium-pm-time")
    parser.add_argument("--triton-python", type=Path, default=DEFAULT_TRITON_PYTHON)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--no-variants", action="store_true",
                        help="leave out the second table (Tritium with LD_BIND_NOW=1 and --lazy-dialects)")
    parser.add_argument("--out", type=Path, help="also write the table here")
    args = parser.parse_args()
    for tool in (args.pm_time, args.triton_python):
        if not Path(tool).exists():
            print(f"error: {tool} missing", file=sys.stderr)
            return 2
    namespace = argparse.Namespace(targets=[args.target], kernels={args.kernel}, corpus=args.corpus,
                                   workloads=args.workloads.split(","))
    cases, skipped = bench_passes.collect_cases(namespace)
    if not cases:
        print(f"error: no case for {args.kernel}@{args.target} ({'; '.join(skipped)})", file=sys.stderr)
        return 2
    rows = [f"kernel {args.kernel}, {args.target}; medians of {args.cold_reps} fresh processes (cold) "
            f"and {args.warm_reps} warm runs; single-threaded; ms of PassManager::run", "",
            "| workload | Tritium cold | Tritium warm | Triton cold | Triton warm | cold/cold | warm/warm "
            "| Tritium cold/warm | Triton cold/warm |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    variant_rows = ["", f"Tritium only (medians of {args.cold_reps} fresh processes and {args.warm_reps} warm runs): "
                    "cold with LD_BIND_NOW=1 (libMLIR bound at load, as under Python's RTLD_NOW), and with "
                    "--lazy-dialects (the timed run also loads the dialects its passes declare); "
                    "bind-now cold/warm is against the first table's Tritium warm", "",
                    "| workload | Tritium cold, bind-now | bind-now cold/warm | lazy-dialects cold "
                    "| lazy-dialects warm | lazy cold/warm | lazy cold / Triton cold |",
                    "|---|---:|---:|---:|---:|---:|---:|"]
    failed = False
    for case in cases:
        try:
            oc, ow, tc, tw = measure(args, case)
            variants = None if args.no_variants else measure_variants(args, case)
        except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
            failed = True
            rows.append(f"| {case.workload} | FAILED: {str(exc)[:200]} |")
            continue
        rows.append(f"| {case.workload} | {oc:.3f} | {ow:.3f} | {tc:.3f} | {tw:.3f} | {oc / tc:.2f} "
                    f"| {ow / tw:.2f} | {oc / ow:.2f} | {tc / tw:.2f} |")
        print(rows[-1], file=sys.stderr, flush=True)
        if variants:
            bn, lc, lw = variants
            variant_rows.append(f"| {case.workload} | {bn:.3f} | {bn / ow:.2f} | {lc:.3f} | {lw:.3f} "
                                f"| {lc / lw:.2f} | {lc / tc:.2f} |")
            print(variant_rows[-1], file=sys.stderr, flush=True)
    if not args.no_variants:
        rows += variant_rows
    text = "\n".join(rows) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
