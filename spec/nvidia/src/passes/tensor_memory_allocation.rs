//! `triton-tensor-memory-allocation`: records the tensor memory (Blackwell
//! TMEM) a kernel uses, `ttg.tensor_memory_size` on the module. Tritium
//! implements no TMEM op yet: the size is 0, and a module that allocates
//! tensor memory gets a diagnostic instead of a wrong layout.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

use tritium_passes::analysis::i32_attr;

/// The pass.
pub struct TensorMemoryAllocation;

impl Pass for TensorMemoryAllocation {
    fn argument(&self) -> &'static str {
        "triton-tensor-memory-allocation"
    }
    fn run(&self, module: Op, _options: &PassOptions) -> Result<(), ()> {
        if let Some(op) = module.nested_ops().into_iter().find(|o| o.name() == "ttng.tmem_alloc") {
            emit_error(op, "triton-tensor-memory-allocation: tensor memory allocation is not supported by Tritium yet");
            return Err(());
        }
        module.set_attr("ttg.tensor_memory_size", i32_attr(module.context(), 0));
        Ok(())
    }
}
