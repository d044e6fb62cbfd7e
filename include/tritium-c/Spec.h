/*===- tritium-c/Spec.h - Backend specs: slots and who provides them -------===*\
|*                                                                            *|
|* Every pattern, legality rule and hook a backend spec may replace, disable *|
|* or change has a stable name (a "slot"). A backend library                  *|
|* (libtritium_<backend>.so, built by CMake's tritium_add_backend) installs   *|
|* its spec when it is loaded; the default library has none. A NULL         *|
|* callback is allowed (the text is dropped).                               *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_SPEC_H
#define TRITIUM_C_SPEC_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Writes every slot of the core, one per line: kind, name, owner (the
 *  pattern sets, conversion or pass), description. */
MLIR_CAPI_EXPORTED void tritiumSpecListSlots(MlirStringCallback callback, void *userData);

/** Writes the installed backend (if any), then each slot and who provides it
 *  (core, the backend's replacement, disabled or changed by the backend),
 *  then the backend's added patterns and pipelines. */
MLIR_CAPI_EXPORTED void tritiumSpecReport(MlirStringCallback callback, void *userData);

/** The drift guard: true when the library has no backend or its spec.toml
 *  and its Rust registrations agree with the core's slots; otherwise writes
 *  one line per problem, each naming the slot, and returns false (the spec
 *  is then not installed). Call tritiumRegisterAllDialects or
 *  tritiumRegisterAllPasses first: they install the backend. */
MLIR_CAPI_EXPORTED bool tritiumSpecCheck(MlirStringCallback callback, void *userData);

/** The drift guard's names: every op of the backend's `[legality]` lists
 *  must be an op of a dialect of `registry`, and every `[pipelines]` text
 *  must parse against the registered passes. Writes one line per problem
 *  (naming the op, or the pipeline and the parser's message) and returns
 *  false. `tritium-opt --spec-check` runs it with every upstream dialect and
 *  pass registered (what mlir-opt offers the plugin) besides Tritium's. */
MLIR_CAPI_EXPORTED bool tritiumSpecCheckNames(MlirDialectRegistry registry, MlirStringCallback callback,
                                              void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_SPEC_H */
