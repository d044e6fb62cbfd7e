//===- CAPI.cpp - The `tt` part of Tritium's C API ---------------------------===//
//
// The two checked type constructors (mlirTritonPointerTypeGet,
// mlirTritonTensorDescTypeGet) live in dialects/tt/TritonDialect.cpp: they need
// the generated type storage, which only that translation unit sees.
//
#include "tritium-c/Dialects.h"
#include "tritium/TritonGPUDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

using namespace mlir;
using namespace mlir::triton;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Triton, tt, mlir::triton::TritonDialect)

namespace tritium {
void registerProjectDialects(DialectRegistry &registry) {
  registry.insert<TritonDialect, triton::gpu::TritonGPUDialect>();
}
} // namespace tritium

bool mlirTypeIsATritonPointer(MlirType type) { return isa<PointerType>(unwrap(type)); }

MlirType mlirTritonPointerTypeGetPointeeType(MlirType type) {
  return wrap(cast<PointerType>(unwrap(type)).getPointeeType());
}

unsigned mlirTritonPointerTypeGetAddressSpace(MlirType type) {
  return cast<PointerType>(unwrap(type)).getAddressSpace();
}

bool mlirTypeIsATritonTensorDesc(MlirType type) {
  return isa<TensorDescType>(unwrap(type));
}

intptr_t mlirTritonTensorDescTypeGetRank(MlirType type) {
  return cast<TensorDescType>(unwrap(type)).getShape().size();
}

int64_t mlirTritonTensorDescTypeGetDimSize(MlirType type, intptr_t pos) {
  return cast<TensorDescType>(unwrap(type)).getShape()[pos];
}

MlirType mlirTritonTensorDescTypeGetElementType(MlirType type) {
  return wrap(cast<TensorDescType>(unwrap(type)).getElementType());
}

MlirAttribute mlirTritonTensorDescTypeGetSharedLayout(MlirType type) {
  return wrap(cast<TensorDescType>(unwrap(type)).getSharedLayout());
}

MlirStringRef tritiumGetTritonVersion(void) { return mlirStringRefCreateFromCString("3.9.0"); }
