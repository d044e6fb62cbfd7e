//! `tritongpu-reduce-data-duplication`: not written yet; the pass exists so that Triton's pipeline
//! parses, and refuses to run with a diagnostic.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The pass.
pub struct ReduceDataDuplication;

impl Pass for ReduceDataDuplication {
    fn argument(&self) -> &'static str {
        "tritongpu-reduce-data-duplication"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "tritongpu-reduce-data-duplication is not implemented in Tritium yet");
        Err(())
    }
}
