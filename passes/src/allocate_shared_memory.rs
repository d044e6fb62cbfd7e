//! `allocate-shared-memory`: Triton's target-independent shared-memory
//! allocation. The placement is [`ModuleAllocation`]'s; the scratch sizes are
//! the generic ones ([`ScratchTarget::Generic`]: layout conversions through
//! plain loads and stores). Writes `allocation.offset`, `allocation.size` and
//! the module's `ttg.shared`, like the backends' own forms of the pass.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{Pass, PassOptions};

use crate::analysis::allocation::{attach_allocation_attributes, scratch_size_bytes_for, ModuleAllocation, ScratchTarget};

/// The pass.
pub struct AllocateSharedMemory;

impl Pass for AllocateSharedMemory {
    fn argument(&self) -> &'static str {
        "allocate-shared-memory"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let allocation = ModuleAllocation::run(module, &|op| scratch_size_bytes_for(op, ScratchTarget::Generic));
        attach_allocation_attributes(module, &allocation);
        Ok(())
    }
}
