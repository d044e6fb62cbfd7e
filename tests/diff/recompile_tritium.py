#!/usr/bin/env python3
"""recompile_tritium.py -- recompile Tritium's side of a staged GPU bundle after a compiler change.

    python3 tests/diff/recompile_tritium.py --bundle build/diff-gpu-bundle [--out DIR] [--jobs 2]

Staging (`stage_gpu.py`) spends most of its time in Triton's compiler. This keeps a bundle's
programs, generator copy and Triton's PTX, and recompiles every program's TTIR with
`build/bin/tritium-compile` (libdevice is linked by default), rewriting the manifest's Tritium
status, errors and failure classes. The output replaces the bundle unless --out is given.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from stage_gpu import failure_classes, pack_shards  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bundle", default=os.path.join(ROOT, "build", "diff-gpu-bundle"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--compiler", default=os.path.join(ROOT, "build", "bin", "tritium-compile"))
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    out = a.out or a.bundle
    with open(os.path.join(a.bundle, "manifest.json")) as f:
        manifest = json.load(f)
    work = tempfile.mkdtemp(prefix="diff-gpu-recompile-")
    for shard in manifest["shards"]:
        with tarfile.open(os.path.join(a.bundle, shard)) as tf:
            tf.extractall(work)
    os.makedirs(os.path.join(work, "tritium"), exist_ok=True)
    todo = sorted(manifest["programs"], key=int)
    lock = threading.Lock()
    pending = list(todo)

    def compile_one():
        while True:
            with lock:
                if not pending:
                    return
                i = pending.pop(0)
            rec = manifest["programs"][i]
            ptx = os.path.join(work, "tritium", f"{i}.ptx")
            for f in (ptx, ptx[:-4] + ".json"):
                if os.path.exists(f):
                    os.remove(f)
            cmd = [a.compiler, os.path.join(work, f"{i}.ttir"), "--target", "cuda:80",
                   "--num-warps", str(rec["num_warps"]), "-o", ptx]
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
                rc, err = r.returncode, (r.stderr or "") + (r.stdout or "")
            except subprocess.TimeoutExpired:
                rc, err = -9, "timed out after 300 s"
            rec.pop("tritium_error", None)
            if rc == 0 and os.path.isfile(ptx) and os.path.isfile(ptx[:-4] + ".json"):
                rec["tritium"] = "ok"
            else:
                rec["tritium"] = "compile_fail" if rc > 0 else "crash"
                rec["tritium_error"] = f"exit {rc}: " + err[-1500:]

    threads = [threading.Thread(target=compile_one) for _ in range(a.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if out != a.bundle:
        shutil.copytree(os.path.join(a.bundle, "gen"), os.path.join(out, "gen"), dirs_exist_ok=True)
    os.makedirs(out, exist_ok=True)
    manifest["shards"] = pack_shards(work, out, [int(i) for i in todo])
    manifest["tritium_failure_classes"] = failure_classes(manifest)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    shutil.rmtree(work, ignore_errors=True)
    progs = manifest["programs"].values()
    ok = sum(r["tritium"] == "ok" for r in progs)
    print(f"recompile: {len(todo)} programs: tritium compiled {ok}, failed {len(todo) - ok}; triton compiled "
          f"{sum(r['triton'] == 'ok' for r in progs)}; bundle {os.path.relpath(out, ROOT)}")
    for key, c in sorted(manifest["tritium_failure_classes"].items(), key=lambda kv: -kv[1]["n"]):
        print(f"recompile: tritium compile failure x{c['n']} (Triton compiled {c['triton_ok']} of them; e.g. "
              f"program {c['example']}): {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
