"""Delta-debugging of a failing generated program (used by diff_cpu.py).

A candidate is a smaller Program (fewer outputs, one grid program, no mask, a node replaced by one
of its operands or by a load of its own reference values, a tile dimension halved, plain load
patterns); it is kept when it still fails the same way.  `run(progs)` runs a batch of programs and
returns their result dicts (status, msg)."""
import copy
import re
import time

import numpy as np

import gen


def signature(res):
    st = res["status"]
    if st == "launch_fail":
        st = "crash"
    if st == "compile_fail":
        msg = re.sub(r"loc\([^)]*\)", "", res.get("msg", ""))
        msg = re.sub(r"%[\w#]+|\d+", "#", msg)
        return st, msg[:60]
    return st, None


def _valid(p):
    try:
        p.evaluate()
        p.ttir()
        return True
    except gen.Invalid:
        return False
    except Exception:  # noqa: BLE001  (a candidate the generator cannot express)
        return False


def _dce(p):
    live = {nd.uid for nd in p.live_nodes()}
    p.nodes = [nd for nd in p.nodes if nd.uid in live]
    used = sorted({nd.attrs["inp"] for nd in p.nodes if nd.op == "load"})
    remap = {old: new for new, old in enumerate(used)}
    p.inputs = [p.inputs[i] for i in used]
    for nd in p.nodes:
        if nd.op == "load":
            nd.attrs["inp"] = remap[nd.attrs["inp"]]
    return p


def _replace(p, old_uid, new_node, prepend=()):
    q = copy.deepcopy(p)
    by = {nd.uid: nd for nd in q.nodes}
    new = by.get(new_node.uid, new_node) if new_node is not None else None
    for nd in q.nodes:
        nd.args = [new if a.uid == old_uid else a for a in nd.args]
    q.outputs = [new if o.uid == old_uid else o for o in q.outputs]
    q.nodes = list(prepend) + q.nodes
    return _dce(q)


def _value_load(p, nd, val):
    """Nodes that load `val` (the node's reference value) from a new input: (nodes, result node)."""
    t = nd.t
    mt = "i8" if t == "i1" else t
    data = val.reshape(-1)
    if t == "i1":
        data = (data != 0).astype(np.int64)
    q_inputs_len = len(p.inputs)
    p.inputs.append(dict(t=mt, data=np.array(data), dist="minimizer:value"))
    ld = gen.Node("load", [], mt, nd.dims, inp=q_inputs_len, perm=tuple(range(p.rank)),
                  flips=(False,) * p.rank, other=0)
    if t != "i1":
        return [ld], ld
    z = gen.Node("const", [], "i8", nd.dims, value=0)
    c = gen.Node("cmpi", [ld, z], "i1", nd.dims, pred="ne")
    return [ld, z, c], c


def candidates(p, res):
    """Smaller variants of p, most promising first."""
    out = []
    bad = res.get("bad_outputs") or []
    if len(p.outputs) > 1:
        if bad and len(bad) < len(p.outputs):
            q = copy.deepcopy(p)
            q.outputs = [q.outputs[i] for i in bad if i < len(q.outputs)]
            out.append(_dce(q))
        for i in range(len(p.outputs)):
            q = copy.deepcopy(p)
            q.outputs = [q.outputs[i]]
            out.append(_dce(q))
    if p.G > 1 and not any(nd.op == "atomic" for nd in p.nodes):
        q = copy.deepcopy(p)
        for inp in q.inputs:
            inp["data"] = inp["data"][:inp["data"].size // q.G].copy()
        q.G = 1
        q.n = min(q.n, q.numel)
        out.append(q)
    if p.masked:
        q = copy.deepcopy(p)
        q.masked = False
        q.n = q.G * q.numel
        out.append(q)
    try:
        env = p.evaluate()
    except gen.Invalid:
        env = {}
    for nd in reversed(p.live_nodes()):
        if nd.op in ("load", "const", "pid", "reduce", "scan", "split", "sarg", "tilemask"):
            continue
        if nd.op == "proj" or nd.uid not in env:
            continue
        for a in nd.args:
            if a.t == nd.t and a.dims == nd.dims and a.op not in ("reduce", "scan", "split"):
                out.append(_replace(p, nd.uid, a))
        val, _ = env[nd.uid]
        if nd.dims == p.full_dims():
            q = copy.deepcopy(p)
            nodes, res_node = _value_load(q, nd, val)
            out.append(_replace(q, nd.uid, res_node, prepend=nodes))
        flat = val.reshape(-1)
        if flat.size and (flat == flat[0]).all() and not (gen.is_float(nd.t) and np.isnan(flat[0])):
            c = gen.Node("const", [], nd.t, nd.dims, value=float(flat[0]) if gen.is_float(nd.t) else int(flat[0]))
            out.append(_replace(p, nd.uid, c, prepend=[c]))
    for nd in p.live_nodes():
        if nd.op == "load" and (nd.attrs["perm"] != tuple(range(p.rank)) or any(nd.attrs["flips"])):
            q = copy.deepcopy(p)
            for m in q.nodes:
                if m.uid == nd.uid:
                    m.attrs["perm"] = tuple(range(p.rank))
                    m.attrs["flips"] = (False,) * p.rank
            out.append(q)
    for d in range(p.rank):
        if p.S[d] > 1:
            q = _shrink(p, d)
            if q is not None:
                out.append(q)
    return out


def _shrink(p, d):
    q = copy.deepcopy(p)
    old = tuple(q.S)
    S = list(old)
    S[d] //= 2
    new = tuple(S)
    loads = {nd.attrs["inp"]: nd for nd in q.nodes if nd.op == "load"}
    for k, inp in enumerate(q.inputs):
        nd = loads.get(k)
        if nd is None or inp.get("dist") == "cas-compare":
            if nd is None:
                continue
        dims = nd.dims
        perm = nd.attrs["perm"]
        oshape = gen.shape_of(old, dims)
        nshape = gen.shape_of(new, dims)
        mold = tuple(oshape[x] for x in perm)
        mem = inp["data"].reshape((q.G,) + mold)
        sl = [slice(None)] * mem.ndim
        for j, x in enumerate(perm):
            sl[1 + j] = slice(0, nshape[x])
        inp["data"] = mem[tuple(sl)].reshape(-1).copy()
    for nd in q.nodes:
        if nd.op == "atomic":
            return None  # atomics keep their shape
    old_numel = q.numel
    q.S = new
    if q.masked:
        q.n = int(np.ceil(q.n * q.numel / old_numel))
    else:
        q.n = q.G * q.numel
    return q


def size(p):
    return (len(p.live_nodes()), len(p.outputs), p.G * p.numel, len(p.inputs))


def minimize(prog, res, run, budget=60.0, batch=4):
    """The smallest failing variant found in `budget` seconds: (program, its result, stats)."""
    want = signature(res)
    cur, cur_res = prog, res
    t0 = time.time()
    tried = accepted = 0
    progress = True
    while progress and time.time() - t0 < budget:
        progress = False
        cands = [c for c in candidates(cur, cur_res) if size(c) < size(cur) or c.S != cur.S or c.masked != cur.masked
                 or any(a.attrs != b.attrs for a, b in zip(c.nodes, cur.nodes))]
        cands = [c for c in cands if _valid(c)]
        for i in range(0, len(cands), batch):
            if time.time() - t0 > budget:
                break
            chunk = cands[i:i + batch]
            results = run(chunk)
            tried += len(chunk)
            for c, r in zip(chunk, results):
                if signature(r) == want:
                    cur, cur_res = c, r
                    accepted += 1
                    progress = True
                    break
            if progress:
                break
    return cur, cur_res, dict(tried=tried, accepted=accepted, seconds=round(time.time() - t0, 1),
                              nodes=len(cur.live_nodes()), shape=list(cur.S), G=cur.G)
