"""Tritium from Python: thin ctypes bindings over libtritium.so's C API.

    import tritium
    ctx = tritium.Context()
    mod = ctx.parse(ttgir_text)              # tritium.CompilationError on bad IR
    ptx = mod.to_ptx(target="cuda:80")
    meta = mod.metadata(target="cuda:80")    # dict (tritiumKernelMetadataJSON)

    kernel = tritium.CpuKernel(ttir_text)    # JIT-compiled for this CPU
    kernel[(n_blocks,)](x, y, out, n)        # NumPy arrays, data_ptr() objects, buffers

Every failure of the library is a Python exception: CompilationError (with
the MLIR diagnostics, each with its file:line:col) for parsing and
compiling, LaunchError for launches. See python/README.md.
"""

import ctypes
import json
import struct
import threading

from . import _capi

__all__ = [
    "CompilationError", "LaunchError", "Diagnostic", "Context", "Module", "CpuKernel", "triton_version",
    "parse", "load_cpu_kernel"
]

_SEVERITY = {0: "error", 1: "warning", 2: "note", 3: "remark"}


class Diagnostic:
    """One MLIR diagnostic: severity, location (file, line, col; or None),
    the location as MLIR prints it, the message, and its notes."""

    def __init__(self, severity, file, line, col, location_text, message, notes):
        self.severity = severity
        self.file = file
        self.line = line
        self.col = col
        self.location_text = location_text
        self.message = message
        self.notes = notes

    @property
    def location(self):
        if self.file is None:
            return self.location_text
        return f"{self.file}:{self.line}:{self.col}"

    def __str__(self):
        head = f"{self.location}: {self.severity}: {self.message}" if self.location else \
            f"{self.severity}: {self.message}"
        return "\n".join([head] + [str(n) for n in self.notes])

    def __repr__(self):
        return f"Diagnostic({str(self)!r})"


class CompilationError(Exception):
    """Parsing or compiling failed. `diagnostics` holds what MLIR reported
    (errors, warnings, notes), in order; str() is them, one per line."""

    def __init__(self, what, diagnostics):
        self.what = what
        self.diagnostics = list(diagnostics)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        body = "\n".join(str(d) for d in self.diagnostics) or "(no diagnostic was emitted)"
        super().__init__(f"{what}:\n{body}" if what else body)
        self.first_error = errors[0] if errors else None


class LaunchError(RuntimeError):
    """A CPU kernel launch failed: bad grid, bad arguments, or a failed
    tt.assert (the message is tritiumCpuKernelGetLastError's)."""


def triton_version():
    """The Triton version whose IR libtritium.so reads and prints."""
    return _capi.lib().tritiumGetTritonVersion().str()


# ---------------------------------------------------------------------------
# Locations and diagnostics
# ---------------------------------------------------------------------------


def _location_text(loc):
    c = _capi.Collector()
    _capi.lib().mlirLocationPrint(loc, c.callback, None)
    return c.text()


def _file_line_col(loc, depth=0):
    """The first file:line:col inside `loc` (through names, call sites --
    the callee, where the op is -- and fused locations); None if none."""
    L = _capi.lib()
    if not loc or depth > 32:
        return None
    if L.mlirLocationIsAFileLineColRange(loc):
        name = L.mlirIdentifierStr(L.mlirLocationFileLineColRangeGetFilename(loc)).str()
        return (name, L.mlirLocationFileLineColRangeGetStartLine(loc),
                L.mlirLocationFileLineColRangeGetStartColumn(loc))
    if L.mlirLocationIsAName(loc):
        return _file_line_col(L.mlirLocationNameGetChildLoc(loc), depth + 1)
    if L.mlirLocationIsACallSite(loc):
        return _file_line_col(L.mlirLocationCallSiteGetCallee(loc), depth + 1)
    if L.mlirLocationIsAFused(loc):
        n = L.mlirLocationFusedGetNumLocations(loc)
        if n <= 0:
            return None
        locs = (ctypes.c_void_p * n)()
        L.mlirLocationFusedGetLocations(loc, locs)
        for i in range(n):
            found = _file_line_col(locs[i], depth + 1)
            if found is not None:
                return found
    return None


def _read_diagnostic(diag):
    L = _capi.lib()
    severity = _SEVERITY.get(L.mlirDiagnosticGetSeverity(diag), "unknown")
    loc = L.mlirDiagnosticGetLocation(diag)
    flc = _file_line_col(loc)
    text = _capi.Collector()
    L.mlirDiagnosticPrint(diag, text.callback, None)
    notes = [_read_diagnostic(L.mlirDiagnosticGetNote(diag, i)) for i in range(L.mlirDiagnosticGetNumNotes(diag))]
    file, line, col = flc if flc is not None else (None, None, None)
    return Diagnostic(severity, file, line, col, _location_text(loc), text.text(), notes)


# ---------------------------------------------------------------------------
# Context and Module
# ---------------------------------------------------------------------------


class Context:
    """An MLIR context with Tritium's dialects (tritiumRegisterAllDialects,
    all loaded) and a diagnostic handler that records diagnostics for the
    CompilationError of the call that emitted them (nothing is printed)."""

    def __init__(self):
        L = _capi.lib()
        self._lock = threading.RLock()
        self._modules = set()  # live module pointers (see __del__)
        self._ptr = L.mlirContextCreate()
        registry = L.mlirDialectRegistryCreate()
        L.tritiumRegisterAllDialects(registry)
        L.mlirContextAppendDialectRegistry(self._ptr, registry)
        L.mlirDialectRegistryDestroy(registry)
        L.mlirContextLoadAllAvailableDialects(self._ptr)

        # The handler appends to a list it owns, not to `self`: a reference
        # cycle through the Context would let the garbage collector destroy
        # the MLIR context before the modules that live in it.
        sink = self._sink = []

        def handler(diag, _user):
            try:
                sink.append(_read_diagnostic(diag))
            except BaseException:  # never let an exception unwind into C
                pass
            return 1  # handled: MLIR prints nothing

        self._handler = _capi.DIAGNOSTIC_HANDLER(handler)
        L.mlirContextAttachDiagnosticHandler(self._ptr, self._handler, None, None)

    def __del__(self):
        # Modules die first: when both are garbage of one reference cycle
        # (e.g. through an exception's traceback), Python may finalize the
        # context before its modules.
        ptr = getattr(self, "_ptr", None)
        if ptr:
            with self._lock:
                live, self._modules = getattr(self, "_modules", set()), set()
                for m in live:
                    _capi.lib().mlirModuleDestroy(m)
                self._ptr = None
            _capi.lib().mlirContextDestroy(ptr)

    def _own(self, module_ptr):
        with self._lock:
            self._modules.add(module_ptr)

    def _release(self, module_ptr):
        """Destroys `module_ptr` unless the context already did."""
        with self._lock:
            if module_ptr in self._modules:
                self._modules.discard(module_ptr)
                _capi.lib().mlirModuleDestroy(module_ptr)

    def _take_diagnostics(self):
        d = list(self._sink)
        self._sink.clear()
        return d

    def parse(self, text, name=None):
        """Parses (and verifies) a module; CompilationError on failure."""
        if isinstance(text, str):
            data = text.encode("utf-8")
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError(f"parse() takes str or bytes, not {type(text).__name__}")
        L = _capi.lib()
        source_name = _capi.string_ref(str(name if name is not None else "<string>").encode("utf-8"))
        with self._lock:
            self._take_diagnostics()
            op = L.mlirOperationCreateParse(self._ptr, _capi.string_ref(data), source_name)
            diags = self._take_diagnostics()
        what = f"cannot parse {name}" if name else "cannot parse the module"
        if not op:
            raise CompilationError(what, diags)
        ptr = L.mlirModuleFromOperation(op)
        if not ptr:
            # Not a builtin.module: parse again the way mlirModuleCreateParse
            # does, which wraps top-level operations in an implicit module.
            L.mlirOperationDestroy(op)
            with self._lock:
                self._take_diagnostics()
                ptr = L.mlirModuleCreateParse(self._ptr, _capi.string_ref(data))
                diags = self._take_diagnostics()
            if not ptr:
                raise CompilationError(what, diags)
        return Module(self, ptr)


class Module:
    """A parsed module (owned); its Context stays alive with it."""

    def __init__(self, context, ptr):
        self.context = context
        self._ptr = ptr
        context._own(ptr)

    def __del__(self):
        ptr = getattr(self, "_ptr", None)
        if ptr:
            self._ptr = None
            self.context._release(ptr)

    @property
    def operation(self):
        return _capi.lib().mlirModuleGetOperation(self._ptr)

    def to_text(self, debug_info=False):
        L = _capi.lib()
        c = _capi.Collector()
        flags = L.mlirOpPrintingFlagsCreate()
        try:
            L.mlirOpPrintingFlagsEnableDebugInfo(flags, bool(debug_info), False)
            L.mlirOperationPrintWithFlags(self.operation, flags, c.callback, None)
        finally:
            L.mlirOpPrintingFlagsDestroy(flags)
        return c.text()

    def __str__(self):
        return self.to_text()

    def needs_lowering(self):
        return bool(_capi.lib().tritiumModuleNeedsLowering(self._ptr))

    def int_attr(self, name):
        """The module's integer attribute `name` (e.g. "ttg.shared"), or None."""
        L = _capi.lib()
        attr = L.mlirOperationGetAttributeByName(self.operation, _capi.string_ref(str(name).encode("utf-8")))
        if not attr or not L.mlirAttributeIsAInteger(attr):
            return None
        return int(L.mlirIntegerAttrGetValueInt(attr))

    def run_pipeline(self, pipeline):
        """Runs a textual pass pipeline on this module, in place, e.g.
        ``"builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=4})"``
        (Tritium's passes and pipelines are registered first). A pipeline that
        does not parse or fails raises CompilationError; on failure the
        module may be partly transformed."""
        L = _capi.lib()
        L.tritiumRegisterAllPasses()
        text = _capi.string_ref(str(pipeline).encode("utf-8"))
        with self.context._lock:
            self.context._take_diagnostics()
            pm = L.mlirPassManagerCreate(self.context._ptr)
            try:
                errors = _capi.Collector()
                if not L.mlirParsePassPipeline(L.mlirPassManagerGetAsOpPassManager(pm), text, errors.callback,
                                               None).ok():
                    self.context._take_diagnostics()
                    raise CompilationError(f"cannot build the pass pipeline '{pipeline}'",
                                           [Diagnostic("error", None, None, None, None,
                                                       errors.text().strip() or "invalid pipeline", [])])
                ok = L.mlirPassManagerRunOnOp(pm, self.operation).ok()
            finally:
                L.mlirPassManagerDestroy(pm)
            diags = self.context._take_diagnostics()
        if not ok:
            raise CompilationError(f"pipeline '{pipeline}' failed", diags)
        return self

    # -- compiling (tritium-c/Compile.h) ----------------------------------

    def _options(self, target, ptx_version, opt_level, extern_libs, enable_fp_fusion, num_warps, num_stages):
        o = _capi.lib().tritiumCompileOptionsGetDefault()
        keep = []
        if target is not None:
            t = _capi.string_ref(str(target).encode("utf-8"))
            keep.append(t)
            o.target = t
        if ptx_version is not None:
            o.ptxVersion = int(ptx_version)
        if opt_level is not None:
            o.optLevel = int(opt_level)
        libs = [_capi.string_ref(str(p).encode("utf-8")) for p in (extern_libs or ())]
        if libs:
            arr = (_capi.StringRef * len(libs))(*libs)
            keep += [arr, libs]
            o.externLibs = arr
            o.numExternLibs = len(libs)
        if enable_fp_fusion is not None:
            o.enableFPFusion = bool(enable_fp_fusion)
        if num_warps is not None:
            o.numWarps = int(num_warps)
        if num_stages is not None:
            o.numStages = int(num_stages)
        return o, keep

    def _compile(self, fn_name, what, binary=False, **kw):
        o, keep = self._options(**kw)
        c = _capi.Collector()
        fn = getattr(_capi.lib(), fn_name)
        with self.context._lock:
            self.context._take_diagnostics()
            result = fn(self._ptr, o, c.callback, None)
            diags = self.context._take_diagnostics()
        del keep
        if not result.ok():
            raise CompilationError(what, diags)
        return c.bytes() if binary else c.text()

    def to_llvm_ir(self, target=None, ptx_version=None, opt_level=None, extern_libs=None, enable_fp_fusion=None,
                   num_warps=None, num_stages=None):
        """Optimized LLVM IR text (tritiumCompileToLLVMIR)."""
        return self._compile("tritiumCompileToLLVMIR", "cannot compile to LLVM IR", **locals_but_self(locals()))

    def to_ptx(self, target=None, ptx_version=None, opt_level=None, extern_libs=None, enable_fp_fusion=None,
               num_warps=None, num_stages=None):
        """PTX for a cuda:* target (tritiumCompileToPTX)."""
        return self._compile("tritiumCompileToPTX", "cannot compile to PTX", **locals_but_self(locals()))

    def to_assembly(self, target=None, ptx_version=None, opt_level=None, extern_libs=None, enable_fp_fusion=None,
                    num_warps=None, num_stages=None):
        """Assembly text: PTX for cuda:*, x86 assembly for cpu."""
        return self._compile("tritiumCompileToAssembly", "cannot compile to assembly", **locals_but_self(locals()))

    def to_object(self, target=None, ptx_version=None, opt_level=None, extern_libs=None, enable_fp_fusion=None,
                  num_warps=None, num_stages=None):
        """An object file, as bytes (not for cuda:*)."""
        return self._compile("tritiumCompileToObject", "cannot compile to an object file", binary=True,
                             **locals_but_self(locals()))

    def metadata(self, lowered=None, target=None, ptx_version=None, opt_level=None, extern_libs=None,
                 enable_fp_fusion=None, num_warps=None, num_stages=None):
        """Triton's compile metadata of the kernel, as a dict
        (tritiumKernelMetadataJSON); `lowered` is an optional Module."""
        kw = locals_but_self(locals())
        kw.pop("lowered")
        o, keep = self._options(**kw)
        c = _capi.Collector()
        with self.context._lock:
            self.context._take_diagnostics()
            result = _capi.lib().tritiumKernelMetadataJSON(self._ptr, lowered._ptr if lowered is not None else None,
                                                           o, c.callback, None)
            diags = self.context._take_diagnostics()
        del keep
        if not result.ok():
            raise CompilationError("cannot read the kernel's metadata", diags)
        return json.loads(c.text())

    def lower_to_llvm_dialect(self, target=None, ptx_version=None, opt_level=None, extern_libs=None,
                              enable_fp_fusion=None, num_warps=None, num_stages=None):
        """Lowers this module in place (tritiumLowerToLLVMDialect)."""
        o, keep = self._options(**locals_but_self(locals()))
        with self.context._lock:
            self.context._take_diagnostics()
            result = _capi.lib().tritiumLowerToLLVMDialect(self._ptr, o)
            diags = self.context._take_diagnostics()
        del keep
        if not result.ok():
            raise CompilationError("cannot lower to the LLVM dialect", diags)
        return self


def locals_but_self(d):
    return {k: v for k, v in d.items() if k != "self"}


def parse(text, name=None):
    """Parses `text` in a new Context."""
    return Context().parse(text, name=name)


# ---------------------------------------------------------------------------
# CPU kernels (tritium-c/Cpu.h)
# ---------------------------------------------------------------------------

_INT_BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}
_INT_CTYPES = {8: ctypes.c_uint8, 16: ctypes.c_uint16, 32: ctypes.c_uint32, 64: ctypes.c_uint64}


def _bf16_bits(value):
    """float -> bf16 bits, rounded to nearest even (NaN stays a quiet NaN)."""
    (bits, ) = struct.unpack("<I", struct.pack("<f", value))
    if (bits & 0x7F800000) == 0x7F800000 and (bits & 0x007FFFFF):
        return ((bits >> 16) | 0x0040) & 0xFFFF
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16) & 0xFFFF


def _address_of(value, index):
    """The address a `!tt.ptr` argument gets: an object with data_ptr()
    (torch tensors, tritium.backend.tensor, Triton's wrappers), a NumPy array
    (__array_interface__; it must be writable) or any writable buffer. Plain
    ints and None are refused: a made-up address would crash the process."""
    if value is None or isinstance(value, (bool, int, float)):
        raise LaunchError(f"argument {index} is a pointer; got {type(value).__name__} (pass an array, a writable "
                          f"buffer or an object with data_ptr())")
    data_ptr = getattr(value, "data_ptr", None)
    if callable(data_ptr):
        return int(data_ptr()), value
    iface = getattr(value, "__array_interface__", None)
    if isinstance(iface, dict) and isinstance(iface.get("data"), tuple):
        addr, readonly = iface["data"]
        if readonly:
            raise LaunchError(f"argument {index} is a read-only array (the kernel may write through it)")
        return int(addr), value
    try:
        view = memoryview(value)
    except TypeError:
        raise LaunchError(f"argument {index} is a pointer; got {type(value).__name__}, which has neither "
                          f"data_ptr() nor the buffer protocol") from None
    if view.readonly:
        raise LaunchError(f"argument {index} is a read-only buffer (the kernel may write through it)")
    if view.nbytes == 0:
        return 0, value
    try:
        holder = (ctypes.c_char * view.nbytes).from_buffer(view)
    except (TypeError, ValueError) as e:
        raise LaunchError(f"argument {index}: cannot take the address of its buffer ({e})") from None
    return ctypes.addressof(holder), (value, holder)


def _scalar(value, ty, index):
    """A ctypes object holding `value` as MLIR type `ty`."""
    try:
        if ty == "i1":
            return ctypes.c_uint8(1 if value else 0)
        if ty in _INT_BITS:
            bits = _INT_BITS[ty]
            if isinstance(value, float) or not hasattr(value, "__index__"):
                raise LaunchError(f"argument {index} is {ty}; got {type(value).__name__}")
            v = value.__index__()
            if not -(1 << (bits - 1)) <= v < (1 << bits):
                raise LaunchError(f"argument {index}: {v} does not fit in {ty}")
            return _INT_CTYPES[bits](v & ((1 << bits) - 1))
        if ty in ("f16", "bf16", "f32", "f64"):
            v = float(value)
            if ty == "f32":
                return ctypes.c_float(v)
            if ty == "f64":
                return ctypes.c_double(v)
            if ty == "f16":
                try:
                    (bits, ) = struct.unpack("<H", struct.pack("<e", v))
                except OverflowError:
                    bits = 0x7C00 if v > 0 else 0xFC00
                return ctypes.c_uint16(bits)
            return ctypes.c_uint16(_bf16_bits(v))
    except LaunchError:
        raise
    except (TypeError, ValueError, OverflowError) as e:
        raise LaunchError(f"argument {index} is {ty}: {e}") from None
    raise LaunchError(f"argument {index} has type {ty}, which this launcher does not pass")


class CpuKernel:
    """A TTIR kernel JIT-compiled for this CPU (tritiumCpuKernelLoad).

    `source`: TTIR text (str/bytes) or a Module. Launch with
    ``kernel.launch(grid, *args)`` or ``kernel[grid](*args)``; `grid` is an
    int or a tuple of up to 3 ints."""

    def __init__(self, source, opt_level=None, vector_bits=None, name=None):
        L = _capi.lib()
        self._ptr = None
        module = source if isinstance(source, Module) else Context().parse(source, name=name)
        options = L.tritiumCpuKernelOptionsGetDefault()
        if opt_level is not None:
            options.optLevel = int(opt_level)
        if vector_bits is not None:
            options.vectorBits = int(vector_bits)
        out = ctypes.c_void_p()
        ctx = module.context
        with ctx._lock:
            ctx._take_diagnostics()
            result = L.tritiumCpuKernelLoad(module._ptr, options, ctypes.byref(out))
            diags = ctx._take_diagnostics()
        if not result.ok() or not out.value:
            raise CompilationError(f"cannot compile {name} for the CPU" if name else
                                   "cannot compile the kernel for the CPU", diags)
        self._ptr = out.value
        self.warnings = diags
        self.name = L.tritiumCpuKernelGetName(self._ptr).str()
        n = L.tritiumCpuKernelGetNumArguments(self._ptr)
        self.arg_types = [L.tritiumCpuKernelGetArgumentType(self._ptr, i).str() for i in range(n)]

    def __del__(self):
        ptr = getattr(self, "_ptr", None)
        if ptr:
            self._ptr = None
            _capi.lib().tritiumCpuKernelDestroy(ptr)

    def __repr__(self):
        return f"CpuKernel({self.name}({', '.join(self.arg_types)}))"

    def __getitem__(self, grid):
        return lambda *args, num_threads=0: self.launch(grid, *args, num_threads=num_threads)

    def launch(self, grid, *args, num_threads=0):
        if isinstance(grid, int):
            grid = (grid, )
        try:
            grid = tuple(int(g.__index__()) for g in grid)
        except (TypeError, AttributeError):
            raise LaunchError(f"the grid must be an int or a tuple of ints, not {grid!r}") from None
        if not 1 <= len(grid) <= 3:
            raise LaunchError(f"the grid has 1 to 3 dimensions, not {len(grid)}")
        grid = grid + (1, ) * (3 - len(grid))
        for g in grid:
            if not -(1 << 31) <= g < (1 << 31):
                raise LaunchError(f"grid size {g} does not fit in int32")
        if not isinstance(num_threads, int) or not 0 <= num_threads < (1 << 31):
            raise LaunchError(f"num_threads must be an int >= 0, not {num_threads!r}")
        if len(args) != len(self.arg_types):
            raise LaunchError(f"{self.name} takes {len(self.arg_types)} arguments "
                              f"({', '.join(self.arg_types)}); got {len(args)}")
        keep = []
        slots = (ctypes.c_void_p * max(1, len(args)))()
        for i, (value, ty) in enumerate(zip(args, self.arg_types)):
            if ty.startswith("!tt.ptr"):
                addr, owner = _address_of(value, i)
                if not 0 <= addr < (1 << 64):
                    raise LaunchError(f"argument {i}: address {addr} is out of range")
                cell = ctypes.c_void_p(addr)
                keep.append(owner)
            else:
                cell = _scalar(value, ty, i)
            keep.append(cell)
            slots[i] = ctypes.addressof(cell)
        L = _capi.lib()
        result = L.tritiumCpuKernelLaunch(self._ptr, grid[0], grid[1], grid[2], slots, num_threads)
        if not result.ok():
            why = L.tritiumCpuKernelGetLastError(self._ptr).str()
            raise LaunchError(f"launch of {self.name} failed: {why}")
        del keep


def load_cpu_kernel(source, **kw):
    """CpuKernel(source, **kw)."""
    return CpuKernel(source, **kw)
