"""ctypes bindings of Tritium's CPU kernel C API (include/tritium-c/Cpu.h).

Used by tests/cpu/check_cpu_kernels.py and bench/bench_cpu.py:

    lib = CpuRuntime("build/lib/libtritium.so")
    k = lib.load(open("vec_add.ttir.mlir").read())
    k.launch((grid_x, 1, 1), [x, y, out, np.int32(n)])   # NumPy arrays and scalars
"""
import ctypes
import os
import time

import numpy as np


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class _Handle(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _Result(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


class _Options(ctypes.Structure):
    _fields_ = [("optLevel", ctypes.c_int32), ("vectorBits", ctypes.c_int32)]


# MlirLogicalResult (one int8 field) is returned like an int8.
_DIAG_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int8, ctypes.c_void_p, ctypes.c_void_p)
_STRING_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)

_SCALAR_TYPES = {
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
}


def _ref(text):
    raw = text.encode() if isinstance(text, str) else text
    return _StringRef(raw, len(raw)), raw


def _text(ref):
    return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""


class CpuError(RuntimeError):
    pass


class CpuRuntime:
    """One MLIR context with Tritium's dialects, and the CPU kernel API."""

    def __init__(self, library):
        lib = ctypes.CDLL(os.path.abspath(library))
        self.lib = lib
        lib.mlirContextCreate.restype = ctypes.c_void_p
        lib.mlirDialectRegistryCreate.restype = ctypes.c_void_p
        lib.tritiumRegisterAllDialects.argtypes = [ctypes.c_void_p]
        lib.mlirContextAppendDialectRegistry.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        lib.mlirDialectRegistryDestroy.argtypes = [ctypes.c_void_p]
        lib.mlirModuleCreateParse.argtypes = [ctypes.c_void_p, _StringRef]
        lib.mlirModuleCreateParse.restype = ctypes.c_void_p
        lib.mlirModuleDestroy.argtypes = [ctypes.c_void_p]
        lib.mlirContextAttachDiagnosticHandler.argtypes = [ctypes.c_void_p, _DIAG_HANDLER, ctypes.c_void_p, ctypes.c_void_p]
        lib.mlirContextAttachDiagnosticHandler.restype = ctypes.c_uint64
        lib.mlirDiagnosticPrint.argtypes = [ctypes.c_void_p, _STRING_CALLBACK, ctypes.c_void_p]
        lib.tritiumCpuKernelOptionsGetDefault.restype = _Options
        lib.tritiumCpuKernelLoad.argtypes = [ctypes.c_void_p, _Options, ctypes.POINTER(_Handle)]
        lib.tritiumCpuKernelLoad.restype = _Result
        lib.tritiumCpuKernelLaunch.argtypes = [_Handle, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32,
                                               ctypes.POINTER(ctypes.c_void_p), ctypes.c_int32]
        lib.tritiumCpuKernelLaunch.restype = _Result
        for name in ("tritiumCpuKernelGetLastError", "tritiumCpuKernelGetName"):
            getattr(lib, name).argtypes = [_Handle]
            getattr(lib, name).restype = _StringRef
        lib.tritiumCpuKernelGetNumArguments.argtypes = [_Handle]
        lib.tritiumCpuKernelGetNumArguments.restype = ctypes.c_ssize_t
        lib.tritiumCpuKernelGetArgumentType.argtypes = [_Handle, ctypes.c_ssize_t]
        lib.tritiumCpuKernelGetArgumentType.restype = _StringRef
        lib.tritiumCpuKernelDestroy.argtypes = [_Handle]

        self.ctx = lib.mlirContextCreate()
        registry = lib.mlirDialectRegistryCreate()
        lib.tritiumRegisterAllDialects(registry)
        lib.mlirContextAppendDialectRegistry(self.ctx, registry)
        lib.mlirDialectRegistryDestroy(registry)
        self.diagnostics = []

        def on_text(ref, _):
            self.diagnostics[-1] += _text(ref)

        self._on_text = _STRING_CALLBACK(on_text)

        def on_diagnostic(diag, _):
            self.diagnostics.append("")
            lib.mlirDiagnosticPrint(diag, self._on_text, None)
            return 1

        self._handler = _DIAG_HANDLER(on_diagnostic)
        lib.mlirContextAttachDiagnosticHandler(self.ctx, self._handler, None, None)

    def emit_object(self, text, opt_level=3, vector_bits=0):
        """The object code (ELF bytes) `load` would run for the TTIR kernel in `text`."""
        self.diagnostics = []
        lib = self.lib
        lib.tritiumCpuKernelEmitObject.argtypes = [ctypes.c_void_p, _Options, _STRING_CALLBACK, ctypes.c_void_p]
        lib.tritiumCpuKernelEmitObject.restype = _Result
        ref, keep = _ref(text)
        module = lib.mlirModuleCreateParse(self.ctx, ref)
        if not module:
            raise CpuError("cannot parse the module: " + "; ".join(self.diagnostics))
        chunks = []

        def on_bytes(data, _):
            address = ctypes.c_void_p.from_buffer(data, _StringRef.data.offset).value  # the raw bytes, NULs included
            chunks.append(ctypes.string_at(address, data.length))

        callback = _STRING_CALLBACK(on_bytes)
        ok = lib.tritiumCpuKernelEmitObject(module, _Options(opt_level, vector_bits), callback, None).value
        lib.mlirModuleDestroy(module)
        if not ok:
            raise CpuError("; ".join(self.diagnostics) or "tritiumCpuKernelEmitObject failed")
        return b"".join(chunks)

    def load(self, text, opt_level=3, vector_bits=0):
        """Compiles the TTIR kernel in `text`; returns a Kernel and the compile time in seconds."""
        self.diagnostics = []
        ref, keep = _ref(text)
        module = self.lib.mlirModuleCreateParse(self.ctx, ref)
        if not module:
            raise CpuError("cannot parse the module: " + "; ".join(self.diagnostics))
        options = _Options(opt_level, vector_bits)
        handle = _Handle()
        start = time.perf_counter()
        ok = self.lib.tritiumCpuKernelLoad(module, options, ctypes.byref(handle)).value
        seconds = time.perf_counter() - start
        self.lib.mlirModuleDestroy(module)
        if not ok:
            raise CpuError("; ".join(self.diagnostics) or "tritiumCpuKernelLoad failed")
        return Kernel(self.lib, handle), seconds


class Kernel:
    def __init__(self, lib, handle):
        self.lib = lib
        self.handle = handle
        self.name = _text(lib.tritiumCpuKernelGetName(handle))
        n = lib.tritiumCpuKernelGetNumArguments(handle)
        self.arg_types = [_text(lib.tritiumCpuKernelGetArgumentType(handle, i)) for i in range(n)]

    def launch(self, grid, args, threads=0):
        """Runs the grid; `args`: NumPy arrays for pointers, Python/NumPy scalars otherwise."""
        if len(args) != len(self.arg_types):
            raise CpuError(f"{self.name} takes {len(self.arg_types)} arguments, got {len(args)}")
        keep = []
        argv = (ctypes.c_void_p * len(args))()
        for i, (a, ty) in enumerate(zip(args, self.arg_types)):
            if ty.startswith("!tt.ptr"):
                assert isinstance(a, np.ndarray) and a.flags.c_contiguous, f"argument {i} must be a contiguous array"
                cell = ctypes.c_void_p(a.ctypes.data)
            else:
                cell = np.array([a], dtype=_SCALAR_TYPES[ty])
            keep.append(cell)
            argv[i] = ctypes.addressof(cell) if isinstance(cell, ctypes.c_void_p) else cell.ctypes.data
        grid = tuple(grid) + (1,) * (3 - len(grid))
        ok = self.lib.tritiumCpuKernelLaunch(self.handle, grid[0], grid[1], grid[2], argv, threads).value
        if not ok:
            raise CpuError(_text(self.lib.tritiumCpuKernelGetLastError(self.handle)))

    def __del__(self):
        if getattr(self, "handle", None) is not None:
            self.lib.tritiumCpuKernelDestroy(self.handle)
            self.handle = None
