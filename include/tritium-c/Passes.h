/*===- tritium-c/Passes.h - Registering Tritium's passes from C -------------===*\
|*                                                                            *|
|* After registration, passes are available by name to mlirParsePassPipeline *|
|* and mlirOpPassManagerAddPipeline, exactly like upstream passes.            *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_PASSES_H
#define TRITIUM_C_PASSES_H

#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Registers every Tritium pass and pipeline, plus the upstream transforms
 *  Triton pipelines use (canonicalize, cse, inline, symbol-dce, sccp, licm, ...),
 *  in the global pass registry. Idempotent and thread-safe. */
MLIR_CAPI_EXPORTED void tritiumRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_PASSES_H */
