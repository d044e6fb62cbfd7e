"""Helpers shared by the corpus scripts (check_corpus.py, check_passes.py, tests/fuzz/mutate.py, bench/).

Running the tool with a timeout, picking the tool binary, parsing comma-separated option values,
recognising crashes, showing a short diff, and reading the pass pipelines Triton recorded in the
corpus's `<target>/<kernel>.meta.json` files.
"""

import argparse
import dataclasses
import difflib
import json
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
TARGETS = ("cuda_sm80", "cuda_sm90", "hip_gfx942")
# stderr text that means the tool crashed (or hit an internal error) rather than rejected its input.
CRASH_MARKERS = (
    "panicked", "internal error in Tritium", "LLVM ERROR", "Stack dump", "UNREACHABLE", "PLEASE submit a bug report"
)
# Lines of each side that short_diff looks at, from just before the first difference on.
DIFF_WINDOW = 400


@dataclasses.dataclass
class RunResult:
    """Outcome of one tool invocation."""

    returncode: int | None  # None when the run timed out
    stdout: bytes  # b"" when stdout was not captured
    stderr: bytes


def run_tool(
    cmd: list[str], timeout: float, env: dict[str, str] | None = None, capture_stdout: bool = True
) -> RunResult:
    """Run `cmd` in its own process group; on timeout kill that group and report returncode None."""
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE if capture_stdout else subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stdout, stderr = proc.communicate()
        return RunResult(None, stdout or b"", stderr)
    return RunResult(proc.returncode, stdout or b"", stderr)


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
    """Return the argv that runs the tool (mlir-opt + plugin, or tritium-opt) with `extra_args` on `path`."""
    cmd = [opt]
    if plugin:
        cmd += [f"--load-dialect-plugin={plugin}", f"--load-pass-plugin={plugin}"]
    return cmd + list(extra_args) + [str(path)]


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


def parse_requirements(
    value: str, stages: tuple[str, ...], targets: tuple[str, ...] = TARGETS
) -> list[tuple[str, str | None]]:
    """Parse `stage` and `stage@target` entries into (stage, target or None for every target)."""
    requirements: list[tuple[str, str | None]] = []
    for item in filter(None, (part.strip() for part in value.split(","))):
        stage, _, target = item.partition("@")
        parse_list(stage, stages, "stage")
        if target:
            parse_list(target, targets, "target")
        requirements.append((stage, target or None))
    return requirements


def is_required(stage: str, target: str, requirements: list[tuple[str, str | None]]) -> bool:
    """Whether files of `stage` for `target` must be identical under `requirements`."""
    return any(stage == req_stage and req_target in (None, target) for req_stage, req_target in requirements)


def signal_name(signum: int) -> str:
    """`SIGSEGV` for 11, `signal 99` for a number that names no signal."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def describe_exit(returncode: int | None, timeout: float) -> str:
    """Human-readable description of how a run ended (`timeout` is the limit the run had)."""
    if returncode is None:
        return f"timed out after {timeout:g} s"
    if returncode < 0:
        return f"died of signal {signal_name(-returncode)}"
    if returncode > 128:
        try:
            return f"exit code {returncode} (a child probably died of {signal.Signals(returncode - 128).name})"
        except ValueError:
            pass
    return f"exit code {returncode}"


def normalise(data: bytes) -> bytes:
    """Drop trailing whitespace at the very end of the text (not per line)."""
    return data.rstrip(b" \t\r\n\f\v")


def crash_reason(returncode: int | None, stderr: str) -> str | None:
    """Why a finished run counts as a crash (a signal, or a crash marker on stderr); None if it does not.

    A timeout (returncode None) is not judged here: callers decide what a timeout means to them.
    """
    if returncode is not None and returncode < 0:
        return f"died of {signal_name(-returncode)}"
    for marker in CRASH_MARKERS:
        if marker in stderr:
            return f"stderr contains {marker!r} (exit code {returncode})"
    return None


def short_diff(expected: bytes, actual: bytes, expected_name: str, max_lines: int,
               actual_name: str = "tool output") -> list[str]:
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
        tofile=actual_name,
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


# ---------------------------------------------------------------------------------------------
# Triton's pass pipelines, as recorded in <corpus>/<target>/<kernel>.meta.json
# ---------------------------------------------------------------------------------------------

# canonicalize's `cse-between-iterations` option exists in Triton's LLVM snapshot but not in MLIR 22.
_CSE_BETWEEN_ITERATIONS_RE = re.compile(r"cse-between-iterations=[^ }]*")
# triton-loop-unroll without options (Triton's has none).
_LOOP_UNROLL_RE = re.compile(r"\btriton-loop-unroll\b(?![{-])")
_CONVERT_RE = re.compile(r"convert-triton-to-tritongpu\{([^{}]*)\}")
# The options of convert-triton-to-tritongpu that the pipelines below pass, in this order.
# (Triton's remaining option, enable-source-remat, is always `false` in the corpus, its default.)
CONVERT_OPTIONS = ("target", "num-warps", "threads-per-warp", "num-ctas")


def load_meta(path: Path) -> dict:
    """Read one kernel's meta.json."""
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def _tidy_option_blocks(pipeline: str) -> str:
    """Collapse runs of spaces inside `{...}` option blocks and drop spaces just inside the braces."""
    def tidy(match: re.Match[str]) -> str:
        return "{" + " ".join(match.group(1).split()) + "}"
    return re.sub(r"\{([^{}]*)\}", tidy, pipeline)


def mlir22_pipeline(pipeline: str) -> str:
    """Rewrite a Triton pipeline string for mlir-opt 22.

    - the `any(` anchor becomes `builtin.module(` (the corpus files are modules);
    - canonicalize's `cse-between-iterations=...` option is dropped (MLIR 22 does not have it);
    - the runs of spaces that leaves inside option blocks are collapsed;
    - `triton-loop-unroll` gets `{guard-runtime-bounds=false}`: Tritium guards the trip count of a
      loop with runtime bounds (0 when ub <= lb or step <= 0), deliberately unlike Triton 3.9, whose
      remainder loop runs iterations of an empty range (README, issue 26). The comparison with
      Triton's bytes checks Triton's unguarded form; tests/passes/loop-unroll.mlir checks both forms
      and tests/cpu/loop-unroll-empty.mlir runs them. Only loops with runtime bounds differ (in the
      corpus: static_unroll's `range(reps)`).
    """
    if pipeline.startswith("any("):
        pipeline = "builtin.module(" + pipeline[len("any("):]
    pipeline = _LOOP_UNROLL_RE.sub("triton-loop-unroll{guard-runtime-bounds=false}", pipeline)
    return _tidy_option_blocks(_CSE_BETWEEN_ITERATIONS_RE.sub("", pipeline))


def make_ttir_pipeline(meta: dict) -> str:
    """The `make_ttir` pipeline Triton ran for this kernel, rewritten for mlir-opt 22."""
    return mlir22_pipeline(meta["pipelines"]["make_ttir"][0])


def make_ttgir_pipeline(meta: dict) -> str:
    """The `make_ttgir` pipeline Triton ran for this kernel, rewritten for mlir-opt 22."""
    return mlir22_pipeline(meta["pipelines"]["make_ttgir"][0])


def convert_options(meta: dict) -> dict[str, str]:
    """Options of convert-triton-to-tritongpu exactly as spelled in the kernel's make_ttgir pipeline."""
    match = _CONVERT_RE.search(meta["pipelines"]["make_ttgir"][0])
    if not match:
        raise KeyError("no convert-triton-to-tritongpu{...} in the make_ttgir pipeline")
    options = dict(item.split("=", 1) for item in match.group(1).split())
    missing = [name for name in CONVERT_OPTIONS if name not in options]
    if missing:
        raise KeyError(f"convert-triton-to-tritongpu has no {', '.join(missing)} option")
    return options


def convert_pipeline(meta: dict) -> str:
    """`builtin.module(convert-triton-to-tritongpu{target=... num-warps=... threads-per-warp=... num-ctas=...})`."""
    options = convert_options(meta)
    spelled = " ".join(f"{name}={options[name]}" for name in CONVERT_OPTIONS)
    return f"builtin.module(convert-triton-to-tritongpu{{{spelled}}})"


def locate_tool(corpus: Path, opt: str | None, plugin: str | None, label: str) -> str | int:
    """The tool to run, or the exit code when there is nothing to check.

    A missing corpus is a clean skip (0); a tool that cannot be run is an
    error (2). Both print one line starting with `label`.
    """
    if not corpus.is_dir():
        print(f"{label}: SKIPPED (no corpus at {corpus})")
        return 0
    tool = resolve_opt(opt, plugin)
    if shutil.which(tool) is None:
        print(f"{label}: ERROR (tool not found or not executable: {tool})", file=sys.stderr)
        return 2
    return tool


def finish_stage_args(parser, args, stages: tuple[str, ...], targets: tuple[str, ...]) -> None:
    """Check and normalise --stages, --targets and --require of a corpus script.

    --require defaults to every stage in --stages; a required stage is always
    checked, even when --stages leaves it out. Errors exit through `parser`.
    """
    try:
        args.stages = parse_list(args.stages, stages, "stage")
        args.targets = parse_list(args.targets, targets, "target")
        args.require = (
            [(stage, None) for stage in args.stages]
            if args.require is None
            else parse_requirements(args.require, stages)
        )
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    args.stages += [stage for stage, _ in args.require if stage not in args.stages]

