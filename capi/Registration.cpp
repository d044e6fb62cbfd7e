//===- Registration.cpp - Registering Tritium's and upstream dialects/passes --===//
//
// Kept apart from the generated-code TUs: it includes the (large) upstream
// dialect headers instead.
//
//===----------------------------------------------------------------------===//
#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

namespace tritium {
void registerProjectDialects(mlir::DialectRegistry &registry);
void registerProjectPasses();
} // namespace tritium

void tritiumRegisterAllDialects(MlirDialectRegistry registry) {
  if (mlirDialectRegistryIsNull(registry))
    return;
  mlir::DialectRegistry &r = *unwrap(registry);
  tritium::registerProjectDialects(r);
  r.insert<mlir::arith::ArithDialect, mlir::math::MathDialect, mlir::scf::SCFDialect,
           mlir::cf::ControlFlowDialect, mlir::ub::UBDialect, mlir::func::FuncDialect,
           mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
           mlir::ROCDL::ROCDLDialect, mlir::index::IndexDialect>();
  mlir::func::registerInlinerExtension(r);
  // The LLVM IR translations the compile and CPU calls register on the
  // module's context: registered here, a context made with this registry
  // already has them, so those calls add nothing to a shared context
  // (MLIRContext::appendDialectRegistry returns early on a subset).
  mlir::registerAllToLLVMIRTranslations(r);
}

void tritiumRegisterAllPasses(void) {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerTransformsPasses();
    tritium::registerProjectPasses();
  });
}
