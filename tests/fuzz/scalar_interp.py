"""An interpreter of the scalar subset of MLIR (generic form), for the fuzzer's differential check.

It runs `tt.func`s whose ops are all scalar integer `arith` ops, `scf.for` / `scf.if` /
`scf.yield` and `tt.return`, as printed with `--mlir-print-op-generic`. Semantics:

- integers are two's complement of their width (`index` is 64 bits); `arith` ops wrap, and an
  op whose overflow flags (`nsw`/`nuw`) are violated, a division by zero, a signed division
  overflow or an over-wide shift is undefined behaviour (`Undefined`);
- `scf.for` runs `ceil((ub - lb) / step)` iterations computed exactly (signed, or unsigned with
  `unsignedCmp`), the induction variable taking `lb + k * step` (as MLIR's trip-count analyses and
  `loopUnrollByFactor` assume); a non-positive step, or `ub - lb` outside the type (MLIR's folders
  then disagree with each other), is `Undefined`;
- a run longer than its step budget raises `TooLong`.

Anything outside the subset raises `Unsupported` when the function is loaded, so callers compare
only what both sides can run.
"""

from __future__ import annotations

import dataclasses
import re

CMP_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


class Unsupported(Exception):
    """The function uses an op or type outside the scalar subset."""


class Undefined(Exception):
    """The run hit undefined behaviour (its result means nothing)."""


class TooLong(Exception):
    """The run went past its step budget."""


@dataclasses.dataclass
class Operation:
    """One op of the generic form."""

    results: list[str]
    name: str
    operands: list[str]
    attrs: str
    operand_types: list[str]
    result_types: list[str]
    regions: list[list["Block"]]


@dataclasses.dataclass
class Block:
    """A block: its argument names and types, and its ops."""

    args: list[tuple[str, str]]
    ops: list[Operation]


HEADER_RE = re.compile(r'^\s*(?:(%[\w#:]+(?:, %[\w#:]+)*) = )?"([\w.]+)"\((.*?)\)(.*)$')
BLOCK_RE = re.compile(r"^\s*\^[\w]+(?:\((.*)\))?:\s*$")
SIGNATURE_RE = re.compile(r":\s*\((.*?)\)\s*->\s*(.*?)\s*(?:loc\(.*\))?$")


def split_top(text: str) -> list[str]:
    """Split at commas outside <>, (), [] and {}."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


def parse_signature(text: str) -> tuple[list[str], list[str]]:
    """Operand and result types from the trailing `: (..) -> ..` of an op."""
    match = SIGNATURE_RE.search(text)
    if not match:
        raise Unsupported(f"no type signature in {text!r}")
    results = match.group(2).strip()
    if results.startswith("(") and results.endswith(")"):
        results = results[1:-1]
    return split_top(match.group(1)), split_top(results)


def expand_results(text: str | None) -> list[str]:
    """`%0:2` -> [%0#0, %0#1]; `%a, %b` -> [%a, %b]."""
    if not text:
        return []
    names = []
    for part in text.split(", "):
        if ":" in part:
            base, count = part.split(":")
            names += [f"{base}#{i}" for i in range(int(count))]
        else:
            names.append(part)
    return names


class Parser:
    """Line-based parser of the generic form printed by mlir-opt."""

    def __init__(self, text: str):
        self.lines = [line for line in text.split("\n") if line.strip() and not line.lstrip().startswith("//")]
        self.pos = 0

    def parse_ops(self) -> tuple[list[Operation], str]:
        """Ops up to a line starting with `}`; returns them and that line."""
        ops = []
        while self.pos < len(self.lines):
            line = self.lines[self.pos]
            if line.lstrip().startswith("}"):
                self.pos += 1
                return ops, line.strip()
            self.pos += 1
            ops.append(self.parse_op(line))
        return ops, ""

    def parse_block(self, first: str | None) -> tuple[Block, str]:
        """A block (optionally headed by `^bb0(...)`); returns it and the closing line."""
        args: list[tuple[str, str]] = []
        if self.pos < len(self.lines):
            match = BLOCK_RE.match(self.lines[self.pos])
            if match:
                self.pos += 1
                for arg in split_top(match.group(1) or ""):
                    name, _, ty = arg.partition(":")
                    args.append((name.strip(), re.sub(r"\s*loc\(.*\)$", "", ty.strip())))
        ops, closing = self.parse_ops()
        return Block(args, ops), closing

    def parse_op(self, line: str) -> Operation:
        match = HEADER_RE.match(line)
        if not match:
            raise Unsupported(f"cannot parse {line.strip()!r}")
        results = expand_results(match.group(1))
        name = match.group(2)
        operands = [o.strip() for o in match.group(3).split(",") if o.strip()]
        rest = match.group(4)
        regions: list[list[Block]] = []
        if rest.rstrip().endswith("({"):
            attrs = rest.rstrip()[:-2]
            while True:
                block, closing = self.parse_block(None)
                regions.append([block])
                if closing.startswith("}, {"):
                    continue
                if closing.startswith("})"):
                    rest = closing[2:]
                    break
                raise Unsupported(f"unexpected region end {closing!r}")
            attrs += rest
        else:
            attrs = rest
        operand_types, result_types = parse_signature(rest)
        return Operation(results, name, operands, attrs, operand_types, result_types, regions)


def int_width(ty: str) -> int:
    """The width of an integer type (index: 64)."""
    if ty == "index":
        return 64
    match = re.fullmatch(r"i(\d+)", ty)
    if not match:
        raise Unsupported(f"type {ty}")
    width = int(match.group(1))
    if not 1 <= width <= 128:
        raise Unsupported(f"type {ty}")
    return width


def wrap(value: int, width: int) -> int:
    """`value` as a signed `width`-bit integer."""
    value &= (1 << width) - 1
    return value - (1 << width) if width > 1 and value >> (width - 1) else (value if width > 1 else value & 1)


def unsigned(value: int, width: int) -> int:
    return value & ((1 << width) - 1)


def signed(value: int, width: int) -> int:
    value = unsigned(value, width)
    return value - (1 << width) if value >> (width - 1) else value


SUPPORTED = {
    "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.remsi",
    "arith.remui", "arith.ceildivsi", "arith.floordivsi", "arith.andi", "arith.ori", "arith.xori", "arith.shli",
    "arith.shrsi", "arith.shrui", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui", "arith.cmpi",
    "arith.select", "arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui",
    "scf.for", "scf.if", "scf.yield", "tt.return",
}


@dataclasses.dataclass
class Function:
    """A loaded `tt.func`."""

    name: str
    arg_types: list[str]
    body: Block


def check_supported(block: Block) -> None:
    """Raise Unsupported unless every op (nested too) is in the subset with integer types."""
    for _, ty in block.args:
        int_width(ty)
    for op in block.ops:
        if op.name not in SUPPORTED:
            raise Unsupported(op.name)
        for ty in op.operand_types + op.result_types:
            int_width(ty)
        for region in op.regions:
            for inner in region:
                check_supported(inner)


def constant_bounds_only(block: Block, defs: dict[str, Operation] | None = None) -> bool:
    """Whether every scf.for in `block` has lb, ub and step defined by arith.constant."""
    defs = {} if defs is None else defs
    for op in block.ops:
        for result in op.results:
            defs[result] = op
        if op.name == "scf.for":
            if any(defs.get(v) is None or defs[v].name != "arith.constant" for v in op.operands[:3]):
                return False
        for region in op.regions:
            for inner in region:
                if not constant_bounds_only(inner, dict(defs)):
                    return False
    return True


def load_functions(text: str) -> dict[str, Function | Exception]:
    """Every tt.func of a generic-form module: the function, or why it cannot be run."""
    parser = Parser(text)
    ops, _ = parser.parse_ops()
    module = ops[0] if ops and ops[0].name == "builtin.module" else None
    top = module.regions[0][0].ops if module else ops
    functions: dict[str, Function | Exception] = {}
    for op in top:
        if op.name != "tt.func":
            continue
        name_match = re.search(r'sym_name = "([^"]+)"', op.attrs)
        if not name_match or not op.regions:
            continue
        name = name_match.group(1)
        body = op.regions[0][0]
        try:
            check_supported(body)
            functions[name] = Function(name, [ty for _, ty in body.args], body)
        except Unsupported as exc:
            functions[name] = exc
    return functions


class Machine:
    """Runs functions under a step budget."""

    def __init__(self, budget: int):
        self.budget = budget
        self.steps = 0

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise TooLong()

    def call(self, function: Function, args: list[int]) -> list[int]:
        env: dict[str, tuple[int, int]] = {}
        for (name, ty), value in zip(function.body.args, args):
            env[name] = (wrap(value, int_width(ty)), int_width(ty))
        kind, values = self.run_block(function.body, env)
        if kind != "tt.return":
            raise Unsupported("function does not end in tt.return")
        return [v for v, _ in values]

    def run_block(self, block: Block, env: dict[str, tuple[int, int]]) -> tuple[str, list[tuple[int, int]]]:
        for op in block.ops:
            self.tick()
            if op.name in ("scf.yield", "tt.return"):
                return op.name, [env[v] for v in op.operands]
            results = self.run_op(op, env)
            for name, value, ty in zip(op.results, results, op.result_types):
                env[name] = (value, int_width(ty))
        raise Unsupported("block without terminator")

    def run_op(self, op: Operation, env: dict[str, tuple[int, int]]) -> list[int]:
        name = op.name
        width = int_width(op.result_types[0]) if op.result_types else 0
        args = [env[v][0] for v in op.operands]
        if name == "arith.constant":
            match = re.search(r"value = (-?\d+|true|false)", op.attrs)
            if not match:
                raise Unsupported("constant")
            text = match.group(1)
            return [wrap(1 if text == "true" else 0 if text == "false" else int(text), width)]
        if name == "scf.for":
            return self.run_for(op, env)
        if name == "scf.if":
            region = op.regions[0] if args[0] & 1 else (op.regions[1] if len(op.regions) > 1 else None)
            if region is None or not region[0].ops:
                return []
            _, values = self.run_block(region[0], dict(env))
            return [v for v, _ in values]
        if name == "arith.select":
            return [args[1] if args[0] & 1 else args[2]]
        if name == "arith.cmpi":
            w = env[op.operands[0]][1]
            predicate = int(re.search(r"predicate = (\d+)", op.attrs).group(1))
            a, b = args
            sa, sb, ua, ub = signed(a, w), signed(b, w), unsigned(a, w), unsigned(b, w)
            result = (sa == sb, sa != sb, sa < sb, sa <= sb, sa > sb, sa >= sb, ua < ub, ua <= ub, ua > ub,
                      ua >= ub)[predicate]
            return [wrap(int(result), 1)]
        if name in ("arith.extsi", "arith.index_cast"):
            w = env[op.operands[0]][1]
            return [wrap(signed(args[0], w), width)]
        if name in ("arith.extui", "arith.index_castui"):
            w = env[op.operands[0]][1]
            return [wrap(unsigned(args[0], w), width)]
        if name == "arith.trunci":
            return [wrap(args[0], width)]
        return [self.binary(name, args[0], args[1], width, op.attrs)]

    def binary(self, name: str, a: int, b: int, w: int, attrs: str) -> int:
        sa, sb, ua, ub = signed(a, w), signed(b, w), unsigned(a, w), unsigned(b, w)
        nsw, nuw = "nsw" in attrs, "nuw" in attrs
        op = name.split(".")[1]
        if op in ("addi", "subi", "muli", "shli"):
            if op == "shli":
                if ub >= w:
                    raise Undefined("shift")
                exact_s, exact_u = sa << ub, ua << ub
            else:
                f = {"addi": lambda x, y: x + y, "subi": lambda x, y: x - y, "muli": lambda x, y: x * y}[op]
                exact_s, exact_u = f(sa, sb), f(ua, ub)
            if nsw and signed(exact_s, w) != exact_s:
                raise Undefined("nsw")
            if nuw and unsigned(exact_u, w) != exact_u:
                raise Undefined("nuw")
            return wrap(exact_u, w)
        if op in ("divsi", "remsi", "ceildivsi", "floordivsi"):
            if sb == 0 or (sa == -(1 << (w - 1)) and sb == -1 and w > 1):
                raise Undefined("division")
            q = abs(sa) // abs(sb) * (1 if (sa >= 0) == (sb >= 0) else -1)
            if op == "divsi":
                return wrap(q, w)
            if op == "remsi":
                return wrap(sa - q * sb, w)
            if op == "ceildivsi":
                return wrap(-((-sa) // sb), w)
            return wrap(sa // sb, w)
        if op in ("divui", "remui"):
            if ub == 0:
                raise Undefined("division")
            return wrap(ua // ub if op == "divui" else ua % ub, w)
        if op in ("shrsi", "shrui"):
            if ub >= w:
                raise Undefined("shift")
            return wrap(sa >> ub if op == "shrsi" else ua >> ub, w)
        simple = {
            "andi": ua & ub, "ori": ua | ub, "xori": ua ^ ub,
            "maxsi": max(sa, sb), "minsi": min(sa, sb), "maxui": max(ua, ub), "minui": min(ua, ub),
        }
        if op in simple:
            return wrap(simple[op], w)
        raise Unsupported(name)

    def run_for(self, op: Operation, env: dict[str, tuple[int, int]]) -> list[int]:
        w = env[op.operands[0]][1]
        is_unsigned = "unsignedCmp" in op.attrs
        conv = unsigned if is_unsigned else signed
        lb, ub, step = (conv(env[v][0], w) for v in op.operands[:3])
        if step <= 0:
            raise Undefined("non-positive step")
        if ub > lb and conv(ub - lb, w) != ub - lb:
            # MLIR's own trip-count folders compute ub - lb in the loop's type
            # (canonicalize turns such a loop into zero iterations).
            raise Undefined("ub - lb overflows")
        trip = max(0, -((lb - ub) // step))
        values = [env[v] for v in op.operands[3:]]
        block = op.regions[0][0]
        for k in range(trip):
            self.tick()
            inner = dict(env)
            inner[block.args[0][0]] = (wrap(lb + k * step, w), w)
            for (name, _), value in zip(block.args[1:], values):
                inner[name] = value
            _, values = self.run_block(block, inner)
        return [v for v, _ in values]


def run(function: Function, args: list[int], budget: int) -> tuple[str, list[int] | str]:
    """("ok", results), ("undefined", why), ("too-long", steps) or ("unsupported", why)."""
    machine = Machine(budget)
    try:
        return "ok", machine.call(function, args)
    except Undefined as exc:
        return "undefined", str(exc)
    except TooLong:
        return "too-long", str(machine.steps)
    except (Unsupported, KeyError, IndexError, ValueError, AttributeError) as exc:
        return "unsupported", f"{type(exc).__name__}: {exc}"
