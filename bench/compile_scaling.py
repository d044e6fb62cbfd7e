#!/usr/bin/env python3
"""Compile-time scaling: TTIR -> PTX for big tensors and big kernels, Tritium against Triton 3.9.

Generates two families of valid TTIR kernels (cuda:80, 4 warps) and compiles each one to PTX
with Tritium (`build/bin/tritium-compile K.ttir.mlir --target cuda:80`) and with Triton 3.9's own
stages (`bench/triton_ttir_to_ptx.py` in the Triton venv: make_ttgir, make_llir, make_ptx, as
`triton.compile` runs them on a .ttir file), one after the other on the same input:

  elements  `ew_N`: one tensor of N elements (two masked loads, add, mul, a masked store), the
            shape of issue 26's big-tensor case; N/128 elements per thread.
  reduce    `red_N`: one N-element tensor loaded (masked) and summed by `tt.reduce` to one
            scalar, stored by every program.
  lines     `ops_L`: a kernel of about L lines: a chain of L elementwise ops (mul/add/max/select
            with loads and stores every 64 ops) on 256-element tensors.

Measured per compile: the process's wall seconds, its user+system CPU seconds and its maximum RSS
(from wait4, per process). The machine may be shared: CPU seconds are the steadier number. For
Triton the time is that of its stages inside the process (parse + ttgir + llir + ptx, timed by
the driver after Python and triton are imported), the MB is the whole Python process's.

The table: size, Tritium wall s, CPU s, MB, per-unit time relative to the smallest size of the
family (`rel/unit`: (t/N) / (t0/N0), from CPU seconds; 1.0 = linear, issue 26 asks for <= 2 for
elements against 4,096), Triton s, MB, and the ratio Tritium wall / Triton s.

  python3 bench/compile_scaling.py                         # default sizes (a few minutes)
  python3 bench/compile_scaling.py --elements 4096,65536 --lines 1000 --no-triton
  python3 bench/compile_scaling.py --no-triton --reps 3 --lines 1000,10000,40000,80000,160000
  python3 bench/compile_scaling.py --elements 4096,1048576 --lines 1000,10000,50000 \\
      --out docs/measurements/compile-scaling.md

A benchmark, not a test (`make test` does not run it): exit status 0 unless a compile failed.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_TRITON_PYTHON = Path.home() / ".cache/tritium/triton-3.9.0/bin/python"


def _program_block(n):
    """The lines both generated kernels share: this program's N offsets, their mask against %n, and
    the pointers %xp into %x (the kernel defines %block = N first)."""
    t = f"tensor<{n}xi32>"
    p = f"tensor<{n}x!tt.ptr<f32>>"
    return f"""    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %block : i32
    %range = tt.make_range {{end = {n} : i32, start = 0 : i32}} : {t}
    %starts = tt.splat %start : i32 -> {t}
    %offs = arith.addi %starts, %range : {t}
    %ns = tt.splat %n : i32 -> {t}
    %mask = arith.cmpi slt, %offs, %ns : {t}
    %xb = tt.splat %x : !tt.ptr<f32> -> {p}
    %xp = tt.addptr %xb, %offs : {p}, {t}
"""


def elementwise_ttir(n):
    """Issue 26's big-tensor kernel: out = (x + y) * x over one N-element tensor, masked."""
    t = f"tensor<{n}xi32>"
    p = f"tensor<{n}x!tt.ptr<f32>>"
    f = f"tensor<{n}xf32>"
    arg = "!tt.ptr<f32> {tt.divisibility = 16 : i32}"
    return f"""module {{
  tt.func public @ew_{n}(%x: {arg}, %y: {arg}, %out: {arg}, %n: i32 {{tt.divisibility = 16 : i32}}) attributes {{noinline = false}} {{
    %block = arith.constant {n} : i32
{_program_block(n)}    %xv = tt.load %xp, %mask : {p}
    %yb = tt.splat %y : !tt.ptr<f32> -> {p}
    %yp = tt.addptr %yb, %offs : {p}, {t}
    %yv = tt.load %yp, %mask : {p}
    %ob = tt.splat %out : !tt.ptr<f32> -> {p}
    %op = tt.addptr %ob, %offs : {p}, {t}
    %sum = arith.addf %xv, %yv : {f}
    %prod = arith.mulf %sum, %xv : {f}
    tt.store %op, %prod, %mask : {p}
    tt.return
  }}
}}
"""


def reduce_ttir(n):
    """A reduction over one N-element tensor: out[pid] = sum(x[pid*N : pid*N + N]), masked."""
    p = f"tensor<{n}x!tt.ptr<f32>>"
    f = f"tensor<{n}xf32>"
    arg = "!tt.ptr<f32> {tt.divisibility = 16 : i32}"
    return f"""module {{
  tt.func public @red_{n}(%x: {arg}, %out: {arg}, %n: i32 {{tt.divisibility = 16 : i32}}) attributes {{noinline = false}} {{
    %block = arith.constant {n} : i32
    %zero = arith.constant dense<0.000000e+00> : {f}
{_program_block(n)}    %xv = tt.load %xp, %mask, %zero : {p}
    %sum = "tt.reduce"(%xv) <{{axis = 0 : i32}}> ({{
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }}) : ({f}) -> f32
    %op = tt.addptr %out, %pid : !tt.ptr<f32>, i32
    tt.store %op, %sum : !tt.ptr<f32>
    tt.return
  }}
}}
"""


def ops_ttir(lines, block=256):
    """A big kernel of about `lines` lines: a chain of elementwise ops on `block`-element tensors,
    which loads a fresh operand and stores the running value every 64 ops."""
    t = f"tensor<{block}xi32>"
    p = f"tensor<{block}x!tt.ptr<f32>>"
    f = f"tensor<{block}xf32>"
    arg = "!tt.ptr<f32> {tt.divisibility = 16 : i32}"
    out = [
        "module {",
        f"  tt.func public @ops_{lines}(%x: {arg}, %out: {arg}) attributes {{noinline = false}} {{",
        f"    %block = arith.constant {block} : i32",
        "    %pid = tt.get_program_id x : i32",
        "    %start = arith.muli %pid, %block : i32",
        f"    %range = tt.make_range {{end = {block} : i32, start = 0 : i32}} : {t}",
        f"    %starts = tt.splat %start : i32 -> {t}",
        f"    %offs = arith.addi %starts, %range : {t}",
        f"    %xb = tt.splat %x : !tt.ptr<f32> -> {p}",
        f"    %ob = tt.splat %out : !tt.ptr<f32> -> {p}",
        f"    %xp0 = tt.addptr %xb, %offs : {p}, {t}",
        f"    %op0 = tt.addptr %ob, %offs : {p}, {t}",
        f"    %v0 = tt.load %xp0 : {p}",
        f"    %c = arith.constant dense<1.500000e+00> : {f}",
        f"    %zero = arith.constant dense<0.000000e+00> : {f}",
    ]
    body = max(1, lines - len(out) - 4)
    cur, k = "%v0", 0
    while len(out) < body + 15:
        k += 1
        if k % 64 == 0:
            out.append(f"    %p{k} = tt.addptr %xp0, %range : {p}, {t}")
            out.append(f"    %l{k} = tt.load %p{k} : {p}")
            out.append(f"    %a{k} = arith.addf {cur}, %l{k} : {f}")
            out.append(f"    %q{k} = tt.addptr %op0, %range : {p}, {t}")
            out.append(f"    tt.store %q{k}, %a{k} : {p}")
        elif k % 4 == 0:
            out.append(f"    %a{k} = arith.mulf {cur}, %c : {f}")
        elif k % 4 == 1:
            out.append(f"    %a{k} = arith.addf {cur}, %v0 : {f}")
        elif k % 4 == 2:
            out.append(f"    %a{k} = arith.maximumf {cur}, %zero : {f}")
        else:
            out.append(f"    %m{k} = arith.cmpf ogt, {cur}, %c : {f}")
            out.append(f"    %a{k} = arith.select %m{k}, {cur}, %v0 : tensor<{block}xi1>, {f}")
        cur = f"%a{k}"
    out += [f"    tt.store %op0, {cur} : {p}", "    tt.return", "  }", "}", ""]
    return "\n".join(out)


def run_measured(command, timeout, env=None):
    """Runs `command`; returns (returncode, wall s, cpu s, max RSS MB, stdout, stderr)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err, env=env)
        timer = threading.Timer(timeout, lambda: process.send_signal(signal.SIGKILL))
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return (process.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0,
                out.read().decode(errors="replace"), err.read().decode(errors="replace"))


def measure_tritium(args, path, workdir):
    """The run with the least CPU time of `--reps` runs."""
    best = None
    for _ in range(max(1, args.reps)):
        code, wall, cpu, mb, _, err = run_measured(
            [str(args.tritium_compile), str(path), "--target", "cuda:80", "--no-metadata",
             "-o", str(workdir / (path.stem + ".tritium.ptx"))], args.timeout)
        if code != 0:
            return {"error": f"exit {code}: {err.strip().splitlines()[-1] if err.strip() else ''}"}
        if best is None or cpu < best["cpu"]:
            best = {"wall": wall, "cpu": cpu, "mb": mb}
    return best


def measure_triton(args, path, workdir):
    env = dict(os.environ, TRITON_DEFAULT_FP_FUSION="1")
    code, wall, cpu, mb, out, err = run_measured(
        [str(args.triton_python), str(REPO / "bench" / "triton_ttir_to_ptx.py"), str(path),
         "-o", str(workdir / (path.stem + ".triton.ptx"))], args.triton_timeout, env)
    if code == -signal.SIGKILL and wall >= args.triton_timeout:
        return {"timeout": args.triton_timeout}
    if code != 0:
        lines = err.strip().splitlines()
        return {"error": f"exit {code}: {lines[-1] if lines else ''}"}
    stages = json.loads(out.strip().splitlines()[-1])
    return {"s": stages["parse"] + stages["total"], "stages": stages, "mb": mb, "process_wall": wall}


def fmt(x, spec):
    return "-" if x is None else format(x, spec)


def triton_cell(theirs):
    if "timeout" in theirs:
        return f"> {theirs['timeout']:.0f}"
    return "FAILED" if "error" in theirs else fmt(theirs.get("s"), ".2f")


def table(family, unit, rows):
    out = [f"| {unit} | Tritium s | Tritium CPU s | Tritium MB | rel/{unit[:-1] if unit.endswith('s') else unit} "
           f"| Triton s | Triton MB | ratio |",
           "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    base = next((r for r in rows if "cpu" in r["tritium"]), None)
    for r in rows:
        ours, theirs = r["tritium"], r.get("triton") or {}
        rel = None
        if "cpu" in ours and base is not None:
            rel = (ours["cpu"] / r["size"]) / (base["tritium"]["cpu"] / base["size"])
        ratio = ours["wall"] / theirs["s"] if "wall" in ours and "s" in theirs else None
        if "wall" in ours and "timeout" in theirs:
            ratio = None
        cells = [f"{r['size']:,}",
                 fmt(ours.get("wall"), ".2f") if "error" not in ours else "FAILED",
                 fmt(ours.get("cpu"), ".2f"), fmt(ours.get("mb"), ".0f"), fmt(rel, ".2f"),
                 triton_cell(theirs) if r.get("triton") else "-",
                 fmt(theirs.get("mb"), ".0f"), fmt(ratio, ".2f")]
        out.append("| " + " | ".join(cells) + " |")
    return f"### {family}\n\n" + "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--elements", default="4096,16384,65536,262144,1048576",
                        help="tensor sizes of the elementwise family, comma-separated ('' for none)")
    parser.add_argument("--reduce", default="4096,16384,65536,262144",
                        help="tensor sizes of the reduction family ('' for none)")
    parser.add_argument("--lines", default="1000,5000,20000,80000",
                        help="approximate line counts of the big-kernel family ('' for none)")
    parser.add_argument("--tritium-compile", type=Path, default=REPO / "build" / "bin" / "tritium-compile")
    parser.add_argument("--triton-python", type=Path, default=DEFAULT_TRITON_PYTHON)
    parser.add_argument("--no-triton", action="store_true", help="time Tritium only")
    parser.add_argument("--reps", type=int, default=1,
                        help="Tritium compiles per kernel; the one with the least CPU time is reported (default 1)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per Tritium compile (default 600)")
    parser.add_argument("--triton-timeout", type=float, default=120,
                        help="seconds per Triton compile (default 120; Triton needs minutes on big kernels)")
    parser.add_argument("--keep", type=Path, help="write the generated kernels and PTX here")
    parser.add_argument("--out", type=Path, help="also write the markdown tables here")
    parser.add_argument("--json", type=Path, help="also write every measurement as JSON")
    args = parser.parse_args()
    if not args.tritium_compile.exists():
        print(f"error: {args.tritium_compile} missing (cmake --build build)", file=sys.stderr)
        return 2
    if not args.no_triton and not args.triton_python.exists():
        print(f"error: Triton venv python {args.triton_python} missing (make deps), or pass --no-triton",
              file=sys.stderr)
        return 2
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        return run(args, args.keep)
    with tempfile.TemporaryDirectory(prefix="compile-scaling-") as tmp:
        return run(args, Path(tmp))


def run(args, workdir):
    families = [("elements", "elements", [int(x) for x in args.elements.split(",") if x], elementwise_ttir, "ew"),
                ("reduction", "elements", [int(x) for x in args.reduce.split(",") if x], reduce_ttir, "red"),
                ("big kernels", "lines", [int(x) for x in args.lines.split(",") if x], ops_ttir, "ops")]
    failed, results, text = False, {}, []
    for family, unit, sizes, generate, prefix in families:
        if not sizes:
            continue
        rows = []
        for size in sizes:
            source = generate(size)
            path = workdir / f"{prefix}_{size}.ttir.mlir"
            path.write_text(source)
            real = source.count("\n") if unit == "lines" else size
            row = {"size": real, "tritium": measure_tritium(args, path, workdir)}
            if not args.no_triton:
                row["triton"] = measure_triton(args, path, workdir)
            for side in ("tritium", "triton"):
                if "error" in row.get(side, {}):
                    failed = True
                    print(f"{path.name}: {side} FAILED: {row[side]['error']}", file=sys.stderr)
            print(f"{path.name}: {json.dumps(row)}", file=sys.stderr, flush=True)
            rows.append(row)
        results[family] = rows
        text.append(table(family, unit, rows))
    report = "\n".join(text)
    print(report)
    if args.out:
        args.out.write_text(report)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
