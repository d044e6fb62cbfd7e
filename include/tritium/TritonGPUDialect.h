//===- TritonGPUDialect.h - C++ declarations of the `ttg` dialect (generated + glue) ===//
#ifndef TRITIUM_TRITONGPUDIALECT_H
#define TRITIUM_TRITONGPUDIALECT_H

#include "tritium/TritonDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "ttg/TritonGPUDialect.h.inc"
#include "ttg/TritonGPUEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ttg/TritonGPUAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "ttg/TritonGPUTypes.h.inc"

namespace mlir::triton {
namespace OpTrait {
template <typename ConcreteType>
class VerifyMemDescLayoutsTrait
    : public ::mlir::OpTrait::TraitBase<ConcreteType, VerifyMemDescLayoutsTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyWithRust("VerifyMemDescLayoutsTrait", op);
  }
};
} // namespace OpTrait

namespace gpu {
/// The memory-effect resource of shared memory.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

namespace OpTrait {
// Marker traits: they verify nothing and let passes classify ops.
#define TRITIUM_MARKER_TRAIT(NAME)                                             \
  template <typename ConcreteType>                                             \
  class NAME : public ::mlir::OpTrait::TraitBase<ConcreteType, NAME> {};
TRITIUM_MARKER_TRAIT(MemDescViewTrait)
TRITIUM_MARKER_TRAIT(LocalLoadTrait)
TRITIUM_MARKER_TRAIT(MemWaitOpTrait)
TRITIUM_MARKER_TRAIT(GlobalToLocalCopyTrait)
#undef TRITIUM_MARKER_TRAIT
} // namespace OpTrait
} // namespace gpu
} // namespace mlir::triton

#define GET_OP_CLASSES
#include "ttg/TritonGPUOps.h.inc"

#endif // TRITIUM_TRITONGPUDIALECT_H
