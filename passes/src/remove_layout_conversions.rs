//! `tritongpu-remove-layout-conversions`: not written yet; the pass exists so that Triton's pipeline
//! parses, and refuses to run with a diagnostic.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The pass.
pub struct RemoveLayoutConversions;

impl Pass for RemoveLayoutConversions {
    fn argument(&self) -> &'static str {
        "tritongpu-remove-layout-conversions"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "tritongpu-remove-layout-conversions is not implemented in Tritium yet");
        Err(())
    }
}
