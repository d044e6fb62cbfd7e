"""Extra Triton kernels for GPU coverage beyond the corpus (written for Tritium's harness).

Each kernel exercises something the 12-kernel corpus lacks: scans, multi-operand (argmax) reductions,
2D/3D reductions along each axis, transposes through shared memory, i64/i8/u32/f16/bf16 data, integer
div/rem/shift, a 3D grid with num_programs, returning atomics, join/split/reshape, sort/topk/flip/gather,
and num_warps 1, 2, 4 and 8; attention forward (two dependent tl.dot in a pipelined loop); masked loads padded
with a non-zero `other` in pipelined loops; host- and device-side tensor descriptors (pointers on sm80); Philox
dropout; and (third batch) log-softmax backward, MoE top-k routing, atomic embedding backward, block-scaled fp8
and int8 matmuls, grouped-query attention, FLA-style chunked linear attention, Welford layer norm, a GEMM with a
GELU(tanh) epilogue, a depthwise conv2d, NaN-aware gathers, an i64 key-value sort, f64 and correctly rounded
f32 math, a 3D (batched) tl.dot, an f32 "ieee" (FMA) tl.dot, top-p filtering (1D sort + cumsum), a segmented
scan with an i1 operand, an i1 or-reduction guarding atomics, and a column softmax.  No device_print.

`generate.py` compiles every entry of KERNELS with Triton 3.9 for cuda:80 and writes
tests/gpu/extra/cuda_sm80/K.{ttgir.mlir,ttgir_prellvm.mlir,ptx,meta.json}.  The references live in
tests/gpu/run_gpu.py (one @spec each, same names).
"""
from dataclasses import dataclass, field

import triton
import triton.language as tl
from triton.language.extra import libdevice


# --------------------------------------------------------------------------------------------------------
# 1. scans along a 1D block: f32 forward + reverse cumsum, i32 cumsum, a custom associative_scan (cummax)
# --------------------------------------------------------------------------------------------------------
@triton.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@triton.jit
def x_cumsum_1d(x_ptr, i_ptr, fwd_ptr, rev_ptr, icum_ptr, cmax_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    tl.store(fwd_ptr + offs, tl.cumsum(x, axis=0), mask=m)
    tl.store(rev_ptr + offs, tl.cumsum(x, axis=0, reverse=True), mask=m)
    tl.store(icum_ptr + offs, tl.cumsum(iv, axis=0), mask=m)
    tl.store(cmax_ptr + offs, tl.associative_scan(iv, 0, _max_combine), mask=m)


# --------------------------------------------------------------------------------------------------------
# 2. scans of a 2D tile along axis 0 and axis 1 (f32 fwd, f32 reverse, i32), num_warps 2
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_cumsum_2d(x_ptr, i_ptr, c0_ptr, c1r_ptr, i1_ptr, i0r_ptr, M, N, R: tl.constexpr, C: tl.constexpr):
    rows = tl.program_id(0) * R + tl.arange(0, R)
    cols = tl.arange(0, C)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    off = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + off, mask=m, other=0.0)
    iv = tl.load(i_ptr + off, mask=m, other=0)
    tl.store(c0_ptr + off, tl.cumsum(x, axis=0), mask=m)
    tl.store(c1r_ptr + off, tl.cumsum(x, axis=1, reverse=True), mask=m)
    tl.store(i1_ptr + off, tl.cumsum(iv, axis=1), mask=m)
    tl.store(i0r_ptr + off, tl.cumsum(iv, axis=0, reverse=True), mask=m)


# --------------------------------------------------------------------------------------------------------
# 3. argmax / argmin (reduce with (value, index) operands, tie-break left) along axis 1 (f32) and along
#    axis 0 (i32), plus max(..., return_indices=True)
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_argmax(x_ptr, i_ptr, amax_ptr, amin_ptr, vmax_ptr, imax_ptr, icol_ptr, M, N, BM: tl.constexpr,
             BN: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    off = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + off, mask=m, other=-float("inf"))
    rm = rows < M
    tl.store(amax_ptr + rows, tl.argmax(x, axis=1), mask=rm)
    tl.store(amin_ptr + rows, tl.argmin(tl.where(m, x, float("inf")), axis=1), mask=rm)
    v, ix = tl.max(x, axis=1, return_indices=True)
    tl.store(vmax_ptr + rows, v, mask=rm)
    tl.store(imax_ptr + rows, ix, mask=rm)
    iv = tl.load(i_ptr + off, mask=m, other=-2147483648)
    tl.store(icol_ptr + pid * N + cols, tl.argmax(iv, axis=0), mask=cols < N)


# --------------------------------------------------------------------------------------------------------
# 4. 2D reductions along axis 0 and axis 1, nested reduce to a scalar, i32 min, num_warps 8
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_reduce2d(x_ptr, rowsum_ptr, rowmin_ptr, colsum_ptr, colmax_ptr, tot_ptr, M, N, stride, BM: tl.constexpr,
               BN: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=m, other=0.0)
    tl.store(rowsum_ptr + rows, tl.sum(x, axis=1), mask=rows < M)
    xi = (x * 100.0).to(tl.int32)
    tl.store(rowmin_ptr + rows, tl.min(tl.where(m, xi, 2147483647), axis=1), mask=rows < M)
    tl.store(colsum_ptr + pid * N + cols, tl.sum(x, axis=0), mask=cols < N)
    tl.store(colmax_ptr + pid * N + cols, tl.max(tl.where(m, x, -float("inf")), axis=0), mask=cols < N)
    tl.store(tot_ptr + pid, tl.sum(tl.sum(x, axis=1), axis=0))


# --------------------------------------------------------------------------------------------------------
# 4b. row reductions accumulated over a column loop (tritongpu-optimize-thread-locality moves the
#     cross-thread part of each reduction out of the loop): one kernel per combiner, so that only one
#     reduction qualifies (with several, Triton's own choice of order is not deterministic)
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_rowsum_loop(x_ptr, out_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    acc = tl.zeros([BM], dtype=tl.float32)
    for k in range(0, N, BN):
        m = (rows[:, None] < M) & ((k + cols)[None, :] < N)
        acc += tl.sum(tl.load(x_ptr + rows[:, None] * stride + (k + cols)[None, :], mask=m, other=0.0), axis=1)
    tl.store(out_ptr + rows, acc, mask=rows < M)


@triton.jit
def x_rowmax_loop(x_ptr, out_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    acc = tl.full([BM], float("-inf"), dtype=tl.float32)
    for k in range(0, N, BN):
        m = (rows[:, None] < M) & ((k + cols)[None, :] < N)
        x = tl.load(x_ptr + rows[:, None] * stride + (k + cols)[None, :], mask=m, other=float("-inf"))
        acc = tl.maximum(acc, tl.max(x, axis=1))
    tl.store(out_ptr + rows, acc, mask=rows < M)


# --------------------------------------------------------------------------------------------------------
# 5. transpose of a loaded tile (tl.trans), stored row-major: f32 and f16, 2D grid
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_transpose(x_ptr, h_ptr, xt_ptr, ht_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    m = (rm[:, None] < M) & (rn[None, :] < N)
    src = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + src, mask=m)
    h = tl.load(h_ptr + src, mask=m)
    mt = (rn[:, None] < N) & (rm[None, :] < M)
    dst = rn[:, None] * M + rm[None, :]
    tl.store(xt_ptr + dst, tl.trans(x), mask=mt)
    tl.store(ht_ptr + dst, tl.trans(h), mask=mt)


# --------------------------------------------------------------------------------------------------------
# 6. tl.where / arithmetic / shifts / casts on i64 and i8 data, num_warps 2
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_where_i64_i8(a_ptr, b_ptr, c_ptr, d_ptr, o64_ptr, o8_ptr, o32_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0)
    b = tl.load(b_ptr + offs, mask=m, other=0)
    c = tl.load(c_ptr + offs, mask=m, other=0)
    d = tl.load(d_ptr + offs, mask=m, other=0)
    o64 = tl.where(a > b, a - b, b * 3 + c.to(tl.int64))
    o8 = tl.where(c < d, c, d + 1)
    o32 = (a >> 20).to(tl.int32) + c.to(tl.int32) * d.to(tl.int32)
    tl.store(o64_ptr + offs, o64, mask=m)
    tl.store(o8_ptr + offs, o8, mask=m)
    tl.store(o32_ptr + offs, o32, mask=m)


# --------------------------------------------------------------------------------------------------------
# 7. f16 / bf16 elementwise math with casts; exp2 / log / sin / cos / sqrt / rsqrt on f32
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_half_math(h_ptr, g_ptr, of_ptr, oh_ptr, og_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    h = tl.load(h_ptr + offs, mask=m, other=0.0)
    g = tl.load(g_ptr + offs, mask=m, other=0.0)
    hf = h.to(tl.float32)
    gf = g.to(tl.float32)
    tl.store(of_ptr + offs, tl.exp2(hf * 0.5), mask=m)
    tl.store(of_ptr + n + offs, tl.log(gf * gf + 1.0), mask=m)
    tl.store(of_ptr + 2 * n + offs, tl.sin(hf) + tl.cos(gf), mask=m)
    tl.store(of_ptr + 3 * n + offs, tl.sqrt(gf * gf + 0.25) * tl.rsqrt(hf * hf + 1.0), mask=m)
    tl.store(oh_ptr + offs, h * h + h, mask=m)  # f16 arithmetic
    tl.store(oh_ptr + n + offs, gf.to(tl.float16), mask=m)  # bf16 -> f32 -> f16
    tl.store(og_ptr + offs, g * g + g, mask=m)  # bf16 arithmetic
    tl.store(og_ptr + n + offs, (hf * 3.0 - 1.0).to(tl.bfloat16), mask=m)  # f32 -> bf16 (rtne)


# --------------------------------------------------------------------------------------------------------
# 8. integer div / rem / shifts on signed i32 and unsigned u32, num_warps 1
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_int_ops(a_ptr, b_ptr, ua_ptr, ub_ptr, o_ptr, uo_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=1)
    b = tl.load(b_ptr + offs, mask=m, other=1)
    ua = tl.load(ua_ptr + offs, mask=m, other=1)
    ub = tl.load(ub_ptr + offs, mask=m, other=1)
    sh = b & 31
    tl.store(o_ptr + offs, a // b, mask=m)
    tl.store(o_ptr + n + offs, a % b, mask=m)
    tl.store(o_ptr + 2 * n + offs, a << sh, mask=m)
    tl.store(o_ptr + 3 * n + offs, a >> sh, mask=m)
    tl.store(o_ptr + 4 * n + offs, a // 7 + a % -5, mask=m)
    ush = ub & 31
    tl.store(uo_ptr + offs, ua // ub, mask=m)
    tl.store(uo_ptr + n + offs, ua % ub, mask=m)
    tl.store(uo_ptr + 2 * n + offs, ua >> ush, mask=m)
    tl.store(uo_ptr + 3 * n + offs, (ua // 10) ^ (ua % 10), mask=m)
    tl.store(uo_ptr + 4 * n + offs, a.to(tl.uint32, bitcast=True) >> 3, mask=m)


# --------------------------------------------------------------------------------------------------------
# 9. 3D grid: program_id(0..2), num_programs(0..2), grid-stride loop with a runtime step
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_grid3d(x_ptr, out_ptr, info_ptr, n, BLOCK: tl.constexpr):
    p0 = tl.program_id(0)
    p1 = tl.program_id(1)
    p2 = tl.program_id(2)
    n0 = tl.num_programs(0)
    n1 = tl.num_programs(1)
    n2 = tl.num_programs(2)
    pid = (p2 * n1 + p1) * n0 + p0
    total = n0 * n1 * n2
    for start in range(pid * BLOCK, n, total * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mk = offs < n
        x = tl.load(x_ptr + offs, mask=mk)
        tl.store(out_ptr + offs, x * 3.0 + pid.to(tl.float32), mask=mk)
    base = info_ptr + pid * 8
    tl.store(base + 0, p0)
    tl.store(base + 1, p1)
    tl.store(base + 2, p2)
    tl.store(base + 3, n0)
    tl.store(base + 4, n1)
    tl.store(base + 5, n2)
    tl.store(base + 6, total)
    tl.store(base + 7, pid)


# --------------------------------------------------------------------------------------------------------
# 10. masked atomics: f32 scatter-add, i32 scatter-max / min, a returning atomic_add (tickets), atomic_cas
#     with its old value used, atomic_xchg
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_atomics(x_ptr, i_ptr, bins_ptr, imax_ptr, imin_ptr, ctr_ptr, tickets_ptr, cas_ptr, casold_ptr, xchg_ptr, n,
              NB: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    b = iv & (NB - 1)
    tl.atomic_add(bins_ptr + b, x, mask=m, sem="relaxed")
    tl.atomic_max(imax_ptr + b, iv, mask=m)
    tl.atomic_min(imin_ptr + (b % 4), iv, mask=m & (x > 0.0))
    t = tl.atomic_add(ctr_ptr + tl.zeros_like(offs), 1, mask=m)
    tl.store(tickets_ptr + offs, t, mask=m)
    old = tl.atomic_cas(cas_ptr + pid % 4, 0, pid + 1)
    tl.store(casold_ptr + pid, old)
    tl.atomic_xchg(xchg_ptr + pid, pid * 10 + 1)


# --------------------------------------------------------------------------------------------------------
# 11. join / reshape (interleave), reshape + split (de-interleave) on i32, reshape 1D -> 2D + reduce
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_join_split(x_ptr, y_ptr, z_ptr, w_ptr, il_ptr, sa_ptr, sb_ptr, rs_ptr, B: tl.constexpr, R: tl.constexpr,
                 C: tl.constexpr):
    pid = tl.program_id(0)
    o = pid * B + tl.arange(0, B)
    x = tl.load(x_ptr + o)
    y = tl.load(y_ptr + o)
    il = tl.reshape(tl.join(x, y), [2 * B])
    tl.store(il_ptr + pid * 2 * B + tl.arange(0, 2 * B), il)
    z = tl.load(z_ptr + pid * 2 * B + tl.arange(0, 2 * B))
    a, b = tl.split(tl.reshape(z, [B, 2]))
    tl.store(sa_ptr + o, a - b)
    tl.store(sb_ptr + o, a * b)
    w = tl.load(w_ptr + pid * R * C + tl.arange(0, R * C))
    w2 = tl.reshape(w, [R, C])
    tl.store(rs_ptr + pid * R + tl.arange(0, R), tl.sum(w2, axis=1))


# --------------------------------------------------------------------------------------------------------
# 12. sort (f32 ascending, i32 descending), topk, flip along the last dim of a 2D tile
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_sort_flip(x_ptr, i_ptr, xs_ptr, isd_ptr, tk_ptr, xf_ptr, R: tl.constexpr, C: tl.constexpr,
                K: tl.constexpr):
    rows = tl.program_id(0) * R + tl.arange(0, R)
    cols = tl.arange(0, C)
    off = rows[:, None] * C + cols[None, :]
    x = tl.load(x_ptr + off)
    iv = tl.load(i_ptr + off)
    tl.store(xs_ptr + off, tl.sort(x, dim=1))
    tl.store(isd_ptr + off, tl.sort(iv, dim=1, descending=True))
    tl.store(tk_ptr + rows[:, None] * K + tl.arange(0, K)[None, :], tl.topk(x, K, dim=1))
    tl.store(xf_ptr + off, tl.flip(x, dim=1))


# --------------------------------------------------------------------------------------------------------
# 12b. tt.gather along axis 1 (row-dependent permutation) and along axis 0 of a 2D tile
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_gather(x_ptr, g1_ptr, g0_ptr, R: tl.constexpr, C: tl.constexpr):
    rows = tl.program_id(0) * R + tl.arange(0, R)
    cols = tl.arange(0, C)
    off = rows[:, None] * C + cols[None, :]
    x = tl.load(x_ptr + off)
    idx1 = (cols[None, :] * 5 + 3 + rows[:, None]) % C
    tl.store(g1_ptr + off, tl.gather(x, idx1, axis=1))
    idx0 = (tl.arange(0, R)[:, None] * 3 + cols[None, :]) % R
    tl.store(g0_ptr + off, tl.gather(x, idx0, axis=0))


# --------------------------------------------------------------------------------------------------------
# 13. 3D tiles: broadcast-heavy index math, reduce along axis 1 and axis 2, num_warps 8
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_bcast3d(x_ptr, y_ptr, out_ptr, s1_ptr, m2_ptr, M, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.program_id(0) * A + tl.arange(0, A)
    b = tl.arange(0, B)
    c = tl.arange(0, C)
    off = a[:, None, None] * (B * C) + b[None, :, None] * C + c[None, None, :]
    m = (a[:, None, None] < M) & (b[None, :, None] < B) & (c[None, None, :] < C)
    x = tl.load(x_ptr + off, mask=m, other=0.0)
    yv = tl.load(y_ptr + b[:, None] * C + c[None, :])
    z = x * yv[None, :, :] + (a[:, None, None] * 3 - c[None, None, :]).to(tl.float32)
    tl.store(out_ptr + off, z, mask=m)
    am = a[:, None] < M
    tl.store(s1_ptr + a[:, None] * C + c[None, :], tl.sum(z, axis=1), mask=am)
    tl.store(m2_ptr + a[:, None] * B + b[None, :], tl.max(z, axis=2), mask=am)


# --------------------------------------------------------------------------------------------------------
# 14. attention forward (FlashAttention-2 style): two dependent dots per iteration with an online softmax,
#     loop-carried m_i / l_i / acc, K and V loaded inside the loop (software-pipelined by make_ttgir).
#     q/k/v/out are [BH, N_CTX, HEAD_DIM] fp16, contiguous rows of stride HEAD_DIM, head stride stride_h.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_attention(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX, stride_h,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    off_h = tl.program_id(1).to(tl.int64) * stride_h
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + off_h + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    kt_ptrs = k_ptr + off_h + offs_n[None, :] * HEAD_DIM + offs_d[:, None]  # K^T tile: HEAD_DIM x BLOCK_N
    v_ptrs = v_ptr + off_h + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # 1/log(2)
    for start_n in range(0, N_CTX, BLOCK_N):
        k = tl.load(kt_ptrs + start_n * HEAD_DIM)
        qk = tl.dot(q, k)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs + start_n * HEAD_DIM)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_ptr + off_h + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc.to(tl.float16))


# 14b. causal attention forward: the loop runs to the diagonal block with tl.range(num_stages=2) and masks
#      qk above the diagonal with -inf (every row keeps at least its diagonal element).
@triton.jit
def x_attention_causal(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX, stride_h,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    off_h = tl.program_id(1).to(tl.int64) * stride_h
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + off_h + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    kt_ptrs = k_ptr + off_h + offs_n[None, :] * HEAD_DIM + offs_d[:, None]
    v_ptrs = v_ptr + off_h + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    hi = tl.minimum((start_m + 1) * BLOCK_M, N_CTX)
    for start_n in tl.range(0, hi, BLOCK_N, num_stages=2):
        k = tl.load(kt_ptrs + start_n * HEAD_DIM)
        qk = tl.dot(q, k) * qk_scale
        qk = tl.where(offs_m[:, None] >= (start_n + offs_n[None, :]), qk, -float("inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs + start_n * HEAD_DIM)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_ptr + off_h + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc.to(tl.float16))


# --------------------------------------------------------------------------------------------------------
# scans over several layout tiles along the axis (each thread holds registers one tile apart): 1D over 1024
# elements with 4 warps (f32 fwd/reverse, i32, and a two-operand linear recurrence h = a*h + x), a 2D tile
# scanned along both axes, and a 3D tile scanned along each axis with 8 warps
# --------------------------------------------------------------------------------------------------------
@triton.jit
def _linrec_combine(a1, x1, a2, x2):
    return a1 * a2, a2 * x1 + x2


@triton.jit
def x_scan_tiles(x_ptr, a_ptr, i_ptr, fwd_ptr, rev_ptr, h_ptr, icum_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    a = tl.load(a_ptr + offs, mask=m, other=1.0)
    iv = tl.load(i_ptr + offs, mask=m, other=0)
    tl.store(fwd_ptr + offs, tl.cumsum(x, axis=0), mask=m)
    tl.store(rev_ptr + offs, tl.cumsum(x, axis=0, reverse=True), mask=m)
    _, h = tl.associative_scan((a, x), 0, _linrec_combine)
    tl.store(h_ptr + offs, h, mask=m)
    tl.store(icum_ptr + offs, tl.cumsum(iv, axis=0, reverse=True), mask=m)


@triton.jit
def x_scan_tiles_2d(x_ptr, i_ptr, c0_ptr, c1r_ptr, i0r_ptr, i1_ptr, M, N, R: tl.constexpr, C: tl.constexpr):
    rows = tl.program_id(0) * R + tl.arange(0, R)
    cols = tl.arange(0, C)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    off = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + off, mask=m, other=0.0)
    iv = tl.load(i_ptr + off, mask=m, other=0)
    tl.store(c0_ptr + off, tl.cumsum(x, axis=0), mask=m)
    tl.store(c1r_ptr + off, tl.cumsum(x, axis=1, reverse=True), mask=m)
    tl.store(i0r_ptr + off, tl.cumsum(iv, axis=0, reverse=True), mask=m)
    tl.store(i1_ptr + off, tl.cumsum(iv, axis=1), mask=m)


@triton.jit
def x_scan_3d(i_ptr, s0_ptr, s1r_ptr, s2_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    base = tl.program_id(0) * A * B * C
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    off = base + (a * B + b) * C + c
    iv = tl.load(i_ptr + off)
    tl.store(s0_ptr + off, tl.cumsum(iv, axis=0))
    tl.store(s1r_ptr + off, tl.cumsum(iv, axis=1, reverse=True))
    tl.store(s2_ptr + off, tl.cumsum(iv, axis=2))


# --------------------------------------------------------------------------------------------------------
# 15. selects on a scalar i1 (issue 22, class 3): `if c: r = t1 else: r = t2` on tiles canonicalizes to
#     `arith.select %c : i1, tensor, tensor` (tl.where with a scalar condition splats it instead).  Value
#     tiles, pointer tiles (then loaded from), i1 mask tiles (then stored under), a dot epilogue picking
#     the accumulator or a rescaled copy (mma layout), and a loop-carried tile chosen per iteration.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_select_scalar(a_ptr, b_ptr, x_ptr, y_ptr, o_ptr, c_ptr, q_ptr, flag, M, N,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BM + tl.arange(0, BM)
    cols = tl.arange(0, BN)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    off = rows[:, None] * N + cols[None, :]
    a = tl.load(a_ptr + off, mask=m, other=0.0)
    b = tl.load(b_ptr + off, mask=m, other=0.0)
    ta = a * 2.0
    tb = b + 1.0
    if flag > 0:
        t = ta
    else:
        t = tb
    pa = a_ptr + off
    pb = b_ptr + off
    if flag % 2 == 0:
        src = pa
    else:
        src = pb
    c = tl.load(src, mask=m, other=0.0)
    mh = m & (cols[None, :] < N // 2)
    if flag > 1:
        sm = mh
    else:
        sm = m
    w = tl.where(pid % 2 == 0, a, b)
    acc2 = tl.zeros([BM, BN], dtype=tl.float32)
    for i in range(0, 4):
        up = acc2 + a
        down = acc2 - b
        if i == flag:
            acc2 = up
        else:
            acc2 = down
    tl.store(o_ptr + off, t + c + w + acc2, mask=m)
    tl.store(c_ptr + off, c, mask=sm)
    ks = tl.arange(0, BK)
    x = tl.load(x_ptr + rows[:, None] * BK + ks[None, :], mask=rows[:, None] < M, other=0.0)
    y = tl.load(y_ptr + ks[:, None] * BN + cols[None, :])
    acc = tl.dot(x, y)
    half = acc * 0.5 + 1.0
    if flag > 2:
        r = acc
    else:
        r = half
    tl.store(q_ptr + off, r, mask=m)


# --------------------------------------------------------------------------------------------------------
# a transposed dot operand: C = A @ B^T with B stored row-major [N, K] (tl.trans feeding tl.dot)
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_dot_trans(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + rn[:, None] * K + (k + rk)[None, :], mask=rn[:, None] < N, other=0.0)
        acc = tl.dot(a, tl.trans(b), acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


# --------------------------------------------------------------------------------------------------------
# a grouped-ordering matmul with runtime strides, tl.assume facts and multiple_of / max_contiguous hints
# (the shape of Triton's tutorial matmul): C = A @ B, fp16 in, fp32 accumulate, stored as fp16
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_matmul_hints(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    group = GROUP_M * num_pid_n
    first_m = (pid // group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % group) % group_m)
    pid_n = (pid % group) // group_m
    tl.assume(pid_m >= 0)
    tl.assume(pid_n >= 0)
    tl.assume(stride_am > 0)
    tl.assume(stride_ak > 0)
    tl.assume(stride_bn > 0)
    tl.assume(stride_bk > 0)
    tl.assume(stride_cm > 0)
    tl.assume(stride_cn > 0)
    offs_am = tl.max_contiguous(tl.multiple_of((pid_m * BM + tl.arange(0, BM)) % M, BM), BM)
    offs_bn = tl.max_contiguous(tl.multiple_of((pid_n * BN + tl.arange(0, BN)) % N, BN), BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK * stride_ak
        b_ptrs += BK * stride_bk
    c = acc.to(tl.float16)
    offs_cm = pid_m * BM + tl.arange(0, BM)
    offs_cn = pid_n * BN + tl.arange(0, BN)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


# 15b. a scalar select between two loaded tiles feeding tl.dot in a pipelined K loop (the select is on the
#      dot-operand layout after make_ttgir), and an epilogue scaled on a scalar.
@triton.jit
def x_select_scalar_dot(a_ptr, b_ptr, y_ptr, o_ptr, flag, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + rm[:, None] * K + (k + rk)[None, :])
        if flag > 0:
            x = a
        else:
            x = b
        y = tl.load(y_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc = tl.dot(x, y, acc)
    half = acc * 0.5
    if flag > 1:
        r = half
    else:
        r = acc
    tl.store(o_ptr + rm[:, None] * BN + rn[None, :], r)


# 14c. FlashAttention-2 tutorial style, causal: K loaded as [BLOCK_N, HEAD_DIM] tiles and transposed with tl.trans,
#      K/V pointers advanced in the loop, a helper called twice: the blocks left of the diagonal (no mask), then
#      the diagonal block (masked).  Two pipelined loops share Q.
@triton.jit
def _x_attn_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, qk_scale, lo, hi, offs_m, offs_n,
                  BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr, DIAGONAL: tl.constexpr):
    k_ptrs += lo * HEAD_DIM
    v_ptrs += lo * HEAD_DIM
    for start_n in range(lo, hi, BLOCK_N):
        k = tl.load(k_ptrs)
        qk = tl.dot(q, tl.trans(k))
        if DIAGONAL:
            qk = qk * qk_scale + tl.where(offs_m[:, None] >= (start_n + offs_n[None, :]), 0.0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
        k_ptrs += BLOCK_N * HEAD_DIM
        v_ptrs += BLOCK_N * HEAD_DIM
    return acc, l_i, m_i


@triton.jit
def x_attention_fa2(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX, stride_h,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    off_h = tl.program_id(1).to(tl.int64) * stride_h
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + off_h + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    k_ptrs = k_ptr + off_h + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    v_ptrs = v_ptr + off_h + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    acc, l_i, m_i = _x_attn_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, qk_scale, 0, start_m * BLOCK_M, offs_m, offs_n,
                                  BLOCK_N, HEAD_DIM, False)
    acc, l_i, m_i = _x_attn_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, qk_scale, start_m * BLOCK_M,
                                  (start_m + 1) * BLOCK_M, offs_m, offs_n, BLOCK_N, HEAD_DIM, True)
    acc = acc / l_i[:, None]
    tl.store(o_ptr + off_h + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc.to(tl.float16))


# 14d. attention backward (FlashAttention-2 style), issue 23.  The forward's base-2 logsumexp m (per query row,
#      of qk * sm_scale * log2(e)) and delta = rowsum(o * do) come in as f32 rows; p is recomputed blockwise.
#      dS = P * (dP - delta), dV = P^T dO, dK = sm_scale * dS^T Q, dQ = sm_scale * dS K.
#      q/k/v/do/dq/dk/dv are [BH, N_CTX, HEAD_DIM] f16 (row stride HEAD_DIM, head stride stride_h); m and
#      delta are [BH, N_CTX] f32.
@triton.jit
def x_attn_bwd_preprocess(o_ptr, do_ptr, delta_ptr, N_CTX, BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rows = tl.program_id(1).to(tl.int64) * N_CTX
    offs_d = tl.arange(0, HEAD_DIM)
    in_rows = offs_m < N_CTX
    tile = (rows + offs_m[:, None]) * HEAD_DIM + offs_d[None, :]
    o = tl.load(o_ptr + tile, mask=in_rows[:, None], other=0.0).to(tl.float32)
    do = tl.load(do_ptr + tile, mask=in_rows[:, None], other=0.0).to(tl.float32)
    tl.store(delta_ptr + rows + offs_m, tl.sum(o * do, axis=1), mask=in_rows)


# dK/dV of one key block (k, v: [BLOCK_N, HEAD_DIM], kept in registers) over `steps` query blocks from lo:
# the transposed problem (rows = keys), q read as a [HEAD_DIM, BLOCK_M] qT tile, do row-major.
@triton.jit
def _x_bwd_kv_blocks(dk, dv, k, v, q_ptr, do_ptr, m_ptr, delta_ptr, qk_scale, start_n, lo, steps,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr, DIAGONAL: tl.constexpr):
    offs_n = start_n + tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    offs_m = lo + tl.arange(0, BLOCK_M)
    qT_ptrs = q_ptr + offs_m[None, :] * HEAD_DIM + offs_d[:, None]
    do_ptrs = do_ptr + offs_m[:, None] * HEAD_DIM + offs_d[None, :]
    for _ in range(steps):
        qT = tl.load(qT_ptrs)
        m = tl.load(m_ptr + offs_m)
        pT = tl.math.exp2(tl.dot(k, qT) * qk_scale - m[None, :])
        if DIAGONAL:
            pT = tl.where(offs_m[None, :] >= offs_n[:, None], pT, 0.0)
        do = tl.load(do_ptrs)
        dv += tl.dot(pT.to(tl.float16), do)
        dpT = tl.dot(v, tl.trans(do))
        delta = tl.load(delta_ptr + offs_m)
        dsT = pT * (dpT - delta[None, :])
        dk += tl.dot(dsT.to(tl.float16), tl.trans(qT))
        offs_m += BLOCK_M
        qT_ptrs += BLOCK_M * HEAD_DIM
        do_ptrs += BLOCK_M * HEAD_DIM
    return dk, dv


# dQ of one query block (q, do: [BLOCK_M, HEAD_DIM], m, delta: [BLOCK_M]) over `steps` key blocks from lo, with
# K and V read as [HEAD_DIM, BLOCK_N] transposed tiles.
@triton.jit
def _x_bwd_q_blocks(dq, q, do, m, delta, k_ptr, v_ptr, qk_scale, start_m, lo, steps,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr, DIAGONAL: tl.constexpr):
    offs_m = start_m + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    offs_n = lo + tl.arange(0, BLOCK_N)
    kT_ptrs = k_ptr + offs_n[None, :] * HEAD_DIM + offs_d[:, None]
    vT_ptrs = v_ptr + offs_n[None, :] * HEAD_DIM + offs_d[:, None]
    for _ in range(steps):
        kT = tl.load(kT_ptrs)
        vT = tl.load(vT_ptrs)
        p = tl.math.exp2(tl.dot(q, kT) * qk_scale - m[:, None])
        if DIAGONAL:
            p = tl.where(offs_m[:, None] >= offs_n[None, :], p, 0.0)
        dp = tl.dot(do, vT)
        ds = p * (dp - delta[:, None])
        dq += tl.dot(ds.to(tl.float16), tl.trans(kT))
        offs_n += BLOCK_N
        kT_ptrs += BLOCK_N * HEAD_DIM
        vT_ptrs += BLOCK_N * HEAD_DIM
    return dq


# One program per (block, head): dK/dV of key block pid (BLOCK_N1 keys, query blocks of BLOCK_M1) and dQ of query
# block pid (BLOCK_M2 = BLOCK_N1 queries, key blocks of BLOCK_N2).  CAUSAL: the blocks on the diagonal are
# walked first with the mask, the rest without.  N_CTX is a multiple of BLOCK_N1 (no row/key masks).
@triton.jit
def x_attn_bwd(q_ptr, k_ptr, v_ptr, do_ptr, m_ptr, delta_ptr, dq_ptr, dk_ptr, dv_ptr, sm_scale, N_CTX, stride_h,
               BLOCK_M1: tl.constexpr, BLOCK_N1: tl.constexpr, BLOCK_M2: tl.constexpr, BLOCK_N2: tl.constexpr,
               HEAD_DIM: tl.constexpr, CAUSAL: tl.constexpr):
    pid = tl.program_id(0)
    bh = tl.program_id(1).to(tl.int64)
    q_ptr += bh * stride_h
    k_ptr += bh * stride_h
    v_ptr += bh * stride_h
    do_ptr += bh * stride_h
    dq_ptr += bh * stride_h
    dk_ptr += bh * stride_h
    dv_ptr += bh * stride_h
    m_ptr += bh * N_CTX
    delta_ptr += bh * N_CTX
    qk_scale = sm_scale * 1.44269504
    offs_d = tl.arange(0, HEAD_DIM)

    start_n = pid * BLOCK_N1
    kv_tile = (start_n + tl.arange(0, BLOCK_N1))[:, None] * HEAD_DIM + offs_d[None, :]
    k = tl.load(k_ptr + kv_tile)
    v = tl.load(v_ptr + kv_tile)
    dk = tl.zeros([BLOCK_N1, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N1, HEAD_DIM], dtype=tl.float32)
    lo = 0
    if CAUSAL:
        dk, dv = _x_bwd_kv_blocks(dk, dv, k, v, q_ptr, do_ptr, m_ptr, delta_ptr, qk_scale, start_n, start_n,
                                  BLOCK_N1 // BLOCK_M1, BLOCK_M1, BLOCK_N1, HEAD_DIM, True)
        lo = start_n + BLOCK_N1
    dk, dv = _x_bwd_kv_blocks(dk, dv, k, v, q_ptr, do_ptr, m_ptr, delta_ptr, qk_scale, start_n, lo,
                              (N_CTX - lo) // BLOCK_M1, BLOCK_M1, BLOCK_N1, HEAD_DIM, False)
    tl.store(dv_ptr + kv_tile, dv.to(tl.float16))
    tl.store(dk_ptr + kv_tile, (dk * sm_scale).to(tl.float16))

    start_m = pid * BLOCK_M2
    offs_m = start_m + tl.arange(0, BLOCK_M2)
    q_tile = offs_m[:, None] * HEAD_DIM + offs_d[None, :]
    q = tl.load(q_ptr + q_tile)
    do = tl.load(do_ptr + q_tile)
    m = tl.load(m_ptr + offs_m)
    delta = tl.load(delta_ptr + offs_m)
    dq = tl.zeros([BLOCK_M2, HEAD_DIM], dtype=tl.float32)
    if CAUSAL:
        dq = _x_bwd_q_blocks(dq, q, do, m, delta, k_ptr, v_ptr, qk_scale, start_m, start_m, BLOCK_M2 // BLOCK_N2,
                             BLOCK_M2, BLOCK_N2, HEAD_DIM, True)
        dq = _x_bwd_q_blocks(dq, q, do, m, delta, k_ptr, v_ptr, qk_scale, start_m, 0, start_m // BLOCK_N2,
                             BLOCK_M2, BLOCK_N2, HEAD_DIM, False)
    else:
        dq = _x_bwd_q_blocks(dq, q, do, m, delta, k_ptr, v_ptr, qk_scale, start_m, 0, N_CTX // BLOCK_N2,
                             BLOCK_M2, BLOCK_N2, HEAD_DIM, False)
    tl.store(dq_ptr + q_tile, (dq * sm_scale).to(tl.float16))


# --------------------------------------------------------------------------------------------------------
# masked loads with a non-zero `other` inside software-pipelined loops (tl.range(num_stages=4)): Triton turns
# them into async copies to shared memory, and the padding value is applied by a select after the wait.
# x_softmax_pipelined: one row per program, an online max/sum pass over column chunks padded with -inf, then a
# second pass that writes exp(x - max) / sum.  x_accum_other: running sums of chunks padded with 1.0 (f32) and
# 7 (i32), so every padded lane adds a known amount.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_softmax_pipelined(x_ptr, out_ptr, N, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    src = x_ptr + row * stride
    dst = out_ptr + row * stride
    cols = tl.arange(0, BLOCK)
    run_max = -float("inf")
    run_sum = 0.0
    for start in tl.range(0, N, BLOCK, num_stages=4):
        idx = start + cols
        x = tl.load(src + idx, mask=idx < N, other=-float("inf"))
        new_max = tl.maximum(run_max, tl.max(x, 0))
        run_sum = run_sum * tl.exp(run_max - new_max) + tl.sum(tl.exp(x - new_max), 0)
        run_max = new_max
    for start in tl.range(0, N, BLOCK, num_stages=4):
        idx = start + cols
        x = tl.load(src + idx, mask=idx < N, other=-float("inf"))
        tl.store(dst + idx, tl.exp(x - run_max) / run_sum, mask=idx < N)


@triton.jit
def x_accum_other(x_ptr, i_ptr, out_ptr, iout_ptr, N, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    iacc = tl.zeros([BLOCK], dtype=tl.int32)
    for start in tl.range(0, N, BLOCK, num_stages=4):
        idx = start + cols
        inside = idx < N
        acc += tl.load(x_ptr + row * stride + idx, mask=inside, other=1.0)
        iacc += tl.load(i_ptr + row * stride + idx, mask=inside, other=7)
    tl.store(out_ptr + row, tl.sum(acc, 0))
    tl.store(iout_ptr + row, tl.sum(iacc, 0))


# --------------------------------------------------------------------------------------------------------
# tensor descriptors on sm80 (make_ttir rewrites them to masked pointer loads/stores).
# x_desc_matmul: host-side TensorDescriptor arguments; C = A @ B^T with B stored [N, K], the K extent read from
# A's descriptor.  x_make_desc: device-side descriptors; tiles read partly or wholly out of bounds (negative
# column offsets too) read 0, a shifted store writes only its in-bounds part.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_desc_matmul(a_desc, b_desc, c_desc, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for k in range(0, a_desc.shape[1], BK):
        a = a_desc.load([om, k])
        b = b_desc.load([on, k])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([om, on], acc.to(tl.float16))


@triton.jit
def x_make_desc(in_ptr, out_ptr, out2_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_tensor_descriptor(in_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dst2 = tl.make_tensor_descriptor(out2_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    tile = src.load([om, on])
    shifted = src.load([om + 1, on - 3])
    dst.store([om, on], tile + shifted)
    dst2.store([om - 1, on + 2], tile * 2.0)


# x_desc_atomic: descriptor reductions (desc.atomic_add/max/min/xor, tt.descriptor_reduce), which Triton rewrites
# on sm80 into masked tt.atomic_rmw (release, gpu) of the block: f32 add, i32 max/xor, a u32 max (umax), and an i32
# min at a shifted, partly out-of-bounds tile that overlaps other programs' tiles (min commutes, so the result is
# deterministic).
@triton.jit
def x_desc_atomic(x_ptr, y_ptr, imax_ptr, imin_ptr, ixor_ptr, umax_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    xd = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    maxd = tl.make_tensor_descriptor(imax_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    mind = tl.make_tensor_descriptor(imin_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    xord = tl.make_tensor_descriptor(ixor_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    umaxd = tl.make_tensor_descriptor(umax_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    v = xd.load([om, on])
    yd.atomic_add([om, on], v)
    iv = (v * 1000.0).to(tl.int32)
    maxd.atomic_max([om, on], iv)
    mind.atomic_min([om + 1, on - 3], iv)
    xord.atomic_xor([om, on], iv)
    umaxd.atomic_max([om, on], iv.to(tl.uint32, bitcast=True))


# x_desc_gather: host-side f32 descriptors with block [1, BN] (on sm80 Triton passes each as pointer, shapes,
# strides and the padding / tf32 flags): a row gather by an index vector and a scatter of the rows back (both
# masked per row and column), and a plain block load stored one column to the left (the padding of the load's
# out-of-bounds column shows in the last column).
@triton.jit
def x_desc_gather(a_desc, o_desc, p_desc, rows_ptr, BR: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    pn = tl.program_id(1) * BN
    r = tl.load(rows_ptr + pid * BR + tl.arange(0, BR))
    g = a_desc.gather(r, pn)
    o_desc.scatter(g * 2.0, r, pn)
    t = a_desc.load([pid, pn])
    p_desc.store([pid, pn - 1], t + 1.0)


# --------------------------------------------------------------------------------------------------------
# dropout with Triton's Philox generator: keep x / (1 - p) where tl.rand(seed, offset) > p, else 0; the keep
# mask and the raw tl.randint bits are stored too, so the generator is checked bit for bit.  An i64 seed feeds
# both key words.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_dropout(x_ptr, out_ptr, keep_ptr, bits_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    x = tl.load(x_ptr + offs, mask=inside)
    keep = tl.rand(seed, offs) > p
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=inside)
    tl.store(keep_ptr + offs, keep.to(tl.int8), mask=inside)
    tl.store(bits_ptr + offs, tl.randint(seed, offs), mask=inside)


# --------------------------------------------------------------------------------------------------------
# 16. microscaled dot (tl.dot_scaled, issue 23): on sm80 Triton emulates it, upcasting the operands to bf16,
#     multiplying them by their e8m0 block scales (one per 32 elements along K) and running a bf16 mma.
#     Triton 3.9 refuses e4m3 on sm80 (fp8e4nv is sm89+), so the fp8 operands are e5m2.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_dot_scaled(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    rs = tl.arange(0, BK // 32)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        sa = tl.load(sa_ptr + rm[:, None] * (K // 32) + (k // 32 + rs)[None, :], mask=rm[:, None] < M, other=127)
        sb = tl.load(sb_ptr + rn[:, None] * (K // 32) + (k // 32 + rs)[None, :], mask=rn[:, None] < N, other=127)
        acc = tl.dot_scaled(a, sa, "e5m2", b, sb, "e5m2", acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


# 16b. e2m1 (fp4, two values per byte, low nibble first along K) with e8m0 scales times an unscaled bf16 rhs
#      (ttg.fp4_to_fp on sm80), one K block per program.
@triton.jit
def x_dot_scaled_fp4(a_ptr, sa_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    N = tl.num_programs(1) * BN
    rk2 = tl.arange(0, BK // 2)
    rk = tl.arange(0, BK)
    rs = tl.arange(0, BK // 32)
    a = tl.load(a_ptr + rm[:, None] * (BK // 2) + rk2[None, :])
    sa = tl.load(sa_ptr + rm[:, None] * (BK // 32) + rs[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot_scaled(a, sa, "e2m1", b, None, "bf16")
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)


# 17. fp8 matmul through tl.dot: e5m2 operands (sm80: upcast to f16 for the mma), f32 accumulator.
@triton.jit
def x_matmul_fp8(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


# 18. bf16 matmul with a bf16 result (f32 accumulator rounded once at the end).
@triton.jit
def x_matmul_bf16(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16), mask=(rm[:, None] < M) & (rn[None, :] < N))


# --------------------------------------------------------------------------------------------------------
# issue 23: a grouped GEMM over pointer tables (Triton's tutorial 08 shape).  Group g multiplies the fp16
# row-major A_g [m, k] by B_g [k, n] into C_g [m, n] (fp32 accumulate, fp16 out); the base addresses live in
# i64 tables, the sizes (m, n, k) and leading dimensions (lda, ldb, ldc) in i32 tables, all in device memory.
# Each program walks the tiles of every group, grid-stride.  Hints: the loaded k and leading dimensions are
# multiples of 16 (multiple_of on the loads), the bases 16-byte aligned (multiple_of on the int_to_ptr), the
# row/column offsets multiple_of / max_contiguous BM/BN, the loop-carried pointers multiple_of [16, 16] (the
# tutorial's hint on scf.for block arguments) and tl.assume facts on the leading dimensions.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_grouped_gemm(a_tab, b_tab, c_tab, sizes, lds, n_groups, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr):
    tile = tl.program_id(0)
    stride = tl.num_programs(0)
    first = 0
    for g in range(n_groups):
        m = tl.load(sizes + 3 * g)
        n = tl.load(sizes + 3 * g + 1)
        k = tl.multiple_of(tl.load(sizes + 3 * g + 2), 16)
        tiles_n = tl.cdiv(n, BN)
        last = first + tl.cdiv(m, BM) * tiles_n
        while tile >= first and tile < last:
            lda = tl.multiple_of(tl.load(lds + 3 * g), 16)
            ldb = tl.multiple_of(tl.load(lds + 3 * g + 1), 16)
            ldc = tl.multiple_of(tl.load(lds + 3 * g + 2), 16)
            tl.assume(lda > 0)
            tl.assume(ldb > 0)
            tl.assume(ldc > 0)
            a_base = tl.multiple_of(tl.load(a_tab + g).to(tl.pointer_type(tl.float16)), 16)
            b_base = tl.multiple_of(tl.load(b_tab + g).to(tl.pointer_type(tl.float16)), 16)
            c_base = tl.multiple_of(tl.load(c_tab + g).to(tl.pointer_type(tl.float16)), 16)
            t_m = (tile - first) // tiles_n
            t_n = (tile - first) % tiles_n
            tl.assume(t_m >= 0)
            tl.assume(t_n >= 0)
            rows = tl.max_contiguous(tl.multiple_of((t_m * BM + tl.arange(0, BM)) % m, BM), BM)
            cols = tl.max_contiguous(tl.multiple_of((t_n * BN + tl.arange(0, BN)) % n, BN), BN)
            ks = tl.arange(0, BK)
            a_ptrs = a_base + rows[:, None] * lda + ks[None, :]
            b_ptrs = b_base + ks[:, None] * ldb + cols[None, :]
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for kk in range(0, tl.cdiv(k, BK)):
                tl.multiple_of(a_ptrs, [16, 16])
                tl.multiple_of(b_ptrs, [16, 16])
                a = tl.load(a_ptrs, mask=ks[None, :] < k - kk * BK, other=0.0)
                b = tl.load(b_ptrs, mask=ks[:, None] < k - kk * BK, other=0.0)
                acc = tl.dot(a, b, acc)
                a_ptrs += BK
                b_ptrs += BK * ldb
            out_m = t_m * BM + tl.arange(0, BM)
            out_n = t_n * BN + tl.arange(0, BN)
            c_ptrs = c_base + ldc * out_m[:, None] + out_n[None, :]
            tl.store(c_ptrs, acc.to(tl.float16), mask=(out_m[:, None] < m) & (out_n[None, :] < n))
            tile += stride
        first = last


# --------------------------------------------------------------------------------------------------------
# issue 23: layer norm backward (Triton's tutorial 05 shape).  One program per row of x [M, N] (fp16, row
# stride `stride`): dx = (w*dy - (xhat*c1 + c2)) * rstd with xhat = (x - mean)*rstd, c1 = mean(xhat*w*dy),
# c2 = mean(w*dy); the row's dw = dy*xhat and db = dy are added into the f32 partial row `row % GROUP` of
# dw_part / db_part [GROUP, N] under a spin lock (atomic_cas lock[slot] 0 -> 1, released with atomic_xchg);
# lock[GROUP + slot] counts whether the partial row was written yet.  x_layernorm_dwdb then sums the GROUP
# partial rows per column.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_layernorm_bwd(dx_ptr, dy_ptr, dw_part, db_part, x_ptr, w_ptr, mean_ptr, rstd_ptr, lock_ptr, stride, N,
                    GROUP: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    in_row = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=in_row, other=0.0).to(tl.float32)
    dy = tl.load(dy_ptr + row * stride + cols, mask=in_row, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=in_row, other=0.0).to(tl.float32)
    mean = tl.load(mean_ptr + row)
    rstd = tl.load(rstd_ptr + row)
    xhat = tl.where(in_row, (x - mean) * rstd, 0.0)
    wdy = tl.where(in_row, w * dy, 0.0)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(dx_ptr + row * stride + cols, dx.to(tl.float16), mask=in_row)
    dw = dy * xhat
    db = dy
    slot = row % GROUP
    lock = lock_ptr + slot
    written = lock_ptr + GROUP + slot
    part = slot * N + cols
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.load(written) == 0:
        tl.atomic_xchg(written, 1)
    else:
        dw += tl.load(dw_part + part, mask=in_row, other=0.0)
        db += tl.load(db_part + part, mask=in_row, other=0.0)
    tl.store(dw_part + part, dw, mask=in_row)
    tl.store(db_part + part, db, mask=in_row)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


@triton.jit
def x_layernorm_dwdb(dw_part, db_part, dw_ptr, db_ptr, G, N, BM: tl.constexpr, BN: tl.constexpr):
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    dw = tl.zeros((BM, BN), dtype=tl.float32)
    db = tl.zeros((BM, BN), dtype=tl.float32)
    for i in range(0, G, BM):
        rows = i + tl.arange(0, BM)
        inside = (rows[:, None] < G) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(dw_part + offs, mask=inside, other=0.0)
        db += tl.load(db_part + offs, mask=inside, other=0.0)
    tl.store(dw_ptr + cols, tl.sum(dw, axis=0), mask=cols < N)
    tl.store(db_ptr + cols, tl.sum(db, axis=0), mask=cols < N)


# --------------------------------------------------------------------------------------------------------
# issue 23: persistent matmuls.  Each program walks the output tiles start, start + NUM_SMS, ... (grouped
# ordering: GROUP_M tile rows per group, column-major inside a group); per tile an inner K loop of tl.dot
# (fp16 in, fp32 acc, fp16 out), masked on every edge.  x_persistent_matmul marks the tile loop
# tl.range(..., flatten=True), so tritongpu-fuse-nested-loops fuses tile and K loops into one pipelined loop;
# x_persistent_matmul_nf is the same kernel without flatten (the nest stays, the K loop is pipelined alone).
# --------------------------------------------------------------------------------------------------------
@triton.jit
def _x_grouped_tile(tile, tiles_m, tiles_n, GROUP_M: tl.constexpr):
    per_group = GROUP_M * tiles_n
    first_m = (tile // per_group) * GROUP_M
    rows = tl.minimum(tiles_m - first_m, GROUP_M)
    in_group = tile % per_group
    return first_m + in_group % rows, in_group // rows


@triton.jit
def _x_persistent_tile(a_ptr, b_ptr, c_ptr, M, N, K, tile, tiles_m, tiles_n, k_tiles, BM: tl.constexpr,
                       BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    pm, pn = _x_grouped_tile(tile, tiles_m, tiles_n, GROUP_M)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for kt in range(k_tiles):
        k = kt * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + k[None, :], mask=(rm[:, None] < M) & (k[None, :] < K), other=0.0)
        b = tl.load(b_ptr + k[:, None] * N + rn[None, :], mask=(k[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def x_persistent_matmul(a_ptr, b_ptr, c_ptr, M, N, K, NUM_SMS, BM: tl.constexpr, BN: tl.constexpr,
                        BK: tl.constexpr, GROUP_M: tl.constexpr):
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    k_tiles = tl.cdiv(K, BK)
    for tile in tl.range(tl.program_id(0), tiles_m * tiles_n, NUM_SMS, flatten=True):
        _x_persistent_tile(a_ptr, b_ptr, c_ptr, M, N, K, tile, tiles_m, tiles_n, k_tiles, BM, BN, BK, GROUP_M)


@triton.jit
def x_persistent_matmul_nf(a_ptr, b_ptr, c_ptr, M, N, K, NUM_SMS, BM: tl.constexpr, BN: tl.constexpr,
                           BK: tl.constexpr, GROUP_M: tl.constexpr):
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    k_tiles = tl.cdiv(K, BK)
    for tile in range(tl.program_id(0), tiles_m * tiles_n, NUM_SMS):
        _x_persistent_tile(a_ptr, b_ptr, c_ptr, M, N, K, tile, tiles_m, tiles_n, k_tiles, BM, BN, BK, GROUP_M)


# --------------------------------------------------------------------------------------------------------
# LLM-serving and training kernels of the kinds public kernel libraries ship (written here): RMSNorm, rotary
# embedding, SwiGLU forward + backward, cross-entropy with the gradient written over the logits (an early
# return for ignored rows), an int4 weight-only (GPTQ-style) dequantizing matmul, split-K with atomic adds.
# --------------------------------------------------------------------------------------------------------
@triton.jit
def x_rmsnorm(x_ptr, w_ptr, y_ptr, rstd_ptr, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = tl.rsqrt(tl.sum(x * x, axis=0) / N + eps)
    tl.store(y_ptr + row * stride + cols, (x * rstd * w).to(tl.float16), mask=mask)
    tl.store(rstd_ptr + row, rstd)


@triton.jit
def x_rope(q_ptr, cos_ptr, sin_ptr, out_ptr, T, H, stride_t, stride_h, D: tl.constexpr, BT: tl.constexpr,
           BH: tl.constexpr):
    t = tl.program_id(0) * BT + tl.arange(0, BT)
    h = tl.arange(0, BH)
    d = tl.arange(0, D // 2)
    tmask = t < T
    cs = t[:, None] * (D // 2) + d[None, :]
    cos = tl.load(cos_ptr + cs, mask=tmask[:, None], other=0.0)[:, None, :]
    sin = tl.load(sin_ptr + cs, mask=tmask[:, None], other=0.0)[:, None, :]
    off = t[:, None, None] * stride_t + h[None, :, None] * stride_h + d[None, None, :]
    m = tmask[:, None, None] & (h < H)[None, :, None]
    x1 = tl.load(q_ptr + off, mask=m, other=0.0).to(tl.float32)
    x2 = tl.load(q_ptr + off + D // 2, mask=m, other=0.0).to(tl.float32)
    tl.store(out_ptr + off, (x1 * cos - x2 * sin).to(tl.float16), mask=m)
    tl.store(out_ptr + off + D // 2, (x2 * cos + x1 * sin).to(tl.float16), mask=m)


@triton.jit
def x_swiglu(a_ptr, b_ptr, dc_ptr, c_ptr, da_ptr, db_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    off = row * stride + cols
    a = tl.load(a_ptr + off, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + off, mask=mask, other=0.0)
    dc = tl.load(dc_ptr + off, mask=mask, other=0.0)
    sig = tl.sigmoid(a)
    silu = a * sig
    tl.store(c_ptr + off, silu.to(b.dtype) * b, mask=mask)
    tl.store(db_ptr + off, dc * silu.to(dc.dtype), mask=mask)
    da = dc.to(tl.float32) * b.to(tl.float32) * (silu * (1.0 - sig) + sig)
    tl.store(da_ptr + off, da.to(tl.float16), mask=mask)


@triton.jit
def x_cross_entropy(logits_ptr, labels_ptr, loss_ptr, stride, V, n_rows, ignore_index, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    base = logits_ptr + row * stride
    label = tl.load(labels_ptr + row)
    if label == ignore_index:
        for i in range(0, V, BLOCK):
            cols = i + tl.arange(0, BLOCK)
            tl.store(base + cols, 0.0, mask=cols < V)
        tl.store(loss_ptr + row, 0.0)
        return
    x_label = tl.load(base + label).to(tl.float32)
    m = float("-inf")
    d = 0.0
    for i in range(0, V, BLOCK):
        cols = i + tl.arange(0, BLOCK)
        x = tl.load(base + cols, mask=cols < V, other=float("-inf")).to(tl.float32)
        m_new = tl.maximum(m, tl.max(x, axis=0))
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(x - m_new), axis=0)
        m = m_new
    lse = m + tl.log(d)
    for i in range(0, V, BLOCK):
        cols = i + tl.arange(0, BLOCK)
        x = tl.load(base + cols, mask=cols < V, other=float("-inf")).to(tl.float32)
        g = tl.exp(x - lse) / n_rows
        g = tl.where(cols == label, g - 1.0 / n_rows, g)
        tl.store(base + cols, g, mask=cols < V)
    tl.store(loss_ptr + row, lse - x_label)


@triton.jit
def x_w4a16_matmul(a_ptr, qw_ptr, scales_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr, GROUP: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        k = k0 + rk
        kmask = (k[:, None] < K) & (rn[None, :] < N)
        a = tl.load(a_ptr + rm[:, None] * K + k[None, :], mask=(rm[:, None] < M) & (k[None, :] < K), other=0.0)
        q = tl.load(qw_ptr + (k[:, None] // 8) * N + rn[None, :], mask=kmask, other=0)
        nib = (q >> ((k[:, None] % 8) * 4)) & 0xF
        s = tl.load(scales_ptr + (k[:, None] // GROUP) * N + rn[None, :], mask=kmask, other=0.0)
        acc = tl.dot(a, (nib - 8).to(tl.float16) * s, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def x_splitk_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                    SPLIT: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(tl.program_id(2) * BK, K, BK * SPLIT):
        k = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + k[None, :], mask=(rm[:, None] < M) & (k[None, :] < K), other=0.0)
        b = tl.load(b_ptr + k[:, None] * N + rn[None, :], mask=(k[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.atomic_add(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def x_int8_quant(x_ptr, q_ptr, scale_ptr, N, stride, BLOCK: tl.constexpr):
    # per-row symmetric int8 quantization (SmoothQuant / LLM.int8 style): scale = absmax / 127, q = rint(x / scale)
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    scale = tl.maximum(tl.max(tl.abs(x), axis=0), 1e-8) / 127.0
    q = libdevice.rint(x / scale)
    q = tl.minimum(tl.maximum(q, -127.0), 127.0)
    tl.store(q_ptr + row * stride + cols, q.to(tl.int8), mask=mask)
    tl.store(scale_ptr + row, scale)


@triton.jit
def x_fp8_act_quant(x_ptr, y_ptr, s_ptr, n, BLOCK: tl.constexpr):
    # block-wise fp8 activation quantization in the manner of DeepSeek-V3's act_quant (which uses e4m3, not
    # available on sm80 in Triton 3.9; e5m2 here): one scale per BLOCK elements
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)
    s = tl.max(tl.abs(x)) / 57344.0
    s = tl.where(s == 0.0, 1.0, s)
    tl.store(y_ptr + offs, (x / s).to(y_ptr.dtype.element_ty), mask=offs < n)
    tl.store(s_ptr + pid, s)


@triton.jit
def x_decode_attention(q_ptr, k_ptr, v_ptr, o_ptr, lse_ptr, S, sm_scale, stride_ks, GROUP: tl.constexpr,
                       GP: tl.constexpr, D: tl.constexpr, BN: tl.constexpr, SPLITS: tl.constexpr):
    # flash-decoding with grouped-query attention: program (kv head, split) attends the GROUP query heads of
    # that kv head over its slice of the S cached positions; writes a partial output and its log-sum-exp
    kvh = tl.program_id(0)
    split = tl.program_id(1)
    hq = kvh * GROUP + tl.arange(0, GP)
    hmask = tl.arange(0, GP) < GROUP
    d = tl.arange(0, D)
    q = tl.load(q_ptr + hq[:, None] * D + d[None, :], mask=hmask[:, None], other=0.0)
    per = tl.cdiv(S, SPLITS)
    lo = split * per
    hi = tl.minimum(lo + per, S)
    m_i = tl.full((GP,), float("-inf"), tl.float32)
    l_i = tl.zeros((GP,), tl.float32)
    acc = tl.zeros((GP, D), tl.float32)
    for start in range(lo, hi, BN):
        n = start + tl.arange(0, BN)
        nmask = n < hi
        kv_off = n[None, :] * stride_ks + kvh * D + d[:, None]
        k = tl.load(k_ptr + kv_off, mask=nmask[None, :], other=0.0)
        qk = tl.dot(q, k) * sm_scale
        qk = tl.where(nmask[None, :], qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + n[:, None] * stride_ks + kvh * D + d[None, :], mask=nmask[:, None], other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new
    out = acc / l_i[:, None]
    o_off = (split * (tl.num_programs(0) * GROUP) + hq)[:, None] * D + d[None, :]
    tl.store(o_ptr + o_off, out, mask=hmask[:, None])
    tl.store(lse_ptr + split * (tl.num_programs(0) * GROUP) + hq, m_i + tl.log(l_i), mask=hmask)


@triton.jit
def x_ssm_update(state_ptr, x_ptr, dt_ptr, dt_bias_ptr, A_ptr, B_ptr, C_ptr, Dskip_ptr, y_ptr, dim,
                 DSTATE: tl.constexpr, BD: tl.constexpr):
    # Mamba's selective state update for one decode step: dt = softplus(dt + bias), state = state*exp(A*dt)
    # + dt*B*x, y = state @ C + D*x; program (batch, block of BD channels)
    b = tl.program_id(0)
    dd = tl.program_id(1) * BD + tl.arange(0, BD)
    nn = tl.arange(0, DSTATE)
    dmask = dd < dim
    sp = state_ptr + b * dim * DSTATE + dd[:, None] * DSTATE + nn[None, :]
    state = tl.load(sp, mask=dmask[:, None], other=0.0)
    x = tl.load(x_ptr + b * dim + dd, mask=dmask, other=0.0).to(tl.float32)
    dt = tl.load(dt_ptr + b * dim + dd, mask=dmask, other=0.0).to(tl.float32)
    dt = dt + tl.load(dt_bias_ptr + dd, mask=dmask, other=0.0)
    dt = tl.where(dt <= 20.0, tl.log(1.0 + tl.exp(dt)), dt)
    A = tl.load(A_ptr + dd[:, None] * DSTATE + nn[None, :], mask=dmask[:, None], other=0.0)
    Bv = tl.load(B_ptr + b * DSTATE + nn).to(tl.float32)
    Cv = tl.load(C_ptr + b * DSTATE + nn).to(tl.float32)
    state = state * tl.exp(A * dt[:, None]) + (dt * x)[:, None] * Bv[None, :]
    tl.store(sp, state, mask=dmask[:, None])
    y = tl.sum(state * Cv[None, :], axis=1) + tl.load(Dskip_ptr + dd, mask=dmask, other=0.0) * x
    tl.store(y_ptr + b * dim + dd, y.to(y_ptr.dtype.element_ty), mask=dmask)


@triton.jit
def x_causal_conv1d(x_ptr, w_ptr, b_ptr, y_ptr, D, L, KW: tl.constexpr, BD: tl.constexpr, BL: tl.constexpr):
    # depthwise causal conv1d + SiLU (Mamba's causal_conv1d): y[b, d, l] = silu(bias[d] + sum_k w[d, k] *
    # x[b, d, l - (KW-1) + k]), x and y [B, D, L] fp16, zero history before l = 0
    b = tl.program_id(0)
    d = tl.program_id(1) * BD + tl.arange(0, BD)
    l = tl.program_id(2) * BL + tl.arange(0, BL)
    dmask = d < D
    acc = tl.zeros((BD, BL), tl.float32) + tl.load(b_ptr + d, mask=dmask, other=0.0)[:, None]
    for k in tl.static_range(KW):
        src = l - (KW - 1) + k
        m = dmask[:, None] & ((src >= 0) & (src < L))[None, :]
        xv = tl.load(x_ptr + b * D * L + d[:, None] * L + src[None, :], mask=m, other=0.0)
        wk = tl.load(w_ptr + d * KW + k, mask=dmask, other=0.0)
        acc += xv.to(tl.float32) * wk[:, None]
    y = acc * tl.sigmoid(acc)
    tl.store(y_ptr + b * D * L + d[:, None] * L + l[None, :], y.to(tl.float16), mask=dmask[:, None] & (l < L)[None, :])


@triton.jit
def x_kv_cache_write(k_ptr, v_ptr, kc_ptr, vc_ptr, slots_ptr, n_tokens, stride_t, BLOCK_SIZE: tl.constexpr,
                     HD: tl.constexpr, BT: tl.constexpr):
    # paged KV-cache write (vLLM's reshape_and_cache): token t goes to cache block slot // BLOCK_SIZE at row
    # slot % BLOCK_SIZE; a slot of -1 (padding) is skipped
    t = tl.program_id(0) * BT + tl.arange(0, BT)
    c = tl.arange(0, HD)
    tmask = t < n_tokens
    slot = tl.load(slots_ptr + t, mask=tmask, other=-1)
    ok = tmask & (slot >= 0)
    dst = (slot // BLOCK_SIZE) * (BLOCK_SIZE * HD) + (slot % BLOCK_SIZE) * HD
    m = ok[:, None]
    kv = tl.load(k_ptr + t[:, None] * stride_t + c[None, :], mask=m, other=0.0)
    vv = tl.load(v_ptr + t[:, None] * stride_t + c[None, :], mask=m, other=0.0)
    tl.store(kc_ptr + dst[:, None] + c[None, :], kv, mask=m)
    tl.store(vc_ptr + dst[:, None] + c[None, :], vv, mask=m)


@triton.jit
def x_paged_decode(q_ptr, kc_ptr, vc_ptr, tables_ptr, lens_ptr, o_ptr, sm_scale, max_blocks,
                   BLOCK_SIZE: tl.constexpr, HD: tl.constexpr):
    # single-query paged attention (one program per sequence): the sequence's cache blocks come from its
    # row of the block table; scores as row sums of q * K (no tensor cores), online softmax
    sq = tl.program_id(0)
    c = tl.arange(0, HD)
    r = tl.arange(0, BLOCK_SIZE)
    q = tl.load(q_ptr + sq * HD + c).to(tl.float32)
    seq_len = tl.load(lens_ptr + sq)
    m_i = float("-inf")
    l_i = 0.0
    acc = tl.zeros((HD,), tl.float32)
    for j in range(0, tl.cdiv(seq_len, BLOCK_SIZE)):
        blk = tl.load(tables_ptr + sq * max_blocks + j).to(tl.int64)
        pos = j * BLOCK_SIZE + r
        valid = pos < seq_len
        off = blk * (BLOCK_SIZE * HD) + r[:, None] * HD + c[None, :]
        k = tl.load(kc_ptr + off, mask=valid[:, None], other=0.0).to(tl.float32)
        s = tl.sum(k * q[None, :], axis=1) * sm_scale
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=0))
        p = tl.exp(s - m_new)
        alpha = tl.exp(m_i - m_new)
        v = tl.load(vc_ptr + off, mask=valid[:, None], other=0.0).to(tl.float32)
        acc = acc * alpha + tl.sum(p[:, None] * v, axis=0)
        l_i = l_i * alpha + tl.sum(p, axis=0)
        m_i = m_new
    tl.store(o_ptr + sq * HD + c, acc / l_i)


@triton.jit
def x_fused_moe(a_ptr, b_ptr, c_ptr, topk_w_ptr, sorted_ids_ptr, expert_ids_ptr, num_valid, N, K, EM,
                TOPK: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # a fused mixture-of-experts matmul in the manner of vLLM's fused_moe kernel: row block pid_m holds BM
    # (token, slot) ids of one expert (sorted by expert, padded with num_valid); A rows are gathered by
    # token, B is that expert's [K, N] weight, the product is scaled by the routing weight and scattered
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    if pid_m * BM >= EM:
        return
    ids = tl.load(sorted_ids_ptr + pid_m * BM + tl.arange(0, BM))
    tmask = ids < num_valid
    e = tl.load(expert_ids_ptr + pid_m).to(tl.int64)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + (ids[:, None] // TOPK) * K + rk[None, :]
    b_ptrs = b_ptr + e * K * N + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptrs, mask=tmask[:, None] & (rk[None, :] < K - k0), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < K - k0) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * N
    w = tl.load(topk_w_ptr + ids, mask=tmask, other=0.0)
    acc = acc * w[:, None]
    tl.store(c_ptr + ids[:, None] * N + rn[None, :], acc.to(tl.float16), mask=tmask[:, None] & (rn[None, :] < N))


# ========================================================================================================
# issue 23, third batch: kernels in the style of Liger / vLLM / FLA / FlashAttention / DeepSeek, each with a
# construct the kernels above lack
# ========================================================================================================
@triton.jit
def x_logsoftmax_fwd_bwd(x_ptr, dy_ptr, y_ptr, dx_ptr, N, stride, BLOCK: tl.constexpr):
    # one row per program: an online log2-domain max/sum over column chunks kept per lane (vector state,
    # -inf lanes guarded with tl.where), then y = log_softmax(x) (f32) and dx = dy - exp(y) * sum(dy) (f16)
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    m = tl.full([BLOCK], float("-inf"), tl.float32)
    s = tl.zeros([BLOCK], tl.float32)
    dsum = tl.zeros([BLOCK], tl.float32)
    for k in tl.range(0, N, BLOCK, num_stages=2):
        c = k + cols
        msk = c < N
        x = tl.load(x_ptr + row * stride + c, mask=msk, other=float("-inf")).to(tl.float32) * 1.4426950408889634
        m_new = tl.maximum(m, x)
        alpha = tl.where(m_new == float("-inf"), 0.0, tl.exp2(m - m_new))
        s = s * alpha + tl.where(msk, tl.exp2(x - m_new), 0.0)
        m = m_new
        dsum += tl.load(dy_ptr + row * stride + c, mask=msk, other=0.0).to(tl.float32)
    mx = tl.max(m, 0)
    lse2 = mx + tl.log2(tl.sum(s * tl.exp2(m - mx), 0))
    g = tl.sum(dsum, 0)
    for k in tl.range(0, N, BLOCK, num_stages=2):
        c = k + cols
        msk = c < N
        x = tl.load(x_ptr + row * stride + c, mask=msk, other=0.0).to(tl.float32)
        y = (x * 1.4426950408889634 - lse2) * 0.6931471805599453
        dy = tl.load(dy_ptr + row * stride + c, mask=msk, other=0.0).to(tl.float32)
        tl.store(y_ptr + row * stride + c, y, mask=msk)
        tl.store(dx_ptr + row * stride + c, (dy - tl.exp(y) * g).to(tl.float16), mask=msk)


@triton.jit
def x_moe_topk_gating(logits_ptr, w_ptr, ids_ptr, T, E, TOPK: tl.constexpr, BT: tl.constexpr, BE: tl.constexpr):
    # MoE router: softmax over E (padded to BE) experts of bf16 logits, TOPK rounds of argmax in a
    # tl.static_range that knock out the winner, the winners collected into [BT, TOPK] tiles, renormalized
    rows = tl.program_id(0) * BT + tl.arange(0, BT)
    cols = tl.arange(0, BE)
    kk = tl.arange(0, TOPK)
    rm = rows < T
    msk = rm[:, None] & (cols[None, :] < E)
    x = tl.load(logits_ptr + rows[:, None] * E + cols[None, :], mask=msk, other=float("-inf")).to(tl.float32)
    mx = tl.max(x, 1)
    p = tl.where(msk, tl.exp(x - mx[:, None]), 0.0)
    p = p / tl.sum(p, 1)[:, None]
    p = tl.where(msk, p, -1.0)
    topw = tl.zeros([BT, TOPK], tl.float32)
    topi = tl.zeros([BT, TOPK], tl.int32)
    for j in tl.static_range(TOPK):
        wj, ij = tl.max(p, 1, return_indices=True, return_indices_tie_break_left=True)
        topw = tl.where(kk[None, :] == j, wj[:, None], topw)
        topi = tl.where(kk[None, :] == j, ij[:, None], topi)
        p = tl.where(cols[None, :] == ij[:, None], -1.0, p)
    topw = topw / tl.sum(topw, 1)[:, None]
    out = rows[:, None] * TOPK + kk[None, :]
    tl.store(w_ptr + out, topw, mask=rm[:, None])
    tl.store(ids_ptr + out, topi, mask=rm[:, None])


@triton.jit
def x_embedding_bwd(ids_ptr, dy_ptr, dw_ptr, cnt_ptr, n_tokens, D, BT: tl.constexpr, BD: tl.constexpr):
    # embedding backward: dW[ids[t], :] += dy[t, :] with f32 atomics on a 2D tile of computed i64 addresses,
    # padding ids (-1) skipped, and an int32 bincount of the ids (first column block only)
    t = tl.program_id(0) * BT + tl.arange(0, BT)
    d = tl.program_id(1) * BD + tl.arange(0, BD)
    tm = t < n_tokens
    ids = tl.load(ids_ptr + t, mask=tm, other=-1)
    valid = tm & (ids >= 0)
    dm = valid[:, None] & (d[None, :] < D)
    g = tl.load(dy_ptr + t[:, None].to(tl.int64) * D + d[None, :], mask=dm, other=0.0).to(tl.float32)
    tl.atomic_add(dw_ptr + ids[:, None] * D + d[None, :], g, mask=dm, sem="relaxed")
    if tl.program_id(1) == 0:
        tl.atomic_add(cnt_ptr + ids, tl.full([BT], 1, tl.int32), mask=valid, sem="relaxed")


@triton.jit
def x_fp8_block_matmul(a_ptr, b_ptr, c_ptr, as_ptr, bs_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr, GROUP_M: tl.constexpr):
    # DeepSeek-style w8a8 block matmul (as in vLLM's w8a8_block_fp8_matmul): A [M, K] with one scale per row
    # and 128-wide K group, B stored as a weight [N, K] with one scale per 128x128 block; each K step's tl.dot
    # is scaled in the loop; rows/cols wrapped with % instead of masked, ragged K masked; grouped ordering
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = pid // (GROUP_M * num_n)
    first_m = group * GROUP_M
    gsize = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % (GROUP_M * num_n)) % gsize
    pid_n = (pid % (GROUP_M * num_n)) // gsize
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rn[None, :] * K + rk[:, None]
    k_tiles = tl.cdiv(K, BK)
    as_ptrs = as_ptr + rm * k_tiles
    bs_ptrs = bs_ptr + (rn // BN) * k_tiles
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for ki in range(0, k_tiles):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - ki * BK, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - ki * BK, other=0.0)
        a_s = tl.load(as_ptrs + ki)
        b_s = tl.load(bs_ptrs + ki)
        acc += tl.dot(a, b) * a_s[:, None] * b_s[None, :]
        a_ptrs += BK
        b_ptrs += BK
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * N + cn[None, :], acc.to(tl.bfloat16), mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def x_gqa_attention(q_ptr, k_ptr, v_ptr, o_ptr, lse_ptr, sm_scale, N_CTX, H_Q: tl.constexpr, H_KV: tl.constexpr,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    # grouped-query attention forward on [B, N_CTX, H, D] (bshd) bf16 tensors: H_Q / H_KV query heads share
    # one K/V head; ragged N_CTX (keys masked to -inf, rows masked on store); K loaded transposed; the
    # log2-domain logsumexp stored per row
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    b = off_hz // H_Q
    h = off_hz % H_Q
    kvh = h // (H_Q // H_KV)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q_base = q_ptr + (b * N_CTX).to(tl.int64) * (H_Q * HEAD_DIM) + h * HEAD_DIM
    kv_off = (b * N_CTX).to(tl.int64) * (H_KV * HEAD_DIM) + kvh * HEAD_DIM
    q = tl.load(q_base + offs_m[:, None] * (H_Q * HEAD_DIM) + offs_d[None, :], mask=offs_m[:, None] < N_CTX,
                other=0.0)
    k_ptrs = k_ptr + kv_off + offs_n[None, :] * (H_KV * HEAD_DIM) + offs_d[:, None]
    v_ptrs = v_ptr + kv_off + offs_n[:, None] * (H_KV * HEAD_DIM) + offs_d[None, :]
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in tl.range(0, N_CTX, BLOCK_N, num_stages=3):
        kmask = (start_n + offs_n) < N_CTX
        k = tl.load(k_ptrs + start_n * (H_KV * HEAD_DIM), mask=kmask[None, :], other=0.0)
        qk = tl.dot(q, k) * qk_scale
        qk = tl.where(kmask[None, :], qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptrs + start_n * (H_KV * HEAD_DIM), mask=kmask[:, None], other=0.0)
        acc = tl.dot(p.to(tl.bfloat16), v, acc * alpha[:, None])
        m_i = m_ij
    acc = acc / l_i[:, None]
    rmask = offs_m < N_CTX
    tl.store(o_ptr + (b * N_CTX).to(tl.int64) * (H_Q * HEAD_DIM) + h * HEAD_DIM + offs_m[:, None] * (H_Q * HEAD_DIM)
             + offs_d[None, :], acc.to(tl.bfloat16), mask=rmask[:, None])
    tl.store(lse_ptr + off_hz * N_CTX + offs_m, m_i + tl.math.log2(l_i), mask=rmask)


@triton.jit
def x_chunk_gla(q_ptr, k_ptr, v_ptr, g_ptr, o_ptr, ht_ptr, T, H, BT: tl.constexpr, DK: tl.constexpr,
                DV: tl.constexpr):
    # FLA-style chunked linear attention with a scalar per-step log decay g (simple GLA): per (batch, head),
    # a loop over BT-token chunks with the decay's tl.cumsum, an intra-chunk causal dot(q, k^T) * exp(gi-gj),
    # the inter-chunk term through the f32 state S [DK, DV] (cast to f16 for tl.dot), and the state update
    # S = S * exp(g_last) + dot(trans(k * exp(g_last - g)), v); the final state is stored
    i_bh = tl.program_id(0)
    b = i_bh // H
    h = i_bh % H
    t0 = tl.arange(0, BT)
    ck = tl.arange(0, DK)
    cv = tl.arange(0, DV)
    S = tl.zeros([DK, DV], tl.float32)
    for i_t in range(0, tl.cdiv(T, BT)):
        t = i_t * BT + t0
        tm = t < T
        row = ((b * T + t) * H + h).to(tl.int64)
        q = tl.load(q_ptr + row[:, None] * DK + ck[None, :], mask=tm[:, None], other=0.0)
        k = tl.load(k_ptr + row[:, None] * DK + ck[None, :], mask=tm[:, None], other=0.0)
        v = tl.load(v_ptr + row[:, None] * DV + cv[None, :], mask=tm[:, None], other=0.0)
        g = tl.load(g_ptr + row, mask=tm, other=0.0)
        gc = tl.cumsum(g, axis=0)
        g_last = tl.sum(g, axis=0)
        s = tl.dot(q, tl.trans(k))
        s = tl.where(t0[:, None] >= t0[None, :], s * tl.exp(gc[:, None] - gc[None, :]), 0.0)
        o = tl.dot(s.to(tl.float16), v)
        o = tl.dot((q * tl.exp(gc)[:, None]).to(tl.float16), S.to(tl.float16), o)
        tl.store(o_ptr + row[:, None] * DV + cv[None, :], o.to(tl.float16), mask=tm[:, None])
        kd = (k * tl.exp(g_last - gc)[:, None]).to(tl.float16)
        S = S * tl.exp(g_last) + tl.dot(tl.trans(kd), v)
    tl.store(ht_ptr + i_bh * DK * DV + ck[:, None] * DV + cv[None, :], S)


@triton.jit
def _welford_combine(m1, v1, c1, m2, v2, c2):
    c = c1 + c2
    w2 = tl.where(c == 0.0, 0.0, c2 / c)
    d = m2 - m1
    return m1 + d * w2, v1 + v2 + d * d * c1 * w2, c


@triton.jit
def x_layernorm_welford(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, rstd_ptr, stride, N, eps, BLOCK: tl.constexpr):
    # layer norm forward over long rows: per-lane Welford (mean, M2, count) over a column-chunk loop, combined
    # across lanes with a three-operand tl.reduce, tl.rsqrt, then a second loop normalizing bf16 -> bf16
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mean = tl.zeros([BLOCK], tl.float32)
    m2 = tl.zeros([BLOCK], tl.float32)
    cnt = tl.zeros([BLOCK], tl.float32)
    for off in tl.range(0, N, BLOCK):
        c = off + cols
        msk = c < N
        x = tl.load(x_ptr + row * stride + c, mask=msk, other=0.0).to(tl.float32)
        cnt_new = cnt + msk.to(tl.float32)
        d = x - mean
        mean = tl.where(msk, mean + d / cnt_new, mean)
        m2 = tl.where(msk, m2 + d * (x - mean), m2)
        cnt = cnt_new
    mu, var_sum, n = tl.reduce((mean, m2, cnt), 0, _welford_combine)
    rstd = tl.rsqrt(var_sum / n + eps)
    tl.store(mean_ptr + row, mu)
    tl.store(rstd_ptr + row, rstd)
    for off in tl.range(0, N, BLOCK):
        c = off + cols
        msk = c < N
        x = tl.load(x_ptr + row * stride + c, mask=msk, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + c, mask=msk, other=0.0)
        bb = tl.load(b_ptr + c, mask=msk, other=0.0)
        tl.store(y_ptr + row * stride + c, ((x - mu) * rstd * w + bb).to(tl.bfloat16), mask=msk)


@triton.jit
def x_gemm_bias_gelu(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr,
                     BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    # bf16 GEMM with a bias + GELU(tanh) epilogue (libdevice.tanh), tl.range(num_stages=3) K loop, tl.assume
    # facts on sizes and strides, grouped program ordering, bf16 result
    tl.assume(M > 0)
    tl.assume(N > 0)
    tl.assume(K > 0)
    tl.assume(stride_am > 0)
    tl.assume(stride_bk > 0)
    tl.assume(stride_cm > 0)
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = pid // (GROUP_M * num_n)
    first_m = group * GROUP_M
    gsize = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % (GROUP_M * num_n)) % gsize
    pid_n = (pid % (GROUP_M * num_n)) // gsize
    tl.assume(pid_m >= 0)
    tl.assume(pid_n >= 0)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for ki in tl.range(0, tl.cdiv(K, BK), num_stages=3):
        kr = K - ki * BK
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < kr), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < kr) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)
    x = acc + bias[None, :]
    y = 0.5 * x * (1.0 + libdevice.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], y.to(tl.bfloat16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def x_int8_matmul(a_ptr, b_ptr, as_ptr, bs_ptr, bias_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr):
    # int8 x int8 -> int32 tl.dot in a masked K loop (A [M, K], weight B [N, K], both K-contiguous), then the
    # per-row x per-column f32 dequantization + f16 bias epilogue (as in SmoothQuant / bitsandbytes int8 GEMMs)
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rn[None, :] * K + rk[:, None]
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < K - k0), other=0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < K - k0) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK
    a_s = tl.load(as_ptr + rm, mask=rm < M, other=0.0)
    b_s = tl.load(bs_ptr + rn, mask=rn < N, other=0.0)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0)
    c = acc.to(tl.float32) * a_s[:, None] * b_s[None, :] + bias[None, :].to(tl.float32)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def x_dwconv2d(x_ptr, w_ptr, bias_ptr, y_ptr, H, W, C, KS: tl.constexpr, BHW: tl.constexpr, BC: tl.constexpr):
    # depthwise KSxKS conv2d (stride 1, 'same' zero padding) on NHWC f16 with f32 weights [KS, KS, C]:
    # (b, spatial tile) flattened into program_id(0), h/w by division, nested tl.static_range taps with
    # negative / past-the-edge coordinates masked
    pid = tl.program_id(0)
    tiles = tl.cdiv(H * W, BHW)
    b = pid // tiles
    hw = (pid % tiles) * BHW + tl.arange(0, BHW)
    h = hw // W
    w = hw % W
    c = tl.program_id(1) * BC + tl.arange(0, BC)
    cm = c < C
    acc = tl.zeros([BHW, BC], tl.float32) + tl.load(bias_ptr + c, mask=cm, other=0.0)[None, :]
    for kh in tl.static_range(KS):
        for kw in tl.static_range(KS):
            ih = h + (kh - KS // 2)
            iw = w + (kw - KS // 2)
            ok = (hw < H * W) & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            src = ((b * H + ih) * W + iw).to(tl.int64) * C
            x = tl.load(x_ptr + src[:, None] + c[None, :], mask=ok[:, None] & cm[None, :], other=0.0)
            wt = tl.load(w_ptr + (kh * KS + kw) * C + c, mask=cm, other=0.0)
            acc += x.to(tl.float32) * wt[None, :]
    dst = (b * H * W + hw).to(tl.int64) * C
    tl.store(y_ptr + dst[:, None] + c[None, :], acc.to(tl.float16), mask=(hw < H * W)[:, None] & cm[None, :])


@triton.jit
def x_gather_nan_math(x_ptr, idx_ptr, g_ptr, gelu_ptr, sp_ptr, n, n_src, BLOCK: tl.constexpr):
    # gather through loaded i64 indices (negative / past-the-end ones masked, NaN padding), NaN -> 0 with
    # x != x, tl.clamp, erf-GELU, base-2 softplus with exp2/log2, a NaN-propagating maximum
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    idx = tl.load(idx_ptr + offs, mask=m, other=0)
    ok = m & (idx >= 0) & (idx < n_src)
    x = tl.load(x_ptr + idx, mask=ok, other=float("nan"))
    tl.store(g_ptr + offs, tl.maximum(x, -1.0, propagate_nan=tl.PropagateNan.ALL), mask=m)
    xc = tl.clamp(tl.where(x != x, 0.0, x), -8.0, 8.0)
    tl.store(gelu_ptr + offs, 0.5 * xc * (1.0 + tl.erf(xc * 0.7071067811865476)), mask=m)
    tl.store(sp_ptr + offs, tl.log2(1.0 + tl.exp2(xc)), mask=m)


@triton.jit
def x_sort_kv(x_ptr, vals_ptr, idx_ptr, topi_ptr, R: tl.constexpr, C: tl.constexpr, K: tl.constexpr):
    # key-value sort by packing: f32 keys made order-preserving as i32 (bitcast, flip the magnitude bits of
    # negatives), shifted into the high half of an i64 whose low half is the reversed column, one descending
    # tl.sort of the i64 row (ties: lower column first), unpacked back to values and indices; tl.topk on i64
    rows = tl.program_id(0) * R + tl.arange(0, R)
    cols = tl.arange(0, C)
    off = rows[:, None] * C + cols[None, :]
    x = tl.load(x_ptr + off)
    bits = x.to(tl.int32, bitcast=True)
    key = tl.where(bits < 0, bits ^ 0x7FFFFFFF, bits)
    packed = (key.to(tl.int64) << 32) | (C - 1 - cols).to(tl.int64)[None, :]
    srt = tl.sort(packed, dim=1, descending=True)
    sk = (srt >> 32).to(tl.int32)
    sv = tl.where(sk < 0, sk ^ 0x7FFFFFFF, sk).to(tl.float32, bitcast=True)
    tl.store(vals_ptr + off, sv)
    tl.store(idx_ptr + off, (C - 1) - (srt & 0xFFFFFFFF).to(tl.int32))
    top = tl.topk(packed, K, dim=1)
    tk = tl.arange(0, K)
    tl.store(topi_ptr + rows[:, None] * K + tk[None, :], (C - 1) - (top & 0xFFFFFFFF).to(tl.int32))


@triton.jit
def x_f64_bits(x_ptr, y_ptr, d_ptr, u_ptr, v_ptr, of_ptr, od_ptr, oi_ptr, n, BLOCK: tl.constexpr):
    # f64 data (loads, mul/add, sqrt, exp, division, casts to/from f32 and i64), the correctly rounded f32
    # forms tl.math.div_rn / sqrt_rn / tl.fma, tl.umulhi on u32, libdevice popc / clz on i32
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    d = tl.load(d_ptr + offs, mask=m, other=1.0)
    u = tl.load(u_ptr + offs, mask=m, other=1)
    v = tl.load(v_ptr + offs, mask=m, other=1)
    tl.store(of_ptr + offs * 3, tl.math.div_rn(x, y), mask=m)
    tl.store(of_ptr + offs * 3 + 1, tl.math.sqrt_rn(tl.abs(x)), mask=m)
    tl.store(of_ptr + offs * 3 + 2, tl.fma(x, y, d.to(tl.float32)), mask=m)
    xd = x.to(tl.float64)
    tl.store(od_ptr + offs * 4, xd * d + y.to(tl.float64), mask=m)
    tl.store(od_ptr + offs * 4 + 1, tl.sqrt(tl.abs(d)) / (1.0 + xd * xd), mask=m)
    tl.store(od_ptr + offs * 4 + 2, tl.exp(d * 0.25), mask=m)
    tl.store(od_ptr + offs * 4 + 3, (d * 1000.0).to(tl.int64).to(tl.float64) + 0.5, mask=m)
    tl.store(oi_ptr + offs * 3, tl.umulhi(u, v).to(tl.int32, bitcast=True), mask=m)
    ui = u.to(tl.int32, bitcast=True)
    tl.store(oi_ptr + offs * 3 + 1, libdevice.popc(ui), mask=m)
    tl.store(oi_ptr + offs * 3 + 2, libdevice.clz(ui), mask=m)


@triton.jit
def x_batched_dot3d(a_ptr, b_ptr, c_ptr, G, BB: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    # batched small GEMMs as one 3D tl.dot: [BB, M, K] x [BB, K, N] f16 tiles (BB problems per program, the
    # last program's batch rows masked), f32 result plus a reduction over the batch axis
    g = tl.program_id(0) * BB + tl.arange(0, BB)
    gm = g < G
    im = tl.arange(0, M)
    ik = tl.arange(0, K)
    jn = tl.arange(0, N)
    a = tl.load(a_ptr + g[:, None, None] * (M * K) + im[None, :, None] * K + ik[None, None, :],
                mask=gm[:, None, None], other=0.0)
    b = tl.load(b_ptr + g[:, None, None] * (K * N) + ik[None, :, None] * N + jn[None, None, :],
                mask=gm[:, None, None], other=0.0)
    c = tl.dot(a, b)
    tl.store(c_ptr + g[:, None, None] * (M * N) + im[None, :, None] * N + jn[None, None, :], c, mask=gm[:, None, None])


@triton.jit
def x_dot_ieee(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # f32 x f32 tl.dot with input_precision="ieee" (no tensor cores: the FMA dot) in a masked K loop
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def x_top_p_filter(logits_ptr, p_ptr, out_ptr, V, BV: tl.constexpr):
    # nucleus (top-p) filtering as in samplers: softmax of a row, 1D descending tl.sort of the probabilities,
    # tl.cumsum of the sorted ones, the smallest kept probability as a masked min, logits below it set to -inf
    row = tl.program_id(0)
    cols = tl.arange(0, BV)
    m = cols < V
    x = tl.load(logits_ptr + row * V + cols, mask=m, other=float("-inf"))
    e = tl.where(m, tl.exp(x - tl.max(x, 0)), 0.0)
    prob = e / tl.sum(e, 0)
    srt = tl.sort(prob, descending=True)
    before = tl.cumsum(srt, 0) - srt
    top_p = tl.load(p_ptr + row)
    thresh = tl.min(tl.where(before < top_p, srt, float("inf")), 0)
    tl.store(out_ptr + row * V + cols, tl.where(prob >= thresh, x, float("-inf")), mask=m)


@triton.jit
def _seg_combine(v1, f1, v2, f2):
    return tl.where(f2, v2, v1 + v2), f1 | f2


@triton.jit
def x_segment_sum(x_ptr, seg_ptr, out_ptr, tot_ptr, n, BLOCK: tl.constexpr):
    # segmented inclusive scan over sorted segment ids (a (value, head flag) associative_scan with an i1
    # operand), and each segment's block-partial total added at its last element with a float atomic
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    lane = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    s = tl.load(seg_ptr + offs, mask=m, other=-1)
    s_prev = tl.load(seg_ptr + offs - 1, mask=m & (lane > 0), other=-1)
    head = (s != s_prev) | (lane == 0)
    v, _ = tl.associative_scan((x, head), 0, _seg_combine)
    tl.store(out_ptr + offs, v, mask=m)
    s_next = tl.load(seg_ptr + offs + 1, mask=(offs + 1 < n) & (lane < BLOCK - 1), other=-1)
    tail = m & ((s != s_next) | (lane == BLOCK - 1))
    tl.atomic_add(tot_ptr + s, v, mask=tail, sem="relaxed")


@triton.jit
def _or_combine(a, b):
    return a | b


@triton.jit
def x_unscale_found_inf(g_ptr, inv_scale_ptr, found_ptr, count_ptr, n, BLOCK: tl.constexpr):
    # AMP gradient unscale: g *= 1/scale in place, an i1 tl.reduce with a custom or-combiner for "any
    # non-finite", and a scalar if that raises the flag (atomic_max) and counts them (atomic_add)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    g = tl.load(g_ptr + offs, mask=m, other=0.0)
    g = g * tl.load(inv_scale_ptr)
    tl.store(g_ptr + offs, g, mask=m)
    bad = m & ((g != g) | (tl.abs(g) == float("inf")))
    if tl.reduce(bad, 0, _or_combine):
        tl.atomic_max(found_ptr, 1)
        tl.atomic_add(count_ptr, tl.sum(bad.to(tl.int32), 0))


@triton.jit
def x_col_softmax(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # softmax down each column of a [M, N] f32 matrix (M <= BM rows in one tile): max/sum along axis 0,
    # broadcast back along rows, narrow BN-column strips per program
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    rows = tl.arange(0, BM)
    msk = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=msk, other=float("-inf"))
    e = tl.where(msk, tl.exp(x - tl.max(x, 0)[None, :]), 0.0)
    tl.store(y_ptr + rows[:, None] * N + cols[None, :], e / tl.sum(e, 0)[None, :], mask=msk)


# ========================================================================================================
# compile specs (the same shape as the corpus' kernels.py)
# ========================================================================================================
@dataclass
class CompileSpec:
    name: str
    fn: object
    signature: dict
    constexprs: dict = field(default_factory=dict)
    divisible: tuple = ()
    num_warps: int = 4
    num_stages: int = None
    note: str = ""

    def attrs(self):
        names = self.fn.arg_names
        return {(names.index(a), ): [["tt.divisibility", 16]] for a in self.divisible}


def _spec(name, fn, types, constexprs=None, divisible=None, **kw):
    constexprs = constexprs or {}
    sig = {a: ("constexpr" if a in constexprs else types[a]) for a in fn.arg_names}
    if divisible is None:  # every pointer 16-aligned (what the JIT infers for fresh allocations)
        divisible = tuple(a for a, t in sig.items() if t.startswith("*"))
    return CompileSpec(name=name, fn=fn, signature=sig, constexprs=constexprs, divisible=tuple(divisible), **kw)


F32P, F16P, BF16P, I32P, U32P, I8P, I64P = "*fp32", "*fp16", "*bf16", "*i32", "*u32", "*i8", "*i64"

KERNELS = [
    _spec("x_matmul_hints", x_matmul_hints, dict(a_ptr=F16P, b_ptr=F16P, c_ptr=F16P, M="i32", N="i32", K="i32",
                                                 stride_am="i32", stride_ak="i32", stride_bk="i32", stride_bn="i32",
                                                 stride_cm="i32", stride_cn="i32"),
          {"BM": 128, "BN": 128, "BK": 32, "GROUP_M": 8}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "stride_am", "stride_bk", "stride_cm"),
          note="grouped matmul with tl.assume facts, multiple_of / max_contiguous hints, runtime strides"),
    _spec("x_dot_trans", x_dot_trans, dict(a_ptr=F16P, b_ptr=F16P, c_ptr=F32P, M="i32", N="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 32}, num_warps=4, num_stages=3, divisible=("a_ptr", "b_ptr", "c_ptr", "K"),
          note="tl.dot(a, tl.trans(b)): a transposed dot operand (#linear source, #dot_op result)"),
    _spec("x_scan_tiles", x_scan_tiles, dict(x_ptr=F32P, a_ptr=F32P, i_ptr=I32P, fwd_ptr=F32P, rev_ptr=F32P,
                                             h_ptr=F32P, icum_ptr=I32P, n="i32"), {"BLOCK": 1024}, num_warps=4,
          note="tt.scan over 8 layout tiles (registers 128 apart): fwd, reverse, two-operand recurrence"),
    _spec("x_scan_tiles_unaligned", x_scan_tiles, dict(x_ptr=F32P, a_ptr=F32P, i_ptr=I32P, fwd_ptr=F32P,
                                                       rev_ptr=F32P, h_ptr=F32P, icum_ptr=I32P, n="i32"),
          {"BLOCK": 1024}, num_warps=4, divisible=(),
          note="x_scan_tiles without alignment hints: sizePerThread 1, registers 128 apart (8 tiles)"),
    _spec("x_scan_tiles_2d", x_scan_tiles_2d, dict(x_ptr=F32P, i_ptr=I32P, c0_ptr=F32P, c1r_ptr=F32P,
                                                   i0r_ptr=I32P, i1_ptr=I32P, M="i32", N="i32"),
          {"R": 64, "C": 64}, num_warps=4, note="tt.scan of a 64x64 tile along axis 0 and 1, fwd and reverse"),
    _spec("x_scan_3d", x_scan_3d, dict(i_ptr=I32P, s0_ptr=I32P, s1r_ptr=I32P, s2_ptr=I32P),
          {"A": 8, "B": 16, "C": 32}, num_warps=8, note="tt.scan of a 3D tile along each axis, 8 warps"),
    _spec("x_cumsum_1d", x_cumsum_1d, dict(x_ptr=F32P, i_ptr=I32P, fwd_ptr=F32P, rev_ptr=F32P, icum_ptr=I32P,
                                           cmax_ptr=I32P, n="i32"), {"BLOCK": 512}, num_warps=4,
          note="tt.scan f32 fwd/reverse + i32 + custom combine across 4 warps"),
    _spec("x_cumsum_2d", x_cumsum_2d, dict(x_ptr=F32P, i_ptr=I32P, c0_ptr=F32P, c1r_ptr=F32P, i1_ptr=I32P,
                                           i0r_ptr=I32P, M="i32", N="i32"), {"R": 16, "C": 64}, num_warps=2,
          note="tt.scan along axis 0 and 1 of a 2D tile, fwd and reverse"),
    _spec("x_argmax", x_argmax, dict(x_ptr=F32P, i_ptr=I32P, amax_ptr=I32P, amin_ptr=I32P, vmax_ptr=F32P,
                                     imax_ptr=I32P, icol_ptr=I32P, M="i32", N="i32"), {"BM": 8, "BN": 256},
          num_warps=4, note="argmax/argmin: two-operand tt.reduce, axis 1 (f32) and axis 0 (i32)"),
    _spec("x_reduce2d", x_reduce2d, dict(x_ptr=F32P, rowsum_ptr=F32P, rowmin_ptr=I32P, colsum_ptr=F32P,
                                         colmax_ptr=F32P, tot_ptr=F32P, M="i32", N="i32", stride="i32"),
          {"BM": 16, "BN": 128}, num_warps=8, note="reductions along axis 0 and 1, num_warps 8"),
    _spec("x_rowsum_loop", x_rowsum_loop, dict(x_ptr=F32P, out_ptr=F32P, M="i32", N="i32", stride="i32"),
          {"BM": 32, "BN": 128}, num_warps=4, divisible=("x_ptr", "out_ptr", "N", "stride"),
          note="acc += tl.sum(load, 1) in a column loop (reduce moved out; N, stride divisible by 16)"),
    _spec("x_rowmax_loop", x_rowmax_loop, dict(x_ptr=F32P, out_ptr=F32P, M="i32", N="i32", stride="i32"),
          {"BM": 16, "BN": 256}, num_warps=8, divisible=("x_ptr", "out_ptr", "N", "stride"),
          note="acc = max(acc, tl.max(load, 1)) in a column loop, 8 warps (reduce moved out)"),
    _spec("x_transpose", x_transpose, dict(x_ptr=F32P, h_ptr=F16P, xt_ptr=F32P, ht_ptr=F16P, M="i32", N="i32"),
          {"BM": 32, "BN": 64}, num_warps=4, note="tt.trans + convert_layout through shared memory, 2D grid"),
    _spec("x_where_i64_i8", x_where_i64_i8, dict(a_ptr=I64P, b_ptr=I64P, c_ptr=I8P, d_ptr=I8P, o64_ptr=I64P,
                                                 o8_ptr=I8P, o32_ptr=I32P, n="i32"), {"BLOCK": 256},
          num_warps=2, note="select / arith on i64 and i8, sext / trunc"),
    _spec("x_half_math", x_half_math, dict(h_ptr=F16P, g_ptr=BF16P, of_ptr=F32P, oh_ptr=F16P, og_ptr=BF16P,
                                           n="i32"), {"BLOCK": 256}, num_warps=4,
          note="f16/bf16 arithmetic and casts; exp2/log/sin/cos/sqrt/rsqrt"),
    _spec("x_int_ops", x_int_ops, dict(a_ptr=I32P, b_ptr=I32P, ua_ptr=U32P, ub_ptr=U32P, o_ptr=I32P, uo_ptr=U32P,
                                       n="i32"), {"BLOCK": 128}, num_warps=1,
          note="divsi/remsi/shli/shrsi and divui/remui/shrui, num_warps 1"),
    _spec("x_int_ops_n16", x_int_ops, dict(a_ptr=I32P, b_ptr=I32P, ua_ptr=U32P, ub_ptr=U32P, o_ptr=I32P,
                                           uo_ptr=U32P, n="i32"), {"BLOCK": 128}, num_warps=4,
          divisible=("a_ptr", "b_ptr", "ua_ptr", "ub_ptr", "o_ptr", "uo_ptr", "n"),
          note="x_int_ops with n divisible by 16 (one layout, no layout conversions), num_warps 4"),
    _spec("x_grid3d", x_grid3d, dict(x_ptr=F32P, out_ptr=F32P, info_ptr=I32P, n="i32"), {"BLOCK": 256},
          num_warps=2, note="program_id / num_programs on 3 axes, grid-stride scf.for"),
    _spec("x_atomics", x_atomics, dict(x_ptr=F32P, i_ptr=I32P, bins_ptr=F32P, imax_ptr=I32P, imin_ptr=I32P,
                                       ctr_ptr=I32P, tickets_ptr=I32P, cas_ptr=I32P, casold_ptr=I32P, xchg_ptr=I32P,
                                       n="i32"), {"NB": 16, "BLOCK": 512}, num_warps=4,
          note="masked atomic add/max/min, returning atomic_add, atomic_cas old value, atomic_xchg"),
    _spec("x_join_split", x_join_split, dict(x_ptr=F32P, y_ptr=F32P, z_ptr=I32P, w_ptr=F32P, il_ptr=F32P,
                                             sa_ptr=I32P, sb_ptr=I32P, rs_ptr=F32P), {"B": 256, "R": 16, "C": 32},
          num_warps=2, note="tt.join / tt.reshape / tt.split, reshape 1D->2D then reduce"),
    _spec("x_sort_flip", x_sort_flip, dict(x_ptr=F32P, i_ptr=I32P, xs_ptr=F32P, isd_ptr=I32P, tk_ptr=F32P,
                                           xf_ptr=F32P), {"R": 4, "C": 128, "K": 8}, num_warps=4,
          note="tl.sort / tl.topk / tl.flip (reshape + reduce machinery)"),
    _spec("x_gather", x_gather, dict(x_ptr=F32P, g1_ptr=F32P, g0_ptr=F32P), {"R": 8, "C": 64}, num_warps=4,
          note="tt.gather along axis 1 and axis 0"),
    _spec("x_bcast3d", x_bcast3d, dict(x_ptr=F32P, y_ptr=F32P, out_ptr=F32P, s1_ptr=F32P, m2_ptr=F32P, M="i32"),
          {"A": 4, "B": 8, "C": 32}, num_warps=8, note="3D blocked layouts, broadcasts, reduce axis 1 and 2"),
    _spec("x_attention", x_attention, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, o_ptr=F16P, sm_scale="fp32",
                                           N_CTX="i32", stride_h="i32"),
          {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64}, num_warps=4, num_stages=3,
          divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr", "N_CTX", "stride_h"),
          note="attention forward: qk = dot(q, k^T), online softmax, acc = dot(p, v, acc * alpha); K/V pipelined"),
    _spec("x_attention_causal", x_attention_causal, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, o_ptr=F16P,
                                                         sm_scale="fp32", N_CTX="i32", stride_h="i32"),
          {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64}, num_warps=4, num_stages=3,
          divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr", "N_CTX", "stride_h"),
          note="causal attention forward: tl.range(num_stages=2) up to the diagonal, -inf mask above it"),
    _spec("x_attention_d128", x_attention, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, o_ptr=F16P, sm_scale="fp32",
                                                N_CTX="i32", stride_h="i32"),
          {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 128}, num_warps=8, num_stages=3,
          divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr", "N_CTX", "stride_h"),
          note="attention forward with head dim 128 (8 warps)"),
    _spec("x_attention_causal_d128", x_attention_causal, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, o_ptr=F16P,
                                                              sm_scale="fp32", N_CTX="i32", stride_h="i32"),
          {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 128}, num_warps=8, num_stages=3,
          divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr", "N_CTX", "stride_h"),
          note="causal attention forward with head dim 128 (8 warps)"),
    _spec("x_attention_fa2", x_attention_fa2, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, o_ptr=F16P,
                                                   sm_scale="fp32", N_CTX="i32", stride_h="i32"),
          {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64}, num_warps=4, num_stages=3,
          divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr", "N_CTX", "stride_h"),
          note="causal attention, tutorial style: tl.trans(K) tiles, advanced pointers, off-diagonal + diagonal loops"),
    _spec("x_attn_bwd_preprocess", x_attn_bwd_preprocess, dict(o_ptr=F16P, do_ptr=F16P, delta_ptr=F32P,
                                                               N_CTX="i32"),
          {"BLOCK_M": 64, "HEAD_DIM": 64}, num_warps=4,
          note="attention backward preprocess: delta = rowsum(o * do) in f32, rows masked"),
    _spec("x_attn_bwd", x_attn_bwd, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, do_ptr=F16P, m_ptr=F32P, delta_ptr=F32P,
                                         dq_ptr=F16P, dk_ptr=F16P, dv_ptr=F16P, sm_scale="fp32", N_CTX="i32",
                                         stride_h="i32"),
          {"BLOCK_M1": 32, "BLOCK_N1": 64, "BLOCK_M2": 64, "BLOCK_N2": 32, "HEAD_DIM": 64, "CAUSAL": False},
          num_warps=4, num_stages=3,
          divisible=("q_ptr", "k_ptr", "v_ptr", "do_ptr", "m_ptr", "delta_ptr", "dq_ptr", "dk_ptr", "dv_ptr", "N_CTX",
                     "stride_h"),
          note="attention backward: dK/dV over query blocks (qT tiles, tl.trans(do), tl.trans(qT)), dQ over key "
               "blocks (tl.trans(kT)); five dots, two pipelined loops"),
    _spec("x_attn_bwd_causal", x_attn_bwd, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, do_ptr=F16P, m_ptr=F32P,
                                                delta_ptr=F32P, dq_ptr=F16P, dk_ptr=F16P, dv_ptr=F16P,
                                                sm_scale="fp32", N_CTX="i32", stride_h="i32"),
          {"BLOCK_M1": 32, "BLOCK_N1": 64, "BLOCK_M2": 64, "BLOCK_N2": 32, "HEAD_DIM": 64, "CAUSAL": True},
          num_warps=4, num_stages=2,
          divisible=("q_ptr", "k_ptr", "v_ptr", "do_ptr", "m_ptr", "delta_ptr", "dq_ptr", "dk_ptr", "dv_ptr", "N_CTX",
                     "stride_h"),
          note="causal attention backward: masked diagonal blocks then unmasked ones, for dK/dV and for dQ "
               "(four pipelined loops)"),
    _spec("x_select_scalar", x_select_scalar, dict(a_ptr=F32P, b_ptr=F32P, x_ptr=F16P, y_ptr=F16P, o_ptr=F32P,
                                                   c_ptr=F32P, q_ptr=F32P, flag="i32", M="i32", N="i32"),
          {"BM": 32, "BN": 32, "BK": 16}, num_warps=4,
          note="arith.select with a scalar i1 condition on f32, pointer, i1 and dot-accumulator tiles, in a loop too"),
    _spec("x_select_scalar_dot", x_select_scalar_dot, dict(a_ptr=F16P, b_ptr=F16P, y_ptr=F16P, o_ptr=F32P,
                                                           flag="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 32}, num_warps=4, divisible=("a_ptr", "b_ptr", "y_ptr", "o_ptr", "K"),
          note="scalar select of two loaded tiles as a pipelined tl.dot operand (dot_op layout), scaled epilogue"),
    _spec("x_softmax_pipelined", x_softmax_pipelined, dict(x_ptr=F32P, out_ptr=F32P, N="i32", stride="i32"),
          {"BLOCK": 256}, num_warps=4, divisible=("x_ptr", "out_ptr", "stride"),
          note="online row softmax, masked loads padded with -inf in tl.range(num_stages=4) loops (async copy + select)"),
    _spec("x_accum_other", x_accum_other, dict(x_ptr=F32P, i_ptr=I32P, out_ptr=F32P, iout_ptr=I32P, N="i32",
                                               stride="i32"),
          {"BLOCK": 512}, num_warps=4, divisible=("x_ptr", "i_ptr", "out_ptr", "iout_ptr", "stride"),
          note="pipelined f32/i32 accumulation of masked loads padded with other=1.0 / 7 (tl.range(num_stages=4))"),
    _spec("x_desc_matmul", x_desc_matmul, dict(a_desc="tensordesc<fp16[64, 32]>", b_desc="tensordesc<fp16[64, 32]>",
                                               c_desc="tensordesc<fp16[64, 64]>"),
          {"BM": 64, "BN": 64, "BK": 32}, num_warps=4, num_stages=3, divisible=(),
          note="host-side TensorDescriptor arguments: C = A @ B^T, descriptor loads/store (pointers on sm80)"),
    _spec("x_make_desc", x_make_desc, dict(in_ptr=F32P, out_ptr=F32P, out2_ptr=F32P, M="i32", N="i32"),
          {"BM": 32, "BN": 64}, num_warps=4, divisible=("in_ptr", "out_ptr", "out2_ptr", "N"),
          note="device-side tl.make_tensor_descriptor: out-of-bounds tiles (negative offsets too) read 0, store clipped"),
    _spec("x_desc_atomic", x_desc_atomic, dict(x_ptr=F32P, y_ptr=F32P, imax_ptr=I32P, imin_ptr=I32P, ixor_ptr=I32P,
                                               umax_ptr=U32P, M="i32", N="i32"),
          {"BM": 32, "BN": 32}, num_warps=4, divisible=("x_ptr", "y_ptr", "imax_ptr", "imin_ptr", "ixor_ptr",
                                                        "umax_ptr", "N"),
          note="descriptor reductions (atomic add/max/min/xor, u32 max) rewritten to masked tt.atomic_rmw on sm80"),
    _spec("x_desc_gather", x_desc_gather, dict(a_desc="tensordesc<fp32[1, 32]>", o_desc="tensordesc<fp32[1, 32]>",
                                               p_desc="tensordesc<fp32[1, 32]>", rows_ptr=I32P),
          {"BR": 8, "BN": 32}, num_warps=4, divisible=("rows_ptr",),
          note="host-side f32 descriptors: row gather/scatter by an index vector, a block load with NaN padding"),
    _spec("x_dropout", x_dropout, dict(x_ptr=F32P, out_ptr=F32P, keep_ptr=I8P, bits_ptr=U32P, n="i32", p="fp32",
                                       seed="i64"), {"BLOCK": 1024}, num_warps=4,
          note="dropout with tl.rand / tl.randint (Philox 4x32-10, i64 seed), keep mask and raw bits stored"),
    _spec("x_dot_scaled", x_dot_scaled, dict(a_ptr="*fp8e5", sa_ptr="*u8", b_ptr="*fp8e5", sb_ptr="*u8", c_ptr=F32P,
                                             M="i32", N="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 64}, num_warps=4, num_stages=1, divisible=("a_ptr", "sa_ptr", "b_ptr", "sb_ptr",
                                                                                   "c_ptr", "N", "K"),
          note="tl.dot_scaled e5m2 x e5m2 with e8m0 scales in a K loop, num_stages 1 (sm80: bf16 emulation)"),
    _spec("x_dot_scaled_fp4", x_dot_scaled_fp4, dict(a_ptr="*u8", sa_ptr="*u8", b_ptr=BF16P, c_ptr=F32P),
          {"BM": 64, "BN": 64, "BK": 64}, num_warps=4,
          note="tl.dot_scaled e2m1 (packed fp4, ttg.fp4_to_fp) with e8m0 scales x unscaled bf16"),
    _spec("x_matmul_fp8", x_matmul_fp8, dict(a_ptr="*fp8e5", b_ptr="*fp8e5", c_ptr=F32P, M="i32", N="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 32}, num_warps=4, num_stages=3, divisible=("a_ptr", "b_ptr", "c_ptr", "N", "K"),
          note="tl.dot of e5m2 tiles, f32 accumulator (sm80: fp8 upcast to f16 before the mma)"),
    _spec("x_matmul_bf16", x_matmul_bf16, dict(a_ptr=BF16P, b_ptr=BF16P, c_ptr=BF16P, M="i32", N="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 32}, num_warps=4, num_stages=3, divisible=("a_ptr", "b_ptr", "c_ptr", "N", "K"),
          note="bf16 matmul, f32 accumulator, bf16 result"),
    _spec("x_grouped_gemm", x_grouped_gemm, dict(a_tab=I64P, b_tab=I64P, c_tab=I64P, sizes=I32P, lds=I32P,
                                                 n_groups="i32"),
          {"BM": 128, "BN": 128, "BK": 32}, num_warps=4, num_stages=3,
          note="grouped GEMM over device pointer tables: multiple_of on loads/int_to_ptr/offsets/loop-carried "
               "pointers, max_contiguous, tl.assume; fp16 in, fp32 acc, fp16 out"),
    _spec("x_layernorm_bwd", x_layernorm_bwd, dict(dx_ptr=F16P, dy_ptr=F16P, dw_part=F32P, db_part=F32P, x_ptr=F16P,
                                                   w_ptr=F16P, mean_ptr=F32P, rstd_ptr=F32P, lock_ptr=I32P,
                                                   stride="i32", N="i32"),
          {"GROUP": 16, "BLOCK_N": 1024}, num_warps=4,
          note="layer norm backward dx + partial dw/db accumulated under an atomic_cas/atomic_xchg spin lock"),
    _spec("x_layernorm_dwdb", x_layernorm_dwdb, dict(dw_part=F32P, db_part=F32P, dw_ptr=F32P, db_ptr=F32P, G="i32",
                                                     N="i32"),
          {"BM": 32, "BN": 128}, num_warps=4, note="layer norm backward second stage: column sums of the partials"),
    _spec("x_persistent_matmul", x_persistent_matmul, dict(a_ptr=F16P, b_ptr=F16P, c_ptr=F16P, M="i32", N="i32",
                                                           K="i32", NUM_SMS="i32"),
          {"BM": 128, "BN": 128, "BK": 32, "GROUP_M": 8}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "b_ptr", "c_ptr", "M", "N", "K"),
          note="persistent grouped-order matmul, tile loop tl.range(flatten=True): fused with the K loop"),
    _spec("x_persistent_matmul_nf", x_persistent_matmul_nf, dict(a_ptr=F16P, b_ptr=F16P, c_ptr=F16P, M="i32",
                                                                 N="i32", K="i32", NUM_SMS="i32"),
          {"BM": 128, "BN": 128, "BK": 32, "GROUP_M": 8}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "b_ptr", "c_ptr", "M", "N", "K"),
          note="the persistent matmul without flatten: the tile/K loop nest is kept, the K loop pipelined"),
    _spec("x_rmsnorm", x_rmsnorm, dict(x_ptr=F16P, w_ptr=F16P, y_ptr=F16P, rstd_ptr=F32P, stride="i32", N="i32",
                                       eps="fp32"), {"BLOCK": 1024}, num_warps=4,
          note="RMSNorm forward: fp16 rows, f32 sum of squares, tl.rsqrt, rstd saved"),
    _spec("x_rope", x_rope, dict(q_ptr=F16P, cos_ptr=F32P, sin_ptr=F32P, out_ptr=F16P, T="i32", H="i32",
                                 stride_t="i32", stride_h="i32"), {"D": 64, "BT": 4, "BH": 8}, num_warps=4,
          divisible=("q_ptr", "cos_ptr", "sin_ptr", "out_ptr", "stride_t", "stride_h"),
          note="rotary embedding over a 3D [tokens, heads, dim/2] block, masked heads, broadcast cos/sin"),
    _spec("x_swiglu", x_swiglu, dict(a_ptr=F16P, b_ptr=F16P, dc_ptr=F16P, c_ptr=F16P, da_ptr=F16P, db_ptr=F16P,
                                     n_cols="i32", stride="i32"), {"BLOCK": 2048}, num_warps=8,
          note="SwiGLU forward and backward in one pass: sigmoid, f16 products, i64 row offsets"),
    _spec("x_cross_entropy", x_cross_entropy, dict(logits_ptr=F32P, labels_ptr=I64P, loss_ptr=F32P, stride="i32",
                                                   V="i32", n_rows="i32", ignore_index="i32"),
          {"BLOCK": 1024}, num_warps=4, divisible=("logits_ptr", "labels_ptr", "loss_ptr", "stride"),
          note="cross-entropy: online logsumexp over vocabulary chunks, gradient over the logits, early return"),
    _spec("x_w4a16_matmul", x_w4a16_matmul, dict(a_ptr=F16P, qw_ptr=I32P, scales_ptr=F16P, c_ptr=F16P, M="i32",
                                                 N="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 32, "GROUP": 32}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "qw_ptr", "scales_ptr", "c_ptr", "N", "K"),
          note="int4 weights packed 8 per i32 along K, per-group f16 scales, dequantized into tl.dot"),
    _spec("x_splitk_matmul", x_splitk_matmul, dict(a_ptr=F16P, b_ptr=F16P, c_ptr=F32P, M="i32", N="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 32, "SPLIT": 4}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "b_ptr", "c_ptr", "N", "K"),
          note="split-K matmul: program_id(2) strides K, partial tiles combined with tl.atomic_add"),
    _spec("x_int8_quant", x_int8_quant, dict(x_ptr=F16P, q_ptr=I8P, scale_ptr=F32P, N="i32", stride="i32"),
          {"BLOCK": 4096}, num_warps=8, note="per-row int8 quantization: absmax, libdevice.rint, clamp, f32 -> i8"),
    _spec("x_fp8_act_quant", x_fp8_act_quant, dict(x_ptr=BF16P, y_ptr="*fp8e5", s_ptr=F32P, n="i32"),
          {"BLOCK": 128}, num_warps=1, note="block-wise fp8 e5m2 activation quantization (bf16 in, one scale per block)"),
    _spec("x_decode_attention", x_decode_attention, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, o_ptr=F32P,
                                                         lse_ptr=F32P, S="i32", sm_scale="fp32", stride_ks="i32"),
          {"GROUP": 4, "GP": 16, "D": 64, "BN": 64, "SPLITS": 4}, num_warps=4, num_stages=2,
          divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr", "lse_ptr", "stride_ks"),
          note="flash-decoding, grouped-query heads padded to 16 rows, split KV, partial outputs + lse"),
    _spec("x_ssm_update", x_ssm_update, dict(state_ptr=F32P, x_ptr=BF16P, dt_ptr=BF16P, dt_bias_ptr=F32P, A_ptr=F32P,
                                             B_ptr=BF16P, C_ptr=BF16P, Dskip_ptr=F32P, y_ptr=BF16P, dim="i32"),
          {"DSTATE": 16, "BD": 64}, num_warps=4, divisible=("state_ptr", "x_ptr", "dt_ptr", "dt_bias_ptr", "A_ptr",
                                                             "B_ptr", "C_ptr", "Dskip_ptr", "y_ptr"),
          note="Mamba selective state update: softplus, exp, state in place, row reduction against C"),
    _spec("x_causal_conv1d", x_causal_conv1d, dict(x_ptr=F16P, w_ptr=F32P, b_ptr=F32P, y_ptr=F16P, D="i32", L="i32"),
          {"KW": 4, "BD": 16, "BL": 128}, num_warps=4,
          note="depthwise causal conv1d + SiLU over a 3D grid, tl.static_range taps, negative offsets masked"),
    _spec("x_kv_cache_write", x_kv_cache_write, dict(k_ptr=F16P, v_ptr=F16P, kc_ptr=F16P, vc_ptr=F16P, slots_ptr=I64P,
                                                     n_tokens="i32", stride_t="i32"),
          {"BLOCK_SIZE": 16, "HD": 128, "BT": 16}, num_warps=4,
          divisible=("k_ptr", "v_ptr", "kc_ptr", "vc_ptr", "slots_ptr", "stride_t"),
          note="paged KV-cache scatter: i64 slot ids, division/remainder by the block size, skipped -1 slots"),
    _spec("x_paged_decode", x_paged_decode, dict(q_ptr=F16P, kc_ptr=F16P, vc_ptr=F16P, tables_ptr=I32P, lens_ptr=I32P,
                                                 o_ptr=F32P, sm_scale="fp32", max_blocks="i32"),
          {"BLOCK_SIZE": 16, "HD": 128}, num_warps=4,
          divisible=("q_ptr", "kc_ptr", "vc_ptr", "tables_ptr", "lens_ptr", "o_ptr"),
          note="paged single-query attention: block-table indirection, runtime trip count, online softmax"),
    _spec("x_fused_moe", x_fused_moe, dict(a_ptr=F16P, b_ptr=F16P, c_ptr=F16P, topk_w_ptr=F32P, sorted_ids_ptr=I32P,
                                           expert_ids_ptr=I32P, num_valid="i32", N="i32", K="i32", EM="i32"),
          {"TOPK": 2, "BM": 64, "BN": 64, "BK": 32}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "b_ptr", "c_ptr", "topk_w_ptr", "sorted_ids_ptr", "expert_ids_ptr", "N", "K"),
          note="fused MoE matmul: gathered A rows, per-block expert weights, routing-weight scale, scattered store"),
    _spec("x_logsoftmax_fwd_bwd", x_logsoftmax_fwd_bwd, dict(x_ptr=F16P, dy_ptr=F16P, y_ptr=F32P, dx_ptr=F16P, N="i32",
                                                             stride="i32"),
          {"BLOCK": 1024}, num_warps=8, divisible=("x_ptr", "dy_ptr", "y_ptr", "dx_ptr", "stride"),
          note="log-softmax forward + backward per row: per-lane online exp2/log2 state with -inf guards, "
               "tl.range(num_stages=2) column loops"),
    _spec("x_moe_topk_gating", x_moe_topk_gating, dict(logits_ptr=BF16P, w_ptr=F32P, ids_ptr=I32P, T="i32", E="i32"),
          {"TOPK": 4, "BT": 16, "BE": 64}, num_warps=4,
          note="MoE router: padded softmax over 60 experts, top-4 by repeated argmax in tl.static_range, "
               "winners gathered into [BT, TOPK] tiles, renormalized"),
    _spec("x_embedding_bwd", x_embedding_bwd, dict(ids_ptr=I64P, dy_ptr=F16P, dw_ptr=F32P, cnt_ptr=I32P,
                                                   n_tokens="i32", D="i32"),
          {"BT": 32, "BD": 128}, num_warps=4,
          note="embedding backward: 2D f32 atomic scatter-add through i64 ids, -1 ids skipped, i32 bincount"),
    _spec("x_fp8_block_matmul", x_fp8_block_matmul, dict(a_ptr="*fp8e5", b_ptr="*fp8e5", c_ptr=BF16P, as_ptr=F32P,
                                                         bs_ptr=F32P, M="i32", N="i32", K="i32"),
          {"BM": 64, "BN": 128, "BK": 128, "GROUP_M": 8}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "b_ptr", "c_ptr", "as_ptr", "bs_ptr", "K"),
          note="DeepSeek-style block-scaled e5m2 matmul: per-(row, 128 K) and per-128x128 scales applied to each "
               "K step's tl.dot, B as a K-contiguous weight, % wrapped rows/cols, ragged K, bf16 out"),
    _spec("x_gqa_attention", x_gqa_attention, dict(q_ptr=BF16P, k_ptr=BF16P, v_ptr=BF16P, o_ptr=BF16P, lse_ptr=F32P,
                                                   sm_scale="fp32", N_CTX="i32"),
          {"H_Q": 8, "H_KV": 2, "BLOCK_M": 64, "BLOCK_N": 64, "HEAD_DIM": 128}, num_warps=4, num_stages=3,
          note="grouped-query attention forward, bf16 bshd layout, 4 query heads per KV head, ragged N_CTX "
               "(masked keys in a tl.range(num_stages=3) loop), log2 lse"),
    _spec("x_chunk_gla", x_chunk_gla, dict(q_ptr=F16P, k_ptr=F16P, v_ptr=F16P, g_ptr=F32P, o_ptr=F16P, ht_ptr=F32P,
                                           T="i32", H="i32"),
          {"BT": 64, "DK": 64, "DV": 64}, num_warps=4,
          note="FLA-style chunked gated linear attention: tl.cumsum of the decay, three tl.dot per chunk "
               "(one on tl.trans), f32 state carried across chunks and cast to f16 for the dot"),
    _spec("x_layernorm_welford", x_layernorm_welford, dict(x_ptr=BF16P, w_ptr=F32P, b_ptr=F32P, y_ptr=BF16P,
                                                           mean_ptr=F32P, rstd_ptr=F32P, stride="i32", N="i32",
                                                           eps="fp32"),
          {"BLOCK": 1024}, num_warps=8,
          divisible=("x_ptr", "w_ptr", "b_ptr", "y_ptr", "mean_ptr", "rstd_ptr", "stride"),
          note="layer norm forward: per-lane Welford in a column loop, 3-operand tl.reduce combine, tl.rsqrt, bf16"),
    _spec("x_gemm_bias_gelu", x_gemm_bias_gelu, dict(a_ptr=BF16P, b_ptr=BF16P, bias_ptr=BF16P, c_ptr=BF16P, M="i32",
                                                     N="i32", K="i32", stride_am="i32", stride_bk="i32",
                                                     stride_cm="i32"),
          {"BM": 128, "BN": 128, "BK": 64, "GROUP_M": 8}, num_warps=8, num_stages=3,
          divisible=("a_ptr", "b_ptr", "bias_ptr", "c_ptr", "K", "stride_am", "stride_bk", "stride_cm"),
          note="bf16 GEMM + bias + GELU(tanh) epilogue, tl.range(num_stages=3), tl.assume, ragged M/N, K % BK != 0, 8 warps"),
    _spec("x_int8_matmul", x_int8_matmul, dict(a_ptr=I8P, b_ptr=I8P, as_ptr=F32P, bs_ptr=F32P, bias_ptr=F16P,
                                               c_ptr=F16P, M="i32", N="i32", K="i32"),
          {"BM": 64, "BN": 64, "BK": 64}, num_warps=4, num_stages=3,
          divisible=("a_ptr", "b_ptr", "as_ptr", "bs_ptr", "bias_ptr", "c_ptr", "K"),
          note="int8 x int8 -> int32 tl.dot in a masked K loop (K-contiguous weight), per-row/per-column "
               "dequant + f16 bias"),
    _spec("x_dwconv2d", x_dwconv2d, dict(x_ptr=F16P, w_ptr=F32P, bias_ptr=F32P, y_ptr=F16P, H="i32", W="i32",
                                         C="i32"),
          {"KS": 3, "BHW": 64, "BC": 32}, num_warps=4,
          note="depthwise 3x3 conv2d on NHWC: flattened (batch, tile) grid, h/w by div/rem, nested static_range "
               "taps with edge masks"),
    _spec("x_gather_nan_math", x_gather_nan_math, dict(x_ptr=F32P, idx_ptr=I64P, g_ptr=F32P, gelu_ptr=F32P,
                                                       sp_ptr=F32P, n="i32", n_src="i32"),
          {"BLOCK": 512}, num_warps=4,
          note="gather through i64 indices (out-of-range masked, NaN padded), NaN-propagating maximum, x != x, "
               "tl.clamp, tl.erf, exp2/log2"),
    _spec("x_sort_kv", x_sort_kv, dict(x_ptr=F32P, vals_ptr=F32P, idx_ptr=I32P, topi_ptr=I32P),
          {"R": 4, "C": 128, "K": 8}, num_warps=4,
          note="key-value sort: f32 keys bitcast to order-preserving i32, packed with the column into i64, "
               "descending tl.sort / tl.topk of i64, unpacked"),
    _spec("x_f64_bits", x_f64_bits, dict(x_ptr=F32P, y_ptr=F32P, d_ptr="*fp64", u_ptr=U32P, v_ptr=U32P, of_ptr=F32P,
                                         od_ptr="*fp64", oi_ptr=I32P, n="i32"), {"BLOCK": 256}, num_warps=4,
          note="f64 arithmetic / sqrt / exp / casts, f32 div_rn / sqrt_rn / fma, umulhi, popc, clz"),
    _spec("x_batched_dot3d", x_batched_dot3d, dict(a_ptr=F16P, b_ptr=F16P, c_ptr=F32P, G="i32"),
          {"BB": 4, "M": 32, "N": 32, "K": 32}, num_warps=4,
          note="3D tl.dot: [4, 32, 32] x [4, 32, 32] f16 batches per program, masked batch rows"),
    _spec("x_dot_ieee", x_dot_ieee, dict(a_ptr=F32P, b_ptr=F32P, c_ptr=F32P, M="i32", N="i32", K="i32"),
          {"BM": 32, "BN": 32, "BK": 16}, num_warps=4,
          note="f32 tl.dot with input_precision='ieee' (FMA dot) in a masked K loop"),
    _spec("x_top_p_filter", x_top_p_filter, dict(logits_ptr=F32P, p_ptr=F32P, out_ptr=F32P, V="i32"), {"BV": 256},
          num_warps=4, note="top-p filtering: softmax, 1D descending tl.sort, tl.cumsum of the sorted row, masked min"),
    _spec("x_segment_sum", x_segment_sum, dict(x_ptr=F32P, seg_ptr=I32P, out_ptr=F32P, tot_ptr=F32P, n="i32"),
          {"BLOCK": 512}, num_warps=4,
          note="segmented scan: associative_scan over (f32, i1 head flag), segment totals by float atomics"),
    _spec("x_unscale_found_inf", x_unscale_found_inf, dict(g_ptr=F32P, inv_scale_ptr=F32P, found_ptr=I32P,
                                                           count_ptr=I32P, n="i32"), {"BLOCK": 1024}, num_warps=4,
          note="AMP unscale: in-place scale, i1 tl.reduce with an or-combiner, scalar if with atomic_max/atomic_add"),
    _spec("x_col_softmax", x_col_softmax, dict(x_ptr=F32P, y_ptr=F32P, M="i32", N="i32"), {"BM": 128, "BN": 16},
          num_warps=4, note="softmax along axis 0 of a [128, 16] strip (cross-warp column reductions)"),
]
KERNELS_BY_NAME = {k.name: k for k in KERNELS}
