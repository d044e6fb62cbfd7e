//===- SpecNames.cpp - Checking the names a backend's spec.toml gives --------===//
//
// The part of the drift guard that needs a context: every op named in a
// `[legality.<conversion>]` list must be an op of a registered dialect, and
// every `[pipelines]` text must parse against the pass registry (unknown
// pass names, bad options). The build's `tritium-opt-<name> --spec-check`
// runs it with mlir-opt's view of the host: every upstream dialect and pass,
// then Tritium's and the backend's.
//
//===----------------------------------------------------------------------===//
#include "tritium-c/Spec.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

using namespace mlir;

extern "C" {
typedef void (*TritiumManifestNameFn)(int kind, MlirStringRef backend, MlirStringRef place,
                                      MlirStringRef name, void *userData);
void tritium_spec_manifest_names(TritiumManifestNameFn callback, void *userData);
}

namespace {
struct Name {
  int kind;
  std::string backend, place, name;
};
} // namespace

bool tritiumSpecCheckNames(MlirDialectRegistry registry, MlirStringCallback callback, void *userData) {
  std::vector<Name> names;
  tritium_spec_manifest_names(
      [](int kind, MlirStringRef backend, MlirStringRef place, MlirStringRef name, void *out) {
        static_cast<std::vector<Name> *>(out)->push_back(
            {kind, unwrap(backend).str(), unwrap(place).str(), unwrap(name).str()});
      },
      &names);
  if (names.empty())
    return true;
  DialectRegistry empty;
  MLIRContext context(mlirDialectRegistryIsNull(registry) ? empty : *unwrap(registry),
                      MLIRContext::Threading::DISABLED);
  bool ok = true;
  auto problem = [&](const Name &n, const std::string &what) {
    ok = false;
    std::string line = "spec '" + n.backend + "': " + n.place + ": " + what + "\n";
    if (callback)
      callback(MlirStringRef{line.data(), line.size()}, userData);
  };
  for (const Name &n : names) {
    if (n.kind == 0) {
      llvm::StringRef op(n.name);
      auto [ns, rest] = op.split('.');
      if (rest.empty()) {
        problem(n, "'" + n.name + "' is not an op name (<dialect>.<op>)");
      } else if (!context.getOrLoadDialect(ns)) {
        problem(n, "'" + n.name + "': there is no dialect '" + ns.str() + "' (typo?)");
      } else if (!RegisteredOperationName::lookup(op, &context)) {
        problem(n, "'" + n.name + "': dialect '" + ns.str() + "' has no such op (typo?)");
      }
    } else {
      std::string error;
      llvm::raw_string_ostream stream(error);
      if (failed(parsePassPipeline(n.name, stream))) {
        // The parser's message, on one line: "<what> ... (in '<pipeline>')".
        llvm::StringRef text(error);
        llvm::StringRef first = text.split('\n').first;
        size_t at = first.find("error: ");
        if (at != llvm::StringRef::npos)
          first = first.drop_front(at + 7);
        problem(n, first.str() + " (pipeline \"" + n.name + "\")");
      }
    }
  }
  return ok;
}
