//! Tritium's TTIR passes, under Triton's flags. Each pass is a unit struct
//! implementing [`Pass`]; [`PASSES`] lists them for the C++ side, which
//! declares them in `passes/Passes.td`.
use tritium_dialects::pass::Pass;

pub mod combine;
pub mod licm;
pub mod loop_aware_cse;
pub mod loop_unroll;
pub mod reorder_broadcast;
pub mod tensor_descriptor;

/// Every TTIR pass.
pub static PASSES: &[&dyn Pass] = &[
    &combine::Combine,
    &reorder_broadcast::ReorderBroadcast,
    &tensor_descriptor::RewriteTensorDescriptorToPointer,
    &loop_unroll::LoopUnroll,
    &licm::Licm,
    &loop_aware_cse::LoopAwareCse,
];
