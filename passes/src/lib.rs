//! Tritium's TTIR passes and the TTGIR passes Triton's make_llir runs before
//! the ttg→LLVM conversion, under Triton's flags, and the analyses they share
//! with the lowering ([`analysis`]). Each pass is a unit struct
//! implementing [`Pass`]; [`PASSES`] lists them for the C++ side, which
//! declares them in `passes/Passes.td`.
use tritium_dialects::pass::Pass;

pub mod allocate_shared_memory;
pub mod allocate_warp_groups;
pub mod analysis;
pub mod combine;
pub mod combine_tensor_select_and_if;
pub mod enable_line_info;
pub mod global_scratch_memory_allocation;
pub mod licm;
pub mod loop_aware_cse;
pub mod loop_unroll;
pub mod reorder_broadcast;
pub mod tensor_descriptor;
pub mod test_buffer_region_alias;
pub mod test_print_alias;
pub mod test_print_alignment;
pub mod test_print_allocation;
pub mod test_print_buffer_region;
pub mod accelerate_matmul;
pub mod decompose_scaled_dot;
pub mod mma_utils;
pub mod assign_latencies;
pub mod coalesce;
pub mod coalesce_async_copy;
pub mod f32_dot_tc;
pub mod fuse_nested_loops;
pub mod optimize_dot_operands;
pub mod optimize_thread_locality;
pub mod pipeline;
pub mod pipeliner;
pub mod prefetch;
pub mod reduce_data_duplication;
pub mod remove_layout_conversions;
pub mod reorder_instructions;
pub mod schedule_loops;

/// Every pass of this crate (a backend's own passes live in its spec,
/// e.g. `spec/nvidia/src/passes/`).
pub static PASSES: &[&dyn Pass] = &[
    &combine::Combine,
    &reorder_broadcast::ReorderBroadcast,
    &tensor_descriptor::RewriteTensorDescriptorToPointer,
    &loop_unroll::LoopUnroll,
    &licm::Licm,
    &loop_aware_cse::LoopAwareCse,
    &combine_tensor_select_and_if::CombineTensorSelectAndIf,
    &allocate_warp_groups::AllocateWarpGroups,
    &global_scratch_memory_allocation::GlobalScratchMemoryAllocation,
    &allocate_shared_memory::AllocateSharedMemory,
    &test_print_alignment::TestPrintAlignment,
    &test_print_allocation::TestPrintAllocation,
    &test_print_alias::TestPrintAlias,
    &test_print_buffer_region::TestPrintBufferRegion,
    &test_buffer_region_alias::TestBufferRegionAlias,
    &coalesce::Coalesce,
    &f32_dot_tc::F32DotTC,
    &remove_layout_conversions::RemoveLayoutConversions,
    &optimize_thread_locality::OptimizeThreadLocality,
    &accelerate_matmul::AccelerateMatmul,
    &optimize_dot_operands::OptimizeDotOperands,
    &fuse_nested_loops::FuseNestedLoops,
    &assign_latencies::AssignLatencies,
    &schedule_loops::ScheduleLoops,
    &pipeline::Pipeline,
    &pipeline::TestPipelineLowerLoop,
    &prefetch::Prefetch,
    &coalesce_async_copy::CoalesceAsyncCopy,
    &reduce_data_duplication::ReduceDataDuplication,
    &reorder_instructions::ReorderInstructions,
    &enable_line_info::EnableLineInfo,
];
