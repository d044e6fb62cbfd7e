#!/usr/bin/env python3
"""generate.py -- compile tests/gpu/extra/kernels.py with Triton 3.9 for cuda:80 or cuda:90 (CPU only, no GPU needed).

    /tmp/tritonvenv/bin/python tests/gpu/extra/generate.py [--kernels a,b] [--target cuda:90]
                                                           [--out tests/gpu/extra/cuda_sm90]

For every kernel K it writes, under --out:
    K.source.mlir         Triton's IR before make_ttir (asm["source"]; the input of Tritium's own make_ttir,
                          checked against K.ttir.mlir by tests/corpus/check_unseen_ttgir.py)
    K.ttir.mlir           Triton's TTIR (asm["ttir"]; the input of Tritium's own make_ttgir)
    K.ttgir.mlir          Triton's TTGIR (asm["ttgir"])
    K.ptx                 Triton's own PTX (the oracle the GPU harness runs against)
    K.meta.json           signature, constexprs, attrs, divisibility_16_args, compile_metadata (the keys
                          tests/gpu/run_gpu.py reads, same as the corpus' meta.json)
    K.ttgir_prellvm.mlir  /work/shared/corpus/run_triton_pass.py K.ttgir.mlir --pass llir-pre --target cuda:80
                          (the input of tritium-compile)
    K.error.txt           only when Triton itself fails
Each kernel is compiled in its own subprocess (a C++ abort in one does not stop the others).
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUN_PASS = Path(os.environ.get("TRITIUM_RUN_TRITON_PASS", "/work/shared/corpus/run_triton_pass.py"))
KEEP = ["name", "num_warps", "num_ctas", "num_stages", "warp_size", "shared", "tmem_size", "global_scratch_size",
        "global_scratch_align", "profile_scratch_size", "profile_scratch_align", "ptx_version", "arch",
        "enable_fp_fusion", "triton_version", "tensordesc_meta"]


def worker(name, outdir, target):
    os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/triton_extra_cache")
    sys.path.insert(0, str(HERE))
    import triton
    from triton.backends.compiler import GPUTarget
    import kernels

    # path-independent loc(...) info (as make_corpus.py does)
    for obj in vars(kernels).values():
        if isinstance(obj, triton.runtime.jit.JITFunction):
            obj.file_name = "extra/kernels.py"
    tri_root = Path(triton.__file__).parent.parent
    for mname, mobj in list(sys.modules.items()):
        if mname.startswith("triton.") and mobj is not None:
            for obj in list(vars(mobj).values()):
                if isinstance(obj, triton.runtime.jit.JITFunction) and obj.file_name.startswith(str(tri_root)):
                    obj.file_name = str(Path(obj.file_name).relative_to(tri_root))

    spec = kernels.KERNELS_BY_NAME[name]
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / name
    options = {"num_warps": spec.num_warps}
    if spec.num_stages is not None:
        options["num_stages"] = spec.num_stages
    capability = int(target.split(":")[1])
    meta = {"kernel": name, "target": target, "gpu_target": ["cuda", capability, 32], "signature": spec.signature,
            "constexprs": spec.constexprs, "attrs": {str(k): v for k, v in spec.attrs().items()},
            "divisibility_16_args": list(spec.divisible), "options_passed": options, "note": spec.note,
            "source": "tests/gpu/extra/kernels.py"}
    t0 = time.perf_counter()
    try:
        src = triton.compiler.ASTSource(spec.fn, signature=spec.signature, constexprs=spec.constexprs,
                                        attrs=spec.attrs())
        ck = triton.compile(src, target=GPUTarget("cuda", capability, 32), options=options)
    except Exception as e:  # noqa: BLE001
        meta.update(status="FAILED", error_type=type(e).__name__, error=str(e).strip()[-2000:])
        (Path(str(stem) + ".error.txt")).write_text(f"{type(e).__name__}: {e}\n")
        Path(str(stem) + ".meta.json").write_text(json.dumps(meta, indent=1, default=str))
        print(f"{name}: triton FAILED ({type(e).__name__})")
        return 0
    meta["compile_wall_s"] = round(time.perf_counter() - t0, 3)
    meta["status"] = "OK"
    md = ck.metadata._asdict()
    meta["compile_metadata"] = {k: md[k] for k in KEEP if k in md}
    Path(str(stem) + ".source.mlir").write_text(ck.asm["source"])
    Path(str(stem) + ".ttir.mlir").write_text(ck.asm["ttir"])
    Path(str(stem) + ".ttgir.mlir").write_text(ck.asm["ttgir"])
    Path(str(stem) + ".ptx").write_text(ck.asm["ptx"])
    Path(str(stem) + ".meta.json").write_text(json.dumps(meta, indent=1, default=str))
    print(f"{name}: triton OK (num_warps {md['num_warps']}, shared {md['shared']})")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default="cuda:80", choices=("cuda:80", "cuda:90"))
    ap.add_argument("--out", default="", help="default: cuda_sm80/ or cuda_sm90/ beside this script")
    ap.add_argument("--kernels", default="")
    ap.add_argument("--worker", nargs=2, metavar=("KERNEL", "OUTDIR"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        return worker(*a.worker, a.target)
    if not a.out:
        a.out = str(HERE / ("cuda_sm" + a.target.split(":")[1]))
    sys.path.insert(0, str(HERE))
    import kernels
    names = [k.name for k in kernels.KERNELS]
    if a.kernels:
        names = [n for n in a.kernels.split(",") if n]
    out = Path(a.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    bad = 0
    for k in names:
        for suf in (".error.txt", ".ptx", ".source.mlir", ".ttir.mlir", ".ttgir.mlir", ".ttgir_prellvm.mlir", ".meta.json"):
            p = out / (k + suf)
            if p.exists():
                p.unlink()
        p = subprocess.run([sys.executable, __file__, "--worker", k, str(out), "--target", a.target],
                           capture_output=True, text=True)
        sys.stdout.write(p.stdout)
        if p.returncode != 0 or not (out / f"{k}.ttgir.mlir").exists():
            bad += 1
            if p.returncode != 0:
                (out / f"{k}.error.txt").write_text(f"worker exit {p.returncode}\n{p.stdout}\n{p.stderr}")
                print(f"{k}: worker exit {p.returncode}: {p.stderr.strip().splitlines()[-1:]}")
            continue
        q = subprocess.run([sys.executable, str(RUN_PASS), str(out / f"{k}.ttgir.mlir"), "--pass", "llir-pre",
                            "--target", a.target, "--reps", "1", "--warmup", "0", "--no-print", "-o",
                            str(out / f"{k}.ttgir_prellvm.mlir")], capture_output=True, text=True)
        if q.returncode != 0 or not (out / f"{k}.ttgir_prellvm.mlir").exists():
            bad += 1
            print(f"{k}: llir-pre FAILED: {(q.stderr or q.stdout).strip()[-800:]}")
    print(f"generate: {len(names) - bad}/{len(names)} kernels written to {out}")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
