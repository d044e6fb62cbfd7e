#!/usr/bin/env python3
"""hostile_launch.py -- a hostile run of tritium-run's launch inputs: grids, scalar arguments, buffer specs,
.npy files and options, each mutant with a known verdict (issue 26).

    python3 tests/tools/hostile_launch.py [--count N] [--seed S] [--jobs J] [--run build/bin/tritium-run]

Every case is drawn from a grammar that knows whether it is valid, on two kernels:
tests/cpu/Inputs/twice.mlir (y[i] = 2 x[i] for i < n <= 8) and tests/cpu/Inputs/scalars.mlir (one scalar of
every type; stores the i32 one). Only clear-cut cases are drawn: valid ones use small in-range values and small
grids; invalid ones are far out of range, malformed, of the wrong dtype/extent/arity, or truncated -- never a
borderline value whose verdict is a matter of rounding.

Verdicts:
  valid   -> exit 0 and the printed result equals the NumPy-free reference computed here;
  invalid -> a non-zero exit with a diagnostic on stderr (`tritium-run: ...` naming the argument, or an MLIR
             `error:`); a "silent success" is exit 0 on invalid input;
  never   -> a crash (killed by a signal, or exit >= 128) or a hang (30 s).

Prints the counts per category and `hostile-launch: N cases, V valid ok, I invalid refused, 0 silent
successes, 0 wrong results, 0 crashes, 0 hangs`; exits 1 on any silent success, wrong result, crash or hang.
"""
import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TWICE = os.path.join(ROOT, "tests", "cpu", "Inputs", "twice.mlir")
SCALARS = os.path.join(ROOT, "tests", "cpu", "Inputs", "scalars.mlir")

GARBAGE = ["", "abc", "1x", "0x", "--", "1,,2", "1e", "nan(", "+-1", " 1", "1 ", "\u00e9", "0b101", "1_000",
           "9" * 40, "-", ".", "1.5.2", "inf1", "0xg1"]


def npy_bytes(dtype, shape, data, *, fortran=False, version=(1, 0), magic=b"\x93NUMPY"):
    """A .npy file: header dict padded to a multiple of 64 bytes, then the raw data."""
    shape_txt = "(" + "".join(f"{s}, " if len(shape) == 1 else f"{s}, " for s in shape).rstrip(", ")
    shape_txt += ",)" if len(shape) == 1 else ")"
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (dtype, "True" if fortran else "False", shape_txt)
    size_bytes = 2 if version[0] == 1 else 4
    base = len(magic) + 2 + size_bytes
    pad = (-(base + len(header) + 1)) % 64
    header = header + " " * pad + "\n"
    size = struct.pack("<H" if size_bytes == 2 else "<I", len(header))
    return magic + bytes(version) + size + header.encode("latin1") + data


class Case:
    def __init__(self, kind, argv, valid, expect=None, files=None):
        self.kind, self.argv, self.valid, self.expect, self.files = kind, argv, valid, expect, files or {}


def f32_list(vals):
    return [struct.unpack("<f", struct.pack("<f", v))[0] for v in vals]


def fmt(v):
    return repr(float(v)) if isinstance(v, float) else str(v)


def twice_case(rng, tmp, idx):
    """twice.mlir: grid, x buffer (vals/zeros/npy), y print buffer, n."""
    n = rng.randint(0, 8)
    xs = f32_list([rng.randint(-50, 50) / 4 for _ in range(8)])
    grid, valid, kind = ["1"], True, "twice-valid"
    x_arg = "vals:" + ",".join(fmt(v) for v in xs)
    files = {}
    args = [x_arg, "print:8", str(n)]
    opts = []
    r = rng.random()
    if r < 0.15:  # grid mutants
        kind = "grid"
        choice = rng.choice(["neg", "huge_x", "huge_y", "huge_z", "garbage", "four", "wrap", "zero_dim_y_big", "ok2", "ok3"])
        if choice == "neg":
            grid, valid = [str(-rng.randint(1, 10 ** 6))], False
        elif choice == "huge_x":
            grid, valid = [str(rng.choice([2 ** 31, 2 ** 32, 2 ** 32 + 1, 2 ** 63, 2 ** 64, 10 ** 30]))], False
        elif choice == "huge_y":
            grid, valid = ["1," + str(rng.choice([65536, 2 ** 31, 2 ** 40]))], False
        elif choice == "huge_z":
            grid, valid = ["1,1," + str(rng.choice([65536, 2 ** 32 + 1, 10 ** 12]))], False
        elif choice == "garbage":
            grid, valid = [rng.choice(GARBAGE[1:]) + rng.choice(["", ",1"])], False
        elif choice == "four":
            grid, valid = ["1,1,1,1"], False
        elif choice == "wrap":
            grid, valid = [f"{2 ** 21},{2 ** 21},{2 ** 22}"], False
        elif choice == "zero_dim_y_big":
            grid, valid = [f"1,{2 ** 16 + rng.randint(0, 100)}"], False
        elif choice == "ok2":
            grid = [f"{rng.randint(1, 3)},{rng.randint(1, 2)}"]
        else:
            grid = [f"{rng.randint(1, 2)},{rng.randint(1, 2)},{rng.randint(1, 2)}"]
    elif r < 0.35:  # scalar n mutants
        kind = "scalar-n"
        choice = rng.choice(["big", "neg_big", "garbage", "float", "ok_hex", "ok_neg"])
        if choice == "big":
            args[2], valid = str(rng.choice([2 ** 31, 2 ** 32 + n, 2 ** 40, 10 ** 20])), False
        elif choice == "neg_big":
            args[2], valid = str(-rng.choice([2 ** 31 + 1, 2 ** 33, 10 ** 19])), False
        elif choice == "garbage":
            args[2], valid = rng.choice(GARBAGE), False
        elif choice == "float":
            args[2], valid = rng.choice(["1.5", "2e3", "nan", "inf"]), False
        elif choice == "ok_hex":
            args[2] = hex(n)
        else:
            n = 0
            args[2] = str(-rng.randint(1, 1000))
    elif r < 0.55:  # buffer spec mutants
        kind = "buffer"
        choice = rng.choice(["vals_garbage", "zeros_neg", "zeros_garbage", "unknown", "print_neg", "print_huge",
                             "ok_zeros", "missing_arg", "extra_arg", "vals_empty"])
        if choice == "vals_garbage":
            bad = xs[:]
            args[0], valid = "vals:" + ",".join(fmt(v) for v in bad[:3]) + "," + rng.choice(GARBAGE[1:6]), False
        elif choice == "zeros_neg":
            args[0], valid = f"zeros:-{rng.randint(1, 100)}", False
        elif choice == "zeros_garbage":
            args[0], valid = "zeros:" + rng.choice(GARBAGE), False
        elif choice == "unknown":
            args[0], valid = rng.choice(["foo:1", "vals", "in:", "inout:", "out:x", ":", "vals:1;2"]), False
        elif choice == "print_neg":
            args[1], valid = f"print:-{rng.randint(1, 9)}", False
        elif choice == "print_huge":
            args[1], valid = f"print:{rng.choice([2 ** 62, 2 ** 64, 10 ** 30])}", False
        elif choice == "ok_zeros":
            args[0] = "zeros:8"
            xs = [0.0] * 8
        elif choice == "missing_arg":
            args, valid = args[:2], False
        elif choice == "extra_arg":
            args, valid = args + ["1"], False
        else:
            args[0], valid = "vals:", False
    elif r < 0.8:  # .npy mutants
        kind = "npy"
        data = struct.pack("<8f", *xs)
        path = os.path.join(tmp, f"x{idx}.npy")
        choice = rng.choice(["ok", "ok_v2", "ok_be", "ok_fortran2d", "dtype_f8", "dtype_i4", "dtype_f2", "shape_extent",
                             "truncated_data", "truncated_header", "bad_magic", "bad_version", "bad_dict", "bad_fortran",
                             "extra_key", "count_mismatch"])
        spec_n = ""
        if choice == "ok":
            blob = npy_bytes("<f4", (8,), data)
        elif choice == "ok_v2":
            blob = npy_bytes("<f4", (8,), data, version=(2, 0))
        elif choice == "ok_be":
            blob = npy_bytes(">f4", (8,), struct.pack(">8f", *xs))
        elif choice == "ok_fortran2d":
            # shape (2, 4) in Fortran order: element (i, j) at j * 2 + i; C order wants i * 4 + j.
            c = [xs[i * 4 + j] for i in range(2) for j in range(4)]
            fort = [c[i * 4 + j] for j in range(4) for i in range(2)]
            blob = npy_bytes("<f4", (2, 4), struct.pack("<8f", *fort), fortran=True)
        elif choice == "dtype_f8":
            blob, valid = npy_bytes("<f8", (8,), struct.pack("<8d", *xs)), False
        elif choice == "dtype_i4":
            blob, valid = npy_bytes("<i4", (8,), struct.pack("<8i", *[int(v) for v in xs])), False
        elif choice == "dtype_f2":
            blob, valid = npy_bytes("<f2", (16,), data), False
        elif choice == "shape_extent":
            blob, valid = npy_bytes("<f4", (9,), data), False
        elif choice == "truncated_data":
            blob, valid = npy_bytes("<f4", (8,), data)[:-rng.randint(1, 31)], False
        elif choice == "truncated_header":
            blob, valid = npy_bytes("<f4", (8,), data)[:rng.randint(0, 40)], False
        elif choice == "bad_magic":
            blob, valid = npy_bytes("<f4", (8,), data, magic=b"\x93NUMPZ"), False
        elif choice == "bad_version":
            blob, valid = npy_bytes("<f4", (8,), data, version=(rng.choice([0, 4, 9]), 0)), False
        elif choice == "bad_dict":
            good = npy_bytes("<f4", (8,), data)
            blob, valid = good.replace(b"'shape'", b"'shapf'"), False
        elif choice == "bad_fortran":
            good = npy_bytes("<f4", (8,), data)
            blob, valid = good.replace(b"False", b"Maybe"), False
        elif choice == "extra_key":
            good = npy_bytes("<f4", (8,), data)
            blob, valid = good.replace(b"'shape'", b"'x': 1, 'shape'"), False
        else:
            blob, valid = npy_bytes("<f4", (8,), data), False
            spec_n = ":" + str(rng.choice([7, 9, 16]))
        files[path] = blob
        args[0] = "in:" + path + spec_n
    else:  # options
        kind = "options"
        choice = rng.choice(["threads_garbage", "threads_neg", "threads_zero", "opt_bad", "target_bad", "unknown_opt",
                             "ok_threads", "ok_O"])
        if choice == "threads_garbage":
            opts, valid = ["--threads", rng.choice(GARBAGE)], False
        elif choice == "threads_neg":
            opts, valid = ["--threads", str(-rng.randint(1, 9))], False
        elif choice == "threads_zero":
            opts = ["--threads", "0"]  # documented: one per core
        elif choice == "opt_bad":
            opts, valid = ["-O", rng.choice(["4", "-1", "x", "99"])], False
        elif choice == "target_bad":
            opts, valid = ["--target", rng.choice(["cuda:80", "gpu", "", "cpu2"])], False
        elif choice == "unknown_opt":
            opts, valid = [rng.choice(["--gird", "--arg", "--threads"])], False
        elif choice == "ok_threads":
            opts = ["--threads", str(rng.randint(1, 4))]
        else:
            opts = ["-O", str(rng.randint(0, 3))]
    argv = [TWICE, "--grid", *grid]
    for a in args:
        argv += ["--arg", a]
    argv += opts
    expect = None
    if valid:
        y = [2 * v if i < n else 0.0 for i, v in enumerate(xs)]
        expect = "arg 1: " + " ".join(fmt_out(v) for v in y)
    return Case(kind, argv, valid, expect, files)


def fmt_out(v):
    return repr(float(v))


INT_RANGES = {"i8": (-128, 127), "i16": (-32768, 32767), "i32": (-2 ** 31, 2 ** 31 - 1), "i64": (-2 ** 63, 2 ** 63 - 1)}


def scalars_case(rng):
    """scalars.mlir: p, i1, i8, i16, i32, i64, f16, bf16, f32, f64 -- one of them mutated."""
    vals = {"i1": "1", "i8": str(rng.randint(-100, 100)), "i16": str(rng.randint(-30000, 30000)),
            "i32": str(rng.randint(-2 ** 31, 2 ** 31 - 1)), "i64": str(rng.randint(-2 ** 62, 2 ** 62)),
            "f16": str(rng.randint(-1000, 1000) / 8), "bf16": str(rng.randint(-1000, 1000) / 8),
            "f32": str(rng.randint(-10 ** 6, 10 ** 6) / 16), "f64": str(rng.randint(-10 ** 9, 10 ** 9) / 64)}
    valid = True
    key = rng.choice(list(vals))
    choice = rng.random()
    if choice < 0.6:
        if key in INT_RANGES:
            lo, hi = INT_RANGES[key]
            vals[key] = str(rng.choice([hi + rng.randint(1, 10 ** 6), lo - rng.randint(1, 10 ** 6),
                                        hi * 2 ** rng.randint(1, 70) + 1]))
        elif key == "i1":
            vals[key] = rng.choice(["2", "-2", "yes", "truee", "10"])
        elif key in ("f16",):
            vals[key] = rng.choice(["1e6", "-7e4", "1e300"])
        elif key == "bf16":
            vals[key] = rng.choice(["1e39", "-1e300"])
        elif key == "f32":
            vals[key] = rng.choice(["1e39", "-4e38", "1e300"])
        else:
            vals[key] = rng.choice(["1e309", "-1e400"])
        valid = False
    elif choice < 0.8:
        # Forty nines is a valid f64 (1e40), garbage for every other type.
        vals[key] = rng.choice([g for g in GARBAGE if key != "f64" or g != "9" * 40])
        valid = False
    argv = [SCALARS, "--grid", "1", "--arg", "print:1"] + sum((["--arg", vals[k]] for k in vals), [])
    expect = f"arg 0: {int(vals['i32'])}" if valid else None
    return Case("scalars", argv, valid, expect)


def same_values(want, got):
    """`arg I: v0 v1 ...` lines with the same index and numerically equal values."""
    w, g = want.split(":", 1), got.split(":", 1)
    if len(g) != 2 or w[0] != g[0]:
        return False
    try:
        wv, gv = [float(x) for x in w[1].split()], [float(x) for x in g[1].split()]
    except ValueError:
        return False
    return wv == gv


def run_case(run, case, timeout):
    for path, blob in case.files.items():
        with open(path, "wb") as f:
            f.write(blob)
    try:
        for attempt in range(20):
            # The binary may be relinked under us (a build in the same tree): wait for it.
            try:
                p = subprocess.run([run] + case.argv, capture_output=True, text=True, timeout=timeout, errors="replace")
            except FileNotFoundError:
                time.sleep(3)
                continue
            if p.returncode == 127 and "error while loading shared libraries" in p.stderr:
                time.sleep(3)
                continue
            break
        else:
            return "hang", f"{run} missing"
    except subprocess.TimeoutExpired:
        return "hang", ""
    finally:
        for path in case.files:
            try:
                os.remove(path)
            except OSError:
                pass
    if p.returncode < 0 or p.returncode >= 128:
        return "crash", p.stderr[-300:]
    if case.valid:
        if p.returncode != 0:
            return "refused-valid", p.stderr[-300:]
        got = [ln for ln in p.stdout.splitlines() if ln.startswith("arg ")]
        if not any(same_values(case.expect, g) for g in got):
            return "wrong", f"want {case.expect!r}, got {got!r}"
        return "ok", ""
    if p.returncode == 0:
        return "silent", p.stdout[-300:]
    # A diagnostic: tritium-run's own (`tritium-run: argument 2 (i32): ...`) or an MLIR `error:`.
    if "error" not in p.stderr.lower() and "tritium-run:" not in p.stderr:
        return "no-message", p.stderr[-300:]
    return "refused", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--run", default=os.path.join(ROOT, "build", "bin", "tritium-run"))
    ap.add_argument("--timeout", type=float, default=30)
    a = ap.parse_args()
    if not os.access(a.run, os.X_OK):
        print(f"hostile-launch: {a.run} is not built (make build)")
        return 1
    rng = random.Random(a.seed)
    bad = []
    counts = {}
    with tempfile.TemporaryDirectory(prefix="tritium-hostile-") as tmp:
        cases = [scalars_case(rng) if rng.random() < 0.25 else twice_case(rng, tmp, i) for i in range(a.count)]
        with ThreadPoolExecutor(a.jobs) as pool:
            results = list(pool.map(lambda c: run_case(a.run, c, a.timeout), cases))
    for case, (verdict, detail) in zip(cases, results):
        counts.setdefault(case.kind, {}).setdefault(verdict, 0)
        counts[case.kind][verdict] += 1
        if verdict not in ("ok", "refused"):
            bad.append((verdict, case, detail))
    for kind in sorted(counts):
        print(f"hostile-launch: {kind}: " + ", ".join(f"{v} {n}" for v, n in sorted(counts[kind].items())))
    for verdict, case, detail in bad[:15]:
        print(f"hostile-launch: {verdict.upper()}: tritium-run {' '.join(case.argv)}\n    {detail.strip()}")
    total = {v: sum(c.get(v, 0) for c in counts.values()) for v in
             ("ok", "refused", "silent", "wrong", "crash", "hang", "refused-valid", "no-message")}
    print(f"hostile-launch: {a.count} cases, {total['ok']} valid ok, {total['refused']} invalid refused, "
          f"{total['silent']} silent successes, {total['wrong']} wrong results, {total['crash']} crashes, "
          f"{total['hang']} hangs ({total['refused-valid']} valid refused, {total['no-message']} refused without an error "
          f"message)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
