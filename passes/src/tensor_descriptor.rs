//! `triton-rewrite-tensor-descriptor-to-pointer` (not implemented yet: fails with a diagnostic).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

pub struct RewriteTensorDescriptorToPointer;

impl Pass for RewriteTensorDescriptorToPointer {
    fn argument(&self) -> &'static str {
        "triton-rewrite-tensor-descriptor-to-pointer"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "triton-rewrite-tensor-descriptor-to-pointer is not implemented yet");
        Err(())
    }
}
