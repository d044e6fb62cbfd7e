//! `triton-combine` (not implemented yet: fails with a diagnostic).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

pub struct Combine;

impl Pass for Combine {
    fn argument(&self) -> &'static str {
        "triton-combine"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "triton-combine is not implemented yet");
        Err(())
    }
}
