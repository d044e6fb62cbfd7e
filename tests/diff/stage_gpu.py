#!/usr/bin/env python3
"""Stage a GPU differential bundle: N generated programs compiled by Tritium and by Triton 3.9 (cuda:80 or cuda:90).

    python3 tests/diff/stage_gpu.py [--count 2000] [--seed 1] [--out build/diff-gpu-bundle] [--jobs 2]
                                    [--no-triton] [--venv ~/.cache/tritium/triton-3.9.0] [--target cuda:90]

For program i (gen.generate(seed, i, "gpu")) it writes into a tar.gz shard of the bundle:
    i.ttir.mlir                          the program
    tritium/i.ptx, tritium/i.json        build/bin/tritium-compile i.ttir.mlir --target T --num-warps W
    triton/i.ptx, triton/i.json          triton.compile(i.ttir, GPUTarget("cuda", CC, 32), num_warps=W)
                                         (T = --target, cuda:80 by default; cuda:90 builds Hopper's sm_90a code)
                                         (PTX .version lowered to 8.8 when newer, for the H100's driver)
and manifest.json: per program the compile status of both, num_warps, grid, and SHA-1s of the inputs and
of the expected outputs, so that the device (tests/diff/run_gpu_diff.py, which regenerates inputs and
NumPy references from (seed, i) with this same gen.py) can tell a regeneration difference from a
miscompile.  Only the standard library and NumPy are needed here, plus the Triton venv for the Triton slot.
"""
import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

try:
    import numpy as np  # noqa: F401
except ImportError:
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

TRITON_WORKER = r'''
import json, os, re, sys, traceback
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")
import triton
from triton.backends.compiler import GPUTarget
KEEP = ("name", "num_warps", "num_ctas", "shared", "global_scratch_size", "global_scratch_align",
        "profile_scratch_size", "profile_scratch_align", "ptx_version", "enable_fp_fusion")
for line in sys.stdin:
    job = json.loads(line)
    res = {"id": job["id"]}
    try:
        ck = triton.compile(job["ttir"], target=GPUTarget("cuda", job["capability"], 32),
                            options={"num_warps": job["num_warps"]})
        ptx = ck.asm["ptx"]
        m = re.search(r"^\.version (\d+)\.(\d+)", ptx, re.M)
        if m and (int(m.group(1)), int(m.group(2))) > (8, 8):
            ptx = ptx.replace(m.group(0), ".version 8.8", 1)
        md = ck.metadata._asdict()
        with open(job["ptx"], "w") as f:
            f.write(ptx)
        with open(job["meta"], "w") as f:
            json.dump({k: md.get(k) for k in KEEP}, f)
        res["status"] = "ok"
    except Exception as e:
        res["status"] = "fail"
        res["error"] = (type(e).__name__ + ": " + str(e))[-1500:]
    print(json.dumps(res), flush=True)
'''


class TritonPool:
    def __init__(self, venv, jobs, tmp):
        self.py = os.path.join(venv, "bin", "python")
        self.script = os.path.join(tmp, "triton_worker.py")
        with open(self.script, "w") as f:
            f.write(TRITON_WORKER)
        self.jobs = jobs
        self.env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(tmp, "triton-cache"), PYTHONUNBUFFERED="1")

    def run(self, items, timeout=120):
        """items: list of job dicts; returns {id: result}."""
        results = {}
        lock = threading.Lock()
        queue = list(items)

        def loop():
            proc = None
            while True:
                with lock:
                    if not queue:
                        break
                    job = queue.pop(0)
                if proc is None or proc.poll() is not None:
                    proc = subprocess.Popen([self.py, self.script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL, text=True, env=self.env)
                proc.stdin.write(json.dumps(job) + "\n")
                proc.stdin.flush()
                box = []
                t = threading.Thread(target=lambda: box.append(proc.stdout.readline()), daemon=True)
                t.start()
                t.join(timeout)
                if box and box[0]:
                    r = json.loads(box[0])
                else:
                    proc.kill()
                    proc.wait()
                    proc = None
                    r = {"id": job["id"], "status": "fail", "error": "triton worker died or hung"}
                with lock:
                    results[job["id"]] = r
            if proc is not None:
                proc.stdin.close()
                proc.wait()
        ts = [threading.Thread(target=loop) for _ in range(self.jobs)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return results


def pack_shards(work, out, ids):
    """Packs program ids' files of `work` (ttir, both PTX + json) into tar.gz shards of 500 under `out`."""
    shards = []
    for s in range(0, len(ids), 500):
        name = f"shard{s // 500:03d}.tar.gz"
        with tarfile.open(os.path.join(out, name), "w:gz") as tf:
            for i in ids[s:s + 500]:
                for rel in (f"{i}.ttir", f"tritium/{i}.ptx", f"tritium/{i}.json", f"triton/{i}.ptx", f"triton/{i}.json"):
                    path = os.path.join(work, rel)
                    if os.path.isfile(path):
                        tf.add(path, arcname=rel)
        shards.append(name)
    return shards


def failure_classes(manifest):
    """Tritium's compile failures grouped by their first error, with how many Triton compiled."""
    classes = {}
    for i, r in manifest["programs"].items():
        if r["tritium"] == "ok":
            continue
        lines = [ln for ln in r["tritium_error"].splitlines() if "error:" in ln] or [r["tritium_error"][-200:]]
        key = re.sub(r"%[\w#]+|\d+", "#", re.sub(r"^.*?error: ", "", lines[0]))[:120]
        c = classes.setdefault(key, dict(n=0, triton_ok=0, example=i))
        c["n"] += 1
        c["triton_ok"] += r["triton"] == "ok"
    return classes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "diff-gpu-bundle"))
    ap.add_argument("--compiler", default=os.path.join(ROOT, "build", "bin", "tritium-compile"))
    ap.add_argument("--venv", default=os.path.expanduser("~/.cache/tritium/triton-3.9.0"))
    ap.add_argument("--no-triton", action="store_true", help="stage only Tritium's PTX")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--profile", default="gpu")
    ap.add_argument("--target", default="cuda:80", choices=("cuda:80", "cuda:90"),
                    help="the build target of both compilers (cuda:90: Hopper, sm_90a)")
    a = ap.parse_args()
    capability = int(a.target.split(":")[1])

    t0 = time.time()
    if os.path.isdir(a.out):
        shutil.rmtree(a.out)
    os.makedirs(a.out)
    tmp = tempfile.mkdtemp(prefix="diff-gpu-")
    work = os.path.join(tmp, "b")
    os.makedirs(os.path.join(work, "tritium"))
    os.makedirs(os.path.join(work, "triton"))
    manifest = dict(seed=a.seed, profile=a.profile, target=a.target, created=time.strftime("%Y-%m-%dT%H:%M:%S"),
                    numpy=np.__version__, programs={})
    progs = {}
    for i in range(a.start, a.start + a.count):
        p = gen.generate(a.seed, i, a.profile)
        ttir = os.path.join(work, f"{i}.ttir")
        with open(ttir, "w") as f:
            f.write(p.ttir())
        hin, hexp = gen.program_hashes(p)
        progs[i] = p
        manifest["programs"][str(i)] = dict(num_warps=p.num_warps, grid=[p.G, 1, 1], n=p.n,
                                            outputs=len(p.outputs), sha_inputs=hin, sha_expected=hexp,
                                            features=p.features())
    t_gen = time.time() - t0

    # Tritium: tritium-compile, in parallel (libdevice linked for tt.extern_elementwise, as Triton does)
    import glob
    libdevice = next(iter(glob.glob(os.path.join(a.venv, "lib", "python*", "site-packages", "triton", "backends",
                                                 "nvidia", "lib", "libdevice.10.bc"))), None)
    manifest["libdevice"] = libdevice
    lock = threading.Lock()
    todo = list(progs)

    def comp():
        while True:
            with lock:
                if not todo:
                    return
                i = todo.pop(0)
            ttir = os.path.join(work, f"{i}.ttir")
            out = os.path.join(work, "tritium", f"{i}.ptx")
            cmd = [a.compiler, ttir, "--target", a.target, "--num-warps", str(progs[i].num_warps), "-o", out]
            if libdevice and "tt.extern_elementwise" in open(ttir).read():
                cmd += ["--link", libdevice]
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
                rc, err = r.returncode, (r.stderr or "") + (r.stdout or "")
            except subprocess.TimeoutExpired:
                rc, err = -9, "timed out after 300 s"
            rec = manifest["programs"][str(i)]
            if rc == 0 and os.path.isfile(out) and os.path.isfile(out[:-4] + ".json"):
                rec["tritium"] = "ok"
            else:
                rec["tritium"] = "compile_fail" if rc > 0 else "crash"
                rec["tritium_error"] = f"exit {rc}: " + err[-1500:]
                for f in (out, out[:-4] + ".json"):
                    if os.path.exists(f):
                        os.remove(f)
    ts = [threading.Thread(target=comp) for _ in range(a.jobs)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    t_tritium = time.time() - t0 - t_gen

    # Triton 3.9 (where it accepts the program)
    if not a.no_triton and os.path.isfile(os.path.join(a.venv, "bin", "python")):
        pool = TritonPool(a.venv, a.jobs, tmp)
        items = [dict(id=i, ttir=os.path.join(work, f"{i}.ttir"), num_warps=progs[i].num_warps, capability=capability,
                      ptx=os.path.join(work, "triton", f"{i}.ptx"), meta=os.path.join(work, "triton", f"{i}.json"))
                 for i in progs]
        res = pool.run(items)
        for i in progs:
            r = res.get(i, {"status": "fail", "error": "no result"})
            rec = manifest["programs"][str(i)]
            rec["triton"] = r["status"]
            if r["status"] != "ok":
                rec["triton_error"] = r.get("error", "")[-600:]
    else:
        for i in progs:
            manifest["programs"][str(i)]["triton"] = "not staged"
    t_triton = time.time() - t0 - t_gen - t_tritium

    # pack: shards of 500 programs (ttir + both PTX + json)
    shards = pack_shards(work, a.out, sorted(progs))
    ids = sorted(progs)
    manifest["shards"] = shards
    # the generator travels with the bundle: the device regenerates inputs and references with this copy
    os.makedirs(os.path.join(a.out, "gen"))
    for f in ("gen.py", "numerics.py", os.path.join("..", "cpu", "fp_reference.py")):
        shutil.copyfile(os.path.join(HERE, f), os.path.join(a.out, "gen", os.path.basename(f)))
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    shutil.rmtree(tmp, ignore_errors=True)
    P = manifest["programs"].values()
    n_t = sum(r["tritium"] == "ok" for r in P)
    n_tc = sum(r["tritium"] == "crash" for r in P)
    n_tr = sum(r["triton"] == "ok" for r in P)
    size = sum(os.path.getsize(os.path.join(a.out, f)) for f in os.listdir(a.out))
    print(f"stage-gpu: {len(ids)} programs (seed {a.seed}, {a.target}): tritium compiled {n_t}, compile failures "
          f"{len(ids) - n_t - n_tc}, crashes {n_tc}; triton compiled {n_tr}; bundle {os.path.relpath(a.out, ROOT)} "
          f"{size / 1e6:.1f} MB; {time.time() - t0:.0f} s (gen {t_gen:.0f}, tritium {t_tritium:.0f}, triton {t_triton:.0f})")
    # compile failures by their first error, and whether Triton compiled the same program
    classes = failure_classes(manifest)
    manifest["tritium_failure_classes"] = classes
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    for key, c in sorted(classes.items(), key=lambda kv: -kv[1]["n"]):
        print(f"stage-gpu: tritium compile failure x{c['n']} (Triton compiled {c['triton_ok']} of them; e.g. program "
              f"{c['example']}): {key}")
    print(f"stage-gpu: device: python3 tests/diff/run_gpu_diff.py --bundle {os.path.relpath(a.out, ROOT)} "
          f"with carry=[\"{os.path.relpath(a.out, ROOT)}\"]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
