#!/usr/bin/env python3
"""The `tritium` package's bindings of libtritium.so's C API (no Triton):

  - a corpus kernel's TTGIR compiles to PTX, LLVM IR and metadata; the
    metadata names the kernel and its arguments as the module says;
  - vec_add and axpby_act (f32 scalars) TTIR run on the CPU on NumPy arrays
    (and on a bytearray / a data_ptr() object) against NumPy;
  - malformed IR raises tritium.CompilationError whose diagnostic has the
    file:line:col of the error; an op the CPU backend lacks likewise;
  - bad launches (grid, argument count, scalar range, read-only or
    non-buffer pointers) raise tritium.LaunchError, never crash.

    python3 python/tests/test_capi.py [--corpus ../shared/corpus] [-v]

Runs under pytest too (the test_* functions). Needs NumPy: re-executes
itself with /usr/bin/python3 when the current interpreter lacks it.
"""

import os
import re
import sys

try:
    import numpy as np
except ImportError:
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # python/
import tritium  # noqa: E402
from harness import expect, run_tests  # noqa: E402  (python/tests/, the script's directory)

REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.environ.get("TRITIUM_CORPUS", os.path.join(REPO, "..", "shared", "corpus"))


def corpus_file(name):
    path = os.path.join(CORPUS, "cuda_sm80", name)
    with open(path, encoding="utf-8") as f:
        return f.read()


def block_of(ttir):
    return int(re.search(r"tt\.make_range \{end = (\d+) : i32", ttir).group(1))


def test_compile_corpus_kernel():
    mod = tritium.parse(corpus_file("vec_add.ttgir.mlir"), name="vec_add.ttgir.mlir")
    assert mod.needs_lowering()
    ptx = mod.to_ptx(target="cuda:80")
    assert ".target sm_80" in ptx and re.search(r"\.visible \.entry vec_add\(", ptx), ptx[:400]
    assert ".version 8.8" in ptx
    assert "ld.global" in ptx and "st.global" in ptx
    llir = mod.to_llvm_ir(target="cuda:80")
    assert re.search(r"define .*@vec_add\(", llir)
    meta = mod.metadata(target="cuda:80")
    assert meta["name"] == "vec_add" and meta["target"] == "cuda:80" and meta["num_warps"] == 4
    names = [a["name"] for a in meta["arguments"] if not a.get("abi")]
    assert names == ["x_ptr", "y_ptr", "out_ptr", "n_elements"], names
    assert [a["type"] for a in meta["arguments"][:4]] == ["!tt.ptr<f32>"] * 3 + ["i32"]
    # The module is not modified by compiling it.
    assert "ttg.num-warps" in str(mod) and "tt.load" in str(mod)
    # Bad options fail with a located diagnostic, not a crash.
    e = expect(tritium.CompilationError, mod.to_ptx, target="cuda:80", num_warps=3)
    assert e.diagnostics and e.diagnostics[0].severity == "error"
    e = expect(tritium.CompilationError, mod.to_ptx, target="hip:gfx942")
    assert "hip:gfx942" in str(e) and e.first_error.line is not None
    e = expect(tritium.CompilationError, mod.to_object, target="cuda:80")
    assert e.diagnostics


def test_cpu_vec_add_numpy():
    ttir = corpus_file("vec_add.ttir.mlir")
    kernel = tritium.CpuKernel(ttir, name="vec_add.ttir.mlir")
    assert kernel.name == "vec_add"
    assert kernel.arg_types == ["!tt.ptr<f32>", "!tt.ptr<f32>", "!tt.ptr<f32>", "i32"], kernel.arg_types
    block = block_of(ttir)
    rng = np.random.default_rng(0)
    for n in (1, block - 1, block, 3 * block + 17):
        x = rng.standard_normal(n).astype(np.float32)
        y = rng.standard_normal(n).astype(np.float32)
        out = np.full(n + 8, 7.0, np.float32)  # the tail past n must stay untouched
        kernel[((n + block - 1) // block, )](x, y, out, n)
        assert np.array_equal(out[:n], x + y), n
        assert np.all(out[n:] == 7.0), n
    # A bytearray (buffer protocol) and an object with data_ptr().
    x = np.arange(10, dtype=np.float32)
    raw = bytearray(40)

    class Ptr:

        def __init__(self, a):
            self.a = a

        def data_ptr(self):
            return self.a.__array_interface__["data"][0]

    y = np.full(10, 0.5, np.float32)
    kernel.launch(1, x, Ptr(y), raw, 10, num_threads=2)
    assert np.array_equal(np.frombuffer(raw, np.float32), x + 0.5)


def test_cpu_scalars_axpby():
    ttir = corpus_file("axpby_act.ttir.mlir")
    kernel = tritium.CpuKernel(ttir)
    assert kernel.arg_types[4:] == ["f32", "f32", "i32", "i32"], kernel.arg_types
    block = block_of(ttir)
    rng = np.random.default_rng(1)
    n, stride, alpha, beta = 2 * block + 5, 2, 1.5, -0.25
    x = rng.standard_normal(n * stride).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    s = np.array([0.75], np.float32)
    out = np.zeros(n, np.float32)
    kernel[(n + block - 1) // block](x, y, s, out, alpha, beta, n, stride)
    xs = x[::stride].astype(np.float64)
    y64 = y.astype(np.float64)
    v = alpha * xs + beta * y64
    v = np.where(v > 0, v, 0.01 * v) * 0.75
    ref = v + 1 / (1 + np.exp(-xs)) - np.exp(-np.abs(y64)) + np.sqrt(np.abs(xs) + 1)
    assert np.allclose(out, ref, rtol=1e-5, atol=1e-5), np.abs(out - ref).max()


BAD_IR = """module {
  tt.func public @k(%p: !tt.ptr<f32>, %n: i32) {
    %0 = arith.addi %n, %m : i32
    tt.return
  }
}
"""

# tt.elementwise_inline_asm (PTX inline assembly) has no CPU lowering.
INLINE_ASM = """module {
  tt.func public @k(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %a = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %r : tensor<16xi32> -> tensor<16xi32> loc("k.py":7:13)
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %q = tt.addptr %s, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %q, %a : tensor<16x!tt.ptr<i32>>
    tt.return
  }
}
"""


def test_pipelines_and_attributes():
    """Module.run_pipeline (MLIR's pass manager, Tritium's pipelines registered) and Module.int_attr:
    vec_add's TTIR through tritium-make-ttgir for cuda:80 is Triton's TTGIR (printed without locations)."""
    mod = tritium.parse(corpus_file("vec_add.ttir.mlir"), name="vec_add.ttir.mlir")
    assert mod.int_attr("ttg.num-warps") is None
    mod.run_pipeline("builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=4 num-stages=3})")
    assert mod.int_attr("ttg.num-warps") == 4 and mod.int_attr("ttg.threads-per-warp") == 32
    want = tritium.parse(corpus_file("vec_add.ttgir.mlir")).to_text()
    assert mod.to_text() == want, mod.to_text()
    e = expect(tritium.CompilationError, mod.run_pipeline, "builtin.module(no-such-pass)")
    assert "no-such-pass" in str(e), e
    bad = tritium.parse(corpus_file("vec_add.ttir.mlir"))
    e = expect(tritium.CompilationError, bad.run_pipeline, "builtin.module(tritium-make-ttgir{target=cuda:80 num-warps=3})")
    assert "num-warps" in str(e), e


def test_malformed_module_raises_with_location():
    e = expect(tritium.CompilationError, tritium.parse, BAD_IR, name="bad.ttir.mlir")
    d = e.first_error
    assert d is not None and (d.file, d.line, d.col) == ("bad.ttir.mlir", 3, 25), (d.file, d.line, d.col)
    assert "undeclared SSA value" in d.message
    assert "bad.ttir.mlir:3:25: error: use of undeclared SSA value name" in str(e), str(e)
    # Garbage and non-UTF-8 bytes are diagnostics too.
    for junk in ("", "}}}", b"\xff\xfe\x00", "module { tt.func @f() { tt.bogus } }"):
        e = expect(tritium.CompilationError, tritium.parse, junk, name="junk.mlir")
        assert e.diagnostics and e.first_error.file == "junk.mlir", e
    expect(TypeError, tritium.parse, 42)
    # TTGIR is not CPU input; an op without a CPU lowering fails at the op.
    e = expect(tritium.CompilationError, tritium.CpuKernel, INLINE_ASM, name="k.ttir.mlir")
    assert "'tt.elementwise_inline_asm' is not supported by the CPU backend" in str(e), str(e)
    assert (e.first_error.file, e.first_error.line, e.first_error.col) == ("k.py", 7, 13), str(e)
    e = expect(tritium.CompilationError, tritium.CpuKernel, corpus_file("vec_add.ttgir.mlir"))
    assert e.diagnostics
    # Errors keep modules and contexts alive in reference cycles (through
    # tracebacks); the collector may finalize a context before its modules.
    import gc
    ttir = corpus_file("vec_add.ttir.mlir")
    for i in range(30):
        ctx = tritium.Context()
        mods = [ctx.parse(ttir), ctx.parse(ttir)]
        errors = [expect(tritium.CompilationError, ctx.parse, BAD_IR),
                  expect(tritium.CompilationError, tritium.CpuKernel, INLINE_ASM)]
        errors.append(errors)  # a cycle
        del ctx, mods, errors
        if i % 10 == 0:
            gc.collect()
    gc.collect()


def test_bad_launch_raises():
    kernel = tritium.CpuKernel(corpus_file("vec_add.ttir.mlir"))
    a = np.zeros(16, np.float32)
    e = expect(tritium.LaunchError, kernel.launch, (0, ), a, a, a, 16)
    assert "grid" in str(e) and "positive" in str(e), str(e)  # tritiumCpuKernelGetLastError's words
    e = expect(tritium.LaunchError, kernel.launch, (1, 70000), a, a, a, 16)
    assert "65535" in str(e), str(e)
    for grid in ((), (1, 1, 1, 1), "x", (2**31, ), (1.5, )):
        expect(tritium.LaunchError, kernel.launch, grid, a, a, a, 16)
    expect(tritium.LaunchError, kernel.launch, 1, a, a, a)  # 3 of 4 arguments
    # i32 is signless: -2**31 .. 2**32-1 are taken, anything else refused.
    expect(tritium.LaunchError, kernel.launch, 1, a, a, a, 2**32)
    expect(tritium.LaunchError, kernel.launch, 1, a, a, a, -2**31 - 1)
    expect(tritium.LaunchError, kernel.launch, 1, a, a, a, 1.5)  # a float for an i32
    expect(tritium.LaunchError, kernel.launch, 1, a, "not a buffer", a, 16)
    expect(tritium.LaunchError, kernel.launch, 1, a, 12345, a, 16)  # no raw addresses
    expect(tritium.LaunchError, kernel.launch, 1, a, None, a, 16)
    expect(tritium.LaunchError, kernel.launch, 1, a, b"read-only", a, 16)
    ro = np.zeros(16, np.float32)
    ro.setflags(write=False)
    expect(tritium.LaunchError, kernel.launch, 1, a, a, ro, 16)
    expect(tritium.LaunchError, kernel.launch, 1, a, a, a, 16, num_threads=-1)
    # The kernel still works after all that.
    x = np.arange(16, dtype=np.float32)
    out = np.zeros(16, np.float32)
    kernel.launch(1, x, x, out, 16)
    assert np.array_equal(out, 2 * x)


def main():
    if "--corpus" in sys.argv:
        global CORPUS
        CORPUS = sys.argv[sys.argv.index("--corpus") + 1]
    return run_tests(globals(), "test_capi")


if __name__ == "__main__":
    sys.exit(main())
