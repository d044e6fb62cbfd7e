//===- TritonNvidiaGPUDialect.h - C++ declarations of the `ttng` dialect ===//
//
// The generated classes of spec/nvidia/dialect/TritonNvidiaGPU.td (in
// build/spec_nvidia/dialect/) and the few hand-written declarations they use.
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_TRITONNVIDIAGPUDIALECT_H
#define TRITIUM_TRITONNVIDIAGPUDIALECT_H

#include "tritium/TritonGPUDialect.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton::nvidia_gpu {
/// The memory-effect resource of tensor memory (TMEM).
struct TensorMemory : public SideEffects::Resource::Base<TensorMemory> {
  StringRef getName() final { return "<TensorMemory>"; }
};

/// `[[a, b], ...]`: a rank-2 CGA layout (flattened bases), checked.
FailureOr<SmallVector<int32_t>> parseCGALayoutRankTwo(AsmParser &parser);
void printCGALayoutRankTwo(AsmPrinter &printer, ArrayRef<int32_t> bases);
} // namespace mlir::triton::nvidia_gpu

#include "TritonNvidiaGPUDialect.h.inc"
#include "TritonNvidiaGPUEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TritonNvidiaGPUAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "TritonNvidiaGPUTypes.h.inc"
#define GET_OP_CLASSES
#include "TritonNvidiaGPUOps.h.inc"

#endif // TRITIUM_TRITONNVIDIAGPUDIALECT_H
