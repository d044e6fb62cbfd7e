//! `triton-licm` (not implemented yet: fails with a diagnostic).
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

pub struct Licm;

impl Pass for Licm {
    fn argument(&self) -> &'static str {
        "triton-licm"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "triton-licm is not implemented yet");
        Err(())
    }
}
