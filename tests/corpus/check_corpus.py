"""Corpus conformance check: print every Triton reference file with the tool and compare to Triton's no-debug print."""

import argparse
import concurrent.futures
import dataclasses
import difflib
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_CORPUS = REPO.parent / "shared" / "corpus"
DEFAULT_OPT = REPO / "build" / "bin" / "tritium-opt"
STAGES = ("source", "ttir", "ttgir_convert", "ttgir", "ttgir_prellvm", "llvm_convert", "llvm")
TARGETS = ("cuda_sm80", "cuda_sm90", "hip_gfx942")
TIMEOUT_S = 60
DIFF_LINES = 15
STDERR_LINES = 10
# Lines of each side that the shown diff looks at, from just before the first difference on.
DIFF_WINDOW = 400


@dataclasses.dataclass
class RunResult:
    """Outcome of one tool invocation."""

    returncode: int | None  # None when the run timed out
    stdout: bytes
    stderr: bytes


@dataclasses.dataclass
class FileResult:
    """Comparison outcome for one corpus file."""

    stage: str
    target: str
    path: Path
    identical: bool
    detail: list[str]  # lines explaining a mismatch (filled only when asked for)


def parse_list(value: str, allowed: tuple[str, ...], what: str) -> list[str]:
    """Split a comma-separated option value, check each item, keep the order, drop duplicates."""
    items: list[str] = []
    for item in (part.strip() for part in value.split(",")):
        if not item or item in items:
            continue
        if item not in allowed:
            raise argparse.ArgumentTypeError(f"unknown {what} {item!r} (known: {', '.join(allowed)})")
        items.append(item)
    return items


def parse_requirements(value: str) -> list[tuple[str, str | None]]:
    """Parse `stage` and `stage@target` entries into (stage, target or None for every target)."""
    requirements: list[tuple[str, str | None]] = []
    for item in filter(None, (part.strip() for part in value.split(","))):
        stage, _, target = item.partition("@")
        parse_list(stage, STAGES, "stage")
        if target:
            parse_list(target, TARGETS, "target")
        requirements.append((stage, target or None))
    return requirements


def is_required(result: "FileResult", requirements: list[tuple[str, str | None]]) -> bool:
    """Whether a result belongs to a stage (and target) that must be identical."""
    return any(result.stage == stage and target in (None, result.target) for stage, target in requirements)


def resolve_opt(opt: str | None, plugin: str | None) -> str:
    """Pick the tool binary: --opt if given, else stock mlir-opt with --plugin, else tritium-opt."""
    if opt:
        return opt
    if plugin:
        for name in ("mlir-opt", "mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt"):
            found = shutil.which(name)
            if found:
                return found
        return "mlir-opt"
    return str(DEFAULT_OPT)


def build_command(opt: str, plugin: str | None, extra_args: list[str], path: Path) -> list[str]:
    """Return the argv that prints `path` with the tool (mlir-opt + plugin, or tritium-opt)."""
    cmd = [opt]
    if plugin:
        cmd += [f"--load-dialect-plugin={plugin}", f"--load-pass-plugin={plugin}"]
    return cmd + list(extra_args) + [str(path)]


def run_tool(cmd: list[str], timeout: float) -> RunResult:
    """Run `cmd` in its own process group; on timeout kill that group and report returncode None."""
    proc = subprocess.Popen(
        cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stdout, stderr = proc.communicate()
        return RunResult(None, stdout, stderr)
    return RunResult(proc.returncode, stdout, stderr)


def normalise(data: bytes) -> bytes:
    """Drop trailing whitespace at the very end of the text (not per line)."""
    return data.rstrip(b" \t\r\n\f\v")


def describe_exit(returncode: int | None) -> str:
    """Human-readable description of how a run ended."""
    if returncode is None:
        return f"timed out after {TIMEOUT_S} s"
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"died of signal {name}"
    if returncode > 128:
        try:
            return f"exit code {returncode} (a child probably died of {signal.Signals(returncode - 128).name})"
        except ValueError:
            pass
    return f"exit code {returncode}"


def short_diff(expected: bytes, actual: bytes, expected_name: str, max_lines: int) -> list[str]:
    """First `max_lines` lines of a unified diff (expected -> actual), computed near the first difference only."""
    exp = expected.decode("utf-8", errors="replace").split("\n")
    act = actual.decode("utf-8", errors="replace").split("\n")
    first = 0
    while first < min(len(exp), len(act)) and exp[first] == act[first]:
        first += 1
    start = max(0, first - 3)
    diff = difflib.unified_diff(
        exp[start : start + DIFF_WINDOW],
        act[start : start + DIFF_WINDOW],
        fromfile=expected_name,
        tofile="tool output",
        lineterm="",
    )
    lines: list[str] = []
    for line in diff:
        if line.startswith("@@") and start:
            line = re.sub(
                r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@",
                lambda m: f"@@ -{int(m[1]) + start}{m[2] or ''} +{int(m[3]) + start}{m[4] or ''} @@",
                line,
            )
        lines.append(line)
        if len(lines) >= max_lines:
            break
    return lines


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
        detail = [f"tool failed: {describe_exit(result.returncode)}"]
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
    try:
        args.stages = parse_list(args.stages, STAGES, "stage")
        args.targets = parse_list(args.targets, TARGETS, "target")
        args.require = (
            [(stage, None) for stage in args.stages] if args.require is None else parse_requirements(args.require)
        )
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    # A required stage is always checked, even when --stages leaves it out.
    args.stages += [stage for stage, _ in args.require if stage not in args.stages]
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    """Check the corpus; return the process exit code."""
    args = parse_args(argv)
    if not args.corpus.is_dir():
        print(f"corpus check: SKIPPED (no corpus at {args.corpus})")
        return 0
    opt = resolve_opt(args.opt, args.plugin)
    if shutil.which(opt) is None:
        print(f"corpus check: ERROR (tool not found or not executable: {opt})", file=sys.stderr)
        return 2

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
