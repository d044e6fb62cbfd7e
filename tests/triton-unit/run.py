#!/usr/bin/env python3
"""Triton's own Python unit tests (python/test/unit/language/) on this CPU through the
`tritium_cpu` backend, against a checked-in list of expected failures (issue 28).

Each test file runs under pytest (`--device cpu`, pytest-xdist workers, a per-test timeout) in
the torch venv that `make deps-torch` makes (TRITON_VENV_TORCH, default
~/.cache/tritium/triton-3.9.0-torch: triton==3.9.0, torch, pytest, pytest-xdist,
pytest-timeout, scipy). The backend's `triton.backends` entry point is registered for those
processes only (python/install_dev.py's dist-info in a temporary directory on PYTHONPATH), with
TRITON_DEFAULT_BACKEND=tritium_cpu and a fresh TRITON_CACHE_DIR. Results come from pytest's
JUnit XML and are compared, test by test, with `expected.tsv` beside this script:

- a test not in the list must pass or be skipped (by the test itself: GPU-only features);
  a failure, an error or a crashed worker is an "unexpected failure";
- a test in the list must still fail ("unexpected pass" otherwise: take it off the list with
  --update, so the list only shrinks); adding failures needs --update --allow-add, and each
  gets the class and reason of the first rule of CLASSES its failure message matches.

Triton's test files are not in its wheel and are not kept in this repository: they are read
from --tests DIR, $TRITON_UNIT_DIR, ../shared/triton-unit/<commit> or
~/.cache/tritium/triton-unit/<commit> (the first that exists), where <commit> is
UPSTREAM_COMMIT (README.md beside this script says which tree that is, and MANIFEST.tsv has
every file's sha256, checked before a run). `--fetch-from GITDIR` fills the cache directory
from a git clone of Triton holding that commit. Without the files the check says it is
skipped and exits 0.

By default each test function runs a fixed sample of its parametrizations (--sample 16: about 1 in
16, at least 16, the same every run; tritium_sample.py) and SLOW files are left out, which keeps
the run to a few minutes on 2 cores; --full runs every test of every file (test_core.py alone has
8,255 tests, ~35 min here). The list covers the full set, so a sampled run compares the tests it
ran.

usage: run.py [--files test_core.py,...] [--full | --sample K] [-k EXPR] [-n N] [--timeout S] [--reuse]
              [--update [--allow-add]] [--tests DIR] [--fetch-from GITDIR] [--venv DIR]
"""
import argparse
import collections
import csv
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXPECTED = os.path.join(HERE, "expected.tsv")
MANIFEST = os.path.join(HERE, "MANIFEST.tsv")
UPSTREAM_COMMIT = "f4fca2c0bc0e19930d2be76bb06ee7b232b60e86"
TEST_DIR = "python/test/unit/language"
# The files run, in order. Left out: test_matmul.py (needs a CUDA device to collect), test_warp_specialization.py,
# test_clc.py, test_pipeliner.py, test_mxfp.py (GPU-only features), test_line_info.py (reads
# cubin line tables with nvdisasm), test_compile_only.py (compiles for GPU targets).
FILES = [
    "test_core.py", "test_standard.py", "test_random.py", "test_tuple.py", "test_annotations.py",
    "test_conversions.py", "test_decorator.py", "test_frontend.py", "test_compile_errors.py",
    "test_libdevice.py", "test_subprocess.py", "test_module.py", "test_reproducer.py",
    "test_tensor_descriptor.py",
]
# Run only with --full or --files: test_conversions.py converts every 2^24-value slice of f32 and
# 16-bit inputs per case (about 30 s a case here).
SLOW = ["test_conversions.py"]
# Left out of a sampled run (kept by --full), per file: a pytest -k expression of the tests to keep.
# test_tensor_descriptor.py: the 8192x8192x8192 cases of test_mxfp8_mxfp4_matmul_tma (1 to 3 minutes
# each here, 500 s of the file's 570 s; the 128- and 1024-sized cases of the same test still run).
SAMPLED_KEEP = {"test_tensor_descriptor.py": "not 8192"}
OUT_DIR = os.path.join(ROOT, "build", "triton-unit")

# Failure classes, most specific first: (class, regex on the test id, regex on the failure text,
# reason). The first rule whose two regexes match classifies a failure.
CLASSES = [
    ("gpu-only", r"", r"Found no NVIDIA driver|torch\.cuda|exchangeDevice|CUDA_VISIBLE|nvdisasm|cuobjdump",
     "the test needs a CUDA device or NVIDIA tools"),
    ("gpu-only", r"^test_pointer_arguments\[cpu\]", r"DID NOT RAISE",
     "the test expects a GPU backend to refuse CPU tensors; on the CPU backend they are the tensors"),
    ("gpu-ir", r"", r"Unknown key: .(ttgir|llir|ptx|cubin|amdgcn|ptx)",
     "the test inspects GPU stages (ttgir/llir/ptx) the CPU backend does not produce"),
    ("gpu-ir", r"^test_triton_reproducer_path", r"make_ttgir",
     "the test expects a make_ttgir stage (a GPU pipeline's reproducer)"),
    ("other-vendor", r"", r"fp8e4b8|fp8e5b16", "AMD's fp8 types (NVIDIA targets lack them too)"),
    ("frontend", r"^test_named_expr_without_prior_annotation_decays|^test_atomic_poll_rejects_tensor_pointer", r"",
     "checks Triton's frontend alone (IR before any backend stage): the test expects more than 3.9.0's frontend does"),
    ("backend-choice", r"^test_fp8_support", r"DID NOT RAISE",
     "the test expects fp8e4nv refused off sm89+ GPUs; the CPU backend offers it (software conversions)"),
    ("print", r"^test_print\[", r"",
     "the printed lines differ from Triton's on a GPU (a scalar or a print without operands once per thread:"
     " num_warps x 32 lines; a tensor once per element), which test_print counts line by line"),
    ("not-lowered", r"", r"tt\.extern_elementwise|libdevice",
     "a libdevice function without a C math library equivalent"),
    ("newer-than-3.9.0", r"^test_reduce\[", r"too many indices for tensor of rank 0",
     "the test indexes a scalar pointer (z_ptr[None, None, :]), which Triton 3.9.0's frontend rejects"),
    ("backend", r"", r"tensor descriptor arguments are not supported",
     "tensor descriptors are not on the CPU backend"),
    ("not-lowered", r"", r"tt\.elementwise_inline_asm", "inline assembly (fp8e4b15 conversions are Triton's inline PTX)"),
    ("not-lowered", r"", r"tt\.atomic_poll", "tt.atomic_poll is not lowered by the CPU backend yet"),
    ("not-lowered", r"", r"tt\.map_elementwise", "tt.map_elementwise is not lowered by the CPU backend yet"),
    ("not-lowered", r"", r"calls returning tensors", "a noinline device function returning a tensor"),
    ("not-lowered", r"", r"is not supported by the CPU backend|CompilationError: cannot compile the kernel",
     "an op the CPU backend does not lower yet (a located MLIR diagnostic)"),
    ("frontend", r"^test_scan2d\[cum(sum|prod)-bfloat16", r"Not equal to tolerance",
     "at the test files' commit tl.cumsum/tl.cumprod promote bf16 to fp32 (core._promote_bfloat16_to_float32),"
     " which the test's rtol 0.01 relies on; 3.9.0's frontend scans in bf16, rounding every step, which misses it"
     " in any association order (sequential, or the add.bf16 lane tree of Triton's GPU code)"),
]


def classify(test, text):
    for cls, test_re, pattern, reason in CLASSES:
        if re.search(test_re, test) and re.search(pattern, text):
            return cls, reason
    first = next((ln.strip() for ln in text.splitlines() if ln.strip().startswith("E ")), "")
    if not first:
        first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    return "unclassified", first[:160]


# --- the test files ---------------------------------------------------------------------------


def candidate_dirs(args):
    out = []
    if args.tests:
        out.append(args.tests)
    if os.environ.get("TRITON_UNIT_DIR"):
        out.append(os.environ["TRITON_UNIT_DIR"])
    out.append(os.path.join(os.path.dirname(ROOT), "shared", "triton-unit", UPSTREAM_COMMIT))
    out.append(os.path.expanduser(os.path.join("~/.cache/tritium/triton-unit", UPSTREAM_COMMIT)))
    return out


def read_manifest():
    rows = {}
    with open(MANIFEST, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            path, digest = line.rstrip("\n").split("\t")[:2]
            rows[path] = digest
    return rows


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def verify(tests_dir):
    bad = []
    for path, digest in read_manifest().items():
        p = os.path.join(tests_dir, path)
        if not os.path.exists(p):
            bad.append(f"{path}: missing")
        elif sha256(p) != digest:
            bad.append(f"{path}: sha256 differs from MANIFEST.tsv")
    return bad


def fetch_from(gitdir, dest):
    """Copies the manifest's files at UPSTREAM_COMMIT out of a git clone of Triton."""
    paths = sorted(read_manifest())
    tmp = tempfile.mkdtemp(prefix="triton-unit-", dir=os.path.dirname(dest) if os.path.isdir(
        os.path.dirname(dest)) else None)
    archive = subprocess.run(["git", f"--git-dir={gitdir}", "archive", UPSTREAM_COMMIT] + paths,
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
    bad = verify(tmp)
    if bad:
        shutil.rmtree(tmp)
        raise SystemExit("run.py: fetched files do not match MANIFEST.tsv:\n  " + "\n  ".join(bad))
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    os.rename(tmp, dest)


# --- running ----------------------------------------------------------------------------------


def register_entry_point():
    """A directory holding the package's dist-info (entry point `tritium_cpu`), for PYTHONPATH."""
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import install_dev

    root = install_dev.entry_point_dir()
    return root


def run_file(args, tests_dir, name, registration, cache_dir):
    xml = os.path.join(OUT_DIR, name.replace(".py", ".xml"))
    log = os.path.join(OUT_DIR, name.replace(".py", ".log"))
    if os.path.exists(xml):
        os.remove(xml)
    cmd = [os.path.join(args.venv, "bin", "python"), "-m", "pytest", "-p", "no:cacheprovider", "-q",
           "-p", "tritium_sample", f"--tritium-sample={args.sample}",
           "--device", "cpu", f"--timeout={args.timeout}", f"--junitxml={xml}", "-o", "junit_logging=no",
           os.path.join(TEST_DIR, name)]
    if args.jobs > 1:
        cmd[-1:-1] = ["-n", str(args.jobs)]
    keep = SAMPLED_KEEP.get(name) if args.sample else None
    if args.k or keep:
        cmd += ["-k", " and ".join(f"({e})" for e in (args.k, keep) if e)]
    env = dict(os.environ)
    env.update({
        "TRITON_DEFAULT_BACKEND": "tritium_cpu",
        "TRITON_CACHE_DIR": cache_dir,
        "PYTHONPATH": os.pathsep.join([registration, os.path.join(ROOT, "python"), HERE]),
        "TRITIUM_LIBRARY": os.path.join(ROOT, "build", "lib", "libtritium.so"),
        "PYTHONDONTWRITEBYTECODE": "1",
    })
    t0 = time.time()
    with open(log, "w", encoding="utf-8") as out:
        rc = subprocess.run(cmd, cwd=tests_dir, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
    return rc, time.time() - t0


def read_results(name):
    """{test id: (outcome, text)} from a file's JUnit XML; outcome in passed/failed/skipped."""
    xml = os.path.join(OUT_DIR, name.replace(".py", ".xml"))
    if not os.path.exists(xml):
        return None
    results = {}
    module = TEST_DIR.replace("/", ".") + "." + name[:-3]
    for case in ET.parse(xml).getroot().iter("testcase"):
        cls = case.get("classname", "")
        prefix = cls[len(module) + 1:] + "::" if cls.startswith(module + ".") else ""
        test = prefix + case.get("name", "")
        outcome, text = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = "failed"
                text = (child.get("message") or "") + "\n" + (child.text or "")
                break
            if child.tag == "skipped":
                outcome = "skipped"
                text = child.get("message") or ""
        if outcome == "passed" and test in results and results[test][0] != "passed":
            continue  # an error in teardown after a failure: keep the failure
        results[test] = (outcome, text)
    return results


def read_expected():
    rows = collections.OrderedDict()
    if not os.path.exists(EXPECTED):
        return rows
    with open(EXPECTED, encoding="utf-8") as f:
        for row in csv.reader((ln for ln in f if not ln.startswith("#")), delimiter="\t"):
            if row:
                rows[(row[0], row[1])] = (row[2], row[3])
    return rows


def write_expected(rows):
    with open(EXPECTED, "w", encoding="utf-8", newline="") as f:
        f.write("# Triton unit tests (tests/triton-unit/run.py) expected to fail on the tritium_cpu backend,\n"
                "# one class and reason each. The list may only shrink: run.py --update drops tests that pass;\n"
                "# adding one needs --allow-add. Classes (run.py CLASSES): gpu-only | gpu-ir | other-vendor |\n"
                "# newer-than-3.9.0 | frontend | backend | backend-choice | print | not-lowered | unclassified\n"
                "# file\ttest\tclass\treason\n")
        w = csv.writer(f, delimiter="\t", lineterminator="\n")
        for (file, test), (cls, reason) in sorted(rows.items()):
            w.writerow([file, test, cls, reason])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", help="comma-separated subset of " + ",".join(FILES))
    ap.add_argument("-k", help="pytest -k expression (the comparison then covers the selected tests only)")
    ap.add_argument("-n", "--jobs", type=int, default=os.cpu_count() or 1, help="pytest-xdist workers")
    ap.add_argument("--sample", type=int, default=16,
                    help="run about 1/K of each test function's parametrizations, at least 16 (tritium_sample.py)")
    ap.add_argument("--full", action="store_const", dest="sample", const=0, help="run every test (--sample 0)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per test (pytest-timeout)")
    ap.add_argument("--reuse", action="store_true", help="compare the last run's XML (build/triton-unit) again")
    ap.add_argument("--update", action="store_true", help="drop listed tests that pass")
    ap.add_argument("--allow-add", action="store_true", help="with --update: also list new failures")
    ap.add_argument("--tests", help="directory holding Triton's tree at UPSTREAM_COMMIT")
    ap.add_argument("--fetch-from", help="git directory of a Triton clone holding UPSTREAM_COMMIT")
    ap.add_argument("--venv", default=os.path.expanduser(
        os.environ.get("TRITON_VENV_TORCH", "~/.cache/tritium/triton-3.9.0-torch")))
    args = ap.parse_args()

    if args.fetch_from:
        dest = os.path.expanduser(os.path.join("~/.cache/tritium/triton-unit", UPSTREAM_COMMIT))
        fetch_from(args.fetch_from, dest)
        print(f"triton-unit: copied {len(read_manifest())} files of {UPSTREAM_COMMIT[:12]} to {dest}")
    tests_dir = next((d for d in candidate_dirs(args) if os.path.isdir(d)), None)
    if tests_dir is None:
        print("triton-unit: skipped: Triton's unit tests are not here (looked in "
              + ", ".join(candidate_dirs(args)) + "); see tests/triton-unit/README.md")
        return 0
    bad = verify(tests_dir)
    if bad:
        print(f"triton-unit: {tests_dir} is not Triton {UPSTREAM_COMMIT[:12]}:\n  " + "\n  ".join(bad))
        return 1
    files = args.files.split(",") if args.files else [f for f in FILES if args.sample == 0 or f not in SLOW]
    for name in files:
        if name not in FILES:
            raise SystemExit(f"run.py: unknown file {name} (one of {', '.join(FILES)})")
    if not args.reuse and not os.path.exists(os.path.join(args.venv, "bin", "python")):
        print(f"triton-unit: no venv at {args.venv} (make deps-torch makes it)")
        return 1
    lib = os.path.join(ROOT, "build", "lib", "libtritium.so")
    if not args.reuse and not os.path.exists(lib):
        print(f"triton-unit: {lib} is missing (make build)")
        return 1

    os.makedirs(OUT_DIR, exist_ok=True)
    expected = read_expected()
    registration = None if args.reuse else register_entry_point()
    cache_dir = tempfile.mkdtemp(prefix="tritium-triton-unit-cache-")
    totals = collections.Counter()
    unexpected_fail, unexpected_pass, new_rows, seen = [], [], {}, set()
    try:
        for name in files:
            if not args.reuse:
                rc, secs = run_file(args, tests_dir, name, registration, cache_dir)
            else:
                rc, secs = None, 0.0
            results = read_results(name)
            if results is None:
                log = os.path.join(OUT_DIR, name.replace(".py", ".log"))
                print(f"{name}: no results (pytest exit {rc}; see {log})")
                unexpected_fail.append((name, "<collection>", "no JUnit XML"))
                continue
            count = collections.Counter(o for o, _ in results.values())
            xfail = 0
            for test, (outcome, text) in results.items():
                key = (name, test)
                seen.add(key)
                listed = key in expected
                if outcome == "failed":
                    if listed:
                        xfail += 1
                        new_rows[key] = expected[key]
                    else:
                        unexpected_fail.append((name, test, text))
                        new_rows[key] = classify(test, text)
                elif listed:
                    if outcome == "passed":
                        unexpected_pass.append((name, test))
                    else:
                        new_rows[key] = expected[key]  # skipped this time: keep the row
            totals.update(count)
            print(f"{name}: {count['passed']} passed, {count['failed']} failed, {count['skipped']} skipped"
                  f" ({xfail} expected failures; {secs:.0f} s)", flush=True)
    finally:
        if registration:
            shutil.rmtree(registration, ignore_errors=True)
        shutil.rmtree(cache_dir, ignore_errors=True)

    by_class = collections.Counter()
    for key, (cls, _) in expected.items():
        if key in seen and key not in dict((u[0], u[1]) for u in unexpected_pass):
            by_class[cls] += 1
    if by_class:
        print("expected failures by class: " + ", ".join(f"{c} {n}" for c, n in by_class.most_common()))
    for name, test, text in unexpected_fail[:40]:
        cls, reason = classify(test, text)
        print(f"UNEXPECTED FAILURE {name}::{test}  [{cls}] {reason}")
    if len(unexpected_fail) > 40:
        print(f"... and {len(unexpected_fail) - 40} more unexpected failures")
    for name, test in unexpected_pass[:40]:
        print(f"UNEXPECTED PASS {name}::{test}")
    if len(unexpected_pass) > 40:
        print(f"... and {len(unexpected_pass) - 40} more unexpected passes")

    if args.update:
        rows = collections.OrderedDict()
        for key, row in expected.items():
            if key not in seen or key in new_rows:
                rows[key] = row
        if args.allow_add:
            for name, test, text in unexpected_fail:
                rows[(name, test)] = classify(test, text)
        write_expected(rows)
        print(f"triton-unit: wrote {EXPECTED} ({len(rows)} expected failures)")
        unexpected_pass = []
        if args.allow_add:
            unexpected_fail = []

    print(f"triton-unit: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped;"
          f" {len(unexpected_fail)} unexpected failures, {len(unexpected_pass)} unexpected passes")
    return 1 if unexpected_fail or unexpected_pass else 0


if __name__ == "__main__":
    sys.exit(main())
