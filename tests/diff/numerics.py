"""Exact NumPy models of the scalar semantics the differential tester relies on.

Conventions (see README.md):
  * float values are carried as float64 arrays whose elements lie on the grid of
    their format (f16, bf16, f32, f64, f8E5M2, f8E4M3FN); an op computes in f64 and
    rounds once to the format (round_fmt).  For + - * / sqrt of f16/bf16/f32 this
    is the correctly rounded result (53 >= 2p+2, so the double rounding is harmless).
  * integer values of width w are carried as int64 arrays holding the *signed*
    interpretation (i1: true = -1); to_u() gives the unsigned one as uint64.
"""
import numpy as np

# mantissa bits, min normal exponent, max exponent, has infinities
FMT = {
    "f16": (10, -14, 15, True),
    "bf16": (7, -126, 127, True),
    "f32": (23, -126, 127, True),
    "f64": (52, -1022, 1023, True),
    "f8E5M2": (2, -14, 15, True),
    "f8E4M3FN": (3, -6, 8, False),
}
FLOATS = ("f16", "bf16", "f32", "f64")
FP8 = ("f8E5M2", "f8E4M3FN")
INTS = ("i1", "i8", "i16", "i32", "i64")
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "f16": 16, "bf16": 16, "f32": 32, "f64": 64,
         "f8E5M2": 8, "f8E4M3FN": 8}
# memory (NumPy) dtype of a buffer holding elements of the type
MEM_NP = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "f16": np.float16,
          "bf16": np.uint16, "f32": np.float32, "f64": np.float64, "f8E5M2": np.uint8, "f8E4M3FN": np.uint8}


def is_float(t):
    return t in FMT


def is_int(t):
    return t in WIDTH and not is_float(t)


def eps(t):
    return 2.0 ** -FMT[t][0]


def max_finite(t):
    m, _, emax, has_inf = FMT[t]
    if t == "f8E4M3FN":
        return 448.0
    return (2.0 - 2.0 ** -m) * 2.0 ** emax


def min_normal(t):
    return 2.0 ** FMT[t][1]


def round_fmt(x, t, mode="rne", sat=False):
    """Round float64 values to format t (rne: nearest-even, rtz: toward zero).

    Overflow gives inf (rne) or the largest finite value (rtz); for f8E4M3FN, which
    has no infinity, it gives NaN unless sat (then the largest finite value)."""
    x = np.array(x, dtype=np.float64, copy=True)
    if t == "f64":
        return x
    m, emin, emax, has_inf = FMT[t]
    fin = np.isfinite(x) & (x != 0)
    ax = np.abs(x[fin])
    _, e = np.frexp(ax)
    e = np.maximum(e - 1, emin)
    q = np.ldexp(1.0, e - m)
    if mode == "rne":
        r = np.round(ax / q) * q
    elif mode == "rtz":
        r = np.floor(ax / q) * q
    else:
        raise ValueError(mode)
    mx = max_finite(t)
    over = r > mx
    if mode == "rtz" or sat:
        r = np.where(over, mx, r)
    elif has_inf:
        r = np.where(over, np.inf, r)
    else:
        r = np.where(over, np.nan, r)
    x[fin] = np.sign(x[fin]) * r
    if not has_inf:
        inf = np.isinf(x)
        if sat:
            x[inf] = np.sign(x[inf]) * mx
        else:
            x[inf] = np.nan
    return x


def to_u(x, w):
    """Unsigned interpretation (uint64) of signed-carried integers of width w."""
    x = np.asarray(x, dtype=np.int64)
    if w == 64:
        return x.astype(np.uint64)
    return (x & np.int64((1 << w) - 1)).astype(np.uint64)


def wrap(x, w):
    """Signed interpretation (int64) of the low w bits of x (int64 or uint64)."""
    x = np.asarray(x)
    if x.dtype == np.uint64:
        x = x.astype(np.int64)  # wraps modulo 2^64
    else:
        x = x.astype(np.int64)
    if w == 64:
        return x
    m = np.int64((1 << w) - 1)
    half = np.int64(1 << (w - 1))
    return ((x + half) & m) - half


def int_range(w, unsigned=False):
    if unsigned:
        return 0, (1 << w) - 1
    if w == 1:
        return -1, 0
    return -(1 << (w - 1)), (1 << (w - 1)) - 1


# ------------------------------------------------------------------------- bits <-> values
def float_to_bits(x, t):
    """Bit patterns (int64, signed interpretation of the width) of on-grid float64 values."""
    x = np.asarray(x, dtype=np.float64)
    if t == "f16":
        b = x.astype(np.float16).view(np.int16)
    elif t == "f32":
        b = x.astype(np.float32).view(np.int32)
    elif t == "f64":
        b = x.view(np.int64)
    elif t == "bf16":
        b = (x.astype(np.float32).view(np.uint32) >> np.uint32(16)).astype(np.uint16).view(np.int16)
    elif t in FP8:
        return wrap(fp8_encode(x, t), 8)
    else:
        raise ValueError(t)
    return b.astype(np.int64)


def bits_to_float(b, t):
    b = np.asarray(b, dtype=np.int64)
    if t == "f16":
        return b.astype(np.int16).view(np.float16).astype(np.float64)
    if t == "f32":
        return b.astype(np.int32).view(np.float32).astype(np.float64)
    if t == "f64":
        return b.copy().view(np.float64)
    if t == "bf16":
        u = (b.astype(np.int16).view(np.uint16).astype(np.uint32) << np.uint32(16))
        return u.view(np.float32).astype(np.float64)
    if t in FP8:
        return fp8_decode(b.astype(np.int64) & 0xFF, t)
    raise ValueError(t)


def fp8_decode(u, t):
    u = np.asarray(u, dtype=np.int64) & 0xFF
    m, emin, _, has_inf = FMT[t]
    ebits = 7 - m
    bias = 1 - emin
    s = np.where(u & 0x80, -1.0, 1.0)
    e = (u >> m) & ((1 << ebits) - 1)
    f = (u & ((1 << m) - 1)).astype(np.float64)
    val = np.where(e == 0, np.ldexp(f, emin - m), np.ldexp(1.0 + f / (1 << m), e - bias))
    if has_inf:
        special = e == (1 << ebits) - 1
        val = np.where(special & (f == 0), np.inf, val)
        val = np.where(special & (f != 0), np.nan, val)
    else:
        val = np.where((e == (1 << ebits) - 1) & (f == (1 << m) - 1), np.nan, val)
    return s * val


def fp8_encode(x, t):
    """uint8 codes (as int64) of on-grid values (NaN -> 0x7F, inf -> 0x7C for E5M2)."""
    x = np.asarray(x, dtype=np.float64)
    table = fp8_decode(np.arange(256), t)
    out = np.zeros(x.shape, np.int64)
    flat = x.reshape(-1)
    o = out.reshape(-1)
    for i, v in enumerate(flat):
        if np.isnan(v):
            o[i] = 0x7F
            continue
        hit = np.nonzero((table == v) & (np.signbit(table) == np.signbit(v)))[0]
        o[i] = hit[0] if len(hit) else 0x7F
    return out


# ------------------------------------------------------------------------- conversions
def int_to_float(v, w, t, unsigned):
    """Correctly rounded conversion of w-bit integers (signed-carried) to format t."""
    if w <= 32 or (unsigned and w < 53):
        src = to_u(v, w).astype(np.float64) if unsigned else np.asarray(v, np.int64).astype(np.float64)
        return round_fmt(src, t)
    # 64-bit: exact with Python integers
    vals = to_u(v, w) if unsigned else np.asarray(v, np.int64)
    out = np.empty(vals.shape, np.float64)
    fo = out.reshape(-1)
    m, emin, emax, _ = FMT[t]
    for i, iv in enumerate(vals.reshape(-1).tolist()):
        fo[i] = _round_int(int(iv), m, emax, t)
    return out


def _round_int(n, m, emax, t):
    if n == 0:
        return 0.0
    s = -1.0 if n < 0 else 1.0
    a = abs(n)
    bl = a.bit_length()
    shift = bl - (m + 1)
    if shift > 0:
        q, r = divmod(a, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        a = q << shift
    if a > max_finite(t):
        return s * (np.inf if FMT[t][3] else np.nan)
    return s * float(a)


def fma_exact(a, b, c, t):
    """Correctly rounded a*b+c in format t (f16/bf16/f32 inputs: a*b is exact in f64)."""
    a, b, c = (np.asarray(v, np.float64) for v in (a, b, c))
    with np.errstate(all="ignore"):
        p = a * b
        s = p + c
        bb = s - p
        err = (p - (s - bb)) + (c - bb)  # TwoSum: p + c = s + err exactly (finite case)
        r = round_fmt(s, t)
        fin = np.isfinite(s) & np.isfinite(err) & (err != 0) & is_midpoint(s, t)
        if fin.any():
            adj = round_fmt(np.nextafter(s, np.where(err > 0, np.inf, -np.inf)), t)
            r = np.where(fin, adj, r)
    return r


def is_midpoint(s, t):
    """s (float64) lies exactly halfway between two neighbours of format t's grid."""
    s = np.asarray(s, np.float64)
    m, emin, _, _ = FMT[t]
    out = np.zeros(s.shape, bool)
    fin = np.isfinite(s) & (s != 0)
    ax = np.abs(s[fin])
    _, e = np.frexp(ax)
    q = np.ldexp(1.0, np.maximum(e - 1, emin) - m)
    k = ax / q
    out[fin] = (k - np.floor(k)) == 0.5
    return out
