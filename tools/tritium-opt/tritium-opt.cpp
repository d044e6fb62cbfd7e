//===- tritium-opt.cpp - mlir-opt with every Tritium dialect and pass --------===//
#include "tritium-c/Dialects.h"
#include "tritium-c/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tritiumRegisterAllDialects(wrap(&registry));
  tritiumRegisterAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tritium optimizer driver\n", registry));
}
