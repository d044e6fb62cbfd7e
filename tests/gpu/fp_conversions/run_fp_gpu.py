#!/usr/bin/env python3
"""Runs the tt.fp_to_fp bundle on a GPU (step 2; step 1 is bundle.py, run where Tritium is built).

For each conversion of the bundle it loads Tritium's PTX (and Triton 3.9's, when
bundled) with CuPy (RawModule -> cuModuleLoad, the driver JITs the PTX),
launches it with Triton's kernel ABI (in, out, n, global scratch, profile
scratch; 1024 elements per program, num_warps*32 threads) over the inputs of
tests/cpu/fp_reference.py (all 8/16-bit patterns; 1.46M f32 specials,
rounding-boundary and random patterns) and compares each result bit for bit,
NaN payloads included, with the NumPy reference, and Tritium's output with
Triton's. One guard element after the end must stay untouched.

PTX ISA versions: the H100's driver refuses PTX ISA 9.x, which Triton 3.9
writes for cuda:90. Triton's PTX with a `.version` above 8.8 is loaded with
that line rewritten to 8.8 (from a temporary copy; recorded in the JSON);
Tritium's PTX is loaded as it is and must already say 8.8 or older (else
its slot fails).

    python3 tests/gpu/fp_conversions/run_fp_gpu.py --bundle build/fp-conversions-bundle [--json PATH]
    python3 tests/gpu/fp_conversions/run_fp_gpu.py --bundle ... --cpu-selftest   # no GPU: the
        # bundle's cuda:80 TTIR on the CPU backend instead of the PTX (checks this script, not the
        # GPU), and the PTX version handling on every PTX of the bundle

Prints one line per conversion and a summary; writes everything measured to
--json (default $OUT/fp_gpu_results.json when $OUT is set). Exits 1 on any
mismatch of Tritium's PTX.
"""
import argparse
import json
import os
import re
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "tests", "cpu"))
import fp_reference as R  # noqa: E402

GUARD = 0x5A

# The newest PTX ISA the H100 machine's driver loads (times ten).
MAX_PTX_VERSION = 88

VERSION_RE = re.compile(r"^(\s*\.version\s+)(\d+)\.(\d+)(\s*)$", re.M)


def ptx_version(text):
    """The `.version` of a PTX text, times ten (8.8 -> 88); None without one."""
    m = VERSION_RE.search(text)
    return int(m.group(2)) * 10 + int(m.group(3)) if m else None


def prepare_ptx(path, slot, tmpdir):
    """(the PTX file to load, a note or None). Triton's PTX newer than 8.8
    gets a copy with `.version 8.8`; Tritium's must be 8.8 or older already
    (ValueError otherwise, and without a `.version` line)."""
    with open(path) as f:
        text = f.read()
    v = ptx_version(text)
    if v is None:
        raise ValueError(f"{path}: no .version line")
    if v <= MAX_PTX_VERSION:
        return path, None
    if slot == "tritium":
        raise ValueError(f"Tritium's PTX is ISA {v // 10}.{v % 10}, newer than the driver's {MAX_PTX_VERSION // 10}.{MAX_PTX_VERSION % 10}")
    new = VERSION_RE.sub(lambda m: f"{m.group(1)}{MAX_PTX_VERSION // 10}.{MAX_PTX_VERSION % 10}{m.group(4)}", text, count=1)
    assert ptx_version(new) == MAX_PTX_VERSION and len(VERSION_RE.findall(new)) == 1
    out = os.path.join(tmpdir, f"{slot}-{os.path.basename(os.path.dirname(os.path.dirname(path)))}-{os.path.basename(path)}")
    with open(out, "w") as f:
        f.write(new)
    return out, f".version {v // 10}.{v % 10} -> {MAX_PTX_VERSION // 10}.{MAX_PTX_VERSION % 10}"


class Gpu:
    def __init__(self):
        import cupy as cp
        self.cp = cp
        dev = cp.cuda.Device()
        props = cp.cuda.runtime.getDeviceProperties(dev.id)
        name = props["name"].decode() if isinstance(props["name"], bytes) else props["name"]
        self.desc = (f"{name} (sm_{props['major']}{props['minor']}), CUDA driver "
                     f"{cp.cuda.runtime.driverGetVersion()}, cupy {cp.__version__}")
        self.mods = []

    def load(self, ptx, meta):
        mod = self.cp.RawModule(path=ptx)
        self.mods.append(mod)
        fn = mod.get_function(meta["name"])
        _ = fn.num_regs  # loads (JITs) the module now
        return fn

    def run(self, fn, meta, x, out_dtype, block):
        cp = self.cp
        n = len(x)
        d_in = cp.asarray(x)
        d_out = cp.empty((n + 1) * np.dtype(out_dtype).itemsize, dtype=cp.uint8)
        d_out.fill(GUARD)
        d_out = d_out.view(out_dtype)
        scratch = []
        for kind in ("global", "profile"):
            size = int(meta.get(f"{kind}_scratch_size", 0) or 0)
            if size:
                b = cp.zeros(size * ((n + block - 1) // block) + 256, dtype=cp.uint8)
                self.mods.append(b)
                scratch.append(b)
            else:
                scratch.append(np.uint64(0))
        grid = ((n + block - 1) // block, 1, 1)
        fn(grid, (int(meta["num_warps"]) * 32, 1, 1), (d_in, d_out, np.int32(n), *scratch),
           shared_mem=int(meta.get("shared", 0) or 0))
        cp.cuda.runtime.deviceSynchronize()
        return cp.asnumpy(d_out)


class CpuSelftest:
    """The bundle's TTIR on the CPU backend (validates this script only)."""

    def __init__(self, bundle):
        from cpu_runtime import CpuRuntime
        self.rt = CpuRuntime(os.path.join(ROOT, "build", "lib", "libtritium.so"))
        self.bundle = bundle
        self.desc = "CPU self-test (Tritium's CPU backend on the bundle's TTIR; no GPU)"

    def load(self, ptx, meta):
        fn = os.path.basename(ptx)[:-len(".ptx")]
        with open(os.path.join(os.path.dirname(os.path.dirname(ptx)), "ttir", fn + ".ttir")) as f:
            k, _ = self.rt.load(f.read())
        return k

    def run(self, k, meta, x, out_dtype, block):
        n = len(x)
        out = np.empty((n + 1) * np.dtype(out_dtype).itemsize, dtype=np.uint8)
        out.fill(GUARD)
        out = out.view(out_dtype)
        k.launch(((n + block - 1) // block,), [x, out, np.int32(n)])
        return out


def selftest_ptx_versions(bundle, manifest, tmpdir):
    """The PTX version handling on every PTX of the bundle (no GPU): a
    Tritium PTX must pass as it is; a Triton PTX above 8.8 must come back
    rewritten to exactly 8.8 and otherwise unchanged. Returns the failures."""
    failures = 0
    notes = {}
    for target, recs in manifest["targets"].items():
        tdir = os.path.join(bundle, "cuda" + target.split(":")[1])
        for rec in recs:
            for slot in ("tritium", "triton"):
                ptx = os.path.join(tdir, slot, rec["file"] + ".ptx")
                if not os.path.exists(ptx):
                    continue
                try:
                    path, note = prepare_ptx(ptx, slot, tmpdir)
                except ValueError as e:
                    print(f"ptx version: {target} {slot} {rec['file']}: FAIL ({e})")
                    failures += 1
                    continue
                with open(ptx) as f:
                    orig = f.read()
                with open(path) as f:
                    new = f.read()
                same_rest = VERSION_RE.sub("", orig) == VERSION_RE.sub("", new)
                if ptx_version(new) > MAX_PTX_VERSION or not same_rest or (note is None) != (path == ptx):
                    print(f"ptx version: {target} {slot} {rec['file']}: FAIL (rewrite wrong)")
                    failures += 1
                key = f"{target} {slot}: {note or f'.version {ptx_version(orig) // 10}.{ptx_version(orig) % 10} as is'}"
                notes[key] = notes.get(key, 0) + 1
    for key, k in sorted(notes.items()):
        print(f"ptx version: {key} ({k} files)")
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bundle", default=os.path.join(ROOT, "build", "fp-conversions-bundle"))
    ap.add_argument("--json", default=None)
    ap.add_argument("--cpu-selftest", action="store_true")
    args = ap.parse_args()
    if args.json is None and os.environ.get("OUT"):
        args.json = os.path.join(os.environ["OUT"], "fp_gpu_results.json")
    with open(os.path.join(args.bundle, "manifest.json")) as f:
        manifest = json.load(f)
    block = manifest["block"]
    dev = CpuSelftest(args.bundle) if args.cpu_selftest else Gpu()
    print(f"device: {dev.desc}")
    results = {"device": dev.desc, "targets": {}}
    tmpdir = tempfile.mkdtemp(prefix="fp_gpu_ptx_")
    if args.cpu_selftest:
        failed_ptx = selftest_ptx_versions(args.bundle, manifest, tmpdir)
        results["ptx_version_selftest_failures"] = failed_ptx
    count = {"tritium": 0, "triton": 0, "same": 0, "triton_present": 0}
    failed = failed_ptx if args.cpu_selftest else 0
    n = 0
    start = time.time()
    for target, recs in manifest["targets"].items():
        cc = int(target.split(":")[1])
        if args.cpu_selftest and cc != 80:
            continue  # the CPU backend has Triton's cuda:80 semantics
        tdir = os.path.join(args.bundle, f"cuda{cc}")
        results["targets"][target] = []
        for rec in recs:
            n += 1
            conv = (rec["src"], rec["dst"], rec["rounding"])
            x = R.inputs(conv[0])
            want = R.reference(conv, x, cc)
            out_dtype = R.FORMATS[conv[1]][2]
            res = {"conversion": R.name(conv), "n": int(len(x))}
            outs = {}
            line = [f"{target} {R.name(conv)}:"]
            for slot in ("tritium", "triton"):
                ptx = os.path.join(tdir, slot, rec["file"] + ".ptx")
                if not os.path.exists(ptx):
                    res[slot] = {"status": "absent"}
                    line.append(f"{slot} absent")
                    if slot == "tritium":
                        failed += 1
                    continue
                meta_path = os.path.join(tdir, slot, rec["file"] + (".json" if slot == "tritium" else ".meta.json"))
                with open(meta_path) as f:
                    meta = json.load(f)
                try:
                    load_path, note = prepare_ptx(ptx, slot, tmpdir)
                    if note:
                        res[f"{slot}_ptx"] = note
                    fn = dev.load(load_path if not args.cpu_selftest else ptx, meta)
                    out = dev.run(fn, meta, x, out_dtype, block)
                except Exception as e:  # noqa: BLE001
                    res[slot] = {"status": "FAIL", "error": f"{type(e).__name__}: {e}"[:500]}
                    line.append(f"{slot} FAIL ({type(e).__name__}: {str(e)[:120]})")
                    if slot == "tritium":
                        failed += 1
                    continue
                got = out[:len(x)]
                isz = np.dtype(out_dtype).itemsize
                guard_ok = out.view(np.uint8)[-isz:].tolist() == [GUARD] * isz
                bad, first, payload = R.compare(conv, got, want)
                wnan = R.is_nan(want, conv[1])
                nan_out = [int(v) for v in np.unique(got[wnan])[:8]] if wnan.any() else []
                ok = bad == 0 and guard_ok
                res[slot] = {"status": "OK" if ok else "FAIL", "wrong": int(bad), "guard_ok": guard_ok,
                             "nan_payload_differs": payload, "nan_outputs": [hex(v) for v in nan_out],
                             "first_wrong": [{"in": hex(int(x[i])), "got": hex(int(got[i])), "want": hex(int(want[i]))}
                                             for i in first]}
                outs[slot] = got
                if ok:
                    count[slot] += 1
                    line.append(f"{slot} OK ({len(x)} bit-exact)")
                else:
                    shown = ", ".join(f"in {d['in']} got {d['got']} want {d['want']}" for d in res[slot]["first_wrong"][:3])
                    nan_note = f" ({payload} of them NaNs of another sign/payload)" if payload else ""
                    line.append(f"{slot} FAIL ({bad}/{len(x)} wrong{nan_note}{'' if guard_ok else ', guard overwritten'}: {shown})")
                    if slot == "tritium":
                        failed += 1
            if "triton" in outs:
                count["triton_present"] += 1
            if "tritium" in outs and "triton" in outs:
                diff = int((outs["tritium"] != outs["triton"]).sum())
                res["tritium_vs_triton_bit_diffs"] = diff
                count["same"] += diff == 0
                line.append("tritium == triton bitwise" if diff == 0 else f"tritium != triton on {diff}")
            results["targets"][target].append(res)
            print(" ".join(line), flush=True)
    summary = (f"fp conversions on {'CPU self-test' if args.cpu_selftest else 'GPU'}: tritium {count['tritium']}/{n} "
               f"bit-exact vs reference; triton {count['triton']}/{count['triton_present']}; "
               f"tritium == triton bitwise on {count['same']}/{count['triton_present']}; {time.time() - start:.1f} s")
    print(summary)
    results["summary"] = summary
    if not args.cpu_selftest:
        # A tritium-vs-triton difference is a failure too (both are compared
        # with the reference already; this catches a reference that is wrong
        # in the same way for one of them only).
        failed += count["triton_present"] - count["same"]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
