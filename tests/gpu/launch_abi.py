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

On a target with TMA (cuda:90) the compiled kernel keeps the descriptor, and its compile metadata lists one
`tensordesc_meta` entry per descriptor argument ({swizzle, elem_size, elem_type, block_size, fp4_padded,
is_im2col}: Triton's K.meta.json compile_metadata, Tritium's K.json).  Triton's launcher (`make_tensordesc_arg`
in triton/backends/nvidia/driver.py, `fillTMADescriptorTiled` in driver.c) then passes

    d                        nvTmaDesc  a CUtensorMap (128 bytes, by value: `.param .align 64 .b8 [128]`)
                                        encoded on the host by cuTensorMapEncodeTiled
    d.shape.0 .. R-1         i32
    d.stride.0 .. R-1        i64

tensor_map_encode_args() gives the encoder's arguments as Triton computes them, encode_tensor_map() calls
libcuda through ctypes, and driver_launch() launches with cuLaunchKernel (CuPy cannot pass a 128-byte struct
by value).  Everything here is stdlib (ctypes) and takes the driver library as an argument, so that
tests/gpu/check_launch_abi.py checks it against a fake libcuda without a GPU.
"""
import ctypes
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


def tma_descriptor_scalars(name, ty):
    """(name, type) of the scalar parameters that follow a TMA descriptor (the CUtensorMap)."""
    _, rank = descriptor_dtype_rank(ty)
    return [(f"{name}.shape.{i}", "i32") for i in range(rank)] + [(f"{name}.stride.{i}", "i64") for i in range(rank)]


def launch_params(signature, tensordesc_meta=None):
    """[(name, type)] of the kernel parameters (scratch pointers not included), descriptors expanded: as TMA
    descriptors (type 'nvTmaDesc') when the kernel's tensordesc_meta is non-empty, else decomposed."""
    tma = bool(tensordesc_meta)
    out = []
    for name, ty in signature.items():
        if ty == "constexpr":
            continue
        if is_descriptor(ty):
            if tma:
                out.append((name, "nvTmaDesc"))
                out += tma_descriptor_scalars(name, ty)
                continue
            dtype, _ = descriptor_dtype_rank(ty)
            out.append((name, "*" + dtype))
            out += descriptor_scalars(name, ty)
        else:
            out.append((name, ty))
    return out


def descriptor_metas(signature, tensordesc_meta):
    """{descriptor argument name: its tensordesc_meta entry} (entries in descriptor-argument order)."""
    names = [n for n, t in signature.items() if is_descriptor(t)]
    metas = list(tensordesc_meta or [])
    if len(metas) != len(names):
        raise ValueError(f"tensordesc_meta has {len(metas)} entries for {len(names)} descriptor arguments {names}")
    return dict(zip(names, metas))


def ptx_param_types(params_text):
    """The type of each parameter of a PTX .entry's parameter list: 'u32', 'u64', ..., or 'b8[128]' for a
    by-value array (`.param .align 64 .b8 name[128]`)."""
    out = []
    for p in params_text.split(","):
        m = re.match(r"\s*\.param\s+(?:\.align\s+\d+\s+)?\.(\w+)", p)
        if not m:
            continue
        arr = re.search(r"\[(\d+)\]\s*$", p.strip())
        out.append(m.group(1) + (f"[{arr.group(1)}]" if arr else ""))
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

    def tma_values(self, name, ty):
        """The scalar parameter values that follow a TMA descriptor (tma_descriptor_scalars order)."""
        _, rank = descriptor_dtype_rank(ty)
        if rank != len(self.shape):
            raise ValueError(f"{name}: rank {len(self.shape)} descriptor for a rank-{rank} parameter {ty!r}")
        return [*self.shape, *self.strides]


# ------------------------------------------------------------------------------------------------------------
# TMA descriptors (Triton 3.9's launcher on sm90)
# ------------------------------------------------------------------------------------------------------------
# Triton's device-side TMA element-type enum (tensordesc_meta elem_type) -> CUtensorMapDataType.
TMA_DTYPE_DEVICE_TO_HOST = {i: i for i in range(16)}
TMA_DTYPE_DEVICE_TO_HOST[8] = 10
TMA_DTYPE_DEVICE_TO_HOST[9] = 8
TMA_DTYPE_DEVICE_TO_HOST[10] = 9
TMA_TF32 = 11  # CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 (a descriptor with round_f32_to_tf32)
CU_TENSOR_MAP_INTERLEAVE_NONE = 0
CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2
CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0
CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA = 1
CU_TENSOR_MAP_BYTES = 128


def tensor_map_encode_args(meta, desc, base_ptr):
    """The arguments of cuTensorMapEncodeTiled for a HostDesc `desc` over device address `base_ptr` with its
    kernel's tensordesc_meta entry `meta`, as Triton's fillTMADescriptorTiled computes them (dims innermost
    first, byte strides of all but the innermost dimension, box = meta's block_size reversed)."""
    if meta.get("is_im2col"):
        raise ValueError("im2col tensor descriptors are not supported by this harness")
    block = [int(b) for b in meta["block_size"]]
    rank = len(block)
    if rank != len(desc.shape) or not 1 <= rank <= 5:
        raise ValueError(f"rank {len(desc.shape)} descriptor for a rank-{rank} TMA box {block}")
    if desc.strides[-1] != 1:
        raise ValueError(f"the innermost stride must be 1, got strides {desc.strides}")
    elem_size = int(meta["elem_size"])
    elem_type = TMA_TF32 if desc.round_f32_to_tf32 else int(meta["elem_type"])
    shape = list(desc.shape)
    if meta.get("fp4_padded"):
        shape[-1] *= 2
    global_dim = [int(d) for d in reversed(shape)]
    strides = [elem_size * int(s) for s in reversed(desc.strides[:-1])]
    # Triton's array has `rank` entries; the driver reads the first rank - 1.
    strides.append(global_dim[-1] * (elem_size if rank == 1 else strides[-1]))
    return dict(
        elem_type=TMA_DTYPE_DEVICE_TO_HOST[elem_type], rank=rank, global_address=int(base_ptr),
        global_dim=global_dim, global_strides=strides, box_dim=list(reversed(block)), element_strides=[1] * rank,
        interleave=CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle=int(meta["swizzle"]),
        l2_promotion=CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
        oob_fill=(CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA if desc.padding == "nan"
                  else CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE))


class TensorMap:
    """A CUtensorMap: 128 bytes in host memory aligned to 128 (Triton allocates it with posix_memalign(128))."""

    def __init__(self):
        self._buf = ctypes.create_string_buffer(CU_TENSOR_MAP_BYTES + 128)
        base = ctypes.addressof(self._buf)
        self.address = (base + 127) // 128 * 128

    def raw(self):
        return ctypes.string_at(self.address, CU_TENSOR_MAP_BYTES)


_ENCODE_ARGTYPES = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint32, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint64),
                    ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint32),
                    ctypes.POINTER(ctypes.c_uint32), ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_LAUNCH_ARGTYPES = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p),
                                                              ctypes.POINTER(ctypes.c_void_p)]


def load_libcuda():
    """The CUDA driver library, with the prototypes used here."""
    lib = ctypes.CDLL("libcuda.so.1")
    return lib


def _cu_error(lib, code):
    try:
        fn = lib.cuGetErrorString
        fn.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        msg = ctypes.c_char_p()
        fn(int(code), ctypes.byref(msg))
        return (msg.value or b"").decode(errors="replace") or f"CUresult {code}"
    except Exception:  # noqa: BLE001
        return f"CUresult {code}"


def encode_tensor_map(lib, args):
    """A TensorMap encoded by `lib`.cuTensorMapEncodeTiled with tensor_map_encode_args() `args`."""
    fn = lib.cuTensorMapEncodeTiled
    fn.argtypes = _ENCODE_ARGTYPES
    fn.restype = ctypes.c_int
    rank = args["rank"]
    u64 = ctypes.c_uint64 * max(rank, 1)
    u32 = ctypes.c_uint32 * max(rank, 1)
    dims, strides = u64(*args["global_dim"]), u64(*args["global_strides"][:rank])
    box, estr = u32(*args["box_dim"]), u32(*args["element_strides"])
    tm = TensorMap()
    res = fn(tm.address, args["elem_type"], rank, args["global_address"], dims, strides, box, estr,
             args["interleave"], args["swizzle"], args["l2_promotion"], args["oob_fill"])
    if res != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled failed: {_cu_error(lib, res)} ({args})")
    return tm


def _param_bytes(a):
    """(ctypes object kept alive, its address) for one kernel argument: a TensorMap, a device array (CuPy:
    `.data.ptr`), or a NumPy scalar (its bytes)."""
    if isinstance(a, TensorMap):
        return a, a.address
    ptr = getattr(getattr(a, "data", None), "ptr", None)
    if ptr is not None:
        v = ctypes.c_uint64(int(ptr))
        return v, ctypes.addressof(v)
    if hasattr(a, "tobytes"):
        raw = a.tobytes()
        v = ctypes.create_string_buffer(raw, max(len(raw), 8))  # zero-padded: never read past it
        return v, ctypes.addressof(v)
    raise TypeError(f"cannot pass {type(a).__name__} {a!r} as a kernel parameter")


def driver_launch(lib, func_ptr, grid, block, shared, stream_ptr, args):
    """cuLaunchKernel(func, grid, block, shared, stream, kernelParams) with one host pointer per argument."""
    fn = lib.cuLaunchKernel
    fn.argtypes = _LAUNCH_ARGTYPES
    fn.restype = ctypes.c_int
    keep, addrs = [], []
    for a in args:
        obj, addr = _param_bytes(a)
        keep.append(obj)
        addrs.append(addr)
    params = (ctypes.c_void_p * max(len(addrs), 1))(*addrs)
    g = list(grid) + [1] * (3 - len(grid))
    b = list(block) + [1] * (3 - len(block))
    res = fn(int(func_ptr), g[0], g[1], g[2], b[0], b[1], b[2], int(shared), int(stream_ptr or 0), params, None)
    if res != 0:
        raise RuntimeError(f"cuLaunchKernel failed: {_cu_error(lib, res)}")
    return keep
