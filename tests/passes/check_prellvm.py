#!/usr/bin/env python3
"""Checks Tritium's pre-LLVM TTGIR passes against Triton 3.9 on the sm80 (or, with --target cuda:90, sm90) corpus.

For every kernel K of <corpus>/cuda_sm80 (cuda_sm90), runs the passes Triton's make_llir runs before
convert-triton-gpu-to-llvm (combine-tensor-select-and-if, allocate-warp-groups, convert-scf-to-cf,
allocate-shared-memory-nv, tensor-memory-allocation, membar, global-scratch allocation; gluon-inline
and the proxy-fence/tmem passes are no-ops on sm80) on K.ttgir.mlir, and compares the result with
Triton's K.ttgir_prellvm.mlir, both printed by the same tool without debug info; for sm90 the
list also has triton-nvidia-gpu-proxy-fence-insertion and the tmem/cluster-barrier passes. Prints
`prellvm cuda_sm80: identical N/12`. A kernel that differs only in the block layout of LLVM 22's
convert-scf-to-cf (forwarding blocks and block arguments Triton's newer MLIR folds) counts as
matching when both sides are equal after --canonicalize, and is listed. Exits 1 unless every kernel
matches, 0 with a message when the corpus is absent.
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus_common as cc  # noqa: E402

PIPELINE = (
    "builtin.module(tritongpu-combine-tensor-select-and-if,tritongpu-allocate-warp-groups,"
    "convert-scf-to-cf,allocate-shared-memory-nv{compute-capability=80 ptx-version=88},"
    "triton-tensor-memory-allocation,triton-nvidia-gpu-membar{compute-capability=80 ptx-version=88},"
    "tritongpu-global-scratch-memory-allocation)"
)
# Triton 3.9's make_llir before the conversion from sm90 on.
PIPELINE_SM90 = (
    "builtin.module(tritongpu-combine-tensor-select-and-if,tritongpu-allocate-warp-groups,"
    "convert-scf-to-cf,allocate-shared-memory-nv{compute-capability=90 ptx-version=88},"
    "triton-tensor-memory-allocation,triton-nvidia-gpu-proxy-fence-insertion{compute-capability=90},"
    "triton-nvidia-gpu-tmem-barrier-insertion,triton-nvidia-gpu-membar{compute-capability=90 ptx-version=88},"
    "triton-nvidia-gpu-tmem-wait-insertion,triton-nvidia-gpu-cluster-barrier-mbar-allocator,"
    "tritongpu-global-scratch-memory-allocation)"
)
# The kernels without tt.dot must match; the dot kernels are checked too.
REQUIRED = (
    "vec_add axpby_act softmax_rows atomic_accumulate select_minmax histogram_bins "
    "loop_carried static_unroll shape_ops tdesc_scale"
).split()
# sm90: every kernel must match (wgmma waits, TMA and tensormap ops included).
REQUIRED_SM90 = (
    "vec_add axpby_act softmax_rows atomic_accumulate select_minmax histogram_bins "
    "loop_carried static_unroll shape_ops dot_i8_tf32 matmul_f16 tdesc_scale"
).split()
TIMEOUT = 120


def printed(opt: str, plugin, path: Path, extra: list[str]) -> tuple[bytes | None, str]:
    """The tool's print of `path` after `extra` (None and stderr on failure)."""
    cmd = cc.build_command(opt, plugin, extra + ["-mlir-print-debuginfo=false"], path)
    res = cc.run_tool(cmd, TIMEOUT)
    if res.returncode != 0:
        return None, res.stderr.decode(errors="replace")
    return res.stdout, ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(cc.DEFAULT_CORPUS))
    ap.add_argument("--opt", default=None, help="tool to run (default: build/bin/tritium-opt)")
    ap.add_argument("--plugin", default=None, help="run stock mlir-opt with this plugin")
    ap.add_argument("-v", "--verbose", action="store_true", help="show a diff for each mismatch")
    ap.add_argument("--require-all", action="store_true",
                    help="every kernel of the folder must match (not only the corpus kernels required by default)")
    ap.add_argument("--target", default="cuda:80", choices=["cuda:80", "cuda:90"],
                    help="the corpus folder and pass list (default cuda:80)")
    args = ap.parse_args()
    sm = "cuda_sm" + args.target.split(":")[1]
    pipeline = PIPELINE_SM90 if args.target == "cuda:90" else PIPELINE
    folder = Path(args.corpus) / sm
    if not folder.is_dir():
        print(f"prellvm {sm}: skipped ({folder} not found)")
        return 0
    opt = cc.resolve_opt(args.opt, args.plugin)
    kernels = sorted(p.name[: -len(".ttgir.mlir")] for p in folder.glob("*.ttgir.mlir"))
    identical, failures, equal_after_cleanup = 0, [], []
    for k in kernels:
        reference = folder / f"{k}.ttgir_prellvm.mlir"
        if not reference.exists():
            continue
        mine, err = printed(opt, args.plugin, folder / f"{k}.ttgir.mlir", [f"--pass-pipeline={pipeline}"])
        theirs, err2 = printed(opt, args.plugin, reference, [])
        if mine is not None:
            # Print our result through the same path as Triton's file (parse + print).
            tmp = Path("/tmp") / f"tritium_prellvm_{k}.mlir"
            tmp.write_bytes(mine)
            mine, err = printed(opt, args.plugin, tmp, [])
        if mine is not None and mine == theirs:
            identical += 1
            continue
        if mine is not None and theirs is not None:
            # LLVM 22's convert-scf-to-cf leaves forwarding blocks and block
            # arguments that Triton's newer MLIR folds; everything else must match
            # after the same canonicalization of both sides.
            a, _ = printed(opt, args.plugin, reference, ["--canonicalize=region-simplify=aggressive"])
            b, _ = printed(opt, args.plugin, tmp, ["--canonicalize=region-simplify=aggressive"])
            if a is not None and a == b:
                equal_after_cleanup.append(k)
                continue
        failures.append(k)
        if mine is None or theirs is None:
            print(f"  {k}: tool failed: {(err or err2).strip()[:400]}")
        elif args.verbose:
            print(f"  {k}: differs\n" + "\n".join(cc.short_diff(theirs, mine, reference.name, 30)))
        else:
            print(f"  {k}: differs")
    print(f"prellvm {sm}: identical {identical}/{len(kernels)}")
    if equal_after_cleanup:
        print(
            f"prellvm {sm}: {len(equal_after_cleanup)} more equal after --canonicalize=region-simplify=aggressive on both sides "
            f"(LLVM 22's convert-scf-to-cf block layout): {' '.join(equal_after_cleanup)}"
        )
    required = kernels if args.require_all else (REQUIRED_SM90 if args.target == "cuda:90" else REQUIRED)
    missing = [k for k in required if k in failures or k not in kernels]
    if missing:
        print("required kernels not identical: " + " ".join(missing))
        return 1
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
