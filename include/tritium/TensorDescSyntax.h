//===- TensorDescSyntax.h - The shared syntax of tensor descriptor types ----===//
//
// `<` dims `x` element-type (`,` shared-layout)? `>`: the custom assembly of
// `!tt.tensordesc` and of the backends' descriptor types built like it
// (`!ttng.tensordesc_im2col`), whose storage is (shape, element type, layout).
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_TENSORDESCSYNTAX_H
#define TRITIUM_TENSORDESCSYNTAX_H

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallVector.h"

namespace tritium {
/// Parses the body of a descriptor type `T` and builds it through its
/// verifier (a null type after a diagnostic).
template <typename T>
mlir::Type parseTensorDescSyntax(mlir::AsmParser &parser) {
  llvm::SmallVector<int64_t> shape;
  mlir::Type elementType;
  mlir::Attribute layout;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  if (succeeded(parser.parseOptionalComma()) && parser.parseAttribute(layout))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<T>(parser.getContext(), shape, elementType, layout);
}

/// Prints the body of a descriptor type `T`.
template <typename T>
void printTensorDescSyntax(mlir::AsmPrinter &printer, T type) {
  printer << "<";
  for (int64_t dim : type.getShape())
    printer << dim << "x";
  printer << type.getElementType();
  if (type.getSharedLayout())
    printer << ", " << type.getSharedLayout();
  printer << ">";
}
} // namespace tritium

#endif // TRITIUM_TENSORDESCSYNTAX_H
