"""The backend's "binary" and its in-process cache of JIT-compiled kernels.

The binary is UTF-8 TTIR text whose first line is a comment with Tritium's
CPU options, e.g. ``// tritium-cpu opt_level=3 vector_bits=0``; MLIR's parser
skips it. Loading compiles it once per distinct binary (per process).
"""

import hashlib
import re
import threading

from .. import CpuKernel

_HEADER = re.compile(rb"^// tritium-cpu opt_level=(\d+) vector_bits=(\d+)\n")
_cache = {}
_lock = threading.Lock()


def make_binary(ttir_text, opt_level, vector_bits):
    return f"// tritium-cpu opt_level={int(opt_level)} vector_bits={int(vector_bits)}\n{ttir_text}".encode("utf-8")


def load(binary):
    """The CpuKernel of `binary` (compiled on first use; cached)."""
    if isinstance(binary, str):
        binary = binary.encode("utf-8")
    key = hashlib.sha256(binary).hexdigest()
    with _lock:
        kernel = _cache.get(key)
    if kernel is not None:
        return kernel
    m = _HEADER.match(binary)
    opt_level, vector_bits = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    kernel = CpuKernel(binary, opt_level=opt_level, vector_bits=vector_bits)
    with _lock:
        return _cache.setdefault(key, kernel)


def clear():
    with _lock:
        _cache.clear()
