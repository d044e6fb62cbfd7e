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
#include "mlir/Pass/PassRegistry.h"

#include <string>

namespace tritium_nvidia {
// The C++ class of every pass of Passes.td, generated at build time from its
// records (cmake/TritiumRustPasses.cmake): each hands the op and its options
// to the Rust pass of the same flag.
#include "spec_nvidia/passes/RustPasses.inc"

#define GEN_PASS_REGISTRATION
#include "spec_nvidia/passes/Passes.h.inc"
} // namespace tritium_nvidia

/// Registers the backend's passes (called by the generated
/// `tritium::registerSpecPasses`).
void tritium_nvidia_register_passes() {
  tritium_nvidia::registerTritiumSpecnvidiaPasses();
  // Triton's make_llir ends with upstream MLIR's convert-nvvm-to-llvm (NVVM
  // ops without an LLVM intrinsic to inline PTX); a host that has it
  // (mlir-opt) keeps its own.
  if (!mlir::PassInfo::lookup("convert-nvvm-to-llvm"))
    mlir::registerPass([] { return mlir::createConvertNVVMToLLVMPass(); });
}
