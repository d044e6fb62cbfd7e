"""Corpus conformance check: print every Triton reference file with the tool and compare to Triton's no-debug print."""

import argparse
import concurrent.futures
import dataclasses
import sys
from pathlib import Path

from corpus_common import (
    finish_stage_args,
    DEFAULT_CORPUS,
    DEFAULT_OPT,
    TARGETS,
    build_command,
    describe_exit,
    normalise,
    locate_tool,
    run_tool,
    short_diff,
)
from corpus_common import is_required as stage_is_required

STAGES = ("source", "ttir", "ttgir_convert", "ttgir", "ttgir_prellvm", "llvm_convert", "llvm")
TIMEOUT_S = 60
DIFF_LINES = 15
STDERR_LINES = 10


@dataclasses.dataclass
class FileResult:
    """Comparison outcome for one corpus file."""

    stage: str
    target: str
    path: Path
    identical: bool
    detail: list[str]  # lines explaining a mismatch (filled only when asked for)


def is_required(result: "FileResult", requirements: list[tuple[str, str | None]]) -> bool:
    """Whether a result belongs to a stage (and target) that must be identical."""
    return stage_is_required(result.stage, result.target, requirements)


def check_file(
    stage: str, target: str, path: Path, expected_path: Path, cmd: list[str], explain: bool
) -> FileResult:
    """Run the tool on one input file and compare its output with the expected no-debug print."""
    if not expected_path.is_file():
        return FileResult(stage, target, path, False, [f"no expected file {expected_path}"])
    try:
        result = run_tool(cmd, TIMEOUT_S)
    except OSError as exc:
        return FileResult(stage, target, path, False, [f"cannot run {cmd[0]}: {exc}"])
    if result.returncode != 0:
        detail = [f"tool failed: {describe_exit(result.returncode, TIMEOUT_S)}"]
        if explain:
            err = result.stderr.decode("utf-8", errors="replace").splitlines()[:STDERR_LINES]
            detail += [f"  {line}" for line in err]
        return FileResult(stage, target, path, False, detail)
    expected = normalise(expected_path.read_bytes())
    actual = normalise(result.stdout)
    if expected == actual:
        return FileResult(stage, target, path, True, [])
    detail = short_diff(expected, actual, str(expected_path), DIFF_LINES) if explain else []
    return FileResult(stage, target, path, False, detail)


def collect_jobs(corpus: Path, stages: list[str], targets: list[str]) -> list[tuple[str, str, Path, Path]]:
    """List (stage, target, input, expected) for every corpus file of the requested stages and targets."""
    jobs = []
    for stage in stages:
        for target in targets:
            for path in sorted((corpus / target).glob(f"*.{stage}.mlir")):
                jobs.append((stage, target, path, corpus / "nodebug" / target / path.name))
    return jobs


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="corpus folder (default: %(default)s)")
    parser.add_argument("--opt", help=f"tool binary (default: {DEFAULT_OPT}, or mlir-opt with --plugin)")
    parser.add_argument("--plugin", help="dialect+pass plugin; the tool is then stock mlir-opt")
    parser.add_argument(
        "--extra-arg", action="append", default=[], metavar="ARG", help="extra argument for the tool (repeatable)"
    )
    parser.add_argument(
        "--stages",
        default="source,ttir",
        help=f"comma-separated stages to check (default: %(default)s; known: {','.join(STAGES)})",
    )
    parser.add_argument("--targets", default=",".join(TARGETS), help="comma-separated targets (default: %(default)s)")
    parser.add_argument(
        "--require",
        help="stages that must be fully identical for PASS, each `stage` (every target) or "
        "`stage@target` (default: same as --stages; '' for none)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="files checked in parallel (default: %(default)s)")
    parser.add_argument("-v", "--verbose", action="store_true", help="show a diff or the stderr for each mismatch")
    parser.add_argument("--list-failures", action="store_true", help="print only the paths of non-identical files")
    args = parser.parse_args(argv)
    finish_stage_args(parser, args, STAGES, TARGETS)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    """Check the corpus; return the process exit code."""
    args = parse_args(argv)
    opt = locate_tool(args.corpus, args.opt, args.plugin, "corpus check")
    if isinstance(opt, int):
        return opt

    jobs = collect_jobs(args.corpus, args.stages, args.targets)
    explain = args.verbose and not args.list_failures
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            pool.submit(
                check_file, stage, target, path, expected,
                build_command(opt, args.plugin, args.extra_arg, path), explain,
            )
            for stage, target, path, expected in jobs
        ]
        results = [future.result() for future in futures]

    if args.list_failures:
        for res in results:
            if not res.identical:
                print(res.path)
    else:
        for stage in args.stages:
            for target in args.targets:
                group = [r for r in results if r.stage == stage and r.target == target]
                same = sum(r.identical for r in group)
                print(f"corpus {stage} {target}: {same}/{len(group)} files identical")
                if args.verbose:
                    for res in group:
                        if not res.identical:
                            print(f"  MISMATCH {res.path.name}")
                            for line in res.detail:
                                print(f"    {line}")

    failed = sum(1 for r in results if is_required(r, args.require) and not r.identical)
    if not args.list_failures:
        print("corpus check: PASS" if failed == 0 else f"corpus check: FAIL ({failed} files differ)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
