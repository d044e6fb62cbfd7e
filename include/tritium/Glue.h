//===- Glue.h - C++ helpers that forward dialect hooks to Rust ---------------===//
#ifndef TRITIUM_GLUE_H
#define TRITIUM_GLUE_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir-c/Support.h"

namespace tritium {
/// Runs the Rust verifier registered under `hook` on `op`, emitting its
/// messages as op errors.
mlir::LogicalResult verifyWithRust(llvm::StringRef hook, mlir::Operation *op);
/// Asks Rust to fold `op`; an empty result means "no fold".
mlir::OpFoldResult foldWithRust(mlir::Operation *op,
                                llvm::ArrayRef<mlir::Attribute> constants);
/// Asks Rust for the result types of an `opName` op with these operands.
mlir::LogicalResult inferWithRust(llvm::StringRef opName, mlir::MLIRContext *context,
                                  std::optional<mlir::Location> location,
                                  mlir::ValueRange operands, int64_t axis,
                                  llvm::ArrayRef<int32_t> order,
                                  llvm::SmallVectorImpl<mlir::Type> &results);
/// Forwards each message Rust reports to `emit()` as one diagnostic (the
/// callback of the bridge's TritiumReportFn, with `this` as user data).
struct DiagReport {
  llvm::function_ref<mlir::InFlightDiagnostic()> emit;
  static void callback(void *userData, MlirStringRef message);
};
/// Adds every Rust pattern whose root is `rootName` to `patterns`.
void addRustPatterns(llvm::StringRef rootName, mlir::RewritePatternSet &patterns);
} // namespace tritium

#endif // TRITIUM_GLUE_H
