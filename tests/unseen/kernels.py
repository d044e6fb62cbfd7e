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


# 16. integer identities and absorptions (and/or/xor with themselves, with 0 and -1, with each other)
@triton.jit
def u_int_absorb(i_ptr, j_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    jv = tl.load(j_ptr + offs, mask=m, other=0)
    k = (iv & 0) + (iv | -1) + (iv & iv) + (iv | iv) + (iv ^ 0) + (iv - 0) + (0 + iv) + (1 * iv)
    k += (iv & (iv | jv)) + (iv | (iv & jv)) + ((iv | jv) & iv) + ((jv & iv) | iv)
    k += (iv & ~iv) + (iv | ~iv) + (iv ^ ~iv) + (~iv & iv) + ~~iv
    k += ((iv ^ jv) ^ jv) + ((jv ^ iv) ^ jv) + (jv ^ (iv ^ jv)) + (iv + jv - jv) + (iv - jv + jv) + (jv + iv - jv)
    k += ((iv & 0xFF) & 0x0F) + ((iv | 0x10) | 0x01) + ((iv ^ 0x3) ^ 0x5) + ((iv & jv) & iv) + ((iv | jv) | jv)
    tl.store(out_ptr + offs, k, mask=m)


# 17. shifts: nested constant shifts, shifts by 0 and by amounts >= the width, i64 and unsigned
@triton.jit
def u_shift_nest(a_ptr, u_ptr, l_ptr, out_ptr, uout_ptr, lout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0)
    u = tl.load(u_ptr + offs, mask=m, other=0)
    lv = tl.load(l_ptr + offs, mask=m, other=0)
    v = ((a << 2) << 3) + ((a >> 2) >> 3) + ((a >> 20) >> 20) + ((a << 16) << 16) + (a << 32) + (a >> 33)
    v += ((a >> 4) << 4) + (0 << a) + (0 >> a) + (-1 >> a) + (a << 0 >> 0) + (a >> a)
    tl.store(out_ptr + offs, v, mask=m)
    w = ((u >> 2) >> 3) + ((u >> 16) >> 16) + (u >> 32) + ((u << 4) >> 4) + ((u >> 4) << 4) + (u << 40)
    w += (u >> u) + (0 >> u)
    tl.store(uout_ptr + offs, w, mask=m)
    x = ((lv << 40) >> 40) + ((lv >> 32) << 32) + (lv >> 63) + ((lv >> 63) >> 1) + (lv << 64) + ((lv << 1) << 63)
    tl.store(lout_ptr + offs, x, mask=m)


# 18. division and remainder: cdiv, negative and composite divisors, nested divisions, small and wide ints
@triton.jit
def u_divrem_consts(i_ptr, u_ptr, l_ptr, a8_ptr, iout_ptr, uout_ptr, lout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    u = tl.load(u_ptr + offs, mask=m, other=0)
    lv = tl.load(l_ptr + offs, mask=m, other=0)
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    k = tl.cdiv(iv, 4) + tl.cdiv(iv, 7) + tl.cdiv(iv, 1) + (iv // 2) * 2 + iv % 2 + iv % -8 + (iv % 8) % 4
    k += (iv // 2) // 3 + (iv * 6) // 3 + (iv * 6) % 3 + iv % -1 + (iv // -2) + iv // iv + iv % iv + 0 // iv
    k += (a8 // 2).to(tl.int32) + (a8 % 4).to(tl.int32) + (a8 // -1).to(tl.int32)
    tl.store(iout_ptr + offs, k, mask=m)
    w = tl.cdiv(u, 8) + u // 2 // 4 + (u % 16) % 8 + (u % 8) % 16 + u // u + u % u + (u * 4) // 2 + (u * 4) % 2
    tl.store(uout_ptr + offs, w, mask=m)
    x = lv // 8 + lv % -1 + tl.cdiv(lv, 64) + (lv // 4) // 4 + lv // 1 + (lv * 3) % 3
    tl.store(lout_ptr + offs, x, mask=m)


# 19. extension chains and compares of extended / truncated values against each other and constants
@triton.jit
def u_ext_cmp(a8_ptr, b8_ptr, u8_ptr, v8_ptr, a16_ptr, a32_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    b8 = tl.load(b8_ptr + offs, mask=m, other=0)
    u8 = tl.load(u8_ptr + offs, mask=m, other=0)
    v8 = tl.load(v8_ptr + offs, mask=m, other=0)
    a16 = tl.load(a16_ptr + offs, mask=m, other=0)
    a32 = tl.load(a32_ptr + offs, mask=m, other=0)
    r = (a8.to(tl.int32) == b8.to(tl.int32)).to(tl.int32) + (a8.to(tl.int32) < b8.to(tl.int32)).to(tl.int32)
    r += (u8.to(tl.uint32) < v8.to(tl.uint32)).to(tl.int32) + (u8.to(tl.int32) != v8.to(tl.int32)).to(tl.int32)
    r += (a8.to(tl.int64) == 300).to(tl.int32) + (a8.to(tl.int32) != -200).to(tl.int32)
    r += (u8.to(tl.int32) == 255).to(tl.int32) + (u8.to(tl.int32) > 255).to(tl.int32) + (u8.to(tl.int32) <= 255).to(tl.int32)
    r += (a8.to(tl.int32) >= -128).to(tl.int32) + (a8.to(tl.int32) > 127).to(tl.int32) + (a16.to(tl.int32) < 40000).to(tl.int32)
    r += a8.to(tl.int16).to(tl.int32) + u8.to(tl.uint16).to(tl.uint64).to(tl.int32) + u8.to(tl.int16).to(tl.int64).to(tl.int32)
    r += a16.to(tl.int8).to(tl.int32) + a32.to(tl.int16).to(tl.int8).to(tl.int32) + a32.to(tl.int64).to(tl.int16).to(tl.int32)
    r += (a32.to(tl.int8).to(tl.int32) == a32).to(tl.int32) + (a8.to(tl.int32) == a32).to(tl.int32)
    r += (a8.to(tl.int32) < a16.to(tl.int32)).to(tl.int32) + (a8.to(tl.int64) == a16.to(tl.int64)).to(tl.int32)
    tl.store(out_ptr + offs, r, mask=m)


# 20. selects of booleans and selects with the same condition nested
@triton.jit
def u_select_i1(x_ptr, i_ptr, j_ptr, out_ptr, bout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    jv = tl.load(j_ptr + offs, mask=m, other=0)
    c = x > 0.0
    d = iv > jv
    b = tl.where(c, d, True).to(tl.int32) + tl.where(c, False, d).to(tl.int32) + tl.where(c, c, d).to(tl.int32)
    b += tl.where(c, d, c).to(tl.int32) + tl.where(c, d, d).to(tl.int32) + tl.where(c, True, True).to(tl.int32)
    b += tl.where(c, d, d ^ True).to(tl.int32) + tl.where(c, d ^ True, d).to(tl.int32)
    tl.store(bout_ptr + offs, b, mask=m)
    k = tl.where(c ^ True, iv, jv) + tl.where(c, tl.where(c, iv, jv), 7) + tl.where(c, 7, tl.where(c, iv, jv))
    k += tl.where(c, tl.where(d, iv, jv), jv) + tl.where(c, iv, tl.where(d, iv, jv))
    k += tl.where(c, tl.where(d, iv, jv), iv) + tl.where(c, jv, tl.where(d, iv, jv))
    k += tl.where(c, -1, 0) + tl.where(c, 0, -1) + tl.where(c, iv + 1, iv) + tl.where(d, 1, 0) * 3
    tl.store(out_ptr + offs, k, mask=m)


# 21. boolean not (xor with true) of compares, double negation, boolean constants in and/or/eq
@triton.jit
def u_not_xor(x_ptr, i_ptr, j_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    jv = tl.load(j_ptr + offs, mask=m, other=0)
    c = x > 0.5
    d = iv < jv
    r = ((iv > 3) ^ True).to(tl.int32) + ((iv == jv) ^ True).to(tl.int32) + ((iv >= jv) ^ True).to(tl.int32)
    r += ((x < 1.0) ^ True).to(tl.int32) + ((x == 2.0) ^ True).to(tl.int32) + (~(x != x)).to(tl.int32)
    r += ((c ^ True) ^ True).to(tl.int32) + ((c ^ d) ^ d).to(tl.int32) + (c ^ c).to(tl.int32) + (~~d).to(tl.int32)
    r += (c & True).to(tl.int32) + (c | False).to(tl.int32) + (c & False).to(tl.int32) + (c | True).to(tl.int32)
    r += (c == False).to(tl.int32) + (c != True).to(tl.int32) + (c == d).to(tl.int32) + (c != d).to(tl.int32)  # noqa: E712
    r += (c & (c ^ True)).to(tl.int32) + (c | (c ^ True)).to(tl.int32) + (d & ~d).to(tl.int32)
    r += (c.to(tl.int32) == 1).to(tl.int32) + (c.to(tl.int32) != 0).to(tl.int32) + (c.to(tl.int32) == 0).to(tl.int32)
    r += (c.to(tl.int32) > 0).to(tl.int32) + (c.to(tl.int8) != 1).to(tl.int32) + (c.to(tl.int32) < 2).to(tl.int32)
    tl.store(out_ptr + offs, r, mask=m)


# 22. float compares: x == x, x != x, against NaN and infinities, of converted integers against constants
@triton.jit
def u_cmpf(x_ptr, a8_ptr, u8_ptr, a16_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    u8 = tl.load(u8_ptr + offs, mask=m, other=0)
    a16 = tl.load(a16_ptr + offs, mask=m, other=0)
    nan = float("nan")
    inf = float("inf")
    r = (x == x).to(tl.int32) + (x != x).to(tl.int32) + (x < x).to(tl.int32) + (x >= x).to(tl.int32)
    r += (x < nan).to(tl.int32) + (x != nan).to(tl.int32) + (x == nan).to(tl.int32) + (x >= nan).to(tl.int32)
    r += (x <= inf).to(tl.int32) + (x > inf).to(tl.int32) + (x >= -inf).to(tl.int32) + (x < -inf).to(tl.int32)
    r += (x == inf).to(tl.int32) + (x != -inf).to(tl.int32)
    f8 = a8.to(tl.float32)
    r += (f8 < 3.5).to(tl.int32) + (f8 == 3.0).to(tl.int32) + (f8 == 3.5).to(tl.int32) + (f8 > 1000.0).to(tl.int32)
    r += (u8.to(tl.float32) >= 0.0).to(tl.int32) + (u8.to(tl.float32) == 256.0).to(tl.int32)
    r += (a16.to(tl.float32) > 1e10).to(tl.int32) + (a16.to(tl.float32) != -0.5).to(tl.int32)
    r += (a16.to(tl.float32) <= a8.to(tl.float32)).to(tl.int32)
    tl.store(out_ptr + offs, r, mask=m)


# 23. min/max: of a value with itself, nested with constants, absorption, against the type's extremes, float NaN modes
@triton.jit
def u_minmax_nest(x_ptr, i_ptr, j_ptr, u_ptr, out_ptr, iout_ptr, uout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    jv = tl.load(j_ptr + offs, mask=m, other=0)
    u = tl.load(u_ptr + offs, mask=m, other=0)
    k = tl.maximum(tl.maximum(iv, 3), 5) + tl.minimum(tl.minimum(iv, 3), 5) + tl.maximum(tl.minimum(iv, 3), 5)
    k += tl.minimum(iv, tl.maximum(iv, jv)) + tl.maximum(iv, tl.minimum(iv, jv)) + tl.maximum(tl.maximum(iv, jv), iv)
    k += tl.maximum(iv, 2147483647) + tl.minimum(iv, -2147483648) + tl.maximum(iv, -2147483648) + tl.minimum(iv, 2147483647)
    k += tl.minimum(tl.full([BLOCK], 3, tl.int32), 5) + tl.maximum(tl.minimum(iv, jv), tl.minimum(iv, jv))
    tl.store(iout_ptr + offs, k, mask=m)
    w = tl.minimum(u, 4294967295) + tl.maximum(u, 4294967295) + tl.maximum(tl.maximum(u, 3), 7) + tl.minimum(u, u)
    tl.store(uout_ptr + offs, w, mask=m)
    inf = float("inf")
    z = tl.maximum(x, x) + tl.maximum(x, -inf) + tl.minimum(x, inf) + tl.maximum(x, inf) + tl.minimum(x, -inf)
    z += tl.maximum(tl.maximum(x, 1.0), 2.0) + tl.minimum(tl.maximum(x, 1.0), 1.0)
    z += tl.maximum(x, x, propagate_nan=tl.PropagateNan.ALL) + tl.minimum(x, inf, propagate_nan=tl.PropagateNan.ALL)
    z += tl.maximum(x, -inf, propagate_nan=tl.PropagateNan.ALL) + tl.maximum(x, float("nan"))
    tl.store(out_ptr + offs, z, mask=m)


# 24. float identities: x + (-0.0), x * -1.0, products and quotients of negations, f16 / bf16 / f64
@triton.jit
def u_fp_ident(x_ptr, y_ptr, h_ptr, b_ptr, d_ptr, out_ptr, hout_ptr, bout_ptr, dout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
    h = tl.load(h_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    d = tl.load(d_ptr + offs, mask=m, other=0.0)
    z = (x + -0.0) + (-0.0 + x) + (x * -1.0) + (-x) * (-y) + (-x) / (-y) + (x - -0.0) + (0.0 - x) + (-0.0 - x)
    z += x - (-y) + (-x) + y + (x * 0.0) + (1.0 * x) + (x / -1.0) + (-(x * y)) + (-x) * y + (x / 2.0) + x * 0.5
    z += tl.fma(x, 1.0, 0.0) + tl.fma(x, y, -0.0) + tl.abs(-x) + tl.abs(x * -1.0)
    tl.store(out_ptr + offs, z, mask=m)
    tl.store(hout_ptr + offs, h * 1.0 + (h + -0.0) + -(-h) + h - 0.0, mask=m)
    tl.store(bout_ptr + offs, b * 1.0 + (b + -0.0) + -(-b) + b / 1.0, mask=m)
    tl.store(dout_ptr + offs, d * 1.0 + (d + -0.0) + -(-d) + (-d) * (-d) + d - 0.0, mask=m)


# 25. float <-> int round trips (fptosi of sitofp, sitofp of fptosi), exact and inexact widths
@triton.jit
def u_fp_int_roundtrip(a8_ptr, u8_ptr, a16_ptr, a32_ptr, x_ptr, out_ptr, fout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    u8 = tl.load(u8_ptr + offs, mask=m, other=0)
    a16 = tl.load(a16_ptr + offs, mask=m, other=0)
    a32 = tl.load(a32_ptr + offs, mask=m, other=0)
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    r = a8.to(tl.float32).to(tl.int8).to(tl.int32) + a8.to(tl.float16).to(tl.int32) + a16.to(tl.float32).to(tl.int32)
    r += u8.to(tl.float32).to(tl.uint8).to(tl.int32) + u8.to(tl.float16).to(tl.int16).to(tl.int32)
    r += a32.to(tl.float64).to(tl.int32) + a32.to(tl.float32).to(tl.int32) + a32.to(tl.float32).to(tl.int64).to(tl.int32)
    r += u8.to(tl.float32).to(tl.int32) + a8.to(tl.float32).to(tl.uint32).to(tl.int32)
    tl.store(out_ptr + offs, r, mask=m)
    z = x.to(tl.int32).to(tl.float32) + x.to(tl.int8).to(tl.float32) + x.to(tl.uint8).to(tl.float32)
    z += x.to(tl.float16).to(tl.int16).to(tl.float32) + x.to(tl.int64).to(tl.float64).to(tl.float32)
    tl.store(fout_ptr + offs, z, mask=m)


# 26. add / sub reassociation with constants, tensors and scalars
@triton.jit
def u_reassoc(i_ptr, j_ptr, out_ptr, sout_ptr, s, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    jv = tl.load(j_ptr + offs, mask=m, other=0)
    k = ((iv + 3) + 4) + ((iv - 3) + 5) + (10 - (iv + 2)) + ((iv + 3) - 5) + ((7 - iv) + 2) + ((iv - 3) - 4)
    k += (10 - (iv - 2)) + (10 - (3 - iv)) + ((iv + jv) - iv) + ((iv + jv) - jv) + (iv - (iv + jv)) + (iv - (iv - jv))
    k += ((iv * 3) * 5) + ((iv + 1) * 2) + (iv * 3 + iv) + ((3 + iv) + 4) + (5 + (iv + 6)) + ((iv - jv) + jv)
    k += ((iv + 3) - (jv + 3)) + ((iv - 3) - (jv - 3)) + ((iv + 1) - iv) + (iv - (iv + 1))
    tl.store(out_ptr + offs, k, mask=m)
    p = tl.program_id(0)
    q = ((p + 3) + 4) + ((p - 3) + 5) + (10 - (p + 2)) + ((s + 1) - 1) + ((s * 2) * 4) + (s - (s - p)) + ((s + p) - s)
    tl.store(sout_ptr + p, q)


# 27. scalar arithmetic on program ids and scalar arguments (identities, division, min/max, selects)
@triton.jit
def u_scalar_arith(out_ptr, s, t, n, BLOCK: tl.constexpr):
    p = tl.program_id(0)
    q = s * 1 + (s | 0) + (s & -1) + (s ^ s) + (s - s) + (s ^ t ^ t) + (s & 0) + (s // 1) + (s % 1)
    q += tl.cdiv(s, 16) + (s // 16) * 16 + s % 16 + (s >> 0) + (s << 32) + ((s << 3) >> 3)
    q += tl.maximum(s, s) + tl.minimum(tl.minimum(s, 4), 9) + tl.where(s > t, s, t) + tl.where(s > 0, 1, 0)
    q += tl.where(p < 0, s, t) + tl.where(s == s, 3, 4) + (s < s).to(tl.int32) + ((s > t) ^ True).to(tl.int32)
    q += s.to(tl.int64).to(tl.int32) + (s.to(tl.int64) == t.to(tl.int64)).to(tl.int32) + s.to(tl.int8).to(tl.int32)
    q += (p * BLOCK + 7) // BLOCK + (p * BLOCK) % BLOCK + (n + BLOCK - 1) // BLOCK
    q += ((s & 0xFF) & 0x0F) + ((s | 0x10) | 0x01) + ((s ^ 0x3) ^ 0x5) + ((t & 0xF0) & 0xFF) + (s >> s) + (0 >> t)
    q += s // s + s % s + 0 // t + 0 % t
    tl.store(out_ptr + p, q)


# 28. loops whose bodies hold identities, reassociations and selects on the induction variable
@triton.jit
def u_loop_arith(x_ptr, out_ptr, iout_ptr, n_iter, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    k = tl.zeros([BLOCK], dtype=tl.int32)
    for i in range(0, n_iter):
        j = (i + 1) - 1
        v = tl.load(x_ptr + (j * 1) * BLOCK + offs)
        acc = acc * 1.0 + v + -0.0
        acc = tl.where(i == i, acc, acc + 1.0)
        k = (k + 3) + 4 + tl.where(i > 2, 1, 0) + (i & -1) + (i ^ i) + (i % 1) + (i >> 0)
        k = tl.maximum(tl.maximum(k, 0), 0) + ((i * 4) // 4 - i)
        acc = acc + (-v) + (-0.0 - v) + v
        k += (i >> i) + i // i + (0 << i) + (k % k)
    for i in range(1, n_iter + 1):
        acc += tl.load(x_ptr + (i - 1) * BLOCK + offs) * ((i - 1) + 1 - i).to(tl.float32)
    tl.store(out_ptr + offs, acc)
    tl.store(iout_ptr + offs, k)


# 29. bitcast chains (float -> int -> other float, through unsigned), bitcasts of constants and scalars
@triton.jit
def u_bitcast_chain(x_ptr, h_ptr, out_ptr, hout_ptr, iout_ptr, sout_ptr, s, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    h = tl.load(h_ptr + offs, mask=m, other=0.0)
    hb = h.to(tl.int16, bitcast=True).to(tl.bfloat16, bitcast=True)
    tl.store(hout_ptr + offs, hb.to(tl.float16, bitcast=True), mask=m)
    xi = x.to(tl.uint32, bitcast=True).to(tl.int32, bitcast=True).to(tl.float32, bitcast=True)
    one = tl.full([BLOCK], 1.0, tl.float32).to(tl.int32, bitcast=True)
    tl.store(out_ptr + offs, xi + tl.full([BLOCK], 0x3F800000, tl.int32).to(tl.float32, bitcast=True), mask=m)
    tl.store(iout_ptr + offs, one + x.to(tl.int32, bitcast=True).to(tl.float32, bitcast=True).to(tl.int32, bitcast=True),
             mask=m)
    f = s.to(tl.float32, bitcast=True)
    tl.store(sout_ptr + tl.program_id(0), f.to(tl.int32, bitcast=True) + s.to(tl.uint32, bitcast=True).to(tl.int32))


# 30. wide multiplies and right shifts under truncation (mulhi spelled with i64, trunci of shifts)
@triton.jit
def u_mulhi_trunc(a_ptr, b_ptr, u_ptr, v_ptr, l_ptr, out_ptr, uout_ptr, sout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0)
    b = tl.load(b_ptr + offs, mask=m, other=0)
    u = tl.load(u_ptr + offs, mask=m, other=0)
    v = tl.load(v_ptr + offs, mask=m, other=0)
    lv = tl.load(l_ptr + offs, mask=m, other=0)
    hi = ((a.to(tl.int64) * b.to(tl.int64)) >> 32).to(tl.int32)
    lo = (a.to(tl.int64) * b.to(tl.int64)).to(tl.int32)
    tl.store(out_ptr + offs, hi + lo + (lv >> 32).to(tl.int32) + (lv >> 40).to(tl.int16).to(tl.int32)
             + (lv >> 8).to(tl.int32), mask=m)
    uhi = ((u.to(tl.uint64) * v.to(tl.uint64)) >> 32).to(tl.uint32)
    tl.store(uout_ptr + offs, uhi + tl.umulhi(u, v) + (u.to(tl.uint64) * v.to(tl.uint64)).to(tl.uint32), mask=m)
    tl.store(sout_ptr + offs, ((a.to(tl.int64) * b.to(tl.int64)) >> 33).to(tl.int32)
             + ((lv * 3) >> 32).to(tl.int32), mask=m)


# 31. integer arithmetic on narrow types: i8 / i16 / u8 ops that are promoted, then truncated back
@triton.jit
def u_narrow_arith(a8_ptr, b8_ptr, u8_ptr, a16_ptr, o8_ptr, o16_ptr, ou8_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a8 = tl.load(a8_ptr + offs, mask=m, other=0)
    b8 = tl.load(b8_ptr + offs, mask=m, other=0)
    u8 = tl.load(u8_ptr + offs, mask=m, other=0)
    a16 = tl.load(a16_ptr + offs, mask=m, other=0)
    r8 = (a8 + b8) * 1 + (a8 ^ a8) + (a8 | 0) + ((a8.to(tl.int32) + b8.to(tl.int32)).to(tl.int8)) + (a8 << 8)
    r8 += (a8.to(tl.int32) * 3).to(tl.int8) + ((a8.to(tl.int32) & 0xFF) | 0).to(tl.int8) + (a8 >> 7)
    tl.store(o8_ptr + offs, r8, mask=m)
    r16 = (a16 - a16) + (a8 + a16) + (a16.to(tl.int32) << 16).to(tl.int16) + (a16 * 2) // 2 + tl.maximum(a16, a8)
    tl.store(o16_ptr + offs, r16, mask=m)
    ru8 = (u8 >> 8) + (u8 & 0xFF) + (u8 // 1) + (u8.to(tl.uint32) & 0xFF).to(tl.uint8) + tl.minimum(u8, 255)
    tl.store(ou8_ptr + offs, ru8, mask=m)


# 32. and/or masks of compares over ranges (bounds checks that fold) and selects on them
@triton.jit
def u_range_masks(i_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    r = ((iv > 3) & (iv > 5)).to(tl.int32) + ((iv > 3) | (iv > 5)).to(tl.int32) + ((iv < 3) & (iv > 5)).to(tl.int32)
    r += ((iv == 3) & (iv == 4)).to(tl.int32) + ((iv == 3) | (iv != 3)).to(tl.int32) + ((iv < 3) | (iv >= 3)).to(tl.int32)
    r += ((iv > 3) & (iv < 3)).to(tl.int32) + ((iv >= 3) & (iv <= 3)).to(tl.int32) + ((iv != 3) & (iv == 3)).to(tl.int32)
    r += ((offs < n) & (offs < n)).to(tl.int32) + ((offs >= 0) & (offs < n)).to(tl.int32)
    r += ((tl.arange(0, BLOCK) < BLOCK) & m).to(tl.int32) + (tl.arange(0, BLOCK) >= 0).to(tl.int32)
    tl.store(out_ptr + offs, r, mask=m)


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
    _spec("u_int_absorb", u_int_absorb, _ptrs(i="i32", j="i32", out="i32")),
    _spec("u_shift_nest", u_shift_nest, _ptrs(a="i32", u="u32", l="i64", out="i32", uout="u32", lout="i64")),
    _spec("u_divrem_consts", u_divrem_consts,
          _ptrs(i="i32", u="u32", l="i64", a8="i8", iout="i32", uout="u32", lout="i64")),
    _spec("u_ext_cmp", u_ext_cmp, _ptrs(a8="i8", b8="i8", u8="u8", v8="u8", a16="i16", a32="i32", out="i32")),
    _spec("u_select_i1", u_select_i1, _ptrs(x="fp32", i="i32", j="i32", out="i32", bout="i32")),
    _spec("u_not_xor", u_not_xor, _ptrs(x="fp32", i="i32", j="i32", out="i32")),
    _spec("u_cmpf", u_cmpf, _ptrs(x="fp32", a8="i8", u8="u8", a16="i16", out="i32")),
    _spec("u_minmax_nest", u_minmax_nest,
          _ptrs(x="fp32", i="i32", j="i32", u="u32", out="fp32", iout="i32", uout="u32")),
    _spec("u_fp_ident", u_fp_ident,
          _ptrs(x="fp32", y="fp32", h="fp16", b="bf16", d="fp64", out="fp32", hout="fp16", bout="bf16", dout="fp64")),
    _spec("u_fp_int_roundtrip", u_fp_int_roundtrip,
          _ptrs(a8="i8", u8="u8", a16="i16", a32="i32", x="fp32", out="i32", fout="fp32")),
    _spec("u_reassoc", u_reassoc, _ptrs(i="i32", j="i32", out="i32", sout="i32")),
    _spec("u_scalar_arith", u_scalar_arith, _ptrs(out="i32")),
    _spec("u_loop_arith", u_loop_arith, _ptrs(x="fp32", out="fp32", iout="i32"), num_warps=2, num_stages=2),
    _spec("u_bitcast_chain", u_bitcast_chain,
          _ptrs(x="fp32", h="fp16", out="fp32", hout="fp16", iout="i32", sout="i32")),
    _spec("u_mulhi_trunc", u_mulhi_trunc,
          _ptrs(a="i32", b="i32", u="u32", v="u32", l="i64", out="i32", uout="u32", sout="i32")),
    _spec("u_narrow_arith", u_narrow_arith,
          _ptrs(a8="i8", b8="i8", u8="u8", a16="i16", o8="i8", o16="i16", ou8="u8")),
    _spec("u_range_masks", u_range_masks, _ptrs(i="i32", out="i32")),
]

KERNELS_BY_NAME = {k.name: k for k in KERNELS}
