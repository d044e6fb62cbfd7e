/*===- tritium-c/Dialects.h - Registering Tritium's dialects from C ---------===*\
|*                                                                            *|
|* The C entry points to the dialects of libtritium.so, following MLIR's C    *|
|* API conventions (mlir-c/IR.h): handles are borrowed unless a function says *|
|* it returns an owned object.                                                *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_DIALECTS_H
#define TRITIUM_C_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"

#include "tritium-c/Layout.h"
#include "tritium-c/TritonGPU.h"
#include "tritium-c/TritonTypes.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The `tt` dialect: `mlirGetDialectHandle__tt__()`. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Triton, tt);

/** The `ttng` dialect (TritonNvidiaGPU, spec/nvidia/dialect/):
 *  `mlirGetDialectHandle__ttng__()`. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TritonNvidiaGPU, ttng);

/** The `amdg` dialect (TritonAMDGPU, spec/amd/dialect/):
 *  `mlirGetDialectHandle__amdg__()`. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TritonAMDGPU, amdg);

/** Inserts every Tritium dialect (`tt`, `ttg`, the in-tree backends' `ttng`, ...) and the upstream dialects Triton IR
 *  uses (arith, math, scf, cf, ub, func, gpu, llvm, nvvm, rocdl, index) into
 *  `registry` (nothing for a null registry), with the LLVM IR translations of
 *  every dialect (which the compile calls would otherwise add to the module's
 *  context). The registry stays owned by the caller. Dialects are loaded
 *  lazily by the context, or eagerly with mlirContextLoadAllAvailableDialects.
 *
 *  Threads. Separate contexts are independent: compile on as many threads as
 *  you like, one context each. One context may also be shared:
 *  - Tritium's calls that run passes or report diagnostics on a module's
 *    context (tritiumCompileTo*, tritiumLowerToLLVMDialect,
 *    tritiumKernelMetadataJSON, tritiumCpuKernelLoad,
 *    tritiumCpuKernelEmitObject) hold that context's lock while they run, so
 *    on a shared context they run one at a time (another thread's call
 *    waits; the lock is re-entrant, and a callback may call Tritium on the
 *    same thread). For parallel compiles use one context per thread.
 *  - Your own MLIR calls on a shared context (parsing, creating or destroying
 *    modules, attaching handlers) are MLIR's business: MLIR loads dialects
 *    lazily, which is not thread-safe, so load them all before the threads
 *    start: mlirContextAppendDialectRegistry with this registry, then
 *    mlirContextLoadAllAvailableDialects; and never use one module from two
 *    threads at once.
 *  tests/capi/threads.c runs both ways under ThreadSanitizer. */
MLIR_CAPI_EXPORTED void tritiumRegisterAllDialects(MlirDialectRegistry registry);

/** The version of Triton whose IR this library reads and prints ("3.9.0").
 *  The returned string is static; do not free it. */
MLIR_CAPI_EXPORTED MlirStringRef tritiumGetTritonVersion(void);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_DIALECTS_H */
