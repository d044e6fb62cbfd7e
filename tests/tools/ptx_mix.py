#!/usr/bin/env python3
"""ptx_mix.py -- compare the instruction mix of Tritium's PTX with Triton's, kernel by kernel.

    python3 tests/tools/ptx_mix.py --corpus ../shared/corpus [--extra tests/gpu/extra/cuda_sm80]
        [--compiler build/bin/tritium-compile] [--stage ttgir_prellvm|ttir] [--target cuda:80|cuda:90] [-v]

For each kernel K with Triton 3.9's PTX (K.ptx) it compiles K.<stage>.mlir with tritium-compile for
the target (cuda:80 by default; the corpus folder cuda_sm80 or cuda_sm90 follows it) and counts both PTX files' instructions by opcode with its type and modifiers (`div.full.f32`,
`ex2.approx.ftz.f32`, `cvt.rn.f16x2.f32`, `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`, ...).

The instructions whose choice decides a result's bits -- division, square roots, the
special-function unit (ex2, lg2, sin, cos, tanh, rcp, rsqrt) and conversions with a rounding mode
(packed `f16x2`/`bf16x2` forms count as two) -- must occur as often in both, with the same
modifiers: a kernel whose counts differ there fails. The memory-path choices (mma, ldmatrix,
stmatrix, async copies, atomics and reductions, with modifiers in any order) and fused
multiply-adds are printed for every kernel where they differ, without failing (yet); everything
else (address arithmetic, moves, predicates) with -v. Exits 1 on a failing kernel, 0 otherwise
(and when the corpus is missing).
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Opcode families whose choice must be Triton's (the result's bits), and those reported.
DECISIVE = re.compile(r"^(div|sqrt|rsqrt|rcp|ex2|lg2|sin|cos|tanh|cvt\.r[nzmp])\b")
REPORTED = re.compile(r"^(fma|mma|ldmatrix|stmatrix|cp\.async|atom|red)\b")
ORDER_FREE = re.compile(r"^(atom|red)\.")
INSTR = re.compile(r"^\s*(?:@!?%p\d+\s+)?([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)", re.M)


def mix(ptx_text):
    counts = collections.Counter()
    for line in ptx_text.splitlines():
        s = line.strip()
        if not s or s.startswith(("//", ".", "$", "{", "}", ")")):
            continue
        m = INSTR.match(line)
        if not m:
            continue
        op = m.group(1)
        n = 1
        packed = re.match(r"^(cvt\.r[nzmp](?:\.satfinite)?\.(?:b?f16))x2(\..*)$", op)
        if packed:
            op, n = packed.group(1) + packed.group(2), 2
        if ORDER_FREE.match(op):
            # atom.global.gpu.acq_rel.add.u32 == atom.acq_rel.gpu.global.add.u32: the opcode, its
            # operation and type stay last, the state space / scope / semantics in any order.
            parts = op.split(".")
            op = ".".join([parts[0]] + sorted(parts[1:-2]) + parts[-2:])
        counts[op] += n
    return counts


def tritium_and_triton_ptx(folders, compiler, stage, tmp, target="cuda:80"):
    """For every kernel K of `folders` with Triton's K.ptx and a K.<stage>.mlir: (K, path of Triton's PTX,
    path of Tritium's PTX compiled for `target` into `tmp`, or None and tritium-compile's error text)."""
    for folder in folders:
        for f in sorted(os.listdir(folder)):
            if not f.endswith(".ptx"):
                continue
            k = f[:-4]
            src = os.path.join(folder, f"{k}.{stage}.mlir")
            if not os.path.isfile(src):
                continue
            out = os.path.join(tmp, f"{k}.ptx")
            r = subprocess.run([compiler, src, "--target", target, "-o", out], capture_output=True, text=True)
            yield k, os.path.join(folder, f), (out if r.returncode == 0 else None), r.stderr.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus"))
    ap.add_argument("--extra", default=None, help="also a folder of K.ptx + K.<stage>.mlir (tests/gpu/extra/cuda_sm80)")
    ap.add_argument("--compiler", default=os.path.join(ROOT, "build", "bin", "tritium-compile"))
    ap.add_argument("--stage", default="ttgir_prellvm")
    ap.add_argument("--target", default="cuda:80", choices=("cuda:80", "cuda:90"))
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    folders = []
    corpus = os.path.join(a.corpus, "cuda_sm" + a.target.split(":")[1])
    if os.path.isdir(corpus):
        folders.append(corpus)
    if a.extra:
        folders.append(a.extra)
    if not folders:
        print(f"ptx-mix: SKIPPED (no corpus at {a.corpus})")
        return 0
    failed, reported_kernels, total = [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for k, triton_ptx, out, err in tritium_and_triton_ptx(folders, a.compiler, a.stage, tmp, a.target):
            total += 1
            if out is None:
                failed.append(k)
                print(f"ptx-mix: {k}: tritium-compile failed: {err[:300]}")
                continue
            ours, theirs = mix(open(out).read()), mix(open(triton_ptx).read())
            keys = sorted(set(ours) | set(theirs))
            diff = [(o, ours[o], theirs[o]) for o in keys if ours[o] != theirs[o]]
            decisive = [d for d in diff if DECISIVE.match(d[0])]
            reported = [d for d in diff if REPORTED.match(d[0])]
            other = [d for d in diff if not DECISIVE.match(d[0]) and not REPORTED.match(d[0])]
            if decisive:
                failed.append(k)
                print(f"ptx-mix: {k}: DIFFERS " + ", ".join(f"{o} {x} vs {y}" for o, x, y in decisive))
            if reported:
                reported_kernels.append(k)
                print(f"ptx-mix: {k}: memory path / fma (tritium vs triton): "
                      + ", ".join(f"{o} {x} vs {y}" for o, x, y in reported))
            if a.v and not decisive:
                print(f"ptx-mix: {k}: same decisive mix; other differences: "
                      + (", ".join(f"{o} {x} vs {y}" for o, x, y in other[:12]) or "none"))
    print(f"ptx-mix: {total - len(failed)}/{total} kernels with Triton's instruction choice for division, sqrt, "
          f"the SFU and rounding conversions; {total - len(reported_kernels)}/{total} also for mma/ldmatrix, "
          f"async copies, atomics and fma")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
