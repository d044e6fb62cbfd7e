//===- Plugin.cpp - mlir-opt's dialect and pass plugin entry points ----------===//
//
// `mlir-opt --load-dialect-plugin=libtritium.so --load-pass-plugin=libtritium.so`
// finds these two symbols. The dialect callback registers only Tritium's own
// dialects: mlir-opt already registers every upstream dialect.
//
//===----------------------------------------------------------------------===//
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

namespace tritium {
void registerProjectDialects(mlir::DialectRegistry &registry);
void registerProjectPasses();
} // namespace tritium

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Tritium", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            tritium::registerProjectDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Tritium", LLVM_VERSION_STRING,
          [] { tritium::registerProjectPasses(); }};
}
