//===- Passes.cpp - the C++ side of the AMD backend's passes --------------===//
//
// The classes generated from spec/amd/passes/Passes.td, whose runOnOperation
// hands the op to the Rust pass of the same flag (spec/amd/src/passes/), and
// their registration, called where the library registers its passes.
//
//===----------------------------------------------------------------------===//
#include "tritium/RustPass.h"

namespace tritium_amd {
#define GEN_PASS_DECL
#define GEN_PASS_DEF_TESTTRITONAMDGPUMEMBAR
#include "spec_amd/passes/Passes.h.inc"
} // namespace tritium_amd

namespace {
using tritium::RustPass;

struct TestTritonAMDGPUMembar : RustPass<TestTritonAMDGPUMembar, tritium_amd::impl::TestTritonAMDGPUMembarBase> {};
} // namespace

namespace tritium_amd {
#define GEN_PASS_REGISTRATION
#include "spec_amd/passes/Passes.h.inc"
} // namespace tritium_amd

/// Registers the backend's passes (called by the generated
/// `tritium::registerSpecPasses`).
void tritium_amd_register_passes() { tritium_amd::registerTritiumSpecamdPasses(); }
