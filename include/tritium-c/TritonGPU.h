/*===- tritium-c/TritonGPU.h - The `ttg` dialect from C ---------------------===*\
|*                                                                            *|
|* The `ttg` dialect handle, the blocked encoding and !ttg.memdesc. Other     *|
|* encodings are created by parsing (mlirAttributeParseGet) and inspected    *|
|* with tritiumLayoutDescribe (tritium-c/Layout.h). Attributes and types are *|
|* uniqued by their context and never freed by the caller. Every function    *|
|* checks its input: a null handle, an attribute or type of another kind or  *|
|* an out-of-range index gives a null handle, false or -1, never a crash.    *|
|* The constructors verify their parameters (as mlir...GetChecked), so a     *|
|* non-null result is always one the parser accepts. The field accessors     *|
|* copy up to `capacity` entries into `out` (nothing when `out` is NULL or   *|
|* `capacity` is not positive) and return the number of entries, or -1 when  *|
|* the handle is not of their kind.                                           *|
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
 *  reason goes to the context's diagnostic handlers) or if `ctx` is null,
 *  `rank` is negative or an array is missing. */
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUBlockedEncodingGet(
    MlirContext ctx, intptr_t rank, const unsigned *sizePerThread,
    const unsigned *threadsPerWarp, const unsigned *warpsPerCTA, const unsigned *order);
/** The rank of a blocked encoding; -1 for any other attribute. */
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetRank(MlirAttribute attr);
/** Copies up to `capacity` entries of the field into `out`; returns the rank
 *  (-1 for any other attribute). */
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetSizePerThread(
    MlirAttribute attr, unsigned *out, intptr_t capacity);
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetThreadsPerWarp(
    MlirAttribute attr, unsigned *out, intptr_t capacity);
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetWarpsPerCTA(
    MlirAttribute attr, unsigned *out, intptr_t capacity);
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUBlockedEncodingGetOrder(MlirAttribute attr,
                                                                 unsigned *out,
                                                                 intptr_t capacity);

/** `#ttg.shared_memory`, the memory space of shared-memory memdescs (null if
 *  `ctx` is null). */
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUSharedMemorySpaceGet(MlirContext ctx);

/** Whether `type` is a `!ttg.memdesc`. */
MLIR_CAPI_EXPORTED bool mlirTypeIsATritonGPUMemDesc(MlirType type);
/** `!ttg.memdesc<shape x elementType, encoding, memorySpace[, mutable]>` whose
 *  allocation shape is its shape (`shape` is copied), in elementType's
 *  context. Returns a null type if `elementType`, `encoding` or `memorySpace`
 *  is null or of another context, if `rank` is negative or `shape` is
 *  missing, or if the verifier refuses the parameters (reported through the
 *  context's diagnostic handlers): a dimension that is not positive, an
 *  encoding that is not a shared-memory layout (a builtin attribute, a
 *  distributed encoding), a memory space that is not one. */
MLIR_CAPI_EXPORTED MlirType mlirTritonGPUMemDescTypeGet(intptr_t rank, const int64_t *shape,
                                                        MlirType elementType,
                                                        MlirAttribute encoding,
                                                        MlirAttribute memorySpace,
                                                        bool mutableMemory);
/** The accessors of `!ttg.memdesc`: -1, a null handle or false for any other
 *  type; GetDimSize gives -1 for a `pos` outside [0, rank). */
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUMemDescTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t mlirTritonGPUMemDescTypeGetDimSize(MlirType type, intptr_t pos);
MLIR_CAPI_EXPORTED MlirType mlirTritonGPUMemDescTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUMemDescTypeGetEncoding(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonGPUMemDescTypeGetMemorySpace(MlirType type);
MLIR_CAPI_EXPORTED bool mlirTritonGPUMemDescTypeIsMutable(MlirType type);
/** Copies up to `capacity` dimensions of the allocation shape; returns its
 *  rank (-1 for any other type). */
MLIR_CAPI_EXPORTED intptr_t mlirTritonGPUMemDescTypeGetAllocShape(MlirType type,
                                                                  int64_t *out,
                                                                  intptr_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_TRITONGPU_H */
