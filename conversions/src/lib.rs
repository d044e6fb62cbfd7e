//! Tritium's dialect conversions, written against the framework in
//! `tritium_dialects::conversion`. Each conversion is also a [`Pass`] the C++
//! side declares in `conversions/Passes.td`.
use tritium_dialects::pass::Pass;

pub mod target;
pub mod triton_to_tritongpu;
pub mod ttg_to_llvm;

/// Every conversion pass.
pub static PASSES: &[&dyn Pass] = &[&triton_to_tritongpu::ConvertTritonToTritonGPU, &ttg_to_llvm::ConvertTritonGPUToLLVM];
