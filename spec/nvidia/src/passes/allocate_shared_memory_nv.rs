//! `allocate-shared-memory-nv`: allocates shared memory for an NVIDIA target
//! (see [`tritium_passes::analysis::allocation`]) and writes `allocation.offset`,
//! `allocation.size` and the module's `ttg.shared`.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

use tritium_passes::analysis::allocation::{attach_allocation_attributes, scratch_size_bytes_for, ModuleAllocation, ScratchTarget};

/// The pass.
pub struct AllocateSharedMemoryNv;

/// The compute capability of an NVIDIA pass's options (a diagnostic when it
/// is not positive).
pub fn compute_capability(op: Op, options: &PassOptions, pass: &str) -> Result<i64, ()> {
    let cc = options.int("compute-capability", 80);
    if cc <= 0 {
        emit_error(op, &format!("{pass}: 'compute-capability' must be positive, got {cc}"));
        return Err(());
    }
    Ok(cc)
}

/// The module's allocation for an NVIDIA GPU of compute capability `cc`.
pub fn nvidia_allocation(module: Op, cc: i64) -> ModuleAllocation {
    let tiles = crate::traits::traits_of(cc).scratch_tiles.unwrap_or_default();
    let target = ScratchTarget::Tiled(tiles);
    // A device-side TMA descriptor is assembled in 128 bytes of shared memory.
    ModuleAllocation::run(module, &|op| match op.name() {
        "ttng.tensormap_create" => 128,
        _ => scratch_size_bytes_for(op, target),
    })
}

impl Pass for AllocateSharedMemoryNv {
    fn argument(&self) -> &'static str {
        "allocate-shared-memory-nv"
    }
    fn run(&self, module: Op, options: &PassOptions) -> Result<(), ()> {
        let cc = compute_capability(module, options, self.argument())?;
        let allocation = nvidia_allocation(module, cc);
        attach_allocation_attributes(module, &allocation);
        Ok(())
    }
}
