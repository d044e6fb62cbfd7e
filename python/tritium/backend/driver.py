"""The driver half of the `tritium_cpu` Triton backend: one "device", this
CPU; a launch runs every program id of the grid on Tritium's thread pool
(tritiumCpuKernelLaunch), synchronously."""

import os
import time

from triton.backends.compiler import GPUTarget
from triton.backends.driver import DriverBase, decompose_descriptor

from .. import LaunchError
from .. import spec
from . import runtime

BACKEND_NAME = "tritium_cpu"


@spec.default("cpu_launch_threads")
def _default_launch_threads(grid):
    """The launch's thread count when no spec provides one: 0, one thread
    per core (tritiumCpuKernelLaunch)."""
    return 0


def _flatten(signature_values, values, out_values, out_types):
    """Walks Triton's signature (types, tuples of types, "constexpr") and the
    matching argument values, keeping what the kernel takes. A host-side
    TensorDescriptor ("tensordesc<...>") becomes the values of the
    parameters make_ttir's rewrite-tensor-descriptor-to-pointer gave it in
    the kernel's place (base pointer, shape and strides as i64, the padding
    flag, the tf32 rounding flag) followed by the i32 shape and i64 strides
    the frontend passes beside every descriptor: Triton's own
    decompose_descriptor, as its backends without descriptor hardware do."""
    for ty, value in zip(signature_values, values):
        if isinstance(ty, tuple):
            _flatten(ty, value, out_values, out_types)
        elif ty == "constexpr":
            continue
        elif isinstance(ty, str) and ty.startswith("tensordesc"):
            if ty.startswith("tensordesc_im2col"):
                raise NotImplementedError("im2col tensor descriptors are not supported by the Tritium CPU backend")
            parts = decompose_descriptor(value)
            out_values.extend(parts)
            out_types.extend([ty] * len(parts))
        else:
            out_values.append(value)
            out_types.append(ty)


class TritiumCPUUtils:
    """What CompiledKernel._init_handles asks of `driver.active.utils`."""

    def load_binary(self, name, kernel, shared, device):
        k = runtime.load(kernel)
        # (module, function, n_regs, n_spills, n_max_threads)
        return k, k, 0, 0, 1 << 30

    def unload_module(self, module):
        pass  # kernels stay in runtime's cache (one per distinct binary)

    def get_device_properties(self, device):
        return {
            "max_shared_mem": 1 << 30,  # tensors live on the threads' 64 MiB stacks
            "multiprocessor_count": os.cpu_count() or 1,
            "max_num_regs": 0,
            "warpSize": 32,
            "sm_clock_rate": 0,
            "mem_clock_rate": 0,
            "mem_bus_width": 0,
        }


class TritiumCPULauncher:
    """Triton's launch (grid, stream, function, metadata, hooks, *all the
    JIT function's arguments, constexprs included) -> tritiumCpuKernelLaunch."""

    def __init__(self, src, metadata):
        signature = getattr(src, "signature", {})
        self.signature = tuple(signature.values())
        self.arg_types = getattr(metadata, "tritium_arg_types", None)

    def __call__(self, gridX, gridY, gridZ, stream, function, packed_metadata, launch_metadata, launch_enter_hook,
                 launch_exit_hook, *args):
        values, types = [], []
        _flatten(self.signature, args, values, types)
        if 0 in (gridX, gridY, gridZ):
            return  # an empty grid launches nothing, as in Triton (a negative one is an error below)
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        try:
            # Pointer arguments: anything CpuKernel.launch takes (data_ptr(),
            # NumPy arrays, buffers, ints).
            # The thread count is a spec function (spec/cpu/python/cpu_spec.py
            # by default; a vendor's spec directory may replace it).
            threads = spec.spec("cpu_launch_threads", (gridX, gridY, gridZ), backend="cpu")
            function.launch((gridX, gridY, gridZ), *values, num_threads=threads)
        except LaunchError:
            raise
        finally:
            if launch_exit_hook is not None:
                launch_exit_hook(launch_metadata)


def _other_driver_active():
    try:
        from triton.backends import backends
    except Exception:
        return False
    for name, backend in backends.items():
        if backend.driver is TritiumCPUDriver:
            continue
        try:
            if backend.driver.is_active():
                return True
        except Exception:
            continue
    return False


def _cpu_benchmarker(fn, warmup=5, rep=20, quantiles=None, return_mode="mean", **_):
    for _ in range(max(1, warmup)):
        fn()
    times = []
    for _ in range(max(1, rep)):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    if quantiles is not None:
        return [times[min(len(times) - 1, int(q * len(times)))] for q in quantiles]
    if return_mode == "min":
        return times[0]
    if return_mode == "max":
        return times[-1]
    if return_mode == "median":
        return times[len(times) // 2]
    return sum(times) / len(times)


class TritiumCPUDriver(DriverBase):

    def __init__(self):
        self.utils = TritiumCPUUtils()
        self.launcher_cls = TritiumCPULauncher

    @classmethod
    def is_active(cls):
        """Selected by TRITON_DEFAULT_BACKEND=tritium_cpu; with no selection,
        active when libtritium.so exists and no other backend's driver (a
        GPU) is active."""
        selected = os.environ.get("TRITON_DEFAULT_BACKEND")
        if selected:
            return selected == BACKEND_NAME
        from .. import _capi
        if not os.path.exists(_capi.library_path()):
            return False
        return not _other_driver_active()

    def map_python_to_cpp_type(self, ty: str) -> str:
        if ty.startswith("*"):
            return "void*"
        return {
            "i1": "bool", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t", "u1": "bool",
            "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t", "fp16": "uint16_t",
            "bf16": "uint16_t", "fp32": "float", "f32": "float", "fp64": "double"
        }[ty]

    def get_current_target(self):
        return GPUTarget("cpu", "tritium", 32)

    def get_current_device(self):
        # What torch.cpu.current_device() returns: Triton keys its per-device
        # kernel caches by this value, and code that names the device through
        # torch (getattr(torch, device).current_device()) must find them.
        return "cpu"

    def set_current_device(self, device):
        if device not in ("cpu", 0):
            raise ValueError(f"the Tritium CPU backend has one device, 'cpu' (got {device!r})")

    def get_current_stream(self, device=None):
        return 0

    def get_active_torch_device(self):
        import torch
        return torch.device("cpu")

    def get_device_interface(self):
        raise NotImplementedError("the Tritium CPU backend has no torch device interface")

    def get_benchmarker(self):
        return _cpu_benchmarker

    def get_empty_cache_for_benchmark(self):
        return bytearray(256 * 1024 * 1024)

    def clear_cache(self, cache):
        cache[:] = bytes(len(cache))

    def allocate_default_profile_scratch(self, size, alignment, stream):
        return None


__all__ = ["TritiumCPUDriver"]
