#!/usr/bin/env python3
"""bundle.py -- stage Triton's and Tritium's PTX for the GPU harness (runs on the build machine, stdlib only).

For every kernel K it writes, under the bundle folder (default build/gpu-bundle/):

    triton/K.ptx, triton/K.meta.json   copied from the corpus (Triton 3.9.0's own output, the oracle)
    tritium/K.ptx, tritium/K.json      produced by `build/bin/tritium-compile CORPUS/K.ttgir_prellvm.mlir
                                       --target cuda:80 -o tritium/K.ptx` (which also writes K.json)
    tritium/K.error.txt                instead of the two above when our compile fails (the bundle goes on)
    manifest.json                      what was staged, how, and every compile's status / time / stderr tail

Triton's PTX newer than `--max-ptx-version` (8.8: what the H100's driver loads) gets its `.version` line
rewritten to it (Triton 3.9's sm90 PTX says 9.4); the manifest records it per kernel (`triton_ptx_version`).

`--ours-from-triton` puts Triton's PTX into the tritium slot too (with a K.json synthesised from Triton's
metadata in the format tritium-compile writes), to validate the harness before our lowering exists.
If the corpus folder is absent the script says so and exits 0 (nothing to stage).

The bundle is what `run_gpu.py` reads on the device machine; build/ is git-ignored, so pass it to the
`run` tool with carry=["build/gpu-bundle"].  See tests/gpu/README.md.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

from launch_abi import launch_params, ptx_param_types

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# The kernels the harness knows (run_gpu.py has a reference for each).  TARGETS: no tt.dot.
TARGETS = ["vec_add", "axpby_act", "softmax_rows", "atomic_accumulate", "select_minmax", "histogram_bins",
           "loop_carried", "static_unroll", "shape_ops", "tdesc_scale"]
DOT_KERNELS = ["matmul_f16", "dot_i8_tf32"]
ALL_KERNELS = TARGETS + DOT_KERNELS
# Kernels beyond the corpus (tests/gpu/extra/kernels.py, compiled by tests/gpu/extra/generate.py): every
# K.meta.json with status OK in this folder.  They travel with the repo, so no Triton is needed to stage them.
EXTRA_DIR = os.path.join(HERE, "extra", "cuda_sm80")


def extra_kernels(folder):
    if not os.path.isdir(folder):
        return []
    names = []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".meta.json"):
            try:
                with open(os.path.join(folder, f)) as fh:
                    if json.load(fh).get("status", "OK") == "OK":
                        names.append(f[:-len(".meta.json")])
            except (OSError, ValueError):
                pass
    return names


def cap_ptx_version(ptx_text, newest):
    """Rewrites a `.version X.Y` line newer than `newest` ("8.8") to `newest`.

    Returns (text, the old version or None). Triton 3.9 writes PTX ISA 9.4 for sm90, which the H100's
    driver (CUDA 13.0) refuses; the instructions of its sm90 kernels all exist in ISA 8.8, so only
    the line changes (the harness says so in the manifest)."""
    m = re.search(r"^\.version\s+(\d+)\.(\d+)\s*$", ptx_text, re.M)
    if not m:
        return ptx_text, None
    want = tuple(int(x) for x in newest.split("."))
    have = (int(m.group(1)), int(m.group(2)))
    if have <= want:
        return ptx_text, None
    return ptx_text[:m.start()] + f".version {newest}" + ptx_text[m.end():], f"{have[0]}.{have[1]}"


def ptx_entry_params(ptx_text):
    """(entry name, [param type strings]) of the first .entry in a PTX text, or (None, [])."""
    m = re.search(r"\.entry\s+([A-Za-z_$][\w$]*)\s*\((.*?)\)", ptx_text, re.S)
    if not m:
        return None, []
    return m.group(1), ptx_param_types(m.group(2))


def synth_tritium_json(meta):
    """A K.json in tritium-compile's format, built from Triton's K.meta.json (for --ours-from-triton)."""
    cm = meta["compile_metadata"]
    tdm = cm.get("tensordesc_meta") or []
    args = [{"name": a, "type": t} for a, t in launch_params(meta["signature"], tdm)]
    args.append({"name": "global_scratch", "type": "*i8"})
    args.append({"name": "profile_scratch", "type": "*i8"})
    return {
        "name": cm["name"],
        "num_warps": cm["num_warps"],
        "shared": cm["shared"],
        "global_scratch_size": cm.get("global_scratch_size", 0),
        "global_scratch_align": cm.get("global_scratch_align", 1),
        "profile_scratch_size": cm.get("profile_scratch_size", 0) or 0,
        "profile_scratch_align": cm.get("profile_scratch_align", 1) or 1,
        "tensordesc_meta": tdm,
        "args": args,
        "synthesised_from": "triton meta.json (--ours-from-triton)",
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default="/work/shared/corpus/cuda_sm80",
                    help="folder with K.ptx / K.meta.json / K.ttgir_prellvm.mlir (default: %(default)s)")
    ap.add_argument("--out", default=os.path.join(REPO, "build", "gpu-bundle"), help="bundle folder (default: %(default)s)")
    ap.add_argument("--compiler", default=os.path.join(REPO, "build", "bin", "tritium-compile"))
    ap.add_argument("--target", default="cuda:80")
    ap.add_argument("--max-ptx-version", default="8.8",
                    help="the newest PTX ISA the device's driver loads (default %(default)s: the H100's driver "
                         "refuses 9.x); a staged Triton PTX with a newer `.version` line (Triton 3.9's sm90 "
                         "PTX says 9.4) gets that line rewritten to this version, recorded in the manifest")
    ap.add_argument("--kernels", default="targets",
                    help="comma list, or 'targets' (the 10 without tt.dot, default), 'dots', 'all', "
                         "'extra' (only the extra kernels)")
    ap.add_argument("--ours-from-triton", action="store_true",
                    help="put Triton's PTX into the tritium slot too (validates the harness)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per tritium-compile call")
    ap.add_argument("--extra", action="store_true",
                    help="also stage the extra kernels (tests/gpu/extra/cuda_sm80: Triton's PTX + meta, and our "
                         "compile of their K.ttgir_prellvm.mlir); '--kernels extra' stages only those")
    ap.add_argument("--extra-dir", default=EXTRA_DIR, help="folder of the extra kernels (default: %(default)s)")
    ap.add_argument("--from", dest="from_stage", choices=("ttgir_prellvm", "ttir"), default="ttgir_prellvm",
                    help="what tritium-compile starts from: Triton's TTGIR before make_llir (default), or "
                         "its TTIR, so that Tritium's own make_ttgir runs too (num_warps / num_stages from meta.json)")
    args = ap.parse_args()

    extras = extra_kernels(args.extra_dir)
    sel = {"targets": TARGETS, "dots": DOT_KERNELS, "all": ALL_KERNELS, "extra": []}.get(args.kernels)
    kernels = sel if sel is not None else [k.strip() for k in args.kernels.split(",") if k.strip()]
    if args.extra or args.kernels == "extra":
        kernels = kernels + [k for k in extras if k not in kernels]
    unknown = [k for k in kernels if k not in ALL_KERNELS and k not in extras]
    if unknown:
        print(f"bundle: unknown kernel(s) {unknown}; known: {ALL_KERNELS + extras}", file=sys.stderr)
        return 2
    src_dir = {k: (args.extra_dir if k in extras and k not in ALL_KERNELS else args.corpus) for k in kernels}
    if any(d == args.corpus for d in src_dir.values()) and not os.path.isdir(args.corpus):
        print(f"bundle: corpus folder {args.corpus} is absent -- corpus kernels skipped")
        kernels = [k for k in kernels if src_dir[k] != args.corpus]
        if not kernels:
            return 0
    if not args.ours_from_triton and not os.access(args.compiler, os.X_OK):
        print(f"bundle: note: {args.compiler} is missing; every tritium slot will be recorded as failed "
              f"(use --ours-from-triton to validate the harness with Triton's PTX)")

    out = args.out
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "triton"))
    os.makedirs(os.path.join(out, "tritium"))
    kp = os.path.join(os.path.dirname(args.corpus.rstrip("/")), "kernels.py")
    if os.path.isfile(kp):  # for the record only: run_gpu.py does not import it
        shutil.copyfile(kp, os.path.join(out, "kernels.py"))
    kx = os.path.join(os.path.dirname(args.extra_dir.rstrip("/")), "kernels.py")
    if any(d == args.extra_dir for d in src_dir.values()) and os.path.isfile(kx):
        shutil.copyfile(kx, os.path.join(out, "extra_kernels.py"))

    manifest = {"created": time.strftime("%Y-%m-%dT%H:%M:%S"), "corpus": os.path.abspath(args.corpus),
                "extra_dir": os.path.abspath(args.extra_dir),
                "target": args.target, "mode": "ours-from-triton" if args.ours_from_triton else "tritium-compile",
                "from": args.from_stage,
                "compiler": args.compiler, "kernels": {}}
    n_ok = 0
    for k in kernels:
        rec = {}
        rec["source"] = src_dir[k]
        src_ptx = os.path.join(src_dir[k], f"{k}.ptx")
        src_meta = os.path.join(src_dir[k], f"{k}.meta.json")
        if os.path.isfile(src_ptx) and os.path.isfile(src_meta):
            with open(src_ptx) as f:
                ptx_text = f.read()
            ptx_text, rewritten = cap_ptx_version(ptx_text, args.max_ptx_version)
            if rewritten:
                rec["triton_ptx_version"] = f"{rewritten} rewritten to {args.max_ptx_version}"
            with open(os.path.join(out, "triton", f"{k}.ptx"), "w") as f:
                f.write(ptx_text)
            shutil.copyfile(src_meta, os.path.join(out, "triton", f"{k}.meta.json"))
            rec["triton"] = "staged"
        else:
            rec["triton"] = "missing in corpus"
            print(f"bundle: {k}: Triton files missing in corpus")
        ours_ptx = os.path.join(out, "tritium", f"{k}.ptx")
        ours_json = os.path.join(out, "tritium", f"{k}.json")
        if args.ours_from_triton:
            if rec["triton"] == "staged":
                shutil.copyfile(os.path.join(out, "triton", f"{k}.ptx"), ours_ptx)
                with open(src_meta) as f:
                    meta = json.load(f)
                with open(ours_json, "w") as f:
                    json.dump(synth_tritium_json(meta), f, indent=1)
                rec["tritium"] = "copied from triton"
            else:
                rec["tritium"] = "no triton PTX to copy"
        else:
            src_ir = os.path.join(src_dir[k], f"{k}.{args.from_stage}.mlir")
            cmd = [args.compiler, src_ir, "--target", args.target, "-o", ours_ptx]
            if args.from_stage == "ttir":
                with open(src_meta) as f:
                    cm = json.load(f).get("compile_metadata", {})
                cmd += ["--num-warps", str(cm.get("num_warps", 4)), "--num-stages", str(cm.get("num_stages", 3))]
            rec["command"] = " ".join(cmd)
            t0 = time.time()
            try:
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
                rc, err = p.returncode, (p.stderr or "") + (p.stdout or "")
            except FileNotFoundError as e:
                rc, err = -1, f"compiler not found: {e}"
            except subprocess.TimeoutExpired:
                rc, err = -2, f"timed out after {args.timeout} s"
            rec["compile_s"] = round(time.time() - t0, 3)
            rec["rc"] = rc
            problems = []
            if rc != 0:
                problems.append(f"exit {rc}")
            if not os.path.isfile(ours_ptx) or os.path.getsize(ours_ptx) == 0:
                problems.append("no PTX written")
            if not os.path.isfile(ours_json):
                problems.append("no K.json written")
            if problems:
                rec["tritium"] = "compile failed: " + ", ".join(problems)
                rec["stderr_tail"] = err[-4000:]
                with open(os.path.join(out, "tritium", f"{k}.error.txt"), "w") as f:
                    f.write(f"$ {rec['command']}\n{rec['tritium']}\n\n{err}")
                for p_ in (ours_ptx, ours_json):  # never run a half-written result
                    if os.path.exists(p_) and "no PTX written" in problems:
                        os.remove(p_)
            else:
                rec["tritium"] = "compiled"
        # A cheap static ABI look (the device run checks it again against the signature).
        for slot in ("triton", "tritium"):
            pp = os.path.join(out, slot, f"{k}.ptx")
            if os.path.isfile(pp):
                with open(pp, errors="replace") as f:
                    name, types = ptx_entry_params(f.read())
                rec[f"{slot}_entry"] = {"name": name, "params": types}
        ok = rec["tritium"] in ("compiled", "copied from triton")
        n_ok += ok
        print(f"bundle: {k}: triton {rec['triton']}; tritium {rec['tritium']}"
              + (f" ({rec['compile_s']} s)" if "compile_s" in rec else ""))
        manifest["kernels"][k] = rec
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    size = sum(os.path.getsize(os.path.join(d, x)) for d, _, fs in os.walk(out) for x in fs)
    print(f"bundle: {n_ok}/{len(kernels)} tritium slots staged in {out} ({size / 1024:.0f} KiB); "
          f"device: run `python3 tests/gpu/run_gpu.py --bundle {os.path.relpath(out, REPO)}` "
          f"with carry=[\"{os.path.relpath(out, REPO)}\"]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
