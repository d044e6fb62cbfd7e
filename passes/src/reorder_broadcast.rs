//! `triton-reorder-broadcast` (not implemented yet: fails with a diagnostic).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

pub struct ReorderBroadcast;

impl Pass for ReorderBroadcast {
    fn argument(&self) -> &'static str {
        "triton-reorder-broadcast"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "triton-reorder-broadcast is not implemented yet");
        Err(())
    }
}
