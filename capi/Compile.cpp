//===- Compile.cpp - The compile C API (tritium-c/Compile.h) ------------------===//
//
// Thin shims: each public function prepares the process once (Tritium's
// passes, for the `tritium-make-llir` pipeline; the backends' preparations
// of code generation, e.g. the LLVM options Triton sets) and calls its Rust
// implementation in capi/src/compile.rs, which reports every failure as a
// diagnostic on the module.
//
//===----------------------------------------------------------------------===//
#include "tritium-c/Compile.h"
#include "tritium-c/Passes.h"
#include "tritium/RustPass.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <vector>

extern "C" {
// The Rust entry points (capi/src/compile.rs); `emit` is one of the
// TRITIUM_EMIT_* values below.
bool tritium_compile(MlirModule module, const TritiumCompileOptions *options, int32_t emit,
                     MlirStringCallback callback, void *userData);
bool tritium_module_needs_lowering(MlirModule module);
bool tritium_lower_to_llvm_dialect(MlirModule module, const TritiumCompileOptions *options);
bool tritium_kernel_metadata_json(MlirModule module, MlirModule lowered,
                                  const TritiumCompileOptions *options,
                                  MlirStringCallback callback, void *userData);
}

namespace {
/// Mirrors of the Rust `EMIT_*` constants.
enum : int32_t { TRITIUM_EMIT_LLVM_IR = 0, TRITIUM_EMIT_ASSEMBLY = 1, TRITIUM_EMIT_PTX = 2, TRITIUM_EMIT_OBJECT = 3 };

/// The backends' preparations of code generation
/// (tritium::addCodegenPreparation), in the order they were added.
std::vector<void (*)()> &codegenPreparations() {
  static std::vector<void (*)()> preparations;
  return preparations;
}

/// Registers the passes, runs the backends' preparations of code generation
/// (e.g. the process-wide LLVM options Triton turns on for its targets) and
/// bounds the SLP vectorizer's bundle width (below).
void prepare() {
  static std::once_flag once;
  std::call_once(once, [] {
    tritiumRegisterAllPasses();
    for (void (*preparation)() : codegenPreparations())
      preparation();
    auto &options = llvm::cl::getRegisteredOptions();
    // For measuring and tuning LLVM itself: TRITIUM_LLVM_OPTIONS holds LLVM
    // command-line options (e.g. "-time-passes -misched-cutoff=..."), parsed
    // once, process-wide. An option LLVM rejects is reported on stderr and
    // the rest still apply; unset, nothing is parsed. LLVM prints its timer
    // reports (-time-passes) only at llvm_shutdown, which the tools never
    // call, so they are printed to stderr at exit instead.
    if (std::getenv("TRITIUM_LLVM_OPTIONS")) {
      const char *argv[] = {"tritium"};
      (void)llvm::cl::ParseCommandLineOptions(1, argv, "", &llvm::errs(), /*VFS=*/nullptr,
                                              "TRITIUM_LLVM_OPTIONS");
      std::atexit([] { llvm::TimerGroup::printAll(llvm::errs()); });
    }
    // The widest bundle LLVM's SLP vectorizer tries (`slp-max-vf`), unless
    // TRITIUM_LLVM_OPTIONS set it. GPU modules are optimized without a target
    // machine (as Triton does), so nothing else bounds it: on a block with
    // N compares it tried bundles of up to N lanes, and its time grew as
    // N^2 (a 40,000-line kernel: 4.8 s in SLP of 5.6 s of LLVM; with 256
    // lanes the whole compile takes 1.9 s instead of 6.2 s, and linear).
    // The widest bundle kept on any corpus or extra kernel is 128 lanes (an
    // mma accumulator): 256 leaves every one of them unchanged, and the
    // 1,048,576-element kernels too. Wider bounds cost more per compare
    // (1,024 lanes: 1.3x the time of 256 on both big kernels).
    auto slp = options.find("slp-max-vf");
    if (slp != options.end() && slp->second->getNumOccurrences() == 0)
      (void)slp->second->addOccurrence(/*pos=*/0, "slp-max-vf", "256");
  });
}

MlirLogicalResult result(bool ok) {
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
} // namespace

void tritium::addCodegenPreparation(void (*prepare)()) {
  auto &preparations = codegenPreparations();
  if (std::find(preparations.begin(), preparations.end(), prepare) == preparations.end())
    preparations.push_back(prepare);
}

namespace {

MlirLogicalResult compile(MlirModule module, TritiumCompileOptions options, int32_t emit,
                          MlirStringCallback callback, void *userData) {
  prepare();
  return result(tritium_compile(module, &options, emit, callback, userData));
}
} // namespace

TritiumCompileOptions tritiumCompileOptionsGetDefault(void) {
  TritiumCompileOptions options;
  options.target = mlirStringRefCreate(nullptr, 0);
  options.ptxVersion = 0;
  options.optLevel = 3;
  options.externLibs = nullptr;
  options.numExternLibs = 0;
  options.enableFPFusion = true;
  options.numWarps = 0;
  options.numStages = 0;
  return options;
}

bool tritiumModuleNeedsLowering(MlirModule module) {
  return tritium_module_needs_lowering(module);
}

MlirLogicalResult tritiumLowerToLLVMDialect(MlirModule module, TritiumCompileOptions options) {
  prepare();
  return result(tritium_lower_to_llvm_dialect(module, &options));
}

MlirLogicalResult tritiumCompileToLLVMIR(MlirModule module, TritiumCompileOptions options,
                                         MlirStringCallback callback, void *userData) {
  return compile(module, options, TRITIUM_EMIT_LLVM_IR, callback, userData);
}

MlirLogicalResult tritiumCompileToPTX(MlirModule module, TritiumCompileOptions options,
                                      MlirStringCallback callback, void *userData) {
  return compile(module, options, TRITIUM_EMIT_PTX, callback, userData);
}

MlirLogicalResult tritiumCompileToAssembly(MlirModule module, TritiumCompileOptions options,
                                           MlirStringCallback callback, void *userData) {
  return compile(module, options, TRITIUM_EMIT_ASSEMBLY, callback, userData);
}

MlirLogicalResult tritiumCompileToObject(MlirModule module, TritiumCompileOptions options,
                                         MlirStringCallback callback, void *userData) {
  return compile(module, options, TRITIUM_EMIT_OBJECT, callback, userData);
}

MlirLogicalResult tritiumKernelMetadataJSON(MlirModule module, MlirModule lowered,
                                            TritiumCompileOptions options,
                                            MlirStringCallback callback, void *userData) {
  return result(tritium_kernel_metadata_json(module, lowered, &options, callback, userData));
}
