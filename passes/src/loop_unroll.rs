//! `triton-loop-unroll` (not implemented yet: fails with a diagnostic).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

pub struct LoopUnroll;

impl Pass for LoopUnroll {
    fn argument(&self) -> &'static str {
        "triton-loop-unroll"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "triton-loop-unroll is not implemented yet");
        Err(())
    }
}
