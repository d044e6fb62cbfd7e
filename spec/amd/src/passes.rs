//! The AMD backend's passes (flags declared in `spec/amd/passes/Passes.td`).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};
use tritium_passes::analysis::allocation::{scratch_size_bytes_for, ModuleAllocation, ScratchTarget};
use tritium_passes::analysis::membar::insert_barriers;

/// `test-tritonamdgpu-membar` (test only): allocates shared memory with the
/// generic scratch sizes and inserts the barriers of [`insert_barriers`].
/// Triton's AMD form also lets a filter skip barriers between some AMD
/// async-copy ops; Tritium has no such filter, so those modules get the
/// barrier (conservative, never missing).
pub struct TestTritonAmdGpuMembar;

impl Pass for TestTritonAmdGpuMembar {
    fn argument(&self) -> &'static str {
        "test-tritonamdgpu-membar"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let allocation = ModuleAllocation::run(module, &|op| scratch_size_bytes_for(op, ScratchTarget::Generic));
        insert_barriers(&allocation);
        Ok(())
    }
}
