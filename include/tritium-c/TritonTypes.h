/*===- tritium-c/TritonTypes.h - The `tt` types from C ----------------------===*\
|*                                                                            *|
|* Accessors for !tt.ptr and !tt.tensordesc. Types are uniqued by their       *|
|* context and never freed by the caller. Every function checks its input:   *|
|* a null handle, a type of another kind or an out-of-range index gives a    *|
|* null type/attribute, false or -1, never a crash. The constructors verify   *|
|* their parameters (as mlir...GetChecked), so a non-null result is always a  *|
|* type the parser accepts.                                                   *|
\*===----------------------------------------------------------------------===*/
#ifndef TRITIUM_C_TRITONTYPES_H
#define TRITIUM_C_TRITONTYPES_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Whether `type` is a `!tt.ptr`. */
MLIR_CAPI_EXPORTED bool mlirTypeIsATritonPointer(MlirType type);
/** `!tt.ptr<pointee, addressSpace>` in pointee's context (1 is global memory).
 *  Returns a null type (check with mlirTypeIsNull) if the pointee is null or
 *  invalid; the reason for an invalid one is reported through the context's
 *  diagnostic handlers. */
MLIR_CAPI_EXPORTED MlirType mlirTritonPointerTypeGet(MlirType pointee,
                                                     unsigned addressSpace);
/** The pointee type of a `!tt.ptr`; a null type for any other type. */
MLIR_CAPI_EXPORTED MlirType mlirTritonPointerTypeGetPointeeType(MlirType type);
/** The address space of a `!tt.ptr`; (unsigned)-1 for any other type. */
MLIR_CAPI_EXPORTED unsigned mlirTritonPointerTypeGetAddressSpace(MlirType type);

/** Whether `type` is a `!tt.tensordesc`. */
MLIR_CAPI_EXPORTED bool mlirTypeIsATritonTensorDesc(MlirType type);
/** `!tt.tensordesc<shape x elementType[, sharedLayout]>` in `ctx`; pass a null
 *  attribute for no layout. `shape` (`rank` entries) is copied. Returns a null
 *  type if `ctx` or `elementType` is null, `rank` is negative, `shape` is NULL
 *  with a positive rank, or the parameters are invalid (the reason goes to the
 *  context's diagnostic handlers). */
MLIR_CAPI_EXPORTED MlirType mlirTritonTensorDescTypeGet(MlirContext ctx, intptr_t rank,
                                                        const int64_t *shape,
                                                        MlirType elementType,
                                                        MlirAttribute sharedLayout);
/** The rank of the block a `!tt.tensordesc` describes; -1 for any other type. */
MLIR_CAPI_EXPORTED intptr_t mlirTritonTensorDescTypeGetRank(MlirType type);
/** Dimension `pos` of the block shape; -1 for any other type or a `pos`
 *  outside [0, rank). */
MLIR_CAPI_EXPORTED int64_t mlirTritonTensorDescTypeGetDimSize(MlirType type, intptr_t pos);
/** The element type of the block; a null type for any other type. */
MLIR_CAPI_EXPORTED MlirType mlirTritonTensorDescTypeGetElementType(MlirType type);
/** The shared-memory layout, or a null attribute when there is none or
 *  `type` is not a `!tt.tensordesc`. */
MLIR_CAPI_EXPORTED MlirAttribute mlirTritonTensorDescTypeGetSharedLayout(MlirType type);

#ifdef __cplusplus
}
#endif

#endif /* TRITIUM_C_TRITONTYPES_H */
