//! Tritium's dialect conversions, written against the framework in
//! `tritium_dialects::conversion`. Each conversion is also a `Pass` the C++
//! side declares in `conversions/Passes.td`.
pub mod target;
pub mod triton_to_tritongpu;
pub mod ttg_to_llvm;
pub mod warp_specialize;

// `PASSES`: the conversions, found by the build script (tritium-build-support).
include!(concat!(env!("OUT_DIR"), "/passes.rs"));
