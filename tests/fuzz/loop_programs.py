"""Seeded random scalar loop programs: the inputs of the fuzzer's differential check.

Each program is a module of `tt.func`s over integer arguments with `scf.for` loops whose bounds are
constants chosen near the edges of their type (the trip counts stay small: big bounds come with big
steps), `iter_args`, nested loops, `scf.if`, and `tt.loop_unroll_factor` annotations, sane or huge.
Everything is in the subset `scalar_interp.py` runs.
"""

from __future__ import annotations

import random

INT_TYPES = ("i32", "i32", "i32", "i64", "index", "i16", "i8")
BINARY_OPS = ("arith.addi", "arith.subi", "arith.muli", "arith.xori", "arith.andi", "arith.ori",
              "arith.maxsi", "arith.minui")
FACTORS = (2, 2, 3, 4, 4, 5, 8, 16, 2147483647, 2147483648, 9223372036854775807)


def width(ty: str) -> int:
    return 64 if ty == "index" else int(ty[1:])


def bounds(ty: str, rng: random.Random) -> tuple[int, int, int, bool]:
    """(lb, ub, step, unsigned): a loop of at most a few dozen iterations, often near the type's edges."""
    w = width(ty)
    smin, smax, umax = -(1 << (w - 1)), (1 << (w - 1)) - 1, (1 << w) - 1
    kind = rng.randrange(6)
    if kind == 0:  # small
        lb = rng.randint(-4, 8)
        return lb, lb + rng.randint(0, 20), rng.randint(1, 4), False
    if kind == 1:  # up to the maximum with a big step (the issue's overflow)
        trips = rng.randint(1, 9)
        lb = rng.choice([0, 0, -5, 1, 7])
        step = min(smax, max(1, (smax - lb) // trips + rng.choice([0, 1, 2, -1])))
        return lb, smax - rng.choice([0, 0, 1, 3]), step, False
    if kind == 2:  # from the minimum
        trips = rng.randint(1, 9)
        ub = rng.choice([0, 10, -1, smin + 100])
        return smin, ub, min(smax, max(1, (ub - smin) // trips + rng.randint(0, 3))), False
    if kind == 3:  # unsigned, up to the unsigned maximum
        trips = rng.randint(1, 9)
        lb = rng.choice([0, 1, smax, umax - 1000])
        ub = rng.choice([umax, umax - 1, smax + 7, lb + 17])
        ub = max(ub, lb)
        return lb, ub, max(1, (ub - lb) // trips + rng.randint(0, 2)), True
    if kind == 4:  # step near the maximum
        return rng.choice([0, -3, smin]), smax, smax - rng.randint(0, 2), False
    lb = rng.randint(-20, 20)  # empty or negative ranges
    return lb, lb - rng.randint(0, 5), rng.randint(1, 3), False


def literal(value: int, ty: str) -> str:
    """`value` as an arith.constant literal of `ty` (unsigned values above the signed max are wrapped)."""
    w = width(ty)
    value &= (1 << w) - 1
    if value >> (w - 1):
        value -= 1 << w
    return str(value)


class Builder:
    """Emits one function's lines with fresh SSA names."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lines: list[str] = []
        self.counter = 0

    def fresh(self) -> str:
        self.counter += 1
        return f"%v{self.counter}"

    def constant(self, value: int, ty: str, indent: str) -> str:
        name = self.fresh()
        self.lines.append(f"{indent}{name} = arith.constant {literal(value, ty)} : {ty}")
        return name

    def expression(self, pool: list[str], ty: str, indent: str, count: int) -> list[str]:
        """`count` random binary ops over `pool` (values of `ty`); returns the new values."""
        made = []
        for _ in range(count):
            roll = self.rng.random()
            a, b = self.rng.choice(pool + made), self.rng.choice(pool + made)
            name = self.fresh()
            if roll < 0.12:
                c = self.fresh()
                pred = self.rng.choice(("slt", "ult", "eq", "sge"))
                self.lines.append(f"{indent}{c} = arith.cmpi {pred}, {a}, {b} : {ty}")
                self.lines.append(f"{indent}{name} = arith.select {c}, {a}, {b} : {ty}")
            else:
                op = self.rng.choice(BINARY_OPS)
                self.lines.append(f"{indent}{name} = {op} {a}, {b} : {ty}")
            made.append(name)
        return made

    def loop(self, pool: list[str], ty: str, indent: str, depth: int) -> list[str]:
        """An scf.for over constants carrying 1-2 values of `ty`; returns its results."""
        rng = self.rng
        iv_ty = rng.choice(INT_TYPES)
        lb, ub, step, is_unsigned = bounds(iv_ty, rng)
        c_lb, c_ub, c_step = (self.constant(v, iv_ty, indent) for v in (lb, ub, step))
        carried = rng.sample(pool, min(len(pool), rng.randint(1, 2)))
        args = [self.fresh() for _ in carried]
        iv = self.fresh()
        results = self.fresh()
        count = len(carried)
        res_names = [f"{results}#{i}" for i in range(count)] if count > 1 else [results]
        head = f"{indent}{results}{':' + str(count) if count > 1 else ''} = scf.for "
        head += "unsigned " if is_unsigned else ""
        head += f"{iv} = {c_lb} to {c_ub} step {c_step} iter_args("
        head += ", ".join(f"{a} = {c}" for a, c in zip(args, carried))
        head += f") -> ({', '.join([ty] * count)}) : {iv_ty} {{"
        self.lines.append(head)
        inner = indent + "  "
        body_pool = list(args)
        if iv_ty == ty:
            body_pool.append(iv)
        else:
            cast = self.fresh()
            cast_op = "arith.index_cast" if "index" in (iv_ty, ty) else (
                "arith.trunci" if width(iv_ty) > width(ty) else "arith.extsi")
            self.lines.append(f"{inner}{cast} = {cast_op} {iv} : {iv_ty} to {ty}")
            body_pool.append(cast)
        body_pool.append(self.constant(rng.choice([1, 3, -1, 7, 1 << 20]), ty, inner))
        made = self.expression(body_pool, ty, inner, rng.randint(1, 4))
        if depth < 2 and rng.random() < 0.3:
            made += self.loop(body_pool + made, ty, inner, depth + 1)
        if rng.random() < 0.2:
            made += self.branch(body_pool + made, ty, inner)
        yielded = [rng.choice(made + body_pool) for _ in carried]
        self.lines.append(f"{inner}scf.yield {', '.join(yielded)} : {', '.join([ty] * count)}")
        attrs = []
        if rng.random() < 0.85:
            factor = rng.choice(FACTORS)
            attrs.append(f"tt.loop_unroll_factor = {factor} : {'i64' if factor > 2**31 - 1 else 'i32'}")
        if rng.random() < 0.1:
            attrs.append("tt.num_stages = 2 : i32")
        self.lines.append(f"{indent}}}" + (f" {{{', '.join(attrs)}}}" if attrs else ""))
        return res_names

    def branch(self, pool: list[str], ty: str, indent: str) -> list[str]:
        """An scf.if yielding one value of `ty`."""
        a, b = self.rng.choice(pool), self.rng.choice(pool)
        cond, result = self.fresh(), self.fresh()
        self.lines.append(f"{indent}{cond} = arith.cmpi slt, {a}, {b} : {ty}")
        self.lines.append(f"{indent}{result} = scf.if {cond} -> ({ty}) {{")
        then = self.expression(pool, ty, indent + "  ", 1)
        self.lines.append(f"{indent}  scf.yield {then[0]} : {ty}")
        self.lines.append(f"{indent}}} else {{")
        self.lines.append(f"{indent}  scf.yield {self.rng.choice(pool)} : {ty}")
        self.lines.append(f"{indent}}}")
        return [result]


def program(rng: random.Random) -> str:
    """A module of 1-3 functions."""
    functions = []
    for index in range(rng.randint(1, 3)):
        builder = Builder(rng)
        ty = rng.choice(("i32", "i32", "i64", "i16"))
        params = ["%a", "%b"]
        pool = list(params)
        for _ in range(rng.randint(1, 2)):
            pool += builder.loop(pool, ty, "    ", 0)
            pool += builder.expression(pool, ty, "    ", rng.randint(0, 2))
        builder.lines.append(f"    tt.return {pool[-1]} : {ty}")
        signature = ", ".join(f"{p}: {ty}" for p in params)
        functions.append(f"  tt.func @f{index}({signature}) -> {ty} {{\n" + "\n".join(builder.lines) + "\n  }")
    return "module {\n" + "\n".join(functions) + "\n}\n"


if __name__ == "__main__":
    import sys

    print(program(random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)))
