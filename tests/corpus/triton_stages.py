#!/usr/bin/env python3
"""Dump the IR between every pass of Triton's own make_ttgir (or make_ttir / make_llir) for the
corpus kernels: the per-pass oracle for Tritium's passes.

For each kernel K of `<corpus>/<target>/`, Triton 3.9.0 (through `run_triton_pass.py`, with
MLIR_ENABLE_DUMP=1) runs the stage on `nodebug/<target>/K.<input>.mlir` and this script writes

    <out>/K/NN-<pass-flag>.mlir   the IR *before* pass number NN (so it is the input of that pass
                                  and the expected output of pass NN-1)
    <out>/K/final.mlir            the stage's output
    <out>/K/passes.txt            one line per pass: NN, flag with options, 'changed' or 'same'

Comparing `tritium-opt --pass-pipeline='builtin.module(P)' NN-P.mlir` with the next file (both
reprinted by tritium-opt) checks one pass on the exact input Triton gave it.

    python3 tests/corpus/triton_stages.py --corpus ../shared/corpus --out build/triton-stages
    python3 tests/corpus/triton_stages.py --kernels matmul_f16 --stage make_ttgir
"""
import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

STAGE_INPUT = {"make_ttir": "source", "make_ttgir": "ttir", "make_llir": "ttgir"}
DUMP = re.compile(r"^// -----// IR Dump Before (\S+): (.*?) \('[^']*' operation\) //----- //$", re.M)


def top_level_passes(meta: dict, stage: str) -> list[str]:
    """The flags (without options) of the stage's pipeline as meta.json spells it."""
    text = meta["pipelines"][stage][0]
    body = text[text.index("(") + 1: text.rindex(")")]
    passes, depth, start = [], 0, 0
    for i, c in enumerate(body + ","):
        if c in "{(":
            depth += 1
        elif c in "})":
            depth -= 1
        elif c == "," and depth == 0:
            passes.append(body[start:i].split("{")[0].strip())
            start = i + 1
    return passes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--target", default="cuda_sm80")
    ap.add_argument("--stage", default="make_ttgir", choices=sorted(STAGE_INPUT))
    ap.add_argument("--kernels", default="", help="comma list (default: all with meta.json)")
    ap.add_argument("--out", default="build/triton-stages")
    ap.add_argument("--venv", default=os.path.expanduser("~/.cache/tritium/triton-3.9.0"))
    ap.add_argument("--dir", default="", help="kernels outside the corpus: DIR/K.<input>.mlir with DIR/K.meta.json "
                    "(compile_metadata's num_warps/num_stages; the pass list of the corpus' first sm80 kernel)")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    if not (corpus / args.target).is_dir():
        print(f"triton_stages: no corpus at {corpus / args.target}; nothing to do")
        return 0
    python = Path(args.venv) / "bin" / "python"
    if not python.exists():
        print(f"triton_stages: no Triton venv at {args.venv} (make deps installs it); nothing to do")
        return 0
    runner = corpus / "run_triton_pass.py"
    meta_dir = Path(args.dir) if args.dir else corpus / args.target
    kernels = [k for k in args.kernels.split(",") if k] or sorted(
        p.name[: -len(".meta.json")] for p in meta_dir.glob("*.meta.json"))
    reference_meta = sorted((corpus / args.target).glob("*.meta.json"))[0]
    failed = 0
    for k in kernels:
        src = (Path(args.dir) if args.dir else corpus / "nodebug" / args.target) / f"{k}.{STAGE_INPUT[args.stage]}.mlir"
        meta = json.loads((meta_dir / f"{k}.meta.json").read_text())
        if args.dir:
            cm = meta.get("compile_metadata", {})
            target = "cuda:" + args.target.removeprefix("cuda_sm") if args.target.startswith("cuda_sm") else args.target
            options = ["--target", target, "--num-warps", str(cm.get("num_warps", 4)),
                       "--num-stages", str(cm.get("num_stages", 3))]
            meta = json.loads(reference_meta.read_text())
        else:
            options = ["--meta", str(meta_dir / f"{k}.meta.json")]
        out = Path(args.out) / k
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.mlir"):
            old.unlink()
        env = dict(os.environ, MLIR_ENABLE_DUMP="1")
        r = subprocess.run([str(python), str(runner), str(src), "--pass", args.stage, "--reps", "1",
                            "--warmup", "0", *options, "-o", str(out / "final.mlir"), "--no-debug-locs"],
                           env=env, capture_output=True, text=True)
        if r.returncode != 0:
            print(f"{k}: triton failed: {r.stderr.strip().splitlines()[-1:]}")
            failed += 1
            continue
        # The runner's own report lines start with '# '.
        dump = "\n".join(ln for ln in r.stderr.split("\n") if not ln.startswith("# "))
        marks = list(DUMP.finditer(dump))
        bodies = []
        for i, m in enumerate(marks):
            end = marks[i + 1].start() if i + 1 < len(marks) else len(dump)
            body = dump[m.end() + 1:end]
            # Passes' own internal dumps (e.g. the pipeliner's) follow the module.
            cut = body.find("\n// -----//")
            bodies.append(body[:cut + 1] if cut >= 0 else body)
        final = (out / "final.mlir").read_text()
        final = final[: final.find("\n# pm.run")] + "\n" if "\n# pm.run" in final else final
        (out / "final.mlir").write_text(final)
        # A pass may run passes of its own on a nested pass manager (e.g.
        # optimize-dot-operands runs canonicalize first); those dumps are not
        # pipeline steps: keep only the dumps that line up with the pipeline.
        top = top_level_passes(meta, args.stage)
        steps = []
        for m, body in zip(marks, bodies):
            if len(steps) < len(top) and m.group(2).split("{")[0] == top[len(steps)]:
                steps.append((m.group(2), body))
        if len(steps) != len(top):
            print(f"{k}: the dumps do not follow the pipeline ({len(steps)} of {len(top)} passes found)")
            failed += 1
            continue
        lines = []
        for i, (flag, body) in enumerate(steps):
            (out / f"{i:02d}-{flag.split('{')[0]}.mlir").write_text(body)
            after = steps[i + 1][1] if i + 1 < len(steps) else final
            lines.append(f"{i:02d} {flag} {'same' if after.strip() == body.strip() else 'changed'}")
        (out / "passes.txt").write_text("\n".join(lines) + "\n")
        print(f"{k}: {len(steps)} passes -> {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
