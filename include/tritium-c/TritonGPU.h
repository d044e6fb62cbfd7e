/*===- tritium-c/TritonGPU.h - The `ttg` dialect from C ---------------------===*\
|*                                                                            *|
|* The `ttg` dialect handle, the blocked encoding and !ttg.memdesc. Other     *|
|* encodings are created by parsing (mlirAttributeParseGet) and inspected    *|
|* with tritiumLayoutDescribe (tritium-c/Layout.h). Attributes and types are *|
|* uniqued by their context and never freed by the caller.                   *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_TRITONGPU_H
#define TRITIUM_C_TRITONGPU_H

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The `ttg` dialect: `mlirGetDialectHandle__ttg__()`. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TritonGPU, ttg);

/** Whether `attr` is any `ttg` encoding or memory space. */
MLIR_CAPI_EXPORTED bool mlirAttributeIsATritonGPUEncoding(MlirAttribute attr);

/** Whether `attr` is a `#ttg.blocked` encoding. */
MLIR_CAPI_EXPORTED bool mlirAttributeIsATritonGPUBlockedEncoding(MlirAttribute attr);
/** `#ttg.blocked` with the four arrays of `rank` entries each (copied) and a
 *  single CTA. Returns a null attribute if the parameters are invalid (the
 *  reason goes to the context's diagnostic handlers) or if `rank` is negative
 *  or an array is missing. */
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUBlockedEncodingGet(
    MlirContext ctx, intptr_t rank, const unsigned *sizePerThread,
    const unsigned *threadsPerWarp, const unsigned *warpsPerCTA, const unsigned *order);
/** The rank of a blocked encoding. */
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetRank(MlirAttribute attr);
/** Copies up to `capacity` entries of the field into `out`; returns the rank. */
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetSizePerThread(
    MlirAttribute attr, unsigned *out, intptr_t capacity);
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetThreadsPerWarp(
    MlirAttribute attr, unsigned *out, intptr_t capacity);
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetWarpsPerCTA(
    MlirAttribute attr, unsigned *out, intptr_t capacity);
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetOrder(MlirAttribute attr,
                                                                 unsigned *out,
                                                                 intptr_t capacity);

/** `#ttg.shared_memory`, the memory space of shared-memory memdescs. */
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUSharedMemorySpaceGet(MlirContext ctx);

/** Whether `type` is a `!ttg.memdesc`. */
MLIR_CAPI_EXPORTED bool mlirTypeIsATritonGPUMemDesc(MlirType type);
/** `!ttg.memdesc<shape x elementType, encoding, memorySpace[, mutable]>` whose
 *  allocation shape is its shape (`shape` is copied). Returns a null type if
 *  invalid, if `rank` is negative or `shape` is missing. */
MLIR_CAPI_EXPORTED MlirType mlirTritonGPUMemDescTypeGet(intptr_t rank, const int64_t *shape,
                                                        MlirType elementType,
                                                        MlirAttribute encoding,
                                                        MlirAttribute memorySpace,
                                                        bool mutableMemory);
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUMemDescTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t mlirTritonGPUMemDescTypeGetDimSize(MlirType type, intptr_t pos);
MLIR_CAPI_EXPORTED MlirType mlirTritonGPUMemDescTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUMemDescTypeGetEncoding(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUMemDescTypeGetMemorySpace(MlirType type);
MLIR_CAPI_EXPORTED bool mlirTritonGPUMemDescTypeIsMutable(MlirType type);
/** Copies up to `capacity` dimensions of the allocation shape; returns its rank. */
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUMemDescTypeGetAllocShape(MlirType type,
                                                                  int64_t *out,
                                                                  intptr_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_TRITONGPU_H */
