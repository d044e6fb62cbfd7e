#!/usr/bin/env python3
"""A ratchet on backend names in Tritium's core (issue 24: "core code names no backend").

The core is every file under dialects/, passes/, conversions/, capi/, include/, cmake/ and the C
sources of tools/tritium-*/, plus the top-level CMakeLists.txt (spec/, tests/, bench/ and docs/ are
not core). Tracked files and untracked ones git does not ignore are read. In each, the occurrences of
every pattern below are counted, comments included (a grep, not a parser):

  ttng.          r"\\bttng\\."                     NVIDIA dialect ops/attributes (ttng.tmem_alloc, ...)
  triton_nvidia_gpu                                the NVIDIA dialect's name
  amdg.          r"\\bamdgpu?\\."                  AMD dialect ops (amdg.*, amdgpu.*)
  cuda:          "cuda:"                           NVIDIA target strings and prefix checks
  hip:           "hip:"                            AMD target strings and prefix checks
  nvvm           nvvm / NVVM / NVVM_                the NVVM dialect and NVVM intrinsics
  rocdl          rocdl / ROCDL                     the ROCDL dialect
  ptx            ptx / PTX / NVPTX / ptx-version   PTX codegen and options
  compute-capability                               (also computeCapability, compute_capability)
  sm_NN          sm80, sm_90, sm8x, ...            NVIDIA architecture names
  gfxN           gfx942, gfx9, ...                 AMD architecture names
  nvidia-pass    NVIDIA-only passes: triton-nvidia-*, nvgpu-*, allocate-shared-memory-nv,
                 triton-tensor-memory-allocation and their C++/Rust spellings (TritonNvidiaGPU*,
                 NVGPUWarpSpecialization, AllocateSharedMemoryNv, TritonTensorMemoryAllocation,
                 allocate_shared_memory_nv, tensor_memory_allocation, nvidia_gpu_membar, nvidia_ttgir)
  amd-pass       AMD-only passes: tritonamdgpu-*, TritonAMDGPU*
  backend-crate  spec/nvidia, spec-amd, tritium_spec_cpu, ...: a direct use of an in-tree backend (none:
                 the build finds the built-in backends as it finds a vendor's, every spec/*/ whose
                 spec.toml says `builtin = true`, and generates the crate that links them,
                 cmake/TritiumBackend.cmake; everything else asks the registry, tritium_dialects::spec)
  builtin-list   a hand-kept list of built-in backends: BUILTIN_BACKENDS, a spec crate's ::BUILTIN
                 const, a fixed-size array of BuiltinBackend (the list is generated, see backend-crate)
  libdevice      the NVIDIA device library and its linking: libdevice, nvvm-reflect, __nv_* (the
                 C API asks the backend's DeviceCodegen: default_library, module_flags)
  cpu-backend    the CPU backend's own pieces and its target name: make_cpu, CpuOptions, CpuPattern,
                 tritium-make-cpu, __tritium_cpu_*, and the string literal "cpu" (the compile and JIT
                 C APIs reach it through its register(): DirectLowering, HostCodegen, kernel ABI
                 arguments, lowering slots)

Not counted: the `ttg` encodings Triton's own TritonGPU dialect defines (#ttg.nvidia_mma,
#ttg.amd_mfma, #ttg.amd_wmma), which are core in Triton too.

The allowed counts are in tests/tools/core_names_allowlist.txt (`path pattern count`, one per line).
The check fails when a (file, pattern) count is above its allowed count, which includes a file or a
pattern the list does not name (allowed 0). Counts below the allowed ones pass and are listed as
lowerable. It prints the totals per pattern and `core names: N occurrences in M files (allowed A)`.

After moving backend code out of the core, lower the list to the new counts:

    python3 tests/tools/check_core_names.py --update     # refuses to raise any count
    git add tests/tools/core_names_allowlist.txt

`--update --allow-growth` also raises counts (only when a new name in the core is really meant);
`-v` lists every counted line; `--show PATTERN` lists the lines of one pattern.
Exit status: 0 pass, 1 a count grew, 2 usage errors.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALLOWLIST = os.path.join(ROOT, "tests", "tools", "core_names_allowlist.txt")
CORE_DIRS = ("dialects", "passes", "conversions", "capi", "include", "cmake")
CORE_FILES = ("CMakeLists.txt",)
TOOLS_RE = re.compile(r"^tools/tritium-[^/]+/[^/]+\.(c|cpp|h|txt)$")
SOURCE_EXT = (".rs", ".cpp", ".h", ".c", ".td", ".txt", ".cmake", ".toml", ".map", ".inc", ".py", ".md")

PATTERNS = {
    "ttng.": r"\bttng\.",
    "triton_nvidia_gpu": r"triton_nvidia_gpu",
    "amdg.": r"\bamdgpu?\.",
    "cuda:": r"cuda:",
    "hip:": r"\bhip:",
    "nvvm": r"(?i)nvvm",
    "rocdl": r"(?i)rocdl",
    "ptx": r"(?i)ptx",
    "compute-capability": r"compute-capability|computeCapability|compute_capability",
    "sm_NN": r"\bsm_?(?:\d{2,3}|\dx)\b",
    "gfxN": r"\bgfx\d",
    "nvidia-pass": (r"triton-nvidia-|nvgpu-|allocate-shared-memory-nv|triton-tensor-memory-allocation|"
                    r"TritonNvidiaGPU|NVGPUWarpSpecialization|AllocateSharedMemoryNv|TritonTensorMemoryAllocation|"
                    r"allocate_shared_memory_nv|tensor_memory_allocation|nvidia_gpu_membar|nvidia_ttgir"),
    "amd-pass": r"tritonamdgpu-|TritonAMDGPU",
    "backend-crate": r"spec[/_-](?:nvidia|amd|cpu)\b",
    "cpu-backend": r'\bmake_cpu\b|CpuOptions|CpuPattern|tritium-make-cpu|__tritium_cpu|"cpu"',
    "builtin-list": r"\bBUILTIN_BACKENDS\b|_spec_\w+::BUILTIN\b|BuiltinBackend\s*;\s*\d",
    "libdevice": r"(?i)libdevice|nvvm-reflect|\b__nv_",
}
COMPILED = {name: re.compile(rx) for name, rx in PATTERNS.items()}


def core_files():
    """Paths (relative to the checkout) of the core's files: tracked, or untracked and not ignored."""
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--"]
                         + list(CORE_DIRS) + list(CORE_FILES) + ["tools"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    files = set()
    for path in out.splitlines():
        if path.startswith("tools/") and not TOOLS_RE.match(path):
            continue
        if not path.endswith(SOURCE_EXT) and os.path.basename(path) != "CMakeLists.txt":
            continue
        if os.path.isfile(os.path.join(ROOT, path)):  # a staged deletion is listed but gone
            files.add(path)
    return sorted(files)


def count(files):
    """{(path, pattern): n} and {(path, pattern): [(line number, line)]}."""
    counts, lines = {}, {}
    for path in files:
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, 1):
                for name, rx in COMPILED.items():
                    n = len(rx.findall(line))
                    if n:
                        counts[(path, name)] = counts.get((path, name), 0) + n
                        lines.setdefault((path, name), []).append((number, line.rstrip()))
    return counts, lines


def read_allowlist(path):
    allowed = {}
    if not os.path.exists(path):
        return allowed
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 3 or parts[1] not in PATTERNS or not parts[2].isdigit():
                raise SystemExit(f"check_core_names: {path}:{number}: expected `path pattern count` "
                                 f"with a pattern of {', '.join(PATTERNS)}")
            allowed[(parts[0], parts[1])] = int(parts[2])
    return allowed


def write_allowlist(path, counts):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("# Backend names allowed in Tritium's core, per file and pattern: tests/tools/check_core_names.py.\n"
                     "# A ratchet: counts may only go down. After moving code out of the core, run\n"
                     "#   python3 tests/tools/check_core_names.py --update\n"
                     "# path pattern count\n")
        for (file, name), n in sorted(counts.items()):
            handle.write(f"{file} {name} {n}\n")


def totals(counts):
    per = {name: 0 for name in PATTERNS}
    for (_, name), n in counts.items():
        per[name] += n
    return per


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--allowlist", default=ALLOWLIST)
    ap.add_argument("--update", action="store_true", help="write the current counts (lowering only)")
    ap.add_argument("--allow-growth", action="store_true", help="with --update: also raise counts")
    ap.add_argument("--show", metavar="PATTERN", help="list the counted lines of one pattern")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every counted line")
    args = ap.parse_args()
    if args.show and args.show not in PATTERNS:
        ap.error(f"unknown pattern {args.show!r} (known: {', '.join(PATTERNS)})")

    files = core_files()
    counts, lines = count(files)
    allowed = read_allowlist(args.allowlist)
    grown = sorted((key, n, allowed.get(key, 0)) for key, n in counts.items() if n > allowed.get(key, 0))
    lower = sorted((key, counts.get(key, 0), a) for key, a in allowed.items() if counts.get(key, 0) < a)

    if args.verbose or args.show:
        for (path, name), found in sorted(lines.items()):
            if args.show and name != args.show:
                continue
            for number, text in found:
                print(f"{path}:{number}: [{name}] {text.strip()[:160]}")

    per, per_allowed = totals(counts), totals(allowed)
    print("pattern              now  allowed")
    for name in PATTERNS:
        print(f"  {name:<18} {per[name]:>5}  {per_allowed[name]:>5}")
    with_names = len({path for path, _ in counts})
    print(f"core names: {sum(counts.values())} occurrences in {with_names} of {len(files)} core files "
          f"(allowed {sum(allowed.values())})")

    if args.update:
        if grown and not args.allow_growth:
            for (path, name), n, a in grown:
                print(f"  grew: {path} {name} {a} -> {n}")
            print("check_core_names: not updated: counts grew (--allow-growth to raise them)")
            return 1
        write_allowlist(args.allowlist, counts)
        print(f"check_core_names: wrote {os.path.relpath(args.allowlist, ROOT)} ({len(counts)} entries)")
        return 0

    if lower:
        print(f"check_core_names: {len(lower)} allowed counts can be lowered (run with --update):")
        for (path, name), n, a in lower[:20]:
            print(f"  {path} {name} {a} -> {n}")
    if grown:
        print("check_core_names: FAIL: backend names grew in the core (move the code to spec/<backend>, "
              "or see --help):")
        for (path, name), n, a in grown:
            print(f"  {path} {name}: {n} (allowed {a})")
            for number, text in lines[(path, name)][:5]:
                print(f"    {path}:{number}: {text.strip()[:140]}")
        return 1
    print("check_core_names: OK (no count grew)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
