#!/usr/bin/env python3
"""Compile tests/unseen/kernels.py with Triton 3.9 (CPU only) into tests/unseen/corpus/, corpus layout.

    ~/.cache/tritium/triton-3.9.0/bin/python tests/unseen/generate.py [--kernels a,b] [--out DIR]

Runs ../shared/corpus/make_corpus.py (a copy beside this kernels.py, since make_corpus.py imports
kernels.py from its own folder) for cuda:80 with --skip-timing, then writes Triton's print without debug
information (`str_nodebug()`, as the shared corpus' nodebug/ folder) of the source, ttir, ttgir_convert
and ttgir files under <out>/nodebug/cuda_sm80/, and keeps only those and <out>/cuda_sm80/K.meta.json without its
per-file sizes (the layout tests/corpus/check_passes.py reads).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("TRITIUM_SHARED_CORPUS", HERE.parents[2] / "shared" / "corpus"))
TARGET, TDIR = "cuda:80", "cuda_sm80"
KEEP = ("source", "ttir", "ttgir_convert", "ttgir")

NODEBUG = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import run_triton_pass as R
src, dst = Path(sys.argv[2]), Path(sys.argv[3])
cfg = R.Config(target=sys.argv[4])
for f in sorted(src.glob("*.mlir")):
    if f.name.split(".")[-2] in {keep}:
        (dst / f.name).write_text(R.parse(str(f), cfg).str_nodebug())
""".replace("{keep}", repr(set(KEEP)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(HERE / "corpus"))
    ap.add_argument("--kernels", default="")
    args = ap.parse_args()
    out = Path(args.out).resolve()
    with tempfile.TemporaryDirectory(prefix="tritium-unseen-") as tmp:
        tmp = Path(tmp)
        for f in ("make_corpus.py", "run_triton_pass.py"):
            shutil.copy(SHARED / f, tmp / f)
        shutil.copy(HERE / "kernels.py", tmp / "kernels.py")
        raw = tmp / "corpus"
        cmd = [sys.executable, str(tmp / "make_corpus.py"), "--targets", TARGET, "--skip-timing", "--out", str(raw)]
        if args.kernels:
            cmd += ["--kernels", args.kernels]
        subprocess.run(cmd, check=True)
        (out / TDIR).mkdir(parents=True, exist_ok=True)
        nodebug = out / "nodebug" / TDIR
        nodebug.mkdir(parents=True, exist_ok=True)
        for meta in (raw / TDIR).glob("*.meta.json"):  # without the per-file sizes and op histograms
            data = json.loads(meta.read_text())
            data.pop("files", None)
            (out / TDIR / meta.name).write_text(json.dumps(data, indent=1) + "\n")
        subprocess.run([sys.executable, "-c", NODEBUG, str(tmp), str(raw / TDIR), str(nodebug), TARGET], check=True,
                       cwd=raw)
    return 0


if __name__ == "__main__":
    sys.exit(main())
