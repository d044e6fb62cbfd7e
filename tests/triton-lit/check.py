#!/usr/bin/env python3
"""Triton's own lit suite under tritium-opt, against a checked-in list of expected failures.

Runs `../shared/triton-lit/runlit.py` (Triton's RUN lines with `triton-opt` swapped for
`tritium-opt`; one case per `// -----` case of a split file, else one per file) and compares
every case with `expected-failures.tsv` beside this script:

- a case not in the list must pass ("unexpected failure" otherwise);
- a case in the list must still fail ("unexpected pass" otherwise: take it off the list with
  `--update`, so the list only shrinks);
- `--update` never adds a case unless `--allow-add` is given too (used once, to create the list).

Each listed case carries one reason, in one of three categories:

- `out-of-scope`: Blackwell-only (tensor memory, tcgen05, CLC), warp specialization, the
  sanitizers/instrumentation, or another vendor's backend (issue 25 lets these stay out);
- `newer-than-3.9.0`: Triton 3.9.0 itself fails the case (the suite's baseline column), so the
  test is newer than the release Tritium follows;
- `not-yet`: a gap in Tritium (the runner's class and first message line say which).

`--table FILE` rewrites the table between the `<!-- triton-lit table -->` markers of FILE (per
directory and per category, with the suite's 2026-11-24 baseline beside it).

Without `../shared/triton-lit` the check prints that it is skipped and exits 0.

usage: check.py [--suite DIR] [--opt PATH] [--json OUT] [--reuse] [--update [--allow-add]] [--table FILE]
"""
import argparse
import collections
import csv
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXPECTED = os.path.join(HERE, "expected-failures.tsv")
DIRS = ["Analysis", "Conversion", "Triton", "TritonGPU", "TritonNvidiaGPU"]
CATEGORIES = ["out-of-scope", "newer-than-3.9.0", "not-yet"]
MARK_BEGIN, MARK_END = "<!-- triton-lit table -->", "<!-- /triton-lit table -->"

# Out of scope (issue 25): Blackwell-only constructs, warp specialization, the sanitizers and
# instrumentation, and AMD's passes. Matched against the file name, the case's label and the
# reason the runner gives (it names the first failing RUN line's unknown pass or the message).
OUT_OF_SCOPE = [
    (r"blackwell|rubin|tmem|tcgen05|tensor_memory|tensor-memory|promote-lhs-to-tmem|sm_?100|sm_?120|"
     r"cuda:1[0-2]\d", "Blackwell-only (tensor memory, tcgen05)"),
    (r"\bclc\b|to-clc|clc_|lower-clc", "Blackwell-only (cluster launch control)"),
    (r"mmav5|mma_v5|tc_gen5|block_scaled", "Blackwell-only (MMA v5, block-scaled tcgen05 MMA)"),
    (r"warp[-_]?speciali|partition-|-ws-|nvws|normalize-ws|allocate-warp-groups|allocate_warp_groups|"
     r"partition_scheduling|automatic-warp", "warp specialization"),
    (r"consan|gsan|tritoninstrument|sanitizer", "sanitizers and instrumentation"),
    (r"tritonamdgpu|hip:|gfx9|gfx1\d|-hip\b|_hip\b|amdgpu", "AMD backend passes"),
]


def case_key(file, case):
    return (file, str(case))


def run_suite(suite, opt, out, runner="shared"):
    env = dict(os.environ, TRITIUM_OPT=opt, TRITIUM_TRITON_LIT=suite)
    script = os.path.join(suite, "runlit.py") if runner == "shared" else \
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "runlit_case_prefixes.py")
    cmd = [sys.executable, script, os.path.join(suite, "tests"), out] + DIRS
    proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        sys.stdout.write(proc.stdout[-4000:])
        sys.exit("triton-lit: the runner failed (exit %d)" % proc.returncode)


def load_results(path):
    """(file, case) -> dict(status, cls, reason, label, runs)."""
    results = {}
    for f in json.load(open(path)):
        runs = " ".join(f.get("runs") or [])
        cases = f.get("cases")
        if cases:
            for c in cases:
                results[case_key(f["file"], c["case"])] = dict(
                    status=c["status"], cls=c.get("class") or "", reason=c.get("reason") or "",
                    label=c.get("label") or "", runs=runs)
        else:
            results[case_key(f["file"], "-")] = dict(
                status=f["status"], cls=f.get("class") or "", reason=f.get("reason") or "", label="", runs=runs)
    return results


def load_baseline(suite):
    """(file, case) -> (tritium status on 2026-11-24, Triton 3.9.0's verdict on that failure)."""
    out = {}
    path = os.path.join(suite, "baseline-2026-11-24.tsv")
    with open(path, newline="") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if not row or row[0].startswith("#"):
                continue
            out[case_key(row[0], row[1])] = (row[3], row[5] if len(row) > 5 else "")
    return out


def load_expected():
    out = {}
    if not os.path.exists(EXPECTED):
        return out
    with open(EXPECTED, newline="") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if not row or row[0].startswith("#"):
                continue
            file, case, label, category, reason = (row + [""] * 5)[:5]
            if category not in CATEGORIES:
                sys.exit("triton-lit: %s: case %s %s: unknown category '%s'" % (EXPECTED, file, case, category))
            if not reason.strip():
                sys.exit("triton-lit: %s: case %s %s has no reason" % (EXPECTED, file, case))
            out[case_key(file, case)] = dict(label=label, category=category, reason=reason)
    return out


def first_line(text):
    text = re.sub(r"/tmp/\S+?/case\d+\.mlir", "<case>", text or "")
    text = re.sub(r"\S*/triton-lit/tests/", "", text)
    text = re.sub(r"'?\S*/bin/tritium-opt( --help)?'?", "tritium-opt", text)
    text = re.sub(r"\s+", " ", text).strip()
    return text[:140]


def classify(key, result, baseline):
    """The category and reason of a failing case."""
    file = key[0]
    haystack = " ".join([file, result["label"], result["reason"]]).lower()
    kind = {"a": "unknown pass or option", "b": "input does not parse or verify",
            "c": "behaviour differs", "d": "crash or timeout"}.get(result["cls"], "fails")
    detail = "%s: %s" % (kind, first_line(result["reason"]))
    for pattern, what in OUT_OF_SCOPE:
        if re.search(pattern, haystack):
            return "out-of-scope", "%s: %s" % (what, detail)
    verdict = baseline.get(key, ("", ""))[1]
    if verdict == "fail":
        return "newer-than-3.9.0", "Triton 3.9.0 fails it too (baseline column): %s" % detail
    return "not-yet", detail


def write_expected(entries):
    with open(EXPECTED, "w", newline="") as fh:
        fh.write("# Triton lit cases that tritium-opt is expected to fail, one reason each (tests/triton-lit/check.py).\n")
        fh.write("# Categories: out-of-scope | newer-than-3.9.0 | not-yet. The list may only shrink: check.py\n")
        fh.write("# --update drops cases that pass; adding one needs --allow-add.\n")
        fh.write("# file\tcase\tlabel\tcategory\treason\n")
        w = csv.writer(fh, delimiter="\t", lineterminator="\n")
        for key in sorted(entries):
            e = entries[key]
            w.writerow([key[0], key[1], e["label"], e["category"], e["reason"]])


def table(results, expected, baseline):
    per_dir = collections.OrderedDict((d, collections.Counter()) for d in DIRS)
    for key, r in results.items():
        c = per_dir[key[0].split("/")[0]]
        c["total"] += 1
        c["pass"] += r["status"] == "pass"
        c["base"] += baseline.get(key, ("",))[0] == "pass"
        if r["status"] != "pass" and key in expected:
            c[expected[key]["category"]] += 1
    lines = ["| directory | cases | pass 2026-11-24 | pass now | out-of-scope | newer-than-3.9.0 | not-yet |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    total = collections.Counter()
    for d, c in per_dir.items():
        total.update(c)
        lines.append("| %s | %d | %d | %d | %d | %d | %d |" % (
            d, c["total"], c["base"], c["pass"], c["out-of-scope"], c["newer-than-3.9.0"], c["not-yet"]))
    lines.append("| **all** | %d | %d | %d | %d | %d | %d |" % (
        total["total"], total["base"], total["pass"], total["out-of-scope"], total["newer-than-3.9.0"],
        total["not-yet"]))
    reasons = collections.Counter()
    for key, e in expected.items():
        if key in results and results[key]["status"] != "pass":
            head = e["reason"].split(":")[0]
            reasons[(e["category"], head)] += 1
    lines += ["", "| category | reason | cases |", "|---|---|---:|"]
    for (category, head), n in sorted(reasons.items(), key=lambda t: (CATEGORIES.index(t[0][0]), -t[1])):
        lines.append("| %s | %s | %d |" % (category, head, n))
    return "\n".join(lines)


def rewrite_table(path, text):
    body = open(path).read() if os.path.exists(path) else ""
    block = "%s\n%s\n%s" % (MARK_BEGIN, text, MARK_END)
    if MARK_BEGIN in body and MARK_END in body:
        start, end = body.index(MARK_BEGIN), body.index(MARK_END) + len(MARK_END)
        body = body[:start] + block + body[end:]
    else:
        body = body.rstrip("\n") + ("\n\n" if body else "") + block + "\n"
    open(path, "w").write(body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", default=os.path.join(os.path.dirname(ROOT), "shared", "triton-lit"))
    ap.add_argument("--opt", default=os.path.join(ROOT, "build", "bin", "tritium-opt"))
    ap.add_argument("--json", default=os.path.join(ROOT, "build", "triton-lit.json"))
    ap.add_argument("--reuse", action="store_true", help="read --json from an earlier run instead of running")
    ap.add_argument("--update", action="store_true", help="drop cases that pass from the list")
    ap.add_argument("--allow-add", action="store_true", help="with --update: also list new failures")
    ap.add_argument("--table", help="rewrite the table between the markers of this markdown file")
    ap.add_argument("--runner", choices=("shared", "case-prefixes"), default="shared",
                    help="case-prefixes: measure with runlit_case_prefixes.py (per-case runs drop a FileCheck "
                         "whose prefixes the case lacks); prints the count only, the list is not checked")
    args = ap.parse_args()
    if args.runner != "shared" and args.json == ap.get_default("json"):
        args.json = args.json.replace(".json", "-%s.json" % args.runner)

    if not os.path.isdir(os.path.join(args.suite, "tests")):
        print("triton-lit: %s not found; skipped" % args.suite)
        return 0
    if not args.reuse:
        os.makedirs(os.path.dirname(args.json), exist_ok=True)
        run_suite(args.suite, os.path.abspath(args.opt), args.json, args.runner)
    results = load_results(args.json)
    if args.runner != "shared":
        passing = sum(r["status"] == "pass" for r in results.values())
        print("triton-lit (runner %s): %d/%d cases pass" % (args.runner, passing, len(results)))
        return 0
    baseline = load_baseline(args.suite)
    expected = load_expected()

    failing = {k for k, r in results.items() if r["status"] != "pass"}
    crashes = sorted(k for k in failing if results[k]["cls"] == "d")
    unexpected_fail = sorted(failing - set(expected))
    unexpected_pass = sorted(k for k in expected if k in results and k not in failing)
    vanished = sorted(k for k in expected if k not in results)

    if args.update:
        entries = {k: e for k, e in expected.items() if k in failing}
        # A not-yet case that an out-of-scope pattern (added later) names is moved to out-of-scope.
        for k, e in entries.items():
            if e["category"] == "not-yet":
                haystack = " ".join([k[0], e["label"], e["reason"]]).lower()
                for pattern, what in OUT_OF_SCOPE:
                    if re.search(pattern, haystack):
                        e["category"], e["reason"] = "out-of-scope", "%s: %s" % (what, e["reason"])
                        break
        if args.allow_add:
            for k in unexpected_fail:
                category, reason = classify(k, results[k], baseline)
                entries[k] = dict(label=results[k]["label"], category=category, reason=reason)
        write_expected(entries)
        expected = entries
        unexpected_pass, vanished = [], []
        unexpected_fail = sorted(failing - set(expected))
    if args.table:
        rewrite_table(args.table, table(results, expected, baseline))

    passing = len(results) - len(failing)
    by_category = collections.Counter(expected[k]["category"] for k in failing if k in expected)
    for k in unexpected_fail:
        r = results[k]
        print("triton-lit: UNEXPECTED FAILURE %s case %s %s [%s] %s" % (k[0], k[1], r["label"], r["cls"],
                                                                     first_line(r["reason"])))
    for k in unexpected_pass:
        print("triton-lit: UNEXPECTED PASS %s case %s %s (take it off the list: check.py --update)" % (
            k[0], k[1], expected[k]["label"]))
    for k in crashes:
        print("triton-lit: CRASH %s case %s: %s" % (k[0], k[1], first_line(results[k]["reason"])))
    print("triton-lit: %d/%d cases pass; %d expected failures (%s); %d unexpected failures, %d unexpected passes, "
          "%d crashes" % (passing, len(results), sum(by_category.values()),
                          ", ".join("%s %d" % (c, by_category[c]) for c in CATEGORIES),
                          len(unexpected_fail), len(unexpected_pass), len(crashes)))
    if vanished:
        print("triton-lit: %d listed cases are not in the suite any more (e.g. %s case %s)" % (
            len(vanished), vanished[0][0], vanished[0][1]))
    return 1 if unexpected_fail or unexpected_pass or crashes else 0


if __name__ == "__main__":
    sys.exit(main())
