"""simt.py -- a lockstep SIMT interpreter of straight-line NVPTX LLVM IR (tritium-compile --emit llvm-ir,
best at -O 0), enough for kernels of loads, stores, integer/f32 arithmetic, warp shuffles, shared memory
and barriers: every SSA value is a NumPy array over the CTA's threads, one instruction at a time for
all threads (a valid schedule of straight-line code with CTA-wide barriers). No branches, no vectors.
Used by check_scan_simt.py; unknown instructions stop it with the line.
"""
import re, struct, numpy as np

def fconst(s):
    s = s.strip()
    if s.startswith('0x'):
        return np.float32(struct.unpack('>d', bytes.fromhex(s[2:].rjust(16,'0')))[0])
    return np.float32(float(s))

def wrap(a, bits):
    if bits == 1: return a.astype(bool)
    a = a.astype(np.int64)
    if bits >= 64: return a
    m = (1 << bits)
    a = a & (m - 1)
    return np.where(a >= m // 2, a - m, a)

def bits_of(ty):
    ty = ty.strip()
    if ty.startswith('i'): return int(ty[1:])
    if ty.startswith('ptr'): return 64
    return None

class Machine:
    def __init__(self, T):
        self.T = T
        self.mem = {}   # global: base -> np.ndarray (uint8 view)
        self.smem = np.zeros(1 << 20, dtype=np.uint8)
        self.next_base = 1 << 32
    def alloc(self, arr):
        b = self.next_base; self.next_base += 1 << 32
        self.mem[b] = arr.view(np.uint8).reshape(-1)
        return b
    def locate(self, addr, shared):
        if shared: return self.smem, addr
        base = (addr >> 32) << 32
        return self.mem[int(base)], addr - base

def run(text, fname, args, grid, T, machine):
    text = re.sub(r'getelementptr \((?:inbounds )?(?:nuw )?i8, ptr addrspace\(3\) @global_smem, i(?:32|64) (\d+)\)', r'@smem+\1', text)
    lines = text.split('\n')
    start = next(i for i, l in enumerate(lines) if l.startswith('define') and '@' + fname + '(' in l)
    hdr = lines[start]
    params = re.findall(r'(ptr addrspace\(\d\)|ptr|i\d+|float)[^,)]*?(%\d+)', hdr[hdr.index('('):])
    body = []
    for l in lines[start + 1:]:
        if l.startswith('}'): break
        body.append(l.strip())
    tid = np.arange(T)
    for cta in range(grid):
        env = {}
        for (ty, name), a in zip(params, args + [0] * (len(params) - len(args))):
            env[name] = np.full(T, a, dtype=np.int64)
        def val(tok, ty=None):
            tok = tok.strip()
            if tok.startswith('%'): return env[tok]
            if tok == 'true': return np.ones(T, bool)
            if tok == 'false': return np.zeros(T, bool)
            if tok == '@global_smem': return np.zeros(T, np.int64)
            if tok.startswith('@smem+'): return np.full(T, int(tok[6:]), np.int64)
            if tok in ('poison', 'undef'): return np.zeros(T, np.int64)
            if ty is not None and ty.strip() in ('float',):
                return np.full(T, fconst(tok), np.float32)
            try:
                return np.full(T, int(tok), np.int64)
            except ValueError:
                return np.full(T, fconst(tok), np.float32)
        for l in body:
            if not l or l.startswith(';'): continue
            m = re.match(r'(%[\w.]+) = (.*)$', l)
            dst, rhs = (m.group(1), m.group(2)) if m else (None, l)
            rhs = re.sub(r'\b(tail |nneg |nuw |nsw |disjoint |exact |samesign |inbounds |contract |fast |reassoc |nnan |ninf |afn |arcp )', '', rhs)
            rhs = rhs.replace('inbounds ', '')
            r = None
            mm = re.match(r'(add|sub|mul|and|or|xor|shl|lshr|ashr|udiv|urem|sdiv|srem) (i\d+) (\S+), (\S+)$', rhs)
            if mm:
                op, ty, a, b = mm.groups(); bw = int(ty[1:])
                a = val(a.rstrip(',')); b = val(b)
                ua = a & ((1 << bw) - 1) if bw < 64 else a; ub = b & ((1 << bw) - 1) if bw < 64 else b
                r = {'add': lambda: a + b, 'sub': lambda: a - b, 'mul': lambda: a * b, 'and': lambda: a & b, 'or': lambda: a | b,
                     'xor': lambda: a ^ b, 'shl': lambda: a << b, 'lshr': lambda: ua >> b, 'ashr': lambda: a >> b,
                     'udiv': lambda: ua // ub, 'urem': lambda: ua % ub, 'sdiv': lambda: np.trunc(a / b).astype(np.int64),
                     'srem': lambda: np.fmod(a, b)}[op]()
                r = wrap(r, bw) if bw > 1 else r.astype(bool)
                env[dst] = r; continue
            mm = re.match(r'(fadd|fsub|fmul|fdiv) float (\S+), (\S+)$', rhs)
            if mm:
                op, a, b = mm.groups(); a = val(a.rstrip(','), 'float').astype(np.float32); b = val(b, 'float').astype(np.float32)
                env[dst] = {'fadd': a + b, 'fsub': a - b, 'fmul': a * b, 'fdiv': a / b}[op].astype(np.float32); continue
            mm = re.match(r'icmp (\w+) (i\d+|ptr[^%]*) (\S+), (\S+)$', rhs)
            if mm:
                c, ty, a, b = mm.groups(); bw = bits_of(ty) or 64
                a = val(a.rstrip(',')).astype(np.int64); b = val(b).astype(np.int64)
                if bw == 1: a = a.astype(np.int64); b = b.astype(np.int64)
                msk = (1 << bw) - 1 if bw < 64 else -1
                ua, ub = (a & msk, b & msk) if bw < 64 else (a, b)
                env[dst] = {'eq': a == b, 'ne': a != b, 'slt': a < b, 'sle': a <= b, 'sgt': a > b, 'sge': a >= b,
                            'ult': ua < ub, 'ule': ua <= ub, 'ugt': ua > ub, 'uge': ua >= ub}[c]; continue
            mm = re.match(r'select i1 (\S+), (\S+) (\S+), \S+ (\S+)$', rhs)
            if mm:
                c, ty, a, b = mm.groups(); c = val(c.rstrip(','))
                env[dst] = np.where(c.astype(bool), val(a.rstrip(','), ty), val(b, ty)); continue
            mm = re.match(r'bitcast (\S+) (\S+) to (\S+)$', rhs)
            if mm:
                fty, a, tty = mm.groups(); v = val(a, fty)
                if fty == 'float' and tty == 'i32': env[dst] = v.astype(np.float32).view(np.int32).astype(np.int64)
                elif fty == 'i32' and tty == 'float': env[dst] = v.astype(np.int64).astype(np.int32).view(np.float32)
                else: env[dst] = v
                continue
            mm = re.match(r'(sext|zext|trunc|ptrtoint|inttoptr|addrspacecast) (\S+(?: addrspace\(\d\))?) (\S+) to (\S+(?: addrspace\(\d\))?)$', rhs)
            if mm:
                op, fty, a, tty = mm.groups(); v = val(a); fb = bits_of(fty) or 64; tb = bits_of(tty) or 64
                if op == 'zext': v = v.astype(np.int64) & ((1 << fb) - 1) if fb > 1 else v.astype(np.int64)
                elif op == 'sext': v = wrap(v.astype(np.int64), fb) if fb > 1 else -v.astype(np.int64)
                env[dst] = wrap(v.astype(np.int64), tb) if tb < 64 else v.astype(np.int64); continue
            mm = re.match(r'getelementptr (\S+), (ptr(?: addrspace\(\d\))?) (\S+), (i\d+) (\S+)$', rhs)
            if mm:
                ety, pty, p, ity, i = mm.groups(); size = {'i8': 1, 'i16': 2, 'i32': 4, 'float': 4, 'i64': 8, 'double': 8, 'half': 2, 'bfloat': 2}[ety]
                env[dst] = val(p.rstrip(',')).astype(np.int64) + val(i).astype(np.int64) * size; continue
            mm = re.match(r'load (\S+), (ptr(?: addrspace\((\d)\))?) (\S+)(, align \d+)?$', rhs)
            if mm:
                ty, pty, asp, p, _ = mm.groups(); addr = val(p); shared = asp == '3'
                out = np.zeros(T, np.float32 if ty == 'float' else np.int64)
                for t in range(T):
                    buf, off = machine.locate(int(addr[t]), shared)
                    out[t] = buf[off:off + 4].view(np.float32 if ty == 'float' else np.int32)[0]
                env[dst] = out; continue
            mm = re.match(r'store (\S+) (\S+), (ptr(?: addrspace\((\d)\))?) (\S+?)(, align \d+)?$', rhs)
            if mm:
                ty, v, pty, asp, p, _ = mm.groups(); v = val(v.rstrip(','), ty); addr = val(p); shared = asp == '3'
                for t in range(T):
                    buf, off = machine.locate(int(addr[t]), shared)
                    buf[off:off + 4] = np.array([v[t]], np.float32 if ty == 'float' else np.int32).view(np.uint8)
                continue
            mm = re.match(r'extractvalue \{[^}]*\} (\S+), (\d+)$', rhs)
            if mm:
                env[dst] = env[mm.group(1)][int(mm.group(2))]; continue
            mm = re.match(r'call (\S+) @([\w.]+)\((.*)\)( #\d+)?$', rhs)
            if mm:
                rty, fn, argstr, _ = mm.groups()
                a = [x.strip().split(' ')[-1] for x in argstr.split(',')] if argstr else []
                if fn == 'llvm.nvvm.read.ptx.sreg.tid.x': env[dst] = tid.copy(); continue
                if fn == 'llvm.nvvm.read.ptx.sreg.ctaid.x': env[dst] = np.full(T, cta, np.int64); continue
                if fn.startswith('llvm.nvvm.read.ptx.sreg.ctaid') : env[dst] = np.zeros(T, np.int64); continue
                if fn.startswith('llvm.nvvm.barrier') : continue
                if fn.startswith('llvm.nvvm.shfl.sync.'):
                    kind = fn.split('.')[4]; v = val(a[1]); d = val(a[2]); lane = tid % 32; base = tid - lane
                    if kind == 'up': src = lane - d; ok = src >= 0
                    elif kind == 'down': src = lane + d; ok = src <= 31
                    elif kind == 'bfly': src = lane ^ d; ok = np.ones(T, bool)
                    else: src = d & 31; ok = np.ones(T, bool)
                    src = np.where(ok, src, lane)
                    env[dst] = v[base + src]; continue
                raise SystemExit('unknown call ' + l)
            mm = re.match(r'call (\{[^}]*\}|\S+) asm sideeffect "(.*)", "(.*)"\((.*)\)( #\d+)?$', rhs)
            if mm:
                rty, asm, cons, argstr, _ = mm.groups()
                print(ops_dbg) if 0 else None
                ops = [x.strip() for x in re.sub(r"addrspace\((\d)\)", r"addrspace<\1>", argstr).split(',')]
                ops = [(o.rsplit(' ', 1)[0], o.rsplit(' ', 1)[1]) for o in ops]
                mm2 = re.match(r'((?:mov\.u32 \$\d, 0x0;\\0A\\09)+)(@\$(\d+) )?ld\.global\.v(\d)\.b32 \{ [^}]* \}, \[ \$(\d+) \+ 0 \];$', asm)
                if mm2:
                    _, _, pi, nv, ai = mm2.groups(); nv = int(nv)
                    ops = [None] * nv + ops
                    addr = val(ops[int(ai)][1]); pred = val(ops[int(pi)][1]).astype(bool) if pi else np.ones(T, bool)
                    outs = [np.zeros(T, np.int64) for _ in range(nv)]
                    for t in range(T):
                        if pred[t]:
                            buf, off = machine.locate(int(addr[t]), False)
                            w = buf[off:off + 4 * nv].view(np.int32)
                            for q in range(nv): outs[q][t] = w[q]
                    env[dst] = outs; continue
                mm2 = re.match(r'(@\$(\d+) )?st\.global\.v(\d)\.b32 \[ \$(\d+) \+ 0 \], \{ ([^}]*) \};$', asm)
                if mm2:
                    _, pi, nv, ai, vs = mm2.groups(); nv = int(nv)
                    pred = val(ops[int(pi)][1]).astype(bool) if pi else np.ones(T, bool)
                    addr = val(ops[int(ai)][1]); vals = [val(ops[int(v.strip()[1:])][1], ops[int(v.strip()[1:])][0]) for v in vs.split(',')]
                    for t in range(T):
                        if pred[t]:
                            buf, off = machine.locate(int(addr[t]), False)
                            for q in range(nv):
                                v = vals[q]
                                buf[off + 4 * q:off + 4 * q + 4] = np.array([v[t]]).astype(np.float32 if v.dtype == np.float32 else np.int32).view(np.uint8)
                    continue
                mm2 = re.match(r'mov\.u32 \$0, (\$\d|0x0);\\0A\\09(@\$(\d) )?ld\.global\.b32 \{ \$0 \}, \[ \$(\d) \+ (\d+) \];$', asm)
                if mm2:
                    oth, _, pi, ai, disp = mm2.groups()
                    ops = [None] + ops
                    other = np.zeros(T, np.int64) if oth == '0x0' else val(ops[int(oth[1:])][1])
                    addr = val(ops[int(ai)][1]); pred = val(ops[int(pi)][1]).astype(bool) if pi else np.ones(T, bool)
                    out = other.astype(np.int64).copy()
                    for t in range(T):
                        if pred[t]:
                            buf, off = machine.locate(int(addr[t]) + int(disp), False); out[t] = buf[off:off + 4].view(np.int32)[0]
                    env[dst] = out; continue
                mm2 = re.match(r'(@\$(\d) )?(st\.(global|shared)\.b32) \[ \$(\d)( \+ \d+)? \], \{? ?\$(\d) ?\}?;', asm)
                if mm2:
                    _, pi, _, space, ai, dsp, vi = mm2.groups(); ai, vi = int(ai), int(vi); dsp = int(dsp[3:]) if dsp else 0
                    pred = val(ops[int(pi)][1]).astype(bool) if pi else np.ones(T, bool)
                    addr = val(ops[ai][1]); v = val(ops[vi][1], ops[vi][0])
                    for t in range(T):
                        if pred[t]:
                            buf, off = machine.locate(int(addr[t]) + dsp, space == 'shared')
                            buf[off:off + 4] = np.array([v[t]], np.float32 if v.dtype == np.float32 else np.int64).astype(np.float32 if v.dtype == np.float32 else np.int32).view(np.uint8)
                    continue
                raise SystemExit('unknown asm ' + l)
            if rhs.startswith('ret'): break
            raise SystemExit('unknown ' + l)
