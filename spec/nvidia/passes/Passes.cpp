//===- Passes.cpp - the C++ side of the NVIDIA backend's passes -----------===//
//
// The classes generated from spec/nvidia/passes/Passes.td, whose
// runOnOperation hands the op and the options to the Rust pass of the same
// flag (spec/nvidia/src/passes/), and their registration, called where the
// library registers its passes.
//
//===----------------------------------------------------------------------===//
#include "tritium/RustPass.h"

#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/PassRegistry.h"

#include <string>

namespace tritium_nvidia {
#define GEN_PASS_DECL
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORYNV
#define GEN_PASS_DEF_TRITONTENSORMEMORYALLOCATION
#define GEN_PASS_DEF_TRITONNVIDIAGPUMEMBAR
#define GEN_PASS_DEF_TESTPRINTMEMBAR
#define GEN_PASS_DEF_TRITONNVIDIAGPUASSIGNCGALAYOUTS
#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZECTALOCALITY
#define GEN_PASS_DEF_TRITONNVIDIAGPUCHECKMATMULTWOCTA
#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZEDESCRIPTORENCODING
#define GEN_PASS_DEF_NVGPUWARPSPECIALIZATION
#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZETMEMLAYOUTS
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMEMLOADREDUCE
#define GEN_PASS_DEF_TRITONNVIDIAGPUINTERLEAVETMEM
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERING
#define GEN_PASS_DEF_TRITONNVIDIAGPUFENCEINSERTION
#define GEN_PASS_DEF_TRITONNVIDIAGPUMMALOWERING
#define GEN_PASS_DEF_TRITONNVIDIAGPUHOISTMBARRIERLIFECYCLE
#define GEN_PASS_DEF_TRITONGPUPROXYFENCEINSERTION
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMEMBARRIERINSERTION
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMEMWAITINSERTION
#define GEN_PASS_DEF_TRITONNVIDIAGPUCLUSTERBARRIERMBARALLOCATOR
#define GEN_PASS_DEF_INITIALIZEWSCLUSTERBARRIERS
#define GEN_PASS_DEF_CONVERTWARPSPECIALIZETOLLVM
#define GEN_PASS_DEF_CONVERTNVGPUTOLLVM
#include "spec_nvidia/passes/Passes.h.inc"
} // namespace tritium_nvidia

namespace {
using tritium::OptionList;
using tritium::RustPass;

#define TRITIUM_RUST_PASS(Name)                                                \
  struct Name : RustPass<Name, tritium_nvidia::impl::Name##Base> {};
TRITIUM_RUST_PASS(TritonTensorMemoryAllocation)
TRITIUM_RUST_PASS(TritonNvidiaGPUAssignCGALayouts)
TRITIUM_RUST_PASS(TritonNvidiaGPUOptimizeCTALocality)
TRITIUM_RUST_PASS(TritonNvidiaGPUCheckMatmulTwoCTA)
TRITIUM_RUST_PASS(TritonNvidiaGPUOptimizeDescriptorEncoding)
TRITIUM_RUST_PASS(TritonNvidiaGPUOptimizeTMemLayouts)
TRITIUM_RUST_PASS(TritonNvidiaGPUTMemLoadReduce)
TRITIUM_RUST_PASS(TritonNvidiaGPUInterleaveTMem)
TRITIUM_RUST_PASS(TritonNvidiaGPUTMALowering)
TRITIUM_RUST_PASS(TritonNvidiaGPUMMALowering)
TRITIUM_RUST_PASS(TestPrintMembar)
TRITIUM_RUST_PASS(TritonNvidiaGPUTMemBarrierInsertion)
TRITIUM_RUST_PASS(TritonNvidiaGPUTMemWaitInsertion)
TRITIUM_RUST_PASS(TritonNvidiaGPUClusterBarrierMbarAllocator)
TRITIUM_RUST_PASS(ConvertWarpSpecializeToLLVM)
TRITIUM_RUST_PASS(ConvertNVGPUToLLVM)
#undef TRITIUM_RUST_PASS

struct NVGPUWarpSpecialization
    : RustPass<NVGPUWarpSpecialization, tritium_nvidia::impl::NVGPUWarpSpecializationBase> {
  using RustPass::RustPass;
  OptionList options() const {
    OptionList list;
    list.add("num-stages", std::to_string(numStages));
    list.add("dump-intermediate-steps", dumpIntermediateSteps ? "true" : "false");
    return list;
  }
};

/// The passes taking only `compute-capability`.
#define TRITIUM_CC_PASS(Name)                                                  \
  struct Name : RustPass<Name, tritium_nvidia::impl::Name##Base> {             \
    using RustPass::RustPass;                                                  \
    OptionList options() const {                                               \
      OptionList list;                                                         \
      list.add("compute-capability", std::to_string(computeCapability));       \
      return list;                                                             \
    }                                                                          \
  };
TRITIUM_CC_PASS(TritonNvidiaGPUFenceInsertion)
TRITIUM_CC_PASS(TritonNvidiaGPUHoistMBarrierLifecycle)
TRITIUM_CC_PASS(TritonGPUProxyFenceInsertion)
#undef TRITIUM_CC_PASS

/// The passes taking `compute-capability` and `ptx-version`.
#define TRITIUM_CC_PTX_PASS(Name)                                              \
  struct Name : RustPass<Name, tritium_nvidia::impl::Name##Base> {             \
    using RustPass::RustPass;                                                  \
    OptionList options() const {                                               \
      OptionList list;                                                         \
      list.add("compute-capability", std::to_string(computeCapability));       \
      list.add("ptx-version", std::to_string(ptxVersion));                     \
      return list;                                                             \
    }                                                                          \
  };
TRITIUM_CC_PTX_PASS(AllocateSharedMemoryNv)
TRITIUM_CC_PTX_PASS(TritonNvidiaGPUMembar)
TRITIUM_CC_PTX_PASS(InitializeWSClusterBarriers)
#undef TRITIUM_CC_PTX_PASS
} // namespace

namespace tritium_nvidia {
#define GEN_PASS_REGISTRATION
#include "spec_nvidia/passes/Passes.h.inc"
} // namespace tritium_nvidia

/// Registers the backend's passes (called by the generated
/// `tritium::registerSpecPasses`).
void tritium_nvidia_register_passes() {
  tritium_nvidia::registerTritiumSpecnvidiaPasses();
  // Triton's make_llir ends with upstream MLIR's convert-nvvm-to-llvm (NVVM
  // ops without an LLVM intrinsic to inline PTX); a host that has it
  // (mlir-opt) keeps its own.
  if (!mlir::PassInfo::lookup("convert-nvvm-to-llvm"))
    mlir::registerPass([] { return mlir::createConvertNVVMToLLVMPass(); });
}
