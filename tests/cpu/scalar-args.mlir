// tritium-run range-checks every scalar --arg (and every vals: element)
// against its parameter's type: an integer must be representable (i1: 0/1 or
// true/false; i8..i64: the signed range), a finite float must not round to
// infinity. Before, an i32 took its value modulo 2^32 (4294967298 ran as 2)
// and an f16 of 65520 ran as inf, with exit 0.

// RUN: tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg true --arg -128 --arg 32767 --arg 2147483647 --arg -9223372036854775808 --arg 65504 --arg 3.38e38 --arg 3.4e38 --arg 1e308 | FileCheck %s --check-prefix=OK
// RUN: tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 0 --arg 127 --arg -32768 --arg -0x80000000 --arg 9223372036854775807 --arg -inf --arg nan --arg inf --arg 1e-310 | FileCheck %s --check-prefix=OK-MIN
// OK: arg 0: 2147483647
// OK-MIN: arg 0: -2147483648

// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg 4294967298 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=I32
// I32: tritium-run: argument 4 (i32): '4294967298' is out of range for i32: [-2147483648, 2147483647]
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg -2147483649 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=I32-NEG
// I32-NEG: tritium-run: argument 4 (i32): '-2147483649' is out of range for i32
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 2 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=I1
// I1: tritium-run: argument 1 (i1): '2' is out of range for i1: [0, 1] (or true/false)
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 128 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=I8
// I8: tritium-run: argument 2 (i8): '128' is out of range for i8: [-128, 127]
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg -32769 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=I16
// I16: tritium-run: argument 3 (i16): '-32769' is out of range for i16: [-32768, 32767]
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 9223372036854775808 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=I64
// I64: tritium-run: argument 5 (i64): '9223372036854775808' is out of range for i64: [-9223372036854775808, 9223372036854775807]
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 65520 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=F16
// F16: tritium-run: argument 6 (f16): '65520' is out of range for f16: finite values round to at most 65504 in magnitude
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg -3.4e39 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=BF16
// BF16: tritium-run: argument 7 (bf16): '-3.4e39' is out of range for bf16
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1e39 --arg 1 2>&1 | FileCheck %s --check-prefix=F32
// F32: tritium-run: argument 8 (f32): '1e39' is out of range for f32
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1e309 2>&1 | FileCheck %s --check-prefix=F64
// F64: tritium-run: argument 9 (f64): '1e309' is out of range for f64
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg print:1 --arg 1 --arg 1 --arg 1 --arg 1.5 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=FRAC
// FRAC: tritium-run: argument 4 (i32): '1.5' is not an integer

// A buffer's vals: elements are checked the same way.
// RUN: not tritium-run %S/Inputs/scalars.mlir --grid 1 --arg vals:1,4294967296 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 --arg 1 2>&1 | FileCheck %s --check-prefix=VALS
// VALS: tritium-run: argument 0 (!tt.ptr<i32>): element 1, '4294967296', is out of range for i32: [-2147483648, 2147483647]
