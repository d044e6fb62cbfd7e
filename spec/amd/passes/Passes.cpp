//===- Passes.cpp - the C++ side of the AMD backend's passes --------------===//
//
// The classes generated from spec/amd/passes/Passes.td, whose runOnOperation
// hands the op to the Rust pass of the same flag (spec/amd/src/passes/), and
// their registration, called where the library registers its passes.
//
//===----------------------------------------------------------------------===//
#include "tritium/RustPass.h"

namespace tritium_amd {
// The C++ class of every pass of Passes.td, generated at build time from its
// records (cmake/TritiumRustPasses.cmake): each hands the op and its options
// to the Rust pass of the same flag.
#include "spec_amd/passes/RustPasses.inc"

#define GEN_PASS_REGISTRATION
#include "spec_amd/passes/Passes.h.inc"
} // namespace tritium_amd

/// Registers the backend's passes (called by the generated
/// `tritium::registerSpecPasses`).
void tritium_amd_register_passes() { tritium_amd::registerTritiumSpecamdPasses(); }
