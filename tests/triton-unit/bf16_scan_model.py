#!/usr/bin/env python3
"""Why test_core.py::test_scan2d's bf16 cumsum/cumprod cases fail with Triton 3.9.0's frontend,
on any backend (tests/triton-unit/README.md, class `frontend`).

At the test files' commit, tl.cumsum/tl.cumprod promoted bf16 to fp32; 3.9.0's do not, so the scan
combines in bf16, rounding after every combine. This models the test (its inputs: RandomState(17),
bf16-truncated normals; its float32 NumPy reference; rtol 0.01, plus atol 1e-3 for cumprod) with
several association orders and counts the failing (op, axis, reverse, shape) cases of one num_warps:

- seq: sequential along the axis (the CPU backend's order; its mismatch counts match the CPU's);
- tree: a Hillis-Steele scan (Triton's GPU code for a row of 32 lanes with one element each:
  shfl.up by 1, 2, 4, 8, 16 and add.bf16);
- chunkC / chunkCseq: sequential chunks of C elements (the elements one thread holds), then a
  tree (or a sequential scan) over the chunk totals, added back to each chunk.

Every order fails with bf16 rounding; fp32 rounding passes every case. Needs NumPy only
(~/.cache/tritium/triton-3.9.0/bin/python tests/triton-unit/bf16_scan_model.py).
"""
import numpy as np
from numpy.random import RandomState

SHAPES = [(8, 32), (16, 32), (32, 16), (2, 1024), (1024, 2), (32, 32), (1, 1024)]


def bf16(a):
    """float32 -> bf16 (round to nearest even) -> float32."""
    u = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
    return u.astype(np.uint32).view(np.float32)


def inputs(shape):
    rs = RandomState(17)
    return (rs.normal(0, 1, shape).astype("float32").view("uint32") & np.uint32(0xffff0000)).view("float32")


def seq(x, f):
    y = x.copy()
    for i in range(1, x.shape[1]):
        y[:, i] = f(y[:, i - 1], y[:, i])
    return y


def tree(x, f):
    y, d = x.copy(), 1
    while d < x.shape[1]:
        z = y.copy()
        z[:, d:] = f(y[:, :-d], y[:, d:])  # left operand first: the combine need not commute
        y, d = z, d * 2
    return y


def chunked(c, inner):
    def scan(x, f):
        n = x.shape[1]
        if n <= c:
            return seq(x, f)
        m = n // c
        parts = [seq(x[:, j * c:(j + 1) * c], f) for j in range(m)]
        totals = inner(np.stack([p[:, -1] for p in parts], 1), f)
        return np.concatenate([parts[0]] + [f(totals[:, j - 1:j], parts[j]) for j in range(1, m)], 1)
    return scan


def failing_cases(model, rnd):
    ops = {"cumsum": (np.cumsum, lambda a, b: rnd(a + b)), "cumprod": (np.cumprod, lambda a, b: rnd(a * b))}
    fails = 0
    for name, (ref_op, combine) in ops.items():
        for axis in (1, 0):
            for reverse in (True, False):
                for shape in SHAPES:
                    x = inputs(shape)
                    x_in = np.flip(x, axis) if reverse else x
                    ref = ref_op(x_in, axis=axis).astype(np.float32)
                    rows = np.ascontiguousarray(x_in if axis == 1 else x_in.T)
                    y = model(rows, combine)
                    y = y if axis == 1 else y.T
                    if reverse:
                        ref, y = np.flip(ref, axis), np.flip(y, axis)
                    atol = 1e-3 if name == "cumprod" else 0
                    fails += not np.allclose(ref, y, rtol=0.01, atol=atol)  # as assert_allclose(z_ref, z_tri)
    return fails


def main():
    models = {"seq": seq, "tree": tree}
    for c in (2, 4, 8, 16, 32):
        models[f"chunk{c}"] = chunked(c, tree)
        models[f"chunk{c}seq"] = chunked(c, seq)
    f32 = lambda a: np.asarray(a, dtype=np.float32)
    total = 2 * 2 * 2 * len(SHAPES)
    for name, model in models.items():
        print(f"{name:10} bf16: {failing_cases(model, bf16):2} of {total} cases fail; fp32: {failing_cases(model, f32)}")


if __name__ == "__main__":
    main()
