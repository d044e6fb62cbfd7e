#!/usr/bin/env python3
"""Per-pass conformance on Triton's own intermediate IR: for every pass of a stage dump written by
`triton_stages.py` (`<stages>/K/NN-<flag>.mlir` is the IR before pass NN), run that one pass with
the tool on file NN and compare with file NN+1 (or `final.mlir` after the last pass). Both sides are
reprinted by the tool without debug info, so only the IR counts.

    python3 tests/corpus/check_stage_passes.py --pass tritongpu-coalesce
    python3 tests/corpus/check_stage_passes.py --pass all --kernels matmul_f16 -v

Prints one line per (pass, kernel) that differs or fails (`-v`: the diff head) and a summary line
per pass `PASS: identical N/M`. `--only-changed` limits the runs to passes Triton's run changed.
Exit code 1 when a required pass (`--require a,b`) is not identical everywhere or the tool crashed.
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus_common import crash_reason, mlir22_pipeline, short_diff  # noqa: E402


def reprint(tool: str, path: Path) -> tuple[bytes | None, str]:
    r = subprocess.run([tool, str(path)], capture_output=True, timeout=120)
    return (r.stdout if r.returncode == 0 else None), r.stderr.decode(errors="replace")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--stages", default="build/triton-stages")
    ap.add_argument("--tool", default="build/bin/tritium-opt")
    ap.add_argument("--pass", dest="pass_name", default="all", help="a flag (no options), or all")
    ap.add_argument("--kernels", default="")
    ap.add_argument("--only-changed", action="store_true")
    ap.add_argument("--require", default="", help="comma list of flags that must be identical everywhere, or all")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    root = Path(args.stages)
    if not root.is_dir():
        print(f"check_stage_passes: no stage dumps in {root} (run tests/corpus/triton_stages.py); skipped")
        return 0
    kernels = [k for k in args.kernels.split(",") if k] or sorted(p.name for p in root.iterdir() if (p / "passes.txt").exists())
    results: dict[str, list[tuple[str, str]]] = {}
    crashed = False
    for k in kernels:
        lines = (root / k / "passes.txt").read_text().split("\n")
        entries = [ln.split(" ") for ln in lines if ln]
        for idx, e in enumerate(entries):
            num, status = e[0], e[-1]
            flag = " ".join(e[1:-1])
            base = flag.split("{")[0]
            if args.pass_name != "all" and base != args.pass_name:
                continue
            if args.only_changed and status != "changed":
                continue
            src = root / k / f"{num}-{base}.mlir"
            nxt = root / k / (f"{entries[idx + 1][0]}-{entries[idx + 1][1].split('{')[0]}.mlir"
                              if idx + 1 < len(entries) else "final.mlir")
            pipeline = mlir22_pipeline(f"any({flag})")
            with tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / "out.mlir"
                r = subprocess.run([args.tool, str(src), f"--pass-pipeline={pipeline}", "-o", str(out)],
                                   capture_output=True, timeout=300)
                err = r.stderr.decode(errors="replace")
                why = crash_reason(r.returncode, err)
                if why:
                    crashed = True
                    outcome = f"CRASH ({why})"
                elif r.returncode != 0:
                    outcome = "failed: " + (err.strip().splitlines() or ["?"])[0][:200]
                else:
                    actual, _ = reprint(args.tool, out)
                    expected, e2 = reprint(args.tool, nxt)
                    if expected is None:
                        outcome = "expected file does not parse: " + e2.strip().splitlines()[0][:200]
                    elif actual == expected:
                        outcome = "identical"
                    else:
                        outcome = "differs"
                        if args.verbose:
                            outcome += "\n" + "\n".join(short_diff(expected, actual or b"", nxt.name, 30))
            results.setdefault(base, []).append((f"{k}/{num}", outcome))
    bad = False
    required = {p for p in args.require.split(",") if p}
    for base, rs in results.items():
        same = sum(1 for _, o in rs if o == "identical")
        for where, o in rs:
            if o != "identical":
                print(f"  {base} {where}: {o}")
        print(f"{base}: identical {same}/{len(rs)}")
        if (base in required or "all" in required) and same != len(rs):
            bad = True
    total = sum(len(rs) for rs in results.values())
    total_same = sum(1 for rs in results.values() for _, o in rs if o == "identical")
    print(f"per-pass ({root}): identical {total_same}/{total} pass runs over {len(kernels)} kernels")
    return 1 if bad or crashed else 0


if __name__ == "__main__":
    sys.exit(main())
