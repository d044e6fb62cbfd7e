//===- Plugin.cpp - mlir-opt's dialect and pass plugin entry points ----------===//
//
// `mlir-opt --load-dialect-plugin=libtritium.so --load-pass-plugin=libtritium.so`
// finds these two symbols. The dialect callback registers only Tritium's own
// dialects: mlir-opt already registers every upstream dialect.
//
// A library whose backend spec fails the drift guard (the build's
// `--spec-check`, which also removes such a library) refuses to be loaded:
// both entry points print the guard's problems and return a plugin record
// with API version 0, which mlir-opt rejects, instead of loading silently
// without the backend's changes.
//
//===----------------------------------------------------------------------===//
#include "tritium-c/Spec.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>
#include <string>

namespace tritium {
void registerProjectDialects(mlir::DialectRegistry &registry);
void registerProjectPasses();
void installBackend();
} // namespace tritium

// The drift guard's problems with this library's backends (empty: none).
static const std::string &driftProblems() {
  static const std::string problems = [] {
    tritium::installBackend(); // the in-tree backends, then a vendor's
    std::string text;
    auto append = [](MlirStringRef part, void *out) {
      static_cast<std::string *>(out)->append(part.data, part.length);
    };
    if (tritiumSpecCheck(append, &text))
      text.clear();
    return text;
  }();
  return problems;
}

// Whether to refuse loading; says why, once.
static bool refuseToLoad() {
  const std::string &problems = driftProblems();
  if (problems.empty())
    return false;
  static bool told = false;
  if (!told) {
    told = true;
    Dl_info info{};
    const char *path = dladdr(reinterpret_cast<void *>(&refuseToLoad), &info) && info.dli_fname
                           ? info.dli_fname
                           : "this Tritium library";
    llvm::errs() << "error: " << path
                 << " refuses to load: its backend spec failed the drift guard "
                    "(the build's --spec-check step):\n"
                 << problems;
  }
  return true;
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  if (refuseToLoad())
    return {0, "Tritium", LLVM_VERSION_STRING, [](mlir::DialectRegistry *) {}};
  return {MLIR_PLUGIN_API_VERSION, "Tritium", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            tritium::registerProjectDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  if (refuseToLoad())
    return {0, "Tritium", LLVM_VERSION_STRING, [] {}};
  return {MLIR_PLUGIN_API_VERSION, "Tritium", LLVM_VERSION_STRING,
          [] { tritium::registerProjectPasses(); }};
}
