"""ctypes declarations of the C API of build/lib/libtritium.so.

libtritium.so exports Tritium's own C API (include/tritium-c/*.h) and
re-exports MLIR's C API (mlirContextCreate, mlirModuleCreateParse, the
diagnostics functions, ...), so this one library is all the package loads:
no second copy of MLIR/LLVM, nothing to compile.

Handles (MlirContext, MlirModule, MlirLocation, MlirDiagnostic,
TritiumCpuKernel, ...) are C structs holding one pointer; on x86-64 (System V)
and AArch64 such a struct is passed and returned exactly like a pointer, so
they are declared as ``c_void_p``. ``MlirStringRef`` ({data, length}) is a
real ``Structure`` where it is returned or passed to a function; in
callbacks (``MlirStringCallback``) its two fields are declared as two
arguments, which is the same calling convention and avoids ctypes'
limitations on structures in callbacks. ``MlirLogicalResult`` ({int8_t}) is a
``c_int8`` return in the diagnostic handler for the same reason.
"""

import ctypes
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char_p, c_int8, c_int32, c_int64, c_size_t, c_ssize_t,
                    c_uint32, c_uint64, c_void_p)

_HERE = os.path.dirname(os.path.abspath(__file__))


class StringRef(Structure):
    _fields_ = [("data", c_void_p), ("length", c_size_t)]

    def bytes(self):
        if not self.data or not self.length:
            return b""
        return ctypes.string_at(self.data, self.length)

    def str(self):
        return self.bytes().decode("utf-8", errors="replace")


class LogicalResult(Structure):
    _fields_ = [("value", c_int8)]

    def ok(self):
        return self.value != 0


class CompileOptions(Structure):
    """TritiumCompileOptions (tritium-c/Compile.h)."""
    _fields_ = [
        ("target", StringRef),
        ("ptxVersion", c_int32),
        ("optLevel", c_int32),
        ("externLibs", POINTER(StringRef)),
        ("numExternLibs", c_ssize_t),
        ("enableFPFusion", c_bool),
        ("numWarps", c_int32),
        ("numStages", c_int32),
    ]


class CpuKernelOptions(Structure):
    """TritiumCpuKernelOptions (tritium-c/Cpu.h)."""
    _fields_ = [("optLevel", c_int32), ("vectorBits", c_int32)]


# void (*MlirStringCallback)(MlirStringRef, void *): the struct's two fields
# travel in the first two integer registers.
STRING_CALLBACK = CFUNCTYPE(None, c_void_p, c_size_t, c_void_p)
# MlirLogicalResult (*MlirDiagnosticHandler)(MlirDiagnostic, void *).
DIAGNOSTIC_HANDLER = CFUNCTYPE(c_int8, c_void_p, c_void_p)
# void (*deleteUserData)(void *).
DELETE_USER_DATA = CFUNCTYPE(None, c_void_p)


def library_path():
    """Where libtritium.so is: $TRITIUM_LIBRARY, else the checkout's build/lib
    (the package lives in <checkout>/python/tritium)."""
    env = os.environ.get("TRITIUM_LIBRARY")
    if env:
        return env
    return os.path.normpath(os.path.join(_HERE, "..", "..", "build", "lib", "libtritium.so"))


# name: (restype, argtypes)
_SIGNATURES = {
    # MLIR core
    "mlirContextCreate": (c_void_p, []),
    "mlirContextDestroy": (None, [c_void_p]),
    "mlirDialectRegistryCreate": (c_void_p, []),
    "mlirDialectRegistryDestroy": (None, [c_void_p]),
    "mlirContextAppendDialectRegistry": (None, [c_void_p, c_void_p]),
    "mlirContextLoadAllAvailableDialects": (None, [c_void_p]),
    "mlirContextAttachDiagnosticHandler": (c_uint64, [c_void_p, DIAGNOSTIC_HANDLER, c_void_p, c_void_p]),
    "mlirContextDetachDiagnosticHandler": (None, [c_void_p, c_uint64]),
    "mlirModuleCreateParse": (c_void_p, [c_void_p, StringRef]),
    "mlirModuleDestroy": (None, [c_void_p]),
    # tritium-c/Spec.h: the library's backend registry (tritium.spec reads the vendor manifest's path)
    "tritiumSpecReport": (None, [STRING_CALLBACK, c_void_p]),
    "mlirOperationCreateParse": (c_void_p, [c_void_p, StringRef, StringRef]),
    "mlirOperationDestroy": (None, [c_void_p]),
    "mlirModuleFromOperation": (c_void_p, [c_void_p]),
    "mlirModuleGetOperation": (c_void_p, [c_void_p]),
    "mlirOperationPrint": (None, [c_void_p, STRING_CALLBACK, c_void_p]),
    "mlirOperationPrintWithFlags": (None, [c_void_p, c_void_p, STRING_CALLBACK, c_void_p]),
    "mlirOpPrintingFlagsCreate": (c_void_p, []),
    "mlirOpPrintingFlagsDestroy": (None, [c_void_p]),
    "mlirOpPrintingFlagsEnableDebugInfo": (None, [c_void_p, c_bool, c_bool]),
    "mlirOperationVerify": (c_bool, [c_void_p]),
    "mlirOperationGetAttributeByName": (c_void_p, [c_void_p, StringRef]),
    "mlirAttributeIsAInteger": (c_bool, [c_void_p]),
    "mlirIntegerAttrGetValueInt": (c_int64, [c_void_p]),
    # pass pipelines (mlir-c/Pass.h)
    "mlirPassManagerCreate": (c_void_p, [c_void_p]),
    "mlirPassManagerDestroy": (None, [c_void_p]),
    "mlirPassManagerGetAsOpPassManager": (c_void_p, [c_void_p]),
    "mlirParsePassPipeline": (LogicalResult, [c_void_p, StringRef, STRING_CALLBACK, c_void_p]),
    "mlirPassManagerRunOnOp": (LogicalResult, [c_void_p, c_void_p]),
    # diagnostics and locations
    "mlirDiagnosticPrint": (None, [c_void_p, STRING_CALLBACK, c_void_p]),
    "mlirDiagnosticGetLocation": (c_void_p, [c_void_p]),
    "mlirDiagnosticGetSeverity": (c_uint32, [c_void_p]),
    "mlirDiagnosticGetNumNotes": (c_ssize_t, [c_void_p]),
    "mlirDiagnosticGetNote": (c_void_p, [c_void_p, c_ssize_t]),
    "mlirLocationPrint": (None, [c_void_p, STRING_CALLBACK, c_void_p]),
    "mlirLocationIsAFileLineColRange": (c_bool, [c_void_p]),
    "mlirLocationFileLineColRangeGetFilename": (c_void_p, [c_void_p]),
    "mlirLocationFileLineColRangeGetStartLine": (c_int32, [c_void_p]),
    "mlirLocationFileLineColRangeGetStartColumn": (c_int32, [c_void_p]),
    "mlirLocationIsAName": (c_bool, [c_void_p]),
    "mlirLocationNameGetChildLoc": (c_void_p, [c_void_p]),
    "mlirLocationIsACallSite": (c_bool, [c_void_p]),
    "mlirLocationCallSiteGetCallee": (c_void_p, [c_void_p]),
    "mlirLocationIsAFused": (c_bool, [c_void_p]),
    "mlirLocationFusedGetNumLocations": (c_ssize_t, [c_void_p]),
    "mlirLocationFusedGetLocations": (None, [c_void_p, POINTER(c_void_p)]),
    "mlirIdentifierStr": (StringRef, [c_void_p]),
    # tritium-c/Dialects.h, Passes.h
    "tritiumRegisterAllDialects": (None, [c_void_p]),
    "tritiumGetTritonVersion": (StringRef, []),
    "tritiumRegisterAllPasses": (None, []),
    # tritium-c/Compile.h
    "tritiumCompileOptionsGetDefault": (CompileOptions, []),
    "tritiumModuleNeedsLowering": (c_bool, [c_void_p]),
    "tritiumLowerToLLVMDialect": (LogicalResult, [c_void_p, CompileOptions]),
    "tritiumCompileToLLVMIR": (LogicalResult, [c_void_p, CompileOptions, STRING_CALLBACK, c_void_p]),
    "tritiumCompileToPTX": (LogicalResult, [c_void_p, CompileOptions, STRING_CALLBACK, c_void_p]),
    "tritiumCompileToAssembly": (LogicalResult, [c_void_p, CompileOptions, STRING_CALLBACK, c_void_p]),
    "tritiumCompileToObject": (LogicalResult, [c_void_p, CompileOptions, STRING_CALLBACK, c_void_p]),
    "tritiumKernelMetadataJSON": (LogicalResult, [c_void_p, c_void_p, CompileOptions, STRING_CALLBACK, c_void_p]),
    # tritium-c/Cpu.h
    "tritiumCpuKernelOptionsGetDefault": (CpuKernelOptions, []),
    "tritiumCpuKernelLoad": (LogicalResult, [c_void_p, CpuKernelOptions, POINTER(c_void_p)]),
    "tritiumCpuKernelEmitObject": (LogicalResult, [c_void_p, CpuKernelOptions, STRING_CALLBACK, c_void_p]),
    "tritiumCpuKernelLaunch": (LogicalResult, [c_void_p, c_int32, c_int32, c_int32, POINTER(c_void_p), c_int32]),
    "tritiumCpuKernelGetLastError": (StringRef, [c_void_p]),
    "tritiumCpuKernelGetName": (StringRef, [c_void_p]),
    "tritiumCpuKernelGetNumArguments": (c_ssize_t, [c_void_p]),
    "tritiumCpuKernelGetArgumentType": (StringRef, [c_void_p, c_ssize_t]),
    "tritiumCpuKernelDestroy": (None, [c_void_p]),
}

_lib = None


def _llvm_in_global_scope():
    """Whether the process's global symbol scope already has LLVM's C++
    symbols (from a library loaded RTLD_GLOBAL)."""
    try:
        return hasattr(ctypes.CDLL(None), "_ZN4llvm2cl6Option11addArgumentEv")
    except OSError:
        return False


def lib():
    """The loaded library with every function of _SIGNATURES declared.

    Loaded with RTLD_LOCAL (ctypes' default): its symbols, and those of the
    libLLVM/libMLIR it links, do not enter the process's global namespace, so
    they neither interpose on nor are interposed by another LLVM in the same
    process (Triton's libtriton.so, also loaded RTLD_LOCAL by Python's import
    machinery). python/tests/test_triton_backend.py runs both in one process.
    """
    global _lib
    if _lib is None:
        path = library_path()
        if not os.path.exists(path):
            raise OSError(f"libtritium.so not found at {path} (build it with `make build`, "
                          f"or set TRITIUM_LIBRARY)")
        mode = getattr(os, "RTLD_LOCAL", 0) | getattr(os, "RTLD_NOW", 0)
        if _llvm_in_global_scope():
            # Another LLVM's symbols are global (e.g. Triton imported after
            # sys.setdlopenflags(RTLD_GLOBAL)): they would take the place of
            # libLLVM's own (LLVM aborts: "Option 'default' already exists!").
            # RTLD_DEEPBIND makes libtritium.so and the libraries it loads
            # resolve to their own symbols first.
            mode |= getattr(os, "RTLD_DEEPBIND", 0)
        handle = ctypes.CDLL(path, mode=mode)
        for name, (restype, argtypes) in _SIGNATURES.items():
            fn = getattr(handle, name)
            fn.restype = restype
            fn.argtypes = argtypes
        _lib = handle
    return _lib


def string_ref(data: bytes) -> StringRef:
    """A StringRef borrowing `data` (keep `data` alive during the call)."""
    buf = ctypes.c_char_p(data)
    ref = StringRef(ctypes.cast(buf, c_void_p).value, len(data))
    ref._keep = buf  # the bytes object stays alive with the ref
    return ref


class Collector:
    """A MlirStringCallback that appends every piece it gets."""

    def __init__(self):
        self.parts = []

        def callback(data, length, _user):
            if data and length:
                self.parts.append(ctypes.string_at(data, length))

        self.callback = STRING_CALLBACK(callback)

    def bytes(self):
        return b"".join(self.parts)

    def text(self):
        return self.bytes().decode("utf-8", errors="replace")


__all__ = [
    "StringRef", "LogicalResult", "CompileOptions", "CpuKernelOptions", "STRING_CALLBACK", "DIAGNOSTIC_HANDLER",
    "library_path", "lib", "string_ref", "Collector", "c_char_p", "c_int64"
]
