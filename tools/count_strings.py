#!/usr/bin/env python3
"""Counts two things issue 24 asks to measure before and after the restructuring.

1. Op-name string literals in the Rust crates: every `"<dialect>.<name>"` literal in the .rs files of
   the workspace members (from `cargo metadata --no-deps`; the fixture backend under tests/ is not a
   member and not counted), where <dialect> is one of tt, ttg, ttng, amdg, amdgpu, arith, scf, cf,
   math, llvm, nvvm, rocdl, gpu, func, ub, index, vector, memref, builtin and <name> is a lower-case
   identifier (dots allowed, no hyphen: `"ttg.num-warps"` is an attribute, not an op). Raw strings
   (`r#"..."#`, IR text in unit tests) are removed first, so a generic-form op inside a test's IR
   text is not counted. Two numbers are printed:
   - `shaped`: every literal of that shape (attribute names such as "tt.divisibility" included);
   - `ops`: those that name an op of the dialect: a mnemonic of the .td records of this repo
     (dialects/tt, dialects/ttg, spec/nvidia/dialect, spec/amd/dialect) or of MLIR 22's headers
     (/usr/lib/llvm-22/include/mlir/Dialect/*/IR/*.td; LLVM intrinsics as `llvm.intr.<name>`),
     read as the first string argument of each `def X : Y<"mnemonic", ...>`.
   Per dialect and per crate, plus the number of distinct names.

2. Files touched to add a pass: for each pass record of passes/Passes.td, conversions/Passes.td and
   spec/<backend>/passes/*.td,
   the files outside tests/, docs/, bench/ and build outputs that name it: its flag as a string
   literal ("tritongpu-prefetch", e.g. its Rust `argument()` or a pipeline), its .td def name as a word
   (TritonGPUPrefetch: the .td record, TRITIUM_RUST_PASS in Passes.cpp, create... calls), and the Rust
   module of the file that returns its flag (`pub mod prefetch;`, `&prefetch::Prefetch,` in a
   PASSES list, `prefetch::Prefetch {` as a value). `declared in` counts only the files that declare the pass (the .td, the C++ pass class or
   TRITIUM_RUST_PASS line, the Rust file with its argument(), the module/PASSES list), not pipelines
   that use it; lit tests naming the flag are counted separately. Printed: min / median / max over
   passes and the per-pass list with -v.

    python3 tools/count_strings.py [-v] [--json FILE]
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MLIR = "/usr/lib/llvm-22/include/mlir/Dialect"
DIALECTS = ("tt", "ttg", "ttng", "amdg", "amdgpu", "arith", "scf", "cf", "math", "llvm", "nvvm", "rocdl",
            "gpu", "func", "ub", "index", "vector", "memref", "builtin")
LITERAL = re.compile(r'"(%s)\.([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*)"' % "|".join(DIALECTS))
RAW = re.compile(r'\br(#*)".*?"\1', re.S)
TD_DEF = re.compile(r'\bdef\s+\w+\s*:\s*\w+\s*<\s*"([a-z_][\w.]*)"')
TD_SOURCES = {
    "tt": [f"{ROOT}/dialects/tt/*.td"], "ttg": [f"{ROOT}/dialects/ttg/*.td"],
    "ttng": [f"{ROOT}/spec/nvidia/dialect/*.td"], "amdg": [f"{ROOT}/spec/amd/dialect/*.td"],
    "arith": [f"{MLIR}/Arith/IR/*.td"], "scf": [f"{MLIR}/SCF/IR/*.td"], "cf": [f"{MLIR}/ControlFlow/IR/*.td"],
    "math": [f"{MLIR}/Math/IR/*.td"], "llvm": [f"{MLIR}/LLVMIR/LLVMOps.td"],
    "nvvm": [f"{MLIR}/LLVMIR/NVVMOps.td"], "rocdl": [f"{MLIR}/LLVMIR/ROCDLOps.td"], "gpu": [f"{MLIR}/GPU/IR/*.td"],
    "func": [f"{MLIR}/Func/IR/*.td"], "ub": [f"{MLIR}/UB/IR/*.td"], "index": [f"{MLIR}/Index/IR/*.td"],
    "vector": [f"{MLIR}/Vector/IR/*.td"], "memref": [f"{MLIR}/MemRef/IR/*.td"], "amdgpu": [f"{MLIR}/AMDGPU/IR/*.td"],
}


def known_ops():
    ops = {d: set() for d in DIALECTS}
    for dialect, patterns in TD_SOURCES.items():
        for pattern in patterns:
            for path in glob.glob(pattern):
                ops[dialect].update(TD_DEF.findall(open(path, encoding="utf-8", errors="replace").read()))
    for path in glob.glob(f"{MLIR}/LLVMIR/LLVMIntrinsicOps.td"):
        ops["llvm"].update("intr." + m for m in TD_DEF.findall(open(path, encoding="utf-8").read()))
    ops["builtin"].update({"module", "unrealized_conversion_cast"})
    return ops


def crates():
    out = subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1", "--offline"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return sorted((p["name"], os.path.dirname(p["manifest_path"])) for p in json.loads(out)["packages"])


def count_literals():
    ops = known_ops()
    result = {"shaped": 0, "ops": 0, "by_dialect": {}, "by_crate": {}, "distinct_ops": set()}
    for name, folder in crates():
        shaped = op = 0
        for path in sorted(glob.glob(os.path.join(folder, "**", "*.rs"), recursive=True)):
            if "/target/" in path:
                continue
            text = RAW.sub('""', open(path, encoding="utf-8", errors="replace").read())
            for dialect, rest in LITERAL.findall(text):
                shaped += 1
                d = result["by_dialect"].setdefault(dialect, [0, 0])
                d[0] += 1
                if rest in ops[dialect]:
                    op += 1
                    d[1] += 1
                    result["distinct_ops"].add(f"{dialect}.{rest}")
        result["by_crate"][name] = (shaped, op)
        result["shaped"] += shaped
        result["ops"] += op
    return result


# --- files touched to add a pass ----------------------------------------------------------------

SKIP_DIRS = ("tests/", "docs/", "bench/", "build/", "target/", "tools/")
PASS_RECORD = re.compile(r'def\s+(\w+)\s*(?::|\n\s*:)\s*Pass<"([\w-]+)"')


def repo_files():
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    keep = (".rs", ".cpp", ".h", ".td", ".txt", ".cmake", ".toml", ".c", ".mlir")
    return [p for p in out.splitlines() if p.endswith(keep) and os.path.isfile(os.path.join(ROOT, p))]


def pass_touches():
    files = repo_files()
    texts = {p: open(os.path.join(ROOT, p), encoding="utf-8", errors="replace").read() for p in files}
    records = []
    tds = ["passes/Passes.td", "conversions/Passes.td"] + sorted(
        p for p in texts if re.match(r"spec/[^/]+/passes/[^/]+\.td$", p))
    for td in tds:
        records += [(d, f, td) for d, f in PASS_RECORD.findall(texts.get(td, ""))]
    rows = []
    for def_name, flag, td in records:
        literal = f'"{flag}"'
        word = re.compile(r"\b%s\b" % re.escape(def_name))
        argument_files = [p for p in files if p.endswith(".rs") and not p.startswith(SKIP_DIRS)
                          and re.search(r"fn argument\(&self\)[^{]*\{\s*%s" % re.escape(literal), texts[p])]
        modules = [os.path.splitext(os.path.basename(p))[0] for p in argument_files]
        modules = [os.path.basename(os.path.dirname(p)) if m == "mod" else m
                   for m, p in zip(modules, argument_files)]
        naming, declaring, tests = set(), set(), set()
        for p in files:
            text = texts[p]
            if p.startswith("tests/"):
                if flag in text:
                    tests.add(p)
                continue
            if p.startswith(SKIP_DIRS):
                continue
            hits_literal = literal in text
            hits_word = bool(word.search(text))
            hits_module = any(re.search(r"\bmod %s\b|&\s*%s::[A-Z]\w*\s*,|%s::[A-Z]\w*\s*\{" % (m, m, m), text)
                              for m in modules)
            if hits_literal or hits_word or hits_module:
                naming.add(p)
            declares = (p == td or p in argument_files or hits_module
                        or re.search(r"TRITIUM_RUST_PASS\(%s\)|struct %s\b|impl::%sBase\b" %
                                     (def_name, def_name, def_name), text))
            if declares:
                declaring.add(p)
        rows.append({"pass": flag, "def": def_name, "naming": sorted(naming), "declaring": sorted(declaring),
                     "tests": sorted(tests)})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--json", help="also write the numbers as JSON")
    args = ap.parse_args()

    lit = count_literals()
    print(f"op-name string literals in the Rust crates: {lit['ops']} naming an op "
          f"({len(lit['distinct_ops'])} distinct), {lit['shaped']} of the shape \"dialect.name\"")
    print("  by dialect (shaped / ops): " + ", ".join(
        f"{d} {s}/{o}" for d, (s, o) in sorted(lit["by_dialect"].items(), key=lambda kv: -kv[1][0])))
    print("  by crate (shaped / ops): " + ", ".join(f"{c} {s}/{o}" for c, (s, o) in lit["by_crate"].items()))

    rows = pass_touches()
    declaring = [len(r["declaring"]) for r in rows]
    naming = [len(r["naming"]) for r in rows]
    with_tests = [len(r["declaring"]) + (1 if r["tests"] else 0) for r in rows]
    print(f"files touched to add a pass ({len(rows)} pass records in .td files): "
          f"declared in min {min(declaring)} / median {statistics.median(declaring):g} / max {max(declaring)} "
          f"files (+1 lit test: median {statistics.median(with_tests):g}); named in median "
          f"{statistics.median(naming):g} files (pipelines included)")
    common = {}
    for r in rows:
        for p in r["declaring"]:
            common[p] = common.get(p, 0) + 1
    print("  files declaring most passes: " + ", ".join(
        f"{p} ({n})" for p, n in sorted(common.items(), key=lambda kv: -kv[1])[:8]))
    if args.verbose:
        for r in rows:
            print(f"  {r['pass']}: declared in {', '.join(r['declaring'])}; also named in "
                  f"{', '.join(sorted(set(r['naming']) - set(r['declaring']))) or '-'}; "
                  f"lit tests {len(r['tests'])}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"literals": {k: (sorted(v) if isinstance(v, set) else v) for k, v in lit.items()},
                       "passes": rows}, handle, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
