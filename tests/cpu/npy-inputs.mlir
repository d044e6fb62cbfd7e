// tritium-run reads .npy inputs strictly (issue 26, class 3), through
// tritiumCpuKernelParseNpy (tests/capi/npy.c tests the C API): the header
// (magic, version 1.0/2.0/3.0, a dict of exactly descr, fortran_order and
// shape) must match the parameter's pointee type and, with in:FILE:N, the
// element count; the data must be exactly the shape's elements. Before, the
// header was skipped unread and any file ran, on garbage.

// RUN: rm -rf %t && python3 %S/Inputs/make_npy.py %t
// Every format version, C and Fortran order, big-endian data: y = 2x of 1..6.
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/v1.npy --arg print:6 --arg 6 | FileCheck %s --check-prefix=OK
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/v2.npy:6 --arg print:6 --arg 6 | FileCheck %s --check-prefix=OK
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/v3.npy --arg print:6 --arg 6 | FileCheck %s --check-prefix=OK
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/c2d.npy:6 --arg print:6 --arg 6 | FileCheck %s --check-prefix=OK
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/fortran.npy --arg print:6 --arg 6 | FileCheck %s --check-prefix=OK
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/big.npy --arg print:6 --arg 6 | FileCheck %s --check-prefix=OK
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/raw.bin:6 --arg print:6 --arg 6 | FileCheck %s --check-prefix=OK
// OK: arg 1: 2 4 6 8 10 12

// inout: written back with the shape it was read with.
// RUN: cp %t/zeros2d.npy %t/y.npy
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/c2d.npy --arg inout:%t/y.npy:6 --arg 6
// RUN: python3 %S/Inputs/make_npy.py --show %t/y.npy | FileCheck %s --check-prefix=INOUT
// INOUT: (2, 3) float32 [2.0, 4.0, 6.0, 8.0, 10.0, 12.0]

// Element type, count and header mismatches, each an error naming the file and the argument.
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/f64.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=F64
// F64: tritium-run: '{{.*}}f64.npy': argument 0 (!tt.ptr<f32>): the .npy dtype is '<f8', the kernel takes f32 elements ('<f4')
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/i32.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=I32
// I32: argument 0 (!tt.ptr<f32>): the .npy dtype is '<i4', the kernel takes f32 elements
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/v1.npy --arg in:%t/u4.npy --arg 6 2>&1 | FileCheck %s --check-prefix=U4
// U4: argument 1 (!tt.ptr<f32>): the .npy dtype is '<u4'
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/rec.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=REC
// REC: argument 0 (!tt.ptr<f32>): the .npy dtype [('a', '<f4'), ] is structured
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/obj.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=OBJ
// OBJ: argument 0 (!tt.ptr<f32>): malformed .npy header: invalid type string
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/v1.npy:7 --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: argument 0 (!tt.ptr<f32>): the .npy array has 6 elements (shape (6,)), the launch expects 7
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/short.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: truncated .npy data: shape (6,) of '<f4' needs 24 bytes after the header, the file has 21
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/long.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: the .npy file has 4 bytes after its data
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/header_cut.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: truncated .npy header: it claims {{[0-9]+}} bytes, the file has 30 after the preamble
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/magic.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: not a .npy file (no \x93NUMPY magic)
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/version.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: unsupported .npy format version 4.0 (1.0, 2.0 and 3.0 are)
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/extra_key.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: malformed .npy header: unknown key 'x'
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/no_order.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=NO-ORDER
// NO-ORDER: malformed .npy header: dict is missing key 'fortran_order'
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/not_dict.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=NOT-DICT
// NOT-DICT: malformed .npy header: expected a python dict literal
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/garbage.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: malformed .npy header: could not parse Python expression
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/huge_shape.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: the .npy shape (4294967296, 4294967296, 16) has too many elements
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/neg_shape.npy --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: malformed .npy header: dimension cannot be negative
// Raw files: whole elements, and N when given.
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/raw_odd.bin --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=RAW-ODD
// RAW-ODD: tritium-run: argument 0: '{{.*}}raw_odd.bin' has 23 bytes, not a whole number of 4-byte elements
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/raw.bin:5 --arg print:6 --arg 6 2>&1 | FileCheck %s --check-prefix=RAW-COUNT
// RAW-COUNT: tritium-run: argument 0: '{{.*}}raw.bin' holds 6 elements, expected 5
// Element counts are parsed strictly.
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg in:%t/v1.npy --arg print:6x --arg 6 2>&1 | FileCheck %s --check-prefix=BAD-N
// BAD-N: tritium-run: argument 1: bad element count '6x' in print
