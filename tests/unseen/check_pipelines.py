#!/usr/bin/env python3
"""Tritium's registered pipelines on the unseen kernels (tests/unseen/corpus), against Triton 3.9's prints.

For each kernel K of <corpus>/cuda_sm80/K.meta.json (status OK):
  make_ttir   tritium-opt nodebug/cuda_sm80/K.source.mlir
                --pass-pipeline='builtin.module(tritium-make-ttir{target=cuda:80})'   == K.ttir.mlir
  make_ttgir  tritium-opt nodebug/cuda_sm80/K.ttir.mlir
                --pass-pipeline='builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=W num-stages=S})'
                                                                                    == K.ttgir.mlir
with W and S from meta.json's compile_metadata, the expected file printed by the same tool with no pass.
(tests/corpus/check_passes.py checks the same kernels with Triton's own pipeline strings, pass by pass.)

Prints a unified diff head for each file that differs and `unseen <stage> cuda_sm80: identical N/M`.
Exit 1 when a file differs or the tool failed.
"""
import argparse
import difflib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIPELINES = {
    "make_ttir": ("source", "ttir", "builtin.module(tritium-make-ttir{{target={target}}})"),
    "make_ttgir": ("ttir", "ttgir",
                   "builtin.module(tritium-make-ttgir{{target={target} num-warps={num_warps} num-stages={num_stages}}})"),
}


def run(tool: str, path: Path, args: list[str]) -> tuple[int, str, str]:
    r = subprocess.run([tool, str(path), *args], capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=str(ROOT / "tests/unseen/corpus"))
    ap.add_argument("--tool", default=str(ROOT / "build/bin/tritium-opt"))
    ap.add_argument("--stages", default="make_ttir,make_ttgir")
    args = ap.parse_args()
    corpus, target_dir, target = Path(args.corpus), "cuda_sm80", "cuda:80"
    failed = False
    for stage in args.stages.split(","):
        src_suffix, want_suffix, pipeline = PIPELINES[stage]
        same = total = 0
        for meta_path in sorted((corpus / target_dir).glob("*.meta.json")):
            meta = json.loads(meta_path.read_text())
            if meta.get("status") != "OK":
                continue
            k, cm = meta["kernel"], meta.get("compile_metadata", {})
            total += 1
            p = pipeline.format(target=target, num_warps=cm.get("num_warps", 4), num_stages=cm.get("num_stages", 3))
            nodebug = corpus / "nodebug" / target_dir
            rc, ours, err = run(args.tool, nodebug / f"{k}.{src_suffix}.mlir", [f"--pass-pipeline={p}"])
            rc2, want, err2 = run(args.tool, nodebug / f"{k}.{want_suffix}.mlir", [])
            if rc or rc2:
                failed = True
                print(f"  {k}: failed: {((err or err2).strip().splitlines() or ['?'])[0][:200]}")
                continue
            if ours.rstrip() == want.rstrip():
                same += 1
                continue
            failed = True
            print(f"  {k}: differs")
            diff = difflib.unified_diff(want.splitlines(), ours.splitlines(), "triton", "tritium", lineterm="", n=1)
            print("\n".join(list(diff)[:30]))
        print(f"unseen {stage} {target_dir}: identical {same}/{total}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
