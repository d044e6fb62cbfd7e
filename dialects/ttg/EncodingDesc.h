//===- EncodingDesc.h - `ttg` encodings <-> TritiumEncodingDesc --*- C++ -*-===//
//
// Internal to the `ttg` dialect's C++ (TritonGPUEncodings.cpp defines them;
// TritonGPUDialect.cpp's C API and op glue use them): the flat descriptions
// of encodings and memory descriptors that Rust reads (tritium-c/TritonGPU.h).
//
//===----------------------------------------------------------------------===//

#ifndef TRITIUM_DIALECTS_TTG_ENCODINGDESC_H
#define TRITIUM_DIALECTS_TTG_ENCODINGDESC_H

#include "tritium/RustBridge.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"

namespace tritium::ttg {

/// The description of any `ttg` encoding attribute, or kind NONE.
TritiumEncodingDesc describe(mlir::Attribute attr);

/// Builds the encoding `desc` describes, or null (silently) when invalid.
mlir::Attribute build(mlir::MLIRContext *context, const TritiumEncodingDesc &desc);

/// The description of a !ttg.memdesc with these parameters.
TritiumMemDescDesc describeMemDesc(llvm::ArrayRef<int64_t> shape, mlir::Type elementType,
                                   mlir::Attribute encoding, mlir::Attribute memorySpace,
                                   bool mutableMemory, llvm::ArrayRef<int64_t> allocShape);

} // namespace tritium::ttg

#endif // TRITIUM_DIALECTS_TTG_ENCODINGDESC_H
