//! `tritongpu-optimize-thread-locality`: not written yet; the pass exists so that Triton's pipeline
//! parses, and refuses to run with a diagnostic.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The pass.
pub struct OptimizeThreadLocality;

impl Pass for OptimizeThreadLocality {
    fn argument(&self) -> &'static str {
        "tritongpu-optimize-thread-locality"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "tritongpu-optimize-thread-locality is not implemented in Tritium yet");
        Err(())
    }
}
