# Runs x_make_desc through the device's own Triton (3.6) @triton.jit, to tell a harness fault from a platform one.
# Device: python3 tests/gpu/triton_device_desc_check.py (writes $OUT/x_make_desc.36.ptx when it compiles).
# On the H100 of stop 36 it failed with cudaErrorIllegalInstruction, as Tritium's and Triton 3.9's PTX do in run_gpu.py.
import sys, os, json, torch, triton, traceback
sys.path.insert(0, "tests/gpu/extra")
import kernels as K
def alloc(size, alignment, stream):
    return torch.empty(size, device="cuda", dtype=torch.int8)
triton.set_allocator(alloc)
out = {}
M, N = 32, 64
x = torch.randn(M, N, device="cuda")
try:
    o = torch.full((M, N), float("nan"), device="cuda"); o2 = o.clone()
    meta = json.load(open("tests/gpu/extra/cuda_sm90/x_make_desc.meta.json"))
    ce = meta["constexprs"]
    h = K.x_make_desc[(triton.cdiv(M, ce["BM"]), triton.cdiv(N, ce["BN"]))](x, o, o2, M, N, **ce)
    torch.cuda.synchronize()
    ref = x + torch.nn.functional.pad(x, (3, 0, 0, 1))[1:M + 1, :N]
    out["x_make_desc"] = dict(ok=bool(torch.equal(o, ref)), md={k: getattr(h.metadata, k, None) for k in ("global_scratch_size", "global_scratch_align", "shared", "num_warps")})
    open(os.path.join(os.environ["OUT"], "x_make_desc.36.ptx"), "w").write(h.asm["ptx"])
except Exception as e:
    out["x_make_desc"] = traceback.format_exc()[-800:]
print(json.dumps(out, indent=1, default=str))
