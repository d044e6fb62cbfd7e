//! `triton-nvidia-gpu-membar`: inserts the shared-memory barriers of an
//! NVIDIA target (see [`tritium_passes::analysis::membar`]), on the allocation
//! `allocate-shared-memory-nv` computes.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};

use super::allocate_shared_memory_nv::{compute_capability, nvidia_allocation};
use tritium_passes::analysis::membar::insert_barriers;

/// The pass.
pub struct NvidiaGpuMembar;

impl Pass for NvidiaGpuMembar {
    fn argument(&self) -> &'static str {
        "triton-nvidia-gpu-membar"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let cc = compute_capability(module, options, self.argument())?;
        let allocation = nvidia_allocation(module, cc);
        insert_barriers(&allocation);
        Ok(())
    }
}
