//! Tritium's TTIR passes and the TTGIR passes Triton's make_llir runs before
//! the ttg→LLVM conversion, under Triton's flags, and the analyses they share
//! with the lowering ([`analysis`]). Each pass is a unit struct
//! implementing [`Pass`]; [`PASSES`] lists them for the C++ side, which
//! declares them in `passes/Passes.td`.
use tritium_dialects::pass::Pass;

pub mod allocate_shared_memory_nv;
pub mod allocate_warp_groups;
pub mod analysis;
pub mod combine;
pub mod combine_tensor_select_and_if;
pub mod global_scratch_memory_allocation;
pub mod licm;
pub mod nvidia_gpu_membar;
pub mod loop_aware_cse;
pub mod loop_unroll;
pub mod reorder_broadcast;
pub mod tensor_descriptor;
pub mod tensor_memory_allocation;

/// Every pass of this crate.
pub static PASSES: &[&dyn Pass] = &[
    &combine::Combine,
    &reorder_broadcast::ReorderBroadcast,
    &tensor_descriptor::RewriteTensorDescriptorToPointer,
    &loop_unroll::LoopUnroll,
    &licm::Licm,
    &loop_aware_cse::LoopAwareCse,
    &combine_tensor_select_and_if::CombineTensorSelectAndIf,
    &allocate_warp_groups::AllocateWarpGroups,
    &allocate_shared_memory_nv::AllocateSharedMemoryNv,
    &tensor_memory_allocation::TensorMemoryAllocation,
    &nvidia_gpu_membar::NvidiaGpuMembar,
    &global_scratch_memory_allocation::GlobalScratchMemoryAllocation,
];
