//===- TritonDialect.h - C++ declarations of the `tt` dialect (generated + glue) ===//
#ifndef TRITIUM_TRITONDIALECT_H
#define TRITIUM_TRITONDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tt/TritonDialect.h.inc"
#include "tt/TritonEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tt/TritonAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "tt/TritonTypes.h.inc"

namespace mlir::triton {

/// The memory-effect resource of global (device) memory.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

/// The pointee type of a pointer, or the tensor of pointees of a pointer tensor.
Type getPointeeType(Type type);
/// i1, or a tensor of i1 with the shape and encoding of `type`.
Type getI1SameShape(Type type);
/// `!tt.ptr<type>`, or a tensor of those with the shape of `type`.
Type getPointerTypeSameShape(Type type);

namespace OpTrait {
/// Runs the Rust verifier registered under `hook` for `op`.
LogicalResult verifyWithRust(llvm::StringRef hook, Operation *op);

#define TRITIUM_RUST_TRAIT(NAME)                                               \
  template <typename ConcreteType>                                             \
  class NAME : public ::mlir::OpTrait::TraitBase<ConcreteType, NAME> {         \
  public:                                                                      \
    static LogicalResult verifyTrait(Operation *op) {                          \
      return verifyWithRust(#NAME, op);                                        \
    }                                                                          \
  };
TRITIUM_RUST_TRAIT(TensorSizeTrait)
TRITIUM_RUST_TRAIT(VerifyTensorLayoutsTrait)
TRITIUM_RUST_TRAIT(SameOperandsEncoding)
TRITIUM_RUST_TRAIT(SameOperandsAndResultEncoding)
TRITIUM_RUST_TRAIT(SameResultsType)
TRITIUM_RUST_TRAIT(SameLoadStoreOperandsShape)
TRITIUM_RUST_TRAIT(SameLoadStoreOperandsAndResultShape)
TRITIUM_RUST_TRAIT(SameLoadStoreOperandsEncoding)
TRITIUM_RUST_TRAIT(SameLoadStoreOperandsAndResultEncoding)
#undef TRITIUM_RUST_TRAIT
} // namespace OpTrait
} // namespace mlir::triton

#define GET_OP_CLASSES
#include "tt/TritonOps.h.inc"

#endif // TRITIUM_TRITONDIALECT_H
