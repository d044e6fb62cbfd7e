#!/usr/bin/env python3
"""interp_check.py -- validate the run_gpu.py references of the extra kernels on the CPU, with Triton's
interpreter (TRITON_INTERPRET=1), before spending device time.  Needs Triton 3.9 and numpy, e.g.

    PYTHONPATH=/tmp/gpuvenv/lib/python3.11/site-packages /tmp/tritonvenv/bin/python tests/gpu/extra/interp_check.py [K ...]

Known interpreter limits (not reference bugs): bf16 arithmetic on bf16 tensors is done on the raw uint16 bits,
and f32 -> bf16 truncates instead of rounding to nearest even, so x_half_math's og_ptr fails here only.
"""
import os, sys, json
os.environ["TRITON_INTERPRET"] = "1"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE)); sys.path.insert(0, HERE)
import numpy as np
import triton, triton.language as tl
from triton.runtime import interpreter as I
import kernels as K
import run_gpu as R

I.GridExecutor._init_args_hst = lambda self, a, k: (list(a), dict(k))
I.GridExecutor._restore_args_dev = lambda self, *a: None
TL = {np.dtype(np.float32): tl.float32, np.dtype(np.float16): tl.float16, np.dtype(np.int32): tl.int32,
      np.dtype(np.int64): tl.int64, np.dtype(np.int8): tl.int8, np.dtype(np.uint32): tl.uint32,
      np.dtype(np.float64): tl.float64}

class T:
    def __init__(self, a, dt): self.a, self.dtype = a, dt
    def data_ptr(self): return self.a.ctypes.data

only = sys.argv[1:] 
for spec in K.KERNELS:
    name = spec.name
    if only and name not in only: continue
    meta = json.load(open(os.path.join(HERE, "cuda_sm80", f"{name}.meta.json")))
    C = meta["constexprs"]
    S = R.SPECS[name]
    fails = []
    for ci, case in enumerate(S["cases"]):
        rng = np.random.default_rng(1000 + 7919 * ci + sum(map(ord, name)))
        prob = S["build"](case, C, rng)
        bufs = {k: np.ascontiguousarray(v).reshape(-1).copy() for k, v in prob.arrays.items()}
        args = []
        for an, t in spec.signature.items():
            if t == "constexpr": continue
            if t.startswith("*"):
                dt = {"*bf16": tl.bfloat16, "*fp8e5": tl.float8e5}.get(t) or TL[bufs[an].dtype]
                args.append(T(bufs[an], dt))
            else:
                sc = prob.scalars[an]
                args.append(sc.item() if isinstance(sc, np.generic) else sc)
        try:
            spec.fn[prob.grid](*args, **C)
        except Exception as e:
            fails.append(f"[{prob.desc}] interpreter error {type(e).__name__}: {str(e)[:300]}"); break
        for an, chk in prob.checks():
            m = chk(an, bufs[an])
            if m: fails.append(f"[{prob.desc}] {m}")
    print(name, "OK" if not fails else "FAIL", fails[:4], flush=True)
