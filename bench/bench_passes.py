"""Pass speed benchmark: Tritium (build/bin/tritium-opt) against Triton 3.9 on the same corpus inputs.

Workloads, for every corpus kernel K and target T (`<corpus>/T/K.meta.json` with status OK):

  make_ttir   input nodebug/T/K.source.mlir; Triton's `make_ttir` pipeline from meta.json, rewritten
              for MLIR 22 exactly as tests/corpus/check_passes.py does (`any(` -> `builtin.module(`,
              canonicalize's `cse-between-iterations` dropped). Triton runs its backend's make_ttir.
  convert     input nodebug/T/K.ttir.mlir; convert-triton-to-tritongpu with target, num-warps,
              threads-per-warp and num-ctas as spelled in meta.json's make_ttgir pipeline; Triton
              gets the same four values as flags.
  make_ttgir  input nodebug/T/K.ttir.mlir (cuda_sm80, cuda_sm90); Tritium runs its registered
              `tritium-make-ttgir{target num-warps num-stages}` (Triton's sm80 or sm90 pipeline, pass for pass,
              with num_warps / num_stages from meta.json), Triton its backend's make_ttgir.
  make_llir   input nodebug/T/K.ttgir.mlir (cuda_sm80, cuda_sm90); Tritium runs its registered
              `tritium-make-llir{target=cuda:NN}` pipeline (allocation, Membar, ttg->LLVM, cleanups),
              Triton its backend's make_llir MLIR pipeline (run_triton_pass.py stops it before the
              translation to LLVM IR, so neither side includes LLVM's -O3 or PTX emission).

What is timed
  Triton: `run_triton_pass.py --json` (in the Triton venv) times only pm.run(), on a fresh
    MLIRContext and a fresh parse for every repetition, after `--warmup` untimed runs in the same
    process. pm.run includes the passes' initialize() and the verifier after each pass.
  Tritium, `--tritium-driver pm-time` (the default): `build/bin/tritium-pm-time` measures exactly
    what Triton's script measures, through the C API: the wall time of PassManager::run alone, on a
    fresh context (all dialects loaded) and a fresh parse per repetition, after the same number of
    untimed warm-up runs in the same process (`--warmup`). Both sides are thus timed alike: one
    process per interleaved repetition, warmed up the same way.
  Tritium, `--tritium-driver opt` (implied by --opt/--plugin): one
    `tritium-opt --mlir-timing --mlir-timing-display=tree -o /dev/null` process per repetition,
    timed cold (no warm-up inside the process, unlike Triton's side), which charges Tritium the
    dynamic linker's first-call symbol resolutions in libMLIR that Triton's warm-up absorbs.
    With this driver the time is read from MLIR's timing report: MLIR 22's tree report has these top-level rows: `Parser`, one row per pass of the
    pipeline (a pass's row includes the verifier run after it and the analyses it computed, which
    are nested under it), `Output`, `Rest` and `Total`. A pass that runs a dynamic pipeline (the
    inliner's `default-pipeline=canonicalize`) makes an extra top-level row `'tt.func' Pipeline`
    whose time is already inside the inliner's row (MLIR files it under the root timer, which makes
    `Rest` negative). The Tritium time is therefore the sum of the top-level rows other than
    `Parser`, `Output`, `Rest`, `Total` and `'...' Pipeline` (valid because both workloads'
    pipelines are flat: no nested op anchors, so no real adaptor `Pipeline` rows exist).
    Not included, but inside Triton's pm.run: the passes' initialize() (e.g. canonicalize building
    its pattern set), which MLIR does not time separately and reports inside `Rest`. The JSON output
    therefore also records `tritium_upper_ms` = Total - Parser - Output, an upper bound that adds
    initialize(), pass-manager set-up and freeing the module.
    MLIR prints times with 0.1 ms resolution; every row is therefore computed from its percentage
    (0.1 % resolution) times the total, which is far more precise for sub-millisecond passes.

Threading: by default both sides are single-threaded (`--mlir-disable-threading` for Tritium,
`--single-thread`, i.e. MLIR_DISABLE_MULTITHREADING=1, for Triton); `--threads default` leaves both
at their default (multi-threaded context).

Interleaving: with `--interleave rep` (default) every repetition runs one Tritium process and one
Triton process (`--reps 1`, after its warm-up), swapping which goes first each time, so both sides
see the same machine conditions; `--interleave batch` runs `--reps` Tritium processes, then one
Triton process with `--reps N` (faster; the order swaps from one case to the next).
With the opt driver Tritium also gets one untimed warm-up process per case.

The table shows the median of each side and the ratio tritium/triton; the totals are sums of
medians over the cases where both sides ran. Exit code 0, or 1 when any run failed (the other
cases still run and are reported); 2 when the Triton venv or the tool is missing.
"""

import argparse
import dataclasses
import json
import os
import re
import shutil
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
from corpus_common import (  # noqa: E402
    DEFAULT_CORPUS,
    DEFAULT_OPT,
    TARGETS,
    build_command,
    convert_options,
    convert_pipeline,
    describe_exit,
    load_meta,
    make_ttir_pipeline,
    parse_list,
    resolve_opt,
    run_tool,
)

DEFAULT_PYTHON = Path("/tmp/tritonvenv/bin/python")
WORKLOADS = ("make_ttir", "convert", "make_ttgir", "make_llir")
# Triton's name of each workload in run_triton_pass.py.
TRITON_PASS = {"make_ttir": "make_ttir", "convert": "convert-triton-to-tritongpu", "make_ttgir": "make_ttgir",
               "make_llir": "make_llir"}
# make_ttgir (Triton's whole pipeline) and make_llir are Tritium's for these targets (sm80 and, since issue 27, sm90).
MAKE_LLIR_TARGETS = ("cuda_sm80", "cuda_sm90")
# Top-level rows of MLIR's timing report that are not passes of the pipeline.
NON_PASS_ROWS = ("Parser", "Output", "Rest", "Total")
DYNAMIC_PIPELINE_ROW = re.compile(r"^'[^']*' Pipeline$")
# `    0.0014 ( 28.4%)  Inliner` (a nested row has two more spaces before its name per level).
TIMING_ROW = re.compile(r"^\s*(-?\d+\.\d+) \(\s*(-?\d+\.\d+)%\)  (\s*)(\S.*)$")
STDERR_LINES = 5


@dataclasses.dataclass
class Case:
    """One benchmarked (kernel, target, workload)."""

    kernel: str
    target: str
    workload: str
    input: Path
    pipeline: str  # what Tritium runs
    triton_args: list[str]  # what run_triton_pass.py gets besides input, reps, warmup and threading
    tritium_ms: list[float] = dataclasses.field(default_factory=list)
    tritium_upper_ms: list[float] = dataclasses.field(default_factory=list)
    triton_ms: list[float] = dataclasses.field(default_factory=list)
    errors: list[str] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Both sides ran every repetition."""
        return not self.errors and bool(self.tritium_ms) and bool(self.triton_ms)


class RunError(Exception):
    """A benchmark run that failed; the message says which side and why."""


def parse_timing(stderr: str) -> tuple[float, float]:
    """From MLIR's tree timing report return (pass time, Total - Parser - Output), both in ms."""
    lines = stderr.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if "----Wall Time----" in line)
    except StopIteration as exc:
        raise RunError("no timing report on stderr") from exc
    rows: list[tuple[float, float, str]] = []  # (seconds, percent, name) of the top-level rows
    for line in lines[start + 1 :]:
        match = TIMING_ROW.match(line)
        if match and not match.group(3):
            rows.append((float(match.group(1)), float(match.group(2)), match.group(4).strip()))
    total = next((sec for sec, _, name in rows if name == "Total"), None)
    if total is None:
        raise RunError("timing report without a Total row")

    def ms(percent: float) -> float:
        return percent / 100.0 * total * 1e3

    passes = sum(pct for _, pct, name in rows if name not in NON_PASS_ROWS and not DYNAMIC_PIPELINE_ROW.match(name))
    outside = sum(pct for _, pct, name in rows if name in ("Parser", "Output"))
    return ms(passes), ms(100.0 - outside)


class Runner:
    """Runs one side of one repetition; the tools and settings are fixed for the whole benchmark."""

    def __init__(self, args: argparse.Namespace, opt: str):
        self.args, self.opt = args, opt

    def tritium_once(self, case: Case) -> tuple[float, float]:
        """One Tritium process timing one repetition; return (pass ms, upper bound ms)."""
        if self.args.tritium_driver == "pm-time":
            return self.tritium_pm_time(case)
        extra = [f"--pass-pipeline={case.pipeline}", "--mlir-timing", "--mlir-timing-display=tree"]
        if self.args.threads == "single":
            extra.append("--mlir-disable-threading")
        cmd = build_command(self.opt, self.args.plugin, extra, case.input) + ["-o", os.devnull]
        result = run_tool(cmd, self.args.timeout, capture_stdout=False)
        stderr = result.stderr.decode("utf-8", errors="replace")
        if result.returncode != 0:
            first = stderr.splitlines()[:1] or [""]
            raise RunError(f"tritium: {describe_exit(result.returncode, self.args.timeout)}: {first[0]}")
        return parse_timing(stderr)

    def tritium_pm_time(self, case: Case) -> tuple[float, float]:
        """One tritium-pm-time process: `--warmup` untimed runs, then one timed PassManager::run.
        Its time is already the whole of pm.run, so it is both the pass time and the upper bound."""
        cmd = [self.args.pm_time, f"--pass-pipeline={case.pipeline}", "--reps", "1",
               "--warmup", str(self.args.warmup), str(case.input)]
        if self.args.threads == "single":
            cmd.append("--single-thread")
        result = run_tool(cmd, self.args.timeout * (1 + self.args.warmup))
        if result.returncode != 0:
            stderr = result.stderr.decode("utf-8", errors="replace")
            first = [line for line in stderr.splitlines() if line.strip()][:1] or [""]
            raise RunError(f"tritium: {describe_exit(result.returncode, self.args.timeout)}: {first[0]}")
        try:
            sample = float(json.loads(result.stdout)["samples_ms"][0])
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise RunError(f"tritium: cannot read tritium-pm-time's JSON ({exc})") from exc
        return sample, sample

    def triton_batch(self, case: Case, reps: int) -> list[float]:
        """One Triton process timing `reps` repetitions; return its samples in ms."""
        cmd = [str(self.args.triton_python), str(self.args.corpus / "run_triton_pass.py"), str(case.input),
               "--no-print", "--json", "--reps", str(reps), "--warmup", str(self.args.warmup)]
        cmd += case.triton_args + (["--single-thread"] if self.args.threads == "single" else [])
        result = run_tool(cmd, self.args.timeout * (reps + self.args.warmup), capture_stdout=False)
        stderr = result.stderr.decode("utf-8", errors="replace")
        if result.returncode != 0:
            tail = [line for line in stderr.splitlines() if line.strip()][-1:] or [""]
            raise RunError(f"triton: {describe_exit(result.returncode, self.args.timeout)}: {tail[0]}")
        # The --json summary is the last block on stderr, starting with a line "{".
        lines = stderr.splitlines()
        starts = [i for i, line in enumerate(lines) if line == "{"]
        try:
            summary = json.loads("\n".join(lines[starts[-1] :]))
            return [float(s) for s in summary["samples_ms"]]
        except (IndexError, ValueError, KeyError) as exc:
            raise RunError(f"triton: cannot read its JSON summary ({exc})") from exc

    def bench(self, case: Case, index: int) -> None:
        """Fill the case's samples, interleaving the two sides; record errors instead of raising."""
        reps = self.args.reps

        def ours(count: int) -> None:
            for _ in range(count):
                passes, upper = self.tritium_once(case)
                case.tritium_ms.append(passes)
                case.tritium_upper_ms.append(upper)

        def theirs(count: int) -> None:
            case.triton_ms.extend(self.triton_batch(case, count))

        if self.args.tritium_driver == "opt":
            try:
                self.tritium_once(case)  # untimed warm-up process; also finds a failing pipeline early
            except RunError as exc:
                case.errors.append(str(exc))
        rounds = [(1, 1)] * reps if self.args.interleave == "rep" else [(reps, reps)]
        for number, (our_count, their_count) in enumerate(rounds):
            steps = [(ours, our_count), (theirs, their_count)]
            if (number + index) % 2:
                steps.reverse()
            for step, count in steps:
                side = "tritium" if step is ours else "triton"
                if any(error.startswith(f"{side}:") for error in case.errors):
                    continue  # this side already failed on this case: keep timing only the other one
                try:
                    step(count)
                except RunError as exc:
                    case.errors.append(str(exc))


def collect_cases(args: argparse.Namespace) -> tuple[list[Case], list[str]]:
    """Build the cases for the requested targets, kernels and workloads, and the skipped kernels."""
    cases: list[Case] = []
    skipped: list[str] = []
    for target in args.targets:
        for meta_path in sorted((args.corpus / target).glob("*.meta.json")):
            kernel = meta_path.name.removesuffix(".meta.json")
            if args.kernels is not None and kernel not in args.kernels:
                continue
            meta = load_meta(meta_path)
            if meta.get("status") != "OK":
                skipped.append(f"{kernel}@{target} (status {meta.get('status')!r})")
                continue
            nodebug = args.corpus / "nodebug" / target
            for workload in args.workloads:
                if workload == "make_llir":
                    if target not in MAKE_LLIR_TARGETS:
                        continue
                    source = nodebug / f"{kernel}.ttgir.mlir"
                    pipeline = f"builtin.module(tritium-make-llir{{target={meta['target']}}})"
                    triton_args = ["--pass", TRITON_PASS[workload], "--meta", str(meta_path),
                                   "--target", meta["target"]]
                elif workload == "make_ttgir":
                    if target not in MAKE_LLIR_TARGETS:
                        continue
                    source = nodebug / f"{kernel}.ttir.mlir"
                    cm = meta.get("compile_metadata", {})
                    pipeline = (f"builtin.module(tritium-make-ttgir{{target={meta['target']} "
                                f"num-warps={cm.get('num_warps', 4)} num-stages={cm.get('num_stages', 3)}}})")
                    triton_args = ["--pass", TRITON_PASS[workload], "--meta", str(meta_path),
                                   "--target", meta["target"]]
                elif workload == "make_ttir":
                    source = nodebug / f"{kernel}.source.mlir"
                    pipeline = make_ttir_pipeline(meta)
                    triton_args = ["--pass", TRITON_PASS[workload], "--meta", str(meta_path),
                                   "--target", meta["target"]]
                else:
                    source = nodebug / f"{kernel}.ttir.mlir"
                    pipeline = convert_pipeline(meta)
                    options = convert_options(meta)
                    triton_args = ["--pass", TRITON_PASS[workload], "--target", options["target"],
                                   "--num-warps", options["num-warps"],
                                   "--threads-per-warp", options["threads-per-warp"],
                                   "--num-ctas", options["num-ctas"]]
                if not source.is_file():
                    skipped.append(f"{kernel}@{target} {workload} (no {source.name})")
                    continue
                cases.append(Case(kernel, target, workload, source, pipeline, triton_args))
    return cases, skipped


def fmt(value: float | None, width: int = 10) -> str:
    """A millisecond or ratio value for the table; `-` when absent."""
    return f"{value:{width}.3f}" if value is not None else f"{'-':>{width}}"


def median(samples: list[float]) -> float | None:
    """Median, or None without samples."""
    return statistics.median(samples) if samples else None


def print_header() -> None:
    """The table's header line."""
    print(f"{'kernel':20} {'target':11} {'workload':10} {'tritium ms':>10} {'triton ms':>10} {'ratio':>7}", flush=True)


def print_row(case: Case) -> None:
    """One case's table line: the medians of both sides and their ratio."""
    ours, theirs = median(case.tritium_ms), median(case.triton_ms)
    ratio = ours / theirs if case.ok and theirs else None
    note = "  FAILED" if case.errors else ""
    print(f"{case.kernel:20} {case.target:11} {case.workload:10} {fmt(ours)} {fmt(theirs)} {fmt(ratio, 7)}{note}",
          flush=True)


def print_totals(cases: list[Case], args: argparse.Namespace) -> None:
    """Print the per-workload totals and the overall ratio."""
    print(f"totals (sum of medians over the cases where both sides ran; threads: {args.threads}, "
          f"reps: {args.reps}, interleave: {args.interleave}, tritium driver: {args.tritium_driver}):")
    all_ours = all_theirs = 0.0
    for workload in args.workloads:
        done = [c for c in cases if c.workload == workload and c.ok]
        ours = sum(median(c.tritium_ms) for c in done)
        theirs = sum(median(c.triton_ms) for c in done)
        all_ours, all_theirs = all_ours + ours, all_theirs + theirs
        ratio = f"{ours / theirs:.3f}" if theirs else "-"
        total = sum(c.workload == workload for c in cases)
        print(f"  {workload:10} {len(done)}/{total} cases: tritium {ours:.3f} ms, triton {theirs:.3f} ms, "
              f"tritium/triton {ratio}")
    overall = f"{all_ours / all_theirs:.3f}" if all_theirs else "-"
    print(f"overall tritium/triton: {overall}")


def write_json(path: Path, cases: list[Case], skipped: list[str], args: argparse.Namespace, opt: str) -> None:
    """Write the configuration and every case's samples and medians."""
    data = {
        "tool": opt,
        "plugin": args.plugin,
        "triton_python": str(args.triton_python),
        "threads": args.threads,
        "reps": args.reps,
        "warmup": args.warmup,
        "interleave": args.interleave,
        "tritium_driver": args.tritium_driver,
        "tritium_time": ("tritium-pm-time: wall time of PassManager::run, fresh context and parse, after --warmup "
                         "untimed runs in the same process" if args.tritium_driver == "pm-time" else
                         "sum of top-level pass rows of --mlir-timing (no Parser/Output/Rest/Total, no dynamic "
                         "'...' Pipeline rows); tritium_upper_ms = Total - Parser - Output"),
        "triton_time": "run_triton_pass.py: wall time of pm.run()",
        "skipped": skipped,
        "cases": [
            {
                "kernel": c.kernel, "target": c.target, "workload": c.workload, "input": str(c.input),
                "pipeline": c.pipeline, "triton_args": c.triton_args,
                "tritium_ms": median(c.tritium_ms), "tritium_upper_ms": median(c.tritium_upper_ms),
                "triton_ms": median(c.triton_ms),
                "ratio": median(c.tritium_ms) / median(c.triton_ms) if c.ok and median(c.triton_ms) else None,
                "tritium_samples_ms": [round(s, 4) for s in c.tritium_ms],
                "tritium_upper_samples_ms": [round(s, 4) for s in c.tritium_upper_ms],
                "triton_samples_ms": c.triton_ms,
                "errors": c.errors,
            }
            for c in cases
        ],
    }
    path.write_text(json.dumps(data, indent=1) + "\n")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="corpus folder (default: %(default)s)")
    parser.add_argument("--opt", help=f"tool binary (default: {DEFAULT_OPT}, or mlir-opt with --plugin)")
    parser.add_argument("--plugin", help="dialect+pass plugin; the tool is then stock mlir-opt")
    parser.add_argument("--tritium-driver", choices=("pm-time", "opt"),
                        help="how Tritium is timed: pm-time (in one process, warmed up, like Triton's side; the "
                             "default) or opt (tritium-opt/mlir-opt --mlir-timing, one cold process per "
                             "repetition; the default with --opt or --plugin)")
    parser.add_argument("--pm-time", default=str(REPO / "build" / "bin" / "tritium-pm-time"),
                        help="the tritium-pm-time binary (default: %(default)s)")
    parser.add_argument("--triton-python", type=Path, default=DEFAULT_PYTHON,
                        help="python of the Triton 3.9 venv (default: %(default)s)")
    parser.add_argument("--targets", default=",".join(TARGETS), help="comma-separated targets (default: %(default)s)")
    parser.add_argument("--kernels", help="comma-separated kernel names (default: all)")
    parser.add_argument("--workloads", default=",".join(WORKLOADS),
                        help="comma-separated workloads (default: %(default)s)")
    parser.add_argument("--reps", type=int, default=5, help="timed repetitions per side (default: %(default)s)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="untimed runs in each Triton process, and in each tritium-pm-time process, before the "
                             "timed ones (default: %(default)s)")
    parser.add_argument("--interleave", choices=("rep", "batch"), default="rep",
                        help="alternate the sides every repetition or every batch (default: %(default)s)")
    parser.add_argument("--threads", choices=("single", "default"), default="single",
                        help="MLIR threading on both sides (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per tool run (default: %(default)s)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the results as JSON to OUT")
    args = parser.parse_args(argv)
    try:
        args.targets = parse_list(args.targets, TARGETS, "target")
        args.workloads = parse_list(args.workloads, WORKLOADS, "workload")
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    if args.tritium_driver is None:
        args.tritium_driver = "opt" if (args.opt or args.plugin) else "pm-time"
    elif args.tritium_driver == "pm-time" and (args.opt or args.plugin):
        parser.error("--opt and --plugin choose the tool of the opt driver; drop them or pass --tritium-driver opt")
    args.kernels = None if args.kernels is None else [k for k in (s.strip() for s in args.kernels.split(",")) if k]
    if args.reps < 1 or args.warmup < 0 or args.timeout <= 0:
        parser.error("--reps must be at least 1, --warmup >= 0 and --timeout > 0")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; return the process exit code."""
    args = parse_args(argv)
    if not args.corpus.is_dir():
        print(f"bench: SKIPPED (no corpus at {args.corpus})")
        return 0
    if not args.triton_python.is_file():
        print(f"bench: no Triton venv at {args.triton_python}; create it with\n"
              f"  bash {args.corpus / 'setup.sh'}\n"
              f"(or pass --triton-python PATH)", file=sys.stderr)
        return 2
    opt = resolve_opt(args.opt, args.plugin) if args.tritium_driver == "opt" else args.pm_time
    if shutil.which(opt) is None:
        print(f"bench: tool not found or not executable: {opt}", file=sys.stderr)
        return 2

    cases, skipped = collect_cases(args)
    runner = Runner(args, opt)
    print_header()
    for index, case in enumerate(cases):
        runner.bench(case, index)
        print_row(case)
    print_totals(cases, args)
    if skipped:
        print(f"skipped: {'; '.join(skipped)}")
    failed = [c for c in cases if c.errors]
    for case in failed:
        print(f"FAILED {case.kernel} {case.target} {case.workload}: {case.errors[0]}")
    if args.json:
        write_json(args.json, cases, skipped, args, opt)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
