#!/usr/bin/env python3
"""check_launch_abi.py -- checks the harness' kernel-parameter ABI (launch_abi.py, run_gpu.py) without a GPU.

    python3 tests/gpu/check_launch_abi.py [--ptx K.ptx --meta K.json]

1. sm80 (no tensordesc_meta): a descriptor is still its base pointer plus the decomposed scalars;
2. sm90 (tensordesc_meta): a descriptor is a CUtensorMap by value plus shape (i32) and strides (i64), and the
   expected types match the .param list of Triton 3.9's sm90 PTX of x_desc_matmul (or of --ptx, with --meta
   giving its tensordesc_meta: Triton's K.meta.json or Tritium's K.json);
3. the cuTensorMapEncodeTiled arguments are Triton's (fillTMADescriptorTiled: dims innermost first, byte
   strides, reversed box, NaN fill, tf32, bf16's host enum);
4. the ctypes calls against a fake libcuda: the encoder gets those arguments and a 128-aligned CUtensorMap,
   and cuLaunchKernel gets one host pointer per parameter holding exactly the bytes Triton's launcher passes.
Prints `check_launch_abi: N checks OK` or the first failure (exit 1).  Needs numpy (run_gpu.py imports it).
"""
import argparse
import ctypes
import json
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import launch_abi as la  # noqa: E402
import run_gpu  # noqa: E402

SIG = {"a_desc": "tensordesc<fp16[64, 32]>", "b_desc": "tensordesc<fp16[64, 32]>", "c_desc": "tensordesc<fp16[64, 64]>",
       "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"}
# Triton 3.9's compile_metadata.tensordesc_meta for x_desc_matmul on cuda:90.
META = [{"swizzle": 2, "elem_size": 2, "elem_type": 6, "block_size": [64, 32], "fp4_padded": False, "is_im2col": False},
        {"swizzle": 2, "elem_size": 2, "elem_type": 6, "block_size": [64, 32], "fp4_padded": False, "is_im2col": False},
        {"swizzle": 3, "elem_size": 2, "elem_type": 6, "block_size": [64, 64], "fp4_padded": False, "is_im2col": False}]
# The .entry of Triton 3.9's sm90 PTX of x_desc_matmul.
PTX = """.visible .entry x_desc_matmul(
	.param .align 64 .b8 x_desc_matmul_param_0[128],
	.param .u32 x_desc_matmul_param_1,
	.param .u32 x_desc_matmul_param_2,
	.param .u64 x_desc_matmul_param_3,
	.param .u64 x_desc_matmul_param_4,
	.param .align 64 .b8 x_desc_matmul_param_5[128],
	.param .u32 x_desc_matmul_param_6,
	.param .u32 x_desc_matmul_param_7,
	.param .u64 x_desc_matmul_param_8,
	.param .u64 x_desc_matmul_param_9,
	.param .align 64 .b8 x_desc_matmul_param_10[128],
	.param .u32 x_desc_matmul_param_11,
	.param .u32 x_desc_matmul_param_12,
	.param .u64 x_desc_matmul_param_13,
	.param .u64 x_desc_matmul_param_14,
	.param .u64 .ptr .global .align 1 x_desc_matmul_param_15,
	.param .u64 .ptr .global .align 1 x_desc_matmul_param_16
)
.reqntid 128
{
}"""

checks = 0


def check(cond, what):
    global checks
    if not cond:
        print(f"check_launch_abi: FAIL: {what}")
        sys.exit(1)
    checks += 1


class FakeCuda:
    """cuTensorMapEncodeTiled / cuLaunchKernel / cuGetErrorString as C function pointers over Python code."""

    ENCODE = ctypes.CFUNCTYPE(ctypes.c_int, *la._ENCODE_ARGTYPES)
    LAUNCH = ctypes.CFUNCTYPE(ctypes.c_int, *la._LAUNCH_ARGTYPES)

    def __init__(self, param_sizes):
        self.param_sizes = param_sizes
        self.encoded = []
        self.launches = []
        self.cuTensorMapEncodeTiled = self.ENCODE(self._encode)
        self.cuLaunchKernel = self.LAUNCH(self._launch)

    def _encode(self, tmap, dtype, rank, addr, dims, strides, box, estr, inter, swz, l2, oob):
        rec = dict(address=tmap, elem_type=dtype, rank=rank, global_address=addr or 0,
                   global_dim=[dims[i] for i in range(rank)], global_strides=[strides[i] for i in range(rank - 1)],
                   box_dim=[box[i] for i in range(rank)], element_strides=[estr[i] for i in range(rank)],
                   interleave=inter, swizzle=swz, l2_promotion=l2, oob_fill=oob)
        self.encoded.append(rec)
        pattern = bytes((len(self.encoded) * 16 + i) & 0xFF for i in range(128))
        ctypes.memmove(tmap, pattern, 128)
        return 0

    def _launch(self, func, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        got = [ctypes.string_at(params[i], n) for i, n in enumerate(self.param_sizes)]
        self.launches.append(dict(func=func, grid=(gx, gy, gz), block=(bx, by, bz), shared=shared, stream=stream,
                                  params=got, extra=bool(extra)))
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ptx", help="a kernel's PTX (default: Triton's x_desc_matmul entry, built in)")
    ap.add_argument("--meta", help="its K.meta.json (Triton) or K.json (Tritium), for tensordesc_meta")
    a = ap.parse_args()
    import numpy as np

    # 1. sm80: unchanged decomposition.
    old = la.launch_params(SIG)
    check(old == la.launch_params(SIG, []) and old[0] == ("a_desc", "*fp16") and len(old) == 3 * 11,
          f"sm80 expansion changed: {old[:3]}")
    check(old[1:11] == la.descriptor_scalars("a_desc", SIG["a_desc"]), "sm80 descriptor scalars")

    # 2. sm90: the ABI against the PTX parameter list.
    ptx, meta = PTX, META
    if a.ptx:
        with open(a.ptx) as f:
            ptx = f.read()
    if a.meta:
        with open(a.meta) as f:
            m = json.load(f)
        meta = m.get("tensordesc_meta", m.get("compile_metadata", {}).get("tensordesc_meta"))
    new = run_gpu.abi_types(SIG, meta)
    check([t for _, t in new[:5]] == ["nvTmaDesc", "i32", "i32", "i64", "i64"] and len(new) == 17,
          f"sm90 expansion: {new}")
    check([n for n, _ in new[:5]] == ["a_desc", "a_desc.shape.0", "a_desc.shape.1", "a_desc.stride.0",
                                      "a_desc.stride.1"], "sm90 names")
    entry, ptypes, ntid = run_gpu.ptx_entry(ptx)
    check(entry == "x_desc_matmul" and ntid == ("reqntid", 128), f"entry {entry} {ntid}")
    check(len(ptypes) == len(new), f"{len(ptypes)} PTX params, {len(new)} expected")
    for i, (pt, (wn, wt)) in enumerate(zip(ptypes, new)):
        check(run_gpu.ptx_type_matches(pt, wt), f"param {i} ({wn}) is .{pt}, want {wt}")
    check(not run_gpu.ptx_type_matches("u64", "nvTmaDesc") and not run_gpu.ptx_type_matches("b8[128]", "*fp16"),
          "a descriptor parameter is told from a pointer")
    # The sm80 PTX of the same kernel (pointer + scalars) does not match the TMA ABI, and vice versa.
    check(not run_gpu.ptx_type_matches("b8[128]", old[0][1]), "sm80 ABI against a TMA parameter")

    # 3. Encoder arguments (M=100, K=40 f16, as run_gpu's x_desc_matmul case).
    d = la.HostDesc([100, 40], [40, 1])
    enc = la.tensor_map_encode_args(META[0], d, 0x7000_0000_1000)
    check(enc["global_dim"] == [40, 100] and enc["global_strides"][:1] == [80] and enc["box_dim"] == [32, 64],
          f"dims/strides/box {enc}")
    check((enc["elem_type"], enc["rank"], enc["swizzle"], enc["l2_promotion"], enc["oob_fill"], enc["interleave"],
           enc["element_strides"]) == (6, 2, 2, 2, 0, 0, [1, 1]), f"modes {enc}")
    nan = la.tensor_map_encode_args(META[0], la.HostDesc([100, 40], [40, 1], padding="nan"), 0)
    check(nan["oob_fill"] == 1, "padding nan -> CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA")
    tf32 = la.tensor_map_encode_args(dict(META[0], elem_type=7, elem_size=4), la.HostDesc([8, 8], [8, 1], round_f32_to_tf32=True), 0)
    check(tf32["elem_type"] == 11 and tf32["global_strides"][0] == 32, f"tf32 {tf32}")
    bf16 = la.tensor_map_encode_args(dict(META[0], elem_type=10), d, 0)
    check(bf16["elem_type"] == 9, "bf16: device 10 -> CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 (9)")
    three = la.tensor_map_encode_args(dict(META[0], block_size=[2, 4, 8]), la.HostDesc([3, 5, 16], [80, 16, 1]), 0)
    check(three["global_dim"] == [16, 5, 3] and three["global_strides"][:2] == [32, 160] and three["box_dim"] == [8, 4, 2],
          f"rank 3 {three}")
    for bad in (la.HostDesc([4, 4], [1, 4]), la.HostDesc([4], [1])):
        try:
            la.tensor_map_encode_args(META[0], bad, 0)
            check(False, f"accepted {bad.shape} {bad.strides}")
        except ValueError:
            check(True, "")

    # 4. ctypes against a fake libcuda: Triton's launch of x_desc_matmul (M=100, N=72, K=40).
    sizes = [128 if t.endswith("]") else int(t[1:]) // 8 for t in ptypes]
    fake = FakeCuda(sizes)
    descs = dict(a_desc=la.HostDesc([100, 40], [40, 1]), b_desc=la.HostDesc([72, 40], [40, 1]),
                 c_desc=la.HostDesc([100, 72], [72, 1]))
    bases = dict(a_desc=0x10000, b_desc=0x20000, c_desc=0x30000)
    metas = la.descriptor_metas(SIG, meta)
    args, want = [], []
    for name, ty in SIG.items():
        if ty == "constexpr":
            continue
        tm = la.encode_tensor_map(fake, la.tensor_map_encode_args(metas[name], descs[name], bases[name]))
        check(tm.address % 128 == 0, "CUtensorMap alignment")
        args.append(tm)
        want.append(tm.raw())
        vals = descs[name].tma_values(name, ty)
        args += [np.int32(v) for v in vals[:2]] + [np.int64(v) for v in vals[2:]]
        want += [struct.pack("<i", v) for v in vals[:2]] + [struct.pack("<q", v) for v in vals[2:]]
    args += [np.uint64(0), np.uint64(0)]
    want += [bytes(8), bytes(8)]
    check(len(fake.encoded) == 3 and fake.encoded[2]["global_dim"] == [72, 100] and fake.encoded[2]["box_dim"] == [64, 64]
          and fake.encoded[2]["global_strides"] == [144] and fake.encoded[2]["swizzle"] == 3
          and fake.encoded[0]["global_address"] == 0x10000, f"encoder saw {fake.encoded}")
    la.driver_launch(fake, 0x1234, (2, 2), (128, 1, 1), 24600, 0x55, args)
    (L,) = fake.launches
    check((L["func"], L["grid"], L["block"], L["shared"], L["stream"], L["extra"]) ==
          (0x1234, (2, 2, 1), (128, 1, 1), 24600, 0x55, False), f"launch {L}")
    for i, (g, w) in enumerate(zip(L["params"], want)):
        check(g == w, f"param {i}: {g.hex()} != {w.hex()}")
    check(len(set(L["params"][i] for i in (0, 5, 10))) == 3, "each descriptor has its own CUtensorMap")

    # A failing encoder is reported with the driver's words.
    class Failing(FakeCuda):
        def _encode(self, *args):
            return 1
    try:
        la.encode_tensor_map(Failing(sizes), enc)
        check(False, "a failing cuTensorMapEncodeTiled was not reported")
    except RuntimeError as e:
        check("cuTensorMapEncodeTiled failed" in str(e), str(e))
    print(f"check_launch_abi: {checks} checks OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
