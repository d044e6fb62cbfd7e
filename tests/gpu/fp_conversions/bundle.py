#!/usr/bin/env python3
"""Stages the tt.fp_to_fp GPU check (step 1, here; step 2 is run_fp_gpu.py on a device).

For cuda:80 (Triton's software fp8 conversions) and cuda:90 (the fp8 cvt
instructions, e4m3fn too), for every conversion Triton 3.9 lowers there
(tests/cpu/fp_reference.py: CONVERSIONS, CONVERSIONS_SM89) it writes the TTIR kernel (out[i] = fp_to_fp(in[i]), 1024 elements per program),
compiles it with Triton's own compiler when Triton 3.9's wheel venv is present
(cudaCC/triton/NAME.ptx, NAME.meta.json, and its TTGIR), and with
build/bin/tritium-compile --target cuda:CC (cudaCC/tritium/NAME.ptx and its
metadata NAME.json): from the TTIR for cuda:80, from Triton's TTGIR for cuda:90
(Tritium's make_ttgir refuses cuda:90), so that the
device run also compares the two bit for bit. The inputs are not shipped: the
runner regenerates them with fp_reference.inputs (deterministic).

    python3 tests/gpu/fp_conversions/bundle.py [--out build/fp-conversions-bundle]
        [--compiler build/bin/tritium-compile] [--venv ~/.cache/tritium/triton-3.9.0]

Tritium's PTX must carry PTX ISA 8.8 or older (the H100 machine's driver
refuses 9.x); a newer `.version` counts as a failed compile. Triton's PTX
version is recorded in the manifest (run_fp_gpu.py loads it as 8.8).

Prints one line per conversion and exits 1 if any tritium compile failed.
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "tests", "cpu"))

BLOCK = 1024
MAX_PTX_VERSION = 88  # times ten


def ptx_version(path):
    """The `.version` of a PTX file, times ten; None without one."""
    with open(path) as f:
        m = re.search(r"^\s*\.version\s+(\d+)\.(\d+)\s*$", f.read(), re.M)
    return int(m.group(1)) * 10 + int(m.group(2)) if m else None

TRITON_COMPILE = r"""
import json, sys, os
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
import triton
from triton.backends.compiler import GPUTarget
src, ptx, meta, cc, ttgir = sys.argv[1:6]
k = triton.compile(src, target=GPUTarget("cuda", int(cc), 32))
open(ptx, "w").write(k.asm["ptx"])
open(ttgir, "w").write(k.asm["ttgir"])
md = k.metadata
out = {f: getattr(md, f) for f in ("name", "num_warps", "shared", "global_scratch_size", "global_scratch_align",
                                   "profile_scratch_size", "profile_scratch_align") if hasattr(md, f)}
json.dump(out, open(meta, "w"), indent=1, default=str)
"""


def file_name(conv):
    src, dst, rnd = conv
    return f"{src}_to_{dst}_{rnd or 'none'}"


def main():
    try:
        import fp_reference as R
    except ImportError as e:  # NumPy missing under this python3
        if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
        raise SystemExit(f"bundle: {e}")
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "fp-conversions-bundle"))
    ap.add_argument("--compiler", default=os.path.join(ROOT, "build", "bin", "tritium-compile"))
    ap.add_argument("--venv", default=os.path.expanduser("~/.cache/tritium/triton-3.9.0"))
    args = ap.parse_args()
    vpy = os.path.join(args.venv, "bin", "python")
    have_triton = os.path.exists(vpy)
    manifest = {"block": BLOCK, "targets": {}}
    failed = 0
    total = 0
    for cc, convs in ((80, R.CONVERSIONS), (90, R.CONVERSIONS_SM89)):
        base = os.path.join(args.out, f"cuda{cc}")
        for d in ("ttir", "tritium", "triton"):
            os.makedirs(os.path.join(base, d), exist_ok=True)
        recs = manifest["targets"][f"cuda:{cc}"] = []
        for conv in convs:
            total += 1
            fn = file_name(conv)
            ttir = os.path.join(base, "ttir", fn + ".ttir")  # Triton reads the stage from the extension
            with open(ttir, "w") as f:
                f.write(R.ttir(conv, BLOCK))
            rec = {"src": conv[0], "dst": conv[1], "rounding": conv[2], "file": fn}
            ttgir = os.path.join(base, "ttir", fn + ".ttgir")
            if have_triton:
                q = subprocess.run([vpy, "-c", TRITON_COMPILE, ttir, os.path.join(base, "triton", fn + ".ptx"),
                                    os.path.join(base, "triton", fn + ".meta.json"), str(cc), ttgir],
                                   capture_output=True, text=True)
                rec["triton"] = "OK" if q.returncode == 0 else "FAIL: " + q.stderr.strip().splitlines()[-1][:300]
                if q.returncode == 0:
                    rec["triton_ptx_version"] = ptx_version(os.path.join(base, "triton", fn + ".ptx"))
            else:
                rec["triton"] = "absent (no Triton venv)"
            # Tritium's make_ttgir is Triton's for cuda:8x only (it refuses cuda:90); for cuda:90 the
            # input is Triton's own sm90 TTGIR, so the check covers Tritium's sm90 make_llir.
            source = ttir if cc < 90 else ttgir
            if cc >= 90 and rec["triton"] != "OK":
                rec["tritium"] = "FAIL: no Triton TTGIR for cuda:90 (Tritium has no sm90 make_ttgir)"
            else:
                p = subprocess.run([args.compiler, source, "--target", f"cuda:{cc}", "-o",
                                    os.path.join(base, "tritium", fn + ".ptx")], capture_output=True, text=True)
                rec["tritium"] = "OK" if p.returncode == 0 else "FAIL: " + p.stderr.strip()[:500]
            rec["tritium_input"] = "ttir" if cc < 90 else "triton ttgir"
            if rec["tritium"] == "OK":
                v = ptx_version(os.path.join(base, "tritium", fn + ".ptx"))
                rec["tritium_ptx_version"] = v
                if v is None or v > MAX_PTX_VERSION:
                    rec["tritium"] = f"FAIL: PTX ISA {v} (times ten) is not <= {MAX_PTX_VERSION}"
            failed += rec["tritium"] != "OK"
            print(f"cuda:{cc} {R.name(conv)}: tritium {rec['tritium'][:70]}; triton {rec['triton'][:60]}", flush=True)
            recs.append(rec)
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print(f"bundle: {total - failed}/{total} compiled by tritium -> {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
