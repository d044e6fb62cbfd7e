//===- TritonAMDGPUDialect.cpp - The `amdg` dialect: generated code + glue ===//
//
// The only translation unit that includes the generated `amdg` definitions.
// Syntax and plumbing only: every verifier is Rust (spec/amd/src/verify.rs),
// reached through tritium::verifyWithRust under the op's name.
//
//===----------------------------------------------------------------------===//

#include "TritonAMDGPUDialect.h"

#include "tritium-c/Dialects.h"
#include "tritium/Glue.h"

#include "mlir/CAPI/Registration.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amdgpu;

Type mlir::triton::amdgpu::getI32SameShape(Type type) {
  auto i32 = IntegerType::get(type.getContext(), 32);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i32, tensor.getEncoding());
  return i32;
}

#include "TritonAMDGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TritonAMDGPUAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "TritonAMDGPUOps.cpp.inc"

void TritonAMDGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TritonAMDGPUAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TritonAMDGPUOps.cpp.inc"
      >();
}

#define TRITIUM_VERIFY(OP, NAME)                                               \
  LogicalResult OP::verify() { return tritium::verifyWithRust(NAME, *this); }
TRITIUM_VERIFY(ExtractSliceOp, "amdg.extract_slice")
TRITIUM_VERIFY(ConcatOp, "amdg.concat")
TRITIUM_VERIFY(InThreadTransposeOp, "amdg.in_thread_transpose")
TRITIUM_VERIFY(ScaledUpcastFp8Op, "amdg.scaled_upcast_fp8")
TRITIUM_VERIFY(LocalLoadPackedTransposedOp, "amdg.local_load_packed_transposed")
TRITIUM_VERIFY(BufferLoadOp, "amdg.buffer_load")
TRITIUM_VERIFY(BufferLoadToLocalOp, "amdg.buffer_load_to_local")
TRITIUM_VERIFY(BufferAtomicRMWOp, "amdg.buffer_atomic_rmw")
TRITIUM_VERIFY(BufferAtomicCASOp, "amdg.buffer_atomic_cas")
TRITIUM_VERIFY(BufferStoreOp, "amdg.buffer_store")
TRITIUM_VERIFY(ScaledUpcastFp4Op, "amdg.scaled_upcast_fp4")
TRITIUM_VERIFY(ScaledDowncastFp4Op, "amdg.scaled_downcast_fp4")
TRITIUM_VERIFY(ScaledDowncastFp8Op, "amdg.scaled_downcast_fp8")
TRITIUM_VERIFY(AsyncCopyLocalToGlobalOp, "amdg.async_copy_local_to_global")
TRITIUM_VERIFY(AsyncTDMCopyGlobalToLocalOp, "amdg.async_tdm_copy_global_to_local")
TRITIUM_VERIFY(AsyncTDMFusedCopyGlobalToLocalOp, "amdg.async_tdm_fused_copy_global_to_local")
TRITIUM_VERIFY(AsyncTDMCopyLocalToGlobalOp, "amdg.async_tdm_copy_local_to_global")
TRITIUM_VERIFY(AsyncTDMScatterOp, "amdg.async_tdm_scatter")
TRITIUM_VERIFY(AsyncTDMGatherOp, "amdg.async_tdm_gather")
TRITIUM_VERIFY(UpdateTensorDescriptorOp, "amdg.update_tensor_descriptor")
TRITIUM_VERIFY(InitBarrierOp, "amdg.init_barrier")
TRITIUM_VERIFY(ArriveBarrierOp, "amdg.arrive_barrier")
TRITIUM_VERIFY(ClusterBarrierArriveOp, "amdg.cluster_barrier_arrive")
TRITIUM_VERIFY(ClusterBarrierWaitOp, "amdg.cluster_barrier_wait")
#undef TRITIUM_VERIFY

//===----------------------------------------------------------------------===//
// Registration and the C API handle
//===----------------------------------------------------------------------===//

// Only amdg: every registry Tritium makes already has the LLVM dialect that
// amdg's LLVM-level ops use, and this registry is also what every Rust pass
// declares as dependent, so naming LLVM here loaded it (about 0.3-0.6 ms per
// context) in each pass run, the ttgir ones too (issue 26, first-run cost).
void tritium_amd_register_dialects(DialectRegistry &registry) {
  registry.insert<TritonAMDGPUDialect>();
}

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TritonAMDGPU, amdg,
                                      mlir::triton::amdgpu::TritonAMDGPUDialect)
