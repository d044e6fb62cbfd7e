#!/usr/bin/env python3
"""smem_image.py -- does Tritium's lowering write the same shared memory as Triton's? (no GPU needed)

    python3 tests/tools/smem_image.py [--target cuda:90] CASE.mlir ...
    python3 tests/tools/smem_image.py [--target cuda:90] --kernel K.ttgir_prellvm.mlir ...

Each CASE is a TTGIR module with one kernel whose tensors come in as arguments (and whose results
go out through tt.store). Both Triton 3.9's make_llir (its own C++, through
../shared/corpus/run_triton_pass.py in the Triton venv) and Tritium's tritium-make-llir lower it;
the straight-line LLVM-dialect code up to the first barrier is then interpreted for every thread
of the CTA: address arithmetic concretely (thread id from nvvm.read.ptx.sreg.tid.x), the
kernel's arguments as symbols, llvm.store and nvvm.stmatrix (plain and .trans, x1/x2/x4, per
warp) writing symbols to byte addresses. The case passes when both write the same symbol to the
same byte of shared memory and no byte twice with different symbols: a wrong address or a
swapped register is a difference. (What is read back is not compared.)

With --kernel, every ttg.convert_layout through shared memory, initialized ttg.local_alloc and
ttg.local_store of the kernel (each distinct pair of types once) becomes such a case.

Prints one line per case and a summary; exits 1 when a case differs or a side fails to lower.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUN_TRITON = os.path.join(ROOT, "..", "shared", "corpus", "run_triton_pass.py")
VENVS = [os.path.expanduser("~/.cache/tritium/triton-3.9.0"), "/tmp/tritonvenv"]

OP = re.compile(r'^\s*(?:(%[\w#:]+(?:, %[\w#]+)*) = )?"([\w.]+)"\((.*?)\)\s*(<\{.*\}>)?\s*(\(\{)?\s*:\s*\((.*?)\)\s*->\s*(.*)$')
DYNAMIC = -2147483648
BARRIERS = ("nvvm.barrier0", "nvvm.barrier", "nvvm.bar.warp.sync")


# --------------------------------------------------------------------------
# Reading the generic form of the LLVM dialect
# --------------------------------------------------------------------------

def type_bytes(t):
    t = t.strip()
    m = re.match(r"vector<(\d+)x(\w+)>", t)
    if m:
        return int(m.group(1)) * type_bytes(m.group(2))
    if t.startswith(("!llvm.ptr", "ptr")) or t in ("f64", "i64"):
        return 8
    sizes = {"f16": 2, "bf16": 2, "f32": 4, "i1": 1}
    if t in sizes:
        return sizes[t]
    m = re.match(r"i(\d+)$", t)
    if m:
        return max(1, int(m.group(1)) // 8)
    m = re.match(r"f8\w*|f4\w*", t)
    if m:
        return 1
    raise ValueError(f"unknown type {t}")


def split_top(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        depth += ch in "<([{"
        depth -= ch in ">)]}"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse(path):
    """The kernel's arguments (name, type) and its ops, from generic-form MLIR."""
    args, ops, in_func = [], [], False
    for line in open(path).read().splitlines():
        if '"llvm.func"' in line:
            if in_func:
                break
            in_func = True
            continue
        if not in_func:
            continue
        s = line.strip()
        if s.startswith("^bb0("):
            for a in split_top(s[len("^bb0("):s.rindex(")")]):
                name, ty = a.split(":", 1)
                args.append((name.strip()[1:], ty.strip()))
            continue
        if s.startswith("^"):
            break  # a second block: control flow, beyond this interpreter
        m = OP.match(line)
        if m:
            res, name, operands, props, _, intys, outty = m.groups()
            ops.append(dict(res=res, name=name, operands=[o.strip()[1:] for o in operands.split(",") if o.strip()],
                            props=props or "", intys=split_top(intys), outty=outty.strip()))
    return args, ops


# --------------------------------------------------------------------------
# Interpreting one thread
# --------------------------------------------------------------------------

ARITH = {
    "llvm.and": lambda a, b: a & b, "llvm.or": lambda a, b: a | b, "llvm.xor": lambda a, b: a ^ b,
    "llvm.shl": lambda a, b: a << b, "llvm.lshr": lambda a, b: a >> b, "llvm.add": lambda a, b: a + b,
    "llvm.sub": lambda a, b: a - b, "llvm.mul": lambda a, b: a * b,
    "llvm.udiv": lambda a, b: a // b if b else 0, "llvm.urem": lambda a, b: a % b if b else 0,
}


def signed(x):
    return x - (1 << 32) if x >= 1 << 31 else x


def run_thread(args, ops, tid):
    """(stores, stmatrix events) of thread `tid`, each tagged with its phase (the number of barriers
    before it). Data values are lists of bytes, each (argument element, byte) or None; integers are
    concrete; anything else (a loaded value, say) is opaque."""
    env, flat = {}, 0
    for name, ty in args:
        m = re.match(r"!llvm\.struct<\((.*)\)>", ty)
        elems = split_top(m.group(1)) if m else [ty]
        vals = [[(f"a{flat + i}", b) for b in range(type_bytes(t))] for i, t in enumerate(elems)]
        env[name] = ("struct", vals) if m else vals[0]
        flat += len(elems)
    stores, stm, phase = [], [], 0
    for op in ops:
        n, p = op["name"], op["props"]
        o = [env.get(x) for x in op["operands"]]
        v = ("opaque", n)
        if n == "llvm.mlir.constant":
            m = re.search(r"value = (-?\d+) : i\d+", p)
            v = int(m.group(1)) & 0xFFFFFFFF if m else v
        elif n == "llvm.mlir.addressof":
            v = 0
        elif n == "nvvm.read.ptx.sreg.tid.x":
            v = tid
        elif n in ARITH:
            if all(isinstance(x, int) for x in o):
                v = ARITH[n](*o) & 0xFFFFFFFF
        elif n == "llvm.icmp":
            pr = int(re.search(r"predicate = (\d+)", p).group(1))
            x, y = o
            if isinstance(x, int) and isinstance(y, int):
                sx, sy = signed(x), signed(y)
                v = int([x == y, x != y, sx < sy, sx <= sy, sx > sy, sx >= sy, x < y, x <= y, x > y, x >= y][pr])
        elif n == "llvm.select":
            c, x, y = o
            if isinstance(c, int):
                v = x if c else y
        elif n == "llvm.getelementptr":
            et = re.search(r"elem_type = ([^,]+), ", p).group(1)
            raw = [int(x) for x in re.search(r"rawConstantIndices = array<i32: ([^>]*)>", p).group(1).split(",")]
            dyn = iter(o[1:])
            idx = [next(dyn) if i == DYNAMIC else i for i in raw]
            if isinstance(o[0], int) and all(isinstance(i, int) for i in idx):
                v = o[0] + sum(signed(i) for i in idx) * type_bytes(et)
        elif n == "llvm.extractvalue":
            pos = int(re.search(r"position = array<i64: (\d+)>", p).group(1))
            if isinstance(o[0], tuple) and o[0][0] == "struct":
                v = o[0][1][pos]
        elif n == "llvm.bitcast":
            v = o[0]
        elif n in ("llvm.mlir.undef", "llvm.mlir.poison", "llvm.mlir.zero"):
            if "struct" not in op["outty"]:
                v = [None] * type_bytes(op["outty"])
        elif n == "llvm.insertelement":
            vec, val, idx = o
            if isinstance(vec, list) and isinstance(val, list) and isinstance(idx, int):
                v = list(vec)
                v[idx * len(val):(idx + 1) * len(val)] = val
        elif n == "llvm.extractelement":
            vec, idx = o
            if isinstance(vec, list) and isinstance(idx, int):
                size = type_bytes(op["outty"])
                v = vec[idx * size:(idx + 1) * size]
        elif n in ("llvm.zext", "llvm.sext"):
            size = type_bytes(op["outty"])
            v = o[0] + [("ext", o[0][0])] * (size - len(o[0])) if isinstance(o[0], list) else o[0]
        elif n == "llvm.trunc":
            size = type_bytes(op["outty"])
            v = o[0][:size] if isinstance(o[0], list) else o[0]
        elif n == "llvm.store" and op["intys"][1:] == ["!llvm.ptr<3>"]:
            # Stores to shared memory only; a value the interpreter does not
            # follow (one loaded back, say) is compared by its size alone.
            val = o[0] if isinstance(o[0], list) else [("?",)] * type_bytes(op["intys"][0])
            stores.append((o[1], val, phase))
        elif n == "nvvm.stmatrix":
            stm.append((o[0], o[1:], "mma_layout<col>" in p, phase))
        elif n in BARRIERS:
            phase += 1
        if op["res"]:
            env[op["res"][1:]] = v
    return stores, stm


def image(path, threads):
    """The bytes written by all threads, per phase between barriers (phases that write nothing
    left out): ([{address: symbol}], conflicting writes, #stores, #stmatrix)."""
    args, ops = parse(path)
    per = [run_thread(args, ops, t) for t in range(threads)]
    mems, conflicts = {}, [0]

    def put(phase, addr, byte):
        if not isinstance(addr, int):
            raise ValueError(f"{path}: an address that is not a constant per thread ({addr})")
        mem = mems.setdefault(phase, {})
        if addr in mem and mem[addr] != byte:
            conflicts[0] += 1
        mem[addr] = byte
    for stores, _ in per:
        for ptr, val, phase in stores:
            for i, b in enumerate(val):
                put(phase, ptr + i if isinstance(ptr, int) else ptr, b)
    n_stm = len(per[0][1])
    for w in range(threads // 32):
        lanes = [per[w * 32 + t][1] for t in range(32)]
        for k in range(n_stm):
            _, words0, trans, phase = lanes[0][k]
            rows = [[lanes[j * 8 + r][k][0] for r in range(8)] for j in range(len(words0))]
            for j in range(len(words0)):
                for t in range(32):
                    word = lanes[t][k][1][j]
                    if not (isinstance(word, list) and len(word) == 4):
                        raise ValueError(f"{path}: a stmatrix word the interpreter does not follow ({word})")
                    if not trans:
                        # Lane t holds bytes 4(t%4).. of row t/4 of matrix j.
                        for i in range(4):
                            put(phase, rows[j][t // 4] + 4 * (t % 4) + i, word[i])
                    else:
                        # Lane t holds 16-bit column t/4 of rows 2(t%4) and 2(t%4)+1.
                        for i in range(2):
                            base = rows[j][2 * (t % 4) + i] + 2 * (t // 4)
                            put(phase, base, word[2 * i])
                            put(phase, base + 1, word[2 * i + 1])
    return [mems[p] for p in sorted(mems)], conflicts[0], len(per[0][0]), n_stm


# --------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------

def pointers_of(t):
    m = re.match(r"tensor<((?:\d+x)+)([^,]+), (.*)>$", t)
    shape, elem, layout = m.groups()
    return None if "ptr" in elem else f"tensor<{shape}!tt.ptr<{elem}>, {layout}>"


def kernel_cases(path, out):
    """One module per distinct shared-memory write of the kernel at `path`, written into `out`."""
    lines = open(path).read().splitlines()
    aliases = [l for l in lines if l.startswith("#") and " = #" in l and not l.startswith("#loc")]
    module = next(l for l in lines if l.startswith("module attributes"))
    module = re.sub(r"\s*loc\(.*", "", module)
    module = re.sub(r"ttg.shared = \d+ : i32", "ttg.shared = 65536 : i32", module)
    module = module if module.endswith("{") else module + " {"
    k = os.path.basename(path).split(".")[0]
    seen, files = set(), []
    for line in lines:
        s = re.sub(r"\s*loc\(#?[\w\"/.:\-]*\)\s*$", "", line.strip())
        body = key = None
        m = re.match(r"%\S+ = ttg\.convert_layout %\S+ \{allocation[^}]*\} : (tensor<.*>) -> (tensor<.*>)$", s)
        if m and pointers_of(m.group(2)):
            src, dst = m.groups()
            key, p = ("cvt", src, dst), pointers_of(dst)
            body = (f"    %y = ttg.convert_layout %x : {src} -> {dst}\n    tt.store %p, %y : {p}\n")
        m = re.match(r"%\S+ = ttg\.local_alloc %\S+ \{[^}]*\} : \((tensor<.*>)\) -> (!ttg\.memdesc<.*>)$", s)
        if m and pointers_of(m.group(1)):
            src, md = m.groups()
            key, p = ("alloc", src, md), pointers_of(src)
            body = (f"    %m = ttg.local_alloc %x : ({src}) -> {md}\n"
                    f"    %y = ttg.local_load %m : {md} -> {src}\n    tt.store %p, %y : {p}\n")
        m = re.match(r"ttg\.local_store %\S+, %\S+ : (tensor<.*>) -> (!ttg\.memdesc<.*>)$", s)
        if m and pointers_of(m.group(1)) and ", mutable" in m.group(2) and re.search(r", \d+x", m.group(2)) is None:
            src, md = m.groups()
            key, p = ("store", src, md), pointers_of(src)
            body = (f"    %m = ttg.local_alloc : () -> {md}\n    ttg.local_store %x, %m : {src} -> {md}\n"
                    f"    %y = ttg.local_load %m : {md} -> {src}\n    tt.store %p, %y : {p}\n")
        if body and key not in seen:
            seen.add(key)
            f = os.path.join(out, f"{k}.{len(files)}.{key[0]}.mlir")
            with open(f, "w") as fh:
                fh.write("\n".join(aliases) + "\n" + module + "\n"
                         + f"  tt.func public @f(%x: {key[1]}, %p: {p}) {{\n" + body + "    tt.return\n  }\n}\n")
            files.append(f)
    return files


def find_python(venv):
    for v in ([venv] if venv else []) + VENVS:
        py = os.path.join(v, "bin", "python3")
        if os.path.exists(py):
            return py
    return None


def compare(case, target, py, opt, tmp):
    """(ok, message) for one case."""
    base = os.path.join(tmp, os.path.basename(case)[:-5])
    nw = re.search(r'"ttg.num-warps" = (\d+)', open(case).read())
    threads = 32 * int(nw.group(1) if nw else 4)
    r = subprocess.run([py, RUN_TRITON, "--pass", "make_llir", "--target", target, "--no-debug-locs", case,
                        "-o", base + ".triton.mlir"], capture_output=True, text=True)
    if r.returncode != 0:
        return None, "Triton's make_llir fails: " + r.stderr.strip().splitlines()[-1][:200]
    for src, dst, pipeline in ((base + ".triton.mlir", base + ".triton.gen.mlir", None),
                               (case, base + ".ours.gen.mlir", f"builtin.module(tritium-make-llir{{target={target}}})")):
        cmd = [opt, src, "--mlir-print-op-generic", "-o", dst] + ([f"--pass-pipeline={pipeline}"] if pipeline else [])
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return False, "tritium-opt fails: " + r.stderr.strip()[:300]
    try:
        theirs, their_conflicts, t_st, t_stm = image(base + ".triton.gen.mlir", threads)
        ours, our_conflicts, o_st, o_stm = image(base + ".ours.gen.mlir", threads)
    except ValueError as e:
        return None, f"not interpretable: {e}"
    what = (f"Triton {t_st} stores + {t_stm} stmatrix, Tritium {o_st} + {o_stm} per thread, "
            f"{len(ours)} phase(s), {sum(len(m) for m in ours)} bytes")
    if our_conflicts:
        return False, f"{our_conflicts} bytes written twice with different values in a phase ({what})"
    if len(ours) != len(theirs):
        return False, f"{len(theirs)} phases that write in Triton's, {len(ours)} in Tritium's ({what})"
    for k, (o, t) in enumerate(zip(ours, theirs)):
        if o != t:
            diff = sorted(a for a in set(o) | set(t) if o.get(a) != t.get(a))
            a = diff[0]
            return False, (f"phase {k}: {len(diff)} bytes differ, first at {a}: Triton {t.get(a)}, "
                           f"Tritium {o.get(a)} ({what})")
    return True, f"same shared memory ({what})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", help="TTGIR modules, one kernel each")
    ap.add_argument("--kernel", action="append", default=[], help="a kernel's TTGIR: check each of its writes")
    ap.add_argument("--target", default="cuda:90")
    ap.add_argument("--opt", default=os.path.join(ROOT, "build", "bin", "tritium-opt"))
    ap.add_argument("--venv", help="the venv holding triton==3.9.0 (default: make deps' one)")
    a = ap.parse_args()
    py = find_python(a.venv)
    if py is None or not os.path.exists(RUN_TRITON):
        print("smem-image: SKIPPED (no Triton venv or no ../shared/corpus/run_triton_pass.py)")
        return 0
    bad = same = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        cases = list(a.cases)
        for k in a.kernel:
            cases += kernel_cases(k, tmp)
        for case in cases:
            ok, msg = compare(case, a.target, py, a.opt, tmp)
            name = os.path.basename(case)
            print(f"smem-image: {name}: {'OK  ' if ok else 'SKIP' if ok is None else 'DIFF'} {msg}")
            same += ok is True
            bad += ok is False
            skipped += ok is None
    print(f"smem-image: {same}/{len(cases)} cases write the same shared memory as Triton ({a.target}); "
          f"{bad} differ, {skipped} not interpretable")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
