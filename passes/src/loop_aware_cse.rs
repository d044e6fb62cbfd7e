//! `triton-loop-aware-cse` (not implemented yet: fails with a diagnostic).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

pub struct LoopAwareCse;

impl Pass for LoopAwareCse {
    fn argument(&self) -> &'static str {
        "triton-loop-aware-cse"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "triton-loop-aware-cse is not implemented yet");
        Err(())
    }
}
