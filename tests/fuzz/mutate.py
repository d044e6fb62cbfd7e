"""Seeded mutation robustness test: mutated corpus files must be rejected with a diagnostic, never crash the
tool; generated scalar loop programs (stage `loops`) must also compute the same values after a pass as
after -canonicalize alone (a differential check with tests/fuzz/scalar_interp.py)."""

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
sys.path.insert(0, str(Path(__file__).resolve().parent))
import loop_programs  # noqa: E402
import scalar_interp  # noqa: E402
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
STAGES = ("source", "ttir", "ttgir_convert", "ttgir", "ttgir_prellvm", "llvm_convert", "llvm", "loops")
# The passes the differential check runs on `loops` mutants, each compared with -canonicalize alone.
DIFF_PIPELINES = (
    "builtin.module(triton-loop-unroll)",
    "builtin.module(tritium-make-ttir{target=cuda:80})",
)
# Interpreter steps a run may take (the reference); a candidate gets 4x plus slack before it is
# judged to run far longer than the original.
DIFF_BUDGET = 20000
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


# Token-level mutations (issue 15): the values that break layout arithmetic, trip counts and
# allocation sizes.
EDGE_NUMBERS = ("0", "-1", "3", str(2**31), str(2**31 - 1), str(2**63), str(2**63 - 1), str(2**32), "1")
# A number inside an encoding definition (`#x = #ttg...<{... = [4, 8] ...}>`) or a shape (`128x64x`).
ENCODING_LINE = re.compile(r"^#[\w.]+ = #")
SHAPE_NUMBER_RE = re.compile(r"(?<=[<x])\d+(?=x)")
TERMINATOR_RE = re.compile(r"^\s*(?:tt\.return|scf\.yield|scf\.condition|cf\.br|cf\.cond_br|llvm\.return|tt\.reduce\.return"
                           r"|tt\.scan\.return|ttg\.warp_yield|ttg\.warp_return)\b.*$", re.M)
INT_CONSTANT_RE = re.compile(r"(arith\.constant )(-?\d+)( : (i\d+|index))")
FOR_RE = re.compile(r"^(\s*)(?:%[\w:#]+ = )?scf\.for\b", re.M)
FACTOR_VALUES = ("2", "3", "4", "7", "1024", str(2**31 - 1), str(2**31), str(2**32), str(2**63 - 1), "0", "-2")
NESTING_DEPTHS = (2, 31, 33, 100, 5000, 20000)


def mutate_edge_number(text: str, rng: random.Random) -> str | None:
    """Set a number inside an encoding definition or a tensor/memdesc shape to 0, -1, 3, 2^31, 2^63, ..."""
    lines = text.split("\n")
    spans = []
    for index, line in enumerate(lines):
        pattern = INT_RE if ENCODING_LINE.match(line) else SHAPE_NUMBER_RE
        spans += [(index, m.start(), m.end()) for m in pattern.finditer(line)]
    if not spans:
        return None
    index, lo, hi = rng.choice(spans)
    new = rng.choice(EDGE_NUMBERS)
    if SHAPE_NUMBER_RE.fullmatch(lines[index][lo:hi]) and new.startswith("-"):
        new = "0"
    lines[index] = lines[index][:lo] + new + lines[index][hi:]
    return "\n".join(lines)


def mutate_drop_terminator(text: str, rng: random.Random) -> str | None:
    """Delete one terminator line (tt.return, scf.yield, cf.br, ...)."""
    matches = list(TERMINATOR_RE.finditer(text))
    if not matches:
        return None
    match = rng.choice(matches)
    return text[: match.start()] + text[match.end():]


def mutate_nesting(text: str, rng: random.Random) -> str | None:
    """Nest a type in `!tt.ptr<...>` or an encoding in `#ttg.slice<...>` many levels deep."""
    depth = rng.choice(NESTING_DEPTHS)
    if rng.random() < 0.5:
        matches = list(re.finditer(r"!tt\.ptr<", text))
        if not matches:
            return None
        match = rng.choice(matches)
        end = text.find(">", match.end())
        if end < 0:
            return None
        return text[: match.end()] + "!tt.ptr<" * depth + text[match.end(): end] + ">" * depth + text[end:]
    lines = text.split("\n")
    candidates = [i for i, line in enumerate(lines) if re.match(r"^#[\w.]+ = #ttg\.", line)]
    if not candidates:
        return None
    index = rng.choice(candidates)
    name, _, value = lines[index].partition(" = ")
    value = re.sub(r"\s*loc\(.*\)$", "", value)
    lines[index] = f"{name} = " + "#ttg.slice<{dim = 0, parent = " * depth + value + "}>" * depth
    return "\n".join(lines)


def for_closers(text: str) -> list[tuple[int, int]]:
    """Spans of the `}` lines that close an `scf.for` (same indentation, first `}` line after it)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    spans = []
    for index, line in enumerate(lines):
        match = FOR_RE.match(line)
        if not match or not line.rstrip().endswith("{"):
            continue
        indent = match.group(1)
        for close in range(index + 1, len(lines)):
            if lines[close].startswith(indent + "}"):
                spans.append((offsets[close], offsets[close] + len(lines[close])))
                break
    return spans


def mutate_unroll_factor(text: str, rng: random.Random) -> str | None:
    """Give an `scf.for` a `tt.loop_unroll_factor` (sane or huge), or change the one it has."""
    spans = for_closers(text)
    if not spans:
        return None
    lo, hi = rng.choice(spans)
    line = text[lo:hi]
    factor = rng.choice(FACTOR_VALUES)
    entry = f"tt.loop_unroll_factor = {factor} : {'i64' if abs(int(factor)) >= 2**31 else 'i32'}"
    if "tt.loop_unroll_factor" in line:
        line = re.sub(r"tt\.loop_unroll_factor = -?\d+ : i\d+", entry, line)
    elif re.match(r"^\s*\} \{", line):
        line = line.replace("} {", "} {" + entry + ", ", 1)
    else:
        line = line.replace("}", "} {" + entry + "}", 1)
    return text[:lo] + line + text[hi:]


def mutate_int_constant(text: str, rng: random.Random) -> str | None:
    """Set an integer `arith.constant` (a loop bound, a step, an offset) to an edge value of its type."""
    matches = list(INT_CONSTANT_RE.finditer(text))
    if not matches:
        return None
    match = rng.choice(matches)
    ty = match.group(4)
    width = 64 if ty == "index" else max(1, int(ty[1:]))
    smin, smax = -(1 << (width - 1)), (1 << (width - 1)) - 1
    value = rng.choice((smax, smin, smax - 1, smax // 2 + 1, smax // 4 + 1, 1 << (width // 2), 0, -1, 1, 3))
    if width == 1:
        value = rng.choice((0, -1))
    return text[: match.start(2)] + str(value) + text[match.end(2):]


# Ops of dialects the passes and conversions do not own, whose folders run when a conversion
# legalizes them (issue 15: `index.add` of constants aborted convert-triton-to-tritongpu).
FOREIGN_OPS = (
    ("%fz0 = index.constant 1", "%fz1 = index.constant 2", "%fz2 = index.add %fz0, %fz1"),
    ("%fz0 = llvm.mlir.constant(1 : i32) : i32", "%fz1 = llvm.mlir.constant(6 : i32) : i32",
     "%fz2 = llvm.or %fz0, %fz1 : i32"),
    ("%fz0 = index.constant 7", "%fz1 = index.casts %fz0 : index to i32"),
    ("%fz0 = arith.constant 3 : index", "%fz1 = index.mul %fz0, %fz0"),
    ("%fz0 = index.constant 5", "%fz1 = index.constant 0", "%fz2 = index.divs %fz0, %fz1"),
)


def mutate_foreign_ops(text: str, rng: random.Random) -> str | None:
    """Insert a few foldable ops of other dialects (index, llvm) before an op inside a function."""
    lines = text.split("\n")
    candidates = [i for i, line in enumerate(lines) if re.match(r"^\s{4,}%[\w#:]+ = ", line)]
    if not candidates:
        return None
    index = rng.choice(candidates)
    indent = re.match(r"^\s*", lines[index]).group(0)
    lines[index:index] = [indent + op for op in rng.choice(FOREIGN_OPS)]
    return "\n".join(lines)


MUTATIONS: dict[str, Callable[[str, random.Random], str | None]] = {
    "foreign_ops": mutate_foreign_ops,
    "edge_number": mutate_edge_number,
    "drop_terminator": mutate_drop_terminator,
    "nesting": mutate_nesting,
    "unroll_factor": mutate_unroll_factor,
    "int_constant": mutate_int_constant,
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


# What a generated loop program is mostly mutated with: changes that keep it valid, so that the
# differential check sees edge-case loops rather than parse errors.
LOOP_MUTATIONS = ("int_constant", "int_constant", "unroll_factor", "unroll_factor", "integer")


def make_mutant(text: str, rng: random.Random, pool: tuple[str, ...] | None = None) -> tuple[str, list[str]]:
    """Apply 1-3 random applicable mutations (from `pool`, default all); return the mutant and their names."""
    applied: list[str] = []
    wanted = rng.randint(1, 3)
    attempts = 0
    names = list(pool) if pool else sorted(MUTATIONS)
    while len(applied) < wanted and attempts < 50:
        attempts += 1
        name = rng.choice(names)
        mutated = MUTATIONS[name](text, rng)
        if mutated is not None and mutated != text:
            text = mutated
            applied.append(name)
    return text, applied


VERDICTS = ("rejected", "accepted", "crash", "hang", "miscompile")


@dataclasses.dataclass
class Outcome:
    """What happened to one mutant."""

    index: int
    source: Path
    mutations: list[str]
    verdict: str  # one of VERDICTS
    reason: str
    stderr: str
    compared: int = 0  # function runs the differential check compared
    upstream: list[str] = dataclasses.field(default_factory=list)  # -canonicalize alone changed these results
    saved: Path | None = None
    command: list[str] | None = None  # the run that went wrong


@dataclasses.dataclass
class Mix:
    """One kind of mutant: the stages its inputs come from and the pipeline it runs (if any)."""

    stages: list[str]
    pipeline: str | None


def run_mutant(cmd: list[str], timeout: float, capture_stdout: bool = False) -> tuple[int | None, str, str]:
    """Run `cmd` on a mutant; return (returncode or None on timeout, stderr text, stdout text)."""
    env = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1")  # crash reports come faster without symbolizing
    result = run_tool(cmd, timeout, env=env, capture_stdout=capture_stdout)
    return (result.returncode, result.stderr.decode("utf-8", errors="replace"),
            result.stdout.decode("utf-8", errors="replace"))


def classify(returncode: int | None, stderr: str, timeout: float) -> tuple[str, str]:
    """Return (verdict, reason) for one run: "accepted", "rejected" (with a diagnostic), "crash" or "hang"."""
    if returncode is None:
        return "hang", f"timed out after {timeout:g} s"
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


def argument_sets(arity: int, seed: str) -> list[list[int]]:
    """Arguments the differential check calls a function with: the same for every run of one mutant,
    so that a function -canonicalize alone changes is recognised as such on the same inputs."""
    rng = random.Random(seed)
    sets = [[0] * arity, [1] * arity, [-3, 7][:arity] + [5] * max(0, arity - 2), [-1] * arity]
    sets += [[rng.randint(-1000, 1000) for _ in range(arity)] for _ in range(2)]
    return sets


def differential(reference_text: str, candidate_text: str, seed: str,
                 skip: set[str] = frozenset()) -> tuple[str | None, str | None, int]:
    """Compare the functions of two generic-form modules.

    Returns (why they differ or None, the function that differs, compared count). Only functions
    not in `skip`, whose every op the interpreter runs, whose loops have constant bounds, and whose
    reference run is defined and short are compared.
    """
    reference = scalar_interp.load_functions(reference_text)
    candidate = scalar_interp.load_functions(candidate_text)
    compared = 0
    for name, ref in reference.items():
        if name in skip:
            continue
        cand = candidate.get(name)
        if isinstance(ref, Exception) or not scalar_interp.constant_bounds_only(ref.body):
            continue
        if cand is None:
            return f"@{name} is gone", name, compared
        if isinstance(cand, Exception):
            continue  # the pass left an op the interpreter does not run
        for args in argument_sets(len(ref.arg_types), seed + name):
            kind, want = scalar_interp.run(ref, args, DIFF_BUDGET)
            if kind != "ok":
                continue
            compared += 1
            got_kind, got = scalar_interp.run(cand, args, 4 * DIFF_BUDGET + 10000)
            if got_kind == "unsupported":
                continue
            if (got_kind, got) != (kind, want):
                detail = f"{got}" if got_kind == "ok" else f"{got_kind} ({got})"
                return f"@{name}({', '.join(map(str, args))}) = {want} before, {detail} after", name, compared
    return None, None, compared


def save_crash(keep: Path, seed: int, outcome: Outcome, mutant: bytes, cmd_for: Callable[[Path], list[str]]) -> Path:
    """Write the failing mutant and a `.cmd` file that reproduces the run; return the mutant's path."""
    keep.mkdir(parents=True, exist_ok=True)
    target = outcome.source.parent.name
    saved = keep / f"{seed}-{outcome.index}-{target}.{outcome.source.name}"
    saved.write_bytes(mutant)
    command = cmd_for(saved)
    if outcome.command:
        command = outcome.command[:-1] + [str(saved)]
    lines = [
        f"# from {outcome.source} (seed {seed}, mutant {outcome.index})",
        f"# mutations: {', '.join(outcome.mutations)}",
        f"# result: {outcome.verdict}: {outcome.reason}",
        shlex.join(command),
    ]
    saved.with_name(saved.name + ".cmd").write_text("\n".join(lines) + "\n")
    return saved


def parse_mix(value: str) -> Mix:
    """`STAGES[=PIPELINE]`, e.g. `source,ttir=builtin.module(tritium-make-ttir{target=cuda:80})`."""
    stages, _, pipeline = value.partition("=")
    return Mix(parse_list(stages, STAGES, "stage"), pipeline or None)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="corpus folder (default: %(default)s)")
    parser.add_argument("--stages", default="source,ttir",
                        help=f"comma-separated stages to draw inputs from (default: %(default)s; "
                             f"known: {','.join(STAGES)}; `loops` are generated scalar loop programs, "
                             f"checked differentially)")
    parser.add_argument("--count", type=int, default=300, help="number of mutants (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: %(default)s)")
    parser.add_argument("--opt", help=f"tool binary (default: {DEFAULT_OPT}, or mlir-opt with --plugin)")
    parser.add_argument("--plugin", help="dialect+pass plugin; the tool is then stock mlir-opt")
    parser.add_argument("--jobs", type=int, default=2, help="runs in parallel (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=20, help="seconds per run (default: %(default)s)")
    parser.add_argument("--keep", type=Path, default=DEFAULT_KEEP,
                        help="folder for failing inputs (default: %(default)s)")
    parser.add_argument("--pipeline", help="also run this pass pipeline (e.g. 'builtin.module(tritium-make-ttir)') "
                                           "on every mutant, so passes see the odd inputs too")
    parser.add_argument("--mix", action="append", type=parse_mix, default=[],
                        help="STAGES[=PIPELINE]: a kind of mutant (repeatable; mutant i is of kind i mod the "
                             "number of kinds); replaces --stages/--pipeline")
    parser.add_argument("--targets", default=",".join(TARGETS),
                        help="corpus target folders to draw from (default: %(default)s); e.g. cuda_sm90 with "
                             "a cuda:90 --pipeline, so that backend's passes and lowering see the mutants")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the outcome of every mutant")
    args = parser.parse_args(argv)
    args.targets = [t for t in args.targets.split(",") if t]
    if any(t not in TARGETS for t in args.targets):
        parser.error(f"--targets: unknown target folder (known: {', '.join(TARGETS)})")
    try:
        if not args.mix:
            args.mix = [Mix(parse_list(args.stages, STAGES, "stage"), args.pipeline)]
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    if any(not mix.stages for mix in args.mix):
        parser.error("--stages is empty")
    if args.count < 0 or args.jobs < 1 or args.timeout <= 0:
        parser.error("--count must be >= 0, --jobs >= 1 and --timeout > 0")
    return args


LOOPS_SOURCE = Path("loops") / "generated.loops.mlir"


def main(argv: list[str] | None = None) -> int:
    """Run the mutation test; return the process exit code."""
    args = parse_args(argv)
    opt = locate_tool(args.corpus, args.opt, args.plugin, "fuzz")
    if isinstance(opt, int):
        return opt
    pools = []
    for mix in args.mix:
        files = sorted(p for target in args.targets for stage in mix.stages if stage != "loops"
                       for p in (args.corpus / target).glob(f"*.{stage}.mlir"))
        if "loops" in mix.stages:
            files.append(LOOPS_SOURCE)
        pools.append(files)
    if not all(pools):
        print(f"fuzz: SKIPPED (no {';'.join(','.join(m.stages) for m in args.mix)} files in {args.corpus})")
        return 0

    picker = random.Random(args.seed)
    picks = [picker.choice(pools[i % len(pools)]) for i in range(args.count)]

    with tempfile.TemporaryDirectory(prefix="tritium-fuzz-") as tmp:
        def one(index: int) -> Outcome:
            """Build, run and judge mutant `index` (its mutations depend only on seed and index)."""
            mix = args.mix[index % len(args.mix)]
            source = picks[index]
            rng = random.Random(f"{args.seed}-{index}")
            if source == LOOPS_SOURCE:
                original = loop_programs.program(rng)
                # Most programs stay valid: a miscompile needs an input that verifies.
                roll = rng.random()
                text, applied = ((original, []) if roll < 0.3 else
                                 make_mutant(original, rng, LOOP_MUTATIONS) if roll < 0.85 else
                                 make_mutant(original, rng))
            else:
                text, applied = make_mutant(source.read_bytes().decode(ENCODING), rng)
            mutant = text.encode(ENCODING)
            path = Path(tmp) / f"{index}-{source.parent.name}.{source.name}"
            path.write_bytes(mutant)

            def cmd_for(p: Path, pipeline: str | None = mix.pipeline, extra: tuple[str, ...] = ()) -> list[str]:
                """Command line that runs the tool on `p`."""
                flags = ([f"--pass-pipeline={pipeline}"] if pipeline else []) + list(extra)
                return build_command(opt, args.plugin, flags, p)

            outcome = judge(index, source, applied, path, mix, cmd_for, rng)
            if outcome.verdict in ("crash", "hang", "miscompile"):
                outcome.saved = save_crash(args.keep, args.seed, outcome, mutant, cmd_for)
            path.unlink()
            return outcome

        def judge(index: int, source: Path, applied: list[str], path: Path, mix: Mix,
                  cmd_for: Callable[..., list[str]], rng: random.Random) -> Outcome:
            """Run the mutant (and, for `loops`, the differential check) and return the outcome."""
            if source != LOOPS_SOURCE:
                cmd = cmd_for(path)
                returncode, stderr, _ = run_mutant(cmd, args.timeout)
                verdict, reason = classify(returncode, stderr, args.timeout)
                return Outcome(index, source, applied, verdict, reason, stderr, command=cmd)
            # The mutant as parsed (the reference), then -canonicalize alone, then each pass. A
            # function whose results -canonicalize alone changes is MLIR's own divergence (noted,
            # not counted): passes are judged on the other functions.
            generic = ("--mlir-print-op-generic",)
            texts = {}
            upstream: list[str] = []
            runs = [("input", None, ()), ("canonicalize", None, ("-canonicalize",))]
            runs += [(p, p, ()) for p in ((mix.pipeline,) if mix.pipeline else DIFF_PIPELINES)]
            compared = 0
            for label, pipeline, extra in runs:
                cmd = cmd_for(path, pipeline, extra + generic)
                returncode, stderr, stdout = run_mutant(cmd, args.timeout, capture_stdout=True)
                verdict, reason = classify(returncode, stderr, args.timeout)
                if verdict in ("crash", "hang"):
                    return Outcome(index, source, applied, verdict, f"{label}: {reason}", stderr, compared, command=cmd)
                if verdict == "rejected":
                    if label == "input":
                        return Outcome(index, source, applied, verdict, reason, stderr, command=cmd)
                    continue  # a pass may refuse an input with a diagnostic
                texts[label] = stdout
                if label == "input":
                    continue
                while True:
                    why, name, count = differential(texts["input"], stdout, f"{args.seed}-{index}", set(upstream))
                    compared += count
                    if not why:
                        break
                    if label != "canonicalize":
                        return Outcome(index, source, applied, "miscompile", f"{label}: {why}", stderr, compared,
                                       upstream, command=cmd)
                    upstream.append(name)
            return Outcome(index, source, applied, "accepted", "exit code 0", "", compared, upstream)

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            outcomes = list(pool.map(one, range(args.count)))

    counts = {verdict: sum(o.verdict == verdict for o in outcomes) for verdict in VERDICTS}
    failures = [o for o in outcomes if o.verdict in ("crash", "hang", "miscompile")]
    for outcome in outcomes:
        if args.verbose or outcome in failures:
            where = f" -> {outcome.saved}" if outcome.saved else ""
            print(f"{outcome.verdict:10} #{outcome.index} {outcome.source.parent.name}/{outcome.source.name} "
                  f"[{', '.join(outcome.mutations)}]: {outcome.reason}{where}")
            if outcome.verdict in ("crash", "hang"):
                for line in outcome.stderr.splitlines()[:5]:
                    print(f"           {line}")
    compared = sum(o.compared for o in outcomes)
    upstream = [o for o in outcomes if o.upstream]
    for outcome in upstream if args.verbose else upstream[:3]:
        print(f"note: -canonicalize alone changes the results of {', '.join('@' + n for n in outcome.upstream)} "
              f"in mutant #{outcome.index} (MLIR's own folders; not counted)")
    print(f"fuzz: {len(outcomes)} runs, {counts['crash']} crashes, {counts['hang']} hangs, "
          f"{counts['miscompile']} miscompiles ({counts['rejected']} rejected with a diagnostic, "
          f"{counts['accepted']} accepted, {compared} function runs compared by the interpreter, "
          f"{len(upstream)} with a divergence of -canonicalize alone)")
    if failures:
        print(f"failing inputs saved in {args.keep}:")
        for outcome in failures:
            print(f"  {outcome.saved}  (command: {outcome.saved}.cmd)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
