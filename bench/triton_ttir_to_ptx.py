"""Compiles one TTIR file to PTX with Triton 3.9's own stages; run it with the Triton venv's python.

    ~/.cache/tritium/triton-3.9.0/bin/python bench/triton_ttir_to_ptx.py K.ttir.mlir \
        [--target cuda:80] [--num-warps 4] [--num-stages 3] [-o K.ptx]

Runs what `triton.compile` runs on a `.ttir` source, up to PTX: the backend's make_ttgir, make_llir
(the MLIR pipeline, the translation to LLVM IR and LLVM's optimizer) and make_ptx (NVPTX code
generation), without the cache, the compile-time hooks or ptxas. This is what tritium-compile does
on TTIR input. No GPU is needed. Prints one JSON object on stdout: the seconds of each stage
(`ttgir`, `llir`, `ptx`), their sum `total`, and `parse` (reading the file).
"""
import argparse
import json
import sys
import time

import os

os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

from triton.backends.compiler import GPUTarget, Language  # noqa: E402
from triton.compiler.compiler import make_backend  # noqa: E402
from triton._C.libtriton import ir  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("--target", default="cuda:80")
    parser.add_argument("--num-warps", type=int, default=4)
    parser.add_argument("--num-stages", type=int, default=3)
    parser.add_argument("-o", "--output")
    parser.add_argument("--llir", help="also write the optimized LLVM IR (make_llir's result) here")
    args = parser.parse_args()
    backend_name, arch = args.target.split(":")
    backend = make_backend(GPUTarget(backend_name, int(arch), 32))
    options = backend.parse_options({"num_warps": args.num_warps, "num_stages": args.num_stages})
    times = {}
    start = time.perf_counter()
    context = ir.context()
    ir.load_dialects(context)
    backend.load_dialects(context)
    module = ir.parse_mlir_module(args.input, context)
    module.context = context
    times["parse"] = time.perf_counter() - start
    stages = {}
    backend.add_stages(stages, options, Language.TRITON)
    metadata = {"target": backend.target, **options.__dict__}
    for name in ("ttgir", "llir", "ptx"):
        start = time.perf_counter()
        module = stages[name](module, metadata)
        times[name] = time.perf_counter() - start
        if name == "llir" and args.llir:
            with open(args.llir, "w") as f:
                f.write(module)
    times["total"] = times["ttgir"] + times["llir"] + times["ptx"]
    if args.output:
        with open(args.output, "w") as f:
            f.write(module)
    json.dump(times, sys.stdout)
    print()


if __name__ == "__main__":
    main()
