#!/usr/bin/env python3
"""Compiles kernels through build/bin/tritium-compile and assembles the PTX with ptxas.

Each kernel is compiled (`tritium-compile K.mlir --target cuda:80 -o K.ptx`,
linking Triton's libdevice) and the PTX assembled (`ptxas -arch=sm_80`); a
kernel passes when both succeed. The kernels are either the files given on
the command line or, by default, every `<corpus>/<target dir>/K.<stage>.mlir`
(`--stage llvm`: Triton's LLVM-dialect modules at the end of make_llir;
`--stage ttgir_prellvm` once the ttg->LLVM lowering is registered).

ptxas and libdevice come from the Triton 3.9.0 wheel that `make deps`
installs (or --ptxas / $TRITIUM_PTXAS). Without a corpus or without ptxas the
check prints why and exits 0 (skipped). Exit status 1 if any kernel fails
(an --xfail kernel may fail; if it passes, that is an error too).

  python3 tests/tools/check_ptxas.py --corpus ../shared/corpus/nodebug
  python3 tests/tools/check_ptxas.py --corpus ../shared/corpus --stage ttgir_prellvm
  python3 tests/tools/check_ptxas.py k1.mlir k2.mlir
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Where `make deps` (and the corpus' setup.sh) put the Triton 3.9.0 wheel.
VENVS = [
    os.path.expanduser("~/.cache/tritium/triton-3.9.0"),
    "/tmp/tritonvenv",
]


def find_ptxas(explicit, venv):
    """The ptxas to use: --ptxas, $TRITIUM_PTXAS, or the one in a Triton venv."""
    for candidate in (explicit, os.environ.get("TRITIUM_PTXAS")):
        if candidate:
            return candidate if os.access(candidate, os.X_OK) else None
    for venv in ([venv] if venv else []) + VENVS:
        hits = glob.glob(os.path.join(venv, "lib", "python3*", "site-packages", "triton",
                                      "backends", "nvidia", "bin", "ptxas"))
        if hits and os.access(hits[0], os.X_OK):
            return hits[0]
    return None


def find_libdevice(ptxas):
    """Triton's libdevice.10.bc, beside the wheel's ptxas (bin/../lib)."""
    path = os.path.join(os.path.dirname(os.path.dirname(ptxas)), "lib", "libdevice.10.bc")
    return path if os.path.exists(path) else None


def first_lines(text, n=3):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    out = " | ".join(line.strip() for line in lines[:n])
    return out[:400]


def check(path, args, ptxas, libdevice, workdir):
    """Returns None if `path` compiles and assembles, else the reason."""
    name = os.path.basename(path).split(".")[0]
    ptx = os.path.join(workdir, name + ".ptx")
    command = [args.compile, path, "--target", args.target, "-o", ptx]
    if args.ptx_version:
        command += ["--ptx-version", str(args.ptx_version)]
    if libdevice:
        command += ["--link", libdevice]
    run = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
    if run.returncode != 0:
        return "tritium-compile: " + first_lines(run.stderr or run.stdout)
    cubin = os.path.join(workdir, name + ".cubin")
    run = subprocess.run([ptxas, "-arch=" + args.arch, ptx, "-o", cubin],
                         capture_output=True, text=True, timeout=args.timeout)
    if run.returncode != 0:
        return "ptxas: " + first_lines(run.stderr or run.stdout)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help=".mlir files (default: the corpus stage)")
    parser.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "corpus"))
    parser.add_argument("--stage", default="llvm", help="corpus stage: K.<stage>.mlir (default llvm)")
    parser.add_argument("--target", default="cuda:80")
    parser.add_argument("--ptx-version", type=int, default=0, help="times ten; 0: tritium-compile's default")
    parser.add_argument("--compile", default=os.path.join(REPO, "build", "bin", "tritium-compile"))
    parser.add_argument("--ptxas", help="ptxas to use (default: $TRITIUM_PTXAS or the Triton wheel's)")
    parser.add_argument("--venv", help="the venv holding triton==3.9.0 (default: make deps' one)")
    parser.add_argument("--xfail", default="", help="comma-separated kernels expected to fail")
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args()

    if not args.target.startswith("cuda:"):
        print(f"ptxas: target must be cuda:<capability>, got {args.target}")
        return 1
    capability = args.target.split(":", 1)[1]
    args.arch = f"sm_{capability}a" if capability.isdigit() and int(capability) >= 90 else f"sm_{capability}"

    files = args.files
    if not files:
        folder = os.path.join(args.corpus, "cuda_sm" + capability)
        files = sorted(glob.glob(os.path.join(folder, f"*.{args.stage}.mlir")))
        if not files:
            print(f"ptxas: skipped (no {args.stage} kernels under {folder})")
            return 0
    ptxas = find_ptxas(args.ptxas, args.venv)
    if not ptxas:
        print("ptxas: skipped (no ptxas: run `make deps`, which installs the triton==3.9.0 wheel, "
              "or set TRITIUM_PTXAS)")
        return 0
    if not os.access(args.compile, os.X_OK):
        print(f"ptxas: {args.compile} is not built (make build)")
        return 1
    libdevice = find_libdevice(ptxas)
    xfail = {name for name in args.xfail.split(",") if name}

    passed = 0
    errors = 0
    with tempfile.TemporaryDirectory(prefix="tritium-ptxas-") as workdir:
        for path in files:
            name = os.path.basename(path).split(".")[0]
            reason = check(path, args, ptxas, libdevice, workdir)
            if reason is None:
                passed += 1
                status = "XPASS" if name in xfail else "OK"
                errors += name in xfail
                print(f"  {status:5} {name}")
            elif name in xfail:
                print(f"  XFAIL {name}: {reason}")
            else:
                errors += 1
                print(f"  FAIL  {name}: {reason}")
    print(f"ptxas: {passed}/{len(files)} kernels compile and assemble "
          f"({args.target}, {args.arch}, stage {args.stage if not args.files else 'files'})")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
