"""A stand-in for CuPy that runs the bundle's programs on Tritium's CPU backend (tests/diff/selftest.sh).

Only what run_gpu_diff.py uses: cp.empty/zeros/asarray (NumPy arrays), cp.uint8, RawModule(path=...)
whose function runs the program's TTIR (the i.ttir next to the slot folder) through tests/cpu/cpu_runtime.py,
dropping the two trailing scratch pointers.  It validates the harness, not the GPU."""
import os
import sys

import numpy as np

__version__ = "fake-cpu"
uint8 = np.uint8
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
sys.path.insert(0, os.path.join(_ROOT, "tests", "cpu"))
_rt = None


class _Arr(np.ndarray):
    def get(self):
        return np.asarray(self).copy()


def empty(n, dtype):
    return np.empty(n, dtype).view(_Arr)


def zeros(n, dtype):
    return np.zeros(n, dtype).view(_Arr)


def asarray(x):
    return np.asarray(x)


class _Fn:
    def __init__(self, ttir):
        global _rt
        from cpu_runtime import CpuRuntime
        if _rt is None:
            _rt = CpuRuntime(os.path.join(_ROOT, "build", "lib", "libtritium.so"))
        self.k, _ = _rt.load(open(ttir).read())
        self.num_regs = 0
        self.max_dynamic_shared_size_bytes = 0

    def __call__(self, grid, block, args, shared_mem=0):
        args = [np.asarray(a) if isinstance(a, np.ndarray) and a.ndim else a for a in args[:-2]]
        self.k.launch(grid, args)


class RawModule:
    def __init__(self, path):
        d = os.path.dirname(os.path.dirname(path))
        i = os.path.basename(path).split(".")[0]
        self.ttir = os.path.join(d, f"{i}.ttir")

    def get_function(self, name):
        return _Fn(self.ttir)


class _Dev:
    def synchronize(self):
        pass


class cuda:  # noqa: N801
    class runtime:  # noqa: N801
        @staticmethod
        def getDeviceProperties(i):
            return {"name": b"fake (CPU backend)"}

        @staticmethod
        def driverGetVersion():
            return 0

    @staticmethod
    def Device():
        return _Dev()
