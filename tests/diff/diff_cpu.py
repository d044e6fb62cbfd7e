#!/usr/bin/env python3
"""Differential test: random Triton kernels (gen.py) on the CPU backend against NumPy.

    python3 tests/diff/diff_cpu.py [--count 200] [--seed 1] [--jobs 2] [--lib build/lib/libtritium.so]
                                   [--out build/diff-failures] [--no-minimize] [-v]
    python3 tests/diff/diff_cpu.py --show SEED INDEX      # print program INDEX's TTIR and description

Programs run in persistent worker processes (one MLIR context each, kernels compiled in process
through tests/cpu/cpu_runtime.py); a worker that dies takes only the program it was running with it
(a crash) and is restarted.  Every failure is minimized (fewer outputs, one program, no mask, nodes
replaced by their operands or by loads of their values, smaller tiles) and saved under --out as
<class>-<seed>-<index>/{k.ttir.mlir, original.ttir.mlir, info.json, inputs.npz}.

Summary line:
  diff-cpu: N programs, M mismatches, C compile failures, X crashes (S skipped as unsupported) in T s
exit 1 when M + C + X > 0.
"""
import argparse
import base64
import json
import os
import pickle
import queue
import re
import subprocess
import sys
import threading
import time
import traceback

try:
    import numpy as np  # noqa: F401
except ImportError:
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("diff-cpu: NumPy is not installed; skipped")
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "cpu"))

import gen  # noqa: E402
import minimize  # noqa: E402

# Messages of constructs the CPU backend documents as unsupported (docs/cpu-backend.md): not failures.
UNSUPPORTED = ("is not supported by the CPU backend",)


# ============================================================================ worker side
def run_program(rt, prog, threads=0):
    """Compile and run one program; returns dict(status=ok|mismatch|compile_fail|launch_fail|unsupported, msg)."""
    from cpu_runtime import CpuError
    text = prog.ttir()
    try:
        expected = prog.expected()
    except gen.Invalid as e:
        return dict(status="invalid", msg=str(e))
    try:
        k, secs = rt.load(text)
    except CpuError as e:
        msg = str(e)
        if any(u in msg for u in UNSUPPORTED):
            return dict(status="unsupported", msg=msg[:2000])
        return dict(status="compile_fail", msg=msg[:2000])
    grid, args, n_in = prog.launch_args()
    ins_before = [a.copy() for a in args[:n_in]]
    try:
        k.launch(grid, args, threads)
    except CpuError as e:
        return dict(status="launch_fail", msg=str(e)[:2000])
    outs = args[n_in:n_in + len(prog.outputs)]
    msgs = prog.check(outs, args[:n_in], expected)
    for a, b in zip(args[:n_in], ins_before):
        pass
    if msgs:
        return dict(status="mismatch", msg="; ".join(msgs)[:2000], bad_outputs=[
            int(m[3:m.index(" ")]) for m in msgs if m.startswith("out")])
    return dict(status="ok", compile_s=round(secs, 3))


def worker_main(lib):
    from cpu_runtime import CpuRuntime
    rt = CpuRuntime(lib)
    out = sys.stdout
    for line in sys.stdin:
        job = json.loads(line)
        try:
            if "pickle" in job:
                prog = pickle.loads(base64.b64decode(job["pickle"]))
            else:
                prog = gen.generate(job["seed"], job["index"], job.get("profile", "cpu"))
            res = run_program(rt, prog, job.get("threads", 0))
        except Exception:  # noqa: BLE001  (a generator bug: reported, never silent)
            res = dict(status="harness_error", msg=traceback.format_exc()[-2000:])
        res["job"] = job["job"]
        out.write(json.dumps(res) + "\n")
        out.flush()
    return 0


# ============================================================================ parent side
class Worker:
    def __init__(self, lib, timeout):
        self.lib = lib
        self.timeout = timeout
        self.proc = None
        self.served = 0

    def start(self):
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", "--lib", self.lib],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env, bufsize=1)
        self.served = 0
        self.err_lines = []
        threading.Thread(target=self._drain, args=(self.proc,), daemon=True).start()

    def _drain(self, proc):
        for line in proc.stderr:
            self.err_lines.append(line)
            del self.err_lines[:-40]

    def stop(self):
        if self.proc:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except Exception:  # noqa: BLE001
                self.proc.kill()
            self.proc = None

    def run(self, job):
        """One job; restarts the worker after a crash or a hang."""
        if self.proc is None or self.proc.poll() is not None or self.served >= 400:
            self.stop()
            self.start()
        self.served += 1
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        box = []
        t = threading.Thread(target=lambda: box.append(self.proc.stdout.readline()), daemon=True)
        t.start()
        t.join(self.timeout)
        if box and box[0]:
            return json.loads(box[0])
        if not box:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
            return dict(job=job["job"], status="crash", msg=f"hang: no answer in {self.timeout} s")
        rc = self.proc.wait()
        tail = "".join(self.err_lines[-12:])
        self.proc = None
        return dict(job=job["job"], status="crash", msg=f"worker died (exit {rc}): {tail[-1500:]}")


class Pool:
    def __init__(self, lib, jobs, timeout):
        self.workers = [Worker(lib, timeout) for _ in range(jobs)]

    def map(self, jobs, on_result=None):
        q = queue.Queue()
        for j in jobs:
            q.put(j)
        results = {}
        lock = threading.Lock()

        def loop(w):
            while True:
                try:
                    j = q.get_nowait()
                except queue.Empty:
                    return
                r = w.run(j)
                with lock:
                    results[j["job"]] = r
                    if on_result:
                        on_result(j, r)
        ts = [threading.Thread(target=loop, args=(w,)) for w in self.workers]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return [results[j["job"]] for j in jobs]

    def close(self):
        for w in self.workers:
            w.stop()


CLASS_OF = {"mismatch": "mismatch", "compile_fail": "compile", "launch_fail": "crash", "crash": "crash",
            "harness_error": "harness"}


def undefined_symbols(prog):
    """Symbols the program's CPU object code needs from outside (tritium-compile --target cpu + llvm-nm)."""
    import tempfile
    comp = os.path.join(ROOT, "build", "bin", "tritium-compile")
    nm = "/usr/lib/llvm-22/bin/llvm-nm"
    if not (os.path.exists(comp) and os.path.exists(nm)):
        return []
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "k.ttir.mlir")
        with open(src, "w") as f:
            f.write(prog.ttir())
        r = subprocess.run([comp, src, "--target", "cpu", "-o", os.path.join(d, "k.o")], capture_output=True)
        if r.returncode:
            return []
        r = subprocess.run([nm, "-u", os.path.join(d, "k.o")], capture_output=True, text=True)
        return sorted(line.split()[-1] for line in r.stdout.splitlines() if line.strip())


BUILTIN_PREFIXES = ("__trunc", "__extend", "__float", "__fix")


def known_tags(prog, res):
    """Known open bugs (being fixed elsewhere) that a failure matches."""
    tags = []
    feats = " ".join(prog.features())
    msg = res.get("msg", "")
    if "which Tritium does not provide" in msg:
        syms = re.findall(r"calls '([^']+)'", msg)
        if any(x.startswith(BUILTIN_PREFIXES) for x in syms):
            tags.append("known:jit-missing-compiler-rt-builtins(" + ",".join(syms) + ")")
    if "materialize symbols" in msg:
        syms = [s for s in undefined_symbols(prog) if s.startswith(BUILTIN_PREFIXES)]
        if syms:
            tags.append("known:jit-missing-compiler-rt-builtins(" + ",".join(syms) + ")")
    if any(nd.op == "select" and nd.args[0].dims != nd.dims for nd in prog.live_nodes()):
        tags.append("known:select-scalar-i1-condition")
    if "rtz" in feats or any(nd.attrs.get("rounding") == "rtz" for nd in prog.live_nodes()):
        tags.append("known:fp_to_fp-rtz")
    return tags


def save_failure(outdir, prog, orig, res, minimized_res, extra):
    cls = CLASS_OF.get(res["status"], res["status"])
    d = os.path.join(outdir, f"{cls}-{prog.seed}-{prog.index}-{prog.profile}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "k.ttir.mlir"), "w") as f:
        f.write(prog.ttir())
    with open(os.path.join(d, "original.ttir.mlir"), "w") as f:
        f.write(orig.ttir())
    grid, args, n_in = prog.launch_args()
    np.savez(os.path.join(d, "inputs.npz"), **{f"in{k}": a for k, a in enumerate(args[:n_in])})
    info = dict(cls=cls, status=res["status"], seed=prog.seed, index=prog.index, profile=prog.profile,
                original=orig.describe(), minimized=prog.describe(), features=prog.features(),
                original_msg=res.get("msg"), minimized_msg=minimized_res.get("msg"),
                known=known_tags(prog, minimized_res), grid=list(grid), n=int(prog.n),
                inputs=[dict(name=f"in{k}", t=i["t"], dist=i.get("dist"), elements=int(i["data"].size))
                        for k, i in enumerate(prog.inputs)],
                replay=f"python3 tests/diff/diff_cpu.py --show {prog.seed} {prog.index}", **extra)
    with open(os.path.join(d, "info.json"), "w") as f:
        json.dump(info, f, indent=1, default=str)
    return d, info


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first program index")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "lib", "libtritium.so"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "diff-failures"))
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per program before it counts as a hang")
    ap.add_argument("--no-minimize", action="store_true")
    ap.add_argument("--minimize-budget", type=float, default=60.0, help="seconds of minimization per failure")
    ap.add_argument("--max-saved", type=int, default=40, help="failures minimized and saved per run")
    ap.add_argument("--show", nargs=2, type=int, metavar=("SEED", "INDEX"))
    ap.add_argument("--profile", default="cpu")
    ap.add_argument("--allow-known", action="store_true",
                    help="failures matching a known open bug (tagged known:...) do not fail the run")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    if a.worker:
        return worker_main(a.lib)
    if a.show:
        p = gen.generate(a.show[0], a.show[1], a.profile)
        print(p.ttir())
        print(json.dumps(p.describe()))
        print(" ".join(p.features()))
        return 0
    if not os.path.isfile(a.lib):
        print(f"diff-cpu: {a.lib} not found (make build)")
        return 2
    t0 = time.time()
    pool = Pool(a.lib, a.jobs, a.timeout)
    counts = dict(ok=0, mismatch=0, compile_fail=0, crash=0, unsupported=0, invalid=0, harness_error=0)
    failures = []

    def on_result(j, r):
        st = r["status"]
        st = "crash" if st == "launch_fail" else st
        counts[st] = counts.get(st, 0) + 1
        if st not in ("ok", "unsupported", "invalid"):
            failures.append((j, r))
            if a.allow_known:
                try:
                    tags = known_tags(gen.generate(j["seed"], j["index"], j["profile"]), r)
                except Exception:  # noqa: BLE001
                    tags = []
                if tags:
                    counts["known"] = counts.get("known", 0) + 1
                    r["known"] = tags
            print(f"diff-cpu: {st} seed={j['seed']} index={j['index']}: {r.get('msg', '')[:300]}"
                  + (f" [{' '.join(r['known'])}]" if r.get("known") else ""), flush=True)
        elif a.v:
            print(f"diff-cpu: {st} {j['index']}", flush=True)
        done = sum(v for k_, v in counts.items() if k_ != "known")
        if done % 2000 == 0:
            print(f"diff-cpu: ... {done} programs, {time.time() - t0:.0f} s", flush=True)
    jobs = [dict(job=i, seed=a.seed, index=i, profile=a.profile) for i in range(a.start, a.start + a.count)]
    pool.map(jobs, on_result)
    run_s = time.time() - t0
    saved = []
    if failures and not a.no_minimize:
        for j, r in failures[:a.max_saved]:
            orig = gen.generate(j["seed"], j["index"], j["profile"])
            try:
                small, sres, stats = minimize.minimize(orig, r, lambda progs: run_batch(pool, progs),
                                                       budget=a.minimize_budget)
            except Exception:  # noqa: BLE001
                print("diff-cpu: minimizer error:\n" + traceback.format_exc())
                small, sres, stats = orig, r, {}
            d, info = save_failure(a.out, small, orig, r, sres, dict(minimize=stats))
            saved.append(d)
            print(f"diff-cpu: saved {os.path.relpath(d, ROOT)}: {info['cls']} [{', '.join(info['features'])}]"
                  + (f" {' '.join(info['known'])}" if info["known"] else "") + f": {str(sres.get('msg'))[:300]}",
                  flush=True)
    pool.close()
    n = sum(v for k_, v in counts.items() if k_ != "known")
    crashes = counts["crash"]
    print(f"diff-cpu: {n} programs, {counts['mismatch']} mismatches, {counts['compile_fail']} compile failures, "
          f"{crashes} crashes ({counts['unsupported']} skipped as unsupported"
          + (f", {counts['harness_error']} harness errors" if counts["harness_error"] else "")
          + f") in {run_s:.0f} s (seed {a.seed}, programs {a.start}..{a.start + a.count - 1})")
    bad = counts["mismatch"] + counts["compile_fail"] + crashes + counts["harness_error"]
    if a.allow_known and counts.get("known"):
        print(f"diff-cpu: {counts['known']} of the failures match known open bugs (--allow-known)")
        bad -= counts["known"]
    return 1 if bad else 0


def run_batch(pool, progs):
    jobs = [dict(job=i, pickle=base64.b64encode(pickle.dumps(p)).decode()) for i, p in enumerate(progs)]
    return pool.map(jobs)


if __name__ == "__main__":
    sys.exit(main())
