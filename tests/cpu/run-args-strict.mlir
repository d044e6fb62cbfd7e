// tritium-run takes a number only as written (found by tests/tools/hostile_launch.py):
// a vals: list has one element per comma-separated token, and an empty token
// is an error (`vals:` and `1,,2` were a zero-filled or short buffer the
// kernel read past); no surrounding blanks; integers are decimal or 0x hex,
// never octal (`010` is 10, not 8).

// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg vals:1,2,3,4,5,6,7,8 --arg print:8 --arg 010 | FileCheck %s --check-prefix=DEC
// DEC: arg 1: 2 4 6 8 10 12 14 16
// RUN: tritium-run %S/Inputs/twice.mlir --grid 1 --arg vals:1,2,3,4,5,6,7,8 --arg print:8 --arg 0x3 | FileCheck %s --check-prefix=HEX
// HEX: arg 1: 2 4 6 0 0 0 0 0

// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg vals: --arg print:8 --arg 8 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: tritium-run: argument 0: element 0 of vals: is empty
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg vals:1,,2 --arg print:8 --arg 3 2>&1 | FileCheck %s --check-prefix=HOLE
// HOLE: tritium-run: argument 0: element 1 of vals: is empty
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg vals:1,2, --arg print:8 --arg 2 2>&1 | FileCheck %s --check-prefix=TRAIL
// TRAIL: tritium-run: argument 0: element 2 of vals: is empty
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg vals:1,2 --arg print:8 --arg " 2" 2>&1 | FileCheck %s --check-prefix=BLANK
// BLANK: tritium-run: argument 2 (i32): ' 2' is not an integer
// RUN: not tritium-run %S/Inputs/twice.mlir --grid 1 --arg vals:1,2 --arg print:8 --arg 09x 2>&1 | FileCheck %s --check-prefix=JUNK
// JUNK: tritium-run: argument 2 (i32): '09x' is not an integer
