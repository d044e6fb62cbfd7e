"""The compiler half of the `tritium_cpu` Triton backend.

Stages (add_stages):
  ttir    Triton's own make_ttir pass list, run through triton._C.libtriton
          (the same passes, in the same order, as the nvidia backend's
          make_ttir for a pre-Hopper target: tensor descriptors rewritten to
          pointers, canonicalize, combine, reorder-broadcast, cse,
          symbol-dce, loop-unroll).
  ttcpu   the "binary": the TTIR text (with its debug locations, so
          diagnostics point at the Python source). The stage already
          JIT-compiles it with Tritium (tritiumCpuKernelLoad), so an op the
          CPU backend does not lower fails here, as a tritium.CompilationError
          carrying the MLIR diagnostics; the loaded kernel is cached for the
          driver's load_binary (which also compiles the text itself when the
          kernel came from Triton's on-disk cache).
"""

import functools
import hashlib
import os
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Dict, Optional, Tuple

from triton._C.libtriton import ir, passes
from triton.backends.compiler import BaseBackend, GPUTarget, Language

from .. import _capi
from . import runtime

BINARY_EXT = "ttcpu"


@dataclass(frozen=True)
class TritiumCPUOptions:
    # Triton's launch options: num_warps/num_ctas/num_stages are accepted and
    # recorded (Triton's metadata needs them); the CPU backend runs each
    # program as one thread. num_warps x warp_size is only the number of
    # times a scalar tt.print prints (once per GPU thread).
    num_warps: int = 4
    num_ctas: int = 1
    num_stages: int = 1
    warp_size: int = 32
    # Tritium's CPU options (TritiumCpuKernelOptions).
    opt_level: int = 3
    vector_bits: int = 0
    enable_fp_fusion: bool = True
    # fp8e4nv: the CPU converts it in software with sm89+ semantics
    # (spec/cpu scalar.rs); fp8e4b15 with the bits of Triton's cuda:80
    # inline-asm conversions, as integer ops (_convert_custom_float8).
    supported_fp8_dtypes: Tuple[str, ...] = ("fp8e5", "fp8e4b15", "fp8e4nv")
    deprecated_fp8_dot_operand_dtypes: Tuple[str, ...] = ()
    default_dot_input_precision: str = "ieee"
    # The CPU's tt.dot multiplies in full f32 whatever the precision asks
    # (tf32, bf16x3 and bf16x6 are cheaper approximations of it on GPUs).
    allowed_dot_input_precisions: Tuple[str, ...] = ("ieee", "tf32", "tf32x3", "bf16x3", "bf16x6")
    max_num_imprecise_acc_default: int = 0
    extern_libs: Optional[dict] = None
    debug: bool = False
    sanitize_overflow: bool = True
    backend_name: str = "cpu"
    arch: str = "cpu"
    instrumentation_mode: str = ""
    fpsan_homomorphic_casts: bool = False
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    ir_override: Optional[str] = None

    def __post_init__(self):
        # AssertionError, as Triton's own backends raise it.
        assert self.num_warps > 0 and (self.num_warps & (self.num_warps - 1)) == 0, "num_warps must be a power of 2"
        if self.extern_libs:
            raise ValueError("extern_libs are not supported by the Tritium CPU backend")
        if self.num_ctas != 1:
            raise ValueError("num_ctas must be 1 on the Tritium CPU backend")

    def hash(self):
        key = "_".join(f"{k}-{v}" for k, v in sorted(self.__dict__.items()))
        return hashlib.sha256(key.encode("utf-8")).hexdigest()


@functools.lru_cache(None)
def _library_fingerprint():
    path = _capi.library_path()
    try:
        st = os.stat(path)
        return f"{st.st_size}-{st.st_mtime_ns}"
    except OSError:
        return "missing"


def _convert_custom_float8(arg, dst_ty, fp_downcast_rounding=None, _semantic=None):
    """Triton's fp8e4b15 conversions (its `convert_custom_types` hook) as
    plain integer ops, with the bits of Triton's cuda:80 inline PTX
    (`triton.language.extra.cuda.utils.convert_custom_float8_sm80`), which
    the CPU does not run. fp8e4b15 is e4m3 with bias 15, no NaN or inf.
    - to f16: (x & 0x80) << 8 | (x & 0x7f) << 7 (exact), then to the
      destination type;
    - from f16 (f32 first to f16 rounding toward zero, other floats through
      f32): m = min(|h| bits, 0x3f00 = 1.75; NaN and inf saturate too), then
      ((h & 0x8000) | (2 m + 0x80)) >> 8: the magnitude rounded half up.
    """
    import triton.language as tl
    s = _semantic

    def u32(v):
        return s.scalar_constant(v, tl.uint32)

    if arg.type.scalar.is_fp8e4b15():
        x = s.cast(s.bitcast(arg, tl.uint8), tl.uint32)
        sign = s.shl(s.and_(x, u32(0x80)), u32(8))
        mag = s.shl(s.and_(x, u32(0x7f)), u32(7))
        h = s.bitcast(s.cast(s.or_(sign, mag), tl.uint16), tl.float16)
        return h if dst_ty.scalar.is_fp16() else s.cast(h, dst_ty.scalar)
    h = arg
    if arg.type.scalar.is_fp32():
        h = s.cast(arg, tl.float16, fp_downcast_rounding="rtz")
    elif not arg.type.scalar.is_fp16():
        h = s.cast(s.cast(arg, tl.float32), tl.float16, fp_downcast_rounding="rtz")
    u = s.cast(s.bitcast(h, tl.uint16), tl.uint32)
    m = s.minimum(s.and_(u, u32(0x7fff)), u32(0x3f00), tl.PropagateNan.NONE)
    t = s.add(s.mul(m, u32(2), sanitize_overflow=False), u32(0x80), sanitize_overflow=False)
    r = s.lshr(s.or_(s.and_(u, u32(0x8000)), t), u32(8))
    return s.bitcast(s.cast(r, tl.uint8), tl.float8e4b15)


def _min_dot_size(lhs_type, rhs_type):
    # The CPU's tt.dot is a loop nest: any shape works.
    return (1, 1, 1)


class TritiumCPUBackend(BaseBackend):

    @staticmethod
    def supports_target(target: GPUTarget):
        return target.backend == "cpu"

    def __init__(self, target: GPUTarget) -> None:
        super().__init__(target)
        self.binary_ext = BINARY_EXT

    def hash(self) -> str:
        return f"tritium-cpu-{self.target.arch}-{_library_fingerprint()}"

    def parse_options(self, opts) -> Any:
        fields = TritiumCPUOptions.__dataclass_fields__
        args = {k: v for k, v in opts.items() if k in fields and v is not None}
        for k in ("supported_fp8_dtypes", "deprecated_fp8_dot_operand_dtypes", "allowed_dot_input_precisions"):
            if k in args:
                args[k] = tuple(args[k])
        return TritiumCPUOptions(**args)

    def pack_metadata(self, metadata):
        return (metadata.num_warps, metadata.num_ctas, metadata.shared)

    def get_codegen_implementation(self, options):
        # fp8 conversions: the CPU backend implements Triton's cuda:80 set;
        # fp8e4b15's, which Triton writes as inline PTX, as integer ops.
        return {"convert_custom_types": _convert_custom_float8, "min_dot_size": _min_dot_size}

    def get_module_map(self) -> Dict[str, ModuleType]:
        # libdevice calls become tt.extern_elementwise, which the CPU backend
        # refuses with a diagnostic at the op (rather than an import error).
        from triton.language.extra.cuda import libdevice
        return {"triton.language.extra.libdevice": libdevice}

    def load_dialects(self, ctx):
        pass  # tt, ttg and the upstream dialects are loaded by ir.load_dialects

    @staticmethod
    def make_ttir(mod, metadata, options):
        pm = ir.pass_manager(mod.context)
        pm.enable_debug()
        passes.common.add_inliner(pm)
        passes.ttir.add_rewrite_tensor_descriptor_to_pointer(pm)
        passes.common.add_canonicalizer(pm)
        passes.ttir.add_combine(pm)
        passes.ttir.add_reorder_broadcast(pm)
        passes.common.add_cse(pm)
        passes.common.add_symbol_dce(pm)
        passes.ttir.add_loop_unroll(pm)
        pm.run(mod, "make_ttir")
        return mod

    @staticmethod
    def make_ttcpu(mod, metadata, options):
        # The GPU launch shape a program stands for (spec/cpu debug.rs): a
        # scalar tt.print prints once per thread of it, as on a GPU.
        builder = ir.builder(mod.context)
        mod.set_attr("tritium.num-warps", builder.get_int32_attr(options.num_warps))
        mod.set_attr("tritium.threads-per-warp", builder.get_int32_attr(options.warp_size))
        text = str(mod)  # with locations: diagnostics name the Python source
        binary = runtime.make_binary(text, options.opt_level, options.vector_bits)
        kernel = runtime.load(binary)
        metadata["name"] = kernel.name
        metadata["shared"] = 0
        metadata["global_scratch_size"] = 0
        metadata["global_scratch_align"] = 1
        metadata["profile_scratch_size"] = 0
        metadata["profile_scratch_align"] = 1
        metadata["tritium_arg_types"] = list(kernel.arg_types)
        return binary

    def add_stages(self, stages, options, language):
        if language != Language.TRITON:
            raise NotImplementedError("the Tritium CPU backend compiles Triton kernels only (not Gluon)")
        stages["ttir"] = lambda src, metadata: self.make_ttir(src, metadata, options)
        stages[BINARY_EXT] = lambda src, metadata: self.make_ttcpu(src, metadata, options)
