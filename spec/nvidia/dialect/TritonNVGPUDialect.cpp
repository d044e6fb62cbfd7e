//===- TritonNVGPUDialect.cpp - The `nvg` dialect: generated code ---------===//
//
// The only translation unit that includes the generated `nvg` definitions.
// Every check is an ODS constraint (TritonNVGPU.td); what an op's attributes
// must hold to have an instruction is checked where it is lowered
// (`convert-nv-gpu-to-llvm`, spec/nvidia/src/nvg.rs).
//
//===----------------------------------------------------------------------===//

#include "TritonNVGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton::nvgpu;

#include "TritonNVGPUDialect.cpp.inc"
#include "TritonNVGPUEnums.cpp.inc"
#define GET_OP_CLASSES
#include "TritonNVGPUOps.cpp.inc"

void NVGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "TritonNVGPUOps.cpp.inc"
      >();
}

/// Called by tritium_nvidia_register_dialects (TritonNvidiaGPUDialect.cpp).
void tritium_nvidia_register_nvg_dialect(DialectRegistry &registry);
void tritium_nvidia_register_nvg_dialect(DialectRegistry &registry) {
  registry.insert<NVGPUDialect>();
}
