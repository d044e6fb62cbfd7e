#!/usr/bin/env python3
"""Writes every observable output of a Tritium build into one folder, so that two builds can be diffed.

The safety net of a restructuring (issue 24: "outputs stay byte-identical"): take a snapshot before
the change, one after, and compare them byte for byte:

    python3 tools/snapshot.py --out build/snapshot-before      # on the old tree, after `cmake --build build`
    ... move code, rebuild ...
    python3 tools/snapshot.py --out build/snapshot-after
    diff -r build/snapshot-before build/snapshot-after && echo identical

What it records (docs/architecture.md, "Checking that a move changed nothing"):

- for every corpus kernel (<corpus>/{cuda_sm80,cuda_sm90,hip_gfx942}/K.*, Triton 3.9's own files) and
  every extra kernel (tests/gpu/extra/cuda_sm80/K.*), under kernels/<set>/:
  - K.make_ttir.mlir      tritium-opt K.source.mlir, builtin.module(tritium-make-ttir{target=T})
                          (kernels with a source file)
  - K.ttgir_convert.mlir  tritium-opt K.ttir.mlir, convert-triton-to-tritongpu{target num-warps
                          threads-per-warp num-ctas}
  - K.make_ttgir.mlir     tritium-opt K.ttir.mlir, tritium-make-ttgir{target num-warps num-stages
                          threads-per-warp} (a refusal, e.g. for hip:gfx942, is recorded as such)
  - K.prellvm.mlir        tritium-opt K.ttgir.mlir, the passes make_llir runs before the conversion
                          (the pipeline of tests/passes/check_prellvm.py; cuda targets)
  - K.make_llir.mlir      tritium-opt K.ttgir.mlir, tritium-make-llir{target=T}: the LLVM dialect
                          (cuda targets)
  - K.ptx, K.ptx.json     tritium-compile K.ttir.mlir --target cuda:80 (make_ttgir + make_llir + PTX)
                          and its metadata JSON
  - K.ttgir.ptx, .json    tritium-compile K.ttgir.mlir --target cuda:80 (Triton's TTGIR; cuda_sm80 sets)
  - K.cpu.ll, K.cpu.json  tritium-compile K.ttir.mlir --target cpu --emit llvm-ir (the CPU backend's
                          optimized LLVM IR for generic x86-64) and its metadata JSON
  - K.cpu.o               the same, --emit obj (the object code, generic x86-64)
  - K.<step>.err          only when the step exited non-zero or wrote to stderr: `exit N` and stderr
  Each step's input is Triton's file of the previous stage, so a difference shows at the step that
  makes it and does not cascade; K.ptx is the whole chain from TTIR.
- lit/results.txt: every lit test and its result (PASS, FAIL, UNSUPPORTED, ...), sorted by name;
- lit/filecheck/<test>.<n>.txt: the text that the n-th FileCheck of a lit test read, i.e. what the
  RUN line's tool printed (a FileCheck shim put first on lit's PATH, through $TRITIUM_LIT_PATH_PREPEND,
  which tests/lit.cfg.py honours), with the FileCheck arguments on the first line; cargo's status
  lines, ninja's [n/m] progress lines and tritium-pm-time's measured times are left out of these
  copies (the real FileCheck still reads everything);
- status.txt: one line per step with its exit status.

Deterministic: no timestamps or timings are written, the steps run with the kernel's folder as working
directory on the file's base name, and the checkout, build and corpus paths are replaced by <repo>,
<build> and <corpus> in every text output (object files are written as the compiler made them).
Running it twice on one build gives identical folders. It prints its wall time and a summary to stdout.

Parallel: --jobs subprocesses at a time (default 2, the cores of the shared machine); lit runs after
the kernels with -j of the same number. --no-lit skips lit (then the lit/ folder is absent).

    python3 tools/snapshot.py --out DIR [--build build] [--corpus ../shared/corpus] [--jobs 2]
                              [--no-lit] [--kernels K1,K2] [--timeout 300]

Everything runs a private copy of <build>/bin, <build>/lib and <build>/TritiumConfig.cmake taken at
the start (copied again if a rebuild changes them meanwhile), so a rebuild by someone else during the
snapshot cannot mix two builds; lit runs with TRITIUM_BUILD_DIR set to that copy (its exec root,
and so the %t files, are in the copy too) and LD_LIBRARY_PATH to its lib/ (the tools' RUNPATH names
the live build/lib). The lit tests of tests/backends build an outside backend
from the current *sources* (TritiumConfig.cmake points at the checkout), as they always do.

Exit status: 0 when the snapshot was written (a step that fails is an output like any other and is
recorded, not an error of this script), 2 on bad usage (a missing tool, an --out that is not a
snapshot folder).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_BIN = "/usr/lib/llvm-22/bin"
CORPUS_TARGETS = ("cuda_sm80", "cuda_sm90", "hip_gfx942")
EXTRA = os.path.join(ROOT, "tests", "gpu", "extra", "cuda_sm80")
# The passes Triton's make_llir runs before convert-triton-gpu-to-llvm (tests/passes/check_prellvm.py).
PRELLVM = (
    "builtin.module(tritongpu-combine-tensor-select-and-if,tritongpu-allocate-warp-groups,"
    "convert-scf-to-cf,allocate-shared-memory-nv{{compute-capability={cc} ptx-version=88}},"
    "triton-tensor-memory-allocation,triton-nvidia-gpu-membar{{compute-capability={cc} ptx-version=88}},"
    "tritongpu-global-scratch-memory-allocation)"
)
# Files of a snapshot folder; an --out folder holding anything else is refused, not wiped.
SNAPSHOT_ENTRIES = {"kernels", "lit", "status.txt"}
LIT_RESULT = re.compile(r"^([A-Z]+): (.+?) \(\d+ of \d+\)$")

SHIM = r'''#!/usr/bin/env python3
# FileCheck shim written by tools/snapshot.py: saves what FileCheck reads, then runs the real one.
import os, subprocess, sys
import re
REAL, OUT, TESTS, SUBS = {real!r}, {out!r}, {tests!r}, {subs!r}
# Output that differs from run to run by nature: cargo's status lines, ninja's progress lines (their
# order under -j), tritium-pm-time's measured times.
VOLATILE = [
    (re.compile(rb"^ +(Compiling|Finished|Blocking|Locking|Adding|Updating|Fresh|Checking|Downloaded|Downloading) .*\n?", re.M), b""),
    (re.compile(rb"^\[\d+/\d+\] .*\n?", re.M), b""),
    (re.compile(rb'"(samples_ms|median_ms|min_ms)": (\[[^\]]*\]|[0-9.e+-]+)'), rb'"\1": <time>'),
]
def norm(data):
    for old, new in SUBS:
        data = data.replace(old.encode(), new.encode())
    for rx, new in VOLATILE:
        data = rx.sub(new, data)
    return data
data = sys.stdin.buffer.read()
args = sys.argv[1:]
check = next((a for a in args if os.path.isfile(a)), "unknown")
name = os.path.relpath(os.path.abspath(check), TESTS) if check != "unknown" else check
base = os.path.join(OUT, name.replace(os.sep, "__"))
n = 1
while True:
    try:
        fd = os.open(f"{{base}}.{{n}}.txt", os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        break
    except FileExistsError:
        n += 1
with os.fdopen(fd, "wb") as f:
    f.write(norm(("# FileCheck " + " ".join(args) + "\n").encode()) + norm(data))
sys.exit(subprocess.run([REAL] + args, input=data).returncode)
'''


class Snapshot:
    def __init__(self, args):
        self.out = os.path.abspath(args.out)
        self.build = os.path.abspath(args.build)
        self.corpus = os.path.abspath(args.corpus)
        self.timeout = args.timeout
        # Everything runs a private copy of build/bin, build/lib and build/TritiumConfig.cmake
        # (LD_LIBRARY_PATH comes before the tools' RUNPATH; lit gets TRITIUM_BUILD_DIR), so that a
        # rebuild by someone else during the snapshot cannot mix two builds into one snapshot.
        self.frozen = freeze(self.build)
        self.env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(self.frozen, "lib"))
        self.opt = os.path.join(self.frozen, "bin", "tritium-opt")
        self.compile = os.path.join(self.frozen, "bin", "tritium-compile")
        # Longest first: the build folder lies inside the checkout.
        self.subs = sorted(
            [(self.build, "<build>"), (self.frozen, "<build>"), (ROOT, "<repo>"), (self.corpus, "<corpus>"),
             (os.path.realpath(self.corpus), "<corpus>")],
            key=lambda s: -len(s[0]))

    def norm(self, data):
        for old, new in self.subs:
            data = data.replace(old.encode(), new.encode())
        return data

    # --- the kernel steps -------------------------------------------------------------------

    def kernel_steps(self, kernel_filter):
        """(set name, folder, kernel, meta) for every corpus and extra kernel with a TTIR file."""
        sets = [(f"corpus/{t}", os.path.join(self.corpus, t)) for t in CORPUS_TARGETS]
        sets.append(("extra/cuda_sm80", EXTRA))
        steps = []
        for set_name, folder in sets:
            if not os.path.isdir(folder):
                print(f"snapshot: no folder {folder}; its kernels are not recorded", file=sys.stderr)
                continue
            names = sorted(f[: -len(".ttir.mlir")] for f in os.listdir(folder) if f.endswith(".ttir.mlir"))
            for k in names:
                if kernel_filter and k not in kernel_filter:
                    continue
                with open(os.path.join(folder, f"{k}.meta.json"), encoding="utf-8") as handle:
                    meta = json.load(handle)
                steps += self.steps_of(set_name, folder, k, meta)
        return steps

    def steps_of(self, set_name, folder, k, meta):
        target = meta["target"]
        cm = meta.get("compile_metadata", {})
        nw, ns, tpw = cm.get("num_warps", 4), cm.get("num_stages", 3), cm.get("warp_size", 32)
        cuda = target.startswith("cuda:")
        out = os.path.join("kernels", set_name)
        opt = lambda pipeline: [self.opt, f"--pass-pipeline={pipeline}"]  # noqa: E731
        steps = []

        def add(step, argv, outputs):
            steps.append((out, folder, k, step, argv, outputs))

        if os.path.exists(os.path.join(folder, f"{k}.source.mlir")):
            add("make_ttir", opt(f"builtin.module(tritium-make-ttir{{target={target}}})") + [f"{k}.source.mlir"],
                {"stdout": f"{k}.make_ttir.mlir"})
        add("ttgir_convert",
            opt(f"builtin.module(convert-triton-to-tritongpu{{target={target} num-warps={nw} "
                f"threads-per-warp={tpw} num-ctas=1}})") + [f"{k}.ttir.mlir"],
            {"stdout": f"{k}.ttgir_convert.mlir"})
        add("make_ttgir",
            opt(f"builtin.module(tritium-make-ttgir{{target={target} num-warps={nw} num-stages={ns} "
                f"threads-per-warp={tpw}}})") + [f"{k}.ttir.mlir"],
            {"stdout": f"{k}.make_ttgir.mlir"})
        if cuda and os.path.exists(os.path.join(folder, f"{k}.ttgir.mlir")):
            cc = target[len("cuda:"):]
            add("prellvm", opt(PRELLVM.format(cc=cc)) + [f"{k}.ttgir.mlir"], {"stdout": f"{k}.prellvm.mlir"})
            add("make_llir", opt(f"builtin.module(tritium-make-llir{{target={target}}})") + [f"{k}.ttgir.mlir"],
                {"stdout": f"{k}.make_llir.mlir"})
        add("ptx", [self.compile, f"{k}.ttir.mlir", "--target", "cuda:80", "--num-warps", str(nw),
                    "--num-stages", str(ns), "-o", "@ptx", "--metadata", "@json"],
            {"@ptx": f"{k}.ptx", "@json": f"{k}.ptx.json"})
        if set_name.endswith("cuda_sm80") and os.path.exists(os.path.join(folder, f"{k}.ttgir.mlir")):
            add("ttgir_ptx", [self.compile, f"{k}.ttgir.mlir", "--target", "cuda:80", "-o", "@ptx",
                              "--metadata", "@json"],
                {"@ptx": f"{k}.ttgir.ptx", "@json": f"{k}.ttgir.ptx.json"})
        add("cpu_ll", [self.compile, f"{k}.ttir.mlir", "--target", "cpu", "--emit", "llvm-ir", "-o", "@ll",
                       "--metadata", "@json"],
            {"@ll": f"{k}.cpu.ll", "@json": f"{k}.cpu.json"})
        add("cpu_obj", [self.compile, f"{k}.ttir.mlir", "--target", "cpu", "--emit", "obj", "-o", "@obj",
                        "--no-metadata"],
            {"@obj": f"{k}.cpu.o"})
        return steps

    def run_step(self, step):
        """Runs one step; writes its outputs; returns its status line."""
        out, folder, k, name, argv, outputs = step
        dest = os.path.join(self.out, out)
        with tempfile.TemporaryDirectory(prefix="tritium-snapshot-") as tmp:
            files = {key: os.path.join(tmp, os.path.basename(path)) for key, path in outputs.items()
                     if key.startswith("@")}
            cmd = [files.get(a, a) for a in argv]
            try:
                res = subprocess.run(cmd, cwd=folder, env=self.env, stdin=subprocess.DEVNULL,
                                     capture_output=True, timeout=self.timeout)
                rc, stdout, stderr = res.returncode, res.stdout, res.stderr
            except subprocess.TimeoutExpired as exc:
                rc, stdout, stderr = "timeout", exc.stdout or b"", exc.stderr or b""
            if "stdout" in outputs and rc == 0:
                self.write(os.path.join(dest, outputs["stdout"]), self.norm(stdout))
            for key, tmp_path in files.items():
                if os.path.exists(tmp_path):
                    with open(tmp_path, "rb") as handle:
                        data = handle.read()
                    if not outputs[key].endswith(".o"):
                        data = self.norm(data)
                    self.write(os.path.join(dest, outputs[key]), data)
        stdout_saved = "stdout" in outputs and rc == 0
        extra = self.norm(stdout) if stdout and not stdout_saved else b""
        if rc != 0 or stderr or extra:
            self.write(os.path.join(dest, f"{k}.{name}.err"),
                       f"exit {rc}\n".encode() + self.norm(stderr) + (b"--- stdout\n" + extra if extra else b""))
        return f"{out}/{k} {name} exit={rc}"

    @staticmethod
    def write(path, data):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)

    # --- lit ----------------------------------------------------------------------------------

    def run_lit(self, jobs):
        """Runs lit on tests/ with the FileCheck shim; writes lit/results.txt and lit/filecheck/."""
        captured = os.path.join(self.out, "lit", "filecheck")
        os.makedirs(captured)
        with tempfile.TemporaryDirectory(prefix="tritium-snapshot-shim-") as shim_dir:
            shim = os.path.join(shim_dir, "FileCheck")
            with open(shim, "w", encoding="utf-8") as handle:
                handle.write(SHIM.format(real=os.path.join(LLVM_BIN, "FileCheck"), out=captured,
                                         tests=os.path.join(ROOT, "tests"), subs=self.subs))
            os.chmod(shim, 0o755)
            env = dict(self.env, TRITIUM_LIT_PATH_PREPEND=shim_dir, TRITIUM_BUILD_DIR=self.frozen)
            res = subprocess.run([os.path.join(LLVM_BIN, "lit"), "-v", f"-j{jobs}", "tests"], cwd=ROOT,
                                 env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        results = sorted((m.group(2), m.group(1)) for m in map(LIT_RESULT.match, res.stdout.splitlines()) if m)
        if not results:
            print(res.stdout[-3000:] + res.stderr[-3000:], file=sys.stderr)
        self.write(os.path.join(self.out, "lit", "results.txt"),
                   "".join(f"{result}: {name}\n" for name, result in results).encode())
        counts = {}
        for _, result in results:
            counts[result] = counts.get(result, 0) + 1
        return results, counts, len(os.listdir(captured))


FROZEN = ("bin", "lib", "TritiumConfig.cmake")


def build_stamp(build):
    """(path, size, mtime) of the build's tools, libraries and CMake package."""
    stamp = []
    for sub in FROZEN:
        path = os.path.join(build, sub)
        if os.path.isdir(path):
            paths = [os.path.join(path, name) for name in sorted(os.listdir(path))]
        else:
            paths = [path] if os.path.exists(path) else []
        for item in paths:
            st = os.stat(item)
            stamp.append((item, st.st_size, st.st_mtime_ns))
    return stamp


def freeze(build):
    """A private copy of what the steps and lit run; taken again while a rebuild changes it."""
    for _ in range(10):
        before = build_stamp(build)
        frozen = tempfile.mkdtemp(prefix="tritium-snapshot-build-")
        for sub in FROZEN:
            src = os.path.join(build, sub)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(frozen, sub), symlinks=True)
            elif os.path.exists(src):
                shutil.copy2(src, os.path.join(frozen, sub))
        if build_stamp(build) == before:
            return frozen
        shutil.rmtree(frozen, ignore_errors=True)
        time.sleep(20)
    raise SystemExit(f"snapshot: {build} kept changing while it was copied (a rebuild?); try again later")


def prepare_out(path):
    if os.path.exists(path):
        entries = set(os.listdir(path))
        if entries - SNAPSHOT_ENTRIES:
            raise SystemExit(f"snapshot: {path} exists and is not a snapshot folder "
                             f"(holds {', '.join(sorted(entries - SNAPSHOT_ENTRIES)[:5])}); not overwriting")
        shutil.rmtree(path)
    os.makedirs(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="the snapshot folder (replaced if it holds a snapshot)")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=300, help="seconds per step")
    ap.add_argument("--no-lit", action="store_true", help="skip the lit tests")
    ap.add_argument("--kernels", default="", help="only these kernels (comma-separated names)")
    args = ap.parse_args()
    start = time.monotonic()
    for tool in ("tritium-opt", "tritium-compile"):
        if not os.access(os.path.join(args.build, "bin", tool), os.X_OK):
            print(f"snapshot: {tool} is not built (cmake --build {args.build})", file=sys.stderr)
            return 2
    snap = Snapshot(args)
    try:
        return take(args, snap, start)
    finally:
        shutil.rmtree(snap.frozen, ignore_errors=True)


def take(args, snap, start):
    prepare_out(snap.out)
    steps = snap.kernel_steps(set(filter(None, args.kernels.split(","))))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        status = sorted(pool.map(snap.run_step, steps))
    snap.write(os.path.join(snap.out, "status.txt"), "".join(line + "\n" for line in status).encode())
    failed = sum(1 for line in status if not line.endswith("exit=0"))
    kernels = len({line.split(" ")[0] for line in status})
    print(f"snapshot: {kernels} kernels, {len(steps)} steps ({failed} exited non-zero; see status.txt) "
          f"in {time.monotonic() - start:.1f} s")
    if not args.no_lit:
        lit_start = time.monotonic()
        results, counts, captured = snap.run_lit(args.jobs)
        summary = ", ".join(f"{n} {r}" for r, n in sorted(counts.items()))
        print(f"snapshot: lit {len(results)} tests ({summary}), {captured} FileCheck inputs captured "
              f"in {time.monotonic() - lit_start:.1f} s")
    print(f"snapshot: written to {snap.out} in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
