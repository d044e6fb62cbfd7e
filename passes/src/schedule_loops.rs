//! `tritongpu-schedule-loops`: not written yet; the pass exists so that Triton's pipeline
//! parses, and refuses to run with a diagnostic.
use tritium_dialects::ir::Op;
use tritium_dialects::pass::{emit_error, Pass, PassOptions};

/// The pass.
pub struct ScheduleLoops;

impl Pass for ScheduleLoops {
    fn argument(&self) -> &'static str {
        "tritongpu-schedule-loops"
    }
    fn run(&self, op: Op, _options: &PassOptions) -> Result<(), ()> {
        emit_error(op, "tritongpu-schedule-loops is not implemented in Tritium yet");
        Err(())
    }
}
