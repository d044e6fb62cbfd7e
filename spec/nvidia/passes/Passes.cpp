//===- Passes.cpp - the C++ side of the NVIDIA backend's passes -----------===//
//
// The classes generated from spec/nvidia/passes/Passes.td, whose
// runOnOperation hands the op and the options to the Rust pass of the same
// flag (spec/nvidia/src/passes/), and their registration, called where the
// library registers its passes.
//
//===----------------------------------------------------------------------===//
#include "tritium/RustPass.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/OptimizeForNVVM.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace tritium_nvidia {
// The C++ class of every pass of Passes.td, generated at build time from its
// records (cmake/TritiumRustPasses.cmake): each hands the op and its options
// to the Rust pass of the same flag.
#include "spec_nvidia/passes/RustPasses.inc"

#define GEN_PASS_REGISTRATION
#include "spec_nvidia/passes/Passes.h.inc"
} // namespace tritium_nvidia

/// The NVPTX code generator's options Triton turns on before it generates
/// PTX: 32-bit pointers to shared, constant and local memory
/// (`nvptx-short-ptr`, visible in the data layout) and the `mad.wide`
/// selection (`nvptx-mad-wide-opt`). Process-wide LLVM options, exactly as
/// in Triton; one this LLVM lacks is skipped, one already given is kept.
static void prepareNVPTXCodegen() {
  auto &options = llvm::cl::getRegisteredOptions();
  for (const char *name : {"nvptx-short-ptr", "nvptx-mad-wide-opt"}) {
    auto it = options.find(name);
    if (it != options.end() && it->second->getNumOccurrences() == 0)
      (void)it->second->addOccurrence(/*pos=*/0, name, "true");
  }
}

/// Registers the backend's passes (called by the generated
/// `tritium::registerSpecPasses`) and its preparation of code generation.
void tritium_nvidia_register_passes() {
  tritium_nvidia::registerTritiumSpecnvidiaPasses();
  tritium::addCodegenPreparation(prepareNVPTXCodegen);
  // Triton's make_llir ends with upstream MLIR's convert-nvvm-to-llvm (NVVM
  // ops without an LLVM intrinsic to inline PTX); a host that has it
  // (mlir-opt) keeps its own.
  if (!mlir::PassInfo::lookup("convert-nvvm-to-llvm"))
    mlir::registerPass([] { return mlir::createConvertNVVMToLLVMPass(); });
  // Upstream's NVVM IR optimizations (f16 division through f32), which
  // Triton's lit RUN lines name after convert-triton-gpu-to-llvm.
  if (!mlir::PassInfo::lookup("llvm-optimize-for-nvvm-target"))
    mlir::registerPass([] { return mlir::LLVM::createNVVMOptimizeForTargetPass(); });
}
