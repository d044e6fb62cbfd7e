"""A Triton 3.9 backend that runs @triton.jit kernels on this CPU through
Tritium (entry point `tritium_cpu` in group `triton.backends`; select it with
TRITON_DEFAULT_BACKEND=tritium_cpu). Triton imports `compiler` and `driver`
from here; see python/README.md."""

from .tensor import Tensor, tensor  # noqa: E402,F401
