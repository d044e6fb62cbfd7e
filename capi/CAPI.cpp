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

#include <mutex>

using namespace mlir;
using namespace mlir::triton;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Triton, tt, mlir::triton::TritonDialect)

extern "C" {
// Defined only in a backend library (CMake's tritium_add_backend): the
// backend's Rust entry point, which reads its spec.toml and installs its
// replacements, and the registration of the backend's own dialects. In the
// default library both are absent (null).
__attribute__((weak)) bool tritium_backend_install(void);
__attribute__((weak)) void tritium_backend_register_dialects(MlirDialectRegistry registry);
}

namespace tritium {
void installBackend() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (tritium_backend_install)
      tritium_backend_install();
  });
}

void registerProjectDialects(DialectRegistry &registry) {
  installBackend();
  registry.insert<TritonDialect, triton::gpu::TritonGPUDialect>();
  if (tritium_backend_register_dialects)
    tritium_backend_register_dialects(wrap(&registry));
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
