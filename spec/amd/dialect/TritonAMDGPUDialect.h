//===- TritonAMDGPUDialect.h - C++ declarations of the `amdg` dialect -----===//
//
// The generated classes of spec/amd/dialect/TritonAMDGPU.td plus the few C++
// helpers its constraints name. Included by TritonAMDGPUDialect.cpp only.
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_AMDG_DIALECT_H
#define TRITIUM_AMDG_DIALECT_H

#include "tritium/TritonGPUDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/OpImplementation.h"

namespace mlir::triton::amdgpu {
/// The memory-effect resource of the L2 cache (written by `amdg.tdm_prefetch`).
struct L2Cache : public SideEffects::Resource::Base<L2Cache> {
  StringRef getName() final { return "<L2Cache>"; }
};

/// i32, or a tensor of i32 with the shape and encoding of `type`.
Type getI32SameShape(Type type);
} // namespace mlir::triton::amdgpu

#include "TritonAMDGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TritonAMDGPUAttrs.h.inc"

#define GET_OP_CLASSES
#include "TritonAMDGPUOps.h.inc"

#endif // TRITIUM_AMDG_DIALECT_H
