"""A Triton 3.9 backend that runs @triton.jit kernels on this CPU through
Tritium (entry point `tritium_cpu` in group `triton.backends`; select it with
TRITON_DEFAULT_BACKEND=tritium_cpu). Triton imports `compiler` and `driver`
from here; see python/README.md.

Triton imports this package while it discovers its backends (at `import
triton`), which is also where TRITIUM_CUDA=1 takes effect: Tritium then
compiles Triton's CUDA kernels (tritium.triton.use_for_cuda)."""

from .. import triton as _tritium_triton
from .tensor import Tensor, tensor  # noqa: E402,F401

if _tritium_triton.env_requested():
    _tritium_triton.use_for_cuda()
