"""Triton kernels outside the corpus for make_ttir / make_ttgir conformance (issue 14, part 3).

Written for Tritium: elementwise kernels full of casts, shifts, selects, comparisons and algebraic
identities, the places where Triton 3.9's newer MLIR canonicalizes arith ops that MLIR 22 leaves
alone. `generate.sh` compiles them with ../shared/corpus/make_corpus.py (cuda:80) into
tests/unseen/corpus/, in the corpus layout that tests/corpus/check_passes.py reads.
Same spec format as ../shared/corpus/kernels.py (KERNELS, KERNELS_BY_NAME).
"""
from dataclasses import dataclass, field

import triton
import triton.language as tl


# 1. int -> float of sign-extended values (i8/i16/i32 widened to i32/i64 first)
@triton.jit
def u_sitofp_ext(a8_ptr, a16_ptr, a32_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    a16 = tl.load(a16_ptr + offs, mask=m, other=0)
    a32 = tl.load(a32_ptr + offs, mask=m, other=0)
    v = a8.to(tl.int32).to(tl.float32)
    v += a16.to(tl.int64).to(tl.float32)
    v += a32.to(tl.int64).to(tl.float32)
    v += a8.to(tl.int16).to(tl.float16).to(tl.float32)
    v += a32.to(tl.int64).to(tl.float64).to(tl.float32)
    tl.store(out_ptr + offs, v, mask=m)


# 2. int -> float of zero-extended (unsigned) values, and unsigned -> signed widening
@triton.jit
def u_uitofp_ext(u8_ptr, u16_ptr, u32_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    u8 = tl.load(u8_ptr + offs, mask=m, other=0)
    u16 = tl.load(u16_ptr + offs, mask=m, other=0)
    u32 = tl.load(u32_ptr + offs, mask=m, other=0)
    v = u8.to(tl.uint32).to(tl.float32)
    v += u16.to(tl.int32).to(tl.float32)  # zext then sitofp
    v += u32.to(tl.uint64).to(tl.float32)
    v += u32.to(tl.int64).to(tl.float32)  # zext then sitofp
    v += u8.to(tl.int16).to(tl.float16).to(tl.float32)
    tl.store(out_ptr + offs, v, mask=m)


# 3. float -> int, then truncations / extensions of the result
@triton.jit
def u_fptoi(x_ptr, i8_ptr, i32_ptr, u16_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    i = x.to(tl.int64)
    tl.store(i8_ptr + offs, i.to(tl.int8), mask=m)
    tl.store(i32_ptr + offs, x.to(tl.int32).to(tl.int64).to(tl.int32) + x.to(tl.int8).to(tl.int32), mask=m)
    tl.store(u16_ptr + offs, x.to(tl.uint32).to(tl.uint16), mask=m)


# 4. truncation of extensions (same width back, narrower, wider)
@triton.jit
def u_trunc_ext(a8_ptr, a16_ptr, a32_ptr, o8_ptr, o16_ptr, o32_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    a16 = tl.load(a16_ptr + offs, mask=m, other=0)
    a32 = tl.load(a32_ptr + offs, mask=m, other=0)
    tl.store(o8_ptr + offs, a8.to(tl.int32).to(tl.int8) + a16.to(tl.int64).to(tl.int8), mask=m)
    tl.store(o16_ptr + offs, a8.to(tl.int64).to(tl.int16) + a8.to(tl.uint8).to(tl.uint32).to(tl.int16), mask=m)
    tl.store(o32_ptr + offs, a32.to(tl.int64).to(tl.int32) * a16.to(tl.int64).to(tl.int32), mask=m)


# 5. float extension / truncation chains over f16, bf16, f32, f64
@triton.jit
def u_fp_chains(h_ptr, b_ptr, f_ptr, d_ptr, oh_ptr, ob_ptr, of_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    h = tl.load(h_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    f = tl.load(f_ptr + offs, mask=m, other=0.0)
    d = tl.load(d_ptr + offs, mask=m, other=0.0)
    tl.store(oh_ptr + offs, h.to(tl.float32).to(tl.float16) + h.to(tl.float64).to(tl.float32).to(tl.float16),
             mask=m)
    tl.store(ob_ptr + offs, b.to(tl.float32).to(tl.bfloat16) + h.to(tl.float32).to(tl.bfloat16), mask=m)
    tl.store(of_ptr + offs, f.to(tl.float64).to(tl.float32) + d.to(tl.float32).to(tl.float64).to(tl.float32)
             + b.to(tl.float32).to(tl.float64).to(tl.float32), mask=m)


# 6. shifts by constants, by large amounts, shift then mask
@triton.jit
def u_shifts(a_ptr, u_ptr, out_ptr, uout_ptr, s, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0)
    u = tl.load(u_ptr + offs, mask=m, other=0)
    v = (a << 3) >> 3
    v += (a >> 0) + (a << 0)
    v += ((a >> 4) & 0xF) | ((a << 8) & 0xFF00)
    v += (a << 31) >> 31
    v += (a << s) >> s
    v += (a.to(tl.int64) << 32).to(tl.int32)
    w = (u >> 16) & 0xFFFF
    w += (u << 16) >> 16
    w += (u >> 31) ^ (u >> 0)
    w += ((u & 0xFF) << 24) >> 24
    tl.store(out_ptr + offs, v, mask=m)
    tl.store(uout_ptr + offs, w, mask=m)


# 7. selects with constant / equal operands, selects of comparisons, nested where
@triton.jit
def u_selects(x_ptr, i_ptr, out_ptr, iout_ptr, bout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    c = x > 0.0
    z = tl.where(c, x, x)
    z += tl.where(c, 1.0, 0.0)
    z += tl.where(c, tl.where(c, x, 2.0), 3.0)
    z += tl.where(c, 4.0, tl.where(c, x, 5.0))
    z += tl.where(iv > 3, tl.where(iv > 3, x, 1.0), 0.0)
    tl.store(out_ptr + offs, z, mask=m)
    k = tl.where(c, 1, 0)
    k += tl.where(iv == 0, 0, iv)
    k += tl.where(iv != 5, iv, 5)
    k += tl.where(c, iv, iv)
    k += tl.where(c, 0, 1)
    tl.store(iout_ptr + offs, k, mask=m)
    b = tl.where(c, True, False)
    b2 = tl.where(c, False, True)
    b3 = tl.where(c, iv > 0, False)
    b4 = tl.where(c, True, iv < 0)
    tl.store(bout_ptr + offs, (b ^ b2 ^ b3 ^ b4).to(tl.int8), mask=m)


# 8. comparisons of extended values, comparisons of constants, boolean algebra on compares
@triton.jit
def u_compares(a8_ptr, u8_ptr, a32_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    u8 = tl.load(u8_ptr + offs, mask=m, other=0)
    a32 = tl.load(a32_ptr + offs, mask=m, other=0)
    r = (a8.to(tl.int32) < 5).to(tl.int32)
    r += (a8.to(tl.int32) == a8.to(tl.int32)).to(tl.int32)
    r += (u8.to(tl.uint32) > 7).to(tl.int32)
    r += (a8.to(tl.int64) != a32.to(tl.int64)).to(tl.int32)
    r += (u8.to(tl.int32) >= 0).to(tl.int32)
    r += (a32 < a32).to(tl.int32) + (a32 <= a32).to(tl.int32)
    r += ((a32 > 3) == (a32 > 3)).to(tl.int32)
    r += ((a32 > 3) != False).to(tl.int32) + ((a32 > 3) == True).to(tl.int32)  # noqa: E712
    r += (((a32 > 3) ^ True) & (a32 < 9)).to(tl.int32)
    r += (a8.to(tl.int32) > 200).to(tl.int32) + (u8.to(tl.int32) < 300).to(tl.int32)
    tl.store(out_ptr + offs, r, mask=m)


# 9. min/max patterns spelled with where, integer and float, signed and unsigned
@triton.jit
def u_minmax(x_ptr, i_ptr, u_ptr, out_ptr, iout_ptr, uout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    u = tl.load(u_ptr + offs, mask=m, other=0)
    z = tl.where(x > 1.0, x, 1.0) + tl.where(x < -1.0, x, -1.0)
    z += tl.maximum(tl.maximum(x, 0.0), 0.0) + tl.minimum(x, x)
    tl.store(out_ptr + offs, z, mask=m)
    k = tl.where(iv > 0, iv, 0) + tl.where(iv < 7, iv, 7) + tl.where(iv >= 2, 2, iv)
    k += tl.maximum(tl.minimum(iv, 10), 10) + tl.maximum(iv, iv)
    tl.store(iout_ptr + offs, k, mask=m)
    w = tl.where(u > 5, u, 5) + tl.minimum(u, 0) + tl.maximum(u, 0)
    tl.store(uout_ptr + offs, w, mask=m)


# 10. bitcasts (round trips and through integers)
@triton.jit
def u_bitcasts(x_ptr, h_ptr, out_ptr, iout_ptr, hout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    h = tl.load(h_ptr + offs, mask=m, other=0.0)
    xi = x.to(tl.int32, bitcast=True)
    tl.store(out_ptr + offs, xi.to(tl.float32, bitcast=True) + (xi & 0x7FFFFFFF).to(tl.float32, bitcast=True),
             mask=m)
    tl.store(iout_ptr + offs, x.to(tl.uint32, bitcast=True).to(tl.int32, bitcast=True) + (xi >> 23), mask=m)
    hb = h.to(tl.int16, bitcast=True)
    tl.store(hout_ptr + offs, (hb ^ -32768).to(tl.float16, bitcast=True) + hb.to(tl.float16, bitcast=True),
             mask=m)


# 11. algebraic identities: x*1, x+0, x-x, x*0, x|0, x&-1, x^x, x//1, x%1, double negation
@triton.jit
def u_identities(x_ptr, i_ptr, out_ptr, iout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    z = x * 1.0 + (x + 0.0) + (x - x) + (x - 0.0) + x / 1.0 + -(-x) + x * 2.0 * 0.5
    tl.store(out_ptr + offs, z, mask=m)
    k = iv * 1 + (iv + 0) + (iv - iv) + iv * 0 + (iv | 0) + (iv & -1) + (iv ^ iv) + iv // 1 + iv % 1
    k += -(-iv) + (iv + 3 - 3) + (iv * 4) // 4 + (iv ^ -1 ^ -1)
    tl.store(iout_ptr + offs, k, mask=m)


# 12. integer division / remainder by powers of two and by constants, signed and unsigned, i32 and i64
@triton.jit
def u_divrem(i_ptr, u_ptr, l_ptr, iout_ptr, uout_ptr, lout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    u = tl.load(u_ptr + offs, mask=m, other=0)
    lv = tl.load(l_ptr + offs, mask=m, other=0)
    tl.store(iout_ptr + offs, iv // 8 + iv % 8 + iv // 1 + iv // -1 + (iv * 8) // 8 + (iv // 4) // 2, mask=m)
    tl.store(uout_ptr + offs, u // 16 + u % 16 + u // 1 + u % 1 + (u & 255) // 256 + (u % 8) % 8, mask=m)
    tl.store(lout_ptr + offs, lv // 1024 + lv % 1024 + (lv // 3) * 3 + lv % 3, mask=m)


# 13. abs and sign tricks, integer and float, with casts around them
@triton.jit
def u_abs(x_ptr, i_ptr, a8_ptr, out_ptr, iout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    z = tl.abs(x) + tl.abs(tl.abs(x)) + tl.abs(-x) + tl.where(x < 0, -x, x)
    z += tl.abs(a8.to(tl.int32)).to(tl.float32) + tl.abs(iv).to(tl.float32)
    tl.store(out_ptr + offs, z, mask=m)
    k = tl.abs(iv) + tl.abs(tl.abs(iv)) + tl.where(iv < 0, -iv, iv) + (iv >> 31) + tl.abs(a8).to(tl.int32)
    tl.store(iout_ptr + offs, k, mask=m)


# 14. mixed signed/unsigned arithmetic promotion, i1 arithmetic, casts of booleans
@triton.jit
def u_bool_casts(x_ptr, i_ptr, u8_ptr, out_ptr, iout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    u8 = tl.load(u8_ptr + offs, mask=m, other=0)
    c = x > 0.5
    z = c.to(tl.float32) + c.to(tl.int32).to(tl.float32) + c.to(tl.int8).to(tl.float16).to(tl.float32)
    z += (iv + u8).to(tl.float32) + (u8 + 1).to(tl.float32)
    tl.store(out_ptr + offs, z, mask=m)
    k = c.to(tl.int32) + c.to(tl.int8).to(tl.int32) + c.to(tl.int1).to(tl.int32) + (c & (iv > 0)).to(tl.int32)
    k += (u8 + iv).to(tl.int32) + (c.to(tl.int32) * iv) + (c | (iv > 0)).to(tl.int64).to(tl.int32)
    tl.store(iout_ptr + offs, k, mask=m)


# 15. loop with casts and selects carried across iterations (canonicalize inside scf.for)
@triton.jit
def u_loop_casts(x_ptr, out_ptr, n_iter, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.int32)
    f = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(n_iter):
        v = tl.load(x_ptr + i * BLOCK + offs).to(tl.int8)
        acc += v.to(tl.int32)
        f += v.to(tl.int32).to(tl.float32) + tl.where(v > 0, 1.0, 0.0)
        acc = tl.where(acc > 1000, acc - 1000, acc)
    tl.store(out_ptr + offs, f + acc.to(tl.float32))


# ==========================================================================
# compile specs (same format as ../shared/corpus/kernels.py)
# ==========================================================================
@dataclass
class CompileSpec:
    name: str
    fn: object
    signature: dict
    constexprs: dict = field(default_factory=dict)
    divisible: tuple = ()
    num_warps: int = 4
    num_stages: int = None
    expect_fail: str = ""
    note: str = ""

    def attrs(self):
        names = self.fn.arg_names
        return {(names.index(a), ): [["tt.divisibility", 16]] for a in self.divisible}


def _spec(name, fn, types, constexprs=None, **kw):
    constexprs = constexprs or {"BLOCK": 256}
    sig = {a: "constexpr" if a in constexprs else types.get(a, "i32") for a in fn.arg_names}
    divisible = tuple(a for a in fn.arg_names if a.endswith("_ptr"))
    return CompileSpec(name=name, fn=fn, signature=sig, constexprs=constexprs, divisible=divisible, **kw)


def _ptrs(**kw):
    return {f"{k}_ptr": f"*{v}" for k, v in kw.items()}


KERNELS = [
    _spec("u_sitofp_ext", u_sitofp_ext, _ptrs(a8="i8", a16="i16", a32="i32", out="fp32")),
    _spec("u_uitofp_ext", u_uitofp_ext, _ptrs(u8="u8", u16="u16", u32="u32", out="fp32")),
    _spec("u_fptoi", u_fptoi, _ptrs(x="fp32", i8="i8", i32="i32", u16="u16")),
    _spec("u_trunc_ext", u_trunc_ext, _ptrs(a8="i8", a16="i16", a32="i32", o8="i8", o16="i16", o32="i32")),
    _spec("u_fp_chains", u_fp_chains,
          _ptrs(h="fp16", b="bf16", f="fp32", d="fp64", oh="fp16", ob="bf16", of="fp32")),
    _spec("u_shifts", u_shifts, _ptrs(a="i32", u="u32", out="i32", uout="u32")),
    _spec("u_selects", u_selects, _ptrs(x="fp32", i="i32", out="fp32", iout="i32", bout="i8")),
    _spec("u_compares", u_compares, _ptrs(a8="i8", u8="u8", a32="i32", out="i32")),
    _spec("u_minmax", u_minmax, _ptrs(x="fp32", i="i32", u="u32", out="fp32", iout="i32", uout="u32")),
    _spec("u_bitcasts", u_bitcasts, _ptrs(x="fp32", h="fp16", out="fp32", iout="i32", hout="fp16")),
    _spec("u_identities", u_identities, _ptrs(x="fp32", i="i32", out="fp32", iout="i32")),
    _spec("u_divrem", u_divrem, _ptrs(i="i32", u="u32", l="i64", iout="i32", uout="u32", lout="i64")),
    _spec("u_abs", u_abs, _ptrs(x="fp32", i="i32", a8="i8", out="fp32", iout="i32")),
    _spec("u_bool_casts", u_bool_casts, _ptrs(x="fp32", i="i32", u8="u8", out="fp32", iout="i32")),
    _spec("u_loop_casts", u_loop_casts, _ptrs(x="i32", out="fp32"), num_warps=2, num_stages=2),
]

KERNELS_BY_NAME = {k.name: k for k in KERNELS}
