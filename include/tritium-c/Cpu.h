/*===- tritium-c/Cpu.h - Run Triton kernels on this machine's CPU -----------===*\
|*                                                                            *|
|* The CPU backend (spec/cpu, docs/cpu-backend.md) from C: a TTIR kernel is   *|
|* lowered straight to the LLVM dialect (tensors in stack buffers, one loop   *|
|* nest per tensor op), optimized at -O3 for the host CPU and compiled by     *|
|* LLVM ORC's LLJIT, all in process; a launch runs every program id of a grid *|
|* on a pool of threads.                                                      *|
|*                                                                            *|
|* Ownership: tritiumCpuKernelLoad borrows the module (a clone is lowered;    *|
|* the module and its context may be destroyed right after); the kernel owns  *|
|* its compiled code until tritiumCpuKernelDestroy. Strings returned by the   *|
|* accessors belong to the kernel.                                            *|
|*                                                                            *|
|* Threading: one kernel may be launched from several threads at once (its    *|
|* code is read-only); each launch blocks until every program has run. A     *|
|* launch starts `numThreads` threads (0: one per core) with 64 MiB stacks;   *|
|* programs take ids from a shared counter, so their order is unspecified,   *|
|* as on a GPU. `tt.atomic_*` are real atomics between those threads.        *|
|* Loading holds the module's context lock (see tritiumRegisterAllDialects   *|
|* in Dialects.h): loads on one shared context run one at a time.            *|
|*                                                                            *|
|* Errors: a bad module (an op the backend does not lower, TTGIR input, no    *|
|* kernel) fails the load with MLIR diagnostics on the module's context; a    *|
|* bad launch (grid <= 0, NULL arguments) or a failed `tt.assert` fails the  *|
|* launch, with tritiumCpuKernelGetLastError saying why. Nothing aborts and  *|
|* no Rust panic crosses this API.                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_CPU_H
#define TRITIUM_C_CPU_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A compiled CPU kernel (owned; see tritiumCpuKernelDestroy). */
typedef struct {
  void *ptr;
} TritiumCpuKernel;

/** How to compile. Start from tritiumCpuKernelOptionsGetDefault(). */
typedef struct {
  /** 0 to 3: LLVM's `default<On>` pipeline and code generator level. */
  int32_t optLevel;
  /** The vector width, in bits, of the `tt.dot` micro-kernel: 128, 256 or
   *  512; 0: the host's widest (512 with AVX-512). */
  int32_t vectorBits;
} TritiumCpuKernelOptions;

/** The defaults: -O3, the host's widest vectors. */
MLIR_CAPI_EXPORTED TritiumCpuKernelOptions tritiumCpuKernelOptionsGetDefault(void);

/** Compiles the kernel of the TTIR `module` (its public `tt.func`; make_ttir's
 *  output, e.g. a corpus `*.ttir.mlir`) for this machine. On success `*kernel`
 *  holds the kernel; on failure it is null and diagnostics were emitted on
 *  the module's context. The module is not modified. */
MLIR_CAPI_EXPORTED MlirLogicalResult tritiumCpuKernelLoad(
    MlirModule module, TritiumCpuKernelOptions options, TritiumCpuKernel *kernel);

/** The object code (ELF) tritiumCpuKernelLoad would run for `module`: the same
 *  lowering, optimization and host target machine, before the check that it
 *  calls only what Tritium provides (its undefined symbols are what a loader
 *  must resolve; tests/cpu/check_cpu_symbols.py lists them). The bytes go
 *  to `callback` in one call. On failure diagnostics were emitted on the
 *  module's context. The module is not modified. */
MLIR_CAPI_EXPORTED MlirLogicalResult tritiumCpuKernelEmitObject(
    MlirModule module, TritiumCpuKernelOptions options,
    MlirStringCallback callback, void *userData);

/** Runs the kernel for every program id (x, y, z) of the grid
 *  gridX x gridY x gridZ. `args[i]` points to the value of argument i, of the
 *  argument's type (for a `!tt.ptr<T>` argument, to a `void *` holding the
 *  buffer's address; for `i32`, to an `int32_t`; `f32`, a `float`; ...), one
 *  per argument (tritiumCpuKernelGetNumArguments). `numThreads`: 0 for one
 *  thread per core. Fails on a non-positive grid size, a grid size beyond
 *  Triton's (CUDA's) limits (gridY and gridZ at most 65535; gridX any
 *  positive int32_t, i.e. below 2^31), a negative `numThreads`, a NULL
 *  argument, or a failed `tt.assert` (the remaining programs are then
 *  skipped). */
MLIR_CAPI_EXPORTED MlirLogicalResult tritiumCpuKernelLaunch(
    TritiumCpuKernel kernel, int32_t gridX, int32_t gridY, int32_t gridZ,
    void **args, int32_t numThreads);

/** Why the last launch of `kernel`, or its last tritiumCpuKernelParseNpy,
 *  failed (empty after a success); valid until the next such call. */
MLIR_CAPI_EXPORTED MlirStringRef tritiumCpuKernelGetLastError(TritiumCpuKernel kernel);

/** A buffer read from a `.npy` file (owned; see tritiumCpuArrayDestroy). */
typedef struct {
  void *ptr;
} TritiumCpuArray;

/** Reads `contents`, the bytes of a `.npy` file, as the buffer of pointer
 *  argument `index` of `kernel`. The file must say exactly what the
 *  argument takes, or the call fails (tritiumCpuKernelGetLastError says why,
 *  naming the argument) and `*array` is null:
 *  - the `\x93NUMPY` magic, format version 1.0, 2.0 or 3.0, a header within
 *    the file whose dict has exactly the keys descr, fortran_order, shape;
 *  - a descr of the pointee's kind and size: `|b1` for i1 (every byte 0 or
 *    1), `|i1` `<i2` `<i4` `<i8` for i8..i64 (not unsigned), `<f2` `<f4`
 *    `<f8` for f16/f32/f64, a 2-byte blob (`V2`) for bf16; big-endian (`>`)
 *    elements are converted to this machine's order;
 *  - as many elements as the shape says (its product, without overflow),
 *    exactly, after the header; and `expectedCount` of them unless that is
 *    -1 (any count).
 *  A `fortran_order: True` array is transposed to C (row-major) order. The
 *  data (tritiumCpuArrayGetData) is 8-byte aligned and may be passed to a
 *  launch as is, or copied. */
MLIR_CAPI_EXPORTED MlirLogicalResult tritiumCpuKernelParseNpy(
    TritiumCpuKernel kernel, intptr_t index, MlirStringRef contents,
    int64_t expectedCount, TritiumCpuArray *array);

/** The elements of `array`, in C order and this machine's byte order
 *  (writable; NULL for a null array). */
MLIR_CAPI_EXPORTED void *tritiumCpuArrayGetData(TritiumCpuArray array);

/** The number of elements of `array` (the product of its shape); -1 for a
 *  null array. */
MLIR_CAPI_EXPORTED int64_t tritiumCpuArrayGetNumElements(TritiumCpuArray array);

/** The rank of the `.npy` shape of `array` (0 for a scalar); -1 for a null
 *  array. */
MLIR_CAPI_EXPORTED intptr_t tritiumCpuArrayGetRank(TritiumCpuArray array);

/** Dimension `dim` of the `.npy` shape of `array`; -1 when out of range. */
MLIR_CAPI_EXPORTED int64_t tritiumCpuArrayGetDimSize(TritiumCpuArray array, intptr_t dim);

/** Frees `array` and its data. A null array is ignored. */
MLIR_CAPI_EXPORTED void tritiumCpuArrayDestroy(TritiumCpuArray array);

/** The kernel's name (the `tt.func`'s symbol). */
MLIR_CAPI_EXPORTED MlirStringRef tritiumCpuKernelGetName(TritiumCpuKernel kernel);

/** The number of arguments a launch passes (the `tt.func`'s), -1 for a null
 *  kernel. */
MLIR_CAPI_EXPORTED intptr_t tritiumCpuKernelGetNumArguments(TritiumCpuKernel kernel);

/** The MLIR type of argument `index` as text (`!tt.ptr<f32>`, `i32`, `f32`,
 *  ...); empty when out of range. */
MLIR_CAPI_EXPORTED MlirStringRef tritiumCpuKernelGetArgumentType(TritiumCpuKernel kernel,
                                                                 intptr_t index);

/** Frees the kernel and its code. No launch of it may be running. A null
 *  kernel is ignored. */
MLIR_CAPI_EXPORTED void tritiumCpuKernelDestroy(TritiumCpuKernel kernel);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_CPU_H */
