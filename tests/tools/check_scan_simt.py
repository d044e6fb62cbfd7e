"""check_scan_simt.py -- tt.scan's GPU lowering checked without a GPU: for blocked layouts (2-D, axis
0 and 1, forward and reverse) it writes a TTGIR kernel that loads two i32 tiles, scans them with a
non-commutative combiner (affine maps: (a1, b1) . (a2, b2) = (a1 a2, b1 a2 + b2)) and with a sum,
and stores the results; compiles it with tritium-compile --emit llvm-ir -O 0 and runs the LLVM IR on
simt.py's lockstep interpreter against NumPy.  Needs NumPy (the Triton venv's python3):

    ~/.cache/tritium/triton-3.9.0/bin/python3 tests/tools/check_scan_simt.py [--target cuda:90] [case ...]
"""
import os, sys, subprocess, tempfile, numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE); import simt
COMP = os.path.join(os.path.dirname(os.path.dirname(HERE)), 'build', 'bin', 'tritium-compile')
TMP = tempfile.mkdtemp(prefix='scan_simt')

def kernel(R, C, spt, tpw, wpc, order, axis, rev, nw, target):
    T = f'tensor<{R}x{C}xi32, #b>'
    s0 = f'#ttg.slice<{{dim = 1, parent = #b}}>'; s1 = f'#ttg.slice<{{dim = 0, parent = #b}}>'
    body = f'''
    %r = tt.make_range {{end = {R} : i32, start = 0 : i32}} : tensor<{R}xi32, {s0}>
    %re = tt.expand_dims %r {{axis = 1 : i32}} : tensor<{R}xi32, {s0}> -> tensor<{R}x1xi32, #b>
    %cN = arith.constant dense<{C}> : tensor<{R}x1xi32, #b>
    %rm = arith.muli %re, %cN : tensor<{R}x1xi32, #b>
    %c = tt.make_range {{end = {C} : i32, start = 0 : i32}} : tensor<{C}xi32, {s1}>
    %ce = tt.expand_dims %c {{axis = 0 : i32}} : tensor<{C}xi32, {s1}> -> tensor<1x{C}xi32, #b>
    %rb = tt.broadcast %rm : tensor<{R}x1xi32, #b> -> {T}
    %cb = tt.broadcast %ce : tensor<1x{C}xi32, #b> -> {T}
    %off = arith.addi %rb, %cb : {T}
'''
    def ld(name, arg):
        return f'''    %{name}p = tt.splat %{arg} : !tt.ptr<i32> -> tensor<{R}x{C}x!tt.ptr<i32>, #b>
    %{name}pp = tt.addptr %{name}p, %off : tensor<{R}x{C}x!tt.ptr<i32>, #b>, {T}
    %{name} = tt.load %{name}pp : tensor<{R}x{C}x!tt.ptr<i32>, #b>
'''
    def st(name, arg):
        return f'''    %{name}p = tt.splat %{arg} : !tt.ptr<i32> -> tensor<{R}x{C}x!tt.ptr<i32>, #b>
    %{name}pp = tt.addptr %{name}p, %off : tensor<{R}x{C}x!tt.ptr<i32>, #b>, {T}
    tt.store %{name}pp, %{name}v : tensor<{R}x{C}x!tt.ptr<i32>, #b>
'''
    body += ld('x', 'a0') + ld('y', 'a1')
    body += f'''    %ov:2 = "tt.scan"(%x, %y) <{{axis = {axis} : i32, reverse = {str(rev).lower()}}}> ({{
    ^bb0(%p1: i32, %q1: i32, %p2: i32, %q2: i32):
      %m = arith.muli %p1, %p2 : i32
      %t = arith.muli %q1, %p2 : i32
      %u = arith.addi %t, %q2 : i32
      tt.scan.return %m, %u : i32, i32
    }}) : ({T}, {T}) -> ({T}, {T})
    %zero = arith.constant dense<0> : {T}
    %av = arith.addi %ov#0, %zero : {T}
    %bv = arith.addi %ov#1, %zero : {T}
    %sv = "tt.scan"(%x) <{{axis = {axis} : i32, reverse = {str(rev).lower()}}}> ({{
    ^bb0(%e1: i32, %e2: i32):
      %z = arith.addi %e1, %e2 : i32
      tt.scan.return %z : i32
    }}) : ({T}) -> {T}
'''
    body += st('a', 'a2') + st('b', 'a3') + st('s', 'a4')
    sp = ', '.join(map(str, spt)); tp = ', '.join(map(str, tpw)); wp = ', '.join(map(str, wpc)); od = ', '.join(map(str, order))
    return f'''#b = #ttg.blocked<{{sizePerThread = [{sp}], threadsPerWarp = [{tp}], warpsPerCTA = [{wp}], order = [{od}]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {nw} : i32, ttg.target = "{target}", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @k(%a0: !tt.ptr<i32>, %a1: !tt.ptr<i32>, %a2: !tt.ptr<i32>, %a3: !tt.ptr<i32>, %a4: !tt.ptr<i32>) {{
{body}    tt.return
  }}
}}
'''

def wrap32(a):
    a = np.asarray(a, np.int64) & 0xffffffff
    return np.where(a >= 2**31, a - 2**32, a)

def reference(x, y, axis, rev):
    x = x.astype(np.int64); y = y.astype(np.int64)
    if axis == 1: x, y = x.T, y.T
    n = x.shape[0]
    A = np.zeros_like(x); B = np.zeros_like(y); S = np.zeros_like(x)
    idxs = range(n - 1, -1, -1) if rev else range(n)
    pa = pb = ps = None
    for i in idxs:
        if pa is None: pa, pb, ps = x[i], y[i], x[i]
        else: pa, pb, ps = wrap32(pa * x[i]), wrap32(pb * x[i] + y[i]), wrap32(ps + x[i])
        A[i], B[i], S[i] = pa, pb, ps
    if axis == 1: A, B, S = A.T, B.T, S.T
    return A, B, S

def test(R, C, spt, tpw, wpc, order, axis, rev, target='cuda:90', seed=0):
    nw = wpc[0] * wpc[1]
    src = kernel(R, C, spt, tpw, wpc, order, axis, rev, nw, target)
    name = f'{TMP}/g_{R}x{C}_{spt}_{tpw}_{wpc}_{order}_{axis}_{rev}'.replace(' ', '').replace('[', '').replace(']', '').replace(',', '.')
    open(name + '.mlir', 'w').write(src)
    p = subprocess.run([COMP, name + '.mlir', '--target', target, '--emit', 'llvm-ir', '-O', '0', '-o', name + '.ll'], capture_output=True, text=True)
    if p.returncode: return 'COMPILE-ERR ' + p.stderr[:300]
    rng = np.random.default_rng(seed)
    x = rng.integers(-3, 4, (R, C)).astype(np.int32); y = rng.integers(-50, 50, (R, C)).astype(np.int32)
    m = simt.Machine(32 * nw)
    outs = [np.zeros((R, C), np.int32) for _ in range(3)]
    args = [m.alloc(x), m.alloc(y)] + [m.alloc(o) for o in outs]
    simt.run(open(name + '.ll').read(), 'k', args, 1, 32 * nw, m)
    refs = reference(x, y, axis, rev)
    bad = [k for k in range(3) if not np.array_equal(outs[k].astype(np.int64), refs[k])]
    return 'OK' if not bad else f'FAIL outputs {bad}'

if __name__ == '__main__':
    import warnings; warnings.filterwarnings('ignore')
    cases = [
        (64, 64, [1, 1], [1, 32], [2, 2], [1, 0]),
        (64, 16, [2, 1], [4, 8], [2, 2], [1, 0]),
        (16, 128, [1, 4], [8, 4], [1, 4], [1, 0]),
        (128, 8, [1, 1], [32, 1], [1, 4], [0, 1]),
        (64, 32, [4, 1], [4, 8], [1, 4], [1, 0]),
        (8, 8, [1, 1], [4, 8], [4, 1], [1, 0]),
        (64, 8, [1, 1], [8, 4], [4, 2], [1, 0]),
        (32, 32, [2, 2], [4, 8], [2, 2], [0, 1]),
        (16, 16, [1, 1], [2, 16], [2, 2], [1, 0]),
        (4, 64, [1, 2], [1, 32], [4, 1], [1, 0]),
        (128, 4, [2, 1], [16, 2], [4, 1], [0, 1]),
        (32, 64, [1, 1], [4, 8], [8, 1], [1, 0]),
        (2, 1024, [1, 4], [1, 32], [1, 4], [1, 0]),
        (2, 512, [1, 4], [1, 32], [1, 4], [1, 0]),
        (1, 2048, [1, 1], [1, 32], [1, 4], [1, 0]),
        (16, 64, [1, 4], [4, 8], [4, 1], [1, 0]),
        (16, 64, [1, 1], [1, 32], [1, 2], [1, 0]),
        (256, 2, [8, 1], [32, 1], [2, 2], [0, 1]),
        (64, 64, [2, 2], [8, 4], [2, 4], [1, 0]),
        (4, 4, [1, 1], [4, 8], [2, 2], [1, 0]),
        (2, 64, [4, 1], [1, 32], [1, 4], [1, 0]),
        (64, 2, [1, 1], [4, 8], [8, 1], [1, 0]),
        (256, 4, [2, 2], [16, 2], [8, 1], [0, 1]),
        (32, 32, [1, 1], [4, 8], [1, 1], [1, 0]),
        (64, 64, [4, 4], [2, 16], [2, 1], [0, 1]),
        (1, 32, [1, 1], [1, 32], [1, 2], [1, 0]),
    ]
    args = sys.argv[1:]
    target = 'cuda:90'
    if args[:1] == ['--target']:
        target, args = args[1], args[2:]
    ok = total = 0
    for i, c in enumerate(cases):
        if args and str(i) not in args: continue
        for axis in (0, 1):
            for rev in (False, True):
                r = test(*c, axis, rev, target=target)
                total += 1; ok += r == 'OK'
                if r != 'OK': print('scan-simt: FAIL case', i, c, 'axis', axis, 'reverse', rev, r, flush=True)
    print(f'scan-simt: {ok}/{total} scans exact ({target})')
    sys.exit(0 if ok == total else 1)
