//! `test-print-membar` (test only): Triton's membar test pass, which in
//! Triton is NVIDIA's: it allocates shared memory (with the NVIDIA scratch
//! sizes of the module's `ttg.target = "cuda:<cc>"`, or the generic sizes
//! when the module names no target) and inserts the shared-memory barriers
//! of [`insert_barriers_with`] (with the NVIDIA ops' rules,
//! [`NvidiaMembarHooks`]) into the IR, which the test then prints.
//!
//! With a target, the cluster barriers and the cross-CTA
//! mbarrier-initialisation syncs of multi-CTA modules come first
//! ([`super::cluster_barriers`]), as in Triton's test pass.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

use super::allocate_shared_memory_nv::nvidia_allocation;
use tritium_passes::analysis::allocation::{scratch_size_bytes_for, ModuleAllocation, ScratchTarget};
use super::cluster_barriers::{insert_cluster_barriers, insert_mbarrier_init_syncs};
use super::nvidia_gpu_membar::NvidiaMembarHooks;
use tritium_passes::analysis::membar::insert_barriers_with;

/// The pass.
pub struct TestPrintMembar;

impl Pass for TestPrintMembar {
    fn argument(&self) -> &'static str {
        "test-print-membar"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        let allocation = match module.attr("ttg.target") {
            None => ModuleAllocation::run(module, &|op| scratch_size_bytes_for(op, ScratchTarget::Generic)),
            Some(target) => {
                let text = target.to_string();
                match crate::compute_capability(text.trim_matches('"')) {
                    Some(cc) => {
                        let allocation = nvidia_allocation(module, cc as i64);
                        insert_cluster_barriers(module, &allocation, cc as i64);
                        insert_mbarrier_init_syncs(module, &allocation, cc as i64)?;
                        allocation
                    }
                    None => {
                        emit_error(module, &format!("test-print-membar: unsupported target {text} (expected \"cuda:<compute capability>\")"));
                        return Err(());
                    }
                }
            }
        };
        insert_barriers_with(&allocation, &NvidiaMembarHooks);
        Ok(())
    }
}
