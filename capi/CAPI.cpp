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

// Every function checks its handles: a null or wrong-kind handle gives a
// null handle, false, 0 or -1 (as tritium-c/TritonTypes.h says), never a crash.

bool mlirTypeIsATritonPointer(MlirType type) {
  return isa_and_present<PointerType>(unwrap(type));
}

MlirType mlirTritonPointerTypeGetPointeeType(MlirType type) {
  auto ptr = dyn_cast_if_present<PointerType>(unwrap(type));
  return wrap(ptr ? ptr.getPointeeType() : Type());
}

unsigned mlirTritonPointerTypeGetAddressSpace(MlirType type) {
  auto ptr = dyn_cast_if_present<PointerType>(unwrap(type));
  return ptr ? ptr.getAddressSpace() : static_cast<unsigned>(-1);
}

bool mlirTypeIsATritonTensorDesc(MlirType type) {
  return isa_and_present<TensorDescType>(unwrap(type));
}

intptr_t mlirTritonTensorDescTypeGetRank(MlirType type) {
  auto desc = dyn_cast_if_present<TensorDescType>(unwrap(type));
  return desc ? static_cast<intptr_t>(desc.getShape().size()) : -1;
}

int64_t mlirTritonTensorDescTypeGetDimSize(MlirType type, intptr_t pos) {
  auto desc = dyn_cast_if_present<TensorDescType>(unwrap(type));
  if (!desc || pos < 0 || pos >= static_cast<intptr_t>(desc.getShape().size()))
    return -1;
  return desc.getShape()[pos];
}

MlirType mlirTritonTensorDescTypeGetElementType(MlirType type) {
  auto desc = dyn_cast_if_present<TensorDescType>(unwrap(type));
  return wrap(desc ? desc.getElementType() : Type());
}

MlirAttribute mlirTritonTensorDescTypeGetSharedLayout(MlirType type) {
  auto desc = dyn_cast_if_present<TensorDescType>(unwrap(type));
  return wrap(desc ? desc.getSharedLayout() : Attribute());
}

MlirStringRef tritiumGetTritonVersion(void) { return mlirStringRefCreateFromCString("3.9.0"); }
