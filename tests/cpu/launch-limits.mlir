// tritium-run's --grid, --threads and -O: a value it cannot use as written
// is an error, never truncated or ignored. Grid sizes follow Triton's
// launcher (CUDA's limits): x in [1, 2^31 - 1], y and z in [1, 65535].

// Before: 4294967297 was truncated to 1 and the run succeeded.
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 4294967297 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: tritium-run: bad --grid '4294967297': grid size x = 4294967297 is out of range [1, 2147483647] (Triton's limit)
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 2147483648 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=X31
// X31: grid size x = 2147483648 is out of range [1, 2147483647]
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1,65536 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=Y
// Y: tritium-run: bad --grid '1,65536': grid size y = 65536 is out of range [1, 65535] (Triton's limit)
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1,1,65536 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=Z
// Z: grid size z = 65536 is out of range [1, 65535]
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1,-1 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: grid size y = -1 is out of range [1, 65535]

// Before: a fourth dimension and trailing text were ignored.
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1,1,1,1 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=DIMS
// DIMS: tritium-run: bad --grid '1,1,1,1': at most 3 dimensions (X[,Y[,Z]])
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 2x --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=JUNK
// JUNK: tritium-run: bad --grid '2x': '2x' is not an integer (expected X[,Y[,Z]])
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1, --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: tritium-run: bad --grid '1,': '' is not an integer

// Before: --threads abc was read as 0 (one per core).
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1 --threads abc --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: tritium-run: bad --threads 'abc' (expected 0 for one per core, or a thread count up to 1048576)
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1 --threads -3 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=THREADS-NEG
// THREADS-NEG: tritium-run: bad --threads '-3'
// RUN: not tritium-run %S/Inputs/assert.mlir --grid 1 -O9 --arg vals:1,2 --arg 2 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: tritium-run: bad -O '9' (expected 0, 1, 2 or 3)

// The limits themselves are accepted (65535 * 2 programs run).
// RUN: tritium-run %S/Inputs/assert.mlir --grid 1,65535,2 --threads 4 -O 1 --arg vals:1,2 --arg 2
// RUN: tritium-run %S/Inputs/assert.mlir --grid 2,1,65535 --arg vals:1,2 --arg 2
