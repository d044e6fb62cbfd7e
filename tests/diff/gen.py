"""Random valid Triton (3.9 TTIR) kernels with an exact NumPy reference.

A program is a DAG of Nodes over one tile shape S (1-D to 3-D, powers of two, 1..8192
elements) run by G programs along the grid's x axis.  Every node is evaluated with NumPy
while the DAG is built (vectorised over the G programs: a value has shape (G,) + its
shape), so a node whose preconditions fail on the actual data (a division by zero, a
shift >= width, an fptosi out of range, ...) is never emitted.  The same DAG prints the
TTIR text (Emitter) and is re-evaluated after every change the minimizer makes.

    p = generate(seed, index, profile="cpu")    # depends only on (seed, index, profile)
    p.ttir()          -> TTIR text
    p.launch_args()   -> (grid, [arrays / scalars], output indices)
    p.check(arrays)   -> list of mismatch descriptions ([] = agree)

Shapes are symbolic: a node's `dims` is a tuple of entries, each an int d (the tile's
dimension S[d]) or ("k", c) (the constant c), so shrinking S re-shapes the whole DAG.
"""
import math
import os
import sys

import numpy as np

_here = os.path.dirname(os.path.abspath(__file__))
for _d in (_here, os.path.join(os.path.dirname(_here), "cpu")):
    if os.path.isfile(os.path.join(_d, "fp_reference.py")) and _d not in sys.path:
        sys.path.append(_d)
import fp_reference  # noqa: E402  (Triton 3.9's tt.fp_to_fp on cuda:80, tests/cpu/fp_reference.py)

from numerics import (FLOATS, FMT, FP8, MEM_NP, WIDTH, bits_to_float, eps, float_to_bits, fma_exact,
                      int_range, int_to_float, is_float, is_int, max_finite, min_normal, round_fmt, to_u, wrap)


# Ops that only move values between elements and registers: a product passed through them still
# reaches an addf as the product itself, which LLVM may contract into an fma.
MOVES = ("join", "split", "proj", "reshape", "trans", "expand", "bcast", "cat")


def holds_product(node):
    """Whether `node` is an f32/f16 product (mulf), or only moves one (join, split, reshape, ...):
    an addf of it may be computed as an fma (Triton's enable_fp_fusion; program 1154 of seed 57
    joined a product with a load, added, and split)."""
    if node.op == "bin":
        return node.attrs.get("fn") == "mulf"
    return node.op in MOVES and any(holds_product(a) for a in node.args)


class Invalid(Exception):
    """A precondition does not hold on the data: the node is not emitted."""


# ============================================================================ nodes
class Node:
    __slots__ = ("op", "args", "attrs", "t", "dims", "uid")
    _next = [0]

    def __init__(self, op, args, t, dims, **attrs):
        self.op = op
        self.args = list(args)
        self.t = t
        self.dims = tuple(dims)
        self.attrs = attrs
        Node._next[0] += 1
        self.uid = Node._next[0]

    def __repr__(self):
        return f"Node({self.op}, {self.t}, {self.dims}, {self.attrs})"


def dim_size(S, d):
    if isinstance(d, tuple):
        if d[0] == "k":
            return d[1]
        if d[0] == "flat":
            return int(np.prod(S))
        if d[0] == "mul":
            return S[d[1]] * d[2]
        raise ValueError(d)
    return S[d]


def shape_of(S, dims):
    return tuple(dim_size(S, d) for d in dims)


def ty(t, shape):
    if not shape:
        return t
    return "tensor<" + "x".join(str(s) for s in shape) + "x" + t + ">"


def ptr_ty(t, shape=()):
    p = f"!tt.ptr<{t}>"
    if not shape:
        return p
    return "tensor<" + "x".join(str(s) for s in shape) + "x" + p + ">"


# op tables -----------------------------------------------------------------
FUN_APPROX = ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "erf")
FUN_EXACT = ("negf", "absf", "floor", "ceil")
BIN_F = ("addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf")
BIN_I = ("addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori", "shli", "shrsi",
         "shrui", "maxsi", "minsi", "maxui", "minui")
CMPF = ("oeq", "one", "olt", "ole", "ogt", "oge", "ord", "ueq", "une", "ult", "ule", "ugt", "uge", "uno")
CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
RED_F = ("add", "mul", "maxnumf", "minnumf", "maximumf", "minimumf")
RED_I = ("add", "mul", "maxsi", "minsi", "maxui", "minui", "xor", "and", "or")

MATH_NAME = {"exp": "math.exp", "exp2": "math.exp2", "log": "math.log", "log2": "math.log2",
             "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "sin": "math.sin", "cos": "math.cos",
             "erf": "math.erf", "absf": "math.absf", "floor": "math.floor", "ceil": "math.ceil",
             "negf": "arith.negf", "precise_sqrt": "tt.precise_sqrt"}


def fconst_text(v, t):
    """An exact MLIR literal of an on-grid float value (hex bit pattern)."""
    b = int(float_to_bits(np.array([v]), t)[0]) & ((1 << WIDTH[t]) - 1)
    return "0x%0*X" % (WIDTH[t] // 4, b)


def iconst_text(v, t):
    if t == "i1":
        return "true" if v else "false"
    return str(int(v))


# ============================================================================ program
class Program:
    def __init__(self, seed, index, profile):
        self.seed = seed
        self.index = index
        self.profile = profile
        self.S = (1,)
        self.G = 1
        self.masked = False
        self.n = 0
        self.num_warps = 4
        self.inputs = []      # dicts: t (memory type), data (int64 / float64 values, flat G*numel)
        self.nodes = []       # topological
        self.outputs = []     # nodes stored, in order
        self.sargs = []       # scalar kernel arguments: dicts t (i32/f32), value
        self.atomics = []     # atomic nodes (and their returned values), stored after the outputs
        self.notes = []

    # ------------------------------------------------------------------ shapes
    @property
    def rank(self):
        return len(self.S)

    @property
    def numel(self):
        return int(np.prod(self.S))

    def shape(self, node):
        return shape_of(self.S, node.dims)

    def full_dims(self):
        return tuple(range(self.rank))

    # ------------------------------------------------------------------ evaluation
    def evaluate(self, strict=True):
        """Values of every node: {uid: (val, err)}; raises Invalid if a precondition fails."""
        env = {}
        ctx = EvalCtx(self)
        for nd in self.nodes:
            env[nd.uid] = eval_node(ctx, nd, [env[a.uid] for a in nd.args])
        return env

    def live_nodes(self):
        live = set()
        stack = list(self.outputs)
        while stack:
            nd = stack.pop()
            if nd.uid in live:
                continue
            live.add(nd.uid)
            stack.extend(nd.args)
        return [nd for nd in self.nodes if nd.uid in live]

    # ------------------------------------------------------------------ I/O
    def out_numel(self, nd):
        if nd.op == "atomic" and not nd.attrs["unique"]:
            return int(np.prod(self.shape(nd)))
        return self.G * int(np.prod(self.shape(nd)))

    def sentinel(self, t, n):
        return np.full(n * np.dtype(MEM_NP[t]).itemsize, 0x5A, np.uint8).view(MEM_NP[t])

    def input_arrays(self):
        arrs = []
        for inp in self.inputs:
            arrs.append(to_memory(inp["data"], inp["t"]))
        return arrs

    def output_arrays(self):
        return [to_memory(nd.attrs["init"], nd.t) if nd.op == "atomic" else
                self.sentinel(store_type(nd.t), self.out_numel(nd)) for nd in self.outputs]

    def launch_args(self):
        """(grid, args, n_inputs): args = input arrays, output arrays, then n (i32)."""
        ins = self.input_arrays()
        outs = self.output_arrays()
        sc = [np.int32(sa["value"]) if sa["t"] == "i32" else np.float32(sa["value"]) for sa in self.sargs]
        return (self.G, 1, 1), ins + outs + sc + [np.int32(self.n)], len(ins)

    def expected(self, env=None):
        """[(memory type, expected memory array, err float64 array or None, value mask)] per output."""
        if env is None:
            env = self.evaluate()
        res = []
        for nd in self.outputs:
            if nd.op == "atomic":
                v, e = atomic_final(self, nd, env)
                res.append((nd.t, to_memory(v, nd.t), e))
                continue
            val, err = env[nd.uid]
            st = store_type(nd.t)
            if nd.t == "i1":
                val = to_u(val, 1).astype(np.int64)
            exp = self.sentinel(st, self.out_numel(nd)).copy()
            written = np.ones(val.shape, bool)
            if nd.dims == self.full_dims() and self.masked:
                written = self.offsets() < self.n
            flat_w = written.reshape(-1)
            mem = to_memory(val.reshape(-1), st)
            exp[flat_w] = mem[flat_w]
            e = None
            if err is not None:
                e = np.zeros(exp.shape, np.float64)
                e[flat_w] = err.reshape(-1)[flat_w]
            res.append((st, exp, e))
        return res

    def offsets(self):
        """The identity offsets pid*numel + row-major index, shape (G,)+S."""
        lin = np.arange(self.numel, dtype=np.int64).reshape(self.S)
        return lin[None] + (np.arange(self.G, dtype=np.int64) * self.numel).reshape((self.G,) + (1,) * self.rank)

    def check(self, out_arrays, in_arrays=None, expected=None):
        """Mismatch messages of the outputs (and of inputs that must come back unchanged)."""
        msgs = []
        if expected is None:
            expected = self.expected()
        for k, ((st, exp, err), got) in enumerate(zip(expected, out_arrays)):
            m = compare(st, got, exp, err)
            if m:
                msgs.append(f"out{k} ({self.outputs[k].op} {ty(self.outputs[k].t, self.shape(self.outputs[k]))}): {m}")
        if in_arrays is not None:
            for k, (got, want) in enumerate(zip(in_arrays, self.input_arrays())):
                if got.tobytes() != want.tobytes():
                    msgs.append(f"in{k}: input buffer was modified")
        return msgs

    # ------------------------------------------------------------------ text
    def ttir(self):
        return Emitter(self).emit()

    def features(self):
        """Short tags of what the live program uses (for classifying failures)."""
        tags = set()
        for nd in self.live_nodes():
            a = nd.attrs
            if nd.op in ("un", "bin", "cast"):
                tags.add(f"{a['fn']}:{nd.args[0].t}" + (f"->{nd.t}" if nd.op == "cast" else ""))
            elif nd.op in ("cmpi", "cmpf"):
                tags.add(f"{nd.op}.{a['pred']}:{nd.args[0].t}")
            elif nd.op in ("reduce", "scan"):
                tags.add(f"{nd.op}[{','.join(a['kinds'])}] axis{a['axis']}/{len(nd.args[0].dims)}d"
                         + (" rev" if a.get("reverse") else "") + f":{nd.args[0].t}")
            elif nd.op == "atomic":
                tags.add(f"atomic_{a['kind']}:{nd.t}" + ("(unique)" if a["unique"] else "(shared)"))
            elif nd.op == "dot":
                tags.add(f"dot:{nd.args[0].t}->{nd.t}({a['prec']})")
            elif nd.op == "loop":
                tags.add(f"scf.{a['form']}[{a['f1']},{a['f2']}]:{nd.t}")
            elif nd.op == "if":
                tags.add(f"scf.if:{nd.t}")
            elif nd.op == "extern":
                tags.add(f"extern {extern_symbol(a['sym'], nd.t)}")
            elif nd.op == "gather":
                tags.add(f"gather axis{a['axis']}:{nd.t}")
            elif nd.op == "load":
                tags.add("load" + ("(masked)" if self.masked else "") + ("(perm)" if a["perm"] != tuple(range(self.rank)) or any(a["flips"]) else ""))
            else:
                tags.add(nd.op)
        return sorted(tags)

    def describe(self):
        return dict(seed=self.seed, index=self.index, profile=self.profile, S=list(self.S), G=self.G,
                    masked=self.masked, n=self.n, num_warps=self.num_warps,
                    inputs=[dict(t=i["t"], dist=i.get("dist")) for i in self.inputs],
                    outputs=[f"{nd.op}:{ty(nd.t, self.shape(nd))}" for nd in self.outputs],
                    nodes=len(self.live_nodes()))


def store_type(t):
    return "i8" if t == "i1" else t


def to_memory(vals, t):
    vals = np.asarray(vals)
    if is_int(t):
        return vals.astype(np.int64).astype(MEM_NP[t])
    if t in ("f16", "f32", "f64"):
        return vals.astype(MEM_NP[t])
    if t == "bf16":
        return float_to_bits(vals, t).astype(np.int16).view(np.uint16)
    return (float_to_bits(vals, t) & 0xFF).astype(np.uint8)


def from_memory(mem, t):
    if is_int(t):
        return mem.astype(np.int64)
    if t in ("f16", "f32", "f64"):
        return mem.astype(np.float64)
    if t == "bf16":
        return bits_to_float(mem.view(np.int16).astype(np.int64), t)
    return bits_to_float(mem.astype(np.int64), t)


def compare(t, got, exp, err):
    """'' when got agrees with exp (exact, NaN == NaN, or within err); else a description."""
    if got.shape != exp.shape:
        return f"shape {got.shape} != {exp.shape}"
    if is_int(t):
        bad = got != exp
    else:
        g = from_memory(got, t)
        e = from_memory(exp, t)
        with np.errstate(invalid="ignore", over="ignore"):
            same = (g == e) | (np.isnan(g) & np.isnan(e))
            if err is not None:
                tol_ok = np.abs(g - e) <= err
                loose = ~np.isfinite(err)
                near = (tol_ok | loose) & ~(np.isnan(e) & np.isfinite(err) & ~np.isnan(g))
                same = same | near
        bad = ~same
    if not bad.any():
        return ""
    idx = np.flatnonzero(bad)
    i = int(idx[0])
    g0, e0 = got[i], exp[i]
    if not is_int(t):
        g0, e0 = from_memory(got[i:i + 1], t)[0], from_memory(exp[i:i + 1], t)[0]
    extra = f" (tol {err[i]:.3g})" if err is not None and not is_int(t) else ""
    return f"{idx.size}/{bad.size} wrong, first at [{i}] got {g0!r} want {e0!r}{extra}"


# ============================================================================ evaluation
class EvalCtx:
    def __init__(self, prog):
        self.p = prog
        self.G = prog.G
        self.S = prog.S

    def shape(self, nd):
        return (self.G,) + shape_of(self.S, nd.dims)


def _f(x):
    return np.asarray(x, np.float64)


def eval_node(ctx, nd, argv):
    p = ctx.p
    a = nd.attrs
    op = nd.op
    shp = ctx.shape(nd)
    with np.errstate(all="ignore"):
        if op == "load":
            inp = p.inputs[a["inp"]]
            idx = load_index(p, a["perm"], a["flips"], shp[1:])
            data = inp["data"]
            val = data[np.minimum(idx, data.size - 1)]
            if p.masked:
                val = np.where(idx < p.n, val, a["other"])
            return val.astype(np.float64 if is_float(nd.t) else np.int64), None
        if op == "const":
            return np.full(shp, a["value"], np.float64 if is_float(nd.t) else np.int64), None
        if op == "pid":
            return np.arange(ctx.G, dtype=np.int64), None
        if op == "dot":
            return eval_dot(nd, argv, shp)
        if op == "atomic":
            return eval_atomic(p, nd, argv)
        if op == "aold":
            return argv[0]
        if op == "loop":
            return eval_loop(nd, argv, shp)
        if op == "if":
            (c, _), A, B = argv
            c = c.reshape((ctx.G,) + (1,) * (len(shp) - 1)) != 0
            ra = eval_bin(a["fa"], nd.t, A, B, nd.args[1:])
            rb = eval_bin(a["fb"], nd.t, A, B, nd.args[1:])
            v = np.where(c, ra[0], rb[0])
            e = None
            if ra[1] is not None or rb[1] is not None:
                e = np.where(c, 0 if ra[1] is None else ra[1], 0 if rb[1] is None else rb[1])
            return v, e
        if op == "extern":
            return eval_extern(a["sym"], nd.t, argv)
        if op == "tilemask":
            return np.where(p.offsets() < p.n, -1, 0).astype(np.int64), None
        if op == "sarg":
            v = a["value"]
            return np.full((ctx.G,), v, np.float64 if is_float(nd.t) else np.int64), None
        if op == "join":
            (x, ex), (y, ey) = argv
            e = None if ex is None and ey is None else np.stack([0 * x if ex is None else ex, 0 * y if ey is None else ey], -1)
            return np.stack([x, y], -1), e
        if op == "split":
            v, e = argv[0]
            return ((v[..., 0].copy(), None if e is None else e[..., 0].copy()),
                    (v[..., 1].copy(), None if e is None else e[..., 1].copy()))
        if op == "reshape":
            v, e = argv[0]
            return v.reshape(shp).copy(), (None if e is None else e.reshape(shp).copy())
        if op == "cat":
            (x, ex), (y, ey) = argv
            if ex is not None or ey is not None:
                raise Invalid("cat of inexact values")
            return np.concatenate([x, y], axis=1), None
        if op == "gather":
            (x, ex), (ix, _) = argv
            ax = a["axis"] + 1
            if (ix < 0).any() or (ix >= x.shape[ax]).any():
                raise Invalid("gather index out of range")
            v = np.take_along_axis(x, ix, axis=ax)
            return v, (None if ex is None else np.take_along_axis(ex, ix, axis=ax))
        if op == "histogram":
            (x, _), = argv[:1]
            B = shp[1]
            if (x < 0).any() or (x >= B).any():
                raise Invalid("histogram value out of range")
            out = np.zeros(shp, np.int64)
            m = None
            if len(argv) > 1:
                m = argv[1][0] != 0
            for g in range(ctx.G):
                xs = x[g] if m is None else x[g][m[g]]
                out[g] = np.bincount(xs.astype(np.int64), minlength=B)[:B]
            return out, None
        if op == "iota":
            ax = a["axis"]
            r = np.arange(shp[1 + ax], dtype=np.int64).reshape([1] * (1 + ax) + [-1] + [1] * (len(shp) - 2 - ax))
            return np.broadcast_to(r, shp).copy(), None
        if op == "splat":
            v, e = argv[0]
            v = np.broadcast_to(v.reshape((ctx.G,) + (1,) * (len(shp) - 1)), shp).copy()
            e = None if e is None else np.broadcast_to(e.reshape((ctx.G,) + (1,) * (len(shp) - 1)), shp).copy()
            return v, e
        if op == "un":
            return eval_un(a["fn"], nd.t, *argv[0])
        if op == "bin":
            return eval_bin(a["fn"], nd.t, argv[0], argv[1], nd.args)
        if op == "cmpf":
            (x, ex), (y, ey) = argv
            if ex is not None or ey is not None:
                raise Invalid("cmpf of inexact values")
            return cmpf(a["pred"], x, y), None
        if op == "cmpi":
            (x, _), (y, _) = argv
            return cmpi(a["pred"], x, y, WIDTH[nd.args[0].t]), None
        if op == "select":
            (c, _), (x, ex), (y, ey) = argv
            if nd.args[0].dims != nd.dims:  # scalar condition
                c = c.reshape((ctx.G,) + (1,) * (len(shp) - 1))
            c = np.broadcast_to(c != 0, shp)
            v = np.where(c, x, y)
            e = None
            if ex is not None or ey is not None:
                e = np.where(c, 0 if ex is None else ex, 0 if ey is None else ey)
            return v, e
        if op == "cast":
            return eval_cast(a["fn"], nd.args[0].t, nd.t, argv[0], a)
        if op == "fma":
            (x, ex), (y, ey), (z, ez) = argv
            if ex is not None or ey is not None or ez is not None:
                raise Invalid("fma of inexact values")
            if np.isinf(x * y).any() or np.isnan(x * y).any():
                raise Invalid("fma: product not finite")
            return fma_exact(x, y, z, nd.t), None
        if op == "clampf":
            (x, ex), (lo, el), (hi, eh) = argv
            if el is not None or eh is not None or np.isnan(lo).any() or np.isnan(hi).any() or (lo > hi).any():
                raise Invalid("clampf bounds")
            v = np.minimum(np.maximum(x, lo), hi)
            if a["prop"] == "all":
                v = np.where(np.isnan(x), np.nan, v)
            else:
                v = np.where(np.isnan(x), lo, v)
            return v, ex
        if op == "reduce":
            return eval_reduce(ctx, nd, argv)
        if op == "scan":
            return eval_scan(ctx, nd, argv)
        if op == "proj":
            v = argv[0][a["i"]]
            return v
        if op == "expand":
            v, e = argv[0]
            ax = a["axis"] + 1
            return np.expand_dims(v, ax), (None if e is None else np.expand_dims(e, ax))
        if op == "bcast":
            v, e = argv[0]
            return np.broadcast_to(v, shp).copy(), (None if e is None else np.broadcast_to(e, shp).copy())
        if op == "trans":
            v, e = argv[0]
            order = (0,) + tuple(1 + o for o in a["order"])
            return np.transpose(v, order).copy(), (None if e is None else np.transpose(e, order).copy())
    raise ValueError(op)


def load_index(p, perm, flips, S=None):
    """Memory index read at each position of shape S (default: the tile): (G,)+S int64."""
    S = p.S if S is None else S
    mshape = tuple(S[d] for d in perm)
    strides = [int(np.prod(mshape[k + 1:])) for k in range(len(mshape))]
    idx = np.zeros(S, np.int64)
    for k, d in enumerate(perm):
        r = np.arange(S[d], dtype=np.int64)
        if flips[d]:
            r = S[d] - 1 - r
        idx = idx + (r * strides[k]).reshape([1] * d + [-1] + [1] * (len(S) - 1 - d))
    numel = int(np.prod(S))
    return idx[None] + (np.arange(p.G, dtype=np.int64) * numel).reshape((p.G,) + (1,) * len(S))


def f_tol(t):
    """(relative, absolute) error of the approximate (non-IEEE) math of a format."""
    if t == "f64":
        return 2.0 ** -50, 1e-300
    r = 2.0 ** -20
    if t in ("f16", "bf16"):
        r += eps(t)
    return r, 2.0 ** -125


def ulp_bound(v, t):
    """|v| * eps(t) + the smallest subnormal: a bound on one rounding's error, doubled."""
    m, emin, _, _ = FMT[t]
    return np.abs(v) * 2.0 ** -m + 2.0 ** (emin - m)


def eval_un(fn, t, x, ex):
    if fn in ("negf", "absf"):
        v = -x if fn == "negf" else np.abs(x)
        return v, ex
    if ex is not None:
        raise Invalid(f"{fn} of an inexact value")
    if fn in ("floor", "ceil") and t in ("f32", "bf16"):
        # both compilers round f32 (and bf16 through f32) with cvt.rmi/rpi.ftz: a subnormal is flushed to a
        # zero of its sign first (floor(-1e-40) is -0.0 on the GPU, -1.0 in NumPy)
        fin = x[np.isfinite(x) & (x != 0)]
        if (np.abs(fin) < min_normal(t)).any():
            raise Invalid(f"{fn} of a subnormal (the GPU flushes them)")
    if fn == "floor":
        return np.floor(x), None
    if fn == "ceil":
        return np.ceil(x), None
    if fn == "precise_sqrt":
        return round_fmt(np.sqrt(x), t), None
    rel, ab = f_tol(t)
    if fn == "exp":
        r = np.exp(x)
        tol = (rel + np.abs(x) * 2.0 ** -22) * np.abs(r) + ab
    elif fn == "exp2":
        r = np.exp2(x)
        tol = (rel + np.abs(x) * 2.0 ** -22) * np.abs(r) + ab
    elif fn == "log":
        if (np.abs(x[x > 0]) < min_normal("f32")).any():
            raise Invalid("log of a subnormal")
        r = np.log(x)
        tol = rel * np.maximum(np.abs(r), 1.0) + ab
    elif fn == "log2":
        if (np.abs(x[x > 0]) < min_normal("f32")).any():
            raise Invalid("log2 of a subnormal")
        r = np.log2(x)
        tol = rel * np.maximum(np.abs(r), 1.0) + ab
    elif fn == "sqrt":
        if ((x > 0) & (x < min_normal("f32"))).any():
            raise Invalid("sqrt of a subnormal")
        r = np.sqrt(x)
        tol = rel * np.abs(r) + ab
    elif fn == "rsqrt":
        if ((np.abs(x) < min_normal("f32")) | np.isinf(x)).any():
            raise Invalid("rsqrt of 0, inf or a subnormal")
        r = 1.0 / np.sqrt(x)
        tol = rel * np.abs(r) + ab
    elif fn in ("sin", "cos"):
        if (np.abs(x[np.isfinite(x)]) > 1e4).any():
            raise Invalid("sin/cos argument too large")
        r = np.sin(x) if fn == "sin" else np.cos(x)
        tol = rel + 2.0 ** -21 + np.abs(x) * 2.0 ** -22 + ab
    elif fn == "erf":
        r = np.vectorize(math.erf, otypes=[np.float64])(x) if x.size else x.copy()
        tol = 2.0 ** -20 + ab
    else:
        raise ValueError(fn)
    v = round_fmt(r, t)
    tol = np.where(np.isfinite(tol), tol, np.inf) + ulp_bound(v, t)
    return v, tol


def eval_bin(fn, t, X, Y, args):
    (x, ex), (y, ey) = X, Y
    if is_float(t):
        if fn in ("maximumf", "minimumf", "maxnumf", "minnumf"):
            if fn == "maximumf":
                v = np.where(np.isnan(x) | np.isnan(y), np.nan, np.maximum(x, y))
            elif fn == "minimumf":
                v = np.where(np.isnan(x) | np.isnan(y), np.nan, np.minimum(x, y))
            elif fn == "maxnumf":
                v = np.fmax(x, y)
            else:
                v = np.fmin(x, y)
            e = None
            if ex is not None or ey is not None:
                e = np.maximum(0 if ex is None else ex, 0 if ey is None else ey)
            return v, e
        if fn in ("addf", "subf", "mulf"):
            r = x + y if fn == "addf" else (x - y if fn == "subf" else x * y)
            v = round_fmt(r, t)
            e = None
            fused = fn in ("addf", "subf") and any(holds_product(a) for a in args)
            if ex is not None or ey is not None or fused:
                ex0 = 0 if ex is None else ex
                ey0 = 0 if ey is None else ey
                if fn == "mulf":
                    e = np.abs(x) * ey0 + np.abs(y) * ex0 + ex0 * ey0
                else:
                    e = ex0 + ey0
                    if fused:  # a*b+c may be contracted into an fma (Triton's enable_fp_fusion)
                        for a_, (pv, _) in zip(args, (X, Y)):
                            if holds_product(a_):
                                e = e + ulp_bound(pv, t)
                e = e * (1 + 4 * eps(t)) + 2 * ulp_bound(v, t)
                e = np.where(np.isnan(e), np.inf, e)
            return v, e
        if fn == "divf":
            if ex is not None or ey is not None:
                raise Invalid("divf of inexact values")
            ay = np.abs(y)
            if ((ay < 2.0 ** -100) | (ay > 2.0 ** 100) | np.isnan(y)).any():
                raise Invalid("divf: divisor out of the safe range")
            v = round_fmt(x / y, t)
            if t == "f64":
                return v, None
            rel, ab = f_tol(t)
            tol = rel * np.abs(v) + ab + ulp_bound(v, t)
            return v, np.where(np.isfinite(tol), tol, np.inf)
        if fn == "precise_divf":
            if ex is not None or ey is not None:
                raise Invalid("precise_divf of inexact values")
            if (y == 0).any():
                raise Invalid("precise_divf by zero")
            return round_fmt(x / y, t), None
        raise ValueError(fn)
    w = WIDTH[t]
    if fn == "addi":
        return wrap(x + y, w), None
    if fn == "subi":
        return wrap(x - y, w), None
    if fn == "muli":
        return wrap(x * y, w), None
    if fn in ("andi", "ori", "xori"):
        f = {"andi": np.bitwise_and, "ori": np.bitwise_or, "xori": np.bitwise_xor}[fn]
        return wrap(f(x, y), w), None
    if fn in ("divsi", "remsi"):
        if (y == 0).any():
            raise Invalid("signed division by zero")
        lo, _ = int_range(w)
        if ((x == lo) & (y == -1)).any():
            raise Invalid("signed division overflow")
        q = np.floor_divide(x, y)
        r = x - q * y
        q = np.where((r != 0) & ((x < 0) != (y < 0)), q + 1, q)
        if fn == "divsi":
            return wrap(q, w), None
        return wrap(x - q * y, w), None
    if fn in ("divui", "remui"):
        ux, uy = to_u(x, w), to_u(y, w)
        if (uy == 0).any():
            raise Invalid("unsigned division by zero")
        return wrap(ux // uy if fn == "divui" else ux % uy, w), None
    if fn in ("shli", "shrsi", "shrui"):
        s = to_u(y, w)
        if (s >= np.uint64(w)).any():
            raise Invalid("shift amount >= width")
        if fn == "shli":
            return wrap(to_u(x, w) << s, w), None
        if fn == "shrui":
            return wrap(to_u(x, w) >> s, w), None
        return wrap(np.right_shift(x, s.astype(np.int64)), w), None
    if fn in ("maxsi", "minsi"):
        return (np.maximum(x, y) if fn == "maxsi" else np.minimum(x, y)), None
    if fn in ("maxui", "minui"):
        ux, uy = to_u(x, w), to_u(y, w)
        return wrap(np.maximum(ux, uy) if fn == "maxui" else np.minimum(ux, uy), w), None
    if fn == "mulhiui":
        ux, uy = to_u(x, w), to_u(y, w)
        if w <= 32:
            return wrap((ux * uy) >> np.uint64(w), w), None
        m32 = np.uint64(0xFFFFFFFF)
        a0, a1, b0, b1 = ux & m32, ux >> np.uint64(32), uy & m32, uy >> np.uint64(32)
        p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
        mid = (p00 >> np.uint64(32)) + (p01 & m32) + (p10 & m32)
        hi = p11 + (p01 >> np.uint64(32)) + (p10 >> np.uint64(32)) + (mid >> np.uint64(32))
        return wrap(hi, w), None
    raise ValueError(fn)


def cmpf(pred, x, y):
    unord = np.isnan(x) | np.isnan(y)
    base = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}
    if pred == "ord":
        r = ~unord
    elif pred == "uno":
        r = unord
    elif pred[0] == "o":
        r = base[pred[1:]] & ~unord
    else:
        r = base[pred[1:]] | unord
    return np.where(r, -1, 0).astype(np.int64)


def cmpi(pred, x, y, w):
    if pred[0] == "u":
        x, y = to_u(x, w), to_u(y, w)
        pred = pred[1:]
    elif pred[0] == "s":
        pred = pred[1:]
    r = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}[pred]
    return np.where(r, -1, 0).astype(np.int64)


def eval_cast(fn, src, dst, X, a):
    x, ex = X
    if fn == "extf":
        return x.copy(), ex
    if fn == "truncf":
        v = round_fmt(x, dst)
        if ex is None:
            return v, None
        e = ex + ulp_bound(x, dst) * 2
        return v, np.where(np.isnan(e) | np.isinf(v), np.inf, e)
    if fn == "fp_to_fp":
        if ex is not None:
            raise Invalid("fp_to_fp of an inexact value")
        conv = (src, dst, a.get("rounding"))
        if (src, dst) == ("f8E5M2", "bf16") and not np.isfinite(x).all():
            # e5m2 -> bf16 reads the inf/NaN exponent as a normal one: the result depends on NaN bits
            # (sign, payload) that the reference does not carry
            raise Invalid("e5m2 -> bf16 of inf/NaN")
        bits = float_to_bits(x, src) & ((1 << WIDTH[src]) - 1)
        out = fp_reference.reference(conv, bits.astype(fp_reference.FORMATS[src][2]))
        return fp_reference.decode(out, dst), None
    if ex is not None:
        raise Invalid(f"{fn} of an inexact value")
    if fn in ("sitofp", "uitofp"):
        return int_to_float(x, WIDTH[src], dst, fn == "uitofp"), None
    if fn in ("fptosi", "fptoui"):
        w = WIDTH[dst]
        lo, hi = int_range(w, fn == "fptoui")
        tr = np.trunc(x)
        if (np.isnan(x) | (tr < lo) | (tr >= float(hi + 1))).any():
            raise Invalid(f"{fn} out of range")
        if w == 64:
            vals = np.array([int(v) for v in tr.reshape(-1)], dtype=object).reshape(tr.shape)
            if fn == "fptoui":
                vals = np.array([v if v < (1 << 63) else v - (1 << 64) for v in vals.reshape(-1)],
                                dtype=np.int64).reshape(tr.shape)
            return vals.astype(np.int64), None
        return wrap(tr.astype(np.int64), w), None
    if fn == "extsi":
        return x.copy(), None
    if fn == "extui":
        return wrap(to_u(x, WIDTH[src]), WIDTH[dst]), None
    if fn == "trunci":
        return wrap(x, WIDTH[dst]), None
    if fn == "bitcast":
        if is_float(src):
            if np.isnan(x).any() or (x == 0).any():
                raise Invalid("bitcast of NaN or zero floats")
            return float_to_bits(x, src), None
        return bits_to_float(x, dst), None
    raise ValueError(fn)


def _red_ref(kind, t, x, axis):
    """Exact reduction of x along axis (float kinds in f64, then one rounding)."""
    if is_float(t):
        if kind == "add":
            return round_fmt(np.sum(x, axis=axis), t)
        if kind == "mul":
            return round_fmt(np.prod(x, axis=axis), t)
        if kind == "maxnumf":
            return np.fmax.reduce(x, axis=axis)
        if kind == "minnumf":
            return np.fmin.reduce(x, axis=axis)
        if kind == "maximumf":
            return np.where(np.isnan(x).any(axis=axis), np.nan, np.max(x, axis=axis))
        if kind == "minimumf":
            return np.where(np.isnan(x).any(axis=axis), np.nan, np.min(x, axis=axis))
    w = WIDTH[t]
    if kind == "add":
        return wrap(np.sum(x, axis=axis), w)
    if kind == "mul":
        return wrap(np.prod(x, axis=axis), w)
    if kind == "maxsi":
        return np.max(x, axis=axis)
    if kind == "minsi":
        return np.min(x, axis=axis)
    if kind == "maxui":
        return wrap(np.max(to_u(x, w), axis=axis), w)
    if kind == "minui":
        return wrap(np.min(to_u(x, w), axis=axis), w)
    f = {"xor": np.bitwise_xor, "and": np.bitwise_and, "or": np.bitwise_or}[kind]
    return wrap(f.reduce(x, axis=axis), w)


def _float_assoc_tol(kind, t, x, e, axis, L, scan=False, reverse=False):
    """Error bound of an add/mul reduction (or scan) whose order is not fixed."""
    acc = np.cumsum if scan else np.sum

    def along(f, v):
        if not scan:
            return f(v, axis=axis)
        if reverse:
            return np.flip(f(np.flip(v, axis), axis=axis), axis)
        return f(v, axis=axis)
    ax = np.where(np.isfinite(x), np.abs(x), 0.0)
    if kind == "add":
        s = along(acc, ax)
        if (s > max_finite(t) / 4).any():
            raise Invalid("sum may overflow")
        tol = (L + 2) * eps(t) * s + (L + 1) * 2.0 ** (FMT[t][1] - FMT[t][0])
        if e is not None:
            tol = tol + along(acc, e)
    else:
        if e is not None:
            raise Invalid("mul reduction of inexact values")
        fin = ax[np.isfinite(x)]
        if L > 16 or (fin.size and ((fin[fin != 0] < 2.0 ** -6).any() or (fin > 2.0 ** 6).any())):
            raise Invalid("mul reduction outside the safe range")
        # any order's partial products must stay normal and finite (0 * inf = NaN in one order, 0 in another)
        big = along(np.cumprod if scan else np.prod, np.where(np.isfinite(x), np.maximum(ax, 1.0), 1.0))
        small = along(np.cumprod if scan else np.prod, np.where(np.isfinite(x) & (ax != 0), np.minimum(ax, 1.0), 1.0))
        if (big > max_finite(t) / 4).any() or (small < min_normal(t) * 4).any():
            raise Invalid("mul reduction may overflow or underflow")
        pr = along(np.cumprod if scan else np.prod, np.where(np.isfinite(x), np.abs(x), 1.0))
        tol = (L + 2) * eps(t) * pr
    # non-finite inputs: inf/NaN results are order independent; loosen only where an inf is involved
    inf_in = along(np.cumsum if scan else np.sum, np.isinf(x).astype(np.float64)) > 0
    return np.where(inf_in, np.inf, tol)


def eval_reduce(ctx, nd, argv):
    a = nd.attrs
    axis = a["axis"] + 1
    kinds = a["kinds"]
    L = ctx.shape(nd.args[0])[axis]
    if kinds[0] in ("argmax", "argmin"):
        (x, ex), (ix, _) = argv
        if ex is not None or (is_float(nd.args[0].t) and np.isnan(x).any()):
            raise Invalid("argmax of NaN/inexact values")
        t = nd.args[0].t
        xs = x if is_float(t) else x.astype(np.int64)
        if kinds[0] == "argmax":
            best = np.max(xs, axis=axis, keepdims=True)
        else:
            best = np.min(xs, axis=axis, keepdims=True)
        cand = np.where(xs == best, ix, np.iinfo(np.int64).max)
        idx = np.min(cand, axis=axis)
        val = np.squeeze(best, axis=axis)
        return ((val, None), (idx, None))
    outs = []
    for (x, e), kind, src in zip(argv, kinds, nd.args):
        t = src.t
        if is_float(t):
            v = _red_ref(kind, t, x, axis)
            if kind in ("add", "mul"):
                tol = _float_assoc_tol(kind, t, x, e, axis, L)
                tol = tol + ulp_bound(v, t)
            else:
                tol = None if e is None else np.max(e, axis=axis)
            outs.append((v, tol))
        else:
            outs.append((_red_ref(kind, t, x, axis), None))
    return tuple(outs)


def eval_scan(ctx, nd, argv):
    a = nd.attrs
    axis = a["axis"] + 1
    rev = a["reverse"]
    L = ctx.shape(nd.args[0])[axis]
    outs = []
    for (x, e), kind, src in zip(argv, a["kinds"], nd.args):
        t = src.t
        xx = np.flip(x, axis) if rev else x
        if is_float(t):
            f = {"add": np.cumsum, "mul": np.cumprod,
                 "maxnumf": np.fmax.accumulate, "minnumf": np.fmin.accumulate}.get(kind)
            if kind == "maximumf":
                nanp = np.logical_or.accumulate(np.isnan(xx), axis=axis)
                v = np.where(nanp, np.nan, np.maximum.accumulate(np.where(np.isnan(xx), -np.inf, xx), axis=axis))
            elif kind == "minimumf":
                nanp = np.logical_or.accumulate(np.isnan(xx), axis=axis)
                v = np.where(nanp, np.nan, np.minimum.accumulate(np.where(np.isnan(xx), np.inf, xx), axis=axis))
            else:
                v = f(xx, axis=axis)
            if rev:
                v = np.flip(v, axis)
            v = round_fmt(v, t)
            if kind in ("add", "mul"):
                tol = _float_assoc_tol(kind, t, x, e, axis, L, scan=True, reverse=rev) + ulp_bound(v, t)
            elif e is None:
                tol = None
            else:
                ee = np.flip(e, axis) if rev else e
                tol = np.maximum.accumulate(ee, axis=axis)
                tol = np.flip(tol, axis) if rev else tol
            outs.append((v, tol))
        else:
            w = WIDTH[t]
            if kind == "add":
                v = wrap(np.cumsum(xx, axis=axis), w)
            elif kind == "mul":
                v = wrap(np.cumprod(xx, axis=axis), w)
            elif kind in ("maxsi", "minsi"):
                v = (np.maximum if kind == "maxsi" else np.minimum).accumulate(xx, axis=axis)
            elif kind in ("maxui", "minui"):
                v = wrap((np.maximum if kind == "maxui" else np.minimum).accumulate(to_u(xx, w), axis=axis), w)
            else:
                v = wrap({"xor": np.bitwise_xor, "and": np.bitwise_and, "or": np.bitwise_or}[kind]
                         .accumulate(xx, axis=axis), w)
            if rev:
                v = np.flip(v, axis)
            outs.append((v, None))
    return tuple(outs)


# ============================================================================ emission
class Emitter:
    def __init__(self, prog):
        self.p = prog
        self.lines = []
        self.k = 0
        self.cache = {}
        self.name = {}

    def fresh(self):
        self.k += 1
        return f"%v{self.k}"

    def put(self, text):
        v = self.fresh()
        self.lines.append(f"    {v} = {text}")
        return v

    # ---------------------------------------------------------------- helpers
    def const(self, value, t, shape):
        key = ("const", repr(value), t, shape)
        if key in self.cache:
            return self.cache[key]
        lit = fconst_text(value, t) if is_float(t) else iconst_text(value, t)
        if shape:
            v = self.put(f"arith.constant dense<{lit}> : {ty(t, shape)}")
        elif t == "i1":
            v = self.put(f"arith.constant {lit}")
        else:
            v = self.put(f"arith.constant {lit} : {t}")
        self.cache[key] = v
        return v

    def splat(self, s, t, shape):
        return self.put(f"tt.splat {s} : {t} -> {ty(t, shape)}")

    def place(self, r, n, d, shape):
        """A 1-D tensor<n> r placed along axis d of shape (expand_dims + broadcast)."""
        cur = [n]
        pos = 0
        rank = len(shape)
        for i in range(rank):
            if i == d:
                pos += 1
                continue
            nxt = cur[:i] + [1] + cur[i:] if i < d else cur + [1]
            r = self.put(f"tt.expand_dims {r} {{axis = {i if i < d else len(cur)} : i32}} : "
                         f"{ty('i32', tuple(cur))} -> {ty('i32', tuple(nxt))}")
            cur = nxt
        if tuple(cur) != tuple(shape):
            r = self.put(f"tt.broadcast {r} : {ty('i32', tuple(cur))} -> {ty('i32', tuple(shape))}")
        return r

    def base(self, numel):
        key = ("base", numel)
        if key not in self.cache:
            if numel == 1:
                self.cache[key] = "%pid"
            else:
                c = self.const(numel, "i32", ())
                self.cache[key] = self.put(f"arith.muli %pid, {c} : i32")
        return self.cache[key]

    def index(self, shape, perm=None, flips=None, nobase=False):
        """i32 tensor: pid*numel + the memory index of each position (memory order = shape permuted)."""
        rank = len(shape)
        perm = tuple(range(rank)) if perm is None else tuple(perm)
        flips = (False,) * rank if flips is None else tuple(flips)
        key = ("index", shape, perm, flips, nobase)
        if key in self.cache:
            return self.cache[key]
        if rank == 0:
            return self.base(1)
        numel = int(np.prod(shape))
        mshape = tuple(shape[d] for d in perm)
        strides = [int(np.prod(mshape[k + 1:])) for k in range(rank)]
        acc = None
        for k, d in enumerate(perm):
            n = shape[d]
            if n == 1 and rank > 1:
                continue
            r = self.put(f"tt.make_range {{end = {n} : i32, start = 0 : i32}} : tensor<{n}xi32>")
            if flips[d]:
                c = self.const(n - 1, "i32", (n,))
                r = self.put(f"arith.subi {c}, {r} : tensor<{n}xi32>")
            if strides[k] != 1:
                c = self.const(strides[k], "i32", (n,))
                r = self.put(f"arith.muli {r}, {c} : tensor<{n}xi32>")
            r = self.place(r, n, d, shape) if rank > 1 else r
            acc = r if acc is None else self.put(f"arith.addi {acc}, {r} : {ty('i32', shape)}")
        if acc is None:
            acc = self.const(0, "i32", shape)
        if nobase:
            self.cache[key] = acc
            return acc
        b = self.splat(self.base(numel), "i32", shape)
        v = self.put(f"arith.addi {b}, {acc} : {ty('i32', shape)}")
        self.cache[key] = v
        return v

    def mask(self, idx, shape):
        key = ("mask", idx)
        if key not in self.cache:
            n = self.cache.get("nsplat", {}).get(shape)
            if not shape:
                n = "%n"
            if n is None:
                n = self.splat("%n", "i32", shape)
                self.cache.setdefault("nsplat", {})[shape] = n
            self.cache[key] = self.put(f"arith.cmpi slt, {idx}, {n} : {ty('i32', shape)}")
        return self.cache[key]

    # ---------------------------------------------------------------- the program
    def emit(self):
        p = self.p
        live = p.live_nodes()
        used_inputs = sorted({nd.attrs["inp"] for nd in live if nd.op == "load"})
        params = []
        for k, inp in enumerate(p.inputs):
            params.append(f"%in{k}: {ptr_ty(inp['t'])} {{tt.divisibility = 16 : i32}}")
        for k, nd in enumerate(p.outputs):
            params.append(f"%out{k}: {ptr_ty(store_type(nd.t))} {{tt.divisibility = 16 : i32}}")
        for k, sa in enumerate(p.sargs):
            params.append(f"%s{k}: {sa['t']}")
        params.append("%n: i32")
        self.lines.append("    %pid = tt.get_program_id x : i32")
        for nd in live:
            self.name[nd.uid] = self.node(nd)
        for k, nd in enumerate(p.outputs):
            if nd.op == "atomic":
                continue
            v = self.name[nd.uid]
            t = nd.t
            shape = p.shape(nd)
            if t == "i1":
                v = self.put(f"arith.extui {v} : {ty('i1', shape)} to {ty('i8', shape)}")
                t = "i8"
            if not shape:
                ptr = self.put(f"tt.addptr %out{k}, %pid : {ptr_ty(t)}, i32")
                self.lines.append(f"    tt.store {ptr}, {v} : {ptr_ty(t)}")
                continue
            idx = self.index(shape)
            ptrs = self.splat(f"%out{k}", ptr_ty(t), shape)
            ptrs = self.put(f"tt.addptr {ptrs}, {idx} : {ptr_ty(t, shape)}, {ty('i32', shape)}")
            if nd.dims == p.full_dims() and p.masked:
                m = self.mask(idx, shape)
                self.lines.append(f"    tt.store {ptrs}, {v}, {m} : {ptr_ty(t, shape)}")
            else:
                self.lines.append(f"    tt.store {ptrs}, {v} : {ptr_ty(t, shape)}")
        del used_inputs
        head = f"  tt.func public @k({', '.join(params)}) attributes {{noinline = false}} {{"
        return "module {\n" + head + "\n" + "\n".join(self.lines) + "\n    tt.return\n  }\n}\n"

    def node(self, nd):
        p = self.p
        a = nd.attrs
        shape = p.shape(nd)
        T = ty(nd.t, shape)
        N = [self.name.get(x.uid) for x in nd.args]
        op = nd.op
        if op == "load":
            t = p.inputs[a["inp"]]["t"]
            idx = self.index(shape, a["perm"], a["flips"])
            if not shape:
                ptr = self.put(f"tt.addptr %in{a['inp']}, {idx} : {ptr_ty(t)}, i32")
                if p.masked:
                    m = self.mask(idx, shape)
                    o = self.const(a["other"], t, shape)
                    return self.put(f"tt.load {ptr}, {m}, {o} : {ptr_ty(t)}")
                return self.put(f"tt.load {ptr} : {ptr_ty(t)}")
            ptrs = self.splat(f"%in{a['inp']}", ptr_ty(t), shape)
            ptrs = self.put(f"tt.addptr {ptrs}, {idx} : {ptr_ty(t, shape)}, {ty('i32', shape)}")
            if p.masked:
                m = self.mask(idx, shape)
                o = self.const(a["other"], t, shape)
                return self.put(f"tt.load {ptrs}, {m}, {o} : {ptr_ty(t, shape)}")
            return self.put(f"tt.load {ptrs} : {ptr_ty(t, shape)}")
        if op == "const":
            return self.const(a["value"], nd.t, shape)
        if op == "pid":
            return "%pid"
        if op == "sarg":
            return f"%s{a['k']}"
        if op == "tilemask":
            return self.mask(self.index(shape), shape)
        if op == "dot":
            prec = a["prec"]
            return self.put(f"tt.dot {N[0]}, {N[1]}, {N[2]}, inputPrecision = {prec} : "
                            f"{ty(nd.args[0].t, p.shape(nd.args[0]))} * {ty(nd.args[1].t, p.shape(nd.args[1]))} -> {T}")
        if op == "atomic":
            k = p.outputs.index(nd)
            t = nd.t
            idx = self.index(shape) if a["unique"] else self.index(shape, nobase=True)
            ptrs = self.splat(f"%out{k}", ptr_ty(t), shape)
            ptrs = self.put(f"tt.addptr {ptrs}, {idx} : {ptr_ty(t, shape)}, {ty('i32', shape)}")
            if a["kind"] == "cas":
                return self.put(f"tt.atomic_cas {a['sem']}, {a['scope']}, {ptrs}, {N[1]}, {N[0]} : "
                                f"({ptr_ty(t, shape)}, {T}, {T}) -> {T}")
            m = self.mask(self.index(shape), shape) if p.masked else self.const(1, "i1", shape)
            return self.put(f"tt.atomic_rmw {a['kind']}, {a['sem']}, {a['scope']}, {ptrs}, {N[0]}, {m} : "
                            f"({ptr_ty(t, shape)}, {T}, {ty('i1', shape)}) -> {T}")
        if op == "aold":
            return N[0]
        if op == "extern":
            ins = ", ".join(ty(x.t, p.shape(x)) for x in nd.args)
            sym = extern_symbol(a["sym"], nd.t)
            return self.put(f"tt.extern_elementwise {', '.join(N)} {{libname = \"\", libpath = \"\", pure = true, "
                            f"symbol = \"{sym}\"}} : ({ins}) -> {T}")
        if op == "if":
            v = self.fresh()
            self.lines.append(f"    {v} = scf.if {N[0]} -> ({T}) {{")
            r1 = self.fresh()
            self.lines.append(f"      {r1} = arith.{a['fa']} {N[1]}, {N[2]} : {T}")
            self.lines.append(f"      scf.yield {r1} : {T}")
            self.lines.append("    } else {")
            r2 = self.fresh()
            self.lines.append(f"      {r2} = arith.{a['fb']} {N[1]}, {N[2]} : {T}")
            self.lines.append(f"      scf.yield {r2} : {T}")
            self.lines.append("    }")
            return v
        if op == "loop":
            return self.loop(nd, N, T, shape)
        if op == "join":
            return self.put(f"tt.join {N[0]}, {N[1]} : {ty(nd.t, p.shape(nd.args[0]))} -> {T}")
        if op == "split":
            v = self.fresh()
            a["nres"] = 2
            self.lines.append(f"    {v}:2 = tt.split {N[0]} : {ty(nd.t, p.shape(nd.args[0]))} -> {T}")
            return v
        if op == "reshape":
            return self.put(f"tt.reshape {N[0]} : {ty(nd.t, p.shape(nd.args[0]))} -> {T}")
        if op == "cat":
            return self.put(f"tt.cat {N[0]}, {N[1]} : {ty(nd.t, p.shape(nd.args[0]))} -> {T}")
        if op == "gather":
            return self.put(f"tt.gather {N[0]}[{N[1]}] {{axis = {a['axis']} : i32}} : "
                            f"({ty(nd.t, p.shape(nd.args[0]))}, {ty('i32', p.shape(nd.args[1]))}) -> {T}")
        if op == "histogram":
            m = f", {N[1]}" if len(N) > 1 else ""
            return self.put(f"tt.histogram {N[0]}{m} : {ty('i32', p.shape(nd.args[0]))} -> {T}")
        if op == "iota":
            d = a["axis"]
            n = shape[d]
            r = self.put(f"tt.make_range {{end = {n} : i32, start = 0 : i32}} : tensor<{n}xi32>")
            return self.place(r, n, d, shape) if len(shape) > 1 else r
        if op == "splat":
            return self.splat(N[0], nd.args[0].t, shape)
        if op == "un":
            return self.put(f"{MATH_NAME[a['fn']]} {N[0]} : {T}")
        if op == "bin":
            fn = a["fn"]
            name = {"precise_divf": "tt.precise_divf", "mulhiui": "tt.mulhiui"}.get(fn, "arith." + fn)
            return self.put(f"{name} {N[0]}, {N[1]} : {T}")
        if op in ("cmpf", "cmpi"):
            return self.put(f"arith.{op} {a['pred']}, {N[0]}, {N[1]} : {ty(nd.args[0].t, shape)}")
        if op == "select":
            if nd.args[0].dims != nd.dims:
                return self.put(f"arith.select {N[0]}, {N[1]}, {N[2]} : {T}")
            return self.put(f"arith.select {N[0]}, {N[1]}, {N[2]} : {ty('i1', shape)}, {T}")
        if op == "cast":
            fn = a["fn"]
            S0 = ty(nd.args[0].t, shape)
            if fn == "bitcast":
                return self.put(f"tt.bitcast {N[0]} : {S0} -> {T}")
            if fn == "fp_to_fp":
                rnd = f", rounding = {a['rounding']}" if a.get("rounding") else ""
                return self.put(f"tt.fp_to_fp {N[0]}{rnd} : {S0} -> {T}")
            return self.put(f"arith.{fn} {N[0]} : {S0} to {T}")
        if op == "fma":
            return self.put(f"math.fma {N[0]}, {N[1]}, {N[2]} : {T}")
        if op == "clampf":
            return self.put(f"tt.clampf {N[0]}, {N[1]}, {N[2]}, propagateNan = {a['prop']} : {T}")
        if op in ("reduce", "scan"):
            return self.combine_op(nd, N)
        if op == "proj":
            base = N[0]
            return f"{base}#{a['i']}" if nd.args[0].attrs["nres"] > 1 else base
        if op in ("expand", "bcast", "trans"):
            S0 = ty(nd.t, p.shape(nd.args[0]))
            if op == "expand":
                return self.put(f"tt.expand_dims {N[0]} {{axis = {a['axis']} : i32}} : {S0} -> {T}")
            if op == "bcast":
                return self.put(f"tt.broadcast {N[0]} : {S0} -> {T}")
            order = ", ".join(str(o) for o in a["order"])
            return self.put(f"tt.trans {N[0]} {{order = array<i32: {order}>}} : {S0} -> {T}")
        raise ValueError(op)

    def loop(self, nd, N, T, shape):
        a = nd.attrs
        t = nd.t
        c0 = self.const(0, "i32", ())
        cT = self.const(a["T"], "i32", ())
        c1 = self.const(1, "i32", ())
        v, iv, acc = self.fresh(), self.fresh(), self.fresh()
        body = []

        def b(text):
            r = self.fresh()
            body.append(f"      {r} = {text}")
            return r
        if a["form"] == "for":
            self.lines.append(f"    {v} = scf.for {iv} = {c0} to {cT} step {c1} iter_args({acc} = {N[0]}) -> ({T})  : i32 {{")
        else:
            i0, a0, cond = self.fresh(), self.fresh(), self.fresh()
            self.lines.append(f"    {v}:2 = scf.while ({i0} = {c0}, {a0} = {N[0]}) : (i32, {T}) -> (i32, {T}) {{")
            self.lines.append(f"      {cond} = arith.cmpi slt, {i0}, {cT} : i32")
            self.lines.append(f"      scf.condition({cond}) {i0}, {a0} : i32, {T}")
            self.lines.append("    } do {")
            self.lines.append(f"    ^bb0({iv}: i32, {acc}: {T}):")
        r = b(f"arith.{a['f1']} {acc}, {N[1]} : {T}")
        if is_float(t):
            ivt = b(f"arith.sitofp {iv} : i32 to {t}")
        elif t == "i32":
            ivt = iv
        elif WIDTH[t] > 32:
            ivt = b(f"arith.extsi {iv} : i32 to {t}")
        else:
            ivt = b(f"arith.trunci {iv} : i32 to {t}")
        ivs = b(f"tt.splat {ivt} : {t} -> {T}") if shape else ivt
        r = b(f"arith.{a['f2']} {r}, {ivs} : {T}")
        self.lines += body
        if a["form"] == "for":
            self.lines.append(f"      scf.yield {r} : {T}")
            self.lines.append("    }")
            return v
        nxt = self.fresh()
        self.lines.append(f"      {nxt} = arith.addi {iv}, {c1} : i32")
        self.lines.append(f"      scf.yield {nxt}, {r} : i32, {T}")
        self.lines.append("    }")
        return f"{v}#1"

    def combine_op(self, nd, N):
        p = self.p
        a = nd.attrs
        ts = [x.t for x in nd.args]
        in_types = [ty(t, p.shape(x)) for t, x in zip(ts, nd.args)]
        if nd.op == "reduce":
            rdims = tuple(d for i, d in enumerate(nd.args[0].dims) if i != a["axis"])
            out_types = [ty(t, shape_of(p.S, rdims)) for t in ts]
            props = f"<{{axis = {a['axis']} : i32}}>"
        else:
            out_types = in_types
            props = f"<{{axis = {a['axis']} : i32, reverse = {'true' if a['reverse'] else 'false'}}}>"
        k = len(ts)
        lhs = [f"%a{i}" for i in range(k)]
        rhs = [f"%b{i}" for i in range(k)]
        body = []
        cnt = [0]

        def tmp():
            cnt[0] += 1
            return f"%c{cnt[0]}"
        rets = []
        kinds = a["kinds"]
        if kinds[0] in ("argmax", "argmin"):
            t0, t1 = ts
            v0, i0, v1, i1 = lhs[0], lhs[1], rhs[0], rhs[1]
            cmp = "arith.cmpf" if is_float(t0) else "arith.cmpi"
            eq = "oeq" if is_float(t0) else "eq"
            gt = ("ogt" if kinds[0] == "argmax" else "olt") if is_float(t0) else \
                ("sgt" if kinds[0] == "argmax" else "slt")
            c1, c2, c3, c4, c5, r0, r1 = (tmp() for _ in range(7))
            body += [f"{c1} = {cmp} {eq}, {v0}, {v1} : {t0}", f"{c2} = arith.cmpi slt, {i0}, {i1} : {t1}",
                     f"{c3} = arith.andi {c1}, {c2} : i1", f"{c4} = {cmp} {gt}, {v0}, {v1} : {t0}",
                     f"{c5} = arith.ori {c4}, {c3} : i1", f"{r0} = arith.select {c5}, {v0}, {v1} : {t0}",
                     f"{r1} = arith.select {c5}, {i0}, {i1} : {t1}"]
            rets = [r0, r1]
        else:
            for i, (kind, t) in enumerate(zip(kinds, ts)):
                r = tmp()
                opn = combine_opname(kind, t)
                body.append(f"{r} = {opn} {lhs[i]}, {rhs[i]} : {t}")
                rets.append(r)
        ret = "tt.reduce.return" if nd.op == "reduce" else "tt.scan.return"
        args = ", ".join(f"{x}: {t}" for x, t in zip(lhs + rhs, ts + ts))
        res = self.fresh()
        a["nres"] = k
        head = f"{res}:{k}" if k > 1 else res
        otys = ", ".join(out_types)
        self.lines.append(f"    {head} = \"tt.{nd.op}\"({', '.join(N)}) {props} ({{")
        self.lines.append(f"    ^bb0({args}):")
        for b in body:
            self.lines.append("      " + b)
        self.lines.append(f"      {ret} {', '.join(rets)} : {', '.join(ts)}")
        self.lines.append(f"    }}) : ({', '.join(in_types)}) -> {'(' + otys + ')' if k > 1 else otys}")
        return res


def combine_opname(kind, t):
    if is_float(t):
        return {"add": "arith.addf", "mul": "arith.mulf", "maxnumf": "arith.maxnumf", "minnumf": "arith.minnumf",
                "maximumf": "arith.maximumf", "minimumf": "arith.minimumf"}[kind]
    return {"add": "arith.addi", "mul": "arith.muli", "maxsi": "arith.maxsi", "minsi": "arith.minsi",
            "maxui": "arith.maxui", "minui": "arith.minui", "xor": "arith.xori", "and": "arith.andi",
            "or": "arith.ori"}[kind]


# ============================================================================ random construction
PROFILES = {
    # cpu: what the CPU backend supports (no tt.extern_elementwise)
    "cpu": dict(fp8=True, extern=False),
    # gpu: everything Triton 3.9 accepts for cuda:80
    "gpu": dict(fp8=True, extern=True),
}
# tt.fp_to_fp conversions Triton 3.9 lowers for cuda:80 (fp8: only f8E5M2, in software)
FP_TO_FP = [c for c in fp_reference.CONVERSIONS if c[0] != c[1]]
SPECIALS = (0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0)


class Builder:
    def __init__(self, p, rng):
        self.p = p
        self.rng = rng
        self.env = {}
        self.step_nodes = []
        self.prof = PROFILES[p.profile]

    # ------------------------------------------------------------------ basics
    def choice(self, seq, p=None):
        if p is not None:
            p = np.asarray(p, np.float64)
            p = p / p.sum()
        return seq[int(self.rng.choice(len(seq), p=p))]

    def add(self, op, args, t, dims, **attrs):
        nd = Node(op, args, t, dims, **attrs)
        val = eval_node(EvalCtx(self.p), nd, [self.env[a.uid] for a in args])  # may raise Invalid
        self.p.nodes.append(nd)
        self.env[nd.uid] = val
        self.step_nodes.append(nd)
        return nd

    def rollback(self):
        for nd in self.step_nodes:
            if nd in self.p.atomics:
                self.p.atomics.remove(nd)
            self.p.nodes.remove(nd)
            self.env.pop(nd.uid, None)
        self.step_nodes = []

    def exact(self, nd):
        return self.env[nd.uid][1] is None

    def pool(self, t=None, dims=None, kind=None, exact=None, pred=None):
        out = []
        for nd in self.p.nodes:
            if nd.op in ("reduce", "scan", "split", "atomic", "aold", "cat"):  # cat: only its own reduction (s_cat)
                continue
            if t is not None and nd.t != t:
                continue
            if dims is not None and nd.dims != dims:
                continue
            if kind == "f" and not is_float(nd.t):
                continue
            if kind == "i" and not is_int(nd.t):
                continue
            if exact and not self.exact(nd):
                continue
            if pred is not None and not pred(nd):
                continue
            out.append(nd)
        return out

    def pick(self, cands):
        if not cands:
            return None
        w = np.arange(1, len(cands) + 1, dtype=np.float64) ** 1.5
        return cands[int(self.rng.choice(len(cands), p=w / w.sum()))]

    # ------------------------------------------------------------------ data
    def gen_values(self, t, n):
        rng = self.rng
        if is_int(t):
            lo, hi = int_range(WIDTH[t])
            dist = self.choice(["small", "full", "edge", "pos"], [4, 3, 2, 1])
            if dist == "small":
                v = rng.integers(-9, 10, n)
            elif dist == "pos":
                v = rng.integers(0, 100, n)
            elif dist == "full":
                v = rng.integers(lo, hi, n, endpoint=True, dtype=np.int64)
            else:
                edges = np.array([0, 1, -1, lo, hi, lo + 1, hi - 1, 2, -2], dtype=np.int64)
                v = np.where(rng.random(n) < 0.5, edges[rng.integers(0, len(edges), n)],
                             rng.integers(lo, hi, n, endpoint=True, dtype=np.int64))
            return wrap(np.asarray(v, np.int64), WIDTH[t]), dist
        dist = self.choice(["normal", "ints", "wide", "unit"], [5, 2, 1, 2])
        if dist == "normal":
            v = rng.standard_normal(n) * 2.0 ** int(rng.integers(-3, 6))
        elif dist == "ints":
            v = rng.integers(-20, 21, n).astype(np.float64)
        elif dist == "unit":
            v = rng.random(n) + 0.5
        else:
            _, emin, emax, _ = FMT[t]
            e = rng.integers(max(emin - 4, -60), min(emax, 60), n)
            v = np.ldexp(rng.random(n) + 0.5, e) * np.where(rng.random(n) < 0.5, -1, 1)
        sp = self.p.special_rate
        if sp > 0:
            m = rng.random(n) < sp
            v = np.where(m, np.array(SPECIALS)[rng.integers(0, len(SPECIALS), n)], v)
            dist += "+specials"
        return round_fmt(v, t), dist

    def new_load(self, t, dims=None):
        p = self.p
        dims = p.full_dims() if dims is None else tuple(dims)
        shape = shape_of(p.S, dims)
        rank = len(dims)
        mt = "i8" if t == "i1" else t
        data, dist = self.gen_values(mt, p.G * int(np.prod(shape)))
        p.inputs.append(dict(t=mt, data=data, dist=dist))
        k = len(p.inputs) - 1
        perm = tuple(range(rank))
        flips = (False,) * rank
        if self.rng.random() < 0.3 and rank > 1:
            perm = tuple(int(x) for x in self.rng.permutation(rank))
        if self.rng.random() < 0.2:
            flips = tuple(bool(x) for x in self.rng.random(rank) < 0.5)
        other = 0
        if p.masked:
            other = self.gen_values(mt, 1)[0][0] if self.rng.random() < 0.5 else 0
            other = float(other) if is_float(mt) else int(other)
        nd = self.add("load", [], mt, dims, inp=k, perm=perm, flips=flips, other=other)
        if t == "i1":
            z = self.add("const", [], "i8", nd.dims, value=0)
            nd = self.add("cmpi", [nd, z], "i1", nd.dims, pred="ne")
        return nd

    def const(self, t, dims, value=None):
        if value is None:
            v, _ = self.gen_values(t, 1)
            value = v[0]
        if is_float(t):
            value = float(round_fmt(np.array([float(value)]), t)[0])
        else:
            value = int(wrap(np.array([int(value)], dtype=np.int64), WIDTH[t])[0])
        return self.add("const", [], t, dims, value=value)

    def operand(self, t, dims, exact=False, avoid=None):
        """A value of type t and dims: from the pool, a constant, a new load, or a cast."""
        r = self.rng.random()
        cands = [c for c in self.pool(t=t, dims=dims, exact=exact or None) if c is not avoid]
        if cands and r < 0.6:
            return self.pick(cands)
        if r < 0.75 or dims != self.p.full_dims():
            if dims == self.p.full_dims() or r < 0.7:
                return self.const(t, dims)
        nd = self.new_load(t, dims)
        return nd if nd is not None else self.const(t, dims)

    # ------------------------------------------------------------------ steps
    def step(self):
        p = self.p
        cats = ["unary_f", "binary_f", "binary_i", "cmp", "select", "cast", "fma", "clampf", "reduce", "scan",
                "trans", "load", "splat", "sarg", "join", "reshape", "cat", "gather", "histogram", "dot", "atomic",
                "loop", "if", "extern"]
        w = [3, 6, 6, 3, 3, 6, 1, 1, 3, 3, 1 if p.rank > 1 else 0, 2, 1, 1, 1, 1, 1 if p.rank == 1 else 0, 1,
             1 if p.rank == 1 else 0, 3 if p.rank == 2 and min(p.S) >= 16 else 0, 1, 1.5, 1, 1]
        cat = self.choice(cats, w)
        self.step_nodes = []
        try:
            getattr(self, "s_" + cat)()
            self.step_nodes = []
            return True
        except Invalid:
            self.rollback()
            return False

    def s_load(self):
        p = self.p
        t = self.choice(p.types)
        r = self.rng.random()
        if r < 0.3:
            # a broadcast load: some dimensions of size 1, then tt.broadcast
            dims = tuple(("k", 1) if self.rng.random() < 0.5 else d for d in p.full_dims())
            if dims == p.full_dims():
                dims = (("k", 1),) + dims[1:]
            x = self.new_load(t, dims)
            self.add("bcast", [x], x.t, p.full_dims())
        elif r < 0.4 and p.rank > 1:
            # a load of a lower-rank slice (rows), expanded and broadcast
            d = int(self.rng.integers(0, p.rank))
            sub = tuple(x for x in p.full_dims() if x != d)
            x = self.new_load(t, sub)
            e = self.add("expand", [x], x.t, sub[:d] + (("k", 1),) + sub[d:], axis=d)
            self.add("bcast", [e], x.t, p.full_dims())
        else:
            self.new_load(t)

    def s_sarg(self):
        p = self.p
        t = self.choice(["i32", "f32"])
        v = self.gen_values(t, 1)[0][0]
        if t == "f32" and not np.isfinite(v):
            v = 1.5
        v = float(v) if t == "f32" else int(v)
        p.sargs.append(dict(t=t, value=v))
        s = self.add("sarg", [], t, (), k=len(p.sargs) - 1, value=v)
        if t not in p.types:
            p.types.append(t)
        if self.rng.random() < 0.8:
            self.add("splat", [s], t, p.full_dims())

    def s_join(self):
        x = self.any_node(pred=lambda n: 0 < len(n.dims) <= 2 and n.t not in FP8)
        y = self.operand(x.t, x.dims, avoid=x)
        j = self.add("join", [x, y], x.t, x.dims + (("k", 2),))
        if self.rng.random() < 0.5:
            z = self.add("join", [self.operand(x.t, x.dims), self.operand(x.t, x.dims)], x.t, j.dims)
            fn = self.choice(["addf", "maxnumf", "subf"] if is_float(x.t) else ["addi", "xori", "minsi"])
            j = self.add("bin", [j, z], x.t, j.dims, fn=fn)
        if self.rng.random() < 0.3:
            j = self.add("trans", [j], x.t, (j.dims[-1],) + j.dims[:-1], order=(len(j.dims) - 1,) + tuple(range(len(j.dims) - 1)))
            j = self.add("trans", [j], x.t, j.dims[1:] + (j.dims[0],), order=tuple(range(1, len(j.dims))) + (0,))
        sp = self.add("split", [j], x.t, x.dims, nres=2)
        for i in range(2):
            self.add("proj", [sp], x.t, x.dims, i=i)

    def s_reshape(self):
        p = self.p
        x = self.any_node(dims=p.full_dims(), pred=lambda n: n.t not in FP8)
        f = self.add("reshape", [x], x.t, (("flat",),))
        if self.rng.random() < 0.6:
            y = self.operand(x.t, f.dims, avoid=f)
            fn = self.choice(["addf", "maxnumf", "mulf"] if is_float(x.t) else ["addi", "xori", "maxui"])
            f = self.add("bin", [f, y], x.t, f.dims, fn=fn)
        if p.rank > 1 and self.rng.random() < 0.8:
            self.add("reshape", [f], x.t, p.full_dims())

    def s_cat(self):
        x = self.any_node(pred=lambda n: len(n.dims) == 1 and isinstance(n.dims[0], int) and n.t not in FP8)
        y = self.operand(x.t, x.dims, exact=is_float(x.t), avoid=x)
        if is_float(x.t) and not self.exact(x):
            raise Invalid("cat of inexact")
        c = self.add("cat", [x, y], x.t, (("mul", x.dims[0], 2),))
        # tt.cat may reorder elements: only an order-insensitive full reduction of it is defined
        kind = self.choice(["maxnumf", "minnumf", "maximumf", "minimumf"] if is_float(x.t) else
                           ["add", "xor", "and", "or", "maxsi", "minui"])
        red = self.add("reduce", [c], x.t, (), axis=0, kinds=[kind], nres=1)
        o = self.add("proj", [red], x.t, (), i=0)
        if self.rng.random() < 0.5:
            self.add("splat", [o], x.t, self.p.full_dims())

    def index_for(self, dims, size):
        """An i32 tensor of dims with values in [0, size) (size a power of two)."""
        src = self.pick(self.pool(dims=dims, kind="i", pred=lambda n: n.t != "i1"))
        if src is None or self.rng.random() < 0.3:
            src = self.operand("i32", dims)
        if src.t != "i32":
            src = self.add("cast", [src], "i32", dims, fn="extsi" if WIDTH[src.t] < 32 else "trunci")
        return self.add("bin", [src, self.const("i32", dims, size - 1)], "i32", dims, fn="andi")

    def s_gather(self):
        p = self.p
        x = self.any_node(dims=p.full_dims(), pred=lambda n: n.t not in FP8)
        axis = int(self.rng.integers(0, p.rank))
        ix = self.index_for(x.dims, p.S[axis])
        self.add("gather", [x, ix], x.t, x.dims, axis=axis)

    def s_dot(self):
        p = self.p
        if p.rank != 2 or p.S[0] < 16 or p.S[1] < 16:
            raise Invalid("dot needs a 2-D tile of at least 16x16")
        K = int(self.choice([16, 32, 64], [3, 3, 1]))
        kinds = [("f16", "f32", "tf32"), ("bf16", "f32", "tf32"), ("f32", "f32", "tf32"), ("f32", "f32", "ieee"),
                 ("i8", "i32", "tf32")]
        if self.prof["fp8"]:
            kinds += [("f8E5M2", "f32", "tf32")]
        at, acc, prec = self.choice(kinds)
        A = self.new_load(at, (0, ("k", K)))
        B = self.new_load(at, (("k", K), 1))
        if self.rng.random() < 0.5:
            C = self.const(acc, p.full_dims(), 0)
        else:
            C = self.operand(acc, p.full_dims())
        self.add("dot", [A, B, C], acc, p.full_dims(), prec=prec)

    def s_atomic(self):
        p = self.p
        kind = self.choice(list(ATOMIC_INT) + ["fadd", "exch", "cas"], [1] * 8 + [2, 1, 2])
        if kind == "fadd":
            t = self.choice(["f32", "f16"] if self.prof["fp8"] else ["f32"], [3, 1] if self.prof["fp8"] else None)
        else:
            t = self.choice(["i32", "i64"], [3, 1])
        unique = kind in ("exch", "cas") or self.rng.random() < 0.4
        val = self.operand(t, p.full_dims(), exact=True)
        numel = p.numel * (p.G if unique else 1)
        init, _ = self.gen_values(t, numel)
        if not unique and kind == "fadd" and not np.isfinite(init).all():
            init = np.where(np.isfinite(init), init, 0.0)
        args = [val]
        if kind == "cas":
            # compare with the current contents in about half of the lanes
            cur = init.reshape((p.G,) + p.S)
            other = self.gen_values(t, numel)[0].reshape(cur.shape)
            data = np.where(self.rng.random(cur.shape) < 0.5, cur, other).reshape(-1)
            p.inputs.append(dict(t=t, data=data, dist="cas-compare"))
            cmp = self.add("load", [], t, p.full_dims(), inp=len(p.inputs) - 1, perm=tuple(range(p.rank)),
                           flips=(False,) * p.rank, other=0)
            args.append(cmp)
        nd = Node("atomic", args, t, p.full_dims(), kind=kind, sem=self.choice(["relaxed", "acquire", "release", "acq_rel"]),
                  scope=self.choice(["gpu", "cta", "sys"]), unique=unique, init=init)
        self.env[nd.uid] = eval_atomic(p, nd, [self.env[x.uid] for x in args])
        p.nodes.append(nd)
        self.step_nodes.append(nd)
        p.atomics.append(nd)
        if unique and self.rng.random() < 0.6:
            o = self.add("aold", [nd], t, nd.dims)
            p.atomics.append(o)

    def s_loop(self):
        x = self.any_node(pred=lambda n: n.t not in FP8 and n.t != "i1")
        t = x.t
        if is_float(t):
            if not self.exact(x):
                raise Invalid("loop of inexact")
            f1 = self.choice(["addf", "maxnumf", "minimumf", "mulf", "subf"])
            f2 = self.choice(["addf", "subf", "maxnumf"])
        else:
            f1 = self.choice(["addi", "xori", "muli", "maxsi", "minui", "subi"])
            f2 = self.choice(["addi", "xori", "subi"])
        init = self.operand(t, x.dims, exact=True, avoid=x)
        self.add("loop", [init, x], t, x.dims, T=int(self.rng.integers(0, 5)), f1=f1, f2=f2,
                 form=self.choice(["for", "while"]))

    def s_if(self):
        x = self.any_node(pred=lambda n: n.t not in FP8 and len(n.dims) > 0)
        c = self.pick(self.pool(t="i1", dims=()))
        if c is None:
            s = self.pick(self.pool(dims=(), kind="i", pred=lambda n: n.t != "i1"))
            if s is None:
                s = self.add("pid", [], "i32", ())
            c = self.add("cmpi", [s, self.const(s.t, (), 1)], "i1", (), pred=self.choice(CMPI))
        y = self.operand(x.t, x.dims, avoid=x)
        fns = ["addf", "subf", "maxnumf", "minimumf", "mulf"] if is_float(x.t) else ["addi", "xori", "subi", "maxsi", "andi"]
        self.add("if", [c, x, y], x.t, x.dims, fa=self.choice(fns), fb=self.choice(fns))

    def s_extern(self):
        if not self.prof["extern"]:  # the GPU profile only: libdevice (no CPU support)
            raise Invalid("extern_elementwise is GPU-only")
        x = self.any_node(exact=True, pred=lambda n: n.t in ("f32", "f64"))
        name = self.choice(list(EXTERN))
        arity = EXTERN[name][0]
        args = [x] + [self.operand(x.t, x.dims, exact=True, avoid=x) for _ in range(arity - 1)]
        self.add("extern", args, x.t, x.dims, sym=name)

    def s_histogram(self):
        p = self.p
        if p.rank != 1:
            raise Invalid("histogram is 1-D")
        B = int(2 ** self.rng.integers(0, 8))
        ix = self.index_for(p.full_dims(), B)
        args = [ix]
        if p.masked and self.rng.random() < 0.7:
            args.append(self.add("tilemask", [], "i1", p.full_dims()))
        self.add("histogram", args, "i32", (("k", B),))

    def any_node(self, **kw):
        c = self.pool(**kw)
        if not c:
            raise Invalid("no operand")
        return self.pick(c)

    def s_unary_f(self):
        x = self.any_node(kind="f", pred=lambda n: n.t not in FP8)
        fns = list(FUN_EXACT)
        if self.exact(x):
            fns += list(FUN_APPROX)
            if x.t == "f32":
                fns.append("precise_sqrt")
        fn = self.choice(fns)
        if fn in ("log", "log2", "sqrt", "rsqrt") and self.rng.random() < 0.7:
            x = self.add("un", [x], x.t, x.dims, fn="absf")
        self.add("un", [x], x.t, x.dims, fn=fn)

    def s_binary_f(self):
        x = self.any_node(kind="f", pred=lambda n: n.t not in FP8)
        fns = list(BIN_F)
        if x.t == "f32":
            fns.append("precise_divf")
        fn = self.choice(fns)
        y = self.operand(x.t, x.dims, exact=fn in ("divf", "precise_divf"), avoid=x)
        if self.rng.random() < 0.5:
            x, y = y, x
        self.add("bin", [x, y], x.t, x.dims, fn=fn)

    def s_binary_i(self):
        x = self.any_node(kind="i")
        t = x.t
        fns = list(BIN_I) + (["mulhiui"] if t in ("i32", "i64") else [])
        if t == "i1":
            fns = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"]
        fn = self.choice(fns)
        y = self.operand(t, x.dims, avoid=x)
        w = WIDTH[t]
        if fn in ("shli", "shrsi", "shrui"):
            y = self.add("bin", [y, self.const(t, y.dims, w - 1)], t, y.dims, fn="andi")
        elif fn in ("divsi", "remsi"):
            if self.rng.random() < 0.5:
                z = self.add("cmpi", [y, self.const(t, y.dims, 0)], "i1", y.dims, pred="eq")
                m1 = self.add("cmpi", [y, self.const(t, y.dims, -1)], "i1", y.dims, pred="eq")
                bad = self.add("bin", [z, m1], "i1", y.dims, fn="ori")
                y = self.add("select", [bad, self.const(t, y.dims, self.choice([3, -5, 7])), y], t, y.dims)
            else:  # positive odd divisor (shifted right once: never 0, never -1)
                y = self.add("bin", [y, self.const(t, y.dims, 1)], t, y.dims, fn="shrui")
                y = self.add("bin", [y, self.const(t, y.dims, 1)], t, y.dims, fn="ori")
        elif fn in ("divui", "remui"):
            y = self.add("bin", [y, self.const(t, y.dims, 1)], t, y.dims, fn="ori")
        if self.rng.random() < 0.5 and fn not in ("shli", "shrsi", "shrui", "divsi", "remsi", "divui", "remui"):
            x, y = y, x
        self.add("bin", [x, y], t, x.dims, fn=fn)

    def s_cmp(self):
        x = self.any_node(pred=lambda n: n.t not in FP8)
        if is_float(x.t):
            if not self.exact(x):
                raise Invalid("cmp of inexact")
            y = self.operand(x.t, x.dims, exact=True, avoid=x)
            self.add("cmpf", [x, y], "i1", x.dims, pred=self.choice(CMPF))
        else:
            y = self.operand(x.t, x.dims, avoid=x)
            self.add("cmpi", [x, y], "i1", x.dims, pred=self.choice(CMPI))

    def s_select(self):
        x = self.any_node(pred=lambda n: n.t not in FP8)
        c = None
        if x.dims and self.rng.random() < self.p.scalar_select_rate:
            cands = self.pool(t="i1", dims=())
            c = self.pick(cands)
        if c is None:
            cands = self.pool(t="i1", dims=x.dims)
            c = self.pick(cands)
            if c is None:
                xx = self.operand("i32", x.dims)
                c = self.add("cmpi", [xx, self.const("i32", x.dims)], "i1", x.dims, pred=self.choice(CMPI))
        y = self.operand(x.t, x.dims, avoid=x)
        if self.rng.random() < 0.5:
            x, y = y, x
        self.add("select", [c, x, y], x.t, x.dims)

    def s_cast(self):
        x = self.any_node()
        s = x.t
        opts = []
        fl = [t for t in self.p.types if is_float(t)]
        it = [t for t in self.p.types if is_int(t)]
        if is_float(s) and s not in FP8:
            if self.exact(x):
                opts += [("fp_to_fp", d, r) for (a_, d, r) in FP_TO_FP if a_ == s and (d in fl or d in FP8)]
            for d in fl:
                if d == s or d in FP8:
                    continue
                elif (s, d) in (("f16", "f32"), ("bf16", "f32"), ("f16", "f64"), ("bf16", "f64"), ("f32", "f64")):
                    opts.append(("extf", d))
                elif WIDTH[d] < WIDTH[s]:
                    opts.append(("truncf", d))
            if self.exact(x):
                for d in it:
                    if d != "i1":
                        opts += [("fptosi", d), ("fptoui", d)]
                bc = {"f16": "i16", "bf16": "i16", "f32": "i32", "f64": "i64"}[s]
                if bc in it:
                    opts.append(("bitcast", bc))
        elif s in FP8:
            opts += [("fp_to_fp", d, r) for (a_, d, r) in FP_TO_FP if a_ == s]
        else:
            for d in fl:
                if d not in FP8:
                    opts += [("sitofp", d), ("uitofp", d)]
            for d in it:
                if WIDTH[d] > WIDTH[s]:
                    opts += [("extsi", d), ("extui", d)]
                elif WIDTH[d] < WIDTH[s]:
                    opts.append(("trunci", d))
            bc = {16: ["f16", "bf16"], 32: ["f32"], 64: ["f64"]}.get(WIDTH[s], [])
            for d in bc:
                if d in fl:
                    opts.append(("bitcast", d))
        if not opts:
            raise Invalid("no cast")
        opt = self.choice(opts)
        fn, d = opt[0], opt[1]
        if fn in ("fptosi", "fptoui"):
            # bring the value into range first, as a kernel would (floor/clamp keep it exact)
            lo, hi = int_range(WIDTH[d], fn == "fptoui")
            lo_c = self.const(s, x.dims, float(round_fmt(np.array([max(lo, -60000.0)]), s, "rtz")[0]))
            hi_c = self.const(s, x.dims, float(round_fmt(np.array([min(hi, 60000.0)]), s, "rtz")[0]))
            if self.rng.random() < 0.8:
                x = self.add("bin", [x, lo_c], s, x.dims, fn="maxnumf")
                x = self.add("bin", [x, hi_c], s, x.dims, fn="minnumf")
        attrs = {}
        if fn == "fp_to_fp" and opt[2] is not None:
            attrs["rounding"] = opt[2]
        self.add("cast", [x], d, x.dims, fn=fn, **attrs)

    def s_fma(self):
        x = self.any_node(kind="f", exact=True, pred=lambda n: n.t in ("f16", "bf16", "f32"))
        y = self.operand(x.t, x.dims, exact=True)
        z = self.operand(x.t, x.dims, exact=True)
        self.add("fma", [x, y, z], x.t, x.dims)

    def s_clampf(self):
        x = self.any_node(kind="f", pred=lambda n: n.t not in FP8)
        lo, hi = sorted(float(v) for v in self.gen_values(x.t, 2)[0])
        if np.isnan(lo) or np.isnan(hi):
            raise Invalid("nan bound")
        self.add("clampf", [x, self.const(x.t, x.dims, lo), self.const(x.t, x.dims, hi)], x.t, x.dims,
                 prop=self.choice(["none", "all"]))

    def s_splat(self):
        c = self.pool(dims=())
        c = [n for n in c if n.op != "const" and n.t not in FP8]
        if not c:
            raise Invalid("no scalar")
        s = self.pick(c)
        self.add("splat", [s], s.t, self.p.full_dims())

    def s_trans(self):
        x = self.any_node(pred=lambda n: len(n.dims) > 1)
        order = tuple(int(v) for v in self.rng.permutation(len(x.dims)))
        if order == tuple(range(len(x.dims))):
            order = order[::-1]
        y = self.add("trans", [x], x.t, tuple(x.dims[o] for o in order), order=order)
        if self.rng.random() < 0.7:  # a value of the transposed dims to combine with, then back
            z = self.operand(x.t, y.dims) if self.rng.random() < 0.3 else None
            if z is not None and z is not y and z.t not in FP8:
                if is_float(x.t):
                    y = self.add("bin", [y, z], x.t, y.dims, fn=self.choice(["addf", "maxnumf", "mulf"]))
                else:
                    y = self.add("bin", [y, z], x.t, y.dims, fn=self.choice(["addi", "xori", "maxsi"]))
            inv = tuple(int(i) for i in np.argsort(order))
            self.add("trans", [y], x.t, x.dims, order=inv)

    def _combine_args(self, op):
        x = self.any_node(pred=lambda n: len(n.dims) >= 1 and n.t not in FP8)
        axis = int(self.rng.integers(0, len(x.dims)))
        t = x.t
        kinds_f = list(RED_F)
        kinds_i = list(RED_I)
        r = self.rng.random()
        if op == "reduce" and r < 0.2:
            if is_float(t) and not self.exact(x):
                raise Invalid("argmax of inexact")
            ix = self.add("iota", [], "i32", x.dims, axis=axis)
            return [x, ix], axis, [self.choice(["argmax", "argmin"])]
        kind = self.choice(kinds_f if is_float(t) else kinds_i)
        args, kinds = [x], [kind]
        if r > 0.8:
            y = self.any_node(dims=x.dims, pred=lambda n: n.t not in FP8 and n is not x)
            args.append(y)
            kinds.append(self.choice(kinds_f if is_float(y.t) else kinds_i))
        return args, axis, kinds

    def s_reduce(self):
        args, axis, kinds = self._combine_args("reduce")
        x = args[0]
        rdims = tuple(d for i, d in enumerate(x.dims) if i != axis)
        red = self.add("reduce", args, x.t, rdims, axis=axis, kinds=kinds, nres=len(args))
        outs = [self.add("proj", [red], a.t, rdims, i=i) for i, a in enumerate(args)]
        if kinds[0] in ("argmax", "argmin"):
            outs[1].t = "i32"
        back = x.dims == self.p.full_dims() and self.rng.random() < 0.6
        if back and not rdims:
            o = self.pick(outs)
            self.add("splat", [o], o.t, x.dims)
        elif back:
            o = self.pick(outs)
            e = self.add("expand", [o], o.t, rdims[:axis] + (("k", 1),) + rdims[axis:], axis=axis)
            b = self.add("bcast", [e], o.t, x.dims)
            if self.rng.random() < 0.7 and b.t not in FP8:
                y = self.pick(self.pool(t=b.t, dims=b.dims)) or x
                if is_float(b.t):
                    self.add("bin", [y, b], b.t, b.dims, fn=self.choice(["subf", "addf", "maxnumf", "mulf"]))
                else:
                    self.add("bin", [y, b], b.t, b.dims, fn=self.choice(["subi", "addi", "xori", "maxsi"]))

    def s_scan(self):
        args, axis, kinds = self._combine_args("scan")
        if kinds[0] in ("argmax", "argmin"):
            raise Invalid("no argmax scan")
        x = args[0]
        sc = self.add("scan", args, x.t, x.dims, axis=axis, kinds=kinds, reverse=bool(self.rng.random() < 0.4),
                      nres=len(args))
        for i, a in enumerate(args):
            self.add("proj", [sc], a.t, a.dims, i=i)


def generate(seed, index, profile="cpu", max_ops=None):
    """Program `index` of the stream `seed` (depends on nothing else)."""
    prof_id = {"cpu": 1, "gpu": 2}[profile]
    rng = np.random.default_rng([int(seed), int(index), prof_id])
    p = Program(seed, index, profile)
    b = Builder(p, rng)
    rank = int(b.choice([1, 2, 3], [5, 4, 2]))
    bits = int(b.choice(list(range(14)), [1, 1, 2, 3, 4, 5, 6, 6, 6, 5, 4, 3, 2, 1]))
    dims = [0] * rank
    for _ in range(bits):
        dims[int(rng.integers(0, rank))] += 1
    p.S = tuple(1 << d for d in dims)
    p.G = int(b.choice([1, 2, 3, 4], [3, 3, 1, 2]))
    p.masked = bool(rng.random() < 0.5)
    total = p.G * p.numel
    if p.masked:
        p.n = int(b.choice([total - int(rng.integers(1, p.numel + 1)), int(rng.integers(0, total + 1)), total, 0],
                           [5, 3, 1, 0.3]))
        p.n = max(p.n, 0)
    else:
        p.n = total
    p.num_warps = int(b.choice([1, 2, 4, 8], [1, 2, 4, 2]))
    p.special_rate = float(b.choice([0.0, 0.02, 0.1], [6, 3, 1]))
    p.scalar_select_rate = 0.05
    all_types = ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]
    if PROFILES[profile]["fp8"]:
        all_types += ["f8E5M2"]
    ntypes = int(rng.integers(1, 5))
    p.types = sorted(set(b.choice(all_types) for _ in range(ntypes)) | {"i32"})
    # start: one or two loads
    for _ in range(int(rng.integers(1, 3))):
        b.step_nodes = []
        try:
            b.new_load(b.choice([t for t in p.types if t not in FP8] or ["f32"]))
        except Invalid:
            b.rollback()
    nops = int(rng.integers(2, 14)) if max_ops is None else max_ops
    done = tries = 0
    while done < nops and tries < nops * 4:
        tries += 1
        done += b.step()
    # outputs: the sinks (values nobody uses), newest first, at most 4, plus maybe a random value
    used = {a.uid for nd in p.nodes for a in nd.args}
    sinks = [nd for nd in p.nodes if nd.uid not in used and nd.op not in ("reduce", "scan", "split", "const", "atomic", "aold", "cat")
             and nd.t not in FP8]
    outs = sinks[::-1][:4]
    if not outs or rng.random() < 0.3:
        extra = [nd for nd in p.nodes if nd.op not in ("reduce", "scan", "split", "const", "atomic", "aold", "cat") and nd not in outs
                 and nd.t not in FP8]
        if extra:
            outs.append(b.pick(extra))
    fp8_sinks = [nd for nd in p.nodes if nd.uid not in used and nd.t in FP8]
    for nd in fp8_sinks[:2]:
        # fp8 values are stored as they are (the memory type is fp8)
        outs.append(nd)
    p.outputs = outs + [nd for nd in p.atomics]
    return p


def _sha(arrays):
    import hashlib
    h = hashlib.sha1()
    for a in arrays:
        if a is None:
            h.update(b"none")
            continue
        a = np.ascontiguousarray(a)
        h.update(str(a.dtype).encode())
        h.update(a.tobytes())
    return h.hexdigest()


def program_hashes(p):
    """(inputs sha, expected sha): the GPU runner recomputes them to validate its regeneration."""
    grid, args, n_in = p.launch_args()
    flat = []
    for st, e, err in p.expected():
        flat.append(e)
        with np.errstate(over="ignore"):
            flat.append(None if err is None else np.float32(err))
    return _sha(args[:n_in]), _sha(flat)



# ============================================================================ dot, atomics, loops, extern
def eval_dot(nd, argv, shp):
    (A, ea), (B, eb), (C, ec) = argv
    if ea is not None or eb is not None:
        raise Invalid("dot of inexact operands")
    K = A.shape[-1]
    if is_int(nd.t):
        exact = np.einsum("gmk,gkn->gmn", A, B) + C
        if ((exact > 2 ** 31 - 1) | (exact < -2 ** 31)).any():
            # Tensor cores saturate (mma .satfinite, Triton's PTX too; seed 58 program 161 stored
            # 0x80000000), other lowerings wrap: the result is the target's, not the program's.
            raise Invalid("dot: the i32 accumulation overflows")
        return wrap(exact, 32), None
    with np.errstate(all="ignore"):
        exact = np.einsum("gmk,gkn->gmn", A, B) + C
        s = np.einsum("gmk,gkn->gmn", np.abs(A), np.abs(B)) + np.abs(C)
        v = round_fmt(exact, nd.t)
        tol = s * (K + 2) * 2.0 ** -23 + ulp_bound(v, "f32")
        if nd.attrs["prec"] == "tf32" and nd.args[0].t == "f32":
            tol = tol + s * 2.0 ** -9
        if ec is not None:
            tol = tol + ec
        tol = np.where(np.isfinite(tol), tol, np.inf)
    return v, tol


ATOMIC_INT = ("and", "or", "xor", "add", "max", "min", "umax", "umin")


def atomic_apply(kind, t, old, v):
    w = WIDTH[t] if is_int(t) else 0
    if kind == "fadd":
        return round_fmt(old + v, t)
    if kind == "exch":
        return v
    if kind == "add":
        return wrap(old + v, w)
    if kind in ("and", "or", "xor"):
        return wrap({"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}[kind](old, v), w)
    if kind == "max":
        return np.maximum(old, v)
    if kind == "min":
        return np.minimum(old, v)
    if kind in ("umax", "umin"):
        f = np.maximum if kind == "umax" else np.minimum
        return wrap(f(to_u(old, w), to_u(v, w)), w)
    raise ValueError(kind)


def eval_atomic(p, nd, argv):
    """Value: the returned old values (defined only when every address has one writer)."""
    a = nd.attrs
    val, ev = argv[0]
    if ev is not None:
        raise Invalid("atomic of an inexact value")
    init = a["init"]
    mask = p.offsets() < p.n if p.masked else np.ones(val.shape, bool)
    if a["kind"] == "cas":
        cmp = argv[1][0]
        return np.broadcast_to(init.reshape(val.shape), val.shape).copy(), None
    if a["unique"]:
        return init.reshape(val.shape).copy(), None
    return np.zeros(val.shape, val.dtype), None


def atomic_final(p, nd, env):
    """(expected buffer values, error bound or None) after the launch."""
    a = nd.attrs
    val = env[nd.args[0].uid][0]
    mask = p.offsets() < p.n if p.masked else np.ones(val.shape, bool)
    init = a["init"].astype(val.dtype)
    t = nd.args[0].t
    if a["kind"] == "cas":  # no mask: every lane takes part
        cmp = env[nd.args[1].uid][0]
        cur = init.reshape(val.shape)
        new = np.where(cur == cmp, val, cur)
        return new.reshape(-1), None
    if a["unique"]:
        cur = init.reshape(val.shape)
        new = np.where(mask, atomic_apply(a["kind"], t, cur, val), cur)
        return new.reshape(-1), None
    cur = init.reshape(val.shape[1:]).copy()
    if a["kind"] == "fadd":
        tot = cur.astype(np.float64) + np.sum(np.where(mask, val, 0.0), axis=0)
        s = np.abs(cur) + np.sum(np.where(mask, np.abs(val), 0.0), axis=0)
        v = round_fmt(tot, t)
        tol = s * (p.G + 2) * eps(t) + ulp_bound(v, t)
        return v.reshape(-1), np.where(np.isfinite(tol), tol, np.inf).reshape(-1)
    for g in range(p.G):
        cur = np.where(mask[g], atomic_apply(a["kind"], t, cur, val[g]), cur)
    return cur.reshape(-1), None


def eval_loop(nd, argv, shp):
    """scf.for / scf.while: acc = (acc f1 x) f2 splat(iv) for iv in 0..T-1."""
    a = nd.attrs
    (acc, ea), X = argv
    t = nd.t
    fake_mul = Node("bin", [], t, (), fn="mulf")
    for iv in range(a["T"]):
        acc, ea = eval_bin(a["f1"], t, (acc, ea), X, [nd.args[0], nd.args[1]])
        if is_float(t):
            ivv = np.full(shp, float(iv))
        else:
            ivv = wrap(np.full(shp, iv, np.int64), WIDTH[t])
        acc, ea = eval_bin(a["f2"], t, (acc, ea), (ivv, None), [fake_mul if a["f1"] == "mulf" else nd.args[0], nd.args[0]])
    return acc, ea


EXTERN = {
    # symbol: (arity, NumPy model, exact)
    "floor": (1, np.floor, True), "ceil": (1, np.ceil, True), "trunc": (1, np.trunc, True),
    "round": (1, lambda x: np.sign(x) * np.floor(np.abs(x) + 0.5), True), "rint": (1, np.rint, True),
    "fabs": (1, np.abs, True), "fmin": (2, np.fmin, True), "fmax": (2, np.fmax, True),
    "copysign": (2, np.copysign, True), "sqrt": (1, np.sqrt, True),
    "exp": (1, np.exp, False), "log": (1, np.log, False), "sin": (1, np.sin, False), "cos": (1, np.cos, False),
    "tanh": (1, np.tanh, False), "atan": (1, np.arctan, False),
}


def extern_symbol(name, t):
    return f"__nv_{name}{'f' if t == 'f32' else ''}"


def eval_extern(name, t, argv):
    arity, f, exact = EXTERN[name]
    if name == "sqrt" and t == "f32":
        # __nv_sqrtf is sqrt.approx.ftz.f32 where libdevice is linked without __CUDA_PREC_SQRT (Triton, Tritium)
        exact = False
    xs = [x for x, _ in argv]
    if any(e is not None for _, e in argv):
        raise Invalid("extern of inexact values")
    for x in xs:
        fin = x[np.isfinite(x) & (x != 0)]
        if (np.abs(fin) < min_normal(t)).any():
            raise Invalid("extern of a subnormal (libdevice flushes them)")
        if not exact and name != "sqrt" and (np.abs(fin) > 1e4).any():
            raise Invalid("extern argument too large")
    if name == "round":
        r = np.where(np.abs(xs[0]) >= 2.0 ** 52, xs[0], f(xs[0]))
    else:
        r = f(*xs)
    v = round_fmt(r, t)
    if exact:
        if (np.abs(v[np.isfinite(v) & (v != 0)]) < min_normal(t)).any():
            raise Invalid("extern result subnormal")
        return v, None
    rel, ab = f_tol(t)
    if name == "sqrt":
        # relative only; sqrt.approx keeps inf and NaN (negative operands) exact
        tol = (rel + 2.0 ** -20) * np.abs(v)
        return v, np.where(np.isfinite(tol), tol, 0.0)
    tol = (rel + 2.0 ** -20) * np.abs(v) + 2.0 ** -21 + ab
    return v, np.where(np.isfinite(tol), tol, np.inf)
