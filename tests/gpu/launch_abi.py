"""launch_abi.py -- the kernel parameters Triton 3.9 launches with, from a kernel's meta.json signature (stdlib only).

Every non-constexpr argument is one parameter, except a host-side tensor descriptor (`tensordesc<fp16[64, 32]>`,
a `triton.tools.tensor_descriptor.TensorDescriptor` at the call site).  On a target without TMA (cuda:80) make_ttir
rewrites the descriptor to plain values, and Triton's launcher (`decompose_descriptor` in
triton/backends/driver.py, used when the compiled kernel has no tensordesc metadata) passes, for a rank-R
descriptor named `d`:

    d                        the base pointer (*dtype)
    d.shape.0 .. R-1         i64   the global shape        \\  the descriptor itself, lowered to scalars
    d.stride.0 .. R-1        i64   the strides (elements)  |
    d.padding                i1    padding == "nan"        |
    d.roundF32ToTF32         i1                            /
    d.shape.0 .. R-1         i32   the shape again         \\  the descriptor's shape/strides as the
    d.stride.0 .. R-1        i64   the strides again       /   kernel reads them (`desc.shape[1]`)

The names are the ones Triton's TTIR gives these arguments (so the second shape/stride group repeats them).
A harness describes such an argument with a HostDesc (the base buffer goes with the pointer arguments).
"""
import re

_DESC_RE = re.compile(r"tensordesc<([^\[>]*)\[([^\]]*)\]")


def is_descriptor(ty):
    return isinstance(ty, str) and ty.startswith("tensordesc")


def descriptor_dtype_rank(ty):
    """('fp16', 2) for 'tensordesc<fp16[64, 32]>'."""
    m = _DESC_RE.match(ty)
    if not m:
        raise ValueError(f"malformed tensor descriptor type {ty!r}")
    return m.group(1).strip(), m.group(2).count(",") + 1


def descriptor_scalars(name, ty):
    """(name, type) of the scalar parameters that follow a descriptor's base pointer."""
    _, rank = descriptor_dtype_rank(ty)
    out = [(f"{name}.shape.{i}", "i64") for i in range(rank)]
    out += [(f"{name}.stride.{i}", "i64") for i in range(rank)]
    out += [(f"{name}.padding", "i1"), (f"{name}.roundF32ToTF32", "i1")]
    out += [(f"{name}.shape.{i}", "i32") for i in range(rank)]
    out += [(f"{name}.stride.{i}", "i64") for i in range(rank)]
    return out


def launch_params(signature):
    """[(name, type)] of the kernel parameters (scratch pointers not included), descriptors expanded."""
    out = []
    for name, ty in signature.items():
        if ty == "constexpr":
            continue
        if is_descriptor(ty):
            dtype, _ = descriptor_dtype_rank(ty)
            out.append((name, "*" + dtype))
            out += descriptor_scalars(name, ty)
        else:
            out.append((name, ty))
    return out


class HostDesc:
    """A host-side tensor descriptor over a row-major buffer: shape and strides in elements."""

    def __init__(self, shape, strides, padding="zero", round_f32_to_tf32=False):
        if len(shape) != len(strides):
            raise ValueError("shape and strides differ in rank")
        self.shape = [int(s) for s in shape]
        self.strides = [int(s) for s in strides]
        self.padding = padding
        self.round_f32_to_tf32 = bool(round_f32_to_tf32)

    def values(self, name, ty):
        """The scalar parameter values in descriptor_scalars order, checked against the descriptor's rank."""
        _, rank = descriptor_dtype_rank(ty)
        if rank != len(self.shape):
            raise ValueError(f"{name}: rank {len(self.shape)} descriptor for a rank-{rank} parameter {ty!r}")
        return [*self.shape, *self.strides, self.padding == "nan", self.round_f32_to_tf32, *self.shape, *self.strides]
