//===- TritonNVGPUDialect.h - C++ declarations of the `nvg` dialect -------===//
//
// The generated classes of spec/nvidia/dialect/TritonNVGPU.td (in
// build/spec_nvidia/dialect/).
//
//===----------------------------------------------------------------------===//
#ifndef TRITIUM_TRITONNVGPUDIALECT_H
#define TRITIUM_TRITONNVGPUDIALECT_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TritonNVGPUDialect.h.inc"
#include "TritonNVGPUEnums.h.inc"

#define GET_OP_CLASSES
#include "TritonNVGPUOps.h.inc"

#endif // TRITIUM_TRITONNVGPUDIALECT_H
