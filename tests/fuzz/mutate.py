"""Seeded mutation robustness test: mutated corpus files must be rejected with a diagnostic, never crash the tool."""

import argparse
import concurrent.futures
import dataclasses
import os
import random
import re
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Callable

# The tool-running helpers live with the corpus scripts.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from corpus_common import (  # noqa: E402
    DEFAULT_CORPUS,
    DEFAULT_OPT,
    REPO,
    TARGETS,
    build_command,
    crash_reason,
    parse_list,
    locate_tool,
    run_tool,
)

DEFAULT_KEEP = REPO / "build" / "fuzz-crashes"
STAGES = ("source", "ttir", "ttgir_convert", "ttgir", "ttgir_prellvm", "llvm_convert", "llvm")
DIAGNOSTIC_RE = re.compile(r"(error|loc\()")

# Mutants are handled as latin-1 text: every byte maps to one character, so arbitrary bytes survive the round trip.
ENCODING = "latin-1"

SCALAR_TYPES = ("i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "index")
PTR_TYPES = ("!tt.ptr<f32>", "!tt.ptr<f16>", "!tt.ptr<i32>", "!tt.ptr<i8>", "!tt.ptr<f32, 3>")
# A scalar type token standing alone or as a tensor element type (`512xi32`), or any !tt.ptr<...> type.
TYPE_RE = re.compile(r"!tt\.ptr<[^<>\n]*>|(?:(?<=\dx)|(?<![\w.$-]))(?:" + "|".join(SCALAR_TYPES) + r")(?![\w.])")
# A decimal integer literal that is not part of a name (%0, #loc3, i32) nor of a float (1.0e+00).
INT_RE = re.compile(r"(?<![\w%#@.+$-])-?\d+(?=x|[^\w.]|$)")
SSA_RE = re.compile(r"%[0-9a-zA-Z_]+")
ATTR_CLAUSE_RE = re.compile(r" attributes \{[^{}\n]*\}")
ATTR_DICT_RE = re.compile(r"\{([^{}\n]*)\}")
ATTR_ENTRY_RE = re.compile(r"\s*(?:[\w.$-]+|\"[^\"\n]*\")\s*=")
GARBAGE_PUNCT = "{}()<>[]%#@!^\":,=-+*/\\;?~`'|&$"
# (pattern, replacements): one match of the pattern is replaced by one of the replacements.
KEYWORD_FLIPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"\btt\.load\b", ("tt.store",)),
    (r"\btt\.store\b", ("tt.load",)),
    (r"(?<=get_program_id )[xyz]\b", ("w", "x", "z")),
    (r"(?<=\d)x(?=[\d!a-z])", ("w", "X", "*")),
    (r"\b(?=add[if]?\b)", ("f",)),
    (r"\barith\.add[if]\b", ("arith.addi", "arith.addf", "arith.add")),
    (r"\barith\.mul[if]\b", ("arith.muli", "arith.mulf")),
    (r"\barith\.cmp[if]\b", ("arith.cmpi", "arith.cmpf")),
    (r"\b(?:slt|sle|sgt|sge|eq|ne|ult|olt|oge)\b", ("slt", "ugt", "oeq", "xlt")),
    (r"\btt\.(?:splat|broadcast|expand_dims|reshape|trans)\b",
     ("tt.splat", "tt.broadcast", "tt.expand_dims", "tt.trans")),
    (r"\btt\.func\b", ("func.func", "tt.fun")),
    (r"\btt\.return\b", ("scf.yield", "tt.call")),
    (r"\bscf\.(?:for|while|if|yield)\b", ("scf.for", "scf.while", "scf.if", "scf.yield")),
    (r"\bttg\.", ("tt.", "ttng.")),
    (r"#ttg\.(?:blocked|linear|swizzled_shared|nvidia_mma|amd_mfma|slice|dot_op)\b",
     ("#ttg.blocked", "#ttg.linear", "#ttg.slice", "#ttg.dot_op")),
    (r"\b(?:public|private)\b", ("public", "private", "nested")),
    (r"\b(?:true|false)\b", ("true", "false", "unit")),
    (r"\bmodule\b", ("modul", "func.func")),
    (r"\bdense<", ("dense_resource<", "array<i32: ")),
)


def mutate_delete_line(text: str, rng: random.Random) -> str | None:
    """Delete one random line."""
    lines = text.split("\n")
    if len(lines) < 2:
        return None
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def mutate_duplicate_line(text: str, rng: random.Random) -> str | None:
    """Duplicate one random line in place."""
    lines = text.split("\n")
    index = rng.randrange(len(lines))
    lines.insert(index, lines[index])
    return "\n".join(lines)


def mutate_swap_lines(text: str, rng: random.Random) -> str | None:
    """Swap two random, different lines."""
    lines = text.split("\n")
    if len(lines) < 2:
        return None
    a, b = rng.sample(range(len(lines)), 2)
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def replace_random_match(text: str, pattern: re.Pattern[str], rng: random.Random,
                         choose: Callable[[str], str]) -> str | None:
    """Replace one random match of `pattern` with `choose(matched_text)`; None when nothing matches."""
    matches = list(pattern.finditer(text))
    if not matches:
        return None
    match = rng.choice(matches)
    return text[: match.start()] + choose(match.group()) + text[match.end():]


def mutate_integer(text: str, rng: random.Random) -> str | None:
    """Change one integer literal to 0, -1, a huge number, a power of two or a small integer."""
    def choose(old: str) -> str:
        """Pick a replacement value different in kind from a plain copy."""
        candidates = ["0", "-1", str(2**40), str(2**64), str(2 ** rng.randint(0, 63)), str(rng.randint(-4, 130))]
        new = rng.choice(candidates)
        return new if new != old else "-1" if old != "-1" else "0"
    return replace_random_match(text, INT_RE, rng, choose)


def mutate_type(text: str, rng: random.Random) -> str | None:
    """Replace one type token (i32, f16, !tt.ptr<f32>, ...) with another one."""
    def choose(old: str) -> str:
        """Pick a different type, usually of the same kind (scalar or pointer)."""
        same_kind = PTR_TYPES if old.startswith("!") else SCALAR_TYPES
        pool = same_kind if rng.random() < 0.8 else SCALAR_TYPES + PTR_TYPES
        return rng.choice([t for t in pool if t != old])
    return replace_random_match(text, TYPE_RE, rng, choose)


def attribute_entry_spans(text: str) -> list[tuple[int, int]]:
    """Spans of `name = value` entries (with one adjacent comma) inside one-line `{...}` / `<{...}>` dicts."""
    spans = []
    for dict_match in ATTR_DICT_RE.finditer(text):
        body, base = dict_match.group(1), dict_match.start(1)
        # Split the body at top-level commas, ignoring commas nested in <>, [], () or strings.
        pieces, depth, in_string, start = [], 0, False, 0
        for pos, char in enumerate(body):
            if char == '"':
                in_string = not in_string
            elif in_string:
                continue
            elif char in "<[(":
                depth += 1
            elif char in ">])":
                depth -= 1
            elif char == "," and depth == 0:
                pieces.append((start, pos))
                start = pos + 1
        pieces.append((start, len(body)))
        for index, (lo, hi) in enumerate(pieces):
            if not ATTR_ENTRY_RE.match(body[lo:hi]):
                continue
            if index + 1 < len(pieces):
                hi += 1  # take the comma after the entry
            elif index > 0:
                lo -= 1  # last entry: take the comma before it
            spans.append((base + lo, base + hi))
    return spans


def mutate_drop_attribute(text: str, rng: random.Random) -> str | None:
    """Drop a random `name = value` attribute entry, or a whole ` attributes {...}` clause."""
    clauses = [(m.start(), m.end()) for m in ATTR_CLAUSE_RE.finditer(text)]
    entries = attribute_entry_spans(text)
    if not clauses and not entries:
        return None
    pool = clauses if clauses and (not entries or rng.random() < 0.25) else entries
    lo, hi = rng.choice(pool)
    return text[:lo] + text[hi:]


def mutate_truncate(text: str, rng: random.Random) -> str | None:
    """Cut the file at a random position."""
    if not text:
        return None
    return text[: rng.randrange(len(text))]


def mutate_identifier(text: str, rng: random.Random) -> str | None:
    """Replace one `%name` use or definition with another `%name` from the same file."""
    names = sorted(set(SSA_RE.findall(text)))
    if len(names) < 2:
        return None
    return replace_random_match(text, SSA_RE, rng, lambda old: rng.choice([n for n in names if n != old]))


def mutate_garbage(text: str, rng: random.Random) -> str | None:
    """Insert 1-16 random bytes or punctuation characters at a random position."""
    count = rng.randint(1, 16)
    if rng.random() < 0.5:
        garbage = "".join(chr(rng.randrange(256)) for _ in range(count))
    else:
        garbage = "".join(rng.choice(GARBAGE_PUNCT) for _ in range(count))
    pos = rng.randint(0, len(text))
    return text[:pos] + garbage + text[pos:]


def mutate_keyword(text: str, rng: random.Random) -> str | None:
    """Flip one keyword (tt.load->tt.store, 4x8->4w8, add->fadd, ...) that occurs in the file."""
    rules = [(re.compile(pattern), repl) for pattern, repl in KEYWORD_FLIPS]
    rules = [(pattern, repl) for pattern, repl in rules if pattern.search(text)]
    if not rules:
        return None
    pattern, replacements = rng.choice(rules)
    return replace_random_match(
        text, pattern, rng, lambda old: rng.choice([r for r in replacements if r != old] or replacements)
    )


# Replacements for an integer list inside an encoding (`#ttg.blocked<{... = [..]}>`,
# `CGALayout = [[..]]`, linear-layout bases): zeros, non-powers of two, wrong
# ranks, values that overflow 32 bits, repeated or out-of-range permutation entries.
LAYOUT_LISTS = ("[]", "[0]", "[0, 0]", "[3, 5]", "[1, 1, 1]", "[1]", "[4294967296, 1]", "[-1, 2]",
                "[2, 2]", "[65536, 65536]", "[1, 0, 7]", "[[0, 1], [1]]", "[[0, 0]]", "[[1, 0], [1, 0]]")
LAYOUT_LIST = re.compile(r"\[\[?[-0-9, \[\]]*\]?\]")


def mutate_layout_list(text: str, rng: random.Random) -> str | None:
    """Replace an integer list in an encoding definition (`#name = #ttg....`) by a malformed one."""
    lines = text.split("\n")
    candidates = [i for i, line in enumerate(lines) if line.startswith("#") and LAYOUT_LIST.search(line)]
    if not candidates:
        return None
    index = rng.choice(candidates)
    lines[index] = replace_random_match(lines[index], LAYOUT_LIST, rng, lambda old: rng.choice(LAYOUT_LISTS))
    return "\n".join(lines)


MUTATIONS: dict[str, Callable[[str, random.Random], str | None]] = {
    "layout_list": mutate_layout_list,
    "delete_line": mutate_delete_line,
    "duplicate_line": mutate_duplicate_line,
    "swap_lines": mutate_swap_lines,
    "integer": mutate_integer,
    "type": mutate_type,
    "drop_attribute": mutate_drop_attribute,
    "truncate": mutate_truncate,
    "identifier": mutate_identifier,
    "garbage": mutate_garbage,
    "keyword": mutate_keyword,
}


def make_mutant(text: str, rng: random.Random) -> tuple[str, list[str]]:
    """Apply 1-3 random applicable mutations; return the mutant and the names of the mutations applied."""
    applied: list[str] = []
    wanted = rng.randint(1, 3)
    attempts = 0
    while len(applied) < wanted and attempts < 50:
        attempts += 1
        name = rng.choice(sorted(MUTATIONS))
        mutated = MUTATIONS[name](text, rng)
        if mutated is not None and mutated != text:
            text = mutated
            applied.append(name)
    return text, applied


@dataclasses.dataclass
class Outcome:
    """What happened to one mutant."""

    index: int
    source: Path
    mutations: list[str]
    verdict: str  # "rejected", "accepted" or "crash"
    reason: str
    stderr: str
    saved: Path | None = None


def run_mutant(cmd: list[str], timeout: float) -> tuple[int | None, str]:
    """Run `cmd` on a mutant; return (returncode or None on timeout, stderr text)."""
    env = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1")  # crash reports come faster without symbolizing
    result = run_tool(cmd, timeout, env=env, capture_stdout=False)
    return result.returncode, result.stderr.decode("utf-8", errors="replace")


def classify(returncode: int | None, stderr: str, timeout: float) -> tuple[str, str]:
    """Return (verdict, reason) for one run: "accepted", "rejected" (with a diagnostic) or "crash"."""
    if returncode is None:
        return "crash", f"timed out after {timeout:g} s"
    reason = crash_reason(returncode, stderr)
    if reason:
        return "crash", reason
    if returncode == 0:
        return "accepted", "exit code 0"
    if returncode == 1:
        if DIAGNOSTIC_RE.search(stderr):
            return "rejected", "exit code 1 with a diagnostic"
        return "crash", "exit code 1 without a diagnostic"
    return "crash", f"exit code {returncode}"


def save_crash(keep: Path, seed: int, outcome: Outcome, mutant: bytes, cmd_for: Callable[[Path], list[str]]) -> Path:
    """Write the crashing mutant and a `.cmd` file that reproduces the run; return the mutant's path."""
    keep.mkdir(parents=True, exist_ok=True)
    target = outcome.source.parent.name
    saved = keep / f"{seed}-{outcome.index}-{target}.{outcome.source.name}"
    saved.write_bytes(mutant)
    lines = [
        f"# from {outcome.source} (seed {seed}, mutant {outcome.index})",
        f"# mutations: {', '.join(outcome.mutations)}",
        f"# result: {outcome.reason}",
        shlex.join(cmd_for(saved)),
    ]
    saved.with_name(saved.name + ".cmd").write_text("\n".join(lines) + "\n")
    return saved


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="corpus folder (default: %(default)s)")
    parser.add_argument("--stages", default="source,ttir",
                        help=f"comma-separated stages to draw inputs from (default: %(default)s; "
                             f"known: {','.join(STAGES)})")
    parser.add_argument("--count", type=int, default=300, help="number of mutants (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: %(default)s)")
    parser.add_argument("--opt", help=f"tool binary (default: {DEFAULT_OPT}, or mlir-opt with --plugin)")
    parser.add_argument("--plugin", help="dialect+pass plugin; the tool is then stock mlir-opt")
    parser.add_argument("--jobs", type=int, default=2, help="runs in parallel (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=20, help="seconds per run (default: %(default)s)")
    parser.add_argument("--keep", type=Path, default=DEFAULT_KEEP,
                        help="folder for crashing inputs (default: %(default)s)")
    parser.add_argument("--pipeline", help="also run this pass pipeline (e.g. 'builtin.module(tritium-make-ttir)') "
                                           "on every mutant, so passes see the odd inputs too")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the outcome of every mutant")
    args = parser.parse_args(argv)
    try:
        args.stages = parse_list(args.stages, STAGES, "stage")
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    if not args.stages:
        parser.error("--stages is empty")
    if args.count < 0 or args.jobs < 1 or args.timeout <= 0:
        parser.error("--count must be >= 0, --jobs >= 1 and --timeout > 0")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the mutation test; return the process exit code."""
    args = parse_args(argv)
    opt = locate_tool(args.corpus, args.opt, args.plugin, "fuzz")
    if isinstance(opt, int):
        return opt
    inputs = sorted(p for target in TARGETS for stage in args.stages
                    for p in (args.corpus / target).glob(f"*.{stage}.mlir"))
    if not inputs:
        print(f"fuzz: SKIPPED (no {','.join(args.stages)} files in {args.corpus})")
        return 0

    picker = random.Random(args.seed)
    picks = [picker.choice(inputs) for _ in range(args.count)]

    def cmd_for(path: Path) -> list[str]:
        """Command line that runs the tool on `path`."""
        extra = [f"--pass-pipeline={args.pipeline}"] if args.pipeline else []
        return build_command(opt, args.plugin, extra, path)

    with tempfile.TemporaryDirectory(prefix="tritium-fuzz-") as tmp:
        def one(index: int) -> Outcome:
            """Build, run and judge mutant `index` (its mutations depend only on seed and index)."""
            source = picks[index]
            rng = random.Random(f"{args.seed}-{index}")
            text, applied = make_mutant(source.read_bytes().decode(ENCODING), rng)
            mutant = text.encode(ENCODING)
            path = Path(tmp) / f"{index}-{source.parent.name}.{source.name}"
            path.write_bytes(mutant)
            returncode, stderr = run_mutant(cmd_for(path), args.timeout)
            verdict, reason = classify(returncode, stderr, args.timeout)
            outcome = Outcome(index, source, applied, verdict, reason, stderr)
            if verdict == "crash":
                outcome.saved = save_crash(args.keep, args.seed, outcome, mutant, cmd_for)
            path.unlink()
            return outcome

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            outcomes = list(pool.map(one, range(args.count)))

    counts = {verdict: sum(o.verdict == verdict for o in outcomes) for verdict in ("rejected", "accepted", "crash")}
    for outcome in outcomes:
        if args.verbose or outcome.verdict == "crash":
            where = f" -> {outcome.saved}" if outcome.saved else ""
            print(f"{outcome.verdict:8} #{outcome.index} {outcome.source.parent.name}/{outcome.source.name} "
                  f"[{', '.join(outcome.mutations)}]: {outcome.reason}{where}")
            if outcome.verdict == "crash":
                for line in outcome.stderr.splitlines()[:5]:
                    print(f"           {line}")
    print(f"fuzz: {len(outcomes)} mutants, {counts['rejected']} rejected with a diagnostic, "
          f"{counts['accepted']} accepted, {counts['crash']} crashes")
    if counts["crash"]:
        print(f"crashing inputs saved in {args.keep}:")
        for outcome in outcomes:
            if outcome.saved:
                print(f"  {outcome.saved}  (command: {outcome.saved}.cmd)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
