"""Triton 3.9's `tt.fp_to_fp` semantics for cuda:80 (no fp8 hardware), as a
NumPy reference on bit patterns, plus the inputs and kernels that test them.

Shared by tests/cpu/check_fp_conversions.py (the CPU backend) and
tests/gpu/fp_conversions/run_fp_gpu.py (the GPU, on a device machine).

The rounding is computed here from the bit fields (one generic
f32 -> (E exponent bits, M mantissa bits) rounding, round to nearest even or
toward zero); nothing is read from a table. What each conversion means
(Triton 3.9 on sm80: the f32 -> 16-bit steps are PTX `cvt.rn`/`cvt.rz`, the fp8
steps software, see conversions/src/ttg_to_llvm/fp_to_fp.rs):

  f32 -> f16/bf16 rtne|rtz       IEEE rounding; rtz never overflows to inf;
                                 NaN -> 0x7fff
  f16 <-> bf16 (none = rtne)     exact to f32, then as above (NaN -> 0x7fff)
  f16 -> f32 (rounding ignored)  exact; NaN -> 0x7fffffff
  f16 -> e5m2 rtne               round to nearest even, saturating: |x| > 57344
                                 (inf too) -> +-57344; NaN -> its sign | 0x7f
  bf16 -> e5m2 rtne              bf16 -> f16 rtne (may give inf; NaN gives
                                 0x7fff), then as above: NaN -> 0x7f
  f32 -> e5m2 rtne               f32 -> e5m2 rounded once to nearest even,
                                 saturating; NaN -> 0x7f
  f32 -> e5m2 rtz                toward zero (inf stays inf); NaN -> 0x7f
  e5m2 -> f16                    exact (inf kept; a NaN keeps sign and payload:
                                 the byte << 8)
  e5m2 -> f32                    exact; NaN -> 0x7fffffff
  e5m2 -> bf16                   exact for finite values; exponent 31 is read
                                 as a normal exponent: inf -> +-65536, NaN ->
                                 +-2^16 (1 + m/4)
  same type                      the input, unchanged

The NaN results are what Triton 3.9's PTX gives on an H100
(docs/measurements/gpu-fp-conversions-h100.log): every PTX `cvt` of a NaN
gives the positive canonical NaN of its result format (0x7fff, 0x7fffffff,
fp8 0x7f), whatever the input's sign and payload; Triton's sm80 f16 -> e5m2
code keeps the f16's sign (see fp_to_fp.rs). Every result, NaNs included,
must match bit for bit.
"""
import numpy as np

# name -> (exponent bits, mantissa bits, storage dtype)
FORMATS = {
    "f32": (8, 23, np.uint32),
    "f16": (5, 10, np.uint16),
    "bf16": (8, 7, np.uint16),
    "f8E5M2": (5, 2, np.uint8),
    "f8E4M3FN": (4, 3, np.uint8),   # no infinities; S.1111.111 is NaN
}
FN = {"f8E4M3FN"}

# Every conversion Triton 3.9 lowers for cuda:80 (src, dst, rounding or None);
# the three same-type ones are folded away.
CONVERSIONS = [
    ("f32", "f16", "rtne"), ("f32", "f16", "rtz"),
    ("f32", "bf16", "rtne"), ("f32", "bf16", "rtz"),
    ("f16", "f32", None), ("f16", "f32", "rtne"), ("f16", "f32", "rtz"),
    ("f16", "bf16", None), ("f16", "bf16", "rtne"), ("f16", "bf16", "rtz"),
    ("bf16", "f16", None), ("bf16", "f16", "rtne"), ("bf16", "f16", "rtz"),
    ("f16", "f8E5M2", "rtne"), ("bf16", "f8E5M2", "rtne"),
    ("f32", "f8E5M2", "rtne"), ("f32", "f8E5M2", "rtz"),
    ("f8E5M2", "f16", None), ("f8E5M2", "f32", None), ("f8E5M2", "bf16", None),
    ("f32", "f32", "rtne"), ("f16", "f16", "rtz"), ("f8E5M2", "f8E5M2", None),
]

# From sm89 on (cuda:90 tested), Triton 3.9 lowers these with the fp8 cvt
# instructions: the cuda:80 set plus e4m3fn.
CONVERSIONS_SM89 = CONVERSIONS + [
    ("f32", "f8E4M3FN", "rtne"), ("f16", "f8E4M3FN", "rtne"), ("bf16", "f8E4M3FN", "rtne"),
    ("f8E4M3FN", "f16", None), ("f8E4M3FN", "f32", None), ("f8E4M3FN", "bf16", None),
]

# Conversions Triton 3.9 rejects for cuda:80 (its lowering aborts): ours must
# give a diagnostic, never a result.
REJECTED = [
    ("f16", "f8E5M2", "rtz"), ("bf16", "f8E5M2", "rtz"),
    ("f8E5M2", "f32", "rtne"), ("f8E5M2", "f16", "rtz"),
    ("bf16", "f32", None), ("f32", "f64", None), ("f64", "f16", "rtne"),
    ("f32", "f8E5M2FNUZ", "rtne"), ("f8E4M3FNUZ", "f16", None), ("f8E5M2", "f8E4M3FN", "rtne"),
]


def name(conv):
    src, dst, rnd = conv
    return f"{src}->{dst}" + (f" {rnd}" if rnd else "")


def ttir(conv, block=1024):
    """A TTIR kernel: out[i] = fp_to_fp(in[i]) for i < n, BLOCK elements per program."""
    src, dst, rnd = conv
    r = f", rounding = {rnd}" if rnd else ""
    B = block
    return f"""module {{
  tt.func public @fp_cvt(%in: !tt.ptr<{src}> {{tt.divisibility = 16 : i32}}, %out: !tt.ptr<{dst}> {{tt.divisibility = 16 : i32}}, %n: i32) {{
    %c = arith.constant {B} : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c : i32
    %r = tt.make_range {{end = {B} : i32, start = 0 : i32}} : tensor<{B}xi32>
    %b = tt.splat %base : i32 -> tensor<{B}xi32>
    %off = arith.addi %b, %r : tensor<{B}xi32>
    %ns = tt.splat %n : i32 -> tensor<{B}xi32>
    %m = arith.cmpi slt, %off, %ns : tensor<{B}xi32>
    %p = tt.splat %in : !tt.ptr<{src}> -> tensor<{B}x!tt.ptr<{src}>>
    %pp = tt.addptr %p, %off : tensor<{B}x!tt.ptr<{src}>>, tensor<{B}xi32>
    %x = tt.load %pp, %m : tensor<{B}x!tt.ptr<{src}>>
    %y = tt.fp_to_fp %x{r} : tensor<{B}x{src}> -> tensor<{B}x{dst}>
    %q = tt.splat %out : !tt.ptr<{dst}> -> tensor<{B}x!tt.ptr<{dst}>>
    %qq = tt.addptr %q, %off : tensor<{B}x!tt.ptr<{dst}>>, tensor<{B}xi32>
    tt.store %qq, %y, %m : tensor<{B}x!tt.ptr<{dst}>>
    tt.return
  }}
}}
"""


# ---------------------------------------------------------------------------
# bit-level decoding and rounding
# ---------------------------------------------------------------------------

def decode(bits, fmt, ext=False):
    """float64 values of the bit patterns of `fmt`; `ext`: an all-ones exponent
    is an ordinary exponent (no inf/NaN)."""
    E, M, _ = FORMATS[fmt]
    b = np.asarray(bits).astype(np.int64)
    s = (b >> (E + M)) & 1
    e = (b >> M) & ((1 << E) - 1)
    m = b & ((1 << M) - 1)
    bias = (1 << (E - 1)) - 1
    sub = np.ldexp(m.astype(np.float64), 1 - bias - M)
    nrm = np.ldexp((m + (1 << M)).astype(np.float64), (e - bias - M).astype(np.int32))
    v = np.where(e == 0, sub, nrm)
    if fmt in FN:
        if not ext:
            v = np.where((e == (1 << E) - 1) & (m == (1 << M) - 1), np.nan, v)
    elif not ext:
        top = e == (1 << E) - 1
        v = np.where(top & (m == 0), np.inf, v)
        v = np.where(top & (m != 0), np.nan, v)
    return np.where(s == 1, -v, v)


def is_nan(bits, fmt):
    E, M, _ = FORMATS[fmt]
    b = np.asarray(bits).astype(np.int64)
    if fmt in FN:
        return (b & ((1 << (E + M)) - 1)) == (1 << (E + M)) - 1
    return (((b >> M) & ((1 << E) - 1)) == (1 << E) - 1) & ((b & ((1 << M) - 1)) != 0)


def f32_bits(values):
    """f32 bit patterns of float64 values that f32 holds exactly."""
    v = np.asarray(values, dtype=np.float64)
    f = v.astype(np.float32)
    ok = np.isnan(v) | (f.astype(np.float64) == v)
    assert ok.all(), "value not exact in f32"
    return f.view(np.uint32)


def round_f32(u, dst, mode, nan_bits, saturate=False, nan_sign=False):
    """Rounds f32 bit patterns `u` to the format `dst` by the bit fields.

    mode 'rtne' (to nearest, ties to even) or 'rtz'; overflow gives inf
    (rtne) or the largest finite value (rtz, or `saturate`: inf too);
    a NaN gives `nan_bits`, with the input's sign added if `nan_sign`."""
    E, M, dt = FORMATS[dst]
    u = np.asarray(u).astype(np.int64) & 0xFFFFFFFF
    s = u >> 31
    a = u & 0x7FFFFFFF
    exp = a >> 23
    man = a & 0x7FFFFF
    sig = np.where(exp == 0, man, man | 0x800000)
    eu = np.where(exp == 0, -126, exp - 127)           # value = sig * 2^(eu - 23)
    bl = np.frexp(sig.astype(np.float64))[1]            # bit length of sig
    lead = eu + bl - 24                                 # exponent of the leading bit
    bias = (1 << (E - 1)) - 1
    emin = 1 - bias
    qexp = np.maximum(lead, emin) - M                   # exponent of the result's last bit
    shift = qexp - (eu - 23)
    assert (shift[sig != 0] >= 1).all()
    sh = np.clip(shift, 1, 40)
    q = sig >> sh
    rem = sig & ((np.int64(1) << sh) - 1)
    half = np.int64(1) << (sh - 1)
    if mode == "rtne":
        q = q + ((rem > half) | ((rem == half) & ((q & 1) == 1)))
    elif mode != "rtz":
        raise ValueError(mode)
    out = ((qexp + M + bias) << M) + q - (1 << M)
    out = np.where(sig == 0, 0, out)
    inf_bits = ((1 << E) - 1) << M
    if dst in FN:  # the all-ones pattern is NaN: overflow saturates (satfinite) below it
        assert saturate, "fn formats only with saturation"
        inf_bits = (1 << (E + M)) - 1
    over = inf_bits - 1 if (mode == "rtz" or saturate) else inf_bits
    out = np.where(out >= inf_bits, over, out)
    out = np.where(a == 0x7F800000, inf_bits - 1 if saturate else inf_bits, out)
    out = out | (s << (E + M))
    nan_out = (nan_bits | (s << (E + M))) if nan_sign else np.int64(nan_bits)
    out = np.where(a > 0x7F800000, nan_out, out)
    return out.astype(dt)


def exact_to(values, dst, nan_bits):
    """Values exact in `dst` (and f32), or NaN, as `dst` bit patterns."""
    v = np.asarray(values, dtype=np.float64)
    u = f32_bits(np.where(np.isnan(v), 0.0, v))
    if dst == "f32":
        return np.where(np.isnan(v), np.uint32(nan_bits), u).astype(np.uint32)
    out = round_f32(u, dst, "rtne", nan_bits)
    exact = np.isnan(v) | (decode(out, dst) == v)
    assert exact.all(), f"value not exact in {dst}"
    return np.where(np.isnan(v), nan_bits, out).astype(FORMATS[dst][2])


def reference(conv, x, cc=80):
    """The result bit patterns of `conv` on the input bit patterns `x`, as
    Triton 3.9 computes them for compute capability `cc`, NaN payloads
    included.

    From sm89 on, the conversions to fp8 are `cvt.rn.satfinite` from the
    f32 (bf16: its exact f32) or f16 value: rounded once to nearest even,
    +-inf and magnitudes beyond the largest finite value give it (57344,
    e4m3fn 448), NaN 0x7f; fp8 -> 16/32-bit is `cvt.rn.f16x2.{e4m3,e5m2}x2`
    (exact; NaN 0x7fff), then to f32 `cvt.f32.f16` (NaN 0x7fffffff) or to
    bf16 exact (e5m2 -> bf16 as on sm80)."""
    src, dst, rnd = conv
    if cc >= 89 and rnd == "rtne" and dst in ("f8E5M2", "f8E4M3FN") and src in ("f32", "f16", "bf16"):
        x = np.asarray(x, dtype=FORMATS[src][2])
        if src == "f32":
            u = x
        else:
            v = decode(x, src)
            u = np.where(np.isnan(v), np.uint32(0x7FC00000), f32_bits(np.where(np.isnan(v), 0.0, v))).astype(np.uint32)
        return round_f32(u, dst, "rtne", 0x7F, saturate=True)
    if cc >= 89 and src in ("f8E4M3FN", "f8E5M2") and rnd is None and dst in ("f16", "f32"):
        nan = {"f16": 0x7FFF, "f32": 0x7FFFFFFF}[dst]
        return exact_to(decode(np.asarray(x, dtype=np.uint8), src), dst, nan)
    if cc >= 89 and src == "f8E4M3FN" and rnd is None and dst == "bf16":
        return exact_to(decode(np.asarray(x, dtype=np.uint8), src), dst, 0x7FFF)
    x = np.asarray(x, dtype=FORMATS[src][2])
    if src == dst:
        return x.copy()
    if src == "f32":
        u = x
    else:
        v = decode(x, src)
        u = f32_bits(np.where(np.isnan(v), 0.0, v))
        u = np.where(np.isnan(v), np.uint32(0x7FC00000), u).astype(np.uint32)
    mode = rnd or "rtne"
    if (src, dst) in [("f32", "f16"), ("f32", "bf16"), ("f16", "bf16"), ("bf16", "f16")]:
        return round_f32(u, dst, mode, 0x7FFF)
    if (src, dst) == ("f16", "f32"):
        return np.where(is_nan(x, src), np.uint32(0x7FFFFFFF), u).astype(np.uint32)
    if (src, dst) == ("f16", "f8E5M2") and rnd == "rtne":
        # u carries the f16's sign, also for a NaN (0x7fc00000 | sign).
        u = np.where(is_nan(x, src), u | ((x.astype(np.uint32) >> 15) << 31), u).astype(np.uint32)
        return round_f32(u, dst, "rtne", 0x7F, saturate=True, nan_sign=True)
    if (src, dst) == ("bf16", "f8E5M2") and rnd == "rtne":
        h = round_f32(u, "f16", "rtne", 0x7FFF)
        return reference(("f16", "f8E5M2", "rtne"), h, cc)
    if (src, dst) == ("f32", "f8E5M2") and rnd == "rtne":
        return round_f32(u, dst, "rtne", 0x7F, saturate=True)
    if (src, dst) == ("f32", "f8E5M2") and rnd == "rtz":
        return round_f32(u, dst, "rtz", 0x7F)
    if (src, dst, rnd) == ("f8E5M2", "f16", None):
        out = exact_to(decode(x, src), dst, 0x7FFF)
        return np.where(is_nan(x, src), x.astype(np.uint16) << 8, out).astype(np.uint16)
    if (src, dst, rnd) == ("f8E5M2", "f32", None):
        return exact_to(decode(x, src), dst, 0x7FFFFFFF)
    if (src, dst, rnd) == ("f8E5M2", "bf16", None):
        return exact_to(decode(x, src, ext=True), dst, 0x7FFF)
    raise ValueError(f"{name(conv)} is not a conversion Triton 3.9 lowers for cuda:{cc}")


def compare(conv, got, want):
    """(number of mismatches, the first few indices, how many of the
    mismatches are a NaN where a NaN with another sign or payload is wanted).

    Bit for bit, NaNs included: Triton's NaN results are deterministic."""
    dst = conv[1]
    got = np.asarray(got)
    want = np.asarray(want)
    bad = got != want
    payload = int((bad & is_nan(want, dst) & is_nan(got, dst)).sum())
    idx = np.flatnonzero(bad)
    return len(idx), idx[:5], payload


# ---------------------------------------------------------------------------
# inputs
# ---------------------------------------------------------------------------

F32_SPECIALS = [
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
    0x7FBFFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 0x7FC00001, 0x7FE00000, 0x00000001, 0x80000001, 0x007FFFFF,
    0x807FFFFF, 0x00800000, 0x80800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x477FE000,
    0x477FEFFF, 0x477FF000, 0x477FF001, 0x47800000, 0x47600000, 0x47700000, 0x476FFFFF, 0x47700001,
    0x33800000, 0x33000000, 0x33000001, 0x32FFFFFF, 0x37800000, 0x37000000, 0x37000001, 0x36FFFFFF,
]


def boundary_f32(fmt):
    """f32 patterns at and around every value of `fmt` and every midpoint
    between neighbours (both signs, +-1 and +-2 f32 ulps)."""
    E, M, _ = FORMATS[fmt]
    n_finite = ((1 << (E + M)) - 1) if fmt in FN else ((1 << E) - 1) << M   # non-negative finite patterns
    p = np.arange(n_finite, dtype=np.int64)
    v = decode(p, fmt)
    nxt = decode(p + 1, fmt, ext=True)                   # beyond the max: the next power of two
    mid = (v + nxt) / 2
    mid = mid[mid <= float(np.finfo(np.float32).max)]
    base = np.concatenate([f32_bits(v), f32_bits(mid)]).astype(np.int64)
    pts = np.concatenate([base + d for d in (-2, -1, 0, 1, 2)])
    pts = pts[(pts >= 0) & (pts <= 0x7F800000)]
    pts = np.concatenate([pts, pts | 0x80000000])
    return pts.astype(np.uint32)


def inputs(src, seed=1234):
    """All patterns of a 16- or 8-bit source; for f32, the specials, every
    pattern near a rounding boundary of f16, bf16 and e5m2, and random ones."""
    if src in ("f16", "bf16"):
        return np.arange(1 << 16, dtype=np.uint16)
    if src in ("f8E5M2", "f8E4M3FN"):
        return np.arange(1 << 8, dtype=np.uint8)
    assert src == "f32"
    rng = np.random.default_rng(seed)
    parts = [np.array(F32_SPECIALS, dtype=np.uint32)]
    parts += [boundary_f32(f) for f in ("f16", "bf16", "f8E5M2", "f8E4M3FN")]
    parts.append(rng.integers(0, 1 << 32, size=1 << 18, dtype=np.uint64).astype(np.uint32))
    return np.unique(np.concatenate(parts))


def self_check():
    """The reference against NumPy's own conversions where they exist
    (f32 -> f16 to nearest even; f16 -> f32), as a check of the bit-level code."""
    with np.errstate(all="ignore"):
        _self_check()


def _self_check():
    x = inputs("f32")
    want = x.view(np.float32).astype(np.float16).view(np.uint16)
    got = round_f32(x, "f16", "rtne", 0x7FFF)
    nan = np.isnan(x.view(np.float32))
    assert (got[~nan] == want[~nan]).all(), "round_f32 f16 rtne disagrees with NumPy"
    h = np.arange(1 << 16, dtype=np.uint16)
    f = reference(("f16", "f32", None), h)
    hv = h.view(np.float16).astype(np.float32)
    ok = np.where(np.isnan(hv), np.isnan(f.view(np.float32)), f == hv.view(np.uint32))
    assert ok.all(), "f16 -> f32 reference disagrees with NumPy"
    # NaN results seen on an H100 (Triton 3.9's PTX; docs/measurements/gpu-fp-conversions-h100.log).
    nan_cases = [
        (("f16", "f8E5M2", "rtne"), 80, [0x7C01, 0xFC01, 0x7E00, 0xFFFF], [0x7F, 0xFF, 0x7F, 0xFF]),
        (("bf16", "f8E5M2", "rtne"), 80, [0x7F81, 0xFFC0], [0x7F, 0x7F]),
        (("f32", "f8E5M2", "rtne"), 80, [0x7F800001, 0xFFC00000], [0x7F, 0x7F]),
        (("f32", "f8E5M2", "rtz"), 80, [0xFFFFFFFF], [0x7F]),
        (("f16", "f32", None), 80, [0x7C01, 0xFE00], [0x7FFFFFFF, 0x7FFFFFFF]),
        (("f8E5M2", "f16", None), 80, [0x7D, 0xFF], [0x7D00, 0xFF00]),
        (("f8E5M2", "f16", None), 90, [0x7D, 0xFF], [0x7FFF, 0x7FFF]),
        (("f8E5M2", "f32", None), 80, [0xFE], [0x7FFFFFFF]),
        (("f16", "f8E5M2", "rtne"), 90, [0xFC01], [0x7F]),
    ]
    for conv, cc, xs, want in nan_cases:
        got = reference(conv, np.array(xs, dtype=FORMATS[conv[0]][2]), cc)
        assert [int(v) for v in got] == want, f"{name(conv)} cuda:{cc} NaNs: {[hex(int(v)) for v in got]}"
    # rtz is never larger in magnitude than the input, rtne never farther than rtz.
    for fmt in ("f16", "bf16", "f8E5M2"):
        z = decode(round_f32(x, fmt, "rtz", 0x7F), fmt)
        xv = x.view(np.float32).astype(np.float64)
        fin = np.isfinite(xv)
        assert (np.abs(z[fin]) <= np.abs(xv[fin])).all(), f"rtz {fmt} rounds up"
        n = decode(round_f32(x, fmt, "rtne", 0x7F), fmt)
        fin &= np.isfinite(n)
        assert (np.abs(n[fin] - xv[fin]) <= np.abs(z[fin] - xv[fin])).all(), f"rtne {fmt} not nearest"
