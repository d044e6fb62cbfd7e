#!/usr/bin/env python3
"""Every symbol the CPU backend's object code leaves undefined must be one Tritium provides (issue 22, class 5).

A kernel compiled by the CPU backend is linked into a process that has only what Tritium brings: its
assertion hook and the C and math libraries libtritium.so itself links. LLVM emits calls to compiler-rt
builtins for operations the target lacks (`__truncsfbf2` for f32 -> bf16, `__extendhfsf2` for f16 without
F16C, `__divti3` for i128 division, ...); a host's libgcc_s may not have them (Debian 12's has no
`__truncsfbf2`), and then the JIT fails with `Symbols not found`. This check compiles a broad set of
kernels and lists the undefined symbols of each object with llvm-nm:

- generic x86-64 objects (`tritium-compile --target cpu`: no F16C, FMA or SSE4.1, the most calls), and
- the host objects the JIT runs (tritiumCpuKernelEmitObject: the host CPU's features, -O3);

for the corpus TTIR (/work/shared/corpus/*/K.ttir.mlir), the extra GPU kernels
(tests/gpu/extra/cuda_sm80/K.ttir.mlir), the CPU tests' kernels (tests/cpu/*.mlir, tests/cpu/Inputs/*.mlir),
and kernels generated here: every float op and math function on f16, bf16, f32 and f64, conversions
between them and to/from i8/i32/i64, integer division and remainder on i8/i16/i32/i64, tt.mulhiui on
i64, reductions and dots on f16/bf16, fp8 conversions. Each undefined symbol must be in the allow-list
of spec/cpu/src/runtime.rs (read from that file), and the allow-list itself must name functions that
the host's libc.so.6 / libm.so.6 define with a default version of glibc 2.36 (Debian 12) or older.
A kernel the CPU backend refuses (a located diagnostic: descriptors, inline asm, ...) is listed as
not supported; every generated kernel but the fp8 ones must compile.

    python3 tests/cpu/check_cpu_symbols.py [--corpus DIR] [--lib build/lib/libtritium.so] [-v]
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
LLVM_BIN = "/usr/lib/llvm-22/bin"
GLIBC_MAX = (2, 36)  # Debian 12


# --- the allow-list, from spec/cpu/src/runtime.rs ----------------------------------------------------------


def allow_list():
    text = open(os.path.join(ROOT, "spec", "cpu", "src", "runtime.rs")).read()
    lists = {}
    for name in ("LIBC", "LIBM"):
        m = re.search(r"pub const %s: &\[&str\] = &\[(.*?)\];" % name, text, re.S)
        if not m:
            raise SystemExit(f"check_cpu_symbols: no `pub const {name}` in spec/cpu/src/runtime.rs")
        lists[name] = re.findall(r'"([^"]+)"', m.group(1))
    debug = open(os.path.join(ROOT, "spec", "cpu", "src", "debug.rs")).read()
    hook = re.search(r'pub const ASSERT_FAIL: &str = "([^"]+)";', debug).group(1)
    return lists["LIBC"], lists["LIBM"], hook


def glibc_versions(library):
    """{name: default version tuple} of the dynamic symbols `library` defines."""
    out = subprocess.run([f"{LLVM_BIN}/llvm-readelf", "--dyn-syms", "--wide", library], capture_output=True,
                         text=True, check=True).stdout
    versions = {}
    for line in out.splitlines():
        cols = line.split()
        if len(cols) < 8 or cols[6] == "UND":
            continue
        m = re.match(r"([^@]+)@@GLIBC_([0-9.]+)$", cols[7])
        if m:
            versions[m.group(1)] = tuple(int(x) for x in m.group(2).split("."))
    return versions


def check_allow_list(libc, libm):
    """Messages for allow-listed functions the host's glibc lacks or has only in a newer version."""
    errors = []
    for names, lib in ((libc, "libc.so.6"), (libm, "libm.so.6")):
        path = next((p for p in (f"/lib/x86_64-linux-gnu/{lib}", f"/usr/lib/x86_64-linux-gnu/{lib}", f"/lib64/{lib}")
                     if os.path.exists(p)), None)
        if path is None:
            errors.append(f"no {lib} found to check the allow-list against")
            continue
        versions = glibc_versions(path)
        for n in names:
            if n not in versions:
                errors.append(f"allow-listed '{n}' is not defined by {path}")
            elif versions[n] > GLIBC_MAX:
                errors.append(f"allow-listed '{n}' needs GLIBC_{'.'.join(map(str, versions[n]))}, newer than Debian 12's "
                              f"{'.'.join(map(str, GLIBC_MAX))}")
    return errors


# --- generated kernels --------------------------------------------------------------------------------------

N = 128
FLOATS = ["f16", "bf16", "f32", "f64"]
INTS = ["i8", "i16", "i32", "i64"]


class Kernel:
    """A TTIR kernel: loads of its inputs, SSA lines, stores of its results (one output buffer each)."""

    def __init__(self, name):
        self.name = name
        self.inputs = []   # (arg, elem)
        self.lines = []
        self.outputs = []  # (value, elem)
        self.count = 0

    def fresh(self):
        self.count += 1
        return f"%v{self.count}"

    def load(self, elem):
        arg = f"%in{len(self.inputs)}"
        self.inputs.append((arg, elem))
        return f"%x{len(self.inputs) - 1}"

    def op(self, text, result_elem=None):
        v = self.fresh()
        self.lines.append(f"    {v} = {text}")
        if result_elem:
            self.outputs.append((v, result_elem))
        return v

    def text(self):
        t = lambda e: f"tensor<{N}x{e}>"  # noqa: E731
        args = [f"{a}: !tt.ptr<{e}>" for a, e in self.inputs] + [f"%out{i}: !tt.ptr<{e}>" for i, (_, e) in
                                                                   enumerate(self.outputs)]
        body = [f"    %r = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32>"]
        for i, (a, e) in enumerate(self.inputs):
            body += [f"    %p{i} = tt.splat {a} : !tt.ptr<{e}> -> tensor<{N}x!tt.ptr<{e}>>",
                     f"    %q{i} = tt.addptr %p{i}, %r : tensor<{N}x!tt.ptr<{e}>>, tensor<{N}xi32>",
                     f"    %x{i} = tt.load %q{i} : tensor<{N}x!tt.ptr<{e}>>"]
        body += self.lines
        for i, (v, e) in enumerate(self.outputs):
            body += [f"    %s{i} = tt.splat %out{i} : !tt.ptr<{e}> -> tensor<{N}x!tt.ptr<{e}>>",
                     f"    %o{i} = tt.addptr %s{i}, %r : tensor<{N}x!tt.ptr<{e}>>, tensor<{N}xi32>",
                     f"    tt.store %o{i}, {v} : tensor<{N}x!tt.ptr<{e}>>"]
        del t
        return ("module {\n  tt.func public @%s(%s) {\n%s\n    tt.return\n  }\n}\n"
                % (self.name, ", ".join(args), "\n".join(body)))


def float_kernel(f):
    k = Kernel(f"floats_{f}")
    T = f"tensor<{N}x{f}>"
    x, y, z = k.load(f), k.load(f), k.load(f)
    for name in ("arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf", "arith.maximumf",
                 "arith.minimumf", "arith.maxnumf", "arith.minnumf", "math.powf", "math.copysign", "tt.precise_divf"):
        k.op(f"{name} {x}, {y} : {T}", f)
    for name in ("arith.negf", "math.absf", "math.sqrt", "math.rsqrt", "math.exp", "math.exp2", "math.log",
                 "math.log2", "math.sin", "math.cos", "math.tan", "math.atan", "math.tanh", "math.erf", "math.log1p",
                 "math.expm1", "math.floor", "math.ceil", "math.trunc", "math.round", "math.roundeven",
                 "tt.precise_sqrt"):
        k.op(f"{name} {x} : {T}", f)
    k.op(f"math.fma {x}, {y}, {z} : {T}", f)
    k.op(f"tt.clampf {x}, {y}, {z}, propagateNan = none : {T}", f)
    k.op(f"tt.clampf {x}, {y}, {z}, propagateNan = all : {T}", f)
    c = k.op(f"arith.cmpf olt, {x}, {y} : {T}")
    k.op(f"arith.select {c}, {x}, {z} : tensor<{N}xi1>, {T}", f)
    c2 = k.op(f"arith.cmpf uno, {x}, {y} : {T}")
    k.op(f"arith.extui {c2} : tensor<{N}xi1> to tensor<{N}xi8>", "i8")
    width = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
    for g in FLOATS:
        if g == f:
            continue
        if width[g] > width[f]:
            k.op(f"arith.extf {x} : {T} to tensor<{N}x{g}>", g)
        elif width[g] < width[f]:
            k.op(f"arith.truncf {x} : {T} to tensor<{N}x{g}>", g)
        else:
            k.op(f"tt.fp_to_fp {x} : {T} -> tensor<{N}x{g}>", g)
    for i in INTS:
        k.op(f"arith.fptosi {x} : {T} to tensor<{N}x{i}>", i)
        k.op(f"arith.fptoui {x} : {T} to tensor<{N}x{i}>", i)
        n = k.load(i)
        k.op(f"arith.sitofp {n} : tensor<{N}x{i}> to {T}", f)
        k.op(f"arith.uitofp {n} : tensor<{N}x{i}> to {T}", f)
    return k


def int_kernel(i):
    k = Kernel(f"ints_{i}")
    T = f"tensor<{N}x{i}>"
    a, b = k.load(i), k.load(i)
    for name in ("arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi", "arith.floordivsi",
                 "arith.ceildivui", "arith.muli", "arith.maxsi", "arith.minui", "arith.shrsi", "arith.shli"):
        k.op(f"{name} {a}, {b} : {T}", i)
    k.op(f"math.absi {a} : {T}", i)
    if i in ("i32", "i64"):
        k.op(f"tt.mulhiui {a}, {b} : {T}", i)
    return k


def reduce_dot_kernel(f):
    """A row sum and row max of a 16x16 tile, and a 16x16x16 dot with an f32 accumulator."""
    T2 = f"tensor<16x16x{f}>"
    lines = [
        "module {",
        f"  tt.func public @reduce_dot_{f}(%a: !tt.ptr<{f}>, %b: !tt.ptr<{f}>, %o: !tt.ptr<{f}>, %m: !tt.ptr<{f}>, "
        "%d: !tt.ptr<f32>) {",
        "    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>",
        "    %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>",
        "    %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>",
        "    %c16 = arith.constant dense<16> : tensor<16x1xi32>",
        "    %row = arith.muli %r0, %c16 : tensor<16x1xi32>",
        "    %rb = tt.broadcast %row : tensor<16x1xi32> -> tensor<16x16xi32>",
        "    %cb = tt.broadcast %r1 : tensor<1x16xi32> -> tensor<16x16xi32>",
        "    %off = arith.addi %rb, %cb : tensor<16x16xi32>",
        f"    %pa = tt.splat %a : !tt.ptr<{f}> -> tensor<16x16x!tt.ptr<{f}>>",
        f"    %pa1 = tt.addptr %pa, %off : tensor<16x16x!tt.ptr<{f}>>, tensor<16x16xi32>",
        f"    %x = tt.load %pa1 : tensor<16x16x!tt.ptr<{f}>>",
        f"    %pb = tt.splat %b : !tt.ptr<{f}> -> tensor<16x16x!tt.ptr<{f}>>",
        f"    %pb1 = tt.addptr %pb, %off : tensor<16x16x!tt.ptr<{f}>>, tensor<16x16xi32>",
        f"    %y = tt.load %pb1 : tensor<16x16x!tt.ptr<{f}>>",
        "    %s = \"tt.reduce\"(%x) <{axis = 1 : i32}> ({",
        f"    ^bb0(%p: {f}, %q: {f}):",
        f"      %t = arith.addf %p, %q : {f}",
        f"      tt.reduce.return %t : {f}",
        f"    }}) : ({T2}) -> tensor<16x{f}>",
        "    %mx = \"tt.reduce\"(%x) <{axis = 0 : i32}> ({",
        f"    ^bb0(%p: {f}, %q: {f}):",
        f"      %t = arith.maxnumf %p, %q : {f}",
        f"      tt.reduce.return %t : {f}",
        f"    }}) : ({T2}) -> tensor<16x{f}>",
        f"    %po = tt.splat %o : !tt.ptr<{f}> -> tensor<16x!tt.ptr<{f}>>",
        f"    %po1 = tt.addptr %po, %r : tensor<16x!tt.ptr<{f}>>, tensor<16xi32>",
        f"    tt.store %po1, %s : tensor<16x!tt.ptr<{f}>>",
        f"    %pm = tt.splat %m : !tt.ptr<{f}> -> tensor<16x!tt.ptr<{f}>>",
        f"    %pm1 = tt.addptr %pm, %r : tensor<16x!tt.ptr<{f}>>, tensor<16xi32>",
        f"    tt.store %pm1, %mx : tensor<16x!tt.ptr<{f}>>",
        "    %z = arith.constant dense<0.000000e+00> : tensor<16x16xf32>",
        f"    %acc = tt.dot %x, %y, %z, inputPrecision = ieee : {T2} * {T2} -> tensor<16x16xf32>",
        "    %pd = tt.splat %d : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>",
        "    %pd1 = tt.addptr %pd, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>",
        "    tt.store %pd1, %acc : tensor<16x16x!tt.ptr<f32>>",
        "    tt.return",
        "  }",
        "}",
    ]
    return "\n".join(lines) + "\n"


def fp8_kernel(f8, rounding):
    k = Kernel(f"fp8_{f8.lower()}_{rounding}")
    x = k.load("f32")
    h = k.load("bf16")
    k.op(f"tt.fp_to_fp {x}, rounding = {rounding} : tensor<{N}xf32> -> tensor<{N}x{f8}>", f8)
    k.op(f"tt.fp_to_fp {h}, rounding = {rounding} : tensor<{N}xbf16> -> tensor<{N}x{f8}>", f8)
    e = k.load(f8)
    k.op(f"tt.fp_to_fp {e} : tensor<{N}x{f8}> -> tensor<{N}xf32>", "f32")
    k.op(f"tt.fp_to_fp {e} : tensor<{N}x{f8}> -> tensor<{N}xbf16>", "bf16")
    return k


def generated():
    """(name, text, required): the kernels written here."""
    out = [(k.name, k.text(), True) for k in [float_kernel(f) for f in FLOATS] + [int_kernel(i) for i in INTS]]
    out += [(f"reduce_dot_{f}", reduce_dot_kernel(f), True) for f in ("f16", "bf16")]
    out += [(k.name, k.text(), False) for k in (fp8_kernel("f8E5M2", "rtne"), fp8_kernel("f8E4M3FN", "rtne"),
                                                 fp8_kernel("f8E5M2", "rtz"))]
    return out


# --- compiling and listing -------------------------------------------------------------------------------


def undefined(path):
    out = subprocess.run([f"{LLVM_BIN}/llvm-nm", "--undefined-only", "--format=just-symbols", path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"llvm-nm {path}: {out.stderr.strip()}")
    return set(out.stdout.split())


def generic_object(compiler, src, obj):
    """(symbols or None, first error line) of `tritium-compile --target cpu`."""
    p = subprocess.run([compiler, src, "--target", "cpu", "-o", obj, "--no-metadata"], capture_output=True, text=True)
    if p.returncode != 0:
        lines = [line for line in p.stderr.splitlines() if "error" in line] or [p.stderr.strip()]
        return None, lines[0][:200]
    return undefined(obj), ""


def self_test(tmp, allowed):
    """The listing sees a builtin call: llc's object for an f32 -> bf16 truncation calls __truncsfbf2."""
    ll = os.path.join(tmp, "self.ll")
    with open(ll, "w") as f:
        f.write("define bfloat @t(float %x) {\n  %r = fptrunc float %x to bfloat\n  ret bfloat %r\n}\n")
    obj = os.path.join(tmp, "self.o")
    subprocess.run([f"{LLVM_BIN}/llc", "-O2", "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=x86-64", "-filetype=obj",
                    ll, "-o", obj], check=True)
    syms = undefined(obj)
    return "__truncsfbf2" in syms and not (syms <= allowed)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.environ.get("CORPUS", os.path.join(ROOT, "..", "shared", "corpus")))
    ap.add_argument("--lib", default=os.path.join(ROOT, "build", "lib", "libtritium.so"))
    ap.add_argument("--compiler", default=os.path.join(ROOT, "build", "bin", "tritium-compile"))
    ap.add_argument("--skip", default="x_sort_flip", help="kernels left out (slow to compile), comma separated")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    libc, libm, hook = allow_list()
    allowed = set(libc) | set(libm) | {hook}
    errors = check_allow_list(libc, libm)

    skip = {s for s in args.skip.split(",") if s}
    files = sorted(glob.glob(os.path.join(args.corpus, "*", "*.ttir.mlir")))
    files += sorted(glob.glob(os.path.join(ROOT, "tests", "gpu", "extra", "cuda_sm80", "*.ttir.mlir")))
    files += sorted(glob.glob(os.path.join(HERE, "*.mlir")) + glob.glob(os.path.join(HERE, "Inputs", "*.mlir")))
    kernels = []  # (label, text, required)
    bodies = set()
    for path in files:
        text = open(path).read()
        name = os.path.basename(path).split(".")[0]
        # The same kernel for another target (only locations differ) is compiled once.
        body = re.sub(r"loc\([^\n]*", "", text)
        if "tt.func public" not in text or name in skip or body in bodies:
            continue
        bodies.add(body)
        kernels.append((os.path.relpath(path, os.path.dirname(ROOT)), text, False))
    kernels += [(f"generated/{n}", t, req) for n, t, req in generated()]

    try:
        import numpy  # noqa: F401  (cpu_runtime needs it)
        from cpu_runtime import CpuError, CpuRuntime
    except ImportError:
        if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
        raise
    runtime = CpuRuntime(args.lib)

    with tempfile.TemporaryDirectory() as tmp:
        if not self_test(tmp, allowed):
            errors.append("self-test: llvm-nm did not report __truncsfbf2 as a foreign symbol of llc's f32 -> bf16 object")
        srcs = []
        for i, (label, text, _) in enumerate(kernels):
            src = os.path.join(tmp, f"k{i}.mlir")
            with open(src, "w") as f:
                f.write(text)
            srcs.append(src)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            # x86-64 objects in worker processes while this one makes the host objects.
            generic = [pool.submit(generic_object, args.compiler, srcs[i], os.path.join(tmp, f"k{i}.o"))
                       for i in range(len(kernels))]
            checked, unsupported, objects, seen = 0, [], 0, set()
            for i, (label, text, required) in enumerate(kernels):
                why = ""
                try:
                    obj = runtime.emit_object(text)
                    hpath = os.path.join(tmp, f"k{i}.host.o")
                    with open(hpath, "wb") as f:
                        f.write(obj)
                    hsyms = undefined(hpath)
                except CpuError as e:
                    hsyms, why = None, str(e).splitlines()[0][:200]
                gsyms, gwhy = generic[i].result()
                why = why or gwhy
                if gsyms is None or hsyms is None:
                    if gsyms is not None or hsyms is not None:
                        errors.append(f"{label}: compiles for {'x86-64' if gsyms is not None else 'the host'} only ({why})")
                    elif required:
                        errors.append(f"{label}: does not compile for the CPU ({why})")
                    else:
                        unsupported.append(f"{os.path.basename(label)} ({why})")
                    continue
                checked += 1
                for kind, syms in (("x86-64", gsyms), ("host", hsyms)):
                    objects += 1
                    seen |= syms
                    foreign = sorted(syms - allowed)
                    if foreign:
                        errors.append(f"{label} ({kind} object): calls {', '.join(foreign)}, which Tritium does not provide")
                    if args.verbose:
                        print(f"  {label} ({kind}): {' '.join(sorted(syms)) or '-'}")
    for u in unsupported:
        print(f"  not supported by the CPU backend: {u}")
    for e in errors:
        print(f"cpu symbols: FAIL {e}")
    print(f"cpu symbols: {checked} kernels, {objects} objects (x86-64 and host); undefined symbols seen: "
          f"{' '.join(sorted(seen))}; {len(unsupported)} kernels not supported; allow-list of "
          f"{len(allowed)} names (spec/cpu/src/runtime.rs) {'checked against glibc <= 2.36' if not errors else ''}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
