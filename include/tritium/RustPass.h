//===- RustPass.h - the C++ side of a pass whose body is Rust ---*- C++ -*-===//
//
// A pass is declared in ODS (`Passes.td`: flag, summary, options); the class
// tablegen generates is the base of `RustPass`, whose runOnOperation hands
// the op and the options, as text, to the Rust pass registered under the
// same flag (`tritium_pass_run`). Used by the core's passes and by the
// backends' (spec/<backend>/passes/).
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_RUSTPASS_H
#define TRITIUM_RUSTPASS_H

#include "tritium/RustBridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace tritium {
/// The dialects of the backends (in-tree and installed), registered by
/// capi/CAPI.cpp. Every Rust pass declares them as dependent: a core pass
/// may create a backend's ops through the backend's hooks (its MMA ops in
/// tritongpu-accelerate-matmul, its waits in tritongpu-pipeline).
void registerBackendDialects(mlir::DialectRegistry &registry);

/// tt, ttg and the backends' dialects (capi/CAPI.cpp): the dialects every
/// Rust pass declares as dependent, beside those of its record.
void registerProjectDialects(mlir::DialectRegistry &registry);

/// Adds a step the compile C API runs once per process, after registering
/// the passes and before it generates any code (capi/Compile.cpp): a
/// backend's process-wide LLVM options, for instance. A backend adds its
/// steps when its passes are registered; adding one twice runs it once.
void addCodegenPreparation(void (*prepare)());

inline MlirStringRef toRef(llvm::StringRef s) { return mlirStringRefCreate(s.data(), s.size()); }

/// What Rust may ask of the pass that is running it: dynamic pipelines
/// (`Pass::runPipeline`, protected in MLIR, reached through this interface).
class PipelineRunner {
public:
  virtual ~PipelineRunner() = default;
  virtual mlir::LogicalResult runNested(mlir::OpPassManager &pm, mlir::Operation *op) = 0;
};

/// Options of one pass run, as the text Rust reads.
class OptionList {
public:
  void add(llvm::StringRef name, std::string value) {
    names.push_back(name.str());
    values.push_back(std::move(value));
  }
  bool run(llvm::StringRef argument, mlir::Operation *op, PipelineRunner &runner) const {
    llvm::SmallVector<MlirStringRef> n, v;
    for (size_t i = 0; i < names.size(); ++i) {
      n.push_back(toRef(names[i]));
      v.push_back(toRef(values[i]));
    }
    return tritium_pass_run(toRef(argument), wrap(op), n.data(), v.data(), n.size(), &runner);
  }

private:
  llvm::SmallVector<std::string> names, values;
};

/// The C++ side of a Rust pass: `Base` is the class generated from the
/// `.td`; `options()` turns its options into text (none by default). The
/// class of each Rust pass is generated from its record too
/// (cmake/TritiumRustPasses.cmake, `tritium_rust_pass_classes`).
template <typename Derived, template <typename> class Base>
struct RustPass : Base<Derived>, PipelineRunner {
  using Base<Derived>::Base;
  OptionList options() const { return {}; }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    Base<Derived>::getDependentDialects(registry);
    registerProjectDialects(registry);
  }
  void runOnOperation() override {
    if (!static_cast<Derived *>(this)->options().run(this->getArgument(),
                                                      this->getOperation(), *this))
      this->signalPassFailure();
  }
  mlir::LogicalResult runNested(mlir::OpPassManager &pm, mlir::Operation *op) override {
    return this->runPipeline(pm, op);
  }
};
} // namespace tritium

#endif // TRITIUM_RUSTPASS_H
