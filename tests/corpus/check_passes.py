"""Pass conformance check: run Triton's passes with the tool on corpus inputs and compare with Triton's output.

Two pass stages, for every kernel K and target T of the corpus (`<corpus>/T/K.meta.json`):

  ttir           input  nodebug/T/K.source.mlir
                 passes the `make_ttir` pipeline Triton ran (meta.json `pipelines.make_ttir[0]`),
                        rewritten for MLIR 22: anchor `any(` -> `builtin.module(`, canonicalize's
                        `cse-between-iterations=...` option dropped (MLIR 22 lacks it)
                 expect nodebug/T/K.ttir.mlir
  ttgir          input  nodebug/T/K.ttir.mlir
                 passes the `make_ttgir` pipeline Triton ran (meta.json `pipelines.make_ttgir[0]`), rewritten
                        for MLIR 22 as for ttir; every pass of it under Triton's flag
                 expect nodebug/T/K.ttgir.mlir
  ttgir_convert  input  nodebug/T/K.ttir.mlir
                 passes builtin.module(convert-triton-to-tritongpu{target=.. num-warps=.. threads-per-warp=..
                        num-ctas=..}), the values as spelled in meta.json's make_ttgir pipeline
                 expect nodebug/T/K.ttgir_convert.mlir

The expected file is printed by the same tool with no pass, so both sides come from one printer; the
two prints must then be byte-identical (trailing whitespace at the very end ignored). When they
differ, both sides are also run through `canonicalize,cse` and compared again: "equal after
canonicalize+cse" is a looser tier (it counts the identical files too).

Each stage and target gets one line `identical N/M, equal after canonicalize+cse K/M, failed F`
(F: the tool rejected the pipeline or an input, e.g. a pass it does not have; the first stderr line
is shown). A crash (a signal, a crash marker such as 'internal error in Tritium' on stderr, or a
timeout) is always listed and makes the exit code 1. Kernels whose meta.json has a status other than
OK, or whose input or expected file is missing, are skipped and listed.

Exit code: 0 on pass or when the corpus is absent, 1 when a required file is not identical or the
tool crashed, 2 when the tool cannot be found.
"""

import argparse
import concurrent.futures
import dataclasses
import sys
import tempfile
from pathlib import Path
from typing import Callable

from corpus_common import (
    finish_stage_args,
    DEFAULT_CORPUS,
    DEFAULT_OPT,
    TARGETS,
    build_command,
    convert_pipeline,
    crash_reason,
    describe_exit,
    is_required,
    load_meta,
    make_ttir_pipeline,
    make_ttgir_pipeline,
    normalise,
    locate_tool,
    run_tool,
    short_diff,
)

STAGES = ("ttir", "ttgir_convert", "ttgir")
# stage -> (input file suffix, expected file suffix, meta.json -> pass pipeline)
STAGE_FILES: dict[str, tuple[str, str, Callable[[dict], str]]] = {
    "ttir": ("source", "ttir", make_ttir_pipeline),
    "ttgir_convert": ("ttir", "ttgir_convert", convert_pipeline),
    "ttgir": ("ttir", "ttgir", make_ttgir_pipeline),
}
CANONICAL_PIPELINE = "builtin.module(canonicalize,cse)"
DEFAULT_TIMEOUT_S = 60
DIFF_LINES = 15
STDERR_LINES = 10

IDENTICAL = "identical"
CANON_EQUAL = "equal after canonicalize+cse"
DIFFERENT = "different"
FAILED = "failed"


@dataclasses.dataclass
class Job:
    """One (stage, target, kernel) to check."""

    stage: str
    target: str
    kernel: str
    pipeline: str
    input: Path
    expected: Path


@dataclasses.dataclass
class PassResult:
    """Outcome of one job."""

    job: Job
    verdict: str  # IDENTICAL, CANON_EQUAL, DIFFERENT or FAILED
    reason: str = ""  # one line: why it failed or differs
    crash: str | None = None  # set when some run of the tool crashed or timed out
    stderr: list[str] = dataclasses.field(default_factory=list)  # first stderr lines of the run that went wrong
    expected_print: bytes = b""  # the expected file as printed by the tool (for --diff)
    actual_print: bytes = b""  # the tool's output after the passes (for --diff)


class ToolFailure(Exception):
    """A tool run that did not exit 0; carries the PassResult fields that describe it."""

    def __init__(self, reason: str, crash: str | None, stderr: list[str]):
        super().__init__(reason)
        self.reason, self.crash, self.stderr = reason, crash, stderr


class Checker:
    """Runs the tool for the jobs; the tool, plugin and timeout are fixed for a whole check."""

    def __init__(self, opt: str, plugin: str | None, timeout: float):
        self.opt, self.plugin, self.timeout = opt, plugin, timeout

    def run(self, what: str, args: list[str], path: Path) -> bytes:
        """Run the tool with `args` on `path`; return stdout, or raise ToolFailure (`what` names the run)."""
        cmd = build_command(self.opt, self.plugin, args, path)
        try:
            result = run_tool(cmd, self.timeout)
        except OSError as exc:
            raise ToolFailure(f"{what}: cannot run {cmd[0]}: {exc}", None, []) from exc
        stderr = result.stderr.decode("utf-8", errors="replace")
        lines = stderr.splitlines()[:STDERR_LINES]
        crash = crash_reason(result.returncode, stderr)
        if result.returncode is None:
            crash = describe_exit(None, self.timeout)
        if crash:
            raise ToolFailure(f"{what}: {crash}", crash, lines)
        if result.returncode != 0:
            first = lines[0] if lines else describe_exit(result.returncode, self.timeout)
            raise ToolFailure(f"{what}: {first}", None, lines)
        return result.stdout

    def canonical(self, what: str, path: Path) -> bytes:
        """`path` after canonicalize,cse."""
        return normalise(self.run(what, [f"--pass-pipeline={CANONICAL_PIPELINE}"], path))

    def check(self, job: Job) -> PassResult:
        """Run the job's passes on its input and compare with the expected file, both printed by the tool."""
        try:
            actual = normalise(self.run("pass run", [f"--pass-pipeline={job.pipeline}"], job.input))
            expected = normalise(self.run("printing the expected file", [], job.expected))
        except ToolFailure as failure:
            return PassResult(job, FAILED, failure.reason, failure.crash, failure.stderr)
        if actual == expected:
            return PassResult(job, IDENTICAL)
        result = PassResult(job, DIFFERENT, "outputs differ", expected_print=expected, actual_print=actual)
        with tempfile.NamedTemporaryFile(prefix=f"tritium-{job.kernel}-", suffix=".mlir") as out:
            out.write(actual)
            out.flush()
            try:
                same = self.canonical("canonicalize+cse of the output", Path(out.name)) == self.canonical(
                    "canonicalize+cse of the expected file", job.expected
                )
            except ToolFailure as failure:
                result.reason = f"outputs differ; {failure.reason}"
                result.crash, result.stderr = failure.crash, failure.stderr
                return result
        if same:
            result.verdict, result.reason = CANON_EQUAL, "differ as printed, equal after canonicalize+cse"
        else:
            result.reason = "differ, also after canonicalize+cse"
        return result


def collect_jobs(
    corpus: Path, stages: list[str], targets: list[str], kernels: list[str] | None
) -> tuple[list[Job], list[str]]:
    """List the jobs for the requested stages and targets, and the skipped kernels with the reason."""
    jobs: list[Job] = []
    skipped: list[str] = []
    for target in targets:
        for meta_path in sorted((corpus / target).glob("*.meta.json")):
            kernel = meta_path.name.removesuffix(".meta.json")
            if kernels is not None and kernel not in kernels:
                continue
            try:
                meta = load_meta(meta_path)
            except (OSError, ValueError) as exc:
                skipped.append(f"{kernel}@{target} (unreadable meta.json: {exc})")
                continue
            if meta.get("status") != "OK":
                skipped.append(f"{kernel}@{target} (status {meta.get('status')!r})")
                continue
            for stage in stages:
                input_suffix, expected_suffix, pipeline_of = STAGE_FILES[stage]
                source = corpus / "nodebug" / target / f"{kernel}.{input_suffix}.mlir"
                expected = corpus / "nodebug" / target / f"{kernel}.{expected_suffix}.mlir"
                missing = [p.name for p in (source, expected) if not p.is_file()]
                if missing:
                    skipped.append(f"{kernel}@{target} {stage} (no {', '.join(missing)})")
                    continue
                try:
                    pipeline = pipeline_of(meta)
                except (KeyError, IndexError, ValueError) as exc:
                    skipped.append(f"{kernel}@{target} {stage} (no pipeline in meta.json: {exc})")
                    continue
                jobs.append(Job(stage, target, kernel, pipeline, source, expected))
    jobs.sort(key=lambda job: (STAGES.index(job.stage), TARGETS.index(job.target), job.kernel))
    return jobs, skipped


def print_group(stage: str, target: str, group: list[PassResult], verbose: bool) -> None:
    """Print the summary line of one stage and target, its failures (grouped by message) and, with -v, all."""
    total = len(group)
    identical = sum(r.verdict == IDENTICAL for r in group)
    canon = sum(r.verdict in (IDENTICAL, CANON_EQUAL) for r in group)
    failed = sum(r.verdict == FAILED for r in group)
    print(f"passes {stage} {target}: identical {identical}/{total}, "
          f"equal after canonicalize+cse {canon}/{total}, failed {failed}")
    if verbose:
        for res in group:
            if res.verdict != IDENTICAL:
                print(f"  {res.verdict.upper() if res.verdict in (FAILED, DIFFERENT) else 'CANON-EQUAL'} "
                      f"{res.job.kernel}: {res.reason}")
                for line in res.stderr if res.verdict == FAILED or res.crash else []:
                    print(f"    {line}")
        return
    # Without -v: one line per distinct failure message, with the kernels it hit.
    by_reason: dict[str, list[str]] = {}
    for res in group:
        if res.verdict == FAILED and not res.crash:
            by_reason.setdefault(res.reason, []).append(res.job.kernel)
    for reason, kernels in by_reason.items():
        names = ", ".join(kernels) if len(kernels) <= 3 else f"{', '.join(kernels[:3])}, ..."
        print(f"  failed x{len(kernels)} ({names}): {reason}")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="corpus folder (default: %(default)s)")
    parser.add_argument("--opt", help=f"tool binary (default: {DEFAULT_OPT}, or mlir-opt with --plugin)")
    parser.add_argument("--plugin", help="dialect+pass plugin; the tool is then stock mlir-opt")
    parser.add_argument("--stages", default=",".join(STAGES),
                        help="comma-separated pass stages to check (default: %(default)s)")
    parser.add_argument("--targets", default=",".join(TARGETS), help="comma-separated targets (default: %(default)s)")
    parser.add_argument("--kernels", help="comma-separated kernel names to check (default: all)")
    parser.add_argument(
        "--require",
        help="stages whose files must all be identical for PASS, each `stage` (every target) or "
        "`stage@target` (default: same as --stages; '' for none)",
    )
    parser.add_argument("-j", "--jobs", type=int, default=2, help="tool runs in parallel (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S,
                        help="seconds per tool run (default: %(default)s)")
    parser.add_argument("--diff", action="store_true", help="show a short unified diff of the first mismatch")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="list every file that is not identical, with the reason (and stderr of failures)")
    args = parser.parse_args(argv)
    finish_stage_args(parser, args, STAGES, TARGETS)
    args.kernels = None if args.kernels is None else [k for k in (s.strip() for s in args.kernels.split(",")) if k]
    if args.jobs < 1 or args.timeout <= 0:
        parser.error("--jobs must be at least 1 and --timeout > 0")
    return args


def main(argv: list[str] | None = None) -> int:
    """Check the passes against the corpus; return the process exit code."""
    args = parse_args(argv)
    opt = locate_tool(args.corpus, args.opt, args.plugin, "pass check")
    if isinstance(opt, int):
        return opt

    jobs, skipped = collect_jobs(args.corpus, args.stages, args.targets, args.kernels)
    checker = Checker(opt, args.plugin, args.timeout)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(checker.check, jobs))

    for stage in args.stages:
        for target in args.targets:
            group = [r for r in results if r.job.stage == stage and r.job.target == target]
            print_group(stage, target, group, args.verbose)
    if skipped:
        print(f"skipped: {'; '.join(skipped)}")

    crashes = [r for r in results if r.crash]
    for res in crashes:
        print(f"CRASH {res.job.stage} {res.job.target} {res.job.kernel}: {res.reason}")
        print(f"  input: {res.job.input}")
        print(f"  pipeline: {res.job.pipeline}")
        for line in res.stderr:
            print(f"    {line}")

    if args.diff:
        mismatch = next((r for r in results if r.verdict in (DIFFERENT, CANON_EQUAL)), None)
        if mismatch:
            job = mismatch.job
            print(f"first mismatch: {job.stage} {job.target} {job.kernel} ({mismatch.reason})")
            for line in short_diff(mismatch.expected_print, mismatch.actual_print,
                                   f"{job.expected} (printed by the tool)", DIFF_LINES, "tool output"):
                print(f"  {line}")

    not_identical = sum(
        1 for r in results if is_required(r.job.stage, r.job.target, args.require) and r.verdict != IDENTICAL
    )
    problems = []
    if not_identical:
        problems.append(f"{not_identical} required files not identical")
    if crashes:
        problems.append(f"{len(crashes)} tool crashes")
    print("pass check: PASS" if not problems else f"pass check: FAIL ({', '.join(problems)})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
