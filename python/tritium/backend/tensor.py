"""NumPy arrays as Triton kernel arguments.

Triton's argument specialization (native code in libtriton) takes an object
as a pointer argument when it has ``data_ptr()`` and a ``dtype`` it knows;
NumPy arrays have neither. ``tensor(array)`` wraps one (no copy): the kernel
reads and writes the array's memory. torch CPU tensors need no wrapper.
"""


class DType(str):
    """An element type name (NumPy's, which Triton maps) that also answers
    what Triton's TensorDescriptor asks of a torch dtype: ``itemsize`` and
    ``is_floating_point``."""

    def __new__(cls, name, itemsize, is_floating_point):
        d = super().__new__(cls, name)
        d.itemsize = itemsize
        d.is_floating_point = is_floating_point
        return d


class Tensor:
    """A NumPy array (or anything with __array_interface__) seen as a
    Triton tensor: data_ptr(), dtype (NumPy's name, which Triton maps:
    'float32' -> *fp32, 'bool' -> *u1, ...; a [DType]), shape, stride() in
    elements; so also the base of a host-side TensorDescriptor."""

    def __init__(self, array, dtype=None):
        iface = getattr(array, "__array_interface__", None)
        if not isinstance(iface, dict):
            raise TypeError(f"tensor() takes a NumPy array, not {type(array).__name__}")
        addr, readonly = iface["data"]
        if readonly:
            raise ValueError("tensor(): the array is read-only (a kernel may write through it)")
        self.array = array
        self.base = array
        self._ptr = int(addr)
        name = dtype if dtype is not None else str(array.dtype)
        floating = array.dtype.kind == "f" or name in ("bfloat16", "float16", "float32", "float64")
        self.dtype = DType(name, array.itemsize, floating)
        self.shape = tuple(array.shape)
        self.device = "cpu"

    def data_ptr(self):
        return self._ptr

    def element_size(self):
        return self.array.itemsize

    def stride(self, dim=None):
        strides = tuple(s // self.array.itemsize for s in self.array.strides)
        return strides if dim is None else strides[dim]

    def numel(self):
        return self.array.size

    def __repr__(self):
        return f"tritium.backend.Tensor({self.dtype}, shape={self.shape})"


def tensor(array, dtype=None):
    """Wraps a NumPy array for a @triton.jit launch (`dtype` overrides
    the element type Triton sees, e.g. 'bfloat16' for a uint16 array)."""
    return Tensor(array, dtype=dtype)
