//! `tritongpu-F32DotTC`: not written yet; the pass exists so that Triton's pipeline
//! parses, and refuses to run with a diagnostic.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The pass.
pub struct F32DotTC;

impl Pass for F32DotTC {
    fn argument(&self) -> &'static str {
        "tritongpu-F32DotTC"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "tritongpu-F32DotTC is not implemented in Tritium yet");
        Err(())
    }
}
