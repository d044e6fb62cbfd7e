"""Writes the .npy files of tests/cpu/npy-inputs.mlir into the folder argv[1] (`--show FILE`: prints one): good ones (every
format version, C and Fortran order, both byte orders) and bad ones (wrong dtype, count or
header, truncated or long data)."""
import io
import os
import sys
from pathlib import Path

try:
    import numpy as np
except ImportError:  # Debian's python3 has NumPy (make deps)
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise

if sys.argv[1] == "--show":  # prints a file's shape, dtype and elements
    y = np.load(sys.argv[2])
    print(y.shape, y.dtype, [float(v) for v in y.ravel()])
    sys.exit(0)
out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
a = np.arange(6, dtype=np.float32) + 1  # 1..6


def save(name, array, version=None):
    buf = io.BytesIO()
    np.lib.format.write_array(buf, array, version=version, allow_pickle=True)
    (out / name).write_bytes(buf.getvalue())
    return buf.getvalue()


def raw(name, dict_text, data, major=1):
    """A file with this header dict (padded as NumPy pads it) and these data bytes."""
    prefix = 10 if major == 1 else 12
    text = dict_text + " " * ((-(prefix + len(dict_text) + 1)) % 64) + "\n"
    size = len(text).to_bytes(2 if major == 1 else 4, "little")
    (out / name).write_bytes(b"\x93NUMPY" + bytes([major, 0]) + size + text.encode() + data)


good = save("v1.npy", a)
save("v2.npy", a, (2, 0))
save("v3.npy", a, (3, 0))
save("c2d.npy", a.reshape(2, 3))
save("fortran.npy", np.asfortranarray(a.reshape(2, 3)))
save("big.npy", a.astype(">f4"))
save("zeros2d.npy", np.zeros((2, 3), np.float32))
save("f64.npy", a.astype(np.float64))
save("i32.npy", a.astype(np.int32))
save("u4.npy", a.astype(np.uint32))
save("rec.npy", np.zeros(6, dtype=[("a", "<f4")]))
save("obj.npy", np.array([1.0, None], dtype=object))
(out / "short.npy").write_bytes(good[:-3])
(out / "long.npy").write_bytes(good + b"\0\0\0\0")
(out / "header_cut.npy").write_bytes(good[:40])
(out / "magic.npy").write_bytes(b"\x93NUMPX" + good[6:])
(out / "version.npy").write_bytes(good[:6] + b"\x04\x00" + good[8:])
raw("extra_key.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), 'x': 1, }", a.tobytes())
raw("no_order.npy", "{'descr': '<f4', 'shape': (6,), }", a.tobytes())
raw("not_dict.npy", "[1, 2, 3]", a.tobytes())
raw("garbage.npy", "{'descr': '<f4', 'fortran_order': Fals", a.tobytes())
raw("huge_shape.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 16), }", a.tobytes())
raw("neg_shape.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (-6,), }", a.tobytes())
(out / "raw.bin").write_bytes(a.tobytes())
(out / "raw_odd.bin").write_bytes(a.tobytes()[:-1])
