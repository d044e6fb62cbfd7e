#!/usr/bin/env python3
"""make_ttgir on kernels outside the corpus: Tritium's `tritium-make-ttgir` against Triton 3.9's own
make_ttgir output, for the kernels of `tests/gpu/extra/` (written for Tritium; their K.ttir.mlir and
K.ttgir.mlir come from Triton 3.9, `tests/gpu/extra/generate.py`).

For each kernel K with K.ttir.mlir, K.ttgir.mlir and K.meta.json in --dir, runs
    tritium-opt K.ttir.mlir --pass-pipeline='builtin.module(tritium-make-ttgir{target=T num-warps=W
        num-stages=S})'
with W and S from meta.json's compile_metadata, and compares with K.ttgir.mlir, both printed by
tritium-opt without debug info. A difference is retried after `canonicalize,cse` on both sides.

Kernels that also have K.source.mlir (Triton's IR before make_ttir, written by generate.py) get the stage
before too: `tritium-make-ttir{target=T}` on K.source.mlir against K.ttir.mlir, the same way.

Prints one line per kernel that is not identical and `unseen make_ttgir: identical N/M, equal after
canonicalize+cse K/M, failed F` (and `unseen make_ttir: ...` for the kernels with a source file). Exit 1
when --require-identical is given and a kernel is not identical, or when the tool crashed.
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus_common import crash_reason  # noqa: E402


def run(tool: str, args: list[str], path: Path) -> tuple[int, bytes, str]:
    r = subprocess.run([tool, str(path), *args], capture_output=True, timeout=120)
    return r.returncode, r.stdout, r.stderr.decode(errors="replace")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", default="tests/gpu/extra/cuda_sm80")
    ap.add_argument("--tool", default="build/bin/tritium-opt")
    ap.add_argument("--target", default="cuda:80")
    ap.add_argument("--require-identical", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    root = Path(args.dir)
    kernels = sorted(p.name[: -len(".ttir.mlir")] for p in root.glob("*.ttir.mlir"))
    crashed = False
    all_identical = True

    def stage(label, names, pipeline_of, src_suffix, expect_suffix):
        nonlocal crashed, all_identical
        same = canon = failed = 0
        for k in names:
            rc, ours, err = run(args.tool, [f"--pass-pipeline={pipeline_of(k)}"], root / f"{k}{src_suffix}")
            if crash_reason(rc, err):
                crashed = True
            if rc != 0:
                failed += 1
                print(f"  {k}: {label} failed: {(err.strip().splitlines() or ['?'])[0][:200]}")
                continue
            _, expected, _ = run(args.tool, [], root / f"{k}{expect_suffix}")
            if ours == expected:
                same += 1
                canon += 1
                continue
            with tempfile.TemporaryDirectory() as tmp:
                mine = Path(tmp) / "ours.mlir"
                mine.write_bytes(ours)
                cse = ["--pass-pipeline=builtin.module(canonicalize,cse)"]
                equal = run(args.tool, cse, mine)[1] == run(args.tool, cse, root / f"{k}{expect_suffix}")[1]
            canon += equal
            print(f"  {k}: {label} {'equal after canonicalize+cse' if equal else 'differs'}")
            if args.verbose and not equal:
                import difflib
                diff = difflib.unified_diff(expected.decode().splitlines(), ours.decode().splitlines(), "triton",
                                            "tritium", lineterm="", n=1)
                print("\n".join(list(diff)[:40]))
        n = len(names)
        all_identical = all_identical and same == n
        print(f"unseen {label} ({root}): identical {same}/{n}, equal after canonicalize+cse {canon}/{n}, "
              f"failed {failed}")

    def ttgir_pipeline(k):
        cm = json.loads((root / f"{k}.meta.json").read_text()).get("compile_metadata", {})
        return (f"builtin.module(tritium-make-ttgir{{target={args.target} num-warps={cm.get('num_warps', 4)} "
                f"num-stages={cm.get('num_stages', 3)}}})")

    stage("make_ttgir", kernels, ttgir_pipeline, ".ttir.mlir", ".ttgir.mlir")
    with_source = [k for k in kernels if (root / f"{k}.source.mlir").exists()]
    if with_source:
        stage("make_ttir", with_source, lambda k: f"builtin.module(tritium-make-ttir{{target={args.target}}})",
              ".source.mlir", ".ttir.mlir")
    return 1 if crashed or (args.require_identical and not all_identical) else 0


if __name__ == "__main__":
    sys.exit(main())
